//! `chimera uci` as a subprocess, spoken to as a GUI or a match runner
//! would: a scripted conversation in Fairy-Stockfish's strings for chess
//! and Grand (castling and promotion included) and in VFEN/LMN for a seed
//! variant, garbage answered with `info string error`, `stop` and `isready`
//! during `go infinite`, and a whole game of Grand between two engines,
//! every move checked by our own rules. Expected FENs are worked out by
//! hand (shared/reference/fsf-notation.md). Every wait is bounded
//! generously and nothing depends on timing.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use chimera_game::record::fsf;
use chimera_rules::{EndReason, Game, Variant};

/// Longest wait for any answer.
const PATIENCE: Duration = Duration::from_secs(120);

/// A running `chimera uci` and the lines it wrote.
struct Uci {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the chimera binary runs");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Uci {
            stdin: child.stdin.take(),
            child,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The next line.
    fn next(&mut self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("chimera uci answers")
    }

    /// Lines up to and including the first that `done` accepts.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let l = self.next();
            let end = done(&l);
            got.push(l);
            if end {
                return got;
            }
        }
    }

    /// Sends `line` and expects exactly `answer` as the next line.
    fn expect(&mut self, line: &str, answer: &str) {
        self.send(line);
        assert_eq!(self.next(), answer, "answer to {line}");
    }

    /// Sends `line` and expects the next line to be an error starting so.
    fn expect_error(&mut self, line: &str, start: &str) {
        self.send(line);
        let got = self.next();
        assert!(
            got.starts_with(&format!("info string error: {start}")),
            "{line}: {got}"
        );
    }

    /// Sends `go …`; returns the info lines and the move of `bestmove`.
    fn go(&mut self, line: &str) -> (Vec<String>, String) {
        self.send(line);
        let mut got = self.until(|l| l.starts_with("bestmove "));
        let best = got.pop().unwrap()["bestmove ".len()..].to_string();
        (got, best)
    }

    /// The position as `d` writes it.
    fn fen(&mut self) -> String {
        self.send("d");
        let l = self.next();
        l.strip_prefix("Fen: ")
            .unwrap_or_else(|| panic!("d: {l}"))
            .to_string()
    }

    /// Sends `quit` (or closes stdin) and returns the exit status.
    fn finish(mut self, quit: bool) -> Option<i32> {
        if quit {
            self.send("quit");
        }
        self.stdin = None;
        let start = Instant::now();
        loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                return s.code();
            }
            assert!(start.elapsed() < PATIENCE, "chimera uci did not end");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_scripted_conversation_in_fairy_stockfish_strings() {
    let mut e = Uci::start();
    e.send("uci");
    let hello = e.until(|l| l == "uciok");
    assert!(hello[0].starts_with("id name Chimera "), "{hello:?}");
    assert!(
        hello.iter().any(|l| l.starts_with(
            "option name UCI_Variant type combo default chess var holygrail var herculean var holywar var ghostarelay var grand var embassy var chess"
        )),
        "{hello:?}"
    );
    assert!(
        hello
            .iter()
            .any(|l| l == "option name Hash type spin default 16 min 1 max 1024")
    );
    assert!(
        hello
            .iter()
            .any(|l| l == "option name Skill Level type spin default 8 min 1 max 8")
    );
    assert!(!hello.iter().any(|l| l.contains("Threads")), "{hello:?}");
    e.expect("isready", "readyok");

    // Chess: castling is the king's move, promotion a lowercase letter.
    e.send("ucinewgame");
    e.send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 moves e1g1 e8c8");
    assert_eq!(e.fen(), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
    e.send("position fen 7k/4P1pp/8/8/8/8/8/K7 w - - 0 1");
    let (info, best) = e.go("go depth 3");
    assert!(best == "e7e8q" || best == "e7e8r", "{best}");
    assert!(info.last().unwrap().contains(" score mate 1 "), "{info:?}");

    // Grand: Fairy-Stockfish's letters (its c is Chimera's Marshal).
    e.send("setoption name Hash value 8");
    e.send("setoption name UCI_Variant value grand");
    e.send("position startpos moves e3e5 f8f6");
    assert_eq!(
        e.fen(),
        "r8r/1nbqkcabn1/ppppp1pppp/10/5p4/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R w - - 0 2"
    );
    e.send("position fen 9k/1P8/10/10/10/10/10/10/10/9K w - - 0 1 moves b9b10c");
    assert_eq!(e.fen(), "1C7k/10/10/10/10/10/10/10/10/9K b - - 0 1");
    e.send("position startpos moves e3e5");
    let (info, best) = e.go("go depth 3");
    assert_eq!(info.len(), 3, "{info:?}");
    for (i, l) in info.iter().enumerate() {
        assert!(
            l.starts_with(&format!("info depth {} seldepth ", i + 1)),
            "{l}"
        );
        assert!(l.contains(" score cp ") && l.contains(" nodes ") && l.contains(" nps "));
        assert!(l.contains(" time ") && l.contains(" pv "), "{l}");
    }
    let grand = Variant::new("grand", &[]).unwrap();
    let mut g = Game::new(&grand);
    let d = fsf::dialect("grand").unwrap();
    g.play(d.uci_to_move(g.position(), "e3e5").unwrap())
        .unwrap();
    assert!(d.uci_to_move(g.position(), &best).is_some(), "{best}");

    // Garbage is named; the engine carries on.
    e.expect_error("xyzzy", "unknown command 'xyzzy'");
    e.expect_error("position fen 9k/1P8 w", "position fen: FEN needs 6 fields");
    e.expect_error(
        "position startpos moves e3e5 e8e5",
        "position: move 2 'e8e5' is not legal here",
    );
    e.expect_error(
        "setoption name Hash value lots",
        "setoption: Hash: expected a whole number",
    );
    e.expect_error(
        "setoption name Threads value 4",
        "setoption: no option 'Threads'",
    );
    e.expect_error(
        "go depth soon",
        "go: 'depth' needs a whole number, found 'soon'",
    );
    e.send_bytes(b"\xff\xfe garbage\n");
    assert!(e.next().starts_with("info string error: unknown command '"));
    e.expect("isready", "readyok");
    // The failed `position` kept the move before the illegal one.
    assert_eq!(
        e.fen(),
        "r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R b - - 0 1"
    );

    // A seed variant: VFEN and LMN.
    e.send("setoption name UCI_Variant value holywar");
    assert_eq!(
        e.next(),
        "info string variant holywar files 8 ranks 8 startpos 1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*6*/1******1 w - - KLCCBBSSklccbbss 0 1"
    );
    e.send("position startpos moves K@h1");
    let (_, best) = e.go("go depth 2");
    let holywar = Variant::new("holywar", &[]).unwrap();
    let mut g = Game::new(&holywar);
    g.play_lmn("K@h1").unwrap();
    assert!(g.play_lmn(&best).is_ok(), "{best}");
    assert!(best.contains('@'), "the opening drops every piece: {best}");
    assert_eq!(e.finish(true), Some(0));
}

#[test]
fn stop_ends_go_infinite_and_isready_is_answered_meanwhile() {
    let mut e = Uci::start();
    e.send("setoption name UCI_Variant value grand");
    e.send("position startpos");
    e.send("go infinite");
    // While it searches: isready is answered, another go refused, and
    // the result waits for stop however long the search took.
    e.send("isready");
    let mut before = e.until(|l| l == "readyok");
    before.pop();
    assert!(
        before.iter().all(|l| l.starts_with("info depth ")),
        "{before:?}"
    );
    e.expect_error("go depth 2", "go: a search is running (send stop first)");
    e.send("stop");
    let rest = e.until(|l| l.starts_with("bestmove "));
    let best = &rest.last().unwrap()["bestmove ".len()..];
    let g = Game::new(&Variant::new("grand", &[]).unwrap());
    let d = fsf::dialect("grand").unwrap();
    assert!(d.uci_to_move(g.position(), best).is_some(), "{best}");
    // Ready for the next search at once; the end of input ends the engine.
    let (_, best) = e.go("go depth 1");
    assert!(d.uci_to_move(g.position(), &best).is_some(), "{best}");
    assert_eq!(e.finish(false), Some(0));
}

#[test]
fn two_engines_play_a_whole_game_of_grand() {
    // Depth 2 against depth 3 at full strength: deterministic, and it
    // ends by the rules (mate, stalemate, repetition or 100 plies) well
    // before the cap, which only catches a game that never ends.
    const CAP: usize = 1000;
    let grand = Variant::new("grand", &[]).unwrap();
    let d = fsf::dialect("grand").unwrap();
    let mut game = Game::new(&grand);
    let mut engines = [Uci::start(), Uci::start()];
    for e in &mut engines {
        e.send("uci");
        e.until(|l| l == "uciok");
        e.send("setoption name UCI_Variant value grand");
        e.send("ucinewgame");
        e.expect("isready", "readyok");
    }
    let depth = ["go depth 2", "go depth 3"];
    let mut moves: Vec<String> = Vec::new();
    while game.outcome().is_none() {
        assert!(moves.len() < CAP, "no end after {CAP} plies: {moves:?}");
        let side = game.position().side_to_move().index();
        let e = &mut engines[side];
        e.send(format!("position startpos moves {}", moves.join(" ")).trim_end());
        let (_, best) = e.go(depth[side]);
        let m = d.uci_to_move(game.position(), &best).unwrap_or_else(|| {
            panic!(
                "ply {}: '{best}' is not legal; moves {moves:?}",
                moves.len() + 1
            )
        });
        game.play(m).unwrap();
        moves.push(best);
    }
    let o = game.outcome().unwrap();
    assert!(
        matches!(
            o.reason,
            EndReason::Checkmate
                | EndReason::Stalemate
                | EndReason::Repetition
                | EndReason::HundredPly
                | EndReason::Insufficient
        ),
        "{o:?}"
    );
    // The engine to move in a finished position says so.
    let side = game.position().side_to_move().index();
    let e = &mut engines[side];
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    if o.reason == EndReason::Checkmate {
        let (info, best) = e.go("go depth 2");
        assert_eq!(
            (info[0].as_str(), best.as_str()),
            ("info depth 0 score mate 0", "(none)")
        );
    }
    for e in engines {
        assert_eq!(e.finish(true), Some(0));
    }
}

/// An unknown 3 MB line is answered with a short error quoting its start,
/// not echoed whole; a 2 MB line is refused over the line limit without
/// being kept; the session goes on (issue 21).
#[test]
fn long_lines_are_refused_and_quoted_short() {
    let mut u = Uci::start();
    let mut line = "é".repeat(3 * 1024 * 1024 / 2).into_bytes();
    line.push(b'\n');
    u.send_bytes(&line);
    let got = u.next();
    assert!(
        got.starts_with(&format!(
            "info string error: a line of {} bytes is ignored (at most {}): 'éé",
            3 * 1024 * 1024 + 1,
            chimera_engine::uci::MAX_LINE_BYTES
        )),
        "{}",
        &got[..got.len().min(300)]
    );
    assert!(got.len() < 300, "{} bytes", got.len());
    u.expect("isready", "readyok");
    let unknown = format!("{}\n", "x".repeat(900 * 1024));
    u.send_bytes(unknown.as_bytes());
    let got = u.next();
    assert!(
        got.starts_with("info string error: unknown command 'xxxx"),
        "{}",
        &got[..got.len().min(300)]
    );
    assert!(got.len() < 300, "{} bytes", got.len());
    u.expect("isready", "readyok");
    assert_eq!(u.finish(true), Some(0));
}
