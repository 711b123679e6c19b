//! Herculean Chess (docs/rules.md §5): Flying Chariots and Bishops that leap
//! occupied squares, zebra-leaping sorcerers, ninja pawns, pawns that run
//! three squares with en passant on every passed square.

use super::Expect::{Mate, Move};
use super::Tactic;

pub const CASES: &[Tactic] = &[
    Tactic {
        // Flying Chariot: e2 and e3 both occupied, so it leaps exactly 3
        // onto the e4 queen.
        name: "chariot leaps two pieces",
        opts: &[],
        pieces: "Kl1 Ce1 Je2 Je3 kg12 qe4",
        rest: "w - - - 0 1",
        best: &["e1e4"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // Flying Bishop: d6 occupied (by a black pawn), so it leaps exactly
        // 2 onto the e7 rook.
        name: "flying bishop leaps one piece",
        opts: &[],
        pieces: "Kl1 Xc5 kg12 re7 pd6",
        rest: "w - - - 0 1",
        best: &["c5e7"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // Ye5 (wazir step): zebra leaps (3,2) check h7 and hit b7.
        name: "sorcerer zebra fork",
        opts: &[],
        pieces: "Kl1 Ye4 kh7 qb7",
        rest: "w - - - 0 1",
        best: &["e4e5"],
        depth: Some(4),
        expect: Move,
    },
    Tactic {
        // Ra12: rank 12 open, f11 g11 h11 the king's pawns.
        name: "back-rank mate",
        opts: &[],
        pieces: "Kl1 Ra1 kg12 pf11 pg11 ph11",
        rest: "w - - - 0 1",
        best: &["a1a12"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // A ninja pawn on rank 7 (the enemy half) also captures sideways.
        name: "ninja pawn captures sideways",
        opts: &[],
        pieces: "Kl1 Je7 kg12 qd7",
        rest: "w - - - 0 1",
        best: &["e7d7"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // Rank 11 then rank 12, or the k-file (forcing Kl11) then the l-file.
        name: "two-rook ladder, mate in 2",
        opts: &[],
        pieces: "Ka1 Rc1 Rd2 kl12",
        rest: "w - - - 0 1",
        best: &["c1c11", "d2d11", "c1k1", "d2k2"],
        depth: None,
        expect: Mate(2),
    },
    Tactic {
        // Cf10: f11 is occupied, so the chariot attacks f12 by its 2-leap;
        // the king's squares are all its own and nothing reaches f10.
        name: "chariot leap mate",
        opts: &[],
        pieces: "Kl1 Cf1 kf12 re11 rg11 be12 bg12 pf11",
        rest: "w - - - 0 1",
        best: &["f1f10"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // config 2, Sorcerer Knight: Sd5 checks g7 by zebra leap and
        // attacks b6 by knight leap.
        name: "Sorcerer Knight fork",
        opts: &[("config", "2")],
        pieces: "Kl1 Sb4 kg7 qb6",
        rest: "w - - - 0 1",
        best: &["b4d5"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // The ninja pawn promotes on f12 as a queen, rook or chariot with
        // mate along rank 12.
        name: "ninja promotion mate",
        opts: &[],
        pieces: "Kl1 Jf11 ka12 pa11 pb11",
        rest: "w - - - 0 1",
        best: &["f11f12=Q", "f11f12=R", "f11f12=C"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // The Ferz-Knight takes the loose rook by its knight leap.
        name: "Ferz-Knight takes the rook",
        opts: &[],
        pieces: "Kl1 Fe4 kg12 rf6",
        rest: "w - - - 0 1",
        best: &["e4f6"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // The Ferz-Sorcerer takes the queen by a (3,2) zebra leap.
        name: "zebra takes the queen",
        opts: &[],
        pieces: "Kl1 Zc3 kg12 qf5",
        rest: "w - - - 0 1",
        best: &["c3f5"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // Qk12+ (guarded by Wj10) forces Rxk12, then Wj11 is smothered mate.
        name: "queen sacrifice, smothered mate in 2",
        opts: &[],
        pieces: "Kb1 Qe6 Wj10 kl12 ra12 pk11 pl11",
        rest: "w - - - 0 1",
        best: &["e6k12"],
        depth: None,
        expect: Mate(2),
    },
    Tactic {
        // e3-e6 passed e4 and e5: fxe5 e.p. forks the d4 and f4 rooks; k12
        // and l11 stop either rook saving itself with check.
        name: "en passant after a three-square move",
        opts: &[],
        pieces: "Kl1 Rd4 Rf4 Pe6 kl12 pk12 pl11 pf6",
        rest: "b - e4,e5 - 0 1",
        best: &["f6e5"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // Wj11: knight check on l12, walled in by its rook and pawns.
        name: "smothered Wazir-Knight mate",
        opts: &[],
        pieces: "Kb1 Wj10 kl12 rk12 pk11 pl11",
        rest: "w - - - 0 1",
        best: &["j10j11"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // d4 and e5 both occupied: the flying bishop leaps exactly 3 onto f6.
        name: "flying bishop leaps two pieces",
        opts: &[],
        pieces: "Kl1 Xc3 kg12 qf6 pd4 pe5",
        rest: "w - - - 0 1",
        best: &["c3f6"],
        depth: None,
        expect: Move,
    },
];
