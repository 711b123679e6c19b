//! [`LobbyServer`]: the [`Lobby`] on real sockets — one UDP game port
//! (renet over netcode in **secure** mode: every packet encrypted and
//! authenticated, only clients with a connect token of this lobby's key
//! get in) and, on the same port number, one TCP port speaking TLS, where
//! clients ask for the table list, a new table or a place at one and get
//! their connect token.
//!
//! The TLS side runs on threads (one accepting, one per connection at
//! most [`MAX_CONTROL_WORKERS`] at once, each with a time-out); the lobby
//! itself stays on the caller's thread: a worker hands its request over a
//! channel and waits for [`LobbyServer::update`] to decide it.

use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use renet::{RenetServer, ServerEvent};
use renet_netcode::{
    ConnectToken, NETCODE_KEY_BYTES, NETCODE_USER_DATA_BYTES, NetcodeServerTransport,
    ServerAuthentication, ServerConfig, generate_random_bytes,
};

use super::tables::{Decision, Lobby, LobbyConfig, LobbyEvent};
use super::tls::{LobbyIdentity, server_config};
use super::wire::{
    ControlError, LobbyAnswer, LobbyRequest, MAX_REQUEST_BYTES, decode_body, encode_body,
    read_frame, write_frame,
};
use crate::protocol::protocol_id;
use crate::transport::{
    CHANNEL, LINK_TIMEOUT_S, NetError, bind_pair, connection_config, send_or_drop, wall_clock,
};

/// TLS connections served at once at most; more are closed unanswered.
pub const MAX_CONTROL_WORKERS: usize = 64;
/// How long a TLS connection may take to ask and be answered.
const CONTROL_TIMEOUT: Duration = Duration::from_secs(5);
/// Seconds a connect token may wait to be used.
pub const TOKEN_EXPIRE_S: u64 = 30;
/// Control requests decided per update at most.
const CALLS_PER_UPDATE: usize = 256;
/// Netcode's ceiling of clients per server transport.
pub const NETCODE_MAX_CLIENTS: usize = 1024;

/// How a lobby server is set up.
#[derive(Clone, Debug)]
pub struct LobbyServerConfig {
    /// Address and port to listen on (UDP games, TCP TLS on the same number).
    pub bind: SocketAddr,
    /// The game address put in connect tokens, when clients reach the
    /// lobby at another address than the one they asked on TLS (a relay;
    /// usually `None`: the address the client reached).
    pub advertise: Option<SocketAddr>,
    /// The certificate and key.
    pub identity: LobbyIdentity,
    /// The lobby.
    pub lobby: LobbyConfig,
}

/// A request from a TLS worker.
enum ControlCall {
    /// A request to decide; the answer's frame body goes back on `reply`.
    Ask {
        request: LobbyRequest,
        peer: IpAddr,
        reached: SocketAddr,
        reply: mpsc::Sender<Vec<u8>>,
    },
    /// A line for the log (a refused or broken connection).
    Note(String),
}

/// The lobby on its sockets.
pub struct LobbyServer {
    lobby: Lobby,
    server: RenetServer,
    transport: NetcodeServerTransport,
    key: [u8; NETCODE_KEY_BYTES],
    protocol_id: u64,
    addr: SocketAddr,
    advertise: Option<SocketAddr>,
    calls: mpsc::Receiver<ControlCall>,
    stop: Arc<AtomicBool>,
    acceptor: Option<JoinHandle<()>>,
}

impl LobbyServer {
    /// Opens the ports; `now` is [`wall_clock`].
    pub fn bind(cfg: LobbyServerConfig, now: Duration) -> Result<LobbyServer, NetError> {
        let (socket, tcp) = bind_pair(cfg.bind)?;
        let addr = socket.local_addr().map_err(|source| NetError::Bind {
            addr: cfg.bind,
            source,
        })?;
        let tcp = tcp.ok_or_else(|| NetError::Bind {
            addr,
            source: io::Error::new(io::ErrorKind::AddrInUse, "the TCP port is busy"),
        })?;
        let tls = server_config(&cfg.identity).map_err(NetError::Netcode)?;
        let key = generate_random_bytes::<NETCODE_KEY_BYTES>();
        let version = cfg.lobby.protocol_version;
        let netcode = ServerConfig {
            current_time: now,
            max_clients: cfg.lobby.limits.max_clients.min(NETCODE_MAX_CLIENTS),
            protocol_id: protocol_id(version),
            public_addresses: vec![addr],
            authentication: ServerAuthentication::Secure { private_key: key },
        };
        let transport = NetcodeServerTransport::new(netcode, socket)
            .map_err(|source| NetError::Bind { addr, source })?;
        let (tx, calls) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let acceptor = {
            let stop = Arc::clone(&stop);
            std::thread::Builder::new()
                .name("lobby-tls".into())
                .spawn(move || accept_loop(tcp, tls, tx, stop, version))
                .map_err(|source| NetError::Bind { addr, source })?
        };
        let seed = u64::from_le_bytes(generate_random_bytes::<8>());
        Ok(LobbyServer {
            lobby: Lobby::new(cfg.lobby, seed),
            server: RenetServer::new(connection_config()),
            transport,
            key,
            protocol_id: protocol_id(version),
            addr,
            advertise: cfg.advertise,
            calls,
            stop,
            acceptor: Some(acceptor),
        })
    }

    /// The address the lobby listens on (UDP, and TCP on the same port).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }
    /// The lobby state machine.
    pub fn lobby(&self) -> &Lobby {
        &self.lobby
    }
    /// Clients connected to the game port.
    pub fn connected_clients(&self) -> usize {
        self.transport.connected_clients()
    }

    /// One round: decide waiting control requests, receive, let `dt`
    /// pass, send. Returns the log lines and records.
    pub fn update(&mut self, dt: Duration) -> Vec<LobbyEvent> {
        let mut out = Vec::new();
        self.lobby.set_date(wall_clock());
        self.server.update(dt);
        if let Err(e) = self.transport.update(dt, &mut self.server) {
            out.push(LobbyEvent::Log(format!("network: {e}")));
        }
        while let Some(event) = self.server.get_event() {
            match event {
                ServerEvent::ClientConnected { client_id } => self.lobby.connected(client_id),
                ServerEvent::ClientDisconnected { client_id, reason } => {
                    self.lobby.disconnected(client_id, &reason.to_string())
                }
            }
        }
        for id in self.server.clients_id() {
            while let Some(bytes) = self.server.receive_message(id, CHANNEL) {
                self.lobby.received(id, &bytes);
            }
        }
        self.answer_calls(&mut out);
        self.lobby.advance(dt);
        self.deliver(&mut out);
        self.transport.send_packets(&mut self.server);
        out
    }

    /// Sends the lobby's frames, drops the clients it drops, and passes
    /// the rest on.
    fn deliver(&mut self, out: &mut Vec<LobbyEvent>) {
        for e in self.lobby.take_events() {
            match e {
                LobbyEvent::Send { to, frame } => {
                    if let Some(line) = send_or_drop(&mut self.server, to, frame) {
                        out.push(LobbyEvent::Log(line));
                    }
                }
                LobbyEvent::Kick(id) => self.server.disconnect(id),
                other => out.push(other),
            }
        }
    }

    /// Decides the control requests that have come.
    fn answer_calls(&mut self, out: &mut Vec<LobbyEvent>) {
        for _ in 0..CALLS_PER_UPDATE {
            let Ok(call) = self.calls.try_recv() else {
                return;
            };
            match call {
                ControlCall::Note(line) => out.push(LobbyEvent::Log(line)),
                ControlCall::Ask {
                    request,
                    peer,
                    reached,
                    reply,
                } => {
                    let connected = self.transport.connected_clients();
                    let answer = match self.lobby.request(request, peer, connected) {
                        Decision::Tables(list) => LobbyAnswer::Tables(list),
                        Decision::Refused(why) => LobbyAnswer::refused(why),
                        Decision::Admit {
                            code,
                            client_id,
                            seat,
                        } => match self.token(client_id, reached, code.as_bytes()) {
                            Ok(token) => LobbyAnswer::Admitted { code, token, seat },
                            Err(e) => LobbyAnswer::refused(format!(
                                "the lobby cannot issue a connect token: {e}"
                            )),
                        },
                    };
                    // A worker that gave up waiting is gone; nothing to do.
                    let _ = reply.send(encode_body(&answer));
                }
            }
        }
    }

    /// A connect token for `client_id`: the game address the client
    /// reached (or the advertised one), then the bound address, which is
    /// what netcode checks the token against; the room code as user data.
    fn token(&self, client_id: u64, reached: SocketAddr, code: &[u8]) -> Result<Vec<u8>, String> {
        let first = self
            .advertise
            .unwrap_or(SocketAddr::new(reached.ip(), self.addr.port()));
        let mut addresses = vec![first];
        if first != self.addr {
            addresses.push(self.addr);
        }
        let mut user_data = [0u8; NETCODE_USER_DATA_BYTES];
        user_data[..code.len()].copy_from_slice(code);
        let token = ConnectToken::generate(
            wall_clock(),
            self.protocol_id,
            TOKEN_EXPIRE_S,
            client_id,
            LINK_TIMEOUT_S,
            addresses,
            Some(&user_data),
            &self.key,
        )
        .map_err(|e| e.to_string())?;
        let mut bytes = Vec::new();
        token.write(&mut bytes).map_err(|e| e.to_string())?;
        Ok(bytes)
    }

    /// Stops: the records of unfinished games, every client told goodbye,
    /// the TLS port closed. Returns the last log lines and records.
    pub fn shutdown(&mut self) -> Vec<LobbyEvent> {
        let mut out = Vec::new();
        self.lobby.set_date(wall_clock());
        self.lobby.stop();
        self.deliver(&mut out);
        self.transport.disconnect_all(&mut self.server);
        self.stop_acceptor();
        out
    }

    fn stop_acceptor(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.acceptor.take() {
            let _ = h.join();
        }
    }
}

impl Drop for LobbyServer {
    fn drop(&mut self) {
        self.stop_acceptor();
    }
}

/// Accepts TLS connections until `stop`, each served on its own thread.
fn accept_loop(
    listener: TcpListener,
    tls: Arc<rustls::ServerConfig>,
    calls: mpsc::Sender<ControlCall>,
    stop: Arc<AtomicBool>,
    version: u32,
) {
    let busy = Arc::new(AtomicUsize::new(0));
    let mut refused_said = false;
    while !stop.load(Ordering::Relaxed) {
        match listener.accept() {
            Ok((stream, peer)) => {
                if busy.load(Ordering::Relaxed) >= MAX_CONTROL_WORKERS {
                    // Closed at once: the client says the lobby is busy.
                    drop(stream);
                    if !refused_said {
                        refused_said = true;
                        let _ = calls.send(ControlCall::Note(format!(
                            "{} TLS connections at once: closing new ones unanswered until some end",
                            MAX_CONTROL_WORKERS
                        )));
                    }
                    continue;
                }
                refused_said = false;
                busy.fetch_add(1, Ordering::Relaxed);
                let (tls, calls, done) = (Arc::clone(&tls), calls.clone(), Arc::clone(&busy));
                let spawned = std::thread::Builder::new()
                    .name("lobby-control".into())
                    .spawn(move || {
                        if let Err(why) = serve_control(stream, peer, tls, &calls, version) {
                            let _ = calls.send(ControlCall::Note(format!("{}: {why}", peer.ip())));
                        }
                        done.fetch_sub(1, Ordering::Relaxed);
                    });
                if spawned.is_err() {
                    // The thread never ran: its count goes back here.
                    busy.fetch_sub(1, Ordering::Relaxed);
                }
            }
            Err(_) => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

/// One TLS connection: the handshake, one request, its answer.
fn serve_control(
    stream: TcpStream,
    peer: SocketAddr,
    tls: Arc<rustls::ServerConfig>,
    calls: &mpsc::Sender<ControlCall>,
    version: u32,
) -> Result<(), String> {
    stream.set_nonblocking(false).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(CONTROL_TIMEOUT))
        .map_err(|e| e.to_string())?;
    stream
        .set_write_timeout(Some(CONTROL_TIMEOUT))
        .map_err(|e| e.to_string())?;
    let reached = stream.local_addr().map_err(|e| e.to_string())?;
    let conn = rustls::ServerConnection::new(tls).map_err(|e| e.to_string())?;
    let mut link = rustls::StreamOwned::new(conn, stream);
    let body = match read_frame(&mut link, version, MAX_REQUEST_BYTES) {
        Ok(body) => body,
        Err(ControlError::Version(theirs)) => {
            // The header alone tells the client which version this is.
            let _ = write_frame(&mut link, version, &[]);
            return Err(format!(
                "a client of protocol {theirs} (this lobby speaks {version}): told so"
            ));
        }
        Err(ControlError::Io(e))
            if e.kind() == io::ErrorKind::WouldBlock || e.kind() == io::ErrorKind::TimedOut =>
        {
            return Err("said nothing in time; closed".to_string());
        }
        Err(e) => return Err(format!("unreadable request ({e}); closed")),
    };
    let answer = match decode_body::<LobbyRequest>(&body) {
        Ok(request) => {
            let (tx, rx) = mpsc::channel();
            calls
                .send(ControlCall::Ask {
                    request,
                    peer: peer.ip(),
                    reached,
                    reply: tx,
                })
                .map_err(|_| "the lobby is stopping".to_string())?;
            rx.recv_timeout(CONTROL_TIMEOUT)
                .map_err(|_| "the lobby did not decide in time".to_string())?
        }
        Err(e) => encode_body(&LobbyAnswer::refused(format!("unreadable request: {e}"))),
    };
    write_frame(&mut link, version, &answer).map_err(|e| e.to_string())?;
    link.conn.send_close_notify();
    let _ = link.flush();
    Ok(())
}
