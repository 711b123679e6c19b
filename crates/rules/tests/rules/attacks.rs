//! What "attacked" means (docs/rules.md §0): a piece attacks another when one of
//! its pseudo-legal moves would remove that piece, whatever square it lands
//! on. A square is attacked by a side when a piece of the other side
//! standing there, in place of whatever stands there, would be removed: on
//! an empty square the piece is imagined, and a piece of the side's own is
//! attacked when it is defended. The engine answers this two ways, per side
//! (`Position::is_attacked`) and per piece (`Position::attacked_squares`).
//!
//! One table row per situation of the pieces whose attacks are not plain
//! leaps or slides (Cannon and Vao screens, Bomber and Raptor flights,
//! Gryphon and Anti-Gryphon bent paths, the Flying Chariot's leaps, the
//! Warlord, Ghostarelay's Relay power), with target squares that are empty,
//! hold a piece of the attacker's side, or hold an enemy. The expected
//! answers are worked out by hand from the rule book (the comments); each is
//! also checked against the definition itself, by putting an enemy piece on
//! the square and asking whether a legal move of the attacker removes it
//! (no kings on the board, so every pseudo-legal move is legal).

use chimera_rules::{Color, Position, Sq};

use crate::common::{position, variant, vfen};

/// One position (White's pieces upper case, no kings, White to move), the
/// white piece whose attacks are examined, and squares with the answer.
struct Row {
    variant: &'static str,
    options: &'static [(&'static str, &'static str)],
    pieces: &'static [(&'static str, char)],
    attacker: &'static str,
    expected: &'static [(&'static str, bool)],
}

const ROWS: &[Row] = &[
    // Super Cannon on e4 (§4): captures only by hopping exactly one screen.
    // Own pawn e5 is the screen: e5 itself would be the first piece met, with
    // nothing to hop (no); e6 and the black pawn on e7 are beyond it (yes);
    // e8 is behind e7 (no); rank 4 and the file downward have no screen.
    Row {
        variant: "holygrail",
        options: &[],
        pieces: &[("e4", 'O'), ("e5", 'P'), ("e7", 'p')],
        attacker: "e4",
        expected: &[
            ("e5", false),
            ("e6", true),
            ("e7", true),
            ("e8", false),
            ("d4", false),
            ("e3", false),
        ],
    },
    // An enemy screen on e6: e7, e8 and the own pawn on e9 (defended) lie
    // beyond it, e9 being the first piece after the screen; e10 is behind it.
    Row {
        variant: "holygrail",
        options: &[],
        pieces: &[("e4", 'O'), ("e6", 'p'), ("e9", 'P')],
        attacker: "e4",
        expected: &[
            ("e5", false),
            ("e6", false),
            ("e7", true),
            ("e8", true),
            ("e9", true),
            ("e10", false),
        ],
    },
    // Super Vao: the same on the diagonal e4-f5-g6-h7-i8-j9.
    Row {
        variant: "holygrail",
        options: &[],
        pieces: &[("e4", 'V'), ("g6", 'p'), ("i8", 'P')],
        attacker: "e4",
        expected: &[
            ("f5", false),
            ("g6", false),
            ("h7", true),
            ("i8", true),
            ("j9", false),
        ],
    },
    // Flying Bomber on e4, own pawn e5, black rook e6. An enemy on e5 would
    // be removed with the rook by the double capture (rule 4): e5 is
    // defended; e6 falls to replacement over the friendly e5 (rule 4); e7 is
    // reached by no rule. Downward and sideways, an enemy on the next square
    // is flown over into the empty square beyond it (rule 2).
    Row {
        variant: "holygrail",
        options: &[],
        pieces: &[("e4", 'Y'), ("e5", 'P'), ("e6", 'r')],
        attacker: "e4",
        expected: &[
            ("e5", true),
            ("e6", true),
            ("e7", false),
            ("e3", true),
            ("f4", true),
        ],
    },
    // Own pawn on i4, three squares along rank 4. An enemy on f4 or g4 is the
    // first piece met with an empty square beyond (rule 2; g4 also by
    // replacement two squares away); on h4 the square beyond is the own i4,
    // and h4 is too far for replacement (no); an enemy on i4 would be flown
    // over into the empty j4 (defended); j4 lies behind i4 (no).
    Row {
        variant: "holygrail",
        options: &[],
        pieces: &[("e4", 'Y'), ("i4", 'P')],
        attacker: "e4",
        expected: &[
            ("f4", true),
            ("g4", true),
            ("h4", false),
            ("i4", true),
            ("j4", false),
        ],
    },
    // Raptor: the Bomber on diagonals. Own pawn on h7: f5 and g6 as above,
    // h7 is defended (flown over into the empty i8), i8 lies behind it.
    Row {
        variant: "holygrail",
        options: &[],
        pieces: &[("e4", 'X'), ("h7", 'P')],
        attacker: "e4",
        expected: &[("f5", true), ("g6", true), ("h7", true), ("i8", false)],
    },
    // Stealth Gryphon on e4: a diagonal step to an empty square, then two or
    // more squares straight outward. Never the bend square (f5) nor the one
    // past it (f6, g5); f7, the own pawn on f8 (defended) and h5 are path
    // ends; f9 lies behind f8.
    Row {
        variant: "holygrail",
        options: &[],
        pieces: &[("e4", 'G'), ("f8", 'P')],
        attacker: "e4",
        expected: &[
            ("f5", false),
            ("f6", false),
            ("f7", true),
            ("f8", true),
            ("f9", false),
            ("g5", false),
            ("h5", true),
        ],
    },
    // Own pawn on the bend square f5: the step needs it empty, so nothing
    // beyond it is reached, and the bend is never a destination; the d5 bend
    // is free (d7, b5).
    Row {
        variant: "holygrail",
        options: &[],
        pieces: &[("e4", 'G'), ("f5", 'P')],
        attacker: "e4",
        expected: &[
            ("f5", false),
            ("f7", false),
            ("h5", false),
            ("d7", true),
            ("b5", true),
        ],
    },
    // Full Gryphon (gryphons=full): the first step is a destination, with
    // capture: the black pawn on f5 and the own pawn on d5 (defended); both
    // block the paths behind them.
    Row {
        variant: "holygrail",
        options: &[("gryphons", "full")],
        pieces: &[("e4", 'G'), ("f5", 'p'), ("d5", 'P')],
        attacker: "e4",
        expected: &[
            ("f5", true),
            ("d5", true),
            ("f6", false),
            ("g5", false),
            ("d6", false),
            ("c5", false),
        ],
    },
    // Stealth Anti-Gryphon on e4: an orthogonal step (e5), then two or more
    // squares along an outward diagonal: not e5 nor f6/d6, but c7 and the
    // own pawn on g7 (defended); h8 lies behind g7.
    Row {
        variant: "holygrail",
        options: &[],
        pieces: &[("e4", 'A'), ("g7", 'P')],
        attacker: "e4",
        expected: &[
            ("e5", false),
            ("f6", false),
            ("d6", false),
            ("g7", true),
            ("h8", false),
            ("c7", true),
        ],
    },
    // Herculean Flying Chariot on e4 (§5): rook slide, or a leap of exactly 2
    // over an occupied adjacent square, or of exactly 3 over two occupied
    // squares. Own pawn e5: defended by the slide; e6 by the 2-leap; e7
    // needs e6 occupied too (no).
    Row {
        variant: "herculean",
        options: &[],
        pieces: &[("e4", 'C'), ("e5", 'P')],
        attacker: "e4",
        expected: &[("e5", true), ("e6", true), ("e7", false)],
    },
    // With a black pawn on e6 too: e6 by the 2-leap, e7 by the 3-leap, e8 by
    // nothing.
    Row {
        variant: "herculean",
        options: &[],
        pieces: &[("e4", 'C'), ("e5", 'P'), ("e6", 'p')],
        attacker: "e4",
        expected: &[("e6", true), ("e7", true), ("e8", false)],
    },
    // Ghostarelay Warlord (§7): it captures any enemy anywhere, so every
    // square is attacked, the own pawn's included.
    Row {
        variant: "ghostarelay",
        options: &[],
        pieces: &[("e4", 'W'), ("a2", 'P'), ("j9", 'p')],
        attacker: "e4",
        expected: &[("a2", true), ("j9", true), ("e5", true), ("a10", true)],
    },
    // Relay power (§7): the white rook on c3 next to the black Relay on b2
    // also moves as a bishop straight away from it (d4, e5, …), capturing:
    // the own pawn on d4 is defended that way, e5 behind it is not; c4 by
    // the rook's own slide; the Relay itself is toward, not away.
    Row {
        variant: "ghostarelay",
        options: &[],
        pieces: &[("c3", 'R'), ("b2", 'x'), ("d4", 'P')],
        attacker: "c3",
        expected: &[("d4", true), ("e5", false), ("c4", true), ("b2", false)],
    },
    // Without the pawn the whole diagonal away from the Relay is attacked.
    Row {
        variant: "ghostarelay",
        options: &[],
        pieces: &[("c3", 'R'), ("b2", 'x')],
        attacker: "c3",
        expected: &[("e5", true), ("j10", true), ("b2", false)],
    },
];

/// The row's pieces with a black rook on `target` in place of whatever stood
/// there, White to move.
fn with_enemy_on(row: &Row, target: &str) -> Position {
    let v = variant(row.variant, row.options);
    let mut pieces: Vec<(&str, char)> = row
        .pieces
        .iter()
        .copied()
        .filter(|(s, _)| *s != target)
        .collect();
    pieces.push((target, 'r'));
    position(&v, &vfen(&v, &pieces, "w - - - 0 1"))
}

/// §0 itself: whether a legal move (of the piece on `from`, or of any
/// piece) removes the piece on `target`.
fn removed(p: &Position, from: Option<Sq>, target: Sq) -> bool {
    p.legal_moves().into_iter().any(|m| {
        from.is_none_or(|f| p.move_from(m) == Some(f)) && p.captured_squares(m).contains(&target)
    })
}

#[test]
fn attacks_of_screen_flight_and_bent_path_pieces_follow_rule_book_section_0() {
    for row in ROWS {
        let v = variant(row.variant, row.options);
        let p = position(&v, &vfen(&v, row.pieces, "w - - - 0 1"));
        let sq = |name: &str| v.parse_square(name).expect("square");
        let attacker = sq(row.attacker);
        let by_piece = p.attacked_squares(attacker);
        for &(target, want) in row.expected {
            let t = sq(target);
            let context = format!("{} {:?}: {target}", row.variant, row.pieces);
            let definition = removed(&with_enemy_on(row, target), Some(attacker), t);
            assert_eq!(definition, want, "rule book vs move generation, {context}");
            assert_eq!(by_piece.contains(&t), want, "attacked_squares, {context}");
        }
        // Every square of the board: the side's answer is the definition,
        // and the union of its pieces' answers.
        let white: Vec<Sq> = v
            .squares()
            .filter(|s| p.piece_at(*s).is_some_and(|i| i.color == Color::White))
            .collect();
        for s in v.squares() {
            let name = v.square_name(s);
            let context = format!("{} {:?}: {name}", row.variant, row.pieces);
            let definition = removed(&with_enemy_on(row, &name), None, s);
            assert_eq!(
                p.is_attacked(s, Color::White),
                definition,
                "is_attacked, {context}"
            );
            let union = white
                .iter()
                .any(|&w| w != s && p.attacked_squares(w).contains(&s));
            assert_eq!(union, definition, "attacked_squares union, {context}");
        }
    }
}
