//! Embassy Chess (docs/rules.md §3): 10×8, the Grand army, three-square castling.

use super::Expect::{Mate, Move};
use super::Tactic;

pub const CASES: &[Tactic] = &[
    Tactic {
        // Re8: h8 on the rook's rank, j8 behind the king, h7-j7 own pawns.
        name: "back-rank mate",
        opts: &[],
        pieces: "Ki1 Re1 Ph2 Pi2 Pj2 ki8 ph7 pi7 pj7",
        rest: "w - - - 0 1",
        best: &["e1e8"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Mh7: knight check on j8, the king walled in by its rook and pawns;
        // nothing of Black's reaches h7.
        name: "smothered Marshal mate",
        opts: &[],
        pieces: "Ka1 Mc7 kj8 ri8 pi7 pj7",
        rest: "w - - - 0 1",
        best: &["c7h7"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Ch6 (along j4-i5-h6): bishop check through i7, knight leap on i8,
        // the j6 king covers i7 and j7.
        name: "Cardinal mate in the corner",
        opts: &[],
        pieces: "Kj6 Cj4 kj8",
        rest: "w - - - 0 1",
        best: &["j4h6"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Castling e1-h1 puts the rook on g1: check down the open g-file,
        // f8 h8 own rooks, f7 h7 own pawns, g7 on the file. Rg1 does the same.
        name: "castling mate",
        opts: &[],
        pieces: "Ke1 Rj1 kg8 rf8 rh8 pf7 ph7",
        rest: "w J - - 0 1",
        best: &["e1h1,j1g1", "j1g1"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // The h7 queen is undefended on the Cardinal's diagonal.
        name: "Cardinal takes the queen",
        opts: &[],
        pieces: "Ke1 Cd3 ke8 qh7",
        rest: "w - - - 0 1",
        best: &["d3h7"],
        depth: Some(3),
        expect: Move,
    },
    Tactic {
        // Mc7+: knight check on e8, knight attack on a8.
        name: "Marshal fork",
        opts: &[],
        pieces: "Ke1 Mb5 ke8 ra8",
        rest: "w - - - 0 1",
        best: &["b5c7"],
        depth: Some(4),
        expect: Move,
    },
    Tactic {
        // d8 = Marshal, Cardinal or knight checks f7 by knight leap and
        // forks b7; a queen on d8 gives no check.
        name: "promotion fork",
        opts: &[],
        pieces: "Ka1 Pd7 kf7 qb7",
        rest: "w - - - 0 1",
        best: &["d7d8=M", "d7d8=C", "d7d8=N"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // One rook takes rank 7, the other mates on rank 8.
        name: "two-rook ladder, mate in 2",
        opts: &[],
        pieces: "Ka1 Rh1 Ri2 ke8",
        rest: "w - - - 0 1",
        best: &["h1h7", "i2i7"],
        depth: None,
        expect: Mate(2),
    },
    Tactic {
        // Cd6 or Cf6: knight check plus the rook's discovered check; e7 is on
        // the file, the rest of the king's squares are its own. A single
        // discovered check would be blocked by Be7.
        name: "double-check mate",
        opts: &[],
        pieces: "Kj1 Re1 Ce4 ke8 bd8 bf8 pd7 pf7",
        rest: "w - - - 0 1",
        best: &["e4d6", "e4f6"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Qi8+ (guarded by Nj6) forces Rxi8, then Nh7 is smothered mate.
        name: "queen sacrifice, smothered mate in 2",
        opts: &[],
        pieces: "Kb1 Qe4 Nj6 kj8 rh8 pi7 pj7",
        rest: "w - - - 0 1",
        best: &["e4i8"],
        depth: None,
        expect: Mate(2),
    },
    Tactic {
        // d7-d5 passed d6: exd6 e.p. forks the c7 rook and e7 knight.
        name: "en passant fork",
        opts: &[],
        pieces: "Ka1 Pe5 kj8 rc7 ne7 pd5",
        rest: "w - d6 - 0 1",
        best: &["e5d6"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // Rh7+ along rank 7: the king leaves it, Rxb7.
        name: "rook skewer",
        opts: &[],
        pieces: "Ka1 Rh1 kf7 qb7",
        rest: "w - - - 0 1",
        best: &["h1h7"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // Cc7+: knight check on e8 and knight attack on a8.
        name: "Cardinal fork",
        opts: &[],
        pieces: "Kj1 Cf4 ke8 ra8",
        rest: "w - - - 0 1",
        best: &["f4c7"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // Qa8 or Qh8: rank 8 check, the i6 king covers i7 and j7.
        name: "queen and king mate",
        opts: &[],
        pieces: "Ki6 Qa1 kj8",
        rest: "w - - - 0 1",
        best: &["a1a8", "a1h8"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Qh1 or Qa1 checks along rank 1 and covers i1; the i3 king covers
        // i2 and j2. Qh2 would stalemate.
        name: "mate, not stalemate",
        opts: &[],
        pieces: "Ki3 Qh8 kj1",
        rest: "w - - - 0 1",
        best: &["h8h1", "h8a1"],
        depth: None,
        expect: Mate(1),
    },
];
