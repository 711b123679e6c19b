//! Ghostarelay (docs/rules.md §7, seed `003_…`): one test per rule statement, each
//! on a hand-built 10×10 position whose expected moves are derived from the
//! rule book. Letters: P N B R Q K, G Ghost, X Relay, W Warlord.

use std::sync::Arc;

use chimera_rules::{Position, Variant};

use crate::common::{legal, legal_from, letter_at, play, sorted, with_pieces};

fn variant(opts: &[(&str, &str)]) -> Arc<Variant> {
    crate::common::variant("ghostarelay", opts)
}

fn pos_with(v: &Arc<Variant>, pieces: &[(&str, char)], side: char) -> Position {
    with_pieces(v, pieces, &format!("{side} - - - 0 1"))
}

fn white(pieces: &[(&str, char)]) -> Position {
    pos_with(&variant(&[]), pieces, 'w')
}

fn black(pieces: &[(&str, char)]) -> Position {
    pos_with(&variant(&[]), pieces, 'b')
}

/// The result of the game from that position, if it is over.
fn result(v: &Arc<Variant>, pieces: &[(&str, char)], side: char) -> Option<String> {
    crate::common::result(v, pieces, &format!("{side} - - - 0 1"))
}

// ---------------------------------------------------------------- setup

/// Start: 20 pawn moves (one or two steps), knights b1 → a3 c3 and i1 → h3 j3,
/// the Relay d1 → c3 e3 (its other squares are own pieces), the Ghost g1 to
/// any of the 60 empty squares of ranks 3–8: 86 moves. Nothing can capture.
#[test]
fn setup_start_position_and_its_moves() {
    let v = variant(&[]);
    let p = v.start_position();
    assert_eq!(
        p.to_vfen(),
        "rnbxqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBXQKGBNR w - - - 0 1"
    );
    assert_eq!(p.legal_moves().len(), 86);
    assert_eq!(legal_from(&p, "d1"), sorted(&["d1c3", "d1e3"]));
    assert_eq!(legal_from(&p, "g1").len(), 60);
}

// ---------------------------------------------------------------- King

/// A black rook on d10 attacks the d-file; the king on e5 may still step onto
/// d4, d5, d6: it is not royal, there is no check.
#[test]
fn king_is_not_royal_and_may_move_into_attack() {
    let p = white(&[("e5", 'K'), ("d10", 'r')]);
    assert!(!p.in_check());
    assert_eq!(
        legal_from(&p, "e5"),
        sorted(&[
            "e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"
        ])
    );
    // A king standing attacked is no obstacle either.
    let p = white(&[("e5", 'K'), ("e10", 'r'), ("a1", 'N')]);
    assert!(!p.in_check());
    assert!(legal_from(&p, "a1").contains("a1b3"));
}

/// The king can be captured like any piece (captures being compulsory, it
/// must be), and the game goes on.
#[test]
fn king_capture_does_not_end_the_game() {
    let v = variant(&[]);
    let mut p = white(&[("e5", 'K'), ("e6", 'k'), ("a9", 'p')]);
    assert_eq!(legal(&p), sorted(&["e5e6"]));
    play(&mut p, "e5e6");
    assert_eq!(legal(&p), sorted(&["a9a7", "a9a8"]));
    assert_eq!(result(&v, &[("e6", 'K'), ("a9", 'p')], 'b'), None);
}

/// ```text
///  8  . . . . R . . .       up: e6 e7 empty, own rook e8 → e5e7,e8e6
///  7  . . . . . . . .       right: f5 g5 empty, black rook h5 → e5g5,h5f5
///  6  . . . . . . . .       left: c5 holds a knight → no castling
///  5  . R N . K . . r       down: e4 e3 empty but e2 is a queen → no
///  4  . . . . . . . .
///  3  . . . . . . . .
///  2  . . . . q . . .
///     a b c d e f g h
/// ```
#[test]
fn king_castles_two_squares_with_a_rook_of_either_colour() {
    let p = white(&[
        ("e5", 'K'),
        ("e8", 'R'),
        ("h5", 'r'),
        ("c5", 'N'),
        ("b5", 'R'),
        ("e2", 'q'),
    ]);
    assert_eq!(
        legal_from(&p, "e5"),
        sorted(&[
            "e5d4",
            "e5d5",
            "e5d6",
            "e5e4",
            "e5e6",
            "e5f4",
            "e5f5",
            "e5f6",
            "e5e7,e8e6",
            "e5g5,h5f5"
        ])
    );
    let mut q = p.clone();
    play(&mut q, "e5g5,h5f5");
    assert_eq!(
        (
            letter_at(&q, "e5"),
            letter_at(&q, "f5"),
            letter_at(&q, "g5"),
            letter_at(&q, "h5")
        ),
        ('.', 'r', 'K', '.')
    );
    let mut q = p.clone();
    play(&mut q, "e5e7,e8e6");
    assert_eq!(
        (
            letter_at(&q, "e5"),
            letter_at(&q, "e6"),
            letter_at(&q, "e7"),
            letter_at(&q, "e8")
        ),
        ('.', 'R', 'K', '.')
    );
}

/// The rook must stand right beyond the destination (not further away), the
/// crossed and destination squares must be empty; attacks never matter and
/// castling may be repeated (there are no castling rights).
#[test]
fn king_castling_conditions() {
    // Rook three squares beyond the destination: no castling.
    let p = white(&[("e5", 'K'), ("e9", 'R')]);
    assert!(!legal_from(&p, "e5").iter().any(|m| m.contains(',')));
    // Crossed square occupied.
    let p = white(&[("e5", 'K'), ("e6", 'G'), ("e8", 'R')]);
    assert!(!legal_from(&p, "e5").iter().any(|m| m.contains(',')));
    // Destination occupied.
    let p = white(&[("e5", 'K'), ("e7", 'G'), ("e8", 'R')]);
    assert!(!legal_from(&p, "e5").iter().any(|m| m.contains(',')));
    // Crossed and destination squares attacked by black rooks: still allowed.
    let p = white(&[("e5", 'K'), ("e8", 'R'), ("a6", 'r'), ("a7", 'r')]);
    assert!(legal_from(&p, "e5").contains("e5e7,e8e6"));
    // No castling rights: a king that has castled (and moved) castles again.
    // e1→e3 with the rook e4→e2, then e3→g3 with the rook h3→f3.
    let mut p = white(&[("e1", 'K'), ("e4", 'R'), ("h3", 'R'), ("j10", 'k')]);
    play(&mut p, "e1e3,e4e2");
    play(&mut p, "j10j9");
    assert!(legal_from(&p, "e3").contains("e3g3,h3f3"));
}

// ---------------------------------------------------------------- Ghost, Relay

/// The Ghost on e5 goes to each of the 95 empty squares, never onto the black
/// pieces next to it.
#[test]
fn ghost_goes_to_any_empty_square_and_never_captures() {
    let occupied = ["e5", "a1", "j10", "d6", "e6"];
    let p = white(&[
        ("e5", 'G'),
        ("a1", 'K'),
        ("j10", 'k'),
        ("d6", 'p'),
        ("e6", 'n'),
    ]);
    let mut expected = Vec::new();
    for f in "abcdefghij".chars() {
        for r in 1..=10 {
            let s = format!("{f}{r}");
            if !occupied.contains(&s.as_str()) {
                expected.push(format!("e5{s}"));
            }
        }
    }
    assert_eq!(expected.len(), 95);
    assert_eq!(legal_from(&p, "e5"), sorted(&expected));
}

/// Relay on e5: king steps and knight leaps to empty squares only. d5 holds an
/// own ghost, e6 and f7 black pieces (not capturable).
#[test]
fn relay_steps_or_leaps_to_empty_squares_and_never_captures() {
    let p = white(&[("e5", 'X'), ("d5", 'G'), ("e6", 'p'), ("f7", 'n')]);
    assert_eq!(
        legal_from(&p, "e5"),
        sorted(&[
            "e5d4", "e5d6", "e5e4", "e5f4", "e5f5", "e5f6", "e5c4", "e5c6", "e5d3", "e5d7", "e5f3",
            "e5g4", "e5g6"
        ])
    );
}

// ---------------------------------------------------------------- Relay power

/// A white knight on e6, north of a black Relay on e5, also moves north as a
/// rook that never captures: e7, e8, not the black pawn on e9 and never back
/// through the relay.
#[test]
fn relay_power_orthogonal_is_a_non_capturing_rook_move_away() {
    let p = white(&[("e5", 'x'), ("e6", 'N'), ("e9", 'p')]);
    assert_eq!(
        legal_from(&p, "e6"),
        sorted(&[
            "e6c5", "e6c7", "e6d4", "e6d8", "e6f4", "e6f8", "e6g5", "e6g7", "e6e7", "e6e8"
        ])
    );
}

/// `Position::by_relay_power` names the moves only the power gives: the
/// knight's e7 and e8, not its own leaps; a rook diagonally beside the
/// relay gets the bishop's c7 and b8 from it, but its rank and file stay its own.
#[test]
fn by_relay_power_tells_the_power_from_the_pieces_own_moves() {
    let p = white(&[("e5", 'x'), ("e6", 'N'), ("e9", 'p'), ("d6", 'R')]);
    let by_power = |lmn: &str| p.by_relay_power(p.parse_lmn(lmn).expect("legal"));
    assert!(by_power("e6e7") && by_power("e6e8"));
    assert!(!by_power("e6c5") && !by_power("e6g7"));
    assert!(by_power("d6c7") && by_power("d6b8"));
    assert!(!by_power("d6c6") && !by_power("d6d10"));
}

/// Only an ENEMY relay gives the power: a knight next to its own relay just leaps.
#[test]
fn relay_power_only_from_an_enemy_relay() {
    let p = white(&[("b2", 'X'), ("b3", 'N')]);
    assert_eq!(
        legal_from(&p, "b3"),
        sorted(&["b3a1", "b3a5", "b3c1", "b3c5", "b3d2", "b3d4"])
    );
}

/// A white knight on f4, south-east of a black Relay on e5, also moves on as a
/// bishop: g3, h2, i1. With a black pawn on h2 the power captures it, and
/// captures being compulsory that is White's only move.
#[test]
fn relay_power_diagonal_is_a_bishop_move_or_capture() {
    let p = white(&[("e5", 'x'), ("f4", 'N')]);
    assert_eq!(
        legal_from(&p, "f4"),
        sorted(&[
            "f4d3", "f4d5", "f4e2", "f4e6", "f4g2", "f4g6", "f4h3", "f4h5", "f4g3", "f4h2", "f4i1"
        ])
    );
    let p = white(&[("e5", 'x'), ("f4", 'N'), ("h2", 'p')]);
    assert_eq!(legal(&p), sorted(&["f4h2"]));
}

/// Ghosts and Relays get the power too: a white Ghost on d6 (north-west of
/// the black relay) captures b8 along the diagonal, a white Relay on f6
/// (north-east) captures h8. They are White's only captures, hence its only moves.
#[test]
fn relay_power_holds_for_ghosts_and_relays() {
    let p = white(&[
        ("e5", 'x'),
        ("d6", 'G'),
        ("f6", 'X'),
        ("b8", 'p'),
        ("h8", 'p'),
    ]);
    assert_eq!(legal(&p), sorted(&["d6b8", "f6h8"]));
    // Without targets: the relay on f5 (east) slides east as a non-capturing rook.
    let p = white(&[("e5", 'x'), ("f5", 'X'), ("i5", 'p')]);
    let m = legal_from(&p, "f5");
    assert!(m.contains("f5g5") && m.contains("f5h5"), "{m:?}");
    assert!(!m.contains("f5i5") && !m.contains("f5j5"), "{m:?}");
}

/// A pawn moved by relay power to its last rank promotes (to a Warlord). It
/// may also be carried sideways-diagonally or backwards by the power.
#[test]
fn relay_power_pawn_reaching_the_last_rank_promotes() {
    // Black relay e7: pawn e8 (north of it) steps e9 or is carried to e10.
    let p = white(&[("e7", 'x'), ("e8", 'P')]);
    assert_eq!(legal_from(&p, "e8"), sorted(&["e8e9", "e8e10=W"]));
    // Pawn d8 (north-west of it): own step d9, power c9 and b10.
    let p = white(&[("e7", 'x'), ("d8", 'P')]);
    assert_eq!(legal_from(&p, "d8"), sorted(&["d8d9", "d8c9", "d8b10=W"]));
    // Pawn e6 (south of it): blocked forward, carried south e5 … e1.
    let p = white(&[("e7", 'x'), ("e6", 'P')]);
    assert_eq!(
        legal_from(&p, "e6"),
        sorted(&["e6e5", "e6e4", "e6e3", "e6e2", "e6e1"])
    );
}

/// Decided in `ghostarelay.rs`: the double step belongs to rank 2, so a pawn
/// carried back there by relay power (e3 south of the black relay e4, to e2)
/// may double-step again once the relay has gone.
#[test]
fn relay_power_carried_pawn_on_rank_2_may_double_step() {
    let mut p = white(&[("e4", 'x'), ("e3", 'P')]);
    assert_eq!(legal_from(&p, "e3"), sorted(&["e3e1", "e3e2"]));
    play(&mut p, "e3e2");
    play(&mut p, "e4c5");
    assert_eq!(legal_from(&p, "e2"), sorted(&["e2e3", "e2e4"]));
}

// ---------------------------------------------------------------- Warlord

#[test]
fn warlord_captures_any_enemy_anywhere_and_nothing_else() {
    let p = white(&[
        ("c3", 'W'),
        ("a10", 'r'),
        ("j1", 'n'),
        ("e5", 'g'),
        ("d4", 'P'),
    ]);
    // The pawn d4 has the capture d4e5 too; captures are compulsory, any may be chosen.
    assert_eq!(legal_from(&p, "c3"), sorted(&["c3a10", "c3e5", "c3j1"]));
    assert_eq!(legal(&p), sorted(&["c3a10", "c3e5", "c3j1", "d4e5"]));
    // With no enemy on the board the Warlord cannot move.
    let p = white(&[("c3", 'W'), ("d4", 'P')]);
    assert_eq!(legal(&p), sorted(&["d4d5"]));
}

// ---------------------------------------------------------------- compulsory capture

/// Rook a1 can take a5 or e1, knight g1 can take h3: exactly these three
/// moves; the king's castling and all quiet moves are excluded.
#[test]
fn capture_is_compulsory_and_any_capture_may_be_chosen() {
    let p = white(&[
        ("a1", 'R'),
        ("a5", 'p'),
        ("e1", 'n'),
        ("g1", 'N'),
        ("h3", 'b'),
        ("j5", 'K'),
        ("j8", 'R'),
    ]);
    assert_eq!(legal(&p), sorted(&["a1a5", "a1e1", "g1h3"]));
    // Without anything to capture the quiet moves come back, castling included.
    let p = white(&[("a1", 'R'), ("j5", 'K'), ("j8", 'R')]);
    assert!(legal(&p).contains("j5j7,j8j6"));
}

// ---------------------------------------------------------------- game end

/// The side to move without a legal move wins.
#[test]
fn side_without_a_legal_move_wins() {
    let v = variant(&[]);
    // White's only piece, the pawn e4, is blocked by e5: White wins.
    let pieces = [("e4", 'P'), ("e5", 'p')];
    assert!(white(&pieces).legal_moves().is_empty());
    assert_eq!(result(&v, &pieces, 'w'), Some("1-0 no-moves".to_string()));
    assert_eq!(result(&v, &pieces, 'b'), Some("0-1 no-moves".to_string()));
    // With a move available the game goes on.
    assert_eq!(result(&v, &[("e4", 'P'), ("e6", 'p')], 'w'), None);
}

/// No pieces at all is one way of having no legal move: a win.
#[test]
fn side_without_pieces_wins() {
    let v = variant(&[]);
    assert_eq!(
        result(&v, &[("a10", 'k'), ("b9", 'q')], 'w'),
        Some("1-0 no-moves".to_string())
    );
    assert_eq!(
        result(&v, &[("a1", 'K')], 'b'),
        Some("0-1 no-moves".to_string())
    );
    let pass = variant(&[("no-moves", "pass")]);
    assert_eq!(
        result(&pass, &[("a10", 'k'), ("b9", 'q')], 'w'),
        Some("1-0 no-moves".to_string())
    );
}

/// `no-moves=pass`: a side with pieces but no move passes; only a side
/// without pieces wins. With a move available there is no pass.
#[test]
fn no_moves_pass_option() {
    let v = variant(&[("no-moves", "pass")]);
    let mut p = pos_with(&v, &[("e4", 'P'), ("e5", 'p'), ("a10", 'k')], 'w');
    assert_eq!(legal(&p), sorted(&["pass"]));
    assert_eq!(
        result(&v, &[("e4", 'P'), ("e5", 'p'), ("a10", 'k')], 'w'),
        None
    );
    play(&mut p, "pass");
    assert_eq!(p.side_to_move(), chimera_rules::Color::Black);
    assert_eq!(letter_at(&p, "e4"), 'P');
    assert!(!legal(&p).contains("pass"));
}

#[test]
fn no_bare_kings_draw() {
    let v = variant(&[]);
    assert_eq!(result(&v, &[("a1", 'K'), ("j10", 'k')], 'w'), None);
}

#[test]
fn hundred_ply_rule_draws() {
    let v = variant(&[]);
    assert_eq!(
        crate::common::result(&v, &[("a1", 'K'), ("j10", 'k')], "w - - - 100 80").as_deref(),
        Some("1/2-1/2 100-ply")
    );
}

// ---------------------------------------------------------------- Pawn

/// One or two steps from rank 2; the double step leaves no en-passant target
/// and the black pawn beside it cannot take it.
#[test]
fn pawn_double_step_without_en_passant() {
    let mut p = white(&[("e2", 'P'), ("d4", 'p')]);
    assert_eq!(legal_from(&p, "e2"), sorted(&["e2e3", "e2e4"]));
    play(&mut p, "e2e4");
    assert_eq!(p.to_vfen().split(' ').nth(3), Some("-"));
    assert_eq!(legal(&p), sorted(&["d4d3"]));
}

/// Promotion on the last rank, only to a Warlord.
#[test]
fn pawn_promotes_only_to_warlord() {
    let p = white(&[("e9", 'P'), ("a1", 'K')]);
    assert_eq!(legal_from(&p, "e9"), sorted(&["e9e10=W"]));
    let p = black(&[("e2", 'p'), ("j10", 'k')]);
    assert_eq!(legal_from(&p, "e2"), sorted(&["e2e1=W"]));
    let p = white(&[("e9", 'P'), ("d10", 'n')]);
    assert_eq!(legal(&p), sorted(&["e9d10=W"]));
}
