//! Holy Grail (docs/rules.md §4, seed `000_…`): every rule statement of §4 and
//! every worked example of the seed page, each on a hand-built position.
//!
//! Positions are written as piece lists (`Kf1 y~e5 pe7`: letter, upper case
//! White, lower case Black, `~` for a locked serpent, then the square) that
//! [`board`] turns into the VFEN board field by the §4 board shape and §8
//! rules; [`pos`] also checks that the program writes the same VFEN back.
//! Every expected move list was worked out by hand from docs/rules.md, never
//! copied from the program; the sketches in the comments show the squares
//! that matter (upper case White, lower case Black, `.` empty, `#` missing).

use std::collections::BTreeSet;
use std::sync::Arc;

use chimera_rules::{
    Color, EndReason, Game, Kind, MoveKind, PieceInfo, Position, SplitMix64, Variant,
};

use crate::common::{draw, legal, legal_from, legal_where, mate, play, set, sq};

// ------------------------------------------------------------------ helpers

fn variant(opts: &[(&str, &str)]) -> Arc<Variant> {
    crate::common::variant("holygrail", opts)
}

fn hg() -> Arc<Variant> {
    variant(&[])
}

/// Whether a square of the 10 × 12 rectangle is one of §4's holes: ranks 0
/// and 11 keep only their e and f squares.
fn hole(file: usize, rank: usize) -> bool {
    (rank == 0 || rank == 11) && file != 4 && file != 5
}

/// The VFEN board field (rank 11 first) holding exactly `pieces`.
fn board(pieces: &str) -> String {
    let mut grid: Vec<Vec<String>> = vec![vec![String::new(); 10]; 12];
    for token in pieces.split_whitespace() {
        let letter = &token[..1];
        let (locked, square) = match token[1..].strip_prefix('~') {
            Some(rest) => (true, rest),
            None => (false, &token[1..]),
        };
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..]
            .parse()
            .unwrap_or_else(|_| panic!("bad square in '{token}'"));
        assert!(
            file < 10 && rank < 12 && !hole(file, rank),
            "'{token}': {square} is not a square"
        );
        assert!(
            grid[rank][file].is_empty(),
            "'{token}': {square} listed twice"
        );
        grid[rank][file] = format!("{letter}{}", if locked { "~" } else { "" });
    }
    let mut ranks = Vec::new();
    for rank in (0..12).rev() {
        let mut text = String::new();
        let mut run = 0;
        for (file, cell) in grid[rank].iter().enumerate() {
            if !hole(file, rank) && cell.is_empty() {
                run += 1;
                continue;
            }
            if run > 0 {
                text.push_str(&run.to_string());
                run = 0;
            }
            text.push_str(if hole(file, rank) { "*" } else { cell });
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// A position of variant `v`: `pieces` on the board, then the other six VFEN
/// fields. The program must write the very same VFEN back.
fn pos_in(v: &Arc<Variant>, pieces: &str, rest: &str) -> Position {
    let text = format!("{} {rest}", board(pieces));
    let p = Position::from_vfen(v, &text).unwrap_or_else(|e| panic!("'{text}': {e}"));
    assert_eq!(p.to_vfen(), text, "VFEN round trip");
    p
}

/// A position of the default variant (`drops=full`, stealth gryphons).
fn pos(pieces: &str, rest: &str) -> Position {
    pos_in(&hg(), pieces, rest)
}

/// White to move, no rights, nothing in hand.
fn white(pieces: &str) -> Position {
    pos(pieces, "w - - - 0 1")
}

/// Black to move, no rights, nothing in hand.
fn black(pieces: &str) -> Position {
    pos(pieces, "b - - - 0 1")
}

/// `base=X` for every letter X of `letters` (a promotion list).
fn promos(base: &str, letters: &str) -> String {
    letters.chars().map(|l| format!("{base}={l} ")).collect()
}

/// §4 promotion lists: `drops=full`; `drops=ninjas-serpent`; `ninjas`/`none`.
const FULL: &str = "QBWFRCTIGAYXOV";
const SERPENT: &str = "QBWFRCTGAYXOV";
const PLAIN: &str = "QBWFRCT";

fn legal_of_kind(p: &Position, kind: MoveKind) -> BTreeSet<String> {
    legal_where(p, |m| m.kind() == kind)
}

/// Legal drops made on square `on` (before any push).
fn drops_on(p: &Position, on: &str) -> BTreeSet<String> {
    let s = sq(p, on);
    legal_where(p, |m| p.drop_square(m) == Some(s))
}

fn game(p: &Position) -> Game {
    Game::from_vfen(p.variant(), &p.to_vfen()).expect("valid VFEN")
}

fn at(p: &Position, name: &str) -> Option<PieceInfo> {
    p.piece_at(sq(p, name))
}

fn piece(color: Color, kind: Kind) -> Option<PieceInfo> {
    Some(PieceInfo {
        color,
        kind,
        locked: false,
    })
}

fn locked(color: Color, kind: Kind) -> Option<PieceInfo> {
    Some(PieceInfo {
        color,
        kind,
        locked: true,
    })
}

/// VFEN field `i` (0 = board … 6 = full-move number).
fn field(p: &Position, i: usize) -> String {
    p.to_vfen()
        .split(' ')
        .nth(i)
        .expect("seven fields")
        .to_string()
}

// ------------------------------------------------------------ board, setup

/// §4 Board: ranks 1–10 complete plus e0 f0 e11 f11; the rest of ranks 0
/// and 11 is missing.
#[test]
fn board_is_ranks_1_to_10_plus_e0_f0_e11_f11() {
    let v = hg();
    assert_eq!(v.squares().count(), 104);
    for name in ["e0", "f0", "e11", "f11", "a1", "j1", "a10", "j10"] {
        assert!(v.parse_square(name).is_some(), "{name} exists");
    }
    for file in ["a", "b", "c", "d", "g", "h", "i", "j"] {
        for rank in ["0", "11"] {
            assert!(
                v.parse_square(&format!("{file}{rank}")).is_none(),
                "{file}{rank} is missing"
            );
        }
    }
    // A piece or an empty run on a missing square is not a VFEN.
    let on_d0 = "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/***TT***** w BIbi - JJJJISjjjjis 0 1";
    assert!(Position::from_vfen(&v, on_d0).is_err());
    let run_over_holes = "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/10 w BIbi - JJJJISjjjjis 0 1";
    assert!(Position::from_vfen(&v, run_over_holes).is_err());
}

const START: &str = "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJISjjjjis 0 1";

/// §4 Setup, §8 start position, and the first moves it allows.
#[test]
fn setup_start_position_and_its_38_first_moves() {
    let v = hg();
    let start = v.start_position();
    assert_eq!(start.to_vfen(), START);
    assert_eq!(at(&start, "a1"), piece(Color::White, Kind::Champion));
    assert_eq!(at(&start, "c1"), piece(Color::White, Kind::WazirKnight));
    assert_eq!(at(&start, "h1"), piece(Color::White, Kind::FerzKnight));
    assert_eq!(at(&start, "f1"), piece(Color::White, Kind::King));
    assert_eq!(at(&start, "e0"), piece(Color::White, Kind::Templar));
    assert_eq!(at(&start, "f11"), piece(Color::Black, Kind::Templar));
    assert_eq!(at(&start, "e10"), piece(Color::Black, Kind::Queen));
    // Every pawn 1, 2 or 3 squares; W c1 and F h1 leap to b3 d3 / g3 i3;
    // Champions a1, j1 leap over their pawns to a3, c3 / j3, h3. Everything
    // else is boxed in, rank 2 and e0/f0 are full, so no drop.
    let mut white_moves: String = "abcdefghij"
        .chars()
        .map(|f| format!("{f}2{f}3 {f}2{f}4 {f}2{f}5 "))
        .collect();
    white_moves.push_str("c1b3 c1d3 h1g3 h1i3 a1a3 a1c3 j1j3 j1h3");
    assert_eq!(legal(&start), set(&white_moves));
    // Black mirrors on the same files.
    let black_start = Position::from_vfen(&v, &START.replace(" w ", " b ")).unwrap();
    let mut black_moves: String = "abcdefghij"
        .chars()
        .map(|f| format!("{f}9{f}8 {f}9{f}7 {f}9{f}6 "))
        .collect();
    black_moves.push_str("c10b8 c10d8 h10g8 h10i8 a10a8 a10c8 j10j8 j10h8");
    assert_eq!(legal(&black_start), set(&black_moves));
}

/// §4 Drops table: what each `drops` value puts in hand (§8 hand field).
#[test]
fn drops_option_sets_the_hand() {
    for (value, hand) in [
        ("full", "JJJJISjjjjis"),
        ("ninjas-serpent", "JJJJSjjjjs"),
        ("ninjas", "JJJJjjjj"),
        ("none", "-"),
    ] {
        let v = variant(&[("drops", value)]);
        let start = v.start_position();
        assert_eq!(field(&start, 4), hand, "drops={value}");
        assert_eq!(start.legal_moves().len(), 38, "drops={value}");
    }
}

/// §4 Options: `setup=swapped` puts Templars on a1/j1 (a10/j10) and
/// Champions on e0/f0 (e11/f11).
#[test]
fn setup_swapped_exchanges_champions_and_templars() {
    let swapped = variant(&[("setup", "swapped")]);
    assert_eq!(
        swapped.start_position().to_vfen(),
        "****cc****/trwbqkbfrt/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/TRWBQKBFRT/****CC**** w BIbi - JJJJISjjjjis 0 1"
    );
    // After b2-b5 the corner piece shows what it is: a Champion cannot step
    // diagonally to b2, a Templar can (and both leap to a3 and c3).
    let standard = "****tt****/crwbqkbfrc/pppppppppp/10/10/10/1P8/10/10/P1PPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJISjjjjis 0 1";
    let p = Position::from_vfen(&hg(), standard).unwrap();
    assert_eq!(legal_from(&p, "a1"), set("a1a3 a1c3"));
    let with_templars = standard
        .replace('c', "x")
        .replace('t', "c")
        .replace('x', "t");
    let with_templars = with_templars
        .replace('C', "X")
        .replace('T', "C")
        .replace('X', "T");
    let p = Position::from_vfen(&swapped, &with_templars).unwrap();
    assert_eq!(at(&p, "a1"), piece(Color::White, Kind::Templar));
    assert_eq!(at(&p, "e0"), piece(Color::White, Kind::Champion));
    assert_eq!(legal_from(&p, "a1"), set("a1a3 a1b2 a1c3"));
}

// ------------------------------------------------------------ plain pieces

/// §4 Champion: W + D + A, never one diagonal step; leaps ignore what is
/// jumped.
#[test]
fn champion_steps_orthogonally_and_leaps_two_orthogonally_or_diagonally() {
    //   7  . . c . P . r      c7 A-leap, e6 own pawn jumped to e7,
    //   6  . . . . P . .      g7 black rook captured by the A-leap,
    //   5  . . c C c . .      c3 own bishop: no move there
    //   3  . . B . . . g
    //      a b c d e f g
    let p = white("Ce5 Pe6 Bc3 rg7 Ka1 kj10");
    assert_eq!(
        legal_from(&p, "e5"),
        set("e5d5 e5f5 e5e4 e5c5 e5g5 e5e3 e5e7 e5g3 e5c7 e5g7")
    );
    // On f0: e0 and f1 one step; f2 leap; d2 h2 diagonal leaps; g0, d0, h0
    // are missing.
    let p = white("Cf0 Ka1 kj10");
    assert_eq!(legal_from(&p, "f0"), set("f0e0 f0f1 f0f2 f0d2 f0h2"));
}

/// §4 Battle Templar: F + A + D, never one orthogonal step.
#[test]
fn templar_steps_diagonally_and_leaps_two_diagonally_or_orthogonally() {
    //   7  . . . . p . w      e7 black pawn captured by the D-leap,
    //   6  . . . . . P .      g7 black Wazir-Knight captured by the A-leap over f6
    //   5  . . . . T . .
    let p = white("Te5 Pf6 wg7 pe7 Ka1 kj10");
    assert_eq!(
        legal_from(&p, "e5"),
        set("e5d4 e5f4 e5d6 e5c3 e5g3 e5c7 e5g7 e5c5 e5g5 e5e3 e5e7")
    );
    // From e0 (its start square): d1 f1 steps, c2 g2 and e2 leaps; c0 g0 missing.
    let p = white("Te0 Ka1 kj10");
    assert_eq!(legal_from(&p, "e0"), set("e0d1 e0f1 e0c2 e0g2 e0e2"));
}

/// §4 Wazir-Knight: one orthogonal step + knight leap.
#[test]
fn wazir_knight_steps_orthogonally_and_leaps_as_a_knight() {
    // e6 black pawn captured by the step; d7 own pawn blocks that leap.
    let p = white("We5 Pd7 pe6 Ka1 kj10");
    assert_eq!(
        legal_from(&p, "e5"),
        set("e5d5 e5f5 e5e4 e5e6 e5f7 e5c6 e5g6 e5c4 e5g4 e5d3 e5f3")
    );
    // From c1 the knight leap (2,-1) reaches e0; a0 and c0 are missing.
    let p = white("Wc1 Ka5 kj10");
    assert_eq!(
        legal_from(&p, "c1"),
        set("c1b1 c1d1 c1c2 c1b3 c1d3 c1a2 c1e2 c1e0")
    );
}

/// §4 Ferz-Knight: one diagonal step + knight leap.
#[test]
fn ferz_knight_steps_diagonally_and_leaps_as_a_knight() {
    // f6 black pawn captured by the step; g6 own pawn blocks that leap.
    let p = white("Fe5 pf6 Pg6 Ka1 kj10");
    assert_eq!(
        legal_from(&p, "e5"),
        set("e5d4 e5f4 e5d6 e5f6 e5d7 e5f7 e5c6 e5c4 e5g4 e5d3 e5f3")
    );
    // From h1 the leap (-2,-1) reaches f0; g0 i0 j0 are missing.
    let p = white("Fh1 Ka5 kj10");
    assert_eq!(
        legal_from(&p, "h1"),
        set("h1g2 h1i2 h1g3 h1i3 h1f2 h1j2 h1f0")
    );
}

/// §4 Queen, Rook, Bishop as in chess; §0 a missing square ends a slide.
#[test]
fn queen_rook_bishop_slide_as_in_chess_and_stop_at_missing_squares() {
    // Rook e0: f0 then g0 is missing; d0 missing; the e-file to e11.
    let p = white("Re0 Ka1 kj10");
    assert_eq!(
        legal_from(&p, "e0"),
        set("e0f0 e0e1 e0e2 e0e3 e0e4 e0e5 e0e6 e0e7 e0e8 e0e9 e0e10 e0e11")
    );
    // Bishop g2: f1 e0 then off the board; h1 then i0 is missing.
    let p = white("Bg2 Ka1 kj10");
    assert_eq!(
        legal_from(&p, "g2"),
        set("g2f1 g2e0 g2h1 g2f3 g2e4 g2d5 g2c6 g2b7 g2a8 g2h3 g2i4 g2j5")
    );
    // Queen e1: all of rank 1, e0, f0 (d0 missing), the e-file, two diagonals.
    let p = white("Qe1 Ka10 kj10");
    assert_eq!(
        legal_from(&p, "e1"),
        set("e1a1 e1b1 e1c1 e1d1 e1f1 e1g1 e1h1 e1i1 e1j1 e1e0 e1f0 \
             e1e2 e1e3 e1e4 e1e5 e1e6 e1e7 e1e8 e1e9 e1e10 e1e11 \
             e1d2 e1c3 e1b4 e1a5 e1f2 e1g3 e1h4 e1i5 e1j6")
    );
}

/// §4 King (royal) and Crown Prince (moves like a king, not royal, can be
/// captured).
#[test]
fn crown_prince_moves_like_a_king_but_is_not_royal_and_can_be_captured() {
    // The black rook on e8 attacks e7 e6 e5 and, through e5, e4.
    let p = white("Ie5 re8 Ka1 kj10");
    assert!(!p.in_check());
    assert_eq!(
        legal_from(&p, "e5"),
        set("e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6")
    );
    let p = black("Ie5 re8 Ka1 kj10");
    assert!(legal_from(&p, "e8").contains("e8e5"));
    // A king there is in check and may not stay on the e-file.
    let p = white("Ke5 re8 kj10");
    assert!(p.in_check());
    assert_eq!(legal_from(&p, "e5"), set("e5d4 e5d5 e5d6 e5f4 e5f5 e5f6"));
}

// -------------------------------------------------------------------- pawns

/// §4 Pawn: from its start rank 1, 2 or 3 empty squares forward.
#[test]
fn pawn_first_move_is_one_two_or_three_squares() {
    // c4 black Wazir-Knight: the c-pawn has only its single step.
    let p = white("Pe2 Pc2 wc4 Ka1 kj10");
    assert_eq!(legal_from(&p, "e2"), set("e2e3 e2e4 e2e5"));
    assert_eq!(legal_from(&p, "c2"), set("c2c3"));
    let p = black("pd9 Ka1 kj10");
    assert_eq!(legal_from(&p, "d9"), set("d9d8 d9d7 d9d6"));
}

/// §4 Pawn: on rank 3 / 8 — reached by one step or by a capture from the
/// start — 1 or 2 squares (seed: f2xg3 then g3-g5).
#[test]
fn pawn_on_rank_3_moves_one_or_two_squares_also_after_a_capture() {
    let p = white("Pe3 Ka1 kj10");
    assert_eq!(legal_from(&p, "e3"), set("e3e4 e3e5"));
    let p = black("pd8 Ka1 kj10");
    assert_eq!(legal_from(&p, "d8"), set("d8d7 d8d6"));
    let mut p = white("Pf2 wg3 Ka1 kj10");
    assert_eq!(legal_from(&p, "f2"), set("f2f3 f2f4 f2f5 f2g3"));
    play(&mut p, "f2g3 j10j9");
    assert_eq!(legal_from(&p, "g3"), set("g3g4 g3g5"));
}

/// §4 Pawn: no pawn move ends beyond the centre rank (5 / 6) unless it is a
/// single step.
#[test]
fn pawn_multi_square_move_never_ends_beyond_the_centre() {
    let p = white("Pe4 Pg5 Ka1 kj10");
    assert_eq!(legal_from(&p, "e4"), set("e4e5"));
    assert_eq!(legal_from(&p, "g5"), set("g5g6"));
    let p = black("pb7 pd6 Ka1 kj10");
    assert_eq!(legal_from(&p, "b7"), set("b7b6"));
    assert_eq!(legal_from(&p, "d6"), set("d6d5"));
}

/// §0/§4 Pawn: captures one square diagonally forward, never straight or
/// backward.
#[test]
fn pawn_captures_one_square_diagonally_forward() {
    //   5  . . . p p w      e5 blocks, d5 and f5 are taken,
    //   4  . . . . P .      d3 behind is not
    //   3  . . . r . .
    let p = white("Pe4 pd5 pe5 wf5 rd3 Ka10 kj10");
    assert_eq!(legal_from(&p, "e4"), set("e4d5 e4f5"));
}

/// §4 Promotion: mandatory on rank 10 / 1, to Q B W F R C T, plus I only
/// with `drops=full`, plus the six serpent forms with `full` or
/// `ninjas-serpent`.
#[test]
fn pawn_promotes_on_the_last_rank_to_the_list_of_the_drops_option() {
    for (value, list) in [
        ("full", FULL),
        ("ninjas-serpent", SERPENT),
        ("ninjas", PLAIN),
        ("none", PLAIN),
    ] {
        let v = variant(&[("drops", value)]);
        // e10 empty, d10 black Wazir-Knight.
        let p = pos_in(&v, "Pe9 wd10 Ka1 kj10", "w - - - 0 1");
        let expected = promos("e9e10", list) + &promos("e9d10", list);
        assert_eq!(legal_from(&p, "e9"), set(&expected), "drops={value}");
        // Black promotes on rank 1: d1 empty, e1 white rook.
        let p = pos_in(&v, "pd2 Re1 Ka1 kj10", "b - - - 0 1");
        let expected = promos("d2d1", list) + &promos("d2e1", list);
        assert_eq!(legal_from(&p, "d2"), set(&expected), "drops={value}");
    }
    // No pawn may stand on its promotion rank.
    assert!(
        Position::from_vfen(&hg(), &format!("{} w - - - 0 1", board("Pe10 Ka1 kj10"))).is_err()
    );
    assert!(Position::from_vfen(&hg(), &format!("{} w - - - 0 1", board("pd1 Ka5 kj10"))).is_err());
}

/// §4 Promotion to a serpent form: locked as after a drop (§8 `d9d10=O`).
#[test]
fn pawn_promoted_to_a_serpent_form_is_locked_until_it_moves() {
    let mut p = white("Pd9 Ka1 kj5");
    play(&mut p, "d9d10=O");
    assert_eq!(at(&p, "d10"), locked(Color::White, Kind::Cannon));
    assert_eq!(field(&p, 0).split('/').nth(1), Some("3O~6"));
    play(&mut p, "j5j4");
    assert!(legal_of_kind(&p, MoveKind::Mutate).is_empty());
    play(&mut p, "d10d8 j4j5");
    assert_eq!(at(&p, "d8"), piece(Color::White, Kind::Cannon));
    assert_eq!(
        legal_of_kind(&p, MoveKind::Mutate),
        set("d8~G d8~A d8~Y d8~X d8~V")
    );
}

// ------------------------------------------------------------- en passant

/// §4 En passant: after a 3-square move *each* passed square is a target;
/// the capture removes the pawn that moved (seed: a2-a5 with black pawns
/// on b4 and b5).
#[test]
fn en_passant_on_each_square_a_three_square_move_passed() {
    //   5  . p        a2-a5 passes a3 and a4:
    //   4  . p        b4 takes on a3, b5 takes on a4
    //   2  P .
    let mut p = white("Pa2 pb4 pb5 Kj1 kj10");
    play(&mut p, "a2a5");
    assert_eq!(field(&p, 3), "a3,a4");
    assert_eq!(legal_from(&p, "b4"), set("b4b3 b4a3"));
    assert_eq!(legal_from(&p, "b5"), set("b5a4"));
    let mut q = p.clone();
    play(&mut q, "b4a3");
    assert_eq!(at(&q, "a5"), None);
    assert_eq!(at(&q, "a3"), piece(Color::Black, Kind::Pawn));
    play(&mut p, "b5a4");
    assert_eq!(at(&p, "a5"), None);
    assert_eq!(at(&p, "a4"), piece(Color::Black, Kind::Pawn));
}

/// §4 En passant, seed examples: a2-a4 passes a3 only; a3-a5 (second move)
/// passes a4 only.
#[test]
fn en_passant_after_two_square_moves_from_rank_2_and_rank_3() {
    let mut p = white("Pa2 pb4 Kj1 kj10");
    play(&mut p, "a2a4");
    assert_eq!(field(&p, 3), "a3");
    assert_eq!(legal_from(&p, "b4"), set("b4b3 b4a3"));
    play(&mut p, "b4a3");
    assert_eq!(at(&p, "a4"), None);

    let mut p = white("Pa3 pb4 pb5 Kj1 kj10");
    play(&mut p, "a3a5");
    assert_eq!(field(&p, 3), "a4");
    assert_eq!(legal_from(&p, "b4"), set("b4b3"));
    assert_eq!(legal_from(&p, "b5"), set("b5a4"));
}

/// §4 En passant: Black's pawn too; targets listed in order (§8).
#[test]
fn en_passant_against_a_black_three_square_move() {
    //   9  . . . p .      d9-d6 passes d8, d7:
    //   7  . . P . .      c7 takes on d8, e6 takes on d7
    //   6  . . . . P
    let mut p = black("pd9 Pc7 Pe6 Kj1 kj10");
    play(&mut p, "d9d6");
    assert_eq!(field(&p, 3), "d8,d7");
    assert_eq!(legal_from(&p, "c7"), set("c7c8 c7d8"));
    assert_eq!(legal_from(&p, "e6"), set("e6e7 e6d7"));
    play(&mut p, "c7d8");
    assert_eq!(at(&p, "d6"), None);
}

/// §4 En passant: for the next ply only; §8: the targets are written only
/// when an enemy pawn is ready to take.
#[test]
fn en_passant_lasts_one_ply_and_is_written_only_when_possible() {
    let mut p = white("Pa2 pb4 pb5 Kj1 kj10");
    play(&mut p, "a2a5 j10j9 j1j2");
    assert_eq!(field(&p, 3), "-");
    assert_eq!(legal_from(&p, "b4"), set("b4b3"));
    assert_eq!(legal_from(&p, "b5"), set(""));
    let mut p = white("Pa2 pe7 Kj1 kj10");
    play(&mut p, "a2a5");
    assert_eq!(field(&p, 3), "-");
}

/// §4 En passant: ninja pawns never capture en passant.
#[test]
fn ninja_pawn_never_captures_en_passant() {
    // The black ninja on b4 (in its enemy half) may take the pawn on a4
    // sideways, step to b3 or c4, but never take on a3.
    let mut p = white("Pa2 jb4 Kj1 kj10");
    play(&mut p, "a2a4");
    assert_eq!(field(&p, 3), "-");
    assert_eq!(legal_from(&p, "b4"), set("b4b3 b4a4 b4c4"));
}

/// §4 En passant: ninja pawns are never captured en passant (seed: the
/// white pawn on f7 cannot take the ninja that went e9-e6).
#[test]
fn ninja_pawn_is_never_captured_en_passant() {
    let mut p = white("Je2 pd4 pf5 Kj1 kj10");
    play(&mut p, "e2e5");
    assert_eq!(field(&p, 3), "-");
    assert_eq!(legal_from(&p, "d4"), set("d4d3"));
    assert_eq!(legal_from(&p, "f5"), set("f5f4"));
    let mut p = black("je9 Pf7 Ka1 kj10");
    assert_eq!(legal_from(&p, "e9"), set("e9e8 e9e7 e9e6 e9d9 e9f9"));
    play(&mut p, "e9e6");
    assert_eq!(field(&p, 3), "-");
    assert_eq!(legal_from(&p, "f7"), set("f7f8"));
}

// ------------------------------------------------------------- ninja pawns

/// §4 Ninja Pawn / seed: "e2-e3, then e3-f3, it can now go f3-f5": the run
/// to the centre is allowed at any time in the own half.
#[test]
fn ninja_pawn_seed_example_e2_e3_f3_then_f3_f5() {
    let mut p = white("Je2 Ka1 kj10");
    assert_eq!(legal_from(&p, "e2"), set("e2e3 e2e4 e2e5 e2d2 e2f2"));
    play(&mut p, "e2e3 j10j9");
    assert_eq!(legal_from(&p, "e3"), set("e3e4 e3e5 e3d3 e3f3"));
    play(&mut p, "e3f3 j9j10");
    assert_eq!(legal_from(&p, "f3"), set("f3f4 f3f5 f3e3 f3g3"));
    play(&mut p, "f3f5 j10j9");
    // On the centre rank: one step forward or sideways.
    assert_eq!(legal_from(&p, "f5"), set("f5f6 f5e5 f5g5"));
    play(&mut p, "f5f6 j9j10");
    assert_eq!(legal_from(&p, "f6"), set("f6f7 f6e6 f6g6"));
}

/// §4 Ninja Pawn / seed: "the white ninja pawn at h9 can capture the bishop
/// at i9 in addition to being able to go to g9 or to promote by going to h10".
#[test]
fn ninja_pawn_seed_example_h9_takes_i9_sideways_goes_g9_or_promotes_on_h10() {
    let p = white("Jh9 bi9 Kb1 ka10");
    let expected = format!("h9g9 h9i9 {}", promos("h9h10", FULL));
    assert_eq!(legal_from(&p, "h9"), set(&expected));
}

/// §4 Ninja Pawn: in the own half a straight run of 1 to 3 empty squares,
/// never beyond the centre rank; always one step forward or sideways.
#[test]
fn ninja_pawn_runs_one_to_three_squares_in_its_own_half_up_to_the_centre() {
    let p = white("Je1 Jc3 Jh5 Ka1 kj10");
    assert_eq!(legal_from(&p, "e1"), set("e1e2 e1e3 e1e4 e1d1 e1f1"));
    assert_eq!(legal_from(&p, "c3"), set("c3c4 c3c5 c3b3 c3d3"));
    assert_eq!(legal_from(&p, "h5"), set("h5h6 h5g5 h5i5"));
    let p = black("jd10 jg6 Ka1 kj1");
    assert_eq!(
        legal_from(&p, "d10"),
        set("d10d9 d10d8 d10d7 d10c10 d10e10")
    );
    assert_eq!(legal_from(&p, "g6"), set("g6g5 g6f6 g6h6"));
    // A run needs every square empty: an enemy on d4 leaves d3 only (a run
    // is no capture).
    let p = white("Jd2 wd4 Ka1 kj10");
    assert_eq!(legal_from(&p, "d2"), set("d2d3 d2c2 d2e2"));
}

/// §4 Ninja Pawn: captures diagonally forward everywhere, sideways only in
/// the enemy half (White rank 6+, Black rank 5−), never straight ahead.
#[test]
fn ninja_pawn_captures_diagonally_and_sideways_only_in_the_enemy_half() {
    // White ninja on e5 (own half): d5 f5 enemies stay, e6 blocks, d6 taken.
    let p = white("Je5 pd5 pf5 wd6 re6 Ka1 kj10");
    assert_eq!(legal_from(&p, "e5"), set("e5d6"));
    // White ninja on e6 (enemy half): d6 taken sideways, f6 step, f7 taken.
    let p = white("Je6 rd6 wf7 be7 Ka1 kj10");
    assert_eq!(legal_from(&p, "e6"), set("e6d6 e6f6 e6f7"));
    // Black ninja on f5 (enemy half): e5 sideways, g5, f4, g4 diagonal.
    let p = black("jf5 Re5 Wg4 Kj10 ka1");
    assert_eq!(legal_from(&p, "f5"), set("f5e5 f5g5 f5f4 f5g4"));
    // Black ninja on c6 (own half, centre): b6 d6 stay, only c5.
    let p = black("jc6 Bb6 Wd6 Kj10 ka1");
    assert_eq!(legal_from(&p, "c6"), set("c6c5"));
    // A ninja on e0 (a demoted king) runs e1-e3, steps to f0 (d0 is
    // missing) and takes diagonally on d1.
    let p = white("Je0 wd1 Ka5 kj10");
    assert_eq!(legal_from(&p, "e0"), set("e0e1 e0e2 e0e3 e0f0 e0d1"));
}

/// §4 Ninja Pawn: promotes, mandatorily, when a move ends on its last rank,
/// to the pawn's list.
#[test]
fn ninja_pawn_promotes_on_reaching_the_last_rank() {
    let p = white("Je9 wd10 Ka1 kj5");
    let expected = format!(
        "e9d9 e9f9 {}{}",
        promos("e9e10", FULL),
        promos("e9d10", FULL)
    );
    assert_eq!(legal_from(&p, "e9"), set(&expected));
    let p = black("jd2 Ka5 kj10");
    let expected = format!("d2c2 d2e2 {}", promos("d2d1", FULL));
    assert_eq!(legal_from(&p, "d2"), set(&expected));
    let v = variant(&[("drops", "ninjas")]);
    let p = pos_in(&v, "Je9 Ka1 kj5", "w - - - 0 1");
    assert_eq!(
        legal_from(&p, "e9"),
        set(&format!("e9d9 e9f9 {}", promos("e9e10", PLAIN)))
    );
}

/// §4 Ninja Pawn: one standing on its last rank without having moved there
/// (a demoted king) promotes with whatever move it makes next, e11, f11, e0
/// and f0 included (seed: "on d10 must move to c10 or e10 or capture on e11").
#[test]
fn demoted_king_ninja_on_the_last_rank_promotes_with_its_next_move() {
    // d10: c10 and e10 sideways, e11 diagonal capture; d11 c11 missing.
    let p = white("Jd10 te11 Ka1 kj5");
    let expected = promos("d10c10", FULL) + &promos("d10e10", FULL) + &promos("d10e11", FULL);
    assert_eq!(legal_from(&p, "d10"), set(&expected));
    // e11: only f11 sideways.
    let p = white("Je11 Ka1 kj5");
    assert_eq!(legal_from(&p, "e11"), set(&promos("e11f11", FULL)));
    // Black on e1: d1 f1 sideways, e0 forward.
    let p = black("je1 Ka5 kj5");
    let expected = promos("e1d1", FULL) + &promos("e1f1", FULL) + &promos("e1e0", FULL);
    assert_eq!(legal_from(&p, "e1"), set(&expected));
}

// ---------------------------------------------------------------- drops

/// §4 Drops: a ninja pawn onto any empty square of rank 2 / 9, optionally
/// pushed 1–3 empty squares forward (not beyond the centre), no capture.
#[test]
fn ninja_drop_on_rank_2_with_an_optional_push_that_never_captures() {
    //   4  . . . . p . . . . .     e2 and j2 are the free drop squares;
    //   2  P P P P . P P P P .     the black pawn on e4 stops the e-push
    let p = pos(
        "Pa2 Pb2 Pc2 Pd2 Pf2 Pg2 Ph2 Pi2 pe4 Ka1 kj10",
        "w - - J 0 1",
    );
    assert_eq!(
        legal_of_kind(&p, MoveKind::Drop),
        set("J@e2 J@e2-e3 J@j2 J@j2-j3 J@j2-j4 J@j2-j5")
    );
    // Seed: "the black ninja pawn can go from e9-e6"; the white pawn on f7
    // stops the f-push; after the drop-push no en passant.
    let mut p = pos("Pf7 Ka1 kj10", "b - - j 7 1");
    assert_eq!(drops_on(&p, "e9"), set("J@e9 J@e9-e8 J@e9-e7 J@e9-e6"));
    assert_eq!(drops_on(&p, "f9"), set("J@f9 J@f9-f8"));
    assert_eq!(legal_of_kind(&p, MoveKind::Drop).len(), 9 * 4 + 2);
    play(&mut p, "J@e9-e6");
    assert_eq!(p.halfmove_clock(), 0, "§0: a drop resets the 100-ply count");
    assert_eq!(at(&p, "e6"), piece(Color::Black, Kind::NinjaPawn));
    assert_eq!(field(&p, 3), "-");
    assert_eq!(field(&p, 4), "-");
    assert_eq!(legal_from(&p, "f7"), set("f7f8"));
}

/// §4 Drops: a drop may give check or mate.
#[test]
fn ninja_drop_may_give_checkmate() {
    //   7  . . . B . . . .       J@b2-b4 checks a5; a6 b6 (rook h6),
    //   6  . . . . . . . R       b5 a4 (bishop d7) are covered, the ninja
    //   5  k . . . . . . .       on b4 is guarded by c3: mate
    //   4  . . . . . . . .
    //   3  . . P . . . . .
    //      a b c d e f g h
    let p = pos("ka5 Rh6 Bd7 Pc3 Kj1", "w - - J 0 1");
    assert!(!p.in_check() && legal(&p).contains("J@b2-b4"));
    let mut g = game(&p);
    g.play_lmn("J@b2-b4").unwrap();
    assert!(g.position().in_check());
    assert_eq!(g.outcome(), mate(Color::White));
}

/// §4 Drops: Prince and Serpent only onto empty e0/f0 (Black e11/f11); the
/// serpent as one of its six forms.
#[test]
fn prince_and_serpent_drop_only_on_e0_f0_or_e11_f11() {
    let p = pos("Tf0 Ka1 kj10", "w - - IS 0 1");
    assert_eq!(
        legal_of_kind(&p, MoveKind::Drop),
        set("I@e0 G@e0 A@e0 Y@e0 X@e0 O@e0 V@e0")
    );
    // Never as the bare serpent `S`.
    assert!(p.parse_lmn("S@e0").is_err());
    let p = pos("Ka1 kj10", "b - - is 0 1");
    assert_eq!(
        legal_of_kind(&p, MoveKind::Drop),
        set("I@e11 I@f11 G@e11 G@f11 A@e11 A@f11 Y@e11 Y@f11 X@e11 X@f11 O@e11 O@f11 V@e11 V@f11")
    );
}

/// §4 Serpent: after a drop it is locked (VFEN `~`) until it has moved.
#[test]
fn serpent_dropped_as_each_form_is_locked() {
    for (form, kind) in [
        ('G', Kind::Gryphon),
        ('A', Kind::AntiGryphon),
        ('Y', Kind::Bomber),
        ('X', Kind::Raptor),
        ('O', Kind::Cannon),
        ('V', Kind::Vao),
    ] {
        let mut p = pos("Tf0 Ka1 kj10", "w - - IS 0 1");
        play(&mut p, &format!("{form}@e0"));
        assert_eq!(at(&p, "e0"), locked(Color::White, kind));
        assert_eq!(
            field(&p, 0).rsplit('/').next(),
            Some(format!("****{form}~T****").as_str())
        );
        assert_eq!(field(&p, 4), "I");
        assert_eq!(p.hand_count(Color::White, Kind::Serpent), 0);
        play(&mut p, "j10j9");
        assert!(
            legal_of_kind(&p, MoveKind::Mutate).is_empty(),
            "{form} dropped"
        );
    }
    // Moving clears the lock: the Gryphon bends on d1 and slides c1 (skipped)
    // to b1.
    let mut p = pos("Tf0 Ka1 kj10", "w - - IS 0 1");
    play(&mut p, "G@e0 j10j9 e0b1 j9j10");
    assert_eq!(at(&p, "b1"), piece(Color::White, Kind::Gryphon));
    assert_eq!(
        legal_of_kind(&p, MoveKind::Mutate),
        set("b1~A b1~Y b1~X b1~O b1~V")
    );
}

/// §4 Drops table: `ninjas` holds ninja pawns only; `none` nothing; pieces
/// outside the option are not VFEN.
#[test]
fn drops_option_limits_what_can_be_dropped() {
    let v = variant(&[("drops", "ninjas")]);
    let p = pos_in(&v, "Ka1 kj10", "w - - JJJJ 0 1");
    let drops = legal_of_kind(&p, MoveKind::Drop);
    assert_eq!(drops.len(), 10 * 4);
    assert!(drops.iter().all(|d| d.starts_with("J@")));
    let v = variant(&[("drops", "ninjas-serpent")]);
    let p = pos_in(&v, "Ka1 kj10", "w - - S 0 1");
    assert_eq!(legal_of_kind(&p, MoveKind::Drop).len(), 2 * 6);
    let bad = |opt: &str, pieces: &str, hand: &str| {
        let v = variant(&[("drops", opt)]);
        Position::from_vfen(&v, &format!("{} w - - {hand} 0 1", board(pieces))).is_err()
    };
    assert!(bad("ninjas-serpent", "Ka1 kj10", "I"));
    assert!(bad("ninjas-serpent", "Ie5 Ka1 kj10", "-"));
    assert!(bad("ninjas", "Ka1 kj10", "S"));
    assert!(bad("ninjas", "Ge5 Ka1 kj10", "-"));
    assert!(bad("none", "Ka1 kj10", "J"));
}

// -------------------------------------------------------------- serpent

/// §4 Serpent: mutating into another form on the same square is a move;
/// then it is locked until it has moved (§8 `e4~V`).
#[test]
fn serpent_mutates_in_place_and_is_locked_until_it_moves() {
    let mut p = white("Oe4 Ka1 kj10");
    assert_eq!(
        legal_of_kind(&p, MoveKind::Mutate),
        set("e4~G e4~A e4~Y e4~X e4~V")
    );
    play(&mut p, "e4~V");
    assert_eq!(at(&p, "e4"), locked(Color::White, Kind::Vao));
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.halfmove_clock(), 1);
    play(&mut p, "j10j9");
    assert!(legal_of_kind(&p, MoveKind::Mutate).is_empty());
    play(&mut p, "e4f5 j9j10");
    assert_eq!(at(&p, "f5"), piece(Color::White, Kind::Vao));
    assert_eq!(
        legal_of_kind(&p, MoveKind::Mutate),
        set("f5~G f5~A f5~Y f5~X f5~O")
    );
    // Locked as written in the VFEN.
    let p = white("O~e4 Ka1 kj10");
    assert!(legal_of_kind(&p, MoveKind::Mutate).is_empty());
    // §0: a mutation changes nothing on the board, so it never meets a check.
    let p = white("Oe4 Ka1 ra8 kj10");
    assert!(p.in_check());
    assert!(legal_of_kind(&p, MoveKind::Mutate).is_empty());
    assert!(legal_from(&p, "e4").contains("e4a4"));
}

/// §4 Stealth Gryphon: a diagonal step to an empty square, then 2+ squares
/// outward along either orthogonal component; the square one past the bend
/// is never a destination; a missing square ends the slide.
#[test]
fn stealth_gryphon_bends_then_slides_two_or_more_squares() {
    //   7  . . . . . w . . . .   f7: one past the f6 bend, blocks, not taken
    //   6  . . . p . . . . p .   d6: bend blocked; i6 taken at the end
    //   5  . . . . G . . . . .
    //   4  . . . . . . . . . .   f4 bend: h4 i4 j4 and f2 f1 f0
    //   0          # . . #       d4 bend: b4 a4 and d2 d1 (d0 missing)
    //      a b c d e f g h i j
    let p = white("G~e5 pd6 pi6 wf7 Ka10 kj10");
    assert_eq!(
        legal_from(&p, "e5"),
        set("e5h6 e5i6 e5h4 e5i4 e5j4 e5f2 e5f1 e5f0 e5b4 e5a4 e5d2 e5d1")
    );
}

/// §4 `gryphons=full`: the first step is a destination (with capture) and
/// the slide may stop after one square.
#[test]
fn full_gryphon_also_stops_on_the_bend_and_the_square_after_it() {
    let v = variant(&[("gryphons", "full")]);
    let p = pos_in(&v, "G~e5 pd6 pi6 wf7 Ka10 kj10", "w - - - 0 1");
    assert_eq!(
        legal_from(&p, "e5"),
        set("e5f6 e5g6 e5h6 e5i6 e5f7 e5d6 \
             e5f4 e5g4 e5h4 e5i4 e5j4 e5f3 e5f2 e5f1 e5f0 \
             e5d4 e5c4 e5b4 e5a4 e5d3 e5d2 e5d1")
    );
}

/// Seed: the black Stealth Gryphon on h1 controls a2–e2, g4–g10, i4–i10 but
/// does not check the white king on e0 (no diagonal-then-outward path).
#[test]
fn stealth_gryphon_on_h1_does_not_check_a_king_on_e0() {
    //   2  . . . . . . . . . .    bends g2 (out: f2 skipped, e2..a2; g3
    //   1  . . . . . . . g . .    skipped, g4..g10) and i2 (j2 skipped,
    //   0          K . # # # #    then the edge; i4..i10); g0 i0 missing
    let p = white("g~h1 Ke0 ka10");
    assert!(!p.in_check());
    assert_eq!(legal_from(&p, "e0"), set("e0d1 e0e1 e0f1 e0f0"));
    let p = black("g~h1 Ke0 ka10");
    assert_eq!(
        legal_from(&p, "h1"),
        set(
            "h1e2 h1d2 h1c2 h1b2 h1a2 h1g4 h1g5 h1g6 h1g7 h1g8 h1g9 h1g10 h1i4 h1i5 h1i6 h1i7 h1i8 h1i9 h1i10"
        )
    );
    // Not with the full-powered Gryphon either: g0 is missing.
    let v = variant(&[("gryphons", "full")]);
    assert!(!pos_in(&v, "g~h1 Ke0 ka10", "w - - - 0 1").in_check());
    // A king on e2 is attacked (h1-g2-f2-e2).
    assert!(white("g~h1 Ke2 ka10").in_check());
}

/// §4 Stealth Anti-Gryphon (seed: black on e4): an orthogonal step to an
/// empty square, then 2+ squares along either outward diagonal.
#[test]
fn stealth_anti_gryphon_steps_orthogonally_then_slides_diagonally() {
    //  e5 bend: g7 h8 i9 j10 / c7 b8 a9 (f6, d6 skipped)
    //  e3 bend: g1 (then h0 missing) / c1 (then b0 missing)
    //  f4 bend: h6 i7 j8 / h2 i1 (j0 missing)
    //  d4 bend: b6 a7 / b2 a1
    let p = black("a~e4 Ka5 kj5");
    assert_eq!(
        legal_from(&p, "e4"),
        set(
            "e4g7 e4h8 e4i9 e4j10 e4c7 e4b8 e4a9 e4g1 e4c1 e4h6 e4i7 e4j8 e4h2 e4i1 e4b6 e4a7 e4b2 e4a1"
        )
    );
    // Aanca (`gryphons=full`): the four bends and the squares after them too.
    let v = variant(&[("gryphons", "full")]);
    let p = pos_in(&v, "a~e4 Ka5 kj5", "b - - - 0 1");
    assert_eq!(
        legal_from(&p, "e4"),
        set("e4e5 e4f6 e4g7 e4h8 e4i9 e4j10 e4d6 e4c7 e4b8 e4a9 \
             e4e3 e4f2 e4g1 e4d2 e4c1 \
             e4f4 e4g5 e4h6 e4i7 e4j8 e4g3 e4h2 e4i1 \
             e4d4 e4c5 e4b6 e4a7 e4c3 e4b2 e4a1")
    );
}

/// §4 Flying Bomber rules 1–4 on all four lines of one bomber.
#[test]
fn flying_bomber_slides_flies_over_jumps_friends_and_double_captures() {
    //   8  . . . . . . .    up:    e6 slide; e7 enemy two away (rule 4);
    //   7  . . . . w . .           land on e8 over it (rule 2)
    //   6  . . . . . . .    down:  jump the own pawn e4 to e3 (rule 3)
    //   5  . . b Y p w .    right: f5 and g5 enemies: only the double
    //   4  . . . . P . .           capture, landing on g5 (rule 4)
    //   3  . . . . . . .    left:  fly over d5 to c5 (rule 2), never
    //      a b c d e f g           replace the adjacent d5
    let p = white("Y~e5 Pe4 we7 pf5 wg5 bd5 Ka1 kj10");
    assert_eq!(legal_from(&p, "e5"), set("e5e6 e5e7 e5e8 e5e3 e5g5 e5c5"));
    let captured = |lmn: &str| {
        let m = p.parse_lmn(lmn).unwrap();
        let mut v: Vec<String> = p
            .captured_squares(m)
            .iter()
            .map(|s| p.variant().square_name(*s))
            .collect();
        v.sort();
        v.join(" ")
    };
    assert_eq!(captured("e5e6"), "");
    assert_eq!(captured("e5e7"), "e7");
    assert_eq!(captured("e5e8"), "e7");
    assert_eq!(captured("e5e3"), "");
    assert_eq!(captured("e5g5"), "f5 g5");
    assert_eq!(captured("e5c5"), "d5");
    let mut q = p.clone();
    play(&mut q, "e5g5");
    assert_eq!(
        (at(&q, "f5"), at(&q, "g5")),
        (None, piece(Color::White, Kind::Bomber))
    );
}

/// §4 Flying Bomber: replacement over a friend, a blocked landing square,
/// two friends, and a missing landing square (d0) that ends the line.
#[test]
fn flying_bomber_needs_an_existing_empty_landing_square() {
    //   6  . . . W . .      up: two friends, nothing
    //   5  . . . P . .      right: jump e4 and take f4 (rule 4)
    //   4  p w . Y P r      left: slide c4; b4 two away taken; no flying
    //   3  . . . . . .            capture over b4 since a4 is occupied
    //   1  . . . r . .      down: d3 d2; d1 cannot be flown over, d0 is
    //   0        # # . .          missing
    let p = white("Y~d4 Pe4 rf4 wb4 pa4 Pd5 Wd6 rd1 Kj5 ka10");
    assert_eq!(legal_from(&p, "d4"), set("d4f4 d4c4 d4b4 d4d3 d4d2"));
    // From f0: e0 is a friend but d0 (missing) cannot be landed on, g0 is
    // missing; up it flies over the rook on f1 to f2.
    let p = white("Y~f0 Te0 rf1 Kj3 kj10");
    assert_eq!(legal_from(&p, "f0"), set("f0f2"));
    // From e2: jumps over its own pawns d2, f2, e3; down it slides to e1 and
    // takes the Templar on e0 two away, but cannot fly over it.
    let p = white("Y~e2 Pd2 Pf2 Pe3 te0 Kj5 kj10");
    assert_eq!(legal_from(&p, "e2"), set("e2c2 e2g2 e2e4 e2e1 e2e0"));
    // From f1 the adjacent Templar on f0 cannot be taken at all.
    let p = white("Y~f1 tf0 Kj5 kj10");
    let f0 = sq(&p, "f0");
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| !p.captured_squares(*m).contains(&f0))
    );
}

/// §4 Raptor: the Flying Bomber on diagonals.
#[test]
fn raptor_is_a_diagonal_flying_bomber() {
    //   7  . . w . . . . .    (1,1): jump own f6 to g7
    //   6  . . . p . P . .     (-1,1): d6 and c7 enemies: double capture c7
    //   5  . . . . X . . .     (1,-1): f4 slide, g3 two away, fly to h2
    //   4  . . . . . . . .     (-1,-1): d4 c3 slide, fly over b2 to a1
    //   3  . . . . . . w .
    //   2  . p . . . . . .
    //      a b c d e f g h
    let p = white("X~e5 Pf6 pd6 wc7 wg3 pb2 Kh10 kj5");
    assert_eq!(
        legal_from(&p, "e5"),
        set("e5g7 e5c7 e5f4 e5g3 e5h2 e5d4 e5c3 e5a1")
    );
    let mut q = p.clone();
    play(&mut q, "e5c7");
    assert_eq!(
        (at(&q, "d6"), at(&q, "c7")),
        (None, piece(Color::White, Kind::Raptor))
    );
    let mut q = p.clone();
    play(&mut q, "e5h2");
    assert_eq!(
        (at(&q, "g3"), at(&q, "h2")),
        (None, piece(Color::White, Kind::Raptor))
    );
    // From d1: c0 missing; the adjacent Templar on e0 cannot be flown over
    // (f-1 is off the board); jump the own e2 pawn to f3.
    let p = white("X~d1 te0 Pe2 Kj5 kj10");
    assert_eq!(legal_from(&p, "d1"), set("d1f3 d1c2 d1b3 d1a4"));
    // From c2 the Templar on e0, two away over the empty d1, is taken.
    let p = white("X~c2 te0 Kj5 kj10");
    assert!(legal_from(&p, "c2").is_superset(&set("c2d1 c2e0")));
}

/// §4 Super Cannon: moves as a rook; captures only by hopping exactly one
/// screen (either colour), any distance before and after.
#[test]
fn super_cannon_moves_as_a_rook_and_captures_over_one_screen() {
    //   9  . . . . r . . . . .    up: e6, then own e7 screens the rook on e9
    //   7  . . . . P . . . . .    down: black e4 screens the Wazir-Knight on e1
    //   5  . . p p O . . . . .    left: d5 screens c5 right behind it
    //   4  . . . . p . . . . .    right: rook moves to j5
    //   1  . . . . w . . . . .
    let p = white("O~e5 Pe7 re9 pe4 we1 pd5 pc5 Ka2 kj10");
    assert_eq!(
        legal_from(&p, "e5"),
        set("e5e6 e5e9 e5e1 e5f5 e5g5 e5h5 e5i5 e5j5 e5c5")
    );
    // A cannon on e2 hops its own piece on e1 to take on e0.
    let p = white("O~e2 Be1 te0 Ka5 kj10");
    assert!(legal_from(&p, "e2").contains("e2e0"));
}

/// §4 Super Vao: moves as a bishop; captures as the Cannon on diagonals.
#[test]
fn super_vao_moves_as_a_bishop_and_captures_over_one_screen() {
    //   9  V moves up-left to a9; f6 screens h8; own f4 screen has nothing
    //   behind it (g3 h2 i1, then j0 is missing); own b2 screens a1.
    let p = white("V~e5 pf6 wh8 Pf4 Pb2 ra1 Kj10 kj1");
    assert_eq!(
        legal_from(&p, "e5"),
        set("e5h8 e5d6 e5c7 e5b8 e5a9 e5d4 e5c3 e5a1")
    );
    // A Vao on c2 hops d1 to take on e0.
    let p = white("V~c2 Bd1 te0 Ka5 kj10");
    assert!(legal_from(&p, "c2").contains("c2e0"));
}

// ---------------------------------------------------- attack through flight

/// §0/§4: a Flying Bomber attacks (checks) the piece it would fly over, the
/// piece two away it could replace, and both pieces of a double capture —
/// never an adjacent piece alone.
#[test]
fn flying_bomber_checks_the_king_it_would_fly_over_or_remove() {
    // e2 bomber, e3–e5 empty, king e6, e7 empty: it could land on e7.
    let p = black("Y~e2 Ka1 ke6");
    assert!(p.in_check());
    assert_eq!(legal_from(&p, "e6"), set("e6d5 e6f5 e6d6 e6f6 e6d7 e6f7"));
    // e7 occupied and the king four away: no check.
    assert!(!black("Y~e2 Ka1 ke6 pe7").in_check());
    // Two away over an empty square: replacement.
    assert!(black("Y~e4 Ka1 ke6 pe7").in_check());
    // Adjacent black pawn, king behind it: the double capture removes both.
    assert!(black("Y~e4 Ka1 pe5 ke6").in_check());
    // King adjacent, a white piece behind it: no landing, no check.
    assert!(!black("Y~e5 Ka1 ke6 Pe7").in_check());
    // The Raptor likewise on a diagonal (d3-e4 empty, king f5, g6 empty).
    assert!(black("X~c2 Ka1 kf5").in_check());
}

/// §0/§4: a Cannon attacks the piece behind its screen, not the first piece
/// on its line.
#[test]
fn super_cannon_checks_the_king_behind_its_screen() {
    // Screen e5: the king on e9 may not stay on the e-file (e8, e10 are
    // still behind the screen).
    let p = black("O~e2 Pe5 Ka1 ke9");
    assert!(p.in_check());
    assert_eq!(legal_from(&p, "e9"), set("e9d10 e9f10 e9d9 e9f9 e9d8 e9f8"));
    // No screen: no check, every step is safe.
    let p = black("O~e2 Ka1 ke9");
    assert!(!p.in_check());
    assert_eq!(
        legal_from(&p, "e9"),
        set("e9d10 e9e10 e9f10 e9d9 e9f9 e9d8 e9e8 e9f8")
    );
}

// ----------------------------------------------------------------- castling

/// The castling test position: nothing between the king and the rooks,
/// Champions on a1/j1, pawns on rank 2, Templars on e0/f0. `without` lists
/// squares to empty, `with` adds pieces.
fn castle_white(without: &[&str], with: &str, rights: &str) -> Position {
    let base = "Ca1 Rb1 Kf1 Ri1 Cj1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2 Te0 Tf0 kf10";
    let kept: Vec<&str> = base
        .split_whitespace()
        .filter(|t| !without.iter().any(|w| &t[1..] == *w))
        .collect();
    pos(
        &format!("{} {with}", kept.join(" ")),
        &format!("w {rights} - - 0 1"),
    )
}

const KINGSIDE: &str = "f1g1,i1f1 f1h1,i1g1 f1i1,i1h1";
const QUEENSIDE: &str = "f1e1,b1f1 f1d1,b1e1 f1c1,b1d1 f1b1,b1c1";

fn king_moves(extra: &str) -> BTreeSet<String> {
    set(&format!("f1e1 f1g1 {extra}"))
}

/// §4 Castling: the 7 castlings, king and rook to the listed squares.
#[test]
fn castling_all_seven_ways() {
    let p = castle_white(&[], "", "BI");
    assert_eq!(
        legal_from(&p, "f1"),
        king_moves(&format!("{KINGSIDE} {QUEENSIDE}"))
    );
    for (lmn, king, rook) in [
        ("f1g1,i1f1", "g1", "f1"),
        ("f1h1,i1g1", "h1", "g1"),
        ("f1i1,i1h1", "i1", "h1"),
        ("f1e1,b1f1", "e1", "f1"),
        ("f1d1,b1e1", "d1", "e1"),
        ("f1c1,b1d1", "c1", "d1"),
        ("f1b1,b1c1", "b1", "c1"),
    ] {
        let mut q = p.clone();
        play(&mut q, lmn);
        assert_eq!(at(&q, king), piece(Color::White, Kind::King), "{lmn}");
        assert_eq!(at(&q, rook), piece(Color::White, Kind::Rook), "{lmn}");
        assert_eq!(q.royal_square(Color::White), Some(sq(&q, king)));
        let rooks = ["b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"]
            .iter()
            .filter(|s| at(&q, s) == piece(Color::White, Kind::Rook))
            .count();
        assert_eq!(rooks, 2, "{lmn}");
        assert_eq!(field(&q, 2), "-", "{lmn}: the king has moved");
    }
}

/// §4 Castling: Black alike on rank 10.
#[test]
fn castling_all_seven_ways_for_black() {
    let p = pos(
        "ca10 rb10 kf10 ri10 cj10 pa9 pb9 pc9 pd9 pe9 pf9 pg9 ph9 pi9 pj9 te11 tf11 Kf1",
        "b bi - - 0 1",
    );
    assert_eq!(
        legal_from(&p, "f10"),
        set("f10e10 f10g10 f10g10,i10f10 f10h10,i10g10 f10i10,i10h10 \
             f10e10,b10f10 f10d10,b10e10 f10c10,b10d10 f10b10,b10c10")
    );
}

/// §4 Castling: every square strictly between king and rook empty.
#[test]
fn castling_needs_every_square_between_king_and_rook_empty() {
    let p = castle_white(&[], "Fh1", "BI");
    assert_eq!(legal_from(&p, "f1"), king_moves(QUEENSIDE));
    // c1 is crossed by the rook even when the king only goes to e1.
    let p = castle_white(&[], "Wc1", "BI");
    assert_eq!(legal_from(&p, "f1"), king_moves(KINGSIDE));
}

/// §4 Castling: not out of check.
#[test]
fn castling_is_illegal_out_of_check() {
    let p = castle_white(&["f2"], "rf5", "BI");
    assert!(p.in_check());
    assert_eq!(legal_from(&p, "f1"), king_moves(""));
}

/// §4 Castling: no square the king crosses or lands on may be attacked.
#[test]
fn castling_king_may_not_cross_or_land_on_an_attacked_square() {
    // h1 attacked: f1-h1 lands on it, f1-i1 crosses it; f1-g1 is fine.
    let p = castle_white(&["h2"], "rh5", "BI");
    assert_eq!(
        legal_from(&p, "f1"),
        king_moves(&format!("f1g1,i1f1 {QUEENSIDE}"))
    );
    // d1 attacked: only f1-e1 on the queen side (its rook crosses d1).
    let p = castle_white(&["d2"], "rd5", "BI");
    assert_eq!(
        legal_from(&p, "f1"),
        king_moves(&format!("{KINGSIDE} f1e1,b1f1"))
    );
}

/// §4 Castling: the rook may cross attacked squares, and its own square may
/// be attacked.
#[test]
fn castling_rook_may_cross_attacked_squares() {
    // c1 attacked: the rook crosses it for f1-e1 and f1-d1; the king may not.
    let p = castle_white(&["c2"], "rc5", "BI");
    assert_eq!(
        legal_from(&p, "f1"),
        king_moves(&format!("{KINGSIDE} f1e1,b1f1 f1d1,b1e1"))
    );
    // b1 attacked: only f1-b1, where the king lands on b1, is lost.
    let p = castle_white(&["b2"], "rb5", "BI");
    assert_eq!(
        legal_from(&p, "f1"),
        king_moves(&format!("{KINGSIDE} f1e1,b1f1 f1d1,b1e1 f1c1,b1d1"))
    );
}

/// §4 Castling: a crossed square is tested with the king standing on it and
/// its home square empty. The black Stealth Gryphon on d2 bends on e1 and
/// would slide f1 (skipped) to g1: the king at home blocks it, so it is not
/// in check and castling to g1 (rook onto f1) is fine, but the king alone may
/// not step to g1 nor cross it.
#[test]
fn castling_crossed_square_is_tested_with_the_king_on_it_and_home_empty() {
    //   2  P P P g P P P P P P
    //   1  C R . . . K . . R C
    //   0          T T
    let p = castle_white(&["d2"], "g~d2", "BI");
    assert!(!p.in_check());
    assert_eq!(
        legal_from(&p, "f1"),
        set(&format!("f1e1 f1g1,i1f1 {QUEENSIDE}"))
    );
}

/// §4 Castling: the same conditions for Black on rank 10 (h10 attacked).
#[test]
fn castling_conditions_for_black() {
    let p = pos(
        "ca10 rb10 kf10 ri10 cj10 pa9 pb9 pc9 pd9 pe9 pf9 pg9 pi9 pj9 te11 tf11 Rh5 Kf1",
        "b bi - - 0 1",
    );
    assert_eq!(
        legal_from(&p, "f10"),
        set("f10e10 f10g10 f10g10,i10f10 f10e10,b10f10 f10d10,b10e10 f10c10,b10d10 f10b10,b10c10")
    );
}

/// §4 Castling: what stands on j1 does not block castling, but its attacks
/// count like any other. A black Bomber on j1 only flies over the rook on i1
/// while the king is home or crosses g1; after f1-h1 it would take the king
/// on h1 two away (i1 empty), after f1-i1 king and rook together.
#[test]
fn castling_landing_square_attacked_from_j1() {
    let p = castle_white(&["j1"], "y~j1", "BI");
    assert!(!p.in_check());
    assert_eq!(
        legal_from(&p, "f1"),
        king_moves(&format!("f1g1,i1f1 {QUEENSIDE}"))
    );
}

/// §4 Castling: whatever stands on a1 / j1 does not matter.
#[test]
fn castling_ignores_what_stands_on_a1_and_j1() {
    let all = king_moves(&format!("{KINGSIDE} {QUEENSIDE}"));
    assert_eq!(
        legal_from(&castle_white(&["a1", "j1"], "", "BI"), "f1"),
        all
    );
    assert_eq!(
        legal_from(&castle_white(&["a1", "j1"], "fa1 bj1", "BI"), "f1"),
        all
    );
}

/// §4 Castling: king and rook unmoved — rights are lost for good when the
/// king or that rook moves or the rook is taken.
#[test]
fn castling_rights_are_lost_after_a_king_or_rook_move() {
    let mut p = castle_white(&[], "", "BI");
    play(&mut p, "f1g1 f10f9 g1f1 f9f10");
    assert_eq!(field(&p, 2), "-");
    assert_eq!(legal_from(&p, "f1"), king_moves(""));

    let mut p = castle_white(&[], "", "BI");
    play(&mut p, "i1h1 f10f9 h1i1 f9f10");
    assert_eq!(field(&p, 2), "B");
    assert_eq!(legal_from(&p, "f1"), king_moves(QUEENSIDE));

    let mut p = castle_white(&[], "", "BI");
    play(&mut p, "b1c1 f10f9 c1b1 f9f10");
    assert_eq!(field(&p, 2), "I");
    assert_eq!(legal_from(&p, "f1"), king_moves(KINGSIDE));

    let base = castle_white(&[], "wh3", "BI")
        .to_vfen()
        .replace(" w BI ", " b BI ");
    let mut p = Position::from_vfen(&hg(), &base).unwrap();
    play(&mut p, "h3i1");
    assert_eq!(field(&p, 2), "B");
}

// ------------------------------------------------------ crowning, game end

/// The crowning position: the white king on j5 is mated by the rooks on j8
/// (check, and j4 j6) and i9 (i4 i5 i6); `extra` adds pieces.
fn mated_on_j5(extra: &str) -> Position {
    //   9  . . . . . . . . r .
    //   8  . . . . . . . . . r
    //   5  . . . . . . . . . K
    //   1  . . . I . . . . . .
    white(&format!("Kj5 rj8 ri9 ka10 {extra}"))
}

/// §4 Crowning: checkmated with an unattacked prince, the only legal moves
/// are crownings (§8 `^d1`); the king becomes a ninja pawn, the prince the
/// king, and play goes on.
#[test]
fn crowning_is_the_only_move_when_checkmated_with_an_unattacked_prince() {
    let p = mated_on_j5("Id1");
    assert!(p.in_check());
    assert_eq!(legal(&p), set("^d1"));
    let mut g = game(&p);
    assert_eq!(g.outcome(), None);
    g.play_lmn("^d1").unwrap();
    let q = g.position().clone();
    assert_eq!(
        q.halfmove_clock(),
        1,
        "§0: a crowning does not reset the 100-ply count"
    );
    assert_eq!(at(&q, "d1"), piece(Color::White, Kind::King));
    assert_eq!(at(&q, "j5"), piece(Color::White, Kind::NinjaPawn));
    assert_eq!(q.royal_square(Color::White), Some(sq(&q, "d1")));
    assert_eq!(q.side_to_move(), Color::Black);
    assert_eq!(g.outcome(), None);
    // Play goes on; the demoted king is an ordinary ninja pawn on j5.
    g.play_lmn("a10a9").unwrap();
    assert!(!g.position().in_check());
    assert_eq!(legal_from(g.position(), "j5"), set("j5j6 j5i5"));
}

/// §4 Crowning: only unattacked princes may be crowned.
#[test]
fn crowning_offers_only_the_unattacked_princes() {
    // d9 is attacked by the rook on i9; d1 and b5 are not.
    let p = mated_on_j5("Id1 Ib5 Id9");
    assert_eq!(legal(&p), set("^b5 ^d1"));
}

/// §4 Crowning: with no unattacked prince, checkmate ends the game.
#[test]
fn checkmate_ends_the_game_when_every_prince_is_attacked() {
    // The bishop on a4 attacks d1 (b3 c2 empty).
    let p = mated_on_j5("Id1 ba4");
    assert!(p.legal_moves().is_empty());
    let black_wins = mate(Color::Black);
    assert_eq!(p.terminal(), black_wins);
    assert_eq!(game(&p).outcome(), black_wins);
    // Likewise with no prince at all.
    assert_eq!(mated_on_j5("").terminal(), black_wins);
}

/// §4 Crowning happens only when checkmated: a king in check with a move
/// makes it.
#[test]
fn crowning_only_when_checkmated_not_when_merely_in_check() {
    // Without the rook on i9 the king escapes to the i-file.
    let p = white("Kj5 rj8 ka10 Id1");
    assert!(p.in_check());
    assert!(legal_of_kind(&p, MoveKind::Crown).is_empty());
    assert_eq!(legal_from(&p, "j5"), set("j5i4 j5i5 j5i6"));
}

/// §4 Crowning: a crowned king never castles — the side's castling rights
/// go with the crowning.
#[test]
fn crowned_king_never_castles() {
    //   7  . . . . . . . I . .     f5 rook checks f1; a1 rook covers e1
    //   5  . . . . . r . . . .     and g1, j2 rook e2 f2 g2, a4 bishop e0,
    //   4  b . . . . . . . . .     f0 behind the king: mate; the rook on
    //   2  . . . . . . . . . r     i1 still has its right
    //   1  r . . . . K . . R .
    let p = pos("Kf1 Ri1 Ih7 rf5 ra1 rj2 ba4 kj10", "w I - - 0 1");
    assert_eq!(legal(&p), set("^h7"));
    let mut q = p.clone();
    play(&mut q, "^h7");
    assert_eq!(at(&q, "f1"), piece(Color::White, Kind::NinjaPawn));
    assert_eq!(at(&q, "h7"), piece(Color::White, Kind::King));
    assert_eq!(field(&q, 2), "-");
}

/// §4 Ninja Pawn + Crowning, seed: "a king now demoted to ninja pawn on d10
/// must move/capture on next turn to c10 or e10 or make a capture on e11 to
/// promote".
#[test]
fn king_demoted_on_d10_promotes_with_its_next_move() {
    //  11          t .         The Templar e11 and the rook a10 check d10;
    //  10  r . . K . . . .     a9 covers rank 9, a10 also e10, the bishop
    //   9  r . . . . . . .     h8 guards e11. The prince on e2 is free.
    //   8  . . . . . . . b
    //   2  . . . . I . . .
    let p = white("Kd10 Ie2 te11 ra10 ra9 bh8 kj1");
    assert_eq!(legal(&p), set("^e2"));
    let mut p = p;
    play(&mut p, "^e2 j1j2");
    assert_eq!(at(&p, "d10"), piece(Color::White, Kind::NinjaPawn));
    let expected = promos("d10c10", FULL) + &promos("d10e10", FULL) + &promos("d10e11", FULL);
    assert_eq!(legal_from(&p, "d10"), set(&expected));
}

/// §4 Stalemate is a draw whatever is in hand or on the board.
#[test]
fn stalemate_is_a_draw_whatever_is_in_hand() {
    //   2  p p p p p p p b p p     rank 2 full: no ninja drop; e0 and f0
    //   1  . . . . . . . . . .     taken: no prince or serpent drop; d1 e1
    //   0          K t             f1 covered by the pawns, the Templar on
    //                              f0 guarded by the bishop on h2
    let p = pos(
        "Ke0 tf0 pa2 pb2 pc2 pd2 pe2 pf2 pg2 bh2 pi2 pj2 kj10",
        "w - - JJJJIS 0 1",
    );
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty());
    let draw = draw(EndReason::Stalemate);
    assert_eq!(p.terminal(), draw);
    assert_eq!(game(&p).outcome(), draw);
}

// ------------------------------------------------------------------ notation

/// §8 LMN forms of Holy Grail moves parse back to the same legal move.
#[test]
fn lmn_forms_parse_back() {
    let cases = [
        (white("Pe9 Ka1 kj5"), "e9e10=O"),
        (pos("Ka1 kj10", "w - - J 0 1"), "J@e2-e5"),
        (pos("Ka1 kj10", "b - - s 0 1"), "G@f11"),
        (white("Oe4 Ka1 kj10"), "e4~V"),
        (mated_on_j5("Id1"), "^d1"),
        (castle_white(&[], "", "BI"), "f1h1,i1g1"),
    ];
    for (p, text) in cases {
        let m = p.parse_lmn(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.lmn(m), text);
    }
}

// ------------------------------------------- §0 attack and legality, randomly

/// A random piece list for [`board`]: the two kings if `kings`, then `n`
/// pieces of every Holy Grail kind and colour (serpent forms locked or not,
/// pawns never on their last rank).
fn random_pieces(rng: &mut SplitMix64, kings: bool, n: usize) -> Vec<String> {
    let mut taken = [[false; 10]; 12];
    let mut out = Vec::new();
    let mut letters: Vec<String> = if kings {
        vec!["K".into(), "k".into()]
    } else {
        vec![]
    };
    for _ in 0..n {
        let l = "QRBCTWFPJIGAYXOV".as_bytes()[rng.below(16)] as char;
        let mut t = if rng.below(2) == 0 {
            l.to_string()
        } else {
            l.to_ascii_lowercase().to_string()
        };
        if "GAYXOV".contains(l) && rng.below(2) == 0 {
            t.push('~');
        }
        letters.push(t);
    }
    for t in letters {
        loop {
            let (file, rank) = (rng.below(10), rng.below(12));
            let pawn_on_last = (t == "P" && rank >= 10) || (t == "p" && rank <= 1);
            if hole(file, rank) || taken[rank][file] || pawn_on_last {
                continue;
            }
            taken[rank][file] = true;
            out.push(format!("{t}{}{rank}", (b'a' + file as u8) as char));
            break;
        }
    }
    out
}

/// §0 "A piece attacks another when one of its pseudo-legal moves would
/// remove that piece", for every §4 piece: without kings every pseudo-legal
/// move is legal, so the attack test must agree with the captures of the
/// legal moves on every enemy piece (bombers' flown-over pieces, cannons'
/// targets, gryphon paths included).
#[test]
fn attack_means_a_move_would_remove_the_piece_in_random_positions() {
    for gryphons in ["stealth", "full"] {
        let v = variant(&[("gryphons", gryphons)]);
        let mut rng = SplitMix64::new(0x1234_5678_9abc_def1);
        for _ in 0..4000 {
            let n = 4 + rng.below(20);
            let pieces = random_pieces(&mut rng, false, n).join(" ");
            let side = ["w", "b"][rng.below(2)];
            let text = format!("{} {side} - - - 0 1", board(&pieces));
            let p = Position::from_vfen(&v, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let us = p.side_to_move();
            let mut removed = BTreeSet::new();
            for m in p.legal_moves() {
                removed.extend(p.captured_squares(m));
            }
            for s in v.squares() {
                if p.piece_at(s).is_some_and(|q| q.color != us) {
                    assert_eq!(
                        p.is_attacked(s, us),
                        removed.contains(&s),
                        "{text}: {}",
                        v.square_name(s)
                    );
                }
            }
        }
    }
}

/// §0 "A move is legal only if, after it, the mover's king is not
/// attacked", for every §4 move kind (moves, captures, drops with push,
/// mutations). The reference: the same position with the king replaced by
/// a Crown Prince (same moves, not royal) lists the pseudo-legal moves; keep
/// those after which the king's square is not attacked.
#[test]
fn legal_moves_are_the_moves_that_leave_the_king_unattacked_in_random_positions() {
    for gryphons in ["stealth", "full"] {
        let v = variant(&[("gryphons", gryphons)]);
        let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
        let mut compared = 0;
        for _ in 0..4000 {
            let n = 4 + rng.below(20);
            let mut pieces = random_pieces(&mut rng, true, n);
            let side = ["w", "b"][rng.below(2)];
            let hand = ["-", "JIS", "jis", "JJISjjis", "S", "s"][rng.below(6)];
            let text = format!("{} {side} - - {hand} 0 1", board(&pieces.join(" ")));
            // Skip positions where the side to move could take the king.
            let Ok(p) = Position::from_vfen(&v, &text) else {
                continue;
            };
            let us = p.side_to_move();
            let them = if us == Color::White {
                Color::Black
            } else {
                Color::White
            };
            let king = p.royal_square(us).expect("a king");
            let k = if us == Color::White { "K" } else { "k" };
            let i = pieces
                .iter()
                .position(|t| t.starts_with(k))
                .expect("the king token");
            pieces[i] = pieces[i].replacen(k, if us == Color::White { "I" } else { "i" }, 1);
            let stand_in = format!("{} {side} - - {hand} 0 1", board(&pieces.join(" ")));
            let q = Position::from_vfen(&v, &stand_in).expect("same position with a prince");
            let mut reference = BTreeSet::new();
            for m in q.legal_moves() {
                let mut after = q.clone();
                after.make_move(m);
                let moved = m.kind() == MoveKind::Normal && q.move_from(m) == Some(king);
                let square = if moved {
                    q.move_to(m).expect("a destination")
                } else {
                    king
                };
                if !after.is_attacked(square, them) {
                    reference.insert(q.lmn(m));
                }
            }
            let actual = legal(&p);
            if reference.is_empty() && !actual.is_empty() {
                // Checkmated: only crownings remain (tested above).
                assert!(actual.iter().all(|m| m.starts_with('^')), "{text}");
                continue;
            }
            assert_eq!(actual, reference, "{text}");
            compared += 1;
        }
        assert!(compared > 1000, "only {compared} positions compared");
    }
}

/// §4: the Crown Prince is not royal, so unlike a Holywar King it may be
/// dropped onto an attacked square: the Black Rook on e5 looks down the
/// empty e-file onto e0, and I@e0 stays legal.
#[test]
fn prince_may_be_dropped_onto_an_attacked_square() {
    let p = pos("Kf1 re5 kj10", "w - - I 0 1");
    assert!(p.is_attacked(sq(&p, "e0"), Color::Black));
    assert_eq!(legal_of_kind(&p, MoveKind::Drop), set("I@e0 I@f0"));
}
