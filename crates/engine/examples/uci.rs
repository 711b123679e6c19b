//! Chimera's UCI engine without the window: what `chimera uci` runs, built
//! from this crate alone (`cargo build -p chimera-engine --example uci`,
//! a minute instead of the whole game), so that `chimera match` can play
//! two builds of the engine against each other (docs/computer.md, "Matches").

use std::io::Write;
use std::sync::Arc;

use chimera_engine::uci::{Engine, Output};

fn main() {
    let out: Output = Arc::new(|line: &str| {
        let mut o = std::io::stdout().lock();
        let _ = writeln!(o, "{line}").and_then(|()| o.flush());
    });
    Engine::new(out).run(std::io::stdin().lock());
}
