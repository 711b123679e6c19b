//! `play` (the default subcommand) and `frametime`: the game window.

use std::path::PathBuf;

use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use super::CliError;
use super::args::{DEFAULT_VARIANT, GameArgs, count, seconds};
use chimera_client::config::View;
use chimera_client::match_state::Player;
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
    /// Open puzzle N (from 1) of the variant's shipped set (assets/puzzles/), in puzzle mode.
    #[arg(long, value_name = "N", requires = "variant", conflicts_with_all = ["moves", "options", "load", "guide", "lesson"], value_parser = count)]
    pub puzzle: Option<u32>,
    /// Open this lesson of the variant on the board (its id, as
    /// `piece-rook`, `blockers-cannon`, `castling-i1`; see docs/lessons.md).
    #[arg(long, value_name = "ID", requires = "variant", conflicts_with_all = ["moves", "guide"])]
    pub lesson: Option<String>,
    /// Measure an empty Bevy 3D scene instead of the game (with --measure SECS, default 10).
    #[arg(
        long = "empty-3d",
        conflicts_with_all = ["variant", "options", "moves", "view", "flip", "screenshot", "window", "load", "load_screen", "white", "black", "think", "guide", "lesson", "puzzle"]
    )]
    pub empty_3d: bool,
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
    /// Rounds of (empty scene, game).
    #[arg(
        long,
        value_name = "N",
        default_value = "2",
        value_parser = count,
        allow_negative_numbers = true
    )]
    pub rounds: u32,
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
        return Ok(());
    }
    Err(CliError::NoDisplay {
        hint: if set("WAYLAND_DISPLAY") {
            " (this build speaks X11: a Wayland desktop needs XWayland, which sets DISPLAY)"
        } else {
            ""
        },
    })
}

/// `chimera play`: opens the game window (the menu, or a game of `--variant`).
pub fn play(a: PlayCmd) -> Result<(), CliError> {
    if a.empty_3d {
        need_display()?;
        chimera_client::perf::run_empty_3d_measure(a.measure.unwrap_or(10.0));
        return Ok(());
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
        time: a.time.unwrap_or_default(),
    };
    need_display()?;
    Ok(chimera_client::run_play(play).map(drop)?)
}

/// `chimera frametime`: the game's frame time against an empty Bevy 3D
/// scene, each measured in a child `chimera play`, back to back, `--rounds` times.
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
    need_display()?;
    Ok(chimera_client::perf::compare_frame_times(
        &child, a.measure, a.rounds,
    )?)
}
