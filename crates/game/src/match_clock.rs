//! The clock of a [`Match`]: a pure [`Clock`] on the match's own time line,
//! given the time by [`Match::tick`] (the window's frame time, the host's
//! time line).
//!
//! - [`Match::tick`]: the clock of the side to move runs unless the game is
//!   over, the player paused it or the caller holds it (a menu in front). It
//!   runs from the first tick of the game on, before White's first move too.
//! - [`Match::play`] presses it: the move is charged (after any delay), the
//!   increment or period time added, the other side's clock starts.
//! - A flag fall ends the game with `EndReason::TimeForfeit`; the winner is
//!   the opponent unless [`flag_result`] rules a draw (an opponent left with
//!   a bare king in a variant with the bare-kings rule cannot win).
//! - Undo puts the clock back as it was just before the undone move was
//!   made (each move keeps a snapshot from before and after it): the mover
//!   gets back the time on the clock then, minus what it had already spent
//!   thinking on that move; redo restores the snapshot from after the move.
//!   Moves played before the clock existed (a game started from a move
//!   list) have no snapshot: undoing them only hands the turn back.

use std::time::Duration;

use chimera_rules::{Color, Outcome};

use crate::clock::{Clock, ClockState, TimeControl, flag_result};
use crate::game_match::Match;

/// Below this a side's time shows in the low-time colour and the low-time
/// sound plays: a quarter of the starting time, at most 20 seconds.
pub fn low_time(control: TimeControl) -> Duration {
    (control.initial() / 4).min(Duration::from_secs(20))
}

/// The clock's part of a move: the clock just before and just after it,
/// and the mover's time after it (what a record's `[%clk]` shows).
#[derive(Clone, Debug)]
struct Stamp {
    states: Option<(ClockState, ClockState)>,
    time: Option<Duration>,
}

/// The clock of a [`Match`], its history by move and the last time given.
#[derive(Clone, Debug)]
pub(crate) struct MatchClock {
    clock: Clock,
    now: Duration,
    /// Paused by the player.
    pub(crate) paused: bool,
    /// One per move of the game.
    history: Vec<Stamp>,
    /// One per move of the match's redo list.
    redo: Vec<Stamp>,
}

const NO_STAMP: Stamp = Stamp {
    states: None,
    time: None,
};

impl MatchClock {
    /// A stopped clock for a game that has `moves` moves already.
    pub(crate) fn new(clock: Clock, moves: usize) -> MatchClock {
        MatchClock {
            clock,
            now: Duration::ZERO,
            paused: false,
            history: vec![NO_STAMP; moves],
            redo: Vec::new(),
        }
    }

    /// Pauses (at the time of the last tick) or lets the next tick resume.
    pub(crate) fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
        if paused {
            self.clock.pause(self.now);
        }
    }

    /// The side to move pressed the clock (a move was played).
    pub(crate) fn pressed(&mut self, game_over: bool) {
        let before = self.clock.state(self.now);
        let time = self.clock.move_made(self.now).ok().flatten();
        if game_over {
            self.clock.pause(self.now);
        }
        self.history.push(Stamp {
            states: Some((before, self.clock.state(self.now))),
            time,
        });
        self.redo.clear();
    }

    /// The redo list was replaced by moves without snapshots (a set-aside
    /// line brought back): replaying them hands the turn over only.
    pub(crate) fn forget_redo(&mut self) {
        self.redo.clear();
    }

    /// The last move was taken back.
    pub(crate) fn undone(&mut self) {
        let stamp = self.history.pop().unwrap_or(NO_STAMP);
        self.restore(stamp.states.as_ref().map(|s| &s.0));
        self.redo.push(stamp);
    }

    /// The last taken-back move was replayed.
    pub(crate) fn redone(&mut self, game_over: bool) {
        let stamp = self.redo.pop().unwrap_or(NO_STAMP);
        self.restore(stamp.states.as_ref().map(|s| &s.1));
        if game_over {
            self.clock.pause(self.now);
        }
        self.history.push(stamp);
    }

    /// A takeback that gives no time back (a LAN game's): `undone` moves are
    /// dropped from the history, both sides keep the time they show, and the
    /// clock, stopped, times `to_move` with each side's moves counted again
    /// from the `moves` left (sides alternate).
    pub(crate) fn taken_back(&mut self, undone: usize, moves: usize, to_move: Color) {
        for _ in 0..undone {
            self.history.pop();
        }
        self.redo.clear();
        let c = &self.clock;
        let left =
            [Color::White, Color::Black].map(|s| c.remaining(s, self.now).unwrap_or_default());
        // The side to move made moves/2 of them, the other the rest.
        let (mover, other) = (moves as u32 / 2, (moves as u32).div_ceil(2));
        let mut count = [mover, mover];
        count[to_move.opposite().index()] = other;
        let state = ClockState {
            control: c.control(),
            left,
            to_move,
            turn_elapsed: Duration::ZERO,
            running: false,
            moves: count,
            flagged: false,
        };
        self.clock = Clock::from_state(&state, self.now);
    }

    /// The clock as `state` says, stopped (the next tick starts it again);
    /// without a state, the same times with the turn handed over.
    fn restore(&mut self, state: Option<&ClockState>) {
        let mut s = match state {
            Some(s) => *s,
            None => {
                let mut s = self.clock.state(self.now);
                s.to_move = s.to_move.opposite();
                s.turn_elapsed = Duration::ZERO;
                s
            }
        };
        s.running = false;
        s.flagged = false;
        self.clock = Clock::from_state(&s, self.now);
    }
}

impl Match {
    /// The clock (stopped and without time when the game is untimed).
    pub fn clock(&self) -> &Clock {
        &self.clock.clock
    }

    /// The time of the last [`Match::tick`], on the clock's time line.
    pub fn now(&self) -> Duration {
        self.clock.now
    }

    /// The clock now: what a saved match or the wire keeps.
    pub fn clock_state(&self) -> ClockState {
        self.clock.clock.state(self.clock.now)
    }

    /// What `side`'s clock shows now; `None` in an untimed game.
    pub fn remaining(&self, side: Color) -> Option<Duration> {
        self.clock.clock.remaining(side, self.clock.now)
    }

    /// Pauses (`true`) or resumes (`false`) the clock at the player's wish.
    pub fn set_clock_paused(&mut self, paused: bool) {
        self.clock.set_paused(paused);
    }

    /// Whether the player paused the clock.
    pub fn clock_paused(&self) -> bool {
        self.clock.paused
    }

    /// Per move of the game, the mover's time right after it (increment
    /// included): what a record writes as `{[%clk …]}`. `None` in an untimed
    /// game and for moves the clock did not see.
    pub fn move_times(&self) -> Vec<Option<Duration>> {
        self.clock.history.iter().map(|s| s.time).collect()
    }

    /// Puts the clock of a resumed game back: `state` (stopped until the
    /// next tick) and the per-move times of its record (as
    /// [`Match::move_times`] gives them; missing ones count as `None`).
    /// Undo then hands the turn back without changing the times.
    pub fn restore_clock(&mut self, state: &ClockState, move_times: &[Option<Duration>]) {
        let moves = self.game.moves().len();
        self.clock.history = (0..moves)
            .map(|i| Stamp {
                states: None,
                time: move_times.get(i).copied().flatten(),
            })
            .collect();
        self.clock.redo.clear();
        self.clock.restore(Some(state));
    }

    /// Takes the clock an authority sends (a LAN client follows its host's):
    /// `state` from the time of the last tick on, the history kept.
    pub fn set_clock(&mut self, state: &ClockState) {
        self.clock.clock = Clock::from_state(state, self.clock.now);
    }

    /// Starts (`false`) or stops (`true`) the clock at the time of the last
    /// tick without calling a flag; a match that is over keeps it stopped
    /// (a copy that follows an authority's clock).
    pub fn hold_clock(&mut self, hold: bool) {
        let now = self.clock.now;
        if hold || self.ended.is_some() {
            self.clock.clock.pause(now);
        } else {
            self.clock.clock.start(now);
        }
    }

    /// Lets time pass without deciding anything: the clock runs or stands as
    /// it was set ([`Match::set_clock`]) and no flag is called — a copy that
    /// follows an authority's clock for display.
    pub fn follow_time(&mut self, now: Duration) {
        self.clock.now = now;
    }

    /// Gives the match the time `now`: the clock of the side to move runs
    /// unless the game is over, the player paused it or `hold` is set; a
    /// flag that falls ends the game ([`EndReason::TimeForfeit`]), and the
    /// outcome is returned.
    pub fn tick(&mut self, now: Duration, hold: bool) -> Option<Outcome> {
        self.clock.now = now;
        if self.ended.is_some() || hold || self.clock.paused {
            self.clock.clock.pause(now);
        } else {
            self.clock.clock.start(now);
        }
        self.flag_fall()
    }

    /// Ends the game if the side to move has run out of time; its outcome.
    pub(crate) fn flag_fall(&mut self) -> Option<Outcome> {
        if self.ended.is_some() {
            return None;
        }
        let side = self.clock.clock.flag(self.clock.now)?;
        let outcome = flag_result(self.position(), side);
        self.ended = Some(outcome);
        self.draw_offer = None;
        self.clock.clock.pause(self.clock.now);
        Some(outcome)
    }
}
