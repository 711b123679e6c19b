//! `export`, `load` and `annotate`: game records on the command line.

use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use super::args::{PositionArgs, count, name_value};
use chimera_game::clock::TimeControl;
use chimera_game::record::{self, GameSummary, Loaded, RecordError, shorten};

/// Flags of `export`.
#[derive(Debug, Clone, Args)]
pub struct ExportCmd {
    /// The game: variant, options, start position and moves.
    #[command(flatten)]
    pub position: PositionArgs,
    /// A tag of the record, e.g. White=Ann; may repeat (a name given again
    /// replaces its value).
    #[arg(long = "tag", value_name = "NAME=VALUE", value_parser = name_value)]
    pub tags: Vec<(String, String)>,
    /// Time control for the TimeControl tag: -, 600+5, 600d5, *30 or 40/5400
    /// (the moves get no clock times: none were measured).
    #[arg(long, value_name = "CONTROL", value_parser = time_control)]
    pub time: Option<TimeControl>,
}

/// Flags of `load`.
#[derive(Debug, Clone, Args)]
pub struct LoadCmd {
    /// The record file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Which game of the file, from 1 (without it: game 1, and a file of
    /// several games lists them on stderr).
    #[arg(long, value_name = "N", value_parser = count, allow_negative_numbers = true)]
    pub game: Option<u32>,
}

/// Default node budget of `annotate` per position, when neither `--nodes`
/// nor `--movetime` is given.
pub const ANNOTATE_NODES: u32 = 200_000;

/// Flags of `annotate`.
#[derive(Debug, Clone, Args)]
pub struct AnnotateCmd {
    /// The record file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Which game of the file, from 1 (without it: game 1).
    #[arg(long, value_name = "N", value_parser = count, allow_negative_numbers = true)]
    pub game: Option<u32>,
    /// Milliseconds of search per position (the budget is shared by its
    /// lines: half for the best).
    #[arg(long, value_name = "MS", value_parser = count)]
    pub movetime: Option<u32>,
    /// Nodes of search per position (the default when neither this nor
    /// --movetime is given: 200000; with both, whichever comes first).
    #[arg(long, value_name = "N", value_parser = count)]
    pub nodes: Option<u32>,
    /// Lines per position (MultiPV; the best one becomes the variation of a
    /// marked move).
    #[arg(long, value_name = "N", value_parser = lines, default_value_t = 3)]
    pub lines: u32,
    /// Transposition table size in megabytes (1 to 1024, as UCI's Hash).
    #[arg(long, value_name = "MB", value_parser = super::args::hash_mb, default_value_t = super::ai::DEFAULT_HASH_MB as u32)]
    pub hash: u32,
}

/// `--lines`: 1 to 8.
fn lines(s: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(n) if (1..=8).contains(&n) => Ok(n),
        _ => Err("expected a whole number from 1 to 8".to_string()),
    }
}

/// `chimera annotate`: game `--game` of the file reviewed by the engine and
/// printed as its record with every move's `%eval`, the NAGs of the
/// inaccuracies, mistakes and blunders, lichess's comment and the engine's
/// line for each of them, and an `Annotator` tag.
pub fn annotate(a: AnnotateCmd) -> Result<(), CliError> {
    let loaded = open_quietly(&a.file, a.game)?;
    let nodes = match (a.nodes, a.movetime) {
        (None, None) => Some(ANNOTATE_NODES),
        (n, _) => n,
    };
    let mut settings =
        chimera_engine::ReviewSettings::new(super::args::limits(None, a.movetime, nodes));
    settings.lines = a.lines as usize;
    settings.hash_mb = a.hash as usize;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let review = chimera_engine::review_game(&loaded.game, &settings, &stop, &mut |_| {})?;
    let mut rec = loaded.record;
    chimera_engine::annotate_record(&mut rec, &review);
    rec.set_tag(
        "Annotator",
        &format!("Chimera {}", env!("CARGO_PKG_VERSION")),
    )?;
    out!("{}", rec.to_text()?.trim_end());
    Ok(())
}

/// [`open`] without the list of a file's games on stderr.
fn open_quietly(file: &Path, game: Option<u32>) -> Result<Loaded, CliError> {
    open(file, Some(game.unwrap_or(1)))
}

/// `--time`: a time control in its tag form.
fn time_control(s: &str) -> Result<TimeControl, String> {
    s.parse::<TimeControl>().map_err(|e| e.to_string())
}

/// `chimera export`: the record of the game on stdout.
pub fn export(a: ExportCmd) -> Result<(), CliError> {
    let game = a.position.game()?;
    let text = record::export_timed(&game, &a.tags, a.time.unwrap_or_default())?;
    out!("{}", text.trim_end());
    Ok(())
}

/// `chimera load`: checks game `--game` (or 1) of the file and prints its
/// final VFEN and result line as `chimera fen` does.
pub fn load(a: LoadCmd) -> Result<(), CliError> {
    let loaded = open(&a.file, a.game)?;
    out!("{}", loaded.final_vfen());
    out!("{}", loaded.result_line());
    Ok(())
}

/// Game `game` (from 1; `None`: game 1) of a record file (`-`: standard
/// input), checked and replayed. Without `game`, a file of several games
/// lists them on stderr. Errors name the file. (`load` uses it, and so can
/// `play --load`.)
pub fn open(file: &Path, game: Option<u32>) -> Result<Loaded, CliError> {
    let stdin = file.as_os_str() == "-";
    let name = if stdin {
        "stdin".to_string()
    } else {
        file.display().to_string()
    };
    let in_file = |source: RecordError| match source {
        // read_file's message names the path already.
        RecordError::Io(_) if !stdin => CliError::Record(source),
        source => CliError::RecordFile {
            file: name.clone(),
            source,
        },
    };
    let text = if stdin {
        record::read_text(std::io::stdin().lock())
    } else {
        record::read_file(file)
    }
    .map_err(in_file)?;
    let loaded = record::load(&text, game.map_or(1, |n| n as usize)).map_err(in_file)?;
    if game.is_none() {
        let games = record::list(&text).map_err(in_file)?;
        if games.len() > 1 {
            eprintln!(
                "{name} holds {} games; this is game 1 (choose one with --game N):",
                games.len()
            );
            for g in &games {
                eprintln!("{}", summary_line(g));
            }
        }
    }
    Ok(loaded)
}

/// One game of a file as `load` lists it: number, players, variant, result
/// and plies.
fn summary_line(g: &GameSummary) -> String {
    let player = |tag| shorten(g.tag(tag).filter(|p| !p.is_empty()).unwrap_or("?"));
    // A record without a Variant tag is read as chess.
    let variant = shorten(g.tag("Variant").unwrap_or("chess"));
    format!(
        "{:>4}  {} - {}  {variant}  {}  {} plies",
        g.number,
        player("White"),
        player("Black"),
        g.result,
        g.plies
    )
}
