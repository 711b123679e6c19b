//! `play` (the default subcommand) and `frametime`: the game window.

use std::path::PathBuf;

use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use super::CliError;
use super::args::{DEFAULT_VARIANT, GameArgs, count, seconds};
use chimera_client::config::View;
use chimera_client::match_state::Player;
use chimera_client::perf::{EmptyScene, Measured};
use chimera_rules::{Kind, Variant};

/// `--view` (here and in `host`/`join`): the board view by its name (`2d`,
/// `3d`), the names and their descriptions listed in `--help` and in the
/// error for any other word.
pub fn view_parser() -> impl TypedValueParser<Value = View> {
    PossibleValuesParser::new(View::ALL.map(|v| PossibleValue::new(v.name()).help(v.about())))
        .map(|name| name.parse::<View>().expect("a name of View::ALL"))
}

/// What `play` and `frametime` show: a game, its view and orientation.
#[derive(Debug, Clone, Default, Args)]
pub struct SceneArgs {
    /// Variant, options and moves.
    #[command(flatten)]
    pub game: GameArgs,
    /// Board view [play: 2d, frametime: 3d].
    #[arg(long, value_parser = view_parser())]
    pub view: Option<View>,
    /// Black at the bottom.
    #[arg(long)]
    pub flip: bool,
}

/// Flags of `play` (also taken with no subcommand at all).
#[derive(Debug, Clone, Default, Args)]
pub struct PlayCmd {
    /// The game to open (the menu without `--variant`).
    #[command(flatten)]
    pub scene: SceneArgs,
    /// Save one frame to this PNG once the scene is drawn, then exit.
    #[arg(long, value_name = "PNG")]
    pub screenshot: Option<PathBuf>,
    /// Print the mean frame time over SECS seconds after a warm-up, then exit.
    #[arg(long, value_name = "SECS", value_parser = seconds, allow_negative_numbers = true)]
    pub measure: Option<f64>,
    /// Window size in logical pixels, e.g. 1024x600 (default 1280x800).
    #[arg(long, value_name = "WIDTHxHEIGHT", value_parser = window_size)]
    pub window: Option<bevy::math::UVec2>,
    /// Who plays White in the game of --variant: `human` or `computer:LEVEL` (1-8).
    #[arg(long, value_name = "PLAYER", value_parser = player, default_value = "human")]
    pub white: Player,
    /// Who plays Black in the game of --variant: `human` or `computer:LEVEL` (1-8).
    #[arg(long, value_name = "PLAYER", value_parser = player, default_value = "human")]
    pub black: Player,
    /// The computer's thinking time per move in seconds (instead of the
    /// level's); a long one keeps it thinking, e.g. for --measure.
    #[arg(long, value_name = "SECS", value_parser = seconds, allow_negative_numbers = true)]
    pub think: Option<f64>,
    /// Open the game of this record file (a bad file: exit 2 and the error,
    /// as `chimera load` says it).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["variant", "options", "moves"])]
    pub load: Option<PathBuf>,
    /// Open the load screen (the saved games) over the main menu.
    #[arg(long = "load-screen", conflicts_with_all = ["variant", "options", "moves", "load"])]
    pub load_screen: bool,
    /// Open the Play online screen on the lobby at ADDRESS[:PORT] (port 5860 if none) and list its public tables.
    #[arg(long, value_name = "ADDRESS[:PORT]", conflicts_with_all = ["variant", "options", "moves", "load", "load_screen"])]
    pub online: Option<String>,
    /// With --load: which game of the file, from 1.
    #[arg(long, value_name = "N", requires = "load", value_parser = count, allow_negative_numbers = true)]
    pub game: Option<u32>,
    /// The game's time control, as a record's TimeControl tag: 300+3
    /// (Fischer), 600d5 (delay), *30 (per move), 40/5400 (periods), - (none).
    #[arg(long, value_name = "CONTROL", requires = "variant")]
    pub time: Option<chimera_game::clock::TimeControl>,
    /// Open the piece guide over the game, on the piece with this letter (e.g. C).
    #[arg(long, value_name = "LETTER", requires = "variant")]
    pub guide: Option<char>,
    /// Analyse the game with the engine at once, as the in-game menu's
    /// "Analyse the game" does (e.g. with --load, or for --measure).
    #[arg(long, conflicts_with = "load_screen")]
    pub analyse: bool,
    /// With --analyse: the engine's node budget per position (default 250000).
    #[arg(
        long = "analyse-nodes",
        value_name = "N",
        requires = "analyse",
        value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000)
    )]
    pub analyse_nodes: Option<u64>,
    /// Show the position after this many moves of the game (as the replay
    /// does; e.g. with --load).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub ply: Option<u32>,
    /// Open puzzle N (from 1) of the variant's shipped set (assets/puzzles/), in puzzle mode.
    #[arg(long, value_name = "N", requires = "variant", conflicts_with_all = ["moves", "options", "load", "guide", "lesson"], value_parser = count)]
    pub puzzle: Option<u32>,
    /// Open this lesson of the variant on the board (its id, as
    /// `piece-rook`, `blockers-cannon`, `castling-i1`; see docs/lessons.md).
    #[arg(long, value_name = "ID", requires = "variant", conflicts_with_all = ["moves", "guide"])]
    pub lesson: Option<String>,
    /// Measure an empty scene as Bevy's defaults draw it instead of the game:
    /// a default 3D camera (MSAA 4x) and a shadowed light (with --measure SECS, default 10).
    #[arg(
        long = "empty-bevy-3d",
        conflicts_with_all = ["variant", "options", "moves", "view", "flip", "screenshot", "window", "load", "load_screen", "white", "black", "think", "guide", "lesson", "empty_2d", "empty_3d", "animate", "analyse", "ply", "puzzle"]
    )]
    pub empty_bevy_3d: bool,
    /// Measure an empty Bevy 3D scene drawn with the game's multisampling
    /// instead of the game (with --measure SECS, default 10).
    #[arg(
        long = "empty-3d",
        conflicts_with_all = ["variant", "options", "moves", "view", "flip", "screenshot", "window", "load", "load_screen", "white", "black", "think", "guide", "lesson", "empty_2d", "animate", "analyse", "ply", "puzzle"]
    )]
    pub empty_3d: bool,
    /// Measure an empty Bevy 2D scene drawn with the game's multisampling
    /// instead of the game (with --measure SECS, default 10).
    #[arg(
        long = "empty-2d",
        conflicts_with_all = ["variant", "options", "moves", "view", "flip", "screenshot", "window", "load", "load_screen", "white", "black", "think", "guide", "lesson", "animate", "analyse", "ply", "puzzle"]
    )]
    pub empty_2d: bool,
    /// Draw into an image with no window and no display (with --measure or an --empty-… scene).
    #[arg(long, conflicts_with_all = ["screenshot", "window"])]
    pub offscreen: bool,
    /// Seconds of warm-up before --measure starts (default 8; longer while the renderer still compiles pipelines).
    #[arg(long, value_name = "SECS", value_parser = seconds, allow_negative_numbers = true, requires = "measure")]
    pub warmup: Option<f64>,
    /// While measuring, keep moves animating (a legal move whenever none moves).
    #[arg(long, requires_all = ["measure", "variant"])]
    pub animate: bool,
}

/// Flags of `frametime`.
#[derive(Debug, Clone, Args)]
pub struct FrametimeCmd {
    /// The game to measure (Herculean in 3D unless told otherwise).
    #[command(flatten)]
    pub scene: SceneArgs,
    /// Seconds measured in each run, after the warm-up.
    #[arg(
        long,
        value_name = "SECS",
        default_value = "10",
        value_parser = seconds,
        allow_negative_numbers = true
    )]
    pub measure: f64,
    /// Rounds of (Bevy's default empty 3D scene, empty scene of the view, game).
    #[arg(
        long,
        value_name = "N",
        default_value = "2",
        value_parser = count,
        allow_negative_numbers = true
    )]
    pub rounds: u32,
    /// Seconds of warm-up in each run before measuring (longer while the renderer still compiles pipelines).
    #[arg(
        long,
        value_name = "SECS",
        default_value = "8",
        value_parser = seconds,
        allow_negative_numbers = true
    )]
    pub warmup: f64,
    /// Draw into an image instead of a window: runs with no display.
    #[arg(long)]
    pub offscreen: bool,
    /// Measure while moves animate (a legal move whenever none moves).
    #[arg(long)]
    pub animate: bool,
    /// Measure the game while the engine analyses it in the background
    /// against the same game idle (instead of against the empty scenes).
    #[arg(long)]
    pub analyse: bool,
}

/// The largest window side in logical pixels (`--window`): larger ones are
/// beyond any screen and would fail to allocate their frame.
pub const MAX_WINDOW_SIDE: u32 = 16_384;

/// `--window WIDTHxHEIGHT` (logical pixels), e.g. `1024x600`.
pub(super) fn window_size(text: &str) -> Result<bevy::math::UVec2, String> {
    let (w, h) = text
        .split_once('x')
        .ok_or_else(|| "expected WIDTHxHEIGHT, e.g. 1024x600".to_string())?;
    let side = |s: &str| {
        super::args::whole_in(s, 1, MAX_WINDOW_SIDE, "")
            .map_err(|e| format!("expected WIDTHxHEIGHT, e.g. 1024x600 ({e})"))
    };
    Ok(bevy::math::UVec2::new(side(w)?, side(h)?))
}

/// `--white` / `--black`: `human` or `computer:LEVEL` with a level 1–8.
fn player(text: &str) -> Result<Player, String> {
    let bad = || "expected human or computer:LEVEL (LEVEL 1-8), e.g. computer:5".to_string();
    match text.split_once(':') {
        None if text == "human" => Ok(Player::Human),
        Some(("computer", level)) => match level.parse::<u8>() {
            Ok(level)
                if (chimera_engine::MIN_LEVEL..=chimera_engine::MAX_LEVEL).contains(&level) =>
            {
                Ok(Player::Computer { level })
            }
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

/// The piece of `variant` the guide shows for `--guide LETTER` (either case).
fn guide_kind(variant: &Variant, letter: char) -> Result<Kind, CliError> {
    let kinds = variant.piece_kinds();
    variant
        .kind_of_letter(letter.to_ascii_uppercase())
        .filter(|k| kinds.contains(k))
        .ok_or_else(|| {
            let letters: String = kinds.iter().map(|k| variant.letter(*k)).collect();
            CliError::Usage(format!(
                "no piece '{letter}' in {} for '--guide' (its letters: {letters})",
                variant.id()
            ))
        })
}

/// The index of `--puzzle N` in the variant's shipped set.
fn puzzle_number(variant: &Variant, n: u32) -> Result<usize, CliError> {
    let id = variant.id();
    let text = chimera_engine::puzzles::shipped(id)
        .ok_or_else(|| CliError::Usage(format!("{id} has no shipped puzzles for '--puzzle'")))?;
    let count = chimera_engine::Puzzle::parse_file(text)
        .map_err(|e| CliError::Usage(format!("assets/puzzles/{id}.txt: {e}")))?
        .len();
    let i = n as usize - 1;
    if i >= count {
        return Err(CliError::Usage(format!(
            "'--puzzle {n}': {id} has {count} puzzles"
        )));
    }
    Ok(i)
}

/// Checks that `variant` has the lesson `id` (`--lesson`).
fn lesson_exists(variant: &std::sync::Arc<Variant>, id: &str) -> Result<(), CliError> {
    let all = chimera_game::lessons::lessons(variant);
    if all.iter().any(|l| l.id == id) {
        return Ok(());
    }
    let ids: Vec<&str> = all.iter().map(|l| l.id.as_str()).collect();
    Err(CliError::Usage(format!(
        "no lesson '{id}' in {} for '--lesson' (its lessons: {})",
        variant.id(),
        ids.join(" ")
    )))
}

/// Checks that the game window can open: on Linux and the BSDs this build
/// speaks X11 only (Bevy without Wayland, see the workspace's Cargo.toml),
/// so `DISPLAY` must name a display (a Wayland desktop provides one through
/// XWayland). Without one, bevy_winit panics ("Failed to build event loop");
/// this says what is missing and how to get it. Called just before a window
/// opens, after every other check of the command line.
pub fn need_display() -> Result<(), CliError> {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return Ok(());
    }
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") {
        let display = std::env::var("DISPLAY").unwrap_or_default();
        return match x_server_answers(&display) {
            Some(false) => Err(CliError::NoXServer { display }),
            _ => Ok(()),
        };
    }
    Err(CliError::NoDisplay {
        hint: if set("WAYLAND_DISPLAY") {
            " (this build speaks X11: a Wayland desktop needs XWayland, which sets DISPLAY)"
        } else {
            ""
        },
    })
}

/// Whether an X server answers on the local display `display` (`:99`,
/// `:99.0`, `unix:99`): a connection to its socket, the file
/// `/tmp/.X11-unix/X99` or the same name in Linux's abstract namespace.
/// `None` when the display is on another host (nothing is sent there) or
/// the name is not one this check reads: Bevy then finds out itself.
#[cfg(all(unix, not(target_os = "macos")))]
fn x_server_answers(display: &str) -> Option<bool> {
    use std::os::unix::net::UnixStream;
    let rest = display.strip_prefix("unix").unwrap_or(display);
    let number = rest.strip_prefix(':')?.split('.').next()?;
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let path = format!("/tmp/.X11-unix/X{number}");
    if UnixStream::connect(&path).is_ok() {
        return Some(true);
    }
    #[cfg(target_os = "linux")]
    {
        use std::os::linux::net::SocketAddrExt;
        use std::os::unix::net::SocketAddr;
        if let Ok(addr) = SocketAddr::from_abstract_name(path.as_bytes())
            && UnixStream::connect_addr(&addr).is_ok()
        {
            return Some(true);
        }
    }
    Some(false)
}

#[cfg(not(all(unix, not(target_os = "macos"))))]
fn x_server_answers(_display: &str) -> Option<bool> {
    None
}

/// `chimera play`: opens the game window (the menu, or a game of `--variant`).
pub fn play(a: PlayCmd) -> Result<(), CliError> {
    let empty = if a.empty_bevy_3d {
        Some(EmptyScene::Bevy3d)
    } else if a.empty_2d {
        Some(EmptyScene::Like(View::TwoD))
    } else if a.empty_3d {
        Some(EmptyScene::Like(View::ThreeD))
    } else {
        None
    };
    if let Some(scene) = empty {
        if !a.offscreen {
            need_display()?;
        }
        chimera_client::perf::run_empty_measure(
            scene,
            a.warmup.unwrap_or(chimera_client::perf::WARMUP_SECS),
            a.measure.unwrap_or(10.0),
            a.offscreen,
        );
        return Ok(());
    }
    if a.offscreen && a.measure.is_none() {
        return Err(CliError::Usage(
            "'--offscreen' draws for a measurement: give '--measure SECS' (or '--empty-2d'/'--empty-3d'/'--empty-bevy-3d')".into(),
        ));
    }
    let load = match &a.load {
        Some(file) => Some(super::records::open(file, a.game)?),
        None => None,
    };
    let game = a.scene.game;
    if game.variant.variant.is_some() {
        // The variant, options and moves are checked before the window
        // (and the display it needs): a bad one is its own error.
        super::args::PositionArgs {
            game: game.clone(),
            fen: None,
        }
        .game()?;
    }
    let guide = match a.guide {
        Some(letter) => Some(guide_kind(&*game.variant.build(DEFAULT_VARIANT)?, letter)?),
        None => None,
    };
    let puzzle = match a.puzzle {
        Some(n) => Some(puzzle_number(&*game.variant.build(DEFAULT_VARIANT)?, n)?),
        None => None,
    };
    if let Some(id) = &a.lesson {
        lesson_exists(&game.variant.build(DEFAULT_VARIANT)?, id)?;
    }
    let play = chimera_client::PlayArgs {
        puzzle,
        lesson: a.lesson,
        load,
        load_screen: a.load_screen,
        guide,
        window: a.window,
        view: a.scene.view.unwrap_or(View::TwoD),
        flip: a.scene.flip,
        moves: game.moves().to_vec(),
        variant: game.variant.variant,
        options: game.variant.options,
        screenshot: a.screenshot,
        measure: a.measure,
        players: [a.white, a.black],
        think: a.think.map(std::time::Duration::from_secs_f64),
        net: None,
        lan_name: None,
        lan_announce: true,
        online: a.online,
        time: a.time.unwrap_or_default(),
        offscreen: a.offscreen,
        warmup: a.warmup,
        animate: a.animate,
        analyse: a.analyse.then_some(a.analyse_nodes),
        ply: a.ply.map(|p| p as usize),
    };
    if !a.offscreen {
        need_display()?;
    }
    Ok(chimera_client::run_play(play).map(drop)?)
}

/// `chimera frametime`: the game's frame time against two empty scenes —
/// Bevy's default 3D scene (the goal's reference) and an empty scene of the
/// same view drawn with the game's multisampling — each measured in a child
/// `chimera play`, back to back, `--rounds` times; `--offscreen` draws into
/// an image (no display needed).
pub fn frametime(a: FrametimeCmd) -> Result<(), CliError> {
    let s = &a.scene;
    let view = s.view.unwrap_or(View::ThreeD);
    let mut child = vec![
        "--variant".to_string(),
        s.game
            .variant
            .variant
            .clone()
            .unwrap_or_else(|| "herculean".into()),
        "--view".to_string(),
        view.name().to_string(),
    ];
    for (k, v) in &s.game.variant.options {
        child.extend(["--option".to_string(), format!("{k}={v}")]);
    }
    if !s.game.moves().is_empty() {
        child.extend(["--moves".to_string(), s.game.moves().join(" ")]);
    }
    if s.flip {
        child.push("--flip".to_string());
    }
    let mut reference = vec!["--empty-bevy-3d".to_string()];
    let mut same_view = vec![match view {
        View::TwoD => "--empty-2d".to_string(),
        View::ThreeD => "--empty-3d".to_string(),
    }];
    if a.animate {
        child.push("--animate".to_string());
    }
    for args in [&mut child, &mut reference, &mut same_view] {
        args.extend(["--warmup".to_string(), a.warmup.to_string()]);
        if a.offscreen {
            args.push("--offscreen".to_string());
        }
    }
    if !a.offscreen {
        need_display()?;
    }
    use chimera_client::perf::compare_frame_times as compare;
    let game = Measured {
        args: &child,
        name: "game",
        about: "the game",
    };
    if a.analyse {
        // A budget no position reaches: the analysis runs all the time.
        let mut busy = child.clone();
        busy.extend(["--analyse", "--analyse-nodes", "1000000000000"].map(String::from));
        let idle = Measured {
            name: "idle",
            about: "the game, idle",
            ..game
        };
        let busy = Measured {
            args: &busy,
            name: "analysing",
            about: "the game while the engine analyses it",
        };
        return Ok(compare(&[idle], busy, a.measure, a.rounds)?);
    }
    let reference = Measured {
        args: &reference,
        name: "bevy3d",
        about: "an empty scene as Bevy's defaults draw it, a default 3D camera (MSAA 4x) and a shadowed light: the reference of the frame-time goal (issue 25)",
    };
    let same_view = Measured {
        args: &same_view,
        name: "empty",
        about: match view {
            View::TwoD => "an empty 2D scene drawn with the game's multisampling",
            View::ThreeD => {
                "an empty 3D scene (camera, shadowed light) drawn with the game's multisampling"
            }
        },
    };
    Ok(compare(&[reference, same_view], game, a.measure, a.rounds)?)
}
