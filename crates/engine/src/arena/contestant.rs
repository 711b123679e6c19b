//! The players of a match: [`Contestant`], with Chimera's own search in
//! this process ([`LocalEngine`], a level of this build) and any engine
//! speaking UCI over a line link ([`UciEngine`]: another Chimera build's
//! `chimera uci`, Fairy-Stockfish …, whose pipes the caller provides).

use std::io::{BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::levels::Bot;
use crate::search::{Eval, Limits, TimeLeft};
use crate::uci::{Line, MAX_LINE_BYTES, Notation, read_line};
use chimera_rules::{Color, Game, Move, Variant};

/// How long a move may take: a node budget, or the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Go {
    /// Search this many nodes.
    Nodes(u64),
    /// Each side's time left, and the increment.
    Clock {
        /// White's and Black's time left.
        left: [Duration; 2],
        /// Added after every move.
        inc: Duration,
    },
}

/// A move chosen, with the score the engine reported for it (side to move's view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The move (legal in the position asked).
    pub mv: Move,
    /// The last score reported, if any.
    pub score: Option<Eval>,
}

/// A player of a match. An error (the engine died, sent an illegal move,
/// did not answer) loses the game for it.
pub trait Contestant: Send {
    /// Its name in the results and the PGN.
    fn name(&self) -> &str;
    /// Prepares a new game of `v`.
    fn new_game(&mut self, v: &Arc<Variant>) -> Result<(), String>;
    /// Chooses a move in `game`'s current position (which has one).
    fn play(&mut self, game: &Game, go: &Go) -> Result<EngineMove, String>;
}

/// A contestant held to its own node budget whatever budget the match
/// gives (`chimera match --nodes-b`): an uneven match, to handicap the
/// stronger engine so that a gauge against it stays sensitive. On a clock
/// it plays as given.
pub struct OwnNodes {
    inner: Box<dyn Contestant>,
    nodes: u64,
}

impl OwnNodes {
    /// `inner`, searching `nodes` nodes a move in node-limited games.
    pub fn new(inner: Box<dyn Contestant>, nodes: u64) -> OwnNodes {
        OwnNodes { inner, nodes }
    }
}

impl Contestant for OwnNodes {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn new_game(&mut self, v: &Arc<Variant>) -> Result<(), String> {
        self.inner.new_game(v)
    }

    fn play(&mut self, game: &Game, go: &Go) -> Result<EngineMove, String> {
        let go = match go {
            Go::Nodes(_) => Go::Nodes(self.nodes),
            clock => *clock,
        };
        self.inner.play(game, &go)
    }
}

/// A level of this build's own engine, searching in this process.
pub struct LocalEngine {
    name: String,
    bot: Bot,
}

impl LocalEngine {
    /// Level `level` (1–8) with a table of `hash_mb` megabytes and randomness from `seed`.
    pub fn new(name: &str, level: u8, hash_mb: usize, seed: u64) -> LocalEngine {
        LocalEngine {
            name: name.to_string(),
            bot: Bot::new(level, seed, hash_mb),
        }
    }
}

impl Contestant for LocalEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _v: &Arc<Variant>) -> Result<(), String> {
        self.bot.new_game();
        Ok(())
    }

    fn play(&mut self, game: &Game, go: &Go) -> Result<EngineMove, String> {
        let r = self.bot.choose(game, &go_limits(go, game), &mut |_| {});
        let mv = r.best.ok_or("no move found")?;
        Ok(EngineMove {
            mv,
            score: (r.depth > 0).then_some(r.score),
        })
    }
}

/// The search limits of `go` for the side to move in `game`.
fn go_limits(go: &Go, game: &Game) -> Limits {
    match *go {
        Go::Nodes(n) => Limits::nodes(n),
        Go::Clock { left, inc } => Limits {
            clock: Some(TimeLeft {
                time: left[game.position().side_to_move().index()],
                inc,
                movestogo: None,
            }),
            ..Limits::default()
        },
    }
}

/// Sends one line (without its newline) to an engine.
pub type SendLine = Box<dyn FnMut(&str) -> Result<(), String> + Send>;

/// A line link to a UCI engine: a way to send it a line and the lines it writes.
pub struct UciLink {
    /// Sends one line.
    pub send: SendLine,
    /// The engine's output lines, as they come.
    pub lines: Receiver<String>,
    /// Called once when the engine is let go (after `quit` was sent): ends its process.
    pub close: Option<Box<dyn FnOnce() + Send>>,
}

/// How long the engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(20);
/// Time an engine may overrun its clock before it counts as hanging
/// (the game is lost on time anyway; this only stops the wait).
const HANG_GRACE: Duration = Duration::from_secs(10);
/// The longest wait for a node-limited move.
const NODES_WAIT: Duration = Duration::from_secs(600);

/// A UCI engine over a [`UciLink`]. Positions and moves are written as
/// `chimera uci` reads them: Fairy-Stockfish's FEN and move strings for
/// chess, Grand and Embassy, VFEN and LMN for the other variants; the
/// engine's moves are judged by Chimera's rules.
pub struct UciEngine {
    name: String,
    link: UciLink,
    notation: Notation,
    /// Options sent after the variant (name, value).
    options: Vec<(String, String)>,
}

impl UciEngine {
    /// Starts the protocol (`uci` … `uciok`); `name` is used unless empty,
    /// when the engine's `id name` is. `options` are sent with `setoption`
    /// before each game (`Skill Level` …).
    pub fn start(
        name: &str,
        link: UciLink,
        options: Vec<(String, String)>,
    ) -> Result<UciEngine, String> {
        let mut e = UciEngine {
            name: name.to_string(),
            link,
            notation: Notation::Native,
            options,
        };
        e.send("uci")?;
        let mut id = None;
        e.wait_for(HANDSHAKE, &mut |l| {
            if let Some(n) = l.strip_prefix("id name ") {
                id = Some(n.trim().to_string());
            }
            l.trim() == "uciok"
        })?;
        if e.name.is_empty() {
            e.name = id.unwrap_or_else(|| "engine".to_string());
        }
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        (self.link.send)(line)
            .map_err(|e| format!("{}: cannot write to the engine: {e}", self.name))
    }

    /// Reads lines until `done` says so, for at most `wait`.
    fn wait_for(
        &mut self,
        wait: Duration,
        done: &mut dyn FnMut(&str) -> bool,
    ) -> Result<(), String> {
        let until = Instant::now() + wait;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.link.lines.recv_timeout(left) {
                Ok(line) => {
                    if done(&line) {
                        return Ok(());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "{}: no answer within {:.1} s",
                        self.name,
                        wait.as_secs_f64()
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{}: the engine has ended", self.name));
                }
            }
        }
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for(HANDSHAKE, &mut |l| l.trim() == "readyok")
    }
}

impl Contestant for UciEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, v: &Arc<Variant>) -> Result<(), String> {
        self.notation = Notation::of(v);
        let uci_variant = match self.notation {
            Notation::Fsf(d) => d.uci_variant(),
            Notation::Native => v.id(),
        };
        self.send(&format!("setoption name UCI_Variant value {uci_variant}"))?;
        if !v.options().is_empty() {
            self.send(&format!(
                "setoption name Variant Options value {}",
                chimera_rules::options_text(v.options(), " ")
            ))?;
        }
        for (k, x) in self.options.clone() {
            self.send(&format!("setoption name {k} value {x}"))?;
        }
        self.send("ucinewgame")?;
        self.ready()
    }

    fn play(&mut self, game: &Game, go: &Go) -> Result<EngineMove, String> {
        let mut pos = game.start().clone();
        let mut moves = Vec::with_capacity(game.moves().len());
        for &m in game.moves() {
            moves.push(self.notation.write_move(&pos, m));
            pos.make_move(m);
        }
        let start = if game.start().to_vfen() == game.variant().start_position().to_vfen() {
            "startpos".to_string()
        } else {
            format!("fen {}", self.notation.write_fen(game.start()))
        };
        let position = if moves.is_empty() {
            format!("position {start}")
        } else {
            format!("position {start} moves {}", moves.join(" "))
        };
        self.send(&position)?;
        let (command, wait) = match *go {
            Go::Nodes(n) => (format!("go nodes {n}"), NODES_WAIT),
            Go::Clock { left, inc } => {
                let side = game.position().side_to_move();
                (
                    format!(
                        "go wtime {} btime {} winc {} binc {}",
                        left[Color::White.index()].as_millis(),
                        left[Color::Black.index()].as_millis(),
                        inc.as_millis(),
                        inc.as_millis()
                    ),
                    left[side.index()] + HANG_GRACE,
                )
            }
        };
        self.send(&command)?;
        let mut score = None;
        let mut best = None;
        self.wait_for(wait, &mut |l| {
            let mut t = l.split_whitespace();
            match t.next() {
                Some("info") => {
                    if let Some(s) = info_score(l) {
                        score = Some(s);
                    }
                    false
                }
                Some("bestmove") => {
                    best = Some(t.next().unwrap_or("").to_string());
                    true
                }
                _ => false,
            }
        })?;
        let text = best.unwrap_or_default();
        let mv = self
            .notation
            .read_move(game.position(), &text)
            .map_err(|e| format!("{}: illegal move '{text}': {e}", self.name))?;
        Ok(EngineMove { mv, score })
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = (self.link.send)("quit");
        if let Some(close) = self.link.close.take() {
            close();
        }
    }
}

/// The score of an `info` line (`score cp 23`, `score mate -3`), if it has one
/// (bounds, `lowerbound`/`upperbound`, are taken as the score).
pub fn info_score(line: &str) -> Option<Eval> {
    let mut t = line.split_whitespace();
    while let Some(w) = t.next() {
        if w == "score" {
            return match (t.next(), t.next().and_then(|n| n.parse::<i32>().ok())) {
                (Some("cp"), Some(n)) => Some(Eval::Cp(n)),
                (Some("mate"), Some(n)) => Some(Eval::Mate(n)),
                _ => None,
            };
        }
    }
    None
}

/// Starts `command` with its stdin and stdout as a [`UciLink`]; its stderr
/// is dropped. The link's close waits two seconds for the process to end
/// after `quit`, then kills it.
pub fn process_link(command: &[String]) -> Result<UciLink, String> {
    let mut child = Command::new(&command[0])
        .args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start '{}': {e}", command.join(" ")))?;
    let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Err(format!("'{}': no pipes to the engine", command[0]));
    };
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut input = BufReader::new(stdout);
        let mut buf = Vec::new();
        // Lines over the limit are dropped; the end or an error ends the link.
        while let Ok(l) = read_line(&mut input, &mut buf, MAX_LINE_BYTES) {
            match l {
                Line::Whole => {
                    let text = String::from_utf8_lossy(&buf).trim_end().to_string();
                    if tx.send(text).is_err() {
                        break;
                    }
                }
                Line::TooLong(_) => {}
                Line::End => break,
            }
        }
    });
    Ok(UciLink {
        send: Box::new(move |line| {
            writeln!(stdin, "{line}")
                .and_then(|()| stdin.flush())
                .map_err(|e| e.to_string())
        }),
        lines: rx,
        close: Some(Box::new(move || {
            let until = Instant::now() + Duration::from_secs(2);
            while Instant::now() < until {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = child.kill();
            let _ = child.wait();
        })),
    })
}

/// A link to this build's own UCI engine ([`crate::uci::Engine`]) in this
/// process: what `chimera uci` would do, without a process (tests, and a
/// check of the protocol path).
pub fn in_process_link() -> UciLink {
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let tx = std::sync::Mutex::new(tx);
    let out: crate::uci::Output = Arc::new(move |line: &str| {
        if let Ok(t) = tx.lock() {
            let _ = t.send(line.to_string());
        }
    });
    let mut engine = crate::uci::Engine::new(out);
    UciLink {
        send: Box::new(move |line| {
            if engine.handle(line) {
                Ok(())
            } else {
                Err("the engine has quit".to_string())
            }
        }),
        lines: rx,
        close: None,
    }
}
