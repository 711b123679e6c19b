//! LAN games in the window (issue 12): the window hosts a game (`chimera
//! host`, "Host a LAN game") or joins one (`chimera join ADDRESS`, the join
//! screen), and its [`Match`] follows the network's authority.
//!
//! Whichever end the window is, it keeps a [`Client`] state machine: a
//! joining window's is the [`ClientRunner`]'s, a hosting window's is fed the
//! messages the [`Host`] addresses to its own player (`HostEvent::ToLocal`).
//! The runners are polled here, once a frame, before the match applies its
//! requests (no renet Bevy plugins). The flow:
//!
//! - The player's moves are wishes (`MoveIntent`) as always; with an
//!   [`Authority`] present no local decision is made and [`tick`] sends
//!   them to the host (a spectator's are refused here).
//! - Moves the host confirmed come back as the authority's decisions
//!   (`ApplyMove`), one a frame, so the match applies them as it applies
//!   any move (with its announcements and animations).
//! - A refusal becomes `MoveRejected` (or a `Toast`), as a local illegal
//!   move does. Commands (resign, draw, takeback as "undo", rematch as "new
//!   game" of the same setup) travel the wire the same way.
//! - Joining, a rematch, or a copy that went wrong install the client's copy
//!   whole as a new [`Match`] (a snapshot), never move by move.
//!
//! A hosting window autosaves its game's record after every change
//! (`LanSettings::autosave`, each move with its `%clk`) and keeps its remote
//! seats' tokens and names (`LanSettings::host_seats`); `chimera host
//! --resume` reads both back: the clocks go on as saved and a returning
//! player gets its seat with its token.
//!
//! The menus learn what the host asks of this window from the
//! [`Authority`] this plugin keeps up to date (the seat played, takeback and
//! rematch offers, the win claim); their answers come back as
//! `MatchCommand`s, forwarded like the others.

pub mod lobby;

use std::collections::VecDeque;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::interaction::{Replay, Toast};
use crate::match_state::{
    ApplyCommand, ApplyMove, Authority, CurrentMatch, GameSetup, InstallMatch, Match, MatchCommand,
    MatchError, MoveIntent, MoveRejected, Offer, Player, install_matches,
};
use crate::menus::{LanRequest, MenuChoice, Overlays};
use crate::scene::BoardLayout;
use crate::schedule::{AppSystems, Screen};
use chimera_game::clock::TimeControl;
use chimera_game::record::MatchRecord;
use chimera_net::client::ChatLine;
use chimera_net::discovery::{DEFAULT_DISCOVERY_ADDR, discovery_addr, listen_addr};
use chimera_net::protocol::decode;
use chimera_net::seats::{HostSeats, SeatBook};
use chimera_net::transport::{DEFAULT_PORT, random_u64, wall_clock};
use chimera_net::{
    Client, ClientConfig, ClientEvent, ClientMsg, ClientRunner, Host, HostConfig, HostEvent,
    HostMsg, HostRunner, Link, MatchState, Role, SeatState, SeatWish,
};
use chimera_rules::{Color, Outcome};

/// Registers the LAN settings, the session's systems and the join list.
pub fn plugin(app: &mut App) {
    app.init_resource::<LanSettings>()
        .init_resource::<lobby::LanLobby>()
        .add_message::<NetAction>()
        .add_systems(
            Update,
            (launch, tick)
                .chain()
                .in_set(AppSystems::ApplyMatch)
                .before(install_matches),
        )
        .add_systems(
            Update,
            (lobby::listen, keep_history).in_set(AppSystems::FollowMatch),
        )
        .add_systems(Last, goodbye)
        .add_systems(
            Update,
            lobby::type_address
                .in_set(AppSystems::ReadInput)
                .run_if(in_state(Screen::Menu)),
        );
}

/// A LAN game's history is the host's: a move chosen at an earlier ply is
/// refused instead of starting a new line.
fn keep_history(
    authority: Option<Res<Authority>>,
    mut was_networked: Local<bool>,
    mut replay: ResMut<Replay>,
) {
    let networked = authority.is_some();
    if *was_networked != networked {
        *was_networked = networked;
        replay.no_new_lines = networked;
    }
}

/// The player's name on the LAN when neither `--name` nor the settings give one.
pub const DEFAULT_LAN_NAME: &str = "Player";

/// Where LAN games are announced and heard, and who plays here.
#[derive(Resource, Clone, Debug)]
pub struct LanSettings {
    /// Where a hosting window's beacons go (`CHIMERA_DISCOVERY_ADDR`, else
    /// the LAN broadcast address); `None`: it does not announce.
    pub announce: Option<SocketAddr>,
    /// Where the join screen listens for beacons.
    pub listen: SocketAddr,
    /// The UDP port a game hosted from the menu listens on.
    pub port: u16,
    /// The player's name on the LAN.
    pub name: String,
    /// The file a hosting window autosaves its game to (`None`: no autosave).
    pub autosave: Option<PathBuf>,
    /// The seat-token book of a joining window (`None`: tokens kept in memory only).
    pub seats: Option<PathBuf>,
    /// The remote seats of the game a window hosts, kept for
    /// `chimera host --resume` (`None`: not kept).
    pub host_seats: Option<PathBuf>,
}

impl Default for LanSettings {
    fn default() -> LanSettings {
        let dest = discovery_addr().unwrap_or_else(|e| {
            warn!("{e}; LAN games are not announced");
            DEFAULT_DISCOVERY_ADDR
        });
        LanSettings {
            announce: discovery_addr().ok(),
            listen: listen_addr(dest),
            port: DEFAULT_PORT,
            name: DEFAULT_LAN_NAME.to_string(),
            autosave: autosave_path(),
            seats: SeatBook::default_path(),
            host_seats: HostSeats::default_path(),
        }
    }
}

/// The autosave of a hosting window: `lan-host.pgn` in the data directory.
pub fn autosave_path() -> Option<PathBuf> {
    chimera_store::paths::data_dir().map(|d| d.join("lan-host.pgn"))
}

/// A game to host: what `chimera host` and the menu's "Host a LAN game" set
/// up — the host's configuration (its `local_side` is the side the window
/// plays, its `name` and `local_name` the host's) and the address to bind.
#[derive(Clone, Debug)]
pub struct HostPlan {
    /// The host state machine's configuration.
    pub config: HostConfig,
    /// Address and UDP port to listen on (port 0 picks a free one).
    pub bind: SocketAddr,
    /// It goes on with the autosaved game ([`HostPlan::resume`]): the
    /// window gives the kept seats (`LanSettings::host_seats`) back.
    pub resumed: bool,
}

impl HostPlan {
    /// `variant` with `options` and `time`, the window playing `side`, the
    /// host and its player called `name`.
    pub fn new(
        variant: &str,
        options: &[(String, String)],
        time: TimeControl,
        side: Color,
        bind: SocketAddr,
        name: &str,
    ) -> HostPlan {
        let mut config = HostConfig::new(variant);
        config.options = options.to_vec();
        config.time_control = time;
        config.local_side = Some(side);
        config.local_name = name.to_string();
        config.name = name.to_string();
        HostPlan {
            config,
            bind,
            resumed: false,
        }
    }

    /// The game `setup` describes, hosted on `settings.port`, the window
    /// playing White.
    pub fn from_setup(setup: &GameSetup, settings: &LanSettings) -> HostPlan {
        let bind = SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), settings.port);
        let (variant, options) = (&setup.variant, &setup.options);
        HostPlan::new(
            variant,
            options,
            setup.time,
            Color::White,
            bind,
            &settings.name,
        )
    }

    /// The game autosaved at `path` (see [`LanSettings::autosave`]), to go
    /// on with: its variant, options, start, moves, its clock as saved (the
    /// moves' `%clk`, as "Continue" restores a local game's), and the side
    /// the window played (tag `HostSide`; White if missing).
    pub fn resume(path: &Path, bind: SocketAddr, name: &str) -> Result<HostPlan, String> {
        let text = chimera_game::record::read_file(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let rec =
            MatchRecord::from_text(&text, 1).map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(r) = &rec.result {
            return Err(format!(
                "the game saved in {} is over ({}): nothing to resume",
                path.display(),
                r.result_text()
            ));
        }
        let side = match rec.tag(HOST_SIDE_TAG) {
            Some("Black") => Color::Black,
            _ => Color::White,
        };
        let time = rec.clock.map_or(TimeControl::None, |c| c.control);
        let mut plan = HostPlan::new(&rec.variant, &rec.options, time, side, bind, name);
        plan.config.start_vfen = rec.start_vfen.clone();
        plan.config.moves = rec.moves.iter().map(|m| m.lmn.clone()).collect();
        plan.config.move_times = rec.moves.iter().map(|m| m.clock).collect();
        plan.config.clock = rec.clock;
        plan.resumed = true;
        Ok(plan)
    }
}

/// The record tag naming the side a hosting window played.
const HOST_SIDE_TAG: &str = "HostSide";

/// A game to join.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JoinPlan {
    /// The host's game address.
    pub address: SocketAddr,
    /// Watch only.
    pub spectate: bool,
}

/// A LAN game to start.
#[derive(Clone, Debug)]
pub enum NetPlan {
    /// Host it.
    Host(Box<HostPlan>),
    /// Join it.
    Join(JoinPlan),
}

/// Insert to start a LAN game at the next frame (the command line does).
#[derive(Resource, Clone, Debug)]
pub struct NetLaunch(pub NetPlan);

/// A request of the LAN side panel (offers, answers, chat, win claim).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct NetAction(pub ClientMsg);

/// The window's end of the network.
enum Wire {
    /// Hosting: the runner, and the window player's copy fed by the host.
    Host {
        runner: Box<HostRunner>,
        me: Box<Client>,
    },
    /// Joined (or joining) a host.
    Join(Box<ClientRunner>),
}

impl Wire {
    fn client(&self) -> &Client {
        match self {
            Wire::Host { me, .. } => me,
            Wire::Join(r) => r.client(),
        }
    }
    fn client_mut(&mut self) -> &mut Client {
        match self {
            Wire::Host { me, .. } => me,
            Wire::Join(r) => r.client_mut(),
        }
    }

    /// One round of the network: the client's events, log lines, and
    /// whether the hosted game changed (to autosave).
    fn update(&mut self, dt: Duration) -> (Vec<ClientEvent>, Vec<String>, bool) {
        match self {
            Wire::Host { runner, me } => {
                for frame in me.take_outbox() {
                    match decode::<ClientMsg>(&frame) {
                        Ok(msg) => runner.host_mut().local(msg),
                        Err(e) => warn!("LAN: unreadable local request: {e}"),
                    }
                }
                let mut logs = Vec::new();
                let mut changed = false;
                for e in runner.update(dt) {
                    match e {
                        HostEvent::ToLocal(msg) => me.handle(msg),
                        HostEvent::Log(line) => logs.push(line),
                        HostEvent::Applied { .. }
                        | HostEvent::TakenBack { .. }
                        | HostEvent::Ended(_)
                        | HostEvent::NewGame { .. } => changed = true,
                        HostEvent::Send { .. } | HostEvent::Kick(_) => {}
                    }
                }
                me.advance(dt);
                (me.take_events(), logs, changed)
            }
            Wire::Join(r) => (r.update(dt), Vec::new(), false),
        }
    }

    /// Ends it: clients (or the host) are told goodbye.
    fn close(&mut self) {
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
    /// The address of the host joined.
    pub joined: Option<SocketAddr>,
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
    fn update(&self, a: &mut Authority) {
        let offers: Vec<(Offer, Color)> = self
            .offers
            .iter()
            .filter(|(kind, _)| *kind != Offer::Draw)
            .copied()
            .collect();
        a.seat = self.seat();
        a.offers = offers;
        a.can_claim = self.can_claim();
    }
}

/// Time between two attempts to reconnect a dropped link.
const RETRY_PERIOD: Duration = Duration::from_secs(3);

/// Notices kept for the panel.
const NOTICES_KEPT: usize = 6;
/// Moves sent and not yet answered, kept to match refusals with.
const SENT_KEPT: usize = 8;

/// A LAN game in progress: the wire, what waits to reach the match, and
/// the view for the panel.
#[derive(Resource)]
pub struct NetSession {
    wire: Mutex<Wire>,
    /// Client events not yet taken into the match (one board change a frame).
    backlog: VecDeque<ClientEvent>,
    /// The player's moves sent, with their LMN, to match refusals with.
    sent: Vec<(MoveIntent, String)>,
    /// The match follows the client's copy (installed at least once).
    installed: bool,
    /// Time until the next attempt to reconnect a dropped link.
    retry_in: Duration,
    autosave: Option<PathBuf>,
    seat_book: Option<PathBuf>,
    /// Where a hosting window keeps its remote seats, and what it wrote
    /// last (nothing yet: the first frame writes, replacing an older game's).
    host_seats: Option<(PathBuf, Option<HostSeats>)>,
    name: String,
    /// For the panel.
    pub view: NetView,
}

impl NetSession {
    fn new(wire: Wire, settings: &LanSettings) -> NetSession {
        let mut view = NetView::default();
        match &wire {
            Wire::Host { runner, .. } => view.hosting = Some(runner.local_addr()),
            Wire::Join(r) => view.joined = Some(r.server()),
        }
        NetSession {
            wire: Mutex::new(wire),
            backlog: VecDeque::new(),
            sent: Vec::new(),
            installed: false,
            retry_in: RETRY_PERIOD,
            autosave: settings.autosave.clone(),
            seat_book: settings.seats.clone(),
            host_seats: settings.host_seats.clone().map(|p| (p, None)),
            name: settings.name.clone(),
            view,
        }
    }

    /// Hosts `plan`: binds its port, announces to `announce` (if any).
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
        let side = *cfg.local_side.get_or_insert(Color::White);
        let name = cfg.local_name.clone();
        let cfg_variant = cfg.variant.clone();
        let host = Host::new(cfg, random_u64()).map_err(|e| e.to_string())?;
        let mut runner =
            HostRunner::bind(host, plan.bind, wall_clock()).map_err(|e| e.to_string())?;
        if let Some(dest) = announce {
            runner
                .announce(dest)
                .map_err(|e| format!("cannot announce to {dest}: {e}"))?;
        }
        let me = Client::new(ClientConfig::new(&name, SeatWish::from(side)));
        info!(
            "LAN: hosting {} on {} (UDP game port; TCP version probe on the same port){}",
            cfg_variant,
            runner.local_addr(),
            announce.map_or(String::new(), |d| format!(", announcing to {d}"))
        );
        Ok(NetSession::new(
            Wire::Host {
                runner: Box::new(runner),
                me: Box::new(me),
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
        if !plan.spectate {
            cfg.token = settings
                .seats
                .as_deref()
                .and_then(|p| SeatBook::lookup(p, &plan.address.to_string(), &settings.name));
        }
        let runner =
            ClientRunner::connect(Client::new(cfg), plan.address, random_u64(), wall_clock())
                .map_err(|e| e.to_string())?;
        info!("LAN: joining {}", plan.address);
        Ok(NetSession::new(Wire::Join(Box::new(runner)), settings))
    }

    /// The address a hosting window listens on.
    pub fn hosting(&self) -> Option<SocketAddr> {
        self.view.hosting
    }

    /// The match as the host confirmed it (a copy; `None` before joining).
    pub fn confirmed(&self) -> Option<MatchState> {
        self.lock().client().state().cloned()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Wire> {
        self.wire.lock().unwrap_or_else(|p| p.into_inner())
    }
    fn wire(&mut self) -> &mut Wire {
        self.wire.get_mut().unwrap_or_else(|p| p.into_inner())
    }

    fn notice(&mut self, line: String) {
        info!("LAN: {line}");
        if self.view.notices.len() == NOTICES_KEPT {
            self.view.notices.remove(0);
        }
        self.view.notices.push(line);
    }

    fn send(&mut self, msg: ClientMsg) {
        if let Err(e) = self.wire().client_mut().send(msg) {
            self.notice(format!("cannot send: {e}"));
        }
    }

    fn my_side(&mut self) -> Option<Color> {
        match self.wire().client().role() {
            Some(Role::Player(s)) => Some(s),
            _ => None,
        }
    }

    /// Whether the opponent offers `kind`.
    fn offered_to_me(&mut self, kind: Offer) -> bool {
        let me = self.my_side();
        let by = self.wire().client().state().and_then(|s| s.offer_by(kind));
        by.is_some() && by != me
    }

    /// Refreshes the panel's view from the client.
    fn refresh_view(&mut self) {
        let wire = self.wire.get_mut().unwrap_or_else(|p| p.into_inner());
        let c = wire.client();
        let v = &mut self.view;
        v.role = c.role();
        v.chat = c.chat_lines().cloned().collect();
        v.version_mismatch = c.version_mismatch().map(str::to_string);
        if let Some(s) = c.state() {
            v.seats = s.seats.clone().map(Some);
            v.spectators = s.spectators;
            v.clocks = Color::BOTH.map(|side| s.clock_left(side));
            v.offers = s.offers.clone();
            v.result = s.result;
        }
        if let Wire::Join(r) = wire
            && let Link::Closed(why) = r.link()
        {
            v.closed = Some(why.clone());
        }
    }

    /// Writes the hosted game's record to the autosave file.
    fn autosave(&mut self) {
        let Some(path) = self.autosave.clone() else {
            return;
        };
        let wire = self.wire.get_mut().unwrap_or_else(|p| p.into_inner());
        let Wire::Host { runner, .. } = wire else {
            return;
        };
        let host = runner.host();
        let s = host.state();
        let [white, black] = s
            .seats
            .clone()
            .map(|seat| seat.name().unwrap_or("?").to_string());
        let side = host.config().local_side.map_or("?", Color::name);
        let tags = [
            ("Event", "Chimera LAN game".to_string()),
            ("White", white),
            ("Black", black),
            (HOST_SIDE_TAG, side.to_string()),
        ]
        .map(|(tag, value)| (tag.to_string(), value));
        let text = s.record(&tags).and_then(|rec| rec.to_text());
        let written = text.map_err(|e| e.to_string()).and_then(|text| {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
            }
            chimera_store::paths::write_atomic(&path, text).map_err(|e| e.to_string())
        });
        if let Err(e) = written {
            warn!("LAN: cannot autosave to {}: {e}", path.display());
        }
    }

    /// Writes the hosted game's remote seats (tokens and names) to the seat
    /// file whenever they change, for `chimera host --resume`.
    fn keep_host_seats(&mut self) {
        let Some((path, written)) = &mut self.host_seats else {
            return;
        };
        let wire = self.wire.get_mut().unwrap_or_else(|p| p.into_inner());
        let Wire::Host { runner, .. } = wire else {
            return;
        };
        let seats = runner.host().held_seats();
        if written.as_ref() == Some(&seats) {
            return;
        }
        if let Err(e) = seats.save(path) {
            // Said once: not tried again until the seats change.
            warn!("LAN: cannot keep the seats in {}: {e}", path.display());
        }
        *written = Some(seats);
    }

    /// A joined window whose link dropped mid-game connects again after a
    /// while, from a fresh socket, with its seat token: the host gives the
    /// seat back and sends the match whole.
    fn reconnect_if_dropped(&mut self, dt: Duration) {
        let Wire::Join(r) = self.wire.get_mut().unwrap_or_else(|p| p.into_inner()) else {
            return;
        };
        let c = r.client();
        let over = c.state().is_none_or(|s| s.result.is_some());
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
        match ClientRunner::connect(Client::new(cfg), server, random_u64(), wall_clock()) {
            Ok(fresh) => {
                **r = fresh;
                self.view.closed = None;
                self.notice(format!("reconnecting to {server}…"));
            }
            Err(e) => self.notice(format!("cannot reconnect: {e}")),
        }
    }

    /// Keeps (or forgets, at the end) the joined seat's token.
    fn keep_token(&mut self, keep: bool) {
        let (Some(path), Some(addr)) = (self.seat_book.clone(), self.view.joined) else {
            return;
        };
        let token = self.wire().client().token().filter(|_| keep);
        if let Err(e) = SeatBook::keep(&path, &addr.to_string(), &self.name, token) {
            warn!("LAN: cannot keep the seat token in {}: {e}", path.display());
        }
    }
}

/// What the session's systems write.
#[derive(SystemParam)]
pub struct NetOut<'w> {
    moves: MessageWriter<'w, ApplyMove>,
    cmds: MessageWriter<'w, ApplyCommand>,
    authority: Option<ResMut<'w, Authority>>,
    rejected: MessageWriter<'w, MoveRejected>,
    toast: MessageWriter<'w, Toast>,
    install: MessageWriter<'w, InstallMatch>,
    layout: ResMut<'w, BoardLayout>,
    next: ResMut<'w, NextState<Screen>>,
    screen: Res<'w, State<Screen>>,
    choice: ResMut<'w, MenuChoice>,
    overlays: ResMut<'w, Overlays>,
}

impl NetOut<'_> {
    /// The host confirmed this move: the match plays it.
    fn confirmed_move(&mut self, req: MoveIntent) {
        self.moves.write(ApplyMove(req));
    }
    /// The host decided this: the match carries it out.
    fn confirmed_command(&mut self, cmd: MatchCommand) {
        self.cmds.write(ApplyCommand(cmd));
    }
}

/// Starts the LAN game the command line or the menus asked for.
fn launch(
    mut commands: Commands,
    plan: Option<Res<NetLaunch>>,
    mut requests: MessageReader<LanRequest>,
    settings: Res<LanSettings>,
    mut session: Option<ResMut<NetSession>>,
    mut choice: ResMut<MenuChoice>,
    mut toast: MessageWriter<Toast>,
) {
    let mut plans: Vec<NetPlan> = Vec::new();
    if let Some(p) = plan {
        plans.push(p.0.clone());
        commands.remove_resource::<NetLaunch>();
    }
    // The name given on the command line (`--name`), else the player's
    // name from the settings, else the default.
    let mut settings = settings.clone();
    let own = choice.player_name.trim();
    if settings.name == DEFAULT_LAN_NAME && !own.is_empty() {
        settings.name = own.to_string();
    }
    for r in requests.read() {
        match r {
            LanRequest::Host(setup) => plans.push(NetPlan::Host(Box::new(HostPlan::from_setup(
                setup, &settings,
            )))),
            LanRequest::Join { address, spectate } => {
                match chimera_net::transport::host_address(address) {
                    Ok(address) => plans.push(NetPlan::Join(JoinPlan {
                        address,
                        spectate: *spectate,
                    })),
                    Err(e) => choice.join.status = Some(e),
                }
            }
        }
    }
    let Some(plan) = plans.pop() else { return };
    if let Some(old) = session.as_mut() {
        old.wire().close();
    }
    let started = match &plan {
        NetPlan::Host(h) => NetSession::host(h, &settings, settings.announce),
        NetPlan::Join(j) => NetSession::join(j, &settings),
    };
    match started {
        Ok(s) => {
            choice.join.status = match &plan {
                NetPlan::Join(j) => Some(format!("Connecting to {}…", j.address)),
                NetPlan::Host(_) => None,
            };
            commands.insert_resource(s);
            commands.insert_resource(Authority::default());
        }
        Err(e) => {
            error!("LAN: {e}");
            toast.write(Toast(e.clone()));
            choice.join.status = Some(e);
            commands.remove_resource::<NetSession>();
            commands.remove_resource::<Authority>();
        }
    }
}

/// Once a frame: forwards the player's requests, polls the network, and
/// takes what the host confirmed into the match.
fn tick(
    mut commands: Commands,
    (session, game, time): (
        Option<ResMut<NetSession>>,
        Option<Res<CurrentMatch>>,
        Res<Time>,
    ),
    mut actions: MessageReader<NetAction>,
    mut out: NetOut,
    mut wished_moves: MessageReader<MoveIntent>,
    mut wished_cmds: MessageReader<MatchCommand>,
) {
    let local_moves: Vec<MoveIntent> = wished_moves.read().copied().collect();
    let local_cmds: Vec<MatchCommand> = wished_cmds.read().cloned().collect();
    let Some(mut s) = session else {
        actions.clear();
        return;
    };
    let s = &mut *s;
    let game = game.as_deref().map(|m| &m.0);
    for req in local_moves {
        forward_move(s, req, game, &mut out);
    }
    for cmd in local_cmds {
        if forward_command(s, cmd, game, &mut out) == Forwarded::Leave {
            s.wire().close();
            s.keep_token(false);
            commands.remove_resource::<NetSession>();
            commands.remove_resource::<Authority>();
            info!("LAN: left the game for a local one");
            return;
        }
    }
    for NetAction(msg) in actions.read() {
        s.send(msg.clone());
    }
    let joining = s.view.joined.is_some() && !s.installed;
    if joining && !out.overlays.join && *out.screen.get() == Screen::Menu {
        // Back from the join screen before the host answered: give up.
        s.wire().close();
        commands.remove_resource::<NetSession>();
        commands.remove_resource::<Authority>();
        out.choice.join.status = None;
        return;
    }
    s.reconnect_if_dropped(time.delta());
    let (events, logs, changed) = s.wire().update(time.delta());
    for line in logs {
        info!("LAN host: {line}");
    }
    if changed {
        s.autosave();
    }
    s.keep_host_seats();
    s.backlog.extend(events);
    follow(s, game, &mut out);
    s.refresh_view();
    if let Some(a) = out.authority.as_deref_mut() {
        s.view.update(a);
    }
    if !s.installed
        && let Some(why) = &s.view.closed
    {
        out.choice.join.status = Some(why.clone());
    }
}

/// The app ends: the host's clients, or the host, are told goodbye.
fn goodbye(mut exit: MessageReader<AppExit>, session: Option<ResMut<NetSession>>) {
    if exit.read().next().is_some()
        && let Some(mut s) = session
    {
        s.wire().close();
    }
}

/// Sends the player's move to the host (or refuses it here: a spectator's,
/// a stale one).
fn forward_move(s: &mut NetSession, req: MoveIntent, game: Option<&Match>, out: &mut NetOut) {
    let Some(g) = game else { return };
    let refuse = |out: &mut NetOut, reason: MatchError| {
        out.rejected.write(MoveRejected {
            mv: req.mv,
            ply: req.ply,
            reason,
        });
    };
    match s.wire().client().role() {
        Some(Role::Player(_)) => {}
        Some(Role::Spectator) => {
            return refuse(
                out,
                MatchError::Refused("spectators watch only".to_string()),
            );
        }
        None => {
            return refuse(out, MatchError::Refused("not joined yet".to_string()));
        }
    }
    if req.ply != g.ply() {
        return refuse(
            out,
            MatchError::NotCurrent {
                asked: req.ply,
                current: g.ply(),
            },
        );
    }
    let lmn = g.position().lmn(req.mv);
    s.send(ClientMsg::Move {
        ply: req.ply as u32,
        lmn: lmn.clone(),
    });
    if s.sent.len() == SENT_KEPT {
        s.sent.remove(0);
    }
    s.sent.push((req, lmn));
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Forwarded {
    Sent,
    Leave,
}

/// Sends the player's command to the host as its wire request. A new game
/// of another setup leaves the LAN game.
fn forward_command(
    s: &mut NetSession,
    cmd: MatchCommand,
    game: Option<&Match>,
    out: &mut NetOut,
) -> Forwarded {
    let msg = match cmd {
        MatchCommand::Undo if s.offered_to_me(Offer::Takeback) => {
            ClientMsg::Accept(Offer::Takeback)
        }
        MatchCommand::Undo => ClientMsg::Offer(Offer::Takeback),
        MatchCommand::Redo | MatchCommand::Finish(_) | MatchCommand::TruncateTo(_) => {
            out.toast
                .write(Toast("a LAN game has no redo or new lines".to_string()));
            return Forwarded::Sent;
        }
        MatchCommand::PauseClock(_) => {
            out.toast
                .write(Toast("the host runs a LAN game's clocks".to_string()));
            return Forwarded::Sent;
        }
        MatchCommand::Resign(_) => ClientMsg::Resign,
        MatchCommand::OfferDraw(_) => ClientMsg::Offer(Offer::Draw),
        MatchCommand::Accept(offer, _) => ClientMsg::Accept(offer),
        MatchCommand::Decline(offer) => ClientMsg::Decline(offer),
        MatchCommand::ClaimWin => ClientMsg::ClaimWin,
        MatchCommand::NewGame(setup) => {
            if game.is_none_or(|g| *g.setup() != setup) {
                return Forwarded::Leave;
            }
            if s.offered_to_me(Offer::Rematch) {
                ClientMsg::Accept(Offer::Rematch)
            } else {
                ClientMsg::Offer(Offer::Rematch)
            }
        }
    };
    s.send(msg);
    Forwarded::Sent
}

/// Takes the backlog's events into the match, up to one change of the
/// board a frame (the match applies commands before moves, and a move's
/// LMN reads in the position before it).
fn follow(s: &mut NetSession, game: Option<&Match>, out: &mut NetOut) {
    let mut moved = false;
    while let Some(ev) = s.backlog.front().cloned() {
        // A command written after a move would reach the match before it.
        let changes_board = match &ev {
            ClientEvent::Applied { .. } | ClientEvent::TakenBack { .. } => true,
            ClientEvent::Notice(msg) => commands_of(msg),
            _ => false,
        };
        if moved && changes_board {
            return;
        }
        s.backlog.pop_front();
        match ev {
            ClientEvent::Joined { role, game_number } => {
                s.notice(match role {
                    Role::Player(side) => format!("game {game_number}: playing {}", side.name()),
                    Role::Spectator => format!("game {game_number}: watching"),
                });
                out.layout.flipped = role == Role::Player(Color::Black);
                if matches!(role, Role::Player(_)) {
                    s.keep_token(true);
                }
                out.next.set(Screen::Game);
                *out.overlays = Overlays::default();
                out.choice.join.status = None;
                install(s, out);
                return;
            }
            ClientEvent::Resynced => {
                s.notice("the board was out of step with the host: resynced".to_string());
                install(s, out);
                return;
            }
            ClientEvent::Applied { ply, lmn, .. } => {
                let Some(g) = game else { continue };
                s.sent.retain(|(_, l)| *l != lmn);
                match MoveIntent::lmn(g, &lmn) {
                    Ok(req) if req.ply == ply as usize => {
                        out.confirmed_move(req);
                        moved = true;
                    }
                    _ => {
                        s.notice(format!(
                            "the host's move {lmn} at ply {ply} does not fit the board: resynced"
                        ));
                        install(s, out);
                        return;
                    }
                }
            }
            ClientEvent::TakenBack { ply } => {
                let Some(g) = game else { continue };
                for _ in ply as usize..g.ply() {
                    out.confirmed_command(MatchCommand::Undo);
                }
                s.notice(format!("moves taken back to ply {ply}"));
                return;
            }
            ClientEvent::Notice(msg) => notice(s, msg, out),
            ClientEvent::Log(line) => s.notice(line),
        }
    }
    // Nothing waits: the match must show the host's copy; if it does not
    // (joined before the match existed, a missed change), install it.
    let installed = s.installed;
    let in_step = match s.wire().client().state() {
        None => true,
        Some(state) => {
            installed
                && game.is_some_and(|g| {
                    g.ply() == state.ply() as usize && g.position().hash() == state.hash()
                })
        }
    };
    if !moved && !in_step {
        install(s, out);
    }
}

/// Whether a notice changes the match by a command.
fn commands_of(msg: &HostMsg) -> bool {
    matches!(
        msg,
        HostMsg::Ended { .. }
            | HostMsg::Offered {
                kind: Offer::Draw,
                ..
            }
            | HostMsg::Declined {
                kind: Offer::Draw,
                ..
            }
    )
}

/// A host's notice: refusals as the match's, offers and results as
/// commands, the rest as lines for the panel.
fn notice(s: &mut NetSession, msg: HostMsg, out: &mut NetOut) {
    match msg {
        HostMsg::Rejected { what, reason } => {
            let refused = what
                .strip_prefix("move ")
                .and_then(|rest| rest.split_once(" at ply "))
                .and_then(|(lmn, ply)| {
                    let ply: usize = ply.parse().ok()?;
                    let i = s.sent.iter().position(|(r, l)| l == lmn && r.ply == ply)?;
                    Some(s.sent.remove(i).0)
                });
            match refused {
                Some(req) => {
                    out.rejected.write(MoveRejected {
                        mv: req.mv,
                        ply: req.ply,
                        reason: MatchError::Refused(reason.clone()),
                    });
                }
                None => {
                    out.toast.write(Toast(format!("{what}: {reason}")));
                }
            }
            s.notice(format!("refused {what}: {reason}"));
        }
        HostMsg::Offered { kind, by } => {
            if kind == Offer::Draw {
                out.confirmed_command(MatchCommand::OfferDraw(by));
            }
            let line = match kind {
                Offer::Draw => format!("{} offers a draw", by.name()),
                Offer::Takeback => format!("{} asks to take back a move", by.name()),
                Offer::Rematch => format!("{} offers a rematch", by.name()),
            };
            if s.my_side() != Some(by) {
                out.toast.write(Toast(line.clone()));
            }
            s.notice(line);
        }
        HostMsg::Declined { kind, by } => {
            if kind == Offer::Draw {
                out.confirmed_command(MatchCommand::Decline(Offer::Draw));
            }
            let line = format!("{} declined the {}", by.name(), kind.word());
            out.toast.write(Toast(line.clone()));
            s.notice(line);
        }
        HostMsg::Ended { result, .. } => {
            if !result.reason.by_rules() {
                out.confirmed_command(MatchCommand::Finish(result));
            }
            s.notice(format!("game over: {}", result.result_text()));
            if s.view.joined.is_some() {
                s.keep_token(false);
            }
        }
        HostMsg::Seat { side, state } => {
            let before = s.view.seats[side.index()].clone();
            let changed = before.as_ref().is_none_or(|b| {
                std::mem::discriminant(b) != std::mem::discriminant(&state)
                    || b.name() != state.name()
            });
            if changed {
                s.notice(state.line(side));
            }
        }
        HostMsg::VersionMismatch { text, .. } => {
            out.choice.join.status = Some(text.clone());
            s.notice(text);
        }
        HostMsg::Chat { .. }
        | HostMsg::Spectators(_)
        | HostMsg::Welcome { .. }
        | HostMsg::Snapshot(_)
        | HostMsg::Moved(_)
        | HostMsg::TakenBack { .. } => {}
    }
}

/// Replaces the match by the client's copy (join, rematch, resync).
fn install(s: &mut NetSession, out: &mut NetOut) {
    let Some(state) = s.wire().client().state().cloned() else {
        return;
    };
    // Everything waiting is in the copy already.
    s.backlog.retain(|e| {
        !matches!(
            e,
            ClientEvent::Applied { .. } | ClientEvent::TakenBack { .. }
        )
    });
    let v = state.game().variant();
    let setup = GameSetup {
        variant: v.id().to_string(),
        options: v.options().to_vec(),
        // The host runs the clocks; the panel shows them.
        time: TimeControl::None,
        players: [Player::Human; 2],
        names: state
            .seats
            .clone()
            .map(|seat| seat.name().unwrap_or_default().to_string()),
    };
    out.install.write(InstallMatch(Box::new(Match::with_setup(
        setup,
        state.game().clone(),
    ))));
    if let Some(r) = state.result
        && !r.reason.by_rules()
    {
        out.confirmed_command(MatchCommand::Finish(r));
    }
    s.installed = true;
}
