//! The rules tools: `perft`, `moves`, `fen`, `variants`.

use std::time::Instant;

use clap::Args;

use super::CliError;
use super::args::{PositionArgs, option_summary, whole_in};

/// The deepest `perft`: each ply multiplies the count by the number of
/// moves (20 to over 100 in these variants), so a deeper count from a full
/// board would run for days or years.
pub const MAX_PERFT_DEPTH: u32 = 10;

/// `perft --depth`: 0 to [`MAX_PERFT_DEPTH`].
fn perft_depth(s: &str) -> Result<u32, String> {
    whole_in(
        s,
        0,
        MAX_PERFT_DEPTH,
        "each ply multiplies the count by the number of moves, so a deeper count would not finish",
    )
}

/// Flags of `perft`.
#[derive(Debug, Clone, Args)]
pub struct PerftCmd {
    /// The position to count from.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Depth in plies (0 to 10: deeper counts would not finish).
    #[arg(long, value_name = "N", value_parser = perft_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// First print `<lmn> <count>` for each root move, sorted.
    #[arg(long)]
    pub divide: bool,
}

/// `chimera perft`: leaf nodes on stdout, time and speed on stderr.
pub fn perft(a: PerftCmd) -> Result<(), CliError> {
    let g = a.position.game()?;
    let mut p = g.position().clone();
    let t = Instant::now();
    let nodes = if a.divide {
        let rows = p.perft_divide(a.depth);
        for (m, n) in &rows {
            out!("{m} {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        p.perft(a.depth)
    };
    let secs = t.elapsed().as_secs_f64();
    out!("nodes {nodes}");
    eprintln!(
        "time {secs:.3} s, {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

/// `chimera moves`: the legal moves in LMN, sorted, one per line.
pub fn moves(a: PositionArgs) -> Result<(), CliError> {
    let g = a.game()?;
    let p = g.position();
    let mut names: Vec<String> = p.legal_moves().into_iter().map(|m| p.lmn(m)).collect();
    names.sort();
    for n in names {
        out!("{n}");
    }
    Ok(())
}

/// `chimera fen`: the VFEN after the moves, then `result: …`.
pub fn fen(a: PositionArgs) -> Result<(), CliError> {
    let g = a.game()?;
    out!("{}", g.position().to_vfen());
    match g.outcome() {
        Some(o) => out!("result: {}", o.result_text()),
        None => out!("result: *"),
    }
    Ok(())
}

/// `chimera variants`: id, description and options of every variant; the
/// players' files come after the built-ins, their lines ending in `(file)`.
pub fn variants() -> Result<(), CliError> {
    for v in chimera_rules::variants() {
        let opts: Vec<String> = v.options.iter().map(option_summary).collect();
        let line = format!("{:<12} {}  {}", v.id, v.description, opts.join(" "));
        if v.builtin {
            out!("{line}");
        } else {
            out!("{}  (file)", line.trim_end());
        }
    }
    Ok(())
}
