//! A lobby in one process: a [`LobbyServer`] on 127.0.0.1 (port 0)
//! updated on its own thread by real elapsed time, and clients that ask it
//! over TLS and play over its secure UDP port, driven by the test's
//! thread. Conditions are awaited with a generous bound (nothing depends
//! on timing luck: every wait is for a state, not for a time).

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use chimera_game::clock::TimeControl;
use chimera_net::lobby::{
    Fingerprint, LobbyAnswer, LobbyConfig, LobbyEvent, LobbyIdentity, LobbyRequest, LobbyServer,
    LobbyServerConfig, RoomCode, TableSpec, ask,
};
use chimera_net::protocol::SeatWish;
use chimera_net::transport::wall_clock;
use chimera_net::{Client, ClientConfig, ClientEvent, ClientRunner};

/// Longest wait for any condition.
pub const PATIENCE: Duration = Duration::from_secs(90);

/// What the lobby logged and recorded.
#[derive(Default)]
pub struct Heard {
    pub log: Vec<String>,
    pub records: Vec<(RoomCode, String)>,
}

/// A lobby on its own thread.
pub struct OnlineLobby {
    pub addr: SocketAddr,
    pub fingerprint: Fingerprint,
    server: Arc<Mutex<LobbyServer>>,
    pub heard: Arc<Mutex<Heard>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn keep(heard: &Mutex<Heard>, events: Vec<LobbyEvent>) {
    let mut h = lock(heard);
    for e in events {
        match e {
            LobbyEvent::Log(line) => h.log.push(line),
            LobbyEvent::Record { code, text, .. } => h.records.push((code, text)),
            _ => {}
        }
    }
}

impl OnlineLobby {
    /// A lobby of `cfg` with a fresh certificate on 127.0.0.1.
    pub fn start(cfg: LobbyConfig) -> OnlineLobby {
        OnlineLobby::start_with(cfg, LobbyIdentity::generate().expect("a certificate"), None)
    }

    /// A lobby of `cfg` with `identity`, advertising `advertise` in its tokens.
    pub fn start_with(
        cfg: LobbyConfig,
        identity: LobbyIdentity,
        advertise: Option<SocketAddr>,
    ) -> OnlineLobby {
        let fingerprint = identity.fingerprint();
        let server = LobbyServer::bind(
            LobbyServerConfig {
                bind: (Ipv4Addr::LOCALHOST, 0).into(),
                advertise,
                identity,
                lobby: cfg,
            },
            wall_clock(),
        )
        .expect("the lobby binds on 127.0.0.1");
        let addr = server.local_addr();
        let server = Arc::new(Mutex::new(server));
        let heard = Arc::new(Mutex::new(Heard::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (server, heard, stop) =
                (Arc::clone(&server), Arc::clone(&heard), Arc::clone(&stop));
            std::thread::spawn(move || {
                let mut last = Instant::now();
                while !stop.load(Ordering::Relaxed) {
                    let now = Instant::now();
                    let events = lock(&server).update(now - last);
                    last = now;
                    keep(&heard, events);
                    std::thread::sleep(Duration::from_millis(1));
                }
            })
        };
        OnlineLobby {
            addr,
            fingerprint,
            server,
            heard,
            stop,
            thread: Some(thread),
        }
    }

    /// Looks at the server between two of its updates.
    pub fn with<T>(&self, f: impl FnOnce(&LobbyServer) -> T) -> T {
        f(&lock(&self.server))
    }

    /// The log so far.
    pub fn log(&self) -> Vec<String> {
        lock(&self.heard).log.clone()
    }
    /// The records so far.
    pub fn records(&self) -> Vec<(RoomCode, String)> {
        lock(&self.heard).records.clone()
    }

    /// Asks the lobby (its certificate pinned).
    pub fn ask(&self, req: &LobbyRequest) -> LobbyAnswer {
        ask(self.addr, req, Some(self.fingerprint))
            .unwrap_or_else(|e| panic!("the lobby answers: {e}"))
            .answer
    }

    /// Opens a table; its code and the creator's client, not yet connected.
    pub fn create(&self, spec: TableSpec, wish: SeatWish, name: &str) -> (RoomCode, ClientRunner) {
        match self.ask(&LobbyRequest::Create {
            spec,
            wish,
            name: name.into(),
        }) {
            LobbyAnswer::Admitted { code, token, seat } => {
                let mut cfg = ClientConfig::new(name, wish);
                cfg.token = seat;
                let runner = ClientRunner::with_token(Client::new(cfg), &token, wall_clock())
                    .expect("the token reads");
                (code, runner)
            }
            other => panic!("create refused: {other:?}"),
        }
    }

    /// A place at table `code`: the token, or the refusal's words.
    pub fn join(&self, code: RoomCode, wish: SeatWish) -> Result<Vec<u8>, String> {
        match self.ask(&LobbyRequest::Join { code, wish }) {
            LobbyAnswer::Admitted { code: c, token, .. } => {
                assert_eq!(c, code);
                Ok(token)
            }
            LobbyAnswer::Refused(why) => Err(why),
            other => panic!("unexpected answer {other:?}"),
        }
    }

    /// Stops the lobby as a signal would: the last log lines and records.
    pub fn shut_down(mut self) -> Heard {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            t.join().expect("the lobby thread ends");
        }
        let events = lock(&self.server).shutdown();
        keep(&self.heard, events);
        std::mem::take(&mut *lock(&self.heard))
    }
}

impl Drop for OnlineLobby {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A public untimed table of `variant`.
pub fn spec(variant: &str) -> TableSpec {
    TableSpec {
        variant: variant.into(),
        options: Vec::new(),
        time: TimeControl::None,
        public: true,
    }
}

/// A client of `name` asking for `wish`, connecting with `token`.
pub fn connect(token: &[u8], name: &str, wish: SeatWish) -> ClientRunner {
    let client = Client::new(ClientConfig::new(name, wish));
    ClientRunner::with_token(client, token, wall_clock()).expect("the token reads")
}

/// Clients driven together by real elapsed time.
pub struct Crowd {
    pub runners: Vec<ClientRunner>,
    pub events: Vec<Vec<ClientEvent>>,
    last: Instant,
}

impl Crowd {
    pub fn new() -> Crowd {
        Crowd {
            runners: Vec::new(),
            events: Vec::new(),
            last: Instant::now(),
        }
    }

    /// Adds a client; its index.
    pub fn add(&mut self, r: ClientRunner) -> usize {
        self.runners.push(r);
        self.events.push(Vec::new());
        self.runners.len() - 1
    }

    /// One round of every client.
    pub fn step(&mut self) {
        let now = Instant::now();
        let dt = now - self.last;
        self.last = now;
        for (r, ev) in self.runners.iter_mut().zip(&mut self.events) {
            ev.extend(r.update(dt));
        }
        std::thread::sleep(Duration::from_millis(1));
    }

    /// Steps until `done`, calling `each` before every step; panics
    /// naming `what` after [`PATIENCE`].
    pub fn until(&mut self, what: &str, mut each: impl FnMut(&mut Crowd) -> bool) {
        let start = Instant::now();
        loop {
            if each(self) {
                return;
            }
            if start.elapsed() > PATIENCE {
                let links: Vec<String> = self
                    .runners
                    .iter()
                    .map(|r| format!("{:?}", r.link()))
                    .collect();
                panic!("timed out waiting for {what}; links {links:?}");
            }
            self.step();
        }
    }
}
