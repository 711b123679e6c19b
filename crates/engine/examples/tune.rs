//! Texel tuning of the evaluation's weights (docs/computer.md, "Tuned
//! evaluation"), built from this crate alone (`cargo build -p
//! chimera-engine --example tune`: the engine's crates only, not the game's
//! window, so a change of the evaluation rebuilds in a minute):
//!
//! ```text
//! tune positions VARIANT OUT [--games N] [--nodes N] [--per-game N] [--skip N]
//!                            [--extra N] [--seed N] [--first-game N]
//! tune weights VARIANT OUT POSITIONS… [--holdout N] [--passes N] [--start FILE]
//!                                     [--params NAME,NAME…|scalars] [--k K]
//! tune label VARIANT OUT POSITIONS… --engine COMMAND [--nodes N]
//! ```
//!
//! `positions` plays self-play games and appends quiet positions with their
//! results to OUT; `weights` fits K and tunes the weights on the positions,
//! and writes the weights file OUT (`--k` fixes K instead: for labels that
//! are another engine's scores put through the sigmoid, K = 1 keeps the
//! evaluation on that engine's centipawn scale; `label` makes such labels:
//! it writes the positions again with, as the result, another UCI engine's
//! score of each at N nodes, White's view, through the sigmoid with K = 1). Games are split by number: of every N
//! (5 by default) one is held out as the test set, one is the validation
//! set and the rest train. The search stops once the validation error has
//! not improved for [`PATIENCE`] passes and keeps the weights of the best
//! validation pass; the errors of all three sets are printed before and
//! after (the test set's is the honest figure: it played no part).

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use chimera_engine::arena::{Contestant, Go, UciEngine, process_link};
use chimera_engine::eval::Evaluator;
use chimera_engine::tune::{self, DataSettings, Sample};
use chimera_engine::{Eval, Param, Weights};
use chimera_rules::{Color, Game, Variant};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tune: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Positional arguments and `--name value` options.
struct Args {
    plain: Vec<String>,
    options: Vec<(String, String)>,
}

impl Args {
    fn read(args: &[String]) -> Result<Args, String> {
        let mut plain = Vec::new();
        let mut options = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if let Some(name) = a.strip_prefix("--") {
                let value = it.next().ok_or(format!("--{name} needs a value"))?;
                options.push((name.to_string(), value.clone()));
            } else {
                plain.push(a.clone());
            }
        }
        Ok(Args { plain, options })
    }

    /// The number given as `--name` (or `default`), every option checked
    /// against `known`.
    fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.options.iter().rev().find(|(n, _)| n == name) {
            None => Ok(default),
            Some((_, v)) => v
                .parse()
                .map_err(|_| format!("--{name} '{v}': expected a whole number")),
        }
    }

    fn text(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn only(&self, known: &[&str]) -> Result<(), String> {
        match self
            .options
            .iter()
            .find(|(n, _)| !known.contains(&n.as_str()))
        {
            Some((n, _)) => Err(format!("unknown option --{n}")),
            None => Ok(()),
        }
    }
}

/// Passes without a better validation error before the search stops.
const PATIENCE: u32 = 3;

const USAGE: &str = "usage: tune positions VARIANT OUT [--games N] [--nodes N] [--per-game N] [--skip N] [--extra N] [--seed N] [--first-game N]\n       tune weights VARIANT OUT POSITIONS... [--holdout N] [--passes N] [--start FILE] [--params NAME,NAME...|scalars] [--k K]\n       tune label VARIANT OUT POSITIONS... --engine COMMAND [--nodes N]";

fn run(args: &[String]) -> Result<(), String> {
    let a = Args::read(args)?;
    let [cmd, variant, out, rest @ ..] = &a.plain[..] else {
        return Err(USAGE.to_string());
    };
    let v = Variant::new(variant, &[]).map_err(|e| format!("variant '{variant}': {e}"))?;
    match cmd.as_str() {
        "positions" if rest.is_empty() => {
            a.only(&[
                "games",
                "nodes",
                "per-game",
                "skip",
                "extra",
                "seed",
                "first-game",
            ])?;
            let d = DataSettings::default();
            let s = DataSettings {
                games: a.number("games", d.games)?,
                nodes: a.number("nodes", d.nodes)?,
                per_game: a.number("per-game", d.per_game)?,
                skip_plies: a.number("skip", d.skip_plies)?,
                extra_plies: a.number("extra", d.extra_plies)?,
                seed: a.number("seed", d.seed)?,
                first_game: a.number("first-game", d.first_game)?,
            };
            positions(&v, &s, out)
        }
        "weights" if !rest.is_empty() => {
            a.only(&["holdout", "passes", "start", "params", "k"])?;
            let mut params = tune::params_for(&v);
            match a.text("params") {
                None => {}
                Some("scalars") => params.retain(|p| matches!(p, Param::Scalar(_))),
                Some(list) => {
                    params = list
                        .split(',')
                        .map(|n| Param::named(n).ok_or(format!("--params: unknown weight '{n}'")))
                        .collect::<Result<_, _>>()?;
                }
            }
            let start = match a.text("start") {
                Some(f) => Weights::parse(&read(f)?).map_err(|e| format!("{f}: {e}"))?,
                None => Weights::default(),
            };
            let fixed_k = match a.text("k") {
                None => None,
                Some(t) => Some(
                    t.parse::<f64>()
                        .ok()
                        .filter(|k| *k > 0.0 && k.is_finite())
                        .ok_or(format!("--k '{t}': expected a positive number"))?,
                ),
            };
            let fit = Fit {
                start,
                holdout: a.number("holdout", 5u32)?.max(3),
                passes: a.number("passes", 100u32)?,
                params,
                fixed_k,
            };
            weights(&v, out, rest, &fit)
        }
        "label" if !rest.is_empty() => {
            a.only(&["engine", "nodes"])?;
            let engine = a
                .text("engine")
                .ok_or("label: --engine COMMAND is needed")?;
            label(&v, out, rest, engine, a.number("nodes", 200_000u64)?)
        }
        _ => Err(USAGE.to_string()),
    }
}

/// The largest score a label takes (centipawns, White's view; a mate is this).
const LABEL_CAP: i32 = 2000;

/// Writes the positions of `files` to `out` with, as each one's result, the
/// score of the UCI engine `command` at `nodes` nodes (White's view, capped
/// at [`LABEL_CAP`]) through the sigmoid with K = 1.
fn label(
    v: &Arc<Variant>,
    out: &str,
    files: &[String],
    command: &str,
    nodes: u64,
) -> Result<(), String> {
    let cmd: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    if cmd.is_empty() {
        return Err("label: --engine names no command".to_string());
    }
    let mut engine = UciEngine::start("", process_link(&cmd)?, Vec::new())?;
    let mut file = std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?;
    let t0 = Instant::now();
    let mut done = 0usize;
    for f in files {
        for mut s in tune::read_samples(v, &read(f)?).map_err(|e| format!("{f}: {e}"))? {
            // A new game each: the label does not depend on the order.
            engine.new_game(v)?;
            let game = Game::from_position(s.pos.clone());
            let reply = engine.play(&game, &Go::Nodes(nodes))?;
            let cp = match reply.score {
                Some(Eval::Cp(c)) => c.clamp(-LABEL_CAP, LABEL_CAP),
                Some(Eval::Mate(n)) => LABEL_CAP * n.signum(),
                None => {
                    return Err(format!(
                        "{f}: the engine gave no score for {}",
                        s.pos.to_vfen()
                    ));
                }
            };
            let white = if s.pos.side_to_move() == Color::White {
                cp
            } else {
                -cp
            };
            s.result = tune::sigmoid(1.0, f64::from(white));
            writeln!(file, "{}", s.line()).map_err(|e| format!("{out}: {e}"))?;
            done += 1;
            if done.is_multiple_of(500) {
                eprintln!(
                    "{done} positions labelled, {:.0} s",
                    t0.elapsed().as_secs_f64()
                );
            }
        }
    }
    eprintln!(
        "{done} positions labelled, {:.0} s",
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}

fn positions(v: &Arc<Variant>, s: &DataSettings, out: &str) -> Result<(), String> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| format!("{out}: {e}"))?;
    let t0 = Instant::now();
    let (mut games, mut kept, mut results) = (0u32, 0usize, [0u32; 3]);
    let mut write_err = None;
    tune::generate(v, s, &mut |samples, ending| {
        games += 1;
        kept += samples.len();
        if let Some(first) = samples.first() {
            results[(first.result * 2.0) as usize] += 1;
        }
        let text: String = samples.iter().map(|x| x.line() + "\n").collect();
        if let Err(e) = file.write_all(text.as_bytes()) {
            write_err.get_or_insert(format!("{out}: {e}"));
        }
        if games % 10 == 0 || games == s.games {
            eprintln!(
                "{games}/{} games, {kept} positions, White +{} ={} -{}, {:.0} s (last: {ending})",
                s.games,
                results[2],
                results[1],
                results[0],
                t0.elapsed().as_secs_f64()
            );
        }
    })?;
    write_err.map_or(Ok(()), Err)
}

/// How `tune weights` fits.
struct Fit {
    /// The weights to start from.
    start: Weights,
    /// Of every `holdout` games one is the test set, one the validation set.
    holdout: u32,
    /// Most passes of the local search.
    passes: u32,
    /// The weights it may move.
    params: Vec<Param>,
    /// K as given (`--k`), instead of fitted.
    fixed_k: Option<f64>,
}

fn weights(v: &Arc<Variant>, out: &str, files: &[String], fit: &Fit) -> Result<(), String> {
    let &Fit {
        ref start,
        holdout,
        passes,
        ref params,
        fixed_k,
    } = fit;
    let mut all: Vec<Sample> = Vec::new();
    for f in files {
        all.extend(tune::read_samples(v, &read(f)?).map_err(|e| format!("{f}: {e}"))?);
    }
    let (test, rest): (Vec<Sample>, Vec<Sample>) =
        all.into_iter().partition(|s| s.game % holdout == 0);
    let (valid, train): (Vec<Sample>, Vec<Sample>) =
        rest.into_iter().partition(|s| s.game % holdout == 1);
    if train.is_empty() || test.is_empty() || valid.is_empty() {
        return Err("too few games to hold some out".to_string());
    }
    let t0 = Instant::now();
    let ev = Evaluator::with_weights(v, start);
    let k = fixed_k.unwrap_or_else(|| tune::fit_k(&ev, &train));
    let errors = |w: &Weights| -> [f64; 3] {
        let ev = Evaluator::with_weights(v, w);
        [&train, &valid, &test].map(|set| tune::error(&ev, set, k))
    };
    let before = errors(start);
    println!(
        "{}: {} training, {} validation, {} test positions (games by number mod {holdout}); K = {k:.4}",
        v.id(),
        train.len(),
        valid.len(),
        test.len()
    );
    println!(
        "error before: training {:.6}, validation {:.6}, test {:.6}",
        before[0], before[1], before[2]
    );
    let mut best = (before[1], start.clone(), 0u32);
    tune::tune(v, &train, start, params, k, passes, &mut |p, w| {
        let e = errors(w);
        println!(
            "pass {} (steps / {}): training {:.6}, validation {:.6}, test {:.6}, {} weights moved, {:.0} s",
            p.number,
            p.step_divisor,
            e[0],
            e[1],
            e[2],
            p.changed,
            t0.elapsed().as_secs_f64()
        );
        if e[1] < best.0 {
            best = (e[1], w.clone(), p.number);
        }
        p.number < best.2 + PATIENCE
    });
    let (_, tuned, pass) = best;
    let after = errors(&tuned);
    println!(
        "error after (pass {pass}): training {:.6}, validation {:.6}, test {:.6}",
        after[0], after[1], after[2]
    );
    let header = format!(
        "Texel-tuned weights of {} (crates/engine/examples/tune.rs; docs/computer.md).\n\
         {} training, {} validation, {} test positions from {} files; K = {k:.4}{}; pass {pass}.\n\
         Error training {:.6} -> {:.6}, validation {:.6} -> {:.6}, test {:.6} -> {:.6}.\n\
         Weights not listed keep their defaults (crates/engine/src/weights.rs).",
        v.id(),
        train.len(),
        valid.len(),
        test.len(),
        files.len(),
        if fixed_k.is_some() { " (given)" } else { "" },
        before[0],
        after[0],
        before[1],
        after[1],
        before[2],
        after[2]
    );
    std::fs::write(out, tuned.to_text(&header)).map_err(|e| format!("{out}: {e}"))?;
    println!("wrote {out}");
    Ok(())
}
