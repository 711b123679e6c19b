//! Grand Chess (docs/rules.md §2): 10×10 with Marshal (M = R+N) and Cardinal
//! (C = B+N), promotion only to pieces below their initial count, the
//! unpromotable pawn on rank 9 that still attacks.

use super::Expect::{Mate, Move};
use super::Tactic;

pub const CASES: &[Tactic] = &[
    Tactic {
        // Ma10: rank 10 open from b10 to i10; i9 j9 are the king's pawns.
        name: "Marshal back-rank mate",
        opts: &[],
        pieces: "Ke2 Ma1 kj10 pi9 pj9",
        rest: "w - - - 0 1",
        best: &["a1a10"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Ch8 (from j6 by the other diagonal): bishop check through i9, its
        // knight leap covers i10, the j8 king covers i9 and j9. A knight
        // check from i8 leaves i10 free.
        name: "Cardinal mate in the corner",
        opts: &[],
        pieces: "Kj8 Cj6 kj10",
        rest: "w - - - 0 1",
        best: &["j6h8"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // d10 promotes; the queen is on the board (a1, shut in by a3 and
        // b2), so only R, B, N, M, C may be chosen: R and M mate on rank 10.
        name: "promotion to a captured piece mates",
        opts: &[],
        pieces: "Ke2 Qa1 Nb2 Pa3 Pb3 Pd9 kj10 pi9 pj9",
        rest: "w - - - 0 1",
        best: &["d9d10=R", "d9d10=M"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // The f6 Marshal is undefended and attacks the e4 knight: take it.
        name: "take the Marshal",
        opts: &[],
        pieces: "Ke2 Ne4 Pa3 kj10 mf6 pi9 pj9",
        rest: "w - - - 0 1",
        best: &["e4f6"],
        depth: Some(3),
        expect: Move,
    },
    Tactic {
        // Me7+ (a knight leap from d5) checks along the e-file and forks g8
        // with its knight leap; Qe8 only blocks into Mxe8.
        name: "Marshal check and fork",
        opts: &[],
        pieces: "Kj1 Md5 ke10 qg8",
        rest: "w - - - 0 1",
        best: &["d5e7"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // One rook takes rank 9, the other mates on rank 10.
        name: "two-rook ladder, mate in 2",
        opts: &[],
        pieces: "Ke2 Ra1 Rb2 ke10",
        rest: "w - - - 0 1",
        best: &["a1a9", "b2b9"],
        depth: None,
        expect: Mate(2),
    },
    Tactic {
        // Nc9+ forks e10 and a8; c9 is no queen line from a8.
        name: "knight fork",
        opts: &[],
        pieces: "Kj1 Nb7 Pj3 ke10 qa8",
        rest: "w - - - 0 1",
        best: &["b7c9"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // Cd7+: knight check on e9 and knight attack on f8.
        name: "Cardinal fork",
        opts: &[],
        pieces: "Kj1 Ca4 ke9 qf8",
        rest: "w - - - 0 1",
        best: &["a4d7"],
        depth: Some(4),
        expect: Move,
    },
    Tactic {
        // White has every piece at its initial count, so the e9 pawn cannot
        // promote, cannot move, yet attacks f10 (docs/rules.md §2): Rj10 mates
        // because f10 is covered, h10 on the rook's rank, f9-h9 own pawns.
        name: "the unpromotable pawn still guards",
        opts: &[],
        pieces: "Ra1 Nb2 Bc2 Qd2 Ke2 Mf2 Cg2 Bh2 Ni2 Rj1 \
                 Pa3 Pb3 Pc3 Pd3 Pe3 Pf3 Pg3 Ph3 Pi3 Pe9 kg10 pf9 pg9 ph9",
        rest: "w - - - 0 1",
        best: &["j1j10"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Bb2+ on the long diagonal: the king leaves it, Bxh8.
        name: "bishop skewer",
        opts: &[],
        pieces: "Kj1 Bc1 ke5 qh8",
        rest: "w - - - 0 1",
        best: &["c1b2"],
        depth: Some(4),
        expect: Move,
    },
    Tactic {
        // Mi8: knight check; i10 rook, i9 pawn, j9 knight wall the king in,
        // and none of them reaches i8.
        name: "smothered Marshal mate",
        opts: &[],
        pieces: "Ke2 Mc8 kj10 ri10 nj9 pi9",
        rest: "w - - - 0 1",
        best: &["c8i8"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Qi10+ (guarded by Nj8) forces Rxi10, then Nh9 is smothered mate;
        // the h10 rook blocks any direct check on rank 10.
        name: "queen sacrifice, smothered mate in 2",
        opts: &[],
        pieces: "Ke2 Qe6 Nj8 kj10 rh10 pi9 pj9",
        rest: "w - - - 0 1",
        best: &["e6i10"],
        depth: None,
        expect: Mate(2),
    },
    Tactic {
        // e3-e5 passed e4: dxe4 e.p. forks the d3 rook and f3 knight; the
        // i10 pawn stops Rd10 from saving the rook with check.
        name: "en passant fork",
        opts: &[],
        pieces: "Kj1 Rd3 Nf3 Pe5 kj10 pi10 pd5",
        rest: "b - e4 - 0 1",
        best: &["d5e4"],
        depth: None,
        expect: Move,
    },
    Tactic {
        // Mh10: rank check through i10; the i8 king covers i9 and j9.
        name: "Marshal and king mate",
        opts: &[],
        pieces: "Ki8 Mh1 kj10",
        rest: "w - - - 0 1",
        best: &["h1h10"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // c10 promotes (the queen is on the board): a knight, Marshal or
        // Cardinal checks e9 by knight leap and forks the a9 queen.
        name: "promotion fork",
        opts: &[],
        pieces: "Kh1 Qj1 Pi2 Pj3 Pc9 ke9 qa9",
        rest: "w - - - 0 1",
        best: &["c9c10=N", "c9c10=M", "c9c10=C"],
        depth: None,
        expect: Move,
    },
];
