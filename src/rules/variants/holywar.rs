//! Holywar (RULES.md §6, seed `001_…`).

use super::chess::chess_like;
use super::{DropRule, OptionKind, OptionSpec, Opts, PawnRules, PromotionRules, VariantSpec};
use crate::rules::RulesError;
use crate::rules::geometry::{Geometry, Sq};
use crate::rules::pieces::Kind;
use crate::rules::position::splitmix;

/// Holywar's options.
pub(super) const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "opening",
        kind: OptionKind::Choice(&["drop", "random"]),
        default: "drop",
        help: "drop: the sides drop their armies one piece at a time (the real rule); random: camps filled at random",
    },
    OptionSpec {
        name: "seed",
        kind: OptionKind::Number {
            min: 1,
            max: 999_999,
        },
        default: "1",
        help: "random opening: the number (1 to 999999) that picks the arrangement",
    },
];

/// The start hand of each side, in VFEN order.
const ARMY: [Kind; 8] = [
    Kind::King,
    Kind::Lady,
    Kind::Crusader,
    Kind::Crusader,
    Kind::Bishop,
    Kind::Bishop,
    Kind::Squire,
    Kind::Squire,
];

/// The Holywar variant with its options.
pub(super) fn spec(o: &Opts) -> Result<VariantSpec, RulesError> {
    let mut holes = Vec::new();
    for y in 0..8u8 {
        for x in 0..8u8 {
            let edge_rank = y == 0 || y == 7;
            let edge_file = x == 0 || x == 7;
            if edge_rank != edge_file {
                holes.push(Sq::new(x, y));
            }
        }
    }
    let geometry = Geometry::new(8, 8, 1, &holes);
    let letters = vec![
        (Kind::King, 'K'),
        (Kind::Lady, 'L'),
        (Kind::Crusader, 'C'),
        (Kind::Bishop, 'B'),
        (Kind::Squire, 'S'),
        (Kind::Pawn, 'P'),
    ];
    let camp = |y0: u8, y1: u8| -> Vec<Sq> {
        let mut v = vec![Sq::new(0, y0), Sq::new(7, y0)];
        v.extend((1..7).map(|x| Sq::new(x, y1)));
        v
    };
    let camps = [camp(0, 1), camp(7, 6)];
    let start = if o.is("opening", "random")? {
        random_start(o.number("seed")?, &camps)
    } else {
        "1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*6*/1******1 w - - KLCCBBSSklccbbss 0 1".to_string()
    };
    let mut hand = vec![
        Kind::King,
        Kind::Lady,
        Kind::Crusader,
        Kind::Bishop,
        Kind::Squire,
    ];
    hand.dedup();
    Ok(VariantSpec {
        letters,
        start,
        pawn: PawnRules {
            max_steps: vec![1; 8],
            multi_limit: 8,
            en_passant: false,
        },
        promotion: PromotionRules {
            last: 6,
            optional_from: None,
            pieces: vec![Kind::Squire, Kind::Bishop, Kind::Crusader, Kind::Lady],
            limited_to_initial: false,
        },
        drops: hand
            .iter()
            .map(|&kind| DropRule {
                kind,
                squares: camps.clone(),
            })
            .collect(),
        hand,
        king_lady_swap: true,
        // Not decided by RULES.md §6 and unreachable by alternating drops (only
        // from a hand-built VFEN): a side to move whose hand is empty while the
        // opponent still holds pieces plays on the board (see `State::pseudo`).
        drop_opening: true,
        ..chess_like(geometry)
    })
}

/// Both camps filled with a shuffle of the army chosen by `seed`.
fn random_start(seed: u64, camps: &[Vec<Sq>; 2]) -> String {
    // splitmix64 from the seed.
    let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        let z = splitmix(state);
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z
    };
    let mut grid = [['.'; 8]; 8];
    for (y, row) in grid.iter_mut().enumerate() {
        for (x, cell) in row.iter_mut().enumerate() {
            let edge_rank = y == 0 || y == 7;
            let edge_file = x == 0 || x == 7;
            if edge_rank != edge_file {
                *cell = '*';
            }
        }
    }
    grid[2][1..7].fill('P');
    grid[5][1..7].fill('p');
    for (c, camp) in camps.iter().enumerate() {
        let mut army = ARMY;
        for i in (1..army.len()).rev() {
            army.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        for (s, k) in camp.iter().zip(army) {
            let l = match k {
                Kind::King => 'K',
                Kind::Lady => 'L',
                Kind::Crusader => 'C',
                Kind::Bishop => 'B',
                _ => 'S',
            };
            grid[s.y as usize][s.x as usize] = if c == 0 { l } else { l.to_ascii_lowercase() };
        }
    }
    let ranks: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut run = 0;
            for &ch in row {
                if ch == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(ch);
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out
        })
        .collect();
    format!("{} w - - - 0 1", ranks.join("/"))
}
