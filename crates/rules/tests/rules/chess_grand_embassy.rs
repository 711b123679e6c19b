//! One test per rule of docs/rules.md §0–§3 (common ground, chess, Grand Chess,
//! Embassy Chess), each on a hand-built position. Every expected move list is
//! derived from the rule book by hand, not copied from the program.

use std::collections::BTreeSet;
use std::sync::Arc;

use chimera_rules::{Color, EndReason, Game, MoveKind, Position, Variant};

use crate::common::{draw, legal, legal_from, legal_where, mate, position, set, sq};

fn variant(id: &str) -> Arc<Variant> {
    crate::common::variant(id, &[])
}

fn pos(id: &str, vfen: &str) -> Position {
    position(&variant(id), vfen)
}

fn game(id: &str, vfen: &str) -> Game {
    Game::from_vfen(&variant(id), vfen).unwrap_or_else(|e| panic!("{id} '{vfen}': {e}"))
}

/// Legal castlings in LMN.
fn castlings(p: &Position) -> BTreeSet<String> {
    legal_where(p, |m| m.kind() == MoveKind::Castle)
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_lmn(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", g.position().to_vfen()));
    }
}

fn after(id: &str, vfen: &str, moves: &str) -> Position {
    let mut g = game(id, vfen);
    play(&mut g, moves);
    g.position().clone()
}

// ====================================================================== §0

#[test]
fn square_colour_is_light_when_file_plus_rank_is_even() {
    let chess = variant("chess");
    let light = |v: &Variant, s: &str| v.is_light(v.parse_square(s).expect("square"));
    assert!(!light(&chess, "a1"), "a1 is dark");
    assert!(light(&chess, "h1"), "h1 is light");
    assert!(
        light(&chess, "a8") && light(&chess, "e4") && !light(&chess, "d4") && !light(&chess, "h8")
    );
    let hg = variant("holygrail");
    assert!(light(&hg, "e0") && !light(&hg, "f0") && light(&hg, "f11") && !light(&hg, "a1"));
    let grand = variant("grand");
    assert!(!light(&grand, "j10") && light(&grand, "j1") && light(&grand, "a10"));
    let hw = variant("holywar");
    assert!(light(&hw, "h1") && !light(&hw, "a1"));
}

#[test]
fn missing_square_cannot_be_entered_and_ends_a_slide() {
    // Holy Grail: a rook on e0 has d0 (a hole) on its left and g0 (a hole)
    // beyond f0; upward it slides e1..e11 (e11 exists).
    let p = pos(
        "holygrail",
        "****2****/k9/10/10/10/10/10/10/10/10/9K/****R1**** w - - - 0 1",
    );
    let up: String = (1..=11).map(|r| format!("e0e{r} ")).collect();
    assert_eq!(legal_from(&p, "e0"), set(&format!("e0f0 {up}")));
    assert!(p.variant().parse_square("d0").is_none() && p.variant().parse_square("g0").is_none());
}

#[test]
fn pinned_piece_still_gives_check() {
    // The black knight on e5 is pinned to its king by the rook on e1, yet it
    // attacks d3: White is in check and must answer it.
    let p = pos("chess", "4k3/8/8/4n3/8/3K4/8/4R3 w - - - 0 1");
    assert!(p.in_check());
    assert!(p.is_attacked(sq(&p, "c4"), Color::Black));
    // King steps off every knight square (c4 is one); or the rook takes e5.
    assert_eq!(legal(&p), set("d3c2 d3d2 d3e2 d3c3 d3e3 d3d4 d3e4 e1e5"));
}

#[test]
fn king_may_not_step_onto_a_square_a_pinned_piece_attacks() {
    // The same pinned knight still covers d3 and f3 for its side.
    let p = pos("chess", "4k3/8/8/4n3/8/8/3K4/4R3 w - - - 0 1");
    assert!(!p.in_check());
    assert_eq!(legal_from(&p, "d2"), set("d2c1 d2d1 d2e2 d2c2 d2c3 d2e3"));
}

#[test]
fn pinned_piece_may_only_move_along_the_pin() {
    // A pinned bishop on the file has no move at all; a pinned rook moves on the file.
    let p = pos("chess", "4k3/8/8/4r3/8/4B3/8/4K3 w - - - 0 1");
    assert_eq!(legal_from(&p, "e3"), set(""));
    let p = pos("chess", "4k3/8/8/4r3/8/4R3/8/4K3 w - - - 0 1");
    assert_eq!(legal_from(&p, "e3"), set("e3e2 e3e4 e3e5"));
}

#[test]
fn checkmate_wins() {
    let mut g = Game::new(&variant("chess"));
    play(&mut g, "f2f3 e7e5 g2g4");
    assert_eq!(g.outcome(), None);
    play(&mut g, "d8h4");
    assert!(g.position().in_check() && g.position().legal_moves().is_empty());
    assert_eq!(g.outcome(), mate(Color::Black));
    // Back-rank mate by White.
    let mut g = game("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - - 0 1");
    play(&mut g, "a1a8");
    assert_eq!(g.outcome(), mate(Color::White));
    assert_eq!(
        g.outcome().map(|o| o.result_text()),
        Some("1-0 checkmate".to_string())
    );
}

#[test]
fn stalemate_draws() {
    let mut g = game("chess", "7k/8/6K1/8/8/8/8/5Q2 w - - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "f1f7");
    let p = g.position();
    assert!(!p.in_check() && p.legal_moves().is_empty());
    assert_eq!(g.outcome(), draw(EndReason::Stalemate));
    assert_eq!(
        g.outcome().map(|o| o.result_text()),
        Some("1/2-1/2 stalemate".to_string())
    );
    // Grand: a stalemated king in the corner.
    let g = game("grand", "9k/10/8Q1/10/10/10/10/10/10/K9 b - - - 0 1");
    assert_eq!(g.outcome(), draw(EndReason::Stalemate));
}

#[test]
fn threefold_repetition_draws() {
    let mut g = Game::new(&variant("chess"));
    play(&mut g, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    play(&mut g, "g1f3 g8f6 f3g1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "f6g8");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), draw(EndReason::Repetition));
    assert!(g.play_lmn("e2e4").is_err(), "no move after the game ended");
    // Undo reopens the game.
    g.undo();
    assert_eq!(g.outcome(), None);
}

/// Repetition compares whole positions (§0), castling rights and
/// en-passant targets included: a start, a first move, a cycle of four
/// plies repeated, and the VFEN after the first move (if any).
#[test]
fn repetition_counts_castling_rights_and_en_passant_targets() {
    let cases = [
        // The start board returns after plies 4 and 8, but the kings have
        // lost their castling rights, so it is not the same position. The
        // first position seen three times is the one after ply 2 (plies 2,
        // 6, 10).
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w AHah - - 0 1",
            None,
            ["e1d1", "e8d8", "d1e1", "d8e8"],
        ),
        // After e2e4 the black d4 pawn may take en passant: that position
        // (ply 1) differs from the same board later (plies 5, 9). The first
        // triple is the position after ply 2 (plies 2, 6, 10).
        (
            "4k3/8/8/8/3p4/8/4P3/4K3 w - - - 0 1",
            Some(("e2e4", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 - 0 1")),
            ["e8d8", "e1d1", "d8e8", "d1e1"],
        ),
    ];
    for (start, first, cycle) in cases {
        let mut g = game("chess", start);
        let mut ply = 0;
        if let Some((m, vfen)) = first {
            play(&mut g, m);
            assert_eq!(g.position().to_vfen(), vfen);
            ply = 1;
        }
        for m in cycle.iter().cycle().take(10 - ply) {
            play(&mut g, m);
            ply += 1;
            let expected = if ply == 10 {
                draw(EndReason::Repetition)
            } else {
                None
            };
            assert_eq!(g.outcome(), expected, "{start}: after ply {ply}");
        }
    }
}

/// The 100-ply rule (§0): a start, moves, the half-move clock after them
/// and the outcome. Captures and pawn moves reset the count, castling does
/// not; a mate on the hundredth ply still wins (FIDE, the rule book's
/// fallback).
#[test]
fn hundred_ply_rule() {
    let cases = [
        ("4k3/8/8/8/8/8/4P3/R3K3 w - - - 98 60", "a1a2", 99, None),
        (
            "4k3/8/8/8/8/8/4P3/R3K3 w - - - 98 60",
            "a1a2 e8d8",
            100,
            draw(EndReason::HundredPly),
        ),
        ("4k3/8/8/8/8/8/4P3/R3K3 w - - - 99 60", "e2e3", 0, None),
        ("4k3/8/8/8/8/8/r3P3/R3K3 w - - - 99 60", "a1a2", 0, None),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w AHah - - 99 80",
            "e1g1,h1f1",
            100,
            draw(EndReason::HundredPly),
        ),
        (
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - - 99 80",
            "a1a8",
            100,
            mate(Color::White),
        ),
    ];
    for (start, moves, clock, outcome) in cases {
        let mut g = game("chess", start);
        play(&mut g, moves);
        assert_eq!(g.position().halfmove_clock(), clock, "{start}: {moves}");
        assert_eq!(g.outcome(), outcome, "{start}: {moves}");
    }
    assert_eq!(
        draw(EndReason::HundredPly).map(|o| o.result_text()),
        Some("1/2-1/2 100-ply".to_string())
    );
}

#[test]
fn bare_kings_draw() {
    let mut g = game("chess", "4k3/8/8/8/8/8/3q4/4K3 w - - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "e1d2");
    assert_eq!(g.outcome(), draw(EndReason::Insufficient));
    assert_eq!(
        g.outcome().map(|o| o.result_text()),
        Some("1/2-1/2 insufficient".to_string())
    );
    for (id, vfen) in [
        ("grand", "4k5/10/10/10/10/10/10/10/10/4K5 w - - - 0 1"),
        ("embassy", "4k5/10/10/10/10/10/10/4K5 b - - - 0 1"),
    ] {
        assert_eq!(
            game(id, vfen).outcome(),
            draw(EndReason::Insufficient),
            "{id}"
        );
    }
}

#[test]
fn a_king_with_any_other_piece_is_not_bare_kings() {
    for vfen in [
        "4k3/8/8/8/8/8/8/4KN2 w - - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 b - - - 0 1",
        "4kb2/8/8/8/8/8/8/4K3 w - - - 0 1",
    ] {
        assert_eq!(game("chess", vfen).outcome(), None, "{vfen}");
    }
}

#[test]
fn bare_kings_with_pieces_in_hand_play_on() {
    let kings = "****2****/4k5/10/10/10/10/10/10/10/10/4K5/****2****";
    assert_eq!(
        game("holygrail", &format!("{kings} w - - - 0 1")).outcome(),
        draw(EndReason::Insufficient)
    );
    let g = game("holygrail", &format!("{kings} w - - J 0 1"));
    assert_eq!(g.outcome(), None);
    assert!(legal(g.position()).contains("J@e2"));
}

#[test]
fn pawn_moves_forward_and_captures_diagonally_forward_only() {
    // No capture backwards (d3), none straight ahead.
    let p = pos("chess", "4k3/8/8/3p1p2/4P3/3n4/8/7K w - - - 0 1");
    assert_eq!(legal_from(&p, "e4"), set("e4e5 e4d5 e4f5"));
    let p = pos("chess", "4k3/8/8/4p3/4P3/8/8/7K w - - - 0 1");
    assert_eq!(legal_from(&p, "e4"), set(""));
}

#[test]
fn pawn_double_step_only_from_the_start_rank_over_empty_squares() {
    let p = pos("chess", "4k3/8/8/8/2n5/1n1P4/PPP5/4K3 w - - - 0 1");
    let pawns: BTreeSet<String> = ["a2", "b2", "c2", "d3"]
        .iter()
        .flat_map(|s| legal_from(&p, s))
        .collect();
    assert_eq!(pawns, set("a2a3 a2a4 a2b3 c2c3 c2b3 d3d4 d3c4"));
}

// ====================================================================== §1

#[test]
fn chess_start_position_has_the_twenty_moves() {
    let p = variant("chess").start_position();
    let pawns: String = "abcdefgh"
        .chars()
        .map(|f| format!("{f}2{f}3 {f}2{f}4 "))
        .collect();
    assert_eq!(legal(&p), set(&format!("{pawns} b1a3 b1c3 g1f3 g1h3")));
}

/// En passant as in chess (§1, and §2, §3 for Grand and Embassy): a start,
/// a double step, the VFEN after it, the pawn that may take and its moves,
/// the capture, and the VFEN after it (the pawn passed over is gone).
#[test]
fn en_passant_capture_removes_the_pawn() {
    let cases = [
        (
            "chess",
            "4k3/8/8/8/3p4/8/4P3/4K3 w - - - 0 1",
            "e2e4",
            "4k3/8/8/8/3pP3/8/8/4K3 b - e3 - 0 1",
            ("d4", "d4d3 d4e3"),
            "d4e3",
            "4k3/8/8/8/8/4p3/8/4K3 w - - - 0 2",
        ),
        // Grand: the double step from rank 3 over e4.
        (
            "grand",
            "4k5/10/10/10/10/3p6/10/4P5/10/4K5 w - - - 0 1",
            "e3e5",
            "4k5/10/10/10/10/3pP5/10/10/10/4K5 b - e4 - 0 1",
            ("d5", "d5d4 d5e4"),
            "d5e4",
            "4k5/10/10/10/10/10/4p5/10/10/4K5 w - - - 0 2",
        ),
        // Embassy: Black's double step, White takes.
        (
            "embassy",
            "4k5/5p4/10/4P5/10/10/10/4K5 b - - - 0 1",
            "f7f5",
            "4k5/10/10/4Pp4/10/10/10/4K5 w - f6 - 0 2",
            ("e5", "e5e6 e5f6"),
            "e5f6",
            "4k5/10/5P4/10/10/10/10/4K5 b - - - 0 2",
        ),
    ];
    for (id, start, step, stepped, (taker, its_moves), capture, taken) in cases {
        let mut g = game(id, start);
        play(&mut g, step);
        assert_eq!(g.position().to_vfen(), stepped, "{id}");
        assert_eq!(legal_from(g.position(), taker), set(its_moves), "{id}");
        play(&mut g, capture);
        assert_eq!(g.position().to_vfen(), taken, "{id}");
    }
}

/// Promotion on the last rank (§1: Q R B N; §3 Embassy: any piece of its
/// army, with no limit, unlike Grand): position, pawn, its moves.
#[test]
fn promotion_lists_of_chess_and_embassy() {
    let cases = [
        (
            "chess",
            "r3k3/1P6/8/8/8/8/8/4K3 w - - - 0 1",
            "b7",
            "b7b8=Q b7b8=R b7b8=B b7b8=N b7a8=Q b7a8=R b7a8=B b7a8=N",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/6p1/K7 b - - - 0 1",
            "g2",
            "g2g1=Q g2g1=R g2g1=B g2g1=N",
        ),
        // The whole army is still on the board.
        (
            "embassy",
            "4k5/1P8/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR w - - - 0 1",
            "b7",
            "b7b8=Q b7b8=R b7b8=B b7b8=N b7b8=M b7b8=C",
        ),
        (
            "embassy",
            "rnbqkmcbnr/pppppppppp/10/10/10/10/6p3/4K5 b - - - 0 1",
            "g2",
            "g2g1=Q g2g1=R g2g1=B g2g1=N g2g1=M g2g1=C",
        ),
    ];
    for (id, vfen, pawn, expected) in cases {
        assert_eq!(
            legal_from(&pos(id, vfen), pawn),
            set(expected),
            "{id} {vfen}"
        );
    }
}

#[test]
fn en_passant_only_on_the_very_next_ply() {
    let mut g = game("chess", "4k3/8/8/8/3p4/8/4P3/4K3 w - - - 0 1");
    play(&mut g, "e2e4 e8d8 e1d1");
    assert_eq!(legal_from(g.position(), "d4"), set("d4d3"));
    // A single step gives no right either.
    let mut g = game("chess", "4k3/8/8/8/8/3p4/4P3/4K3 w - - - 0 1");
    play(&mut g, "e2e3");
    assert_eq!(legal_from(g.position(), "d3"), set("d3d2"));
}

#[test]
fn en_passant_may_capture_the_pawn_that_gives_check() {
    let mut g = game("chess", "8/3p4/8/4P3/4K3/8/8/7k b - - - 0 1");
    play(&mut g, "d7d5");
    let p = g.position();
    assert!(p.in_check());
    // King steps (d5 captures the checker), or e5xd6 en passant; e5e6 does not help.
    assert_eq!(legal(p), set("e4d3 e4e3 e4f3 e4d4 e4f4 e4f5 e4d5 e5d6"));
}

#[test]
fn en_passant_that_exposes_the_king_is_illegal() {
    // Taking c5 en passant would clear the fifth rank between the rook and the king.
    let p = pos("chess", "8/8/8/KPp4r/8/8/8/7k w - c6 - 0 1");
    assert_eq!(legal(&p), set("a5a4 a5a6 a5b6 b5b6"));
}

/// Castling conditions (docs/rules.md §1 chess, §3 Embassy's three-square king
/// move): the position, squares the side not to move attacks there (the
/// premise of the row), the legal castlings, and why.
const CASTLING: &[(&str, &str, &str, &str, &str)] = &[
    (
        "chess",
        "r3k2r/8/8/8/8/8/8/R3K2R w AHah - - 0 1",
        "",
        "e1g1,h1f1 e1c1,a1d1",
        "both ways when the paths are clear",
    ),
    (
        "chess",
        "r3k2r/8/8/8/8/8/8/R3K2R b AHah - - 0 1",
        "",
        "e8g8,h8f8 e8c8,a8d8",
        "Black alike",
    ),
    (
        "chess",
        "4kr2/8/8/8/8/8/8/R3K2R w AH - - 0 1",
        "f1",
        "e1c1,a1d1",
        "the king may not cross f1",
    ),
    (
        "chess",
        "3rk3/8/8/8/8/8/8/R3K2R w AH - - 0 1",
        "d1",
        "e1g1,h1f1",
        "the king may not cross d1",
    ),
    (
        "chess",
        "4k1r1/8/8/8/8/8/8/R3K2R w AH - - 0 1",
        "g1",
        "e1c1,a1d1",
        "the king may not land on g1",
    ),
    (
        "chess",
        "2r1k3/8/8/8/8/8/8/R3K2R w AH - - 0 1",
        "c1",
        "e1g1,h1f1",
        "the king may not land on c1",
    ),
    (
        "chess",
        "4k3/8/8/4r3/8/8/8/R3K2R w AH - - 0 1",
        "e1",
        "",
        "no castling out of check",
    ),
    (
        "chess",
        "1r2k3/8/8/8/8/8/8/R3K2R w AH - - 0 1",
        "b1",
        "e1g1,h1f1 e1c1,a1d1",
        "only the rook crosses the attacked b1",
    ),
    (
        "chess",
        "4k3/8/8/8/8/8/8/RN2K2R w AH - - 0 1",
        "",
        "e1g1,h1f1",
        "a knight between king and rook",
    ),
    (
        "chess",
        "4k3/8/8/8/8/8/8/R3K1NR w AH - - 0 1",
        "",
        "e1c1,a1d1",
        "a knight between king and rook",
    ),
    (
        "embassy",
        "r3k4r/10/10/10/10/10/10/R3K4R w AJaj - - 0 1",
        "",
        "e1h1,j1g1 e1b1,a1c1",
        "both ways when the paths are clear",
    ),
    (
        "embassy",
        "r3k4r/10/10/10/10/10/10/R3K4R b AJaj - - 0 1",
        "",
        "e8h8,j8g8 e8b8,a8c8",
        "Black alike",
    ),
    (
        "embassy",
        "4kr4/10/10/10/10/10/10/R3K4R w AJ - - 0 1",
        "f1",
        "e1b1,a1c1",
        "the king crosses f1 and g1 to reach h1",
    ),
    (
        "embassy",
        "4k1r3/10/10/10/10/10/10/R3K4R w AJ - - 0 1",
        "g1",
        "e1b1,a1c1",
        "the king crosses f1 and g1 to reach h1",
    ),
    (
        "embassy",
        "3rk5/10/10/10/10/10/10/R3K4R w AJ - - 0 1",
        "d1",
        "e1h1,j1g1",
        "the king crosses d1 and c1 to reach b1",
    ),
    (
        "embassy",
        "2r1k5/10/10/10/10/10/10/R3K4R w AJ - - 0 1",
        "c1",
        "e1h1,j1g1",
        "the king crosses d1 and c1 to reach b1",
    ),
    (
        "embassy",
        "4k2r2/10/10/10/10/10/10/R3K4R w AJ - - 0 1",
        "h1",
        "e1b1,a1c1",
        "the king may not land on h1",
    ),
    (
        "embassy",
        "1r2k5/10/10/10/10/10/10/R3K4R w AJ - - 0 1",
        "b1",
        "e1h1,j1g1",
        "the king may not land on b1",
    ),
    (
        "embassy",
        "r3k4r/10/10/10/4r5/10/10/R3K4R w AJ - - 0 1",
        "e1",
        "",
        "no castling out of check",
    ),
    (
        "embassy",
        "4k3r1/10/10/10/10/10/10/R3K4R w AJ - - 0 1",
        "i1",
        "e1h1,j1g1 e1b1,a1c1",
        "only the rook crosses the attacked i1",
    ),
    (
        "embassy",
        "4k5/10/10/10/10/10/10/R3K3NR w AJ - - 0 1",
        "",
        "e1b1,a1c1",
        "a knight on i1 blocks although the king stops on h1",
    ),
    (
        "embassy",
        "4k5/10/10/10/10/10/10/RB2K4R w AJ - - 0 1",
        "",
        "e1h1,j1g1",
        "a bishop on b1, where the king lands, blocks",
    ),
];

#[test]
fn castling_conditions() {
    for &(id, vfen, attacked, expected, why) in CASTLING {
        let p = pos(id, vfen);
        let them = p.side_to_move().opposite();
        for s in attacked.split_whitespace() {
            assert!(p.is_attacked(sq(&p, s), them), "{id} {vfen}: {s}");
        }
        assert_eq!(castlings(&p), set(expected), "{id} {why}: {vfen}");
    }
}

/// Castling moves and lost rights: a start, moves played, the VFEN after
/// them (castling field included) and the castlings then legal. After a
/// castling the rook that moved covers its file: the other side may not
/// castle across it (after O-O the rook on f1 covers f8, which Black's king
/// would cross; after O-O-O the rook on d1 covers d8).
const CASTLING_PLAYED: &[(&str, &str, &str, &str, &str)] = &[
    (
        "chess",
        "r3k2r/8/8/8/8/8/8/R3K2R w AHah - - 0 1",
        "e1g1,h1f1",
        "r3k2r/8/8/8/8/8/8/R4RK1 b ah - - 1 1",
        "e8c8,a8d8",
    ),
    (
        "chess",
        "r3k2r/8/8/8/8/8/8/R3K2R w AHah - - 0 1",
        "e1c1,a1d1",
        "r3k2r/8/8/8/8/8/8/2KR3R b ah - - 1 1",
        "e8g8,h8f8",
    ),
    // The king went away and came back: both its rights are gone.
    (
        "chess",
        "r3k2r/8/8/8/8/8/8/R3K2R w AHah - - 0 1",
        "e1f1 a8b8 f1e1 b8a8",
        "r3k2r/8/8/8/8/8/8/R3K2R w h - - 4 3",
        "",
    ),
    // A rook went away and came back: its right is gone.
    (
        "chess",
        "r3k2r/8/8/8/8/8/8/R3K2R w AHah - - 0 1",
        "h1h2 a8a7 h2h1 a7a8",
        "r3k2r/8/8/8/8/8/8/R3K2R w Ah - - 4 3",
        "e1c1,a1d1",
    ),
    // A rook captured on its home square.
    (
        "chess",
        "r3k2r/8/8/8/8/8/6b1/R3K2R b AHah - - 0 1",
        "g2h1",
        "r3k2r/8/8/8/8/8/8/R3K2b w Aah - - 0 2",
        "e1c1,a1d1",
    ),
    (
        "embassy",
        "r3k4r/10/10/10/10/10/10/R3K4R w AJaj - - 0 1",
        "e1h1,j1g1",
        "r3k4r/10/10/10/10/10/10/R5RK2 b aj - - 1 1",
        "e8b8,a8c8",
    ),
    (
        "embassy",
        "r3k4r/10/10/10/10/10/10/R3K4R w AJaj - - 0 1",
        "e1b1,a1c1",
        "r3k4r/10/10/10/10/10/10/1KR6R b aj - - 1 1",
        "e8h8,j8g8",
    ),
    (
        "embassy",
        "r3k4r/10/10/10/10/10/10/R3K4R b AJaj - - 0 1",
        "e8h8,j8g8",
        "r5rk2/10/10/10/10/10/10/R3K4R w AJ - - 1 2",
        "e1b1,a1c1",
    ),
    (
        "embassy",
        "r3k4r/10/10/10/10/10/10/R3K4R b AJaj - - 0 1",
        "e8b8,a8c8",
        "1kr6r/10/10/10/10/10/10/R3K4R w AJ - - 1 2",
        "e1h1,j1g1",
    ),
    (
        "embassy",
        "r3k4r/10/10/10/10/10/10/R3K4R w AJaj - - 0 1",
        "j1j2 a8a7 j2j1 a7a8",
        "r3k4r/10/10/10/10/10/10/R3K4R w Aj - - 4 3",
        "e1b1,a1c1",
    ),
    (
        "embassy",
        "r3k4r/10/10/10/10/10/10/R3K4R w AJaj - - 0 1",
        "e1d1 e8d8 d1e1 d8e8",
        "r3k4r/10/10/10/10/10/10/R3K4R w - - - 4 3",
        "",
    ),
];

#[test]
fn castling_moves_and_lost_rights() {
    for &(id, start, moves, vfen, expected) in CASTLING_PLAYED {
        let p = after(id, start, moves);
        assert_eq!(p.to_vfen(), vfen, "{id} {start}: {moves}");
        assert_eq!(castlings(&p), set(expected), "{id} {vfen}");
    }
}

// ====================================================================== §2

#[test]
fn grand_start_position_moves() {
    // Pawns from rank 3 step one or two; the back rows have room on ranks 1 and 2.
    let p = variant("grand").start_position();
    let pawns: String = "abcdefghij"
        .chars()
        .map(|f| format!("{f}3{f}4 {f}3{f}5 "))
        .collect();
    let rooks: String = "bcdefghi"
        .chars()
        .map(|f| format!("a1{f}1 j1{f}1 "))
        .collect();
    let pieces = "a1a2 j1j2 b2a4 b2c4 b2d1 i2h4 i2j4 i2g1 d2c1 d2d1 d2e1 e2d1 e2e1 e2f1 \
                  f2f1 f2e4 f2g4 f2d1 f2h1 g2f1 g2h1 g2e1 g2i1 g2f4 g2h4 c2b1 c2d1 h2g1 h2i1";
    let expected = set(&format!("{pawns} {rooks} {pieces}"));
    assert_eq!(expected.len(), 65);
    assert_eq!(legal(&p), expected);
}

#[test]
fn grand_pawn_double_step_only_from_rank_3() {
    let p = pos(
        "grand",
        "r8r/1nbqkmcbn1/pppppppppp/10/10/10/P9/1PPPPPPPPP/1NBQKMCBN1/R8R w - - - 0 1",
    );
    assert_eq!(legal_from(&p, "a4"), set("a4a5"));
    assert_eq!(legal_from(&p, "b3"), set("b3b4 b3b5"));
    let p = pos(
        "grand",
        "r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKMCBN1/R8R b - - - 0 1",
    );
    assert_eq!(legal_from(&p, "e8"), set("e8e7 e8e6"));
}

#[test]
fn grand_has_no_castling() {
    let p = pos("grand", "4k5/10/10/10/10/10/10/10/10/R3K4R w - - - 0 1");
    assert_eq!(castlings(&p), set(""));
    assert_eq!(legal_from(&p, "e1"), set("e1d1 e1f1 e1d2 e1e2 e1f2"));
}

#[test]
fn grand_marshal_and_cardinal_move_as_compounds() {
    let knight = "c4 c6 d3 d7 f3 f7 g4 g6";
    let p = pos("grand", "10/9k/10/10/10/4M5/10/10/10/1K8 w - - - 0 1");
    let rook = "a5 b5 c5 d5 f5 g5 h5 i5 j5 e1 e2 e3 e4 e6 e7 e8 e9 e10";
    let expected: String = format!("{rook} {knight}")
        .split_whitespace()
        .map(|s| format!("e5{s} "))
        .collect();
    assert_eq!(legal_from(&p, "e5"), set(&expected));
    let p = pos("grand", "10/9k/10/10/10/4C5/10/10/10/1K8 w - - - 0 1");
    let bishop = "f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1";
    let expected: String = format!("{bishop} {knight}")
        .split_whitespace()
        .map(|s| format!("e5{s} "))
        .collect();
    assert_eq!(legal_from(&p, "e5"), set(&expected));
}

#[test]
fn grand_promotion_optional_on_ranks_8_and_9() {
    let all = ["Q", "R", "B", "N", "M", "C"];
    let with = |from: &str, to: &str, plain: bool| -> BTreeSet<String> {
        let mut s: BTreeSet<String> = all.iter().map(|k| format!("{from}{to}={k}")).collect();
        if plain {
            s.insert(format!("{from}{to}"));
        }
        s
    };
    // Only a king besides the pawn: every piece is below its initial count.
    let p = pos("grand", "4k5/10/10/3P6/10/10/10/10/10/4K5 w - - - 0 1");
    assert_eq!(legal_from(&p, "d7"), with("d7", "d8", true));
    let p = pos("grand", "4k5/10/3P6/10/10/10/10/10/10/4K5 w - - - 0 1");
    assert_eq!(legal_from(&p, "d8"), with("d8", "d9", true));
    // Rank 10: mandatory.
    let p = pos("grand", "7k2/3P6/10/10/10/10/10/10/10/4K5 w - - - 0 1");
    assert_eq!(legal_from(&p, "d9"), with("d9", "d10", false));
    // Black alike: optional on ranks 3 and 2, mandatory on 1.
    let p = pos("grand", "4k5/10/10/10/10/10/10/3p6/10/9K b - - - 0 1");
    assert_eq!(legal_from(&p, "d3"), with("d3", "d2", true));
    let p = pos("grand", "4k5/10/10/10/10/10/10/10/3p6/9K b - - - 0 1");
    assert_eq!(legal_from(&p, "d2"), with("d2", "d1", false));
}

#[test]
fn grand_promotion_only_to_captured_pieces() {
    // White has Q, 2 R, 2 B, M but one knight and the cardinal are gone.
    let p = pos(
        "grand",
        "4n2k2/3P6/10/10/10/10/10/10/1NBQKM1B2/R8R w - - - 0 1",
    );
    assert_eq!(legal_from(&p, "d9"), set("d9d10=N d9d10=C d9e10=N d9e10=C"));
    // The queen gone as well.
    let p = pos(
        "grand",
        "4n2k2/3P6/10/10/10/10/10/10/1NB1KM1B2/R8R w - - - 0 1",
    );
    assert_eq!(
        legal_from(&p, "d9"),
        set("d9d10=Q d9d10=N d9d10=C d9e10=Q d9e10=N d9e10=C")
    );
    // On rank 8 the same limit, and staying a pawn is allowed.
    let p = pos(
        "grand",
        "4n2k2/10/3P6/10/10/10/10/10/1NBQKM1B2/R8R w - - - 0 1",
    );
    assert_eq!(legal_from(&p, "d8"), set("d8d9 d8d9=N d8d9=C"));
    // A promoted piece counts: with a second queen on the board, a queen is still not available.
    let p = pos(
        "grand",
        "4n2k2/3P6/10/10/10/10/Q9/10/1NB1KM1B2/R8R w - - - 0 1",
    );
    assert_eq!(legal_from(&p, "d9"), set("d9d10=N d9d10=C d9e10=N d9e10=C"));
}

#[test]
fn grand_no_move_to_rank_10_without_a_piece_to_become() {
    // The whole army is on the board: the d9 pawn can neither step nor capture.
    let full = "1NBQKMCBN1/R8R w - - - 0 1";
    let p = pos("grand", &format!("4n2k2/3P6/10/10/10/10/10/10/{full}"));
    assert_eq!(legal_from(&p, "d9"), set(""));
    // On rank 8 it simply stays a pawn.
    let p = pos("grand", &format!("4n2k2/10/3P6/10/10/10/10/10/{full}"));
    assert_eq!(legal_from(&p, "d8"), set("d8d9"));
    // Black alike on rank 2.
    let p = pos(
        "grand",
        "r8r/1nbqkmcbn1/10/10/10/10/10/10/3p6/1K8 b - - - 0 1",
    );
    assert_eq!(legal_from(&p, "d2"), set(""));
}

#[test]
fn grand_pawn_blocked_on_rank_9_still_gives_check() {
    // The d9 pawn cannot move (no piece to become), yet it checks the king on c10.
    let p = pos(
        "grand",
        "2k7/3P6/10/10/10/10/10/10/1NBQKMCBN1/R8R b - - - 0 1",
    );
    assert!(p.in_check());
    // d9 itself is defended by the queen on d2; c10's neighbours b10, d10, b9, c9 are free.
    assert_eq!(legal(&p), set("c10b10 c10d10 c10b9 c10c9"));
    // Black alike: the d2 pawn checks c1; d2 is defended by the queen on d9.
    let p = pos(
        "grand",
        "r8r/1nbqkmcbn1/10/10/10/10/10/10/3p6/2K7 w - - - 0 1",
    );
    assert!(p.in_check());
    assert_eq!(legal(&p), set("c1b1 c1d1 c1b2 c1c2"));
}

#[test]
fn grand_king_may_not_step_onto_a_square_a_blocked_rank_9_pawn_attacks() {
    let p = pos(
        "grand",
        "1k8/3P6/10/10/10/10/10/10/1NBQKMCBN1/R8R b - - - 0 1",
    );
    assert!(!p.in_check());
    // a10 and a9 are on the rook's file; c10 is attacked by the blocked pawn.
    assert_eq!(legal(&p), set("b10b9 b10c9"));
}

// ====================================================================== §3

#[test]
fn embassy_start_position_moves() {
    let p = variant("embassy").start_position();
    let pawns: String = "abcdefghij"
        .chars()
        .map(|f| format!("{f}2{f}3 {f}2{f}4 "))
        .collect();
    // Knights b1, i1; the Marshal (f1) and Cardinal (g1) leap like knights over the pawns.
    let pieces = "b1a3 b1c3 i1h3 i1j3 f1e3 f1g3 g1f3 g1h3";
    assert_eq!(legal(&p), set(&format!("{pawns} {pieces}")));
}
