//! Orthodox chess (RULES.md §1), the baseline.

use super::{NoMoves, Opts, PawnRules, PromotionRules, VariantSpec, both_sides, sq};
use crate::rules::RulesError;
use crate::rules::geometry::Geometry;
use crate::rules::pieces::{Kind, MoveOptions};

/// Chess: FIDE rules on 8×8.
pub(super) fn spec(_: &Opts) -> Result<VariantSpec, RulesError> {
    let geometry = Geometry::new(8, 8, 1, &[]);
    let g = &geometry;
    let castlings = both_sides(
        &[
            (sq(g, "e1"), sq(g, "g1"), sq(g, "h1"), sq(g, "f1")),
            (sq(g, "e1"), sq(g, "c1"), sq(g, "a1"), sq(g, "d1")),
        ],
        8,
    );
    Ok(VariantSpec {
        letters: standard_letters(),
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1".into(),
        pawn: double_step_pawn(8, 1),
        ninja: None,
        promotion: PromotionRules {
            last: 7,
            optional_from: None,
            pieces: vec![Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight],
            limited_to_initial: false,
        },
        castlings,
        hand: vec![],
        drops: vec![],
        ..chess_like(geometry)
    })
}

/// The letters of the orthodox pieces.
pub(super) fn standard_letters() -> Vec<(Kind, char)> {
    vec![
        (Kind::Pawn, 'P'),
        (Kind::Knight, 'N'),
        (Kind::Bishop, 'B'),
        (Kind::Rook, 'R'),
        (Kind::Queen, 'Q'),
        (Kind::King, 'K'),
    ]
}

/// Pawns with one step, or two from relative rank `start`, with en passant.
pub(super) fn double_step_pawn(height: u8, start: u8) -> PawnRules {
    let mut max_steps = vec![1; height as usize];
    max_steps[start as usize] = 2;
    PawnRules {
        max_steps,
        multi_limit: height,
        en_passant: true,
    }
}

/// Defaults of a check-based game without drops: royal king, checkmate,
/// bare-kings draw. Variant files override what differs.
pub(super) fn chess_like(geometry: Geometry) -> VariantSpec {
    let h = geometry.height;
    VariantSpec {
        geometry,
        letters: standard_letters(),
        start: String::new(),
        pawn: double_step_pawn(h, 1),
        ninja: None,
        promotion: PromotionRules {
            last: h - 1,
            optional_from: None,
            pieces: vec![],
            limited_to_initial: false,
        },
        castlings: vec![],
        hand: vec![],
        drops: vec![],
        royal: true,
        crowning: false,
        no_moves: NoMoves::Chess,
        forced_capture: false,
        relay_power: false,
        king_lady_swap: false,
        jump_castling: false,
        drop_opening: false,
        bare_kings_draw: true,
        move_options: MoveOptions::default(),
    }
}
