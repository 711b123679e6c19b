//! [`CliError`], and clap's parse errors rendered as one line.

use clap::error::{ContextKind, ContextValue, ErrorKind};

use chimera_game::record::RecordError;
use chimera_rules::RulesError;

/// A command-line failure. Its text is one line for stderr after `error: `.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The command line itself is wrong: unknown flag or subcommand, missing
    /// or malformed value, a flag given twice (see [`usage_line`]).
    #[error("{0}")]
    Usage(String),
    /// Unknown variant or option, malformed VFEN.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Move `number` (from 1) of `--moves` cannot be played; the rules error
    /// names the move.
    #[error("move {number} {source}")]
    Move {
        /// Position of the move in `--moves`, from 1.
        number: usize,
        /// Why it cannot be played.
        source: RulesError,
    },
    /// Move `number` of `--moves` comes after the end of the game.
    #[error("move {number} '{lmn}' comes after the game is over ({result})")]
    AfterEnd {
        /// Position of the move in `--moves`, from 1.
        number: usize,
        /// The move as given.
        lmn: String,
        /// The result, e.g. `0-1 checkmate`.
        result: String,
    },
    /// The game could not be set up (variant, options, moves).
    #[error(transparent)]
    Match(#[from] chimera_client::match_state::MatchError),
    /// The frame-time measurement failed.
    #[error(transparent)]
    FrameTime(#[from] chimera_client::perf::FrameTimeError),
    /// A record cannot be written (a bad `--tag`), or a record file cannot
    /// be read (its message names the path).
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A record file that cannot be read or loaded: `games.pgn: game 1,
    /// line 14, move 23 (black): 'Nf9' is not legal here`.
    #[error("{file}: {source}")]
    RecordFile {
        /// The file as named on the command line (`stdin` for `-`).
        file: String,
        /// What is wrong with it.
        source: RecordError,
    },
    /// A variant file that cannot be read or is malformed: `dragon.toml:
    /// line 3: pieces.dragon.moves: unknown atom 'Xz' at column 5`.
    #[error("{file}: {source}")]
    VariantFile {
        /// The file as named on the command line.
        file: String,
        /// What is wrong with it.
        source: chimera_store::variant_files::LoadError,
    },
    /// A network command failed (cannot bind, host unreachable or of another
    /// version, a refused or diverging scripted move).
    #[error("{0}")]
    Net(String),
    /// The game window was asked for where there is no display to open it
    /// on (checked before Bevy starts, which would panic).
    #[error(
        "the game window needs a display and DISPLAY is not set{hint}: run it in a desktop session, \
         or start a virtual display with `Xvfb :99 &` and run it with DISPLAY=:99 (the other commands need none)"
    )]
    NoDisplay {
        /// More about this machine (a Wayland session without XWayland).
        hint: &'static str,
    },
    /// DISPLAY names a local X display nobody serves (checked before Bevy
    /// starts, which would panic).
    #[error(
        "the game window needs a display and no X server answers on DISPLAY={display}: start one \
         (`Xvfb {display} &` for a virtual display) or set DISPLAY to a running one (the other commands need none)"
    )]
    NoXServer {
        /// The DISPLAY value.
        display: String,
    },
    /// A review stopped before its end.
    #[error(transparent)]
    Cancelled(#[from] chimera_engine::review::Cancelled),
    /// An engine match could not run (an engine that does not start, an
    /// opening file that does not read, a PGN file that cannot be written).
    #[error("{0}")]
    Arena(String),
    /// Standard output could not be written.
    #[error("cannot write to stdout: {0}")]
    Stdout(#[from] std::io::Error),
}

/// Renders a clap parse error as one line naming the problem, e.g.
/// `unknown flag '--fenn' for 'moves' (did you mean '--fen'?)`.
/// `command` names the (sub)command being parsed.
pub fn usage_line(e: &clap::Error, command: &str) -> String {
    let one = |k| match e.get(k) {
        Some(ContextValue::String(s)) => Some(s.as_str()),
        _ => None,
    };
    let all = |k| match e.get(k) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(v)) => v.clone(),
        _ => Vec::new(),
    };
    let arg = one(ContextKind::InvalidArg);
    let flag = arg.map(flag_name);
    let value = one(ContextKind::InvalidValue);
    match (e.kind(), flag, value) {
        (ErrorKind::UnknownArgument, Some(f), _) if f.starts_with('-') => {
            let hint = one(ContextKind::SuggestedArg)
                .map(|s| format!(" (did you mean '{s}'?)"))
                .unwrap_or_default();
            format!("unknown flag '{f}' for '{command}'{hint}")
        }
        (ErrorKind::UnknownArgument, Some(a), _) => {
            format!("unexpected argument '{a}' for '{command}'")
        }
        (ErrorKind::InvalidSubcommand, ..) => {
            let sub = one(ContextKind::InvalidSubcommand).unwrap_or_default();
            let hint = match all(ContextKind::SuggestedSubcommand).as_slice() {
                [] => String::new(),
                s => format!(" (did you mean '{}'?)", s.join("' or '")),
            };
            format!("unknown subcommand '{sub}'{hint}; see chimera --help")
        }
        (ErrorKind::InvalidValue, Some(f), Some("")) => format!("'{f}' needs a value"),
        (ErrorKind::InvalidValue, Some(f), Some(v)) => format!(
            "invalid value '{v}' for '{f}' (possible values: {})",
            all(ContextKind::ValidValue).join(", ")
        ),
        (ErrorKind::ValueValidation, Some(f), Some(v)) => {
            let why = std::error::Error::source(e)
                .map(|s| format!(": {s}"))
                .unwrap_or_default();
            format!("invalid value '{v}' for '{f}'{why}")
        }
        (ErrorKind::ArgumentConflict, Some(f), _) => {
            let others = all(ContextKind::PriorArg);
            if others.iter().all(|o| Some(o.as_str()) == arg) {
                format!("'{f}' may be given only once")
            } else {
                let others: Vec<&str> = others.iter().map(|o| flag_name(o)).collect();
                format!("'{f}' cannot be used with '{}'", others.join("', '"))
            }
        }
        (ErrorKind::MissingRequiredArgument, ..) => {
            let needed: Vec<String> = all(ContextKind::InvalidArg)
                .iter()
                .map(|a| required_name(a))
                .collect();
            format!("'{command}' needs {}", needed.join(" and "))
        }
        _ => clap_first_lines(e),
    }
}

/// A missing argument as clap names it; a group of which one is required
/// (`<--depth <N>|--nodes <N>>`) becomes `one of --depth, --nodes`.
fn required_name(arg: &str) -> String {
    match arg.strip_prefix('<').and_then(|a| a.strip_suffix('>')) {
        Some(group) if group.contains('|') => {
            let flags: Vec<&str> = group.split('|').map(flag_name).collect();
            format!("one of {}", flags.join(", "))
        }
        _ => arg.to_string(),
    }
}

/// `--depth` of clap's `--depth <N>`.
fn flag_name(arg: &str) -> &str {
    arg.split(' ').next().unwrap_or(arg)
}

/// Any other clap error: its message lines (without usage and the pointer to
/// `--help`) joined into one.
fn clap_first_lines(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:"))
        .filter(|l| !l.is_empty())
        .collect();
    let line = lines.join("; ");
    line.strip_prefix("error: ").unwrap_or(&line).to_string()
}
