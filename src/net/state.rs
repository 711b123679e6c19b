//! [`MatchState`]: the match as both ends keep it — the game with its moves
//! in LMN, result, clocks, offers, seats and spectators — and the snapshot
//! that carries it whole. The host's copy is the authority; a client's copy
//! only ever takes what the host confirmed.

use std::time::Duration;

use crate::rules::{Game, RulesError, Variant};

use super::protocol::{OfferKind, SeatState, Side, Snapshot, TimeControl, WireClocks, WireResult};

/// One match: game, moves, result, clocks, offers, seats.
#[derive(Clone)]
pub struct MatchState {
    game: Game,
    start_vfen: String,
    lmns: Vec<String>,
    /// The result, once over.
    pub result: Option<WireResult>,
    /// Clocks, if timed.
    pub clocks: Option<WireClocks>,
    /// Offers waiting for an answer.
    pub offers: Vec<(OfferKind, Side)>,
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
        time_control: Option<TimeControl>,
    ) -> Result<MatchState, RulesError> {
        let v = Variant::new(variant, options)?;
        let game = match start_vfen {
            Some(text) => Game::from_vfen(&v, text)?,
            None => Game::new(&v),
        };
        Ok(MatchState {
            start_vfen: game.start().to_vfen(),
            game,
            lmns: Vec::new(),
            result: None,
            clocks: time_control.map(|tc| WireClocks::start(&tc)),
            offers: Vec::new(),
            seats: [SeatState::Open, SeatState::Open],
            spectators: 0,
            game_number: 1,
        })
    }

    /// Rebuilds a match from a snapshot, replaying its moves and checking
    /// that the position hash comes out as the host's.
    pub fn from_snapshot(s: &Snapshot) -> Result<MatchState, String> {
        let v = Variant::new(&s.variant, &s.options).map_err(|e| e.to_string())?;
        let game = Game::from_vfen(&v, &s.start_vfen).map_err(|e| e.to_string())?;
        let mut m = MatchState {
            start_vfen: s.start_vfen.clone(),
            game,
            lmns: Vec::with_capacity(s.moves.len()),
            result: s.result,
            clocks: s.clocks.clone(),
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

    /// The whole match as a snapshot.
    pub fn snapshot(&self) -> Snapshot {
        let v = self.game.variant();
        Snapshot {
            variant: v.id().to_string(),
            options: v.options().to_vec(),
            start_vfen: self.start_vfen.clone(),
            moves: self.lmns.clone(),
            hash: self.hash(),
            clocks: self.clocks.clone(),
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
        Ok(text)
    }

    /// Takes moves back until `ply` moves are left.
    pub fn take_back_to(&mut self, ply: u32) {
        while self.ply() > ply && self.game.undo().is_some() {
            self.lmns.pop();
        }
    }

    /// The same match from its start position again (a rematch).
    pub fn restart(&mut self) {
        self.take_back_to(0);
        self.result = None;
        self.offers.clear();
        self.game_number += 1;
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
    pub fn side_to_move(&self) -> Side {
        self.game.position().side_to_move().into()
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
    pub fn rules_result(&self) -> Option<WireResult> {
        self.game.outcome().map(WireResult::from)
    }
    /// The side whose clock runs: the side to move once both seats are
    /// taken, until the game ends.
    pub fn clock_side(&self) -> Option<Side> {
        let seated = self.seats.iter().all(|s| *s != SeatState::Open);
        (seated && self.result.is_none()).then(|| self.side_to_move())
    }
    /// Sets which clock runs after anything changed ([`MatchState::clock_side`]).
    pub fn sync_clock(&mut self) {
        let side = self.clock_side();
        if let Some(c) = &mut self.clocks {
            c.running = side;
        }
    }
    /// Who offered `kind`, if pending.
    pub fn offer_by(&self, kind: OfferKind) -> Option<Side> {
        self.offers.iter().find(|o| o.0 == kind).map(|o| o.1)
    }
    /// Removes the offer of `kind`.
    pub fn clear_offer(&mut self, kind: OfferKind) {
        self.offers.retain(|o| o.0 != kind);
    }
}

impl WireClocks {
    /// Both clocks full, none running.
    pub fn start(tc: &TimeControl) -> WireClocks {
        WireClocks {
            left_ms: [tc.base_ms; 2],
            running: None,
            control: tc.text(),
        }
    }

    /// Runs the running clock for `dt`; returns the side whose time ran out.
    pub fn run(&mut self, dt: Duration) -> Option<Side> {
        let side = self.running?;
        let left = &mut self.left_ms[side.index()];
        let was = *left;
        *left = left.saturating_sub(dt.as_millis().min(u128::from(u64::MAX)) as u64);
        (was > 0 && *left == 0).then_some(side)
    }

    /// Milliseconds left for `side`.
    pub fn left(&self, side: Side) -> u64 {
        self.left_ms[side.index()]
    }
}
