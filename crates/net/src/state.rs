//! [`MatchState`]: the match as both ends keep it — the game with its moves
//! in LMN, result, clock, offers, seats and spectators — and the snapshot
//! that carries it whole. The host's copy is the authority; a client's copy
//! only ever takes what the host confirmed.
//!
//! The clock is a [`chimera_game::clock::Clock`] on the match's own time line
//! ([`MatchState::advance`]); it becomes [`WireClocks`] at the protocol edge
//! ([`WireClocks::from_clock`], [`WireClocks::to_clock`]). It runs only while
//! both seats are connected and the game goes on ([`MatchState::clock_side`]).

use std::time::Duration;

use chimera_game::Offer;
use chimera_game::clock::{Clock, ClockState, TimeControl};
use chimera_game::record::{MatchRecord, RecordError};
use chimera_rules::{Color, Game, Outcome, RulesError, Variant};

use super::protocol::{SeatState, Snapshot, WireClocks};

/// One match: game, moves, result, clocks, offers, seats.
#[derive(Clone)]
pub struct MatchState {
    game: Game,
    start_vfen: String,
    lmns: Vec<String>,
    /// Each move's `%clk`: the mover's time after it, where this copy knows it.
    times: Vec<Option<Duration>>,
    /// The result, once over.
    pub result: Option<Outcome>,
    /// The clock, if timed.
    clock: Option<Clock>,
    /// The match's time line: how much time has passed for it.
    now: Duration,
    /// Offers waiting for an answer.
    pub offers: Vec<(Offer, Color)>,
    /// Seats, White then Black.
    pub seats: [SeatState; 2],
    /// Spectators watching.
    pub spectators: u32,
    /// 1 for the first game, +1 per rematch.
    pub game_number: u32,
}

impl MatchState {
    /// A new match of `variant` with `options`, from its start position or
    /// from `start_vfen`.
    pub fn new(
        variant: &str,
        options: &[(String, String)],
        start_vfen: Option<&str>,
        time_control: TimeControl,
    ) -> Result<MatchState, RulesError> {
        let v = Variant::new(variant, options)?;
        let game = match start_vfen {
            Some(text) => Game::from_vfen(&v, text)?,
            None => Game::new(&v),
        };
        let mut m = MatchState {
            start_vfen: game.start().to_vfen(),
            game,
            lmns: Vec::new(),
            times: Vec::new(),
            result: None,
            clock: None,
            now: Duration::ZERO,
            offers: Vec::new(),
            seats: [SeatState::Open, SeatState::Open],
            spectators: 0,
            game_number: 1,
        };
        m.reset_clock(time_control);
        Ok(m)
    }

    /// Rebuilds a match from a snapshot, replaying its moves and checking
    /// that the position hash comes out as the host's.
    pub fn from_snapshot(s: &Snapshot) -> Result<MatchState, String> {
        if let Some(text) = &s.variant_file {
            let info = chimera_rules::variants::register(text)
                .map_err(|e| format!("the host's variant file: {e}"))?;
            if info.id != s.variant {
                return Err(format!(
                    "the host's variant file defines '{}', not '{}'",
                    info.id, s.variant
                ));
            }
        }
        let v = Variant::new(&s.variant, &s.options).map_err(|e| e.to_string())?;
        let game = Game::from_vfen(&v, &s.start_vfen).map_err(|e| e.to_string())?;
        let mut m = MatchState {
            start_vfen: s.start_vfen.clone(),
            game,
            lmns: Vec::with_capacity(s.moves.len()),
            times: Vec::with_capacity(s.moves.len()),
            result: s.result,
            clock: s.clocks.as_ref().map(|w| w.to_clock(Duration::ZERO)),
            now: Duration::ZERO,
            offers: s.offers.clone(),
            seats: s.seats.clone(),
            spectators: s.spectators,
            game_number: s.game_number,
        };
        for (i, lmn) in s.moves.iter().enumerate() {
            m.play(lmn)
                .map_err(|e| format!("move {} ({lmn}) of the snapshot: {e}", i + 1))?;
        }
        if m.hash() != s.hash {
            return Err(format!(
                "snapshot hash {:016x} differs from the replayed {:016x}",
                s.hash,
                m.hash()
            ));
        }
        Ok(m)
    }

    /// The game as a record ([`MatchRecord::of_match`]): variant, options,
    /// start, moves with the mover's time after each (`%clk`, where known),
    /// result, time control and `tags`. Fails only on a tag the record
    /// refuses.
    pub fn record(&self, tags: &[(String, String)]) -> Result<MatchRecord, RecordError> {
        let control = self
            .clock
            .as_ref()
            .map_or(TimeControl::None, Clock::control);
        MatchRecord::of_match(&self.game, self.result, &self.times, control, tags)
    }

    /// The whole match as a snapshot.
    pub fn snapshot(&self) -> Snapshot {
        let v = self.game.variant();
        Snapshot {
            variant: v.id().to_string(),
            variant_file: (!v.info().builtin).then(|| v.info().source.to_string()),
            options: v.options().to_vec(),
            start_vfen: self.start_vfen.clone(),
            moves: self.lmns.clone(),
            hash: self.hash(),
            clocks: self.wire_clocks(),
            result: self.result,
            offers: self.offers.clone(),
            seats: self.seats.clone(),
            spectators: self.spectators,
            game_number: self.game_number,
        }
    }

    /// Plays an LMN move (checked by the rules) and returns it as the rules
    /// write it. Does not look at [`MatchState::result`].
    pub fn play(&mut self, lmn: &str) -> Result<String, RulesError> {
        let m = self.game.position().parse_lmn(lmn)?;
        let text = self.game.position().lmn(m);
        self.game.play(m)?;
        self.lmns.push(text.clone());
        self.times.push(None);
        Ok(text)
    }

    /// Takes moves back until `ply` moves are left. Both clocks keep the
    /// time they show (a takeback gives no time back) and the clock now times
    /// the side to move, stopped until [`MatchState::sync_clock`].
    pub fn take_back_to(&mut self, ply: u32) {
        while self.ply() > ply && self.game.undo().is_some() {
            self.lmns.pop();
            self.times.pop();
        }
        if let Some(c) = &self.clock {
            let now = self.now;
            let left =
                [Color::White, Color::Black].map(|s| c.remaining(s, now).unwrap_or_default());
            self.clock = Some(self.clock_at(c.control(), left));
        }
    }

    /// The same match from its start position again (a rematch), with full
    /// clocks.
    pub fn restart(&mut self) {
        self.take_back_to(0);
        self.result = None;
        self.offers.clear();
        self.game_number += 1;
        if let Some(c) = &self.clock {
            self.reset_clock(c.control());
        }
    }

    /// A stopped clock of `control` with full time for the position as it
    /// stands (after resumed moves, or a rematch); none if untimed.
    pub fn reset_clock(&mut self, control: TimeControl) {
        self.clock = control.is_timed().then(|| {
            let full = control.initial();
            self.clock_at(control, [full, full])
        });
    }

    /// Resuming a saved game: a stopped clock showing what `saved` shows
    /// (each side's time when its turn began; the time spent on the move
    /// in progress is not charged), and the moves' `%clk` times as the record
    /// gave them (missing ones count as unknown).
    pub fn restore_clock(&mut self, saved: &ClockState, times: &[Option<Duration>]) {
        self.clock = Some(self.clock_at(saved.control, saved.left));
        for (t, saved) in self.times.iter_mut().zip(times) {
            *t = *saved;
        }
    }

    /// A stopped clock showing `left`, timing the side to move, with the
    /// moves of each side counted from the move list (sides alternate).
    fn clock_at(&self, control: TimeControl, left: [Duration; 2]) -> Clock {
        let to_move = self.side_to_move();
        let n = self.ply();
        // The side to move made n/2 of the n moves, the other the rest.
        let (mover, other) = (n / 2, n.div_ceil(2));
        let mut moves = [mover, mover];
        moves[to_move.opposite().index()] = other;
        let state = ClockState {
            control,
            left,
            to_move,
            turn_elapsed: Duration::ZERO,
            running: false,
            moves,
            flagged: false,
        };
        Clock::from_state(&state, self.now)
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }
    /// Moves played, LMN.
    pub fn moves(&self) -> &[String] {
        &self.lmns
    }
    /// The start position, VFEN.
    pub fn start_vfen(&self) -> &str {
        &self.start_vfen
    }
    /// Number of moves played.
    pub fn ply(&self) -> u32 {
        self.lmns.len() as u32
    }
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }
    /// Position hash.
    pub fn hash(&self) -> u64 {
        self.game.position().hash()
    }
    /// Current position, VFEN.
    pub fn vfen(&self) -> String {
        self.game.position().to_vfen()
    }
    /// The end the rules see (mate, stalemate, repetition, ...).
    pub fn rules_result(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    /// The side whose clock runs: the side to move while both seats are
    /// connected, until the game ends. It stops while a seated player is
    /// away, so a dropped link costs no time (the grace period and the
    /// opponent's win claim keep an absent player from stalling for ever).
    pub fn clock_side(&self) -> Option<Color> {
        let present = self
            .seats
            .iter()
            .all(|s| matches!(s, SeatState::Connected { .. }));
        (present && self.result.is_none()).then(|| self.side_to_move())
    }
    /// Starts or stops the clock after anything changed
    /// ([`MatchState::clock_side`]).
    pub fn sync_clock(&mut self) {
        let side = self.clock_side();
        let now = self.now;
        if let Some(c) = &mut self.clock {
            match side {
                Some(s) if s == c.to_move() => c.start(now),
                _ => c.pause(now),
            }
        }
    }

    /// Time passes for the match: the running clock counts down.
    pub fn advance(&mut self, dt: Duration) {
        self.now = self.now.saturating_add(dt);
    }

    /// The side whose time has run out, if any (only the side to move can).
    pub fn flagged(&self) -> Option<Color> {
        self.clock.as_ref()?.flag(self.now)
    }

    /// The move just played ends the mover's turn on the clock: its time
    /// is charged, the increment added, the other side's turn begins; the
    /// mover's time after it is the move's `%clk`. `Err` with the mover if its time had run out (the clock stops).
    pub fn punch_clock(&mut self) -> Result<(), Color> {
        let now = self.now;
        let after = match &mut self.clock {
            Some(c) => c.move_made(now).map_err(|f| f.0)?,
            None => None,
        };
        if let Some(t) = self.times.last_mut() {
            *t = after;
        }
        Ok(())
    }

    /// The clock, if timed.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }
    /// What `side`'s clock shows now, if timed.
    pub fn clock_left(&self, side: Color) -> Option<Duration> {
        self.clock.as_ref()?.remaining(side, self.now)
    }
    /// The clock as sent on the wire, now.
    pub fn wire_clocks(&self) -> Option<WireClocks> {
        let c = self.clock.as_ref()?;
        Some(WireClocks::from_clock(c, self.now))
    }
    /// Takes the host's clock (clients, on every confirmed change).
    pub fn set_clocks(&mut self, w: &WireClocks) {
        self.clock = Some(w.to_clock(self.now));
    }
    /// Who offered `kind`, if pending.
    pub fn offer_by(&self, kind: Offer) -> Option<Color> {
        self.offers.iter().find(|o| o.0 == kind).map(|o| o.1)
    }
    /// Removes the offer of `kind`.
    pub fn clear_offer(&mut self, kind: Offer) {
        self.offers.retain(|o| o.0 != kind);
    }
}

impl WireClocks {
    /// The wire form of `c` at `now`.
    pub fn from_clock(c: &Clock, now: Duration) -> WireClocks {
        let s = c.state(now);
        let shown = |side| ms(c.remaining(side, now).unwrap_or_default());
        WireClocks {
            control: s.control,
            left_ms: [shown(Color::White), shown(Color::Black)],
            to_move: s.to_move,
            spent_ms: ms(s.turn_elapsed),
            running: s.running,
            moves: s.moves,
        }
    }

    /// The clock this describes, continuing from `now` on the receiver's
    /// time line. Exact: `from_clock(&w.to_clock(t), t) == w`.
    pub fn to_clock(&self, now: Duration) -> Clock {
        let spent = Duration::from_millis(self.spent_ms);
        let mut left = self.left_ms.map(Duration::from_millis);
        // What the side to move had when its turn began.
        let i = self.to_move.index();
        left[i] = left[i].saturating_add(self.control.charge(spent));
        let state = ClockState {
            control: self.control,
            left,
            to_move: self.to_move,
            turn_elapsed: spent,
            running: self.running,
            moves: self.moves,
            flagged: false,
        };
        Clock::from_state(&state, now)
    }

    /// Milliseconds `side`'s clock showed when this was made.
    pub fn left(&self, side: Color) -> u64 {
        self.left_ms[side.index()]
    }
}

/// Whole milliseconds (saturating).
fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}
