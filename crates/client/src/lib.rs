//! The Bevy game client: one plugin per feature folder, composed here; the
//! frame's order ([`schedule::AppSystems`]) and the screens
//! ([`schedule::Screen`]) live in [`schedule`].
//!
//! The modules form layers ([`LAYERS`]): a module uses only modules of
//! lower layers, never a sibling of its own layer or anything above;
//! `tests/app/layers.rs` checks every path into another module in `src/`.

pub mod animation;
pub mod board_view;
pub mod computer;
pub mod config;
pub mod cues;
pub mod help;
pub mod input;
pub mod interaction;
pub mod marks;
pub mod match_state;
pub mod menus;
pub mod net;
pub mod perf;
pub mod piece_art;
pub mod prefs;
pub mod puzzles;
pub mod review;
pub mod saves;
pub mod scene;
pub mod schedule;
pub mod screenshot;
pub mod settings;
pub mod sound;
pub mod ui;
pub mod widgets;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::{EguiGlobalSettings, EguiPlugin};
use schedule::Screen;
use std::path::PathBuf;

/// The client's modules from the lowest layer to the highest (`rules`, the
/// engine, lies below them all). A module may use modules of lower layers
/// only.
pub const LAYERS: &[&[&str]] = &[
    // Pure, no Bevy: the settings file, which sound a move plays.
    &["config", "cues"],
    // The frame's order and the screens.
    &["schedule"],
    // Shared data with no game logic: the board in the world, the piece art.
    &["scene", "piece_art", "prefs", "marks"],
    // The authoritative match: the only writer of `Match`.
    &["match_state"],
    // Shared interaction state: selection, what is in front, device intents.
    &["interaction"],
    // Saved games and the autosave (the menus offer them).
    &["saves"],
    // Features that read the player.
    &["input", "help", "menus"],
    // The menus' widgets, shared by every screen's view.
    &["widgets"],
    // Beside the player at the screen: the computer players (the hint, the
    // evaluation), whose searches run off the main thread, and LAN games (the
    // network's authority over the match, the join list). Their moves enter
    // as the players' do. Puzzles: the shipped puzzles on the board, their
    // replies entering as wishes too. The review of a game with the engine.
    &["computer", "net", "puzzles", "review"],
    // The player's settings file and the sounds, following the menus and the match.
    &["settings", "sound"],
    // Views: the board entities, then their animations.
    &["board_view"],
    &["animation"],
    // Screens and tools over everything.
    &["ui", "screenshot", "perf"],
];

/// What `chimera play` asks for (filled by the command line in `main.rs`).
#[derive(Clone, Debug)]
pub struct PlayArgs {
    /// Variant id (`holygrail`, …); `None` opens the menu.
    pub variant: Option<String>,
    /// Variant options as name/value pairs.
    pub options: Vec<(String, String)>,
    /// Initial view.
    pub view: config::View,
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
    /// The time control of the game named by `variant`.
    pub time: chimera_game::clock::TimeControl,
    /// Who plays White and Black in the game of `variant`.
    pub players: [match_state::Player; 2],
    /// The computer's thinking time per move, instead of its level's.
    pub think: Option<std::time::Duration>,
    /// A game read from a record file (`--load`), opened instead of `variant`.
    pub load: Option<chimera_game::record::Loaded>,
    /// Open the load screen over the main menu.
    pub load_screen: bool,
    /// A LAN game to host or join (`chimera host`, `chimera join`); with
    /// neither, `Some(None)` opens the join screen.
    pub net: Option<Option<net::NetPlan>>,
    /// The player's name on the LAN (`--name`).
    pub lan_name: Option<String>,
    /// Whether a hosted LAN game is announced on the LAN (`host --no-announce`: not).
    pub lan_announce: bool,
    /// Open the Play online screen on this lobby (`play --online ADDRESS`),
    /// listing its tables.
    pub online: Option<String>,
    /// Open the piece guide over the game, on this piece.
    pub guide: Option<chimera_rules::Kind>,
    /// Draw into an image, with no window (with `measure`; see [`perf::Offscreen`]).
    pub offscreen: bool,
    /// Seconds of warm-up before `measure` starts (default [`perf::WARMUP_SECS`]).
    pub warmup: Option<f64>,
    /// While measuring, keep a move animating (see [`perf::KeepMoving`]).
    pub animate: bool,
    /// Open this puzzle (index into the shipped set of `variant`) in puzzle mode.
    pub puzzle: Option<usize>,
    /// Open this lesson (its id) of `variant` on the board.
    pub lesson: Option<String>,
    /// Analyse the game at once (`--analyse`), with this node budget per
    /// position instead of the window's.
    pub analyse: Option<Option<u64>>,
    /// Show the position after this many moves of the game (`--ply`).
    pub ply: Option<usize>,
}

impl Default for PlayArgs {
    fn default() -> PlayArgs {
        PlayArgs {
            variant: None,
            options: Vec::new(),
            view: config::View::default(),
            moves: Vec::new(),
            flip: false,
            screenshot: None,
            measure: None,
            window: None,
            players: Default::default(),
            think: None,
            load: None,
            load_screen: false,
            net: None,
            lan_name: None,
            lan_announce: true,
            online: None,
            time: Default::default(),
            guide: None,
            offscreen: false,
            warmup: None,
            animate: false,
            puzzle: None,
            lesson: None,
            analyse: None,
            ply: None,
        }
    }
}

/// The plugins of the client (everything but the window), with the frame's
/// [`schedule::AppSystems`] order.
pub fn client_plugins(app: &mut App) {
    // In layer order (a tuple of plugins holds at most 15).
    app.add_plugins((
        schedule::plugin,
        scene::plugin,
        piece_art::plugin,
        prefs::plugin,
        marks::plugin,
        match_state::plugin,
        interaction::plugin,
        saves::plugin,
        input::plugin,
        help::plugin,
        menus::plugin,
    ))
    .add_plugins((
        computer::plugin,
        net::plugin,
        puzzles::plugin,
        review::plugin,
        settings::plugin,
        sound::plugin,
        board_view::plugin,
        animation::plugin,
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
    let mut label = format!(
        "{} {:?}",
        args.load
            .as_ref()
            .map(|l| l.record.variant.as_str())
            .or(args.variant.as_deref())
            .unwrap_or("menu"),
        args.view
    );
    if args
        .players
        .iter()
        .any(|p| *p != match_state::Player::Human)
    {
        label.push_str(&format!(", players {:?}", args.players));
    }
    if args.offscreen {
        label.push_str(", offscreen");
    }
    if args.animate {
        label.push_str(", moving");
    }
    let warmup = args.warmup.unwrap_or(perf::WARMUP_SECS);
    let probe = match args.measure {
        Some(secs) => Some(perf::FrameProbe::new(label, warmup, secs)),
        None => perf::probe_from_env(&label),
    };
    let window = if probe.is_some() {
        perf::measured_window()
    } else {
        let size = args.window.unwrap_or(UVec2::new(1280, 800));
        Window {
            title: "Chimera".into(),
            resolution: WindowResolution::new(size.x, size.y),
            ..default()
        }
    };
    let mut app = App::new();
    app.add_plugins(
        perf::default_plugins(window, args.offscreen).set(computer::task_pool_plugin()),
    );
    if args.offscreen {
        app.add_plugins(perf::Offscreen);
    }
    if args.animate {
        app.add_plugins(perf::KeepMoving);
    }
    app.add_plugins((EguiPlugin::default(), piece_art::baked::render_plugin))
        .insert_resource(EguiGlobalSettings {
            auto_create_primary_context: false,
            ..default()
        })
        .insert_resource(scene::CurrentView(args.view))
        .insert_resource(saves::SaveFolder::from_env())
        .insert_state(if args.variant.is_some() || args.load.is_some() {
            Screen::Game
        } else {
            Screen::Menu
        });
    client_plugins(&mut app);
    // Screenshots and measurements stay independent of the player's settings.
    if args.screenshot.is_none() && probe.is_none() {
        settings::install(&mut app, settings::AppSettings::from_config_dir());
    }
    if let Some(loaded) = &args.load {
        let m = saves::match_from_loaded(loaded);
        let drawings = interaction::Drawings::from_record(&m, &loaded.record.moves);
        app.insert_resource(match_state::CurrentMatch(m))
            .insert_resource(drawings)
            .insert_resource(saves::MoveNotes::of_record(loaded));
    } else if let Some(id) = &args.variant {
        let m = match_state::Match::start(id, &args.options, &args.moves)?;
        let setup = match_state::GameSetup {
            players: args.players,
            time: args.time,
            ..m.setup().clone()
        };
        app.insert_resource(match_state::CurrentMatch(match_state::Match::with_setup(
            setup,
            m.game().clone(),
        )));
    }
    // A game named on the command line is seen as the command line says,
    // for this run (not saved as the player's preference).
    let named = args.variant.is_some() || args.load.is_some();
    if !named {
        // The menu opens with the seats the command line names.
        app.world_mut().resource_mut::<menus::MenuChoice>().players = args.players;
    }
    let flip = if args.flip {
        Some(true)
    } else {
        named.then_some(false)
    };
    settings::command_line_view(app.world_mut(), named.then_some(args.view), flip);
    if let Some(t) = args.think {
        app.world_mut()
            .resource_mut::<computer::Computer>()
            .move_limits = Some(chimera_engine::Limits::movetime(t));
    }
    if args.load_screen {
        app.world_mut().resource_mut::<menus::Overlays>().load = true;
        app.world_mut().write_message(saves::SaveRequest::List);
    }

    if let (Some(kind), Some(game)) = (
        args.guide,
        app.world().get_resource::<match_state::CurrentMatch>(),
    ) {
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
    if let Some(nodes) = args.analyse {
        if let Some(n) = nodes {
            app.world_mut()
                .resource_mut::<review::Analysis>()
                .settings
                .limits = chimera_engine::Limits::nodes(n);
        }
        app.world_mut()
            .write_message(menus::MenuActivated(menus::Entry::Analyse));
    }
    if let Some(ply) = args.ply {
        app.world_mut()
            .write_message(interaction::ReplayStep::To(ply));
    }
    if let (Some(index), Some(variant)) = (args.puzzle, &args.variant) {
        app.insert_resource(puzzles::PuzzleRequest {
            variant: variant.clone(),
            index,
        });
    }
    // Lesson progress in the data directory; a lesson asked for opens on the board.
    app.world_mut()
        .resource_mut::<menus::Learn>()
        .use_file(chimera_game::lessons::LessonProgress::default_path());
    if let (Some(id), Some(variant)) = (&args.lesson, &args.variant)
        && let Err(e) = menus::learn::open_lesson(app.world_mut(), variant, id)
    {
        warn!("{e}");
    }
    if let Some(probe) = probe {
        app.insert_resource(probe);
    }
    if let Some(name) = args.lan_name {
        app.world_mut().resource_mut::<net::LanSettings>().name = name;
    }
    if !args.lan_announce {
        app.world_mut().resource_mut::<net::LanSettings>().announce = None;
    }
    match args.net {
        Some(Some(plan)) => {
            // A window joining waits on the screen of its kind: a lobby's
            // table on Play online, a LAN host on the join screen.
            if let net::NetPlan::Join(j) = &plan {
                let mut overlays = app.world_mut().resource_mut::<menus::Overlays>();
                if j.place.is_some() {
                    overlays.online = true;
                } else {
                    overlays.join = true;
                }
            }
            app.insert_resource(net::NetLaunch(plan));
        }
        Some(None) => app.world_mut().resource_mut::<menus::Overlays>().join = true,
        None => {}
    }
    if let Some(lobby) = args.online {
        app.world_mut().resource_mut::<net::OnlineScreen>().address = lobby;
        app.world_mut()
            .write_message(menus::MenuActivated(menus::Entry::PlayOnline));
    }
    if let Some(path) = args.screenshot {
        app.insert_resource(screenshot::ScreenshotPlan::new(path));
    }
    Ok(app)
}

/// The client without a window or renderer: logic, selection, board entities
/// and animations run; nothing is drawn. For tests (drive it with
/// `MoveIntent`, `SelectInput` or pointer-level input, then `update()`).
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
    .init_asset::<piece_art::baked::BakedMaterial2d>()
    .init_asset::<ColorMaterial>()
    .insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(50),
    ))
    .insert_state(Screen::Game)
    // The default controls, not the player's bindings file.
    .insert_resource(input::bindings::Controls::default());
    client_plugins(&mut app);
    // Tests send no beacon unless they choose where it goes (loopback).
    app.world_mut().resource_mut::<net::LanSettings>().announce = None;
    app
}

#[cfg(test)]
mod tests;
