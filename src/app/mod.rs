//! The Bevy game client: one plugin per feature folder, registered here,
//! with the one ordered [`AppSystems`] set every plugin files its `Update`
//! systems under, so a frame's order reads in one place.
//!
//! The modules form layers ([`LAYERS`]): a module uses only modules of
//! lower layers (and [`AppSystems`] and [`Screen`] from here), never a
//! sibling of its own layer or anything above; `tests/app/layers.rs`
//! checks every `use` of `src/app/`.

pub mod animation;
pub mod board_view;
pub mod help;
pub mod input;
pub mod interaction;
pub mod match_state;
pub mod menus;
pub mod perf;
pub mod piece_art;
pub mod scene;
pub mod screenshot;
pub mod ui;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::{EguiGlobalSettings, EguiPlugin};
use std::path::PathBuf;

pub use scene::ViewMode;

/// The client's modules from the lowest layer to the highest (`rules`, the
/// engine, lies below them all). A module may use modules of lower layers
/// only.
pub const LAYERS: &[&[&str]] = &[
    // Shared data with no game logic: the board in the world, the piece art.
    &["scene", "piece_art"],
    // The authoritative match: the only writer of `Match`.
    &["match_state"],
    // Shared interaction state: selection, what is in front, device intents.
    &["interaction"],
    // Features that read the player.
    &["input", "help", "menus"],
    // Views: the board entities, then their animations.
    &["board_view"],
    &["animation"],
    // Screens and tools over everything.
    &["ui", "screenshot", "perf"],
];

/// The order of a frame's `Update` systems, one step after the other. Every
/// plugin files its `Update` systems under one of these.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// The match applies the commands and move requests sent last frame.
    ApplyMatch,
    /// State derived from the match catches up: legal moves (a stale
    /// selection is dropped), the game-end dialog.
    FollowMatch,
    /// Devices become intents: `SelectInput`, `NavStep`, match commands,
    /// help requests, board flips, camera moves, the mouse drag.
    ReadInput,
    /// Menus and the help answer the intents: focus moves, entries and
    /// options apply, the help opens or closes.
    Respond,
    /// The selection answers `SelectInput` and requests moves.
    Select,
    /// What is in front is settled (`ActivePanel`, the menu focus).
    Front,
    /// The board view picks what the board shows and its highlights.
    Scene,
    /// Piece entities follow the match's announcements and the drag.
    Animate,
    /// Board entities are (re)built and placed.
    Spawn,
    /// Views that read the built board (tints, hand counts, cursor), the
    /// move list, messages, the board check and the screenshot.
    Present,
}

/// Which screen the client shows.
#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Variant choice and options.
    #[default]
    Menu,
    /// A game on the board.
    Game,
}

/// What `chimera play` asks for (filled by the command line in `main.rs`).
#[derive(Clone, Debug, Default)]
pub struct PlayArgs {
    /// Variant id (`holygrail`, …); `None` opens the menu.
    pub variant: Option<String>,
    /// Variant options as name/value pairs.
    pub options: Vec<(String, String)>,
    /// Initial view.
    pub view: ViewMode,
    /// Moves to play first (LMN).
    pub moves: Vec<String>,
    /// Black at the bottom.
    pub flip: bool,
    /// Save one frame there once the scene is drawn, then exit.
    pub screenshot: Option<PathBuf>,
    /// Print the mean frame time over this many seconds (after a warm-up), then exit.
    pub measure: Option<f64>,
    /// Window size in logical pixels (default 1280×800; the frame-time
    /// measurement always uses 1280×800).
    pub window: Option<UVec2>,
    /// Open the piece guide over the game, on this piece.
    pub guide: Option<crate::rules::Kind>,
}

/// The plugins of the client (everything but the window), with the frame's
/// [`AppSystems`] order.
pub fn client_plugins(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::ApplyMatch,
            AppSystems::FollowMatch,
            AppSystems::ReadInput,
            AppSystems::Respond,
            AppSystems::Select,
            AppSystems::Front,
            AppSystems::Scene,
            AppSystems::Animate,
            AppSystems::Spawn,
            AppSystems::Present,
        )
            .chain(),
    );
    app.add_plugins((
        scene::plugin,
        match_state::plugin,
        interaction::plugin,
        menus::plugin,
        piece_art::plugin,
        board_view::plugin,
        animation::plugin,
        input::plugin,
        help::plugin,
        ui::plugin,
        screenshot::plugin,
        perf::plugin,
    ));
}

/// Opens the game window. Returns how the app ended; fails when the asked
/// game cannot be set up.
pub fn run_play(args: PlayArgs) -> Result<AppExit, match_state::MatchError> {
    Ok(play_app(args)?.run())
}

/// The windowed game app of [`run_play`], built but not running.
pub fn play_app(args: PlayArgs) -> Result<App, match_state::MatchError> {
    let label = format!(
        "{} {:?}",
        args.variant.as_deref().unwrap_or("menu"),
        args.view
    );
    let probe = match args.measure {
        Some(secs) => Some(perf::FrameProbe::new(label, perf::WARMUP_SECS, secs)),
        None => perf::probe_from_env(&label),
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(if probe.is_some() {
            perf::measured_window()
        } else {
            let size = args.window.unwrap_or(UVec2::new(1280, 800));
            Window {
                title: "Chimera".into(),
                resolution: WindowResolution::new(size.x, size.y),
                ..default()
            }
        }),
        ..default()
    }))
    .add_plugins((EguiPlugin::default(), piece_art::baked::render_plugin))
    .insert_resource(EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    })
    .insert_resource(args.view)
    .insert_state(if args.variant.is_some() {
        Screen::Game
    } else {
        Screen::Menu
    });
    client_plugins(&mut app);
    if let Some(id) = &args.variant {
        app.insert_resource(match_state::Match::setup(id, &args.options, &args.moves)?);
    }
    if args.flip {
        app.world_mut().resource_mut::<scene::BoardLayout>().flipped = true;
    }
    if let (Some(kind), Some(game)) = (args.guide, app.world().get_resource::<match_state::Match>())
    {
        let variant = game.variant().clone();
        let world = app.world_mut();
        world.resource_scope(|world, mut guide: Mut<menus::Guide>| {
            menus::open_guide(
                &mut guide,
                &mut world.resource_mut::<menus::Overlays>(),
                variant,
            );
            guide.piece = guide.kinds.iter().position(|k| *k == kind).unwrap_or(0);
        });
    }
    if let Some(probe) = probe {
        app.insert_resource(probe);
    }
    if let Some(path) = args.screenshot {
        app.insert_resource(screenshot::ScreenshotPlan::new(path));
    }
    Ok(app)
}

/// The client without a window or renderer: logic, selection, board entities
/// and animations run; nothing is drawn. For tests (drive it with
/// `MoveRequested`, `SelectInput` or pointer-level input, then `update()`).
pub fn headless_app() -> App {
    use bevy::input::InputPlugin;
    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::asset::AssetPlugin::default(),
        StatesPlugin,
        InputPlugin,
    ))
    .init_asset::<Mesh>()
    .init_asset::<StandardMaterial>()
    .init_asset::<piece_art::baked::BakedMaterial>()
    .init_asset::<ColorMaterial>()
    .insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(50),
    ))
    .insert_state(Screen::Game)
    // The default controls, not the player's bindings file.
    .insert_resource(input::bindings::Controls::default());
    client_plugins(&mut app);
    app
}

#[cfg(test)]
mod tests;
