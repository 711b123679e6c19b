//! Game records: a PGN-style text format that a chess player recognises,
//! read and written, and [`MatchRecord`], the match it describes (what is
//! saved, and what a network snapshot carries with its clock).
//!
//! Writing: the Seven Tag Roster (`Event Site Date Round White Black
//! Result`), then `Variant` (Chimera's id), `Options` (every option, written
//! in full), `VFEN` (only when the game did not start from the variant's start
//! position), `TimeControl` (see [`TimeControl`]), `Termination`, other tags;
//! movetext in the readable notation of the side panel with move numbers,
//! NAGs, comments, the review (`[%eval 0.35]`, `[%cal Ge2e4]`, `[%csl Gd4]`,
//! the engine's line as a variation) and `[%clk 0:09:58]` after every move
//! of a timed game.
//!
//! Reading accepts that, LMN moves in any mix, free whitespace and line
//! breaks, a byte-order mark, CRLF, `{…}` and `;` comments, `( … )`
//! variations (the first after a move read as its line when legal, the
//! others skipped), `%` escape lines and several games in one file. A
//! game whose `Variant` tag is a pychess/lichess name (`Grand`, `Embassy`,
//! `Standard`, `Chess`, or no tag) is read in Fairy-Stockfish's dialect
//! ([`fsf`]): its piece letters, its `FEN` tag and its UCI moves.

mod error;
pub mod files;
pub mod fsf;
mod read;
mod syntax;
mod write;

use std::io::Read;
use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use crate::text::shorten;
pub use error::RecordError;
pub use read::{GameSummary, Loaded, list, load};

use crate::clock::{ClockState, TimeControl};
use chimera_rules::{EndReason, Game, Outcome, Variant};

/// The largest record file read (4 MB): larger files are refused before
/// reading them.
pub const MAX_RECORD_BYTES: u64 = 4 * 1024 * 1024;

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedMove {
    /// The move in LMN.
    pub lmn: String,
    /// The mover's clock after the move (timed games).
    pub clock: Option<Duration>,
    /// Annotations (`$1` = `!`, `$2` = `?`, `$5` = `!?` …).
    pub nags: Vec<u8>,
    /// A comment after the move.
    pub comment: Option<String>,
    /// The engine's evaluation of the position after the move (`[%eval …]`).
    pub eval: Option<RecordEval>,
    /// Arrows drawn on the board after the move (`[%cal Ge2e4,Rd7d5]`).
    pub arrows: Vec<Arrow>,
    /// Squares circled after the move (`[%csl Gd4]`).
    pub circles: Vec<Circle>,
    /// A line the engine preferred instead of this move, in LMN from the
    /// position before it (written as a variation `( … )`); empty for none.
    pub line: Vec<String>,
}

impl RecordedMove {
    /// A bare move.
    pub fn new(lmn: impl Into<String>) -> RecordedMove {
        RecordedMove {
            lmn: lmn.into(),
            clock: None,
            nags: Vec::new(),
            comment: None,
            eval: None,
            arrows: Vec::new(),
            circles: Vec::new(),
            line: Vec::new(),
        }
    }
}

/// An engine evaluation as records carry it, from White's point of view:
/// `[%eval 0.35]` (pawns), `[%eval #-3]` (mate in 3 moves, Black mating).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RecordEval {
    /// Centipawns, White ahead when positive.
    Cp(i32),
    /// Moves to mate: positive White mates, negative Black mates.
    Mate(i32),
}

/// The largest centipawn value an `[%eval]` may hold (±1000 pawns).
pub const MAX_EVAL_CP: i32 = 100_000;

impl RecordEval {
    /// The value as `[%eval …]` writes it, the way lichess does: pawns with
    /// at least one decimal and at most two (`0.35`, `-1.2`, `0.0`), or
    /// `#3` / `#-3`.
    pub fn text(&self) -> String {
        match *self {
            RecordEval::Mate(n) => format!("#{n}"),
            RecordEval::Cp(c) => {
                let sign = if c < 0 { "-" } else { "" };
                let a = c.unsigned_abs();
                let frac = format!("{:02}", a % 100);
                let frac = match frac.trim_end_matches('0') {
                    "" => "0",
                    f => f,
                };
                format!("{sign}{}.{frac}", a / 100)
            }
        }
    }

    /// Reads `0.35`, `-1.2`, `+3`, `#3`, `#-3`, `#+3` (a `,depth` after the
    /// value, as some tools write, is ignored). Pawns are rounded to whole
    /// centipawns; at most [`MAX_EVAL_CP`], and mates up to 1000 moves.
    pub fn parse(t: &str) -> Option<RecordEval> {
        let t = t.split_once(',').map_or(t, |(v, depth)| {
            if depth.bytes().all(|b| b.is_ascii_digit()) {
                v
            } else {
                t
            }
        });
        let (mate, t) = match t.strip_prefix('#') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (neg, t) = match t.as_bytes().first() {
            Some(b'-') => (true, &t[1..]),
            Some(b'+') => (false, &t[1..]),
            _ => (false, t),
        };
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || whole.len() > 6 || !digits(whole) || !digits(frac) {
            return None;
        }
        let whole: i64 = whole.parse().ok()?;
        let signed = |v: i64| if neg { -v } else { v };
        if mate {
            return (frac.is_empty() && whole <= 1000)
                .then(|| RecordEval::Mate(signed(whole) as i32));
        }
        // Centipawns from the first three decimals, rounded half away from zero.
        let f3: i64 = format!("{:0<3}", &frac[..frac.len().min(3)]).parse().ok()?;
        let cp = whole * 100 + (f3 + 5) / 10;
        (cp <= MAX_EVAL_CP as i64).then(|| RecordEval::Cp(signed(cp) as i32))
    }
}

/// A colour of the board drawings, as lichess names them by letter: `G`
/// green, `R` red, `B` blue, `Y` yellow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Brush {
    /// `G`, the plain drawing.
    Green,
    /// `R`.
    Red,
    /// `B`.
    Blue,
    /// `Y`.
    Yellow,
}

impl Brush {
    /// Every brush.
    pub const ALL: [Brush; 4] = [Brush::Green, Brush::Red, Brush::Blue, Brush::Yellow];

    /// Its letter in `[%cal]` / `[%csl]`.
    pub fn letter(self) -> char {
        match self {
            Brush::Green => 'G',
            Brush::Red => 'R',
            Brush::Blue => 'B',
            Brush::Yellow => 'Y',
        }
    }

    /// The brush of a letter (upper or lower case).
    pub fn from_letter(c: char) -> Option<Brush> {
        Brush::ALL
            .into_iter()
            .find(|b| b.letter() == c.to_ascii_uppercase())
    }
}

/// An arrow drawn from one square to another (square names of the board:
/// `e2`, `e10`, `a0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Arrow {
    /// Its colour.
    pub brush: Brush,
    /// Where it starts.
    pub from: String,
    /// Where it points.
    pub to: String,
}

/// A circled square.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Circle {
    /// Its colour.
    pub brush: Brush,
    /// The square's name.
    pub square: String,
}

/// Tags the record sets itself from its fields; [`MatchRecord::set_tag`]
/// refuses them.
const DERIVED_TAGS: [&str; 8] = [
    "Variant",
    "Options",
    "VFEN",
    "FEN",
    "SetUp",
    "Result",
    "TimeControl",
    "Termination",
];

/// The tag of the time the side to move has spent on the move in progress
/// when the record was written (`[TurnElapsed "0:03:45.2"]`): a hosting
/// window's autosave refreshes it every few seconds, so a resumed game
/// charges the move in progress.
pub const TURN_ELAPSED_TAG: &str = "TurnElapsed";

/// A match as saved and sent: from it the game can be rebuilt exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// Variant id (`holygrail`).
    pub variant: String,
    /// Options as (name, value); missing ones take their default.
    pub options: Vec<(String, String)>,
    /// The start position, when it is not the variant's own.
    pub start_vfen: Option<String>,
    /// The moves played.
    pub moves: Vec<RecordedMove>,
    /// The clock after the last move; `None` for an untimed game.
    pub clock: Option<ClockState>,
    /// The result; `None` while the game goes on.
    pub result: Option<Outcome>,
    /// Every other tag (players, event, date …), in order.
    pub tags: Vec<(String, String)>,
}

impl MatchRecord {
    /// The record of `game` (its variant, options, start and moves; the
    /// result the rules give, if any). No clock, no tags.
    pub fn from_game(game: &Game) -> MatchRecord {
        let v = game.variant();
        let start = game.start().to_vfen();
        let mut pos = game.start().clone();
        let moves = game
            .moves()
            .iter()
            .map(|&m| {
                let lmn = pos.lmn(m);
                pos.make_move(m);
                RecordedMove::new(lmn)
            })
            .collect();
        MatchRecord {
            variant: v.id().to_string(),
            options: v.options().to_vec(),
            start_vfen: (start != v.start_position().to_vfen()).then_some(start),
            moves,
            clock: None,
            result: game.outcome(),
            tags: Vec::new(),
        }
    }

    /// The record of a match as played: `game`'s variant, options, start
    /// position and moves, each move with the mover's clock time after it
    /// (`times`, written as `%clk`; `None` or missing: not known), the
    /// `result` (`None` while the game goes on; resignations, agreements,
    /// flag falls and abandoned games too, not only the rules' ends), the
    /// time `control` with the clock state the times give (see
    /// [`MatchRecord::set_time_control`]) and `tags` (`Event`, `White` …) in
    /// order. The one way a match becomes a record: saves, autosaves,
    /// `chimera serve` and `chimera export` build theirs here. Fails only on
    /// a tag [`MatchRecord::set_tag`] refuses.
    pub fn of_match(
        game: &Game,
        result: Option<Outcome>,
        times: &[Option<Duration>],
        control: TimeControl,
        tags: &[(String, String)],
    ) -> Result<MatchRecord, RecordError> {
        let mut r = MatchRecord::from_game(game);
        r.result = result;
        for (m, t) in r.moves.iter_mut().zip(times) {
            m.clock = *t;
        }
        r.set_time_control(control, game);
        for (name, value) in tags {
            r.set_tag(name, value)?;
        }
        Ok(r)
    }

    /// The value of a tag of [`MatchRecord::tags`].
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets (or replaces) a tag such as `White` or `Event`. Names are letters,
    /// digits and `_`; the tags the record derives from its fields
    /// (`Variant`, `Options`, `VFEN`, `FEN`, `SetUp`, `Result`,
    /// `TimeControl`, `Termination`) are refused.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordError> {
        check_tag_name(name)?;
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Records the time the side to move has already spent on the move in
    /// progress (tag [`TURN_ELAPSED_TAG`], `h:mm:ss.s`; nothing for zero), so
    /// that a game resumed from the record charges it
    /// ([`MatchRecord::set_time_control`] reads it back into the clock).
    pub fn set_turn_elapsed(&mut self, spent: Duration) {
        self.tags.retain(|(n, _)| n != TURN_ELAPSED_TAG);
        // Tenths are enough: the autosave writes it every few seconds.
        let spent = Duration::from_millis(spent.as_millis() as u64 / 100 * 100);
        if !spent.is_zero() && self.result.is_none() {
            let text = syntax::format_hms(spent);
            self.tags.push((TURN_ELAPSED_TAG.to_string(), text));
        }
        let turn_elapsed = self.turn_elapsed();
        if let Some(c) = &mut self.clock {
            c.turn_elapsed = turn_elapsed;
        }
    }

    /// The time spent on the move in progress as the record says
    /// ([`TURN_ELAPSED_TAG`]); zero when missing, unreadable or the game
    /// is over.
    pub fn turn_elapsed(&self) -> Duration {
        self.tag(TURN_ELAPSED_TAG)
            .filter(|_| self.result.is_none())
            .and_then(syntax::parse_hms)
            .unwrap_or_default()
    }

    /// Sets the time control (`TimeControl::None` removes the clock) with the
    /// clock state the moves' clock times give: each side's last time
    /// written, or its time at the start where none is; stopped; flagged when
    /// the result is a time forfeit against the side to move; the time spent
    /// on the move in progress from [`TURN_ELAPSED_TAG`]. `game` is the game
    /// the record rebuilds.
    pub fn set_time_control(&mut self, control: TimeControl, game: &Game) {
        let turn_elapsed = self.turn_elapsed();
        self.clock = control.is_timed().then(|| {
            let mut left = [control.initial(); 2];
            let mut counts = [0u32; 2];
            let mut side = game.start().side_to_move();
            for m in &self.moves {
                counts[side.index()] += 1;
                if let Some(t) = m.clock {
                    left[side.index()] = t;
                }
                side = side.opposite();
            }
            let to_move = game.position().side_to_move();
            ClockState {
                control,
                left,
                to_move,
                turn_elapsed,
                running: false,
                moves: counts,
                flagged: self.result.is_some_and(|r| {
                    r.reason == EndReason::TimeForfeit && r.winner != Some(to_move)
                }),
            }
        });
    }

    /// Rebuilds the game: variant, options, start position, every move (a
    /// variant that is not registered is named as not installed).
    pub fn game(&self) -> Result<Game, RecordError> {
        let bad = |e: String| RecordError::Invalid(e);
        let v = Variant::new(&self.variant, &self.options).map_err(|e| match e {
            chimera_rules::RulesError::UnknownVariant(id) => {
                bad(chimera_store::variant_files::not_installed(&id))
            }
            e => bad(e.to_string()),
        })?;
        let mut game = match &self.start_vfen {
            Some(f) => Game::from_vfen(&v, f).map_err(|e| bad(format!("start VFEN: {e}")))?,
            None => Game::new(&v),
        };
        for (i, m) in self.moves.iter().enumerate() {
            game.play_lmn(&m.lmn)
                .map_err(|e| bad(format!("move {} '{}': {e}", i + 1, m.lmn)))?;
        }
        Ok(game)
    }

    /// The record as text (one game). Fails only if the record does not
    /// rebuild or holds a tag that cannot be written.
    pub fn to_text(&self) -> Result<String, RecordError> {
        self.write(None)
    }

    /// The record as text, written with `game`, the game it was made from
    /// ([`MatchRecord::from_game`], [`MatchRecord::of_match`]), instead of
    /// the game its moves' text rebuilds: a long game is written without
    /// being replayed move by move (for the autosave, after every move).
    /// Fails like [`MatchRecord::to_text`], or if `game` is not this
    /// record's (another variant or start, other moves).
    pub fn to_text_of(&self, game: &Game) -> Result<String, RecordError> {
        let v = game.variant();
        let mut pos = game.start().clone();
        let same_moves = game.moves().len() == self.moves.len()
            && game.moves().iter().zip(&self.moves).all(|(&m, r)| {
                let lmn = pos.lmn(m);
                pos.make_move(m);
                lmn == r.lmn
            });
        let start = game.start().to_vfen();
        let same_start = match &self.start_vfen {
            Some(f) => *f == start,
            None => start == v.start_position().to_vfen(),
        };
        if v.id() != self.variant || v.options() != self.options || !same_start || !same_moves {
            return Err(RecordError::Invalid(
                "the record was not made from this game".to_string(),
            ));
        }
        self.write_with(game, None)
    }

    fn write(&self, stopped: Option<EndReason>) -> Result<String, RecordError> {
        let game = self.game()?;
        self.write_with(&game, stopped)
    }

    fn write_with(&self, game: &Game, stopped: Option<EndReason>) -> Result<String, RecordError> {
        for (name, _) in &self.tags {
            check_tag_name(name)?;
        }
        write::write(self, game, stopped)
    }

    /// The text of an unfinished game (`*`) with a `Termination` tag saying
    /// why it stopped: `abandoned` when a host shut down mid-game. (A
    /// reader takes such a record as a game that goes on.) Fails like
    /// [`MatchRecord::to_text`], or if the record has a result.
    pub fn unfinished_text(&self, why: EndReason) -> Result<String, RecordError> {
        if let Some(r) = self.result {
            return Err(RecordError::Invalid(format!(
                "the game is not unfinished: it ended {}",
                r.result_text()
            )));
        }
        self.write(Some(why))
    }

    /// Game `number` (from 1) of a record text.
    pub fn from_text(text: &str, number: usize) -> Result<MatchRecord, RecordError> {
        load(text, number).map(|l| l.record)
    }
}

fn check_tag_name(name: &str) -> Result<(), RecordError> {
    let problem =
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            "a tag name is letters, digits and '_'"
        } else if DERIVED_TAGS.contains(&name) {
            "the record sets this tag itself"
        } else {
            return Ok(());
        };
    Err(RecordError::BadTag {
        name: name.to_string(),
        problem: problem.to_string(),
    })
}

/// The record text of `game` with these tags (`White`, `Event` …), untimed.
pub fn export(game: &Game, tags: &[(String, String)]) -> Result<String, RecordError> {
    export_timed(game, tags, TimeControl::None)
}

/// The record text of `game` with these tags and time control: the library
/// side of `chimera export`. The moves carry no clock times (none were
/// measured), so a timed game reads back with each side's starting time.
pub fn export_timed(
    game: &Game,
    tags: &[(String, String)],
    control: TimeControl,
) -> Result<String, RecordError> {
    MatchRecord::of_match(game, game.outcome(), &[], control, tags)?.to_text()
}

/// Reads a record from `r`, refusing more than [`MAX_RECORD_BYTES`] without
/// reading further, and checks that it is text.
pub fn read_text(r: impl Read) -> Result<String, RecordError> {
    let mut bytes = Vec::new();
    r.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RecordError::Io(e.to_string()))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge { size: None });
    }
    syntax::text(&bytes).map(str::to_string)
}

/// Reads a record file through the bounded reader
/// ([`chimera_store::read_bounded_bytes`]): a file whose size is known to be
/// over [`MAX_RECORD_BYTES`] is refused before anything is read, any other
/// (a device, a pipe) after one byte over; a directory or a missing file is
/// an error naming the path.
pub fn read_file(path: &Path) -> Result<String, RecordError> {
    if let Ok(meta) = std::fs::metadata(path)
        && meta.is_file()
        && meta.len() > MAX_RECORD_BYTES
    {
        return Err(RecordError::TooLarge {
            size: Some(meta.len()),
        });
    }
    let bytes = chimera_store::read_bounded_bytes(path, MAX_RECORD_BYTES).map_err(|e| match e {
        chimera_store::ReadError::TooLarge { .. } => RecordError::TooLarge { size: None },
        e => RecordError::Io(e.to_string()),
    })?;
    syntax::text(&bytes).map(str::to_string)
}
