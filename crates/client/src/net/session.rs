//! [`NetSession`]: a LAN game in progress — the window's end of the network
//! ([`Wire`]: the host it runs, or the runner that joined one), what waits
//! to reach the match, and the [`NetView`] the side panel shows.
//!
//! A hosting window's [`Host`] rules the window's own [`Match`]
//! (`CurrentMatch`), lent to it every frame: one copy of the game. A joined
//! window's [`Client`] keeps the host's confirmed copy, which the window's
//! match follows move by move (see `follow`).

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use bevy::prelude::*;
use chimera_game::{Match, Offer};
use chimera_net::client::ChatLine;
use chimera_net::seats::{HostSeats, SeatBook};
use chimera_net::transport::{random_u64, reachable_at, wall_clock};
use chimera_net::{
    Client, ClientConfig, ClientEvent, ClientMsg, ClientRunner, Host, HostEvent, HostRunner, Link,
    Role, SeatState, SeatWish,
};
use chimera_rules::{Color, Outcome};

use super::plans::{HostPlan, JoinPlan};
use super::settings::LanSettings;
use crate::match_state::{Authority, MoveIntent};

/// The window's end of the network.
pub(super) enum Wire {
    /// Hosting: the runner, and the window player's requests waiting for
    /// the match to be lent (the next update).
    Host {
        runner: Box<HostRunner>,
        outbox: Vec<ClientMsg>,
        /// The host's match until the window has installed it.
        pending: Option<Box<Match>>,
    },
    /// Joined (or joining) a host.
    Join(Box<ClientRunner>),
}

impl Wire {
    /// Ends it: clients (or the host) are told goodbye.
    pub(super) fn close(&mut self) {
        match self {
            Wire::Host { runner, .. } => runner.shutdown(),
            Wire::Join(r) => r.disconnect(),
        }
    }
}

/// What the LAN side panel shows, refreshed every frame.
#[derive(Clone, Debug, Default)]
pub struct NetView {
    /// The address a hosting window listens on.
    pub hosting: Option<SocketAddr>,
    /// Where the other player reaches a hosting window: the machine's LAN
    /// addresses with the port (`chimera_net::transport::reachable_at`).
    pub reachable: Vec<SocketAddr>,
    /// The address of the host joined.
    pub joined: Option<SocketAddr>,
    /// The lobby's table joined (online play): its room code.
    pub room: Option<chimera_net::lobby::RoomCode>,
    /// This window's seat or spectator, once joined.
    pub role: Option<Role>,
    /// Seats, White then Black.
    pub seats: [Option<SeatState>; 2],
    /// Spectators watching.
    pub spectators: u32,
    /// The host's clocks, White then Black (timed games).
    pub clocks: [Option<Duration>; 2],
    /// Offers waiting for an answer.
    pub offers: Vec<(Offer, Color)>,
    /// The result, once over.
    pub result: Option<Outcome>,
    /// Recent chat, oldest first.
    pub chat: Vec<ChatLine>,
    /// Recent notices (seats, refusals, the connection), oldest first.
    pub notices: Vec<String>,
    /// Why the connection ended, if it did.
    pub closed: Option<String>,
    /// The host's protocol-version notice, if it speaks another version.
    pub version_mismatch: Option<String>,
}

impl NetView {
    /// The panel's first line: where the game is — for a hosting window
    /// the addresses the other player types to join (`LAN game hosted
    /// here — join at 192.168.1.20:5858`), for a joined one the host's.
    pub fn address_line(&self) -> String {
        match (self.hosting, self.joined) {
            (Some(bound), _) => {
                let usable: Vec<String> = self
                    .reachable
                    .iter()
                    .filter(|a| !a.ip().is_unspecified())
                    .map(SocketAddr::to_string)
                    .collect();
                if usable.is_empty() {
                    format!(
                        "LAN game hosted here on port {} (no LAN address found)",
                        bound.port()
                    )
                } else {
                    format!("LAN game hosted here — join at {}", usable.join(" or "))
                }
            }
            (_, Some(addr)) => match self.room {
                Some(code) => format!("Online game at {addr}, room {code}"),
                None => format!("LAN game at {addr}"),
            },
            _ => "LAN game".to_string(),
        }
    }

    /// The side this window plays, if seated.
    pub fn seat(&self) -> Option<Color> {
        match self.role {
            Some(Role::Player(s)) => Some(s),
            _ => None,
        }
    }

    /// Whether this window's player may claim the win: the game goes on
    /// and the opponent's seat is away past its grace period.
    pub fn can_claim(&self) -> bool {
        let Some(me) = self.seat() else {
            return false;
        };
        self.result.is_none()
            && matches!(
                self.seats[me.opposite().index()],
                Some(SeatState::Away {
                    grace_left_s: 0,
                    ..
                })
            )
    }

    /// What the match's [`Authority`] tells the menus: the seat, the
    /// takeback and rematch offers (the draw offer is the match's own), the
    /// win claim.
    pub(super) fn update(&self, a: &mut Authority) {
        a.seat = self.seat();
        a.offers = self
            .offers
            .iter()
            .filter(|(kind, _)| *kind != Offer::Draw)
            .copied()
            .collect();
        a.can_claim = self.can_claim();
    }
}

/// Time between two attempts to reconnect a dropped link.
const RETRY_PERIOD: Duration = Duration::from_secs(3);
/// Notices kept for the panel.
const NOTICES_KEPT: usize = 6;
/// Chat lines kept for a hosting window's panel.
const CHAT_KEPT: usize = 100;
/// Moves sent and not yet answered, kept to match refusals with.
const SENT_KEPT: usize = 8;

/// A LAN game in progress: the wire, what waits to reach the match, and
/// the view for the panel.
#[derive(Resource)]
pub struct NetSession {
    pub(super) wire: Mutex<Wire>,
    /// A joined window's client events not yet taken into the match (one
    /// board change a frame).
    pub(super) backlog: VecDeque<ClientEvent>,
    /// The player's moves sent, with their LMN, to match refusals with.
    pub(super) sent: Vec<(MoveIntent, String)>,
    /// The match follows the host's (installed at least once).
    pub(super) installed: bool,
    /// Time until the next attempt to reconnect a dropped link.
    retry_in: Duration,
    /// A lobby's fresh connect token being asked for (a dropped link at a
    /// lobby's table reconnects with a new one).
    asking: Mutex<Option<chimera_net::lobby::Asking>>,
    /// The lobbies' pinned certificates.
    pins: Option<PathBuf>,
    pub(super) autosave: Option<PathBuf>,
    seat_book: Option<PathBuf>,
    /// Where a hosting window keeps its remote seats, and what it wrote
    /// last (nothing yet: the first frame writes, replacing an older game's).
    pub(super) host_seats: Option<(PathBuf, Option<HostSeats>)>,
    name: String,
    /// For the panel.
    pub view: NetView,
}

impl NetSession {
    fn new(wire: Wire, settings: &LanSettings) -> NetSession {
        let mut view = NetView::default();
        match &wire {
            Wire::Host { runner, .. } => {
                view.hosting = Some(runner.local_addr());
                view.reachable = reachable_at(runner.local_addr());
            }
            Wire::Join(r) => view.joined = Some(r.server()),
        }
        NetSession {
            wire: Mutex::new(wire),
            backlog: VecDeque::new(),
            sent: Vec::new(),
            installed: false,
            retry_in: RETRY_PERIOD,
            asking: Mutex::new(None),
            pins: settings.lobby_pins.clone(),
            autosave: settings.autosave.clone(),
            seat_book: settings.seats.clone(),
            host_seats: settings.host_seats.clone().map(|p| (p, None)),
            name: settings.name.clone(),
            view,
        }
    }

    /// Hosts `plan`: binds its port, announces to `announce` (if any). The
    /// host's match waits to be installed as the window's.
    pub fn host(
        plan: &HostPlan,
        settings: &LanSettings,
        announce: Option<SocketAddr>,
    ) -> Result<NetSession, String> {
        let mut cfg = plan.config.clone();
        if plan.resumed
            && let Some(path) = &settings.host_seats
        {
            cfg.seats = match HostSeats::load(path) {
                Ok(Some(seats)) => seats,
                Ok(None) => {
                    info!(
                        "LAN: no kept seats in {}: the players join as newcomers",
                        path.display()
                    );
                    HostSeats::default()
                }
                Err(e) => {
                    warn!("LAN: cannot read the kept seats ({e}): the players join as newcomers");
                    HostSeats::default()
                }
            };
        }
        cfg.local_side.get_or_insert(Color::White);
        let cfg_variant = cfg.variant.clone();
        let (host, game) = Host::new(cfg, random_u64()).map_err(|e| e.to_string())?;
        let mut runner =
            HostRunner::bind(host, plan.bind, wall_clock()).map_err(|e| e.to_string())?;
        if let Some(dest) = announce {
            runner
                .announce(dest)
                .map_err(|e| format!("cannot announce to {dest}: {e}"))?;
        }
        info!(
            "LAN: hosting {} on {} (UDP game port; TCP version probe on the same port){}",
            cfg_variant,
            runner.local_addr(),
            announce.map_or(String::new(), |d| format!(", announcing to {d}"))
        );
        Ok(NetSession::new(
            Wire::Host {
                runner: Box::new(runner),
                outbox: Vec::new(),
                pending: Some(Box::new(game)),
            },
            settings,
        ))
    }

    /// Starts joining `plan` as `settings.name` (with the seat token kept
    /// for that name and host, if any).
    pub fn join(plan: &JoinPlan, settings: &LanSettings) -> Result<NetSession, String> {
        let wish = if plan.spectate {
            SeatWish::Spectate
        } else {
            SeatWish::Any
        };
        let mut cfg = ClientConfig::new(&settings.name, wish);
        let key = seat_key(plan.address, plan.place.as_ref().map(|p| p.code));
        if !plan.spectate {
            cfg.token = settings
                .seats
                .as_deref()
                .and_then(|p| SeatBook::lookup(p, &key, &settings.name));
        }
        let runner = match &plan.place {
            Some(place) => {
                cfg.token = place.seat.or(cfg.token);
                ClientRunner::with_token(Client::new(cfg), &place.token, wall_clock())
            }
            None => {
                ClientRunner::connect(Client::new(cfg), plan.address, random_u64(), wall_clock())
            }
        }
        .map_err(|e| e.to_string())?;
        info!("LAN: joining {key}");
        let mut session = NetSession::new(Wire::Join(Box::new(runner)), settings);
        session.view.joined = Some(plan.address);
        session.view.room = plan.place.as_ref().map(|p| p.code);
        Ok(session)
    }

    /// The address a hosting window listens on.
    pub fn hosting(&self) -> Option<SocketAddr> {
        self.view.hosting
    }

    /// A joined window's copy of the match as the host confirmed it (`None`
    /// before joining, and in a hosting window, whose match is the host's).
    pub fn confirmed(&self) -> Option<chimera_net::MatchState> {
        match &*self.lock() {
            Wire::Join(r) => r.client().state().cloned(),
            Wire::Host { .. } => None,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Wire> {
        self.wire.lock().unwrap_or_else(|p| p.into_inner())
    }
    pub(super) fn wire(&mut self) -> &mut Wire {
        self.wire.get_mut().unwrap_or_else(|p| p.into_inner())
    }

    /// A line for the panel (and the log).
    pub(super) fn notice(&mut self, line: String) {
        info!("LAN: {line}");
        if self.view.notices.len() == NOTICES_KEPT {
            self.view.notices.remove(0);
        }
        self.view.notices.push(line);
    }

    /// A chat line heard by a hosting window.
    pub(super) fn heard(&mut self, line: ChatLine) {
        if self.view.chat.len() == CHAT_KEPT {
            self.view.chat.remove(0);
        }
        self.view.chat.push(line);
    }

    /// Sends a request to the host: over the wire, or, hosting, to the
    /// host's next update.
    pub(super) fn send(&mut self, msg: ClientMsg) {
        let sent = match self.wire() {
            Wire::Host { outbox, .. } => {
                outbox.push(msg);
                Ok(())
            }
            Wire::Join(r) => r.client_mut().send(msg),
        };
        if let Err(e) = sent {
            self.notice(format!("cannot send: {e}"));
        }
    }

    /// Sends the move `req` (`lmn`) and keeps it to match a refusal with.
    pub(super) fn send_move(&mut self, req: MoveIntent, lmn: String) {
        self.send(ClientMsg::Move {
            ply: req.ply as u32,
            lmn: lmn.clone(),
        });
        if self.sent.len() == SENT_KEPT {
            self.sent.remove(0);
        }
        self.sent.push((req, lmn));
    }

    /// This window's seat or spectator, once known.
    pub(super) fn role(&mut self) -> Option<Role> {
        match self.wire() {
            Wire::Host { runner, .. } => runner.host().config().local_side.map(Role::Player),
            Wire::Join(r) => r.client().role(),
        }
    }

    /// The side this window plays, if seated.
    pub(super) fn my_side(&mut self) -> Option<Color> {
        match self.role() {
            Some(Role::Player(s)) => Some(s),
            _ => None,
        }
    }

    /// Whether the opponent offers `kind` (per the view of the last frame).
    pub(super) fn offered_to_me(&mut self, kind: Offer) -> bool {
        let me = self.my_side();
        let by = self
            .view
            .offers
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|o| o.1);
        by.is_some() && by != me
    }

    /// Refreshes the panel's view: from the host and the window's match
    /// when hosting, from the client's copy when joined.
    pub(super) fn refresh_view(&mut self, game: Option<&Match>) {
        let wire = self.wire.get_mut().unwrap_or_else(|p| p.into_inner());
        let v = &mut self.view;
        match wire {
            Wire::Host {
                runner, pending, ..
            } => {
                let host = runner.host();
                let table = host.table();
                v.role = host.config().local_side.map(Role::Player);
                v.seats = table.seats.clone().map(Some);
                v.spectators = table.spectators;
                if let Some(m) = game.filter(|_| pending.is_none()) {
                    v.clocks = Color::BOTH.map(|side| m.remaining(side));
                    v.offers = table.all_offers(m);
                    v.result = m.outcome();
                }
            }
            Wire::Join(r) => {
                let c = r.client();
                v.role = c.role();
                v.chat = c.chat_lines().cloned().collect();
                v.version_mismatch = c.version_mismatch().map(str::to_string);
                if let Some(s) = c.state() {
                    v.seats = s.table.seats.clone().map(Some);
                    v.spectators = s.table.spectators;
                    v.clocks = Color::BOTH.map(|side| s.clock_left(side));
                    v.offers = s.offers();
                    v.result = s.result();
                }
                if let Link::Closed(why) = r.link() {
                    v.closed = Some(why.clone());
                }
            }
        }
    }

    /// A joined window whose link dropped mid-game connects again after a
    /// while, from a fresh socket, with its seat token: the host gives the
    /// seat back and sends the match whole.
    pub(super) fn reconnect_if_dropped(&mut self, dt: Duration) {
        let Wire::Join(r) = self.wire.get_mut().unwrap_or_else(|p| p.into_inner()) else {
            return;
        };
        let c = r.client();
        let over = c.state().is_none_or(|s| s.result().is_some());
        if !matches!(r.link(), Link::Closed(_)) || over || c.version_mismatch().is_some() {
            self.retry_in = RETRY_PERIOD;
            return;
        }
        self.retry_in = self.retry_in.saturating_sub(dt);
        if !self.retry_in.is_zero() {
            return;
        }
        self.retry_in = RETRY_PERIOD;
        let mut cfg = c.config().clone();
        cfg.token = c.token();
        let server = r.server();
        let fresh = match (self.view.room, self.view.joined) {
            (Some(code), Some(lobby)) => match self.lobby_token(lobby, code, cfg.wish) {
                Some(Ok(token)) => ClientRunner::with_token(Client::new(cfg), &token, wall_clock()),
                Some(Err(why)) => return self.notice(format!("cannot reconnect: {why}")),
                None => return,
            },
            _ => ClientRunner::connect(Client::new(cfg), server, random_u64(), wall_clock()),
        };
        let Wire::Join(r) = self.wire.get_mut().unwrap_or_else(|p| p.into_inner()) else {
            return;
        };
        match fresh {
            Ok(fresh) => {
                **r = fresh;
                self.view.closed = None;
                self.notice(format!("reconnecting to {server}…"));
            }
            Err(e) => self.notice(format!("cannot reconnect: {e}")),
        }
    }

    /// A fresh connect token for the table `code` at `lobby`, asked over
    /// TLS on a thread (the lobby's pinned certificate required): `None`
    /// while the answer is on its way.
    fn lobby_token(
        &mut self,
        lobby: SocketAddr,
        code: chimera_net::lobby::RoomCode,
        wish: SeatWish,
    ) -> Option<Result<Vec<u8>, String>> {
        use chimera_net::lobby::{Asking, LobbyAnswer, LobbyRequest};
        let asking = self.asking.get_mut().unwrap_or_else(|p| p.into_inner());
        let Some(a) = asking else {
            let req = LobbyRequest::Join { code, wish };
            *asking = Some(Asking::start(&lobby.to_string(), req, self.pins.clone()));
            return None;
        };
        let answer = a.answer()?;
        *asking = None;
        Some(answer.and_then(|asked| match asked.answer {
            LobbyAnswer::Admitted { token, .. } => Ok(token),
            LobbyAnswer::Refused(why) => Err(format!("the lobby refused: {why}")),
            other => Err(format!("the lobby answered {other:?}")),
        }))
    }

    /// Keeps (or forgets, at the end) the joined seat's token.
    pub(super) fn keep_token(&mut self, keep: bool) {
        let (Some(path), Some(addr)) = (self.seat_book.clone(), self.view.joined) else {
            return;
        };
        let key = seat_key(addr, self.view.room);
        let Wire::Join(r) = self.wire() else { return };
        let token = r.client().token().filter(|_| keep);
        if let Err(e) = SeatBook::keep(&path, &key, &self.name, token) {
            warn!("LAN: cannot keep the seat token in {}: {e}", path.display());
        }
    }
}

/// The seat book's key of a joined game: the host's address, or a
/// lobby's with the room code (`203.0.113.5:5860/K7QD-3MXA`, as the
/// headless client keeps it).
fn seat_key(addr: SocketAddr, room: Option<chimera_net::lobby::RoomCode>) -> String {
    match room {
        Some(code) => format!("{addr}/{code}"),
        None => addr.to_string(),
    }
}

/// What one round of a hosting window's network brought.
pub(super) struct HostRound {
    /// The host's events other than sends and kicks.
    pub events: Vec<HostEvent>,
    /// Whether the match's record changed (to autosave).
    pub changed: bool,
}

impl Wire {
    /// One round of a hosting window's network on the window's match `m`:
    /// the window player's requests first, then the host's update.
    pub(super) fn host_round(&mut self, m: &mut Match, dt: Duration) -> HostRound {
        let Wire::Host { runner, outbox, .. } = self else {
            return HostRound {
                events: Vec::new(),
                changed: false,
            };
        };
        for msg in outbox.drain(..) {
            runner.host_mut().local(m, msg);
        }
        let events = runner.update(m, dt);
        let changed = events.iter().any(|e| {
            matches!(
                e,
                HostEvent::Applied { .. }
                    | HostEvent::TakenBack { .. }
                    | HostEvent::Ended(_)
                    | HostEvent::NewGame { .. }
            )
        });
        HostRound { events, changed }
    }
}
