//! Replay: which ply of the match the board shows. The cursor ([`Replay`])
//! is view state — stepping through the history never touches [`Match`].
//! Devices ask for steps ([`ReplayStep`]); the replay answers with
//! [`ReplayMoved`], carrying the announcements of a single step forward
//! (the board animates it like a played move) or none (the board is
//! rebuilt at the new ply). Moves the match makes while an earlier ply is
//! shown are counted, not shown, until the player goes back to the live
//! position. A move chosen at an earlier ply is not requested: it asks for
//! a new line ([`NewLineAsked`]); once confirmed, the match truncates to
//! that ply (`MatchCommand::TruncateTo`, the old continuation kept) and the
//! queued move is requested the frame after.
//!
//! The board may also show a line that is not the match's (the engine's
//! best line of a review, [`Replay::show_line`]): it branches from a ply of
//! the match and is stepped with the same steps (next / previous within the
//! line; first, last or a jump leave it). While [`Replay::tries`] is set, a
//! move chosen at an earlier ply is a try ([`TriedMove`], "learn from your
//! mistakes") and starts no new line.

use crate::match_state::CurrentMatch;
use crate::match_state::{Announcement, Match, MoveApplied, MoveIntent, announce};
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_rules::{Kind, Move, PieceInfo, Position, Sq};
use std::sync::Arc;

/// Registers the replay cursor, its messages, and its systems (before the
/// legal moves, which are the shown position's).
pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReplayStep>();
    app.add_message::<ReplayMoved>();
    app.add_message::<NewLineAsked>();
    app.add_message::<TriedMove>();
    let systems = (follow_match, apply_steps).chain();
    app.init_resource::<Replay>()
        .add_systems(Update, systems.in_set(AppSystems::FollowMatch));
}

/// A step through the history of the match.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayStep {
    /// The start position.
    First,
    /// One move back.
    Prev,
    /// One move on.
    Next,
    /// The live position.
    Last,
    /// The position after this many moves (the move list's entries).
    To(usize),
}

/// The shown ply changed: from, to, and the announcements to animate (a
/// single step: forward, what the move did; back, [`reverse`]) or `None`
/// (a jump: the board is rebuilt at the new ply).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ReplayMoved {
    /// The ply shown before.
    pub from: usize,
    /// The ply shown now.
    pub to: usize,
    /// What the step does, square by square, when it is one move.
    pub effects: Option<Vec<Announcement>>,
}

/// A move was chosen while an earlier ply is shown: playing it starts a new
/// line from there, which the player must confirm first.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewLineAsked(pub MoveIntent);

/// A move chosen at an earlier ply while [`Replay::tries`] is set: a try
/// at a better move (the review answers it), not a new line.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TriedMove(pub MoveIntent);

/// The earlier ply on show.
#[derive(Clone)]
struct View {
    ply: usize,
    /// The match's moves up to it (the view ends if the match changes them).
    moves: Vec<Move>,
    /// A line branching from `ply` (not the match's), and how many of its
    /// moves are shown.
    line: Vec<Move>,
    line_at: usize,
    position: Position,
}

/// Which ply the board shows: the live position, or an earlier one.
#[derive(Resource, Default, Clone)]
pub struct Replay {
    view: Option<View>,
    missed: usize,
    queued: Option<MoveIntent>,
    /// Set for a game whose history is not this screen's to rewrite (a
    /// network game): a move chosen at an earlier ply is refused instead of
    /// starting a new line.
    pub no_new_lines: bool,
    /// A move chosen at an earlier ply is a try ([`TriedMove`]): "learn
    /// from your mistakes" is on.
    pub tries: bool,
}

impl Replay {
    /// Whether the board shows the live position.
    pub fn is_live(&self) -> bool {
        self.view.is_none()
    }
    /// The number of moves of the position shown.
    pub fn shown_ply(&self, game: &Match) -> usize {
        self.view.as_ref().map_or(game.ply(), |v| v.ply)
    }
    /// The position shown.
    pub fn position<'a>(&'a self, game: &'a Match) -> &'a Position {
        self.view.as_ref().map_or(game.position(), |v| &v.position)
    }
    /// Moves the match made since an earlier ply is shown.
    pub fn missed(&self) -> usize {
        self.missed
    }
    /// The line on show that is not the match's, if any: its moves (from
    /// the shown ply) and how many of them are played on the board.
    pub fn line(&self) -> Option<(&[Move], usize)> {
        self.view
            .as_ref()
            .filter(|v| !v.line.is_empty())
            .map(|v| (v.line.as_slice(), v.line_at))
    }
    /// The last move the board shows played: the line's last shown move in
    /// a line, else the match's move before the shown ply.
    pub fn last_move(&self, game: &Match) -> Option<Move> {
        match self.line() {
            Some((line, at)) if at > 0 => Some(line[at - 1]),
            _ => game.game().moves()[..self.shown_ply(game)].last().copied(),
        }
    }
    /// Shows `line` (legal moves from the position after `ply` moves of
    /// `game`) branching from there, none of its moves played yet: steps
    /// forward play it. An empty line shows the ply as usual.
    pub fn show_line(&mut self, game: &Match, ply: usize, line: Vec<Move>) {
        self.show(game, ply.min(game.ply()));
        if line.is_empty() {
            return;
        }
        let ply = ply.min(game.ply());
        let view = self.view.get_or_insert_with(|| View {
            ply,
            moves: game.game().moves()[..ply].to_vec(),
            line: Vec::new(),
            line_at: 0,
            position: game.position().clone(),
        });
        view.line = line;
        view.line_at = 0;
    }
    /// Requests `req` as soon as the match is at its ply (after a confirmed
    /// truncation).
    pub fn queue(&mut self, req: MoveIntent) {
        self.queued = Some(req);
    }

    /// Shows the position after `ply` moves of `game` (the live one from
    /// its last ply on).
    fn show(&mut self, game: &Match, ply: usize) {
        if ply >= game.ply() {
            self.view = None;
            self.missed = 0;
            return;
        }
        let moves = game.game().moves()[..ply].to_vec();
        let mut position = game.game().start().clone();
        for &m in &moves {
            position.make_move(m);
        }
        self.view = Some(View {
            ply,
            moves,
            line: Vec::new(),
            line_at: 0,
            position,
        });
    }
}

/// The ply a step goes to, from `from` in a game of `live` moves.
pub fn target(step: ReplayStep, from: usize, live: usize) -> usize {
    match step {
        ReplayStep::First => 0,
        ReplayStep::Prev => from.saturating_sub(1),
        ReplayStep::Next => (from + 1).min(live),
        ReplayStep::Last => live,
        ReplayStep::To(n) => n.min(live),
    }
}

/// The view follows the match: it ends when the match no longer has the
/// shown moves (undo below it, another game), becomes live when the match
/// is back at its ply, and counts the moves made meanwhile. A queued new
/// line move is requested once the match is at its ply.
pub(super) fn follow_match(
    game: Option<Res<CurrentMatch>>,
    mut replay: ResMut<Replay>,
    mut applied: MessageReader<MoveApplied>,
    mut requests: MessageWriter<MoveIntent>,
) {
    let new_moves = applied.read().count();
    let Some(game) = game else {
        if replay.view.is_some() || replay.queued.is_some() {
            replay.view = None;
            replay.missed = 0;
            replay.queued = None;
        }
        return;
    };
    if replay.queued.is_some()
        && let Some(req) = replay.queued.take()
        && game.ply() == req.ply
    {
        requests.write(req);
    }
    let Some(v) = &replay.view else { return };
    if !game.is_changed() {
        return;
    }
    let same_line = Arc::ptr_eq(v.position.variant(), game.variant())
        && game.game().moves().get(..v.ply) == Some(v.moves.as_slice());
    let back_at_ply = game.ply() <= v.ply && v.line.is_empty();
    if !same_line || back_at_ply {
        replay.view = None;
        replay.missed = 0;
    } else {
        replay.missed += new_moves;
    }
}

/// What taking back `m` (played in `before`) shows, square by square: a
/// dropped piece leaves, movers go back (a promoted piece as it was), the
/// captured pieces come back, changed forms (mutation, crowning) change
/// back — in the order views apply announcements (removals, moves,
/// arrivals, form changes).
pub fn reverse(before: &Position, m: Move) -> Vec<Announcement> {
    let forward = announce(before, m);
    let was = |at: Sq| before.piece_at(at);
    let mut out = Vec::new();
    for a in &forward {
        if let Announcement::Dropped { to, piece, .. } = a {
            out.push(Announcement::Captured {
                at: *to,
                piece: *piece,
            });
        }
    }
    for a in &forward {
        if let Announcement::Moved { from, to, leap, .. } = a
            && let Some(piece) = was(*from)
        {
            out.push(Announcement::Moved {
                from: *to,
                to: *from,
                piece,
                leap: *leap,
            });
        }
    }
    for a in &forward {
        if let Announcement::Captured { at, piece } = a {
            out.push(Announcement::Dropped {
                at: *at,
                to: *at,
                piece: *piece,
            });
        }
    }
    let mut back = |at: Sq, now: PieceInfo| {
        if let Some(piece) = was(at) {
            out.push(Announcement::Mutated {
                at,
                from: now.kind,
                piece,
            });
        }
    };
    for a in &forward {
        match a {
            Announcement::Mutated { at, piece, .. } => back(*at, *piece),
            Announcement::Crowned { king_at, prince_at } => {
                for at in [*king_at, *prince_at] {
                    if let Some(p) = was(at) {
                        let now = PieceInfo {
                            kind: if at == *king_at {
                                Kind::NinjaPawn
                            } else {
                                Kind::King
                            },
                            ..p
                        };
                        back(at, now);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Moves the shown ply as asked; a single step carries its announcements
/// (forward or reversed), a jump asks for a rebuild.
pub(super) fn apply_steps(
    mut steps: MessageReader<ReplayStep>,
    game: Option<Res<CurrentMatch>>,
    mut replay: ResMut<Replay>,
    mut moved: MessageWriter<ReplayMoved>,
) {
    let Some(game) = game else {
        steps.clear();
        return;
    };
    let asked: Vec<ReplayStep> = steps.read().copied().collect();
    if asked.is_empty() {
        return;
    }
    if replay.line().is_some() {
        step_line(&asked, &game, &mut replay, &mut moved);
        return;
    }
    let from = replay.shown_ply(&game);
    let to = asked.iter().fold(from, |at, s| target(*s, at, game.ply()));
    if to == from {
        return;
    }
    let moves = game.game().moves();
    let effects = (to == from + 1).then(|| announce(replay.position(&game), moves[from]));
    replay.show(&game, to);
    let effects =
        effects.or_else(|| (to + 1 == from).then(|| reverse(replay.position(&game), moves[to])));
    moved.write(ReplayMoved { from, to, effects });
}

/// Steps within a shown line: next and previous play and take back its
/// moves (animated; the plies reported count the line's moves after the
/// branching ply); previous at its start, first, last or a jump leave it
/// and show the match's ply as a step there would.
fn step_line(
    asked: &[ReplayStep],
    game: &Match,
    replay: &mut Replay,
    moved: &mut MessageWriter<ReplayMoved>,
) {
    let Some(v) = replay.view.as_mut() else {
        return;
    };
    let (base, from) = (v.ply, v.ply + v.line_at);
    let mut effects: Vec<Announcement> = Vec::new();
    let mut single = true;
    for (i, step) in asked.iter().enumerate() {
        match step {
            ReplayStep::Next if v.line_at < v.line.len() => {
                let m = v.line[v.line_at];
                effects.extend(announce(&v.position, m));
                v.position.make_move(m);
                v.line_at += 1;
            }
            ReplayStep::Next => {}
            ReplayStep::Prev if v.line_at > 0 => {
                v.line_at -= 1;
                let mut before = game.game().start().clone();
                for &m in v.moves.iter().chain(&v.line[..v.line_at]) {
                    before.make_move(m);
                }
                effects.extend(reverse(&before, v.line[v.line_at]));
                v.position = before;
            }
            _ => {
                // Out of the line: the match's plies again.
                let at = match step {
                    ReplayStep::Prev => base,
                    s => target(*s, base, game.ply()),
                };
                replay.show(game, at);
                let rest: Vec<ReplayStep> = asked[i + 1..].to_vec();
                let to = rest.iter().fold(at, |at, s| target(*s, at, game.ply()));
                replay.show(game, to);
                moved.write(ReplayMoved {
                    from,
                    to,
                    effects: None,
                });
                return;
            }
        }
        single &= i == 0;
    }
    let to = v.ply + v.line_at;
    if to != from {
        moved.write(ReplayMoved {
            from,
            to,
            effects: single.then_some(effects),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stop_at_the_ends() {
        assert_eq!(target(ReplayStep::Prev, 0, 5), 0);
        assert_eq!(target(ReplayStep::Next, 5, 5), 5);
        assert_eq!(target(ReplayStep::Next, 2, 5), 3);
        assert_eq!(target(ReplayStep::First, 4, 5), 0);
        assert_eq!(target(ReplayStep::Last, 1, 5), 5);
        assert_eq!(target(ReplayStep::To(9), 1, 5), 5);
        assert_eq!(target(ReplayStep::To(2), 4, 5), 2);
    }

    #[test]
    fn an_earlier_ply_shows_its_position_and_the_match_is_untouched() {
        let m = Match::start("chess", &[], &["e2e4".into(), "e7e5".into(), "g1f3".into()])
            .expect("chess");
        let mut r = Replay::default();
        r.show(&m, 1);
        assert!(!r.is_live());
        assert_eq!(r.shown_ply(&m), 1);
        assert_eq!(
            r.position(&m).to_vfen(),
            Match::start("chess", &[], &["e2e4".into()])
                .expect("chess")
                .position()
                .to_vfen()
        );
        assert_eq!(m.ply(), 3);
        r.show(&m, 3);
        assert!(r.is_live());
        assert_eq!(r.position(&m).to_vfen(), m.position().to_vfen());
    }
}
