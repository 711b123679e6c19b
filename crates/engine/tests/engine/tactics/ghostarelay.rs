//! Ghostarelay (docs/rules.md §7): giveaway. Capturing is compulsory and the
//! side to move without a legal move wins, so the tactics are about giving
//! pieces away: into a forced capture, by Relay power, with the Warlord's
//! compulsion. "Mate in n" here means winning in n moves.

use super::Expect::{Mate, Move};
use super::Tactic;

pub const CASES: &[Tactic] = &[
    Tactic {
        // Na3 is attacked by the rook, which must take it; White then has no
        // piece and, to move without a move, wins.
        name: "last piece into a forced capture",
        opts: &[],
        pieces: "Nb1 ra8",
        rest: "w - - - 0 1",
        best: &["b1a3"],
        depth: Some(3),
        expect: Mate(1),
    },
    Tactic {
        // The black Relay below the e5 pawn lends it a non-capturing rook
        // move straight up: e9 is where the d10 pawn must take it. Its own
        // step to e6 gives nothing away.
        name: "Relay power gives the pawn away",
        opts: &[],
        pieces: "Pe5 xe4 pd10",
        rest: "w - - - 0 1",
        best: &["e5e9"],
        depth: Some(3),
        expect: Mate(1),
    },
    Tactic {
        // The Ghost goes to any empty square: b3 or c2, where the knight
        // must take it.
        name: "Ghost into a forced capture",
        opts: &[],
        pieces: "Gj10 na1",
        rest: "w - - - 0 1",
        best: &["j10b3", "j10c2"],
        depth: Some(3),
        expect: Mate(1),
    },
    Tactic {
        // The Ghost is taken on a2, a3, h5 or i5, leaving the rook on a line
        // through h2 or i3, where the knight then gives itself away.
        name: "two pieces given away in order",
        opts: &[],
        pieces: "Gj10 Nj1 ra5",
        rest: "w - - - 0 1",
        best: &["j10a2", "j10a3", "j10h5", "j10i5"],
        depth: None,
        expect: Mate(2),
    },
    Tactic {
        // Both captures are compulsory choices: dxe5 leaves the Warlord,
        // which can only capture, to take the last white piece; dxc5 would
        // remove the Warlord instead.
        name: "capture so that the Warlord must take",
        opts: &[],
        pieces: "Pd4 wc5 pe5",
        rest: "w - - - 0 1",
        best: &["d4e5"],
        depth: Some(3),
        expect: Mate(1),
    },
    Tactic {
        // The f5 Relay beside the black e4 Relay gains the bishop move away
        // from it: f5-i8, where the h9 pawn must take it.
        name: "Relay power for a Relay",
        opts: &[],
        pieces: "Xf5 xe4 ph9",
        rest: "w - - - 0 1",
        best: &["f5i8"],
        depth: Some(3),
        expect: Mate(1),
    },
    Tactic {
        // Three compulsory captures: taking c5 (with pawn or knight) leaves
        // Black only the a9 pawn, blocked by a8 with nothing to take, so
        // Black has no move and wins. Nxa9 leaves Black a move.
        name: "do not leave the opponent without a move",
        opts: &[],
        pieces: "Pd4 Pa8 Nb7 pa9 pc5",
        rest: "w - - - 0 1",
        best: &["b7a9"],
        depth: Some(3),
        expect: Move,
    },
    Tactic {
        // Nc2 must be taken by the rook; the a2 pawn, blocked by a3 with
        // nothing to take, then leaves White without a move: a win.
        name: "sacrifice, then stuck",
        opts: &[],
        pieces: "Na1 Pa2 pa3 rc8",
        rest: "w - - - 0 1",
        best: &["a1c2"],
        depth: Some(3),
        expect: Mate(1),
    },
    Tactic {
        // The king is not royal: Kd5 walks into the e6 pawn's capture.
        name: "king given away",
        opts: &[],
        pieces: "Kd4 pe6",
        rest: "w - - - 0 1",
        best: &["d4d5"],
        depth: Some(3),
        expect: Mate(1),
    },
    Tactic {
        // Two compulsory captures: on d5 the rook stands where the e6 pawn
        // must take it; on h1 nothing attacks it.
        name: "capture into a recapture",
        opts: &[],
        pieces: "Rd1 nd5 nh1 pe6",
        rest: "w - - - 0 1",
        best: &["d1d5"],
        depth: None,
        expect: Mate(1),
    },
    Tactic {
        // b2 (on the b-file) and j8 (on rank 8) are the rook's: either
        // square gives the bishop away.
        name: "bishop into the rook's lines",
        opts: &[],
        pieces: "Bc1 rb8",
        rest: "w - - - 0 1",
        best: &["c1b2", "c1j8"],
        depth: None,
        expect: Mate(1),
    },
    Tactic {
        // d5 and f5, along rank 5, are the squares the e6 pawn takes on.
        name: "queen given away",
        opts: &[],
        pieces: "Qa5 pe6",
        rest: "w - - - 0 1",
        best: &["a5d5", "a5f5"],
        depth: None,
        expect: Mate(1),
    },
    Tactic {
        // The double step d2-d4 lands on the a7 bishop's diagonal.
        name: "pawn double step given away",
        opts: &[],
        pieces: "Pd2 ba7",
        rest: "w - - - 0 1",
        best: &["d2d4"],
        depth: None,
        expect: Mate(1),
    },
    Tactic {
        // The Relay never captures and moves to empty squares only: its
        // knight leap to d7 is where the c8 pawn must take it.
        name: "Relay given away",
        opts: &[],
        pieces: "Xe5 pc8",
        rest: "w - - - 0 1",
        best: &["e5d7"],
        depth: None,
        expect: Mate(1),
    },
    Tactic {
        // no-moves=pass: only a side without pieces wins, which Na3 still
        // achieves.
        name: "forced capture under the pass rule",
        opts: &[("no-moves", "pass")],
        pieces: "Nb1 ra8",
        rest: "w - - - 0 1",
        best: &["b1a3"],
        depth: None,
        expect: Mate(1),
    },
];
