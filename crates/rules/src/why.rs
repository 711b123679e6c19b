//! Why a move is not legal: the short reason the client shows when an
//! illegal drag snaps back ("the Knight does not move that way", "that
//! leaves your King in check", "a capture is compulsory", …).

use std::fmt;

use super::geometry::Sq;
use super::pieces::{Color, EMPTY, Kind, color_of, is_piece, piece};
use super::position::{Move, MoveKind, PieceInfo, Position};

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// No piece stands on the origin.
    NoPiece,
    /// The piece (or hand) belongs to the side not to move.
    NotYourMove(Color),
    /// The side to move has no legal move at all: the game is over.
    GameOver,
    /// Holywar: board moves wait until both hands are empty.
    DropsFirst,
    /// The origin is the destination.
    SameSquare,
    /// The destination holds a piece of the mover's side.
    OwnPiece,
    /// The piece's moves never go there.
    NotThatWay(Kind),
    /// The piece never captures (Ghost, Relay).
    NeverCaptures(Kind),
    /// It could move there were the square empty, but cannot capture there
    /// (a pawn straight ahead, a Cannon without a screen).
    NoCaptureThere(Kind),
    /// It goes there only to capture (a pawn diagonally).
    OnlyCaptures(Kind),
    /// Grand: no piece to promote to, so the pawn may not reach the last rank.
    NoPromotionPiece,
    /// The side to move is in check and this move does not end it.
    InCheck,
    /// After the move the mover's King would be attacked.
    LeavesKingInCheck,
    /// Captures are compulsory and this move captures nothing.
    CaptureCompulsory,
    /// No castling while in check.
    CastlingOutOfCheck,
    /// The King would cross an attacked square.
    CastlingThroughCheck,
    /// The King or that Rook has moved (or the King was crowned).
    CastlingRightsLost,
    /// A square between King and Rook is occupied.
    CastlingBlocked,
    /// Holy Grail: checkmated with an unattacked prince, only crowning is left.
    MustCrown,
    /// None of that piece in hand.
    NoneInHand(Kind),
    /// The drop square is taken.
    SquareTaken,
    /// That piece may not be dropped there.
    NotADropSquare(Kind),
    /// The piece has no move at all, legal or not (walled in by its own side).
    Stuck(Kind),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoPiece => write!(f, "there is no piece there"),
            Illegal::NotYourMove(c) => write!(f, "it is {}'s move", c.name()),
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::DropsFirst => write!(
                f,
                "drop your pieces first: board moves start once both hands are empty"
            ),
            Illegal::SameSquare => write!(f, "the piece is already there"),
            Illegal::OwnPiece => write!(f, "you cannot capture your own piece"),
            Illegal::NotThatWay(k) => write!(f, "the {} does not move that way", k.name()),
            Illegal::NeverCaptures(k) => write!(f, "the {} never captures", k.name()),
            Illegal::NoCaptureThere(k) => write!(f, "the {} cannot capture that way", k.name()),
            Illegal::OnlyCaptures(k) => write!(f, "the {} goes there only to capture", k.name()),
            Illegal::NoPromotionPiece => {
                write!(
                    f,
                    "no piece to promote to: the pawn may not reach the last rank"
                )
            }
            Illegal::InCheck => write!(f, "your King is in check and that does not stop it"),
            Illegal::LeavesKingInCheck => write!(f, "that leaves your King in check"),
            Illegal::CaptureCompulsory => write!(f, "a capture is compulsory"),
            Illegal::CastlingOutOfCheck => write!(f, "you cannot castle out of check"),
            Illegal::CastlingThroughCheck => write!(f, "castling through an attacked square"),
            Illegal::CastlingRightsLost => {
                write!(f, "the King or that Rook has moved: no castling")
            }
            Illegal::CastlingBlocked => {
                write!(f, "castling needs every square between King and Rook empty")
            }
            Illegal::MustCrown => write!(f, "your King is checkmated: crown a Crown Prince"),
            Illegal::NoneInHand(k) => write!(f, "no {} left in hand", k.name()),
            Illegal::SquareTaken => write!(f, "that square is taken"),
            Illegal::NotADropSquare(k) => write!(f, "a {} cannot be dropped there", k.name()),
            Illegal::Stuck(k) => write!(f, "the {} has no move from there", k.name()),
        }
    }
}

impl Position {
    /// Why the piece on `from` may not go to `to` now, or `None` when a legal
    /// move does that (a move, capture, castling with the King's destination,
    /// King–Lady swap, or crowning onto the prince's square).
    pub fn why_not(&self, from: Sq, to: Sq) -> Option<Illegal> {
        let us = self.side_to_move();
        let goes = |m: &Move| {
            !matches!(m.kind, MoveKind::Drop | MoveKind::Pass | MoveKind::Mutate)
                && self.move_from(*m) == Some(from)
                && self.move_to(*m) == Some(to)
        };
        let (p, legal) = match self.board_move_blockers(from, goes) {
            Ok(found) => found,
            Err(why) => return why,
        };
        let v = &*self.variant;
        if from == to {
            return Some(Illegal::SameSquare);
        }
        let mut pseudo = Vec::new();
        self.s.pseudo(v, &mut pseudo);
        let tried: Vec<Move> = pseudo.into_iter().filter(goes).collect();
        if !tried.is_empty() {
            return Some(self.why_pseudo_fails(&tried, &legal));
        }
        let target = self.piece_at(to);
        if target.is_some_and(|t| t.color == us) {
            return Some(Illegal::OwnPiece);
        }
        if let Some(why) = self.why_no_castling(from, to, p.kind) {
            return Some(why);
        }
        Some(self.why_piece_cannot(from, to, p.kind))
    }

    /// The checks every board move from `from` starts with: the piece is
    /// there and the mover's, and the side may move on the board at all.
    /// `Err(None)` when a legal move matches `fits`, `Err(Some(why))` when a
    /// reason applies, else the piece and the legal moves for further checks.
    fn board_move_blockers(
        &self,
        from: Sq,
        fits: impl Fn(&Move) -> bool,
    ) -> Result<(PieceInfo, Vec<Move>), Option<Illegal>> {
        let us = self.side_to_move();
        let Some(p) = self.piece_at(from) else {
            return Err(Some(Illegal::NoPiece));
        };
        if p.color != us {
            return Err(Some(Illegal::NotYourMove(us)));
        }
        let legal = self.legal_moves();
        if legal.iter().any(fits) {
            return Err(None);
        }
        if self.variant.drop_opening && self.s.hand[us.index()].iter().any(|&n| n > 0) {
            return Err(Some(Illegal::DropsFirst));
        }
        if legal.is_empty() {
            return Err(Some(Illegal::GameOver));
        }
        if legal.iter().all(|m| m.kind == MoveKind::Crown) {
            return Err(Some(Illegal::MustCrown));
        }
        Ok((p, legal))
    }

    /// Why the piece on `from` has no legal move at all now (so it cannot be
    /// picked up), or `None` when it has one.
    pub fn why_stuck(&self, from: Sq) -> Option<Illegal> {
        let from_here = |m: &Move| {
            !matches!(m.kind, MoveKind::Drop | MoveKind::Pass) && self.move_from(*m) == Some(from)
        };
        let (p, legal) = match self.board_move_blockers(from, from_here) {
            Ok(found) => found,
            Err(why) => return why,
        };
        let v = &*self.variant;
        let mut pseudo = Vec::new();
        self.s.pseudo(v, &mut pseudo);
        if !pseudo.iter().any(from_here) {
            return Some(Illegal::Stuck(p.kind));
        }
        Some(
            if v.forced_capture && legal.iter().any(|m| self.is_capture(*m)) {
                Illegal::CaptureCompulsory
            } else if self.in_check() {
                Illegal::InCheck
            } else {
                Illegal::LeavesKingInCheck
            },
        )
    }

    /// Why a side may not drop `kind` (as in hand: `Kind::Serpent` for the
    /// serpent) on `to` now, or `None` when it may.
    pub fn why_not_drop(&self, side: Color, kind: Kind, to: Sq) -> Option<Illegal> {
        let us = self.side_to_move();
        if side != us {
            return Some(Illegal::NotYourMove(us));
        }
        if self.hand_count(side, kind) == 0 {
            return Some(Illegal::NoneInHand(kind));
        }
        let v = &*self.variant;
        let hand_kind = |m: &Move| match m.piece() {
            Some(k) if k.is_serpent_form() && v.has_serpent() => Kind::Serpent,
            Some(k) => k,
            None => Kind::Serpent,
        };
        let goes = |m: &Move| {
            m.kind == MoveKind::Drop && hand_kind(m) == kind && self.drop_square(*m) == Some(to)
        };
        let legal = self.legal_moves();
        if legal.iter().any(goes) {
            return None;
        }
        if legal.iter().all(|m| m.kind == MoveKind::Crown) && !legal.is_empty() {
            return Some(Illegal::MustCrown);
        }
        let mut pseudo = Vec::new();
        self.s.pseudo(v, &mut pseudo);
        let tried: Vec<Move> = pseudo.into_iter().filter(goes).collect();
        if !tried.is_empty() {
            return Some(self.why_pseudo_fails(&tried, &legal));
        }
        if self.piece_at(to).is_some() {
            return Some(Illegal::SquareTaken);
        }
        Some(Illegal::NotADropSquare(kind))
    }

    /// Why pseudo-legal moves `tried` (all with the same origin and
    /// destination) are not among the legal moves `legal`.
    fn why_pseudo_fails(&self, tried: &[Move], legal: &[Move]) -> Illegal {
        let v = &*self.variant;
        if v.forced_capture && legal.iter().any(|m| self.is_capture(*m)) {
            return Illegal::CaptureCompulsory;
        }
        let castle = tried.iter().find(|m| m.kind == MoveKind::Castle);
        let plain = tried.iter().any(|m| m.kind != MoveKind::Castle);
        match castle {
            Some(&c) if !plain => {
                if self.in_check() {
                    return Illegal::CastlingOutOfCheck;
                }
                let mut after = self.clone();
                after.make_move(c);
                let us = self.side_to_move();
                if after.s.king_attacked(v, us) {
                    Illegal::LeavesKingInCheck
                } else {
                    Illegal::CastlingThroughCheck
                }
            }
            _ if self.in_check() => Illegal::InCheck,
            _ => Illegal::LeavesKingInCheck,
        }
    }

    /// A King trying a castling of the rule book that is not available.
    fn why_no_castling(&self, from: Sq, to: Sq, kind: Kind) -> Option<Illegal> {
        let v = &*self.variant;
        if kind != Kind::King || v.jump_castling {
            return None;
        }
        let us = self.side_to_move();
        let c = v
            .castlings
            .iter()
            .find(|c| c.color == us && c.king_from == from && c.king_to == to)?;
        let bit = if us == Color::White { 0 } else { 16 } + c.rook_from.x as u32;
        let rook = self.piece_at(c.rook_from);
        let rook_home = rook.is_some_and(|r| r.color == us && r.kind == Kind::Rook);
        if self.s.castling & (1 << bit) == 0 || !rook_home {
            return Some(Illegal::CastlingRightsLost);
        }
        Some(Illegal::CastlingBlocked)
    }

    /// Why the piece's own moves do not reach `to` (no pseudo-legal move does).
    fn why_piece_cannot(&self, from: Sq, to: Sq, kind: Kind) -> Illegal {
        let v = &*self.variant;
        let us = self.side_to_move();
        let (fc, tc) = (self.cell(from), self.cell(to));
        let reaches = |st: &super::position::State| {
            let mut list = Vec::new();
            st.gen_piece(v, fc, &mut list);
            if v.relay_power {
                st.gen_relay_power(v, &mut list);
            }
            list.iter()
                .any(|m| m.kind == MoveKind::Normal && m.from == fc && m.to == tc)
        };
        let q = self.s.board[tc as usize];
        if is_piece(q) && color_of(q) != us {
            if matches!(kind, Kind::Ghost | Kind::Relay) {
                return Illegal::NeverCaptures(kind);
            }
            let mut st = self.s.clone();
            st.clear(tc);
            if reaches(&st) {
                return Illegal::NoCaptureThere(kind);
            }
        } else if q == EMPTY {
            let mut st = self.s.clone();
            st.place(tc, piece(us.opposite(), Kind::Pawn));
            if reaches(&st) {
                return Illegal::OnlyCaptures(kind);
            }
        }
        if kind == Kind::Pawn && v.promotion.limited_to_initial && self.pawn_would_promote(from, to)
        {
            return Illegal::NoPromotionPiece;
        }
        Illegal::NotThatWay(kind)
    }

    /// A pawn step or capture onto its last rank (by shape and occupancy).
    fn pawn_would_promote(&self, from: Sq, to: Sq) -> bool {
        let v = &*self.variant;
        let us = self.side_to_move();
        let white = us == Color::White;
        let fwd: i32 = if white { 1 } else { -1 };
        let dx = to.x as i32 - from.x as i32;
        let dy = to.y as i32 - from.y as i32;
        let target = self.piece_at(to);
        let shape = dy == fwd
            && ((dx == 0 && target.is_none())
                || (dx.abs() == 1 && target.is_some_and(|t| t.color != us)));
        shape && v.geo.relative_y(to.y, white) >= v.promotion.last
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn pos(id: &str, vfen: &str) -> Position {
        let v = Variant::new(id, &[]).expect("variant");
        Position::from_vfen(&v, vfen).expect("vfen")
    }

    /// The reason for `from`→`to` (LMN-like "e2e5"), as shown to the player.
    fn why(p: &Position, from: &str, to: &str) -> Option<String> {
        let s = |n: &str| p.variant().parse_square(n).expect("square");
        p.why_not(s(from), s(to)).map(|w| w.to_string())
    }

    fn is(p: &Position, from: &str, to: &str, want: Illegal) {
        let s = |n: &str| p.variant().parse_square(n).expect("square");
        assert_eq!(p.why_not(s(from), s(to)), Some(want), "{from}{to}");
    }

    const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1";

    fn stuck(p: &Position, from: &str) -> Option<Illegal> {
        p.why_stuck(p.variant().parse_square(from).expect("square"))
    }

    #[test]
    fn why_a_piece_cannot_be_picked_up() {
        let p = pos("chess", CHESS_START);
        assert_eq!(stuck(&p, "g1"), None, "the knight has moves");
        assert_eq!(stuck(&p, "e2"), None);
        // docs/rules.md §0: the rook and bishop are walled in by their own pieces.
        assert_eq!(stuck(&p, "a1"), Some(Illegal::Stuck(Kind::Rook)));
        assert_eq!(
            Illegal::Stuck(Kind::Bishop).to_string(),
            "the Bishop has no move from there"
        );
        assert_eq!(stuck(&p, "e7"), Some(Illegal::NotYourMove(Color::White)));
        assert_eq!(stuck(&p, "e4"), Some(Illegal::NoPiece));
        // A pinned knight has moves by shape, none legal.
        let p = pos("chess", "4k3/8/8/8/1b6/8/3N4/4K3 w - - - 0 1");
        assert_eq!(stuck(&p, "d2"), Some(Illegal::LeavesKingInCheck));
        // In check from the rook on e8: the a1 rook cannot interpose or capture.
        let p = pos("chess", "4r1k1/8/8/8/8/8/7P/R3K3 w - - - 0 1");
        assert_eq!(stuck(&p, "h2"), Some(Illegal::InCheck));
        // Holywar's drop opening: nothing on the board moves while hands hold pieces.
        let hw = Variant::new("holywar", &[]).expect("holywar");
        let mut p = hw.start_position();
        let first_drop = p.legal_moves()[0];
        p.make_move(first_drop);
        let placed = p.drop_square(first_drop).expect("a drop lands somewhere");
        let mut q = p.clone();
        let reply = q.legal_moves()[0];
        q.make_move(reply);
        assert_eq!(q.why_stuck(placed), Some(Illegal::DropsFirst));
    }

    #[test]
    fn legal_moves_have_no_reason() {
        let p = pos("chess", CHESS_START);
        assert_eq!(why(&p, "g1", "f3"), None);
        assert_eq!(why(&p, "e2", "e4"), None);
    }

    #[test]
    fn wrong_side_empty_square_own_piece_and_shape() {
        let p = pos("chess", CHESS_START);
        is(&p, "e7", "e5", Illegal::NotYourMove(Color::White));
        assert_eq!(why(&p, "e7", "e5").as_deref(), Some("it is White's move"));
        is(&p, "e4", "e5", Illegal::NoPiece);
        is(&p, "g1", "e2", Illegal::OwnPiece);
        is(&p, "g1", "g3", Illegal::NotThatWay(Kind::Knight));
        assert_eq!(
            why(&p, "g1", "g3").as_deref(),
            Some("the Knight does not move that way")
        );
        is(&p, "e2", "e5", Illegal::NotThatWay(Kind::Pawn));
        is(&p, "e2", "e2", Illegal::SameSquare);
    }

    #[test]
    fn pawns_capture_only_diagonally_and_move_only_straight() {
        let p = pos("chess", "4k3/8/8/4p3/4P3/8/8/4K3 w - - - 0 1");
        is(&p, "e4", "e5", Illegal::NoCaptureThere(Kind::Pawn));
        is(&p, "e4", "d5", Illegal::OnlyCaptures(Kind::Pawn));
    }

    #[test]
    fn check_reasons() {
        // The knight on d2 is pinned by the bishop on b4.
        let p = pos("chess", "4k3/8/8/8/1b6/8/3N4/4K3 w - - - 0 1");
        is(&p, "d2", "f3", Illegal::LeavesKingInCheck);
        assert_eq!(
            why(&p, "d2", "f3").as_deref(),
            Some("that leaves your King in check")
        );
        // In check from the rook on e8: a rook move elsewhere does not help.
        let p = pos("chess", "4r1k1/8/8/8/8/8/8/R3K3 w - - - 0 1");
        is(&p, "a1", "a5", Illegal::InCheck);
        // The king may not step onto an attacked square.
        let p = pos("chess", "3rk3/8/8/8/8/8/8/4K3 w - - - 0 1");
        is(&p, "e1", "d1", Illegal::LeavesKingInCheck);
    }

    #[test]
    fn castling_reasons() {
        // Black rook on f8 attacks f1, which the king crosses.
        let p = pos("chess", "4kr2/8/8/8/8/8/8/4K2R w H - - 0 1");
        is(&p, "e1", "g1", Illegal::CastlingThroughCheck);
        assert_eq!(
            why(&p, "e1", "g1").as_deref(),
            Some("castling through an attacked square")
        );
        // Rook on g8: the landing square is attacked.
        let p = pos("chess", "4k1r1/8/8/8/8/8/8/4K2R w H - - 0 1");
        is(&p, "e1", "g1", Illegal::LeavesKingInCheck);
        // In check from e8.
        let p = pos("chess", "4r1k1/8/8/8/8/8/8/4K2R w H - - 0 1");
        is(&p, "e1", "g1", Illegal::CastlingOutOfCheck);
        // No right left, and a blocked path.
        let p = pos("chess", "4k3/8/8/8/8/8/8/4K2R w - - - 0 1");
        is(&p, "e1", "g1", Illegal::CastlingRightsLost);
        let p = pos("chess", "4k3/8/8/8/8/8/8/4KB1R w H - - 0 1");
        is(&p, "e1", "g1", Illegal::CastlingBlocked);
    }

    #[test]
    fn ghostarelay_capture_is_compulsory_and_ghosts_never_capture() {
        // White's rook can take the pawn on a5: the ghost may not fly elsewhere.
        let p = pos("ghostarelay", "10/10/10/10/10/p9/10/10/10/R3G5 w - - - 0 1");
        is(&p, "e1", "e5", Illegal::CaptureCompulsory);
        assert_eq!(
            why(&p, "e1", "e5").as_deref(),
            Some("a capture is compulsory")
        );
        assert_eq!(why(&p, "a1", "a5"), None);
        is(&p, "e1", "a5", Illegal::NeverCaptures(Kind::Ghost));
    }

    #[test]
    fn holywar_board_moves_wait_for_the_drops() {
        let v = Variant::new("holywar", &[]).expect("holywar");
        let p = v.start_position();
        is(&p, "b3", "b4", Illegal::DropsFirst);
        let s = |n: &str| v.parse_square(n).expect("square");
        assert_eq!(p.why_not_drop(Color::White, Kind::King, s("b2")), None);
        assert_eq!(
            p.why_not_drop(Color::White, Kind::King, s("b5")),
            Some(Illegal::NotADropSquare(Kind::King))
        );
        assert_eq!(
            p.why_not_drop(Color::Black, Kind::King, s("b7")),
            Some(Illegal::NotYourMove(Color::White))
        );
    }

    #[test]
    fn drop_reasons_in_holy_grail() {
        // White's king on f1 is in check from the rook on a1; no drop blocks
        // rank 1 (ninja pawns go to rank 2, the serpent to e0 or f0).
        let p = pos(
            "holygrail",
            "****2****/9k/10/10/10/10/10/10/10/10/r4K4/****2**** w - - JS 0 1",
        );
        let s = |n: &str| p.variant().parse_square(n).expect("square");
        let drop = |k: Kind, at: &str| p.why_not_drop(Color::White, k, s(at));
        assert_eq!(drop(Kind::NinjaPawn, "b2"), Some(Illegal::InCheck));
        assert_eq!(drop(Kind::Serpent, "e0"), Some(Illegal::InCheck));
        assert_eq!(
            drop(Kind::Prince, "e0"),
            Some(Illegal::NoneInHand(Kind::Prince))
        );
        assert_eq!(drop(Kind::NinjaPawn, "f1"), Some(Illegal::SquareTaken));
        assert_eq!(
            drop(Kind::NinjaPawn, "b3"),
            Some(Illegal::NotADropSquare(Kind::NinjaPawn))
        );
        // Out of check, the same drops are legal.
        let q = pos(
            "holygrail",
            "****2****/9k/10/10/10/10/10/10/10/10/5K4/****2**** w - - JS 0 1",
        );
        assert_eq!(q.why_not_drop(Color::White, Kind::NinjaPawn, s("b2")), None);
        assert_eq!(q.why_not_drop(Color::White, Kind::Serpent, s("e0")), None);
    }

    #[test]
    fn crowning_is_the_only_way_out_of_mate() {
        let p = pos(
            "holygrail",
            "****1k****/10/10/10/10/10/rr8/10/10/10/K8I/****2**** w - - - 0 1",
        );
        is(&p, "j1", "j2", Illegal::MustCrown);
        assert_eq!(why(&p, "a1", "j1"), None);
    }

    #[test]
    fn grand_pawn_without_a_promotion_piece_may_not_reach_the_last_rank() {
        // Every White piece is on the board at its initial count.
        let p = pos(
            "grand",
            "r8r/1nPqkmcbn1/10/10/10/10/10/10/1NBQKMCBN1/R8R w - - - 0 1",
        );
        is(&p, "c9", "c10", Illegal::NoPromotionPiece);
    }

    #[test]
    fn cannon_needs_a_screen_to_capture() {
        let p = pos(
            "holygrail",
            "****2****/4r4k/10/10/10/10/10/4O5/10/10/10/****K1**** w - - - 0 1",
        );
        is(&p, "e4", "e10", Illegal::NoCaptureThere(Kind::Cannon));
        assert_eq!(
            why(&p, "e4", "e10").as_deref(),
            Some("the Super Cannon cannot capture that way")
        );
    }
}
