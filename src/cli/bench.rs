//! `chimera bench`: a fixed perft suite over the start positions.

use std::time::Instant;

use clap::Args;

use super::CliError;
use crate::rules::Variant;

/// Flags of `bench`.
#[derive(Debug, Clone, Args)]
pub struct BenchCmd {
    /// Shallower depths, for a check in seconds.
    #[arg(long)]
    pub quick: bool,
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
