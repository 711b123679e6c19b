//! What one piece does from its square, for "how it moves": a position with
//! that piece alone on the board, the squares it attacks (where it would
//! capture an enemy piece) and, in `movegen`, the squares it can move to.

use std::sync::Arc;

use super::geometry::Sq;
use super::movegen::Sink;
use super::pieces::{Color, EMPTY, Kind, LOCK_BIT, Special, color_of, is_piece, kind_of, piece};
use super::position::{Move, MoveKind, PieceInfo, Position, State};
use super::variants::Variant;

/// Stops at the first generated move that removes the piece on `target`.
struct Removes {
    target: u16,
}

impl Sink for Removes {
    fn push(&mut self, m: Move) -> bool {
        m.kind == MoveKind::Normal && (m.to == self.target || m.aux == self.target)
    }
}

impl Position {
    /// A position of `v` with `piece` alone on `at`, its side to move, no
    /// rights, nothing in hand. `None` when `at` is not a square of the
    /// board, the kind does not exist in the variant (a serpent still in
    /// hand, `Kind::Serpent`, is not a board piece), or a pawn would stand on
    /// its promotion rank. A serpent form keeps its `locked` flag.
    pub fn lone(v: &Arc<Variant>, at: Sq, p: PieceInfo) -> Option<Position> {
        let PieceInfo {
            color,
            kind,
            locked,
        } = p;
        if !v.exists(at) || v.def(kind.num()).is_none() || kind == Kind::Serpent {
            return None;
        }
        let is_pawn = v
            .def(kind.num())
            .is_some_and(|d| d.special == Special::Pawn);
        if is_pawn && v.geo.relative_y(at.y, color == Color::White) >= v.promotion.last {
            return None;
        }
        let mut s = State::empty();
        for &cell in &v.cells {
            s.board[cell as usize] = EMPTY;
        }
        let cell = v.geo.index(at) as u16;
        let lock = if locked && v.serpent && kind.is_serpent_form() {
            LOCK_BIT
        } else {
            0
        };
        s.place(cell, piece(color, kind) | lock);
        if v.royal && kind == Kind::King {
            s.royal[color.index()] = cell;
        }
        s.side = color;
        s.hash = s.compute_hash();
        Some(Position {
            variant: v.clone(),
            s,
        })
    }

    /// Whether side `by` attacks square `s` (docs/rules.md §0): a piece of the
    /// other side standing there, in place of whatever stands there now,
    /// would be removed by a pseudo-legal move of `by`, the rest of the board
    /// as it is. On an empty square, or one holding a piece of `by`, that
    /// piece is imagined there: a Cannon, Vao, Bomber or Gryphon that could
    /// merely move to the square does not count, and a piece `by` defends
    /// does. Ghostarelay's Relay power counts. The same as asking whether
    /// the square is among the [`Position::attacked_squares`] of a piece of
    /// `by`.
    pub fn is_attacked(&self, s: Sq, by: Color) -> bool {
        let v = &*self.variant;
        if !v.exists(s) {
            return false;
        }
        let cell = self.cell(s);
        let q = self.s.board[cell as usize];
        let enemy_there = is_piece(q) && color_of(q) != by;
        if enemy_there && !v.relay_power {
            return self.s.attacked(v, cell, by);
        }
        let mut st = self.s.clone();
        st.side = by;
        if !enemy_there {
            st.stand_in(cell, by.opposite());
        }
        st.attacked(v, cell, by) || (v.relay_power && st.relay_power_removes(v, None, cell))
    }

    /// Squares the piece on `s` attacks: every square where a piece of the
    /// other side, standing there in place of what stands there now, would
    /// be removed by one of its moves (docs/rules.md §0), the rest of the board
    /// as it is. So squares of its own side that it defends are listed, and
    /// empty squares only where it would capture. Exact for every kind:
    /// a Cannon or Vao only beyond exactly one screen, a Bomber or Raptor the
    /// piece it would fly over or land on, a Gryphon only at the ends of its
    /// bent paths, a Ghost or Relay nowhere, a Warlord everywhere, a pawn
    /// diagonally forward (Grand's pawn blocked on rank 9 included, §2), and
    /// Ghostarelay's Relay power when an enemy Relay stands next to it.
    /// Empty if no piece is on `s`.
    pub fn attacked_squares(&self, s: Sq) -> Vec<Sq> {
        let v = &*self.variant;
        let from = self.cell(s);
        let p = self.s.board[from as usize];
        if !is_piece(p) {
            return Vec::new();
        }
        let us = color_of(p);
        let mut st = self.s.clone();
        st.side = us;
        let pawn_attacks: Vec<u16> = if kind_of(p) == Kind::Pawn.num() {
            let f = State::forward(v, us);
            [f - 1, f + 1]
                .iter()
                .map(|d| (from as i16 + d) as u16)
                .collect()
        } else {
            Vec::new()
        };
        let mut out = Vec::new();
        for &t in &v.cells {
            if t == from {
                continue;
            }
            let q = st.board[t as usize];
            let imagined = !is_piece(q) || color_of(q) == us;
            if imagined {
                st.stand_in(t, us.opposite());
            }
            let hit = pawn_attacks.contains(&t)
                || st.gen_piece(v, from, &mut Removes { target: t })
                || (v.relay_power && st.relay_power_removes(v, Some(from), t));
            if imagined {
                st.clear(t);
                if q != EMPTY {
                    st.place(t, q);
                }
            }
            if hit {
                out.push(self.sq(t));
            }
        }
        out.sort();
        out
    }
}

impl State {
    /// Whether a piece of the side to move (the one on `from`, or any)
    /// removes the piece on `target` by Relay power.
    fn relay_power_removes(&self, v: &Variant, from: Option<u16>, target: u16) -> bool {
        let mut list = Vec::new();
        self.gen_relay_power(v, &mut list);
        list.iter()
            .any(|m| from.is_none_or(|f| m.from == f) && (m.to == target || m.aux == target))
    }

    /// Puts a stand-in piece of side `c` on `cell` in place of whatever is
    /// there (board and counts only: for attack queries, not for play).
    fn stand_in(&mut self, cell: u16, c: Color) {
        if self.board[cell as usize] != EMPTY {
            self.clear(cell);
        }
        self.place(cell, piece(c, Kind::Pawn));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn variant(id: &str) -> Arc<Variant> {
        Variant::new(id, &[]).expect("variant")
    }

    fn pi(color: Color, kind: Kind, locked: bool) -> PieceInfo {
        PieceInfo {
            color,
            kind,
            locked,
        }
    }

    fn pos(id: &str, vfen: &str) -> Position {
        Position::from_vfen(&variant(id), vfen).expect("vfen")
    }

    fn names(p: &Position, squares: &[Sq]) -> String {
        let mut n: Vec<String> = squares
            .iter()
            .map(|s| p.variant().square_name(*s))
            .collect();
        n.sort();
        n.join(" ")
    }

    fn attacks(p: &Position, at: &str) -> String {
        let s = p.variant().parse_square(at).expect("square");
        names(p, &p.attacked_squares(s))
    }

    fn sorted(list: &str) -> String {
        let mut n: Vec<&str> = list.split_whitespace().collect();
        n.sort();
        n.join(" ")
    }

    #[test]
    fn lone_position_holds_one_piece_with_its_side_to_move() {
        let v = variant("holygrail");
        let e4 = v.parse_square("e4").expect("e4");
        let p = Position::lone(&v, e4, pi(Color::Black, Kind::Bomber, true)).expect("lone");
        assert_eq!(
            p.to_vfen(),
            "****2****/10/10/10/10/10/10/4y~5/10/10/10/****2**** b - - - 0 1"
        );
        assert_eq!(p.recomputed_hash(), p.hash());
        let k = Position::lone(&v, e4, pi(Color::White, Kind::King, false)).expect("king");
        assert_eq!(k.royal_square(Color::White), Some(e4));
        // Not a square, not a kind of this variant, a serpent in hand, a pawn on its last rank.
        let d0 = Sq::new(3, 0);
        assert!(Position::lone(&v, d0, pi(Color::White, Kind::Rook, false)).is_none());
        assert!(Position::lone(&v, e4, pi(Color::White, Kind::Ghost, false)).is_none());
        assert!(Position::lone(&v, e4, pi(Color::White, Kind::Serpent, false)).is_none());
        let e10 = v.parse_square("e10").expect("e10");
        assert!(Position::lone(&v, e10, pi(Color::White, Kind::Pawn, false)).is_none());
    }

    #[test]
    fn a_lone_cannon_or_vao_attacks_nothing_and_a_screen_makes_the_squares_beyond_it() {
        let hg = "****2****/10/10/10/10/10/10/4O5/10/10/10/****2**** w - - - 0 1";
        assert_eq!(attacks(&pos("holygrail", hg), "e4"), "");
        let vao = hg.replace('O', "V");
        assert_eq!(attacks(&pos("holygrail", &vao), "e4"), "");
        // Screen on e6 (any colour): e7 up to the first piece after it (e9) is attacked.
        let p = pos(
            "holygrail",
            "****2****/10/4p5/10/4r5/10/4P5/4O5/10/10/10/****2**** w - - - 0 1",
        );
        // Upward: screen e5 (own pawn), then e6 (attacked, empty), e7 (black rook, attacked), stop.
        assert_eq!(attacks(&p, "e4"), "e6 e7");
    }

    #[test]
    fn bombers_attack_the_pieces_they_fly_over_and_land_on() {
        // Lone bomber on e4: the first piece met on a line, at any distance,
        // is flown over when the square beyond it exists and is empty (§4
        // rule 2). So every square of its lines is attacked except the last
        // one before the edge or a hole (e11 exists: e10 counts; e0 has
        // nothing beyond it in the file).
        let p = pos(
            "holygrail",
            "****2****/10/10/10/10/10/10/4Y5/10/10/10/****2**** w - - - 0 1",
        );
        assert_eq!(
            attacks(&p, "e4"),
            sorted("e5 e6 e7 e8 e9 e10 e1 e2 e3 b4 c4 d4 f4 g4 h4 i4")
        );
        // Black rook on e6: e5 (a piece there would be taken with the rook, a
        // double capture) and e6, nothing beyond. Own pawn on d4: defended
        // (an enemy there would be flown over into c4), and c4 (rule 4 over
        // the friendly d4), nothing beyond.
        let p = pos(
            "holygrail",
            "****2****/10/10/10/10/10/4r5/3PY5/10/10/10/****2**** w - - - 0 1",
        );
        assert_eq!(
            attacks(&p, "e4"),
            sorted("e5 e6 e1 e2 e3 d4 c4 f4 g4 h4 i4")
        );
        // Raptor: the same on diagonals (h1 and b1 have no square beyond:
        // i0 and a0 are holes).
        let p = pos(
            "holygrail",
            "****2****/10/10/10/10/10/10/4X5/10/10/10/****2**** w - - - 0 1",
        );
        assert_eq!(
            attacks(&p, "e4"),
            sorted("f5 g6 h7 i8 d5 c6 b7 f3 g2 d3 c2")
        );
    }

    #[test]
    fn stealth_gryphon_attacks_only_its_bent_path_ends() {
        // Lone gryphon on e4 (Holy Grail): a diagonal step then at least two
        // squares straight out. It never attacks its first step or the square
        // one past the bend; everything else it reaches, it attacks.
        let p = pos(
            "holygrail",
            "****2****/10/10/10/10/10/10/4G5/10/10/10/****2**** w - - - 0 1",
        );
        let e4 = Sq::new(4, 4);
        let attacked = p.attacked_squares(e4);
        assert_eq!(attacked, p.reachable_squares(e4));
        for near in ["d5", "f5", "d3", "f3", "d6", "f6", "c5", "g5"] {
            let s = p.variant().parse_square(near).expect("square");
            assert!(!attacked.contains(&s), "{near}");
        }
        assert!(attacked.contains(&p.variant().parse_square("f7").expect("f7")));
    }

    #[test]
    fn attackers_look_back_along_lines_to_the_first_piece_friend_or_foe() {
        // Rule §0: a rook rides until blocked; it attacks the blocker, friend
        // (defended) or foe. White rook d4, own pawn d6, black knight g4;
        // White pawn b2 attacks a3 and c3.
        let p = pos("chess", "4k3/8/3P4/8/3R2n1/8/1P6/4K3 w - - - 0 1");
        let attackers = |at: &str| {
            let mut out = Vec::new();
            let c = p.cell(p.variant().parse_square(at).expect("square"));
            p.s.attackers(p.variant(), c, Color::White, |a| {
                out.push(p.sq(a));
                false
            });
            sorted(&names(&p, &out))
        };
        assert_eq!(attackers("g4"), sorted("d4"));
        assert_eq!(attackers("d6"), sorted("d4"));
        assert_eq!(attackers("d8"), "");
        assert_eq!(attackers("c3"), sorted("b2"));
        assert_eq!(attackers("a4"), sorted("d4"));
        assert_eq!(attackers("b3"), "");
        assert_eq!(attackers("h4"), "");
        // Two pawns attack c3; the walk stops at the first the caller accepts.
        let q = pos("chess", "4k3/8/8/8/8/8/1P1P4/4K3 w - - - 0 1");
        let c3 = q.cell(q.variant().parse_square("c3").expect("c3"));
        let mut seen = 0;
        assert!(!q.s.attackers(q.variant(), c3, Color::White, |_| {
            seen += 1;
            false
        }));
        assert_eq!(seen, 2);
        seen = 0;
        assert!(q.s.attackers(q.variant(), c3, Color::White, |_| {
            seen += 1;
            true
        }));
        assert_eq!(seen, 1);
    }

    #[test]
    fn pawns_attack_diagonally_forward_only() {
        let p = pos("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - - 0 1");
        assert_eq!(attacks(&p, "e2"), "d3 f3");
        let b = pos("chess", "4k3/4p3/8/8/8/8/8/4K3 b - - - 0 1");
        assert_eq!(attacks(&b, "e7"), "d6 f6");
        // Grand §2: a pawn on rank 9 with no piece to promote to cannot move to
        // rank 10 at all, yet still attacks the two squares diagonally ahead.
        let g = pos(
            "grand",
            "r8r/1nPqkmcbn1/10/10/10/10/10/10/1NBQKMCBN1/R8R w - - - 0 1",
        );
        assert_eq!(attacks(&g, "c9"), "b10 d10");
    }

    #[test]
    fn ghost_and_relay_attack_nothing_warlord_everything() {
        let p = pos("ghostarelay", "10/10/10/10/4G5/10/10/10/10/10 w - - - 0 1");
        assert_eq!(attacks(&p, "e6"), "");
        let p = pos("ghostarelay", "10/10/10/10/4X5/10/10/10/10/10 w - - - 0 1");
        assert_eq!(attacks(&p, "e6"), "");
        let p = pos("ghostarelay", "10/10/10/10/4W5/10/10/10/10/10 w - - - 0 1");
        assert_eq!(p.attacked_squares(Sq::new(4, 5)).len(), 99);
    }

    #[test]
    fn relay_power_lets_a_neighbour_capture_away_from_the_relay() {
        // A white rook on c3 beside a black Relay on b2 gains bishop moves
        // away from it (d4, e5, …), capturing as a bishop (§7).
        let p = pos("ghostarelay", "10/10/10/10/10/10/10/2R7/1x8/10 w - - - 0 1");
        let a = attacks(&p, "c3");
        for s in ["d4", "e5", "j10", "c10", "j3", "a3", "c2", "c1"] {
            assert!(a.split(' ').any(|x| x == s), "{s} in {a}");
        }
        assert!(
            !a.split(' ').any(|x| x == "b2"),
            "the Relay itself is on a diagonal next to it"
        );
    }

    #[test]
    fn is_attacked_on_an_empty_square_counts_captures_only() {
        // A lone Cannon merely moves along its lines: no square is attacked.
        let p = pos(
            "holygrail",
            "****2****/9k/10/10/10/10/10/4O5/10/10/10/****K1**** b - - - 0 1",
        );
        let e8 = p.variant().parse_square("e8").expect("e8");
        assert!(!p.is_attacked(e8, Color::White));
        // A bomber attacks the empty square next to it (it would fly over a piece there).
        let p = pos(
            "holygrail",
            "****2****/9k/10/10/10/10/10/4Y5/10/10/10/****K1**** b - - - 0 1",
        );
        let e5 = p.variant().parse_square("e5").expect("e5");
        let a4 = p.variant().parse_square("a4").expect("a4");
        assert!(p.is_attacked(e5, Color::White));
        // a4: a piece there has no square beyond it to be flown over into.
        assert!(!p.is_attacked(a4, Color::White));
        // For every kind in every variant, the attacked squares of a lone piece
        // are exactly the empty squares `is_attacked` reports.
        for info in crate::variants::builtin() {
            let v = variant(info.id);
            let at = v.squares().nth(v.squares().count() / 2).expect("a square");
            for kind in v.piece_kinds() {
                let Some(p) = Position::lone(&v, at, pi(Color::White, kind, false)) else {
                    continue;
                };
                let mut by_table: Vec<Sq> = v
                    .squares()
                    .filter(|s| *s != at && p.is_attacked(*s, Color::White))
                    .collect();
                by_table.sort();
                assert_eq!(p.attacked_squares(at), by_table, "{}: {:?}", info.id, kind);
            }
        }
    }
}
