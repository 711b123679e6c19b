//! `chimera serve` and `chimera join --headless` as subprocesses on
//! 127.0.0.1: whole games with identical output on every client, a
//! spectator, a refused and a diverging scripted move (status 2 naming it),
//! a restarted client back in its seat, and SIGTERM mid-game writing the
//! record. The host binds port 0 and says which port it got; every wait has
//! a generous bound and nothing depends on timing luck. Each test has its
//! own data and config directories.

#[path = "../../crates/net/tests/net/common.rs"]
#[allow(dead_code)]
mod common;
mod lobby;

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::{DRAGONFLY, DRAGONFLY_FILE, HOLYWAR, Script};

/// Longest wait for anything a process should do.
const PATIENCE: Duration = Duration::from_secs(120);

/// Polls `f` until it gives a value; fails with `why()` after [`PATIENCE`].
fn await_some<T>(why: impl Fn() -> String, mut f: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(v) = f() {
            return v;
        }
        assert!(start.elapsed() < PATIENCE, "{}", why());
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-net-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A running `chimera` with its output collected as it comes.
struct Proc {
    child: Child,
    what: String,
    out: Arc<Mutex<String>>,
    err: Arc<Mutex<Vec<String>>>,
}

impl Proc {
    /// Starts `chimera args…` with the data and config directories in `dir`
    /// and beacons (if any) kept on 127.0.0.1.
    fn start(dir: &Path, args: &[&str]) -> Proc {
        Proc::start_beaconing(dir, args, "127.0.0.1:5859")
    }

    /// [`Proc::start`] with beacons sent to `beacons` (on 127.0.0.1).
    fn start_beaconing(dir: &Path, args: &[&str], beacons: &str) -> Proc {
        assert!(beacons.starts_with("127.0.0.1:"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .args(args)
            .env("CHIMERA_DATA_DIR", dir.join("data"))
            .env("CHIMERA_CONFIG_DIR", dir.join("config"))
            .env("CHIMERA_DISCOVERY_ADDR", beacons)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the chimera binary runs");
        let out = Arc::new(Mutex::new(String::new()));
        let err = Arc::new(Mutex::new(Vec::new()));
        let mut stdout = child.stdout.take().unwrap();
        let o = Arc::clone(&out);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = stdout.read(&mut buf) {
                o.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let stderr = child.stderr.take().unwrap();
        let e = Arc::clone(&err);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                e.lock().unwrap().push(line);
            }
        });
        Proc {
            child,
            what: args.join(" "),
            out,
            err,
        }
    }

    fn stderr(&self) -> Vec<String> {
        self.err.lock().unwrap().clone()
    }

    /// Waits for a stderr line containing `text`; returns it.
    fn wait_line(&self, text: &str) -> String {
        await_some(
            || {
                format!(
                    "{}: no line with '{text}' in {:?}",
                    self.what,
                    self.stderr()
                )
            },
            || self.stderr().into_iter().find(|l| l.contains(text)),
        )
    }

    /// Waits for the end; returns the exit status, stdout and stderr.
    fn finish(mut self) -> (Option<i32>, String, Vec<String>) {
        let (what, err) = (self.what.clone(), Arc::clone(&self.err));
        let status = await_some(
            || format!("{what} did not end; stderr {:?}", err.lock().unwrap()),
            || self.child.try_wait().unwrap(),
        );
        // The reader threads end with the pipes; give them a moment.
        std::thread::sleep(Duration::from_millis(100));
        let out = self.out.lock().unwrap().clone();
        (status.code(), out, self.stderr())
    }

    /// Sends SIGTERM.
    #[cfg(unix)]
    fn terminate(&self) {
        let ok = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill -TERM {}", self.child.id());
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `chimera serve` of `s`'s variant and start on a free port of 127.0.0.1;
/// returns it with its address.
fn serve(dir: &Path, s: &Script, extra: &[&str]) -> (Proc, String) {
    serve_beaconing(dir, s, extra, "127.0.0.1:5859")
}

/// [`serve`] with beacons (if `--announce`) sent to `beacons`.
fn serve_beaconing(dir: &Path, s: &Script, extra: &[&str], beacons: &str) -> (Proc, String) {
    let mut args = vec![
        "serve",
        "--bind",
        "127.0.0.1",
        "--port",
        "0",
        "--variant",
        s.variant,
        "--fen",
        s.start,
    ];
    args.extend_from_slice(extra);
    let p = Proc::start_beaconing(dir, &args, beacons);
    let line = p.wait_line("listening on ");
    let addr = line
        .split_whitespace()
        .nth(2)
        .expect("listening on ADDRESS")
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{line}");
    (p, addr)
}

/// `chimera join addr --headless` with more flags.
fn join(dir: &Path, addr: &str, flags: &[&str]) -> Proc {
    let mut args = vec!["join", addr, "--headless"];
    args.extend_from_slice(flags);
    Proc::start(dir, &args)
}

/// `name` joins from its own directory (its own kept tokens), asking for
/// `seat` (`any` if none), with `--play script`.
fn player(dir: &Path, addr: &str, seat: Option<&str>, name: &str, script: &str) -> Proc {
    let home = dir.join(name.to_lowercase());
    let seat = seat.unwrap_or("any");
    join(
        &home,
        addr,
        &["--seat", seat, "--name", name, "--play", script],
    )
}

/// The ply lines a client prints for `moves` (White moves first here).
fn ply_lines(moves: &[&str]) -> String {
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let side = if i % 2 == 0 { "white" } else { "black" };
            format!("ply {} {side} {m}\n", i + 1)
        })
        .collect()
}

/// What `chimera fen` prints for the script's game.
fn fen_output(s: &Script) -> String {
    fen_output_with(s, None)
}

/// [`fen_output`] with the config directory `config` (its players' variants).
fn fen_output_with(s: &Script, config: Option<&Path>) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chimera"));
    if let Some(dir) = config {
        cmd.env("CHIMERA_CONFIG_DIR", dir);
    }
    let o = cmd
        .args(["fen", "--variant", s.variant, "--fen", s.start])
        .args(["--moves", &s.moves.join(" ")])
        .output()
        .unwrap();
    assert!(o.status.success());
    String::from_utf8(o.stdout).unwrap()
}

/// The record file a `record saved to PATH` line names, loaded.
fn saved_record(serve_err: &[String]) -> (String, chimera_game::record::Loaded) {
    let line = serve_err
        .iter()
        .find(|l| l.starts_with("record saved to "))
        .unwrap_or_else(|| panic!("no record saved: {serve_err:?}"));
    let path = PathBuf::from(line.trim_start_matches("record saved to "));
    let text = chimera_game::record::read_file(&path).expect("the record reads");
    let loaded = chimera_game::record::load(&text, 1).expect("the record loads");
    (text, loaded)
}

#[test]
fn two_headless_players_and_a_spectator_finish_a_game() {
    let dir = scratch("game");
    let (host, addr) = serve(&dir.join("host"), &HOLYWAR, &["--time", "300+2"]);
    let script = HOLYWAR.moves.join(" ");
    let watcher = join(&dir.join("eve"), &addr, &["--spectate", "--name", "Eve"]);
    watcher.wait_line("joined");
    let white = player(&dir, &addr, Some("white"), "Ann", &script);
    let black = player(&dir, &addr, Some("black"), "Bo", &script);
    let expected = format!("{}{}", ply_lines(HOLYWAR.moves), fen_output(&HOLYWAR));
    assert!(expected.ends_with(&format!(
        "{}\nresult: {}\n",
        HOLYWAR.end_vfen, HOLYWAR.result
    )));
    for (who, p) in [("white", white), ("black", black), ("spectator", watcher)] {
        let (code, out, err) = p.finish();
        assert_eq!(code, Some(0), "{who}: {err:?}");
        assert_eq!(out, expected, "{who}");
    }
    let (code, _, err) = host.finish();
    assert_eq!(code, Some(0), "{err:?}");
    for line in [
        " connected",
        "(Ann) takes White's seat",
        "(Bo) takes Black's seat",
        "(Eve) watches",
        "ply 7 white c4b6",
        "result: 1-0 checkmate",
        "game over: shutting down",
    ] {
        assert!(
            err.iter().any(|l| l.contains(line)),
            "serve logs '{line}': {err:?}"
        );
    }
    let (text, loaded) = saved_record(&err);
    assert!(
        text.contains("[White \"Ann\"]") && text.contains("[Black \"Bo\"]"),
        "{text}"
    );
    assert!(text.contains("[TimeControl \"300+2\"]"), "{text}");
    assert_eq!(loaded.result_line(), format!("result: {}", HOLYWAR.result));
    assert_eq!(loaded.final_vfen(), HOLYWAR.end_vfen);
}

/// A player's variant file on the host only: the headless players, whose
/// config directories have no `variants` folder, get the file with the
/// snapshot and play the game to its end (issue 14).
#[test]
fn clients_lacking_a_players_variant_get_it_from_the_host() {
    let dir = scratch("player-variant");
    let files = dir.join("host").join("config").join("variants");
    std::fs::create_dir_all(&files).unwrap();
    std::fs::write(files.join("dragonfly.toml"), DRAGONFLY_FILE).unwrap();
    let (host, addr) = serve(&dir.join("host"), &DRAGONFLY, &[]);
    let script = DRAGONFLY.moves.join(" ");
    let white = player(&dir, &addr, Some("white"), "Ann", &script);
    let black = player(&dir, &addr, Some("black"), "Bo", &script);
    let expected = format!(
        "{}{}",
        ply_lines(DRAGONFLY.moves),
        fen_output_with(&DRAGONFLY, Some(&dir.join("host").join("config")))
    );
    assert!(expected.ends_with(&format!(
        "{}\nresult: {}\n",
        DRAGONFLY.end_vfen, DRAGONFLY.result
    )));
    for (who, p) in [("white", white), ("black", black)] {
        let (code, out, err) = p.finish();
        assert_eq!(code, Some(0), "{who}: {err:?}");
        assert_eq!(out, expected, "{who}");
    }
    assert!(!dir.join("ann").join("config").join("variants").exists());
    let (code, _, err) = host.finish();
    assert_eq!(code, Some(0), "{err:?}");
    assert!(
        err.iter().any(|l| l.contains("result: 1-0 checkmate")),
        "{err:?}"
    );
}

/// Plays the whole Holywar script between two fresh headless clients and
/// checks their output.
fn play_holywar(dir: &Path, addr: &str, names: [&str; 2]) {
    let script = HOLYWAR.moves.join(" ");
    let players = names.map(|name| player(dir, addr, None, name, &script));
    let expected = format!("{}{}", ply_lines(HOLYWAR.moves), fen_output(&HOLYWAR));
    for p in players {
        let (code, out, err) = p.finish();
        assert_eq!((code, out), (Some(0), expected.clone()), "{err:?}");
    }
}

#[test]
#[cfg(unix)]
fn forever_hosts_game_after_game_announced_and_recorded_in_one_file() {
    use chimera_net::PROTOCOL_VERSION;
    use chimera_net::discovery::Listener;
    let dir = scratch("forever");
    let mut listener = Listener::bind("127.0.0.1:0".parse().unwrap(), PROTOCOL_VERSION).unwrap();
    let beacons = listener.local_addr().unwrap().to_string();
    let file = dir.join("games.pgn");
    let file_arg = file.to_str().unwrap();
    let (host, addr) = serve_beaconing(
        &dir.join("host"),
        &HOLYWAR,
        &[
            "--forever",
            "--announce",
            "--name",
            "Den",
            "--record",
            file_arg,
        ],
        &beacons,
    );
    host.wait_line(&format!("announcing to {beacons}"));
    let heard = await_some(
        || "no beacon".to_string(),
        || {
            listener.update(Duration::from_millis(20));
            listener.hosts().first().cloned()
        },
    );
    assert_eq!(heard.addr.to_string(), addr);
    let beacon = heard.beacon.clone().expect("our version");
    assert_eq!(
        (beacon.host_name.as_str(), beacon.variant.as_str()),
        ("Den", "holywar")
    );
    // The first client asking for any seat gets White.
    play_holywar(&dir, &addr, ["Ann", "Bo"]);
    host.wait_line("new game: game 2, waiting for players");
    play_holywar(&dir, &addr, ["Cy", "Di"]);
    await_some(
        || format!("two records saved: {:?}", host.stderr()),
        || {
            let saved = host.stderr();
            let n = saved
                .iter()
                .filter(|l| l.starts_with("record saved to "))
                .count();
            (n == 2).then_some(())
        },
    );
    host.terminate();
    let (code, _, err) = host.finish();
    assert_eq!(code, Some(0), "{err:?}");
    let takes = |name: &str, side: &str| {
        err.iter()
            .any(|l| l.contains(&format!("({name}) takes {side}'s seat")))
    };
    assert!(takes("Ann", "White") || takes("Bo", "White"), "{err:?}");
    assert!(takes("Cy", "White") || takes("Di", "White"), "{err:?}");
    let text = chimera_game::record::read_file(&file).unwrap();
    let games = chimera_game::record::list(&text).unwrap();
    assert_eq!(games.len(), 2, "{text}");
    for n in 1..=2 {
        let g = chimera_game::record::load(&text, n).unwrap();
        // Issue 21: every game was "Round 1".
        assert_eq!(
            g.record.tag("Round"),
            Some(n.to_string().as_str()),
            "{text}"
        );
        assert_eq!(g.final_vfen(), HOLYWAR.end_vfen);
        assert_eq!(g.result_line(), format!("result: {}", HOLYWAR.result));
    }
}

#[test]
#[cfg(unix)]
fn bad_scripts_exit_2_naming_the_move_and_sigterm_saves_the_game() {
    let dir = scratch("bad");
    let (host, addr) = serve(&dir.join("host"), &HOLYWAR, &[]);
    // White's third move drops the Squire on Black's king.
    let white = player(&dir, &addr, Some("white"), "Ann", "K@h1 K@a8 S@a8");
    // Black expects another first move.
    let black = player(&dir, &addr, Some("black"), "Bo", "K@a1 K@a8");
    let (code, out, err) = black.finish();
    assert_eq!(code, Some(2), "{err:?}");
    assert_eq!(out, "ply 1 white K@h1\n");
    assert_eq!(
        err.last().unwrap(),
        "error: move 1 of --play is 'K@a1' but the game went 'K@h1'"
    );
    // Black left after White's first move; it comes back (its kept token
    // gives it its seat) to play its move with the right script.
    let black = player(&dir, &addr, Some("black"), "Bo", "K@h1 K@a8");
    let (code, out, err) = black.finish();
    assert_eq!(code, Some(0), "{err:?}");
    assert!(
        err.iter()
            .any(|l| l.contains("joined") && l.contains("as Black")),
        "{err:?}"
    );
    let vfen_and_result = out.lines().skip(2).collect::<Vec<_>>();
    assert_eq!(
        out.lines().take(2).collect::<Vec<_>>(),
        ["ply 1 white K@h1", "ply 2 black K@a8"]
    );
    assert_eq!(vfen_and_result.len(), 2, "{out}");
    assert_eq!(vfen_and_result[1], "result: *");
    let (code, _, err) = white.finish();
    assert_eq!(code, Some(2), "{err:?}");
    let last = err.last().unwrap();
    assert!(
        last.starts_with("error: move 3 'S@a8' of --play was refused by the host: "),
        "{last}"
    );
    host.wait_line("move S@a8 at ply 2 refused");
    host.terminate();
    let (code, _, err) = host.finish();
    assert_eq!(code, Some(0), "{err:?}");
    assert!(err.iter().any(|l| l == "stopped: shutting down"), "{err:?}");
    let (text, loaded) = saved_record(&err);
    assert!(text.contains("[Result \"*\"]"), "{text}");
    assert!(text.contains("[Termination \"abandoned\"]"), "{text}");
    assert_eq!(loaded.record.moves.len(), 2);
    assert_eq!(loaded.result_line(), "result: *");
}

#[test]
fn a_restarted_client_gets_its_seat_back_with_its_kept_token() {
    let dir = scratch("token");
    let (host, addr) = serve(&dir.join("host"), &HOLYWAR, &[]);
    let script = HOLYWAR.moves.join(" ");
    let black = player(&dir, &addr, Some("black"), "Bo", &script);
    // White plays its first move only, and leaves.
    let first = player(&dir, &addr, Some("white"), "Ann", "K@h1");
    let (code, out, err) = first.finish();
    assert_eq!(code, Some(0), "{err:?}");
    assert!(out.starts_with("ply 1 white K@h1\n"), "{out}");
    host.wait_line("(Ann) disconnected");
    // Back, asking for any seat: only its token can give it White's (Black's
    // is held, White's waits for its holder).
    let again = player(&dir, &addr, None, "Ann", &script);
    let expected = format!("{}{}", ply_lines(HOLYWAR.moves), fen_output(&HOLYWAR));
    for (who, p) in [("white", again), ("black", black)] {
        let (code, out, err) = p.finish();
        assert_eq!(code, Some(0), "{who}: {err:?}");
        assert_eq!(out, expected, "{who}");
    }
    host.wait_line("(Ann) is back in White's seat");
    let (code, _, err) = host.finish();
    assert_eq!(code, Some(0), "{err:?}");
}

#[test]
fn a_host_of_another_version_is_named_in_words() {
    // A TCP listener that answers like a host of protocol 99.
    use chimera_net::discovery::{Beacon, encode_beacon};
    use chimera_net::protocol::SeatState;
    use std::io::Write;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let frame = encode_beacon(&Beacon {
        version: 99,
        host_name: "Old".into(),
        variant: "chess".into(),
        options: vec![],
        time_control: None,
        seats: [SeatState::Open, SeatState::Open],
        spectators: 0,
        port,
    })
    .unwrap();
    std::thread::spawn(move || {
        for s in listener.incoming().flatten() {
            let _ = (&s).write_all(&frame);
        }
    });
    let dir = scratch("version");
    let addr = format!("127.0.0.1:{port}");
    let (code, out, err) = join(&dir, &addr, &[]).finish();
    assert_eq!(code, Some(2));
    assert_eq!(out, "");
    assert_eq!(
        err.last().unwrap(),
        &format!(
            "error: the host at {addr} speaks Chimera network protocol 99, this build speaks {}: use the same Chimera version on both machines",
            chimera_net::PROTOCOL_VERSION
        )
    );
}

/// Chess, White to mate in two: after Qd1-b1 (or another way) Black's
/// king has one square left and the queen mates next (docs/rules.md §0).
const MATE_IN_TWO: Script = Script {
    variant: "chess",
    start: "k7/8/2K5/8/8/8/8/3Q4 w - - - 0 1",
    moves: &[],
    end_vfen: "",
    result: "1-0 checkmate",
};

#[test]
fn two_computer_players_finish_a_game() {
    let dir = scratch("ai");
    let (host, addr) = serve(&dir.join("host"), &MATE_IN_TWO, &[]);
    // Full strength to depth 4 finds the mate in two; the beginner's reply is forced.
    let white = join(
        &dir.join("ann"),
        &addr,
        &[
            "--seat", "white", "--name", "Ann", "--ai", "8", "--depth", "4",
        ],
    );
    let black = join(
        &dir.join("bo"),
        &addr,
        &[
            "--seat", "black", "--name", "Bo", "--ai", "1", "--seed", "7",
        ],
    );
    let (code, white_out, err) = white.finish();
    assert_eq!(code, Some(0), "{err:?}");
    let (code, black_out, err) = black.finish();
    assert_eq!(code, Some(0), "{err:?}");
    assert_eq!(white_out, black_out);
    let lines: Vec<&str> = white_out.lines().collect();
    assert_eq!(lines.len(), 5, "{white_out}");
    for (i, side) in ["white", "black", "white"].iter().enumerate() {
        assert!(
            lines[i].starts_with(&format!("ply {} {side} ", i + 1)),
            "{white_out}"
        );
    }
    assert_eq!(lines[4], format!("result: {}", MATE_IN_TWO.result));
    // The moves replayed by the rules end in that mate.
    let moves: Vec<&str> = lines[..3]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap())
        .collect();
    let v = chimera_rules::Variant::new("chess", &[]).unwrap();
    let mut g = chimera_rules::Game::from_vfen(&v, MATE_IN_TWO.start).unwrap();
    g.play_lmn_list(&moves).unwrap();
    assert_eq!(g.position().to_vfen(), lines[3]);
    assert_eq!(
        g.outcome().map(|o| o.result_text()).as_deref(),
        Some(MATE_IN_TWO.result)
    );
    let (code, _, err) = host.finish();
    assert_eq!(code, Some(0), "{err:?}");
    assert!(
        err.iter().any(|l| l.contains("result: 1-0 checkmate")),
        "{err:?}"
    );
}

#[test]
fn join_ai_refuses_a_script_and_a_bad_level() {
    let dir = scratch("ai-flags");
    for (flags, words) in [
        (vec!["--ai", "9"], "expected a level from 1 to 8"),
        (vec!["--ai", "3", "--play", "e2e4"], "--play"),
        (vec!["--ai", "3", "--spectate"], "--spectate"),
        (vec!["--depth", "3"], "--ai"),
    ] {
        let (code, out, err) = join(&dir, "127.0.0.1:9", &flags).finish();
        assert_eq!((code, out.as_str()), (Some(2), ""), "{flags:?}");
        let last = err.last().unwrap();
        assert!(
            last.starts_with("error: ") && last.contains(words),
            "{flags:?}: {last}"
        );
    }
}

/// Issue 21: `serve --record` to a place it cannot write was accepted, the
/// game played, and the record lost. It is refused at start, with status 2
/// and one `error:` line naming the file, before anything listens.
#[test]
fn a_record_file_that_cannot_be_written_is_refused_at_start() {
    let dir = scratch("record-refused");
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "not a folder").unwrap();
    let under_a_file = blocker.join("games.pgn");
    let folder = dir.join("a-folder");
    std::fs::create_dir_all(&folder).unwrap();
    let binary = dir.join("binary.pgn");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x80]).unwrap();
    // An endless device is refused without being read (issue 21: every
    // file through a bound).
    let device = PathBuf::from("/dev/zero");
    for (path, why) in [
        (&under_a_file, "Not a directory"),
        (&folder, "it is a directory"),
        (&binary, "valid UTF-8"),
        (&device, "not a regular file"),
    ] {
        let p = Proc::start(
            &dir.join("host"),
            &[
                "serve",
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--record",
                path.to_str().unwrap(),
            ],
        );
        let (code, _, err) = p.finish();
        assert_eq!(code, Some(2), "{err:?}");
        assert!(!err.iter().any(|l| l.contains("listening on")), "{err:?}");
        let last = err.last().unwrap();
        assert!(
            last.starts_with(&format!(
                "error: cannot write records to {}",
                path.display()
            )) && last.contains(why),
            "{last}"
        );
    }
    assert_eq!(std::fs::read(&binary).unwrap(), [0xff, 0xfe, 0x00, 0x80]);
}

/// Issue 21: a record that cannot be saved when the game ends (here the
/// file became a folder meanwhile) is kept in the games folder the log
/// names, and the host ends with status 2 saying so.
#[test]
fn a_record_that_cannot_be_saved_later_is_kept_elsewhere_and_the_host_fails() {
    let dir = scratch("record-later");
    let file = dir.join("records").join("games.pgn");
    let (host, addr) = serve(
        &dir.join("host"),
        &HOLYWAR,
        &["--record", file.to_str().unwrap()],
    );
    assert_eq!(
        host.wait_line("players join at "),
        format!("players join at {addr}")
    );
    std::fs::create_dir_all(&file).unwrap();
    play_holywar(&dir, &addr, ["Ann", "Bo"]);
    let (code, _, err) = host.finish();
    assert_eq!(code, Some(2), "{err:?}");
    let kept = err
        .iter()
        .find_map(|l| l.strip_prefix("record kept in ")?.strip_suffix(" instead"))
        .unwrap_or_else(|| panic!("no record kept: {err:?}"));
    let kept = PathBuf::from(kept);
    assert!(
        kept.starts_with(dir.join("host").join("data").join("games")),
        "{kept:?}"
    );
    let text = chimera_game::record::read_file(&kept).unwrap();
    let loaded = chimera_game::record::load(&text, 1).unwrap();
    assert_eq!(loaded.final_vfen(), HOLYWAR.end_vfen);
    let last = err.last().unwrap();
    assert!(
        last.starts_with("error: the record of game 1 could not be saved (")
            && last.ends_with(&format!("it was kept in {}", kept.display())),
        "{last}"
    );
}

/// Issue 21: the headless client printed the away countdown every second,
/// and `--stay` ended with status 0 when the host died without a word. The
/// countdown is said when it starts and when it runs out (a grace of 5 s
/// has no other step), and a host that falls silent is an error.
#[test]
fn stay_says_the_countdown_at_its_steps_and_fails_when_the_host_dies() {
    let dir = scratch("stay");
    let (host, addr) = serve(&dir.join("host"), &HOLYWAR, &["--grace", "5"]);
    let white = join(
        &dir.join("ann"),
        &addr,
        &[
            "--seat", "white", "--name", "Ann", "--play", "K@h1", "--stay",
        ],
    );
    // Black leaves once White's move is in: its seat waits 5 s for it.
    let black = player(&dir, &addr, Some("black"), "Bo", "K@h1");
    let (code, _, err) = black.finish();
    assert_eq!(code, Some(0), "{err:?}");
    white.wait_line("Black (Bo) disconnected — waiting (0:00)");
    drop(host); // killed: no goodbye
    let (code, out, err) = white.finish();
    assert_eq!(code, Some(2), "{err:?}");
    assert!(out.ends_with("result: *\n"), "{out}");
    let countdown: Vec<&String> = err
        .iter()
        .filter(|l| l.contains("disconnected — waiting"))
        .collect();
    assert_eq!(
        countdown,
        [
            "Black (Bo) disconnected — waiting (0:05)",
            "Black (Bo) disconnected — waiting (0:00)"
        ],
        "{err:?}"
    );
    let last = err.last().unwrap();
    assert!(
        last.starts_with(&format!("error: lost the connection to {addr}"))
            && last.ends_with("the host went away without closing the game"),
        "{last}"
    );
}
