//! Position, moves, make/unmake with an incremental Zobrist hash.

use std::sync::Arc;

use super::geometry::{CELLS, Sq};
use super::pieces::{
    Color, EMPTY, Kind, LOCK_BIT, NKINDS, OFF, Piece, color_of, is_piece, kind_of, piece,
};
use super::rng::mix64;
use super::variants::Variant;

/// What a move does besides moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture (with promotion, en passant, flying or double capture).
    Normal,
    /// A piece from hand placed on the board (a ninja pawn maybe pushed on).
    Drop,
    /// King and rook move together.
    Castle,
    /// A serpent changes form in place.
    Mutate,
    /// Holy Grail crowning: king becomes a ninja pawn, a prince becomes king.
    Crown,
    /// Holywar King–Lady swap.
    Swap,
    /// Ghostarelay pass.
    Pass,
}

/// A move. Squares are mailbox cells of the variant's geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u16,
    pub to: u16,
    /// Normal: extra captured cell; Drop: drop cell; Castle: rook from.
    pub aux: u16,
    /// Castle: rook to.
    pub aux2: u16,
    pub kind: MoveKind,
    /// Promotion, dropped kind (serpent: its form) or mutation form.
    pub piece: u8,
}

impl Move {
    pub const fn normal(from: u16, to: u16) -> Move {
        Move {
            from,
            to,
            aux: 0,
            aux2: 0,
            kind: MoveKind::Normal,
            piece: 0,
        }
    }
    pub const fn with(kind: MoveKind, from: u16, to: u16, aux: u16, aux2: u16, piece: u8) -> Move {
        Move {
            from,
            to,
            aux,
            aux2,
            kind,
            piece,
        }
    }
    /// Kind of move.
    #[inline]
    pub fn kind(&self) -> MoveKind {
        self.kind
    }
    /// Promotion piece, dropped kind or mutation form.
    #[inline]
    pub fn piece(&self) -> Option<Kind> {
        Kind::from_u8(self.piece)
    }
}

/// En-passant state: the squares a pawn just passed over, and that pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Ep {
    pub sq: [u16; 3],
    pub n: u8,
    pub victim: u16,
}

#[derive(Clone, Copy, Debug)]
pub struct Undo {
    mv: Move,
    moved: Piece,
    cap_to: Piece,
    cap_aux: Piece,
    castling: u32,
    ep: Ep,
    halfmove: u32,
    hash: u64,
    royal: [u16; 2],
}

/// Board state without the variant (so move generation can borrow both).
#[derive(Clone)]
pub struct State {
    pub board: [Piece; CELLS],
    pub occ: [[u64; 6]; 2],
    pub side: Color,
    /// Castling rights: bit = file of the rook, White in bits 0–15, Black 16–31.
    pub castling: u32,
    pub ep: Ep,
    pub hand: [[u8; NKINDS]; 2],
    pub count: [[u8; NKINDS]; 2],
    pub halfmove: u32,
    pub fullmove: u32,
    /// Cell of each side's royal king (0 = none).
    pub royal: [u16; 2],
    pub hash: u64,
    pub undo: Vec<Undo>,
}

/// A position of a variant: board, side to move, rights, hands, clocks.
#[derive(Clone)]
pub struct Position {
    pub variant: Arc<Variant>,
    pub s: State,
}

#[inline]
pub(crate) fn z_piece(cell: u16, p: Piece) -> u64 {
    mix64(((cell as u64) << 8) | p as u64)
}
const Z_SIDE: u64 = 0x5D58_8B65_6C07_8965;
#[inline]
fn z_castle(bit: u32) -> u64 {
    mix64(0x1_0000_0000 + bit as u64)
}
#[inline]
fn z_ep(cell: u16) -> u64 {
    mix64(0x2_0000_0000 + cell as u64)
}
#[inline]
fn z_hand(c: usize, k: usize, n: u8) -> u64 {
    mix64(0x3_0000_0000 + ((c as u64) << 16) + ((k as u64) << 8) + n as u64)
}
fn z_castling(rights: u32) -> u64 {
    let mut h = 0;
    let mut r = rights;
    while r != 0 {
        h ^= z_castle(r.trailing_zeros());
        r &= r - 1;
    }
    h
}

impl State {
    pub(crate) fn empty() -> State {
        State {
            board: [OFF; CELLS],
            occ: [[0; 6]; 2],
            side: Color::White,
            castling: 0,
            ep: Ep::default(),
            hand: [[0; NKINDS]; 2],
            count: [[0; NKINDS]; 2],
            halfmove: 0,
            fullmove: 1,
            royal: [0; 2],
            hash: 0,
            undo: Vec::with_capacity(512),
        }
    }

    #[inline]
    pub fn place(&mut self, cell: u16, p: Piece) {
        let c = color_of(p).index();
        self.board[cell as usize] = p;
        self.occ[c][cell as usize >> 6] |= 1 << (cell & 63);
        self.count[c][kind_of(p) as usize] += 1;
    }

    #[inline]
    pub fn clear(&mut self, cell: u16) -> Piece {
        let p = self.board[cell as usize];
        let c = color_of(p).index();
        self.board[cell as usize] = EMPTY;
        self.occ[c][cell as usize >> 6] &= !(1 << (cell & 63));
        self.count[c][kind_of(p) as usize] -= 1;
        p
    }

    /// Hash computed from scratch (the incremental one must always equal it).
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (i, &p) in self.board.iter().enumerate() {
            if is_piece(p) {
                h ^= z_piece(i as u16, p);
            }
        }
        if self.side == Color::Black {
            h ^= Z_SIDE;
        }
        h ^= z_castling(self.castling);
        for &e in &self.ep.sq[..self.ep.n as usize] {
            h ^= z_ep(e);
        }
        for c in 0..2 {
            for k in 0..NKINDS {
                if self.hand[c][k] > 0 {
                    h ^= z_hand(c, k, self.hand[c][k]);
                }
            }
        }
        h
    }

    fn set_hand(&mut self, c: usize, k: usize, n: u8) {
        if self.hand[c][k] > 0 {
            self.hash ^= z_hand(c, k, self.hand[c][k]);
        }
        self.hand[c][k] = n;
        if n > 0 {
            self.hash ^= z_hand(c, k, n);
        }
    }

    fn set_castling(&mut self, rights: u32) {
        self.hash ^= z_castling(self.castling ^ rights);
        self.castling = rights;
    }

    /// Forward step of side `c` as a mailbox offset.
    #[inline]
    pub(crate) fn forward(v: &Variant, c: Color) -> i16 {
        if c == Color::White {
            v.geo.stride
        } else {
            -v.geo.stride
        }
    }

    /// Keeps only the en-passant squares an enemy pawn could capture onto
    /// (as VFEN writes them), and hashes them.
    pub(crate) fn set_ep(&mut self, v: &Variant, squares: &[u16], victim: u16) {
        let them = self.side; // called after the side flipped: the side that may capture
        let back = Self::forward(v, them.opposite());
        let pawn = piece(them, Kind::Pawn);
        let ready = squares.iter().any(|&e| {
            let b = e as i16 + back;
            self.board[(b - 1) as usize] == pawn || self.board[(b + 1) as usize] == pawn
        });
        self.ep = Ep::default();
        if ready {
            for (i, &e) in squares.iter().enumerate() {
                self.ep.sq[i] = e;
                self.hash ^= z_ep(e);
            }
            self.ep.n = squares.len() as u8;
            self.ep.victim = victim;
        }
    }

    /// Plays `m` (which must be legal).
    pub(crate) fn make(&mut self, v: &Variant, m: Move) {
        let us = self.side;
        let them = us.opposite();
        let mut u = Undo {
            mv: m,
            moved: EMPTY,
            cap_to: EMPTY,
            cap_aux: EMPTY,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
            royal: self.royal,
        };
        for &e in &self.ep.sq[..self.ep.n as usize] {
            self.hash ^= z_ep(e);
        }
        let mut new_ep: Option<([u16; 3], usize, u16)> = None;
        self.ep = Ep::default();
        let mut reset = false;
        match m.kind {
            MoveKind::Normal => {
                let p = self.board[m.from as usize];
                u.moved = p;
                if m.aux != 0 {
                    let c = self.clear(m.aux);
                    self.hash ^= z_piece(m.aux, c);
                    u.cap_aux = c;
                    reset = true;
                }
                let c = self.board[m.to as usize];
                if c != EMPTY {
                    self.clear(m.to);
                    self.hash ^= z_piece(m.to, c);
                    u.cap_to = c;
                    reset = true;
                    if v.royal && kind_of(c) == Kind::King.num() {
                        self.royal[them.index()] = 0;
                    }
                }
                self.clear(m.from);
                self.hash ^= z_piece(m.from, p);
                let np = if m.piece != 0 {
                    let k = Kind::from_u8(m.piece).expect("promotion kind");
                    piece(us, k)
                        | if v.serpent && k.is_serpent_form() {
                            LOCK_BIT
                        } else {
                            0
                        }
                } else {
                    p & !LOCK_BIT
                };
                self.place(m.to, np);
                self.hash ^= z_piece(m.to, np);
                let k = kind_of(p);
                if k == Kind::Pawn.num() || k == Kind::NinjaPawn.num() {
                    reset = true;
                }
                if v.royal && k == Kind::King.num() {
                    self.royal[us.index()] = m.to;
                }
                let mask = v.castle_mask[m.from as usize]
                    | v.castle_mask[m.to as usize]
                    | v.castle_mask[m.aux as usize];
                if self.castling & mask != 0 {
                    self.set_castling(self.castling & !mask);
                }
                if k == Kind::Pawn.num() && v.pawn.en_passant && m.aux == 0 {
                    let f = Self::forward(v, us);
                    let steps = (m.to as i16 - m.from as i16) / f;
                    if steps >= 2 {
                        let mut sq = [0u16; 3];
                        for i in 1..steps {
                            sq[(i - 1) as usize] = (m.from as i16 + i * f) as u16;
                        }
                        new_ep = Some((sq, (steps - 1) as usize, m.to));
                    }
                }
            }
            MoveKind::Drop => {
                let k = Kind::from_u8(m.piece).expect("dropped kind");
                let hk = if v.serpent && k.is_serpent_form() {
                    Kind::Serpent
                } else {
                    k
                }
                .idx();
                let n = self.hand[us.index()][hk];
                self.set_hand(us.index(), hk, n - 1);
                let p = piece(us, k)
                    | if v.serpent && k.is_serpent_form() {
                        LOCK_BIT
                    } else {
                        0
                    };
                self.place(m.to, p);
                self.hash ^= z_piece(m.to, p);
                if v.royal && k == Kind::King {
                    self.royal[us.index()] = m.to;
                }
                reset = true;
            }
            MoveKind::Castle => {
                let king = self.clear(m.from);
                self.hash ^= z_piece(m.from, king);
                let rook = self.clear(m.aux);
                self.hash ^= z_piece(m.aux, rook);
                self.place(m.to, king);
                self.hash ^= z_piece(m.to, king);
                self.place(m.aux2, rook);
                self.hash ^= z_piece(m.aux2, rook);
                u.moved = king;
                u.cap_aux = rook;
                if v.royal {
                    self.royal[us.index()] = m.to;
                }
                let mask = v.castle_mask[m.from as usize] | v.castle_mask[m.aux as usize];
                if self.castling & mask != 0 {
                    self.set_castling(self.castling & !mask);
                }
            }
            MoveKind::Mutate => {
                let p = self.clear(m.from);
                self.hash ^= z_piece(m.from, p);
                u.moved = p;
                let np = piece(us, Kind::from_u8(m.piece).expect("form")) | LOCK_BIT;
                self.place(m.from, np);
                self.hash ^= z_piece(m.from, np);
            }
            MoveKind::Crown => {
                let king = self.clear(m.from);
                self.hash ^= z_piece(m.from, king);
                let prince = self.clear(m.to);
                self.hash ^= z_piece(m.to, prince);
                let ninja = piece(us, Kind::NinjaPawn);
                self.place(m.from, ninja);
                self.hash ^= z_piece(m.from, ninja);
                self.place(m.to, king);
                self.hash ^= z_piece(m.to, king);
                self.royal[us.index()] = m.to;
                let mask = if us == Color::White {
                    0xFFFF
                } else {
                    0xFFFF_0000
                };
                if self.castling & mask != 0 {
                    self.set_castling(self.castling & !mask);
                }
            }
            MoveKind::Swap => {
                let king = self.clear(m.from);
                self.hash ^= z_piece(m.from, king);
                let lady = self.clear(m.to);
                self.hash ^= z_piece(m.to, lady);
                self.place(m.to, king);
                self.hash ^= z_piece(m.to, king);
                self.place(m.from, lady);
                self.hash ^= z_piece(m.from, lady);
                if v.royal {
                    self.royal[us.index()] = m.to;
                }
            }
            MoveKind::Pass => {}
        }
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = them;
        self.hash ^= Z_SIDE;
        if let Some((sq, n, victim)) = new_ep {
            self.set_ep(v, &sq[..n], victim);
        }
        self.undo.push(u);
    }

    /// Takes back the last move made.
    pub(crate) fn unmake(&mut self) {
        let u = self.undo.pop().expect("unmake without a move");
        let m = u.mv;
        let us = self.side.opposite();
        match m.kind {
            MoveKind::Normal => {
                self.clear(m.to);
                self.place(m.from, u.moved);
                if u.cap_to != EMPTY {
                    self.place(m.to, u.cap_to);
                }
                if u.cap_aux != EMPTY {
                    self.place(m.aux, u.cap_aux);
                }
            }
            MoveKind::Drop => {
                let k = Kind::from_u8(m.piece).expect("dropped kind");
                // A serpent drops locked (and only a serpent does).
                let hk = if self.board[m.to as usize] & LOCK_BIT != 0 {
                    Kind::Serpent
                } else {
                    k
                }
                .idx();
                self.clear(m.to);
                self.hand[us.index()][hk] += 1;
            }
            MoveKind::Castle => {
                self.clear(m.to);
                self.clear(m.aux2);
                self.place(m.from, u.moved);
                self.place(m.aux, u.cap_aux);
            }
            MoveKind::Mutate => {
                self.clear(m.from);
                self.place(m.from, u.moved);
            }
            MoveKind::Crown => {
                let king = self.clear(m.to);
                self.clear(m.from);
                self.place(m.from, king);
                self.place(m.to, piece(us, Kind::Prince));
            }
            MoveKind::Swap => {
                let king = self.clear(m.to);
                let lady = self.clear(m.from);
                self.place(m.from, king);
                self.place(m.to, lady);
            }
            MoveKind::Pass => {}
        }
        if us == Color::Black {
            self.fullmove -= 1;
        }
        self.side = us;
        self.castling = u.castling;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
        self.royal = u.royal;
    }
}

impl Position {
    /// The variant this position belongs to.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }
    /// Side to move.
    pub fn side_to_move(&self) -> Color {
        self.s.side
    }
    /// Zobrist hash of the position (board, side, rights, en passant, hands).
    pub fn hash(&self) -> u64 {
        self.s.hash
    }
    /// The hash computed from scratch; equal to [`Position::hash`] unless there is a bug.
    pub fn recomputed_hash(&self) -> u64 {
        self.s.compute_hash()
    }
    /// Half-move clock (plies since the last capture, pawn move or drop).
    pub fn halfmove_clock(&self) -> u32 {
        self.s.halfmove
    }
    /// Full-move number.
    pub fn fullmove_number(&self) -> u32 {
        self.s.fullmove
    }
    /// Number of moves made on this position object that can be unmade.
    pub fn ply_depth(&self) -> usize {
        self.s.undo.len()
    }
    /// Mailbox cell of a square.
    #[inline]
    pub(crate) fn cell(&self, s: Sq) -> u16 {
        self.variant.geo.index(s) as u16
    }
    /// Square of a mailbox cell.
    #[inline]
    pub(crate) fn sq(&self, cell: u16) -> Sq {
        self.variant.geo.sq(cell as usize)
    }
    /// The piece on `s`, if any.
    pub fn piece_at(&self, s: Sq) -> Option<PieceInfo> {
        if !self.variant.exists(s) {
            return None;
        }
        let p = self.s.board[self.cell(s) as usize];
        is_piece(p).then(|| PieceInfo::of(p))
    }
    /// How many pieces of kind `k` side `c` holds in hand (`Kind::Serpent` for the serpent).
    pub fn hand_count(&self, c: Color, k: Kind) -> u8 {
        self.s.hand[c.index()][k.idx()]
    }
    /// Square of side `c`'s royal king, if it has one on the board.
    pub fn royal_square(&self, c: Color) -> Option<Sq> {
        let r = self.s.royal[c.index()];
        (r != 0).then(|| self.sq(r))
    }
    /// Plays a move that must be legal (use [`Position::legal_moves`] or
    /// [`Position::parse_lmn`] to get one).
    pub fn make_move(&mut self, m: Move) {
        let v = &*self.variant;
        self.s.make(v, m);
    }
    /// Takes back the last move made with [`Position::make_move`].
    pub fn unmake_move(&mut self) {
        self.s.unmake();
    }
    /// Number of pieces of kind `k` side `c` has on the board.
    pub fn count(&self, c: Color, k: Kind) -> u8 {
        self.s.count[c.index()][k.idx()]
    }
    /// Origin square of a move (None for drops and pass).
    pub fn move_from(&self, m: Move) -> Option<Sq> {
        match m.kind {
            MoveKind::Drop | MoveKind::Pass => None,
            _ => Some(self.sq(m.from)),
        }
    }
    /// Final square of the moving piece (the landing square of a pushed ninja drop;
    /// the prince's square for a crowning; None for pass).
    pub fn move_to(&self, m: Move) -> Option<Sq> {
        match m.kind {
            MoveKind::Pass => None,
            _ => Some(self.sq(m.to)),
        }
    }
    /// Square a drop is made on (before any push).
    pub fn drop_square(&self, m: Move) -> Option<Sq> {
        (m.kind == MoveKind::Drop).then(|| self.sq(m.aux))
    }
    /// Castling rook's from and to squares.
    pub fn castle_rook(&self, m: Move) -> Option<(Sq, Sq)> {
        (m.kind == MoveKind::Castle).then(|| (self.sq(m.aux), self.sq(m.aux2)))
    }
    /// Squares whose pieces the move removes (before it is made).
    pub fn captured_squares(&self, m: Move) -> Vec<Sq> {
        let mut v = Vec::new();
        if m.kind == MoveKind::Normal {
            if m.aux != 0 {
                v.push(self.sq(m.aux));
            }
            if is_piece(self.s.board[m.to as usize]) {
                v.push(self.sq(m.to));
            }
        }
        v
    }
    /// Whether the move is one only Ghostarelay's Relay power gives the piece
    /// (docs/rules.md §7), not one of its own moves.
    pub fn by_relay_power(&self, m: Move) -> bool {
        self.s.relay_only(&self.variant, m)
    }
    /// Whether the move captures anything.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        self.s.captures(m)
    }

    /// Whether the move captures or promotes (else it is quiet): the moves
    /// a quiescence search looks at.
    #[inline]
    pub fn is_loud(&self, m: Move) -> bool {
        self.s.loud(m)
    }
}

/// A piece as the outside world sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceInfo {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub kind: Kind,
    /// A serpent that may not mutate until it has moved.
    pub locked: bool,
}

impl PieceInfo {
    pub(crate) fn of(p: Piece) -> PieceInfo {
        PieceInfo {
            color: color_of(p),
            kind: Kind::from_u8(kind_of(p)).expect("valid piece"),
            locked: p & LOCK_BIT != 0,
        }
    }
}
