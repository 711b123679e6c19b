//! Holywar (docs/rules.md §6): the King–Lady swap, Squires that jump through
//! missing squares into the corners, the Crusader, promotion on rank 7.

use super::Expect::{Mate, Move};
use super::Tactic;

pub const CASES: &[Tactic] = &[
    Tactic {
        // The swap (written as the king's move e5e4) puts the Lady on e5:
        // check along e5-f6-g7-h8, and g7, the corner's only neighbour, is
        // on that line. The Lady cannot reach that diagonal any other way.
        name: "King-Lady swap mates",
        opts: &[],
        pieces: "Ke5 Le4 kh8 pb6",
        rest: "w - - - 0 1",
        best: &["e5e4"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // The swap c3b4 puts the Lady on c3: check along c3-b2-a1, and b2,
        // the a1 corner's only neighbour, is on that line.
        name: "King-Lady swap mates in the other corner",
        opts: &[],
        pieces: "Kc3 Lb4 ka1 pg6",
        rest: "w - - - 0 1",
        best: &["c3b4"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // b6 to a8: the path through b7 is blocked, the one through the
        // missing a7 never is. The squire, attacked by the c7 king, takes
        // the shut-in Lady (and is then lost to the bishop: a Lady for a
        // squire).
        name: "squire jumps into the corner",
        opts: &[],
        pieces: "Ke2 Sb6 kc7 la8 bb7",
        rest: "w - - - 0 1",
        best: &["b6a8"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // Be4 checks a8 down the long diagonal; b7, the corner's only
        // neighbour, is on it; nothing can block.
        name: "long-diagonal corner mate",
        opts: &[],
        pieces: "Kc2 Bd3 ka8 pg6",
        rest: "w - - - 0 1",
        best: &["d3e4"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Sd5+ checks e7 and attacks c7 (both paths to each are open); even
        // if the king guards c7, squire for Lady leaves the g3 pawn to win.
        name: "squire fork",
        opts: &[],
        pieces: "Kc2 Sb4 Pg3 ke7 lc7",
        rest: "w - - - 0 1",
        best: &["b4d5"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // g7 promotes to a Lady, Crusader or Bishop: check on h8 from its
        // only neighbour, guarded by the f6 king.
        name: "promotion mate in the corner",
        opts: &[],
        pieces: "Kf6 Pg6 kh8 pb3",
        rest: "w - - - 0 1",
        best: &["g6g7=L", "g6g7=C", "g6g7=B"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Sb6 or Sc7 checks a8 through a missing square (unblockable); b7
        // is the king's own bishop and nothing reaches the squire.
        name: "smothered squire mate",
        opts: &[],
        pieces: "Ke2 Sd5 ka8 bb7",
        rest: "w - - - 0 1",
        best: &["d5b6", "d5c7"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Le5 (king step): check along f6-g7, attack along d6-c7; the
        // squire cannot block f6 or reach e5.
        name: "Lady fork",
        opts: &[],
        pieces: "Kb2 Le4 kg7 sc7",
        rest: "w - - - 0 1",
        best: &["e4e5"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // The Crusader's squire leap d2-e4 takes the loose Lady.
        name: "Crusader takes the Lady",
        opts: &[],
        pieces: "Kb2 Cd2 kg7 le4",
        rest: "w - - - 0 1",
        best: &["d2e4"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // From the corner through the missing b1: Sc2+ checks b4 and forks
        // e3; neither the king nor the Lady reaches c2.
        name: "squire leaves the corner with a fork",
        opts: &[],
        pieces: "Kg2 Sa1 kb4 le3",
        rest: "w - - - 0 1",
        best: &["a1c2"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // The h1 bishop takes the Lady down the long diagonal.
        name: "corner bishop takes the Lady",
        opts: &[],
        pieces: "Kb2 Bh1 kg7 lc6",
        rest: "w - - - 0 1",
        best: &["h1c6"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // d4 attacks both squires; neither can check the g2 king or take d4.
        name: "pawn fork",
        opts: &[],
        pieces: "Kg2 Pd3 kg7 sc5 se5",
        rest: "w - - - 0 1",
        best: &["d3d4"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // d7 promotes to a Squire or Crusader: squire check on f6 and attack
        // on b6; a Lady or Bishop there gives no check.
        name: "underpromotion fork",
        opts: &[],
        pieces: "Kb2 Pd6 kf6 lb6",
        rest: "w - - - 0 1",
        best: &["d6d7=S", "d6d7=C"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // Bb3+: the king must leave the b3-f7 diagonal and no square it can
        // reach guards f7; then Bxf7.
        name: "bishop skewer",
        opts: &[],
        pieces: "Kg2 Bc2 kd5 lf7",
        rest: "w - - - 0 1",
        best: &["c2b3"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // Cf7: squire check on h8 through the missing g8 (unblockable), g7
        // guarded by the f6 king.
        name: "Crusader corner mate",
        opts: &[],
        pieces: "Kf6 Cc4 kh8 pb3",
        rest: "w - - - 0 1",
        best: &["c4f7"],
        depth: None,
        expect: Mate(1),
    },
];
