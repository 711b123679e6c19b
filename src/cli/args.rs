//! Flag groups shared by several subcommands (flattened into each with
//! `#[command(flatten)]`) and the value parsers that turn a wrong value into a
//! usage error naming it.

use std::str::FromStr;
use std::sync::Arc;

use clap::Args;

use super::CliError;
use chimera_rules::{Game, OptionKind, OptionSpec, Variant, variants};

/// The variant the tools use when `--variant` is not given.
pub const DEFAULT_VARIANT: &str = "holygrail";

/// `--variant V` and `--option NAME=VALUE …`.
#[derive(Debug, Clone, Default, Args)]
pub struct VariantArgs {
    /// Variant id (the list is generated from the variant table).
    #[arg(long, value_name = "V", help = variant_help())]
    pub variant: Option<String>,
    /// Variant options as name/value pairs, in order; the flag may repeat.
    #[arg(
        long = "option",
        value_name = "NAME=VALUE",
        value_parser = name_value,
        help = "Variant option; may repeat (options per variant: --help, or `chimera variants`)",
        long_help = option_help()
    )]
    pub options: Vec<(String, String)>,
}

impl VariantArgs {
    /// The variant named by `--variant` (or `default`) with its options.
    pub fn build(&self, default: &str) -> Result<Arc<Variant>, CliError> {
        Ok(Variant::new(
            self.variant.as_deref().unwrap_or(default),
            &self.options,
        )?)
    }
}

/// A game from the variant's start: the variant group and `--moves`.
#[derive(Debug, Clone, Default, Args)]
pub struct GameArgs {
    /// `--variant` and `--option`.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Moves to play first, in LMN, separated by spaces.
    #[arg(long, value_name = "\"M1 M2 …\"")]
    pub moves: Option<MovesArg>,
}

impl GameArgs {
    /// The moves of `--moves` (none if not given).
    pub fn moves(&self) -> &[String] {
        self.moves.as_ref().map_or(&[], |m| &m.0)
    }
}

/// A position: a game that may start from `--fen` instead of the start.
#[derive(Debug, Clone, Default, Args)]
pub struct PositionArgs {
    /// Variant, options and moves.
    #[command(flatten)]
    pub game: GameArgs,
    /// Start from this position (VFEN) instead of the variant's start.
    #[arg(long, value_name = "VFEN")]
    pub fen: Option<String>,
}

impl PositionArgs {
    /// The game after `--fen` and `--moves` (variant default: [`DEFAULT_VARIANT`]).
    pub fn game(&self) -> Result<Game, CliError> {
        let v = self.game.variant.build(DEFAULT_VARIANT)?;
        let mut g = match &self.fen {
            Some(f) => Game::from_vfen(&v, f)?,
            None => Game::new(&v),
        };
        for (i, lmn) in self.game.moves().iter().enumerate() {
            let number = i + 1;
            if let Some(o) = g.outcome() {
                return Err(CliError::AfterEnd {
                    number,
                    lmn: lmn.clone(),
                    result: o.result_text(),
                });
            }
            g.play_lmn(lmn)
                .map_err(|source| CliError::Move { number, source })?;
        }
        Ok(g)
    }
}

/// The value of `--moves "m1 m2 …"`: LMN moves split on whitespace.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MovesArg(pub Vec<String>);

impl FromStr for MovesArg {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(MovesArg(s.split_whitespace().map(String::from).collect()))
    }
}

/// `name=value` of `--option` and `--tag`.
pub fn name_value(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| "expected NAME=VALUE".to_string())
}

/// A time control (`--time`): `-`, `600+5`, `600d5`, `*30`, `40/5400`.
pub fn time_control(s: &str) -> Result<chimera_game::clock::TimeControl, String> {
    s.parse()
        .map_err(|e: chimera_game::clock::TimeControlError| e.to_string())
}

/// How long the search of one move may run: exactly one of `--depth`,
/// `--movetime` or `--nodes` (`analyse`).
#[derive(Debug, Clone, Args)]
#[group(required = true, multiple = false)]
pub struct SearchLimitArgs {
    /// Search to this depth in plies (1 to 100, the search's deepest iteration).
    #[arg(long, value_name = "N", value_parser = search_depth)]
    pub depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = count)]
    pub movetime: Option<u32>,
    /// Search this many nodes.
    #[arg(long, value_name = "N", value_parser = count)]
    pub nodes: Option<u32>,
}

impl SearchLimitArgs {
    /// The search limits the flags give.
    pub fn limits(&self) -> chimera_engine::Limits {
        limits(self.depth, self.movetime, self.nodes)
    }
}

/// The limits of `--depth`, `--movetime` (ms) and `--nodes`, whichever are given.
pub fn limits(
    depth: Option<u32>,
    movetime_ms: Option<u32>,
    nodes: Option<u32>,
) -> chimera_engine::Limits {
    chimera_engine::Limits {
        depth,
        movetime: movetime_ms.map(|ms| std::time::Duration::from_millis(ms.into())),
        nodes: nodes.map(u64::from),
        ..chimera_engine::Limits::default()
    }
}

/// A whole number from `min` to `max`; above `max` (however many digits) it
/// is "too large", saying the limit and `why` it is the limit.
pub fn whole_in(s: &str, min: u32, max: u32, why: &str) -> Result<u32, String> {
    let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let too_large = || {
        let why = if why.is_empty() {
            String::new()
        } else {
            format!(": {why}")
        };
        format!("too large: at most {max}{why}")
    };
    match s.parse::<u32>() {
        Ok(n) if n > max => Err(too_large()),
        Ok(n) if n >= min => Ok(n),
        Err(_) if digits => Err(too_large()),
        _ if max == u32::MAX => Err(format!("expected a whole number of at least {min}")),
        _ => Err(format!("expected a whole number from {min} to {max}")),
    }
}

/// A whole number (perft's `--depth`, `--grace`).
pub fn whole_number(s: &str) -> Result<u32, String> {
    whole_in(s, 0, u32::MAX, "")
}

/// A whole number of at least 1 (`--rounds`, `--game`).
pub fn count(s: &str) -> Result<u32, String> {
    whole_in(s, 1, u32::MAX, "")
}

/// A transposition table size in megabytes (`--hash`): 1 to the most UCI's
/// `Hash` option takes, so that no size can fail to allocate.
pub fn hash_mb(s: &str) -> Result<u32, String> {
    let max = chimera_engine::uci::MAX_HASH_MB as u32;
    whole_in(
        s,
        1,
        max,
        "the largest transposition table, as UCI's Hash option",
    )
}

/// A search depth (`analyse --depth`, `join --depth`): 1 to the search's
/// deepest iteration; a deeper one would not be searched.
pub fn search_depth(s: &str) -> Result<u32, String> {
    let max = chimera_engine::search::MAX_DEPTH;
    whole_in(s, 1, max, "the search's deepest iteration")
}

/// The longest time in seconds a flag takes (`--measure`, `--think`): a day.
pub const MAX_SECONDS: f64 = 86_400.0;

/// A positive number of seconds, at most [`MAX_SECONDS`] (`--measure`).
pub fn seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > MAX_SECONDS && v.is_finite() => {
            Err(format!("too large: at most {MAX_SECONDS} seconds (a day)"))
        }
        Ok(v) if v > 0.0 && v.is_finite() => Ok(v),
        _ => Err("expected a positive number of seconds".to_string()),
    }
}

/// `name=v1|v2|…` (`name=N` for an option that takes a number).
pub fn option_summary(o: &OptionSpec) -> String {
    match o.kind {
        OptionKind::Number { min, max } => format!("{}={min}..{max}", o.name),
        OptionKind::Choice(values) => format!("{}={}", o.name, values.join("|")),
    }
}

/// Help of `--variant`: the ids of the variant table.
fn variant_help() -> String {
    let ids: Vec<&str> = variants().iter().map(|v| v.id).collect();
    format!(
        "Variant: {} (default {DEFAULT_VARIANT}; frametime: herculean; play: the menu)",
        ids.join(", ")
    )
}

/// Long help of `--option`: every variant's options from the variant table.
fn option_help() -> String {
    let mut s = String::from("Variant option NAME=VALUE; may repeat. Options per variant:");
    for v in variants() {
        let opts: Vec<String> = v.options.iter().map(option_summary).collect();
        let opts = if opts.is_empty() {
            "none".to_string()
        } else {
            opts.join(" ")
        };
        s.push_str(&format!("\n  {:<12} {opts}", v.id));
    }
    s
}
