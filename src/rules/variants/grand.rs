//! Grand Chess (RULES.md §2) and Embassy Chess (§3).

use super::chess::{chess_like, double_step_pawn, standard_letters};
use super::{Opts, PromotionRules, VariantSpec, both_sides, sq};
use crate::rules::RulesError;
use crate::rules::geometry::Geometry;
use crate::rules::pieces::Kind;

fn grand_army() -> Vec<(Kind, char)> {
    let mut l = standard_letters();
    l.push((Kind::Marshal, 'M'));
    l.push((Kind::Cardinal, 'C'));
    l
}

const ARMY: [Kind; 6] = [
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Marshal,
    Kind::Cardinal,
];

/// Grand Chess: 10×10, no castling, promotion only to pieces below their
/// initial count, optional on ranks 8–9.
pub(super) fn spec(_: &Opts) -> Result<VariantSpec, RulesError> {
    let geometry = Geometry::new(10, 10, 1, &[]);
    Ok(VariantSpec {
        letters: grand_army(),
        start: "r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKMCBN1/R8R w - - - 0 1".into(),
        pawn: double_step_pawn(10, 2),
        promotion: PromotionRules {
            last: 9,
            optional_from: Some(7),
            pieces: ARMY.to_vec(),
            limited_to_initial: true,
        },
        ..chess_like(geometry)
    })
}

/// Embassy Chess: 10×8 Capablanca rules with the Grand army.
pub(super) fn embassy_spec(_: &Opts) -> Result<VariantSpec, RulesError> {
    let geometry = Geometry::new(10, 8, 1, &[]);
    let g = &geometry;
    let castlings = both_sides(
        &[
            (sq(g, "e1"), sq(g, "h1"), sq(g, "j1"), sq(g, "g1")),
            (sq(g, "e1"), sq(g, "b1"), sq(g, "a1"), sq(g, "c1")),
        ],
        8,
    );
    Ok(VariantSpec {
        letters: grand_army(),
        start: "rnbqkmcbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR w AJaj - - 0 1".into(),
        pawn: double_step_pawn(8, 1),
        promotion: PromotionRules {
            last: 7,
            optional_from: None,
            pieces: ARMY.to_vec(),
            limited_to_initial: false,
        },
        castlings,
        ..chess_like(geometry)
    })
}
