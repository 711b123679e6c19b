//! Herculean Chess (docs/rules.md §5, seed `002_…`): one test per rule statement,
//! each on a hand-built position whose expected moves are derived from the
//! rule book (board sketches in the comments: upper case White, lower case
//! Black, `.` empty).

use std::collections::BTreeSet;
use std::sync::Arc;

use chimera_rules::{Kind, Position, Variant};

use crate::common::{is_legal, legal_from, letter_at, play, sorted, vfen, with_pieces};

fn variant(opts: &[(&str, &str)]) -> Arc<Variant> {
    crate::common::variant("herculean", opts)
}

fn config1() -> Arc<Variant> {
    variant(&[])
}

/// White to move, no castling rights.
fn white(v: &Arc<Variant>, pieces: &[(&str, char)]) -> Position {
    with_pieces(v, pieces, "w - - - 0 1")
}

/// Black to move, no castling rights.
fn black(v: &Arc<Variant>, pieces: &[(&str, char)]) -> Position {
    with_pieces(v, pieces, "b - - - 0 1")
}

/// `sq=L` promotion moves to every letter of `letters`.
fn promotions(from_to: &str, letters: &str) -> BTreeSet<String> {
    letters.chars().map(|l| format!("{from_to}={l}")).collect()
}

// ---------------------------------------------------------------- setup

#[test]
fn setup_configuration_1_and_2_start_positions() {
    assert_eq!(
        config1().start_position().to_vfen(),
        "rycxfqkwxczr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RYCXFQKWXCZR w ALal - - 0 1"
    );
    let v2 = variant(&[("config", "2")]);
    assert_eq!(
        v2.start_position().to_vfen(),
        "rscxfqkwxcsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RSCXFQKWXCSR w ALal - - 0 1"
    );
    // The sorcerers of configuration 1 do not exist in configuration 2 and vice versa.
    assert!(Position::from_vfen(&v2, &vfen(&v2, &[("b1", 'Y')], "w - - - 0 1")).is_err());
    assert!(
        Position::from_vfen(&config1(), &vfen(&config1(), &[("b1", 'S')], "w - - - 0 1")).is_err()
    );
}

// ---------------------------------------------------------------- Flying Chariot

/// The seed's Flying Chariot on d5, rank 5: `q . w C p p p` (a5–g5); the knight
/// of the seed diagram is a Wazir-Knight here (Herculean has no plain knight).
/// File d: d7 empty, d6 own pawn, d4 own ninja, d3 enemy pawn, d2 own bishop.
///
/// ```text
///  7  . . . . . .
///  6  . . . P . .
///  5  q . w C p p p
///  4  . . . J . .
///  3  . . . p . .
///  2  . . . B . .
///     a b c d e f g
/// ```
/// Left: capture c5, jump over it to b5; a5 is three away with only one piece
/// between, so the queen is safe. Right: e5 by slide, f5 by jumping one piece,
/// g5 by jumping two. Up: d6 is own, jump to d7; d8 would need d7 occupied.
/// Down: jump d4 capturing d3; the 3-leap to d2 lands on an own piece.
#[test]
fn flying_chariot_seed_example_on_d5() {
    let v = config1();
    let pieces = [
        ("d5", 'C'),
        ("c5", 'w'),
        ("a5", 'q'),
        ("e5", 'p'),
        ("f5", 'p'),
        ("g5", 'p'),
        ("d6", 'P'),
        ("d4", 'J'),
        ("d3", 'p'),
        ("d2", 'B'),
        ("l1", 'K'),
        ("l12", 'k'),
    ];
    let p = white(&v, &pieces);
    assert_eq!(
        legal_from(&p, "d5"),
        sorted(&["d5b5", "d5c5", "d5d3", "d5d7", "d5e5", "d5f5", "d5g5"])
    );
    assert!(!is_legal(&p, "d5a5"), "the queen needs two pieces between");
    assert!(!is_legal(&p, "d5d8"), "a 3-leap needs two occupied squares");
}

#[test]
fn flying_chariot_jumped_pieces_are_unaffected() {
    let v = config1();
    let p = white(
        &v,
        &[
            ("d5", 'C'),
            ("c5", 'w'),
            ("e5", 'p'),
            ("f5", 'p'),
            ("g5", 'p'),
            ("l1", 'K'),
            ("l12", 'k'),
        ],
    );
    let mut q = p.clone();
    play(&mut q, "d5g5");
    assert_eq!(
        (
            letter_at(&q, "d5"),
            letter_at(&q, "e5"),
            letter_at(&q, "f5"),
            letter_at(&q, "g5")
        ),
        ('.', 'p', 'p', 'C')
    );
    let mut q = p.clone();
    play(&mut q, "d5b5");
    assert_eq!(
        (
            letter_at(&q, "b5"),
            letter_at(&q, "c5"),
            letter_at(&q, "d5")
        ),
        ('C', 'w', '.')
    );
}

/// ```text
///  8  . . . . w . . .
///  7  . . . . P . . .
///  6  . . . . . . . .
///  5  . b P P C p . r      (a5 empty, b5 empty)
///  4  . . . . p . . .
///  3  . . . . p . . .
///  2  . . . . B . . .
///     a b c d e f g h
/// ```
/// Left: d5 and c5 both own: no slide, no 2-leap onto own c5, 3-leap to b5.
/// Right: f5 capture, g5 2-leap; h5 is three away over only one piece.
/// Up: slide e6; e7 own is not adjacent, so no jump to e8.
/// Down: e4 capture, e3 2-leap capture; the 3-leap lands on own e2.
#[test]
fn flying_chariot_leaps_three_only_over_two_adjacent_pieces() {
    let v = config1();
    let p = white(
        &v,
        &[
            ("e5", 'C'),
            ("d5", 'P'),
            ("c5", 'P'),
            ("f5", 'p'),
            ("h5", 'r'),
            ("e7", 'P'),
            ("e8", 'w'),
            ("e4", 'p'),
            ("e3", 'p'),
            ("e2", 'B'),
            ("a1", 'K'),
            ("l12", 'k'),
        ],
    );
    assert_eq!(
        legal_from(&p, "e5"),
        sorted(&["e5b5", "e5e3", "e5e4", "e5e6", "e5f5", "e5g5"])
    );
}

/// A chariot with an empty adjacent square slides; the first piece met is
/// captured by the slide but never jumped: e5 → f5, capture g5, not h5/i5.
#[test]
fn flying_chariot_jumps_only_an_adjacent_piece() {
    let v = config1();
    let p = white(
        &v,
        &[
            ("e5", 'C'),
            ("g5", 'p'),
            ("e6", 'P'),
            ("e4", 'P'),
            ("d5", 'P'),
            ("a1", 'K'),
            ("l12", 'k'),
        ],
    );
    // Right: f5, g5 (capture). Up: e6 own → jump e7; e7 empty so no e8.
    // Down: e4 own → jump e3. Left: d5 own → jump c5.
    assert_eq!(
        legal_from(&p, "e5"),
        sorted(&["e5c5", "e5e3", "e5e7", "e5f5", "e5g5"])
    );
}

// ---------------------------------------------------------------- Flying Bishop

/// The seed's Flying Bishop on d5 (knights of the diagram are Ferz-Knights):
///
/// ```text
///  8  . . . . . . f
///  7  . p . . . p .
///  6  . . . . p . .
///  5  . . . X . . .
///  4  . . f . . . .
///  3  . p . . . . .
///  2  . . . . . . .
///  1  . . . . . . . .
///     a b c d e f g h
/// ```
/// NE: e6 capture, f7 over one, g8 over two. SW: c4 capture, b3 over one, a2
/// (empty) over two. NW: slide c6, capture b7. SE: slide e4 f3 g2 h1.
#[test]
fn flying_bishop_seed_example_on_d5() {
    let v = config1();
    let pieces = [
        ("d5", 'X'),
        ("e6", 'p'),
        ("f7", 'p'),
        ("g8", 'f'),
        ("c4", 'f'),
        ("b3", 'p'),
        ("b7", 'p'),
        ("l1", 'K'),
        ("l12", 'k'),
    ];
    let p = white(&v, &pieces);
    assert_eq!(
        legal_from(&p, "d5"),
        sorted(&[
            "d5a2", "d5b3", "d5b7", "d5c4", "d5c6", "d5e4", "d5e6", "d5f3", "d5f7", "d5g2", "d5g8",
            "d5h1"
        ])
    );
    let mut q = p.clone();
    play(&mut q, "d5g8");
    assert_eq!(
        (
            letter_at(&q, "e6"),
            letter_at(&q, "f7"),
            letter_at(&q, "g8")
        ),
        ('p', 'p', 'X')
    );
    let mut q = p.clone();
    play(&mut q, "d5b3");
    assert_eq!((letter_at(&q, "c4"), letter_at(&q, "b3")), ('f', 'X'));
}

/// Jumped pieces may be of either colour; the landing square may not hold an own piece.
///
/// ```text
///  8  . . . . . . w      NE: e6, f7 own → only the 3-leap capturing g8
///  7  . P . . . P .      NW: c6 capture; 2-leap onto own b7 no; 3-leap to a8
///  6  . . p . P . .      SW: c4 own → 2-leap to b3; b3 empty so no a2
///  5  . . . X . . .      SE: slide e4, capture f3, nothing beyond
///  4  . . J . . . .
///  3  . . . . . p .
/// ```
#[test]
fn flying_bishop_jumps_pieces_of_either_colour_but_never_lands_on_its_own() {
    let v = config1();
    let p = white(
        &v,
        &[
            ("d5", 'X'),
            ("e6", 'P'),
            ("f7", 'P'),
            ("g8", 'w'),
            ("c6", 'p'),
            ("b7", 'P'),
            ("c4", 'J'),
            ("f3", 'p'),
            ("l1", 'K'),
            ("l12", 'k'),
        ],
    );
    assert_eq!(
        legal_from(&p, "d5"),
        sorted(&["d5a8", "d5b3", "d5c6", "d5e4", "d5f3", "d5g8"])
    );
}

// ---------------------------------------------------------------- Sorcerers

/// Wazir-Sorcerer on d5: orthogonal steps c5 d4 e5 (capture), d6 own; zebra
/// (3,2) leaps a3 a7 b2 b8 f2 g3 g7 (capture), f8 own. The surrounding pieces
/// on c6 c4 e6 e4 are leapt over; diagonal steps and knight leaps are not moves.
#[test]
fn wazir_sorcerer_steps_orthogonally_and_leaps_as_a_zebra() {
    let v = config1();
    let p = white(
        &v,
        &[
            ("d5", 'Y'),
            ("d6", 'P'),
            ("e5", 'p'),
            ("e6", 'P'),
            ("c6", 'p'),
            ("c4", 'p'),
            ("e4", 'J'),
            ("g7", 'w'),
            ("f8", 'P'),
            ("l1", 'K'),
            ("l12", 'k'),
        ],
    );
    assert_eq!(
        legal_from(&p, "d5"),
        sorted(&[
            "d5a3", "d5a7", "d5b2", "d5b8", "d5c5", "d5d4", "d5e5", "d5f2", "d5g3", "d5g7"
        ])
    );
}

/// Ferz-Sorcerer on d5: diagonal steps c4 e4, c6 (capture), e6 own; zebra
/// leaps a3 a7 (capture) b8 f2 f8 g3 g7, b2 own. Orthogonal neighbours d6 d4
/// c5 e5 are occupied and leapt over.
#[test]
fn ferz_sorcerer_steps_diagonally_and_leaps_as_a_zebra() {
    let v = config1();
    let p = white(
        &v,
        &[
            ("d5", 'Z'),
            ("c6", 'p'),
            ("e6", 'P'),
            ("d6", 'p'),
            ("d4", 'P'),
            ("c5", 'P'),
            ("e5", 'p'),
            ("a7", 'w'),
            ("b2", 'P'),
            ("l1", 'K'),
            ("l12", 'k'),
        ],
    );
    assert_eq!(
        legal_from(&p, "d5"),
        sorted(&[
            "d5a3", "d5a7", "d5b8", "d5c4", "d5c6", "d5e4", "d5f2", "d5f8", "d5g3", "d5g7"
        ])
    );
}

/// In the corner the zebra keeps only (3,2) → d3 and (2,3) → c4; nothing wraps.
#[test]
fn sorcerers_in_the_corner_leap_only_onto_the_board() {
    let v = config1();
    let p = white(&v, &[("a1", 'Y'), ("l6", 'K'), ("l12", 'k')]);
    assert_eq!(
        legal_from(&p, "a1"),
        sorted(&["a1a2", "a1b1", "a1c4", "a1d3"])
    );
    let p = white(&v, &[("a1", 'Z'), ("l6", 'K'), ("l12", 'k')]);
    assert_eq!(legal_from(&p, "a1"), sorted(&["a1b2", "a1c4", "a1d3"]));
}

// ---------------------------------------------------------------- Sorcerer Knight

/// From d5: the eight knight squares (first row) and the eight zebra squares.
const SORCERER_SQUARES: [&str; 16] = [
    "d5b4", "d5b6", "d5c3", "d5c7", "d5e3", "d5e7", "d5f4", "d5f6", //
    "d5a3", "d5a7", "d5b2", "d5b8", "d5f2", "d5f8", "d5g3", "d5g7",
];

/// Configuration 2, `sorcerer=leap`: knight + zebra leaps over a full ring of
/// own pawns; with `sorcerer=lame` the same ring blocks every path (each path
/// starts on a neighbour), so the piece cannot move at all.
#[test]
fn sorcerer_knight_leaps_as_knight_and_zebra_but_the_lame_one_is_blocked_by_a_ring() {
    let ring = [
        ("c4", 'P'),
        ("c5", 'P'),
        ("c6", 'P'),
        ("d4", 'P'),
        ("d6", 'P'),
        ("e4", 'P'),
        ("e5", 'P'),
        ("e6", 'P'),
    ];
    let mut pieces = vec![("d5", 'S'), ("l1", 'K'), ("l12", 'k')];
    pieces.extend(ring);
    let leap = variant(&[("config", "2")]);
    assert_eq!(
        legal_from(&white(&leap, &pieces), "d5"),
        sorted(&SORCERER_SQUARES)
    );
    let lame = variant(&[("config", "2"), ("sorcerer", "lame")]);
    assert_eq!(legal_from(&white(&lame, &pieces), "d5"), BTreeSet::new());
}

/// `sorcerer=lame`, S on d5 with blockers d6 (black), e6 (white), e4 (white),
/// f4 (black):
///
/// ```text
///  8  . . . . . . .
///  7  . . . . . . .
///  6  . . . p P . .
///  5  . . . S . . .
///  4  . . . . P p .
///  3  . . . . . . .
///     a b c d e f g
/// ```
/// knight e7: via d6 and via e6, both blocked → no. c7: d6 blocked, c6 open → yes.
/// f6: e6 blocked, e5 open → yes. f4 (capture): e5 open → yes.
/// zebra f8: d6-e7 blocked at d6, e6-f7 blocked at e6 → no.
/// zebra g3: e5-f4 blocked at f4, e4-f3 blocked at e4 → no.
/// zebra b8: d6-c7 blocked, c6-b7 open → yes. All others have open paths.
#[test]
fn lame_sorcerer_knight_is_blocked_only_when_both_paths_are_blocked() {
    let pieces = [
        ("d5", 'S'),
        ("d6", 'p'),
        ("e6", 'P'),
        ("e4", 'P'),
        ("f4", 'p'),
        ("l1", 'K'),
        ("l12", 'k'),
    ];
    let lame = variant(&[("config", "2"), ("sorcerer", "lame")]);
    assert_eq!(
        legal_from(&white(&lame, &pieces), "d5"),
        sorted(&[
            "d5a3", "d5a7", "d5b2", "d5b4", "d5b6", "d5b8", "d5c3", "d5c7", "d5e3", "d5f2", "d5f4",
            "d5f6", "d5g7"
        ])
    );
    // The leaping Sorcerer Knight ignores every blocker.
    let leap = variant(&[("config", "2")]);
    assert_eq!(
        legal_from(&white(&leap, &pieces), "d5"),
        sorted(&SORCERER_SQUARES)
    );
}

/// Zebra paths blocked at their second square: e5 (black) blocks the start of
/// path 1 to g7 (e5-f6), f7 (white) the end of path 2 (e6-f7) → g7 unreachable.
/// g3 still has e4-f3 open; f6 and f4 still have their diagonal-first square.
#[test]
fn lame_sorcerer_knight_zebra_needs_one_whole_open_path() {
    let pieces = [
        ("d5", 'S'),
        ("e5", 'p'),
        ("f7", 'P'),
        ("l1", 'K'),
        ("l12", 'k'),
    ];
    let lame = variant(&[("config", "2"), ("sorcerer", "lame")]);
    let expected: Vec<&str> = SORCERER_SQUARES
        .iter()
        .copied()
        .filter(|m| *m != "d5g7")
        .collect();
    assert_eq!(legal_from(&white(&lame, &pieces), "d5"), sorted(&expected));
}

/// A lame Sorcerer Knight gives check only through an open path: S d5 vs king
/// f6 (knight offset) with e5 and e6 both occupied is no check; with e6 empty it is.
#[test]
fn lame_sorcerer_knight_checks_only_through_an_open_path() {
    let lame = variant(&[("config", "2"), ("sorcerer", "lame")]);
    let blocked = [
        ("d5", 'S'),
        ("e5", 'p'),
        ("e6", 'p'),
        ("f6", 'k'),
        ("a1", 'K'),
    ];
    assert!(!black(&lame, &blocked).in_check());
    let open = [("d5", 'S'), ("e5", 'p'), ("f6", 'k'), ("a1", 'K')];
    assert!(black(&lame, &open).in_check());
    let leap = variant(&[("config", "2")]);
    assert!(black(&leap, &blocked).in_check());
}

/// Flying jumps give check like their moves: a 2-leap over e11, a 3-leap over
/// e10 and e11, never over a gap or from four squares away; same on a diagonal.
#[test]
fn flying_pieces_give_check_by_jumping() {
    let v = config1();
    let check = |pieces: &[(&str, char)]| black(&v, pieces).in_check();
    assert!(check(&[
        ("e10", 'C'),
        ("e11", 'p'),
        ("e12", 'k'),
        ("a1", 'K')
    ]));
    assert!(check(&[
        ("e9", 'C'),
        ("e10", 'P'),
        ("e11", 'p'),
        ("e12", 'k'),
        ("a1", 'K')
    ]));
    assert!(!check(&[
        ("e9", 'C'),
        ("e10", 'P'),
        ("e12", 'k'),
        ("a1", 'K')
    ]));
    assert!(!check(&[
        ("e8", 'C'),
        ("e9", 'P'),
        ("e10", 'p'),
        ("e11", 'p'),
        ("e12", 'k'),
        ("a1", 'K')
    ]));
    assert!(check(&[
        ("b9", 'X'),
        ("c10", 'P'),
        ("d11", 'p'),
        ("e12", 'k'),
        ("a1", 'K')
    ]));
    assert!(!check(&[
        ("b9", 'X'),
        ("c10", 'P'),
        ("e12", 'k'),
        ("a1", 'K')
    ]));
}

/// King safety sees flying jumps: K e1, W e3, black Chariot e4, F d1.
///
/// ```text
///  4  . . . . c .
///  3  . . . . W .      e2 empty: the chariot's 2-leap lands on e2, no check.
///  2  . . . . . .      W leaving the e-file opens the slide e3-e2-e1: illegal;
///  1  . . . F K .      W e3-e2 keeps it shut; W takes the chariot.
///     a b c d e f      F d1-e2 makes e3+e2 a double screen for the 3-leap to e1.
/// ```
/// The king may not step to e2 (2-leap over e3), d2 f1 f2 are safe.
#[test]
fn king_safety_counts_flying_jump_screens_and_discovered_slides() {
    let v = config1();
    let p = white(
        &v,
        &[
            ("e1", 'K'),
            ("e3", 'W'),
            ("e4", 'c'),
            ("d1", 'F'),
            ("l12", 'k'),
        ],
    );
    assert!(!p.in_check());
    assert_eq!(legal_from(&p, "e3"), sorted(&["e3e2", "e3e4"]));
    assert_eq!(
        legal_from(&p, "d1"),
        sorted(&["d1b2", "d1c2", "d1c3", "d1f2"])
    );
    assert_eq!(legal_from(&p, "e1"), sorted(&["e1d2", "e1f1", "e1f2"]));
}

// ---------------------------------------------------------------- Pawn

#[test]
fn pawn_moves_one_to_three_squares_from_rank_3() {
    let v = config1();
    let kings = [("a1", 'K'), ("a12", 'k')];
    let with = |extra: &[(&str, char)]| {
        let mut pieces = kings.to_vec();
        pieces.extend_from_slice(extra);
        white(&v, &pieces)
    };
    assert_eq!(
        legal_from(&with(&[("e3", 'P')]), "e3"),
        sorted(&["e3e4", "e3e5", "e3e6"])
    );
    // Every square of the run must be empty.
    assert_eq!(
        legal_from(&with(&[("e3", 'P'), ("e6", 'p')]), "e3"),
        sorted(&["e3e4", "e3e5"])
    );
    assert_eq!(
        legal_from(&with(&[("e3", 'P'), ("e5", 'p')]), "e3"),
        sorted(&["e3e4"])
    );
    assert_eq!(
        legal_from(&with(&[("e3", 'P'), ("e4", 'p')]), "e3"),
        BTreeSet::new()
    );
}

#[test]
fn pawn_moves_one_or_two_squares_from_rank_4() {
    let v = config1();
    let p = white(&v, &[("e4", 'P'), ("a1", 'K'), ("a12", 'k')]);
    assert_eq!(legal_from(&p, "e4"), sorted(&["e4e5", "e4e6"]));
}

#[test]
fn pawn_never_makes_a_multi_square_move_beyond_rank_6() {
    let v = config1();
    for (sq, step) in [
        ("e5", "e5e6"),
        ("e6", "e6e7"),
        ("e7", "e7e8"),
        ("e9", "e9e10"),
    ] {
        let p = white(&v, &[(sq, 'P'), ("a1", 'K'), ("a12", 'k')]);
        assert_eq!(legal_from(&p, sq), sorted(&[step]), "pawn on {sq}");
    }
}

#[test]
fn black_pawn_moves_mirror_white() {
    let v = config1();
    let cases: [(&str, &[&str]); 4] = [
        ("e10", &["e10e9", "e10e8", "e10e7"]),
        ("e9", &["e9e8", "e9e7"]),
        ("e8", &["e8e7"]),
        ("e7", &["e7e6"]),
    ];
    for (sq, expected) in cases {
        let p = black(&v, &[(sq, 'p'), ("a1", 'K'), ("a12", 'k')]);
        assert_eq!(legal_from(&p, sq), sorted(expected), "black pawn on {sq}");
    }
}

/// Captures only one square diagonally forward; a piece in front blocks.
#[test]
fn pawn_captures_one_square_diagonally_forward() {
    let v = config1();
    let p = white(
        &v,
        &[
            ("e5", 'P'),
            ("e6", 'p'),
            ("d6", 'p'),
            ("f6", 'w'),
            ("d4", 'p'),
            ("f5", 'p'),
            ("a1", 'K'),
            ("a12", 'k'),
        ],
    );
    assert_eq!(legal_from(&p, "e5"), sorted(&["e5d6", "e5f6"]));
}

/// Seed: "the white pawn at g3 can start g3-g6 or it can move g3-g5 then g5-g6,
/// or g3-g4 followed by g4-g6, or move g3-h4 to capture enemy piece at h4
/// followed by h4-h6 next time it moves."
#[test]
fn pawn_seed_examples_from_g3() {
    let v = config1();
    let start = white(&v, &[("g3", 'P'), ("h4", 'p'), ("a1", 'K'), ("a12", 'k')]);
    assert_eq!(
        legal_from(&start, "g3"),
        sorted(&["g3g4", "g3g5", "g3g6", "g3h4"])
    );
    let mut p = start.clone();
    play(&mut p, "g3g5");
    play(&mut p, "a12b12");
    assert_eq!(legal_from(&p, "g5"), sorted(&["g5g6"]));
    let mut p = start.clone();
    play(&mut p, "g3g4");
    play(&mut p, "a12b12");
    assert_eq!(legal_from(&p, "g4"), sorted(&["g4g5", "g4g6"]));
    let mut p = start.clone();
    play(&mut p, "g3h4");
    play(&mut p, "a12b12");
    assert_eq!(legal_from(&p, "h4"), sorted(&["h4h5", "h4h6"]));
}

// ---------------------------------------------------------------- en passant

/// e3–e6 passes e4 and e5: the black pawn on d5 may take on e4, the one on f6
/// on e5, both removing the pawn on e6. VFEN lists both squares.
#[test]
fn en_passant_on_every_passed_square() {
    let v = config1();
    let start = white(
        &v,
        &[
            ("e3", 'P'),
            ("d5", 'p'),
            ("f6", 'p'),
            ("a1", 'K'),
            ("a12", 'k'),
        ],
    );
    let mut p = start.clone();
    play(&mut p, "e3e6");
    assert_eq!(p.to_vfen().split(' ').nth(3), Some("e4,e5"));
    assert_eq!(legal_from(&p, "d5"), sorted(&["d5d4", "d5e4"]));
    assert_eq!(legal_from(&p, "f6"), sorted(&["f6e5", "f6f5"]));
    let mut q = p.clone();
    play(&mut q, "d5e4");
    assert_eq!((letter_at(&q, "e4"), letter_at(&q, "e6")), ('p', '.'));
    let mut q = p.clone();
    play(&mut q, "f6e5");
    assert_eq!((letter_at(&q, "e5"), letter_at(&q, "e6")), ('p', '.'));
    // Black alike: e10-e7 passes e9 and e8, taken from d8 (onto e9) or f7 (onto e8).
    let mut p = black(
        &v,
        &[
            ("e10", 'p'),
            ("d8", 'P'),
            ("f7", 'P'),
            ("a1", 'K'),
            ("a12", 'k'),
        ],
    );
    play(&mut p, "e10e7");
    assert_eq!(p.to_vfen().split(' ').nth(3), Some("e9,e8"));
    assert_eq!(legal_from(&p, "d8"), sorted(&["d8d9", "d8e9"]));
    assert_eq!(legal_from(&p, "f7"), sorted(&["f7e8", "f7f8"]));
    play(&mut p, "f7e8");
    assert_eq!((letter_at(&p, "e8"), letter_at(&p, "e7")), ('P', '.'));
}

/// Seed: white a3, black b5: after a3–a6 (or a3–a5) the b5 pawn takes "as if
/// it had moved to a4". With the black pawn on b6 instead it takes on a5 after
/// a3–a6; a3–a4 avoids it.
#[test]
fn en_passant_seed_examples_from_a3() {
    let v = config1();
    let b5 = white(&v, &[("a3", 'P'), ("b5", 'p'), ("l1", 'K'), ("l12", 'k')]);
    for run in ["a3a6", "a3a5"] {
        let mut p = b5.clone();
        play(&mut p, run);
        assert_eq!(
            legal_from(&p, "b5"),
            sorted(&["b5a4", "b5b4"]),
            "after {run}"
        );
        play(&mut p, "b5a4");
        assert_eq!(
            (
                letter_at(&p, "a4"),
                letter_at(&p, "a5"),
                letter_at(&p, "a6")
            ),
            ('p', '.', '.'),
            "after {run}"
        );
    }
    let b6 = white(&v, &[("a3", 'P'), ("b6", 'p'), ("l1", 'K'), ("l12", 'k')]);
    let mut p = b6.clone();
    play(&mut p, "a3a6");
    assert_eq!(legal_from(&p, "b6"), sorted(&["b6a5", "b6b5"]));
    let mut p = b6.clone();
    play(&mut p, "a3a4");
    assert_eq!(legal_from(&p, "b6"), sorted(&["b6b5"]));
}

/// Seed: "white pawn on a4 and black pawn on b6. White plays a4-a6, black pawn
/// on b6 can capture the pawn en passant by moving to a5."
#[test]
fn en_passant_after_a_two_square_second_move() {
    let v = config1();
    let mut p = white(&v, &[("a4", 'P'), ("b6", 'p'), ("l1", 'K'), ("l12", 'k')]);
    play(&mut p, "a4a6");
    assert_eq!(p.to_vfen().split(' ').nth(3), Some("a5"));
    assert_eq!(legal_from(&p, "b6"), sorted(&["b6a5", "b6b5"]));
}

#[test]
fn en_passant_only_on_the_next_ply() {
    let v = config1();
    let mut p = white(&v, &[("a3", 'P'), ("b5", 'p'), ("l1", 'K'), ("l12", 'k')]);
    play(&mut p, "a3a6");
    play(&mut p, "l12k12");
    play(&mut p, "l1k1");
    assert_eq!(legal_from(&p, "b5"), sorted(&["b5b4"]));
}

/// Ninja pawns never capture en passant and are never captured so.
#[test]
fn en_passant_only_by_and_against_standard_pawns() {
    let v = config1();
    // A black ninja on d5 (enemy half for Black) after e3–e6: steps d4, c5,
    // e5; e4 is empty, so no diagonal capture there.
    let mut p = white(&v, &[("e3", 'P'), ("d5", 'j'), ("a1", 'K'), ("a12", 'k')]);
    play(&mut p, "e3e6");
    assert_eq!(legal_from(&p, "d5"), sorted(&["d5c5", "d5d4", "d5e5"]));
    // A white ninja runs e2–e6 past the black pawns: no en-passant target.
    let mut p = white(
        &v,
        &[
            ("e2", 'J'),
            ("d5", 'p'),
            ("f6", 'p'),
            ("a1", 'K'),
            ("a12", 'k'),
        ],
    );
    play(&mut p, "e2e6");
    assert_eq!(p.to_vfen().split(' ').nth(3), Some("-"));
    assert_eq!(legal_from(&p, "d5"), sorted(&["d5d4"]));
    assert_eq!(legal_from(&p, "f6"), sorted(&["f6f5"]));
}

// ---------------------------------------------------------------- Ninja Pawn

/// From c2: one step forward or sideways, or a run of 1–4 up to rank 6.
#[test]
fn ninja_pawn_runs_one_to_four_squares_in_its_own_half_up_to_rank_6() {
    let v = config1();
    let p = white(&v, &[("c2", 'J'), ("l1", 'K'), ("l12", 'k')]);
    assert_eq!(
        legal_from(&p, "c2"),
        sorted(&["c2b2", "c2c3", "c2c4", "c2c5", "c2c6", "c2d2"])
    );
    // A blocker ends the run.
    let p = white(&v, &[("c2", 'J'), ("c5", 'p'), ("l1", 'K'), ("l12", 'k')]);
    assert_eq!(
        legal_from(&p, "c2"),
        sorted(&["c2b2", "c2c3", "c2c4", "c2d2"])
    );
}

/// Seed: "White can on each turn move from c2-c3, c3-d3 and d3-d6."
#[test]
fn ninja_pawn_seed_example_c2_c3_d3_d6() {
    let v = config1();
    let mut p = white(&v, &[("c2", 'J'), ("l1", 'K'), ("l12", 'k')]);
    play(&mut p, "c2c3");
    play(&mut p, "l12k12");
    play(&mut p, "c3d3");
    play(&mut p, "k12l12");
    assert_eq!(
        legal_from(&p, "d3"),
        sorted(&["d3c3", "d3d4", "d3d5", "d3d6", "d3e3"])
    );
    play(&mut p, "d3d6");
    assert_eq!(letter_at(&p, "d6"), 'J');
}

/// On rank 6 (still its own half): only single steps, diagonal captures, no
/// sideways capture.
#[test]
fn ninja_pawn_on_rank_6_steps_and_captures_only_diagonally() {
    let v = config1();
    let p = white(
        &v,
        &[
            ("e6", 'J'),
            ("d6", 'p'),
            ("f7", 'p'),
            ("l1", 'K'),
            ("l12", 'k'),
        ],
    );
    assert_eq!(legal_from(&p, "e6"), sorted(&["e6e7", "e6f6", "e6f7"]));
}

/// From rank 7 it also captures sideways.
#[test]
fn ninja_pawn_captures_sideways_from_rank_7() {
    let v = config1();
    let p = white(
        &v,
        &[
            ("e7", 'J'),
            ("d7", 'p'),
            ("f8", 'p'),
            ("l1", 'K'),
            ("l12", 'k'),
        ],
    );
    assert_eq!(
        legal_from(&p, "e7"),
        sorted(&["e7d7", "e7e8", "e7f7", "e7f8"])
    );
}

/// Black: own half ranks 12–7, runs down to rank 7, sideways capture from rank 6.
#[test]
fn black_ninja_pawn_mirrors_white() {
    let v = config1();
    let p = black(&v, &[("e11", 'j'), ("l1", 'K'), ("l12", 'k')]);
    assert_eq!(
        legal_from(&p, "e11"),
        sorted(&["e11d11", "e11e10", "e11e7", "e11e8", "e11e9", "e11f11"])
    );
    let p = black(&v, &[("e7", 'j'), ("d7", 'P'), ("l1", 'K'), ("l12", 'k')]);
    assert_eq!(legal_from(&p, "e7"), sorted(&["e7e6", "e7f7"]));
    let p = black(&v, &[("e6", 'j'), ("d6", 'P'), ("l1", 'K'), ("l12", 'k')]);
    assert_eq!(legal_from(&p, "e6"), sorted(&["e6d6", "e6e5", "e6f6"]));
}

const PROMO_1: &str = "QRBCXWFYZ";
const PROMO_2: &str = "QRBCXWFS";

/// A ninja pawn promotes on rank 12, also by a diagonal capture; sideways
/// steps on rank 11 do not promote.
#[test]
fn ninja_pawn_promotes_on_rank_12() {
    let v = config1();
    let p = white(&v, &[("e11", 'J'), ("d12", 'r'), ("a1", 'K'), ("l12", 'k')]);
    let mut expected = sorted(&["e11d11", "e11f11"]);
    expected.extend(promotions("e11e12", PROMO_1));
    expected.extend(promotions("e11d12", PROMO_1));
    assert_eq!(legal_from(&p, "e11"), expected);
    let p = black(&v, &[("e2", 'j'), ("l1", 'K'), ("l12", 'k')]);
    let mut expected = sorted(&["e2d2", "e2f2"]);
    expected.extend(promotions("e2e1", PROMO_1));
    assert_eq!(legal_from(&p, "e2"), expected);
}

// ---------------------------------------------------------------- promotion

#[test]
fn pawn_promotion_list_configuration_1() {
    let v = config1();
    let p = white(&v, &[("e11", 'P'), ("f12", 'r'), ("a1", 'K'), ("l12", 'k')]);
    let mut expected = promotions("e11e12", PROMO_1);
    expected.extend(promotions("e11f12", PROMO_1));
    assert_eq!(legal_from(&p, "e11"), expected);
    let p = black(&v, &[("e2", 'p'), ("l1", 'K'), ("l12", 'k')]);
    let expected = promotions("e2e1", PROMO_1);
    assert_eq!(legal_from(&p, "e2"), expected);
}

#[test]
fn pawn_promotion_list_configuration_2() {
    let v = variant(&[("config", "2")]);
    let p = white(&v, &[("e11", 'P'), ("f12", 'r'), ("a1", 'K'), ("l12", 'k')]);
    let mut expected = promotions("e11e12", PROMO_2);
    expected.extend(promotions("e11f12", PROMO_2));
    assert_eq!(legal_from(&p, "e11"), expected);
    let p = white(&v, &[("e11", 'J'), ("a1", 'K'), ("l12", 'k')]);
    let mut expected = sorted(&["e11d11", "e11f11"]);
    expected.extend(promotions("e11e12", PROMO_2));
    assert_eq!(legal_from(&p, "e11"), expected);
}

#[test]
fn pawn_promotes_on_rank_12_only() {
    let v = config1();
    let p = white(&v, &[("e10", 'P'), ("a1", 'K'), ("l12", 'k')]);
    assert_eq!(legal_from(&p, "e10"), sorted(&["e10e11"]));
    let mut p = p;
    play(&mut p, "e10e11");
    assert_eq!(
        p.piece_at(v.parse_square("e11").unwrap()).map(|i| i.kind),
        Some(Kind::Pawn)
    );
}

// ---------------------------------------------------------------- castling

const WHITE_CASTLINGS: [&str; 9] = [
    "g1h1,l1g1",
    "g1i1,l1h1",
    "g1j1,l1i1",
    "g1k1,l1j1",
    "g1f1,a1g1",
    "g1e1,a1f1",
    "g1d1,a1e1",
    "g1c1,a1d1",
    "g1b1,a1c1",
];

/// ```text
///  1  R . . . . . K . . . . R     pawns on f2 g2 h2
///     a b c d e f g h i j k l
/// ```
fn castling_position(extra: &[(&str, char)], rights: &str) -> Position {
    let v = config1();
    let mut pieces = vec![
        ("g1", 'K'),
        ("a1", 'R'),
        ("l1", 'R'),
        ("f2", 'P'),
        ("g2", 'P'),
        ("h2", 'P'),
    ];
    pieces.extend_from_slice(extra);
    if !pieces.iter().any(|(_, c)| *c == 'k') {
        pieces.push(("g12", 'k'));
    }
    with_pieces(&v, &pieces, &format!("w {rights} - - 0 1"))
}

#[test]
fn castling_all_nine_ways_white() {
    let p = castling_position(&[], "AL");
    let mut expected = vec!["g1f1", "g1h1"];
    expected.extend(WHITE_CASTLINGS);
    assert_eq!(legal_from(&p, "g1"), sorted(&expected));
}

#[test]
fn castling_all_nine_ways_black() {
    let v = config1();
    let p = with_pieces(
        &v,
        &[
            ("g12", 'k'),
            ("a12", 'r'),
            ("l12", 'r'),
            ("f11", 'p'),
            ("g11", 'p'),
            ("h11", 'p'),
            ("g1", 'K'),
        ],
        "b al - - 0 1",
    );
    assert_eq!(
        legal_from(&p, "g12"),
        sorted(&[
            "g12f12",
            "g12h12",
            "g12h12,l12g12",
            "g12i12,l12h12",
            "g12j12,l12i12",
            "g12k12,l12j12",
            "g12f12,a12g12",
            "g12e12,a12f12",
            "g12d12,a12e12",
            "g12c12,a12d12",
            "g12b12,a12c12",
        ])
    );
}

/// The rook lands next to the king's destination, on the side the king came from.
#[test]
fn castling_places_king_and_rook() {
    let p = castling_position(&[], "AL");
    let table = [
        ("g1h1,l1g1", "h1", "g1"),
        ("g1i1,l1h1", "i1", "h1"),
        ("g1j1,l1i1", "j1", "i1"),
        ("g1k1,l1j1", "k1", "j1"),
        ("g1f1,a1g1", "f1", "g1"),
        ("g1e1,a1f1", "e1", "f1"),
        ("g1d1,a1e1", "d1", "e1"),
        ("g1c1,a1d1", "c1", "d1"),
        ("g1b1,a1c1", "b1", "c1"),
    ];
    for (lmn, king, rook) in table {
        let mut q = p.clone();
        play(&mut q, lmn);
        assert_eq!(
            (letter_at(&q, king), letter_at(&q, rook)),
            ('K', 'R'),
            "{lmn}"
        );
        let rank1: usize = "abcdefghijkl"
            .chars()
            .filter(|f| letter_at(&q, &format!("{f}1")) != '.')
            .count();
        assert_eq!(rank1, 3, "{lmn}: the two rooks and the king on rank 1");
        assert_eq!(
            q.to_vfen().split(' ').nth(2),
            Some("-"),
            "{lmn}: both rights gone"
        );
    }
}

#[test]
fn castling_needs_every_square_between_king_and_rook_empty() {
    // A Wazir-Knight on b1 stops all five queenside castlings.
    let p = castling_position(&[("b1", 'W')], "AL");
    let mut expected = vec!["g1f1", "g1h1"];
    expected.extend(&WHITE_CASTLINGS[..4]);
    assert_eq!(legal_from(&p, "g1"), sorted(&expected));
    // A Ferz-Knight on k1 stops all four kingside castlings.
    let p = castling_position(&[("k1", 'F')], "AL");
    let mut expected = vec!["g1f1", "g1h1"];
    expected.extend(&WHITE_CASTLINGS[4..]);
    assert_eq!(legal_from(&p, "g1"), sorted(&expected));
}

/// Black rooks on b12 and i12 attack b1 and i1. The king may neither cross
/// nor land on i1 (no castling to i1, j1, k1) nor land on b1; the rooks may
/// cross them (g1h1 with l1→g1 crosses i1; g1c1 with a1→d1 crosses b1).
#[test]
fn castling_king_may_not_cross_or_land_on_attacked_squares_but_the_rook_may() {
    let p = castling_position(&[("b12", 'r'), ("i12", 'r'), ("e12", 'k')], "AL");
    assert_eq!(
        legal_from(&p, "g1"),
        sorted(&[
            "g1f1",
            "g1h1",
            "g1h1,l1g1",
            "g1f1,a1g1",
            "g1e1,a1f1",
            "g1d1,a1e1",
            "g1c1,a1d1"
        ])
    );
}

/// A black Wazir-Knight on h3 checks g1 by its knight leap: no castling.
#[test]
fn castling_not_out_of_check() {
    let p = castling_position(&[("h3", 'w')], "AL");
    assert!(p.in_check());
    assert_eq!(legal_from(&p, "g1"), sorted(&["g1f1", "g1h1"]));
}

#[test]
fn castling_needs_the_right_of_that_rook() {
    let p = castling_position(&[], "A");
    let mut expected = vec!["g1f1", "g1h1"];
    expected.extend(&WHITE_CASTLINGS[4..]);
    assert_eq!(legal_from(&p, "g1"), sorted(&expected));
    let p = castling_position(&[], "-");
    assert_eq!(legal_from(&p, "g1"), sorted(&["g1f1", "g1h1"]));
    // A rook that moved and came back has lost its right.
    let mut p = castling_position(&[], "AL");
    play(&mut p, "l1k1");
    play(&mut p, "g12g11");
    play(&mut p, "k1l1");
    play(&mut p, "g11g12");
    assert_eq!(p.to_vfen().split(' ').nth(2), Some("A"));
    let mut expected = vec!["g1f1", "g1h1"];
    expected.extend(&WHITE_CASTLINGS[4..]);
    assert_eq!(legal_from(&p, "g1"), sorted(&expected));
    // A king that moved has lost both.
    let mut p = castling_position(&[], "AL");
    play(&mut p, "g1f1");
    play(&mut p, "g12g11");
    play(&mut p, "f1g1");
    play(&mut p, "g11g12");
    assert_eq!(legal_from(&p, "g1"), sorted(&["g1f1", "g1h1"]));
}
