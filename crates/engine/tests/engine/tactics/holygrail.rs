//! Holy Grail (docs/rules.md §4): bombers and raptors, the serpent's drops and
//! mutations, ninja drops, crowning, Champion and Wazir-Knight forks, the
//! e0/f0/e11/f11 squares, en passant after a three-square move.

use super::Expect::{Mate, Move, NotLost};
use super::Tactic;

pub const CASES: &[Tactic] = &[
    Tactic {
        // Bomber rule 4: enemy next to it (e4) and enemy beyond (e5): landing
        // on e5 removes both.
        name: "bomber double capture",
        opts: &[],
        pieces: "Kf1 Ye3 kf10 re4 qe5",
        rest: "w - - - 0 1",
        best: &["e3e5"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // Raptor rule 2 on the diagonal: slide over c3 and d4, the first
        // piece met is the e5 queen with f6 empty behind it: land on f6.
        name: "raptor flying capture",
        opts: &[],
        pieces: "Kf1 Xb2 kf10 qe5",
        rest: "w - - - 0 1",
        best: &["b2f6"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // The a1 king is mated along rank 1 (a2 b2 its own pawns) but the c5
        // prince is not attacked: the crowning is the move, and not a loss.
        name: "crowning saves the king",
        opts: &[],
        pieces: "Ka1 Pa2 Pb2 Ic5 kf10 rh1",
        rest: "w - - - 0 1",
        best: &["^c5"],
        depth: Some(3),
        expect: NotLost,
    },
    Tactic {
        // Mutating the gryphon into a Cannon hits e9 over the e6 screen and
        // a4 over the c4 screen; no single black move saves both, and on e0
        // the white king cannot be checked by either (no escape with tempo).
        name: "serpent mutation forks",
        opts: &[],
        pieces: "Ke0 Ge4 kb10 qe9 ra4 pe6 pc4",
        rest: "w - - - 0 1",
        best: &["e4~O"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // The serpent dropped as a Vao on e0 hops d1 to b3 and f1 to h3:
        // Champion and rook forked. The f0 king is out of their reach, so
        // neither escapes with check.
        name: "serpent drop forks",
        opts: &[],
        pieces: "Kf0 Pd1 Pf1 kf10 cb3 rh3",
        rest: "w - - S 0 1",
        best: &["V@e0"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // A ninja pawn dropped on d2 and pushed to d5 attacks c6 and e6;
        // neither the rook nor the Wazir-Knight reaches d5, and the i1 pawn
        // keeps the rook from checking the king.
        name: "ninja drop fork",
        opts: &[],
        pieces: "Kj1 Pi1 kf10 rc6 we6",
        rest: "w - - J 0 1",
        best: &["J@d2-d5"],
        depth: Some(3),
        expect: Move,
    },
    Tactic {
        // Ce7 (dabbaba leap): alfil leaps check g9 and hit c9; the d8 rook
        // shields e7 from the queen and does not reach it.
        name: "Champion fork",
        opts: &[],
        pieces: "Kf1 Ce5 kg9 qc9 rd8",
        rest: "w - - - 0 1",
        best: &["e5e7"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // Stealth gryphon: step to f5, then up the f-file (f6 is never a
        // destination) to take the queen on f9.
        name: "gryphon takes round the corner",
        opts: &[],
        pieces: "Kj1 Ge4 kb10 qf9",
        rest: "w - - - 0 1",
        best: &["e4f9"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // Super Cannon: any distance to the e5 screen and beyond it to e8.
        name: "cannon takes over a screen",
        opts: &[],
        pieces: "Kj1 Oe2 Pe5 ka10 qe8",
        rest: "w - - - 0 1",
        best: &["e2e8"],
        depth: Some(2),
        expect: Move,
    },
    Tactic {
        // The f11 king's squares are e11 and its pawns e10 f10 g10: Qe11 or
        // We11, each guarded by the other, mates (no prince anywhere).
        name: "mate on the e11 square",
        opts: &[],
        pieces: "Kj1 Qa7 Wd9 kf11 pe10 pf10 pg10",
        rest: "w - - - 0 1",
        best: &["a7e11", "d9e11"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Wc7+: knight check on e8, knight attack on a8.
        name: "Wazir-Knight fork",
        opts: &[],
        pieces: "Kj1 Wb5 ke8 ra8",
        rest: "w - - - 0 1",
        best: &["b5c7"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // e2-e5 passed e3 and e4: dxe3 e.p. forks the d2 and f2 rooks; the
        // a9 and b10 pawns stop either rook saving itself with check.
        name: "en passant after a three-square move",
        opts: &[],
        pieces: "Kj1 Rd2 Rf2 Pe5 ka10 pa9 pb10 pd4",
        rest: "b - e3,e4 - 0 1",
        best: &["d4e3"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // Yf9: f10 enemy next to the bomber, the king beyond: a double
        // capture is an attack on the king. e11 is the d10 bishop's, e10 g10
        // f10 are Black's own, and nothing reaches f9.
        name: "bomber double-capture mate",
        opts: &[],
        pieces: "Kj1 Ya9 Bd10 kf11 re10 rg10 pf10",
        rest: "w - - - 0 1",
        best: &["a9f9"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // d10 promotes to a Wazir-Knight or Ferz-Knight: knight check on f9
        // and knight attack on b9.
        name: "promotion fork",
        opts: &[],
        pieces: "Kj2 Pd9 kf9 qb9",
        rest: "w - - - 0 1",
        best: &["d9d10=W", "d9d10=F"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // One rook takes rank 9 and the other mates on rank 10, or one takes
        // the i-file (forcing Kj9) and the other mates on the j-file; from
        // j10 the king cannot reach e11 or f11.
        name: "two-rook ladder, mate in 2",
        opts: &[],
        pieces: "Ka1 Rc1 Rd2 kj10",
        rest: "w - - - 0 1",
        best: &["c1c9", "d2d9", "c1i1", "d2i2"],
        depth: None,
        expect: Mate(2),
    },
];
