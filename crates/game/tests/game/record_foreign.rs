//! Records from pychess and lichess (issue 11), and the Fairy-Stockfish
//! dialect both ways: letters, FEN ↔ VFEN, UCI ↔ LMN. The expected positions
//! are worked out by hand from the moves; the foreign conventions are those
//! of `reference/fsf-notation.md` and Fairy-Stockfish's `variant.cpp`
//! (Grand/Embassy: `a` archbishop, `c` chancellor; `KQkq` castling; UCI
//! castling as the king's move to its castling file).

use std::sync::Arc;
use std::time::Duration;

use chimera_game::record::{self, fsf};
use chimera_rules::{Color, Position, SplitMix64, Variant};

use crate::common::{self, MoveKinds, random_game};

fn variant(id: &str) -> Arc<Variant> {
    common::variant(id, &[])
}

/// The message of the error loading `text`.
fn error_text(text: &str) -> String {
    match record::load(text, 1) {
        Ok(l) => panic!("accepted, final {}:\n{text}", l.final_vfen()),
        Err(e) => e.to_string(),
    }
}

fn load(text: &str) -> record::Loaded {
    record::load(text, 1).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Fairy-Stockfish's start FENs (reference/fsf-notation.md) and docs/rules.md
/// §8's start VFENs.
const STARTS: [(&str, &str, &str); 3] = [
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
    ),
    (
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
        "r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKMCBN1/R8R w - - - 0 1",
    ),
    (
        "embassy",
        "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1",
        "rnbqkmcbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR w AJaj - - 0 1",
    ),
];

#[test]
fn letters_both_ways() {
    let g = fsf::dialect("grand").unwrap();
    for (ours, theirs) in [
        ('M', 'C'),
        ('C', 'A'),
        ('m', 'c'),
        ('c', 'a'),
        ('K', 'K'),
        ('n', 'n'),
    ] {
        assert_eq!(g.letter_to_theirs(ours), theirs);
        assert_eq!(g.letter_to_ours(theirs), ours);
    }
    assert_eq!(g.san_to_ours("Axj8"), "Cxj8");
    assert_eq!(g.san_to_ours("b10=C+"), "b10=M+");
    assert_eq!(g.san_to_theirs("Mxc3"), "Cxc3");
    assert_eq!(g.san_to_ours("O-O"), "O-O");
    let c = fsf::dialect("chess").unwrap();
    assert_eq!(c.letter_to_ours('C'), 'C');
    assert!(fsf::dialect("holygrail").is_none());
    for (tag, id) in [
        ("Grand", "grand"),
        ("EMBASSY", "embassy"),
        ("Standard", "chess"),
        ("From Position", "chess"),
        ("Chess", "chess"),
    ] {
        assert_eq!(fsf::by_pgn_variant(tag).map(|d| d.id()), Some(id), "{tag}");
    }
    assert_eq!(fsf::dialect("grand").unwrap().pgn_name(), "Grand");
    assert_eq!(fsf::dialect("embassy").unwrap().uci_variant(), "embassy");
}

#[test]
fn start_fen_and_vfen_both_ways() {
    for (id, fen, vfen) in STARTS {
        let v = variant(id);
        let d = fsf::dialect(id).unwrap();
        assert_eq!(d.fen_to_vfen(&v, fen).unwrap(), vfen, "{id}");
        assert_eq!(d.vfen_to_fen(&v, vfen).unwrap(), fen, "{id}");
        assert_eq!(v.start_position().to_vfen(), vfen, "{id}");
    }
    let chess = variant("chess");
    let d = fsf::dialect("chess").unwrap();
    // Shredder letters, four fields, rights in any order.
    assert_eq!(
        d.fen_to_vfen(&chess, "r3k2r/8/8/8/8/8/8/R3K2R b hHaA -")
            .unwrap(),
        "r3k2r/8/8/8/8/8/8/R3K2R b AHah - - 0 1"
    );
    assert_eq!(
        d.fen_to_vfen(&chess, "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 3 9")
            .unwrap(),
        "r3k2r/8/8/8/8/8/8/R3K2R w Ha - - 3 9"
    );
    let e = d
        .fen_to_vfen(&chess, "8/8/8/8/8/8/8/8 w - -  0")
        .unwrap_err();
    assert!(e.to_string().contains("FEN needs 6 fields"), "{e}");
    let grand = variant("grand");
    let e = fsf::dialect("grand")
        .unwrap()
        .fen_to_vfen(
            &grand,
            STARTS[1].1.replace(" - - 0 1", " KQkq - 0 1").as_str(),
        )
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "FEN castling: 'K' names no castling rook of grand"
    );
    let e = d
        .vfen_to_fen(&chess, "8/8/8/8/8/8/8/8 w - - Q 0 1")
        .unwrap_err();
    assert!(e.to_string().contains("no pieces in hand"), "{e}");
}

/// UCI strings: promotion letters in their alphabet, castling as the king's
/// move to the castling file.
#[test]
fn uci_moves_both_ways() {
    // Variant, position, and (UCI, LMN) pairs in it.
    type Case = (
        &'static str,
        &'static str,
        &'static [(&'static str, &'static str)],
    );
    let cases: [Case; 3] = [
        (
            "chess",
            "r3k2r/8/8/8/8/8/8/R3K2R w AHah - - 0 1",
            &[
                ("e1g1", "e1g1,h1f1"),
                ("e1c1", "e1c1,a1d1"),
                ("a1a8", "a1a8"),
            ],
        ),
        (
            "embassy",
            "r3k4r/10/10/10/10/10/10/R3K4R w AJaj - - 0 1",
            &[
                ("e1h1", "e1h1,j1g1"),
                ("e1b1", "e1b1,a1c1"),
                ("e1f2", "e1f2"),
            ],
        ),
        (
            "grand",
            "4k5/1P8/10/10/10/10/10/10/4K5/10 w - - - 0 1",
            &[
                ("b9b10c", "b9b10=M"),
                ("b9b10a", "b9b10=C"),
                ("b9b10q", "b9b10=Q"),
                ("b9b10n", "b9b10=N"),
            ],
        ),
    ];
    for (id, vfen, pairs) in cases {
        let v = variant(id);
        let d = fsf::dialect(id).unwrap();
        let p = Position::from_vfen(&v, vfen).unwrap();
        for &(uci, lmn) in pairs {
            assert_eq!(d.uci_to_lmn(&p, uci).unwrap(), lmn, "{id} {uci}");
            assert_eq!(d.lmn_to_uci(&p, lmn).unwrap(), uci, "{id} {lmn}");
        }
        let e = d.uci_to_lmn(&p, "e1e9").unwrap_err();
        assert_eq!(e.to_string(), "'e1e9' is not a legal UCI move here");
    }
}

/// Over random games of the three variants: every position's VFEN goes to
/// FEN and back unchanged, and every legal move has its own UCI string that
/// names it back.
#[test]
fn random_positions_translate_both_ways() {
    let mut rng = SplitMix64::new(3);
    let mut kinds = MoveKinds::default();
    for id in ["chess", "grand", "embassy"] {
        let v = variant(id);
        let d = fsf::dialect(id).unwrap();
        for _ in 0..20 {
            let g = random_game(&v, None, &mut rng, 120, &mut kinds);
            let mut p = g.start().clone();
            for &m in g.moves() {
                let vfen = p.to_vfen();
                let fen = d.vfen_to_fen(&v, &vfen).unwrap();
                assert_eq!(fen.split(' ').count(), 6, "{fen}");
                assert_eq!(d.fen_to_vfen(&v, &fen).unwrap(), vfen);
                let mut seen = std::collections::HashSet::new();
                for n in p.legal_moves() {
                    let uci = d.move_to_uci(&p, n).unwrap();
                    assert!(seen.insert(uci.clone()), "{id} {vfen}: {uci} twice");
                    assert_eq!(d.uci_to_move(&p, &uci), Some(n));
                }
                p.make_move(m);
            }
        }
    }
    assert!(kinds.castlings > 0 && kinds.promotions > 0, "{kinds:?}");
}

/// A pychess Grand game, as its PGN export writes it: its letters (A
/// archbishop = Cardinal, C chancellor = Marshal), its FEN tag, no
/// Termination tag.
#[test]
fn pychess_grand_game() {
    let text = "[Event \"PyChess casual game\"]\n[Site \"https://www.pychess.org/aBcDeFgH\"]\n\
        [Date \"2025.01.02\"]\n[Round \"-\"]\n[White \"alice\"]\n[Black \"bob\"]\n[Result \"1-0\"]\n\
        [TimeControl \"600+5\"]\n[WhiteElo \"1500\"]\n[BlackElo \"1500?\"]\n[Variant \"Grand\"]\n\
        [FEN \"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1\"]\n\
        [SetUp \"1\"]\n\n1. e5 Af7 2. Cg4 Cg7 3. Af4 Axe5 4. Axe5 1-0\n";
    let l = load(text);
    assert_eq!(l.game.variant().id(), "grand");
    assert_eq!(l.record.start_vfen, None, "the FEN tag is Grand's start");
    let lmn: Vec<&str> = l.record.moves.iter().map(|m| m.lmn.as_str()).collect();
    assert_eq!(
        lmn,
        ["e3e5", "g9f7", "f2g4", "f9g7", "g2f4", "f7e5", "f4e5"]
    );
    assert_eq!(
        l.final_vfen(),
        "r8r/1nbqk2bn1/pppppppppp/6m3/10/4C5/6M3/PPPP1PPPPP/1NBQK2BN1/R8R b - - - 0 4"
    );
    assert_eq!(l.result_line(), "result: 1-0 resignation");
    assert_eq!(l.record.tag("WhiteElo"), Some("1500"));
    let s = l.record.clock.unwrap();
    assert_eq!(
        s.left,
        [Duration::from_secs(600); 2],
        "no clock comments: full time"
    );
    assert_eq!(s.moves, [4, 3]);
    // Written back in Chimera's own notation, it loads to the same game.
    let ours = l.record.to_text().unwrap();
    assert!(
        ours.contains("[Variant \"grand\"]") && ours.contains("2. Mg4 Mg7 3. Cf4 Cxe5 4. Cxe5 1-0"),
        "{ours}"
    );
    assert_eq!(load(&ours).final_vfen(), l.final_vfen());
}

/// pychess Grand from a set-up position: a promotion to its `C`
/// (chancellor = Marshal) with check, then the same game in its UCI strings.
#[test]
fn pychess_grand_promotion_and_uci_moves() {
    let head = "[Variant \"Grand\"]\n[FEN \"4k5/1P8/10/10/10/10/10/10/4K5/10 w - - 0 1\"]\n[SetUp \"1\"]\n";
    let want = "1M8/5k4/10/10/10/10/10/10/4K5/10 w - - - 1 2";
    for moves in ["1. b10=C+ Kf9 *", "1. b9b10c e10f9 *", "1. b10=C Kf9 *"] {
        let l = load(&format!("{head}{moves}"));
        assert_eq!(l.record.moves[0].lmn, "b9b10=M", "{moves}");
        assert_eq!(l.final_vfen(), want, "{moves}");
        assert_eq!(
            l.record.start_vfen.as_deref(),
            Some("4k5/1P8/10/10/10/10/10/10/4K5/10 w - - - 0 1")
        );
    }
}

/// A pychess Embassy game with castling on both sides (`O-O`: king e1–h1,
/// rook j1–g1), and the same moves under pychess' older `Capablanca` tag
/// with Embassy's setup.
#[test]
fn pychess_embassy_game() {
    let fen = STARTS[2].1;
    let moves = "1. Nh3 Nh6 2. g3 g6 3. Bg2 Bg7 4. Ce3 Ce6 5. Af3 Af6 6. O-O O-O *";
    let want = "rnbq2rk2/ppppppbppp/4mcpn2/10/10/4MCPN2/PPPPPPBPPP/RNBQ2RK2 w - - - 8 7";
    for tag in ["Embassy", "Capablanca"] {
        let l = load(&format!(
            "[Variant \"{tag}\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves}"
        ));
        assert_eq!(l.game.variant().id(), "embassy", "{tag}");
        assert_eq!(l.record.moves[10].lmn, "e1h1,j1g1");
        assert_eq!(l.record.moves[11].lmn, "e8h8,j8g8");
        assert_eq!(l.final_vfen(), want, "{tag}");
    }
    let e = error_text("[Variant \"Capablanca\"]\n1. e4 *");
    assert!(
        e.starts_with("game 1, line 1: variant 'Capablanca' is not installed"),
        "{e}"
    );
}

/// A lichess export: `Standard`, clock comments with spaces, `1...`
/// numbering, `??` glyphs, `Termination "Normal"` with a mate on the board.
#[test]
fn lichess_chess_game() {
    let text = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/AbCdEfGh\"]\n\
        [Date \"2025.01.02\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\
        [UTCDate \"2025.01.02\"]\n[WhiteElo \"1500\"]\n[Variant \"Standard\"]\n\
        [TimeControl \"180+2\"]\n[ECO \"C50\"]\n[Termination \"Normal\"]\n\n\
        1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Bc4 { [%clk 0:02:59] } \
        2... Nc6 { [%clk 0:02:58] } 3. Qh5 { [%clk 0:02:55] } 3... Nf6?? { [%clk 0:02:50] } \
        4. Qxf7# { [%clk 0:02:54] } 1-0\n\n\n";
    let l = load(text);
    assert_eq!(
        l.final_vfen(),
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b AHah - - 0 4"
    );
    assert_eq!(l.result_line(), "result: 1-0 checkmate");
    assert_eq!(l.record.moves[5].nags, [4]);
    let s = l.record.clock.unwrap();
    assert_eq!(s.left, [Duration::from_secs(174), Duration::from_secs(170)]);
    assert_eq!((s.to_move, s.moves), (Color::Black, [4, 3]));
    // lichess' "From Position" with a standard FEN.
    let l = load(
        "[Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 Kd7 *",
    );
    assert_eq!(l.final_vfen(), "8/3k4/8/8/4P3/8/8/4K3 w - - - 1 2");
}

/// Errors in foreign records name the tag or move like ours do.
#[test]
fn foreign_errors() {
    assert_eq!(
        error_text(
            "[Variant \"Grand\"]\n[FEN \"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1\"]\n*"
        ),
        "game 1, line 2: FEN tag: rank 3 has 11 squares, expected 10"
    );
    assert_eq!(
        error_text("[Variant \"Grand\"]\n\n1. e5 Mf7 *"),
        "game 1, line 3, move 1 (black): 'Mf7' is not legal here"
    );
    let e = error_text(
        "[Variant \"Embassy\"]\n[FEN \"rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0\"]\n*",
    );
    assert!(
        e.starts_with("game 1, line 2: FEN tag: FEN needs 6 fields"),
        "{e}"
    );
}
