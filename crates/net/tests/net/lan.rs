//! A LAN in one process: a [`HostRunner`] and [`ClientRunner`]s on real UDP
//! sockets bound to 127.0.0.1 (port 0), optional lossy relays between them,
//! and a simulated clock advanced [`DT`] per step. Conditions are awaited
//! step by step with a generous bound; nothing depends on wall-clock timing.

use std::net::{SocketAddr, UdpSocket};
use std::time::Duration;

use chimera_game::Match;
use chimera_net::bench::XorShift;
use chimera_net::protocol::{ClientMsg, HostMsg, PROTOCOL_VERSION, SeatWish, decode, protocol_id};
use chimera_net::transport::connection_config;
use chimera_net::{
    Client, ClientConfig, ClientEvent, ClientRunner, Host, HostConfig, HostEvent, HostRunner,
    MatchState,
};
use chimera_rules::Color;
use renet::{DefaultChannel, RenetClient};
use renet_netcode::{ClientAuthentication, NetcodeClientTransport};

/// Simulated time per step.
pub const DT: Duration = Duration::from_millis(10);
/// The simulated clock's start (any time since the epoch will do).
const EPOCH: Duration = Duration::from_secs(1_750_000_000);
/// Steps awaited at most for one condition (300 simulated seconds).
const MAX_STEPS: usize = 30_000;

/// What the relay does to packets.
#[derive(Clone, Copy)]
pub struct Loss {
    /// Percent of packets dropped.
    pub drop_percent: u64,
    /// Each kept packet is held up to this long (so they reorder).
    pub max_delay: Duration,
    /// Seed of the packets' fates.
    pub seed: u64,
}

/// A UDP relay on 127.0.0.1 between one client and the host.
pub struct Relay {
    outer: UdpSocket,
    inner: UdpSocket,
    host: SocketAddr,
    client: Option<SocketAddr>,
    loss: Loss,
    rng: XorShift,
    queue: Vec<(Duration, bool, Vec<u8>)>,
    pub dropped: usize,
    pub forwarded: usize,
    pub reordered: usize,
    last_due: [Duration; 2],
}

impl Relay {
    fn new(host: SocketAddr, loss: Loss) -> Relay {
        let bind = || {
            let s = UdpSocket::bind("127.0.0.1:0").expect("relay socket");
            s.set_nonblocking(true).unwrap();
            s
        };
        Relay {
            outer: bind(),
            inner: bind(),
            host,
            client: None,
            loss,
            rng: XorShift(loss.seed),
            queue: Vec::new(),
            dropped: 0,
            forwarded: 0,
            reordered: 0,
            last_due: [Duration::ZERO; 2],
        }
    }

    /// The address the client is given as its host.
    pub fn addr(&self) -> SocketAddr {
        self.outer.local_addr().unwrap()
    }

    fn pump(&mut self, now: Duration) {
        let mut buf = [0u8; 2048];
        for to_host in [true, false] {
            let socket = if to_host { &self.outer } else { &self.inner };
            while let Ok((n, from)) = socket.recv_from(&mut buf) {
                if to_host {
                    self.client = Some(from);
                }
                if self.rng.next_u64() % 100 < self.loss.drop_percent {
                    self.dropped += 1;
                    continue;
                }
                let max = self.loss.max_delay.as_millis() as u64 + 1;
                let due = now + Duration::from_millis(self.rng.next_u64() % max);
                let lane = usize::from(to_host);
                if due < self.last_due[lane] {
                    self.reordered += 1;
                }
                self.last_due[lane] = self.last_due[lane].max(due);
                self.queue.push((due, to_host, buf[..n].to_vec()));
            }
        }
        let (ready, wait): (Vec<_>, Vec<_>) = self.queue.drain(..).partition(|p| p.0 <= now);
        self.queue = wait;
        let mut ready = ready;
        ready.sort_by_key(|p| p.0);
        for (_, to_host, bytes) in ready {
            let sent = if to_host {
                self.inner.send_to(&bytes, self.host)
            } else if let Some(c) = self.client {
                self.outer.send_to(&bytes, c)
            } else {
                continue;
            };
            sent.expect("relay send on loopback");
            self.forwarded += 1;
        }
    }
}

/// A netcode client without the client state machine: it sends whatever
/// bytes it is given (or nothing at all).
pub struct Raw {
    renet: RenetClient,
    transport: NetcodeClientTransport,
    pub received: Vec<HostMsg>,
}

impl Raw {
    fn update(&mut self, dt: Duration) {
        self.renet.update(dt);
        let _ = self.transport.update(dt, &mut self.renet);
        while let Some(b) = self.renet.receive_message(DefaultChannel::ReliableOrdered) {
            self.received
                .push(decode::<HostMsg>(&b).expect("host frames decode"));
        }
        let _ = self.transport.send_packets(&mut self.renet);
    }
    pub fn connected(&self) -> bool {
        self.renet.is_connected()
    }
    pub fn disconnected(&self) -> bool {
        self.renet.is_disconnected()
    }
    pub fn send(&mut self, bytes: Vec<u8>) {
        self.renet
            .send_message(DefaultChannel::ReliableOrdered, bytes);
    }
}

/// Host, clients, relays and raw clients on loopback.
pub struct Lan {
    pub now: Duration,
    pub host: HostRunner,
    /// The match the host rules.
    pub game: Match,
    pub host_log: Vec<String>,
    pub clients: Vec<Option<ClientRunner>>,
    pub events: Vec<Vec<ClientEvent>>,
    pub relays: Vec<Relay>,
    pub raws: Vec<Raw>,
    next_id: u64,
}

impl Lan {
    pub fn new(cfg: HostConfig) -> Lan {
        let (host, game) = Host::new(cfg, 99).expect("host");
        let host = HostRunner::bind(host, "127.0.0.1:0".parse().unwrap(), EPOCH).expect("bind");
        Lan {
            now: EPOCH,
            host,
            game,
            host_log: Vec::new(),
            clients: Vec::new(),
            events: Vec::new(),
            relays: Vec::new(),
            raws: Vec::new(),
            next_id: 1000,
        }
    }

    /// A host with Ann at White and Bo at Black joined; returns their indexes.
    pub fn seated(cfg: HostConfig) -> (Lan, usize, usize) {
        let mut lan = Lan::new(cfg);
        let w = lan.join(player("Ann", SeatWish::White), None);
        let b = lan.join(player("Bo", SeatWish::Black), None);
        (lan, w, b)
    }

    /// The host's match and table.
    pub fn host_state(&self) -> MatchState {
        MatchState::new(self.game.clone(), self.host.host().table().clone())
    }

    pub fn host_addr(&self) -> SocketAddr {
        self.host.local_addr()
    }

    /// One step of simulated time for everyone.
    pub fn step(&mut self) {
        self.now += DT;
        for e in self.host.update(&mut self.game, DT) {
            if let HostEvent::Log(l) = e {
                self.host_log.push(l);
            }
        }
        for (c, log) in self.clients.iter_mut().zip(&mut self.events) {
            if let Some(c) = c {
                log.extend(c.update(DT));
            }
        }
        for r in &mut self.raws {
            r.update(DT);
        }
        for r in &mut self.relays {
            r.pump(self.now);
        }
    }

    /// Steps until `cond` holds; panics naming `what` after [`MAX_STEPS`].
    pub fn until(&mut self, what: &str, cond: impl Fn(&Lan) -> bool) {
        for _ in 0..MAX_STEPS {
            if cond(self) {
                return;
            }
            self.step();
        }
        panic!(
            "gave up waiting for {what}\nhost log:\n{}",
            self.host_log.join("\n")
        );
    }

    /// Steps `n` times.
    pub fn steps(&mut self, n: usize) {
        for _ in 0..n {
            self.step();
        }
    }

    fn fresh_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Connects a client (through a relay if `loss` is given) and waits
    /// until it has joined; returns its index.
    pub fn join(&mut self, cfg: ClientConfig, loss: Option<Loss>) -> usize {
        let i = self.connect(Client::new(cfg), loss);
        self.until("the client to join", |l| l.client(i).role().is_some());
        i
    }

    /// Starts connecting a client; returns its index.
    pub fn connect(&mut self, client: Client, loss: Option<Loss>) -> usize {
        let addr = match loss {
            Some(loss) => {
                let r = Relay::new(self.host_addr(), loss);
                let a = r.addr();
                self.relays.push(r);
                a
            }
            None => self.host_addr(),
        };
        let id = self.fresh_id();
        let runner = ClientRunner::connect(client, addr, id, self.now).expect("client");
        self.clients.push(Some(runner));
        self.events.push(Vec::new());
        self.clients.len() - 1
    }

    /// Puts a client back in slot `i` (after a restart).
    pub fn reconnect(&mut self, i: usize, client: Client) {
        let id = self.fresh_id();
        let runner = ClientRunner::connect(client, self.host_addr(), id, self.now).expect("client");
        self.clients[i] = Some(runner);
    }

    /// Reconnects client `i` from a fresh socket with the same state machine.
    pub fn reconnect_same(&mut self, i: usize) {
        let id = self.fresh_id();
        let runner = self.clients[i].take().expect("a running client");
        self.clients[i] = Some(runner.reconnect(id, self.now).expect("client"));
    }

    /// A raw netcode client of this protocol version; returns its index.
    pub fn raw(&mut self) -> usize {
        let id = self.fresh_id();
        let socket = UdpSocket::bind("127.0.0.1:0").unwrap();
        let auth = ClientAuthentication::Unsecure {
            protocol_id: protocol_id(PROTOCOL_VERSION),
            client_id: id,
            server_addr: self.host_addr(),
            user_data: None,
        };
        let transport = NetcodeClientTransport::new(self.now, auth, socket).unwrap();
        self.raws.push(Raw {
            renet: RenetClient::new(connection_config()),
            transport,
            received: Vec::new(),
        });
        let r = self.raws.len() - 1;
        self.until("the raw client to connect", |l| l.raws[r].connected());
        r
    }

    pub fn runner(&mut self, i: usize) -> &mut ClientRunner {
        self.clients[i].as_mut().expect("a running client")
    }

    pub fn client(&self, i: usize) -> &Client {
        self.clients[i].as_ref().expect("a running client").client()
    }

    /// Queues a request of client `i`.
    pub fn send(&mut self, i: usize, msg: ClientMsg) {
        self.runner(i).client_mut().send(msg).expect("encodes");
    }

    /// Sends a request of client `i` that the host must refuse; returns what
    /// and why.
    pub fn refusal(&mut self, i: usize, msg: ClientMsg) -> (String, String) {
        let refusals = |l: &Lan| {
            l.events[i]
                .iter()
                .filter(|e| matches!(e, ClientEvent::Notice(HostMsg::Rejected { .. })))
                .count()
        };
        let seen = refusals(self);
        self.send(i, msg);
        self.until("the refusal", |l| refusals(l) > seen);
        self.client(i).last_rejection().cloned().expect("kept")
    }

    /// A move request at the host's current ply.
    pub fn move_at_current_ply(&self, lmn: &str) -> ClientMsg {
        ClientMsg::Move {
            ply: self.host_state().ply(),
            lmn: lmn.into(),
        }
    }

    /// Steps until every running client's copy satisfies `cond`.
    pub fn until_every_copy(&mut self, what: &str, cond: impl Fn(&MatchState) -> bool) {
        self.until(what, |l| {
            l.clients
                .iter()
                .flatten()
                .all(|c| c.client().state().is_some_and(&cond))
        });
    }

    /// Plays `moves` in order, each by the client whose turn it is
    /// (`white`/`black` are client indexes), waiting until every client has
    /// applied it.
    pub fn play(&mut self, white: usize, black: usize, moves: &[&str]) {
        for lmn in moves {
            let ply = self.host_state().ply();
            let side = self.host_state().side_to_move();
            let who = if side == Color::White { white } else { black };
            self.runner(who).client_mut().play(lmn).unwrap();
            self.until(&format!("{lmn} to be applied everywhere"), |l| {
                l.host_state().ply() == ply + 1
                    && l.clients
                        .iter()
                        .flatten()
                        .all(|c| c.client().state().is_some_and(|s| s.ply() == ply + 1))
            });
        }
    }

    /// Asserts that every client holds exactly the host's match.
    pub fn assert_same_everywhere(&self) {
        let h = &self.host_state();
        for (i, c) in self.clients.iter().enumerate() {
            let Some(c) = c else { continue };
            let s = c.client().state().expect("joined");
            let ctx = format!("client {i}");
            assert_eq!(s.moves(), h.moves(), "{ctx}: moves");
            assert_eq!(s.vfen(), h.vfen(), "{ctx}: position");
            assert_eq!(s.hash(), h.hash(), "{ctx}: hash");
            assert_eq!(s.result(), h.result(), "{ctx}: result");
            assert_eq!(s.wire_clocks(), h.wire_clocks(), "{ctx}: clocks");
            assert_eq!(
                s.table, h.table,
                "{ctx}: seats, spectators, offers, game number"
            );
            assert_eq!(s.offers(), h.offers(), "{ctx}: offers");
            assert_eq!(c.client().resyncs(), 0, "{ctx}: never resynced");
        }
    }
}

/// Config of a client `name` asking for `wish`.
pub fn player(name: &str, wish: SeatWish) -> ClientConfig {
    ClientConfig::new(name, wish)
}
