//! Holywar (docs/rules.md §6, seed `001_…`): one test per rule statement, each on a
//! hand-built position whose expected moves are derived from the rule book.
//!
//! The board: corners a1 h1 a8 h8 plus the 6×6 block b2–g7.
//!
//! ```text
//!  8  a8 -- -- -- -- -- -- h8
//!  7  -- b7 c7 d7 e7 f7 g7 --
//!   …                      …
//!  2  -- b2 c2 d2 e2 f2 g2 --
//!  1  a1 -- -- -- -- -- -- h1
//! ```

use std::collections::BTreeSet;
use std::sync::Arc;

use chimera_rules::{Color, Kind, Position, Variant};

use crate::common::{
    is_legal, legal, legal_from, letter_at, play, result, sorted, vfen, with_pieces,
};

fn variant(opts: &[(&str, &str)]) -> Arc<Variant> {
    crate::common::variant("holywar", opts)
}

/// A board-phase position (both hands empty), White to move.
fn white(pieces: &[(&str, char)]) -> Position {
    with_pieces(&variant(&[]), pieces, "w - - - 0 1")
}

/// A board-phase position (both hands empty), Black to move.
fn black(pieces: &[(&str, char)]) -> Position {
    with_pieces(&variant(&[]), pieces, "b - - - 0 1")
}

const WHITE_CAMP: [&str; 8] = ["a1", "h1", "b2", "c2", "d2", "e2", "f2", "g2"];
const BLACK_CAMP: [&str; 8] = ["a8", "h8", "b7", "c7", "d7", "e7", "f7", "g7"];

/// Every drop of `letters` onto every square of `camp`.
fn drops(letters: &str, camp: &[&str]) -> BTreeSet<String> {
    letters
        .chars()
        .flat_map(|l| camp.iter().map(move |s| format!("{l}@{s}")))
        .collect()
}

// ---------------------------------------------------------------- board and setup

#[test]
fn board_has_40_squares_and_h1_is_light() {
    let v = variant(&[]);
    assert_eq!(v.squares().count(), 40);
    for name in ["a1", "h1", "a8", "h8", "b2", "g2", "b7", "g7", "d4"] {
        assert!(v.parse_square(name).is_some(), "{name} exists");
    }
    for name in [
        "a2", "b1", "g1", "h2", "a7", "b8", "g8", "h7", "a4", "h5", "d1", "e8",
    ] {
        assert!(v.parse_square(name).is_none(), "{name} is missing");
    }
    assert!(v.is_light(v.parse_square("h1").unwrap()));
    assert!(!v.is_light(v.parse_square("a1").unwrap()));
}

#[test]
fn start_position_pawns_on_rank_3_and_6_armies_in_hand() {
    let v = variant(&[]);
    let p = v.start_position();
    assert_eq!(
        p.to_vfen(),
        "1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*6*/1******1 w - - KLCCBBSSklccbbss 0 1"
    );
    assert_eq!(p.hand_count(Color::White, Kind::Crusader), 2);
    assert_eq!(p.hand_count(Color::Black, Kind::Squire), 2);
}

// ---------------------------------------------------------------- drop opening

/// White starts: every legal move is a drop of one of K L C B S onto an empty
/// square of its camp (a1, h1, b2–g2); no pawn moves.
#[test]
fn drop_opening_white_drops_only_into_its_camp() {
    let p = variant(&[]).start_position();
    assert_eq!(legal(&p), drops("KLCBS", &WHITE_CAMP));
}

/// The sides alternate: after White's drop Black drops into a8, h8, b7–g7.
#[test]
fn drop_opening_alternates_and_black_drops_only_into_its_camp() {
    let mut p = variant(&[]).start_position();
    play(&mut p, "K@d2");
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.to_vfen().split(' ').nth(4), Some("LCCBBSSklccbbss"));
    assert_eq!(legal(&p), drops("KLCBS", &BLACK_CAMP));
    play(&mut p, "C@a8");
    // White's hand no longer holds a king; d2 is taken.
    let camp: Vec<&str> = WHITE_CAMP.iter().copied().filter(|s| *s != "d2").collect();
    assert_eq!(legal(&p), drops("LCBS", &camp));
}

/// Sixteen alternating drops; until both hands are empty every legal move is a
/// drop, and the last drop of each side has exactly one square left. Then
/// board play starts, White first, without drops.
#[test]
fn drop_opening_board_moves_only_after_both_hands_are_empty() {
    let mut p = variant(&[]).start_position();
    let sequence = [
        "K@a1", "K@h8", "L@b2", "L@g7", "C@c2", "C@f7", "C@d2", "C@e7", "B@e2", "B@d7", "B@f2",
        "B@c7", "S@g2", "S@b7",
    ];
    for lmn in sequence {
        assert!(
            p.legal_moves().iter().all(|m| p.move_from(*m).is_none()),
            "only drops before {lmn}"
        );
        assert!(!is_legal(&p, "b3b4") && !is_legal(&p, "b6b5"));
        play(&mut p, lmn);
    }
    assert_eq!(legal(&p), sorted(&["S@h1"]));
    play(&mut p, "S@h1");
    // White's hand is empty, Black still holds a squire: Black drops it.
    assert_eq!(legal(&p), sorted(&["S@a8"]));
    play(&mut p, "S@a8");
    assert_eq!(p.to_vfen().split(' ').nth(4), Some("-"));
    assert_eq!(p.side_to_move(), Color::White);
    let moves = p.legal_moves();
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|m| p.move_from(*m).is_some()),
        "no drops once both hands are empty"
    );
    assert!(is_legal(&p, "b3b4"));
}

/// §0 (a move is legal only if the mover's king is not attacked after it)
/// holds for drops too: the King may not be dropped onto an attacked square.
/// White holds only its King; its camp has a1, b2, f2 and g2 empty. The Black
/// Lady on g7 slides down the long diagonal over the empty f6 e5 d4 c3 onto
/// b2 and, with b2 empty, a1; nothing Black has reaches f2 or g2 (the
/// Crusader's squire leaps from d7 stay on ranks 5–6, the pawns take
/// diagonally downward from d6 and g6).
#[test]
fn king_may_not_be_dropped_onto_an_attacked_square() {
    let v = variant(&[]);
    let p = Position::from_vfen(
        &v,
        "1******1/*1kc2l*/*2p2p*/*6*/*6*/*P1P3*/*1CCS2*/1******S w - - Ks 0 8",
    )
    .expect("valid");
    assert_eq!(legal(&p), sorted(&["K@f2", "K@g2"]));
    for attacked in ["a1", "b2"] {
        let s = v.parse_square(attacked).expect("square");
        assert!(p.is_attacked(s, Color::Black), "{attacked}");
        assert_eq!(
            p.why_not_drop(Color::White, Kind::King, s),
            Some(chimera_rules::Illegal::LeavesKingInCheck),
            "{attacked}"
        );
        assert!(!is_legal(&p, &format!("K@{attacked}")));
    }
    // Black alike: the White Squire on e5 reaches d7 and f7 (and c6, g6, …)
    // over empty squares; the White King on a1 reaches only b2.
    let p = Position::from_vfen(
        &v,
        "1******1/*6*/*6*/*3S2*/*6*/*6*/*6*/K******1 b - - k 0 1",
    )
    .expect("valid");
    assert_eq!(
        legal(&p),
        sorted(&["K@a8", "K@h8", "K@b7", "K@c7", "K@e7", "K@g7"])
    );
}

/// One King per side: a VFEN with a King on the board and another in hand
/// (or two in hand) describes no Holywar position.
#[test]
fn one_king_per_side_counting_the_hand() {
    let v = variant(&[]);
    for (text, side) in [
        (
            "1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*K5*/1******1 b - - Kklccbbss 0 1",
            "White",
        ),
        (
            "1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*6*/1******1 w - - KLCCBBSSkk 0 1",
            "Black",
        ),
    ] {
        let e = Position::from_vfen(&v, text).map(|p| p.to_vfen());
        let e = e.expect_err(text).to_string();
        assert!(e.contains(&format!("{side} has 2 kings")), "{e}");
    }
}

/// Not reachable by alternating drops, decided in `holywar.rs`: a side to move
/// whose hand is empty while the opponent still holds pieces plays on the board.
#[test]
fn drop_opening_side_with_empty_hand_moves_on_the_board() {
    let v = variant(&[]);
    let mut pieces = vec![
        ("a1", 'K'),
        ("b2", 'L'),
        ("c2", 'C'),
        ("d2", 'C'),
        ("e2", 'B'),
        ("f2", 'B'),
        ("g2", 'S'),
    ];
    pieces.extend(["b3", "c3", "d3", "e3", "f3", "g3"].map(|s| (s, 'P')));
    pieces.extend(["b6", "c6", "d6", "e6", "f6", "g6"].map(|s| (s, 'p')));
    // White still holds a squire: its only move is dropping it on h1.
    let p = with_pieces(&v, &pieces, "w - - Sklccbbss 0 1");
    assert_eq!(legal(&p), sorted(&["S@h1"]));
    // With the squire on h1 and only Black holding pieces, White plays on the board.
    pieces.push(("h1", 'S'));
    let p = with_pieces(&v, &pieces, "w - - klccbbss 0 1");
    assert!(is_legal(&p, "b3b4"));
    assert!(p.legal_moves().iter().all(|m| p.move_from(*m).is_some()));
}

// ---------------------------------------------------------------- Squire

/// Open board: the eight knight squares.
#[test]
fn squire_reaches_the_knight_squares() {
    let p = white(&[("d4", 'S'), ("h1", 'K'), ("a8", 'k')]);
    assert_eq!(
        legal_from(&p, "d4"),
        sorted(&[
            "d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"
        ])
    );
}

/// ```text
///  6  . . . . . .
///  5  . . P p . .      e6: via d5 and via e5, both occupied → no
///  4  . . S . . .      c2: via d3 and via c3, both occupied → no
///  3  . P p . . .      c6 (d5 full, c5 free), e2 (d3 full, e3 free) → yes
///  2  . . . . . .
///     b c d e f g
/// ```
/// (row 5: d5 White, e5 Black; row 3: c3 White, d3 Black.)
#[test]
fn squire_is_blocked_only_when_both_paths_are_blocked() {
    let p = white(&[
        ("d4", 'S'),
        ("d5", 'P'),
        ("e5", 'p'),
        ("c3", 'P'),
        ("d3", 'p'),
        ("a1", 'K'),
        ("h8", 'k'),
    ]);
    assert_eq!(
        legal_from(&p, "d4"),
        sorted(&["d4b3", "d4b5", "d4c6", "d4e2", "d4f3", "d4f5"])
    );
}

/// S c2 hemmed in by the pawn row b3–g3 and a bishop on b2: d4 (c3, d3 full),
/// b4 (c3, b3 full), e3 own. a1 is reached via b2 or via the missing b1; a
/// missing square never blocks, so the squire jumps over the edge into a1.
#[test]
fn squire_jumps_into_a_corner_over_the_missing_squares() {
    let mut pieces = vec![("c2", 'S'), ("b2", 'B'), ("h1", 'K'), ("h8", 'k')];
    pieces.extend(["b3", "c3", "d3", "e3", "f3", "g3"].map(|s| (s, 'P')));
    let p = white(&pieces);
    assert_eq!(legal_from(&p, "c2"), sorted(&["c2a1"]));
    // From b3: a1 via b2 (occupied) or the missing a2.
    let p = white(&[("b3", 'S'), ("b2", 'P'), ("h1", 'K'), ("h8", 'k')]);
    assert!(is_legal(&p, "b3a1"));
}

/// A black squire in the a8 corner with its own bishop on b7: b6 via a7
/// (missing) or b7, c7 via b8 (missing) or b7 — both open.
#[test]
fn squire_jumps_out_of_a_corner_over_the_missing_squares() {
    let p = black(&[("a8", 's'), ("b7", 'b'), ("a1", 'K'), ("h8", 'k')]);
    assert_eq!(legal_from(&p, "a8"), sorted(&["a8b6", "a8c7"]));
    // The same from a1 with the b2 square taken: b3 and c2.
    let p = white(&[("a1", 'S'), ("b2", 'b'), ("h1", 'K'), ("h8", 'k')]);
    assert_eq!(legal_from(&p, "a1"), sorted(&["a1b3", "a1c2"]));
}

/// From b2 the knight squares a4, d1 are missing and the rest are off the board.
#[test]
fn squire_never_lands_on_a_missing_square() {
    let p = white(&[("b2", 'S'), ("h1", 'K'), ("h8", 'k')]);
    assert_eq!(legal_from(&p, "b2"), sorted(&["b2c4", "b2d3"]));
}

/// K c2 with both squire paths from d4 (d3 and c3) blocked is not in check,
/// so each blocker is pinned: the bishop on c3 may only take the squire.
/// The king avoids b3 (d4 reaches it via c4) and has b2, d2.
#[test]
fn squire_check_needs_both_paths_blocked_so_each_blocker_is_pinned() {
    let p = white(&[
        ("c2", 'K'),
        ("c3", 'B'),
        ("d3", 'P'),
        ("d4", 's'),
        ("h8", 'k'),
    ]);
    assert!(!p.in_check());
    assert_eq!(legal_from(&p, "c3"), sorted(&["c3d4"]));
    assert_eq!(legal_from(&p, "c2"), sorted(&["c2b2", "c2d2"]));
}

/// A squire on c2 checks a1 through b2 or the missing b1: the check cannot
/// be blocked, and with b2 already taken by its own bishop the king is mated.
#[test]
fn squire_check_over_a_missing_square_cannot_be_blocked() {
    let v = variant(&[]);
    let pieces = [("a1", 'K'), ("b2", 'B'), ("c2", 's'), ("a8", 'k')];
    assert!(white(&pieces).in_check());
    assert_eq!(
        result(&v, &pieces, "w - - - 0 1").as_deref(),
        Some("0-1 checkmate")
    );
}

// ---------------------------------------------------------------- Crusader, Bishop, Lady

/// Crusader on d4, open board: bishop a1 b2 c3 / e5 f6 g7 h8 / c5 b6 (a7
/// missing) / e3 f2 (g1 missing) plus the eight squire squares.
#[test]
fn crusader_moves_as_squire_plus_bishop() {
    let p = white(&[("d4", 'C'), ("h1", 'K'), ("a8", 'k')]);
    assert_eq!(
        legal_from(&p, "d4"),
        sorted(&[
            "d4a1", "d4b2", "d4c3", "d4e5", "d4f6", "d4g7", "d4h8", "d4c5", "d4b6", "d4e3", "d4f2",
            "d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"
        ])
    );
}

/// Own pawns on c3 and d3 stop the south-west diagonal and both paths to c2;
/// e2 stays open through e3; a black pawn on e5 is captured, h8 not reached.
#[test]
fn crusader_squire_part_and_bishop_part_are_blocked_separately() {
    let p = white(&[
        ("d4", 'C'),
        ("c3", 'P'),
        ("d3", 'P'),
        ("e5", 'p'),
        ("h1", 'K'),
        ("a8", 'k'),
    ]);
    let m = legal_from(&p, "d4");
    for yes in ["d4e2", "d4e5", "d4b3", "d4f5"] {
        assert!(m.contains(yes), "{yes} in {m:?}");
    }
    for no in ["d4c2", "d4c3", "d4b2", "d4a1", "d4f6", "d4h8"] {
        assert!(!m.contains(no), "{no} not in {m:?}");
    }
}

/// Bishop on b3: c2 then d1 is missing; c4 d5 e6 f7 then g8 is missing; a2 and
/// a4 are missing. A missing square ends a slide like the board edge.
#[test]
fn bishop_slides_stop_at_missing_squares() {
    let p = white(&[("b3", 'B'), ("h1", 'K'), ("h8", 'k')]);
    assert_eq!(
        legal_from(&p, "b3"),
        sorted(&["b3c2", "b3c4", "b3d5", "b3e6", "b3f7"])
    );
    let p = white(&[("a1", 'B'), ("h1", 'K'), ("a8", 'k')]);
    assert_eq!(
        legal_from(&p, "a1"),
        sorted(&["a1b2", "a1c3", "a1d4", "a1e5", "a1f6", "a1g7", "a1h8"])
    );
}

/// Lady on d4: the bishop squares of the crusader test plus the orthogonal
/// king steps c4 d3 d5 e4; no longer orthogonal moves.
#[test]
fn lady_moves_as_king_step_plus_bishop() {
    let p = white(&[("d4", 'L'), ("h1", 'K'), ("a8", 'k')]);
    assert_eq!(
        legal_from(&p, "d4"),
        sorted(&[
            "d4a1", "d4b2", "d4c3", "d4e5", "d4f6", "d4g7", "d4h8", "d4c5", "d4b6", "d4e3", "d4f2",
            "d4c4", "d4d3", "d4d5", "d4e4"
        ])
    );
}

// ---------------------------------------------------------------- King

/// K d4 with its Lady on e5: seven steps plus the swap, written as the king's
/// move d4e5. A Lady two squares away cannot be swapped with.
#[test]
fn king_swaps_places_with_an_adjacent_lady() {
    let p = white(&[("d4", 'K'), ("e5", 'L'), ("a8", 'k')]);
    assert_eq!(
        legal_from(&p, "d4"),
        sorted(&[
            "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"
        ])
    );
    let mut q = p.clone();
    play(&mut q, "d4e5");
    assert_eq!((letter_at(&q, "d4"), letter_at(&q, "e5")), ('L', 'K'));
    assert_eq!(q.royal_square(Color::White), q.variant().parse_square("e5"));
    let p = white(&[("d4", 'K'), ("d6", 'L'), ("a8", 'k')]);
    assert!(!is_legal(&p, "d4d6"));
}

#[test]
fn king_lady_swap_any_number_of_times() {
    let mut p = white(&[("d4", 'K'), ("e5", 'L'), ("a8", 'k')]);
    play(&mut p, "d4e5");
    play(&mut p, "a8b7");
    play(&mut p, "e5d4");
    assert_eq!((letter_at(&p, "d4"), letter_at(&p, "e5")), ('K', 'L'));
    play(&mut p, "b7a8");
    assert!(is_legal(&p, "d4e5"));
}

/// No castling: Holywar has no castling rooks, so a VFEN cannot grant a right.
#[test]
fn king_never_castles() {
    let v = variant(&[]);
    let text = vfen(&v, &[("d2", 'K'), ("a1", 'L'), ("a8", 'k')], "w A - - 0 1");
    assert!(Position::from_vfen(&v, &text).is_err());
}

/// K d4 checked by a bishop on b6 (through c5): swapping with the Lady on d5
/// is legal (d5 is not attacked and the Lady then shields d4's diagonal).
#[test]
fn king_lady_swap_allowed_out_of_check() {
    let p = white(&[("d4", 'K'), ("d5", 'L'), ("b6", 'b'), ("h8", 'k')]);
    assert!(p.in_check());
    assert!(is_legal(&p, "d4d5"));
    assert!(!is_legal(&p, "d4e3"), "still on the bishop's diagonal");
    let mut q = p.clone();
    play(&mut q, "d4d5");
    assert_eq!((letter_at(&q, "d4"), letter_at(&q, "d5")), ('L', 'K'));
}

/// K d4, Lady e4, black bishop g6 aiming at e4 (through f5): the swap would put
/// the king on e4 in check, so it is illegal; without the bishop it is legal.
#[test]
fn king_lady_swap_never_into_check() {
    let p = white(&[("d4", 'K'), ("e4", 'L'), ("g6", 'b'), ("h8", 'k')]);
    assert!(!p.in_check());
    assert!(!is_legal(&p, "d4e4"));
    let p = white(&[("d4", 'K'), ("e4", 'L'), ("h8", 'k')]);
    assert!(is_legal(&p, "d4e4"));
}

// ---------------------------------------------------------------- Pawn

/// One step only, even from its start rank; diagonal captures forward.
#[test]
fn pawn_steps_one_square_without_double_step() {
    let p = white(&[("d3", 'P'), ("e4", 'p'), ("a1", 'K'), ("h8", 'k')]);
    assert_eq!(legal_from(&p, "d3"), sorted(&["d3d4", "d3e4"]));
    let p = black(&[("c6", 'p'), ("a1", 'K'), ("h8", 'k')]);
    assert_eq!(legal_from(&p, "c6"), sorted(&["c6c5"]));
}

/// d3–d4 next to a black pawn on e4 leaves no en-passant target; the black
/// pawn can only step.
#[test]
fn pawn_no_en_passant() {
    let mut p = white(&[("d3", 'P'), ("e4", 'p'), ("a1", 'K'), ("h8", 'k')]);
    play(&mut p, "d3d4");
    assert_eq!(p.to_vfen().split(' ').nth(3), Some("-"));
    assert_eq!(legal_from(&p, "e4"), sorted(&["e4e3"]));
}

/// Promotion on rank 7 (White) / rank 2 (Black) to S, B, C or L only.
#[test]
fn pawn_promotes_on_rank_7_to_squire_bishop_crusader_or_lady() {
    let p = white(&[("d6", 'P'), ("e7", 'p'), ("a1", 'K'), ("h8", 'k')]);
    assert_eq!(
        legal_from(&p, "d6"),
        sorted(&[
            "d6d7=B", "d6d7=C", "d6d7=L", "d6d7=S", "d6e7=B", "d6e7=C", "d6e7=L", "d6e7=S"
        ])
    );
    let p = black(&[("d3", 'p'), ("a1", 'K'), ("h8", 'k')]);
    assert_eq!(
        legal_from(&p, "d3"),
        sorted(&["d3d2=B", "d3d2=C", "d3d2=L", "d3d2=S"])
    );
}

// ---------------------------------------------------------------- opening=random

#[test]
fn random_opening_fills_both_camps_and_board_play_starts_at_once() {
    for seed in ["1", "2", "12345"] {
        let v = variant(&[("opening", "random"), ("seed", seed)]);
        let p = v.start_position();
        let vfen = p.to_vfen();
        assert_eq!(vfen.split(' ').nth(4), Some("-"), "{vfen}");
        for (camp, color) in [(WHITE_CAMP, Color::White), (BLACK_CAMP, Color::Black)] {
            for s in camp {
                let info = p
                    .piece_at(v.parse_square(s).unwrap())
                    .unwrap_or_else(|| panic!("{s} empty in {vfen}"));
                assert_eq!(info.color, color, "{s} in {vfen}");
            }
            for (k, n) in [
                (Kind::King, 1),
                (Kind::Lady, 1),
                (Kind::Crusader, 2),
                (Kind::Bishop, 2),
                (Kind::Squire, 2),
            ] {
                assert_eq!(p.count(color, k), n, "{k:?} of {color:?} in {vfen}");
            }
            assert_eq!(p.count(color, Kind::Pawn), 6);
        }
        assert_eq!(p.side_to_move(), Color::White);
        let moves = p.legal_moves();
        assert!(
            moves.iter().all(|m| p.move_from(*m).is_some()),
            "no drops: {vfen}"
        );
        assert!(is_legal(&p, "b3b4"));
    }
}

// ---------------------------------------------------------------- game end

/// K a1 has one neighbour (b2). A black Lady on c3 attacks b2 (king step) and
/// a1 (through b2): checkmate, Black wins.
#[test]
fn checkmate_wins() {
    let v = variant(&[]);
    let pieces = [("a1", 'K'), ("c3", 'l'), ("h8", 'k')];
    assert_eq!(
        result(&v, &pieces, "w - - - 0 1").as_deref(),
        Some("0-1 checkmate")
    );
}

/// A black squire on d3 covers b2 (via c3 or c2) but not a1: stalemate, a draw.
#[test]
fn stalemate_draws() {
    let v = variant(&[]);
    let pieces = [("a1", 'K'), ("d3", 's'), ("h8", 'k')];
    assert_eq!(
        result(&v, &pieces, "w - - - 0 1").as_deref(),
        Some("1/2-1/2 stalemate")
    );
}
