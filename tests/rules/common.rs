//! Helpers shared by the rule tests.

use std::sync::Arc;

use chimera::rules::{Game, Move, MoveKind, Sq, Variant};

/// Variant `id` with these options (panics naming them if refused).
pub fn variant_with(id: &str, opts: &[(&str, &str)]) -> Arc<Variant> {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Variant::new(id, &o).unwrap_or_else(|e| panic!("{id} {opts:?}: {e}"))
}

/// The VFEN of a board holding exactly `pieces` (square, letter), missing
/// squares written `*`, followed by the remaining six fields `rest`.
pub fn vfen(v: &Variant, pieces: &[(&str, char)], rest: &str) -> String {
    for (i, (name, _)) in pieces.iter().enumerate() {
        assert!(v.parse_square(name).is_some(), "{name} is not a square");
        assert!(
            pieces[..i].iter().all(|(n, _)| n != name),
            "{name} listed twice"
        );
    }
    let mut ranks = Vec::new();
    for y in (0..v.height()).rev() {
        let mut rank = String::new();
        let mut run = 0;
        for x in 0..v.width() {
            let s = Sq::new(x, y);
            let here = pieces.iter().find(|(n, _)| v.parse_square(n) == Some(s));
            if v.exists(s) && here.is_none() {
                run += 1;
                continue;
            }
            if run > 0 {
                rank.push_str(&run.to_string());
                run = 0;
            }
            rank.push(here.map_or('*', |(_, c)| *c));
        }
        if run > 0 {
            rank.push_str(&run.to_string());
        }
        ranks.push(rank);
    }
    format!("{} {rest}", ranks.join("/"))
}

/// splitmix64: a small deterministic generator, so every run plays the same
/// games.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// How many moves of each rare kind some games contained.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveKinds {
    /// Pieces dropped from hand.
    pub drops: usize,
    /// Serpent mutations.
    pub mutations: usize,
    /// Holy Grail crownings.
    pub crownings: usize,
    /// Castlings (Ghostarelay's too).
    pub castlings: usize,
    /// Promotions.
    pub promotions: usize,
    /// Ghostarelay passes.
    pub passes: usize,
    /// Holywar King–Lady swaps.
    pub swaps: usize,
}

impl MoveKinds {
    /// Counts `m`.
    pub fn count(&mut self, m: Move) {
        let n = match m.kind() {
            MoveKind::Drop => &mut self.drops,
            MoveKind::Mutate => &mut self.mutations,
            MoveKind::Crown => &mut self.crownings,
            MoveKind::Castle => &mut self.castlings,
            MoveKind::Pass => &mut self.passes,
            MoveKind::Swap => &mut self.swaps,
            MoveKind::Normal if m.piece().is_some() => &mut self.promotions,
            MoveKind::Normal => return,
        };
        *n += 1;
    }
}

/// A random game of `v` from `start` (the variant's own when `None`), at
/// most `plies` long. Half of the moves are drawn from the rare kinds and
/// captures when there are any, so that games promote, castle, drop,
/// mutate, and end (mate and crowning need material to go).
pub fn random_game(
    v: &Arc<Variant>,
    start: Option<&str>,
    rng: &mut Rng,
    plies: usize,
    kinds: &mut MoveKinds,
) -> Game {
    let mut g = match start {
        Some(f) => Game::from_vfen(v, f).unwrap_or_else(|e| panic!("{f}: {e}")),
        None => Game::new(v),
    };
    for _ in 0..plies {
        if g.outcome().is_some() {
            break;
        }
        let p = g.position();
        let moves = p.legal_moves();
        let rare: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| m.kind() != MoveKind::Normal || m.piece().is_some() || p.is_capture(m))
            .collect();
        let m = if !rare.is_empty() && rng.below(2) == 0 {
            rare[rng.below(rare.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        kinds.count(m);
        g.play(m).expect("a legal move");
    }
    g
}
