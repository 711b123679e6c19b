//! `chimera bench`: a fixed perft suite over the start positions, in rounds.

use std::time::Instant;

use clap::Args;

use super::CliError;
use chimera_rules::Variant;

/// Flags of `bench`.
#[derive(Debug, Clone, Args)]
pub struct BenchCmd {
    /// Shallower depths, for a check in seconds.
    #[arg(long)]
    pub quick: bool,
    /// Rounds of the whole suite, one after the other; the summary gives
    /// each position's median rate and its median ratio to Grand's rate of
    /// the same round (a machine whose speed drifts moves both alike).
    #[arg(long, value_name = "N", value_parser = super::args::count, default_value_t = 3, conflicts_with = "search")]
    pub rounds: u32,
    /// Measure the AI search instead (nodes/s on the Grand and Holy Grail positions).
    #[arg(long)]
    pub search: bool,
    /// Time per position of --search, in milliseconds.
    #[arg(long, value_name = "MS", value_parser = super::args::count, default_value_t = 2000, requires = "search")]
    pub movetime: u32,
}

/// One benchmark position.
struct BenchCase {
    name: &'static str,
    variant: &'static str,
    options: &'static [(&'static str, &'static str)],
    depth: u32,
    quick_depth: u32,
}

const BENCH: &[BenchCase] = &[
    BenchCase {
        name: "chess start",
        variant: "chess",
        options: &[],
        depth: 6,
        quick_depth: 4,
    },
    BenchCase {
        name: "grand start",
        variant: "grand",
        options: &[],
        depth: 5,
        quick_depth: 4,
    },
    BenchCase {
        name: "embassy start",
        variant: "embassy",
        options: &[],
        depth: 5,
        quick_depth: 4,
    },
    BenchCase {
        name: "holygrail start",
        variant: "holygrail",
        options: &[],
        depth: 5,
        quick_depth: 4,
    },
    BenchCase {
        name: "herculean start",
        variant: "herculean",
        options: &[],
        depth: 5,
        quick_depth: 4,
    },
    BenchCase {
        name: "holywar start",
        variant: "holywar",
        options: &[("opening", "random")],
        depth: 5,
        quick_depth: 4,
    },
    BenchCase {
        name: "ghostarelay start",
        variant: "ghostarelay",
        options: &[],
        depth: 5,
        quick_depth: 4,
    },
];

/// Runs the suite `rounds` times, one row per position and round, then a
/// summary: each position's median rate and median ratio to Grand's.
pub fn bench(a: BenchCmd) -> Result<(), CliError> {
    if a.search {
        return bench_search(a.movetime);
    }
    let cases = BENCH
        .iter()
        .map(|c| {
            let opts: Vec<(String, String)> = c
                .options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            Ok((c, Variant::new(c.variant, &opts)?))
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    out!(
        "{:<20} {:>5} {:>14} {:>9} {:>12}",
        "position",
        "depth",
        "nodes",
        "seconds",
        "nodes/s"
    );
    // rates[round][case]
    let mut rates = Vec::new();
    for _ in 0..a.rounds {
        let mut round = Vec::new();
        for (c, v) in &cases {
            let mut p = v.start_position();
            let depth = if a.quick { c.quick_depth } else { c.depth };
            let t = Instant::now();
            let nodes = p.perft(depth);
            let secs = t.elapsed().as_secs_f64();
            let rate = nodes as f64 / secs.max(1e-9);
            out!(
                "{:<20} {:>5} {:>14} {:>9.2} {:>12.0}",
                c.name,
                depth,
                nodes,
                secs,
                rate
            );
            round.push(rate);
        }
        rates.push(round);
    }
    let grand = BENCH
        .iter()
        .position(|c| c.variant == "grand")
        .expect("the suite has Grand");
    out!("");
    out!(
        "{:<20} {:>12} {:>9}",
        format!("median of {}", a.rounds),
        "nodes/s",
        "vs grand"
    );
    for (i, c) in BENCH.iter().enumerate() {
        let rate = median(rates.iter().map(|r| r[i]).collect());
        let ratio = median(rates.iter().map(|r| r[i] / r[grand]).collect());
        out!("{:<20} {:>12.0} {:>8.2}x", c.name, rate, ratio);
    }
    Ok(())
}

/// The median of `xs` (the mean of the middle two for an even count).
fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// `bench --search`: depth, nodes and nodes/s of the search per position.
fn bench_search(movetime_ms: u32) -> Result<(), CliError> {
    let limits = super::args::limits(None, Some(movetime_ms), None);
    out!(
        "{:<10} {:<14} {:>5} {:>12} {:>10}",
        "variant",
        "position",
        "depth",
        "nodes",
        "nodes/s"
    );
    for p in &chimera_engine::bench_positions() {
        let lines = chimera_engine::bench_search(std::slice::from_ref(p), &limits, 16)?;
        for l in lines {
            out!(
                "{:<10} {:<14} {:>5} {:>12} {:>10}",
                l.variant,
                l.label,
                l.depth,
                l.nodes,
                l.nps
            );
        }
    }
    Ok(())
}
