//! Move generation: atoms → pseudo-legal moves; attack detection; legality; perft.

use super::geometry::{DIAG, ORTHO};
use super::pieces::{
    Color, EMPTY, Kind, LOCK_BIT, Mode, OFF, Piece, PieceDef, Special, color_of, is_color,
    is_enemy, is_piece, kind_of, piece,
};
use super::position::{Move, MoveKind, Position, State};
use super::variants::cell_tables::{CellBytes, CellSet};
use super::variants::{NoMoves, Variant, kbit};

/// Receives generated moves: a move list, or a probe looking for one capture.
pub trait Sink {
    /// Takes one pseudo-legal move. Returning `true` stops generation early.
    fn push(&mut self, m: Move) -> bool;
}

impl Sink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) -> bool {
        Vec::push(self, m);
        false
    }
}

/// Finds whether some generated move removes the piece on `target`.
struct Probe {
    target: u16,
}

impl Sink for Probe {
    #[inline]
    fn push(&mut self, m: Move) -> bool {
        m.to == self.target || m.aux == self.target
    }
}

/// Counts board moves (normal moves and castling) and keeps only the moves
/// that capture or promote: what a quiescence node needs of the full list.
struct LoudSink<'a> {
    state: &'a State,
    list: &'a mut Vec<Move>,
    board_moves: u32,
}

impl Sink for LoudSink<'_> {
    #[inline]
    fn push(&mut self, m: Move) -> bool {
        if matches!(m.kind, MoveKind::Normal | MoveKind::Castle) {
            self.board_moves += 1;
        }
        if self.state.loud(m) {
            self.list.push(m);
        }
        false
    }
}

/// Appends a move unless an identical one is already listed (Relay power can
/// repeat a piece's own moves).
struct Dedup<'a>(&'a mut Vec<Move>);

impl Sink for Dedup<'_> {
    fn push(&mut self, m: Move) -> bool {
        if !self.0.contains(&m) {
            self.0.push(m);
        }
        false
    }
}

macro_rules! emit {
    ($sink:expr, $m:expr) => {
        if $sink.push($m) {
            return true;
        }
    };
}

#[inline]
fn at(i: u16, off: i16) -> u16 {
    (i as i16 + off) as u16
}

impl State {
    /// Iterates the cells occupied by side `c`; `f` returning true stops
    /// the walk (and the call returns true).
    #[inline]
    pub fn for_each_piece(&self, c: Color, mut f: impl FnMut(u16) -> bool) -> bool {
        for (w, &word) in self.occ[c.index()].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = (w * 64) as u16 + bits.trailing_zeros() as u16;
                bits &= bits - 1;
                if f(cell) {
                    return true;
                }
            }
        }
        false
    }

    /// Relative rank index of cell `i` for side `c`.
    #[inline]
    fn rel_y(v: &Variant, i: u16, c: Color) -> u8 {
        let y = (v.geo.cell_xy(i).1 - super::geometry::PAD) as u8;
        v.geo.relative_y(y, c == Color::White)
    }

    /// Generates every pseudo-legal move of the side to move (no drops-phase or
    /// capture filtering; see [`State::legal`]).
    pub(crate) fn pseudo(&self, v: &Variant, list: &mut Vec<Move>) {
        self.pseudo_into(v, list);
        if v.relay_power {
            self.gen_relay_power(v, list);
        }
    }

    /// The pseudo-legal moves of the side to move that capture or promote,
    /// into `list` (in [`State::pseudo`]'s order), and how many of all its
    /// pseudo-legal moves are board moves (normal moves and castling).
    pub(crate) fn pseudo_loud(&self, v: &Variant, list: &mut Vec<Move>) -> u32 {
        if v.relay_power {
            // The relay power's moves are told from the pieces' own against
            // the whole list.
            self.pseudo(v, list);
            let n = list
                .iter()
                .filter(|m| matches!(m.kind, MoveKind::Normal | MoveKind::Castle))
                .count();
            list.retain(|m| self.loud(*m));
            return n as u32;
        }
        let mut sink = LoudSink {
            state: self,
            list,
            board_moves: 0,
        };
        self.pseudo_into(v, &mut sink);
        sink.board_moves
    }

    /// [`State::pseudo`] without the relay power's moves, into any sink.
    fn pseudo_into<S: Sink>(&self, v: &Variant, list: &mut S) {
        let us = self.side;
        // Holywar: while the side still holds pieces, it may only drop. (With
        // the alternating opening both hands empty together; should a position
        // give only the opponent pieces in hand, this side moves on the board.)
        if v.drop_opening && self.hand_total(v, us) > 0 {
            self.gen_drops(v, list);
            return;
        }
        // Pawns (most of the pieces on the big boards) go straight to their
        // generator: they have no atoms, so the table walk would find nothing.
        let (pawn, ninja) = (piece(us, Kind::Pawn), piece(us, Kind::NinjaPawn));
        // A piece hemmed in by its own side (the ninja pawns behind the
        // pawns, the back rank) is passed over after one window test.
        let blockers = self.blockers(v, us);
        let ninja_hops = v.ninja_hops[us.index()];
        self.for_each_piece(us, |i| match self.board[i as usize] {
            p if p == pawn => self.gen_pawn(v, i, us, list),
            p if p == ninja => {
                !hemmed(v, ninja_hops, &blockers, i) && self.gen_ninja(v, i, us, list)
            }
            p => {
                let k = (p & 0x7F) as usize;
                let atoms = !hemmed(v, v.atom_hops[k], &blockers, i);
                (atoms || !v.atoms_only[k]) && self.gen_piece_with(v, i, atoms, list)
            }
        });
        self.gen_drops(v, list);
        self.gen_castling(v, list);
    }

    fn hand_total(&self, v: &Variant, c: Color) -> u32 {
        let hand = &self.hand[c.index()];
        v.hand.iter().map(|k| hand[k.idx()] as u32).sum()
    }

    /// Moves of the piece on cell `i` (pseudo-legal). Returns true if the sink stopped.
    pub fn gen_piece<S: Sink>(&self, v: &Variant, i: u16, sink: &mut S) -> bool {
        let p = self.board[i as usize];
        let blockers = self.blockers(v, color_of(p));
        let atoms = !hemmed(v, v.atom_hops[(p & 0x7F) as usize], &blockers, i);
        self.gen_piece_with(v, i, atoms, sink)
    }

    /// The cells no piece of side `c` can move to: its own pieces' and the
    /// cells that are not squares.
    #[inline]
    fn blockers(&self, v: &Variant, c: Color) -> CellBytes {
        CellBytes::union(&self.occ[c.index()], &v.off_board)
    }

    /// [`State::gen_piece`], its leaps, rides and two-path moves only when
    /// `atoms` (false: they have been found to have no move).
    fn gen_piece_with<S: Sink>(&self, v: &Variant, i: u16, atoms: bool, sink: &mut S) -> bool {
        let p = self.board[i as usize];
        let us = color_of(p);
        let Some(def) = v.def_of(p) else {
            return false;
        };
        if atoms && self.gen_atoms(def, i, us, sink) {
            return true;
        }
        self.gen_special(v, def, p, i, us, sink)
    }

    /// Leaps, rides and two-path moves of `def` from `i`.
    #[inline(always)]
    fn gen_atoms<S: Sink>(&self, def: &PieceDef, i: u16, us: Color, sink: &mut S) -> bool {
        let b = &self.board;
        for l in &def.leaps {
            let t = at(i, l.off);
            if l.mode.lands(us, b[t as usize]) {
                emit!(sink, Move::normal(i, t));
            }
        }
        for r in &def.rides {
            let mut t = at(i, r.dir);
            while b[t as usize] == EMPTY {
                if r.mode.moves() {
                    emit!(sink, Move::normal(i, t));
                }
                t = at(t, r.dir);
            }
            if r.mode.captures() && is_enemy(b[t as usize], us) {
                emit!(sink, Move::normal(i, t));
            }
        }
        for tp in &def.two_paths {
            let t = at(i, tp.off);
            let q = b[t as usize];
            if q == OFF || (q != EMPTY && color_of(q) == us) {
                continue;
            }
            if !self.two_path_blocked(i, &tp.paths) {
                emit!(sink, Move::normal(i, t));
            }
        }
        false
    }

    /// The moves of `def` beyond its atoms (pawns, gryphons, hoppers, …), the
    /// King–Lady swap and serpent mutations, for the piece `p` on `i`.
    #[inline(always)]
    fn gen_special<S: Sink>(
        &self,
        v: &Variant,
        def: &PieceDef,
        p: Piece,
        i: u16,
        us: Color,
        sink: &mut S,
    ) -> bool {
        let b = &self.board;
        match def.special {
            Special::None => {}
            Special::Pawn => return self.gen_pawn(v, i, us, sink),
            Special::Ninja => return self.gen_ninja(v, i, us, sink),
            Special::Gryphon { full } => {
                for (dx, dy) in DIAG {
                    let outs = [v.geo.offset(dx, 0), v.geo.offset(0, dy)];
                    if self.gen_bent(i, us, v.geo.offset(dx, dy), outs, full, sink) {
                        return true;
                    }
                }
            }
            Special::AntiGryphon { full } => {
                for (dx, dy) in ORTHO {
                    let outs = if dx != 0 {
                        [v.geo.offset(dx, 1), v.geo.offset(dx, -1)]
                    } else {
                        [v.geo.offset(1, dy), v.geo.offset(-1, dy)]
                    };
                    if self.gen_bent(i, us, v.geo.offset(dx, dy), outs, full, sink) {
                        return true;
                    }
                }
            }
            Special::Bomber { diag } => {
                for (dx, dy) in if diag { DIAG } else { ORTHO } {
                    if self.gen_bomber(i, us, v.geo.offset(dx, dy), sink) {
                        return true;
                    }
                }
            }
            Special::Hopper { diag } => {
                for (dx, dy) in if diag { DIAG } else { ORTHO } {
                    let d = v.geo.offset(dx, dy);
                    let mut t = at(i, d);
                    while b[t as usize] == EMPTY {
                        t = at(t, d);
                    }
                    if b[t as usize] == OFF {
                        continue;
                    }
                    t = at(t, d);
                    while b[t as usize] == EMPTY {
                        t = at(t, d);
                    }
                    let q = b[t as usize];
                    if is_piece(q) && color_of(q) != us {
                        emit!(sink, Move::normal(i, t));
                    }
                }
            }
            Special::FlyingJump { diag } => {
                for (dx, dy) in if diag { DIAG } else { ORTHO } {
                    let d = v.geo.offset(dx, dy);
                    let n1 = at(i, d);
                    if !is_piece(b[n1 as usize]) {
                        continue;
                    }
                    let n2 = at(n1, d);
                    let q2 = b[n2 as usize];
                    if Mode::Both.lands(us, q2) {
                        emit!(sink, Move::normal(i, n2));
                    }
                    if is_piece(q2) {
                        let n3 = at(n2, d);
                        if Mode::Both.lands(us, b[n3 as usize]) {
                            emit!(sink, Move::normal(i, n3));
                        }
                    }
                }
            }
            Special::Ghost => {
                for &t in &v.cells {
                    if b[t as usize] == EMPTY {
                        emit!(sink, Move::normal(i, t));
                    }
                }
            }
            Special::Warlord => {
                if self.for_each_piece(us.opposite(), |t| sink.push(Move::normal(i, t))) {
                    return true;
                }
            }
        }
        if v.king_lady_swap && kind_of(p) == Kind::King.num() {
            let lady = piece(us, Kind::Lady);
            for l in &def.leaps {
                let t = at(i, l.off);
                if b[t as usize] == lady {
                    emit!(sink, Move::with(MoveKind::Swap, i, t, 0, 0, 0));
                }
            }
        }
        if v.serpent && is_serpent_form_byte(kind_of(p)) && p & LOCK_BIT == 0 {
            for form in Kind::SERPENT_FORMS {
                if form.num() != kind_of(p) {
                    emit!(sink, Move::with(MoveKind::Mutate, i, i, 0, 0, form.num()));
                }
            }
        }
        false
    }

    /// Whether every path of a two-path move from `i` has a piece on it.
    #[inline]
    fn two_path_blocked(&self, i: u16, paths: &[[i16; 2]; 2]) -> bool {
        paths.iter().all(|path| {
            path.iter()
                .any(|&o| o != 0 && is_piece(self.board[at(i, o) as usize]))
        })
    }

    /// Gryphon-style bent slide: one step `first` to an empty square, then
    /// outward along either of `outs`. Stealth: the bend square and the square
    /// one past it are not destinations. Full: both are (with capture).
    fn gen_bent<S: Sink>(
        &self,
        i: u16,
        us: Color,
        first: i16,
        outs: [i16; 2],
        full: bool,
        sink: &mut S,
    ) -> bool {
        let b = &self.board;
        let e = at(i, first);
        let q = b[e as usize];
        if q != EMPTY {
            if full && is_piece(q) && color_of(q) != us {
                emit!(sink, Move::normal(i, e));
            }
            return false;
        }
        if full {
            emit!(sink, Move::normal(i, e));
        }
        for out in outs {
            let mut t = at(e, out);
            let mut k = 1;
            loop {
                let q = b[t as usize];
                let allowed = full || k >= 2;
                if q == EMPTY {
                    if allowed {
                        emit!(sink, Move::normal(i, t));
                    }
                } else {
                    if allowed && is_piece(q) && color_of(q) != us {
                        emit!(sink, Move::normal(i, t));
                    }
                    break;
                }
                t = at(t, out);
                k += 1;
            }
        }
        false
    }

    /// Flying Bomber / Raptor along direction `d` (docs/rules.md §4 rules 1–4).
    fn gen_bomber<S: Sink>(&self, i: u16, us: Color, d: i16, sink: &mut S) -> bool {
        let b = &self.board;
        let n1 = at(i, d);
        let q1 = b[n1 as usize];
        if q1 == OFF {
            return false;
        }
        let n2 = at(n1, d);
        let q2 = b[n2 as usize];
        let enemy = |q: Piece| is_piece(q) && color_of(q) != us;
        if q1 == EMPTY {
            // Rule 1: slide; rule 2: flying capture over the first piece met.
            let mut t = n1;
            while b[t as usize] == EMPTY {
                emit!(sink, Move::normal(i, t));
                t = at(t, d);
            }
            let beyond = at(t, d);
            if enemy(b[t as usize]) && b[beyond as usize] == EMPTY {
                emit!(sink, Move::with(MoveKind::Normal, i, beyond, t, 0, 0));
            }
            // Rule 4: replacement two squares away over an empty square.
            if enemy(q2) {
                emit!(sink, Move::normal(i, n2));
            }
        } else if color_of(q1) == us {
            // Rule 3: jump a friendly piece; rule 4: replacement over it.
            if q2 == EMPTY || enemy(q2) {
                emit!(sink, Move::normal(i, n2));
            }
        } else if q2 == EMPTY {
            // Rule 2: flying capture of the adjacent enemy.
            emit!(sink, Move::with(MoveKind::Normal, i, n2, n1, 0, 0));
        } else if enemy(q2) {
            // Rule 4: double capture.
            emit!(sink, Move::with(MoveKind::Normal, i, n2, n1, 0, 0));
        }
        false
    }

    /// Pushes a pawn or ninja move to `t`: with its promotions when `near`
    /// (the move may reach the promotion zone), as a plain move otherwise.
    #[inline(always)]
    fn pawn_move<S: Sink>(
        &self,
        v: &Variant,
        i: u16,
        t: u16,
        us: Color,
        near: bool,
        sink: &mut S,
    ) -> bool {
        if near {
            self.emit_promotions(v, i, t, us, 0, sink)
        } else {
            sink.push(Move::normal(i, t))
        }
    }

    /// Pushes a pawn or ninja move to `t`, with its promotions.
    fn emit_promotions<S: Sink>(
        &self,
        v: &Variant,
        i: u16,
        t: u16,
        us: Color,
        aux: u16,
        sink: &mut S,
    ) -> bool {
        let ry = Self::rel_y(v, t, us);
        let pr = &v.promotion;
        let mandatory = ry >= pr.last;
        let optional = pr.optional_from.is_some_and(|o| ry >= o);
        if mandatory || optional {
            for &k in &pr.pieces {
                if pr.limited_to_initial
                    && self.count[us.index()][k.idx()] >= v.initial_count[k.idx()]
                {
                    continue;
                }
                emit!(sink, Move::with(MoveKind::Normal, i, t, aux, 0, k.num()));
            }
            if mandatory {
                return false;
            }
        }
        emit!(sink, Move::with(MoveKind::Normal, i, t, aux, 0, 0));
        false
    }

    #[inline(always)]
    fn gen_pawn<S: Sink>(&self, v: &Variant, i: u16, us: Color, sink: &mut S) -> bool {
        let b = &self.board;
        let f = Self::forward(v, us);
        let cell = v.pawn_cells[us.index()][i as usize];
        let near = cell.near;
        let mut t = i;
        for _ in 0..cell.steps {
            t = at(t, f);
            if b[t as usize] != EMPTY {
                break;
            }
            if self.pawn_move(v, i, t, us, near, sink) {
                return true;
            }
        }
        for side in [-1, 1] {
            let t = at(i, f + side);
            let q = b[t as usize];
            if is_enemy(q, us) {
                if self.pawn_move(v, i, t, us, near, sink) {
                    return true;
                }
            } else if q == EMPTY && self.ep.n > 0 && self.ep.sq[..self.ep.n as usize].contains(&t) {
                emit!(
                    sink,
                    Move::with(MoveKind::Normal, i, t, self.ep.victim, 0, 0)
                );
            }
        }
        false
    }

    #[inline(always)]
    fn gen_ninja<S: Sink>(&self, v: &Variant, i: u16, us: Color, sink: &mut S) -> bool {
        let Some(cells) = &v.ninja_cells else {
            return false;
        };
        let b = &self.board;
        let f = Self::forward(v, us);
        let cell = cells[us.index()][i as usize];
        let near = cell.near;
        let mut t = i;
        for _ in 0..cell.steps {
            t = at(t, f);
            if b[t as usize] != EMPTY {
                break;
            }
            if self.pawn_move(v, i, t, us, near, sink) {
                return true;
            }
        }
        for side in [-1i16, 1] {
            let s = at(i, side);
            let q = b[s as usize];
            if (q == EMPTY || (cell.far && is_enemy(q, us)))
                && self.pawn_move(v, i, s, us, near, sink)
            {
                return true;
            }
            let d = at(i, f + side);
            if is_enemy(b[d as usize], us) && self.pawn_move(v, i, d, us, near, sink) {
                return true;
            }
        }
        false
    }

    fn gen_drops<S: Sink>(&self, v: &Variant, sink: &mut S) -> bool {
        let us = self.side;
        let c = us.index();
        for &k in &v.hand {
            if self.hand[c][k.idx()] == 0 {
                continue;
            }
            for &cell in &v.drop_squares[c][k.idx()] {
                if self.board[cell as usize] != EMPTY {
                    continue;
                }
                match k {
                    Kind::Serpent => {
                        for form in Kind::SERPENT_FORMS {
                            emit!(
                                sink,
                                Move::with(MoveKind::Drop, 0, cell, cell, 0, form.num())
                            );
                        }
                    }
                    Kind::NinjaPawn => {
                        emit!(sink, Move::with(MoveKind::Drop, 0, cell, cell, 0, k.num()));
                        let nr = v.ninja.as_ref().expect("ninja rules");
                        let f = Self::forward(v, us);
                        let ry = Self::rel_y(v, cell, us);
                        let mut t = cell;
                        for push in 1..=3u8 {
                            t = at(t, f);
                            if self.board[t as usize] != EMPTY || ry + push > nr.centre {
                                break;
                            }
                            emit!(sink, Move::with(MoveKind::Drop, 0, t, cell, 0, k.num()));
                        }
                    }
                    _ => {
                        emit!(sink, Move::with(MoveKind::Drop, 0, cell, cell, 0, k.num()));
                    }
                }
            }
        }
        false
    }

    /// Castlings whose squares are free; the attack conditions are checked in
    /// [`State::legal`].
    fn gen_castling<S: Sink>(&self, v: &Variant, sink: &mut S) -> bool {
        let us = self.side;
        if v.jump_castling {
            return self.gen_jump_castling(v, sink);
        }
        let base = if us == Color::White { 0 } else { 16 };
        if self.castling >> base & 0xFFFF == 0 {
            return false;
        }
        let (king, rook) = (piece(us, Kind::King), piece(us, Kind::Rook));
        for g in v.castle_groups.iter().filter(|g| g.color == us) {
            if self.castling & g.right == 0
                || self.board[g.king as usize] != king
                || self.board[g.rook as usize] != rook
                || g.between.iter().any(|&c| self.board[c as usize] != EMPTY)
            {
                continue;
            }
            for &(kt, rt) in &g.moves {
                emit!(
                    sink,
                    Move::with(MoveKind::Castle, g.king, kt, g.rook, rt, 0)
                );
            }
        }
        false
    }

    /// Ghostarelay: the king moves two squares orthogonally over an empty
    /// square onto an empty one; a rook of either colour right beyond jumps
    /// back onto the crossed square.
    fn gen_jump_castling<S: Sink>(&self, v: &Variant, sink: &mut S) -> bool {
        let king = piece(self.side, Kind::King);
        self.for_each_piece(self.side, |i| {
            if self.board[i as usize] != king {
                return false;
            }
            for (dx, dy) in ORTHO {
                let d = v.geo.offset(dx, dy);
                let (c1, c2, r) = (at(i, d), at(i, 2 * d), at(i, 3 * d));
                let rq = self.board[r as usize];
                if self.board[c1 as usize] == EMPTY
                    && self.board[c2 as usize] == EMPTY
                    && is_piece(rq)
                    && kind_of(rq) == Kind::Rook.num()
                    && sink.push(Move::with(MoveKind::Castle, i, c2, r, c1, 0))
                {
                    return true;
                }
            }
            false
        })
    }

    /// Ghostarelay Relay power: a piece next to an enemy Relay may also move
    /// straight away from it, orthogonally as a non-capturing rook, diagonally
    /// as a bishop.
    pub(crate) fn gen_relay_power(&self, v: &Variant, list: &mut Vec<Move>) {
        let us = self.side;
        let relay = piece(us.opposite(), Kind::Relay);
        self.for_each_piece(us.opposite(), |r| {
            if self.board[r as usize] != relay {
                return false;
            }
            for ((dx, dy), diag) in ORTHO
                .iter()
                .map(|d| (*d, false))
                .chain(DIAG.iter().map(|d| (*d, true)))
            {
                let d = v.geo.offset(dx, dy);
                let i = at(r, d);
                let p = self.board[i as usize];
                if !is_color(p, us) {
                    continue;
                }
                let pawn = kind_of(p) == Kind::Pawn.num();
                let mut t = at(i, d);
                loop {
                    let q = self.board[t as usize];
                    let capture = diag && is_piece(q) && color_of(q) != us;
                    if q != EMPTY && !capture {
                        break;
                    }
                    if pawn {
                        self.emit_promotions(v, i, t, us, 0, &mut Dedup(list));
                    } else {
                        Dedup(list).push(Move::normal(i, t));
                    }
                    if q != EMPTY {
                        break;
                    }
                    t = at(t, d);
                }
            }
            false
        });
    }

    /// Whether `m` is a move only Relay power gives (docs/rules.md §7): one of
    /// the moves straight away from an adjacent enemy Relay that the piece's
    /// own moves do not include.
    pub(crate) fn relay_only(&self, v: &Variant, m: Move) -> bool {
        if !v.relay_power || m.kind != MoveKind::Normal {
            return false;
        }
        let mut relay = Vec::new();
        self.gen_relay_power(v, &mut relay);
        if !relay.contains(&m) {
            return false;
        }
        let us = self.side;
        let mut own = Vec::new();
        match self.board[m.from as usize] {
            p if p == piece(us, Kind::Pawn) => self.gen_pawn(v, m.from, us, &mut own),
            p if p == piece(us, Kind::NinjaPawn) => self.gen_ninja(v, m.from, us, &mut own),
            _ => self.gen_piece(v, m.from, &mut own),
        };
        !own.contains(&m)
    }

    /// Whether side `by` attacks cell `target` (docs/rules.md §0: a pseudo-legal move
    /// of one of its pieces would remove the piece there).
    #[inline]
    pub(crate) fn attacked(&self, v: &Variant, target: u16, by: Color) -> bool {
        self.attackers(v, target, by, |_| true)
    }

    /// Calls `f` with the cell of each piece of side `by` that attacks cell
    /// `target` (as [`State::attacked`] judges it, the board as it stands; a
    /// piece reaching it in two ways may be named twice) until `f` returns
    /// true, which the call then returns.
    #[inline]
    pub fn attackers(
        &self,
        v: &Variant,
        target: u16,
        by: Color,
        mut f: impl FnMut(u16) -> bool,
    ) -> bool {
        let b = &self.board;
        let at_kind = |cell: u16, mask: u64| {
            let p = b[cell as usize];
            is_piece(p) && color_of(p) == by && mask & kbit(kind_of(p)) != 0
        };
        let t = v.attack(by);
        for &(off, mask) in &t.leaps {
            let s = at(target, -off);
            if at_kind(s, mask) && f(s) {
                return true;
            }
        }
        for &(dir, mask) in &t.rides {
            let mut s = at(target, -dir);
            while b[s as usize] == EMPTY {
                s = at(s, -dir);
            }
            if at_kind(s, mask) && f(s) {
                return true;
            }
        }
        for (tp, mask) in &t.two_paths {
            let from = at(target, -tp.off);
            if at_kind(from, *mask) && !self.two_path_blocked(from, &tp.paths) && f(from) {
                return true;
            }
        }
        for &(dir, mask) in &t.jumps {
            let s1 = at(target, -dir);
            if is_piece(b[s1 as usize]) {
                let s2 = at(s1, -dir);
                if at_kind(s2, mask) && f(s2) {
                    return true;
                }
                let s3 = at(s2, -dir);
                if is_piece(b[s2 as usize]) && at_kind(s3, mask) && f(s3) {
                    return true;
                }
            }
        }
        if t.pawns || t.ninjas {
            // A pawn of `by` captures diagonally forward onto the target.
            let back = at(target, -Self::forward(v, by));
            for side in [-1i16, 1] {
                let s = at(back, side);
                let p = b[s as usize];
                if (p == piece(by, Kind::Pawn) || p == piece(by, Kind::NinjaPawn)) && f(s) {
                    return true;
                }
            }
        }
        if t.ninjas {
            // Sideways capture of a ninja pawn standing in its enemy half.
            let centre = v.ninja.as_ref().map_or(0, |n| n.centre);
            for side in [-1i16, 1] {
                let s = at(target, side);
                if b[s as usize] == piece(by, Kind::NinjaPawn)
                    && Self::rel_y(v, s, by) > centre
                    && f(s)
                {
                    return true;
                }
            }
        }
        if t.forward_kinds
            .iter()
            .any(|&k| self.count[by.index()][k as usize] > 0)
        {
            let mut probe = Probe { target };
            return self.for_each_piece(by, |s| {
                t.forward & kbit(kind_of(b[s as usize])) != 0
                    && self.gen_piece(v, s, &mut probe)
                    && f(s)
            });
        }
        false
    }

    /// Whether side `c`'s royal king is attacked.
    #[inline]
    pub(crate) fn king_attacked(&self, v: &Variant, c: Color) -> bool {
        let k = self.royal[c.index()];
        k != 0 && self.attacked(v, k, c.opposite())
    }

    /// Fills `list` with the legal moves of the side to move.
    pub(crate) fn legal(&mut self, v: &Variant, list: &mut Vec<Move>) {
        list.clear();
        self.pseudo(v, list);
        self.keep_legal(v, list, true);
    }

    /// Keeps of `list` (every pseudo-legal move of the side to move) the
    /// legal moves that remove a piece or promote (what a quiescence search
    /// looks at). Where capturing is compulsory these are the legal captures
    /// whenever one exists; an empty list says nothing about the other moves
    /// (no crowning, no pass).
    pub(crate) fn keep_legal_captures(&mut self, v: &Variant, list: &mut Vec<Move>) {
        list.retain(|m| self.loud(*m));
        self.keep_legal(v, list, false);
    }

    /// Filters `list` (pseudo-legal moves of the side to move) down to legal
    /// ones. `complete`: the list held every pseudo-legal move, so an empty
    /// result brings the moves only the lack of others allows (crowning, pass).
    fn keep_legal(&mut self, v: &Variant, list: &mut Vec<Move>, complete: bool) {
        let us = self.side;
        if v.royal {
            let node = self.node_facts(v, None);
            // Moves come grouped by piece: whether a piece may leave its
            // square is worked out once per piece.
            let mut leave = (0u16, false);
            let mut n = 0;
            for j in 0..list.len() {
                let m = list[j];
                if self.legal_one(v, m, &node, &mut leave) {
                    if n != j {
                        list[n] = m;
                    }
                    n += 1;
                }
            }
            list.truncate(n);
            if complete && list.is_empty() && node.in_check && v.crowning {
                self.gen_crownings(v, list);
            }
        }
        if v.forced_capture && list.iter().any(|m| self.captures(*m)) {
            let board = &self.board;
            list.retain(|m| {
                m.kind == MoveKind::Normal && (m.aux != 0 || is_piece(board[m.to as usize]))
            });
        }
        if complete
            && list.is_empty()
            && v.no_moves == NoMoves::Pass
            && self.occ[us.index()].iter().any(|w| *w != 0)
        {
            list.push(Move::with(MoveKind::Pass, 0, 0, 0, 0, 0));
        }
    }

    /// Legality of one pseudo-legal move in a royal variant. Out of check,
    /// a board move of a piece other than the king is legal when the piece
    /// may leave its square (`leave` keeps that answer for the last piece
    /// asked about; cell 0, never a square, when none was) and it lands outside the screen zone, or else when the
    /// king is safe once it is made; [`State::is_legal`] decides the rest.
    #[inline(always)]
    fn legal_one(
        &mut self,
        v: &Variant,
        m: Move,
        node: &NodeFacts,
        leave: &mut (u16, bool),
    ) -> bool {
        if node.king == 0
            || node.in_check
            || m.kind != MoveKind::Normal
            || m.aux != 0
            || m.from == node.king
        {
            return self.is_legal(v, m, node);
        }
        if leave.0 != m.from {
            *leave = (m.from, self.leaving_safe(v, m.from, node));
        }
        (leave.1 && !in_set(&node.screen_zone, m.to)) || self.safe_after(v, m)
    }

    /// What the legality tests of this position's moves share (a royal
    /// variant); `in_check` when already known.
    fn node_facts(&self, v: &Variant, in_check: Option<bool>) -> NodeFacts {
        let us = self.side;
        let king = self.royal[us.index()];
        let in_check =
            in_check.unwrap_or_else(|| king != 0 && self.attacked(v, king, us.opposite()));
        let theirs = v.attack(us.opposite());
        let screen_reach = if theirs.screens && king != 0 {
            self.screen_reach(v)
        } else {
            0
        };
        NodeFacts {
            king,
            in_check,
            screen_zone: v.screen_zone(king, screen_reach),
            near: theirs.near,
            screen_reach,
            forward: theirs
                .forward_kinds
                .iter()
                .any(|&k| self.count[us.opposite().index()][k as usize] > 0),
        }
    }

    #[inline]
    pub(crate) fn captures(&self, m: Move) -> bool {
        m.kind == MoveKind::Normal && (m.aux != 0 || is_piece(self.board[m.to as usize]))
    }

    /// Whether the move captures or promotes (what quiescence searches).
    #[inline]
    pub(crate) fn loud(&self, m: Move) -> bool {
        self.captures(m) || (m.kind == MoveKind::Normal && m.piece != 0)
    }

    /// Legality of one pseudo-legal move in a royal variant ([`State::legal_one`]
    /// decides most board moves out of check itself).
    fn is_legal(&mut self, v: &Variant, m: Move, node: &NodeFacts) -> bool {
        let (king, in_check) = (node.king, node.in_check);
        let us = self.side;
        if king == 0 {
            // No king on the board (Holywar's drop opening): only dropping
            // it can put it in check, on an attacked square (docs/rules.md §0).
            if m.kind != MoveKind::Drop || m.piece != Kind::King.num() {
                return true;
            }
        } else if m.kind == MoveKind::Castle {
            if in_check {
                return false;
            }
            // Every square the king crosses, with the king standing on it, its
            // home empty and the rook still at home.
            let step = if m.to > m.from { 1i16 } else { -1 };
            let kp = self.board[m.from as usize];
            let mut s = at(m.from, step);
            while s != m.to {
                self.board[m.from as usize] = EMPTY;
                let saved = self.board[s as usize];
                self.board[s as usize] = kp;
                let hit = self.attacked(v, s, us.opposite());
                self.board[s as usize] = saved;
                self.board[m.from as usize] = kp;
                if hit {
                    return false;
                }
                s = at(s, step);
            }
        } else if !in_check {
            match m.kind {
                // A drop only adds a piece: it can expose the king only as a screen.
                MoveKind::Drop
                    if !self.on_line(v, m.to, king) || {
                        let (kx, ky) = xy(v, king);
                        let (tx, ty) = xy(v, m.to);
                        (kx - tx).abs().max((ky - ty).abs()) > node.screen_reach
                    } =>
                {
                    return true;
                }
                // A mutation changes no square's occupancy.
                MoveKind::Mutate => return true,
                _ => {}
            }
        }
        self.safe_after(v, m)
    }

    /// Whether the mover's king is safe once `m` is made.
    fn safe_after(&mut self, v: &Variant, m: Move) -> bool {
        let us = self.side;
        self.make(v, m);
        let ok = !self.king_attacked(v, us);
        self.unmake();
        ok
    }

    /// Whether a piece leaving `from` (not the king) can neither open a line
    /// onto the king nor unblock a two-path attacker near it.
    fn leaving_safe(&self, v: &Variant, from: u16, node: &NodeFacts) -> bool {
        let (kx, ky) = xy(v, node.king);
        let (fx, fy) = xy(v, from);
        if aligned(kx, ky, fx, fy)
            && (node.forward
                || !self.pin_free(v, from, node.king, (fx - kx).signum(), (fy - ky).signum()))
        {
            return false;
        }
        !(node.near && (kx - fx).abs() <= 2 && (ky - fy).abs() <= 2)
    }

    /// Whether the piece on `from`, on a line from the king in step (dx, dy),
    /// can leave without opening an enemy ride onto the king. Only riders can
    /// be opened this way unless the enemy has forward-probed pieces (hoppers,
    /// bombers, gryphons), whose lines the walk does not see: the caller
    /// checks that first ([`NodeFacts::forward`]).
    #[inline]
    fn pin_free(&self, v: &Variant, from: u16, king: u16, dx: i16, dy: i16) -> bool {
        let them = self.side.opposite();
        let d = dy * v.geo.stride + dx;
        let b = &self.board;
        let mut s = at(king, d);
        while s != from {
            if b[s as usize] != EMPTY {
                return true;
            }
            s = at(s, d);
        }
        s = at(from, d);
        while b[s as usize] == EMPTY {
            s = at(s, d);
        }
        let p = b[s as usize];
        if !is_piece(p) || color_of(p) != them {
            return true;
        }
        let mask = v
            .attack(them)
            .rides
            .iter()
            .find(|(dir, _)| *dir == -d)
            .map_or(0, |(_, m)| *m);
        mask & kbit(kind_of(p)) == 0
    }

    /// How far from the king a piece arriving on a line to it can still be a
    /// screen for an enemy piece on the board (0: no such enemy piece).
    #[inline]
    fn screen_reach(&self, v: &Variant) -> i16 {
        let them = self.side.opposite().index();
        v.attack(self.side.opposite())
            .screen_kinds
            .iter()
            .filter(|(k, _)| self.count[them][*k as usize] > 0)
            .map(|(_, r)| *r)
            .max()
            .unwrap_or(0)
    }

    /// Whether two cells share a rank, file or diagonal.
    #[inline]
    fn on_line(&self, v: &Variant, a: u16, b: u16) -> bool {
        let (ax, ay) = xy(v, a);
        let (bx, by) = xy(v, b);
        aligned(ax, ay, bx, by)
    }

    /// Holy Grail crowning: the checkmated side's unattacked princes.
    fn gen_crownings(&self, v: &Variant, list: &mut Vec<Move>) {
        let us = self.side;
        let king = self.royal[us.index()];
        let prince = piece(us, Kind::Prince);
        self.for_each_piece(us, |s| {
            if self.board[s as usize] == prince && !self.attacked(v, s, us.opposite()) {
                list.push(Move::with(MoveKind::Crown, king, s, 0, 0, 0));
            }
            false
        });
    }
}

/// Whether every cell of `hops` (a window mask around `cell`, 0: none to
/// test) is one of `blockers`.
#[inline]
fn hemmed(v: &Variant, hops: u128, blockers: &CellBytes, cell: u16) -> bool {
    hops != 0 && hops & !blockers.window(cell, v.window_half) == 0
}

#[inline]
fn xy(v: &Variant, cell: u16) -> (i16, i16) {
    v.geo.cell_xy(cell)
}

/// What testing the legality of one position's pseudo-legal moves one at a
/// time needs, worked out once ([`Position::move_tester`]).
#[derive(Clone, Debug)]
pub struct MoveTester {
    node: NodeFacts,
}

/// What legality checks of one node share, computed once per node.
#[derive(Clone, Debug)]
struct NodeFacts {
    /// The mover's royal cell (0: none).
    king: u16,
    /// Whether it is attacked now.
    in_check: bool,
    /// Cells on a line from the king within [`NodeFacts::screen_reach`] of
    /// it: a piece arriving there may become a screen (empty when the enemy
    /// has no screen user on the board).
    screen_zone: [u64; 6],
    /// The enemy has two-path attackers (leaving a square near the king can unblock them).
    near: bool,
    /// How far from the king a new piece can act as a screen (0: no enemy screen-user).
    screen_reach: i16,
    /// Whether the enemy has forward-probed pieces (hoppers, bombers, gryphons).
    forward: bool,
}

/// Whether `cell` is in `set`.
#[inline]
fn in_set(set: &CellSet, cell: u16) -> bool {
    set[cell as usize >> 6] & 1 << (cell & 63) != 0
}

#[inline]
fn aligned(ax: i16, ay: i16, bx: i16, by: i16) -> bool {
    ax == bx || ay == by || (ax - bx).abs() == (ay - by).abs()
}

/// Whether a raw kind byte is one of the six serpent forms.
#[inline]
fn is_serpent_form_byte(k: u8) -> bool {
    (Kind::Gryphon.num()..=Kind::Vao.num()).contains(&k)
}

impl Position {
    /// Legal moves of the side to move, in generation order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut s = self.s.clone();
        let mut list = Vec::with_capacity(128);
        s.legal(&self.variant, &mut list);
        list
    }

    /// Legal moves into a caller-owned list (no allocation once it has grown).
    pub fn legal_moves_into(&mut self, list: &mut Vec<Move>) {
        let v = &*self.variant;
        self.s.legal(v, list);
    }

    /// The legal moves of the side to move that capture or promote, into a
    /// caller-owned list (see [`Position::legal_moves_into`]): a quiescence
    /// search's moves without the legality tests of every quiet move.
    pub fn legal_captures_into(&mut self, list: &mut Vec<Move>) {
        self.pseudo_moves_into(list);
        self.keep_legal_captures(list);
    }

    /// Every pseudo-legal move of the side to move (moves that may leave
    /// the king attacked included; no compulsory-capture filtering), into a
    /// caller-owned list: cheaper than [`Position::legal_moves_into`] when
    /// only a count is wanted (an evaluation's mobility), and the input of
    /// [`Position::keep_legal_captures`].
    pub fn pseudo_moves_into(&self, list: &mut Vec<Move>) {
        list.clear();
        self.s.pseudo(&self.variant, list);
    }

    /// The pseudo-legal moves that capture or promote into `list` (what
    /// [`Position::keep_legal_captures`] then filters), and how many board
    /// moves (normal moves and castling) all the pseudo-legal moves hold:
    /// a quiescence node's list and mobility, without listing the quiet
    /// moves.
    pub fn pseudo_loud_into(&self, list: &mut Vec<Move>) -> u32 {
        list.clear();
        self.s.pseudo_loud(&self.variant, list)
    }

    /// Keeps of `list`, filled by [`Position::pseudo_moves_into`] (or
    /// [`Position::pseudo_loud_into`]) in this position, exactly what
    /// [`Position::legal_captures_into`] would give.
    pub fn keep_legal_captures(&mut self, list: &mut Vec<Move>) {
        let v = &*self.variant;
        self.s.keep_legal_captures(v, list);
    }

    /// A tester for this position's pseudo-legal moves one at a time
    /// ([`Position::is_legal_pseudo`]), when that alone decides which moves
    /// are legal: a royal king, out of check, no compulsory capture and no
    /// move that only the lack of others allows (crowning, passing). `None`
    /// otherwise: then only [`Position::legal_moves_into`] gives the legal
    /// moves.
    pub fn move_tester(&self) -> Option<MoveTester> {
        self.tester(None)
    }

    /// [`Position::move_tester`] for a position whose side to move the
    /// caller knows is not in check ([`Position::in_check`] said so): it
    /// spares that test.
    pub fn move_tester_out_of_check(&self) -> Option<MoveTester> {
        debug_assert!(!self.in_check());
        self.tester(Some(false))
    }

    /// The tester, `in_check` given or worked out.
    fn tester(&self, in_check: Option<bool>) -> Option<MoveTester> {
        let v = &*self.variant;
        if !v.royal || v.forced_capture || v.no_moves != NoMoves::Chess {
            return None;
        }
        let node = self.s.node_facts(v, in_check);
        (!node.in_check).then_some(MoveTester { node })
    }

    /// Whether `m`, one of this position's pseudo-legal moves
    /// ([`Position::pseudo_moves_into`]), is legal, as
    /// [`Position::legal_moves_into`] decides; `tester` comes from
    /// [`Position::move_tester`] in this position.
    pub fn is_legal_pseudo(&mut self, tester: &MoveTester, m: Move) -> bool {
        let v = &*self.variant;
        self.s.legal_one(v, m, &tester.node, &mut (0, false))
    }

    /// Whether the side to move's royal king is attacked.
    pub fn in_check(&self) -> bool {
        self.s.king_attacked(&self.variant, self.s.side)
    }

    /// Counts leaf nodes `depth` plies deep (the last ply bulk-counted).
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut lists: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
        let v = self.variant.clone();
        perft_rec(&mut self.s, &v, depth, &mut lists)
    }

    /// Perft split by root move: (LMN, count), sorted by LMN.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        let moves = self.legal_moves();
        let v = self.variant.clone();
        let mut lists: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
        let mut out: Vec<(String, u64)> = moves
            .iter()
            .map(|&m| {
                let name = self.lmn(m);
                self.s.make(&v, m);
                let n = if depth <= 1 {
                    1
                } else {
                    perft_rec(&mut self.s, &v, depth - 1, &mut lists)
                };
                self.s.unmake();
                (name, n)
            })
            .collect();
        out.sort();
        out
    }

    /// Squares the piece on `s` can move to now (destinations of its normal
    /// moves, captures included), whatever their side to move. For the
    /// squares where it would capture a piece, see
    /// [`Position::attacked_squares`].
    pub fn reachable_squares(&self, s: super::geometry::Sq) -> Vec<super::geometry::Sq> {
        let cell = self.cell(s);
        let mut list = Vec::new();
        if is_piece(self.s.board[cell as usize]) {
            self.s.gen_piece(&self.variant, cell, &mut list);
        }
        let mut out: Vec<_> = list
            .iter()
            .filter(|m| m.kind == MoveKind::Normal)
            .map(|m| self.sq(m.to))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

fn perft_rec(s: &mut State, v: &Variant, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("a list per ply");
    s.legal(v, list);
    if depth <= 1 {
        return if depth == 0 { 1 } else { list.len() as u64 };
    }
    let mut n = 0;
    for &m in list.iter() {
        s.make(v, m);
        n += perft_rec(s, v, depth - 1, rest);
        s.unmake();
    }
    n
}
