//! The measurement behind `chimera netbench`: a host and two clients on
//! 127.0.0.1 in one process, each in its own thread updating at its own
//! rate (as a dedicated host and two game windows would), play a game of
//! scripted moves; for every move the time from the update that sends the
//! request to the update of the other client that applies it is recorded.
//!
//! The host's request limits are lifted (the clients move as fast as the
//! replies come, faster than any player); everything else is the real path:
//! netcode over UDP, renet's reliable channel, the host's checks.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use chimera_rules::{Color, Game, Variant};

use super::client::{Client, ClientConfig, ClientEvent};
use super::host::{Host, HostConfig};
use super::protocol::{Role, SeatState, SeatWish};
use super::transport::{ClientRunner, HostRunner, random_u64, wall_clock};

/// What to measure.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// Variant id.
    pub variant: String,
    /// Its options.
    pub options: Vec<(String, String)>,
    /// Moves to play (each one is a sample).
    pub moves: usize,
    /// Host updates per second.
    pub host_hz: f64,
    /// Updates per second of each client.
    pub client_hz: f64,
}

/// Seeds tried for a move list that does not end the game early.
const SEEDS: u64 = 64;
/// Longest a run may take per move before it is given up.
const PER_MOVE_LIMIT: Duration = Duration::from_secs(1);

/// A xorshift generator: reproducible picks (also the tests' packet fates).
pub struct XorShift(pub u64);

impl XorShift {
    /// The next word.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0 | 1;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// `n` moves of `v` from its start, each picked by a generator seeded with
/// `seed` among the legal moves that do not end the game; `None` if a
/// position comes where every move would end it.
pub fn quiet_moves(v: &Arc<Variant>, n: usize, seed: u64) -> Option<Vec<String>> {
    let mut game = Game::new(v);
    let mut rng = XorShift(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let quiet: Vec<_> = game
            .position()
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                let mut g = game.clone();
                g.play(m).is_ok() && g.outcome().is_none()
            })
            .collect();
        if quiet.is_empty() {
            return None;
        }
        let m = quiet[rng.below(quiet.len())];
        out.push(game.position().lmn(m));
        game.play(m).ok()?;
    }
    Some(out)
}

/// When each move was sent and applied on the other client.
struct Times {
    sent: Vec<Option<Instant>>,
    applied: Vec<Option<Instant>>,
}

/// Calls `step` every `1/hz` seconds with the time since the last call,
/// until `stop` is set or `step` returns `None`; `Some(shift)` delays the
/// next call (and all later ones) by `shift` beyond the period.
fn paced(hz: f64, stop: &AtomicBool, mut step: impl FnMut(Duration) -> Option<Duration>) {
    let period = Duration::from_secs_f64(1.0 / hz);
    let mut last = Instant::now();
    let mut next = last;
    while !stop.load(Ordering::Relaxed) {
        let now = Instant::now();
        let Some(shift) = step(now - last) else {
            return;
        };
        last = now;
        next += period + shift;
        let after = Instant::now();
        if next > after {
            thread::sleep(next - after);
        } else {
            next = after;
        }
    }
}

/// One player: joins as `side`, plays its moves of `moves`, records when
/// it sent them and when it applied the other side's. Returns when it has
/// applied every move.
///
/// Its updates keep to a grid of `1/client_hz`, as a window's frames do;
/// two windows on two machines are not in step, but two threads started
/// together with one rate would be. So after each move it sends, a player
/// shifts its grid by a random part of a period: the other side's next
/// move then reaches it at a random point of its frame.
fn player(
    side: Color,
    host: SocketAddr,
    moves: &[String],
    cfg: &BenchConfig,
    times: &Mutex<Times>,
    stop: &AtomicBool,
) -> Result<(), String> {
    let client = Client::new(ClientConfig::new(side.name(), SeatWish::from(side)));
    let mut runner = ClientRunner::connect(client, host, random_u64(), wall_clock())
        .map_err(|e| e.to_string())?;
    let mut sent_for = None;
    let mut failure = None;
    let mut rng = XorShift(random_u64());
    let period_us = (1e6 / cfg.client_hz) as usize;
    paced(cfg.client_hz, stop, |dt| {
        let mut shift = Duration::ZERO;
        let c = runner.client();
        let ready = c.role() == Some(Role::Player(side))
            && c.state()
                .is_some_and(|s| s.table.seats.iter().all(|s| *s != SeatState::Open));
        let ply = c.state().map_or(0, |s| s.ply());
        if ready && c.my_turn() && (ply as usize) < moves.len() && sent_for != Some(ply) {
            sent_for = Some(ply);
            if let Err(e) = runner.client_mut().play(&moves[ply as usize]) {
                failure = Some(e.to_string());
                return None;
            }
            lock(times).sent[ply as usize] = Some(Instant::now());
            shift = Duration::from_micros(rng.below(period_us.max(1)) as u64);
        }
        for e in runner.update(dt) {
            match e {
                ClientEvent::Applied {
                    ply, side: mover, ..
                } if mover != side => {
                    if let Some(t) = lock(times).applied.get_mut(ply as usize) {
                        *t = Some(Instant::now());
                    }
                }
                ClientEvent::Notice(super::protocol::HostMsg::Rejected { what, reason }) => {
                    failure = Some(format!("the host refused {what}: {reason}"));
                    return None;
                }
                _ => {}
            }
        }
        if let super::transport::Link::Closed(why) = runner.link() {
            failure = Some(why.clone());
            return None;
        }
        let more = runner
            .client()
            .state()
            .is_none_or(|s| (s.ply() as usize) < moves.len());
        more.then_some(shift)
    });
    runner.disconnect();
    failure.map_or(Ok(()), Err)
}

fn lock(m: &Mutex<Times>) -> std::sync::MutexGuard<'_, Times> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Plays `cfg.moves` moves between two clients through a host on
/// 127.0.0.1 and returns each move's latency (request sent → applied on
/// the other client), in the order played.
pub fn measure(cfg: &BenchConfig) -> Result<Vec<Duration>, String> {
    let v = Variant::new(&cfg.variant, &cfg.options).map_err(|e| e.to_string())?;
    let moves = (1..=SEEDS)
        .find_map(|seed| quiet_moves(&v, cfg.moves, seed))
        .ok_or_else(|| {
            format!(
                "no game of {} moves of {} found that does not end early",
                cfg.moves, cfg.variant
            )
        })?;
    let mut hc = HostConfig::new(&cfg.variant);
    hc.options = cfg.options.clone();
    hc.name = "netbench".to_string();
    hc.limits.requests_per_s = f64::INFINITY;
    hc.limits.request_burst = f64::INFINITY;
    let (host, mut game) = Host::new(hc, random_u64()).map_err(|e| e.to_string())?;
    let addr: SocketAddr = (std::net::Ipv4Addr::LOCALHOST, 0).into();
    let mut runner = HostRunner::bind(host, addr, wall_clock()).map_err(|e| e.to_string())?;
    let host_addr = runner.local_addr();
    let times = Mutex::new(Times {
        sent: vec![None; moves.len()],
        applied: vec![None; moves.len()],
    });
    let stop = AtomicBool::new(false);
    let limit = PER_MOVE_LIMIT * moves.len() as u32 + Duration::from_secs(10);
    let results = thread::scope(|s| {
        let host = s.spawn(|| {
            paced(cfg.host_hz, &stop, |dt| {
                runner.update(&mut game, dt);
                Some(Duration::ZERO)
            })
        });
        let players: Vec<_> = Color::BOTH
            .into_iter()
            .map(|side| {
                let (moves, times, stop) = (&moves, &times, &stop);
                s.spawn(move || player(side, host_addr, moves, cfg, times, stop))
            })
            .collect();
        let start = Instant::now();
        while !players.iter().all(|p| p.is_finished()) && start.elapsed() < limit {
            thread::sleep(Duration::from_millis(20));
        }
        stop.store(true, Ordering::Relaxed);
        let out: Vec<Result<(), String>> = players
            .into_iter()
            .map(|p| p.join().unwrap_or_else(|_| Err("a client panicked".into())))
            .collect();
        let _ = host.join();
        out
    });
    runner.shutdown();
    for r in results {
        r?;
    }
    let t = lock(&times);
    t.sent
        .iter()
        .zip(&t.applied)
        .enumerate()
        .map(|(i, (s, a))| match (s, a) {
            (Some(s), Some(a)) => Ok(a.saturating_duration_since(*s)),
            _ => Err(format!("move {} was not applied in time", i + 1)),
        })
        .collect()
}

/// The `q`-quantile (0..=1) of sorted `samples` by nearest rank.
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}
