//! Helpers shared by the rule tests: building variants and positions,
//! move lists as sets of LMN, playing moves, a deterministic generator.

use std::collections::BTreeSet;
use std::sync::Arc;

use chimera_rules::{
    Color, EndReason, Game, Move, MoveKind, OptionKind, Outcome, Position, SplitMix64, Sq, Variant,
};

/// Variant `id` built with `options` (name, value).
pub fn variant(id: &str, options: &[(&str, &str)]) -> Arc<Variant> {
    let o: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Variant::new(id, &o).unwrap_or_else(|e| panic!("{id} {options:?}: {e}"))
}

/// The position of `v` written `text` (VFEN).
pub fn position(v: &Arc<Variant>, text: &str) -> Position {
    Position::from_vfen(v, text).unwrap_or_else(|e| panic!("{} '{text}': {e}", v.id()))
}

/// The position of `v` with exactly `pieces` (square, letter) on the board
/// and the remaining six VFEN fields `rest`.
pub fn with_pieces(v: &Arc<Variant>, pieces: &[(&str, char)], rest: &str) -> Position {
    position(v, &vfen(v, pieces, rest))
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

/// The result of a game from the position with exactly `pieces` on the
/// board and the other fields `rest`, as `chimera fen` prints it
/// (`0-1 checkmate`), or `None` while it goes on.
pub fn result(v: &Arc<Variant>, pieces: &[(&str, char)], rest: &str) -> Option<String> {
    let text = vfen(v, pieces, rest);
    let g = Game::from_vfen(v, &text).unwrap_or_else(|e| panic!("'{text}': {e}"));
    g.outcome().map(|o| o.result_text())
}

/// The square named `name` of the position's board.
pub fn sq(p: &Position, name: &str) -> Sq {
    p.variant()
        .parse_square(name)
        .unwrap_or_else(|| panic!("no square {name}"))
}

/// The piece on a square as its VFEN letter (upper case White), `.` when empty.
pub fn letter_at(p: &Position, name: &str) -> char {
    match p.piece_at(sq(p, name)) {
        None => '.',
        Some(info) => {
            let l = p.variant().letter(info.kind);
            if info.color == Color::White {
                l
            } else {
                l.to_ascii_lowercase()
            }
        }
    }
}

/// The outcome of a game `winner` won by checkmate.
pub fn mate(winner: Color) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(winner),
        reason: EndReason::Checkmate,
    })
}

/// The outcome of a game drawn for `reason`.
pub fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome {
        winner: None,
        reason,
    })
}

/// Space-separated LMN moves as a set.
pub fn set(moves: &str) -> BTreeSet<String> {
    moves.split_whitespace().map(String::from).collect()
}

/// A list of LMN moves as a set.
pub fn sorted<S: AsRef<str>>(list: &[S]) -> BTreeSet<String> {
    list.iter().map(|s| s.as_ref().to_string()).collect()
}

/// The legal moves that `keep` keeps, in LMN.
pub fn legal_where(p: &Position, keep: impl Fn(Move) -> bool) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|m| keep(*m))
        .map(|m| p.lmn(m))
        .collect()
}

/// All legal moves in LMN.
pub fn legal(p: &Position) -> BTreeSet<String> {
    legal_where(p, |_| true)
}

/// Legal moves of the piece on `from` (a king's castlings, a serpent's
/// mutations and a crowning count as moves of the piece on their origin).
pub fn legal_from(p: &Position, from: &str) -> BTreeSet<String> {
    let s = sq(p, from);
    legal_where(p, |m| p.move_from(m) == Some(s))
}

/// Whether the move written `lmn` is legal.
pub fn is_legal(p: &Position, lmn: &str) -> bool {
    p.legal_moves().iter().any(|m| p.lmn(*m) == lmn)
}

/// Plays space-separated LMN moves, checking each time that the incremental
/// hash is right and that unmaking restores the exact VFEN and hash.
pub fn play(p: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = p
            .parse_lmn(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.to_vfen()));
        let (before, hash) = (p.to_vfen(), p.hash());
        p.make_move(m);
        assert_eq!(p.hash(), p.recomputed_hash(), "hash after {text}");
        p.unmake_move();
        assert_eq!((p.to_vfen(), p.hash()), (before, hash), "unmake {text}");
        p.make_move(m);
    }
}

/// Values of an option to try: every choice, or a number option's ends,
/// its middle and a value next to each end.
pub fn option_values(kind: &OptionKind) -> Vec<String> {
    match *kind {
        OptionKind::Choice(values) => values.iter().map(|v| v.to_string()).collect(),
        OptionKind::Number { min, max } => {
            let picks: BTreeSet<u64> = [
                min,
                min.saturating_add(1),
                min + (max - min) / 2,
                max.saturating_sub(1),
                max,
            ]
            .into_iter()
            .filter(|n| (min..=max).contains(n))
            .collect();
            picks.iter().map(u64::to_string).collect()
        }
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
    rng: &mut SplitMix64,
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

/// Registers the variant file `text` (a player's file: its id must not be a
/// built-in one) and builds it with `options`.
pub fn file_variant(text: &str, options: &[(&str, &str)]) -> Arc<Variant> {
    let info = chimera_rules::variants::register(text)
        .unwrap_or_else(|e| panic!("{e}\nin the file:\n{text}"));
    variant(info.id, options)
}

/// Squares a normal move of the piece on `from` can end on (captures
/// included), by name.
pub fn targets(p: &Position, from: &str) -> BTreeSet<String> {
    let s = sq(p, from);
    p.legal_moves()
        .into_iter()
        .filter(|m| m.kind() == MoveKind::Normal && p.move_from(*m) == Some(s))
        .filter_map(|m| p.move_to(m))
        .map(|t| p.variant().square_name(t))
        .collect()
}

/// Every combination of the values of `info`'s choice options (number
/// options keep their default), as (name, value) lists: an odometer over
/// the options' value lists.
pub fn choice_combos(info: &chimera_rules::VariantInfo) -> Vec<Vec<(String, String)>> {
    let choices: Vec<(&str, &[&str])> = info
        .options
        .iter()
        .filter_map(|o| match o.kind {
            OptionKind::Choice(values) => Some((o.name, values)),
            OptionKind::Number { .. } => None,
        })
        .collect();
    let total: usize = choices.iter().map(|(_, values)| values.len()).product();
    (0..total)
        .map(|mut n| {
            choices
                .iter()
                .map(|(name, values)| {
                    let value = values[n % values.len()];
                    n /= values.len();
                    (name.to_string(), value.to_string())
                })
                .collect()
        })
        .collect()
}
