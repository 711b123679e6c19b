//! LMN and VFEN (docs/rules.md §8), both directions, and a readable display notation.

use std::sync::Arc;

use super::geometry::{Sq, file_letter};
use super::pieces::{
    Color, EMPTY, Kind, LOCK_BIT, OFF, Special, color_of, is_piece, kind_of, piece,
};
use super::position::{Move, MoveKind, Position, State};
use super::variants::Variant;
use super::{RulesError, VfenField};

/// Largest half-move clock or full-move number a VFEN may give.
const MAX_CLOCK: u32 = 1_000_000_000;

/// What an LMN token names, as far as "why not" reasons go.
enum LmnShape {
    /// A move, capture, promotion or castling (the king's squares).
    Move(Sq, Sq),
    /// A drop of the piece with this letter on this square.
    Drop(char, Sq),
    /// Mutation, crowning or pass.
    Other,
}

/// A VFEN error about `field`; `detail` says what and where.
fn vfen_error(field: VfenField, detail: impl Into<String>) -> RulesError {
    RulesError::BadVfen {
        field,
        detail: detail.into(),
    }
}

fn bad<T>(field: VfenField, detail: impl Into<String>) -> Result<T, RulesError> {
    Err(vfen_error(field, detail))
}

/// VFEN field 4 (docs/rules.md §8): the squares a pawn of the side not to move
/// just passed over, in order: exactly those of one multi-square pawn move
/// of this variant, from an empty start square to the pawn beyond the last.
fn read_en_passant(v: &Variant, s: &mut State, text: &str) -> Result<(), RulesError> {
    let geo = &v.geo;
    let mover = s.side.opposite();
    let longest = v.pawn.longest_pass();
    if longest == 0 {
        return bad(
            VfenField::EnPassant,
            format!("en passant: {} has no en passant, write '-'", v.id()),
        );
    }
    let mut squares = Vec::new();
    for name in text.split(',') {
        let sq = geo.parse(name).ok_or_else(|| {
            vfen_error(
                VfenField::EnPassant,
                format!("en passant: '{name}' is not a square of this board"),
            )
        })?;
        let cell = geo.index(sq) as u16;
        if s.board[cell as usize] != EMPTY {
            return bad(
                VfenField::EnPassant,
                format!("en passant: {name} is not empty"),
            );
        }
        squares.push(cell);
    }
    let f = State::forward(v, mover);
    for (k, w) in squares.windows(2).enumerate() {
        if w[1] as i16 - w[0] as i16 != f {
            return bad(
                VfenField::EnPassant,
                format!(
                    "en passant: squares {} and {} are not in a pawn's path",
                    k + 1,
                    k + 2
                ),
            );
        }
    }
    if squares.len() > longest {
        return bad(
            VfenField::EnPassant,
            format!(
                "en passant: {} squares, but a pawn move of {} passes over at most {longest}",
                squares.len(),
                v.id()
            ),
        );
    }
    let (first, last) = (squares[0], squares[squares.len() - 1]);
    let victim = (last as i16 + f) as u16;
    if s.board[victim as usize] != piece(mover, Kind::Pawn) {
        return bad(
            VfenField::EnPassant,
            format!(
                "en passant: no {} pawn beyond {} that just passed it",
                mover.name().to_lowercase(),
                geo.name(geo.sq(last as usize))
            ),
        );
    }
    // The square the pawn came from: empty, and one its moves that long start from.
    let white = mover == Color::White;
    let first_sq = geo.sq(first as usize);
    let from = geo.at(
        first_sq.x as i32,
        first_sq.y as i32 + if white { -1 } else { 1 },
    );
    let steps = squares.len() as u8 + 1;
    let allowed = from.is_some_and(|o| {
        let ry = geo.relative_y(o.y, white);
        s.board[geo.index(o)] == EMPTY && v.pawn.reaches(ry, steps)
    });
    if !allowed {
        let names: Vec<String> = squares
            .iter()
            .map(|&c| geo.name(geo.sq(c as usize)))
            .collect();
        return bad(
            VfenField::EnPassant,
            format!(
                "en passant: no {} pawn move of {} passes over {} ({})",
                mover.name().to_lowercase(),
                v.id(),
                names.join(","),
                match from {
                    Some(o) if s.board[geo.index(o)] != EMPTY => {
                        format!("{}, where it came from, is not empty", geo.name(o))
                    }
                    Some(o) => format!("a pawn on {} does not move {steps} squares", geo.name(o)),
                    None => "it would come from off the board".to_string(),
                }
            ),
        );
    }
    s.set_ep(v, &squares, victim);
    Ok(())
}

impl Position {
    /// Parses a VFEN of this variant; errors say which field is wrong and why.
    pub fn from_vfen(v: &Arc<Variant>, text: &str) -> Result<Position, RulesError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 7 {
            return bad(
                VfenField::FieldCount,
                format!(
                    "needs 7 fields (board side castling en-passant hand halfmove fullmove), found {}",
                    fields.len()
                ),
            );
        }
        let geo = &v.geo;
        let mut s = State::empty();
        for &cell in &v.cells {
            s.board[cell as usize] = EMPTY;
        }
        // 1. Board.
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != geo.height as usize {
            return bad(
                VfenField::Board,
                format!(
                    "board has {} ranks, {} needs {}",
                    ranks.len(),
                    v.id(),
                    geo.height
                ),
            );
        }
        for (row, rank_text) in ranks.iter().enumerate() {
            let y = geo.height - 1 - row as u8;
            let rank_name = geo.rank_number(y);
            let mut x: u32 = 0;
            let mut chars = rank_text.chars().peekable();
            let square = |x: u32| format!("{}{}", file_letter(x as u8), rank_name);
            while let Some(c) = chars.next() {
                if x >= geo.width as u32 {
                    return bad(
                        VfenField::Board,
                        format!("rank {rank_name} is longer than {} files", geo.width),
                    );
                }
                if c.is_ascii_digit() {
                    // Saturating: a run of any length is refused by its
                    // size, never wrapped round to a small one.
                    let mut run = String::from(c);
                    let mut n = c.to_digit(10).unwrap_or(0);
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d);
                        run.extend(chars.next());
                    }
                    if n == 0 || x.saturating_add(n) > geo.width as u32 {
                        if run.len() > 12 {
                            run = format!("{}… ({} digits)", &run[..6], run.len());
                        }
                        return bad(
                            VfenField::Board,
                            format!(
                                "rank {rank_name}: bad run of {run} empty squares at {}",
                                square(x)
                            ),
                        );
                    }
                    for k in x..x + n {
                        if !geo.exists(Sq::new(k as u8, y)) {
                            return bad(
                                VfenField::Board,
                                format!(
                                    "rank {rank_name}: {} is missing on this board, write '*'",
                                    square(k)
                                ),
                            );
                        }
                    }
                    x += n;
                } else if c == '*' {
                    if geo.exists(Sq::new(x as u8, y)) {
                        return bad(
                            VfenField::Board,
                            format!(
                                "rank {rank_name}: '*' at {} but that square exists",
                                square(x)
                            ),
                        );
                    }
                    x += 1;
                } else if c.is_ascii_alphabetic() {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let kind = v.kind_of_letter(c.to_ascii_uppercase()).ok_or_else(|| {
                        vfen_error(
                            VfenField::Board,
                            format!(
                                "rank {rank_name}: unknown piece letter '{c}' at {}",
                                square(x)
                            ),
                        )
                    })?;
                    let s_here = Sq::new(x as u8, y);
                    if !geo.exists(s_here) {
                        return bad(
                            VfenField::Board,
                            format!(
                                "rank {rank_name}: piece '{c}' on {}, which is missing on this board",
                                square(x)
                            ),
                        );
                    }
                    let mut p = piece(color, kind);
                    if chars.peek() == Some(&'~') {
                        chars.next();
                        if !(v.serpent && kind.is_serpent_form()) {
                            return bad(
                                VfenField::Board,
                                format!(
                                    "rank {rank_name}: '~' after '{c}', which is not a serpent form"
                                ),
                            );
                        }
                        p |= LOCK_BIT;
                    }
                    s.place(geo.index(s_here) as u16, p);
                    x += 1;
                } else {
                    return bad(
                        VfenField::Board,
                        format!("rank {rank_name}: unexpected character '{c}'"),
                    );
                }
            }
            if x != geo.width as u32 {
                return bad(
                    VfenField::Board,
                    format!(
                        "rank {rank_name} covers {x} files, the board has {}",
                        geo.width
                    ),
                );
            }
        }
        // 2. Side to move.
        s.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            f => {
                return bad(
                    VfenField::SideToMove,
                    format!("side to move must be 'w' or 'b', found '{f}'"),
                );
            }
        };
        // 3. Castling rights.
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let file = c.to_ascii_lowercase() as i32 - 'a' as i32;
                let castling = v
                    .castlings
                    .iter()
                    .find(|k| k.color == color && k.rook_from.x as i32 == file)
                    .ok_or_else(|| {
                        vfen_error(
                            VfenField::Castling,
                            format!("castling: '{c}' names no castling rook file of {}", v.id()),
                        )
                    })?;
                let king_ok = s.board[geo.index(castling.king_from)] == piece(color, Kind::King);
                let rook_ok = s.board[geo.index(castling.rook_from)] == piece(color, Kind::Rook);
                if !king_ok || !rook_ok {
                    return bad(
                        VfenField::Castling,
                        format!(
                            "castling: '{c}' needs the {} king on {} and rook on {}",
                            color.name().to_lowercase(),
                            geo.name(castling.king_from),
                            geo.name(castling.rook_from)
                        ),
                    );
                }
                s.castling |= 1 << (if color == Color::White { 0 } else { 16 } + file as u32);
            }
        }
        // 5. Hand (before 4, which only needs the board).
        if fields[4] != "-" {
            for c in fields[4].chars() {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let up = c.to_ascii_uppercase();
                let kind = v
                    .hand
                    .iter()
                    .copied()
                    .find(|k| v.letter(*k) == up)
                    .ok_or_else(|| {
                        vfen_error(
                            VfenField::Hand,
                            format!("hand: '{c}' is not a piece {} holds in hand", v.id()),
                        )
                    })?;
                let n = &mut s.hand[color.index()][kind.idx()];
                *n = n.checked_add(1).ok_or_else(|| {
                    vfen_error(VfenField::Hand, format!("hand: more than 255 '{c}'"))
                })?;
            }
        }
        // 6, 7. Clocks (bounded, so that playing on can never overflow them).
        s.halfmove = fields[5]
            .parse()
            .ok()
            .filter(|n| *n <= MAX_CLOCK)
            .ok_or_else(|| {
                vfen_error(
                    VfenField::HalfmoveClock,
                    format!(
                        "half-move clock '{}' is not a number from 0 to {MAX_CLOCK}",
                        fields[5]
                    ),
                )
            })?;
        s.fullmove = fields[6]
            .parse()
            .ok()
            .filter(|n| (1..=MAX_CLOCK).contains(n))
            .ok_or_else(|| {
                vfen_error(
                    VfenField::FullmoveNumber,
                    format!(
                        "full-move number '{}' is not a number from 1 to {MAX_CLOCK}",
                        fields[6]
                    ),
                )
            })?;
        // Kings and pawns.
        for c in [Color::White, Color::Black] {
            let king = piece(c, Kind::King);
            let kings: Vec<u16> = v
                .cells
                .iter()
                .copied()
                .filter(|&i| s.board[i as usize] == king)
                .collect();
            if v.royal {
                if kings.len() > 1 {
                    return bad(
                        VfenField::Board,
                        format!("board: {} has {} kings", c.name(), kings.len()),
                    );
                }
                // One royal king per side: a king in hand joins the board by a drop.
                let in_hand = s.hand[c.index()][Kind::King.idx()] as usize;
                if kings.len() + in_hand > 1 {
                    return bad(
                        VfenField::Hand,
                        format!(
                            "hand: {} has {} kings, {} on the board and {in_hand} in hand; one at most",
                            c.name(),
                            kings.len() + in_hand,
                            kings.len()
                        ),
                    );
                }
                s.royal[c.index()] = kings.first().copied().unwrap_or(0);
            }
        }
        for &i in &v.cells {
            let p = s.board[i as usize];
            if is_piece(p)
                && v.def(kind_of(p))
                    .is_some_and(|d| d.special == Special::Pawn)
            {
                let y = geo.sq(i as usize).y;
                if geo.relative_y(y, color_of(p) == Color::White) >= v.promotion.last {
                    return bad(
                        VfenField::Board,
                        format!(
                            "board: pawn on {}, its promotion rank",
                            geo.name(geo.sq(i as usize))
                        ),
                    );
                }
            }
        }
        // 4. En passant.
        if fields[3] != "-" {
            read_en_passant(v, &mut s, fields[3])?;
        }
        s.hash = s.compute_hash();
        let pos = Position {
            variant: v.clone(),
            s,
        };
        if v.royal && pos.s.king_attacked(v, pos.s.side.opposite()) {
            return bad(
                VfenField::Position,
                format!(
                    "position: {} is to move but can capture the enemy king",
                    pos.s.side.name()
                ),
            );
        }
        Ok(pos)
    }

    /// Writes the position as VFEN.
    pub fn to_vfen(&self) -> String {
        let v = &*self.variant;
        let geo = &v.geo;
        let s = &self.s;
        let mut out = String::new();
        for y in (0..geo.height).rev() {
            let mut run = 0;
            for x in 0..geo.width {
                let p = s.board[geo.index(Sq::new(x, y))];
                if p == EMPTY {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                if p == OFF {
                    out.push('*');
                } else {
                    let l = v.letter(Kind::from_u8(kind_of(p)).expect("kind"));
                    out.push(if color_of(p) == Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                    if p & LOCK_BIT != 0 {
                        out.push('~');
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            if y > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(s.side.letter());
        out.push(' ');
        let mut rights = String::new();
        for (base, upper) in [(0, true), (16, false)] {
            for f in 0..16u32 {
                if s.castling & (1 << (base + f)) != 0 {
                    let l = file_letter(f as u8);
                    rights.push(if upper { l.to_ascii_uppercase() } else { l });
                }
            }
        }
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        out.push(' ');
        if s.ep.n == 0 {
            out.push('-');
        } else {
            let names: Vec<String> = s.ep.sq[..s.ep.n as usize]
                .iter()
                .map(|&c| self.name(c))
                .collect();
            out.push_str(&names.join(","));
        }
        out.push(' ');
        let mut hand = String::new();
        for c in [Color::White, Color::Black] {
            for &k in &v.hand {
                let l = v.letter(k);
                for _ in 0..s.hand[c.index()][k.idx()] {
                    hand.push(if c == Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                }
            }
        }
        out.push_str(if hand.is_empty() { "-" } else { &hand });
        out.push_str(&format!(" {} {}", s.halfmove, s.fullmove));
        out
    }

    fn name(&self, cell: u16) -> String {
        self.variant.geo.name(self.sq(cell))
    }

    fn letter_of(&self, k: u8) -> char {
        self.variant.letter(Kind::from_u8(k).expect("kind"))
    }

    /// The move in long move notation (docs/rules.md §8).
    pub fn lmn(&self, m: Move) -> String {
        match m.kind {
            MoveKind::Normal | MoveKind::Swap => {
                let mut t = format!("{}{}", self.name(m.from), self.name(m.to));
                if m.piece != 0 {
                    t.push('=');
                    t.push(self.letter_of(m.piece));
                }
                t
            }
            MoveKind::Drop => {
                let mut t = format!("{}@{}", self.letter_of(m.piece), self.name(m.aux));
                if m.to != m.aux {
                    t.push('-');
                    t.push_str(&self.name(m.to));
                }
                t
            }
            MoveKind::Castle => format!(
                "{}{},{}{}",
                self.name(m.from),
                self.name(m.to),
                self.name(m.aux),
                self.name(m.aux2)
            ),
            MoveKind::Mutate => format!("{}~{}", self.name(m.from), self.letter_of(m.piece)),
            MoveKind::Crown => format!("^{}", self.name(m.to)),
            MoveKind::Pass => "pass".into(),
        }
    }

    /// Parses one LMN token and returns the legal move it names.
    pub fn parse_lmn(&self, text: &str) -> Result<Move, RulesError> {
        let shape = self.lmn_shape(text)?;
        if let Some(m) = self
            .legal_moves()
            .into_iter()
            .find(|m| self.lmn(*m) == text)
        {
            return Ok(m);
        }
        let reason = match shape {
            LmnShape::Move(from, to) => self.why_not(from, to),
            LmnShape::Drop(letter, at) => {
                let v = &*self.variant;
                let kind = match v.kind_of_letter(letter) {
                    Some(k) if v.serpent && k.is_serpent_form() => Kind::Serpent,
                    Some(k) => k,
                    None => Kind::Serpent,
                };
                self.why_not_drop(self.side_to_move(), kind, at)
            }
            LmnShape::Other => None,
        };
        Err(RulesError::IllegalMove {
            lmn: text.to_string(),
            reason,
        })
    }

    /// Checks the shape of an LMN token (squares of this board, known
    /// letters) and returns what a "why not" needs of it.
    fn lmn_shape(&self, text: &str) -> Result<LmnShape, RulesError> {
        let v = &self.variant;
        let not_lmn = |why: &str| RulesError::BadLmn {
            text: text.to_string(),
            why: why.to_string(),
        };
        let square = |t: &str| {
            v.geo
                .parse(t)
                .ok_or_else(|| not_lmn(&format!("'{t}' is not a square of this board")))
        };
        let letter = |t: &str| -> Result<char, RulesError> {
            let mut cs = t.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None)
                    if c.is_ascii_uppercase()
                        && (v.kind_of_letter(c).is_some() || v.letter(Kind::Serpent) == c) =>
                {
                    Ok(c)
                }
                _ => Err(not_lmn(&format!(
                    "'{t}' is not a piece letter of {}",
                    v.id()
                ))),
            }
        };
        // Splits "e2e4" / "f10f11" into its two squares.
        let two_squares = |t: &str| -> Result<LmnShape, RulesError> {
            let b = t.as_bytes();
            let split = (2..t.len())
                .find(|&i| b[i].is_ascii_lowercase() && b[i - 1].is_ascii_digit())
                .ok_or_else(|| not_lmn("expected two squares"))?;
            Ok(LmnShape::Move(square(&t[..split])?, square(&t[split..])?))
        };
        if text.is_empty() {
            return Err(not_lmn("empty"));
        }
        if text == "pass" {
            return Ok(LmnShape::Other);
        }
        if let Some(rest) = text.strip_prefix('^') {
            return square(rest).map(|_| LmnShape::Other);
        }
        if let Some((l, rest)) = text.split_once('@') {
            let l = letter(l)?;
            let at = match rest.split_once('-') {
                Some((a, b)) => {
                    let at = square(a)?;
                    square(b)?;
                    at
                }
                None => square(rest)?,
            };
            return Ok(LmnShape::Drop(l, at));
        }
        if let Some((sq, form)) = text.split_once('~') {
            square(sq)?;
            return letter(form).map(|_| LmnShape::Other);
        }
        if let Some((k, r)) = text.split_once(',') {
            let king = two_squares(k)?;
            two_squares(r)?;
            return Ok(king);
        }
        match text.split_once('=') {
            Some((squares, l)) => {
                let m = two_squares(squares)?;
                letter(l)?;
                Ok(m)
            }
            None => two_squares(text),
        }
    }

    /// Readable notation for a move list (`Nf3`, `Bxe5`, `J@e2-e5`,
    /// `e4~Cannon`, `^d1`, `O-O`), with `+`/`#` for check and mate.
    pub fn san(&self, m: Move) -> String {
        let v = &*self.variant;
        let b = &self.s.board;
        let form_name = |k: u8| {
            let k = Kind::from_u8(k).expect("kind");
            if v.serpent && k.is_serpent_form() {
                k.name().rsplit(' ').next().unwrap_or("").to_string()
            } else {
                v.letter(k).to_string()
            }
        };
        let mut t = match m.kind {
            MoveKind::Normal => {
                let p = b[m.from as usize];
                let k = kind_of(p);
                let capture = self.is_capture(m);
                let mut t = String::new();
                if k == Kind::Pawn.num() {
                    // Relay power lets a second pawn of the file reach the
                    // same square: then the origin square tells them apart.
                    if !self.disambiguation(m).is_empty() {
                        t.push_str(&self.name(m.from));
                    } else if capture || (m.to as i16 - m.from as i16) % v.geo.stride != 0 {
                        t.push(file_letter(self.sq(m.from).x));
                    }
                } else {
                    t.push(self.letter_of(k));
                    t.push_str(&self.disambiguation(m));
                }
                if capture {
                    t.push('x');
                }
                t.push_str(&self.name(m.to));
                if m.piece != 0 {
                    t.push('=');
                    t.push_str(&form_name(m.piece));
                }
                t
            }
            MoveKind::Drop => {
                let mut t = format!("{}@{}", form_name(m.piece), self.name(m.aux));
                if m.to != m.aux {
                    t.push('-');
                    t.push_str(&self.name(m.to));
                }
                t
            }
            MoveKind::Castle => {
                let (kf, kt) = (self.sq(m.from), self.sq(m.to));
                if v.jump_castling || kf.y != kt.y {
                    format!("O-O {}{}", self.name(m.from), self.name(m.to))
                } else {
                    let kingside = kt.x > kf.x;
                    let base = if kingside { "O-O" } else { "O-O-O" };
                    let choices = v
                        .castlings
                        .iter()
                        .filter(|c| {
                            c.color == self.s.side && (c.king_to.x > c.king_from.x) == kingside
                        })
                        .count();
                    if choices > 1 {
                        format!("{base}/{}", self.name(m.to))
                    } else {
                        base.to_string()
                    }
                }
            }
            MoveKind::Mutate => format!("{}~{}", self.name(m.from), form_name(m.piece)),
            MoveKind::Crown => format!("^{}", self.name(m.to)),
            MoveKind::Swap => format!("K<>{}", self.name(m.to)),
            MoveKind::Pass => "pass".into(),
        };
        if v.royal {
            let mut after = self.clone();
            after.make_move(m);
            if after.in_check() {
                t.push(
                    if after
                        .legal_moves()
                        .iter()
                        .any(|n| n.kind != MoveKind::Crown)
                    {
                        '+'
                    } else {
                        '#'
                    },
                );
            }
        }
        t
    }

    /// File, rank or square that tells this move apart from another piece of
    /// the same kind reaching the same square.
    fn disambiguation(&self, m: Move) -> String {
        let b = &self.s.board;
        let p = b[m.from as usize];
        let others: Vec<Sq> = self
            .legal_moves()
            .into_iter()
            .filter(|n| {
                n.kind == MoveKind::Normal
                    && n.to == m.to
                    && n.from != m.from
                    && b[n.from as usize] == p
            })
            .map(|n| self.sq(n.from))
            .collect();
        if others.is_empty() {
            return String::new();
        }
        let f = self.sq(m.from);
        if others.iter().all(|o| o.x != f.x) {
            file_letter(f.x).to_string()
        } else if others.iter().all(|o| o.y != f.y) {
            self.variant.geo.rank_number(f.y).to_string()
        } else {
            self.name(m.from)
        }
    }
}
