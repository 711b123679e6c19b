//! Chess clocks: time controls and a pure clock with injected time.
//!
//! Nothing here reads the system time: every method that needs the time takes
//! `now`, a [`Duration`] on any monotonic time line the caller chooses (the app
//! uses the time since start-up, tests a fake clock). The clock runs for the
//! side to move; [`Clock::move_made`] stops it, charges the move, adds the
//! increment and starts the other side's.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::text::shorten;
use chimera_rules::{Color, EndReason, Kind, Outcome, Position};

/// Longest time a control may name (about 115 days), so sums cannot overflow.
const MAX_SECONDS: u64 = 10_000_000;

/// A time control, written in a record's `TimeControl` tag as shown on each
/// variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum TimeControl {
    /// No clock: `-`.
    #[default]
    None,
    /// Fischer: `base` for the game, `increment` added after each move:
    /// `600+5` (or `600` for sudden death).
    Fischer {
        /// Time at the start.
        base: Duration,
        /// Added after every move.
        increment: Duration,
    },
    /// Simple (US) delay: the first `delay` of every move is free: `600d5`.
    Delay {
        /// Time at the start.
        base: Duration,
        /// Free time at the start of every move.
        delay: Duration,
    },
    /// Fixed time per move, unused time lost: `*30`. (The PGN standard uses `*`
    /// for an hourglass; Chimera has no hourglass and gives it this meaning.)
    PerMove {
        /// Time for each move.
        time: Duration,
    },
    /// Moves per period: `40/5400` gives 5400 s for 40 moves, and 5400 s more
    /// after every 40 moves.
    Periods {
        /// Moves per period.
        moves: u32,
        /// Time added at the start of every period.
        time: Duration,
    },
}

/// Why a `TimeControl` text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a time control ({why}); use -, 600+5, 600d5, *30 or 40/5400")]
pub struct TimeControlError {
    text: String,
    why: &'static str,
}

fn seconds(text: &str, whole: &str, min: u64) -> Result<Duration, TimeControlError> {
    let bad = |why| TimeControlError {
        text: shorten(whole),
        why,
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad("expected whole seconds"));
    }
    let n: u64 = text.parse().map_err(|_| bad("number too large"))?;
    if n > MAX_SECONDS {
        return Err(bad("more than 10000000 seconds"));
    }
    if n < min {
        return Err(bad("the time must be at least 1 second"));
    }
    Ok(Duration::from_secs(n))
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads the tag forms `-`, `600`, `600+5`, `600d5`, `*30`, `40/5400`
    /// (`?`, unknown, reads as no clock).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let t = text.trim();
        if t == "-" || t == "?" {
            return Ok(TimeControl::None);
        }
        if let Some(per) = t.strip_prefix('*') {
            return Ok(TimeControl::PerMove {
                time: seconds(per, text, 1)?,
            });
        }
        if let Some((moves, time)) = t.split_once('/') {
            let moves = seconds(moves, text, 1)?.as_secs();
            return Ok(TimeControl::Periods {
                moves: u32::try_from(moves).map_err(|_| TimeControlError {
                    text: shorten(text),
                    why: "too many moves per period",
                })?,
                time: seconds(time, text, 1)?,
            });
        }
        if let Some((base, delay)) = t.split_once('d') {
            return Ok(TimeControl::Delay {
                base: seconds(base, text, 1)?,
                delay: seconds(delay, text, 0)?,
            });
        }
        let (base, increment) = t.split_once('+').unwrap_or((t, "0"));
        Ok(TimeControl::Fischer {
            base: seconds(base, text, 1)?,
            increment: seconds(increment, text, 0)?,
        })
    }
}

impl fmt::Display for TimeControl {
    /// The tag form (`-`, `600+5`, `600d5`, `*30`, `40/5400`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => f.write_str("-"),
            TimeControl::Fischer { base, increment } => {
                write!(f, "{}+{}", base.as_secs(), increment.as_secs())
            }
            TimeControl::Delay { base, delay } => {
                write!(f, "{}d{}", base.as_secs(), delay.as_secs())
            }
            TimeControl::PerMove { time } => write!(f, "*{}", time.as_secs()),
            TimeControl::Periods { moves, time } => write!(f, "{moves}/{}", time.as_secs()),
        }
    }
}

impl TimeControl {
    /// Whether there is a clock at all.
    pub fn is_timed(&self) -> bool {
        *self != TimeControl::None
    }

    /// Each side's time at the start of the game.
    pub fn initial(&self) -> Duration {
        match *self {
            TimeControl::None => Duration::ZERO,
            TimeControl::Fischer { base, .. } | TimeControl::Delay { base, .. } => base,
            TimeControl::PerMove { time } | TimeControl::Periods { time, .. } => time,
        }
    }

    /// The part of `elapsed` (time spent on one move) that comes off the clock.
    pub fn charge(&self, elapsed: Duration) -> Duration {
        match *self {
            TimeControl::None => Duration::ZERO,
            TimeControl::Delay { delay, .. } => elapsed.saturating_sub(delay),
            _ => elapsed,
        }
    }
}

/// A clock at one instant: what goes on the wire and into a saved match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// The time control.
    pub control: TimeControl,
    /// Each side's time (White, Black): for the side to move, what it had when
    /// its turn began; for the other, what it had after its last move.
    pub left: [Duration; 2],
    /// The side whose clock runs (or would run).
    pub to_move: Color,
    /// Time already spent on the current move.
    pub turn_elapsed: Duration,
    /// Whether the clock is running (false when paused, not started or over).
    pub running: bool,
    /// Moves made by each side (White, Black) under this clock.
    pub moves: [u32; 2],
    /// Whether the side to move has run out of time.
    pub flagged: bool,
}

/// The side to move ran out of time before its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} ran out of time", .0.name())]
pub struct Flagged(pub Color);

/// A chess clock for two sides. See the module doc for how time is given.
/// A snapshot from elsewhere cannot make it panic: sums saturate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    left: [Duration; 2],
    to_move: Color,
    /// Time spent on the current move before the last start.
    banked: Duration,
    /// When the clock was last started, while it runs.
    since: Option<Duration>,
    moves: [u32; 2],
    flagged: bool,
}

impl Clock {
    /// A stopped clock with both sides' full time, `to_move` to play first.
    pub fn new(control: TimeControl, to_move: Color) -> Clock {
        let t = control.initial();
        Clock {
            control,
            left: [t, t],
            to_move,
            banked: Duration::ZERO,
            since: None,
            moves: [0, 0],
            flagged: false,
        }
    }

    /// The clock a snapshot describes; if it was running, it runs from `now`.
    pub fn from_state(s: &ClockState, now: Duration) -> Clock {
        Clock {
            control: s.control,
            left: s.left,
            to_move: s.to_move,
            banked: s.turn_elapsed,
            since: (s.running && !s.flagged).then_some(now),
            moves: s.moves,
            flagged: s.flagged,
        }
    }

    /// A snapshot at `now`.
    pub fn state(&self, now: Duration) -> ClockState {
        ClockState {
            control: self.control,
            left: self.left,
            to_move: self.to_move,
            turn_elapsed: self.turn_elapsed(now),
            running: self.since.is_some(),
            moves: self.moves,
            flagged: self.flag(now).is_some(),
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }
    /// The side whose clock runs (or would run).
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    /// Whether the clock is running.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }
    /// Moves `side` has made under this clock.
    pub fn moves_made(&self, side: Color) -> u32 {
        self.moves[side.index()]
    }

    /// Time spent on the current move so far.
    pub fn turn_elapsed(&self, now: Duration) -> Duration {
        self.banked
            .saturating_add(self.since.map_or(Duration::ZERO, |s| now.saturating_sub(s)))
    }

    /// What `side`'s clock shows at `now`; `None` without a time control.
    pub fn remaining(&self, side: Color, now: Duration) -> Option<Duration> {
        if !self.control.is_timed() {
            return None;
        }
        let left = self.left[side.index()];
        Some(if side == self.to_move {
            left.saturating_sub(self.control.charge(self.turn_elapsed(now)))
        } else {
            left
        })
    }

    /// The side whose time has run out at `now`, if any (only the side to
    /// move can run out).
    pub fn flag(&self, now: Duration) -> Option<Color> {
        let out = self.flagged
            || self.control.is_timed()
                && self.control.charge(self.turn_elapsed(now)) >= self.left[self.to_move.index()];
        out.then_some(self.to_move)
    }

    /// Starts (or resumes) the clock of the side to move at `now`. Does
    /// nothing if it runs already or a flag has fallen.
    pub fn start(&mut self, now: Duration) {
        if self.since.is_none() && self.flag(now).is_none() {
            self.since = Some(now);
        }
    }

    /// Pauses the clock at `now`, keeping the time spent on this move.
    pub fn pause(&mut self, now: Duration) {
        if self.since.is_some() {
            self.banked = self.turn_elapsed(now);
            self.since = None;
        }
    }

    /// The side to move made its move at `now`: its clock stops, the move is
    /// charged (after any delay), the increment or period time is added and
    /// the other side's clock starts if this one was running. Returns the
    /// mover's time after the move (`None` without a time control), or
    /// [`Flagged`] if its time had run out: then the clock stops for good.
    pub fn move_made(&mut self, now: Duration) -> Result<Option<Duration>, Flagged> {
        let side = self.to_move;
        if self.flag(now).is_some() {
            self.pause(now);
            self.flagged = true;
            return Err(Flagged(side));
        }
        let elapsed = self.turn_elapsed(now);
        let i = side.index();
        self.moves[i] = self.moves[i].saturating_add(1);
        let after = self.left[i].saturating_sub(self.control.charge(elapsed));
        self.left[i] = match self.control {
            TimeControl::None => Duration::ZERO,
            TimeControl::Fischer { increment, .. } => after.saturating_add(increment),
            TimeControl::Delay { .. } => after,
            TimeControl::PerMove { time } => time,
            TimeControl::Periods { moves, time } => {
                if self.moves[i].is_multiple_of(moves.max(1)) {
                    after.saturating_add(time)
                } else {
                    after
                }
            }
        };
        self.to_move = side.opposite();
        self.banked = Duration::ZERO;
        if self.since.is_some() {
            self.since = Some(now);
        }
        Ok(self.remaining(side, now))
    }
}

/// A clock reading for the side panel: `1:05:09`, `9:58`, and tenths under
/// ten seconds, `0:09.3` (always rounded down).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockTime(pub Duration);

impl fmt::Display for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.as_secs();
        let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        if h > 0 {
            write!(f, "{h}:{m:02}:{s:02}")
        } else if secs >= 10 {
            write!(f, "{m}:{s:02}")
        } else {
            write!(f, "0:{s:02}.{}", self.0.subsec_millis() / 100)
        }
    }
}

/// Whether `side` has nothing but kings on the board and nothing in hand.
fn only_king(pos: &Position, side: Color) -> bool {
    let v = pos.variant();
    let board = v
        .squares()
        .filter_map(|s| pos.piece_at(s))
        .filter(|p| p.color == side)
        .all(|p| p.kind == Kind::King);
    board && v.hand_kinds().iter().all(|&k| pos.hand_count(side, k) == 0)
}

/// The result when `flagged` runs out of time in `pos`: a loss, or a draw
/// where docs/rules.md says the opponent cannot win by any play — in the
/// check-based variants (every one with the bare-kings draw, §0) an opponent
/// with a lone king and an empty hand can never mate. Ghostarelay has no
/// such rule: there a flag fall always loses.
pub fn flag_result(pos: &Position, flagged: Color) -> Outcome {
    let opponent = flagged.opposite();
    let drawn = pos.variant().bare_kings_draw && only_king(pos, opponent);
    Outcome {
        winner: (!drawn).then_some(opponent),
        reason: EndReason::TimeForfeit,
    }
}
