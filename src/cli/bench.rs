//! `chimera bench`: a fixed perft suite over the start positions.

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

/// Runs the suite, one row per position.
pub fn bench(a: BenchCmd) -> Result<(), CliError> {
    if a.search {
        return bench_search(a.movetime);
    }
    let quick = a.quick;
    out!(
        "{:<20} {:>5} {:>14} {:>9} {:>12}",
        "position",
        "depth",
        "nodes",
        "seconds",
        "nodes/s"
    );
    for c in BENCH {
        let opts: Vec<(String, String)> = c
            .options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let v = Variant::new(c.variant, &opts)?;
        let mut p = v.start_position();
        let depth = if quick { c.quick_depth } else { c.depth };
        let t = Instant::now();
        let nodes = p.perft(depth);
        let secs = t.elapsed().as_secs_f64();
        out!(
            "{:<20} {:>5} {:>14} {:>9.2} {:>12.0}",
            c.name,
            depth,
            nodes,
            secs,
            nodes as f64 / secs.max(1e-9)
        );
    }
    Ok(())
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
