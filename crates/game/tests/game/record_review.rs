//! The review a record carries (issue 22): `[%eval]`, the NAGs, the board
//! drawings `[%cal]` / `[%csl]` and the engine's line as a variation,
//! written and read back for every built-in variant's squares, and analysed
//! records as lichess exports them. Square names are those of docs/rules.md
//! §8 (Holy Grail's ranks run 0 to 11 with only e and f on ranks 0 and 11;
//! Holywar's corners stand apart from its inner board).

use chimera_game::record::{self, Arrow, Brush, Circle, MatchRecord, RecordEval, RecordedMove};
use chimera_rules::{Game, SplitMix64, variants};

use crate::common::{self, MoveKinds, random_game};

fn load(text: &str) -> record::Loaded {
    record::load(text, 1).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn error_text(text: &str) -> String {
    match record::load(text, 1) {
        Ok(l) => panic!("accepted, final {}:\n{text}", l.final_vfen()),
        Err(e) => e.to_string(),
    }
}

/// Squares at the edges of each board, from the start positions of
/// docs/rules.md §8, and a name that is not a square of it.
fn edge_squares(id: &str) -> (&'static [&'static str], &'static str) {
    match id {
        "chess" => (&["a1", "h1", "a8", "h8", "d4"], "i1"),
        "grand" => (&["a1", "j1", "a10", "j10", "e10"], "a11"),
        "embassy" => (&["a1", "j1", "a8", "j8"], "a9"),
        "holygrail" => (&["e0", "f0", "a1", "j1", "a10", "j10", "e11", "f11"], "a0"),
        "herculean" => (&["a1", "l1", "a12", "l12", "k10"], "m1"),
        "holywar" => (&["a1", "h1", "a8", "h8", "b7", "g2"], "b8"),
        "ghostarelay" => (&["a1", "j1", "a10", "j10"], "a11"),
        other => panic!("no squares listed for {other}"),
    }
}

const EVALS: [RecordEval; 8] = [
    RecordEval::Cp(35),
    RecordEval::Cp(-120),
    RecordEval::Cp(0),
    RecordEval::Mate(3),
    RecordEval::Mate(-2),
    RecordEval::Cp(-7),
    RecordEval::Cp(1005),
    RecordEval::Cp(100_000),
];

/// The game's record with a review on every move: an evaluation, a NAG,
/// arrows and circles on the board's edge squares, a comment, and on every
/// other move a line of two legal moves from the position before it.
fn reviewed(g: &Game, squares: &[&str]) -> MatchRecord {
    let mut r = MatchRecord::from_game(g);
    let mut pos = g.start().clone();
    for (i, (rm, &m)) in r.moves.iter_mut().zip(g.moves()).enumerate() {
        rm.eval = Some(EVALS[i % EVALS.len()]);
        rm.nags = vec![[2, 4, 6, 1, 3, 5][i % 6]];
        let sq = |k: usize| squares[(i + k) % squares.len()].to_string();
        rm.arrows = vec![
            Arrow {
                brush: Brush::ALL[i % 4],
                from: sq(0),
                to: sq(1),
            },
            Arrow {
                brush: Brush::ALL[(i + 1) % 4],
                from: sq(2),
                to: sq(3),
            },
        ];
        rm.circles = vec![Circle {
            brush: Brush::ALL[(i + 2) % 4],
            square: sq(4),
        }];
        rm.comment = Some(format!("note {i}"));
        if i % 2 == 0 {
            let mut p = pos.clone();
            for _ in 0..2 {
                let Some(&first) = p.legal_moves().first() else {
                    break;
                };
                rm.line.push(p.lmn(first));
                p.make_move(first);
            }
        }
        pos.make_move(m);
    }
    r
}

#[test]
fn eval_nags_drawings_and_lines_round_trip_in_every_variant() {
    let mut rng = SplitMix64::new(22);
    for info in variants::builtin() {
        let v = common::variant(info.id, &[]);
        let (squares, _) = edge_squares(info.id);
        for _ in 0..3 {
            let g = random_game(&v, None, &mut rng, 14, &mut MoveKinds::default());
            let r = reviewed(&g, squares);
            let text = r.to_text().unwrap_or_else(|e| panic!("{}: {e}", info.id));
            let back = load(&text).record;
            assert_eq!(back.moves, r.moves, "{}:\n{text}", info.id);
            // Written again, the text is the same.
            assert_eq!(back.to_text().unwrap(), text, "{}", info.id);
        }
    }
}

#[test]
fn drawings_on_two_digit_and_zero_ranks_read_unambiguously() {
    // Grand: e10 is a square, so `Ge10e9` is e10 to e9 (not e1 to 0e9).
    let text =
        "[Variant \"grand\"]\n\n1. e5 {[%cal Ge10e9,Ra1j10,Ba10a1] [%csl Ye10,Ga10,Rj1]} *\n";
    let rm = &load(text).record.moves[0];
    let arrow = |b, f: &str, t: &str| Arrow {
        brush: b,
        from: f.into(),
        to: t.into(),
    };
    assert_eq!(
        rm.arrows,
        vec![
            arrow(Brush::Green, "e10", "e9"),
            arrow(Brush::Red, "a1", "j10"),
            arrow(Brush::Blue, "a10", "a1"),
        ]
    );
    let circle = |b, s: &str| Circle {
        brush: b,
        square: s.into(),
    };
    assert_eq!(
        rm.circles,
        vec![
            circle(Brush::Yellow, "e10"),
            circle(Brush::Green, "a10"),
            circle(Brush::Red, "j1"),
        ]
    );
    // Holy Grail: rank 0 (the prince's e0/f0) and rank 11.
    let text = "[Variant \"holygrail\"]\n\n1. e5 {[%cal Ge0e11,Gf11f0] [%csl Be0]} *\n";
    let rm = &load(text).record.moves[0];
    assert_eq!(
        rm.arrows,
        vec![
            arrow(Brush::Green, "e0", "e11"),
            arrow(Brush::Green, "f11", "f0")
        ]
    );
    assert_eq!(rm.circles, vec![circle(Brush::Blue, "e0")]);
}

#[test]
fn drawings_off_the_board_are_refused_on_read_and_write() {
    for info in variants::builtin() {
        let v = common::variant(info.id, &[]);
        let (squares, off) = edge_squares(info.id);
        let g = random_game(
            &v,
            None,
            &mut SplitMix64::new(5),
            1,
            &mut MoveKinds::default(),
        );
        let mut r = MatchRecord::from_game(&g);
        r.moves[0].circles = vec![Circle {
            brush: Brush::Green,
            square: off.into(),
        }];
        let e = r.to_text().unwrap_err().to_string();
        assert!(e.contains(&format!("'{off}'")), "{}: {e}", info.id);
        r.moves[0].circles.clear();
        let good = r.to_text().unwrap();
        let bad = good.replacen(
            &format!("{} *", g.start().san(g.moves()[0])),
            &format!(
                "{} {{[%cal G{}{off}]}} *",
                g.start().san(g.moves()[0]),
                squares[0]
            ),
            1,
        );
        assert_ne!(bad, good, "{}", info.id);
        let e = error_text(&bad);
        assert!(
            e.contains(&format!("'{off}', which is not a square of this board")),
            "{}: {e}",
            info.id
        );
    }
}

#[test]
fn malformed_review_commands_are_one_line_errors() {
    for (cmd, says) in [
        ("[%eval abc]", "is not pawns (0.35) or a mate (#-3)"),
        ("[%eval #1.5]", "is not pawns"),
        ("[%eval 99999999]", "is not pawns"),
        (
            "[%cal Xe2e4]",
            "is not a colour (G, R, B, Y) and two squares",
        ),
        ("[%cal Ge2]", "two squares"),
        ("[%cal Ge2e4e5]", "two squares"),
        ("[%csl Ge2e4]", "a square"),
        ("[%csl G4]", "a square"),
    ] {
        let text = format!("1. e4 {{{cmd}}} *\n");
        let e = error_text(&text);
        assert!(e.starts_with("game 1, line 1: "), "{cmd}: {e}");
        assert!(e.contains(says), "{cmd}: {e}");
        assert!(!e.contains('\n'), "{e}");
    }
}

#[test]
fn eval_values_read_and_write_as_lichess_writes_them() {
    for (text, eval, written) in [
        ("0.35", RecordEval::Cp(35), "0.35"),
        ("-1.2", RecordEval::Cp(-120), "-1.2"),
        ("-1.20", RecordEval::Cp(-120), "-1.2"),
        ("+3", RecordEval::Cp(300), "3.0"),
        ("0.0", RecordEval::Cp(0), "0.0"),
        ("-0.07", RecordEval::Cp(-7), "-0.07"),
        ("0.355", RecordEval::Cp(36), "0.36"),
        ("2.6,18", RecordEval::Cp(260), "2.6"),
        ("#3", RecordEval::Mate(3), "#3"),
        ("#-3", RecordEval::Mate(-3), "#-3"),
        ("#+1", RecordEval::Mate(1), "#1"),
    ] {
        assert_eq!(RecordEval::parse(text), Some(eval), "{text}");
        assert_eq!(eval.text(), written, "{text}");
    }
    for bad in ["", "#", "e4", "1.2.3", "--1", "#-", "0.3x"] {
        assert_eq!(RecordEval::parse(bad), None, "{bad}");
    }
}

#[test]
fn other_comments_and_commands_stay_beside_the_review() {
    let text = "1. e4 {[%clk 0:05:00]} {best by test} {[%eval 0.3] [%emt 0:00:02] \
                [%cal Ge2e4]} 1... e5 $6 {[%csl Rd4] a classical reply} *\n";
    let text = format!("[TimeControl \"300+3\"]\n\n{text}");
    let r = load(&text).record;
    let (m1, m2) = (&r.moves[0], &r.moves[1]);
    assert_eq!(m1.comment.as_deref(), Some("best by test"));
    assert_eq!(m1.eval, Some(RecordEval::Cp(30)));
    assert_eq!(m1.clock, Some(std::time::Duration::from_secs(300)));
    assert_eq!(m1.arrows.len(), 1);
    assert_eq!(m2.nags, vec![6]);
    assert_eq!(m2.comment.as_deref(), Some("a classical reply"));
    assert_eq!(m2.circles[0].square, "d4");
    let again = load(&r.to_text().unwrap()).record;
    assert_eq!(again.moves, r.moves);
}

/// A chess game as lichess exports an analysed game (tags, `%eval` and
/// `%clk` in one comment, the judgement glyph on the move, the judgement
/// and the best move in a second comment, the engine's line as a
/// variation): the Blackburne Shilling trap, 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4
/// 4. Nxe5? Qg5 5. Nxf7?? Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3#.
const LICHESS_CHESS: &str = r#"[Event "Rated Blitz game"]
[Site "https://lichess.org/Xy7Kq2Lm"]
[Date "2024.03.09"]
[White "anna_k"]
[Black "boris_t"]
[Result "0-1"]
[UTCDate "2024.03.09"]
[UTCTime "18:02:11"]
[WhiteElo "1502"]
[BlackElo "1544"]
[WhiteRatingDiff "-6"]
[BlackRatingDiff "+6"]
[Variant "Standard"]
[TimeControl "300+3"]
[ECO "C50"]
[Opening "Italian Game: Blackburne-Kostić Gambit"]
[Termination "Normal"]
[Annotator "lichess.org"]

1. e4 { [%eval 0.18] [%clk 0:05:00] } 1... e5 { [%eval 0.22] [%clk 0:05:00] } 2. Nf3 { [%eval 0.17] [%clk 0:05:01] } 2... Nc6 { [%eval 0.22] [%clk 0:05:01] } 3. Bc4 { [%eval 0.0] [%clk 0:05:02] } 3... Nd4?! { [%eval 0.94] [%clk 0:04:55] } { Inaccuracy. Bc5 was best. } (3... Bc5 4. c3 Nf6 5. d3 d6) 4. Nxe5? { [%eval -0.88] [%clk 0:04:51] } { Mistake. Nxd4 was best. } (4. Nxd4 exd4 5. c3 Nf6) 4... Qg5 { [%eval -0.75] [%clk 0:04:50] } 5. Nxf7?? { [%eval #-3] [%clk 0:04:40] } { Checkmate is now unavoidable. Bxf7+ was best. } (5. Bxf7+ Ke7 6. O-O Qxe5) 5... Qxg2 { [%eval #-2] [%clk 0:04:45] } 6. Rf1 { [%eval #-2] [%clk 0:04:38] } 6... Qxe4+ { [%eval #-1] [%clk 0:04:44] } 7. Be2 { [%eval #-1] [%clk 0:04:37] } 7... Nf3# { [%clk 0:04:44] } 0-1
"#;

#[test]
fn a_lichess_analysed_game_loads_with_its_evaluations() {
    let l = load(LICHESS_CHESS);
    let r = &l.record;
    assert_eq!(r.variant, "chess");
    assert_eq!(l.result_line(), "result: 0-1 checkmate");
    use RecordEval::{Cp, Mate};
    let evals: Vec<Option<RecordEval>> = r.moves.iter().map(|m| m.eval).collect();
    assert_eq!(
        evals,
        vec![
            Some(Cp(18)),
            Some(Cp(22)),
            Some(Cp(17)),
            Some(Cp(22)),
            Some(Cp(0)),
            Some(Cp(94)),
            Some(Cp(-88)),
            Some(Cp(-75)),
            Some(Mate(-3)),
            Some(Mate(-2)),
            Some(Mate(-2)),
            Some(Mate(-1)),
            Some(Mate(-1)),
            None,
        ]
    );
    // The glyphs as NAGs: ?! = $6, ? = $2, ?? = $4.
    let nags: Vec<(usize, Vec<u8>)> = r
        .moves
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.nags.is_empty())
        .map(|(i, m)| (i + 1, m.nags.clone()))
        .collect();
    assert_eq!(nags, vec![(6, vec![6]), (7, vec![2]), (9, vec![4])]);
    assert_eq!(
        r.moves[5].comment.as_deref(),
        Some("Inaccuracy. Bc5 was best.")
    );
    // The variations are the lines, in LMN from the position before.
    assert_eq!(r.moves[5].line, ["f8c5", "c2c3", "g8f6", "d2d3", "d7d6"]);
    assert_eq!(r.moves[6].line, ["f3d4", "e5d4", "c2c3", "g8f6"]);
    assert_eq!(r.moves[8].line, ["c4f7", "e8e7", "e1g1,h1f1", "g5e5"]);
    assert_eq!(
        r.moves[13].clock,
        Some(std::time::Duration::from_secs(4 * 60 + 44))
    );
    // Written in Chimera's form and read again, the review is the same.
    let again = load(&r.to_text().unwrap()).record;
    assert_eq!(again.moves, r.moves);
}

/// A Grand game in pychess's dialect (its `Variant` tag, `A` for the
/// Cardinal) with lichess-style evaluations. Grand's pawns start on the
/// third and eighth ranks and may step two; the knights stand on b2/i2 and
/// b9/i9, the Cardinals (pychess's archbishops) on g2 and g9.
const PYCHESS_GRAND: &str = r#"[Event "Casual game"]
[Site "https://www.pychess.org/aB3dE5fG"]
[Date "2024.05.02"]
[White "carla"]
[Black "Fairy-Stockfish"]
[Result "*"]
[Variant "Grand"]
[TimeControl "600+10"]

1. e5 { [%eval 0.31] } 1... e6 { [%eval 0.27] } 2. Nc4 { [%eval 0.3] } 2... Nc7 { [%eval 0.35] } 3. Af4 { [%eval 0.42] } 3... Af7?! { [%eval 1.4] } { Inaccuracy. Nh7 was best. } (3... Nh7 4. Nh4) *
"#;

#[test]
fn a_pychess_grand_game_loads_with_its_evaluations() {
    let r = load(PYCHESS_GRAND).record;
    assert_eq!(r.variant, "grand");
    let lmns: Vec<&str> = r.moves.iter().map(|m| m.lmn.as_str()).collect();
    assert_eq!(lmns, ["e3e5", "e8e6", "b2c4", "b9c7", "g2f4", "g9f7"]);
    let evals: Vec<Option<RecordEval>> = r.moves.iter().map(|m| m.eval).collect();
    use RecordEval::Cp;
    assert_eq!(
        evals,
        [31, 27, 30, 35, 42, 140].map(|c| Some(Cp(c))).to_vec()
    );
    assert_eq!(r.moves[5].nags, vec![6]);
    assert_eq!(r.moves[5].line, ["i9h7", "i2h4"]);
    // Chimera writes the Cardinal as C: the line too.
    let text = r.to_text().unwrap();
    assert!(text.contains("3... Cf7 $6 {[%eval 1.4]}"), "{text}");
    assert!(text.contains("(3... Nh7 4. Nh4)"), "{text}");
}

#[test]
fn a_variation_that_is_not_legal_is_skipped_as_before() {
    let text = "1. e4 e5 (1... Ke2 2. e4) (1... c5) 2. Nf3 *\n";
    let r = load(text).record;
    assert!(r.moves[1].line.is_empty());
    let text = "1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *\n";
    let r = load(text).record;
    assert_eq!(r.moves[1].line, ["c7c5", "g1f3", "d7d6"]);
    assert_eq!(RecordedMove::new("e2e4").line, Vec::<String>::new());
}
