//! [`Host`]: the authoritative side of a LAN match as a pure state machine.
//!
//! No sockets, no Bevy. Inputs: a client connected or disconnected, bytes
//! from a client, a message from the host's own window ([`Host::local`]),
//! time passing ([`Host::advance`]). Outputs ([`HostEvent`], taken with
//! [`Host::take_events`]): frames to send, clients to disconnect, messages
//! for the host's window, log lines, and what happened to the game.
//!
//! It rules a [`Match`] it does not own: the caller keeps the match (a
//! hosting window as the one it shows, `chimera serve` beside the host) and
//! lends it to every input, so one process holds one copy of the game.
//!
//! It owns the seats and their tokens (a client that comes back with its
//! token gets its seat, from any address), the spectators, the offers, the
//! rematch, the chat and request limits, the grace period after a player
//! drops and the win claimed after it. Every request is checked (right seat,
//! current ply, legal move) before it changes anything.
//!
//! Clocks: the match's clock of the configured time control (none, Fischer,
//! delay, fixed time per move, moves per period), ticked by
//! [`Host::advance`]. It runs only while both seats are connected
//! ([`LanTable::clock_held`]); a confirmed move charges the
//! mover and adds any increment; a takeback keeps the times shown. When the
//! side to move runs out, the result is [`chimera_game::clock::flag_result`]'s: a
//! loss, or a draw when the opponent has a lone king and an empty hand (in
//! the variants with the bare-kings draw).

use std::collections::HashMap;
use std::time::Duration;

use chimera_game::clock::{ClockState, TimeControl};
use chimera_game::{GameSetup, Match, MatchError, Offer, Played};
use chimera_rules::rng::GOLDEN_GAMMA;
use chimera_rules::{Color, EndReason, Game, Outcome, RulesError, SplitMix64, Variant};

use super::protocol::{
    ClientMsg, Hello, HostMsg, MAX_REASON_CHARS, MoveConfirmed, PROTOCOL_VERSION, Role, SeatState,
    SeatToken, SeatWish, SharedDrawings, encode,
};
use super::seats::{HeldSeat, HostSeats};
use super::state::{LanTable, wire_clocks};

/// A connected client, as the transport numbers it.
pub type ClientId = u64;

/// Request limits per client.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RequestLimits {
    /// Requests per second a client may send on average.
    pub requests_per_s: f64,
    /// Requests a client may send at once.
    pub request_burst: f64,
    /// Chat lines per second on average.
    pub chat_per_s: f64,
    /// Chat lines at once.
    pub chat_burst: f64,
    /// Drawings shared per second on average.
    pub drawings_per_s: f64,
    /// Drawings shared at once.
    pub drawings_burst: f64,
    /// Spectators at most.
    pub max_spectators: usize,
    /// Clients that have connected but not yet said hello, at most.
    pub max_pending: usize,
    /// A client that says nothing this long after connecting is dropped.
    pub hello_timeout: Duration,
}

impl Default for RequestLimits {
    fn default() -> RequestLimits {
        RequestLimits {
            requests_per_s: 20.0,
            request_burst: 40.0,
            chat_per_s: 0.5,
            chat_burst: 5.0,
            drawings_per_s: 4.0,
            drawings_burst: 12.0,
            max_spectators: 16,
            max_pending: 8,
            hello_timeout: Duration::from_secs(10),
        }
    }
}

impl RequestLimits {
    /// Clients connected at once at most (players, spectators, newcomers).
    pub fn max_clients(&self) -> usize {
        2 + self.max_spectators + self.max_pending
    }
}

/// How a host is set up.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// Shown in the discovery beacon and the join list.
    pub name: String,
    /// Variant id.
    pub variant: String,
    /// Options, name and value.
    pub options: Vec<(String, String)>,
    /// Start position instead of the variant's own.
    pub start_vfen: Option<String>,
    /// Moves already played from the start (resuming a saved game), LMN.
    pub moves: Vec<String>,
    /// Resuming: the mover's time after each of `moves` (`%clk`), as saved.
    pub move_times: Vec<Option<Duration>>,
    /// Resuming: the clock as saved, to go on from instead of full time.
    pub clock: Option<ClockState>,
    /// Resuming: the remote seats as they were (a player back with its
    /// token takes its seat; until then the seat is away).
    pub seats: HostSeats,
    /// Time control ([`TimeControl::None`]: untimed).
    pub time_control: TimeControl,
    /// The side the host's own window plays (`None`: both seats remote).
    pub local_side: Option<Color>,
    /// The name of the host's own player.
    pub local_name: String,
    /// How long a dropped player's seat waits before the opponent may claim.
    pub grace: Duration,
    /// Request limits.
    pub limits: RequestLimits,
    /// The protocol version spoken (only tests change it).
    pub protocol_version: u32,
    /// The number of the host's first game (1; `serve --forever` counts on
    /// from the game before), in the join list and the record's `Round`.
    pub game_number: u32,
}

impl HostConfig {
    /// A dedicated host (both seats remote) of `variant` with defaults.
    pub fn new(variant: &str) -> HostConfig {
        HostConfig {
            name: "Chimera".to_string(),
            variant: variant.to_string(),
            options: Vec::new(),
            start_vfen: None,
            moves: Vec::new(),
            move_times: Vec::new(),
            clock: None,
            seats: HostSeats::default(),
            time_control: TimeControl::None,
            local_side: None,
            local_name: "Host".to_string(),
            grace: Duration::from_secs(120),
            limits: RequestLimits::default(),
            protocol_version: PROTOCOL_VERSION,
            game_number: 1,
        }
    }
}

/// What the host wants done, or reports.
#[derive(Clone, Debug, PartialEq)]
pub enum HostEvent {
    /// Send this frame to this client (reliable, ordered).
    Send {
        /// The client.
        to: ClientId,
        /// The frame.
        frame: Vec<u8>,
    },
    /// Disconnect this client.
    Kick(ClientId),
    /// A message for the host's own window.
    ToLocal(HostMsg),
    /// One line for the log.
    Log(String),
    /// A move was applied to the match.
    Applied {
        /// Moves before it.
        ply: u32,
        /// Who played it.
        side: Color,
        /// The move.
        lmn: String,
        /// Position hash after it.
        hash: u64,
        /// What the move did (for the hosting window's views).
        played: Box<Played>,
    },
    /// Moves were taken back; `ply` moves are left.
    TakenBack {
        /// Moves left.
        ply: u32,
    },
    /// The game ended.
    Ended(Outcome),
    /// A rematch started, colours swapped.
    NewGame {
        /// Its number.
        game_number: u32,
    },
}

/// Who sent a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sender {
    Local,
    Remote(ClientId),
}

/// Who holds a seat now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holder {
    Nobody,
    Local,
    Remote(ClientId),
}

/// A seat: its holder, token and name, and how long it has been empty.
#[derive(Clone, Debug)]
struct Seat {
    holder: Holder,
    token: Option<SeatToken>,
    name: String,
    away_for: Duration,
}

impl Seat {
    fn open() -> Seat {
        Seat {
            holder: Holder::Nobody,
            token: None,
            name: String::new(),
            away_for: Duration::ZERO,
        }
    }
    fn taken(&self) -> bool {
        self.holder != Holder::Nobody || self.token.is_some()
    }
    fn state(&self, grace: Duration) -> SeatState {
        match self.holder {
            Holder::Local | Holder::Remote(_) => SeatState::Connected {
                name: self.name.clone(),
            },
            Holder::Nobody if self.token.is_some() => SeatState::Away {
                name: self.name.clone(),
                grace_left_s: grace.saturating_sub(self.away_for).as_secs_f64().ceil() as u32,
            },
            Holder::Nobody => SeatState::Open,
        }
    }
}

/// A token bucket: `rate` per second, up to `burst`.
#[derive(Clone, Debug)]
struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    at: Duration,
}

impl Bucket {
    fn new(rate: f64, burst: f64, now: Duration) -> Bucket {
        Bucket {
            tokens: burst,
            rate,
            burst,
            at: now,
        }
    }
    fn take(&mut self, now: Duration) -> bool {
        let dt = now.saturating_sub(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PeerRole {
    Pending,
    Player(Color),
    Spectator,
}

/// A connected client.
#[derive(Clone, Debug)]
struct Peer {
    role: PeerRole,
    name: String,
    connected_at: Duration,
    requests: Bucket,
    chat: Bucket,
    drawings: Bucket,
    dropped: u64,
    flooding: bool,
    last_resync: Option<Duration>,
    resync_due: bool,
    kick_at: Option<Duration>,
}

/// Minimum time between two snapshots sent to one client on request.
const RESYNC_INTERVAL: Duration = Duration::from_secs(1);
/// Time given to a refusal to reach a client before it is disconnected.
const KICK_DELAY: Duration = Duration::from_secs(1);

/// The authoritative host state machine.
pub struct Host {
    cfg: HostConfig,
    table: LanTable,
    seats: [Seat; 2],
    peers: HashMap<ClientId, Peer>,
    now: Duration,
    rng: SplitMix64,
    events: Vec<HostEvent>,
}

type Refusal = String;

impl Host {
    /// A host for `cfg`; `seed` feeds the seat tokens (take it from the OS).
    /// Fails on a bad variant, option, start position or resumed move.
    /// The match it rules is returned beside it: whoever runs the host holds
    /// that match (a hosting window as its own) and lends it to every call.
    pub fn new(cfg: HostConfig, seed: u64) -> Result<(Host, Match), RulesError> {
        let v = Variant::new(&cfg.variant, &cfg.options)?;
        let mut game = match &cfg.start_vfen {
            Some(text) => Game::from_vfen(&v, text)?,
            None => Game::new(&v),
        };
        game.play_lmn_list(&cfg.moves)?;
        let mut setup = GameSetup::new(v.id(), v.options().to_vec());
        setup.time = cfg.time_control;
        let mut m = Match::with_setup(setup, game);
        if let Some(saved) = cfg.clock.filter(|c| c.control == cfg.time_control) {
            m.restore_clock(&saved, &cfg.move_times);
        }
        let mut host = Host {
            table: LanTable {
                game_number: cfg.game_number.max(1),
                ..LanTable::default()
            },
            seats: [Seat::open(), Seat::open()],
            peers: HashMap::new(),
            now: Duration::ZERO,
            rng: SplitMix64::new(seed ^ GOLDEN_GAMMA),
            events: Vec::new(),
            cfg,
        };
        for side in Color::BOTH {
            let Some(held) = host.cfg.seats.0[side.index()].clone() else {
                continue;
            };
            if host.cfg.local_side == Some(side) {
                host.log(format!(
                    "the saved seat of {} ({}) is the host's now: not kept",
                    side.name(),
                    held.name
                ));
                continue;
            }
            let seat = &mut host.seats[side.index()];
            seat.token = Some(held.token);
            seat.name = clean_name(&held.name);
            host.log(format!(
                "{}'s seat is kept for {} (back with its seat token)",
                side.name(),
                held.name
            ));
            host.refresh_seat(&mut m, side);
        }
        if let Some(side) = host.cfg.local_side {
            let seat = &mut host.seats[side.index()];
            seat.holder = Holder::Local;
            seat.name = clean_name(&host.cfg.local_name);
            host.refresh_seat(&mut m, side);
            host.welcome(&m, Sender::Local, Role::Player(side), None);
        }
        host.log(format!(
            "hosting {} ({}), protocol {}",
            m.variant().name(),
            host.cfg.variant,
            host.cfg.protocol_version
        ));
        host.run_clock(&mut m);
        Ok((host, m))
    }

    /// Seats, spectators, offers and the game's number.
    pub fn table(&self) -> &LanTable {
        &self.table
    }
    /// The configuration.
    pub fn config(&self) -> &HostConfig {
        &self.cfg
    }
    /// Clients connected now (players, spectators, newcomers).
    pub fn client_count(&self) -> usize {
        self.peers.len()
    }
    /// The role of a connected client, if it has joined.
    pub fn role_of(&self, id: ClientId) -> Option<Role> {
        match self.peers.get(&id)?.role {
            PeerRole::Pending => None,
            PeerRole::Player(s) => Some(Role::Player(s)),
            PeerRole::Spectator => Some(Role::Spectator),
        }
    }
    /// The remote seats with their tokens and names, to keep across a
    /// restart ([`HostConfig::seats`]).
    pub fn held_seats(&self) -> HostSeats {
        HostSeats(self.seats.clone().map(|s| match (s.holder, s.token) {
            (Holder::Local, _) | (_, None) => None,
            (_, Some(token)) => Some(HeldSeat {
                token,
                name: s.name,
            }),
        }))
    }
    /// Whether both seats have been taken (moves are allowed then).
    pub fn started(&self) -> bool {
        self.seats.iter().all(Seat::taken)
    }

    /// Takes the events produced so far.
    pub fn take_events(&mut self) -> Vec<HostEvent> {
        std::mem::take(&mut self.events)
    }

    /// A client connected (it must say hello next).
    pub fn connected(&mut self, id: ClientId) {
        let pending = self
            .peers
            .values()
            .filter(|p| p.role == PeerRole::Pending)
            .count();
        if self.peers.contains_key(&id) {
            return;
        }
        if pending >= self.cfg.limits.max_pending {
            self.log(format!(
                "client {id} connected but too many clients are joining; disconnecting"
            ));
            self.events.push(HostEvent::Kick(id));
            return;
        }
        let l = self.cfg.limits;
        self.peers.insert(
            id,
            Peer {
                role: PeerRole::Pending,
                name: String::new(),
                connected_at: self.now,
                requests: Bucket::new(l.requests_per_s, l.request_burst, self.now),
                chat: Bucket::new(l.chat_per_s, l.chat_burst, self.now),
                drawings: Bucket::new(l.drawings_per_s, l.drawings_burst, self.now),
                dropped: 0,
                flooding: false,
                last_resync: None,
                resync_due: false,
                kick_at: None,
            },
        );
        self.log(format!("client {id} connected"));
    }

    /// A client disconnected (`why` in words, for the log).
    pub fn disconnected(&mut self, m: &mut Match, id: ClientId, why: &str) {
        let Some(peer) = self.peers.remove(&id) else {
            return;
        };
        self.log(format!("{} disconnected: {why}", describe(id, &peer)));
        match peer.role {
            PeerRole::Player(side) if self.seats[side.index()].holder == Holder::Remote(id) => {
                let started = self.started();
                let seat = &mut self.seats[side.index()];
                if started {
                    // The seat waits for its token (and the grace period runs).
                    seat.holder = Holder::Nobody;
                    seat.away_for = Duration::ZERO;
                } else {
                    // Before the game starts a seat left is free again.
                    *seat = Seat::open();
                }
                self.refresh_seat(m, side);
            }
            PeerRole::Spectator => self.set_spectators(),
            _ => {}
        }
    }

    /// Bytes from a client: decoded, limited and handled.
    pub fn received(&mut self, m: &mut Match, id: ClientId, bytes: &[u8]) {
        let now = self.now;
        let Some(peer) = self.peers.get_mut(&id) else {
            return;
        };
        if peer.kick_at.is_some() {
            return;
        }
        if !peer.requests.take(now) {
            peer.dropped += 1;
            if !peer.flooding {
                peer.flooding = true;
                let who = describe(id, peer);
                self.log(format!(
                    "{who} sends too fast (over {}/s): dropping its requests",
                    self.cfg.limits.requests_per_s
                ));
            }
            return;
        }
        match super::protocol::decode::<ClientMsg>(bytes) {
            Ok(msg) => self.handle(m, Sender::Remote(id), msg),
            Err(e) => self.refuse(Sender::Remote(id), "message", format!("unreadable: {e}")),
        }
    }

    /// A request from the host's own window (same checks as a remote one).
    pub fn local(&mut self, m: &mut Match, msg: ClientMsg) {
        if self.cfg.local_side.is_none() {
            self.log("a local request on a host without a local player, ignored".to_string());
            return;
        }
        self.handle(m, Sender::Local, msg);
    }

    /// Time passes: clocks, grace periods, silent newcomers, flood reports.
    pub fn advance(&mut self, m: &mut Match, dt: Duration) {
        let before = self.now;
        self.now += dt;
        let now = m.now().saturating_add(dt);
        if let Some(r) = m.tick(now, self.table.clock_held()) {
            self.table.offers.clear();
            self.announce_end(m, r);
        }
        for side in Color::BOTH {
            let seat = &mut self.seats[side.index()];
            if seat.holder == Holder::Nobody && seat.token.is_some() {
                let was = seat.away_for;
                seat.away_for += dt;
                let now = seat.away_for;
                self.refresh_seat(m, side);
                if was < self.cfg.grace && now >= self.cfg.grace {
                    self.log(format!(
                        "{side}'s grace period is over: {} may claim the win",
                        side.opposite().name(),
                        side = side.name()
                    ));
                }
            }
        }
        let mut kicks = Vec::new();
        let mut lines = Vec::new();
        let mut snapshots = Vec::new();
        let whole_second = before.as_secs() != self.now.as_secs();
        for (&id, peer) in self.peers.iter_mut() {
            if peer.resync_due
                && peer
                    .last_resync
                    .is_none_or(|t| self.now.saturating_sub(t) >= RESYNC_INTERVAL)
            {
                snapshots.push(id);
            }
            if peer.kick_at.is_some_and(|t| t <= self.now) {
                kicks.push(id);
            } else if peer.role == PeerRole::Pending
                && peer.kick_at.is_none()
                && self.now.saturating_sub(peer.connected_at) >= self.cfg.limits.hello_timeout
            {
                lines.push(format!("client {id} never said hello; disconnecting"));
                kicks.push(id);
            }
            if whole_second && peer.flooding {
                lines.push(format!(
                    "{}: {} requests dropped (rate limit)",
                    describe(id, peer),
                    peer.dropped
                ));
                peer.dropped = 0;
                peer.flooding = false;
            }
        }
        kicks.sort_unstable();
        snapshots.sort_unstable();
        lines.sort();
        for id in snapshots {
            self.send_snapshot(m, Sender::Remote(id));
        }
        for line in lines {
            self.log(line);
        }
        for id in kicks {
            self.events.push(HostEvent::Kick(id));
            self.disconnected(m, id, "disconnected by the host");
        }
    }

    fn log(&mut self, line: String) {
        self.events.push(HostEvent::Log(line));
    }

    fn who(&self, s: Sender) -> String {
        match s {
            Sender::Local => format!("host player ({})", self.local_name()),
            Sender::Remote(id) => match self.peers.get(&id) {
                Some(p) => describe(id, p),
                None => format!("client {id}"),
            },
        }
    }

    fn local_name(&self) -> String {
        clean_name(&self.cfg.local_name)
    }

    fn send(&mut self, to: Sender, msg: &HostMsg) {
        match to {
            Sender::Local => self.events.push(HostEvent::ToLocal(msg.clone())),
            Sender::Remote(id) => match encode(msg) {
                Ok(frame) => self.events.push(HostEvent::Send { to: id, frame }),
                Err(e) => self.log(format!("cannot send to client {id}: {e}")),
            },
        }
    }

    /// Everyone who has joined (and the host's window).
    fn audience(&self) -> Vec<Sender> {
        let mut ids: Vec<ClientId> = self
            .peers
            .iter()
            .filter(|(_, p)| p.role != PeerRole::Pending && p.kick_at.is_none())
            .map(|(&id, _)| id)
            .collect();
        ids.sort_unstable();
        let mut out: Vec<Sender> = ids.into_iter().map(Sender::Remote).collect();
        if self.cfg.local_side.is_some() {
            out.insert(0, Sender::Local);
        }
        out
    }

    fn broadcast(&mut self, msg: &HostMsg) {
        let frame = match encode(msg) {
            Ok(f) => f,
            Err(e) => return self.log(format!("cannot broadcast: {e}")),
        };
        for to in self.audience() {
            match to {
                Sender::Local => self.events.push(HostEvent::ToLocal(msg.clone())),
                Sender::Remote(id) => self.events.push(HostEvent::Send {
                    to: id,
                    frame: frame.clone(),
                }),
            }
        }
    }

    fn refuse(&mut self, to: Sender, what: &str, reason: String) {
        let reason: String = reason.chars().take(MAX_REASON_CHARS).collect();
        self.log(format!("{}: {what} refused: {reason}", self.who(to)));
        self.send(
            to,
            &HostMsg::Rejected {
                what: what.to_string(),
                reason,
            },
        );
    }

    /// Recomputes a seat's public state and tells everyone if it changed.
    fn refresh_seat(&mut self, m: &mut Match, side: Color) {
        let state = self.seats[side.index()].state(self.cfg.grace);
        if self.table.seats[side.index()] != state {
            self.table.seats[side.index()] = state.clone();
            self.run_clock(m);
            self.broadcast(&HostMsg::Seat { side, state });
        }
    }

    fn set_spectators(&mut self) {
        let n = self
            .peers
            .values()
            .filter(|p| p.role == PeerRole::Spectator)
            .count() as u32;
        if n != self.table.spectators {
            self.table.spectators = n;
            self.broadcast(&HostMsg::Spectators(n));
        }
    }

    fn welcome(&mut self, m: &Match, to: Sender, role: Role, token: Option<SeatToken>) {
        let snapshot = Box::new(self.table.snapshot(m));
        self.send(
            to,
            &HostMsg::Welcome {
                role,
                token,
                snapshot,
            },
        );
    }

    fn new_token(&mut self) -> SeatToken {
        let mut out = [0u8; 16];
        for chunk in out.chunks_mut(8) {
            chunk.copy_from_slice(&self.rng.next_u64().to_le_bytes());
        }
        SeatToken(out)
    }

    fn handle(&mut self, m: &mut Match, from: Sender, msg: ClientMsg) {
        let what = what_of(&msg);
        let role = match from {
            Sender::Local => self.cfg.local_side.map(PeerRole::Player),
            Sender::Remote(id) => self.peers.get(&id).map(|p| p.role),
        };
        let Some(role) = role else { return };
        let result = match (role, msg) {
            (PeerRole::Pending, ClientMsg::Hello(h)) => match from {
                Sender::Remote(id) => self.hello(m, id, h),
                Sender::Local => Ok(()),
            },
            (PeerRole::Pending, _) => Err("say hello first".to_string()),
            (_, ClientMsg::Hello(_)) => Err("already joined".to_string()),
            (_, ClientMsg::Chat(text)) => self.chat(from, &text),
            (_, ClientMsg::Resync { ply }) => self.resync(m, from, ply),
            (PeerRole::Spectator, ClientMsg::Drawings(_)) => {
                Err("spectators do not share drawings".to_string())
            }
            (PeerRole::Spectator, _) => Err("spectators cannot play".to_string()),
            (PeerRole::Player(side), ClientMsg::Drawings(d)) => self.drawings(m, from, side, d),
            (PeerRole::Player(side), msg) => self.play_action(m, side, msg),
        };
        if let Err(reason) = result {
            self.refuse(from, &what, reason);
        }
    }

    fn hello(&mut self, m: &mut Match, id: ClientId, h: Hello) -> Result<(), Refusal> {
        let name = clean_name(&h.name);
        if let Some(p) = self.peers.get_mut(&id) {
            p.name = name.clone();
        }
        if h.version != self.cfg.protocol_version {
            let text = format!(
                "this host speaks Chimera network protocol {}, your build speaks {}: use the same Chimera version on both machines",
                self.cfg.protocol_version, h.version
            );
            self.log(format!(
                "client {id} ({name}): protocol {} refused",
                h.version
            ));
            self.send(
                Sender::Remote(id),
                &HostMsg::VersionMismatch {
                    host_version: self.cfg.protocol_version,
                    text,
                },
            );
            self.kick_later(id);
            return Ok(());
        }
        let by_token = h.token.and_then(|t| {
            Color::BOTH
                .into_iter()
                .find(|s| self.seats[s.index()].token == Some(t))
        });
        if h.token.is_some() && by_token.is_none() {
            self.log(format!("client {id} ({name}): unknown seat token ignored"));
        }
        let free = |s: Color| !self.seats[s.index()].taken();
        let side = match (by_token, h.wish) {
            (Some(s), _) => Some(s),
            (None, SeatWish::Spectate) => None,
            (None, SeatWish::White) if free(Color::White) => Some(Color::White),
            (None, SeatWish::Black) if free(Color::Black) => Some(Color::Black),
            (None, SeatWish::Any) => Color::BOTH.into_iter().find(|&s| free(s)),
            (None, wish) => {
                let side = if wish == SeatWish::White {
                    Color::White
                } else {
                    Color::Black
                };
                let holder = self.seats[side.index()].name.clone();
                self.kick_later(id);
                return Err(format!("{} is taken ({holder})", side.name()));
            }
        };
        match side {
            Some(side) => self.seat(m, id, side, name, by_token.is_some()),
            None if h.wish == SeatWish::Any => {
                self.kick_later(id);
                Err("both seats are taken; join as a spectator".to_string())
            }
            None => self.spectate(m, id, name),
        }
    }

    fn seat(
        &mut self,
        m: &mut Match,
        id: ClientId,
        side: Color,
        name: String,
        back: bool,
    ) -> Result<(), Refusal> {
        if let Holder::Remote(old) = self.seats[side.index()].holder
            && old != id
        {
            self.log(format!(
                "client {old} replaced by client {id} with the same seat token"
            ));
            self.events.push(HostEvent::Kick(old));
            self.peers.remove(&old);
        }
        let token = match self.seats[side.index()].token {
            Some(t) => t,
            None => self.new_token(),
        };
        let seat = &mut self.seats[side.index()];
        seat.token = Some(token);
        seat.holder = Holder::Remote(id);
        seat.away_for = Duration::ZERO;
        seat.name = name.clone();
        if let Some(p) = self.peers.get_mut(&id) {
            p.role = PeerRole::Player(side);
        }
        let verb = if back { "is back in" } else { "takes" };
        self.log(format!(
            "client {id} ({name}) {verb} {}'s seat",
            side.name()
        ));
        self.refresh_seat(m, side);
        self.welcome(m, Sender::Remote(id), Role::Player(side), Some(token));
        Ok(())
    }

    fn spectate(&mut self, m: &Match, id: ClientId, name: String) -> Result<(), Refusal> {
        let watching = self.table.spectators as usize;
        if watching >= self.cfg.limits.max_spectators {
            self.kick_later(id);
            return Err(format!("this game already has {watching} spectators"));
        }
        if let Some(p) = self.peers.get_mut(&id) {
            p.role = PeerRole::Spectator;
        }
        self.log(format!("client {id} ({name}) watches"));
        self.set_spectators();
        self.welcome(m, Sender::Remote(id), Role::Spectator, None);
        Ok(())
    }

    fn kick_later(&mut self, id: ClientId) {
        let at = self.now + KICK_DELAY;
        if let Some(p) = self.peers.get_mut(&id) {
            p.kick_at = Some(at);
        }
    }

    fn chat(&mut self, from: Sender, text: &str) -> Result<(), Refusal> {
        let now = self.now;
        let (name, ok) = match from {
            Sender::Local => (self.local_name(), true),
            Sender::Remote(id) => match self.peers.get_mut(&id) {
                Some(p) => (p.name.clone(), p.chat.take(now)),
                None => return Ok(()),
            },
        };
        if !ok {
            return Err("chatting too fast".to_string());
        }
        let text: String = text.chars().filter(|c| !c.is_control()).collect();
        let text = text.trim();
        if text.is_empty() {
            return Err("empty chat line".to_string());
        }
        self.log(format!("chat {name}: {text}"));
        self.broadcast(&HostMsg::Chat {
            from: name,
            text: text.to_string(),
        });
        Ok(())
    }

    /// A player's drawings at a ply, checked against the board and passed
    /// on to everyone; at most [`RequestLimits::drawings_per_s`] from a
    /// client.
    fn drawings(
        &mut self,
        m: &Match,
        from: Sender,
        side: Color,
        d: SharedDrawings,
    ) -> Result<(), Refusal> {
        if let Sender::Remote(id) = from
            && let Some(p) = self.peers.get_mut(&id)
            && !p.drawings.take(self.now)
        {
            return Err("drawing too fast".to_string());
        }
        if d.ply as usize > m.ply() {
            return Err(format!("the game has only {} moves", m.ply()));
        }
        let v = m.variant();
        let names = d.arrows.iter().flat_map(|a| [&a.from, &a.to]);
        for name in names.chain(d.circles.iter().map(|c| &c.square)) {
            if !v.parse_square(name).is_some_and(|s| v.exists(s)) {
                return Err(format!("'{name}' is not a square of this board"));
            }
        }
        self.broadcast(&HostMsg::Drawings {
            by: side,
            drawings: d,
        });
        Ok(())
    }

    /// A client's copy went wrong: it gets a snapshot, at most one per
    /// [`RESYNC_INTERVAL`] (a request within it is answered when it ends).
    fn resync(&mut self, m: &Match, from: Sender, ply: u32) -> Result<(), Refusal> {
        self.log(format!(
            "{} asked for a snapshot at its ply {ply} (its copy went wrong)",
            self.who(from)
        ));
        let now = self.now;
        if let Sender::Remote(id) = from
            && let Some(p) = self.peers.get_mut(&id)
            && p.last_resync
                .is_some_and(|t| now.saturating_sub(t) < RESYNC_INTERVAL)
        {
            p.resync_due = true;
            return Ok(());
        }
        self.send_snapshot(m, from);
        Ok(())
    }

    fn send_snapshot(&mut self, m: &Match, to: Sender) {
        if let Sender::Remote(id) = to
            && let Some(p) = self.peers.get_mut(&id)
        {
            p.last_resync = Some(self.now);
            p.resync_due = false;
        }
        let snapshot = Box::new(self.table.snapshot(m));
        self.send(to, &HostMsg::Snapshot(snapshot));
    }

    fn play_action(&mut self, m: &mut Match, side: Color, msg: ClientMsg) -> Result<(), Refusal> {
        if let ClientMsg::Offer(Offer::Rematch)
        | ClientMsg::Accept(Offer::Rematch)
        | ClientMsg::Decline(Offer::Rematch) = msg
        {
            if m.outcome().is_none() {
                return Err("the game is not over".to_string());
            }
        } else if let Some(r) = m.outcome() {
            return Err(format!("the game is over ({})", r.result_text()));
        }
        if !self.started() {
            let open = Color::BOTH
                .into_iter()
                .find(|s| !self.seats[s.index()].taken())
                .map_or("a", Color::name);
            return Err(format!("the game has not started: {open}'s seat is open"));
        }
        match msg {
            ClientMsg::Move { ply, lmn } => self.play_move(m, side, ply, &lmn),
            ClientMsg::Resign => {
                self.log(format!("{} resigns", side.name()));
                self.end(
                    m,
                    Outcome {
                        winner: Some(side.opposite()),
                        reason: EndReason::Resignation,
                    },
                );
                Ok(())
            }
            ClientMsg::Offer(kind) => self.offer(m, side, kind),
            ClientMsg::Accept(kind) => self.accept(m, side, kind),
            ClientMsg::Decline(kind) => {
                self.pending_from(m, side.opposite(), kind)?;
                self.table.clear_offer(m, kind);
                self.log(format!("{} declines the {}", side.name(), kind.word()));
                self.broadcast(&HostMsg::Declined { kind, by: side });
                Ok(())
            }
            ClientMsg::ClaimWin => self.claim(m, side),
            ClientMsg::Hello(_)
            | ClientMsg::Chat(_)
            | ClientMsg::Resync { .. }
            | ClientMsg::Drawings(_) => Ok(()),
        }
    }

    fn play_move(
        &mut self,
        m: &mut Match,
        side: Color,
        ply: u32,
        lmn: &str,
    ) -> Result<(), Refusal> {
        let to_move = m.position().side_to_move();
        if side != to_move {
            return Err(format!(
                "you play {}; it is {}'s turn",
                side.name(),
                to_move.name()
            ));
        }
        let now = m.ply() as u32;
        if ply != now {
            return Err(format!(
                "stale move: made at ply {ply}, the game is at ply {now}"
            ));
        }
        let mv = m.parse_lmn(lmn).map_err(|e| e.to_string())?;
        // `advance` ends the game the moment a flag falls, and time passes
        // only there: the mover has time left. The match stops the clock
        // when the move ends the game.
        let played = m.play(mv, ply as usize).map_err(|e| match e {
            MatchError::Illegal(why) => format!("{lmn} is not legal here: {why}"),
            e => e.to_string(),
        })?;
        let lmn = played.lmn.clone();
        let hash = m.position().hash();
        self.table.offers.clear();
        let ended = m.outcome();
        self.run_clock(m);
        self.log(format!(
            "ply {} {} {lmn}",
            ply + 1,
            side.name().to_lowercase()
        ));
        self.events.push(HostEvent::Applied {
            ply,
            side,
            lmn: lmn.clone(),
            hash,
            played: Box::new(played),
        });
        self.broadcast(&HostMsg::Moved(MoveConfirmed {
            ply,
            lmn,
            hash,
            clocks: wire_clocks(m),
        }));
        if let Some(r) = ended {
            self.announce_end(m, r);
        }
        Ok(())
    }

    fn pending_from(&self, m: &Match, by: Color, kind: Offer) -> Result<(), Refusal> {
        match self.table.offer_by(m, kind) {
            Some(s) if s == by => Ok(()),
            _ => Err(format!("{} has not offered a {}", by.name(), kind.word())),
        }
    }

    fn offer(&mut self, m: &mut Match, side: Color, kind: Offer) -> Result<(), Refusal> {
        match self.table.offer_by(m, kind) {
            Some(s) if s == side => {
                return Err(format!("you already offered a {}", kind.word()));
            }
            Some(_) => return self.accept(m, side, kind),
            None => {}
        }
        if kind == Offer::Takeback && Host::takeback_target(m, side).is_none() {
            return Err("you have no move to take back".to_string());
        }
        self.table.offer(m, kind, side);
        self.log(format!("{} offers a {}", side.name(), kind.word()));
        self.broadcast(&HostMsg::Offered { kind, by: side });
        Ok(())
    }

    /// The ply a takeback asked by `side` goes back to (before its last move).
    fn takeback_target(m: &Match, side: Color) -> Option<u32> {
        let ply = m.ply() as u32;
        let back = if m.position().side_to_move() == side {
            2
        } else {
            1
        };
        ply.checked_sub(back)
    }

    fn accept(&mut self, m: &mut Match, side: Color, kind: Offer) -> Result<(), Refusal> {
        let by = side.opposite();
        self.pending_from(m, by, kind)?;
        self.table.clear_offer(m, kind);
        self.log(format!("{} accepts the {}", side.name(), kind.word()));
        match kind {
            Offer::Draw => self.end(
                m,
                Outcome {
                    winner: None,
                    reason: EndReason::DrawAgreed,
                },
            ),
            Offer::Takeback => {
                let ply = Host::takeback_target(m, by)
                    .ok_or_else(|| "no move to take back".to_string())?;
                m.take_back(ply as usize);
                self.table.offers.clear();
                self.run_clock(m);
                self.events.push(HostEvent::TakenBack { ply });
                self.broadcast(&HostMsg::TakenBack {
                    ply,
                    hash: m.position().hash(),
                    clocks: wire_clocks(m),
                });
            }
            Offer::Rematch => self.rematch(m),
        }
        Ok(())
    }

    fn rematch(&mut self, m: &mut Match) {
        *m = m.restarted();
        self.table.offers.clear();
        self.table.game_number += 1;
        self.seats.swap(0, 1);
        self.table.seats.swap(0, 1);
        self.run_clock(m);
        self.cfg.local_side = self.cfg.local_side.map(Color::opposite);
        for peer in self.peers.values_mut() {
            if let PeerRole::Player(s) = peer.role {
                peer.role = PeerRole::Player(s.opposite());
            }
        }
        let n = self.table.game_number;
        self.log(format!("rematch: game {n}, colours swapped"));
        self.events.push(HostEvent::NewGame { game_number: n });
        for to in self.audience() {
            let (role, token) = match to {
                Sender::Local => (self.cfg.local_side.map(Role::Player), None),
                Sender::Remote(id) => match self.peers.get(&id).map(|p| p.role) {
                    Some(PeerRole::Player(s)) => {
                        (Some(Role::Player(s)), self.seats[s.index()].token)
                    }
                    _ => (Some(Role::Spectator), None),
                },
            };
            if let Some(role) = role {
                self.welcome(m, to, role, token);
            }
        }
    }

    fn claim(&mut self, m: &mut Match, side: Color) -> Result<(), Refusal> {
        let other = side.opposite();
        match self.seats[other.index()].state(self.cfg.grace) {
            SeatState::Away {
                grace_left_s: 0, ..
            } => {
                self.log(format!("{} claims the win", side.name()));
                self.end(
                    m,
                    Outcome {
                        winner: Some(side),
                        reason: EndReason::Abandoned,
                    },
                );
                Ok(())
            }
            SeatState::Away { grace_left_s, .. } => Err(format!(
                "{} may still come back ({}:{:02} left)",
                other.name(),
                grace_left_s / 60,
                grace_left_s % 60
            )),
            _ => Err(format!("{} is connected", other.name())),
        }
    }

    /// Starts or stops the clock as the table says (at the match's time);
    /// a flag that has fallen ends the game.
    fn run_clock(&mut self, m: &mut Match) {
        if let Some(r) = m.tick(m.now(), self.table.clock_held()) {
            self.table.offers.clear();
            self.announce_end(m, r);
        }
    }

    /// Ends the game (unless it has ended already).
    fn end(&mut self, m: &mut Match, result: Outcome) {
        if m.finish(result).is_none() {
            return;
        }
        self.table.offers.clear();
        self.run_clock(m);
        self.announce_end(m, result);
    }

    fn announce_end(&mut self, m: &Match, result: Outcome) {
        self.log(format!("result: {}", result.result_text()));
        self.events.push(HostEvent::Ended(result));
        self.broadcast(&HostMsg::Ended {
            result,
            clocks: wire_clocks(m),
        });
    }

    /// The beacon describing this match (for discovery and version probes).
    pub fn beacon(&self, m: &Match, port: u16) -> super::discovery::Beacon {
        super::discovery::Beacon {
            version: self.cfg.protocol_version,
            host_name: clean_name(&self.cfg.name),
            variant: self.cfg.variant.clone(),
            options: m.variant().options().to_vec(),
            time_control: self
                .cfg
                .time_control
                .is_timed()
                .then(|| self.cfg.time_control.to_string()),
            seats: self.table.seats.clone(),
            spectators: self.table.spectators,
            port,
        }
    }
}

/// `client 3 (Alice)` or `client 3` before it said hello.
fn describe(id: ClientId, p: &Peer) -> String {
    if p.name.is_empty() {
        format!("client {id}")
    } else {
        format!("client {id} ({})", p.name)
    }
}

/// A name without control characters, trimmed, never empty.
pub(crate) fn clean_name(name: &str) -> String {
    let n: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(super::protocol::MAX_NAME_CHARS)
        .collect();
    let n = n.trim();
    if n.is_empty() {
        "Player".to_string()
    } else {
        n.to_string()
    }
}

/// What a request is, for refusals and the log.
fn what_of(msg: &ClientMsg) -> String {
    match msg {
        ClientMsg::Hello(_) => "hello".to_string(),
        ClientMsg::Move { ply, lmn } => format!("move {lmn} at ply {ply}"),
        ClientMsg::Resign => "resignation".to_string(),
        ClientMsg::Offer(k) => format!("{} offer", k.word()),
        ClientMsg::Accept(k) => format!("{} accept", k.word()),
        ClientMsg::Decline(k) => format!("{} decline", k.word()),
        ClientMsg::ClaimWin => "win claim".to_string(),
        ClientMsg::Chat(_) => "chat".to_string(),
        ClientMsg::Resync { .. } => "snapshot request".to_string(),
        ClientMsg::Drawings(d) => format!("drawings at ply {}", d.ply),
    }
}
