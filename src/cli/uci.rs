//! `chimera uci`: the UCI protocol on stdin and stdout ([`chimera_engine::uci`] holds
//! the protocol; this is only the terminal around it). The engine reads the
//! stdin lines ([`Engine::run`]: each at most [`chimera_engine::uci::MAX_LINE_BYTES`],
//! bytes that are not UTF-8 replaced, never fatal); each answer is written
//! and flushed at once. The end of stdin (or a read error) is `quit`.

use std::io::Write;
use std::sync::Arc;

use super::CliError;
use chimera_engine::uci::{Engine, Output};

/// `chimera uci`.
pub fn uci() -> Result<(), CliError> {
    let out: Output = Arc::new(|line: &str| {
        let mut o = std::io::stdout().lock();
        // A GUI that has gone away also closes our stdin, which ends the loop.
        let _ = writeln!(o, "{line}").and_then(|()| o.flush());
    });
    Engine::new(out).run(std::io::stdin().lock());
    Ok(())
}
