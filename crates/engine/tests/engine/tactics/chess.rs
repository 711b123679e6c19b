//! Chess (docs/rules.md §1): mates in 1 and 2, forks, skewers, promotions.

use super::Expect::{Mate, Move};
use super::Tactic;

pub const CASES: &[Tactic] = &[
    Tactic {
        // Re8: g8 king, f7 g7 h7 its own pawns, f8 and h8 on the rook's rank.
        name: "back-rank mate",
        opts: &[],
        pieces: "Kg1 Re1 Pf2 Pg2 Ph2 kg8 pf7 pg7 ph7",
        rest: "w - - - 0 1",
        best: &["e1e8"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Scholar's mate: Qxf7, guarded by the c4 bishop; e7 d8 f8 blocked.
        name: "scholar's mate",
        opts: &[],
        pieces: "Ke1 Qh5 Bc4 Ra1 Nb1 Bc1 Ng1 Rh1 Pa2 Pb2 Pc2 Pd2 Pe4 Pf2 Pg2 Ph2 \
                 ke8 qd8 ra8 bc8 bf8 rh8 nc6 nf6 pa7 pb7 pc7 pd7 pe5 pf7 pg7 ph7",
        rest: "w AHah - - 0 4",
        best: &["h5f7"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Nf7: the h8 king is walled in by its rook and pawns.
        name: "smothered mate",
        opts: &[],
        pieces: "Ka1 Ng5 kh8 rg8 pg7 ph7",
        rest: "w - - - 0 1",
        best: &["g5f7"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // One rook takes the 7th rank, the other mates on the 8th; no check
        // mates at once (the king steps to the 7th rank).
        name: "two-rook ladder, mate in 2",
        opts: &[],
        pieces: "Kg1 Ra1 Rb2 ke8",
        rest: "w - - - 0 1",
        best: &["a1a7", "b2b7"],
        depth: Some(4),
        expect: Mate(2),
    },
    Tactic {
        // The d5 queen is undefended and the c3 knight attacks it.
        name: "hanging queen",
        opts: &[],
        pieces: "Kg1 Nc3 Pf2 Pg2 Ph2 kg8 qd5 pf7 pg7 ph7",
        rest: "w - - - 0 1",
        best: &["c3d5"],
        depth: Some(3),
        expect: Move,
    },
    Tactic {
        // Nc7+ forks e8 and a8; nothing guards c7.
        name: "knight fork",
        opts: &[],
        pieces: "Kg1 Nd5 Pf2 Pg2 Ph2 ke8 qa8 pf7 pg7 ph7",
        rest: "w - - - 0 1",
        best: &["d5c7"],
        depth: Some(4),
        expect: Move,
    },
    Tactic {
        // Bb3+ on the b3-g8 diagonal: the king must leave it (f7 and d5 stay
        // on it) and no king square guards g8; then Bxg8.
        name: "bishop skewer",
        opts: &[],
        pieces: "Kh1 Bd1 Pf2 Pg2 Ph2 ke6 qg8 pa7 pb7",
        rest: "w - - - 0 1",
        best: &["d1b3"],
        depth: Some(4),
        expect: Move,
    },
    Tactic {
        // b8=Q+ (or R): the only answer Rc8 is taken with mate.
        name: "promotion with check, mate in 2",
        opts: &[],
        pieces: "Kg1 Pb7 Pf2 Pg2 Ph2 kh8 rc3 pg7 ph7",
        rest: "w - - - 0 1",
        best: &["b7b8=Q", "b7b8=R"],
        depth: Some(4),
        expect: Mate(2),
    },
    Tactic {
        // e8=N+ forks d6 and g7 (a queen would only trade); K+N+P v K wins.
        name: "underpromotion fork",
        opts: &[],
        pieces: "Kh1 Pe7 Pa2 kd6 qg7",
        rest: "w - - - 0 1",
        best: &["e7e8=N"],
        depth: Some(4),
        expect: Move,
    },
    Tactic {
        // Bxa8 uncovers Re1's check on e8 (Bc6++ first also wins the queen).
        name: "discovered check wins the queen",
        opts: &[],
        pieces: "Kg1 Re1 Be4 Pf2 Pg2 Ph2 ke8 qa8 pa7 pf7 pg7 ph7",
        rest: "w - - - 0 1",
        best: &["e4a8", "e4c6"],
        depth: Some(4),
        expect: Move,
    },
    Tactic {
        // Qc8 mates (b6 king covers a7 b7 c7); Qc7 would stalemate.
        name: "mate, not stalemate",
        opts: &[],
        pieces: "Kb6 Qc1 ka8",
        rest: "w - - - 0 1",
        best: &["c1c8"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // d5 forks the c6 knight and e6 rook. The f1 king guards e2 and b3
        // guards c4, so the rook cannot win the pawns back (it would take
        // three for the knight), and no check saves both.
        name: "pawn fork",
        opts: &[],
        pieces: "Kf1 Pb3 Pc4 Pd4 Pe2 Pf2 Pg2 Ph3 kg8 nc6 re6 pf7 pg7 ph7",
        rest: "w - - - 0 1",
        best: &["d4d5"],
        depth: Some(4),
        expect: Move,
    },
    Tactic {
        // Rh7: g8 and the rook are guarded by the f6 knight, g7 by the rook.
        name: "Arabian mate",
        opts: &[],
        pieces: "Kg1 Nf6 Ra7 kh8",
        rest: "w - - - 0 1",
        best: &["a7h7"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Qxh7, guarded by the g5 knight; g8 is the queen's, g7 a pawn's.
        name: "queen and knight mate",
        opts: &[],
        pieces: "Kg1 Qh5 Ng5 Pf2 Pg2 Ph2 kh8 rf8 pg7 ph7",
        rest: "w - - - 0 1",
        best: &["h5h7"],
        depth: Some(2),
        expect: Mate(1),
    },
    Tactic {
        // Qg8+ (guarded by Nh6) forces Rxg8, then Nf7 is smothered mate;
        // the f8 rook blocks every direct check on the 8th rank.
        name: "queen sacrifice, smothered mate in 2",
        opts: &[],
        pieces: "Kg1 Qd5 Nh6 Pf2 Pg2 Ph2 kh8 rf8 pg7 ph7",
        rest: "w - - - 0 1",
        best: &["d5g8"],
        depth: None,
        expect: Mate(2),
    },
];
