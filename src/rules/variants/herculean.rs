//! Herculean Chess (RULES.md §5, seed `002_…`).

use super::chess::chess_like;
use super::{
    NinjaRules, OptionKind, OptionSpec, Opts, PawnRules, PromotionRules, VariantSpec, both_sides,
    sq,
};
use crate::rules::RulesError;
use crate::rules::geometry::Geometry;
use crate::rules::pieces::{Kind, MoveOptions};

/// Herculean's options.
pub(super) const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "config",
        kind: OptionKind::Choice(&["1", "2"]),
        default: "1",
        help: "1: Wazir- and Ferz-Sorcerers on b1/k1; 2: Sorcerer Knights there",
    },
    OptionSpec {
        name: "sorcerer",
        kind: OptionKind::Choice(&["leap", "lame"]),
        default: "leap",
        help: "lame: the Sorcerer Knight moves by two paths instead of leaping (config 2)",
    },
];

/// The Herculean variant with its options.
pub(super) fn spec(o: &Opts) -> Result<VariantSpec, RulesError> {
    let geometry = Geometry::new(12, 12, 1, &[]);
    let g = &geometry;
    let config2 = o.is("config", "2")?;
    let mut letters = vec![
        (Kind::King, 'K'),
        (Kind::Queen, 'Q'),
        (Kind::Rook, 'R'),
        (Kind::Bishop, 'B'),
        (Kind::FlyingChariot, 'C'),
        (Kind::FlyingBishop, 'X'),
        (Kind::WazirKnight, 'W'),
        (Kind::FerzKnight, 'F'),
        (Kind::Pawn, 'P'),
        (Kind::NinjaPawn, 'J'),
    ];
    let mut promotion = vec![
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::FlyingChariot,
        Kind::FlyingBishop,
        Kind::WazirKnight,
        Kind::FerzKnight,
    ];
    let back = if config2 {
        letters.push((Kind::SorcererKnight, 'S'));
        promotion.push(Kind::SorcererKnight);
        "rscxfqkwxcsr"
    } else {
        letters.extend([(Kind::WazirSorcerer, 'Y'), (Kind::FerzSorcerer, 'Z')]);
        promotion.extend([Kind::WazirSorcerer, Kind::FerzSorcerer]);
        "rycxfqkwxczr"
    };
    let start = format!(
        "{back}/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/{} w ALal - - 0 1",
        back.to_uppercase()
    );
    let castlings = both_sides(
        &[
            ("h1", "l1", "g1"),
            ("i1", "l1", "h1"),
            ("j1", "l1", "i1"),
            ("k1", "l1", "j1"),
            ("f1", "a1", "g1"),
            ("e1", "a1", "f1"),
            ("d1", "a1", "e1"),
            ("c1", "a1", "d1"),
            ("b1", "a1", "c1"),
        ]
        .map(|(kt, rf, rt)| (sq(g, "g1"), sq(g, kt), sq(g, rf), sq(g, rt))),
        12,
    );
    let mut max_steps = vec![1; 12];
    max_steps[2] = 3;
    max_steps[3] = 2;
    Ok(VariantSpec {
        letters,
        start,
        pawn: PawnRules {
            max_steps,
            multi_limit: 5,
            en_passant: true,
        },
        ninja: Some(NinjaRules {
            centre: 5,
            run: 4,
            drop_rank: 1,
        }),
        promotion: PromotionRules {
            last: 11,
            optional_from: None,
            pieces: promotion,
            limited_to_initial: false,
        },
        castlings,
        move_options: MoveOptions {
            full_gryphons: false,
            lame_sorcerer: o.is("sorcerer", "lame")?,
        },
        ..chess_like(geometry)
    })
}
