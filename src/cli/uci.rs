//! `chimera uci`: the UCI protocol on stdin and stdout ([`chimera_engine::uci`] holds
//! the protocol; this is only the terminal around it). Each stdin line goes
//! to the engine (bytes that are not UTF-8 are replaced, never fatal); each
//! answer is written and flushed at once. The end of stdin (or a read
//! error) is `quit`.

use std::io::{BufRead, Write};
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
    let mut engine = Engine::new(out);
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        // A read error is the end of the input too.
        if !matches!(input.read_until(b'\n', &mut buf), Ok(1..)) {
            break;
        }
        if !engine.handle(&String::from_utf8_lossy(&buf)) {
            return Ok(());
        }
    }
    engine.quit();
    Ok(())
}
