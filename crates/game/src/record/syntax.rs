//! The syntax of record files: text checks, games, tag pairs and movetext
//! tokens, with line numbers. Nothing here knows the rules; moves are
//! resolved in `read`.

use std::time::Duration;

use super::{Brush, RecordError, RecordEval};
use crate::text::shorten;

/// A tag pair as written.
#[derive(Clone, Debug)]
pub(super) struct RawTag {
    pub name: String,
    pub value: String,
    pub line: usize,
}

/// A move token with what follows it up to the next move.
#[derive(Clone, Debug, Default)]
pub(super) struct RawMove {
    pub text: String,
    pub line: usize,
    pub nags: Vec<u8>,
    pub comment: Option<String>,
    pub clock: Option<Duration>,
    pub eval: Option<RecordEval>,
    /// Arrows as written: brush, from and to square names (checked in `read`).
    pub arrows: Vec<(Brush, String, String)>,
    /// Circles as written: brush and square name.
    pub circles: Vec<(Brush, String)>,
    /// The move tokens of the first variation after the move (its own
    /// moves only: nested variations, comments, numbers and NAGs left out).
    pub variation: Option<Vec<String>>,
}

/// One game of a file, not yet checked against the rules.
#[derive(Clone, Debug)]
pub(super) struct RawGame {
    /// Game number, from 1.
    pub number: usize,
    /// Line where it begins.
    pub line: usize,
    pub tags: Vec<RawTag>,
    pub moves: Vec<RawMove>,
    /// The result token ending the movetext, and its line.
    pub result: (&'static str, usize),
}

impl RawGame {
    /// A tag's value and line.
    pub fn tag(&self, name: &str) -> Option<&RawTag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

/// Checks that `bytes` are text (UTF-8 without control characters other than
/// tab, line feed, carriage return and form feed) and drops a byte-order mark.
pub(super) fn text(bytes: &[u8]) -> Result<&str, RecordError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let line_at = |i: usize| 1 + bytes[..i].iter().filter(|&&b| b == b'\n').count();
    let text = std::str::from_utf8(bytes).map_err(|e| RecordError::Binary {
        line: line_at(e.valid_up_to()),
        what: format!("invalid UTF-8 at byte {}", e.valid_up_to()),
    })?;
    if let Some(i) = bytes
        .iter()
        .position(|&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)) || b == 0x7f)
    {
        return Err(RecordError::Binary {
            line: line_at(i),
            what: format!("control byte 0x{:02x} at byte {i}", bytes[i]),
        });
    }
    Ok(text)
}

/// Score tokens that end a game's movetext.
pub(super) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

struct Lexer<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    line: usize,
    games: Vec<RawGame>,
    /// Games ended so far (kept or not).
    ended: usize,
    /// Only this game (from 1) is kept, when given; the others are checked
    /// and counted.
    keep: Option<usize>,
    cur: Option<RawGame>,
}

fn is_delim(c: u8) -> bool {
    c.is_ascii_whitespace() || b"{}()[];$\"".contains(&c)
}

/// Splits `text` into games.
pub(super) fn games(text: &str) -> Result<Vec<RawGame>, RecordError> {
    Ok(lex(text, None)?.0)
}

/// Game `number` (from 1) of `text`, if there is one, and how many games
/// it holds: every game is checked, only that one is kept (a file of half a
/// million games costs no more memory than one).
pub(super) fn game(text: &str, number: usize) -> Result<(Option<RawGame>, usize), RecordError> {
    let (mut games, count) = lex(text, Some(number))?;
    Ok((games.pop(), count))
}

fn lex(text: &str, keep: Option<usize>) -> Result<(Vec<RawGame>, usize), RecordError> {
    let mut lx = Lexer {
        text,
        b: text.as_bytes(),
        i: 0,
        line: 1,
        games: Vec::new(),
        ended: 0,
        keep,
        cur: None,
    };
    lx.run()?;
    Ok((lx.games, lx.ended))
}

impl<'a> Lexer<'a> {
    fn number(&self) -> usize {
        self.ended + 1
    }

    fn syntax(&self, line: usize, what: impl Into<String>) -> RecordError {
        RecordError::Syntax {
            game: self.number(),
            line,
            what: what.into(),
        }
    }

    fn truncated(&self, line: usize, what: impl Into<String>) -> RecordError {
        RecordError::Truncated {
            game: self.number(),
            line,
            what: what.into(),
        }
    }

    fn game(&mut self) -> &mut RawGame {
        let (number, line) = (self.number(), self.line);
        self.cur.get_or_insert_with(|| RawGame {
            number,
            line,
            tags: Vec::new(),
            moves: Vec::new(),
            result: ("", 0),
        })
    }

    /// Advances one byte, counting lines.
    fn bump(&mut self) {
        if self.b[self.i] == b'\n' {
            self.line += 1;
        }
        self.i += 1;
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.bump();
        }
    }

    /// The rest of the current line (without the line feed).
    fn rest_of_line(&mut self) -> &'a str {
        let start = self.i;
        while self.peek().is_some_and(|c| c != b'\n') {
            self.i += 1;
        }
        &self.text[start..self.i]
    }

    fn run(&mut self) -> Result<(), RecordError> {
        loop {
            self.skip_ws();
            let Some(c) = self.peek() else { break };
            let line = self.line;
            let line_start = self.i == 0 || self.b[self.i - 1] == b'\n';
            match c {
                b'%' if line_start => {
                    self.rest_of_line();
                }
                b';' => {
                    self.i += 1;
                    let text = self.rest_of_line().to_string();
                    self.comment(&text, line)?;
                }
                b'[' => self.tag(line)?,
                b'{' => {
                    self.i += 1;
                    let start = self.i;
                    while self.peek().is_some_and(|c| c != b'}') {
                        self.bump();
                    }
                    if self.peek().is_none() {
                        return Err(self.truncated(
                            line,
                            format!("the comment opened on line {line} is not closed"),
                        ));
                    }
                    let text = self.text[start..self.i].to_string();
                    self.i += 1;
                    self.comment(&text, line)?;
                }
                b'(' => self.variation(line)?,
                b'$' => {
                    self.i += 1;
                    let start = self.i;
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.i += 1;
                    }
                    let digits = &self.text[start..self.i];
                    let nag: u8 = digits.parse().map_err(|_| {
                        self.syntax(
                            line,
                            format!("'${digits}' is not an annotation ($0 to $255)"),
                        )
                    })?;
                    self.annotate(nag, line)?;
                }
                b')' | b']' | b'}' | b'"' => {
                    return Err(self.syntax(line, format!("unexpected '{}'", c as char)));
                }
                _ => {
                    let start = self.i;
                    while self.peek().is_some_and(|c| !is_delim(c)) {
                        self.i += 1;
                    }
                    let token = &self.text[start..self.i];
                    self.token(token, line)?;
                }
            }
        }
        if let Some(g) = &self.cur {
            let line = g.moves.last().map_or(g.line, |m| m.line);
            return Err(self.truncated(
                line,
                "the moves end without a result (1-0, 0-1, 1/2-1/2 or *)",
            ));
        }
        Ok(())
    }

    /// A tag pair `[Name "value"]`.
    fn tag(&mut self, line: usize) -> Result<(), RecordError> {
        if self.cur.as_ref().is_some_and(|g| !g.moves.is_empty()) {
            return Err(self.syntax(
                line,
                "a tag after the moves: they end without a result (1-0, 0-1, 1/2-1/2 or *)",
            ));
        }
        let open =
            |lx: &Self| lx.truncated(line, format!("the tag opened on line {line} is not closed"));
        self.i += 1;
        self.skip_ws();
        let start = self.i;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            self.i += 1;
        }
        let name = self.text[start..self.i].to_string();
        self.skip_ws();
        match self.peek() {
            None => return Err(open(self)),
            Some(b'"') if !name.is_empty() => {}
            Some(c) => {
                return Err(self.syntax(
                    line,
                    if name.is_empty() {
                        format!("a tag needs a name, found '{}'", c as char)
                    } else {
                        format!("tag '{}' needs a quoted value", shorten(&name))
                    },
                ));
            }
        }
        self.i += 1;
        let mut value = String::new();
        loop {
            let start = self.i;
            while self
                .peek()
                .is_some_and(|c| !matches!(c, b'"' | b'\\' | b'\n'))
            {
                self.i += 1;
            }
            value.push_str(&self.text[start..self.i]);
            match self.peek() {
                None => return Err(open(self)),
                Some(b'\n') => {
                    return Err(self.syntax(
                        line,
                        format!(
                            "the value of tag '{}' is not closed on its line",
                            shorten(&name)
                        ),
                    ));
                }
                Some(b'\\') => {
                    self.i += 1;
                    match self.peek() {
                        Some(c @ (b'"' | b'\\')) => {
                            value.push(c as char);
                            self.i += 1;
                        }
                        _ => value.push('\\'),
                    }
                }
                Some(_) => {
                    self.i += 1;
                    break;
                }
            }
        }
        self.skip_ws();
        match self.peek() {
            None => return Err(open(self)),
            Some(b']') => self.i += 1,
            Some(_) => {
                return Err(self.syntax(
                    line,
                    format!("tag '{}' is not closed by ']'", shorten(&name)),
                ));
            }
        }
        self.game().tags.push(RawTag { name, value, line });
        Ok(())
    }

    /// Reads a variation `( … )`, nested ones and comments inside skipped:
    /// the first variation after a move keeps its own move tokens.
    fn variation(&mut self, line: usize) -> Result<(), RecordError> {
        let mut depth = 0usize;
        let mut words: Vec<String> = Vec::new();
        loop {
            match self.peek() {
                None => {
                    return Err(self.truncated(
                        line,
                        format!("the variation opened on line {line} is not closed"),
                    ));
                }
                Some(b'(') => depth += 1,
                Some(b')') => depth -= 1,
                Some(b'{') => {
                    while self.peek().is_some_and(|c| c != b'}') {
                        self.bump();
                    }
                    continue;
                }
                Some(b';') => {
                    self.rest_of_line();
                    continue;
                }
                Some(b'$') => {
                    self.i += 1;
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.i += 1;
                    }
                    continue;
                }
                Some(c) if depth == 1 && !is_delim(c) => {
                    let start = self.i;
                    while self.peek().is_some_and(|c| !is_delim(c)) {
                        self.i += 1;
                    }
                    if let Some(w) = variation_move(&self.text[start..self.i]) {
                        words.push(w.to_string());
                    }
                    continue;
                }
                Some(_) => {}
            }
            self.bump();
            if depth == 0 {
                break;
            }
        }
        if let Some(m) = self.last_move()
            && m.variation.is_none()
            && !words.is_empty()
        {
            m.variation = Some(words);
        }
        Ok(())
    }

    /// The last move of the current game, if any.
    fn last_move(&mut self) -> Option<&mut RawMove> {
        self.cur.as_mut().and_then(|g| g.moves.last_mut())
    }

    /// A comment: clock, evaluation and drawing commands are read; text
    /// goes to the last move. Comments outside a game or before the first
    /// move are dropped.
    fn comment(&mut self, text: &str, line: usize) -> Result<(), RecordError> {
        let (words, cmds) = split_commands(text).map_err(|e| self.syntax(line, e))?;
        let Some(m) = self.last_move() else {
            return Ok(());
        };
        if cmds.clock.is_some() {
            m.clock = cmds.clock;
        }
        if cmds.eval.is_some() {
            m.eval = cmds.eval;
        }
        m.arrows.extend(cmds.arrows);
        m.circles.extend(cmds.circles);
        if !words.is_empty() {
            // Appended in place: many comments after one move cost their
            // length, not the square of it.
            match &mut m.comment {
                Some(c) => {
                    c.push(' ');
                    c.push_str(&words);
                }
                None => m.comment = Some(words),
            }
        }
        Ok(())
    }

    fn annotate(&mut self, nag: u8, line: usize) -> Result<(), RecordError> {
        match self.last_move() {
            Some(m) => {
                m.nags.push(nag);
                Ok(())
            }
            None => Err(self.syntax(line, format!("annotation '${nag}' before any move"))),
        }
    }

    /// A movetext token: result, move number, or move (with `!?` glyphs).
    fn token(&mut self, token: &str, line: usize) -> Result<(), RecordError> {
        let result = match token {
            "½-½" => Some("1/2-1/2"),
            t => RESULTS.iter().copied().find(|r| *r == t),
        };
        if let Some(r) = result {
            self.game().result = (r, line);
            let done = self.cur.take();
            self.ended += 1;
            if self.keep.is_none_or(|n| n == self.ended) {
                self.games.extend(done);
            }
            return Ok(());
        }
        // Move numbers: `12.`, `12...`, `12…`, `12`, or glued `1.e4`.
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        let rest = token[digits..].trim_start_matches(['.', '…']);
        let numbered = digits > 0 && (rest.len() < token.len() - digits || rest.is_empty());
        let rest = if numbered || digits == 0 { rest } else { token };
        if rest.is_empty() {
            return Ok(());
        }
        let glyphs = rest.len() - rest.trim_end_matches(['!', '?']).len();
        let (mv, glyph) = rest.split_at(rest.len() - glyphs);
        if mv.is_empty() {
            return Err(self.syntax(line, format!("'{}' is not a move", shorten(token))));
        }
        let mut nags = Vec::new();
        if !glyph.is_empty() {
            let nag = ["!", "?", "!!", "??", "!?", "?!"]
                .iter()
                .position(|g| *g == glyph)
                .ok_or_else(|| {
                    self.syntax(
                        line,
                        format!(
                            "unknown annotation '{}' after '{}'",
                            shorten(glyph),
                            shorten(mv)
                        ),
                    )
                })?;
            nags.push(nag as u8 + 1);
        }
        self.game().moves.push(RawMove {
            text: mv.to_string(),
            line,
            nags,
            ..RawMove::default()
        });
        Ok(())
    }
}

/// A move token of a variation, without move number, check marks and
/// glyphs; `None` for a number, a result or nothing.
fn variation_move(word: &str) -> Option<&str> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let rest = word[digits..].trim_start_matches(['.', '…']);
    let numbered = digits > 0 && rest.len() < word.len() - digits;
    let rest = if numbered || digits == 0 { rest } else { word };
    let rest = rest.trim_end_matches(['!', '?']);
    (!rest.is_empty() && !RESULTS.contains(&rest) && rest != "½-½").then_some(rest)
}

/// The commands of a comment Chimera reads.
#[derive(Debug, Default)]
pub(super) struct Commands {
    pub clock: Option<Duration>,
    pub eval: Option<RecordEval>,
    pub arrows: Vec<(Brush, String, String)>,
    pub circles: Vec<(Brush, String)>,
}

/// Splits a comment into its free text and its commands: `[%clk …]`,
/// `[%eval …]`, `[%cal …]`, `[%csl …]`; other `[%…]` commands (`%emt` …)
/// are dropped.
fn split_commands(text: &str) -> Result<(String, Commands), String> {
    let mut words = String::new();
    let mut cmds = Commands::default();
    let mut rest = text;
    while let Some(open) = rest.find("[%") {
        let Some(close) = rest[open..].find(']') else {
            break;
        };
        words.push_str(&rest[..open]);
        words.push(' ');
        let cmd = &rest[open + 2..open + close];
        let mut parts = cmd.split_whitespace();
        let name = parts.next();
        let values: Vec<&str> = parts.collect();
        let first = values.first().copied().unwrap_or("");
        match name {
            Some("clk") => {
                cmds.clock = Some(parse_hms(first).ok_or_else(|| {
                    format!("clock comment '[%{}]' is not a time h:mm:ss", shorten(cmd))
                })?);
            }
            Some("eval") => {
                cmds.eval = Some(RecordEval::parse(first).ok_or_else(|| {
                    format!(
                        "evaluation '[%{}]' is not pawns (0.35) or a mate (#-3)",
                        shorten(cmd)
                    )
                })?);
            }
            Some(kind @ ("cal" | "csl")) => {
                for item in values.concat().split(',').filter(|i| !i.is_empty()) {
                    let bad = || {
                        format!(
                            "drawing '{}' in '[%{kind}]' is not a colour (G, R, B, Y) and {}",
                            shorten(item),
                            if kind == "cal" {
                                "two squares"
                            } else {
                                "a square"
                            }
                        )
                    };
                    let mut chars = item.chars();
                    let brush = chars.next().and_then(Brush::from_letter).ok_or_else(bad)?;
                    let squares = split_squares(chars.as_str()).ok_or_else(bad)?;
                    match (kind, squares.as_slice()) {
                        ("cal", [a, b]) => cmds.arrows.push((brush, a.clone(), b.clone())),
                        ("csl", [a]) => cmds.circles.push((brush, a.clone())),
                        _ => return Err(bad()),
                    }
                }
            }
            _ => {}
        }
        rest = &rest[open + close + 1..];
    }
    words.push_str(rest);
    Ok((words.split_whitespace().collect::<Vec<_>>().join(" "), cmds))
}

/// Square names run together (`e10e9`, `a0a1`): each is one lowercase file
/// letter and the whole number after it (at most three digits).
fn split_squares(t: &str) -> Option<Vec<String>> {
    let b = t.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_lowercase() {
            return None;
        }
        let start = i;
        i += 1;
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 3 {
            return None;
        }
        i += digits;
        out.push(t[start..i].to_string());
    }
    Some(out)
}

/// Reads `h:mm:ss`, `mm:ss` or either with a fraction (`0:09:58.3`).
pub(super) fn parse_hms(t: &str) -> Option<Duration> {
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let parts: Vec<&str> = whole.split(':').collect();
    if !(2..=3).contains(&parts.len())
        || parts
            .iter()
            .any(|p| p.is_empty() || p.len() > 5 || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let nums: Vec<u64> = parts.iter().filter_map(|p| p.parse().ok()).collect();
    let (h, m, s) = match nums[..] {
        [m, s] => (0, m, s),
        [h, m, s] => (h, m, s),
        _ => return None,
    };
    if (parts.len() == 3 && m >= 60) || s >= 60 {
        return None;
    }
    let millis = format!("{frac:0<3}").parse::<u64>().ok()?;
    Some(Duration::from_millis(
        ((h * 60 + m) * 60 + s) * 1000 + millis,
    ))
}

/// Writes a clock comment's time: `0:09:58`, with the milliseconds when
/// not whole (`0:00:09.25`).
pub(super) fn format_hms(d: Duration) -> String {
    let s = d.as_secs();
    let base = format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    let ms = format!("{:03}", d.subsec_millis());
    let ms = ms.trim_end_matches('0');
    if ms.is_empty() {
        base
    } else {
        format!("{base}.{ms}")
    }
}
