//! `chimera serve`: a dedicated LAN host — no window, no GPU, no audio.
//!
//! A Bevy app of `MinimalPlugins` whose schedule runner loops at
//! [`TICK_HZ`]; one system drives the [`HostRunner`] (it updates the renet
//! transport itself, so renet's Bevy plugins are not added). Both seats are
//! remote; the first client asking for `any` gets White. Every host event is
//! one line on stderr. A finished game's record is written to the games
//! folder of the data directory (or appended to `--record FILE`); then the
//! host waits up to [`LINGER`] for a rematch or for every client to leave,
//! and ends — or, with `--forever`, opens a new game on the same port.
//! SIGINT and SIGTERM end it cleanly: the record of an unfinished game is
//! written (`*`, Termination `abandoned`) and the clients are told goodbye.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::app::ScheduleRunnerPlugin;
use bevy::prelude::*;
use clap::Args;

use super::CliError;
use super::args::{VariantArgs, time_control, whole_number};
use chimera_game::Match;
use chimera_game::clock::TimeControl;
use chimera_net::discovery::discovery_addr;
use chimera_net::state::{LanTable, record_of};
use chimera_net::transport::{DEFAULT_PORT, random_u64, wall_clock};
use chimera_net::{Host, HostConfig, HostEvent, HostRunner};
use chimera_rules::EndReason;

/// Host updates per second.
pub const TICK_HZ: u32 = 100;
/// How long a finished game stays up for a rematch while clients remain.
pub const LINGER: Duration = Duration::from_secs(30);

/// Flags of `serve`.
#[derive(Debug, Clone, Args)]
pub struct ServeCmd {
    /// `--variant` and `--option`.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Start from this position (VFEN) instead of the variant's start.
    #[arg(long, value_name = "VFEN")]
    pub fen: Option<String>,
    /// Time control: - (none), 600+5 (Fischer), 600d5 (delay), *30 (per move), 40/5400 (periods).
    #[arg(long, value_name = "TC", default_value = "-", value_parser = time_control)]
    pub time: TimeControl,
    /// UDP game port; the version probe answers on the same TCP port. 0 picks a free one.
    #[arg(long, value_name = "P", default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Address to listen on.
    #[arg(long, value_name = "IP", default_value = "0.0.0.0")]
    pub bind: IpAddr,
    /// Seconds a dropped player's seat waits before the opponent may claim the win.
    #[arg(long, value_name = "S", default_value = "120", value_parser = whole_number)]
    pub grace: u32,
    /// Host a new game after each one ends, until stopped.
    #[arg(long)]
    pub forever: bool,
    /// Announce the game on the LAN (UDP beacons to $CHIMERA_DISCOVERY_ADDR, else the broadcast address, port 5859).
    #[arg(long)]
    pub announce: bool,
    /// Host name shown in the join list.
    #[arg(long, default_value = "Chimera")]
    pub name: String,
    /// Append the game records to FILE instead of writing them to the data directory's games folder.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// What the loop does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tick {
    Go,
    Done,
}

/// The dedicated host without Bevy: the runner, and what to do at the end.
struct Dedicated {
    runner: HostRunner,
    /// The match the host rules.
    game: Match,
    cfg: HostConfig,
    forever: bool,
    record: Option<PathBuf>,
    /// Time since the result, while the finished game stays up.
    since_end: Option<Duration>,
    /// Records that could not be saved where asked, in words (the process
    /// ends with an error naming them).
    failures: Arc<Mutex<Vec<String>>>,
}

fn say(line: &str) {
    eprintln!("{line}");
}

impl Dedicated {
    fn start(a: &ServeCmd) -> Result<Dedicated, CliError> {
        let v = a.variant.build(super::args::DEFAULT_VARIANT)?;
        let mut cfg = HostConfig::new(v.id());
        cfg.options = v.options().to_vec();
        cfg.start_vfen = a.fen.clone();
        cfg.time_control = a.time;
        cfg.grace = Duration::from_secs(a.grace.into());
        cfg.name = a.name.clone();
        let (host, game) = Host::new(cfg.clone(), random_u64())?;
        check_record_destination(a.record.as_deref()).map_err(CliError::Net)?;
        let addr = SocketAddr::new(a.bind, a.port);
        let mut runner =
            HostRunner::bind(host, addr, wall_clock()).map_err(|e| CliError::Net(e.to_string()))?;
        say(&format!(
            "listening on {} (UDP game port; TCP version probe on the same port)",
            runner.local_addr()
        ));
        say(&super::host::join_line(runner.local_addr()));
        if a.announce {
            let dest = discovery_addr().map_err(CliError::Net)?;
            runner
                .announce(dest)
                .map_err(|e| CliError::Net(format!("cannot announce to {dest}: {e}")))?;
            say(&format!("announcing to {dest}"));
        }
        Ok(Dedicated {
            runner,
            game,
            cfg,
            forever: a.forever,
            record: a.record.clone(),
            since_end: None,
            failures: Arc::default(),
        })
    }

    fn update(&mut self, dt: Duration) -> Tick {
        for e in self.runner.update(&mut self.game, dt) {
            match e {
                HostEvent::Log(line) => say(&line),
                HostEvent::Ended(_) => {
                    self.save(None);
                    self.since_end = Some(Duration::ZERO);
                }
                HostEvent::NewGame { .. } => self.since_end = None,
                _ => {}
            }
        }
        let Some(since) = &mut self.since_end else {
            return Tick::Go;
        };
        *since += dt;
        if self.runner.host().client_count() > 0 && *since < LINGER {
            return Tick::Go;
        }
        if !self.forever {
            self.runner.shutdown();
            say("game over: shutting down");
            return Tick::Done;
        }
        // The next game's number follows this one's (rematches included).
        self.cfg.game_number = self.runner.host().table().game_number + 1;
        match Host::new(self.cfg.clone(), random_u64()) {
            Ok((host, game)) => {
                self.runner.replace_host(host);
                self.game = game;
                self.since_end = None;
                say(&format!(
                    "new game: game {}, waiting for players",
                    self.cfg.game_number
                ));
                Tick::Go
            }
            Err(e) => {
                say(&format!("cannot start a new game: {e}"));
                self.runner.shutdown();
                Tick::Done
            }
        }
    }

    /// SIGINT or SIGTERM: the record of a game in progress, goodbye to all.
    fn stop(&mut self) {
        let m = &self.game;
        if m.outcome().is_none() && m.ply() > 0 {
            self.save(Some(EndReason::Abandoned));
        }
        self.runner.shutdown();
        say("stopped: shutting down");
    }

    /// Writes the current game's record (`stopped`: unfinished, why). If it
    /// cannot go where it should (`--record FILE`, else the games folder),
    /// it is kept in the games folder or, failing that, the temporary
    /// folder, and the log names where; the failure is remembered for the
    /// exit status. As a last resort the record goes to stderr.
    fn save(&self, stopped: Option<EndReason>) {
        let (m, table) = (&self.game, self.runner.host().table());
        let now = wall_clock();
        let text =
            record_of(m, &record_tags(table, &self.cfg.name, now)).and_then(|rec| match stopped {
                Some(why) => rec.unfinished_text(why),
                None => rec.to_text(),
            });
        let text = match text {
            Ok(text) => text,
            Err(e) => {
                let why = format!("cannot write the record of game {}: {e}", table.game_number);
                say(&why);
                self.failed(why);
                return;
            }
        };
        let names = [0, 1].map(|i| table.seats[i].name().unwrap_or("nobody"));
        let stem = chimera_game::record::files::record_stem(now, m.variant().id(), names);
        let asked = match &self.record {
            Some(path) => append_record(path, &text).map(|()| path.clone()),
            None => new_record_file(&stem, &text),
        };
        let problem = match asked {
            Ok(path) => return say(&format!("record saved to {}", path.display())),
            Err(e) => e,
        };
        say(&format!("cannot save the record: {problem}"));
        let mut places = Vec::new();
        if self.record.is_some() {
            places.extend(chimera_store::paths::games_dir());
        }
        places.push(std::env::temp_dir());
        let kept = places.iter().find_map(|dir| {
            chimera_game::record::files::write_new_record(dir, &stem, &text)
                .map_err(|e| say(&format!("cannot keep the record in {}: {e}", dir.display())))
                .ok()
        });
        let game = table.game_number;
        match kept {
            Some(path) => {
                say(&format!("record kept in {} instead", path.display()));
                self.failed(format!(
                    "the record of game {game} could not be saved ({problem}); it was kept in {}",
                    path.display()
                ));
            }
            None => {
                say("the record follows:");
                for line in text.lines() {
                    say(line);
                }
                self.failed(format!(
                    "the record of game {game} could not be saved anywhere ({problem}); it was written to stderr"
                ));
            }
        }
    }

    fn failed(&self, why: String) {
        if let Ok(mut f) = self.failures.lock() {
            f.push(why);
        }
    }
}

/// Refuses, before the host starts, a record destination that cannot be
/// written: `--record FILE` must be a text file or not exist yet, in a
/// folder where files can be made (made if missing); without it, the games
/// folder of the data directory must be writable.
fn check_record_destination(record: Option<&Path>) -> Result<(), String> {
    let (dir, what) = match record {
        Some(path) => {
            let cannot = |e: &dyn std::fmt::Display| {
                format!("cannot write records to {}: {e}", path.display())
            };
            match std::fs::metadata(path) {
                Ok(meta) if meta.is_dir() => return Err(cannot(&"it is a directory")),
                Ok(meta) if !meta.is_file() => return Err(cannot(&"it is not a regular file")),
                Ok(_) => {
                    // Opened to append (nothing changed): may this user write
                    // it? And is it text (records are appended to it)? Its
                    // beginning tells, however long it is.
                    use std::io::Read;
                    let f = std::fs::OpenOptions::new()
                        .read(true)
                        .append(true)
                        .open(path)
                        .map_err(|e| cannot(&e))?;
                    let mut head = Vec::new();
                    f.take(64 * 1024)
                        .read_to_end(&mut head)
                        .map_err(|e| cannot(&e))?;
                    if let Err(e) = std::str::from_utf8(&head)
                        && e.error_len().is_some()
                    {
                        return Err(cannot(&"it is not valid UTF-8 text (not a record file)"));
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(cannot(&e)),
            }
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => PathBuf::from("."),
            };
            (dir, format!("cannot write records to {}", path.display()))
        }
        None => {
            let dir = chimera_store::paths::games_dir()
                .ok_or("no data directory for the records (set CHIMERA_DATA_DIR or HOME, or give --record FILE)")?;
            let what = format!("cannot write records to the games folder {}", dir.display());
            (dir, what)
        }
    };
    probe_dir(&dir).map_err(|e| format!("{what}: {e}"))
}

/// Makes `dir` if missing and checks that a file can be made in it.
fn probe_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let probe = dir.join(format!(".chimera-probe-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    std::fs::remove_file(&probe)
}

/// The tags of a LAN game's record.
fn record_tags(s: &LanTable, host: &str, now: Duration) -> [(String, String); 6] {
    let name = |i: usize| s.seats[i].name().unwrap_or("?").to_string();
    [
        ("Event", "Chimera LAN game".to_string()),
        ("Site", host.to_string()),
        ("Date", chimera_game::record::files::pgn_date(now)),
        ("Round", s.game_number.to_string()),
        ("White", name(0)),
        ("Black", name(1)),
    ]
    .map(|(tag, value)| (tag.to_string(), value))
}

/// Appends a record to `path` (creating it), a blank line between games,
/// under the file's lock (`chimera_store::lock`): two hosts appending to one
/// file at once both keep their game.
fn append_record(path: &Path, text: &str) -> Result<(), String> {
    use std::io::{Read, Seek, SeekFrom, Write};
    chimera_store::lock::update(path, || {
        let mut f = std::fs::OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)?;
        // Only the file's last two bytes decide the separator: however many
        // games it holds, nothing else is read.
        let len = f.metadata()?.len();
        let mut tail = Vec::new();
        if len > 0 {
            f.seek(SeekFrom::Start(len.saturating_sub(2)))?;
            Read::by_ref(&mut f).take(2).read_to_end(&mut tail)?;
        }
        let sep = match tail.as_slice() {
            [] | [.., b'\n', b'\n'] => "",
            [.., b'\n'] => "\n",
            _ => "\n\n",
        };
        f.write_all(format!("{sep}{text}").as_bytes())?;
        f.sync_data()
    })
    .map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes a record into the games folder as
/// `YYYY-MM-DD-HHMMSS-variant-White-Black.pgn` (`stem`; UTC; `-2`, `-3` … if taken).
fn new_record_file(stem: &str, text: &str) -> Result<PathBuf, String> {
    let dir = chimera_store::paths::games_dir()
        .ok_or("no data directory (set CHIMERA_DATA_DIR or HOME)")?;
    chimera_game::record::files::write_new_record(&dir, stem, text)
        .map_err(|e| format!("{}: {e}", dir.display()))
}

/// The Bevy side: the dedicated host and the signal flag.
#[derive(Resource)]
struct Serving {
    host: Dedicated,
    stop: Arc<AtomicBool>,
}

fn serve_tick(mut s: ResMut<Serving>, time: Res<Time<Real>>, mut exit: MessageWriter<AppExit>) {
    let s = &mut *s;
    if s.stop.load(Ordering::Relaxed) {
        s.host.stop();
        exit.write(AppExit::Success);
    } else if s.host.update(time.delta()) == Tick::Done {
        exit.write(AppExit::Success);
    }
}

/// `chimera serve`: hosts until the game ends (or for ever), or a signal.
pub fn serve(a: ServeCmd) -> Result<(), CliError> {
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&stop))
            .map_err(|e| CliError::Net(format!("cannot catch signal {sig}: {e}")))?;
    }
    let host = Dedicated::start(&a)?;
    let failures = Arc::clone(&host.failures);
    let mut app = App::new();
    let tick = Duration::from_secs(1) / TICK_HZ;
    app.add_plugins(MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(tick)))
        .insert_resource(Serving { host, stop })
        .add_systems(Update, serve_tick);
    let exit = app.run();
    let failures = failures.lock().map(|f| f.join("; ")).unwrap_or_default();
    match exit {
        AppExit::Error(code) => Err(CliError::Net(format!("the host loop failed ({code})"))),
        AppExit::Success if !failures.is_empty() => Err(CliError::Net(failures)),
        AppExit::Success => Ok(()),
    }
}
