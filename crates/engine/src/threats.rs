//! Threats: pieces the other side attacks, as Fairy-Stockfish's classical
//! evaluation sees them, found by looking back from each piece along the
//! rules' attack lines ([`State::attackers`]).
//!
//! The quiescence search resolves the captures of the side to move, but a
//! standing evaluation is blind to what each side's pieces attack: a piece
//! a pawn attacks, or a lesser piece, or that nothing defends, is worth less
//! than its value while it stands there. For each piece besides pawns and the
//! royal king (Fairy-Stockfish's units, a pawn 126 in the middle game; the
//! evaluator scales them by its weight `threat_permille`):
//! - attacked by a pawn: 173 in the middle game, 94 in the endgame;
//! - else attacked by a less valuable piece: 60 and 100;
//! - else attacked and not defended: 69 and 36.

use chimera_rules::Variant;
use chimera_rules::pieces::{Color, Kind, NKINDS, kind_of};
use chimera_rules::position::State;

/// (middle game, endgame) of a piece a pawn attacks.
const BY_PAWN: (i32, i32) = (173, 94);
/// (middle game, endgame) of a piece a less valuable piece attacks.
const BY_LESSER: (i32, i32) = (60, 100);
/// (middle game, endgame) of an attacked piece nothing defends.
const HANGING: (i32, i32) = (69, 36);

/// The tables of one variant for [`Threats::of`].
pub(crate) struct Threats {
    /// Value of each kind (centipawns, at least 1; a royal king the most:
    /// it may only take what nothing defends).
    value: [u16; NKINDS],
    /// The most a pawn-like piece is worth: an attacker worth no more
    /// attacks like a pawn.
    pawn_value: u16,
    /// Kinds whose own threats are not counted (pawns, the royal king), a
    /// mask of kind numbers.
    exempt: u64,
}

impl Threats {
    /// The tables of `v`; `value` is the material value of each kind (cp).
    pub(crate) fn new(v: &Variant, value: &[i32; NKINDS]) -> Threats {
        let mut val = [0u16; NKINDS];
        for (x, &cp) in val.iter_mut().zip(value) {
            *x = cp.clamp(1, u16::MAX as i32 / 2) as u16;
        }
        let pawns = [Kind::Pawn, Kind::NinjaPawn];
        let mut exempt = pawns.iter().fold(0u64, |m, k| m | 1 << k.num());
        if v.royal {
            exempt |= 1 << Kind::King.num();
            val[Kind::King.idx()] = u16::MAX;
        }
        Threats {
            value: val,
            pawn_value: pawns
                .iter()
                .filter(|k| v.def(k.num()).is_some())
                .map(|k| val[k.idx()])
                .max()
                .unwrap_or(1),
            exempt,
        }
    }

    /// What the threats to each side's pieces cost it, (middle game,
    /// endgame) in Fairy-Stockfish's units, White's first. Each piece looks
    /// back along the rules' attack lines for its least valuable attacker
    /// and, when that is no lesser piece, for a defender.
    pub(crate) fn of(&self, v: &Variant, s: &State) -> [(i32, i32); 2] {
        [Color::White, Color::Black].map(|us| {
            let them = us.opposite();
            let (mut mg, mut eg) = (0, 0);
            s.for_each_piece(us, |cell| {
                let k = kind_of(s.board[cell as usize]);
                if self.exempt >> k & 1 != 0 {
                    return false;
                }
                let (mut attacked, mut least) = (false, u16::MAX);
                s.attackers(v, cell, them, |a| {
                    attacked = true;
                    least = least.min(self.value[kind_of(s.board[a as usize]) as usize]);
                    least <= self.pawn_value
                });
                let (m, e) = if !attacked {
                    (0, 0)
                } else if least <= self.pawn_value {
                    BY_PAWN
                } else if least < self.value[k as usize] {
                    BY_LESSER
                } else if !s.attackers(v, cell, us, |_| true) {
                    HANGING
                } else {
                    (0, 0)
                };
                mg += m;
                eg += e;
                false
            });
            (mg, eg)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_rules::Position;

    /// Conventional values (cp) by kind for the tests: pawn 100, minor 300,
    /// rook 500, queen 900, marshal 900, cardinal 800, the rest 400.
    fn values() -> [i32; NKINDS] {
        let mut v = [400; NKINDS];
        for (k, cp) in [
            (Kind::Pawn, 100),
            (Kind::Knight, 300),
            (Kind::Bishop, 300),
            (Kind::Rook, 500),
            (Kind::Queen, 900),
            (Kind::Marshal, 900),
            (Kind::Cardinal, 800),
        ] {
            v[k.idx()] = cp;
        }
        v
    }

    /// The threats to (White, Black) in `vfen` of `id`.
    fn threats(id: &str, vfen: &str) -> [(i32, i32); 2] {
        let v = Variant::new(id, &[]).expect(id);
        let pos = Position::from_vfen(&v, vfen).expect(vfen);
        Threats::new(&v, &values()).of(&v, &pos.s)
    }

    #[test]
    fn nothing_is_attacked_at_the_start() {
        for id in ["chess", "grand", "embassy", "holygrail", "herculean"] {
            let v = Variant::new(id, &[]).expect(id);
            let t = Threats::new(&v, &values()).of(&v, &v.start_position().s);
            assert_eq!(t, [(0, 0); 2], "{id}");
        }
    }

    #[test]
    fn a_piece_a_pawn_attacks_is_threatened_whatever_defends_it() {
        // Black's d5 pawn attacks White's knight on e4, which the f3 pawn defends.
        let t = threats("chess", "4k3/8/8/3p4/4N3/5P2/8/4K3 w - - - 0 1");
        assert_eq!(t, [BY_PAWN, (0, 0)]);
    }

    #[test]
    fn a_lesser_attacker_threatens_a_defended_piece_and_an_equal_one_only_a_loose_one() {
        // Black's knight on c6 attacks White's rook on d4 (defended by the e3 pawn).
        let lesser = threats("chess", "4k3/8/2n5/8/3R4/4P3/8/4K3 w - - - 0 1");
        assert_eq!(lesser[0], BY_LESSER);
        // Black's rook on d8 attacks it along the file: both rooks defended
        // (by the pawn, by the king), no threat ...
        let defended = threats("chess", "3rk3/8/8/8/3R4/4P3/8/4K3 w - - - 0 1");
        assert_eq!(defended, [(0, 0); 2]);
        // ... neither defended, each hangs.
        let loose = threats("chess", "3r3k/8/8/8/3R4/8/8/4K3 w - - - 0 1");
        assert_eq!(loose, [HANGING, HANGING]);
    }

    #[test]
    fn the_royal_king_is_never_threatened_and_attacks_as_the_most_valuable() {
        // White's king attacks Black's loose knight on e2 (a hanging piece);
        // Black's knight gives check, which is not a threat to the king.
        let t = threats("chess", "4k3/8/8/8/8/8/4n3/4K3 w - - - 0 1");
        assert_eq!(t, [(0, 0), HANGING]);
    }

    #[test]
    fn large_board_pieces_threaten_with_every_leap_and_ride() {
        // Grand: White's marshal on e5 attacks Black's loose rook on f7 by a
        // knight's leap and Black's loose bishop on e9 along the file.
        let t = threats("grand", "9k/10/4b5/10/5r4/10/4M5/10/10/K9 w - - - 0 1");
        assert_eq!(t[1], (2 * HANGING.0, 2 * HANGING.1));
        // Black's rook on f7 attacks nothing of White's; the bishop on e9
        // attacks nothing either (the marshal is on its file, not diagonal).
        assert_eq!(t[0], (0, 0));
    }

    #[test]
    fn colours_mirrored_mirror_the_threats() {
        let a = threats("chess", "4k3/8/2n5/8/3R4/4P3/8/4K3 w - - - 0 1");
        let b = threats("chess", "4k3/8/4p3/3r4/8/2N5/8/4K3 b - - - 0 1");
        assert_eq!(a, [b[1], b[0]]);
    }
}
