//! Static evaluation, built per variant from the derived piece values
//! ([`super::values`]) and the variant's rule tables.
//!
//! Terms (centipawns, from the side to move's point of view):
//! - material: the derived value of every piece on the board; pieces in hand
//!   at their value, halved while no drop square is free; a Crown Prince
//!   (board or hand) adds an insurance bonus while crowning is possible;
//! - piece-square: a fraction ([`PST_SCALE`]) of how much more or less the
//!   piece controls on that square than on average (centrality falls out of
//!   the mobility measure); pawns and ninja pawns by promotion distance,
//!   more when passed; the king stays home in the middle game and walks to
//!   the centre in the endgame (tapered by the material left);
//! - king safety: friendly pieces next to the royal king, enemy pieces near it;
//! - threats: pieces the other side attacks with a pawn or a lesser piece, or
//!   attacks while nothing defends them ([`super::threats`], from the
//!   rules' attack lines);
//! - pairs of colour-bound pieces on both colours;
//! - mobility: the difference of the board-move counts the search already has;
//! - Holywar's drop opening: the placement terms above plus the King–Lady
//!   neighbourhood (a swap is the king's escape);
//! - Ghostarelay (giveaway): fewer pieces and fewer moves are better.
//!
//! Every weight comes from the variant's [`Weights`] (the defaults, or the
//! tuned values shipped for it).

use std::sync::Arc;

use super::see::SeeValues;
use super::threats::Threats;
use super::values::{Derived, derived};
use super::weights::Weights;
use chimera_rules::geometry::{CELLS, PAD};
use chimera_rules::pieces::{Kind, LOCK_BIT, NKINDS, color_of, is_piece, kind_of, piece};
use chimera_rules::variants::NoMoves;
use chimera_rules::{Color, Position, Variant};

/// How far outside the window that matters the evaluation without its
/// threats must lie for them to be left out ([`Evaluator::evaluate_within`]).
pub const LAZY_MARGIN: i32 = 300;

/// The evaluation tables of one variant (with its options).
pub struct Evaluator {
    variant: Arc<Variant>,
    derived: Arc<Derived>,
    /// Material on the board in cp (royal king: 0).
    value: [i32; NKINDS],
    /// Value used to order captures (the king too).
    order: [i32; NKINDS],
    /// Material in hand in cp.
    hand: [i32; NKINDS],
    /// Piece-square terms for White, `kind * CELLS + cell`.
    pst: Vec<i16>,
    /// Pawn-like advancement for White per cell: (middle game, endgame, passed mg, passed eg).
    pawn: Vec<[i16; 4]>,
    /// King per cell for White: (middle game, endgame).
    king: Vec<[i16; 2]>,
    /// Vertical mirror of each cell (Black's cells read White's tables).
    mirror: Vec<u16>,
    /// Light squares.
    light: Vec<bool>,
    /// Kinds bound to one square colour.
    colourbound: u64,
    /// Non-pawn material of both sides at the start (for the game phase).
    phase_max: i32,
    giveaway: bool,
    royal: bool,
    /// Holy Grail's serpent is in the game (its unlocked forms may mutate).
    serpent: bool,
    crowning: bool,
    lady_swap: bool,
    /// The capture-ordering values as a static exchange counts them.
    see: SeeValues,
    /// Threats to pieces (when weighted).
    threats: Option<Threats>,
    /// The weights the tables were built from (the scalar terms are read here).
    w: Weights,
}

/// Files x and ranks y of a cell, board-relative.
#[inline]
fn xy(v: &Variant, cell: u16) -> (i32, i32) {
    let (x, y) = v.geo.cell_xy(cell);
    ((x - PAD) as i32, (y - PAD) as i32)
}

impl Evaluator {
    /// Builds the tables of `v` with its shipped weights.
    pub fn new(v: &Arc<Variant>) -> Evaluator {
        Evaluator::with_weights(v, &Weights::for_variant(v))
    }

    /// Builds the tables of `v` with the weights `w`.
    pub fn with_weights(v: &Arc<Variant>, w: &Weights) -> Evaluator {
        let d = derived(v);
        let mut value = [0i32; NKINDS];
        let mut order = [0i32; NKINDS];
        let mut hand = [0i32; NKINDS];
        let mut colourbound = 0u64;
        for p in &d.pieces {
            let cp = (p.value * 100.0).round() as i32;
            order[p.kind.idx()] = cp;
            value[p.kind.idx()] = if p.kind == Kind::King && v.royal {
                0
            } else {
                cp + w.value[p.kind.idx()]
            };
            if p.cover < 0.75 && !p.kind.is_pawnlike() {
                colourbound |= 1 << p.kind.num() as u32;
            }
        }
        let best_form = Kind::SERPENT_FORMS
            .iter()
            .map(|k| value[k.idx()])
            .max()
            .unwrap_or(0);
        for &k in v.hand_kinds() {
            hand[k.idx()] = if k == Kind::Serpent {
                best_form
            } else if k == Kind::King {
                0
            } else {
                value[k.idx()]
            };
        }
        if v.royal {
            order[Kind::King.idx()] = order[Kind::King.idx()].max(1);
        }
        let h = v.height() as i32;
        let width = v.width() as i32;
        let mut mirror = vec![0u16; CELLS];
        let mut light = vec![false; CELLS];
        let mut pst = vec![0i16; NKINDS * CELLS];
        let mut pawn = vec![[0i16; 4]; CELLS];
        let mut king = vec![[0i16; 2]; CELLS];
        let last = v.promotion.last as i32;
        let centre_x = (width - 1) as f64 / 2.0;
        let pst_scale = w.pst_permille as f64 / 1000.0;
        let king_scale = w.king_square_eg_permille as f64 / 1000.0;
        let f = |x: i32| x as f64;
        for &c in &v.cells {
            let (x, y) = xy(v, c);
            let m = v
                .geo
                .index(chimera_rules::Sq::new(x as u8, (h - 1 - y) as u8));
            mirror[c as usize] = m as u16;
            light[c as usize] = v.is_light(v.geo.sq(c as usize));
            for p in &d.pieces {
                let delta = d.square_delta[p.kind.idx()]
                    .get(c as usize)
                    .copied()
                    .unwrap_or(0.0);
                pst[p.kind.idx() * CELLS + c as usize] =
                    (delta as f64 * pst_scale * 100.0).round() as i16;
            }
            // Pawns: promotion distance (squared progress) and a little centre.
            let progress = (y as f64 / last.max(1) as f64).clamp(0.0, 1.0);
            let p2 = progress * progress;
            let file = 1.0 - ((x as f64 - centre_x).abs() / centre_x.max(1.0));
            pawn[c as usize] = [
                (f(w.pawn_advance_mg) * p2 + f(w.pawn_centre_mg) * file) as i16,
                (f(w.pawn_advance_eg) * p2) as i16,
                (f(w.passed_base_mg) + f(w.passed_advance_mg) * p2) as i16,
                (f(w.passed_base_eg) + f(w.passed_advance_eg) * p2) as i16,
            ];
            // King: home rank and the wings in the middle game; the
            // mobility-derived centrality in the endgame.
            let kdelta = d.square_delta[Kind::King.idx()]
                .get(c as usize)
                .copied()
                .unwrap_or(0.0) as f64;
            king[c as usize] = [
                (-f(w.king_rank_mg) * y as f64 - f(w.king_centre_mg) * file) as i16,
                (kdelta * 100.0 * king_scale) as i16,
            ];
        }
        // Game phase: the non-pawn material of the start position.
        let start = v.start_position();
        let mut phase_max = 0;
        for &c in &v.cells {
            let p = start.s.board[c as usize];
            if is_piece(p) {
                let k = kind_of(p) as usize;
                if !is_pawnlike(k as u8) {
                    phase_max += value[k];
                }
            }
        }
        for col in [Color::White, Color::Black] {
            for &k in v.hand_kinds() {
                if !k.is_pawnlike() {
                    phase_max += start.hand_count(col, k) as i32 * hand[k.idx()];
                }
            }
        }
        let giveaway = v.no_moves != NoMoves::Chess && v.forced_capture;
        let threats = (!giveaway && w.threat_permille != 0).then(|| Threats::new(v, &value));
        Evaluator {
            variant: v.clone(),
            derived: d,
            value,
            see: SeeValues::new(&order, v.royal),
            order,
            hand,
            pst,
            pawn,
            king,
            mirror,
            light,
            colourbound,
            phase_max: phase_max.max(1),
            giveaway,
            royal: v.royal,
            serpent: v.serpent,
            crowning: v.crowning,
            lady_swap: v.king_lady_swap,
            threats,
            w: w.clone(),
        }
    }

    /// The variant these tables belong to.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The derived piece values behind the tables.
    pub fn derived(&self) -> &Derived {
        &self.derived
    }

    /// Value of a kind for ordering captures (centipawns, the king included).
    #[inline]
    pub fn order_value(&self, k: u8) -> i32 {
        self.order[k as usize]
    }

    /// The piece values static exchanges count with ([`Evaluator::order_value`],
    /// a royal king priceless).
    pub(crate) fn see_values(&self) -> &SeeValues {
        &self.see
    }

    /// Material value of a kind on the board (centipawns).
    #[inline]
    pub fn value(&self, k: u8) -> i32 {
        self.value[k as usize]
    }

    /// Evaluates `pos` for the side to move. `mobility` is the side to
    /// move's board-move count minus the opponent's (as far as known).
    pub fn evaluate(&self, pos: &Position, mobility: i32) -> i32 {
        self.evaluate_within(pos, mobility, -i32::MAX, i32::MAX)
    }

    /// [`Evaluator::evaluate`] where only whether the score lies within
    /// `(low, high)` matters beyond that window: when everything but the
    /// threats is more than [`LAZY_MARGIN`] outside it, the threats (the
    /// costliest term) are not worked out and that score is returned.
    pub fn evaluate_within(&self, pos: &Position, mobility: i32, low: i32, high: i32) -> i32 {
        if self.giveaway {
            return self.giveaway_eval(pos, mobility);
        }
        let wt = &self.w;
        let v = &*self.variant;
        let s = &pos.s;
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut phase = 0i32;
        // Pawn files: for White the highest Black pawn rank per file, for
        // Black the lowest White one (passed pawns see none ahead).
        let mut black_max = [-1i8; 16];
        let mut white_min = [i8::MAX; 16];
        let mut shelter = [0i32; 2];
        let mut danger = [0i32; 2];
        let mut bound = [[false; 2]; 2];
        let kings = [s.royal[0], s.royal[1]];
        let king_xy = [
            (kings[0] != 0).then(|| xy(v, kings[0])),
            (kings[1] != 0).then(|| xy(v, kings[1])),
        ];
        let mut has_prince = [false; 2];
        // Pawns are kept for a second pass, once the pawn files are known.
        let mut pawns = [0u16; CELLS];
        let mut npawns = 0;
        for (w, &word) in s.occ.iter().flatten().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let c = ((w % 6) * 64) as u16 + bits.trailing_zeros() as u16;
                bits &= bits - 1;
                let p = s.board[c as usize];
                let k = kind_of(p);
                let col = color_of(p).index();
                let (x, y) = xy(v, c);
                if is_pawnlike(k) {
                    if col == 0 {
                        white_min[x as usize] = white_min[x as usize].min(y as i8);
                    } else {
                        black_max[x as usize] = black_max[x as usize].max(y as i8);
                    }
                    pawns[npawns] = c;
                    npawns += 1;
                    continue;
                }
                if k == Kind::King.num() && self.royal {
                    continue;
                }
                let wc = if col == 0 { c } else { self.mirror[c as usize] } as usize;
                let val = self.value[k as usize];
                phase += val;
                let mut here = val + self.pst[k as usize * CELLS + wc] as i32;
                if self.serpent && is_serpent(k) && p & LOCK_BIT == 0 {
                    here += wt.serpent_unlocked;
                }
                if k == Kind::Prince.num() {
                    has_prince[col] = true;
                }
                mg[col] += here;
                eg[col] += here;
                if self.colourbound >> k & 1 != 0 {
                    bound[col][self.light[c as usize] as usize] = true;
                }
                // King safety: own pieces next to the king, enemy pieces near.
                if let Some((kx, ky)) = king_xy[col]
                    && (kx - x).abs().max((ky - y).abs()) == 1
                {
                    shelter[col] += 1;
                }
                if let Some((kx, ky)) = king_xy[1 - col] {
                    let d = (kx - x).abs().max((ky - y).abs());
                    if d <= 3 {
                        danger[1 - col] += val * (4 - d) * wt.danger_permille / 1000;
                    }
                }
            }
        }
        for &c in &pawns[..npawns] {
            let p = s.board[c as usize];
            let col = color_of(p).index();
            let wc = if col == 0 { c } else { self.mirror[c as usize] } as usize;
            let (x, y) = xy(v, c);
            let passed = (x - 1..=x + 1).filter(|f| (0..16).contains(f)).all(|f| {
                if col == 0 {
                    black_max[f as usize] <= y as i8
                } else {
                    white_min[f as usize] >= y as i8
                }
            });
            let t = self.pawn[wc];
            let val = self.value[kind_of(p) as usize];
            let (m, e) = if passed { (t[2], t[3]) } else { (t[0], t[1]) };
            mg[col] += val + m as i32;
            eg[col] += val + e as i32;
            if let Some((kx, ky)) = king_xy[col]
                && (kx - x).abs().max((ky - y).abs()) == 1
            {
                shelter[col] += 1;
            }
        }
        if self.royal {
            for (col, &k) in kings.iter().enumerate() {
                if k != 0 {
                    let wc = if col == 0 { k } else { self.mirror[k as usize] } as usize;
                    mg[col] += self.king[wc][0] as i32;
                    eg[col] += self.king[wc][1] as i32;
                }
            }
        }
        // Hands.
        for col in [Color::White, Color::Black] {
            let ci = col.index();
            for &k in v.hand_kinds() {
                let n = s.hand[ci][k.idx()] as i32;
                if n == 0 {
                    continue;
                }
                let mut val = self.hand[k.idx()];
                if !v.drop_squares[ci][k.idx()]
                    .iter()
                    .any(|&c| s.board[c as usize] == chimera_rules::pieces::EMPTY)
                {
                    val = val * wt.hand_blocked_permille / 1000;
                }
                if k == Kind::Prince {
                    has_prince[ci] = true;
                }
                if !k.is_pawnlike() && k != Kind::King {
                    phase += n * self.hand[k.idx()];
                }
                mg[ci] += n * val;
                eg[ci] += n * val;
            }
        }
        for col in 0..2 {
            if self.crowning && has_prince[col] {
                mg[col] += wt.prince_mg;
                eg[col] += wt.prince_eg;
            }
            if bound[col][0] && bound[col][1] {
                mg[col] += wt.pair_mg;
                eg[col] += wt.pair_eg;
            }
            mg[col] += wt.shelter * shelter[col].min(wt.shelter_cap) - danger[col];
            if self.lady_swap && kings[col] != 0 {
                let lady = piece(
                    if col == 0 { Color::White } else { Color::Black },
                    Kind::Lady,
                );
                let near = v.def(Kind::King.num()).is_some_and(|d| {
                    d.leaps
                        .iter()
                        .any(|l| s.board[(kings[col] as i16 + l.off) as usize] == lady)
                });
                if near {
                    mg[col] += wt.lady_mg;
                    eg[col] += wt.lady_eg;
                }
            }
        }
        let phase = phase.min(self.phase_max);
        let side = if s.side == Color::White { 1 } else { -1 };
        let rest = wt.tempo + (mobility * wt.mobility_cp).clamp(-wt.mobility_cap, wt.mobility_cap);
        let blend = |mg: &[i32; 2], eg: &[i32; 2]| {
            let white = (mg[0] - mg[1]) * phase / self.phase_max
                + (eg[0] - eg[1]) * (self.phase_max - phase) / self.phase_max;
            side * white + rest
        };
        let Some(t) = &self.threats else {
            return blend(&mg, &eg);
        };
        let rough = blend(&mg, &eg);
        if rough.saturating_sub(LAZY_MARGIN) >= high || rough.saturating_add(LAZY_MARGIN) <= low {
            return rough;
        }
        for (col, (m, e)) in t.of(v, s).into_iter().enumerate() {
            mg[col] -= m * wt.threat_permille / 1000;
            eg[col] -= e * wt.threat_permille / 1000;
        }
        blend(&mg, &eg)
    }

    /// Ghostarelay: the side with fewer pieces and fewer moves stands
    /// better (it is closer to having no move, which wins). A Warlord must
    /// capture whenever an enemy piece exists, so it counts extra.
    fn giveaway_eval(&self, pos: &Position, mobility: i32) -> i32 {
        let s = &pos.s;
        let w = &self.w;
        let n: [i32; 2] = std::array::from_fn(|c| {
            let pieces: u32 = s.occ[c].iter().map(|w| w.count_ones()).sum();
            w.giveaway_piece * pieces as i32
                + w.giveaway_warlord * s.count[c][Kind::Warlord.idx()] as i32
        });
        let us = s.side.index();
        let cap = w.giveaway_mobility_cap;
        (n[1 - us] - n[us]) - w.giveaway_mobility * mobility.clamp(-cap, cap)
    }
}

#[inline]
fn is_pawnlike(k: u8) -> bool {
    k == Kind::Pawn.num() || k == Kind::NinjaPawn.num()
}

#[inline]
fn is_serpent(k: u8) -> bool {
    (Kind::Gryphon.num()..=Kind::Vao.num()).contains(&k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Grand with the shipped weights (threats weighted), White's marshal
    /// attacking Black's loose rook and bishop, and the same tables with the
    /// threats weighted 0.
    fn grand_threatened() -> (Evaluator, Evaluator, Position) {
        let v = Variant::new("grand", &[]).expect("grand");
        let pos =
            Position::from_vfen(&v, "9k/10/4b5/10/5r4/10/4M5/10/10/K9 w - - - 0 1").expect("vfen");
        let w = Weights::for_variant(&v);
        assert!(
            w.threat_permille > 0,
            "Grand's shipped weights count threats"
        );
        let mut none = w.clone();
        none.threat_permille = 0;
        (
            Evaluator::with_weights(&v, &w),
            Evaluator::with_weights(&v, &none),
            pos,
        )
    }

    #[test]
    fn within_its_window_the_evaluation_is_exact() {
        let (e, _, pos) = grand_threatened();
        let full = e.evaluate(&pos, 3);
        assert_eq!(e.evaluate_within(&pos, 3, full - 1, full + 1), full);
        assert_eq!(e.evaluate_within(&pos, 3, full - 50, full + 50), full);
    }

    #[test]
    fn far_outside_its_window_the_threats_are_left_out() {
        let (e, without, pos) = grand_threatened();
        let full = e.evaluate(&pos, 3);
        let rough = without.evaluate(&pos, 3);
        // Black's two loose pieces under attack: White stands better for them.
        assert!(full > rough, "threats count for White: {full} vs {rough}");
        // A window far above or below the score: the threats are not worked out.
        let above = rough + LAZY_MARGIN;
        assert_eq!(e.evaluate_within(&pos, 3, above, above + 100), rough);
        let below = rough - LAZY_MARGIN;
        assert_eq!(e.evaluate_within(&pos, 3, below - 100, below), rough);
        // A window just short of the margin: they are.
        assert_eq!(e.evaluate_within(&pos, 3, above - 1, above + 100), full);
        // Within the margin of the window they are.
        assert_eq!(e.evaluate_within(&pos, 3, rough - 10, rough + 10), full);
    }
}
