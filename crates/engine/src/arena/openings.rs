//! Opening sets: short, varied, roughly level move sequences from a
//! variant's start, one set per variant, kept as data (a text file: one
//! opening a line, its moves in LMN; `#` starts a comment line).
//!
//! A set is generated from a seed: each candidate is a [`random_opening`]
//! (a shallow search with a large random bias per move), kept when it is
//! new, the game is not over, and a search of its last position to
//! [`OpeningRules::depth`] scores it within [`OpeningRules::max_cp`] of level.
//! The built-in sets (`crates/engine/openings/<variant>.txt`) were made by
//! `chimera openings --variant V --count 100` with the defaults below.

use std::sync::Arc;

use crate::play::random_opening;
use crate::search::{Eval, Limits, Searcher};
use chimera_rules::{Game, Variant};

/// How a set is generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningRules {
    /// Openings wanted.
    pub count: usize,
    /// Plies of each.
    pub plies: usize,
    /// Seed of the first candidate (the next ones count up from it).
    pub seed: u64,
    /// Depth of the levelness check.
    pub depth: u32,
    /// Largest score (either side, centipawns) still counted as level.
    pub max_cp: i32,
}

impl Default for OpeningRules {
    fn default() -> OpeningRules {
        OpeningRules {
            count: 100,
            plies: 8,
            seed: 1,
            depth: 5,
            max_cp: 60,
        }
    }
}

/// Candidates tried per opening wanted before giving up.
const TRIES_PER_OPENING: usize = 20;

/// Generates a set (fewer than asked when too few candidates are level).
pub fn generate(v: &Arc<Variant>, rules: &OpeningRules) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut searcher = Searcher::new(4);
    for i in 0..rules.count * TRIES_PER_OPENING {
        if out.len() >= rules.count {
            break;
        }
        let line = random_opening(v, rules.plies, rules.seed.wrapping_add(i as u64));
        if line.len() < rules.plies || out.contains(&line) {
            continue;
        }
        let Ok(game) = replay(v, &line) else { continue };
        if game.outcome().is_some() {
            continue;
        }
        searcher.new_game();
        let r = searcher.search_game(&game, &Limits::depth(rules.depth), &mut |_| {});
        if matches!(r.score, Eval::Cp(cp) if cp.abs() <= rules.max_cp) {
            out.push(line);
        }
    }
    out
}

/// The game after `line` from the start of `v`.
pub fn replay(v: &Arc<Variant>, line: &[String]) -> Result<Game, String> {
    let mut game = Game::new(v);
    for (i, m) in line.iter().enumerate() {
        if let Some(o) = game.outcome() {
            return Err(format!(
                "move {} '{m}': the game is over ({})",
                i + 1,
                o.result_text()
            ));
        }
        game.play_lmn(m)
            .map_err(|e| format!("move {} '{m}': {e}", i + 1))?;
    }
    Ok(game)
}

/// The text of a set: a comment naming how it was made, then one line each.
pub fn write(v: &Variant, rules: &OpeningRules, set: &[Vec<String>]) -> String {
    let mut s = format!(
        "# chimera openings: variant {}, {} openings of {} plies, seed {}, level within {} cp at depth {}\n",
        v.id(),
        set.len(),
        rules.plies,
        rules.seed,
        rules.max_cp,
        rules.depth
    );
    for line in set {
        s.push_str(&line.join(" "));
        s.push('\n');
    }
    s
}

/// Reads a set for `v`: every line's moves must be legal from the start and
/// leave the game going; an error names the line and the move.
pub fn parse(v: &Arc<Variant>, text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut out = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let moves: Vec<String> = line.split_whitespace().map(String::from).collect();
        let game = replay(v, &moves).map_err(|e| format!("line {}: {e}", n + 1))?;
        if let Some(o) = game.outcome() {
            return Err(format!(
                "line {}: the game is over after the opening ({})",
                n + 1,
                o.result_text()
            ));
        }
        out.push(moves);
    }
    if out.is_empty() {
        return Err("no opening in the set".to_string());
    }
    Ok(out)
}

/// The built-in set of a variant (by id), as text.
pub fn builtin(id: &str) -> Option<&'static str> {
    Some(match id {
        "holygrail" => include_str!("../../openings/holygrail.txt"),
        "herculean" => include_str!("../../openings/herculean.txt"),
        "holywar" => include_str!("../../openings/holywar.txt"),
        "ghostarelay" => include_str!("../../openings/ghostarelay.txt"),
        "grand" => include_str!("../../openings/grand.txt"),
        "embassy" => include_str!("../../openings/embassy.txt"),
        "chess" => include_str!("../../openings/chess.txt"),
        _ => return None,
    })
}

/// The opening set of `v`: its built-in one, or — for a variant without
/// one (a player's file, or options that change the start) — a generated
/// one ([`OpeningRules::default`], 20 openings).
pub fn for_variant(v: &Arc<Variant>) -> Result<Vec<Vec<String>>, String> {
    let defaults = Variant::new(v.id(), &[]).map(|d| d.options().to_vec());
    let plain = v.options().is_empty() || defaults.is_ok_and(|d| d == v.options());
    match builtin(v.id()).filter(|_| plain) {
        Some(text) => parse(v, text),
        None => {
            let set = generate(
                v,
                &OpeningRules {
                    count: 20,
                    ..OpeningRules::default()
                },
            );
            if set.is_empty() {
                Err(format!("no level opening found for {}", v.id()))
            } else {
                Ok(set)
            }
        }
    }
}
