//! The LAN match: the one [`chimera_game::Match`] (game, moves, result,
//! clock, draw offer) and the [`LanTable`] around it (seats, spectators, the
//! takeback and rematch offers, the game's number) — and the snapshot that
//! carries both whole. The host rules a match it is lent ([`crate::Host`]);
//! a client keeps a [`MatchState`] that only ever takes what the host
//! confirmed.
//!
//! The clock is the match's ([`Match::tick`] on the host, which holds it
//! while a seat is away: [`LanTable::clock_held`]); it becomes [`WireClocks`]
//! at the protocol edge ([`wire_clocks`], [`WireClocks::to_state`]) and a
//! client's copy follows it for display ([`Match::set_clock`],
//! [`Match::follow_time`]).

use std::time::Duration;

use chimera_game::clock::{Clock, ClockState, TimeControl};
use chimera_game::record::{MatchRecord, RecordError};
use chimera_game::{GameSetup, Match, Offer, Player};
use chimera_rules::{Color, Game, Outcome, Variant};

use super::protocol::{SeatState, Snapshot, WireClocks};

/// What sits around a LAN match: seats, spectators, the offers that are
/// not the match's own (takeback, rematch) and the game's number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanTable {
    /// Takeback and rematch offers waiting for an answer (a draw offer is
    /// the match's: [`Match::draw_offer`]).
    pub offers: Vec<(Offer, Color)>,
    /// Seats, White then Black.
    pub seats: [SeatState; 2],
    /// Spectators watching.
    pub spectators: u32,
    /// 1 for the first game, +1 per rematch.
    pub game_number: u32,
}

impl Default for LanTable {
    fn default() -> LanTable {
        LanTable {
            offers: Vec::new(),
            seats: [SeatState::Open, SeatState::Open],
            spectators: 0,
            game_number: 1,
        }
    }
}

impl LanTable {
    /// Whether the clock stands: a LAN clock runs only while both seats are
    /// connected, so a dropped link costs no time (the grace period and the
    /// opponent's win claim keep an absent player from stalling for ever).
    pub fn clock_held(&self) -> bool {
        !self
            .seats
            .iter()
            .all(|s| matches!(s, SeatState::Connected { .. }))
    }

    /// Who offered `kind`, if pending (the draw offer is read from `m`).
    pub fn offer_by(&self, m: &Match, kind: Offer) -> Option<Color> {
        match kind {
            Offer::Draw => m.draw_offer(),
            _ => self.offers.iter().find(|o| o.0 == kind).map(|o| o.1),
        }
    }

    /// Records `side`'s offer of `kind` (a draw offer on the match).
    pub fn offer(&mut self, m: &mut Match, kind: Offer, side: Color) {
        match kind {
            Offer::Draw => m.offer_draw(side),
            _ => {
                self.offers.retain(|o| o.0 != kind);
                self.offers.push((kind, side));
            }
        }
    }

    /// Removes the offer of `kind`.
    pub fn clear_offer(&mut self, m: &mut Match, kind: Offer) {
        match kind {
            Offer::Draw => m.decline_draw(),
            _ => self.offers.retain(|o| o.0 != kind),
        }
    }

    /// Every pending offer, the match's draw offer first: what the wire
    /// and the panel show.
    pub fn all_offers(&self, m: &Match) -> Vec<(Offer, Color)> {
        let draw = m.draw_offer().map(|by| (Offer::Draw, by));
        draw.into_iter()
            .chain(self.offers.iter().copied())
            .collect()
    }

    /// The whole match and table as a snapshot.
    pub fn snapshot(&self, m: &Match) -> Snapshot {
        let v = m.variant();
        Snapshot {
            variant: v.id().to_string(),
            variant_file: (!v.info().builtin).then(|| v.info().source.to_string()),
            options: v.options().to_vec(),
            start_vfen: m.game().start().to_vfen(),
            moves: m.lmns(),
            hash: m.position().hash(),
            clocks: wire_clocks(m),
            result: m.outcome(),
            offers: self.all_offers(m),
            seats: self.seats.clone(),
            spectators: self.spectators,
            game_number: self.game_number,
        }
    }
}

/// The match's clock as sent on the wire, now; none if untimed.
pub fn wire_clocks(m: &Match) -> Option<WireClocks> {
    let c = m.clock();
    c.control()
        .is_timed()
        .then(|| WireClocks::from_clock(c, m.now()))
}

/// The game of `m` as a record ([`MatchRecord::of_match`]): variant,
/// options, start, moves with the mover's time after each (`%clk`, where
/// known), result, time control and `tags`; for a timed game that goes on,
/// the time spent on the move in progress (tag `TurnElapsed`, see
/// [`MatchRecord::set_turn_elapsed`]). Fails only on a tag the record
/// refuses.
pub fn record_of(m: &Match, tags: &[(String, String)]) -> Result<MatchRecord, RecordError> {
    let control = m.clock().control();
    let mut rec = MatchRecord::of_match(m.game(), m.outcome(), &m.move_times(), control, tags)?;
    if control.is_timed() && m.outcome().is_none() {
        rec.set_turn_elapsed(m.clock_state().turn_elapsed);
    }
    Ok(rec)
}

/// How often a hosting window writes its autosave while the side to move
/// thinks, so that a crash or a kill loses at most this much of the move's
/// time (see [`clock_save_due`]).
pub const CLOCK_SAVE_EVERY: Duration = Duration::from_secs(5);

/// Whether the clock of `m`, which ran for the last `dt`, crossed a multiple
/// of [`CLOCK_SAVE_EVERY`] of the move in progress: the autosave is due.
/// Never while the clock stands (a seat away, the game over, untimed).
pub fn clock_save_due(m: &Match, dt: Duration) -> bool {
    let state = m.clock_state();
    if !state.running || !state.control.is_timed() || m.outcome().is_some() {
        return false;
    }
    let every = CLOCK_SAVE_EVERY.as_millis();
    let now = state.turn_elapsed.as_millis();
    let before = now.saturating_sub(dt.as_millis());
    now / every > before / every
}

/// A client's copy of a LAN match: the host's match and table as confirmed.
#[derive(Clone)]
pub struct MatchState {
    game: Match,
    /// Seats, spectators, offers, game number.
    pub table: LanTable,
}

impl MatchState {
    /// A match and its table.
    pub fn new(game: Match, table: LanTable) -> MatchState {
        MatchState { game, table }
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
        let mut game = Game::from_vfen(&v, &s.start_vfen).map_err(|e| e.to_string())?;
        game.play_lmn_list(&s.moves)
            .map_err(|e| format!("the snapshot's moves: {e}"))?;
        if game.position().hash() != s.hash {
            return Err(format!(
                "snapshot hash {:016x} differs from the replayed {:016x}",
                s.hash,
                game.position().hash()
            ));
        }
        let setup = GameSetup {
            variant: s.variant.clone(),
            options: v.options().to_vec(),
            time: s.clocks.as_ref().map_or(TimeControl::None, |c| c.control),
            players: [Player::Human; 2],
            names: s
                .seats
                .clone()
                .map(|seat| seat.name().unwrap_or_default().to_string()),
        };
        let mut m = Match::with_setup(setup, game).ended_as(s.result);
        let mut table = LanTable {
            offers: Vec::new(),
            seats: s.seats.clone(),
            spectators: s.spectators,
            game_number: s.game_number,
        };
        for &(kind, by) in &s.offers {
            table.offer(&mut m, kind, by);
        }
        let mut state = MatchState { game: m, table };
        if let Some(c) = &s.clocks {
            state.set_clocks(c);
        }
        Ok(state)
    }

    /// The match.
    pub fn game_match(&self) -> &Match {
        &self.game
    }
    /// The table and the match, to change both (an offer).
    pub fn parts(&mut self) -> (&mut LanTable, &mut Match) {
        (&mut self.table, &mut self.game)
    }
    /// The game.
    pub fn game(&self) -> &Game {
        self.game.game()
    }
    /// Moves played, LMN.
    pub fn moves(&self) -> Vec<String> {
        self.game.lmns()
    }
    /// The result, once over.
    pub fn result(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    /// Number of moves played.
    pub fn ply(&self) -> u32 {
        self.game.ply() as u32
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
    /// Every pending offer (draw first).
    pub fn offers(&self) -> Vec<(Offer, Color)> {
        self.table.all_offers(&self.game)
    }
    /// Who offered `kind`, if pending.
    pub fn offer_by(&self, kind: Offer) -> Option<Color> {
        self.table.offer_by(&self.game, kind)
    }
    /// The whole match as a snapshot.
    pub fn snapshot(&self) -> Snapshot {
        self.table.snapshot(&self.game)
    }
    /// The game as a record (see [`record_of`]).
    pub fn record(&self, tags: &[(String, String)]) -> Result<MatchRecord, RecordError> {
        record_of(&self.game, tags)
    }

    /// Plays a move the host confirmed (LMN, checked by the rules; the
    /// host judged the clock) and returns it as the rules write it.
    pub fn play(&mut self, lmn: &str) -> Result<String, String> {
        let mv = self.game.parse_lmn(lmn).map_err(|e| e.to_string())?;
        let ply = self.game.ply();
        let played = self.game.play_decided(mv, ply).map_err(|e| e.to_string())?;
        self.table.offers.clear();
        Ok(played.lmn)
    }

    /// The host took moves back to `ply`: the times stay as shown.
    pub fn take_back_to(&mut self, ply: u32) {
        self.game.take_back(ply as usize);
        self.table.offers.clear();
    }

    /// The host's verdict.
    pub fn finish(&mut self, result: Outcome) {
        self.game.finish(result);
        self.table.offers.clear();
    }

    /// Starts or stops the copy's clock as the host's does (after a seat
    /// changed or the game ended); no flag is called here.
    pub fn sync_clock(&mut self) {
        let hold = self.table.clock_held() || self.game.outcome().is_some();
        self.game.hold_clock(hold);
    }

    /// Time passes: the running clock counts down for display (the host's
    /// times replace it on every confirmed change).
    pub fn advance(&mut self, dt: Duration) {
        let now = self.game.now().saturating_add(dt);
        self.game.follow_time(now);
    }

    /// Takes the host's clock (on every confirmed change).
    pub fn set_clocks(&mut self, w: &WireClocks) {
        self.game.set_clock(&w.to_state());
    }

    /// The clock, if timed.
    pub fn clock(&self) -> Option<&Clock> {
        let c = self.game.clock();
        c.control().is_timed().then_some(c)
    }
    /// What `side`'s clock shows now, if timed.
    pub fn clock_left(&self, side: Color) -> Option<Duration> {
        self.game.remaining(side)
    }
    /// The clock as sent on the wire, now.
    pub fn wire_clocks(&self) -> Option<WireClocks> {
        wire_clocks(&self.game)
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

    /// The clock state this describes. Exact: a clock built from it at any
    /// `t` gives `from_clock(&Clock::from_state(&w.to_state(), t), t) == w`.
    pub fn to_state(&self) -> ClockState {
        let spent = Duration::from_millis(self.spent_ms);
        let mut left = self.left_ms.map(Duration::from_millis);
        // What the side to move had when its turn began.
        let i = self.to_move.index();
        left[i] = left[i].saturating_add(self.control.charge(spent));
        ClockState {
            control: self.control,
            left,
            to_move: self.to_move,
            turn_elapsed: spent,
            running: self.running,
            moves: self.moves,
            flagged: false,
        }
    }

    /// The clock this describes, continuing from `now` on the receiver's
    /// time line.
    pub fn to_clock(&self, now: Duration) -> Clock {
        Clock::from_state(&self.to_state(), now)
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
