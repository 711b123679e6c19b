//! The Bevy game client: one plugin per feature folder, registered here.

pub mod animation;
pub mod board_view;
pub mod help;
pub mod input;
pub mod match_state;
pub mod menus;
pub mod perf;

pub mod piece_art;
pub mod screenshot;
pub mod ui;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::{EguiGlobalSettings, EguiPlugin};
use std::path::PathBuf;

pub use board_view::ViewMode;

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
}

/// The view and feature plugins of the client (everything but the window and
/// the engine-facing match state).
pub fn client_plugins(app: &mut App) {
    app.add_plugins((
        match_state::plugin,
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

/// Opens the game window. Returns how the app ended.
pub fn run_play(args: PlayArgs) -> Result<AppExit, String> {
    Ok(play_app(args)?.run())
}

/// The windowed game app of [`run_play`], built but not running.
pub fn play_app(args: PlayArgs) -> Result<App, String> {
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
        let game =
            match_state::Match::setup(id, &args.options, &args.moves).map_err(|e| e.to_string())?;
        app.insert_resource(game);
    }
    if args.flip {
        app.world_mut()
            .resource_mut::<board_view::BoardLayout>()
            .flipped = true;
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
