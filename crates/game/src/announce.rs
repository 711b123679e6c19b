//! What a move does, square by square: the announcements views animate.
//! Pure (no Bevy), computed from the position before the move.

use chimera_rules::{Kind, Move, MoveKind, PieceInfo, Position, Sq};

/// One visible effect of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Announcement {
    /// A piece went from one square to another (castling and swaps give two).
    Moved {
        /// Origin.
        from: Sq,
        /// Destination.
        to: Sq,
        /// The piece as it stands after the move (promotion applied).
        piece: PieceInfo,
        /// It jumped (leaper, or a line move over pieces): arc in 3D.
        leap: bool,
    },
    /// A piece was removed (both of a double capture; the Bomber's victim is the
    /// piece flown over, not the landing square).
    Captured {
        /// Where it stood.
        at: Sq,
        /// What it was.
        piece: PieceInfo,
    },
    /// A piece came from hand.
    Dropped {
        /// Square it is dropped on.
        at: Sq,
        /// Where it ends (a pushed ninja pawn: the landing square).
        to: Sq,
        /// The piece (a serpent: its form, locked).
        piece: PieceInfo,
    },
    /// A serpent changed form in place.
    Mutated {
        /// Its square.
        at: Sq,
        /// Old form.
        from: Kind,
        /// The piece after (locked).
        piece: PieceInfo,
    },
    /// Crowning: the king became a ninja pawn and the prince the king.
    Crowned {
        /// The old king's square (now a ninja pawn).
        king_at: Sq,
        /// The prince's square (now the king).
        prince_at: Sq,
    },
}

/// The announcements of `m`, played in `before` (which is not changed).
pub fn announce(before: &Position, m: Move) -> Vec<Announcement> {
    let mut after = before.clone();
    after.make_move(m);
    let piece_after = |s: Sq| {
        after
            .piece_at(s)
            .expect("a piece stands on the destination")
    };
    let piece_before = |s: Sq| before.piece_at(s).expect("a piece stands on the origin");
    let mut out = Vec::new();
    for at in before.captured_squares(m) {
        out.push(Announcement::Captured {
            at,
            piece: piece_before(at),
        });
    }
    let from = before.move_from(m);
    let to = before.move_to(m);
    match m.kind() {
        MoveKind::Normal => {
            let (from, to) = (from.expect("origin"), to.expect("destination"));
            out.push(Announcement::Moved {
                from,
                to,
                piece: piece_after(to),
                leap: is_leap(before, from, to),
            });
        }
        MoveKind::Drop => {
            let at = before.drop_square(m).expect("drop square");
            let to = to.expect("landing square");
            out.push(Announcement::Dropped {
                at,
                to,
                piece: piece_after(to),
            });
        }
        MoveKind::Castle => {
            let (from, to) = (from.expect("king origin"), to.expect("king destination"));
            let (rf, rt) = before.castle_rook(m).expect("rook squares");
            let king = piece_before(from);
            let rook = piece_before(rf);
            out.push(Announcement::Moved {
                from,
                to,
                piece: king,
                leap: false,
            });
            out.push(Announcement::Moved {
                from: rf,
                to: rt,
                piece: rook,
                leap: true,
            });
        }
        MoveKind::Swap => {
            let (from, to) = (from.expect("king square"), to.expect("lady square"));
            out.push(Announcement::Moved {
                from,
                to,
                piece: piece_before(from),
                leap: false,
            });
            out.push(Announcement::Moved {
                from: to,
                to: from,
                piece: piece_before(to),
                leap: false,
            });
        }
        MoveKind::Mutate => {
            let at = from.expect("serpent square");
            out.push(Announcement::Mutated {
                at,
                from: piece_before(at).kind,
                piece: piece_after(at),
            });
        }
        MoveKind::Crown => {
            out.push(Announcement::Crowned {
                king_at: from.expect("king square"),
                prince_at: to.expect("prince square"),
            });
        }
        MoveKind::Pass => {}
    }
    out
}

/// A move jumps when it is not along a line, or when a line move passes over
/// pieces (flying chariots, bombers, templars over a piece).
fn is_leap(p: &Position, from: Sq, to: Sq) -> bool {
    let dx = to.x as i32 - from.x as i32;
    let dy = to.y as i32 - from.y as i32;
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return true;
    }
    let n = dx.abs().max(dy.abs());
    let v = p.variant();
    (1..n).any(|k| {
        let s = Sq::new(
            (from.x as i32 + dx / n * k) as u8,
            (from.y as i32 + dy / n * k) as u8,
        );
        !v.exists(s) || p.piece_at(s).is_some()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_rules::{Color, Variant};

    fn pos(id: &str, vfen: &str) -> Position {
        let v = Variant::new(id, &[]).expect("variant");
        Position::from_vfen(&v, vfen).expect("vfen")
    }

    #[test]
    fn bomber_flying_capture_removes_the_piece_flown_over() {
        // White bomber e4 (locked or not does not matter for moving), black rook e5, e6 empty.
        let p = pos(
            "holygrail",
            "****1k****/10/10/10/10/10/4r5/4Y5/10/10/10/****K1**** w - - - 0 1",
        );
        let m = p.parse_lmn("e4e6").expect("flying capture");
        let a = announce(&p, m);
        let e5 = p.variant().parse_square("e5").expect("e5");
        assert!(a.contains(&Announcement::Captured {
            at: e5,
            piece: PieceInfo {
                color: Color::Black,
                kind: Kind::Rook,
                locked: false
            }
        }));
        assert!(matches!(
            a.last(),
            Some(Announcement::Moved { leap: true, .. })
        ));
    }

    #[test]
    fn castling_moves_king_and_rook() {
        let p = pos("chess", "r3k2r/8/8/8/8/8/8/R3K2R w AHah - - 0 1");
        let m = p.parse_lmn("e1g1,h1f1").expect("castling");
        let a = announce(&p, m);
        assert_eq!(a.len(), 2);
        assert!(matches!(
            a[0],
            Announcement::Moved {
                piece: PieceInfo {
                    kind: Kind::King,
                    ..
                },
                ..
            }
        ));
        assert!(matches!(
            a[1],
            Announcement::Moved {
                piece: PieceInfo {
                    kind: Kind::Rook,
                    ..
                },
                ..
            }
        ));
    }

    #[test]
    fn knight_move_is_a_leap_and_rook_move_is_not() {
        let p = pos("chess", "4k3/8/8/8/8/8/8/RN2K3 w - - - 0 1");
        let knight = announce(&p, p.parse_lmn("b1c3").expect("knight"));
        let rook = announce(&p, p.parse_lmn("a1a5").expect("rook"));
        assert!(matches!(knight[0], Announcement::Moved { leap: true, .. }));
        assert!(matches!(rook[0], Announcement::Moved { leap: false, .. }));
    }
}
