//! Holy Grail (RULES.md §4, seed `000_…`).

use super::chess::chess_like;
use super::{
    DropRule, NinjaRules, OptionKind, OptionSpec, Opts, PawnRules, PromotionRules, VariantSpec,
    both_sides, rank_squares, sq,
};
use crate::rules::RulesError;
use crate::rules::geometry::{Geometry, Sq};
use crate::rules::pieces::{Kind, MoveOptions};

/// Holy Grail's options.
pub(super) const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "drops",
        kind: OptionKind::Choice(&["full", "ninjas-serpent", "ninjas", "none"]),
        default: "full",
        help: "pieces in hand: 4 ninja pawns, a Crown Prince and a Serpent (full) or fewer",
    },
    OptionSpec {
        name: "gryphons",
        kind: OptionKind::Choice(&["stealth", "full"]),
        default: "stealth",
        help: "stealth: Gryphon/Anti-Gryphon may not stop on the first two squares; full: Gryphon and Aanca",
    },
    OptionSpec {
        name: "setup",
        kind: OptionKind::Choice(&["standard", "swapped"]),
        default: "standard",
        help: "swapped: Templars in the corners, Champions on e0/f0",
    },
];

/// Letters of Holy Grail's pieces; `S` is the serpent while in hand.
pub(super) fn letters() -> Vec<(Kind, char)> {
    vec![
        (Kind::King, 'K'),
        (Kind::Queen, 'Q'),
        (Kind::Rook, 'R'),
        (Kind::Bishop, 'B'),
        (Kind::Champion, 'C'),
        (Kind::Templar, 'T'),
        (Kind::WazirKnight, 'W'),
        (Kind::FerzKnight, 'F'),
        (Kind::Pawn, 'P'),
        (Kind::NinjaPawn, 'J'),
        (Kind::Prince, 'I'),
        (Kind::Gryphon, 'G'),
        (Kind::AntiGryphon, 'A'),
        (Kind::Bomber, 'Y'),
        (Kind::Raptor, 'X'),
        (Kind::Cannon, 'O'),
        (Kind::Vao, 'V'),
        (Kind::Serpent, 'S'),
    ]
}

/// The Holy Grail variant with its options.
pub(super) fn spec(o: &Opts) -> Result<VariantSpec, RulesError> {
    let holes: Vec<Sq> = [0u8, 11]
        .iter()
        .flat_map(|&y| {
            (0..10u8)
                .filter(|x| *x != 4 && *x != 5)
                .map(move |x| Sq::new(x, y))
        })
        .collect();
    let geometry = Geometry::new(10, 12, 0, &holes);
    let g = &geometry;
    let full = o.is("drops", "full")?;
    let serpent = full || o.is("drops", "ninjas-serpent")?;
    let mut hand: Vec<Kind> = if o.is("drops", "none")? {
        vec![]
    } else {
        vec![Kind::NinjaPawn; 4]
    };
    if full {
        hand.push(Kind::Prince);
    }
    if serpent {
        hand.push(Kind::Serpent);
    }
    let hand_text: String = {
        let w: String = hand
            .iter()
            .map(|k| {
                if *k == Kind::Serpent {
                    'S'
                } else if *k == Kind::Prince {
                    'I'
                } else {
                    'J'
                }
            })
            .collect();
        if w.is_empty() {
            "-".into()
        } else {
            format!("{w}{}", w.to_lowercase())
        }
    };
    let mut board =
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT****"
            .to_string();
    if o.is("setup", "swapped")? {
        board = board
            .chars()
            .map(|c| match c {
                'c' => 't',
                't' => 'c',
                'C' => 'T',
                'T' => 'C',
                c => c,
            })
            .collect();
    }
    let castlings = both_sides(
        &[
            ("g1", "i1", "f1"),
            ("h1", "i1", "g1"),
            ("i1", "i1", "h1"),
            ("e1", "b1", "f1"),
            ("d1", "b1", "e1"),
            ("c1", "b1", "d1"),
            ("b1", "b1", "c1"),
        ]
        .map(|(kt, rf, rt)| (sq(g, "f1"), sq(g, kt), sq(g, rf), sq(g, rt))),
        12,
    );
    let royal_drop = [
        vec![sq(g, "e0"), sq(g, "f0")],
        vec![sq(g, "e11"), sq(g, "f11")],
    ];
    let mut promotion = vec![
        Kind::Queen,
        Kind::Bishop,
        Kind::WazirKnight,
        Kind::FerzKnight,
        Kind::Rook,
        Kind::Champion,
        Kind::Templar,
    ];
    if full {
        promotion.push(Kind::Prince);
    }
    if serpent {
        promotion.extend(Kind::SERPENT_FORMS);
    }
    let mut letters = letters();
    if !full {
        letters.retain(|(k, _)| *k != Kind::Prince);
    }
    if !serpent {
        letters.retain(|(k, _)| !k.is_serpent_form() && *k != Kind::Serpent);
    }
    let mut max_steps = vec![1; 12];
    max_steps[2] = 3;
    max_steps[3] = 2;
    Ok(VariantSpec {
        letters,
        start: format!("{board} w BIbi - {hand_text} 0 1"),
        pawn: PawnRules {
            max_steps,
            multi_limit: 5,
            en_passant: true,
        },
        ninja: Some(NinjaRules {
            centre: 5,
            run: 3,
            drop_rank: 2,
        }),
        promotion: PromotionRules {
            last: 10,
            optional_from: None,
            pieces: promotion,
            limited_to_initial: false,
        },
        castlings,
        drops: vec![
            DropRule {
                kind: Kind::NinjaPawn,
                squares: [rank_squares(2, 0, 9), rank_squares(9, 0, 9)],
            },
            DropRule {
                kind: Kind::Prince,
                squares: royal_drop.clone(),
            },
            DropRule {
                kind: Kind::Serpent,
                squares: royal_drop,
            },
        ],
        hand,
        crowning: full,
        move_options: MoveOptions {
            full_gryphons: o.is("gryphons", "full")?,
            lame_sorcerer: false,
        },
        ..chess_like(geometry)
    })
}
