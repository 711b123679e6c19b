//! [`Client`]: a player's or spectator's side of a LAN match as a pure state
//! machine.
//!
//! It keeps its own copy of the match and changes it only with what the host
//! confirmed: a confirmed move is applied and the resulting position hash
//! compared with the host's; any disagreement (a hash that differs, a move
//! that does not apply, a gap in the plies) makes it log why and ask the host
//! for a snapshot, which then replaces the copy. Requests (moves, offers,
//! chat) are queued as frames for the transport ([`Client::take_outbox`]);
//! what happened is reported as [`ClientEvent`]s ([`Client::take_events`]).

use std::collections::VecDeque;
use std::time::Duration;

use chimera_rules::Color;

use super::protocol::{
    ClientMsg, Hello, HostMsg, MoveConfirmed, PROTOCOL_VERSION, Role, SeatToken, SeatWish,
    WireError, decode, encode,
};
use super::state::MatchState;

/// Chat lines kept.
const CHAT_KEPT: usize = 100;

/// How a client joins.
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// Display name.
    pub name: String,
    /// Seat asked for.
    pub wish: SeatWish,
    /// Token of a seat held before.
    pub token: Option<SeatToken>,
    /// Protocol version spoken (only tests change it).
    pub protocol_version: u32,
}

impl ClientConfig {
    /// Joins as `name` asking for `wish`.
    pub fn new(name: &str, wish: SeatWish) -> ClientConfig {
        ClientConfig {
            name: name.to_string(),
            wish,
            token: None,
            protocol_version: PROTOCOL_VERSION,
        }
    }
}

/// What happened, for the screen or the terminal.
#[derive(Clone, Debug, PartialEq)]
pub enum ClientEvent {
    /// Joined (or a rematch began): the copy was replaced by the host's.
    Joined {
        /// Seat or spectator.
        role: Role,
        /// The game's number.
        game_number: u32,
    },
    /// A confirmed move was applied.
    Applied {
        /// Moves before it.
        ply: u32,
        /// Who played it.
        side: Color,
        /// The move.
        lmn: String,
    },
    /// The copy disagreed with the host and was replaced by a snapshot.
    Resynced,
    /// Confirmed moves were taken back; `ply` moves are left.
    TakenBack {
        /// Moves left.
        ply: u32,
    },
    /// A message of the host that the copy has taken in, for display:
    /// `Rejected`, `Offered`, `Declined`, `Ended`, `Seat`, `Spectators`,
    /// `Chat`, `VersionMismatch` (the last also when the version probe
    /// found another version).
    Notice(HostMsg),
    /// A line for the log (resync reasons, unreadable frames).
    Log(String),
}

/// A chat line as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// Sender.
    pub from: String,
    /// Line.
    pub text: String,
}

/// The client state machine.
pub struct Client {
    cfg: ClientConfig,
    role: Option<Role>,
    state: Option<MatchState>,
    awaiting_snapshot: bool,
    resyncs: u32,
    last_rejection: Option<(String, String)>,
    version_mismatch: Option<String>,
    chat: VecDeque<ChatLine>,
    outbox: Vec<Vec<u8>>,
    events: Vec<ClientEvent>,
}

impl Client {
    /// A client that has not joined yet.
    pub fn new(cfg: ClientConfig) -> Client {
        Client {
            cfg,
            role: None,
            state: None,
            awaiting_snapshot: false,
            resyncs: 0,
            last_rejection: None,
            version_mismatch: None,
            chat: VecDeque::new(),
            outbox: Vec::new(),
            events: Vec::new(),
        }
    }

    /// Queues the Hello (first in the outbox); call once connected.
    pub fn hello(&mut self) {
        let hello = ClientMsg::Hello(Hello {
            version: self.cfg.protocol_version,
            name: self.cfg.name.clone(),
            wish: self.cfg.wish,
            token: self.cfg.token,
        });
        match encode(&hello) {
            Ok(frame) => self.outbox.insert(0, frame),
            Err(e) => self.log(format!("cannot say hello: {e}")),
        }
    }

    /// Handles one frame from the host.
    pub fn received(&mut self, bytes: &[u8]) {
        match decode::<HostMsg>(bytes) {
            Ok(msg) => self.handle(msg),
            Err(e) => self.log(format!("unreadable message from the host: {e}")),
        }
    }

    /// Handles one message from the host (frames, or the host's own window).
    pub fn handle(&mut self, msg: HostMsg) {
        match msg {
            HostMsg::Welcome {
                role,
                token,
                snapshot,
            } => {
                self.role = Some(role);
                if token.is_some() {
                    self.cfg.token = token;
                }
                if self.replace(&snapshot) {
                    let game_number = snapshot.game_number;
                    self.events.push(ClientEvent::Joined { role, game_number });
                }
            }
            HostMsg::Snapshot(snapshot) => {
                if self.replace(&snapshot) {
                    self.events.push(ClientEvent::Resynced);
                }
            }
            HostMsg::Moved(m) => self.moved(m),
            HostMsg::TakenBack { ply, hash, clocks } => self.taken_back(ply, hash, clocks),
            notice => {
                self.take_in(&notice);
                self.events.push(ClientEvent::Notice(notice));
            }
        }
    }

    /// Takes a notice of the host into the copy.
    fn take_in(&mut self, notice: &HostMsg) {
        match notice {
            HostMsg::Rejected { what, reason } => {
                self.last_rejection = Some((what.clone(), reason.clone()));
            }
            HostMsg::Chat { from, text } => {
                if self.chat.len() == CHAT_KEPT {
                    self.chat.pop_front();
                }
                self.chat.push_back(ChatLine {
                    from: from.clone(),
                    text: text.clone(),
                });
            }
            HostMsg::VersionMismatch { text, .. } => self.version_mismatch = Some(text.clone()),
            _ => {}
        }
        let Some(s) = self.live() else { return };
        match notice {
            HostMsg::Offered { kind, by } => {
                let (table, m) = s.parts();
                table.offer(m, *kind, *by);
            }
            HostMsg::Declined { kind, .. } => {
                let (table, m) = s.parts();
                table.clear_offer(m, *kind);
            }
            HostMsg::Ended { result, clocks } => {
                s.finish(*result);
                if let Some(c) = clocks {
                    s.set_clocks(c);
                }
            }
            HostMsg::Seat { side, state } => s.table.seats[side.index()] = state.clone(),
            HostMsg::Spectators(n) => s.table.spectators = *n,
            _ => {}
        }
        s.sync_clock();
    }

    /// Time passes: the running clock counts down for display (the host's
    /// times replace it on every confirmed move).
    pub fn advance(&mut self, dt: Duration) {
        if let Some(s) = self.state.as_mut() {
            s.advance(dt);
        }
    }

    /// The copy, unless it waits for a snapshot.
    fn live(&mut self) -> Option<&mut MatchState> {
        if self.awaiting_snapshot {
            None
        } else {
            self.state.as_mut()
        }
    }

    /// Replaces the copy with a snapshot; false (and logged) if it does not
    /// rebuild.
    fn replace(&mut self, snapshot: &super::protocol::Snapshot) -> bool {
        match MatchState::from_snapshot(snapshot) {
            Ok(s) => {
                self.state = Some(s);
                self.awaiting_snapshot = false;
                true
            }
            Err(e) => {
                self.log(format!("cannot rebuild the host's match: {e}"));
                false
            }
        }
    }

    fn moved(&mut self, m: MoveConfirmed) {
        let Some(s) = self.live() else {
            return;
        };
        let ply = s.ply();
        if m.ply < ply {
            return;
        }
        if m.ply > ply {
            return self.resync(format!(
                "missed moves: host at ply {}, copy at {ply}",
                m.ply
            ));
        }
        let side = s.side_to_move();
        if let Err(e) = s.play(&m.lmn) {
            return self.resync(format!("host's move {} does not apply: {e}", m.lmn));
        }
        if s.hash() != m.hash {
            let mine = s.hash();
            return self.resync(format!(
                "hash after ply {} ({}) is {mine:016x}, host has {:016x}",
                m.ply + 1,
                m.lmn,
                m.hash
            ));
        }
        if let Some(c) = &m.clocks {
            s.set_clocks(c);
        }
        self.events.push(ClientEvent::Applied {
            ply: m.ply,
            side,
            lmn: m.lmn,
        });
    }

    fn taken_back(&mut self, ply: u32, hash: u64, clocks: Option<super::protocol::WireClocks>) {
        let Some(s) = self.live() else {
            return;
        };
        let have = s.ply();
        if ply > have {
            return self.resync(format!("takeback to ply {ply} beyond the copy's {have}"));
        }
        s.take_back_to(ply);
        if let Some(c) = &clocks {
            s.set_clocks(c);
        }
        if s.hash() != hash {
            return self.resync(format!("hash after takeback to ply {ply} differs"));
        }
        self.events.push(ClientEvent::TakenBack { ply });
    }

    /// Logs why the copy went wrong and asks the host for a snapshot.
    fn resync(&mut self, why: String) {
        let ply = self.state.as_ref().map_or(0, MatchState::ply);
        self.resyncs += 1;
        self.awaiting_snapshot = true;
        self.log(format!("{why}: asking the host for a snapshot"));
        self.queue(ClientMsg::Resync { ply });
    }

    fn log(&mut self, line: String) {
        self.events.push(ClientEvent::Log(line));
    }

    fn queue(&mut self, msg: ClientMsg) {
        if let Err(e) = self.send(msg) {
            self.log(format!("cannot send: {e}"));
        }
    }

    /// Queues any request for the host.
    pub fn send(&mut self, msg: ClientMsg) -> Result<(), WireError> {
        self.outbox.push(encode(&msg)?);
        Ok(())
    }

    /// Asks the host to play `lmn` at the current ply.
    pub fn play(&mut self, lmn: &str) -> Result<(), WireError> {
        let ply = self.state.as_ref().map_or(0, MatchState::ply);
        self.send(ClientMsg::Move {
            ply,
            lmn: lmn.to_string(),
        })
    }

    /// Sends a chat line (over-long lines are refused here already).
    pub fn chat(&mut self, text: &str) -> Result<(), WireError> {
        self.send(ClientMsg::Chat(text.to_string()))
    }

    /// Takes the frames to send, in order.
    pub fn take_outbox(&mut self) -> Vec<Vec<u8>> {
        std::mem::take(&mut self.outbox)
    }
    /// Takes what happened since the last call.
    pub fn take_events(&mut self) -> Vec<ClientEvent> {
        std::mem::take(&mut self.events)
    }

    /// The match as confirmed by the host (None before joining).
    pub fn state(&self) -> Option<&MatchState> {
        self.state.as_ref()
    }
    /// Seat or spectator, once joined.
    pub fn role(&self) -> Option<Role> {
        self.role
    }
    /// The seat token to keep (players).
    pub fn token(&self) -> Option<SeatToken> {
        self.cfg.token
    }
    /// The configuration (name, wish, token).
    pub fn config(&self) -> &ClientConfig {
        &self.cfg
    }
    /// How often the copy had to be replaced by a snapshot.
    pub fn resyncs(&self) -> u32 {
        self.resyncs
    }
    /// The last refusal: what and why.
    pub fn last_rejection(&self) -> Option<&(String, String)> {
        self.last_rejection.as_ref()
    }
    /// The host's version notice, if it speaks another version.
    pub fn version_mismatch(&self) -> Option<&str> {
        self.version_mismatch.as_deref()
    }
    /// Recent chat, oldest first.
    pub fn chat_lines(&self) -> impl Iterator<Item = &ChatLine> {
        self.chat.iter()
    }
    /// Whether it is this client's turn to move.
    pub fn my_turn(&self) -> bool {
        match (self.role, &self.state) {
            (Some(Role::Player(side)), Some(s)) => s.result().is_none() && s.side_to_move() == side,
            _ => false,
        }
    }
}
