//! Real UDP under the state machines: renet over renet_netcode's unsecured
//! transport (LAN only: no encryption, no authentication), without Bevy.
//!
//! [`HostRunner`] and [`ClientRunner`] own a socket, the renet endpoint and a
//! [`Host`] or [`Client`]; each `update(dt)` receives, feeds the state
//! machine, advances time by `dt` and sends. Time is whatever the caller
//! says it is (tests drive it explicitly; the game passes frame times).
//! Every message travels on renet's reliable ordered channel.
//!
//! # Version probe
//! Netcode silently drops a connection request whose protocol id differs,
//! and the protocol id derives from [`PROTOCOL_VERSION`]; a client of another
//! version would only see a time-out. So a host also listens on **TCP** on
//! the same port number as its UDP game port, and answers every connection
//! with its discovery beacon frame (magic, protocol version, port, then the
//! beacon; see `discovery`) and closes it, reading nothing. A client probes
//! that port while it connects ([`probe_host`], on a thread) and, if the host
//! speaks another version, stops and says which version the host speaks.
//! The probe is advisory: no answer (firewall, relay, old host) changes
//! nothing. The join list gets the same information from beacons.

use std::io::{self, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, TcpStream, ToSocketAddrs, UdpSocket};
use std::sync::mpsc;
use std::time::{Duration, SystemTime};

use renet::{ConnectionConfig, DefaultChannel, RenetClient, RenetServer, ServerEvent};
use renet_netcode::{
    ClientAuthentication, ConnectToken, NETCODE_KEY_BYTES, NetcodeClientTransport,
    NetcodeDisconnectReason, NetcodeError, NetcodeServerTransport, NetcodeTransportError,
    ServerAuthentication, ServerConfig, generate_random_bytes,
};

use super::client::{Client, ClientEvent};
use super::discovery::{
    Beacon, BeaconSender, MAX_BEACON_BYTES, beacon_header, decode_beacon, encode_beacon,
};
use super::host::{Host, HostEvent};
use super::protocol::{HostMsg, PROTOCOL_VERSION, protocol_id};
use chimera_game::Match;

/// The channel every message uses.
pub(crate) const CHANNEL: DefaultChannel = DefaultChannel::ReliableOrdered;
/// The default game port (UDP; the version probe uses TCP on the same number).
pub const DEFAULT_PORT: u16 = 5858;
/// Probe connections answered per update at most.
const PROBES_PER_UPDATE: usize = 8;

/// Setting up the network failed.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// A socket could not be opened.
    #[error("cannot open UDP {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: io::Error,
    },
    /// Netcode refused the setup.
    #[error("network setup failed: {0}")]
    Netcode(String),
}

/// Time since the UNIX epoch: the clock both ends of netcode must share.
pub fn wall_clock() -> Duration {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
}

/// A random u64 from the OS (client ids, seat-token seeds).
pub fn random_u64() -> u64 {
    u64::from_le_bytes(generate_random_bytes::<8>())
}

/// The renet channels both ends use.
pub fn connection_config() -> ConnectionConfig {
    ConnectionConfig::default()
}

/// Seconds without a packet from the other end after which netcode drops
/// the connection (on both ends: the host learns that a player is gone, a
/// client that its host is). A killed peer's clock runs this long at most
/// before the host holds it (`LanTable::clock_held`). Renet's unsecure default
/// is 15 s; netcode counts whole seconds, so 1 s is its floor. Random loss
/// cannot trip 3 s: both ends send a packet every update (acks, netcode's
/// keep-alives at least every 250 ms), a hundred a second from `serve`, so a
/// 20 % lossy link would have to lose hundreds in a row. What could is a
/// stall of either program (a frame held up by the system, a loaded
/// machine, a Wi-Fi hiccup): 3 s leaves room for one, and a false alarm
/// still costs no time (the clock is held, the window reconnects with its
/// seat token).
pub const LINK_TIMEOUT_S: i32 = 3;

/// How long a netcode connect token stays valid for connecting (as
/// renet's unsecure default).
const CONNECT_TOKEN_EXPIRE_S: u64 = 300;

/// The client's netcode authentication: renet's unsecure mode (the zero
/// key the host's [`ServerAuthentication::Unsecure`] uses), with a token of
/// our own so that the link's time-out is [`LINK_TIMEOUT_S`] (the token
/// carries it to the host too) rather than 15 s.
pub fn client_authentication(
    protocol_id: u64,
    client_id: u64,
    server: SocketAddr,
    now: Duration,
) -> Result<ClientAuthentication, NetError> {
    let connect_token = ConnectToken::generate(
        now,
        protocol_id,
        CONNECT_TOKEN_EXPIRE_S,
        client_id,
        LINK_TIMEOUT_S,
        vec![server],
        None,
        &[0; NETCODE_KEY_BYTES],
    )
    .map_err(|e| NetError::Netcode(e.to_string()))?;
    Ok(ClientAuthentication::Secure { connect_token })
}

/// Sends `frame` to client `to` on the reliable channel; a client whose
/// send buffer is full does not keep up and is disconnected (the line for
/// the log says so). A client gone already is skipped.
pub(crate) fn send_or_drop(server: &mut RenetServer, to: u64, frame: Vec<u8>) -> Option<String> {
    if !server.is_connected(to) {
        return None;
    }
    if server.can_send_message(to, CHANNEL, frame.len()) {
        server.send_message(to, CHANNEL, frame);
        None
    } else {
        server.disconnect(to);
        Some(format!(
            "client {to} does not keep up (send buffer full); disconnecting"
        ))
    }
}

/// Binds the UDP game socket and, on the same port number, the TCP probe
/// listener. With port 0 it retries until both get the same number; if the
/// TCP port stays busy the host runs without the probe.
pub(crate) fn bind_pair(addr: SocketAddr) -> Result<(UdpSocket, Option<TcpListener>), NetError> {
    let bind_err = |source| NetError::Bind { addr, source };
    for _ in 0..16 {
        let udp = UdpSocket::bind(addr).map_err(bind_err)?;
        let port = udp.local_addr().map_err(bind_err)?.port();
        match TcpListener::bind(SocketAddr::new(addr.ip(), port)) {
            Ok(tcp) => {
                tcp.set_nonblocking(true).map_err(bind_err)?;
                return Ok((udp, Some(tcp)));
            }
            Err(_) if addr.port() == 0 => continue,
            Err(_) => return Ok((udp, None)),
        }
    }
    Ok((UdpSocket::bind(addr).map_err(bind_err)?, None))
}

/// A [`Host`] on a UDP port.
pub struct HostRunner {
    host: Host,
    server: RenetServer,
    transport: NetcodeServerTransport,
    probe: Option<TcpListener>,
    announcer: Option<BeaconSender>,
    addr: SocketAddr,
    pending_logs: Vec<String>,
}

impl HostRunner {
    /// Opens `addr` (`0.0.0.0:5858`; tests `127.0.0.1:0`) for `host`; `now`
    /// is [`wall_clock`] (or the test's clock).
    pub fn bind(host: Host, addr: SocketAddr, now: Duration) -> Result<HostRunner, NetError> {
        let (socket, probe) = bind_pair(addr)?;
        let addr = socket
            .local_addr()
            .map_err(|source| NetError::Bind { addr, source })?;
        let config = ServerConfig {
            current_time: now,
            max_clients: host.config().limits.max_clients(),
            protocol_id: protocol_id(host.config().protocol_version),
            public_addresses: vec![addr],
            authentication: ServerAuthentication::Unsecure,
        };
        let transport = NetcodeServerTransport::new(config, socket)
            .map_err(|source| NetError::Bind { addr, source })?;
        let mut runner = HostRunner {
            host,
            server: RenetServer::new(connection_config()),
            transport,
            probe,
            announcer: None,
            addr,
            pending_logs: Vec::new(),
        };
        if runner.probe.is_none() {
            runner.pending_logs.push(format!(
                "TCP port {} is busy: version probes will not be answered",
                addr.port()
            ));
        }
        Ok(runner)
    }

    /// Starts announcing the match to `dest` (see `discovery::discovery_addr`).
    pub fn announce(&mut self, dest: SocketAddr) -> io::Result<()> {
        self.announcer = Some(BeaconSender::new(dest)?);
        Ok(())
    }

    /// The UDP address the game listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }
    /// The host state machine.
    pub fn host(&self) -> &Host {
        &self.host
    }
    /// The host state machine (local requests go through [`Host::local`]).
    pub fn host_mut(&mut self) -> &mut Host {
        &mut self.host
    }

    /// One round on the match `m` the host rules (lent by whoever keeps
    /// it): receive, let `dt` pass, answer probes, announce, send. Returns
    /// the host's events other than sends and kicks (log lines, applied
    /// moves, results, messages for the host's window).
    pub fn update(&mut self, m: &mut Match, dt: Duration) -> Vec<HostEvent> {
        let mut out: Vec<HostEvent> = std::mem::take(&mut self.pending_logs)
            .into_iter()
            .map(HostEvent::Log)
            .collect();
        self.server.update(dt);
        if let Err(e) = self.transport.update(dt, &mut self.server) {
            out.push(HostEvent::Log(format!("network: {e}")));
        }
        while let Some(event) = self.server.get_event() {
            match event {
                ServerEvent::ClientConnected { client_id } => self.host.connected(client_id),
                ServerEvent::ClientDisconnected { client_id, reason } => {
                    self.host.disconnected(m, client_id, &reason.to_string())
                }
            }
        }
        for id in self.server.clients_id() {
            while let Some(bytes) = self.server.receive_message(id, CHANNEL) {
                self.host.received(m, id, &bytes);
            }
        }
        self.host.advance(m, dt);
        self.answer_probes(m);
        if let Some(a) = &mut self.announcer {
            let port = self.addr.port();
            let host = &self.host;
            if let Err(e) = a.update(dt, || host.beacon(m, port)) {
                out.push(HostEvent::Log(format!("discovery beacon: {e}")));
            }
        }
        for event in self.host.take_events() {
            match event {
                HostEvent::Send { to, frame } => {
                    if let Some(line) = send_or_drop(&mut self.server, to, frame) {
                        out.push(HostEvent::Log(line));
                    }
                }
                HostEvent::Kick(id) => self.server.disconnect(id),
                other => out.push(other),
            }
        }
        self.transport.send_packets(&mut self.server);
        out
    }

    /// Answers waiting version probes with the beacon frame.
    fn answer_probes(&mut self, m: &Match) {
        let Some(listener) = &self.probe else { return };
        let Ok(frame) = encode_beacon(&self.host.beacon(m, self.addr.port())) else {
            return;
        };
        for _ in 0..PROBES_PER_UPDATE {
            match listener.accept() {
                Ok((mut stream, _)) => {
                    // A fresh socket's send buffer takes the small frame at once.
                    let _ = stream.set_nonblocking(true);
                    let _ = stream.write_all(&frame);
                }
                Err(_) => break,
            }
        }
    }

    /// Starts over with `host` on the same sockets (a new game): every
    /// client is disconnected first. Returns the old host.
    pub fn replace_host(&mut self, host: Host) -> Host {
        self.transport.disconnect_all(&mut self.server);
        std::mem::replace(&mut self.host, host)
    }

    /// Tells every client goodbye at once (before the process ends).
    pub fn shutdown(&mut self) {
        self.transport.disconnect_all(&mut self.server);
    }
}

/// What a version probe found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeAnswer {
    /// The host's protocol version.
    pub version: u32,
    /// Its beacon, if it speaks this build's version.
    pub beacon: Option<Beacon>,
}

/// Why a version probe got no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProbeFailure {
    /// The machine refused the connection at once: no program listens on
    /// that port (or a firewall rejects it), so most likely no host runs there.
    #[error("nothing answers at {0}")]
    NothingListens(SocketAddr),
    /// No answer in time, or an answer that cannot be read.
    #[error("no probe answer: {0}")]
    NoAnswer(String),
}

/// Asks the host at `addr` (its game address) which protocol it speaks:
/// a TCP connection to the same port number, answered with the beacon frame.
/// Blocks up to about twice `timeout`.
pub fn probe_host(addr: SocketAddr, timeout: Duration) -> Result<ProbeAnswer, ProbeFailure> {
    let stream = TcpStream::connect_timeout(&addr, timeout).map_err(|e| {
        if e.kind() == io::ErrorKind::ConnectionRefused {
            ProbeFailure::NothingListens(addr)
        } else {
            ProbeFailure::NoAnswer(e.to_string())
        }
    })?;
    let no_answer = |e: String| ProbeFailure::NoAnswer(e);
    stream
        .set_read_timeout(Some(timeout))
        .map_err(|e| no_answer(e.to_string()))?;
    let mut frame = Vec::new();
    stream
        .take(MAX_BEACON_BYTES as u64 + 1)
        .read_to_end(&mut frame)
        .map_err(|e| no_answer(e.to_string()))?;
    let (version, _) = beacon_header(&frame).map_err(|e| no_answer(e.to_string()))?;
    Ok(ProbeAnswer {
        version,
        beacon: decode_beacon(&frame, PROTOCOL_VERSION).ok(),
    })
}

/// The state of a client's link to its host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// Connecting.
    Connecting,
    /// Connected.
    Connected,
    /// Closed, with why in words.
    Closed(String),
}

/// A client's UDP socket for talking to `server`: on loopback for a host
/// on loopback, else on every interface, any port.
fn bind_client_socket(server: SocketAddr) -> Result<UdpSocket, NetError> {
    let local: SocketAddr = match server.ip() {
        IpAddr::V4(ip) if ip.is_loopback() => (Ipv4Addr::LOCALHOST, 0).into(),
        IpAddr::V4(_) => (Ipv4Addr::UNSPECIFIED, 0).into(),
        IpAddr::V6(_) => (std::net::Ipv6Addr::UNSPECIFIED, 0).into(),
    };
    UdpSocket::bind(local).map_err(|source| NetError::Bind {
        addr: local,
        source,
    })
}

/// A [`Client`] connected to a host over UDP.
pub struct ClientRunner {
    client: Client,
    renet: RenetClient,
    transport: NetcodeClientTransport,
    server: SocketAddr,
    probe: Option<mpsc::Receiver<Result<ProbeAnswer, ProbeFailure>>>,
    /// The probe found nothing listening at the host's address.
    nothing_listens: bool,
    link: Link,
    said_hello: bool,
    /// The host closed the link itself (it said goodbye), rather than
    /// falling silent.
    closed_by_host: bool,
}

impl ClientRunner {
    /// Starts connecting `client` to the host at `server` as netcode client
    /// `client_id` ([`random_u64`]; unique per host), and probes its version.
    pub fn connect(
        client: Client,
        server: SocketAddr,
        client_id: u64,
        now: Duration,
    ) -> Result<ClientRunner, NetError> {
        let socket = bind_client_socket(server)?;
        let auth = client_authentication(
            protocol_id(client.config().protocol_version),
            client_id,
            server,
            now,
        )?;
        let transport = NetcodeClientTransport::new(now, auth, socket)
            .map_err(|e| NetError::Netcode(e.to_string()))?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(probe_host(server, Duration::from_secs(2)));
        });
        Ok(ClientRunner::around(client, transport, server, Some(rx)))
    }

    /// Starts connecting `client` with a netcode connect token that a
    /// lobby issued (secure mode: the token is the lobby's, encrypted with
    /// its key; it names the game address and the client id). No version
    /// probe: the lobby's TLS answer has said its version already.
    pub fn with_token(
        client: Client,
        token: &[u8],
        now: Duration,
    ) -> Result<ClientRunner, NetError> {
        let connect_token = ConnectToken::read(&mut &token[..]).map_err(|e| {
            NetError::Netcode(format!("the lobby's connect token is unreadable: {e}"))
        })?;
        let server = connect_token.server_addresses[0].ok_or_else(|| {
            NetError::Netcode("the lobby's connect token names no address".into())
        })?;
        let socket = bind_client_socket(server)?;
        let auth = ClientAuthentication::Secure { connect_token };
        let transport = NetcodeClientTransport::new(now, auth, socket)
            .map_err(|e| NetError::Netcode(e.to_string()))?;
        Ok(ClientRunner::around(client, transport, server, None))
    }

    fn around(
        client: Client,
        transport: NetcodeClientTransport,
        server: SocketAddr,
        probe: Option<mpsc::Receiver<Result<ProbeAnswer, ProbeFailure>>>,
    ) -> ClientRunner {
        ClientRunner {
            client,
            renet: RenetClient::new(connection_config()),
            transport,
            server,
            probe,
            nothing_listens: false,
            link: Link::Connecting,
            said_hello: false,
            closed_by_host: false,
        }
    }

    /// The host's address.
    pub fn server(&self) -> SocketAddr {
        self.server
    }
    /// The link's state.
    pub fn link(&self) -> &Link {
        &self.link
    }
    /// Whether the host closed the link itself (a host shutting down says
    /// goodbye to everyone), as opposed to a link that fell silent for
    /// [`LINK_TIMEOUT_S`] (a host killed, a machine or network gone) or
    /// one this end closed.
    pub fn closed_by_host(&self) -> bool {
        self.closed_by_host
    }
    /// The client state machine.
    pub fn client(&self) -> &Client {
        &self.client
    }
    /// The client state machine (requests go through it).
    pub fn client_mut(&mut self) -> &mut Client {
        &mut self.client
    }
    /// Gives the client back (to reconnect with its token).
    pub fn into_client(self) -> Client {
        self.client
    }

    /// Connects again from a fresh socket (a dropped link, a new address)
    /// with the same client, which keeps its seat token and its copy.
    pub fn reconnect(self, client_id: u64, now: Duration) -> Result<ClientRunner, NetError> {
        let server = self.server;
        ClientRunner::connect(self.client, server, client_id, now)
    }

    /// Waits (really, up to `timeout`) for the version probe's answer;
    /// true once it has come (now or before). For tools that want to fail
    /// fast before connecting; the host must be running meanwhile.
    pub fn wait_for_probe(&mut self, timeout: Duration) -> bool {
        let Some(rx) = &self.probe else { return true };
        match rx.recv_timeout(timeout) {
            Ok(answer) => {
                self.probe = None;
                self.probe_answered(answer);
                true
            }
            Err(mpsc::RecvTimeoutError::Timeout) => false,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                self.probe = None;
                true
            }
        }
    }

    /// While still connecting: the probe found nothing listening at the
    /// host's address — what to tell the player at once, instead of waiting
    /// for the connection to time out (which still decides: a firewall that
    /// rejects TCP may let the game's UDP through).
    pub fn nothing_answers(&self) -> Option<String> {
        (self.nothing_listens && self.link == Link::Connecting).then(|| {
            format!(
                "nothing answers at {}: is the host running, with that port? (still trying)",
                self.server
            )
        })
    }

    fn probe_answered(&mut self, answer: Result<ProbeAnswer, ProbeFailure>) {
        let ours = self.client.config().protocol_version;
        let answer = match answer {
            Ok(answer) => answer,
            Err(ProbeFailure::NothingListens(_)) => {
                self.nothing_listens = true;
                return;
            }
            Err(ProbeFailure::NoAnswer(_)) => return,
        };
        if answer.version == ours {
            return;
        }
        let text = format!(
            "the host at {} speaks Chimera network protocol {}, this build speaks {}: use the same Chimera version on both machines",
            self.server, answer.version, ours
        );
        self.client.handle(HostMsg::VersionMismatch {
            host_version: answer.version,
            text: text.clone(),
        });
        // This says more than a time-out that may have closed the link first.
        self.close(text.clone());
        self.link = Link::Closed(text);
    }

    fn close(&mut self, why: String) {
        if !matches!(self.link, Link::Closed(_)) {
            self.transport.disconnect();
            self.link = Link::Closed(why);
        }
    }

    /// Closes the connection (the host sees the player leave).
    pub fn disconnect(&mut self) {
        self.close("disconnected".to_string());
    }

    /// One round: receive, let `dt` pass, send. Returns what happened.
    pub fn update(&mut self, dt: Duration) -> Vec<ClientEvent> {
        if let Some(rx) = &self.probe {
            match rx.try_recv() {
                Ok(answer) => {
                    self.probe = None;
                    self.probe_answered(answer);
                }
                Err(mpsc::TryRecvError::Disconnected) => self.probe = None,
                Err(mpsc::TryRecvError::Empty) => {}
            }
        }
        if matches!(self.link, Link::Closed(_)) {
            return self.client.take_events();
        }
        self.renet.update(dt);
        if let Err(e) = self.transport.update(dt, &mut self.renet) {
            self.closed_by_host = matches!(
                e,
                NetcodeTransportError::Netcode(NetcodeError::Disconnected(
                    NetcodeDisconnectReason::DisconnectedByServer
                ))
            );
            let why = self.closed_reason(&e);
            self.close(why);
            return self.client.take_events();
        }
        if self.renet.is_connected() {
            self.link = Link::Connected;
            if !self.said_hello {
                self.said_hello = true;
                self.client.hello();
            }
            while let Some(bytes) = self.renet.receive_message(CHANNEL) {
                self.client.received(&bytes);
            }
        }
        self.client.advance(dt);
        if self.renet.is_connected() {
            for frame in self.client.take_outbox() {
                self.renet.send_message(CHANNEL, frame);
            }
        }
        if let Err(e) = self.transport.send_packets(&mut self.renet) {
            let why = self.closed_reason(&e);
            self.close(why);
        }
        self.client.take_events()
    }

    fn closed_reason(&self, e: &NetcodeTransportError) -> String {
        let addr = self.server;
        match e {
            NetcodeTransportError::Netcode(NetcodeError::Disconnected(r)) => match r {
                NetcodeDisconnectReason::ConnectionRequestTimedOut
                | NetcodeDisconnectReason::ConnectionResponseTimedOut => format!(
                    "no answer from {addr}: no Chimera host there, a firewall, or a host of another version"
                ),
                NetcodeDisconnectReason::ConnectionDenied => {
                    format!("the host at {addr} is full")
                }
                NetcodeDisconnectReason::DisconnectedByServer => {
                    format!("the host at {addr} closed the connection")
                }
                NetcodeDisconnectReason::ConnectionTimedOut => {
                    format!("lost the connection to {addr}")
                }
                other => format!("connection to {addr} ended: {other}"),
            },
            other => format!("connection to {addr} ended: {other}"),
        }
    }
}

/// The machine's LAN addresses: its local IPv4 addresses other than
/// loopback, private ones (10/8, 172.16/12, 192.168/16) first — what the
/// other player types to join when discovery does not get through. Read from
/// the kernel's routing table (`/proc/net/fib_trie` on Linux) without sending
/// anything; empty where that is not available (other systems) or holds no
/// such address, and the caller then shows the address it bound. IPv4 only:
/// a host binds `0.0.0.0` by default, which IPv6 peers cannot reach.
pub fn lan_addresses() -> Vec<IpAddr> {
    let text = std::fs::File::open("/proc/net/fib_trie")
        .and_then(|f| {
            let mut text = String::new();
            // The table of a machine with a few interfaces is a few KB.
            f.take(1 << 20).read_to_string(&mut text)?;
            Ok(text)
        })
        .unwrap_or_default();
    local_ipv4_from_fib_trie(&text)
        .into_iter()
        .map(IpAddr::V4)
        .collect()
}

/// The local IPv4 addresses other than loopback named in the text of
/// `/proc/net/fib_trie` (each once, private ones first, then in the table's
/// order): an address line `|-- A.B.C.D` followed by a `/32 host LOCAL` line.
/// Pure; anything it does not understand is skipped.
pub fn local_ipv4_from_fib_trie(text: &str) -> Vec<Ipv4Addr> {
    let mut found: Vec<Ipv4Addr> = Vec::new();
    let mut last: Option<Ipv4Addr> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(addr) = line.strip_prefix("|--") {
            last = addr.trim().parse().ok();
        } else if line.starts_with("+--") || line.ends_with(':') {
            last = None;
        } else if line.starts_with("/32")
            && line.split_whitespace().skip(1).eq(["host", "LOCAL"])
            && let Some(ip) = last.take()
            && !ip.is_loopback()
            && !ip.is_unspecified()
            && !found.contains(&ip)
        {
            found.push(ip);
        }
    }
    // A stable sort: private addresses first, the table's order otherwise.
    found.sort_by_key(|ip| !ip.is_private());
    found
}

/// Where the other player can reach a host bound to `bind`: with the
/// unspecified address (`0.0.0.0`, every interface), each of
/// [`lan_addresses`] with the port, else `bind` itself.
pub fn reachable_at(bind: SocketAddr) -> Vec<SocketAddr> {
    if bind.ip().is_unspecified() {
        let found: Vec<SocketAddr> = lan_addresses()
            .into_iter()
            .map(|ip| SocketAddr::new(ip, bind.port()))
            .collect();
        if !found.is_empty() {
            return found;
        }
    }
    vec![bind]
}

/// `ADDRESS[:PORT]`: an IP address or a host name, port 5858 by default.
pub fn host_address(text: &str) -> Result<SocketAddr, String> {
    address_with_port(text, DEFAULT_PORT)
}

/// `ADDRESS[:PORT]`: an IP address or a host name (looked up, which may
/// take a while), port `default_port` when none is named.
pub fn address_with_port(text: &str, default_port: u16) -> Result<SocketAddr, String> {
    if let Ok(a) = text.parse::<SocketAddr>() {
        return Ok(a);
    }
    if let Ok(ip) = text.trim_matches(['[', ']']).parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, default_port));
    }
    let (name, port) = match text.rsplit_once(':') {
        Some((name, port)) => (
            name,
            port.parse::<u16>()
                .map_err(|_| format!("'{port}' is not a port number"))?,
        ),
        None => (text, default_port),
    };
    let found: Vec<SocketAddr> = (name, port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot find host '{name}': {e}"))?
        .collect();
    found
        .iter()
        .find(|a| a.is_ipv4())
        .or(found.first())
        .copied()
        .ok_or_else(|| format!("cannot find host '{name}'"))
}
