//! Static exchange evaluation: what a move wins or loses in material if both
//! sides then keep capturing on its target square, each with its least
//! valuable attacker, each free to stop when going on would lose.
//!
//! The attackers are the rules' own ([`chimera_rules::position::State::attackers`]),
//! found again after every capture on the board as it then stands, so a
//! rider behind a capturer (an x-ray) joins in when the capturer leaves.
//! A royal king counts as priceless: it recaptures only when nothing
//! recaptures after it. Pins, checks and promotions during the exchange are
//! not looked at (a promotion by the move itself is).

use chimera_rules::pieces::{EMPTY, Kind, NKINDS, Piece, color_of, is_piece, kind_of, piece};
use chimera_rules::position::MoveKind;
use chimera_rules::{Move, Position};

/// Longest exchange followed (captures on the square).
const MAX_SWAPS: usize = 32;

/// The cells an exchange has changed, with what stood there before.
struct Changes {
    saved: [(u16, Piece); 2 * MAX_SWAPS + 3],
    n: usize,
}

impl Changes {
    /// Puts `p` on `cell`, remembering what stood there.
    #[inline]
    fn put(&mut self, board: &mut [Piece], cell: u16, p: Piece) {
        self.saved[self.n] = (cell, board[cell as usize]);
        self.n += 1;
        board[cell as usize] = p;
    }

    /// Puts everything back, latest change first.
    fn undo(&self, board: &mut [Piece]) {
        for &(cell, p) in self.saved[..self.n].iter().rev() {
            board[cell as usize] = p;
        }
    }
}

/// Piece values for exchanges, centipawns by kind number.
#[derive(Clone)]
pub(crate) struct SeeValues {
    value: [i32; NKINDS],
}

impl SeeValues {
    /// The values `value` by kind; a royal king (when `royal`) is priceless.
    pub(crate) fn new(value: &[i32; NKINDS], royal: bool) -> SeeValues {
        let mut value = *value;
        if royal {
            value[Kind::King.idx()] = ROYAL;
        }
        SeeValues { value }
    }

    #[inline]
    fn of(&self, p: Piece) -> i32 {
        self.value[kind_of(p) as usize]
    }

    /// The material balance of `m` for the side making it after the best
    /// sequence of captures on its target square (0 for moves other than
    /// board moves: drops, castling, passes). The position is unchanged
    /// on return.
    pub(crate) fn see(&self, pos: &mut Position, m: Move) -> i32 {
        if m.kind() != MoveKind::Normal {
            return 0;
        }
        let Position { variant, s } = pos;
        let v = &**variant;
        let (from, to) = (m.from, m.to);
        let mover = s.board[from as usize];
        if !is_piece(mover) {
            return 0;
        }
        let mut changes = Changes {
            saved: [(0, EMPTY); 2 * MAX_SWAPS + 3],
            n: 0,
        };
        let mut gain = [0i32; MAX_SWAPS + 1];
        let victim = s.board[to as usize];
        if is_piece(victim) {
            gain[0] = self.of(victim);
        }
        if m.aux != 0 && m.aux != to {
            let extra = s.board[m.aux as usize];
            if is_piece(extra) {
                gain[0] += self.of(extra);
                changes.put(&mut s.board, m.aux, EMPTY);
            }
        }
        let mut standing = mover;
        let mut on_square = self.of(mover);
        if let Some(k) = m.piece() {
            gain[0] += self.value[k.idx()] - on_square;
            on_square = self.value[k.idx()];
            standing = piece(color_of(mover), k);
        }
        changes.put(&mut s.board, from, EMPTY);
        changes.put(&mut s.board, to, standing);
        let mut side = s.side.opposite();
        let mut d = 0;
        while d < MAX_SWAPS {
            let mut least: Option<(u16, i32)> = None;
            s.attackers(v, to, side, |cell| {
                let val = self.of(s.board[cell as usize]);
                if least.is_none_or(|(_, best)| val < best) {
                    least = Some((cell, val));
                }
                false
            });
            let Some((cell, val)) = least else {
                break;
            };
            d += 1;
            gain[d] = on_square - gain[d - 1];
            // Neither side can gain by going on: the sign is settled.
            if (-gain[d - 1]).max(gain[d]) < 0 {
                break;
            }
            let p = s.board[cell as usize];
            changes.put(&mut s.board, cell, EMPTY);
            changes.put(&mut s.board, to, p);
            on_square = val;
            side = side.opposite();
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        changes.undo(&mut s.board);
        gain[0]
    }
}

/// A royal king's exchange value: more than all the material on any board.
const ROYAL: i32 = 100_000;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use chimera_rules::Variant;

    fn setup(variant: &str, fen: &str) -> (Position, SeeValues) {
        let v = Variant::new(variant, &[]).expect("variant");
        let pos = Position::from_vfen(&v, fen).expect("vfen");
        (pos, Evaluator::new(&v).see_values().clone())
    }

    fn see_of(variant: &str, fen: &str, mv: &str) -> (i32, SeeValues) {
        let (mut pos, sv) = setup(variant, fen);
        let before = pos.s.board;
        let m = pos.parse_lmn(mv).expect("a legal move");
        let r = sv.see(&mut pos, m);
        assert_eq!(pos.s.board, before, "the board is put back");
        (r, sv)
    }

    fn val(sv: &SeeValues, k: Kind) -> i32 {
        sv.value[k.idx()]
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // White rook takes a loose black knight.
        let (r, sv) = see_of("chess", "4k3/8/8/3n4/8/8/8/3RK3 w - - - 0 1", "d1d5");
        assert_eq!(r, val(&sv, Kind::Knight));
    }

    #[test]
    fn a_defended_piece_taken_by_a_dearer_one_loses_the_difference() {
        // Rook takes a knight a pawn defends: knight - rook.
        let (r, sv) = see_of("chess", "4k3/8/4p3/3n4/8/8/8/3RK3 w - - - 0 1", "d1d5");
        assert_eq!(r, val(&sv, Kind::Knight) - val(&sv, Kind::Rook));
    }

    #[test]
    fn a_pawn_taking_a_defended_piece_keeps_the_difference() {
        let (r, sv) = see_of("chess", "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - - 0 1", "e4d5");
        assert_eq!(r, val(&sv, Kind::Knight) - val(&sv, Kind::Pawn));
    }

    #[test]
    fn a_rider_behind_the_capturer_joins_in() {
        // Doubled rooks against a pawn defended once by a rook: RxP RxR RxR
        // wins a pawn and a rook for a rook.
        let (r, sv) = see_of("chess", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - - 0 1", "d2d5");
        assert_eq!(r, val(&sv, Kind::Pawn));
        // A single rook against the same: RxP RxR loses the exchange.
        let (r, sv) = see_of("chess", "3rk3/8/8/3p4/8/8/8/3RK3 w - - - 0 1", "d1d5");
        assert_eq!(r, val(&sv, Kind::Pawn) - val(&sv, Kind::Rook));
    }

    #[test]
    fn the_king_recaptures_only_on_an_undefended_square() {
        // RxP on d5, which only the black king defends: with the queen behind
        // the rook, KxR would be illegal, so the pawn is won; without it the
        // king takes the rook.
        let (r, sv) = see_of("chess", "8/8/4k3/3p4/8/8/3R4/3QK3 w - - - 0 1", "d2d5");
        assert_eq!(r, val(&sv, Kind::Pawn));
        let (r, sv) = see_of("chess", "8/8/4k3/3p4/8/8/3R4/4K3 w - - - 0 1", "d2d5");
        assert_eq!(r, val(&sv, Kind::Pawn) - val(&sv, Kind::Rook));
    }

    #[test]
    fn a_quiet_move_to_an_attacked_square_loses_the_piece() {
        // Nc3-d5?? where a pawn takes it.
        let (r, sv) = see_of("chess", "4k3/8/4p3/8/8/2N5/8/4K3 w - - - 0 1", "c3d5");
        assert_eq!(r, -val(&sv, Kind::Knight));
        let (r, _) = see_of("chess", "4k3/8/8/8/8/2N5/8/4K3 w - - - 0 1", "c3d5");
        assert_eq!(r, 0);
    }

    #[test]
    fn a_grand_marshal_leaps_into_the_exchange() {
        // Grand: a white rook takes a black pawn on e7 that a black marshal
        // guards by a knight's leap from f9: RxP MxR, the rook is lost for a pawn.
        let (r, sv) = see_of(
            "grand",
            "r3k4r/5m4/10/4p5/10/10/4R5/10/10/4K5 w - - - 0 1",
            "e4e7",
        );
        assert_eq!(r, val(&sv, Kind::Pawn) - val(&sv, Kind::Rook));
    }
}
