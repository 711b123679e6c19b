//! `chimera match`: two engines play paired openings ([`chimera_engine::arena`]
//! holds the match; this starts the engine processes and prints), and
//! `chimera openings`: an opening set for a variant, made from a seed.

use std::io::Write;
use std::time::Duration;

use clap::Args;

use super::CliError;
use super::args::{VariantArgs, count, hash_mb, name_value};
use chimera_engine::arena::openings::{self, OpeningRules};
use chimera_engine::arena::{
    Adjudication, Contestant, Control, GameReport, LocalEngine, OwnNodes, Plan, Sprt, SprtVerdict,
    Tally, UciEngine, game, process_link, tournament,
};

/// Flags of `match`.
#[derive(Debug, Clone, Args)]
#[command(group = clap::ArgGroup::new("control").required(true).args(["tc", "nodes"]))]
pub struct MatchCmd {
    /// Variant and options.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// An engine, twice: first the one tested (A), then its opponent (B).
    /// `NAME=level:N` is this build's level N (1–8); `NAME=uci:COMMAND ARGS…`
    /// any UCI engine started with that command (split on spaces).
    #[arg(long = "engine", value_name = "SPEC", value_parser = engine_spec, num_args = 1, required = true)]
    pub engines: Vec<EngineSpec>,
    /// A UCI option for engine A, NAME=VALUE (sent before each game); may repeat.
    #[arg(long = "setoption-a", value_name = "NAME=VALUE", value_parser = name_value)]
    pub setoption_a: Vec<(String, String)>,
    /// A UCI option for engine B, NAME=VALUE; may repeat.
    #[arg(long = "setoption-b", value_name = "NAME=VALUE", value_parser = name_value)]
    pub setoption_b: Vec<(String, String)>,
    /// A real clock for each side: SECONDS+INCREMENT (`10+0.1`).
    #[arg(long, value_name = "S+I", value_parser = Control::parse_clock)]
    pub tc: Option<Control>,
    /// With --tc: how many milliseconds a move may overrun its side's time
    /// left without losing (cutechess-cli's timemargin; the overrun empties
    /// the clock). Covers the pipe and the scheduling of a loaded machine.
    #[arg(long, value_name = "MS", default_value_t = 0, requires = "tc")]
    pub time_margin: u32,
    /// Nodes per move instead of a clock: fair on a loaded machine.
    #[arg(long, value_name = "N", value_parser = count)]
    pub nodes: Option<u32>,
    /// With --nodes: B's own node budget a move (an uneven match, to
    /// handicap a stronger opponent such as Fairy-Stockfish).
    #[arg(long, value_name = "N", value_parser = count)]
    pub nodes_b: Option<u32>,
    /// Most games (whole pairs: each opening is played twice, colours swapped).
    #[arg(long, value_name = "N", value_parser = count, default_value_t = 200)]
    pub games: u32,
    /// Games played at once.
    #[arg(long, value_name = "N", value_parser = count, default_value_t = 1)]
    pub concurrency: u32,
    /// A sequential probability ratio test, ELO0,ELO1 (logistic Elo of A
    /// over B): the match stops once it accepts H0 (not ELO1 better) or H1.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = elo_pair)]
    pub sprt: Option<(f64, f64)>,
    /// The test's false-positive rate.
    #[arg(long, value_name = "P", value_parser = probability, default_value_t = 0.05)]
    pub alpha: f64,
    /// The test's false-negative rate.
    #[arg(long, value_name = "P", value_parser = probability, default_value_t = 0.05)]
    pub beta: f64,
    /// An opening set file (one opening a line, LMN moves; default: the variant's built-in set).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// The first opening used (from 0; later pairs take the next ones).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub first_opening: usize,
    /// Write every game to this record file (Chimera's PGN-style format).
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<String>,
    /// Transposition table of this build's levels, in megabytes.
    #[arg(long, value_name = "MB", value_parser = hash_mb, default_value_t = 16)]
    pub hash: u32,
    /// Plies after which a game is adjudicated a draw.
    #[arg(long, value_name = "N", value_parser = count, default_value_t = 600)]
    pub max_plies: u32,
    /// No adjudication on the engines' scores (games end by the rules, a
    /// forfeit or --max-plies).
    #[arg(long)]
    pub no_adjudication: bool,
}

/// One engine of `--engine`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// Its name in the results.
    pub name: String,
    /// What it is.
    pub kind: EngineKind,
}

/// This build's level, or a UCI command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineKind {
    /// A level of this build, searching in this process.
    Level(u8),
    /// A UCI engine's command line.
    Uci(Vec<String>),
}

/// `NAME=level:N` or `NAME=uci:COMMAND ARGS…`.
fn engine_spec(s: &str) -> Result<EngineSpec, String> {
    let wrong = || {
        "expected NAME=level:N or NAME=uci:COMMAND (e.g. new=uci:target/debug/chimera uci)"
            .to_string()
    };
    let (name, what) = s.split_once('=').ok_or_else(wrong)?;
    if name.trim().is_empty() {
        return Err(wrong());
    }
    let kind = if let Some(level) = what.strip_prefix("level:") {
        EngineKind::Level(super::ai::level(level)?)
    } else if let Some(cmd) = what.strip_prefix("uci:") {
        let words: Vec<String> = cmd.split_whitespace().map(String::from).collect();
        if words.is_empty() {
            return Err("uci: needs a command".to_string());
        }
        EngineKind::Uci(words)
    } else {
        return Err(wrong());
    };
    Ok(EngineSpec {
        name: name.trim().to_string(),
        kind,
    })
}

/// `ELO0,ELO1` with ELO0 < ELO1.
fn elo_pair(s: &str) -> Result<(f64, f64), String> {
    let wrong = || "expected ELO0,ELO1 with ELO0 < ELO1, such as 0,5".to_string();
    let (a, b) = s.split_once(',').ok_or_else(wrong)?;
    let (a, b): (f64, f64) = (
        a.trim().parse().map_err(|_| wrong())?,
        b.trim().parse().map_err(|_| wrong())?,
    );
    if a.is_finite() && b.is_finite() && a < b && a.abs() < 1000.0 && b.abs() < 1000.0 {
        Ok((a, b))
    } else {
        Err(wrong())
    }
}

/// A probability strictly between 0 and ½.
fn probability(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(p) if p > 0.0 && p < 0.5 => Ok(p),
        _ => Err("expected a probability above 0 and below 0.5".to_string()),
    }
}

/// The engine of `spec`.
fn make_engine(
    spec: &EngineSpec,
    options: &[(String, String)],
    hash: usize,
    seed: u64,
) -> Result<Box<dyn Contestant>, String> {
    Ok(match &spec.kind {
        EngineKind::Level(l) => Box::new(LocalEngine::new(&spec.name, *l, hash, seed)),
        EngineKind::Uci(cmd) => Box::new(UciEngine::start(
            &spec.name,
            process_link(cmd)?,
            options.to_vec(),
        )?),
    })
}

/// The tally as one line: `+W =D -L score 53.1 % Elo 21.7 [−12.0, 55.9]`.
fn tally_line(t: &Tally) -> String {
    let elo = t.elo().map_or(String::new(), |(lo, mid, hi)| {
        format!(" Elo {mid:+.1} [{lo:+.1}, {hi:+.1}]")
    });
    format!(
        "+{} ={} -{} score {:.1} %{elo}",
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score()
    )
}

/// `chimera match`.
pub fn run_match(a: MatchCmd) -> Result<(), CliError> {
    let usage = |m: String| CliError::Usage(format!("match: {m}"));
    let [spec_a, spec_b] = a.engines.as_slice() else {
        return Err(usage(format!(
            "give --engine exactly twice (the tested engine, then its opponent), not {} times",
            a.engines.len()
        )));
    };
    let variant = a.variant.build(super::args::DEFAULT_VARIANT)?;
    let set = match &a.openings {
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| CliError::Arena(format!("{file}: {e}")))?;
            openings::parse(&variant, &text).map_err(|e| CliError::Arena(format!("{file}: {e}")))?
        }
        None => openings::for_variant(&variant).map_err(CliError::Arena)?,
    };
    let control = match (a.tc, a.nodes) {
        (Some(Control::Clock { base, inc, .. }), _) => Control::Clock {
            base,
            inc,
            margin: Duration::from_millis(a.time_margin.into()),
        },
        (Some(tc), _) => tc,
        (None, Some(n)) => Control::Nodes(u64::from(n)),
        (None, None) => return Err(usage("give --tc or --nodes".into())),
    };
    if a.nodes_b.is_some() && a.nodes.is_none() {
        return Err(usage(
            "--nodes-b gives B its own node budget in a node-limited match: give --nodes too"
                .into(),
        ));
    }
    let sprt = a.sprt.map(|(elo0, elo1)| Sprt {
        elo0,
        elo1,
        alpha: a.alpha,
        beta: a.beta,
    });
    let mut adjudication = Adjudication {
        max_plies: a.max_plies as usize,
        ..Adjudication::default()
    };
    if a.no_adjudication {
        adjudication.win_moves = u32::MAX / 4;
        adjudication.draw_moves = u32::MAX / 4;
    }
    let plan = Plan {
        variant: variant.clone(),
        openings: set,
        first_opening: a.first_opening,
        max_games: a.games,
        control,
        adjudication,
        concurrency: a.concurrency as usize,
        sprt,
    };
    let mut pgn = match &a.pgn {
        Some(f) => {
            Some(std::fs::File::create(f).map_err(|e| CliError::Arena(format!("{f}: {e}")))?)
        }
        None => None,
    };
    // The budgets as the header and the PGN's event say them.
    let budget = match a.nodes_b {
        Some(n) => format!("{} (B: nodes {n})", control.text()),
        None => control.text(),
    };
    out!(
        "match: {} (A) vs {} (B), {}, {}, up to {} games, {} at once, {} openings",
        spec_a.name,
        spec_b.name,
        variant.id(),
        budget,
        plan.pairs() * 2,
        a.concurrency,
        plan.openings.len()
    );
    if plan.pairs() < a.games.div_ceil(2) {
        out!(
            "(at a node limit each opening is played once: more games would repeat the same ones; give a larger set with --openings)"
        );
    }
    let hash = a.hash as usize;
    let seeds = std::sync::atomic::AtomicU64::new(1);
    let make = || -> Result<[Box<dyn Contestant>; 2], String> {
        let seed = seeds.fetch_add(2, std::sync::atomic::Ordering::SeqCst);
        Ok([
            make_engine(spec_a, &a.setoption_a, hash, seed)?,
            match a.nodes_b {
                Some(n) => Box::new(OwnNodes::new(
                    make_engine(spec_b, &a.setoption_b, hash, seed + 1)?,
                    u64::from(n),
                )),
                None => make_engine(spec_b, &a.setoption_b, hash, seed + 1)?,
            },
        ])
    };
    let event = format!(
        "chimera match {} vs {}, {}",
        spec_a.name, spec_b.name, budget
    );
    let mut failed: Option<CliError> = None;
    let mut on_game = |g: &GameReport, t: &Tally, llr: Option<f64>| {
        if failed.is_some() {
            return;
        }
        let names = [g.names[0].as_str(), g.names[1].as_str()];
        let llr = llr.map_or(String::new(), |l| format!(" LLR {l:.2}"));
        let r = super::write_line(format_args!(
            "game {} (pair {}, opening {}): {} - {} {} {} ({} plies) | {}{llr}",
            g.number,
            g.pair,
            g.opening + 1,
            names[0],
            names[1],
            g.played.outcome.score().text(),
            g.played.termination,
            g.played.game.moves().len(),
            tally_line(t)
        ));
        if let Err(e) = r {
            failed = Some(e);
            return;
        }
        if let Some(f) = pgn.as_mut() {
            let text = game::pgn(&g.played, names, &event, g.number)
                .map_err(CliError::Arena)
                .and_then(|t| Ok(writeln!(f, "{t}")?));
            if let Err(e) = text {
                failed = Some(e);
            }
        }
    };
    let summary = tournament::run(&plan, &make, &mut on_game).map_err(CliError::Arena)?;
    if let Some(e) = failed {
        return Err(e);
    }
    let t = summary.tally;
    out!(
        "result: {} vs {}: {} games, {}",
        spec_a.name,
        spec_b.name,
        t.games(),
        tally_line(&t)
    );
    out!("pairs (0, 0.5, 1, 1.5, 2 points): {:?}", t.pairs);
    if let (Some(s), Some(v), Some(llr)) = (sprt, summary.verdict, summary.llr) {
        let (lo, hi) = s.bounds();
        let said = match v {
            SprtVerdict::H1 => "H1 accepted",
            SprtVerdict::H0 => "H0 accepted",
            SprtVerdict::Continue => "no decision within the games",
        };
        out!(
            "SPRT [{}, {}] alpha {} beta {}: LLR {llr:.2} ({lo:.2}, {hi:.2}): {said}",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta
        );
    }
    Ok(())
}

/// Flags of `openings`.
#[derive(Debug, Clone, Args)]
pub struct OpeningsCmd {
    /// Variant and options.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Openings wanted.
    #[arg(long, value_name = "N", value_parser = count, default_value_t = 100)]
    pub count: u32,
    /// Plies of each opening.
    #[arg(long, value_name = "N", value_parser = count, default_value_t = 8)]
    pub plies: u32,
    /// Seed of the first candidate.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Depth of the search that checks an opening is level.
    #[arg(long, value_name = "N", value_parser = super::args::search_depth, default_value_t = 5)]
    pub depth: u32,
    /// Largest score (centipawns, either side) counted as level.
    #[arg(long, value_name = "CP", default_value_t = 60)]
    pub max_cp: u32,
}

/// `chimera openings`: the set as text on stdout.
pub fn make_openings(a: OpeningsCmd) -> Result<(), CliError> {
    let variant = a.variant.build(super::args::DEFAULT_VARIANT)?;
    let rules = OpeningRules {
        count: a.count as usize,
        plies: a.plies as usize,
        seed: a.seed,
        depth: a.depth,
        max_cp: a.max_cp.min(10_000) as i32,
    };
    let set = openings::generate(&variant, &rules);
    out!("{}", openings::write(&variant, &rules, &set).trim_end());
    Ok(())
}
