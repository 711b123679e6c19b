//! Piece values derived from the movement atoms, so that every variant (and
//! any new one) gets sensible material values without a hand-written table.
//!
//! **Mobility.** A piece's mobility `M` is measured with the rules engine's own
//! move generator, on the variant's board, averaged over every square the
//! piece can stand on and over [`SAMPLES`] random fillings of the other
//! squares: each holds a piece with probability [`DENSITY`], friend or enemy
//! with equal chance. `M` counts the squares the piece *controls* — where it
//! would capture an enemy standing there — estimated as the mean number of
//! pieces its moves remove divided by the chance `DENSITY / 2` that a square
//! holds an enemy, plus [`QUIET_WEIGHT`] per square it can only move to
//! (a Ghost's teleport, a Cannon's slide, a Relay's steps). Hoppers, bombers,
//! flying chariots, gryphons and two-path leapers are thus measured by what
//! they really do on a populated board; on an empty board a Cannon would
//! capture nothing and a rook's reach would grow with the board without
//! bound, so the empty-board count (`empty_mobility`) is reported beside it
//! but not used for the value.
//!
//! **Colour binding.** `cover` is the share of the board's squares the piece
//! can ever reach on an empty board (a bishop 1/2, a dabbaba 1/4).
//!
//! **Value** (in pawns) = `a·M + b·M² − c·(1 − cover)`, capped at twice the
//! queen's. The three constants are fitted once by least squares so that the
//! knight, bishop, rook and queen on the chess board and the Cardinal
//! (archbishop) and Marshal (chancellor) on Embassy's 10×8 board come out
//! close to the accepted 3, 3.25, 5, 9.5, 8.5 and 9. The quadratic term is
//! the synergy of compound pieces; the cover term the bishop's handicap.
//!
//! **Pawns** are the unit: a standard pawn is worth 1 in every variant. A
//! ninja pawn is worth 1 plus the difference of the formula between its
//! mobility and the pawn's (both measured over the ranks before promotion).
//! The king's figure is only used to order captures and in Ghostarelay, where
//! it is not royal.

use std::sync::{Arc, Mutex, OnceLock};

use chimera_rules::geometry::CELLS;
use chimera_rules::pieces::{Kind, NKINDS, color_of, is_piece, piece};
use chimera_rules::position::{MoveKind, State};
use chimera_rules::{Color, Move, SplitMix64, Variant};

/// Share of the other squares filled at random while mobility is measured.
pub const DENSITY: f64 = 0.3;
/// Weight of a square the piece can move to but never capture on.
pub const QUIET_WEIGHT: f64 = 0.1;
/// Random fillings per square (each measured with both colourings).
pub const SAMPLES: usize = 64;

/// The derived figures of one piece kind in one variant.
#[derive(Clone, Debug)]
pub struct PieceValue {
    /// The kind.
    pub kind: Kind,
    /// Its letter in the variant.
    pub letter: char,
    /// Mean number of moves on the otherwise empty board.
    pub empty_mobility: f64,
    /// Mean controlled squares on the randomly filled board (see the module doc).
    pub mobility: f64,
    /// Share of the board the piece can ever reach.
    pub cover: f64,
    /// Value in pawns.
    pub value: f64,
}

/// Everything derived for one variant: values and per-square terms.
#[derive(Debug)]
pub struct Derived {
    /// One entry per kind that can stand on the board, in `Kind` order.
    pub pieces: Vec<PieceValue>,
    /// Per kind (index = kind number): value in pawns on each cell for White,
    /// minus the kind's average (the mobility-derived piece-square term).
    pub square_delta: Vec<Vec<f32>>,
}

impl Derived {
    /// The value of a kind in pawns (0 for kinds not in the variant).
    pub fn value(&self, k: Kind) -> f64 {
        self.pieces
            .iter()
            .find(|p| p.kind == k)
            .map_or(0.0, |p| p.value)
    }
}

/// Fitted constants of the value formula.
#[derive(Clone, Copy, Debug)]
pub struct Calibration {
    /// Linear coefficient.
    pub a: f64,
    /// Quadratic coefficient (compound synergy).
    pub b: f64,
    /// Colour-binding penalty.
    pub c: f64,
    /// Cap on any value (twice the queen's).
    pub cap: f64,
}

impl Calibration {
    /// The formula, in pawns.
    pub fn value(&self, mobility: f64, cover: f64) -> f64 {
        (self.a * mobility + self.b * mobility * mobility - self.c * (1.0 - cover))
            .clamp(0.0, self.cap)
    }
}

/// The accepted values the formula is fitted to: (variant, kind, pawns).
pub const ACCEPTED: [(&str, Kind, f64); 6] = [
    ("chess", Kind::Knight, 3.0),
    ("chess", Kind::Bishop, 3.25),
    ("chess", Kind::Rook, 5.0),
    ("chess", Kind::Queen, 9.5),
    ("embassy", Kind::Cardinal, 8.5),
    ("embassy", Kind::Marshal, 9.0),
];

/// The fitted constants (computed once).
pub fn calibration() -> Calibration {
    static CAL: OnceLock<Calibration> = OnceLock::new();
    *CAL.get_or_init(|| {
        let mut rows = Vec::new();
        let mut queen = 0.0;
        for (id, kind, target) in ACCEPTED {
            let v = Variant::new(id, &[]).expect("built-in variant");
            let m = measure(&v, kind, DENSITY, SAMPLES);
            let cover = cover(&v, kind);
            if kind == Kind::Queen {
                queen = m.avg;
            }
            rows.push(([m.avg, m.avg * m.avg, -(1.0 - cover)], target));
        }
        let [a, b, c] = least_squares(&rows);
        let mut cal = Calibration {
            a,
            b,
            c,
            cap: f64::MAX,
        };
        cal.cap = 2.0 * cal.value(queen, 1.0);
        cal
    })
}

/// Solves the 3-parameter least-squares problem by its normal equations.
fn least_squares(rows: &[([f64; 3], f64)]) -> [f64; 3] {
    let mut m = [[0.0f64; 4]; 3];
    for (f, y) in rows {
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += f[i] * f[j];
            }
            m[i][3] += f[i] * y;
        }
    }
    for i in 0..3 {
        let p = m[i][i];
        for x in m[i].iter_mut() {
            *x /= p;
        }
        for k in 0..3 {
            if k != i {
                let f = m[k][i];
                let row = m[i];
                for (x, r) in m[k].iter_mut().zip(row) {
                    *x -= f * r;
                }
            }
        }
    }
    [m[0][3], m[1][3], m[2][3]]
}

/// The derived values and square terms of a variant (computed once per
/// variant file and options, then shared; a player's file registered again
/// with other text is derived anew).
pub fn derived(v: &Arc<Variant>) -> Arc<Derived> {
    static CACHE: Mutex<Vec<(String, Arc<Derived>)>> = Mutex::new(Vec::new());
    let key = format!("{}{:p}{:?}", v.id(), v.info().source, v.options());
    if let Some((_, d)) = CACHE
        .lock()
        .expect("value cache")
        .iter()
        .find(|(k, _)| *k == key)
    {
        return d.clone();
    }
    let d = Arc::new(derive(v));
    CACHE.lock().expect("value cache").push((key, d.clone()));
    d
}

/// The derived values of a variant's pieces (the table of docs/computer.md).
pub fn piece_values(v: &Arc<Variant>) -> Vec<PieceValue> {
    derived(v).pieces.clone()
}

/// The table of derived values of every variant (default options) as
/// Markdown, one column per variant.
pub fn values_markdown() -> String {
    let vs: Vec<Arc<Variant>> = chimera_rules::variants::builtin()
        .iter()
        .map(|i| Variant::new(i.id, &[]).expect("built-in variant"))
        .collect();
    let tables: Vec<Vec<PieceValue>> = vs.iter().map(piece_values).collect();
    let mut kinds: Vec<Kind> = tables.iter().flatten().map(|p| p.kind).collect();
    kinds.sort();
    kinds.dedup();
    let mut out = String::from("| piece |");
    for v in &vs {
        out.push_str(&format!(" {} |", v.id()));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(vs.len()));
    out.push('\n');
    for k in kinds {
        out.push_str(&format!("| {} |", k.name()));
        for t in &tables {
            match t.iter().find(|p| p.kind == k) {
                Some(p) => out.push_str(&format!(" {} {:.2} |", p.letter, p.value)),
                None => out.push_str(" |"),
            }
        }
        out.push('\n');
    }
    out
}

fn derive(v: &Arc<Variant>) -> Derived {
    let cal = calibration();
    let mut pieces = Vec::new();
    let mut square_delta = vec![Vec::new(); NKINDS];
    let pawn_like = |k: Kind| k.is_pawnlike();
    let pawn_m = v
        .def(Kind::Pawn.num())
        .map(|_| measure(v, Kind::Pawn, DENSITY, SAMPLES).avg);
    for k in v.piece_kinds() {
        let m = measure(v, k, DENSITY, SAMPLES);
        let empty = measure(v, k, 0.0, 1).avg;
        let cover = if pawn_like(k) { 1.0 } else { cover(v, k) };
        let value = match k {
            Kind::Pawn => 1.0,
            Kind::NinjaPawn => {
                let base = pawn_m.unwrap_or(m.avg);
                1.0 + (cal.value(m.avg, 1.0) - cal.value(base, 1.0)).max(0.0)
            }
            _ => cal.value(m.avg, cover),
        };
        let mut delta = vec![0.0f32; CELLS];
        if !pawn_like(k) {
            let mean = cal.value(m.avg, cover);
            for &(cell, mc) in &m.per_cell {
                delta[cell as usize] = (cal.value(mc, cover) - mean) as f32;
            }
        }
        square_delta[k.idx()] = delta;
        pieces.push(PieceValue {
            kind: k,
            letter: v.letter(k),
            empty_mobility: empty,
            mobility: m.avg,
            cover,
            value,
        });
    }
    Derived {
        pieces,
        square_delta,
    }
}

/// Mobility of one kind: the mean and the mean per cell.
struct Mobility {
    avg: f64,
    per_cell: Vec<(u16, f64)>,
}

/// The variant's board with every existing square empty.
pub(crate) fn blank_state(v: &Arc<Variant>) -> State {
    let mut s = v.start_position().s;
    for &c in &v.cells {
        if is_piece(s.board[c as usize]) {
            s.clear(c);
        }
    }
    s.hand = [[0; NKINDS]; 2];
    s.royal = [0; 2];
    s.ep = Default::default();
    s.castling = 0;
    s
}

/// Cells a White piece of kind `k` is measured on (pawns: the ranks before
/// their promotion rank).
fn stand_cells(v: &Variant, k: Kind) -> Vec<u16> {
    v.cells
        .iter()
        .copied()
        .filter(|&c| {
            if !k.is_pawnlike() {
                return true;
            }
            let y = v.geo.sq(c as usize).y;
            y >= 1 && y < v.promotion.last
        })
        .collect()
}

/// Counts the moves of the White `k` on `cell`: (pieces removed, quiet moves).
fn count_moves(v: &Variant, s: &State, cell: u16, list: &mut Vec<Move>) -> (u32, u32) {
    list.clear();
    s.gen_piece(v, cell, list);
    let mut removed = 0;
    let mut quiet = 0;
    for (i, m) in list.iter().enumerate() {
        if m.kind() != MoveKind::Normal || list[..i].iter().any(|o| o.to == m.to && o.aux == m.aux)
        {
            continue;
        }
        let here = s.board[m.to as usize];
        let n = u32::from(is_piece(here) && color_of(here) == Color::Black) + u32::from(m.aux != 0);
        if n == 0 {
            quiet += 1;
        }
        removed += n;
    }
    (removed, quiet)
}

/// Mean mobility of kind `k` at filling density `rho` (see the module doc).
/// With `rho` = 0 it is the plain move count on the empty board.
fn measure(v: &Arc<Variant>, k: Kind, rho: f64, samples: usize) -> Mobility {
    let mut s = blank_state(v);
    let mut rng = SplitMix64::new(0x00C0_FFEE ^ k.num() as u64);
    let mut list = Vec::with_capacity(256);
    let mut placed = Vec::with_capacity(CELLS);
    let cells = stand_cells(v, k);
    let mut per_cell = Vec::with_capacity(cells.len());
    let subject = piece(Color::White, k);
    for &cell in &cells {
        let mut total = 0.0;
        for _ in 0..samples {
            for &o in &v.cells {
                if o != cell && rho > 0.0 && rng.unit() < rho {
                    let c = if rng.scaled(2) == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    s.place(o, piece(c, Kind::Pawn));
                    placed.push(o);
                }
            }
            s.place(cell, subject);
            // Each filling is measured twice, the second time with every
            // other piece's colour swapped (halves the sampling noise).
            for flip in [false, true] {
                if flip {
                    for &o in &placed {
                        let p = s.clear(o);
                        let c = color_of(p).opposite();
                        s.place(o, piece(c, Kind::Pawn));
                    }
                }
                let (removed, quiet) = count_moves(v, &s, cell, &mut list);
                total += if rho > 0.0 {
                    removed as f64 / (rho / 2.0) + QUIET_WEIGHT * quiet as f64
                } else {
                    quiet as f64
                } / 2.0;
            }
            s.clear(cell);
            for o in placed.drain(..) {
                s.clear(o);
            }
        }
        per_cell.push((cell, total / samples as f64));
    }
    let avg = per_cell.iter().map(|c| c.1).sum::<f64>() / per_cell.len().max(1) as f64;
    Mobility { avg, per_cell }
}

/// Share of the board a lone White `k` can ever reach, from the start square
/// that reaches most (1 for pieces that cannot move on an empty board). The
/// pieces' moves are symmetric, so the board splits into classes that the
/// walk finds one after the other.
fn cover(v: &Arc<Variant>, k: Kind) -> f64 {
    let mut s = blank_state(v);
    let mut list = Vec::with_capacity(256);
    let subject = piece(Color::White, k);
    let mut seen = vec![false; CELLS];
    let mut best = 0;
    for &start in &v.cells {
        if seen[start as usize] {
            continue;
        }
        let mut size = 0;
        let mut queue = vec![start];
        seen[start as usize] = true;
        while let Some(c) = queue.pop() {
            size += 1;
            s.place(c, subject);
            list.clear();
            s.gen_piece(v, c, &mut list);
            s.clear(c);
            for m in &list {
                if m.kind() == MoveKind::Normal && !seen[m.to as usize] {
                    seen[m.to as usize] = true;
                    queue.push(m.to);
                }
            }
        }
        best = best.max(size);
    }
    if best <= 1 {
        1.0
    } else {
        best as f64 / v.cells.len() as f64
    }
}
