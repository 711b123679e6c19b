//! Ghostarelay (RULES.md §7, seed `003_…`): giveaway with Ghost, Relay, Warlord.

use super::chess::{chess_like, double_step_pawn, standard_letters};
use super::{NoMoves, OptionKind, OptionSpec, Opts, PromotionRules, VariantSpec};
use crate::rules::RulesError;
use crate::rules::geometry::Geometry;
use crate::rules::pieces::Kind;

/// Ghostarelay's options.
pub(super) const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "no-moves",
    kind: OptionKind::Choice(&["win", "pass"]),
    default: "win",
    help: "win: a side without a legal move wins; pass: only a side without pieces wins, others pass",
}];

/// The Ghostarelay variant with its options.
pub(super) fn spec(o: &Opts) -> Result<VariantSpec, RulesError> {
    let geometry = Geometry::new(10, 10, 1, &[]);
    let mut letters = standard_letters();
    letters.extend([(Kind::Ghost, 'G'), (Kind::Relay, 'X'), (Kind::Warlord, 'W')]);
    // The double step belongs to rank 2 / 9 (RULES.md §7), not to a first move:
    // a pawn carried back there by relay power may double-step again.
    let mut pawn = double_step_pawn(10, 1);
    pawn.en_passant = false;
    Ok(VariantSpec {
        letters,
        start: "rnbxqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBXQKGBNR w - - - 0 1".into(),
        pawn,
        promotion: PromotionRules {
            last: 9,
            optional_from: None,
            pieces: vec![Kind::Warlord],
            limited_to_initial: false,
        },
        royal: false,
        no_moves: if o.is("no-moves", "pass")? {
            NoMoves::Pass
        } else {
            NoMoves::Wins
        },
        forced_capture: true,
        relay_power: true,
        jump_castling: true,
        bare_kings_draw: false,
        ..chess_like(geometry)
    })
}
