//! Piece lessons generated from a variant's rules: for each piece that can
//! stand alone on the board, a board with that piece alone (White's) and a
//! few targets to collect — squares it must visit, in any order — in the
//! fewest moves. Generated from the piece's own moves
//! ([`Position::lone`]'s legal moves), so a player's own variant file gets
//! lessons too. Each lesson carries its par and one shortest solution, found
//! by a search over (square, targets collected): a lesson is never
//! unsolvable.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use chimera_rules::{Color, Kind, PieceInfo, Position, Sq, Variant};

/// Targets in one lesson at most.
const TARGETS: usize = 3;

/// One piece lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The piece taught.
    pub kind: Kind,
    /// Where it starts.
    pub start: Sq,
    /// The squares to visit, in any order.
    pub targets: Vec<Sq>,
    /// The fewest moves that visit them all.
    pub par: usize,
    /// One shortest way: the squares the piece moves to, in order.
    pub solution: Vec<Sq>,
}

/// The squares a lone White `kind` on `at` can move to.
pub fn steps(v: &Arc<Variant>, kind: Kind, at: Sq) -> Vec<Sq> {
    let piece = PieceInfo {
        color: Color::White,
        kind,
        locked: false,
    };
    let Some(pos) = Position::lone(v, at, piece) else {
        return Vec::new();
    };
    let mut out: Vec<Sq> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| pos.move_from(m) == Some(at))
        .filter_map(|m| pos.move_to(m))
        .filter(|&to| to != at)
        .collect();
    out.sort_by_key(|s| (s.y, s.x));
    out.dedup();
    out
}

/// The lessons of `v`: one per piece kind that can stand alone and move.
pub fn lessons(v: &Arc<Variant>) -> Vec<Lesson> {
    v.piece_kinds()
        .into_iter()
        .filter_map(|k| lesson(v, k))
        .collect()
}

/// The lesson of `kind` in `v`, if the piece can stand alone and move.
pub fn lesson(v: &Arc<Variant>, kind: Kind) -> Option<Lesson> {
    let squares: Vec<Sq> = v.squares().collect();
    // Start near the bottom middle (where White's pieces stand), on a
    // square the piece can stand on and leave.
    let mid = squares.iter().map(|s| s.x).max()? / 2;
    let mut starts = squares.clone();
    starts.sort_by_key(|s| (s.y, s.x.abs_diff(mid)));
    let start = *starts.iter().find(|&&s| !steps(v, kind, s).is_empty())?;
    // Targets: reachable squares at growing distances, spread over the board.
    let dist = distances(v, kind, start);
    let far = *dist.values().max()?;
    let mut targets = Vec::new();
    for want in 1..=far.min(TARGETS) {
        let d = (far * want).div_ceil(TARGETS).max(want);
        let mut at_d: Vec<Sq> = dist
            .iter()
            .filter(|&(s, &k)| k == d && !targets.contains(s))
            .map(|(s, _)| *s)
            .collect();
        at_d.sort_by_key(|s| (s.y, s.x));
        if let Some(&s) = at_d.get(at_d.len() / 2) {
            targets.push(s);
        }
    }
    if targets.is_empty() {
        return None;
    }
    let solution = shortest_tour(v, kind, start, &targets)?;
    Some(Lesson {
        kind,
        start,
        par: solution.len(),
        targets,
        solution,
    })
}

/// The fewest moves from `start` to every square the piece reaches.
fn distances(v: &Arc<Variant>, kind: Kind, start: Sq) -> HashMap<Sq, usize> {
    let mut dist = HashMap::from([(start, 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        for t in steps(v, kind, s) {
            dist.entry(t).or_insert_with(|| {
                queue.push_back(t);
                d + 1
            });
        }
    }
    dist.remove(&start);
    dist
}

/// A shortest sequence of moves from `start` that visits every target.
fn shortest_tour(v: &Arc<Variant>, kind: Kind, start: Sq, targets: &[Sq]) -> Option<Vec<Sq>> {
    let all = (1u32 << targets.len()) - 1;
    let mask_of = |s: Sq| {
        targets
            .iter()
            .position(|&t| t == s)
            .map_or(0, |i| 1u32 << i)
    };
    let first = (start, mask_of(start));
    let mut came: HashMap<(Sq, u32), (Sq, u32)> = HashMap::new();
    let mut queue = VecDeque::from([first]);
    let mut moves_from: HashMap<Sq, Vec<Sq>> = HashMap::new();
    while let Some((s, m)) = queue.pop_front() {
        if m == all {
            let mut path = vec![s];
            let mut at = (s, m);
            while let Some(&prev) = came.get(&at) {
                if prev == first {
                    break;
                }
                path.push(prev.0);
                at = prev;
            }
            path.reverse();
            return Some(path);
        }
        let next = moves_from
            .entry(s)
            .or_insert_with(|| steps(v, kind, s))
            .clone();
        for t in next {
            let state = (t, m | mask_of(t));
            if state != first && !came.contains_key(&state) {
                came.insert(state, (s, m));
                queue.push_back(state);
            }
        }
    }
    None
}
