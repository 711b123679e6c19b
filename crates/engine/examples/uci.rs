//! Chimera's UCI engine without the window: what `chimera uci` runs, built
//! from this crate alone (`cargo build -p chimera-engine --example uci`,
//! a minute instead of the whole game), so that `chimera match` can play
//! two builds of the engine against each other (docs/computer.md, "Matches").
//!
//! `uci bench DEPTH` instead searches `chimera bench --search`'s positions to
//! a fixed depth and prints the nodes and the time: two builds that search
//! the same tree show the same node count, and the time compares their speed.

use std::io::Write;
use std::sync::Arc;

use chimera_engine::uci::{Engine, Output};
use chimera_engine::{Limits, bench_positions, bench_search};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        let depth = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(12);
        bench(depth);
        return;
    }
    let out: Output = Arc::new(|line: &str| {
        let mut o = std::io::stdout().lock();
        let _ = writeln!(o, "{line}").and_then(|()| o.flush());
    });
    Engine::new(out).run(std::io::stdin().lock());
}

/// Fixed-depth search of the bench positions: nodes and time per position
/// and in total.
fn bench(depth: u32) {
    let lines = bench_search(&bench_positions(), &Limits::depth(depth), 16)
        .expect("the bench positions are valid");
    let (mut nodes, mut micros) = (0u64, 0u128);
    for l in &lines {
        println!(
            "{:<10} {:<14} depth {:>2} nodes {:>9} time {:>6} ms",
            l.variant,
            l.label,
            l.depth,
            l.nodes,
            l.time.as_millis()
        );
        nodes += l.nodes;
        micros += l.time.as_micros();
    }
    println!(
        "total nodes {nodes} time {} ms nps {}",
        micros / 1000,
        nodes as u128 * 1_000_000 / micros.max(1)
    );
}
