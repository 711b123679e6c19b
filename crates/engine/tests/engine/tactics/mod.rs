//! The tactics suite: hand-built positions per variant, each with the
//! move(s) that solve it, worked out by hand from docs/rules.md (the comment on
//! each position gives the reasoning). Level 8 must find them: positions
//! with a depth are checked by `cargo test` at that fixed depth (no clock),
//! the others by the ignored test with 5 seconds per position
//! (`cargo test --test rules -- --ignored tactics`).

mod chess;
mod embassy;
mod ghostarelay;
mod grand;
mod herculean;
mod holygrail;
mod holywar;

use std::time::Duration;

use chimera_engine::{Bot, Eval, Limits};
use chimera_rules::{Game, Position};

use super::board::{position, variant};

/// What the score of a solved position must be.
#[derive(Clone, Copy, Debug)]
pub enum Expect {
    /// Only the move counts.
    Move,
    /// The side to move mates (or, in Ghostarelay, wins) in this many moves.
    Mate(i32),
    /// The side to move is not lost (a crowning instead of a mate).
    NotLost,
}

/// One position and its solution.
pub struct Tactic {
    /// What it shows.
    pub name: &'static str,
    /// Variant options.
    pub opts: &'static [(&'static str, &'static str)],
    /// The pieces (see `board`).
    pub pieces: &'static str,
    /// The other six VFEN fields.
    pub rest: &'static str,
    /// The solving moves in LMN (any of them).
    pub best: &'static [&'static str],
    /// Depth at which `cargo test` checks it; None: only the timed test.
    pub depth: Option<u32>,
    /// The score it must get.
    pub expect: Expect,
}

fn all() -> [(&'static str, &'static [Tactic]); 7] {
    [
        ("chess", chess::CASES),
        ("grand", grand::CASES),
        ("embassy", embassy::CASES),
        ("holygrail", holygrail::CASES),
        ("herculean", herculean::CASES),
        ("holywar", holywar::CASES),
        ("ghostarelay", ghostarelay::CASES),
    ]
}

fn setup(id: &str, t: &Tactic) -> Position {
    position(&variant(id, t.opts), t.pieces, t.rest)
}

/// Searches the position with level 8 within `limits`; the failure, if any.
fn solve(id: &str, t: &Tactic, limits: &Limits) -> Option<String> {
    let p = setup(id, t);
    let game = Game::from_vfen(p.variant(), &p.to_vfen()).expect("valid position");
    let mut player = Bot::new(8, 0, 32);
    let r = player.choose(&game, limits, &mut |_| {});
    let Some(m) = r.best else {
        return Some(format!("{id} '{}': no move", t.name));
    };
    let mv = p.lmn(m);
    let score_ok = match t.expect {
        Expect::Move => true,
        Expect::Mate(n) => r.score == Eval::Mate(n),
        Expect::NotLost => !matches!(r.score, Eval::Mate(n) if n <= 0),
    };
    (!t.best.contains(&mv.as_str()) || !score_ok).then(|| {
        format!(
            "{id} '{}': played {mv} ({}, depth {}), expected {:?} ({:?})",
            t.name,
            r.score.text(),
            r.depth,
            t.best,
            t.expect
        )
    })
}

#[test]
fn every_variant_has_15_positions_that_parse_with_legal_solutions() {
    for (id, cases) in all() {
        assert!(cases.len() >= 15, "{id}: {} positions", cases.len());
        for t in cases {
            let p = setup(id, t);
            assert!(!t.best.is_empty(), "{id} '{}'", t.name);
            for m in t.best {
                if let Err(e) = p.parse_lmn(m) {
                    panic!("{id} '{}': {m} is not legal: {e}", t.name);
                }
            }
        }
        let easy = cases.iter().filter(|t| t.depth.is_some()).count();
        assert!(
            2 * easy >= cases.len(),
            "{id}: only {easy} checked by cargo test"
        );
    }
}

fn easy(id: &str) {
    let (_, cases) = all().into_iter().find(|(v, _)| *v == id).expect("variant");
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|t| t.depth.and_then(|d| solve(id, t, &Limits::depth(d))))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn chess_easy_half() {
    easy("chess");
}
#[test]
fn grand_easy_half() {
    easy("grand");
}
#[test]
fn embassy_easy_half() {
    easy("embassy");
}
#[test]
fn holygrail_easy_half() {
    easy("holygrail");
}
#[test]
fn herculean_easy_half() {
    easy("herculean");
}
#[test]
fn holywar_easy_half() {
    easy("holywar");
}
#[test]
fn ghostarelay_easy_half() {
    easy("ghostarelay");
}

/// Every position (the hard half and the easy one) within 5 s at level 8.
#[test]
#[ignore = "timed: 5 s per position, run with --ignored"]
fn tactics_within_five_seconds() {
    let limits = Limits::movetime(Duration::from_secs(5));
    let failures: Vec<String> = all()
        .iter()
        .flat_map(|(id, cases)| cases.iter().filter_map(|t| solve(id, t, &limits)))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
