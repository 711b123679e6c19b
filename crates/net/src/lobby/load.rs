//! The load measurement behind `chimera netbench --lobby`: one
//! [`LobbyServer`] on 127.0.0.1, updated on its own thread at the rate
//! `chimera lobby` runs, and many tables of two clients each (on one
//! thread of the same process, updating as fast as they can) playing
//! scripted games at once. Every move's latency is recorded (request sent
//! → applied by the opponent's client), and the lobby's memory per table
//! is measured apart (the resident size grown by opening tables in a bare
//! [`Lobby`]).

use std::net::Ipv4Addr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chimera_game::clock::TimeControl;
use chimera_rules::{Color, Variant};

use super::tables::{Decision, Lobby, LobbyConfig};
use super::tls::LobbyIdentity;
use super::wire::{LobbyAnswer, LobbyRequest, TableSpec};
use super::{LobbyServer, LobbyServerConfig, ask};
use crate::bench::quiet_moves;
use crate::client::{Client, ClientConfig, ClientEvent};
use crate::protocol::{Role, SeatState, SeatWish};
use crate::transport::{ClientRunner, Link, wall_clock};

/// What to measure.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// Variant id of every table.
    pub variant: String,
    /// Tables played at once.
    pub tables: usize,
    /// Moves of each game.
    pub moves: usize,
    /// Lobby updates per second.
    pub lobby_hz: u32,
}

/// What one run held and measured.
#[derive(Clone, Debug)]
pub struct LoadReport {
    /// Tables that played all their moves.
    pub tables: usize,
    /// Clients connected at once at the peak.
    pub clients: usize,
    /// Every move's latency, sorted.
    pub latencies: Vec<Duration>,
    /// Wall time of the games.
    pub elapsed: Duration,
    /// The lobby's resident memory per open table, in bytes.
    pub bytes_per_table: Option<u64>,
    /// The share of the lobby thread's time spent in its updates (the
    /// rest it sleeps) while the games were played.
    pub lobby_busy: f64,
}

/// The process's resident size in bytes (Linux: `/proc/self/statm`).
fn resident_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// Resident bytes per table of `n` tables of `variant` opened in a bare lobby.
pub fn bytes_per_table(variant: &str, n: usize) -> Option<u64> {
    let mut cfg = LobbyConfig::default();
    cfg.limits.max_tables = n;
    cfg.limits.tables_per_address = n;
    cfg.limits.request_burst = n as f64 + 1.0;
    cfg.limits.max_clients = usize::MAX;
    let mut lobby = Lobby::new(cfg, 1);
    let before = resident_bytes()?;
    for _ in 0..n {
        let req = LobbyRequest::Create {
            spec: spec(variant),
            wish: SeatWish::White,
            name: "bench".into(),
        };
        if let Decision::Refused(_) = lobby.request(req, Ipv4Addr::LOCALHOST.into(), 0) {
            return None;
        }
    }
    let after = resident_bytes()?;
    Some(after.saturating_sub(before) / n.max(1) as u64)
}

fn spec(variant: &str) -> TableSpec {
    TableSpec {
        variant: variant.to_string(),
        options: Vec::new(),
        time: TimeControl::None,
        public: true,
    }
}

/// One table's two clients and where its game stands.
struct Pair {
    runners: [ClientRunner; 2],
    sent: Vec<Option<Instant>>,
    applied: Vec<Option<Instant>>,
}

/// Plays `cfg.tables` games at once through one lobby on 127.0.0.1.
pub fn measure_load(cfg: &LoadConfig) -> Result<LoadReport, String> {
    let v = Variant::new(&cfg.variant, &[]).map_err(|e| e.to_string())?;
    let moves = (1..=64)
        .find_map(|seed| quiet_moves(&v, cfg.moves, seed))
        .ok_or_else(|| format!("no game of {} quiet moves of {}", cfg.moves, cfg.variant))?;
    let mut lc = LobbyConfig::default();
    lc.limits.max_tables = cfg.tables;
    lc.limits.tables_per_address = cfg.tables;
    lc.limits.request_burst = 4.0 * cfg.tables as f64;
    lc.limits.table.requests_per_s = f64::INFINITY;
    lc.limits.table.request_burst = f64::INFINITY;
    let identity = LobbyIdentity::generate()?;
    let fingerprint = identity.fingerprint();
    let server = LobbyServer::bind(
        LobbyServerConfig {
            bind: (Ipv4Addr::LOCALHOST, 0).into(),
            advertise: None,
            identity,
            lobby: lc,
        },
        wall_clock(),
    )
    .map_err(|e| e.to_string())?;
    let addr = server.local_addr();
    let server = Arc::new(Mutex::new(server));
    let stop = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(Mutex::new(0usize));
    // Time spent updating, and in all, since the games began.
    let busy = Arc::new(Mutex::new((Duration::ZERO, Duration::ZERO)));
    let playing = Arc::new(AtomicBool::new(false));
    let lobby_thread = {
        let (server, stop, peak) = (Arc::clone(&server), Arc::clone(&stop), Arc::clone(&peak));
        let (busy, playing) = (Arc::clone(&busy), Arc::clone(&playing));
        let period = Duration::from_secs(1) / cfg.lobby_hz.max(1);
        std::thread::spawn(move || {
            let mut last = Instant::now();
            while !stop.load(Ordering::Relaxed) {
                let now = Instant::now();
                let mut s = server.lock().unwrap_or_else(|e| e.into_inner());
                s.update(now - last);
                let held = s.connected_clients();
                drop(s);
                if playing.load(Ordering::Relaxed) {
                    let mut b = busy.lock().unwrap_or_else(|e| e.into_inner());
                    b.0 += now.elapsed();
                    b.1 += now - last;
                }
                let mut p = peak.lock().unwrap_or_else(|e| e.into_inner());
                *p = (*p).max(held);
                drop(p);
                last = now;
                std::thread::sleep(period.saturating_sub(now.elapsed()));
            }
        })
    };
    let result = play_all(addr, fingerprint, cfg, &moves, &playing);
    stop.store(true, Ordering::Relaxed);
    let _ = lobby_thread.join();
    let (pairs, elapsed) = result?;
    let mut latencies = Vec::new();
    let mut done = 0;
    for p in &pairs {
        let all: Vec<Duration> = p
            .sent
            .iter()
            .zip(&p.applied)
            .filter_map(|(s, a)| Some(a.as_ref()?.saturating_duration_since(*s.as_ref()?)))
            .collect();
        if all.len() == moves.len() {
            done += 1;
        }
        latencies.extend(all);
    }
    latencies.sort();
    let clients = *peak.lock().unwrap_or_else(|e| e.into_inner());
    let (spent, total) = *busy.lock().unwrap_or_else(|e| e.into_inner());
    Ok(LoadReport {
        tables: done,
        clients,
        latencies,
        elapsed,
        bytes_per_table: bytes_per_table(&cfg.variant, cfg.tables),
        lobby_busy: spent.as_secs_f64() / total.as_secs_f64().max(1e-9),
    })
}

/// Opens the tables, seats their clients, plays every game; the pairs
/// with their times, and the time the games took.
fn play_all(
    addr: std::net::SocketAddr,
    fingerprint: super::Fingerprint,
    cfg: &LoadConfig,
    moves: &[String],
    playing: &AtomicBool,
) -> Result<(Vec<Pair>, Duration), String> {
    let mut pairs: Vec<Pair> = Vec::new();
    let mut last = Instant::now();
    let step = |pairs: &mut Vec<Pair>, last: &mut Instant| -> Result<(), String> {
        let now = Instant::now();
        let dt = now - *last;
        *last = now;
        for p in pairs.iter_mut() {
            for (i, r) in p.runners.iter_mut().enumerate() {
                for e in r.update(dt) {
                    if let ClientEvent::Applied { ply, side, .. } = e
                        && side.index() != i
                        && let Some(t) = p.applied.get_mut(ply as usize)
                    {
                        *t = Some(Instant::now());
                    }
                }
                if let Link::Closed(why) = r.link() {
                    return Err(format!("a client's link closed: {why}"));
                }
            }
        }
        Ok(())
    };
    type Admission = (super::RoomCode, Vec<u8>, Option<crate::SeatToken>);
    let token = |req: &LobbyRequest| -> Result<Admission, String> {
        match ask(addr, req, Some(fingerprint))
            .map_err(|e| e.to_string())?
            .answer
        {
            LobbyAnswer::Admitted { code, token, seat } => Ok((code, token, seat)),
            other => Err(format!("the lobby answered {other:?}")),
        }
    };
    for i in 0..cfg.tables {
        let (code, t, seat) = token(&LobbyRequest::Create {
            spec: spec(&cfg.variant),
            wish: SeatWish::White,
            name: format!("W{i}"),
        })?;
        let (_, b, _) = token(&LobbyRequest::Join {
            code,
            wish: SeatWish::Black,
        })?;
        let mut wc = ClientConfig::new(&format!("W{i}"), SeatWish::White);
        wc.token = seat;
        let w = ClientRunner::with_token(Client::new(wc), &t, wall_clock())
            .map_err(|e| e.to_string())?;
        let b = ClientRunner::with_token(
            Client::new(ClientConfig::new(&format!("B{i}"), SeatWish::Black)),
            &b,
            wall_clock(),
        )
        .map_err(|e| e.to_string())?;
        pairs.push(Pair {
            runners: [w, b],
            sent: vec![None; moves.len()],
            applied: vec![None; moves.len()],
        });
        step(&mut pairs, &mut last)?;
    }
    let limit =
        Duration::from_secs(60) + Duration::from_millis(50) * (cfg.tables * moves.len()) as u32;
    // Every table seated before any move: the TLS asks above held the
    // clients' thread, which would count against the first moves.
    let start = Instant::now();
    loop {
        step(&mut pairs, &mut last)?;
        if pairs.iter().all(|p| {
            p.runners.iter().all(|r| {
                r.client().state().is_some_and(|s| {
                    s.table
                        .seats
                        .iter()
                        .all(|x| matches!(x, SeatState::Connected { .. }))
                })
            })
        }) {
            break;
        }
        if start.elapsed() > limit {
            return Err(format!(
                "the tables were not seated within {} s",
                limit.as_secs()
            ));
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    playing.store(true, Ordering::Relaxed);
    let start = Instant::now();
    loop {
        step(&mut pairs, &mut last)?;
        let mut finished = true;
        for p in pairs.iter_mut() {
            let st = p.runners[0].client().state();
            let seated = st.is_some_and(|s| {
                s.table
                    .seats
                    .iter()
                    .all(|x| matches!(x, SeatState::Connected { .. }))
            });
            let ply = st.map_or(0, |s| s.ply()) as usize;
            if ply < moves.len() || p.applied.iter().any(Option::is_none) {
                finished = false;
            }
            if !seated || ply >= moves.len() {
                continue;
            }
            let mover = if ply.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            };
            let r = &mut p.runners[mover.index()];
            let at = r.client().state().map_or(0, |s| s.ply()) as usize;
            if r.client().role() == Some(Role::Player(mover))
                && r.client().my_turn()
                && at == ply
                && p.sent[ply].is_none()
            {
                r.client_mut()
                    .play(&moves[ply])
                    .map_err(|e| e.to_string())?;
                p.sent[ply] = Some(Instant::now());
            }
        }
        if finished {
            break;
        }
        if start.elapsed() > limit {
            return Err(format!(
                "the games did not finish within {} s",
                limit.as_secs()
            ));
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    let elapsed = start.elapsed();
    playing.store(false, Ordering::Relaxed);
    for p in pairs.iter_mut() {
        for r in p.runners.iter_mut() {
            r.disconnect();
        }
    }
    Ok((pairs, elapsed))
}
