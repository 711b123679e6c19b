//! Piece lessons, from each piece's own moves:
//!
//! - the piece alone (White's) with up to three target squares to visit, in
//!   any order, in the fewest moves (targets at growing distances, spread
//!   over the board);
//! - for a piece whose move needs other pieces, a second board with them:
//!   a cannon or vao captures over a screen, a flying chariot or bishop leaps
//!   over one or two pieces next to it, a flying bomber or raptor jumps a
//!   friendly piece and flies over an enemy, a two-path mover (the Squire)
//!   passes a blocked path by the other one, a warlord captures anywhere
//!   (docs/rules.md §4–§7). Which of these a piece gets is read from its
//!   movement data.
//!
//! The par and a shortest solution come from a search over the real
//! positions ([`super::run::Board`]), the same positions a lesson is played
//! on: a lesson is never unsolvable.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use chimera_rules::pieces::Special;
use chimera_rules::{Color, Kind, PieceInfo, Position, Sq, Variant};

use super::run::{Board, Spot};
use super::{Goal, Lesson, Scene, extra_kind, middle, offset};

/// Targets in one lesson at most.
const TARGETS: usize = 3;

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

/// The piece lessons of `v`: for each piece, the lesson of the piece alone,
/// then its lesson with the pieces its move needs, if it has one.
pub fn piece_lessons(v: &Arc<Variant>) -> Vec<Lesson> {
    v.piece_kinds()
        .into_iter()
        .flat_map(|k| [lesson(v, k), blocker_lesson(v, k)])
        .flatten()
        .collect()
}

/// The lesson of `kind` alone in `v`, if the piece can stand alone and move.
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
    let mut scene = Scene::new(v);
    scene.put(start, Color::White, kind);
    collect_lesson(
        &scene,
        start,
        targets,
        format!("piece-{}", kind.id()),
        kind.name().to_string(),
        format!(
            "The {} alone: visit every marked square, in as few moves as you can. \
             The dots and rings beside show where it moves from the middle of the board.",
            kind.name()
        ),
    )
}

/// The lesson of `kind` with the pieces its move needs (a screen, a
/// hurdle, a blocked path, prey), if its movement has such a move.
pub fn blocker_lesson(v: &Arc<Variant>, kind: Kind) -> Option<Lesson> {
    let def = v.def(kind.num())?;
    let s = middle(v);
    let id = format!("blockers-{}", kind.id());
    let lesson = |scene: &Scene, targets: Vec<Sq>, (title, text): (&str, &str)| {
        collect_lesson(
            scene,
            s,
            targets,
            id.clone(),
            format!("{}: {title}", kind.name()),
            format!("The {}. {text}", kind.name()),
        )
    };
    let orth = [(0, 1), (1, 0), (-1, 0), (0, -1)];
    let diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    let lines = |d: bool| if d { diag } else { orth };
    // Two legs, one after the other: each from where the last one landed,
    // along a line, with friendly blockers and an enemy or a square to
    // reach at the given distances.
    let legs = |dirs: [(i32, i32); 4], plan: [Leg; 2], words: (&str, &str)| {
        let mut fallback = None;
        // Chained where the board has room, else both legs from the start.
        for (chained, d1) in [true, false].into_iter().flat_map(|c| dirs.map(|d| (c, d))) {
            for d2 in dirs
                .into_iter()
                .filter(|d| *d != (-d1.0, -d1.1) && *d != d1)
            {
                let mut scene = Scene::new(v);
                scene.put(s, Color::White, kind);
                let mut at = s;
                let mut targets = Vec::new();
                for (leg, d) in plan.iter().zip([d1, d2]) {
                    let Some((target, land)) = leg.place(v, &mut scene, at, d) else {
                        break;
                    };
                    targets.push(target);
                    if chained {
                        at = land;
                    }
                }
                if targets.len() < 2 {
                    continue;
                }
                let Some(l) = lesson(&scene, targets, words) else {
                    continue;
                };
                if matches!(l.goal, Goal::Collect { par: 2, .. }) {
                    return Some(l);
                }
                fallback = fallback.or(Some(l));
            }
            if fallback.is_some() {
                break;
            }
        }
        fallback
    };
    match def.special {
        Special::Hopper { diag } => legs(
            lines(diag),
            // Diagonals run out sooner: the screen next to it there.
            match diag {
                true => [Leg::capture(&[1], 3, 3); 2],
                false => [Leg::capture(&[2], 4, 4); 2],
            },
            (
                "captures over a screen",
                "It moves without a screen, but captures only by hopping over exactly one piece \
                 (a screen, of either side) on its line: capture the marked pieces.",
            ),
        ),
        Special::FlyingJump { diag } => legs(
            lines(diag),
            [Leg::reach(&[1], 2), Leg::reach(&[1, 2], 3)],
            (
                "leaps over pieces",
                "Next to a piece it may leap over it, two squares; over two pieces in a row, \
                 three squares. Reach the marked squares behind the pawns.",
            ),
        ),
        Special::Bomber { diag } => legs(
            lines(diag),
            [Leg::reach(&[1], 2), Leg::capture(&[], 3, 4)],
            (
                "jumps and flies",
                "It jumps over a friendly piece next to it, and flies over the first enemy on \
                 its line to the empty square behind, removing it: reach the square behind \
                 your pawn, then capture the enemy.",
            ),
        ),
        Special::Warlord => {
            let mut scene = Scene::new(v);
            scene.put(s, Color::White, kind);
            let mut targets = Vec::new();
            for d in [(-3, 3), (3, 2), (0, -2)] {
                if let Some(t) = offset(v, s, d.0, d.1).filter(|t| scene.at(*t).is_none()) {
                    scene.put(t, Color::Black, extra_kind(v, Color::Black, t)?);
                    targets.push(t);
                }
            }
            lesson(
                &scene,
                targets,
                (
                    "captures anywhere",
                    "Its only moves are captures: it takes any enemy piece anywhere on the \
                     board. Capture the marked pieces.",
                ),
            )
        }
        _ if !def.two_paths.is_empty() => {
            // One path of a two-path move blocked: the other still leads there.
            let geo = &v.geo;
            let from = geo.index(s) as i32;
            let cell = |off: i16| {
                let i = usize::try_from(from + off as i32).ok()?;
                geo.exists_index(i).then(|| geo.sq(i))
            };
            let (first, to) = def
                .two_paths
                .iter()
                .find_map(|tp| Some((cell(tp.paths[0][0])?, cell(tp.off)?)))?;
            let mut scene = Scene::new(v);
            scene.put(s, Color::White, kind);
            scene.put(first, Color::White, extra_kind(v, Color::White, first)?);
            lesson(
                &scene,
                vec![to],
                (
                    "passes a blocked path",
                    "It reaches each square by either of two paths, blocked only when both \
                     are: one path is blocked here — reach the marked square by the other.",
                ),
            )
        }
        _ => None,
    }
}

/// One leg of a blocker lesson: friendly pieces at these distances along
/// a line, then an enemy to capture or a square to reach; where the piece
/// lands.
#[derive(Clone, Copy)]
struct Leg {
    blockers: &'static [i32],
    enemy: Option<i32>,
    visit: Option<i32>,
    land: i32,
}

impl Leg {
    fn capture(blockers: &'static [i32], enemy: i32, land: i32) -> Leg {
        Leg {
            blockers,
            enemy: Some(enemy),
            visit: None,
            land,
        }
    }

    fn reach(blockers: &'static [i32], visit: i32) -> Leg {
        Leg {
            blockers,
            enemy: None,
            visit: Some(visit),
            land: visit,
        }
    }

    /// Puts the leg on `scene` from `at` along `(dx, dy)`: its target and
    /// landing square, if every square it needs exists and is free.
    fn place(
        self,
        v: &Arc<Variant>,
        scene: &mut Scene,
        at: Sq,
        (dx, dy): (i32, i32),
    ) -> Option<(Sq, Sq)> {
        let sq = |n: i32| offset(v, at, dx * n, dy * n);
        let far = self
            .land
            .max(self.enemy.unwrap_or(0))
            .max(self.visit.unwrap_or(0));
        if (1..=far).any(|n| sq(n).is_none_or(|t| scene.at(t).is_some())) {
            return None;
        }
        for &b in self.blockers {
            let t = sq(b)?;
            scene.put(t, Color::White, extra_kind(v, Color::White, t)?);
        }
        let target = match self.enemy {
            Some(e) => {
                let t = sq(e)?;
                scene.put(t, Color::Black, extra_kind(v, Color::Black, t)?);
                t
            }
            None => sq(self.visit?)?,
        };
        Some((target, sq(self.land)?))
    }
}

/// A collect lesson on `scene` for the piece on `piece`, if it is solvable.
fn collect_lesson(
    scene: &Scene,
    piece: Sq,
    targets: Vec<Sq>,
    id: String,
    title: String,
    text: String,
) -> Option<Lesson> {
    if targets.is_empty() {
        return None;
    }
    let start = scene.vfen();
    let (board, spot) = Board::new(&scene.v, &start, piece, &targets)?;
    let solution = solve(&board, spot)?;
    let kind = scene.at(piece)?.1;
    Some(Lesson {
        id,
        title,
        text,
        section: None,
        start,
        goal: Goal::Collect {
            piece,
            par: solution.len(),
            targets,
        },
        solution,
        replies: Vec::new(),
        shows: Some(kind),
        piece_lesson: true,
    })
}

/// A shortest way from `spot` to every target done, in LMN.
pub(crate) fn solve(board: &Board, spot: Spot) -> Option<Vec<String>> {
    let mut came: HashMap<Spot, (Spot, String)> = HashMap::new();
    let mut queue = VecDeque::from([spot]);
    while let Some(here) = queue.pop_front() {
        if board.all_done(here) {
            let mut path = Vec::new();
            let mut at = here;
            while let Some((prev, lmn)) = came.get(&at) {
                path.push(lmn.clone());
                at = *prev;
            }
            path.reverse();
            return Some(path);
        }
        let pos = board.position(here)?;
        for m in pos.legal_moves() {
            let Some(next) = board.step(&pos, here, m) else {
                continue;
            };
            if next != spot && !came.contains_key(&next) {
                came.insert(next, (here, pos.lmn(m)));
                queue.push_back(next);
            }
        }
    }
    None
}

/// The fewest moves from `start` to every square the piece reaches alone.
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
