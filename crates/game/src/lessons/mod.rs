//! Lessons generated from a variant's rules, so a player's own variant file
//! gets them too:
//!
//! - [`pieces`]: for each piece, the piece alone with targets to visit in
//!   the fewest moves, and — for pieces whose move needs other pieces (a
//!   cannon's screen, a flying chariot's hurdle, a bomber's jump, a squire's
//!   blocked path, a warlord's prey) — a board with those pieces and targets
//!   to reach or capture. Found from the piece's own moves.
//! - [`rules`]: for each special rule of the variant (drops and the drop
//!   opening, promotion, crowning, serpent mutation, ninja pawns, relay
//!   power, compulsory capture, castling, the draw and win conditions) a
//!   short position with the rule book's text ([`texts`]) and the move(s)
//!   to find.
//! - [`run`]: a lesson being played, move by move, judged by the rules.
//! - [`progress`]: which lessons a player has done, kept in a file.
//!
//! Every lesson carries a solution that [`run::LessonRun`] accepts: a
//! lesson is never unsolvable (the tests replay every one).

pub mod pieces;
pub mod progress;
pub mod rules;
pub mod run;
pub mod texts;

use std::sync::Arc;

use chimera_rules::{Color, EndReason, Kind, Position, Sq, Variant};

pub use pieces::{lesson, steps};
pub use progress::{Progress, ProgressError};
pub use run::{LessonRun, Verdict};

/// One lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Stable id within its variant (kept in the progress file):
    /// `piece-rook`, `blockers-cannon`, `castling-i`, `checkmate`, …
    pub id: String,
    /// Its title in the lesson list.
    pub title: String,
    /// What it teaches and what to do (a rule lesson's text is the rule
    /// book's, see [`texts`]).
    pub text: String,
    /// The rule book's section it comes from (`§4`), if any.
    pub section: Option<String>,
    /// The start position (VFEN); White, the learner, moves first.
    pub start: String,
    /// What solves it.
    pub goal: Goal,
    /// One way to solve it: the learner's moves in LMN (the game's replies
    /// in between are the forced or [`Lesson::replies`] ones).
    pub solution: Vec<String>,
    /// The game's reply after each of the learner's solution moves (empty:
    /// none; the reply to a move off the solution is the only legal one).
    pub replies: Vec<String>,
    /// The piece whose "how it moves" pattern the lesson shows.
    pub shows: Option<Kind>,
    /// Whether it is a piece lesson (else a rule lesson).
    pub piece_lesson: bool,
}

/// What solves a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The piece starting on `piece` (the only one the learner moves) visits
    /// every target square and captures every piece standing on one, in
    /// any order; after each move it is White's turn again. `par` is the
    /// fewest moves that do it.
    Collect {
        /// The piece's start square.
        piece: Sq,
        /// The squares to visit or clear.
        targets: Vec<Sq>,
        /// The fewest moves.
        par: usize,
    },
    /// Play one of these moves (LMN).
    Play(Vec<String>),
    /// The game ends so.
    End {
        /// The winner (`None`: a draw).
        winner: Option<Color>,
        /// Why.
        reason: EndReason,
    },
}

impl Lesson {
    /// The target squares shown on the board (a collect lesson's).
    pub fn targets(&self) -> &[Sq] {
        match &self.goal {
            Goal::Collect { targets, .. } => targets,
            _ => &[],
        }
    }
}

/// Every lesson of `v`: the piece lessons, then the rule lessons.
pub fn lessons(v: &Arc<Variant>) -> Vec<Lesson> {
    let mut out = pieces::piece_lessons(v);
    out.extend(rules::rule_lessons(v));
    out
}

/// A board to build a lesson's position on: pieces on squares, hands,
/// castling rights, the side to move and the half-move clock.
#[derive(Clone, Debug)]
pub(crate) struct Scene {
    pub v: Arc<Variant>,
    pub pieces: Vec<(Sq, Color, Kind)>,
    pub hand: Vec<(Color, Kind)>,
    /// VFEN castling field.
    pub castling: String,
    pub side: Color,
    pub halfmove: u32,
}

impl Scene {
    pub fn new(v: &Arc<Variant>) -> Scene {
        Scene {
            v: v.clone(),
            pieces: Vec::new(),
            hand: Vec::new(),
            castling: "-".into(),
            side: Color::White,
            halfmove: 0,
        }
    }

    /// Adds a piece (replacing whatever stood there).
    pub fn put(&mut self, s: Sq, c: Color, k: Kind) -> &mut Scene {
        self.pieces.retain(|p| p.0 != s);
        self.pieces.push((s, c, k));
        self
    }

    pub fn at(&self, s: Sq) -> Option<(Color, Kind)> {
        self.pieces
            .iter()
            .find(|p| p.0 == s)
            .map(|&(_, c, k)| (c, k))
    }

    /// The position in VFEN.
    pub fn vfen(&self) -> String {
        let v = &self.v;
        let mut board = String::new();
        for y in (0..v.height()).rev() {
            let mut empty = 0;
            for x in 0..v.width() {
                let s = Sq::new(x, y);
                let cell = if !v.exists(s) {
                    Some("*".to_string())
                } else {
                    self.at(s).map(|(c, k)| {
                        let l = v.letter(k);
                        match c {
                            Color::White => l.to_string(),
                            Color::Black => l.to_ascii_lowercase().to_string(),
                        }
                    })
                };
                match cell {
                    Some(t) => {
                        if empty > 0 {
                            board.push_str(&empty.to_string());
                            empty = 0;
                        }
                        board.push_str(&t);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                board.push_str(&empty.to_string());
            }
            if y > 0 {
                board.push('/');
            }
        }
        let mut hand = String::new();
        for c in Color::BOTH {
            for &k in v.hand_kinds() {
                for _ in self.hand.iter().filter(|h| **h == (c, k)) {
                    let l = v.letter(k);
                    hand.push(match c {
                        Color::White => l,
                        Color::Black => l.to_ascii_lowercase(),
                    });
                }
            }
        }
        if hand.is_empty() {
            hand.push('-');
        }
        format!(
            "{board} {} {} - {hand} {} 1",
            self.side.letter(),
            self.castling,
            self.halfmove
        )
    }

    /// The position, if the rules accept it.
    pub fn position(&self) -> Option<Position> {
        Position::from_vfen(&self.v, &self.vfen()).ok()
    }
}

/// The square `(dx, dy)` away from `s`, if it exists.
pub(crate) fn offset(v: &Variant, s: Sq, dx: i32, dy: i32) -> Option<Sq> {
    let (x, y) = (s.x as i32 + dx, s.y as i32 + dy);
    let t = Sq::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?);
    (x < v.width() as i32 && y < v.height() as i32 && v.exists(t)).then_some(t)
}

/// The existing square nearest the middle of the board.
pub(crate) fn middle(v: &Variant) -> Sq {
    let (cx, cy) = (v.width() as i32 - 1, v.height() as i32 - 1);
    v.squares()
        .min_by_key(|s| {
            let (dx, dy) = (2 * s.x as i32 - cx, 2 * s.y as i32 - cy);
            (dx * dx + dy * dy, s.y, s.x)
        })
        .unwrap_or(Sq::new(0, 0))
}

/// A plain piece of the variant to stand in the way or be captured on `s`
/// by side `c`: a pawn where a pawn may stand, else the first piece that is
/// neither royal nor special.
pub(crate) fn extra_kind(v: &Variant, c: Color, s: Sq) -> Option<Kind> {
    let kinds = v.piece_kinds();
    let pawn_ok = kinds.contains(&Kind::Pawn) && {
        let ry = v.geo.relative_y(s.y, c == Color::White);
        ry > 0 && ry < v.promotion.last
    };
    if pawn_ok {
        return Some(Kind::Pawn);
    }
    kinds.into_iter().find(|k| {
        ![
            Kind::King,
            Kind::Pawn,
            Kind::NinjaPawn,
            Kind::Warlord,
            Kind::Relay,
            Kind::Ghost,
        ]
        .contains(k)
    })
}
