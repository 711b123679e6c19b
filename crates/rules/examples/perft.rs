//! Perft of a start position, as `chimera bench` counts it, on the rules
//! crate alone (no client build needed): for profiling move generation.
//!
//! `cargo run --release -p chimera-rules --example perft -- VARIANT DEPTH [KEY=VALUE ...]`

use std::time::Instant;

use chimera_rules::Variant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(id), Some(depth)) = (args.first(), args.get(1).and_then(|d| d.parse().ok())) else {
        eprintln!("usage: perft VARIANT DEPTH [KEY=VALUE ...]");
        std::process::exit(2);
    };
    let mut options = Vec::new();
    for kv in &args[2..] {
        let Some((k, v)) = kv.split_once('=') else {
            eprintln!("option {kv:?} is not KEY=VALUE");
            std::process::exit(2);
        };
        options.push((k.to_string(), v.to_string()));
    }
    let variant = match Variant::new(id, &options) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut position = variant.start_position();
    let t = Instant::now();
    let nodes = position.perft(depth);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{id} perft {depth}: {nodes} nodes in {secs:.2} s, {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    );
}
