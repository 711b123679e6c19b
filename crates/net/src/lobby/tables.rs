//! [`Lobby`]: many tables as a pure state machine (no sockets).
//!
//! Each table is a [`Host`] ruling its own [`Match`], exactly as `chimera
//! serve` hosts one: the same hello, seats and seat tokens, checks,
//! clocks, offers, rematches and limits. The lobby adds what is around the
//! tables: their room codes, the public list, who may connect to which
//! table (an admission, redeemed by the netcode client id the connect token
//! carries), the limits across tables, closing a table left empty, and the
//! records of finished games ([`LobbyEvent::Record`]; the caller writes them).
//!
//! Inputs: control requests ([`Lobby::request`]), netcode clients connected,
//! disconnected and their bytes, time passing ([`Lobby::advance`]).
//! Outputs ([`Lobby::take_events`]): frames to send, clients to drop, log
//! lines, records.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::net::IpAddr;
use std::time::Duration;

use chimera_game::Match;
use chimera_rules::rng::GOLDEN_GAMMA;
use chimera_rules::{Color, EndReason, SplitMix64};

use super::code::RoomCode;
use super::wire::{LobbyRequest, MAX_LISTED, TableInfo, TableSpec};
use crate::host::{ClientId, Host, HostConfig, HostEvent, RequestLimits};
use crate::protocol::{PROTOCOL_VERSION, SeatState, SeatToken, SeatWish};
use crate::seats::HeldSeat;
use crate::state::record_of;

/// The lobby's limits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LobbyLimits {
    /// Tables open at once at most.
    pub max_tables: usize,
    /// Tables one address may have open at once.
    pub tables_per_address: usize,
    /// Control requests per second one address may make on average.
    pub requests_per_s: f64,
    /// Control requests one address may make at once.
    pub request_burst: f64,
    /// Clients connected to the game port at once at most (netcode's
    /// ceiling per transport is 1024).
    pub max_clients: usize,
    /// A table nobody is at for this long is closed.
    pub empty_close: Duration,
    /// How long an admission (its connect token) may wait to be used.
    pub admission_ttl: Duration,
    /// Each table's own limits (requests, chat, spectators, hello time-out).
    pub table: RequestLimits,
}

impl Default for LobbyLimits {
    fn default() -> LobbyLimits {
        LobbyLimits {
            max_tables: 500,
            tables_per_address: 4,
            requests_per_s: 2.0,
            request_burst: 20.0,
            max_clients: 1024,
            empty_close: Duration::from_secs(300),
            admission_ttl: Duration::from_secs(30),
            table: RequestLimits::default(),
        }
    }
}

/// How a lobby is set up.
#[derive(Clone, Debug)]
pub struct LobbyConfig {
    /// The lobby's name (the records' `Site`).
    pub name: String,
    /// Limits.
    pub limits: LobbyLimits,
    /// How long a dropped player's seat waits before the opponent may claim.
    pub grace: Duration,
    /// The protocol version spoken (only tests change it).
    pub protocol_version: u32,
}

impl Default for LobbyConfig {
    fn default() -> LobbyConfig {
        LobbyConfig {
            name: "Chimera lobby".to_string(),
            limits: LobbyLimits::default(),
            grace: Duration::from_secs(120),
            protocol_version: PROTOCOL_VERSION,
        }
    }
}

/// What the lobby wants done, or reports.
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyEvent {
    /// Send this frame to this client (reliable, ordered).
    Send {
        /// The client.
        to: ClientId,
        /// The frame.
        frame: Vec<u8>,
    },
    /// Disconnect this client.
    Kick(ClientId),
    /// One line for the log.
    Log(String),
    /// A game's record to keep (finished, or unfinished when its table
    /// closes or the lobby stops).
    Record {
        /// The table.
        code: RoomCode,
        /// The record file's name without `.pgn` (date, variant, players).
        stem: String,
        /// The record.
        text: String,
    },
}

/// A control request decided: what the transport answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The public tables.
    Tables(Vec<TableInfo>),
    /// Admitted to the table `code` as netcode client `client_id`: the
    /// transport issues a connect token for that id.
    Admit {
        /// The table.
        code: RoomCode,
        /// The client id the token must carry.
        client_id: ClientId,
        /// The seat token of the seat kept for a table's creator.
        seat: Option<SeatToken>,
    },
    /// Refused, why in words.
    Refused(String),
}

/// A token bucket (as the host's), per address.
#[derive(Clone, Debug)]
struct Bucket {
    tokens: f64,
    at: Duration,
}

/// One table: its host, its match, and what the lobby knows of it.
struct Table {
    host: Host,
    game: Match,
    spec: TableSpec,
    owner: IpAddr,
    clients: HashSet<ClientId>,
    /// Admissions not yet redeemed.
    expecting: usize,
    empty_for: Duration,
    /// Order of creation (the list shows older tables first).
    serial: u64,
}

impl Table {
    fn info(&self, code: RoomCode) -> TableInfo {
        let t = self.host.table();
        TableInfo {
            code,
            variant: self.game.variant().id().to_string(),
            variant_name: self.game.variant().name().to_string(),
            options: self.game.variant().options().to_vec(),
            time: self.spec.time,
            seats: t.seats.clone(),
            spectators: t.spectators,
            ply: self.game.ply() as u32,
            game_number: t.game_number,
            over: self.game.outcome().is_some(),
        }
    }
    fn open_seats(&self) -> usize {
        SeatState::open_count(&self.host.table().seats)
    }
}

/// An admission waiting for its client to connect.
#[derive(Clone, Copy, Debug)]
struct Admission {
    code: RoomCode,
    until: Duration,
}

/// Codes of closed tables remembered (to say "closed" rather than "no such").
const CLOSED_KEPT: usize = 10_000;
/// Addresses whose request buckets are kept at most (the oldest full ones go first).
const BUCKETS_KEPT: usize = 65_536;

/// The lobby state machine.
pub struct Lobby {
    cfg: LobbyConfig,
    tables: BTreeMap<RoomCode, Table>,
    routes: HashMap<ClientId, RoomCode>,
    admissions: HashMap<ClientId, Admission>,
    closed: VecDeque<RoomCode>,
    closed_set: HashSet<RoomCode>,
    buckets: HashMap<IpAddr, Bucket>,
    rng: SplitMix64,
    now: Duration,
    /// The wall clock, for the records' dates.
    date: Duration,
    serial: u64,
    events: Vec<LobbyEvent>,
}

impl Lobby {
    /// A lobby with no tables; `seed` feeds room codes, client ids and
    /// seat tokens (take it from the OS).
    pub fn new(cfg: LobbyConfig, seed: u64) -> Lobby {
        Lobby {
            cfg,
            tables: BTreeMap::new(),
            routes: HashMap::new(),
            admissions: HashMap::new(),
            closed: VecDeque::new(),
            closed_set: HashSet::new(),
            buckets: HashMap::new(),
            rng: SplitMix64::new(seed ^ GOLDEN_GAMMA),
            now: Duration::ZERO,
            date: Duration::ZERO,
            serial: 0,
            events: Vec::new(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &LobbyConfig {
        &self.cfg
    }
    /// Tables open now.
    pub fn table_count(&self) -> usize {
        self.tables.len()
    }
    /// Clients connected to tables now.
    pub fn client_count(&self) -> usize {
        self.routes.len()
    }
    /// Admissions not yet redeemed.
    pub fn admission_count(&self) -> usize {
        self.admissions.len()
    }
    /// Whether a table of this code is open.
    pub fn has_table(&self, code: RoomCode) -> bool {
        self.tables.contains_key(&code)
    }
    /// The table of this code: its host and its match.
    pub fn table(&self, code: RoomCode) -> Option<(&Host, &Match)> {
        self.tables.get(&code).map(|t| (&t.host, &t.game))
    }
    /// The table a connected client is at.
    pub fn table_of(&self, id: ClientId) -> Option<RoomCode> {
        self.routes.get(&id).copied()
    }
    /// Sets the wall clock (UNIX time) the records are dated by.
    pub fn set_date(&mut self, now: Duration) {
        self.date = now;
    }

    /// Takes the events produced so far.
    pub fn take_events(&mut self) -> Vec<LobbyEvent> {
        std::mem::take(&mut self.events)
    }

    fn log(&mut self, line: String) {
        self.events.push(LobbyEvent::Log(line));
    }

    /// A control request from `from`, decided; `connected` is how many
    /// clients the transport holds now (admissions count against its room).
    pub fn request(&mut self, req: LobbyRequest, from: IpAddr, connected: usize) -> Decision {
        if !self.take_request(from) {
            self.log(format!(
                "{from}: request refused (over {}/s)",
                self.cfg.limits.requests_per_s
            ));
            return Decision::Refused(format!(
                "too many requests from your address (the lobby answers {} a second on average); wait a few seconds",
                self.cfg.limits.requests_per_s
            ));
        }
        if let Err(why) = req.validate() {
            return Decision::Refused(why);
        }
        self.expire_admissions();
        match req {
            LobbyRequest::List => Decision::Tables(self.list()),
            LobbyRequest::Create { spec, wish, name } => {
                match self.create(spec, wish, from, &name, connected) {
                    Ok((code, seat)) => match self.admit(code, wish, from, connected) {
                        Decision::Admit {
                            code, client_id, ..
                        } => Decision::Admit {
                            code,
                            client_id,
                            seat,
                        },
                        other => other,
                    },
                    Err(why) => Decision::Refused(why),
                }
            }
            LobbyRequest::Join { code, wish } => self.admit(code, wish, from, connected),
        }
    }

    /// Takes one request from `from`'s bucket.
    fn take_request(&mut self, from: IpAddr) -> bool {
        let (rate, burst, now) = (
            self.cfg.limits.requests_per_s,
            self.cfg.limits.request_burst,
            self.now,
        );
        if self.buckets.len() >= BUCKETS_KEPT && !self.buckets.contains_key(&from) {
            // Forget the addresses whose buckets have refilled: they lose nothing.
            self.buckets
                .retain(|_, b| b.tokens + now.saturating_sub(b.at).as_secs_f64() * rate < burst);
            if self.buckets.len() >= BUCKETS_KEPT {
                return false;
            }
        }
        let b = self.buckets.entry(from).or_insert(Bucket {
            tokens: burst,
            at: now,
        });
        b.tokens = (b.tokens + now.saturating_sub(b.at).as_secs_f64() * rate).min(burst);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// The public tables: open seats first, then games in progress, then
    /// finished ones; older first within each.
    pub fn list(&self) -> Vec<TableInfo> {
        let mut public: Vec<(&RoomCode, &Table)> =
            self.tables.iter().filter(|(_, t)| t.spec.public).collect();
        public.sort_by_key(|(_, t)| (t.open_seats() == 0, t.game.outcome().is_some(), t.serial));
        public
            .into_iter()
            .take(MAX_LISTED)
            .map(|(c, t)| t.info(*c))
            .collect()
    }

    /// Opens a table; the creator's seat (unless it watches) is kept for
    /// it with a new seat token, so nobody who connects first takes it.
    fn create(
        &mut self,
        spec: TableSpec,
        wish: SeatWish,
        from: IpAddr,
        name: &str,
        connected: usize,
    ) -> Result<(RoomCode, Option<SeatToken>), String> {
        let limits = self.cfg.limits;
        if self.tables.len() >= limits.max_tables {
            return Err(format!(
                "the lobby is full: {} tables are open, its limit; try again later",
                self.tables.len()
            ));
        }
        if connected + self.admissions.len() >= limits.max_clients {
            return Err(format!(
                "the lobby is full: {} players are connected, its limit; try again later",
                connected + self.admissions.len()
            ));
        }
        let mine = self.tables.values().filter(|t| t.owner == from).count();
        if mine >= limits.tables_per_address {
            return Err(format!(
                "your address has {mine} tables open here, the most one address may have; play or leave one first"
            ));
        }
        let mut cfg = HostConfig::new(&spec.variant);
        cfg.options = spec.options.clone();
        cfg.time_control = spec.time;
        cfg.grace = self.cfg.grace;
        cfg.limits = limits.table;
        cfg.protocol_version = self.cfg.protocol_version;
        cfg.name = self.cfg.name.clone();
        let side = match wish {
            SeatWish::White | SeatWish::Any => Some(Color::White),
            SeatWish::Black => Some(Color::Black),
            SeatWish::Spectate => None,
        };
        let seat = side.map(|side| {
            let mut token = [0u8; 16];
            token[..8].copy_from_slice(&self.rng.next_u64().to_le_bytes());
            token[8..].copy_from_slice(&self.rng.next_u64().to_le_bytes());
            cfg.seats.0[side.index()] = Some(HeldSeat {
                token: SeatToken(token),
                name: crate::host::clean_name(name),
            });
            SeatToken(token)
        });
        let seed = self.rng.next_u64();
        let (mut host, game) = Host::new(cfg, seed).map_err(|e| e.to_string())?;
        let code = self.new_code();
        host.take_events();
        let public = if spec.public { "public" } else { "private" };
        self.log(format!(
            "[{code}] opened by {from} ({}): {} ({}), {}, {public}",
            crate::host::clean_name(name),
            game.variant().name(),
            game.variant().id(),
            if spec.time.is_timed() {
                spec.time.to_string()
            } else {
                "untimed".to_string()
            }
        ));
        self.serial += 1;
        self.tables.insert(
            code,
            Table {
                host,
                game,
                spec,
                owner: from,
                clients: HashSet::new(),
                expecting: 0,
                empty_for: Duration::ZERO,
                serial: self.serial,
            },
        );
        Ok((code, seat))
    }

    /// A fresh code, never one in use or recently closed.
    fn new_code(&mut self) -> RoomCode {
        loop {
            let code = RoomCode::from_random(self.rng.next_u64());
            if !self.tables.contains_key(&code) && !self.closed_set.contains(&code) {
                return code;
            }
        }
    }

    fn admit(
        &mut self,
        code: RoomCode,
        wish: SeatWish,
        from: IpAddr,
        connected: usize,
    ) -> Decision {
        let limits = self.cfg.limits;
        let Some(table) = self.tables.get_mut(&code) else {
            return Decision::Refused(if self.closed_set.contains(&code) {
                format!("table {code} has closed (its code has expired)")
            } else {
                format!("there is no table {code} at this lobby: check the code")
            });
        };
        if connected + self.admissions.len() >= limits.max_clients {
            return Decision::Refused(format!(
                "the lobby is full: {} players are connected, its limit; try again later",
                connected + self.admissions.len()
            ));
        }
        // Room for both players, the spectators and a few newcomers.
        let room = 2 + limits.table.max_spectators + limits.table.max_pending;
        if table.clients.len() + table.expecting >= room {
            return Decision::Refused(format!(
                "table {code} is full: {} players and spectators are there",
                table.clients.len()
            ));
        }
        if wish == SeatWish::Spectate
            && table.host.table().spectators as usize >= limits.table.max_spectators
        {
            return Decision::Refused(format!(
                "table {code} already has {} spectators, the most it takes",
                table.host.table().spectators
            ));
        }
        table.expecting += 1;
        let client_id = loop {
            let id = self.rng.next_u64();
            if id != 0 && !self.routes.contains_key(&id) && !self.admissions.contains_key(&id) {
                break id;
            }
        };
        self.admissions.insert(
            client_id,
            Admission {
                code,
                until: self.now + limits.admission_ttl,
            },
        );
        self.log(format!(
            "[{code}] {from} admitted as client {client_id} ({})",
            wish_word(wish)
        ));
        Decision::Admit {
            code,
            client_id,
            seat: None,
        }
    }

    /// Drops admissions whose time is up.
    fn expire_admissions(&mut self) {
        let now = self.now;
        let expired: Vec<(ClientId, RoomCode)> = self
            .admissions
            .iter()
            .filter(|(_, a)| a.until <= now)
            .map(|(&id, a)| (id, a.code))
            .collect();
        for (id, code) in expired {
            self.admissions.remove(&id);
            if let Some(t) = self.tables.get_mut(&code) {
                t.expecting = t.expecting.saturating_sub(1);
            }
        }
    }

    /// A netcode client connected with a token the lobby issued.
    pub fn connected(&mut self, id: ClientId) {
        let Some(adm) = self.admissions.remove(&id) else {
            // Netcode only lets in tokens of this lobby's key: an id without
            // an admission outlived it (or its table).
            self.log(format!("client {id} has no admission (expired); dropped"));
            self.events.push(LobbyEvent::Kick(id));
            return;
        };
        let Some(table) = self.tables.get_mut(&adm.code) else {
            self.log(format!(
                "client {id}: table {} has closed; dropped",
                adm.code
            ));
            self.events.push(LobbyEvent::Kick(id));
            return;
        };
        table.expecting = table.expecting.saturating_sub(1);
        table.clients.insert(id);
        table.empty_for = Duration::ZERO;
        table.host.connected(id);
        self.routes.insert(id, adm.code);
        self.collect(adm.code);
    }

    /// A client disconnected.
    pub fn disconnected(&mut self, id: ClientId, why: &str) {
        let Some(code) = self.routes.remove(&id) else {
            return;
        };
        if let Some(t) = self.tables.get_mut(&code) {
            t.clients.remove(&id);
            t.host.disconnected(&mut t.game, id, why);
            self.collect(code);
        }
    }

    /// Bytes from a client, for its table's host.
    pub fn received(&mut self, id: ClientId, bytes: &[u8]) {
        let Some(&code) = self.routes.get(&id) else {
            return;
        };
        if let Some(t) = self.tables.get_mut(&code) {
            t.host.received(&mut t.game, id, bytes);
            self.collect(code);
        }
    }

    /// Time passes: every table's clocks and grace periods, admissions
    /// running out, empty tables closing.
    pub fn advance(&mut self, dt: Duration) {
        self.now += dt;
        let codes: Vec<RoomCode> = self.tables.keys().copied().collect();
        let mut closing = Vec::new();
        for code in codes {
            let Some(t) = self.tables.get_mut(&code) else {
                continue;
            };
            t.host.advance(&mut t.game, dt);
            if t.clients.is_empty() && t.expecting == 0 {
                t.empty_for += dt;
                if t.empty_for >= self.cfg.limits.empty_close {
                    closing.push(code);
                }
            } else {
                t.empty_for = Duration::ZERO;
            }
            self.collect(code);
        }
        self.expire_admissions();
        for code in closing {
            let mins = self.cfg.limits.empty_close.as_secs();
            self.close(
                code,
                &format!("nobody there for {}:{:02}", mins / 60, mins % 60),
            );
        }
    }

    /// Closes a table: the record of a game in progress is kept
    /// (unfinished), its clients are dropped, its code is remembered as closed.
    fn close(&mut self, code: RoomCode, why: &str) {
        self.keep_unfinished(code);
        let Some(t) = self.tables.remove(&code) else {
            return;
        };
        for id in t.clients {
            self.routes.remove(&id);
            self.events.push(LobbyEvent::Kick(id));
        }
        self.admissions.retain(|_, a| a.code != code);
        if self.closed.len() == CLOSED_KEPT
            && let Some(old) = self.closed.pop_front()
        {
            self.closed_set.remove(&old);
        }
        self.closed.push_back(code);
        self.closed_set.insert(code);
        self.log(format!("[{code}] closed: {why}"));
    }

    /// The lobby stops: the records of games in progress, every client dropped.
    pub fn stop(&mut self) {
        let codes: Vec<RoomCode> = self.tables.keys().copied().collect();
        for code in codes {
            self.close(code, "the lobby stops");
        }
    }

    /// Queues the record of the table's game if it has moves and no result.
    fn keep_unfinished(&mut self, code: RoomCode) {
        let Some(t) = self.tables.get(&code) else {
            return;
        };
        if t.game.outcome().is_none() && t.game.ply() > 0 {
            self.record(code, Some(EndReason::Abandoned));
        }
    }

    /// Queues the record of the table's current game.
    fn record(&mut self, code: RoomCode, unfinished: Option<EndReason>) {
        let Some(t) = self.tables.get(&code) else {
            return;
        };
        let table = t.host.table();
        let name = |i: usize| table.seats[i].name().unwrap_or("?").to_string();
        let tags = [
            ("Event", "Chimera online game".to_string()),
            ("Site", self.cfg.name.clone()),
            ("Date", chimera_game::record::files::pgn_date(self.date)),
            ("Round", table.game_number.to_string()),
            ("White", name(0)),
            ("Black", name(1)),
            ("Room", code.to_string()),
        ]
        .map(|(k, v)| (k.to_string(), v));
        let text = record_of(&t.game, &tags).and_then(|rec| match unfinished {
            Some(why) => rec.unfinished_text(why),
            None => rec.to_text(),
        });
        let names = [0, 1].map(|i| table.seats[i].name().unwrap_or("nobody"));
        let stem =
            chimera_game::record::files::record_stem(self.date, t.game.variant().id(), names);
        let game_number = table.game_number;
        match text {
            Ok(text) => self.events.push(LobbyEvent::Record { code, stem, text }),
            Err(e) => self.log(format!(
                "[{code}] cannot write the record of game {game_number}: {e}"
            )),
        }
    }

    /// Takes a table's host events into the lobby's.
    fn collect(&mut self, code: RoomCode) {
        let Some(t) = self.tables.get_mut(&code) else {
            return;
        };
        let events = t.host.take_events();
        for e in events {
            match e {
                HostEvent::Send { to, frame } => self.events.push(LobbyEvent::Send { to, frame }),
                HostEvent::Kick(id) => self.events.push(LobbyEvent::Kick(id)),
                HostEvent::Log(line) => self
                    .events
                    .push(LobbyEvent::Log(format!("[{code}] {line}"))),
                HostEvent::Ended(_) => self.record(code, None),
                HostEvent::ToLocal(_)
                | HostEvent::Applied { .. }
                | HostEvent::TakenBack { .. }
                | HostEvent::NewGame { .. } => {}
            }
        }
    }
}

/// A wish in words, for the log.
fn wish_word(w: SeatWish) -> &'static str {
    match w {
        SeatWish::White => "for White",
        SeatWish::Black => "for Black",
        SeatWish::Any => "for a seat",
        SeatWish::Spectate => "to watch",
    }
}
