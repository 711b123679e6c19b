//! Tests of the movement notation: the strings shipped for the built-in kinds
//! against `PieceDef::new`, directions, modifiers, errors, and a fuzz run.

use super::legacy::{MoveOptions, legacy_def};
use super::{BetzaError, Movement, Step, parse};
use crate::geometry::{Geometry, Sq};
use crate::pieces::{Kind, Mode, PieceDef, Special};

/// The movement string shipped for each built-in kind under `opts`.
fn shipped(kind: Kind, opts: MoveOptions) -> &'static str {
    match kind {
        Kind::Pawn => "{pawn}",
        Kind::NinjaPawn => "{ninja-pawn}",
        Kind::Knight => "N",
        Kind::Bishop => "B",
        Kind::Rook => "R",
        Kind::Queen => "Q",
        Kind::King | Kind::Prince => "K",
        Kind::Lady => "WB",
        Kind::Marshal => "RN",
        Kind::Cardinal => "BN",
        Kind::Champion => "WDA",
        Kind::Templar => "FAD",
        Kind::WazirKnight => "WN",
        Kind::FerzKnight => "FN",
        Kind::WazirSorcerer => "WZ",
        Kind::FerzSorcerer => "FZ",
        Kind::SorcererKnight if opts.lame_sorcerer => "nNn(2,3)",
        Kind::SorcererKnight => "NZ",
        Kind::Squire => "nN",
        Kind::Crusader => "nNB",
        Kind::Gryphon if opts.full_gryphons => "{gryphon-full}",
        Kind::Gryphon => "{gryphon}",
        Kind::AntiGryphon if opts.full_gryphons => "{aanca}",
        Kind::AntiGryphon => "{anti-gryphon}",
        Kind::Bomber => "{bomber}",
        Kind::Raptor => "{raptor}",
        Kind::Cannon => "mRcpR",
        Kind::Vao => "mBcpB",
        Kind::FlyingChariot => "R{chariot-jump}",
        Kind::FlyingBishop => "B{bishop-jump}",
        Kind::Ghost => "{ghost}",
        Kind::Relay => "mWmFmN",
        Kind::Warlord => "{warlord}",
        Kind::Serpent => "",
        _ => unreachable!("only built-in kinds"),
    }
}

fn assert_same_def(got: &PieceDef, want: &PieceDef, what: &str) {
    assert_eq!(got.kind, want.kind, "{what}");
    assert_eq!(got.letter, want.letter, "{what}");
    assert_eq!(got.leaps, want.leaps, "{what}: leaps");
    assert_eq!(got.rides, want.rides, "{what}: rides");
    assert_eq!(got.two_paths, want.two_paths, "{what}: two-path moves");
    assert_eq!(got.special, want.special, "{what}: special");
}

fn geometries() -> Vec<Geometry> {
    vec![
        Geometry::new(8, 8, 1, &[]),
        Geometry::new(10, 10, 0, &[Sq::new(0, 0)]),
        Geometry::new(12, 13, 1, &[]),
    ]
}

#[test]
fn shipped_strings_build_exactly_the_engine_definitions() {
    let settings = [
        MoveOptions::default(),
        MoveOptions {
            full_gryphons: true,
            lame_sorcerer: true,
        },
    ];
    for geo in geometries() {
        for opts in settings {
            for kind in Kind::ALL {
                let text = shipped(kind, opts);
                let m = parse(text).unwrap_or_else(|e| panic!("{kind:?} '{text}': {e}"));
                let what = format!("{kind:?} '{text}' {opts:?} on {}x{}", geo.width, geo.height);
                let want = legacy_def(kind, 'X', &geo, opts);
                assert_same_def(&m.to_def(kind, 'X', &geo), &want, &what);
            }
        }
    }
}

/// `nNnZ` gives the lame Sorcerer Knight's moves, but its zebra images in
/// `Z`'s order (3,2) first, where the engine lists (2,3) first; `nNn(2,3)` is exact.
#[test]
fn lame_zebra_by_letter_is_the_same_set_in_zebra_order() {
    let geo = Geometry::new(12, 12, 1, &[]);
    let opts = MoveOptions {
        lame_sorcerer: true,
        ..MoveOptions::default()
    };
    let want = legacy_def(Kind::SorcererKnight, 'S', &geo, opts).two_paths;
    let got = parse("nNnZ")
        .unwrap()
        .to_def(Kind::SorcererKnight, 'S', &geo)
        .two_paths;
    assert_eq!(got.len(), 16);
    assert_eq!(got[..8], want[..8]);
    for tp in &got {
        assert!(want.contains(tp), "{tp:?}");
    }
    assert_eq!(got[8].off, geo.offset(3, 2));
    assert_eq!(want[8].off, geo.offset(2, 3));
}

fn step(dx: i8, dy: i8, mode: Mode) -> Step {
    Step { dx, dy, mode }
}

fn leaps(text: &str) -> Vec<(i8, i8)> {
    let m = parse(text).unwrap_or_else(|e| panic!("'{text}': {e}"));
    m.leaps.iter().map(|s| (s.dx, s.dy)).collect()
}

#[test]
fn leaper_letters_have_their_offsets() {
    // The first image of each letter is its offset as listed; each has all 8 (or 4) images.
    for (text, first, count) in [
        ("W", (1, 0), 4),
        ("F", (1, 1), 4),
        ("D", (2, 0), 4),
        ("N", (1, 2), 8),
        ("A", (2, 2), 4),
        ("H", (3, 0), 4),
        ("C", (1, 3), 8),
        ("Z", (3, 2), 8),
        ("G", (3, 3), 4),
        ("(0,3)", (0, 3), 4),
        ("( 2 , 1 )", (2, 1), 8),
    ] {
        let l = leaps(text);
        assert_eq!((l[0], l.len()), (first, count), "{text}");
    }
    assert_eq!(
        leaps("N"),
        [
            (1, 2),
            (1, -2),
            (-1, 2),
            (-1, -2),
            (2, 1),
            (2, -1),
            (-2, 1),
            (-2, -1)
        ]
    );
}

#[test]
fn riders_and_shorthands() {
    let rides = |t: &str| -> Vec<(i8, i8)> {
        let m = parse(t).unwrap();
        assert!(m.leaps.is_empty() && m.lame.is_empty(), "{t}");
        m.rides.iter().map(|s| (s.dx, s.dy)).collect()
    };
    let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    assert_eq!(rides("R"), rook);
    assert_eq!(rides("WW"), rook);
    assert_eq!(rides("B"), bishop);
    assert_eq!(rides("FF"), bishop);
    assert_eq!(rides("Q"), [rook, bishop].concat());
    assert_eq!(rides("NN"), leaps("N"));
    assert_eq!(rides("(1,2)(1,2)"), leaps("N"));
    assert_eq!(leaps("K"), [rook, bishop].concat());
    // Two different explicit leaps in a row are two leapers, not a rider.
    let m = parse("(1,0)(0,2)").unwrap();
    assert!(m.rides.is_empty());
    assert_eq!(leaps("(1,0)(0,2)"), [leaps("W"), leaps("(0,2)")].concat());
    assert_eq!(leaps("(0,2)"), [(0, 2), (0, -2), (2, 0), (-2, 0)]);
    // Whitespace between terms is ignored; the empty string is no movement.
    assert_eq!(parse(" R \t N\n").unwrap(), parse("RN").unwrap());
    assert_eq!(parse("").unwrap(), Movement::default());
    assert_eq!(parse("   ").unwrap(), Movement::default());
}

#[test]
fn directions_select_images_in_order() {
    assert_eq!(leaps("fW"), [(0, 1)]);
    assert_eq!(leaps("bW"), [(0, -1)]);
    assert_eq!(leaps("lW"), [(-1, 0)]);
    assert_eq!(leaps("rW"), [(1, 0)]);
    assert_eq!(leaps("sW"), [(1, 0), (-1, 0)]);
    assert_eq!(leaps("vW"), [(0, 1), (0, -1)]);
    assert_eq!(leaps("fF"), [(1, 1), (-1, 1)]);
    assert_eq!(leaps("fK"), [(0, 1), (1, 1), (-1, 1)]);
    assert_eq!(leaps("flF"), [(-1, 1)]);
    assert_eq!(leaps("lfF"), [(-1, 1)]);
    assert_eq!(leaps("brF"), [(1, -1)]);
    // Intersections on the knight: forward wide, forward narrow (lv = left and vertical).
    assert_eq!(leaps("fsN"), [(2, 1), (-2, 1)]);
    assert_eq!(leaps("bsN"), [(2, -1), (-2, -1)]);
    assert_eq!(leaps("lvN"), [(-1, 2), (-1, -2)]);
    assert_eq!(leaps("rfN"), [(1, 2), (2, 1)]);
    // Unions: fb on W, fv = f or v, fs both ways round.
    assert_eq!(leaps("fbW"), [(0, 1), (0, -1)]);
    assert_eq!(
        leaps("fvN"),
        [(1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (-2, 1)]
    );
    assert_eq!(
        leaps("sfN"),
        leaps("N")
            .into_iter()
            .filter(|&(x, y)| y > 0 || x.abs() == 2)
            .collect::<Vec<_>>()
    );
    assert_eq!(leaps("flfrF"), [(1, 1), (-1, 1)]);
    // Directions on riders and lame leaps.
    let m = parse("fR").unwrap();
    assert_eq!(m.rides, [step(0, 1, Mode::Both)]);
    let m = parse("fsnN").unwrap();
    assert_eq!(m.lame, [(2, 1), (-2, 1)]);
    // A forward-only piece seen from Black moves down the board.
    let m = parse("fWfcF").unwrap().mirrored();
    assert_eq!(
        m.leaps,
        [
            step(0, -1, Mode::Both),
            step(1, -1, Mode::CaptureOnly),
            step(-1, -1, Mode::CaptureOnly)
        ]
    );
    assert_eq!(parse("fsnN").unwrap().mirrored().lame, [(2, -1), (-2, -1)]);
    assert_eq!(parse("{pawn}").unwrap().mirrored().special, Special::Pawn);
}

#[test]
fn symmetric_pieces_need_no_black_definition() {
    for text in [
        "K", "Q", "N", "mRcpR", "nNB", "{pawn}", "", "sW", "lW", "fbW", "fsNbsN", "lF",
    ] {
        assert!(parse(text).unwrap().is_symmetric(), "{text}");
    }
    for text in ["fW", "bR", "fsN", "flF", "fnN", "mWfcF"] {
        assert!(!parse(text).unwrap().is_symmetric(), "{text}");
    }
}

#[test]
fn modifiers_set_mode_lame_and_hopper() {
    let m = parse("mWcF").unwrap();
    assert!(m.leaps[..4].iter().all(|s| s.mode == Mode::MoveOnly));
    assert!(m.leaps[4..].iter().all(|s| s.mode == Mode::CaptureOnly));
    // The modifier letters may come in any order.
    assert_eq!(parse("fmW").unwrap(), parse("mfW").unwrap());
    assert_eq!(
        parse("pcB").unwrap().special,
        Special::Hopper { diag: true }
    );
    assert_eq!(
        parse("cpR").unwrap().special,
        Special::Hopper { diag: false }
    );
    let m = parse("nN").unwrap();
    assert!(m.leaps.is_empty() && m.rides.is_empty());
    assert_eq!(m.lame, leaps("N"));
    // Lame three-square leaps (two intermediate squares) are allowed.
    assert_eq!(parse("nC").unwrap().lame, leaps("C"));
    assert_eq!(parse("nH").unwrap().lame.len(), 4);
    // Disjoint modes on the same move are not a repeat.
    assert!(parse("mWcW").is_ok());
}

/// The Squire's two-path move: the knight square (1,2) by (0,1) or by (1,1).
#[test]
fn lame_knight_paths_are_orthogonal_first_and_diagonal_first() {
    let geo = Geometry::new(8, 8, 1, &[]);
    let d = parse("nN").unwrap().to_def(Kind::Squire, 'S', &geo);
    assert_eq!(d.two_paths[0].off, geo.offset(1, 2));
    assert_eq!(
        d.two_paths[0].paths,
        [[geo.offset(0, 1), 0], [geo.offset(1, 1), 0]]
    );
    // (3,2) zebra: one orthogonal then two diagonal, or two diagonal then one orthogonal.
    let d = parse("n(3,2)").unwrap().to_def(Kind::Squire, 'S', &geo);
    assert_eq!(
        d.two_paths[0].paths,
        [
            [geo.offset(1, 0), geo.offset(2, 1)],
            [geo.offset(1, 1), geo.offset(2, 2)]
        ]
    );
}

fn error(text: &str) -> BetzaError {
    match parse(text) {
        Ok(m) => panic!("'{text}' parsed as {m:?}"),
        Err(e) => e,
    }
}

#[track_caller]
fn assert_error(text: &str, column: usize, problem: &str) {
    let e = error(text);
    assert_eq!(e.column, column, "'{text}': {e}");
    assert!(e.problem.contains(problem), "'{text}': {e}");
}

#[test]
fn errors_name_the_column_and_the_problem() {
    assert_eq!(error("WDAcXz").to_string(), "unknown atom 'Xz' at column 5");
    assert_eq!(error("vF").to_string(), "'vF' selects no move at column 1");
    assert_error("RN fxW", 5, "unknown modifier 'x'");
    assert_error("Nm", 2, "modifiers 'm' have no atom after them");
    assert_error("fm W", 1, "modifiers 'fm' have no atom after them");
    assert_error("mcW", 2, "'m' and 'c' together");
    assert_error("mmW", 2, "repeated modifier 'm'");
    assert_error("nnN", 2, "repeated modifier 'n'");
    assert_error("ffW", 2, "repeated direction 'f'");
    assert_error("flflF", 3, "repeated direction 'fl'");
    assert_error("fllfF", 3, "repeated direction 'lf'");
    assert_error("flW", 1, "'flW' selects no move");
    assert_error("K fsW", 3, "'fsW' selects no move");
    assert_error("mnN", 1, "'n' (lame) cannot be combined with 'm'");
    assert_error("nR", 1, "'n' (lame) applies to leaps, not to the rider 'R'");
    assert_error("nNN", 1, "rider 'NN'");
    assert_error("pR", 1, "only as cpR");
    assert_error("mpR", 1, "only as cpR");
    assert_error("cpN", 1, "only as cpR");
    assert_error("cpQ", 1, "only as cpR");
    assert_error("fcpR", 1, "only as cpR");
    assert_error("mR cpR cpB", 8, "second special 'cpB' after 'cpR'");
    assert_error(
        "{pawn}{ghost}",
        7,
        "second special '{ghost}' after '{pawn}'",
    );
    assert_error(
        "W{dragon}",
        2,
        "unknown named atom '{dragon}' (known: {pawn}, {ninja-pawn},",
    );
    assert_error("W{pawn", 2, "unclosed '{'");
    assert_error("f{pawn}", 1, "modifiers 'f' cannot apply to a named atom");
    assert_error("N(1,2", 2, "unclosed '('");
    assert_error("N(", 2, "unclosed '('");
    assert_error("(4,1)", 2, "leap coordinate 4 is out of range");
    assert_error("(1,99999999999999999999)", 4, "out of range");
    assert_error("(0,0)", 1, "'(0,0)' is not a move");
    assert_error("(1;2)", 3, "expected ',' in '(x,y)', found ';'");
    assert_error("(1,2]", 5, "expected ')' in '(x,y)', found ']'");
    assert_error("(-1,2)", 2, "expected a number 0 to 3, found '-'");
    assert_error("W)", 2, "unexpected character ')'");
    assert_error("W 2", 3, "unexpected character '2'");
    assert_error("Wé", 2, "unexpected character 'é'");
    assert_error("WÉ", 2, "unknown atom 'É'");
    // Columns count characters, not bytes.
    assert_error("é", 1, "unexpected character 'é'");
    assert_error("W\u{3000}X", 3, "unknown atom 'X'");
}

#[test]
fn a_term_may_not_repeat_an_earlier_move() {
    assert_error("KB", 2, "'B' repeats the move (1,1) of 'K'");
    assert_error("BK", 2, "'K' repeats the move (1,1) of 'B'");
    assert_error("RD", 2, "'D' repeats the move (2,0) of 'R'");
    assert_error("WWDD", 3, "'DD' repeats the move (2,0) of 'WW'");
    assert_error("DDR", 3, "'R' repeats the move (2,0) of 'DD'");
    assert_error("NnN", 2, "'nN' repeats the move (1,2) of 'N'");
    assert_error("WfW", 2, "'fW' repeats the move (0,1) of 'W'");
    assert_error("mRR", 3, "'R' repeats the move (1,0) of 'mR'");
    assert_error("W W", 3, "'W' repeats");
    // Different squares, disjoint modes or opposite directions do not repeat.
    for ok in [
        "WB",
        "mRcR",
        "fRbR",
        "WD",
        "RN",
        "nNB",
        "mRcpR",
        "(1,0)(0,2)",
    ] {
        assert!(parse(ok).is_ok(), "{ok}");
    }
}

/// Random strings over the notation's alphabet and some junk parse or fail
/// cleanly; whatever parses converts to an engine definition with in-range offsets.
#[test]
fn fuzz_never_panics() {
    const PIECES: [&str; 20] = [
        "W",
        "F",
        "N",
        "R",
        "B",
        "Q",
        "K",
        "Z",
        "(1,2)",
        "(3,3)",
        "{pawn}",
        "{gryphon}",
        "{aanca}",
        "{warlord}",
        "cpR",
        "mRcpR",
        "nN",
        "fs",
        "(",
        "{",
    ];
    let alphabet: Vec<char> = "WFDNAHCZGRBQKXmcnpfblrvs(){},0123456789- \té}"
        .chars()
        .collect();
    let geo = Geometry::new(12, 13, 1, &[]);
    let mut rng = crate::SplitMix64::new(0x5EED_BE72A);
    let (mut oks, mut errs) = (0, 0);
    for _ in 0..20_000 {
        let mut text = String::new();
        for _ in 0..rng.below(12) {
            if rng.below(3) == 0 {
                text.push_str(PIECES[rng.below(PIECES.len())]);
            } else {
                text.push(alphabet[rng.below(alphabet.len())]);
            }
        }
        match parse(&text) {
            Ok(m) => {
                oks += 1;
                let steps = m.leaps.iter().chain(&m.rides).map(|s| (s.dx, s.dy));
                for (x, y) in steps.chain(m.lame.iter().copied()) {
                    assert!((x, y) != (0, 0) && x.abs() <= 3 && y.abs() <= 3, "'{text}'");
                }
                let d = m.mirrored().to_def(Kind::Queen, 'Q', &geo);
                assert_eq!(d.two_paths.len(), m.lame.len());
            }
            Err(e) => {
                errs += 1;
                assert!(
                    e.column >= 1 && e.column <= text.chars().count(),
                    "'{text}': {e}"
                );
            }
        }
    }
    // The generator reaches both outcomes often.
    assert!(oks > 1000 && errs > 1000, "{oks} ok, {errs} errors");
}
