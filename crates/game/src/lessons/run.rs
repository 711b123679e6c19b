//! A lesson being played: each move the learner makes (and each reply of
//! the game) is handed to [`LessonRun::play`], which judges it by the rules
//! and the lesson's goal. The window plays the same moves on its board
//! through the normal move path; the tests play every lesson's solution
//! here.

use std::sync::Arc;

use chimera_rules::{Color, Game, Kind, Move, MoveKind, Position, RulesError, Sq, Variant};

use super::{Goal, Lesson, Scene};

/// What a move did to the lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on: the board shows [`LessonRun::position`] (in a collect lesson,
    /// the piece's new board with White to move again).
    Continue,
    /// The game answers with this move: play it on the board, then hand it
    /// to [`LessonRun::play`] too.
    Reply(Move),
    /// Solved, in this many of the learner's moves (with the par of a
    /// collect lesson).
    Solved {
        /// The learner's moves.
        moves: usize,
        /// The fewest that solve it, if known.
        par: Option<usize>,
    },
    /// Not this: why, in words. The lesson starts again.
    Wrong(String),
}

/// A collect lesson's board: every piece but the taught one, and the targets.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    base: Scene,
    targets: Vec<Sq>,
}

/// Where a collect lesson stands: the taught piece's square and kind (a
/// pawn may promote), and the targets done (bit per target).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Spot {
    at: Sq,
    kind: Kind,
    done: u32,
}

impl Board {
    /// The board of the lesson starting at `start` with the taught piece on `piece`.
    pub fn new(v: &Arc<Variant>, start: &str, piece: Sq, targets: &[Sq]) -> Option<(Board, Spot)> {
        let pos = Position::from_vfen(v, start).ok()?;
        let p = pos.piece_at(piece).filter(|p| p.color == Color::White)?;
        let mut base = Scene::new(v);
        for s in v.squares().filter(|&s| s != piece) {
            if let Some(q) = pos.piece_at(s) {
                base.put(s, q.color, q.kind);
            }
        }
        let spot = Spot {
            at: piece,
            kind: p.kind,
            done: 0,
        };
        (targets.len() < 32).then_some(())?;
        Some((
            Board {
                base,
                targets: targets.to_vec(),
            },
            spot,
        ))
    }

    /// The position at `spot`, White to move: the enemies on done targets gone.
    pub fn position(&self, spot: Spot) -> Option<Position> {
        let mut scene = self.base.clone();
        for (i, t) in self.targets.iter().enumerate() {
            if spot.done & (1 << i) != 0 {
                scene.pieces.retain(|p| !(p.0 == *t && p.1 == Color::Black));
            }
        }
        scene.put(spot.at, Color::White, spot.kind);
        scene.position()
    }

    /// The spot after the taught piece plays `mv` in `pos` (the position
    /// at `spot`); `None` when `mv` is not its move.
    pub fn step(&self, pos: &Position, spot: Spot, mv: Move) -> Option<Spot> {
        if pos.move_from(mv) != Some(spot.at) || mv.kind() == MoveKind::Mutate {
            return None;
        }
        let to = pos.move_to(mv)?;
        let mut after = pos.clone();
        after.make_move(mv);
        let kind = after.piece_at(to)?.kind;
        let enemy = |p: &Position, t: Sq| p.piece_at(t).is_some_and(|q| q.color == Color::Black);
        let mut done = spot.done;
        for (i, &t) in self.targets.iter().enumerate() {
            if t == to || (enemy(pos, t) && !enemy(&after, t)) {
                done |= 1 << i;
            }
        }
        Some(Spot { at: to, kind, done })
    }

    /// Whether every target is done.
    pub fn all_done(&self, spot: Spot) -> bool {
        spot.done == (1u32 << self.targets.len()) - 1
    }

    /// The targets not done yet.
    fn left(&self, spot: Spot) -> Vec<Sq> {
        let targets = self.targets.iter().enumerate();
        targets
            .filter(|(i, _)| spot.done & (1 << i) == 0)
            .map(|(_, t)| *t)
            .collect()
    }
}

#[derive(Clone)]
enum Mode {
    Collect {
        board: Board,
        spot: Spot,
        pos: Position,
    },
    Rule {
        game: Game,
        /// The learner's solution moves played so far.
        step: usize,
        /// The game's reply, once announced and not yet played.
        reply: Option<Move>,
    },
}

/// A lesson being played.
#[derive(Clone)]
pub struct LessonRun {
    lesson: Lesson,
    variant: Arc<Variant>,
    mode: Mode,
    moves: usize,
}

impl LessonRun {
    /// Starts `lesson` of `v`; fails when its position does not read.
    pub fn new(v: &Arc<Variant>, lesson: &Lesson) -> Result<LessonRun, RulesError> {
        let mode = match &lesson.goal {
            Goal::Collect { piece, targets, .. } => {
                let (board, spot) = Board::new(v, &lesson.start, *piece, targets)
                    .ok_or_else(|| bad_lesson(lesson))?;
                let pos = board.position(spot).ok_or_else(|| bad_lesson(lesson))?;
                Mode::Collect { board, spot, pos }
            }
            _ => Mode::Rule {
                game: Game::from_vfen(v, &lesson.start)?,
                step: 0,
                reply: None,
            },
        };
        Ok(LessonRun {
            lesson: lesson.clone(),
            variant: v.clone(),
            mode,
            moves: 0,
        })
    }

    /// The lesson.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The position the board shows now.
    pub fn position(&self) -> &Position {
        match &self.mode {
            Mode::Collect { pos, .. } => pos,
            Mode::Rule { game, .. } => game.position(),
        }
    }

    /// The targets still to visit or clear.
    pub fn targets_left(&self) -> Vec<Sq> {
        match &self.mode {
            Mode::Collect { board, spot, .. } => board.left(*spot),
            Mode::Rule { .. } => Vec::new(),
        }
    }

    /// The learner's moves so far.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Back to the start.
    pub fn restart(&mut self) {
        if let Ok(fresh) = LessonRun::new(&self.variant, &self.lesson) {
            *self = fresh;
        }
    }

    /// A move to try next (LMN), for the hint.
    pub fn hint(&self) -> Option<String> {
        match &self.mode {
            Mode::Collect { board, spot, .. } => {
                super::pieces::solve(board, *spot)?.into_iter().next()
            }
            Mode::Rule { step, reply, .. } => reply
                .is_none()
                .then(|| self.lesson.solution.get(*step).cloned())?,
        }
    }

    /// [`LessonRun::play`] of a move in LMN, read in the position shown.
    pub fn play_lmn(&mut self, lmn: &str) -> Result<Verdict, RulesError> {
        let mv = self.position().parse_lmn(lmn)?;
        Ok(self.play(mv))
    }

    /// Judges `mv`, played on the board shown (the learner's move, or the
    /// game's announced reply).
    pub fn play(&mut self, mv: Move) -> Verdict {
        let name = self.lesson.shows.map(|k| k.name()).unwrap_or("piece");
        match &mut self.mode {
            Mode::Collect { board, spot, pos } => {
                if !pos.legal_moves().contains(&mv) {
                    return Verdict::Wrong("That move is not legal here.".into());
                }
                if mv.kind() == MoveKind::Mutate {
                    return Verdict::Wrong(format!(
                        "This lesson is about how the {name} moves: move it, do not mutate it."
                    ));
                }
                let Some(next) = board.step(pos, *spot, mv) else {
                    return Verdict::Wrong(format!(
                        "Move the {name}: the other pieces only stand in its way."
                    ));
                };
                let Some(next_pos) = board.position(next) else {
                    return Verdict::Wrong(format!("The {name} cannot go on from there."));
                };
                self.moves += 1;
                *spot = next;
                *pos = next_pos;
                if board.all_done(next) {
                    let par = match self.lesson.goal {
                        Goal::Collect { par, .. } => Some(par),
                        _ => None,
                    };
                    return Verdict::Solved {
                        moves: self.moves,
                        par,
                    };
                }
                if !pos
                    .legal_moves()
                    .iter()
                    .any(|&m| pos.move_from(m) == Some(next.at))
                {
                    return Verdict::Wrong(format!("The {name} cannot move from there."));
                }
                Verdict::Continue
            }
            Mode::Rule { game, step, reply } => {
                let lesson = &self.lesson;
                let solved = |moves| Verdict::Solved { moves, par: None };
                if let Some(r) = reply.take() {
                    if r != mv || game.play(mv).is_err() {
                        return Verdict::Wrong("The board and the lesson disagree.".into());
                    }
                    return match game.outcome() {
                        o if goal_met(&lesson.goal, o) => solved(self.moves),
                        Some(_) => Verdict::Wrong("That ends the game another way.".into()),
                        None => Verdict::Continue,
                    };
                }
                let lmn = game.position().lmn(mv);
                if let Err(e) = game.play(mv) {
                    return Verdict::Wrong(format!("Not legal: {e}."));
                }
                self.moves += 1;
                let on_line = lesson.solution.get(*step) == Some(&lmn);
                let wanted = matches!(&lesson.goal, Goal::Play(w) if w.contains(&lmn));
                if wanted || goal_met(&lesson.goal, game.outcome()) {
                    return solved(self.moves);
                }
                if game.outcome().is_some() {
                    return Verdict::Wrong("That ends the game another way.".into());
                }
                let legal = game.position().legal_moves();
                let scripted = lesson
                    .replies
                    .get(*step)
                    .filter(|_| on_line)
                    .and_then(|r| game.position().parse_lmn(r).ok());
                let forced = (legal.len() == 1).then(|| legal[0]);
                if on_line {
                    *step += 1;
                    return match scripted.or(forced) {
                        Some(r) => {
                            *reply = Some(r);
                            Verdict::Reply(r)
                        }
                        None => Verdict::Continue,
                    };
                }
                // Off the solution: right only if the forced reply reaches the goal.
                if let Some(r) = forced {
                    let mut probe = game.clone();
                    if probe.play(r).is_ok() && goal_met(&lesson.goal, probe.outcome()) {
                        *reply = Some(r);
                        return Verdict::Reply(r);
                    }
                }
                Verdict::Wrong("Not this one.".into())
            }
        }
    }
}

/// Whether `outcome` is the end `goal` asks for.
fn goal_met(goal: &Goal, outcome: Option<chimera_rules::Outcome>) -> bool {
    match (goal, outcome) {
        (Goal::End { winner, reason }, Some(o)) => o.winner == *winner && o.reason == *reason,
        _ => false,
    }
}

fn bad_lesson(lesson: &Lesson) -> RulesError {
    RulesError::BadVfen {
        field: chimera_rules::VfenField::Board,
        detail: format!("of lesson {}: its piece is not on its square", lesson.id),
    }
}
