//! Reading a record: tags to a variant and start position, tokens to legal
//! moves, the result checked against the final position.

use crate::clock::TimeControl;
use crate::text::shorten;
use chimera_rules::{
    EndReason, Game, Kind, Move, MoveKind, Outcome, Position, Score, Variant, variants,
};

use super::fsf::{self, Dialect};
use super::syntax::{self, RawGame, RawMove, RawTag};
use super::{
    Arrow, Circle, DERIVED_TAGS, MAX_RECORD_BYTES, MatchRecord, RecordError, RecordedMove,
};

/// One game of a file as the load screen lists it (not checked against the
/// rules: loading it may still fail).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// Game number, from 1.
    pub number: usize,
    /// Line where it begins.
    pub line: usize,
    /// Its tags, in order.
    pub tags: Vec<(String, String)>,
    /// Number of moves (plies) written.
    pub plies: usize,
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl GameSummary {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A game loaded from a record: the record and the game replayed.
#[derive(Clone)]
pub struct Loaded {
    /// What the file says.
    pub record: MatchRecord,
    /// The game after every move.
    pub game: Game,
}

impl std::fmt::Debug for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Loaded")
            .field("record", &self.record)
            .field("final_vfen", &self.final_vfen())
            .finish()
    }
}

impl Loaded {
    /// The final position's VFEN.
    pub fn final_vfen(&self) -> String {
        self.game.position().to_vfen()
    }
    /// The result, `None` for a game in progress.
    pub fn result(&self) -> Option<Outcome> {
        self.record.result
    }
    /// `result: 1-0 checkmate` / `result: *`, as `chimera fen` prints it.
    pub fn result_line(&self) -> String {
        match self.record.result {
            Some(r) => format!("result: {}", r.result_text()),
            None => "result: *".to_string(),
        }
    }
}

fn raw_games(text: &str) -> Result<Vec<RawGame>, RecordError> {
    if text.len() as u64 > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge {
            size: Some(text.len() as u64),
        });
    }
    let games = syntax::games(syntax::text(text.as_bytes())?)?;
    if games.is_empty() {
        return Err(RecordError::NoGames);
    }
    Ok(games)
}

/// The games of a record file, in order.
pub fn list(text: &str) -> Result<Vec<GameSummary>, RecordError> {
    Ok(raw_games(text)?
        .into_iter()
        .map(|g| GameSummary {
            number: g.number,
            line: g.line,
            tags: g
                .tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect(),
            plies: g.moves.len()
                - g.moves
                    .windows(2)
                    .filter(|w| castle_with_squares(&w[0].text, &w[1].text))
                    .count(),
            result: g.result.0.to_string(),
        })
        .collect())
}

/// Loads game `number` (from 1) of a record: every move checked and played.
pub fn load(text: &str, number: usize) -> Result<Loaded, RecordError> {
    if text.len() as u64 > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge {
            size: Some(text.len() as u64),
        });
    }
    let (raw, count) = syntax::game(syntax::text(text.as_bytes())?, number)?;
    if count == 0 {
        return Err(RecordError::NoGames);
    }
    let raw = raw.ok_or(RecordError::NoSuchGame {
        wanted: number,
        count,
    })?;
    Reader { raw: &raw }.read()
}

/// `O-O` or `O-O-O` followed by a king move `f1h1`: Ghostarelay's castling
/// as the side panel writes it, split by the space.
fn castle_with_squares(first: &str, next: &str) -> bool {
    let stem = first.trim_end_matches(['+', '#']);
    let squares = next.trim_end_matches(['+', '#']);
    let b = squares.as_bytes();
    (stem == "O-O" || stem == "O-O-O")
        && b.len() >= 4
        && b.first().is_some_and(u8::is_ascii_lowercase)
        && (2..b.len()).any(|i| b[i].is_ascii_lowercase() && b[i - 1].is_ascii_digit())
        && b.iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// A move token without check/mate marks, castling written with zeros mended.
fn normalise(token: &str) -> String {
    let t = token.trim_end_matches(['+', '#']);
    match t.strip_prefix("0-0") {
        Some(rest) => format!("O-O{}", rest.replace("-0", "-O")),
        None => t.to_string(),
    }
}

/// The one legal move `token` names, in LMN or readable notation (in the
/// foreign `dialect` if given: its letters and its UCI strings).
fn find_move(pos: &Position, token: &str, dialect: Option<&Dialect>) -> Result<Move, String> {
    let v = pos.variant();
    let shown = shorten(token);
    let norm = normalise(token);
    let ours = dialect.map_or_else(|| norm.clone(), |d| d.san_to_ours(&norm));
    let named = |s: Option<chimera_rules::Sq>| s.is_some_and(|s| ours.contains(&v.square_name(s)));
    let mut hits: Vec<(Move, String)> = Vec::new();
    for m in pos.legal_moves() {
        let lmn = pos.lmn(m);
        let hit = lmn == token
            || dialect.is_some_and(|d| d.move_to_uci(pos, m).as_deref() == Some(token))
            || {
                let maybe = match m.kind() {
                    MoveKind::Castle => ours.starts_with("O-O") || named(pos.move_to(m)),
                    MoveKind::Pass => true,
                    _ => named(pos.move_to(m)) || named(pos.move_from(m)),
                };
                maybe && normalise(&pos.san(m)) == ours
            };
        if hit && !hits.iter().any(|(_, l)| *l == lmn) {
            hits.push((m, lmn));
        }
    }
    if hits.is_empty() {
        hits = loose_matches(pos, &ours);
    }
    match hits.len() {
        0 => Err(format!("'{shown}' is not legal here")),
        1 => Ok(hits[0].0),
        _ => {
            let names: Vec<String> = hits.into_iter().map(|(_, l)| l).collect();
            Err(format!(
                "'{shown}' is ambiguous here: it could be {}",
                names.join(" or ")
            ))
        }
    }
}

/// A piece move as a person may write it: `Nd2` without the file that tells
/// two knights apart, `Ng1f3` with more than needed, `e8Q` without `=`.
/// The moves of `pos` it fits, when no move's notation is exactly `san`.
fn loose_matches(pos: &Position, san: &str) -> Vec<(Move, String)> {
    let v = pos.variant();
    let (body, promo) = match san.split_once('=') {
        Some((b, p)) => (b, Some(p)),
        None => {
            // `e8Q`: a trailing letter after the square.
            let cut = san.len() - san.trim_end_matches(|c: char| c.is_ascii_uppercase()).len();
            let (b, p) = san.split_at(san.len() - cut);
            (b, (!p.is_empty()).then_some(p))
        }
    };
    let body: String = body.chars().filter(|&c| c != 'x' && c != '-').collect();
    let (letter, rest) = match body.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (Some(c), &body[1..]),
        _ => (None, body.as_str()),
    };
    // The destination is the last square: one letter then digits at the end.
    // (The letter is found as a character: a token may end in `é4` or `♔`.)
    let before_digits = rest.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = rest.len() - before_digits.len();
    let Some((to_start, _)) = before_digits.char_indices().next_back() else {
        return Vec::new();
    };
    let (from, to) = rest.split_at(to_start);
    let (Some(to), true) = (v.parse_square(to), digits > 0) else {
        return Vec::new();
    };
    let from_file = from.chars().next().filter(char::is_ascii_lowercase);
    let from_rank = from.trim_start_matches(|c: char| c.is_ascii_lowercase());
    if from.len() > 1 + from_rank.len() || !from_rank.bytes().all(|b| b.is_ascii_digit()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let (Some(f), Some(t)) = (pos.move_from(m), pos.move_to(m)) else {
            continue;
        };
        if m.kind() != MoveKind::Normal || t != to {
            continue;
        }
        let Some(piece) = pos.piece_at(f) else {
            continue;
        };
        let written = (piece.kind != Kind::Pawn).then(|| v.letter(piece.kind));
        let name = v.square_name(f);
        let fits = written == letter
            && from_file.is_none_or(|c| name.starts_with(c))
            && (from_rank.is_empty() || name[1..] == *from_rank)
            && match (promo, m.piece()) {
                (None, None) => true,
                (Some(p), Some(k)) => {
                    let san = normalise(&pos.san(m));
                    p.len() == 1 && p.starts_with(v.letter(k))
                        || san.rsplit_once('=').is_some_and(|(_, form)| form == p)
                }
                _ => false,
            };
        if fits {
            out.push((m, pos.lmn(m)));
        }
    }
    out
}

/// The moves of a variation written after a move, in LMN, played from
/// `pos` (the position before that move); `None` when one of them is not a
/// legal move there (such a variation is skipped, as every variation once
/// was).
fn variation_line(
    pos: &Position,
    words: &[String],
    dialect: Option<&Dialect>,
) -> Option<Vec<String>> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let joined = words
            .get(i + 1)
            .filter(|n| castle_with_squares(&words[i], n))
            .and_then(|n| find_move(&p, &format!("{} {n}", words[i]), dialect).ok());
        let (m, used) = match joined {
            Some(m) => (m, 2),
            None => (find_move(&p, &words[i], dialect).ok()?, 1),
        };
        out.push(p.lmn(m));
        p.make_move(m);
        i += used;
    }
    Some(out)
}

/// Checks the board field's shape (ranks and squares per rank) so that the
/// error can say `rank 3 has 11 squares, expected 10`.
fn board_shape(v: &Variant, board: &str) -> Result<(), String> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != v.height() as usize {
        return Err(format!(
            "the board has {} ranks, expected {}",
            ranks.len(),
            v.height()
        ));
    }
    for (row, rank) in ranks.iter().enumerate() {
        let y = v.height() - 1 - row as u8;
        let mut count: u64 = 0;
        let mut run: u64 = 0;
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(d) => run = (run * 10 + d as u64).min(1_000_000),
                None => {
                    count += run;
                    run = 0;
                    if c != '~' {
                        count += 1;
                    }
                }
            }
        }
        count += run;
        if count != v.width() as u64 {
            return Err(format!(
                "rank {} has {count} squares, expected {}",
                v.rank_label(y),
                v.width()
            ));
        }
    }
    Ok(())
}

/// Reads one raw game.
struct Reader<'a> {
    raw: &'a RawGame,
}

impl Reader<'_> {
    fn tag_error(&self, t: &RawTag, problem: impl Into<String>) -> RecordError {
        RecordError::Tag {
            game: self.raw.number,
            line: t.line,
            tag: t.name.clone(),
            problem: problem.into(),
        }
    }

    fn result_error(&self, problem: String) -> RecordError {
        RecordError::Result {
            game: self.raw.number,
            problem,
        }
    }

    /// The variant id the `Variant` tag names, and the dialect to read the
    /// game in (`None` = Chimera's own).
    fn variant_id(&self) -> Result<(&'static str, Option<&'static Dialect>), RecordError> {
        let Some(t) = self.raw.tag("Variant") else {
            return Ok(("chess", fsf::dialect("chess")));
        };
        let name = t.value.trim();
        if let Some(info) = variants().iter().find(|i| i.id == name) {
            return Ok((info.id, None));
        }
        if let Some(d) = fsf::by_pgn_variant(name) {
            return Ok((d.id(), Some(d)));
        }
        // pychess once kept Embassy games as Capablanca with Embassy's setup
        // (king on e1): with a FEN tag, such a record is read as Embassy.
        if name.eq_ignore_ascii_case("capablanca") && self.raw.tag("FEN").is_some() {
            return Ok(("embassy", fsf::dialect("embassy")));
        }
        let lower = name.to_lowercase();
        variants()
            .iter()
            .find(|i| i.id == lower || i.name.to_lowercase() == lower)
            .map(|i| (i.id, None))
            .ok_or_else(|| RecordError::UnknownVariant {
                game: self.raw.number,
                line: t.line,
                name: shorten(name),
                known: variants()
                    .iter()
                    .map(|i| i.id)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    fn options(&self) -> Result<Vec<(String, String)>, RecordError> {
        let Some(t) = self.raw.tag("Options") else {
            return Ok(Vec::new());
        };
        t.value
            .split_whitespace()
            .map(|kv| {
                kv.split_once('=')
                    .filter(|(k, x)| !k.is_empty() && !x.is_empty())
                    .map(|(k, x)| (k.to_string(), x.to_string()))
                    .ok_or_else(|| {
                        self.tag_error(t, format!("'{}' is not name=value", shorten(kv)))
                    })
            })
            .collect()
    }

    /// The game at its start position (`VFEN` or, in the foreign dialect,
    /// `FEN` tag).
    fn start(
        &self,
        v: &std::sync::Arc<Variant>,
        dialect: Option<&Dialect>,
    ) -> Result<Game, RecordError> {
        let (vfen, fen) = (self.raw.tag("VFEN"), self.raw.tag("FEN"));
        let (t, vfen) = match (vfen, fen) {
            (None, None) => return Ok(Game::new(v)),
            (Some(a), Some(_)) => {
                return Err(self.tag_error(a, "give the position once: VFEN or FEN, not both"));
            }
            (Some(t), None) => (t, t.value.clone()),
            (None, Some(t)) => {
                let d = dialect.or_else(|| fsf::dialect(v.id())).ok_or_else(|| {
                    self.tag_error(
                        t,
                        format!(
                            "{} has no Fairy-Stockfish FEN; write the position as a VFEN tag",
                            v.id()
                        ),
                    )
                })?;
                let board = t.value.split_whitespace().next().unwrap_or("");
                board_shape(v, board).map_err(|e| self.tag_error(t, e))?;
                (
                    t,
                    d.fen_to_vfen(v, &t.value)
                        .map_err(|e| self.tag_error(t, e.to_string()))?,
                )
            }
        };
        let board = vfen.split_whitespace().next().unwrap_or("");
        board_shape(v, board).map_err(|e| self.tag_error(t, e))?;
        Game::from_vfen(v, &vfen).map_err(|e| {
            let msg = e.to_string();
            let msg = msg.strip_prefix("VFEN ").unwrap_or(&msg).to_string();
            self.tag_error(t, msg)
        })
    }

    fn read(&self) -> Result<Loaded, RecordError> {
        let raw = self.raw;
        // One pass with a map: a file of many tags costs their number, not its square.
        let mut first_line: std::collections::HashMap<&str, usize> =
            std::collections::HashMap::with_capacity(raw.tags.len());
        for t in &raw.tags {
            if let Some(first) = first_line.insert(&t.name, t.line) {
                return Err(self.tag_error(t, format!("given twice (first on line {first})")));
            }
        }
        let (id, dialect) = self.variant_id()?;
        let options = self.options()?;
        let v = Variant::new(id, &options).map_err(|e| match raw.tag("Options") {
            Some(t) => self.tag_error(t, e.to_string()),
            None => RecordError::Syntax {
                game: raw.number,
                line: raw.line,
                what: e.to_string(),
            },
        })?;
        let control = match raw.tag("TimeControl") {
            Some(t) => t
                .value
                .parse::<TimeControl>()
                .map_err(|e| self.tag_error(t, e.to_string()))?,
            None => TimeControl::None,
        };
        let mut game = self.start(&v, dialect)?;
        let moves = self.moves(&mut game, dialect)?;
        let result = self.result(&game)?;
        let mut record = MatchRecord {
            variant: id.to_string(),
            options: v.options().to_vec(),
            start_vfen: {
                let s = game.start().to_vfen();
                (s != v.start_position().to_vfen()).then_some(s)
            },
            moves,
            clock: None,
            result,
            tags: raw
                .tags
                .iter()
                .filter(|t| !DERIVED_TAGS.contains(&t.name.as_str()))
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect(),
        };
        record.set_time_control(control, &game);
        Ok(Loaded { record, game })
    }

    /// Plays every move token.
    fn moves(
        &self,
        game: &mut Game,
        dialect: Option<&Dialect>,
    ) -> Result<Vec<RecordedMove>, RecordError> {
        let raw = &self.raw.moves;
        let mut out = Vec::with_capacity(raw.len());
        let mut i = 0;
        while i < raw.len() {
            let rm = &raw[i];
            let pos = game.position();
            let (number, side) = (pos.fullmove_number(), pos.side_to_move());
            let err = |problem: String| RecordError::Move {
                game: self.raw.number,
                line: rm.line,
                number,
                side: match side {
                    chimera_rules::Color::White => "white",
                    chimera_rules::Color::Black => "black",
                },
                problem,
            };
            if let Some(o) = game.outcome() {
                return Err(err(format!(
                    "'{}' comes after the end of the game ({})",
                    shorten(&rm.text),
                    o.result_text()
                )));
            }
            let joined = raw
                .get(i + 1)
                .filter(|n| castle_with_squares(&rm.text, &n.text))
                .and_then(|n| find_move(pos, &format!("{} {}", rm.text, n.text), dialect).ok());
            let (m, used) = match joined {
                Some(m) => (m, 2),
                None => (find_move(pos, &rm.text, dialect).map_err(err)?, 1),
            };
            let group: &[RawMove] = &raw[i..i + used];
            let last = &group[used - 1];
            let comments: Vec<&str> = group.iter().filter_map(|r| r.comment.as_deref()).collect();
            let square = |name: &str| {
                pos.variant()
                    .parse_square(name)
                    .map(|s| pos.variant().square_name(s))
                    .ok_or_else(|| {
                        err(format!(
                            "the drawing names '{}', which is not a square of this board",
                            shorten(name)
                        ))
                    })
            };
            let mut arrows = Vec::new();
            let mut circles = Vec::new();
            for r in group {
                for (brush, from, to) in &r.arrows {
                    arrows.push(Arrow {
                        brush: *brush,
                        from: square(from)?,
                        to: square(to)?,
                    });
                }
                for (brush, sq) in &r.circles {
                    circles.push(Circle {
                        brush: *brush,
                        square: square(sq)?,
                    });
                }
            }
            let line = group
                .iter()
                .find_map(|r| r.variation.as_deref())
                .and_then(|words| variation_line(pos, words, dialect))
                .unwrap_or_default();
            out.push(RecordedMove {
                lmn: pos.lmn(m),
                clock: last.clock,
                nags: group.iter().flat_map(|r| r.nags.iter().copied()).collect(),
                comment: (!comments.is_empty()).then(|| comments.join(" ")),
                eval: group.iter().rev().find_map(|r| r.eval),
                arrows,
                circles,
                line,
            });
            game.play(m).map_err(|e| err(e.to_string()))?;
            i += used;
        }
        Ok(out)
    }

    /// The result: movetext token, `Result` and `Termination` tags and the
    /// final position must agree.
    fn result(&self, game: &Game) -> Result<Option<Outcome>, RecordError> {
        let raw = self.raw;
        let token = raw.result.0;
        if let Some(t) = raw.tag("Result") {
            if !syntax::RESULTS.contains(&t.value.as_str()) {
                return Err(self.tag_error(
                    t,
                    format!("'{}' is not 1-0, 0-1, 1/2-1/2 or *", shorten(&t.value)),
                ));
            }
            if t.value != token {
                return Err(self.result_error(format!(
                    "the Result tag says {} but the moves end with {token}",
                    t.value
                )));
            }
        }
        let termination = match raw.tag("Termination") {
            None => None,
            Some(t) => {
                let w = t.value.trim().to_lowercase();
                match w.as_str() {
                    // lichess: the reason follows from the result.
                    "normal" | "unterminated" | "rules infraction" => None,
                    _ => Some(EndReason::from_word(&w).ok_or_else(|| {
                        let words: Vec<&str> = EndReason::ALL.iter().map(|x| x.word()).collect();
                        self.tag_error(
                            t,
                            format!(
                                "unknown value '{}' (known: {})",
                                shorten(&t.value),
                                words.join(", ")
                            ),
                        )
                    })?),
                }
            }
        };
        let score = Score::parse(token);
        match (score, game.outcome()) {
            // A game stopped without a result may say why (a host shut down:
            // `abandoned`); any other reason gives a result, which `*` denies.
            (None, None) => match (termination, raw.tag("Termination")) {
                (Some(t), Some(tag)) if t != EndReason::Abandoned => {
                    Err(self.result_error(format!(
                        "the Termination tag says {} but the result is * (the game goes on); \
                     only abandoned stops a game without a result",
                        shorten(&tag.value)
                    )))
                }
                _ => Ok(None),
            },
            (None, Some(o)) => Err(self.result_error(format!(
                "the record says the game goes on (*) but the final position is over ({})",
                o.result_text()
            ))),
            (Some(s), Some(by_rules)) => {
                if s != by_rules.score() || termination.is_some_and(|t| t != by_rules.reason) {
                    return Err(self.result_error(
                        format!(
                            "the record says {} {} but the final position gives {}",
                            s.text(),
                            termination.map_or("", |t| t.word()),
                            by_rules.result_text()
                        )
                        .replace("  ", " "),
                    ));
                }
                Ok(Some(by_rules))
            }
            (Some(s), None) => {
                let t = termination.unwrap_or(if s == Score::Draw {
                    EndReason::DrawAgreed
                } else {
                    EndReason::Resignation
                });
                let fits = match t {
                    EndReason::DrawAgreed => s == Score::Draw,
                    EndReason::Resignation | EndReason::Abandoned => s != Score::Draw,
                    _ => true,
                };
                if t.by_rules() {
                    return Err(self.result_error(format!(
                        "the record says {} by {} but the final position does not show it",
                        s.text(),
                        t.word()
                    )));
                }
                if !fits {
                    return Err(self.result_error(format!(
                        "a game does not end {} by {}",
                        s.text(),
                        t.word()
                    )));
                }
                Ok(Some(Outcome {
                    winner: s.winner(),
                    reason: t,
                }))
            }
        }
    }
}
