//! The UCI protocol as Fairy-Stockfish speaks it, for `chimera uci`: a state
//! machine that takes one input line at a time ([`Engine::handle`]) and
//! writes its answers, one line each, to an [`Output`]. Immediate answers
//! come from the caller's thread; `info` and `bestmove` come from the search
//! thread (an [`crate::Thinker`]), so `stop`, `isready` and `quit` are read and
//! answered while a search runs. No I/O here: the driver (`src/cli/uci.rs`)
//! feeds stdin lines in and prints the output.
//!
//! For chess, grand and embassy, positions and moves are read and written as
//! Fairy-Stockfish writes them ([`chimera_game::record::fsf`]: its FEN, its piece
//! letters, its promotion and castling move strings); for the other
//! variants, VFEN and LMN (docs/rules.md §8). Malformed input is answered with
//! `info string error: …` naming the problem, and changes nothing else
//! (an illegal move in `position … moves` keeps the moves before it, as
//! Fairy-Stockfish does).

use std::io::BufRead;
use std::sync::Arc;
use std::time::Duration;

use crate::search::MAX_DEPTH;
use crate::{Job, Limits, SearchResult, Thinker, TimeLeft};
use chimera_game::record::fsf::{self, Dialect};
use chimera_game::record::shorten;
use chimera_rules::{Color, Game, Move, Position, RulesError, Variant, variants};

#[cfg(test)]
mod tests;

/// Where the engine's lines go (one call per line, without the newline);
/// called from the caller's thread and from the search thread.
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// The variant at start, as Fairy-Stockfish's default.
pub const DEFAULT_VARIANT: &str = "chess";
/// Default transposition table size (MB).
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest transposition table the `Hash` option takes (MB).
pub const MAX_HASH_MB: usize = 1024;
/// Seed of the weaker levels' randomness (each `ucinewgame` starts it again).
pub const SEED: u64 = 1;
/// The longest input line read (1 MB: a `position … moves` line of a game
/// of tens of thousands of moves); the rest of a longer one is read and
/// dropped, and the line refused, so no line costs more memory than this.
pub const MAX_LINE_BYTES: usize = 1024 * 1024;
/// The longest error message written (characters); user text inside it is
/// quoted shorter still (40 characters, [`shorten`]).
const MAX_ERROR_CHARS: usize = 400;

/// The options `uci` lists, as their names.
const VARIANT: &str = "UCI_Variant";
const HASH: &str = "Hash";
const CLEAR_HASH: &str = "Clear Hash";
const SKILL: &str = "Skill Level";
const VARIANT_OPTIONS: &str = "Variant Options";
const OPTIONS: [&str; 5] = [VARIANT, HASH, CLEAR_HASH, SKILL, VARIANT_OPTIONS];

/// The commands understood.
const COMMANDS: &str = "uci, isready, ucinewgame, setoption, position, go, stop, quit, d, debug";

/// How positions and moves are written for a variant.
#[derive(Clone, Copy, Debug)]
pub enum Notation {
    /// Fairy-Stockfish's FEN and UCI move strings (chess, grand, embassy).
    Fsf(&'static Dialect),
    /// VFEN and LMN (the other variants).
    Native,
}

impl Notation {
    /// The notation of `v`.
    pub fn of(v: &Variant) -> Notation {
        fsf::dialect(v.id()).map_or(Notation::Native, Notation::Fsf)
    }

    /// `m` (legal in `pos`) as written.
    pub fn write_move(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Fsf(d) => d.move_to_uci(pos, m).unwrap_or_else(|| pos.lmn(m)),
            Notation::Native => pos.lmn(m),
        }
    }

    /// The legal move of `pos` that `text` names.
    pub fn read_move(self, pos: &Position, text: &str) -> Result<Move, RulesError> {
        match self {
            // Fairy-Stockfish reads an uppercase promotion letter too.
            Notation::Fsf(d) => d
                .uci_to_move(pos, &text.to_ascii_lowercase())
                .ok_or_else(|| RulesError::IllegalMove {
                    lmn: text.to_string(),
                    reason: None,
                }),
            Notation::Native => pos.parse_lmn(text),
        }
    }

    /// The position `fen` (its FEN, or VFEN) as a new game of `v`.
    pub fn read_fen(self, v: &Arc<Variant>, fen: &str) -> Result<Game, String> {
        let vfen = match self {
            Notation::Fsf(d) => d.fen_to_vfen(v, fen).map_err(|e| e.to_string())?,
            Notation::Native => fen.to_string(),
        };
        Game::from_vfen(v, &vfen).map_err(|e| e.to_string())
    }

    /// `pos` as written (its FEN, or VFEN).
    pub fn write_fen(self, pos: &Position) -> String {
        let vfen = pos.to_vfen();
        match self {
            Notation::Fsf(d) => d.vfen_to_fen(pos.variant(), &vfen).unwrap_or(vfen),
            Notation::Native => vfen,
        }
    }
}

/// The UCI engine: the variant, the position, the options and the player.
pub struct Engine {
    out: Output,
    variant: Arc<Variant>,
    game: Game,
    thinker: Thinker,
    hash_mb: usize,
}

/// What an input line was.
type Answer = Result<(), String>;

impl Engine {
    /// An engine playing chess from the start, at full strength, writing to `out`.
    pub fn new(out: Output) -> Engine {
        let variant = Variant::new(DEFAULT_VARIANT, &[]).expect("the default variant builds");
        Engine {
            out,
            game: Game::new(&variant),
            variant,
            thinker: Thinker::new(crate::MAX_LEVEL, SEED, DEFAULT_HASH_MB),
            hash_mb: DEFAULT_HASH_MB,
        }
    }

    /// Reads and handles lines from `input` until `quit`, its end or a
    /// read error (both are `quit`). A line over [`MAX_LINE_BYTES`] is
    /// refused with `info string error` quoting its start, without keeping
    /// more than the limit in memory; bytes that are not UTF-8 are replaced.
    pub fn run(&mut self, mut input: impl BufRead) {
        let mut buf = Vec::new();
        loop {
            match read_line(&mut input, &mut buf, MAX_LINE_BYTES) {
                Ok(Line::Whole) => {
                    if !self.handle(&String::from_utf8_lossy(&buf)) {
                        return;
                    }
                }
                Ok(Line::TooLong(total)) => self.say(&format!(
                    "info string error: a line of {total} bytes is ignored (at most {MAX_LINE_BYTES}): '{}'",
                    shorten(&String::from_utf8_lossy(&buf[..buf.len().min(256)]))
                )),
                Ok(Line::End) | Err(_) => break,
            }
        }
        self.quit();
    }

    /// Handles one input line; false after `quit` (the search has ended then).
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = tokens.split_first() else {
            return true;
        };
        let answer = match command {
            "quit" => {
                self.quit();
                return false;
            }
            "uci" => {
                self.identify();
                Ok(())
            }
            "isready" => {
                self.say("readyok");
                Ok(())
            }
            "ucinewgame" => {
                self.thinker.new_game();
                Ok(())
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => {
                self.thinker.stop();
                Ok(())
            }
            "d" => {
                self.say(&format!(
                    "Fen: {}",
                    self.notation().write_fen(self.game.position())
                ));
                Ok(())
            }
            // UCI's debug mode changes nothing here.
            "debug" => Ok(()),
            "ponderhit" => Err("ponderhit: pondering is not supported".to_string()),
            c if c.starts_with('#') => Ok(()),
            c => Err(format!(
                "unknown command '{}' (commands: {COMMANDS})",
                shorten(c)
            )),
        };
        if let Err(e) = answer {
            self.say(&format!("info string error: {}", clip(&e, MAX_ERROR_CHARS)));
        }
        true
    }

    /// Stops the search, if any, and waits for its thread.
    pub fn quit(&mut self) {
        self.thinker.stop();
        self.thinker.wait();
    }

    /// The current game (the position `go` searches).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The notation of the current variant.
    pub fn notation(&self) -> Notation {
        Notation::of(&self.variant)
    }

    fn say(&self, line: &str) {
        (self.out)(line)
    }

    /// `uci`: id, options, `uciok`.
    fn identify(&self) {
        self.say(&format!("id name Chimera {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the Chimera developers");
        let ids: Vec<String> = variants().iter().map(|v| format!("var {}", v.id)).collect();
        self.say(&format!(
            "option name {VARIANT} type combo default {DEFAULT_VARIANT} {}",
            ids.join(" ")
        ));
        self.say(&format!(
            "option name {HASH} type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.say(&format!("option name {CLEAR_HASH} type button"));
        self.say(&format!(
            "option name {SKILL} type spin default {} min {} max {}",
            crate::MAX_LEVEL,
            crate::MIN_LEVEL,
            crate::MAX_LEVEL
        ));
        self.say(&format!(
            "option name {VARIANT_OPTIONS} type string default <empty>"
        ));
        self.say("uciok");
    }

    /// `setoption name NAME [value VALUE]` (names read without regard to case).
    fn setoption(&mut self, args: &[&str]) -> Answer {
        let err = |e: String| format!("setoption: {e}");
        let Some((&"name", rest)) = args.split_first() else {
            return Err(err("expected 'name NAME value VALUE'".into()));
        };
        let split = rest.iter().position(|t| *t == "value");
        let (name, value) = match split {
            Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
            None => (rest.join(" "), None),
        };
        let Some(&option) = OPTIONS.iter().find(|o| o.eq_ignore_ascii_case(&name)) else {
            return Err(err(format!(
                "no option '{}' (options: {})",
                shorten(&name),
                OPTIONS.join(", ")
            )));
        };
        if option == CLEAR_HASH {
            self.thinker.new_game();
            return Ok(());
        }
        let value = value
            .filter(|v| !v.is_empty())
            .ok_or_else(|| err(format!("'{option}' needs 'value VALUE'")))?;
        match option {
            VARIANT => {
                let id = variants()
                    .iter()
                    .find(|v| v.id.eq_ignore_ascii_case(&value))
                    .map(|v| v.id)
                    .ok_or_else(|| err(RulesError::UnknownVariant(shorten(&value)).to_string()))?;
                let v = Variant::new(id, &[]).map_err(|e| err(e.to_string()))?;
                self.set_variant(v);
            }
            HASH => {
                let mb =
                    spin(&value, 1, MAX_HASH_MB as u64).map_err(|e| err(format!("{HASH}: {e}")))?;
                self.hash_mb = mb as usize;
                self.thinker.set_hash_mb(self.hash_mb);
            }
            SKILL => {
                let level = spin(&value, crate::MIN_LEVEL.into(), crate::MAX_LEVEL.into())
                    .map_err(|e| err(format!("{SKILL}: {e}")))?;
                self.thinker.set_level(level as u8);
            }
            _ => {
                let opts = variant_options(&value).map_err(|e| err(format!("{option}: {e}")))?;
                let v = Variant::new(self.variant.id(), &opts)
                    .map_err(|e| err(format!("{option}: {e}")))?;
                self.set_variant(v);
            }
        }
        Ok(())
    }

    /// A new variant (or new options): the game starts again from its start.
    fn set_variant(&mut self, v: Arc<Variant>) {
        self.game = Game::new(&v);
        self.variant = v;
        if let Notation::Native = self.notation() {
            // As Fairy-Stockfish announces the variants GUIs do not know.
            self.say(&format!(
                "info string variant {} files {} ranks {} startpos {}",
                self.variant.id(),
                self.variant.width(),
                self.variant.height(),
                self.game.position().to_vfen()
            ));
        }
    }

    /// `position startpos|fen FEN… [moves M…]`.
    fn position(&mut self, args: &[&str]) -> Answer {
        let notation = self.notation();
        let split = args.iter().position(|t| *t == "moves");
        let (setup, moves) = match split {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &args[args.len()..]),
        };
        let mut game = match setup.split_first() {
            Some((&"startpos", [])) => Game::new(&self.variant),
            Some((&"startpos", more)) => {
                return Err(format!(
                    "position: expected 'moves' after 'startpos', found '{}'",
                    shorten(more[0])
                ));
            }
            Some((&"fen", [])) => return Err("position: 'fen' needs a position".into()),
            Some((&"fen", fen)) => notation
                .read_fen(&self.variant, &fen.join(" "))
                .map_err(|e| format!("position fen: {e}"))?,
            Some((other, _)) => {
                return Err(format!(
                    "position: expected 'startpos' or 'fen', found '{}'",
                    shorten(other)
                ));
            }
            None => return Err("position: expected 'startpos' or 'fen'".into()),
        };
        let mut failed = None;
        for (i, &text) in moves.iter().enumerate() {
            let played = match game.outcome() {
                Some(o) => Err(RulesError::GameOver(o)),
                None => notation
                    .read_move(game.position(), text)
                    .and_then(|m| game.play(m)),
            };
            if let Err(e) = played {
                failed = Some(format!(
                    "position: {} (the position stands after {})",
                    e.at_move(i + 1, &shorten(text)),
                    match i {
                        0 => "no move".to_string(),
                        1 => "move 1".to_string(),
                        n => format!("moves 1-{n}"),
                    }
                ));
                break;
            }
        }
        self.game = game;
        failed.map_or(Ok(()), Err)
    }

    /// `go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N] [infinite]`.
    fn go(&mut self, args: &[&str]) -> Answer {
        let (mut limits, hold) =
            go_limits(args, self.game.position().side_to_move()).map_err(|e| format!("go: {e}"))?;
        if self.thinker.is_busy() {
            return Err("go: a search is running (send stop first)".into());
        }
        if let Some(d) = limits.depth.filter(|&d| d > MAX_DEPTH) {
            // As Fairy-Stockfish does, a deeper request is searched to the
            // deepest iteration (a GUI waits for its bestmove); it is said.
            self.say(&format!(
                "info string depth {d} is more than the search's deepest iteration: searching to depth {MAX_DEPTH}"
            ));
            limits.depth = Some(MAX_DEPTH);
        }
        let notation = self.notation();
        let (info_out, done_out) = (Arc::clone(&self.out), Arc::clone(&self.out));
        let job = Job {
            game: self.game.clone(),
            limits,
            hold,
            on_info: Box::new(move |pos, i| {
                info_out(&crate::info_line_with(pos, i, &|p, m| {
                    notation.write_move(p, m)
                }))
            }),
            on_done: Box::new(move |pos, r| {
                for line in bestmove_lines(notation, pos, r) {
                    done_out(&line);
                }
            }),
        };
        self.thinker.start(job).map_err(|e| format!("go: {e}"))
    }
}

/// The `bestmove` line (after an `info depth 0` line when there is no move).
fn bestmove_lines(notation: Notation, pos: &Position, r: &SearchResult) -> Vec<String> {
    match r.best {
        Some(m) => vec![format!("bestmove {}", notation.write_move(pos, m))],
        None => vec![
            format!("info depth 0 score {}", r.score.text()),
            "bestmove (none)".to_string(),
        ],
    }
}

/// A spin option's value: a whole number from `min` to `max`.
fn spin(value: &str, min: u64, max: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a whole number from {min} to {max}, found '{value}'"
        )),
    }
}

/// `Variant Options`: `NAME=VALUE` pairs separated by spaces (`<empty>`: none).
fn variant_options(value: &str) -> Result<Vec<(String, String)>, String> {
    if value == "<empty>" {
        return Ok(Vec::new());
    }
    value
        .split_whitespace()
        .map(|pair| {
            pair.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| format!("expected NAME=VALUE, found '{}'", shorten(pair)))
        })
        .collect()
}

/// The limits of `go`'s arguments for `side` to move, and whether the
/// result waits for `stop` (`infinite`).
pub fn go_limits(args: &[&str], side: Color) -> Result<(Limits, bool), String> {
    let mut limits = Limits::default();
    let mut time: [Option<Duration>; 2] = [None; 2];
    let mut inc: [Option<Duration>; 2] = [None; 2];
    let mut movestogo = None;
    let mut it = args.iter();
    while let Some(&key) = it.next() {
        let mut value = || it.next().copied();
        match key {
            "depth" => limits.depth = Some(number(key, value())?),
            "nodes" => limits.nodes = Some(number(key, value())?),
            "movetime" => limits.movetime = Some(Duration::from_millis(number(key, value())?)),
            "movestogo" => movestogo = Some(number::<u32>(key, value())?),
            "wtime" | "btime" | "winc" | "binc" => {
                // GUIs send a negative time left once a side has overstepped.
                let ms: i64 = number(key, value())?;
                let d = Some(Duration::from_millis(ms.max(0) as u64));
                let side = usize::from(key.starts_with('b'));
                if key.ends_with("time") {
                    time[side] = d;
                } else {
                    inc[side] = d;
                }
            }
            "infinite" => limits.infinite = true,
            "ponder" | "mate" | "searchmoves" | "perft" => {
                return Err(format!("'{key}' is not supported"));
            }
            other => return Err(format!("unknown parameter '{}'", shorten(other))),
        }
    }
    let i = side.index();
    let clocked = time.iter().chain(&inc).any(Option::is_some) || movestogo.is_some();
    if clocked {
        let ours = if side == Color::White {
            "wtime"
        } else {
            "btime"
        };
        let t = time[i].ok_or_else(|| format!("'{ours}' is missing ({} to move)", side.name()))?;
        limits.clock = Some(TimeLeft {
            time: t,
            inc: inc[i].unwrap_or_default(),
            movestogo,
        });
    }
    Ok((limits, limits.infinite))
}

/// The whole number after `key` (one too large for it says so).
fn number<T: std::str::FromStr>(key: &str, value: Option<&str>) -> Result<T, String> {
    let v = value.ok_or_else(|| format!("'{key}' needs a number, found nothing"))?;
    v.parse().map_err(|_| {
        if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
            format!("'{key}' {} is too large", shorten(v))
        } else {
            format!("'{key}' needs a whole number, found '{}'", shorten(v))
        }
    })
}

/// `text` cut to at most `max` characters (`…` marks the cut), on a
/// character boundary.
fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// What [`read_line`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line (its newline included, if it had one) is in the buffer.
    Whole,
    /// A line of this many bytes, over the limit: the buffer holds its
    /// first `limit` bytes, the rest was read and dropped.
    TooLong(usize),
    /// The input has ended.
    End,
}

/// Reads one line of `input` into `buf` (cleared first), keeping at most
/// `limit` bytes of it: the memory a line costs is bounded whatever its length.
pub fn read_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<Line> {
    buf.clear();
    let mut total = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match total {
                0 => Line::End,
                n if n > limit => Line::TooLong(n),
                _ => Line::Whole,
            });
        }
        let (n, ends) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = limit.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..n.min(room)]);
        total = total.saturating_add(n);
        input.consume(n);
        if ends {
            // The newline itself does not count against the limit.
            return Ok(if total - 1 > limit {
                Line::TooLong(total)
            } else {
                Line::Whole
            });
        }
    }
}
