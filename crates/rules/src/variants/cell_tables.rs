//! Facts the move generator would otherwise work out again at every node:
//! how far a pawn or ninja pawn on each cell may run, the castlings grouped
//! by the king and rook squares they share, and the squares on lines near a
//! king where a piece may become a screen.

use super::{Castling, NinjaRules, PawnRules, PromotionRules};
use crate::geometry::{CELLS, DIAG, Geometry, ORTHO, PAD, Sq};
use crate::pieces::Color;

/// What a pawn (or ninja pawn) of one side standing on one cell may do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnCell {
    /// Squares it may move straight forward, the multi-step limit applied
    /// (the squares must still be empty).
    pub steps: u8,
    /// A move from here may reach the promotion zone.
    pub near: bool,
    /// Ninja pawn: it stands in the enemy half (sideways captures, single steps).
    pub far: bool,
}

/// Per-cell pawn facts of both sides: `[colour][cell]`.
pub type PawnTable = [Box<[PawnCell; CELLS]>; 2];

/// Castlings of one side that share the king's and the rook's home squares,
/// hence the squares that must be empty between them (consecutive in the
/// variant's castling order, so that generation keeps that order).
#[derive(Clone, Debug)]
pub struct CastleGroup {
    /// The side.
    pub color: Color,
    /// King's home cell.
    pub king: u16,
    /// Rook's home cell.
    pub rook: u16,
    /// Castling-right bit of that rook (see [`crate::position::State::castling`]).
    pub right: u32,
    /// Cells strictly between king and rook.
    pub between: Vec<u16>,
    /// (king to, rook to) of each castling, in the variant's order.
    pub moves: Vec<(u16, u16)>,
}

/// Whether a move from relative rank `ry` going at most `reach` ranks forward
/// may land where it promotes or may promote.
fn near_promotion(pr: &PromotionRules, ry: u8, reach: u8) -> bool {
    ry + reach >= pr.optional_from.map_or(pr.last, |o| o.min(pr.last))
}

/// Relative rank of every existing cell for each side (`None` for the rest).
fn relative_ranks(geo: &Geometry) -> impl Iterator<Item = (usize, [u8; 2])> + '_ {
    geo.squares().map(|q| {
        let cell = geo.index(q);
        let y = (geo.cell_xy(cell as u16).1 - PAD) as u8;
        (cell, [geo.relative_y(y, true), geo.relative_y(y, false)])
    })
}

/// Standard pawns' table (what `gen_pawn` reads).
pub fn pawn_table(geo: &Geometry, pawn: &PawnRules, pr: &PromotionRules) -> PawnTable {
    let mut t: PawnTable = [
        Box::new([PawnCell::default(); CELLS]),
        Box::new([PawnCell::default(); CELLS]),
    ];
    for (cell, ranks) in relative_ranks(geo) {
        for (c, ry) in ranks.into_iter().enumerate() {
            let max = pawn.max_steps.get(ry as usize).copied().unwrap_or(1);
            // A step of two or more may not end beyond the multi-step limit.
            let steps = if max <= 1 {
                max
            } else {
                max.min(pawn.multi_limit.saturating_sub(ry).max(1))
            };
            t[c][cell] = PawnCell {
                steps,
                near: near_promotion(pr, ry, max.max(1)),
                far: false,
            };
        }
    }
    t
}

/// Ninja pawns' table (what `gen_ninja` reads).
pub fn ninja_table(geo: &Geometry, nr: &NinjaRules, pr: &PromotionRules) -> PawnTable {
    let mut t: PawnTable = [
        Box::new([PawnCell::default(); CELLS]),
        Box::new([PawnCell::default(); CELLS]),
    ];
    for (cell, ranks) in relative_ranks(geo) {
        for (c, ry) in ranks.into_iter().enumerate() {
            let far = ry > nr.centre;
            // Runs of two or more stay in the own half.
            let steps = if nr.run <= 1 || far {
                nr.run.min(1)
            } else {
                nr.run.min(nr.centre.saturating_sub(ry).max(1))
            };
            t[c][cell] = PawnCell {
                steps,
                near: near_promotion(pr, ry, nr.run.max(1)),
                far,
            };
        }
    }
    t
}

/// The castlings grouped by side, king and rook (order kept).
pub fn castle_groups(geo: &Geometry, castlings: &[Castling]) -> Vec<CastleGroup> {
    let mut groups: Vec<CastleGroup> = Vec::new();
    for c in castlings {
        let (king, rook) = (geo.index(c.king_from) as u16, geo.index(c.rook_from) as u16);
        let to = (geo.index(c.king_to) as u16, geo.index(c.rook_to) as u16);
        match groups.last_mut() {
            Some(g) if g.color == c.color && g.king == king && g.rook == rook => g.moves.push(to),
            _ => {
                let (lo, hi) = (
                    c.king_from.x.min(c.rook_from.x),
                    c.king_from.x.max(c.rook_from.x),
                );
                let y = c.king_from.y;
                groups.push(CastleGroup {
                    color: c.color,
                    king,
                    rook,
                    right: 1
                        << (if c.color == Color::White { 0 } else { 16 } + c.rook_from.x as u32),
                    between: (lo + 1..hi)
                        .map(|x| geo.index(Sq::new(x, y)) as u16)
                        .collect(),
                    moves: vec![to],
                });
            }
        }
    }
    groups
}

/// A set of cells, one bit per mailbox cell (like [`crate::position::State::occ`]).
pub type CellSet = [u64; 6];

/// For each cell, the cells on a rank, file or diagonal through it at most
/// `reach` squares away (holes included: only destinations are looked up).
pub fn line_zones(geo: &Geometry, reach: i16) -> Box<[CellSet]> {
    let mut zones = vec![[0u64; 6]; CELLS].into_boxed_slice();
    let reach = reach.min(geo.width.max(geo.height) as i16);
    for q in geo.squares() {
        let centre = geo.index(q);
        let zone = &mut zones[centre];
        for (dx, dy) in ORTHO.into_iter().chain(DIAG) {
            for n in 1..=reach {
                let (x, y) = (q.x as i16 + dx as i16 * n, q.y as i16 + dy as i16 * n);
                if x < 0 || y < 0 || x >= geo.width as i16 || y >= geo.height as i16 {
                    break;
                }
                let cell = ((y + PAD) * geo.stride + x + PAD) as usize;
                zone[cell >> 6] |= 1 << (cell & 63);
            }
        }
    }
    zones
}

/// Half the width of a [`window`]: the mailbox distance from a cell to the
/// farthest cell three files and three ranks away (the padding), so that
/// every leap, first ride step, two-path landing and flying jump of a piece
/// on a real square lies within the window around it.
pub fn window_half(geo: &Geometry) -> u16 {
    (PAD * geo.stride + PAD) as u16
}

/// A [`CellSet`] laid out as bytes (with slack after its end), from which
/// the bits around any real square come with one unaligned load: see
/// [`CellBytes::window`].
#[derive(Clone, Copy)]
pub struct CellBytes([u8; 80]);

impl CellBytes {
    /// The union of two cell sets.
    #[inline]
    pub fn union(a: &CellSet, b: &CellSet) -> CellBytes {
        let mut bytes = [0u8; 80];
        for (w, chunk) in bytes.chunks_exact_mut(8).take(6).enumerate() {
            chunk.copy_from_slice(&(a[w] | b[w]).to_le_bytes());
        }
        CellBytes(bytes)
    }

    /// The bits for the cells `centre - half ..= centre + half` (bit
    /// `off + half` for the cell `centre + off`), `half` being
    /// [`window_half`]: at most 115 bits, the neighbourhood of a real square
    /// (whose window never leaves the mailbox).
    #[inline]
    pub fn window(&self, centre: u16, half: u16) -> u128 {
        let o = centre.wrapping_sub(half) as usize;
        let at = (o >> 3) & 63;
        let mut chunk = [0u8; 16];
        chunk.copy_from_slice(&self.0[at..at + 16]);
        u128::from_le_bytes(chunk) >> (o & 7)
    }
}

/// The window bits (see [`window`]) of the cells at mailbox offsets `offs`
/// from the centre; `None` if one lies outside the window.
pub fn offsets_mask(geo: &Geometry, offs: impl IntoIterator<Item = i16>) -> Option<u128> {
    let half = window_half(geo) as i16;
    offs.into_iter().try_fold(0u128, |m, off| {
        (-half..=half)
            .contains(&off)
            .then(|| m | 1u128 << (off + half))
    })
}

/// The cells that are not squares of the board (padding and holes).
pub fn off_board(geo: &Geometry) -> CellSet {
    let mut set = [0u64; 6];
    for cell in 0..CELLS {
        if !geo.exists_index(cell) {
            set[cell >> 6] |= 1 << (cell & 63);
        }
    }
    set
}
