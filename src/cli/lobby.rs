//! `chimera lobby`: many tables online, no window (issue 23).
//!
//! One process runs a [`LobbyServer`]: the UDP game port (netcode's secure
//! mode) and the TLS port of the same number, updated [`TICK_HZ`] times a
//! second. Every event is one line on stderr, each table's prefixed with
//! its room code. Finished games' records go to the games folder of the
//! data directory (`--data DIR`: `DIR/games`); the certificate and key are
//! kept in its `lobby` folder. SIGINT and SIGTERM end it cleanly: the
//! records of unfinished games are written (`*`, Termination `abandoned`)
//! and every client is told goodbye.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use super::CliError;
use super::args::{count, whole_number};
use chimera_net::lobby::{
    DEFAULT_LOBBY_PORT, LobbyConfig, LobbyEvent, LobbyIdentity, LobbyServer, LobbyServerConfig,
};
use chimera_net::transport::wall_clock;

/// Lobby updates per second (as `chimera serve`'s).
pub const TICK_HZ: u32 = super::serve::TICK_HZ;

/// Flags of `lobby`.
#[derive(Debug, Clone, Args)]
pub struct LobbyCmd {
    /// Address to listen on.
    #[arg(long, value_name = "IP", default_value = "0.0.0.0")]
    pub bind: IpAddr,
    /// The port: UDP for the games, TCP (TLS) for tables and connect tokens. 0 picks a free one.
    #[arg(long, value_name = "P", default_value_t = DEFAULT_LOBBY_PORT)]
    pub port: u16,
    /// Tables open at once at most.
    #[arg(long, value_name = "N", default_value = "500", value_parser = count)]
    pub max_tables: u32,
    /// Tables one address may have open at once.
    #[arg(long, value_name = "N", default_value = "4", value_parser = count)]
    pub tables_per_address: u32,
    /// Data folder: records in DIR/games, the certificate in DIR/lobby (default: the data directory).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// The lobby's name (the records' Site).
    #[arg(long, default_value = "Chimera lobby")]
    pub name: String,
    /// Seconds a dropped player's seat waits before the opponent may claim the win.
    #[arg(long, value_name = "S", default_value = "120", value_parser = whole_number)]
    pub grace: u32,
    /// Seconds an empty table stays open.
    #[arg(long, value_name = "S", default_value = "300", value_parser = count)]
    pub close_after: u32,
    /// The game address to give players when they reach the lobby through another one (a port forward to another port): ADDRESS:PORT.
    #[arg(long, value_name = "ADDRESS:PORT")]
    pub public: Option<SocketAddr>,
}

fn say(line: &str) {
    eprintln!("{line}");
}

/// Where the lobby keeps its files.
fn data_dir(a: &LobbyCmd) -> Result<PathBuf, CliError> {
    a.data
        .clone()
        .or_else(chimera_store::paths::data_dir)
        .ok_or_else(|| {
            CliError::Net(
                "no data directory for the records (set CHIMERA_DATA_DIR or HOME, or give --data DIR)"
                    .into(),
            )
        })
}

/// Writes a record into `games`; failing that into the temporary folder;
/// failing that onto stderr. Each outcome is a log line.
fn keep_record(games: &Path, stem: &str, text: &str) {
    use chimera_game::record::files::write_new_record;
    match write_new_record(games, stem, text) {
        Ok(path) => say(&format!("record saved to {}", path.display())),
        Err(e) => {
            say(&format!(
                "cannot save the record in {}: {e}",
                games.display()
            ));
            match write_new_record(&std::env::temp_dir(), stem, text) {
                Ok(path) => say(&format!("record kept in {} instead", path.display())),
                Err(_) => {
                    say("the record follows:");
                    for line in text.lines() {
                        say(line);
                    }
                }
            }
        }
    }
}

fn report(games: &Path, events: Vec<LobbyEvent>) {
    for e in events {
        match e {
            LobbyEvent::Log(line) => say(&line),
            LobbyEvent::Record { stem, text, .. } => keep_record(games, &stem, &text),
            LobbyEvent::Send { .. } | LobbyEvent::Kick(_) => {}
        }
    }
}

/// `chimera lobby`: runs until SIGINT or SIGTERM.
pub fn lobby(a: LobbyCmd) -> Result<(), CliError> {
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&stop))
            .map_err(|e| CliError::Net(format!("cannot catch signal {sig}: {e}")))?;
    }
    let data = data_dir(&a)?;
    let games = data.join("games");
    std::fs::create_dir_all(&games)
        .map_err(|e| CliError::Net(format!("cannot make {}: {e}", games.display())))?;
    let keep = data.join("lobby");
    let (identity, made) = LobbyIdentity::load_or_create(&keep).map_err(CliError::Net)?;
    let fingerprint = identity.fingerprint();
    let mut cfg = LobbyConfig {
        name: a.name.clone(),
        grace: Duration::from_secs(a.grace.into()),
        ..LobbyConfig::default()
    };
    cfg.limits.max_tables = a.max_tables as usize;
    cfg.limits.tables_per_address = a.tables_per_address as usize;
    cfg.limits.empty_close = Duration::from_secs(a.close_after.into());
    let mut server = LobbyServer::bind(
        LobbyServerConfig {
            bind: SocketAddr::new(a.bind, a.port),
            advertise: a.public,
            identity,
            lobby: cfg,
        },
        wall_clock(),
    )
    .map_err(|e| CliError::Net(e.to_string()))?;
    let addr = server.local_addr();
    say(&format!(
        "lobby listening on {addr}: UDP port {p} for the games (encrypted), TCP port {p} for tables and connect tokens (TLS)",
        p = addr.port()
    ));
    say(&format!(
        "certificate SHA-256 {fingerprint} ({} {})",
        if made {
            "made now and kept in"
        } else {
            "kept in"
        },
        keep.display()
    ));
    say(&format!("records go to {}", games.display()));
    say(&format!(
        "players: chimera join HOST:{} --create | --room CODE | --list, or Menu → Play online",
        addr.port()
    ));
    let period = Duration::from_secs(1) / TICK_HZ;
    let mut last = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        let now = Instant::now();
        report(&games, server.update(now - last));
        last = now;
        std::thread::sleep(period.saturating_sub(now.elapsed()));
    }
    report(&games, server.shutdown());
    say("stopped: shutting down");
    Ok(())
}
