//! Variant files (issue 14): every built-in file checks and round-trips;
//! each atom of the movement notation and each hook works through a small
//! made-up file, with the expected moves worked out by hand from docs/rules.md
//! and the notation's definition (docs/variant-files.md); broken files get
//! an error naming line, key and problem; mutated files give an error or a
//! playable variant, never a panic.

use std::collections::BTreeSet;
use std::sync::Arc;

use chimera_rules::variants::{FileError, builtin, check, register};
use chimera_rules::{
    Color, EndReason, Game, Kind, MoveKind, OptionKind, Position, SplitMix64, Variant, variants,
};

use crate::common::*;

// ------------------------------------------------------------ built-in files

/// Every value list to try of each option: the choice options' every
/// combination, each with every tried value of the number options.
fn all_combos(info: &chimera_rules::VariantInfo) -> Vec<Vec<(String, String)>> {
    let mut combos = choice_combos(info);
    for o in info.options {
        if let OptionKind::Number { .. } = o.kind {
            combos = combos
                .into_iter()
                .flat_map(|c| {
                    option_values(&o.kind).into_iter().map(move |val| {
                        let mut c = c.clone();
                        c.push((o.name.to_string(), val));
                        c
                    })
                })
                .collect();
        }
    }
    combos
}

fn build(id: &str, combo: &[(String, String)]) -> Arc<Variant> {
    Variant::new(id, combo).unwrap_or_else(|e| panic!("{id} {combo:?}: {e}"))
}

/// Each built-in file passes `check` as it is shipped, and the same text
/// under another id registers as a player's file and plays exactly the same
/// game (start position, legal moves, perft 1–3) for every option value.
#[test]
fn every_builtin_file_checks_and_a_renamed_copy_plays_the_same() {
    let builtins = builtin();
    assert_eq!(builtins.len(), 7, "the seven games of docs/rules.md");
    for &info in builtins {
        assert!(info.builtin, "{}", info.id);
        let checked = check(info.source).unwrap_or_else(|e| panic!("{}: {e}", info.id));
        assert_eq!(
            (
                checked.id,
                checked.name,
                checked.description,
                checked.builtin
            ),
            (info.id, info.name, info.description, false)
        );
        let id_line = format!("id = \"{}\"", info.id);
        assert_eq!(info.source.matches(&id_line).count(), 1, "{}", info.id);
        let text = info
            .source
            .replacen(&id_line, &format!("id = \"copy-of-{}\"", info.id), 1);
        let copy = register(&text).unwrap_or_else(|e| panic!("copy of {}: {e}", info.id));
        assert_eq!(copy.id, format!("copy-of-{}", info.id));
        assert_eq!(copy.source, text);
        let shape = |i: &chimera_rules::VariantInfo| -> Vec<String> {
            i.options
                .iter()
                .map(|o| format!("{} {:?} {} {}", o.name, o.kind, o.default, o.help))
                .collect()
        };
        assert_eq!(shape(copy), shape(info), "{} options", info.id);
        for combo in all_combos(info) {
            let (a, b) = (build(info.id, &combo), build(copy.id, &combo));
            assert_eq!(a.start, b.start, "{} {combo:?}", info.id);
            let (mut pa, mut pb) = (a.start_position(), b.start_position());
            assert_eq!(pa.to_vfen(), pb.to_vfen());
            assert_eq!(legal(&pa), legal(&pb), "{} {combo:?}", info.id);
            for depth in 1..=3 {
                assert_eq!(
                    pa.perft(depth),
                    pb.perft(depth),
                    "{} {combo:?} perft {depth}",
                    info.id
                );
            }
        }
    }
}

/// A built-in id cannot be taken by a player's file; the same text again
/// gives back the registered variant, and a new text replaces it.
#[test]
fn registration_refuses_builtin_ids_and_replaces_by_id() {
    let chess = variants().iter().find(|v| v.id == "chess").unwrap();
    let err = register(chess.source).unwrap_err();
    assert_eq!(err.key, "id");
    assert!(err.problem.contains("built-in"), "{err}");
    let text = chess.source.replacen("id = \"chess\"", "id = \"twice\"", 1);
    let first = register(&text).unwrap();
    assert!(std::ptr::eq(first, register(&text).unwrap()));
    let renamed = text.replacen("name = \"Chess\"", "name = \"Twice\"", 1);
    let second = register(&renamed).unwrap();
    assert_eq!(second.name, "Twice");
    assert_eq!(variants().iter().filter(|v| v.id == "twice").count(), 1);
}

// ---------------------------------------------------------- Capablanca chess

const CAPABLANCA: &str = include_str!("../../../../docs/capablanca.toml");

/// The worked example of docs/variant-files.md: its perft from the start agrees with the
/// reference counts (Fairy-Stockfish `tests/perft.sh`: `capablanca startpos
/// 4 805128`; Shuriken's table from Sjeng: 28, 784, 25228, 805128).
#[test]
fn capablanca_file_matches_the_reference_perft() {
    let v = file_variant(CAPABLANCA, &[]);
    let mut p = v.start_position();
    assert_eq!(
        p.to_vfen(),
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w AJaj - - 0 1"
    );
    for (depth, nodes) in [(1, 28), (2, 784), (3, 25_228)] {
        assert_eq!(p.perft(depth), nodes, "perft {depth}");
    }
}

/// Capablanca castling (Fairy-Stockfish `capablanca`): the king goes three
/// squares toward the rook, which lands beside it on the other side; every
/// square between king and rook empty, no crossed square attacked.
#[test]
fn capablanca_castles_three_squares_either_way() {
    let v = file_variant(CAPABLANCA, &[]);
    let rest = "w AJ - - 0 1";
    let p = with_pieces(
        &v,
        &[("f1", 'K'), ("a1", 'R'), ("j1", 'R'), ("f8", 'k')],
        rest,
    );
    let castles = legal_where(&p, |m| m.kind() == MoveKind::Castle);
    assert_eq!(castles, set("f1i1,j1h1 f1c1,a1d1"));
    // A piece between king and rook, or a crossed square attacked, stops it.
    let p = with_pieces(
        &v,
        &[
            ("f1", 'K'),
            ("a1", 'R'),
            ("b1", 'N'),
            ("j1", 'R'),
            ("h8", 'r'),
            ("f8", 'k'),
        ],
        rest,
    );
    assert!(legal_where(&p, |m| m.kind() == MoveKind::Castle).is_empty());
    // Black's castlings are White's mirrored onto rank 8.
    let p = with_pieces(
        &v,
        &[("f1", 'K'), ("f8", 'k'), ("a8", 'r'), ("j8", 'r')],
        "b aj - - 0 1",
    );
    assert_eq!(
        legal_where(&p, |m| m.kind() == MoveKind::Castle),
        set("f8i8,j8h8 f8c8,a8d8")
    );
    // The two new pieces: the Archbishop is bishop + knight, the Chancellor rook + knight.
    let p = with_pieces(
        &v,
        &[("a1", 'K'), ("j8", 'k'), ("e4", 'A'), ("f5", 'C')],
        "w - - - 0 1",
    );
    assert_eq!(
        targets(&p, "e4"),
        set("d3 c2 b1 f3 g2 h1 d5 c6 b7 a8 c3 c5 d2 d6 f2 f6 g3 g5")
    );
    assert_eq!(
        targets(&p, "f5"),
        set("f1 f2 f3 f4 f6 f7 f8 a5 b5 c5 d5 e5 g5 h5 i5 j5 d4 d6 e3 e7 g3 g7 h4 h6")
    );
}

// ------------------------------------------------------------------ errors

/// 1-based line of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("'{needle}' is not in the file"))
        + 1
}

/// The error `check` gives for `text`.
fn error_of(text: &str) -> FileError {
    match check(text) {
        Ok(info) => panic!("{} was accepted:\n{text}", info.id),
        Err(e) => e,
    }
}

/// Asserts the error of `text`: on the line containing `at` (none when
/// `at` is empty), about `key`, its problem containing each of `words`.
fn assert_error(text: &str, at: &str, key: &str, words: &[&str]) {
    let e = error_of(text);
    let line = (!at.is_empty()).then(|| line_of(text, at));
    assert_eq!((e.line, e.key.as_str()), (line, key), "{e}\nin:\n{text}");
    for w in words {
        assert!(e.problem.contains(w), "'{e}' lacks '{w}'");
    }
    // The message shows all three.
    let shown = e.to_string();
    assert!(shown.contains(&e.problem) && shown.contains(key), "{shown}");
    if let Some(l) = line {
        assert!(shown.starts_with(&format!("line {l}: ")), "{shown}");
    }
}

/// A small valid file: 5x5, kings and a rook, the rest given.
fn small(extra_pieces: &str, board: &str, more: &str) -> String {
    game_file(
        "small",
        5,
        5,
        &format!(
            r#"
[pieces]
king = {{ letter = "K", moves = "K", royal = true }}
rook = {{ letter = "R", moves = "R" }}
{extra_pieces}
[start]
board = "{board}"
{more}"#
        ),
    )
}

/// A made-up variant file: `id` (its name too) on a `files` x `ranks`
/// board, then `rest` (further `[board]` keys first, then the tables).
fn game_file(id: &str, files: u8, ranks: u8, rest: &str) -> String {
    format!("id = \"{id}\"\nname = \"{id}\"\n\n[board]\nfiles = {files}\nranks = {ranks}\n{rest}")
}

const SMALL_BOARD: &str = "2k2/5/5/5/R1K2";

#[test]
fn the_small_file_itself_is_valid() {
    let info = check(&small("", SMALL_BOARD, "")).unwrap();
    assert_eq!(info.id, "small");
}

#[test]
fn syntax_errors_name_their_line() {
    let text = small("", SMALL_BOARD, "[rules]\nrepetition = = 3\n");
    let e = error_of(&text);
    assert_eq!(e.line, Some(line_of(&text, "= = 3")), "{e}");
    assert_eq!(e.key, "");
}

#[test]
fn unknown_keys_are_errors_not_ignored() {
    let text = small("", SMALL_BOARD, "").replace("ranks = 5", "ranks = 5\nholse = [\"c3\"]");
    assert_error(&text, "holse", "board.holse", &["unknown key", "holes"]);
    let text = small("", SMALL_BOARD, "[rules]\nrepitition = 2\n");
    assert_error(&text, "repitition", "rules.repitition", &["unknown key"]);
    let text = small("", SMALL_BOARD, "").replace("moves = \"R\"", "moves = \"R\", royl = true");
    assert_error(&text, "royl", "pieces.rook.royl", &["unknown key"]);
    let text = small("", SMALL_BOARD, "").replacen("\n", "\nauthor = \"me\"\n", 1);
    assert_error(&text, "author", "author", &["unknown key"]);
    let text = small("", SMALL_BOARD, "colour = \"red\"\n");
    assert_error(&text, "colour", "start.colour", &["unknown key"]);
}

#[test]
fn values_of_the_wrong_type_or_range_are_errors() {
    let text = small("", SMALL_BOARD, "").replace("files = 5", "files = \"5\"");
    assert_error(
        &text,
        "files =",
        "board.files",
        &["expected a whole number", "a string"],
    );
    let text = small("", SMALL_BOARD, "").replace("files = 5", "files = 5.0");
    assert_error(
        &text,
        "files =",
        "board.files",
        &["expected a whole number, found a decimal number"],
    );
    let text = small("", SMALL_BOARD, "").replace("files = 5", "files = 2024-01-01");
    assert_error(&text, "files =", "board.files", &["found a date"]);
    let text = small("", SMALL_BOARD, "").replace("files = 5", "files = 13");
    assert_error(&text, "files =", "board.files", &["13", "out of range"]);
    let text = small("", SMALL_BOARD, "[rules]\nforced-capture = \"yes\"\n");
    assert_error(
        &text,
        "forced-capture",
        "rules.forced-capture",
        &["true or false"],
    );
    let text = small("", SMALL_BOARD, "[rules]\nno-moves = \"lose\"\n");
    assert_error(
        &text,
        "no-moves",
        "rules.no-moves",
        &["'lose'", "checkmate, win, pass"],
    );
    let text = small("", SMALL_BOARD, "").replace("name = \"small\"", "name = 5");
    assert_error(&text, "name = 5", "name", &["expected a string"]);
    let text = small(
        "\"Dragon Lord\" = { letter = \"D\", moves = \"N\" }",
        SMALL_BOARD,
        "",
    );
    assert_error(
        &text,
        "Dragon Lord",
        "pieces.Dragon Lord",
        &["piece identifier"],
    );
    let text = small("", SMALL_BOARD, "").replace("id = \"small\"", "id = \"Small Game\"");
    assert_error(&text, "id =", "id", &["'Small Game'", "identifier"]);
}

#[test]
fn bad_squares_are_named() {
    let text = small("", SMALL_BOARD, "").replace("ranks = 5", "ranks = 5\nholes = [\"a3 f3\"]");
    assert_error(&text, "holes", "board.holes", &["'f3'", "not a square"]);
    let text =
        small("", SMALL_BOARD, "").replace("ranks = 5", "ranks = 5\nswap-colour = [\"b2-b9\"]");
    assert_error(&text, "swap-colour", "board.swap-colour", &["'b2-b9'"]);
    let text = small(
        "",
        SMALL_BOARD,
        "[[castling]]\nking = \"c1\"\nking-to = \"b1\"\nrook = \"a1\"\nrook-to = \"c0\"\n",
    );
    assert_error(
        &text,
        "rook-to",
        "castling[0].rook-to",
        &["'c0'", "not a square"],
    );
    let text = small(
        "knight = { letter = \"N\", moves = \"N\", drops = [\"a1-e6\"] }",
        SMALL_BOARD,
        "hand = \"N\"\n",
    );
    assert_error(&text, "drops", "pieces.knight.drops", &["'a1-e6'"]);
}

/// Castling squares: on the king's rank, and king and rook land between
/// (or on) their own squares, on different squares (the engine checks only
/// that the squares between king and rook are empty).
#[test]
fn castling_destinations_stay_between_king_and_rook() {
    let castling = |king_to: &str, rook: &str, rook_to: &str| {
        small(
            "",
            "2k2/5/5/5/R1K1R",
            &format!(
                "castling = \"{}\"\n\n[[castling]]\nking = \"c1\"\nking-to = \"{king_to}\"\nrook = \"{rook}\"\nrook-to = \"{rook_to}\"\n",
                rook[..1].to_uppercase()
            ),
        )
    };
    for (king_to, rook, rook_to) in [("d1", "e1", "c1"), ("a1", "a1", "b1")] {
        if let Err(e) = check(&castling(king_to, rook, rook_to)) {
            panic!("c1{king_to},{rook}{rook_to}: {e}");
        }
    }
    let text = castling("d2", "e1", "c1");
    assert_error(
        &text,
        "king-to",
        "castling[0].king-to",
        &["d2", "king's rank"],
    );
    // Beyond the rook the king could land on a piece of its own.
    let text = castling("b1", "e1", "d1");
    assert_error(&text, "king-to", "castling[0].king-to", &["b1", "between"]);
    let text = castling("d1", "e1", "b1");
    assert_error(&text, "rook-to", "castling[0].rook-to", &["b1", "between"]);
    let text = castling("d1", "e1", "d1");
    assert_error(&text, "rook-to", "castling[0].rook-to", &["same square"]);
    let text = castling("d1", "e2", "d1");
    assert_error(&text, "rook = \"e2\"", "castling[0].rook", &["king's rank"]);
}

#[test]
fn options_are_checked_when_the_file_is_read() {
    let opt = "[options.size]\nvalues = [\"big\", \"small\"]\ndefault = \"huge\"\n";
    let text = small("", SMALL_BOARD, opt);
    assert_error(
        &text,
        "default",
        "options.size.default",
        &["'huge'", "big, small"],
    );
    let opt = "[options.size]\nvalues = [\"big\", \"small\"]\ndefault = \"big\"\n\n[options.size.set.tiny]\nboard.files = 4\n";
    let text = small("", SMALL_BOARD, opt);
    assert_error(
        &text,
        "[options.size.set.tiny]",
        "options.size.set.tiny",
        &["'tiny'"],
    );
    // `without` naming no piece is a typo, not a no-op.
    let opt = "[options.size]\nvalues = [\"big\", \"small\"]\ndefault = \"big\"\n\n[options.size.set.small]\nwithout = [\"rook\", \"quen\"]\n";
    let text = small("", "2k2/5/5/5/2K2", opt);
    assert_error(
        &text,
        "without",
        "options.size.set.small.without",
        &["'quen'"],
    );
    let opt = "[options.seed]\nmin = 9\nmax = 3\ndefault = \"5\"\n";
    assert_error(
        &small("", SMALL_BOARD, opt),
        "max = 3",
        "options.seed.max",
        &["smaller than min"],
    );
    let opt = "[options.seed]\ndefault = \"5\"\n";
    assert_error(
        &small("", SMALL_BOARD, opt),
        "[options.seed]",
        "options.seed.values",
        &["values"],
    );
}

#[test]
fn movement_and_role_errors_name_the_piece() {
    // An unknown atom, with its column in the notation.
    let text = small(
        "queen = { letter = \"Q\", moves = \"RBX\" }",
        SMALL_BOARD,
        "",
    );
    assert_error(
        &text,
        "RBX",
        "pieces.queen.moves",
        &["unknown atom 'X'", "column 3"],
    );
    let text = small(
        "queen = { letter = \"Q\", moves = \"W(4,1)\" }",
        SMALL_BOARD,
        "",
    );
    assert_error(&text, "(4,1)", "pieces.queen.moves", &["4", "column 3"]);
    let text = small(
        "queen = { letter = \"Q\", moves = \"R {dragon}\" }",
        SMALL_BOARD,
        "",
    );
    assert_error(
        &text,
        "{dragon}",
        "pieces.queen.moves",
        &["'{dragon}'", "column 3"],
    );
    // {pawn} belongs to the piece called pawn, and pawn must use it.
    let text = small(
        "knight = { letter = \"N\", moves = \"{pawn}\" }",
        SMALL_BOARD,
        "",
    );
    assert_error(&text, "{pawn}", "pieces.knight.moves", &["pawn"]);
    let text = small("pawn = { letter = \"P\", moves = \"fW\" }", SMALL_BOARD, "");
    assert_error(&text, "fW", "pieces.pawn.moves", &["{pawn}"]);
    let text = small(
        "knight = { letter = \"N\", moves = \"{ninja-pawn}\" }",
        SMALL_BOARD,
        "",
    );
    assert_error(
        &text,
        "{ninja-pawn}",
        "pieces.knight.moves",
        &["ninja-pawn"],
    );
    // Only the king is royal.
    let text = small(
        "queen = { letter = \"Q\", moves = \"Q\", royal = true }",
        SMALL_BOARD,
        "",
    );
    assert_error(
        &text,
        "queen = {",
        "pieces.queen.royal",
        &["only the piece 'king'"],
    );
    // Letters are one capital, each used once.
    let text = small(
        "knight = { letter = \"R\", moves = \"N\" }",
        SMALL_BOARD,
        "",
    );
    assert_error(
        &text,
        "letter = \"R\", moves = \"N\"",
        "pieces.knight.letter",
        &["'R'", "rook"],
    );
    let text = small(
        "knight = { letter = \"n\", moves = \"N\" }",
        SMALL_BOARD,
        "",
    );
    assert_error(
        &text,
        "letter = \"n\"",
        "pieces.knight.letter",
        &["capital"],
    );
    // The ninja pawn and its table go together.
    let text = small(
        "ninja-pawn = { letter = \"J\", moves = \"{ninja-pawn}\" }",
        SMALL_BOARD,
        "",
    );
    assert_error(&text, "", "ninja-pawns", &["ninja-pawn"]);
    // A promotion to a piece the file does not have.
    let text = small("", SMALL_BOARD, "[promotion]\npieces = [\"queen\"]\n");
    assert_error(
        &text,
        "pieces = [\"queen\"]",
        "promotion.pieces",
        &["'queen'"],
    );
}

#[test]
fn hooks_need_their_pieces() {
    let cases = [
        ("king-lady-swap", "lady"),
        ("relay-power", "relay"),
        ("crowning", "prince"),
        ("serpent", "serpent"),
    ];
    for (hook, piece) in cases {
        let text = small("", SMALL_BOARD, &format!("[hooks]\n{hook} = true\n"));
        assert_error(
            &text,
            &format!("{hook} ="),
            &format!("hooks.{hook}"),
            &[&format!("'{piece}'")],
        );
    }
    // Castling needs a king and a rook; jump castling too.
    let text = small("", SMALL_BOARD, "[hooks]\njump-castling = true\n")
        .replace("rook = {", "chariot = {");
    assert_error(&text, "jump-castling", "hooks.jump-castling", &["'rook'"]);
    // The serpent needs its hook.
    let text = small(
        "serpent = { letter = \"S\", drops = [\"a1\"] }",
        SMALL_BOARD,
        "",
    );
    assert_error(&text, "serpent = {", "pieces.serpent", &["serpent = true"]);
    // shuffle-camps names a number option.
    let text = small("", SMALL_BOARD, "[hooks]\nshuffle-camps = \"seed\"\n");
    assert_error(&text, "", "hooks.shuffle-camps", &["'seed'"]);
}

#[test]
fn an_invalid_start_position_is_an_error() {
    // A rank one square short.
    assert_error(
        &small("", "2k2/5/5/5/R1K1", ""),
        "",
        "start",
        &["start position is not valid"],
    );
    // A letter no piece has.
    assert_error(
        &small("", "2k2/5/5/5/R1KQ1", ""),
        "",
        "start",
        &["start position is not valid"],
    );
    // The side not to move is in check (White could take the king).
    assert_error(
        &small("", "R1k2/5/5/5/2K2", ""),
        "",
        "start",
        &["start position is not valid"],
    );
    // The hand holds a piece without drop squares.
    let text = small(
        "knight = { letter = \"N\", moves = \"N\" }",
        SMALL_BOARD,
        "hand = \"N\"\n",
    );
    assert_error(&text, "hand =", "start.hand", &["drops"]);
    // Missing tables.
    let text = small("", SMALL_BOARD, "").replace("[start]\nboard = \"2k2/5/5/5/R1K2\"\n", "");
    assert_error(&text, "", "start", &["missing"]);
}

// --------------------------------------------- what one file may cost (issue 21)

/// A square list names each square once, however often it is written: a
/// drop zone written with repeats gives each drop move once (it gave one
/// move per repeat), and a 30 KB list of overlapping ranges is a board's
/// worth of squares.
#[test]
fn square_lists_count_each_square_once() {
    let text = small(
        "knight = { letter = \"N\", moves = \"N\", drops = [\"b2 b2 a2-b3\", \"b3\"] }",
        SMALL_BOARD,
        "hand = \"N\"\n",
    )
    .replacen("\"small\"", "\"repeated-drops\"", 1);
    let v = file_variant(&text, &[]);
    let p = v.start_position();
    let drops: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| p.lmn(m))
        .filter(|m| m.contains('@'))
        .collect();
    // a2, b2, a3, b3: four squares, four moves, in the order first written.
    assert_eq!(drops, ["N@b2", "N@a2", "N@a3", "N@b3"]);

    // Every square of the top rank a hole, written 4,000 times over.
    let ranges = vec!["a5-e5"; 4_000].join(" ");
    let text = small("", "*****/5/2k2/5/R1K2", "")
        .replacen("\"small\"", "\"many-holes\"", 1)
        .replacen(
            "ranks = 5\n",
            &format!("ranks = 5\nholes = [\"{ranges}\"]\n"),
            1,
        );
    assert!(text.len() > 20_000);
    let t = std::time::Instant::now();
    let v = file_variant(&text, &[]);
    assert_eq!(v.squares().count(), 20);
    assert!(
        t.elapsed() < std::time::Duration::from_secs(1),
        "{:?}",
        t.elapsed()
    );
}

/// The same castling twice gave the same move twice; a pawn promoting to
/// the same piece twice likewise. Both are refused where written.
#[test]
fn a_castling_or_promotion_piece_written_twice_is_refused() {
    let castling =
        "\n[[castling]]\nking = \"c1\"\nking-to = \"b1\"\nrook = \"a1\"\nrook-to = \"c1\"\n";
    let text = small(
        "",
        "2k2/5/5/5/R1K2",
        &format!("castling = \"A\"\n{castling}"),
    );
    check(&text).unwrap_or_else(|e| panic!("one castling: {e}"));
    let twice = text.clone() + castling;
    let e = error_of(&twice);
    assert_eq!(e.key, "castling[1].rook", "{e}");
    let last_rook = twice.lines().filter(|l| *l == "rook = \"a1\"").count();
    assert_eq!(last_rook, 2);
    assert_eq!(e.line, Some(twice.lines().count() - 1), "{e}");
    assert!(e.problem.contains("same castling as an earlier"), "{e}");
    // The same king and rook landing elsewhere is another castling (Holy
    // Grail's king chooses how far it goes).
    let other = text.clone()
        + &castling
            .replacen("b1", "a1", 1)
            .replacen("rook-to = \"c1\"", "rook-to = \"b1\"", 1);
    check(&other).unwrap_or_else(|e| panic!("{e}"));

    let promotion = |list: &str| {
        small(
            "pawn = { letter = \"P\", moves = \"{pawn}\" }",
            SMALL_BOARD,
            "",
        ) + &format!("[promotion]\npieces = [{list}]\n")
    };
    check(&promotion("\"rook\"")).unwrap_or_else(|e| panic!("{e}"));
    assert_error(
        &promotion("\"rook\", \"rook\""),
        "pieces = [",
        "promotion.pieces",
        &["'rook' is listed twice"],
    );
}

/// A start board with a run of 99,999,999,999 empty squares, read for a
/// shuffled opening: the reader asked for 400 GB and the process aborted.
#[test]
fn a_huge_run_in_a_shuffled_start_is_an_error() {
    let holywar = builtin().iter().find(|v| v.id == "holywar").unwrap().source;
    let text = holywar
        .replacen("id = \"holywar\"", "id = \"huge-run\"", 1)
        .replacen("default = \"drop\"", "default = \"random\"", 1)
        .replacen("board = \"1******1/", "board = \"99999999999******1/", 1);
    assert_error(
        &text,
        "board = \"9",
        "start.board",
        &["not a board of 8 files and 8 ranks"],
    );
}

/// Options do not nest: options inside a value's `set` were merged and then
/// dropped without a word.
#[test]
fn options_inside_an_option_value_are_refused() {
    let text = small("", SMALL_BOARD, "")
        + "[options.a]\nvalues = [\"x\", \"y\"]\ndefault = \"x\"\n\
           [options.a.set.y.options.b]\nvalues = [\"p\"]\ndefault = \"p\"\n";
    assert_error(
        &text,
        "[options.a.set.y.options.b]",
        "options.a.set.y.options",
        &["options do not nest"],
    );
}

/// Tables, lists and dotted keys nested ten thousand deep are refused by the
/// TOML reader at once, with a message that says so.
#[test]
fn deep_nesting_is_refused_quickly() {
    let base = small("", SMALL_BOARD, "");
    for extra in [
        format!("[{}]\nx = 1\n", vec!["a"; 10_000].join(".")),
        format!("{} = 1\n", vec!["a"; 10_000].join(".")),
        format!("z = {}{}\n", "[".repeat(10_000), "]".repeat(10_000)),
        format!("z = {}1{}\n", "{a=".repeat(5_000), "}".repeat(5_000)),
    ] {
        let text = format!("{base}{extra}");
        let t = std::time::Instant::now();
        let e = error_of(&text);
        assert!(e.problem.contains("nested too deeply"), "{e}");
        assert!(t.elapsed() < std::time::Duration::from_secs(1));
    }
}

/// A long movement string costs one pass: 30,000 terms are refused at the
/// first repeat, 30,000 spaces are read through.
#[test]
fn long_movement_strings_cost_little() {
    let t = std::time::Instant::now();
    let repeats = small(
        &format!(
            "x = {{ letter = \"X\", moves = \"{}\" }}",
            "WF".repeat(15_000)
        ),
        SMALL_BOARD,
        "",
    );
    assert_error(
        &repeats,
        "letter = \"X\"",
        "pieces.x.moves",
        &["column 3", "'W' repeats"],
    );
    let spaces = small(
        &format!(
            "bishop = {{ letter = \"B\", moves = \"F{}F\" }}",
            " ".repeat(30_000)
        ),
        SMALL_BOARD,
        "",
    );
    assert_error(
        &spaces,
        "letter = \"B\"",
        "pieces.bishop.moves",
        &["column 30002", "repeats"],
    );
    assert!(
        t.elapsed() < std::time::Duration::from_secs(1),
        "{:?}",
        t.elapsed()
    );
}

/// A file at every limit at once — 16 options of 16 values each, every value
/// changing the game, and the rest of the 32 KB a long square list — checks
/// in about a second at most.
#[test]
fn a_file_at_every_limit_checks_within_a_second() {
    use chimera_rules::variants::{MAX_FILE_BYTES, MAX_OPTION_VALUES, MAX_OPTIONS};
    let mut text = game_file(
        "at-the-limits",
        12,
        13,
        "swap-colour = [\"SQUARES\"]\n\n[pieces]\nking = { letter = \"K\", moves = \"K\", royal = true }\n\
         rook = { letter = \"R\", moves = \"R\" }\n\n[start]\nboard = \"4k7/12/12/12/12/12/12/12/12/12/12/12/R3K7\"\n",
    );
    for o in 0..MAX_OPTIONS {
        let values: Vec<String> = (0..MAX_OPTION_VALUES).map(|v| format!("\"{v}\"")).collect();
        text += &format!(
            "[options.o{o}]\nvalues = [{}]\ndefault = \"0\"\n",
            values.join(",")
        );
        for v in 0..MAX_OPTION_VALUES {
            text += &format!(
                "[options.o{o}.set.{v}]\nrules.move-limit = {}\n",
                o * 16 + v
            );
        }
    }
    let room = MAX_FILE_BYTES - text.len();
    let squares = vec!["a1-l13"; room / 7].join(" ");
    let text = text.replacen("SQUARES", &squares, 1);
    assert!(text.len() <= MAX_FILE_BYTES && text.len() > MAX_FILE_BYTES - 16);
    let t = std::time::Instant::now();
    check(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        t.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        t.elapsed()
    );
}

// -------------------------------------------------------------------- fuzz

/// One random change to a variant file.
fn mutate(text: &str, rng: &mut SplitMix64) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        return String::new();
    }
    let i = rng.below(lines.len());
    // Where the value of line `i` begins (after its first `=`), unless it is
    // a table header: changes are made there, never to a key (a new piece
    // key would take one of the session's new-kind numbers).
    let value_at = |l: &str| {
        l.find('=')
            .filter(|_| !l.trim_start().starts_with('['))
            .map(|e| e + 1)
    };
    match rng.below(12) {
        0 => {
            lines.remove(i);
        }
        1 => {
            let l = lines[i].clone();
            lines.insert(i, l);
        }
        2 => {
            let j = rng.below(lines.len());
            lines.swap(i, j);
        }
        3 => {
            // A character of a value changed (keys are left alone: a new
            // piece key would take one of the session's new-kind numbers).
            let l = &lines[i];
            if let Some(eq) = l.find('=').filter(|_| !l.trim_start().starts_with('[')) {
                let chars: Vec<char> = l.chars().collect();
                let at = eq + 1 + rng.below(chars.len().saturating_sub(eq + 1).max(1));
                const POOL: &[char] = &[
                    '"', '[', ']', '{', '}', ',', '=', '-', '*', '/', '0', '1', '9', 'a', 'j', 'z',
                    'K', 'P', 'Q', 'W', 'N', 'x', 'p', 'n', 'f', ' ', '~', '(', ')', '#',
                ];
                let mut chars = chars;
                if at < chars.len() {
                    chars[at] = POOL[rng.below(POOL.len())];
                } else {
                    chars.push(POOL[rng.below(POOL.len())]);
                }
                lines[i] = chars.into_iter().collect();
            }
        }
        4 => {
            // A key dropped: the line of a `key = value`.
            if let Some(j) = (0..lines.len())
                .map(|k| (i + k) % lines.len())
                .find(|&k| lines[k].contains('=') && !lines[k].starts_with("id"))
            {
                lines.remove(j);
            }
        }
        5 => {
            // A number changed.
            let l = lines[i].clone();
            if let Some(d) = l.find(|c: char| c.is_ascii_digit()) {
                let end = l[d..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(l.len(), |e| d + e);
                let n = ["0", "1", "2", "7", "12", "13", "99", "-1", "4000000000"][rng.below(9)];
                lines[i] = format!("{}{n}{}", &l[..d], &l[end..]);
            }
        }
        6 => {
            // Truncated.
            lines.truncate(i);
        }
        8 => {
            // A multi-byte, combining, invisible or look-alike character
            // put into a value (Kelvin sign, fullwidth and Arabic-Indic
            // digits: not ASCII yet upper case or numeric).
            const WIDE: &[char] = &[
                'é', '♔', 'Ö', '😀', '\u{301}', '\u{200B}', '\u{212A}', 'ǅ', '٣', 'Ⅻ', 'ﬀ', '１',
                'ß', '\u{FEFF}', '\t',
            ];
            if let Some(at) = value_at(&lines[i]) {
                let mut chars: Vec<char> = lines[i].chars().collect();
                let at = at.min(chars.len()) + rng.below(chars.len().saturating_sub(at) + 1);
                chars.insert(at.min(chars.len()), WIDE[rng.below(WIDE.len())]);
                lines[i] = chars.into_iter().collect();
            }
        }
        9 => {
            // Cut anywhere, in the middle of a line or of a character's bytes
            // (what a short read or a copy cut off leaves; the cut is moved
            // back to a character boundary, as a reader of UTF-8 must).
            let text = lines.join("\n");
            let mut cut = rng.below(text.len() + 1);
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            return text[..cut].to_string();
        }
        10 => {
            // A number far out of range: past i64, at its ends, past u32.
            let l = lines[i].clone();
            if let Some(d) = l.find(|c: char| c.is_ascii_digit()) {
                let end = l[d..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(l.len(), |e| d + e);
                let n = [
                    "99999999999999999999",
                    "9223372036854775807",
                    "-9223372036854775808",
                    "4294967297",
                    "65536",
                    "256",
                    "100000000000",
                ][rng.below(7)];
                lines[i] = format!("{}{n}{}", &l[..d], &l[end..]);
            }
        }
        11 => {
            // A byte flipped in a value (the result kept only when it is
            // still UTF-8, as the file reader would refuse it otherwise).
            if let Some(at) = value_at(&lines[i]) {
                let mut bytes = lines[i].clone().into_bytes();
                let at = at + rng.below(bytes.len().saturating_sub(at).max(1));
                if at < bytes.len() {
                    bytes[at] ^= 1 << rng.below(8);
                    if let Ok(l) = String::from_utf8(bytes) {
                        lines[i] = l;
                    }
                }
            }
        }
        _ => {
            // A line from elsewhere in the file repeated here.
            let j = rng.below(lines.len());
            let l = lines[j].clone();
            lines.insert(i, l);
        }
    }
    lines.join("\n")
}

/// Builds a file `check` accepted and generates moves from its start
/// position (and a few plies on): nothing may panic. Then one combination of
/// option values drawn at random, which the check may not have built: it
/// builds and plays, or is refused with a message.
fn play_a_little(text: &str, rng: &mut SplitMix64) {
    let Ok(info) = register(text) else {
        return;
    };
    let v = Variant::new(info.id, &[]).expect("a checked file builds with its defaults");
    play_from(&v, rng);
    let combo: Vec<(String, String)> = info
        .options
        .iter()
        .map(|o| {
            let values = option_values(&o.kind);
            (o.name.to_string(), values[rng.below(values.len())].clone())
        })
        .collect();
    match Variant::new(info.id, &combo) {
        Ok(v) => play_from(&v, rng),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// Every move two plies deep from the start of `v`, then a few random plies on.
fn play_from(v: &Arc<Variant>, rng: &mut SplitMix64) {
    let mut g = Game::new(v);
    let _nodes = v.start_position().perft(2);
    for _ in 0..6 {
        if g.outcome().is_some() {
            break;
        }
        let moves = g.position().legal_moves();
        let lmn: BTreeSet<String> = moves.iter().map(|m| g.position().lmn(*m)).collect();
        assert_eq!(lmn.len(), moves.len(), "{}", g.position().to_vfen());
        let m = moves[rng.below(moves.len())];
        g.play(m).expect("a legal move plays");
    }
}

/// Mutated files (lines deleted, repeated, swapped, truncated, characters,
/// bytes and numbers changed, multi-byte characters put in, keys dropped,
/// cut anywhere) give a clear error or a variant that plays; never a panic,
/// and each case — check, registration, a little play with the defaults and
/// with random option values — within a time bound.
#[test]
fn mutated_files_give_an_error_or_a_playable_variant() {
    let mut bases: Vec<String> = builtin()
        .iter()
        .map(|v| {
            v.source.replacen(
                &format!("id = \"{}\"", v.id),
                &format!("id = \"fuzz-{}\"", v.id),
                1,
            )
        })
        .collect();
    bases.push(
        small(
            "knight = { letter = \"N\", moves = \"nNmWcF\", drops = [\"a1-e2\"] }",
            SMALL_BOARD,
            "hand = \"NN\"\n[rules]\nrepetition = 2\nmove-limit = 20\n",
        )
        .replacen("\"small\"", "\"fuzz-small\"", 1),
    );
    bases.push(CAPABLANCA.replacen("\"capablanca\"", "\"fuzz-capablanca\"", 1));
    for text in [pawn_file(), ninja_file(), swap_file(), rules_file()] {
        bases.push(text.replacen("id = \"", "id = \"fuzz-", 1));
    }
    let mut rng = SplitMix64::new(0x5eed);
    let (mut ok, mut errors) = (0, 0);
    let mut slowest = (std::time::Duration::ZERO, String::new());
    for base in &bases {
        for round in 0..200 {
            let mut text = base.clone();
            for _ in 0..=round % 3 {
                text = mutate(&text, &mut rng);
            }
            let t = std::time::Instant::now();
            let outcome =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match check(&text) {
                    Ok(_) => {
                        play_a_little(&text, &mut rng);
                        Ok(())
                    }
                    Err(e) => Err(e),
                }))
                .unwrap_or_else(|_| panic!("a panic on the file:\n{text}"));
            match outcome {
                Ok(()) => ok += 1,
                Err(e) => {
                    errors += 1;
                    assert!(!e.problem.is_empty(), "an error says what is wrong");
                    if let Some(l) = e.line {
                        assert!(l >= 1 && l <= text.lines().count() + 1, "line {l} of {e}");
                    }
                }
            }
            if t.elapsed() > slowest.0 {
                slowest = (t.elapsed(), text);
            }
        }
    }
    // Both outcomes happen: the mutations are neither all harmless nor all fatal.
    assert!(ok > 20 && errors > 100, "{ok} accepted, {errors} refused");
    // Generous for a loaded machine: a case takes milliseconds.
    assert!(
        slowest.0 < std::time::Duration::from_secs(2),
        "{:?} for the file:\n{}",
        slowest.0,
        slowest.1
    );
}

// ------------------------------------------------------------------- atoms

/// A made-up 9x9 game with the piece `tester` (X, a kind no built-in file
/// has) moving `moves`, and the motionless `templar` (T) to block, screen
/// and be captured; `board` adds keys to `[board]`.
fn atom_game(name: &str, moves: &str, board: &str) -> Arc<Variant> {
    atom_game_from(name, moves, board, "9/9/9/9/4X4/9/9/9/9")
}

/// [`atom_game`] with the start board `start` (holes need their `*`).
fn atom_game_from(name: &str, moves: &str, board: &str, start: &str) -> Arc<Variant> {
    // Ids are lowercase: an upper-case letter of the name becomes `-` + lower.
    let name: String = name
        .chars()
        .flat_map(|c| {
            if c.is_ascii_uppercase() {
                vec!['-', c.to_ascii_lowercase()]
            } else {
                vec![c]
            }
        })
        .collect();
    let id = format!("atom-{name}");
    file_variant(
        &game_file(
            &id,
            9,
            9,
            &format!(
                r#"{board}

[pieces]
tester = {{ letter = "X", name = "Tester", moves = "{moves}" }}
templar = {{ letter = "T", moves = "" }}

[start]
board = "{start}"
"#
            ),
        ),
        &[],
    )
}

/// Where the tester on e5 can go in the position with `pieces` around it
/// (White to move, or Black's tester `x` with `black`).
fn tester_targets(v: &Arc<Variant>, pieces: &[(&str, char)], black: bool) -> BTreeSet<String> {
    let me = if black { 'x' } else { 'X' };
    let mut all = vec![("e5", me)];
    all.extend_from_slice(pieces);
    let p = with_pieces(v, &all, if black { "b - - - 0 1" } else { "w - - - 0 1" });
    targets(&p, "e5")
}

/// Name of the square `dx, dy` away from e5 on the 9x9 board, if it is on it.
fn from_e5(dx: i32, dy: i32) -> Option<String> {
    let (x, y) = (4 + dx, 5 + dy);
    ((0..9).contains(&x) && (1..=9).contains(&y))
        .then(|| format!("{}{y}", (b'a' + x as u8) as char))
}

/// The squares of the (a, b) leap from e5 in all eight symmetric ways.
fn leap_images(a: i32, b: i32) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            out.extend(from_e5(sx * x, sy * y));
        }
    }
    out
}

#[test]
fn leapers_reach_their_offsets_and_jump_over_pieces() {
    // Written out for the wazir and the knight.
    let w = atom_game("w", "W", "");
    assert_eq!(tester_targets(&w, &[], false), set("e6 e4 d5 f5"));
    let n = atom_game("n", "N", "");
    assert_eq!(
        tester_targets(&n, &[], false),
        set("c4 c6 d3 d7 f3 f7 g4 g6")
    );
    // Every letter, by its offset; a ring of friends on the eight
    // neighbours blocks none of the longer leaps.
    let ring: Vec<(&str, char)> = ["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"]
        .iter()
        .map(|s| (*s, 'T'))
        .collect();
    for (atom, a, b) in [
        ("W", 1, 0),
        ("F", 1, 1),
        ("D", 2, 0),
        ("N", 2, 1),
        ("A", 2, 2),
        ("H", 3, 0),
        ("C", 3, 1),
        ("Z", 3, 2),
        ("G", 3, 3),
        ("(3,1)", 3, 1),
        ("(0,2)", 2, 0),
        ("(2,3)", 3, 2),
        ("(3,3)", 3, 3),
        ("(0,3)", 3, 0),
        ("(1, 1)", 1, 1),
    ] {
        let name = atom.replace(['(', ')', ',', ' '], "");
        let v = atom_game(&format!("leap-{name}"), atom, "");
        assert_eq!(tester_targets(&v, &[], false), leap_images(a, b), "{atom}");
        if (a, b) != (1, 0) && (a, b) != (1, 1) {
            assert_eq!(
                tester_targets(&v, &ring, false),
                leap_images(a, b),
                "{atom} over a ring"
            );
        }
    }
    // A friend's square is no target, an enemy's is a capture.
    assert_eq!(
        tester_targets(&n, &[("c4", 'T'), ("f7", 't')], false),
        set("c6 d3 d7 f3 f7 g4 g6")
    );
}

#[test]
fn doubled_leapers_ride() {
    let rook = atom_game("ww", "WW", "");
    let all_rook = set("e1 e2 e3 e4 e6 e7 e8 e9 a5 b5 c5 d5 f5 g5 h5 i5");
    assert_eq!(tester_targets(&rook, &[], false), all_rook);
    // Stops before a friend (e7), captures an enemy (c5) and stops there.
    assert_eq!(
        tester_targets(&rook, &[("e7", 'T'), ("c5", 't')], false),
        set("e1 e2 e3 e4 e6 c5 d5 f5 g5 h5 i5")
    );
    let bishop = atom_game("ff", "FF", "");
    assert_eq!(
        tester_targets(&bishop, &[("g7", 't'), ("c3", 'T')], false),
        set("f6 g7 d6 c7 b8 a9 f4 g3 h2 i1 d4")
    );
    let nightrider = atom_game("nn", "NN", "");
    assert_eq!(
        tester_targets(&nightrider, &[], false),
        set("f7 g9 g6 i7 d7 c9 c6 a7 f3 g1 g4 i3 d3 c1 c4 a3")
    );
    // A piece on the first leap of a line stops the line.
    assert_eq!(
        tester_targets(&nightrider, &[("f7", 'T'), ("g6", 't')], false),
        set("g6 d7 c9 c6 a7 f3 g1 g4 i3 d3 c1 c4 a3")
    );
    // R B Q K are WW FF RB WF.
    let clutter = [
        ("e7", 'T'),
        ("c5", 't'),
        ("g7", 't'),
        ("d4", 'T'),
        ("f5", 't'),
    ];
    for (short, long) in [("R", "WW"), ("B", "FF"), ("Q", "WWFF"), ("K", "WF")] {
        let a = atom_game(&format!("short-{short}"), short, "");
        let b = atom_game(&format!("long-{short}"), long, "");
        assert_eq!(
            tester_targets(&a, &clutter, false),
            tester_targets(&b, &clutter, false),
            "{short} = {long}"
        );
    }
    let king = atom_game("short-K", "K", "");
    assert_eq!(
        tester_targets(&king, &clutter, false),
        set("d5 d6 e4 e6 f4 f5 f6")
    );
}

#[test]
fn move_only_capture_only_and_lame_leaps() {
    let around = [("c4", 't'), ("g6", 'T'), ("e6", 't'), ("f6", 't')];
    let m = atom_game("mn", "mN", "");
    assert_eq!(tester_targets(&m, &around, false), set("c6 d3 d7 f3 f7 g4"));
    let c = atom_game("cn", "cN", "");
    assert_eq!(tester_targets(&c, &around, false), set("c4"));
    // A pawn-like mover: steps orthogonally, captures diagonally.
    let p = atom_game("mwcf", "mWcF", "");
    assert_eq!(tester_targets(&p, &around, false), set("f6 d5 f5 e4"));
    // nN: to a knight square by either path (orthogonal step first, or
    // diagonal first); blocked only when both are blocked. e5->f7 goes
    // by e6 or f6: both occupied here, so f7 alone is lost; e5->g6 goes by
    // f5 or f6: f5 is free.
    let lame = atom_game("lame", "nN", "");
    let both = [("e6", 'T'), ("f6", 'T')];
    assert_eq!(
        tester_targets(&lame, &both, false),
        set("c4 c6 d3 d7 f3 g4 g6")
    );
    assert_eq!(
        tester_targets(&lame, &[("e6", 'T')], false),
        leap_images(2, 1),
        "one path blocked is not blocked"
    );
    // Holes never block a lame leap (Holywar's Squire over the edge).
    let holed = atom_game_from(
        "lame-holes",
        "nN",
        "holes = [\"e6\", \"f6\"]",
        "9/9/9/4**3/4X4/9/9/9/9",
    );
    assert!(tester_targets(&holed, &[], false).contains("f7"));
    // nZ: the lame zebra, (2,3) by two paths of two steps: e5->g8 by
    // e6,f7 (orthogonal first) or f6,g7 (diagonal first).
    let lame_z = atom_game("lame-z", "nZ", "");
    assert!(tester_targets(&lame_z, &[("e6", 'T'), ("f7", 'T')], false).contains("g8"));
    assert!(!tester_targets(&lame_z, &[("e6", 'T'), ("f6", 'T')], false).contains("g8"));
}

#[test]
fn hoppers_capture_over_exactly_one_screen() {
    let cannon = atom_game("cannon", "mRcpR", "");
    // Up: e6 free, friend screen e7, enemy e9 behind a gap: captured.
    // Down: enemy screen e4, friend e1 beyond: nothing. Right: enemy
    // screen f5, enemy g5 right behind: captured. Left: all free.
    let pieces = [
        ("e7", 'T'),
        ("e9", 't'),
        ("e4", 't'),
        ("e1", 'T'),
        ("f5", 't'),
        ("g5", 't'),
    ];
    assert_eq!(
        tester_targets(&cannon, &pieces, false),
        set("e6 e9 g5 d5 c5 b5 a5")
    );
    // Two screens: no capture.
    let two = [("e6", 't'), ("e7", 'T'), ("e9", 't')];
    assert!(!tester_targets(&cannon, &two, false).contains("e9"));
    let vao = atom_game("vao", "mBcpB", "");
    let pieces = [("f6", 'T'), ("h8", 't'), ("d4", 't'), ("c3", 't')];
    assert_eq!(
        tester_targets(&vao, &pieces, false),
        set("h8 c3 d6 c7 b8 a9 f4 g3 h2 i1")
    );
}

#[test]
fn directions_select_moves_and_black_mirrors_them() {
    for (moves, white, black) in [
        ("fW", "e6", "e4"),
        ("bW", "e4", "e6"),
        ("lW", "d5", "d5"),
        ("rW", "f5", "f5"),
        ("vW", "e6 e4", "e6 e4"),
        ("sW", "d5 f5", "d5 f5"),
        ("fF", "d6 f6", "d4 f4"),
        ("bF", "d4 f4", "d6 f6"),
        ("lF", "d6 d4", "d6 d4"),
        ("rF", "f6 f4", "f6 f4"),
        ("flF", "d6", "d4"),
        ("brF", "f4", "f6"),
        ("fN", "c6 d7 f7 g6", "c4 d3 f3 g4"),
        ("bN", "c4 d3 f3 g4", "c6 d7 f7 g6"),
        ("fsN", "c6 g6", "c4 g4"),
        ("vN", "d7 f7 d3 f3", "d7 f7 d3 f3"),
        ("lfN", "c6 d7", "c4 d3"),
        ("lvN", "d7 d3", "d7 d3"),
        ("vsW", "e6 e4 d5 f5", "e6 e4 d5 f5"),
        ("lN", "c4 c6 d3 d7", "c4 c6 d3 d7"),
        ("fR", "e6 e7 e8 e9", "e4 e3 e2 e1"),
        ("sR", "a5 b5 c5 d5 f5 g5 h5 i5", "a5 b5 c5 d5 f5 g5 h5 i5"),
        ("fB", "d6 c7 b8 a9 f6 g7 h8 i9", "d4 c3 b2 a1 f4 g3 h2 i1"),
        ("mfWcfF", "e6 d6 f6", "e4 d4 f4"),
    ] {
        let v = atom_game(&format!("dir-{moves}"), moves, "");
        // Enemies on the diagonal neighbours, so that a capture-only
        // diagonal step has something to take.
        let around = |enemy: char| -> Vec<(&str, char)> {
            if moves.contains('c') {
                ["d6", "f6", "d4", "f4"]
                    .iter()
                    .map(|s| (*s, enemy))
                    .collect()
            } else {
                vec![]
            }
        };
        assert_eq!(
            tester_targets(&v, &around('t'), false),
            set(white),
            "White {moves}"
        );
        assert_eq!(
            tester_targets(&v, &around('T'), true),
            set(black),
            "Black {moves}"
        );
    }
}

#[test]
fn gryphons_and_aancas_bend_outward() {
    // Stealth Gryphon from e5: a diagonal step to an empty square, then two
    // or more squares straight outward; the first step and the square just
    // past the bend are never destinations.
    let g = atom_game("gryphon", "{gryphon}", "");
    let stealth = set("h6 i6 f8 f9 b6 a6 d8 d9 h4 i4 f2 f1 b4 a4 d2 d1");
    assert_eq!(tester_targets(&g, &[], false), stealth);
    // A piece on the bend square closes both branches; an enemy on the
    // path is captured and ends it.
    assert_eq!(
        tester_targets(&g, &[("f6", 'T'), ("d8", 't')], false),
        set("b6 a6 d8 h4 i4 f2 f1 b4 a4 d2 d1")
    );
    // The full Gryphon also stops on the step and one square past the bend.
    let full = atom_game("gryphon-full", "{gryphon-full}", "");
    let mut expected = stealth.clone();
    expected.extend(set("f6 d6 f4 d4 g6 f7 c6 d7 g4 f3 c4 d3"));
    assert_eq!(tester_targets(&full, &[], false), expected);
    // Anti-Gryphon: an orthogonal step, then two or more squares along the
    // outward diagonals.
    let a = atom_game("anti-gryphon", "{anti-gryphon}", "");
    let stealth = set("g8 h9 c8 b9 h7 i8 h3 i2 g2 h1 c2 b1 b7 a8 b3 a2");
    assert_eq!(tester_targets(&a, &[], false), stealth);
    let aanca = atom_game("aanca", "{aanca}", "");
    let mut expected = stealth.clone();
    expected.extend(set("e6 f5 e4 d5 f7 d7 g6 g4 f3 d3 c6 c4"));
    assert_eq!(tester_targets(&aanca, &[], false), expected);
}

#[test]
fn bombers_slide_fly_jump_and_double_capture() {
    // docs/rules.md §4, per orthogonal line from e5: up, enemy e6 with e7 empty:
    // flying capture to e7. Down, friend e4 with e3 empty: jump to e3.
    // Right, f5 empty then enemy g5 and h5 empty: slide f5, replacement
    // capture g5 (distance 2 over an empty square), flying capture h5.
    // Left, enemies d5 and c5: the double capture landing on c5 only.
    let pieces = [
        ("e6", 't'),
        ("e4", 'T'),
        ("g5", 't'),
        ("d5", 't'),
        ("c5", 't'),
    ];
    let v = atom_game("bomber", "{bomber}", "");
    assert_eq!(tester_targets(&v, &pieces, false), set("e7 e3 f5 g5 h5 c5"));
    let p = with_pieces(&v, &[("e5", 'X'), ("d5", 't'), ("c5", 't')], "w - - - 0 1");
    let double = p.parse_lmn("e5c5").unwrap();
    let taken: BTreeSet<String> = p
        .captured_squares(double)
        .into_iter()
        .map(|s| v.square_name(s))
        .collect();
    assert_eq!(taken, set("d5 c5"));
    let fly = with_pieces(&v, &[("e5", 'X'), ("e6", 't')], "w - - - 0 1");
    let m = fly.parse_lmn("e5e7").unwrap();
    assert_eq!(fly.captured_squares(m), vec![sq(&fly, "e6")]);
    // The Raptor is the same on diagonals.
    let raptor = atom_game("raptor", "{raptor}", "");
    let pieces = [
        ("f6", 't'),
        ("d4", 'T'),
        ("h2", 't'),
        ("d6", 't'),
        ("c7", 't'),
    ];
    assert_eq!(
        tester_targets(&raptor, &pieces, false),
        set("g7 c3 f4 g3 i1 c7")
    );
}

#[test]
fn flying_chariots_and_bishops_jump_screens() {
    // Up: friend e6, e7 empty: leap 2 to e7 (and no slide). Down: enemies
    // e4 and e3, e2 empty: capture e4 by sliding, e3 by leaping 2, land on
    // e2 by leaping 3. Left: friends d5 and c5, enemy b5: leap 3 captures
    // b5. Right: a free slide.
    let pieces = [
        ("e6", 'T'),
        ("e4", 't'),
        ("e3", 't'),
        ("d5", 'T'),
        ("c5", 'T'),
        ("b5", 't'),
    ];
    let chariot = atom_game("chariot", "R{chariot-jump}", "");
    assert_eq!(
        tester_targets(&chariot, &pieces, false),
        set("e7 e4 e3 e2 b5 f5 g5 h5 i5")
    );
    // The jumps alone.
    let jumps = atom_game("chariot-jump", "{chariot-jump}", "");
    assert_eq!(tester_targets(&jumps, &pieces, false), set("e7 e3 e2 b5"));
    let bishop = atom_game("flying-bishop", "B{bishop-jump}", "");
    let pieces = [("f6", 'T'), ("d4", 't'), ("c3", 't')];
    assert_eq!(
        tester_targets(&bishop, &pieces, false),
        set("g7 d4 c3 b2 d6 c7 b8 a9 f4 g3 h2 i1")
    );
}

#[test]
fn ghost_and_warlord() {
    // Ghost: every empty square, never a capture.
    let ghost = atom_game("ghost", "{ghost}", "");
    let t = tester_targets(&ghost, &[("a1", 't'), ("i9", 'T')], false);
    assert_eq!(t.len(), 81 - 3);
    assert!(!t.contains("a1") && !t.contains("i9") && !t.contains("e5"));
    // Warlord: captures any enemy anywhere, and nothing else.
    let warlord = atom_game("warlord", "{warlord}", "");
    assert_eq!(
        tester_targets(&warlord, &[("a1", 't'), ("i9", 'T'), ("e6", 't')], false),
        set("a1 e6")
    );
}

#[test]
fn holes_stop_slides_and_cannot_be_entered() {
    let v = atom_game_from(
        "holes",
        "RN",
        "holes = [\"e7\", \"c4-c6\"]",
        "9/9/4*4/2*6/2*1X4/2*6/9/9/9",
    );
    // Up: e6 then the hole. Left: d5 then the hole c5. The knight's c4
    // and c6 are holes; its other squares are reached over the holes.
    assert_eq!(
        tester_targets(&v, &[], false),
        set("e6 e4 e3 e2 e1 d5 f5 g5 h5 i5 d3 d7 f3 f7 g4 g6")
    );
    // A hole is written `*` in the VFEN.
    assert_eq!(
        v.start_position().to_vfen(),
        "9/9/4*4/2*6/2*1X4/2*6/9/9/9 w - - - 0 1"
    );
}

#[test]
fn swap_colour_gives_squares_the_other_colour() {
    let v = atom_game("colours", "K", "swap-colour = [\"a1\", \"c3-d3\"]");
    let light = |s: &str| v.is_light(v.parse_square(s).unwrap());
    // By default a1 is dark and b1 light (docs/rules.md §0); c3 dark, d3 light.
    assert!(light("a1") && light("c3") && !light("d3"));
    assert!(light("b1") && !light("b2") && !light("e3"));
}

// ------------------------------------------------------- pawns and promotion

/// 6x8 with Holy Grail's pawn steps (3 from rank 2, 2 from rank 3, no
/// multi-step beyond rank 5), Grand's promotion (optional on 7, compulsory
/// on 8, only to a piece below its initial count: one queen, one knight),
/// and an option switching en passant off.
fn pawn_file() -> String {
    game_file(
        "pawn-rules",
        6,
        8,
        r#"
[pieces]
king = { letter = "K", moves = "K", royal = true }
pawn = { letter = "P", moves = "{pawn}" }
queen = { letter = "Q", moves = "Q" }
knight = { letter = "N", moves = "N" }

[start]
board = "k5/pppppp/6/6/6/6/PPPPPP/QN3K"

[pawns]
steps = { 2 = 3, 3 = 2 }
multi-step-limit = 5

[promotion]
last-rank = 8
optional-from = 7
pieces = ["queen", "knight"]
below-initial-count = true

[options.en-passant]
values = ["yes", "no"]
default = "yes"

[options.en-passant.set.no]
pawns.en-passant = false
"#,
    )
}

#[test]
fn pawn_steps_depend_on_the_rank_and_stop_at_the_limit() {
    let v = file_variant(&pawn_file(), &[]);
    let kings = [("f1", 'K'), ("a8", 'k')];
    let at = |pawn: &str, more: &[(&'static str, char)], black: bool| {
        let mut pieces = kings.to_vec();
        pieces.push((pawn, if black { 'p' } else { 'P' }));
        pieces.extend_from_slice(more);
        let p = with_pieces(
            &v,
            &pieces,
            if black { "b - - - 0 1" } else { "w - - - 0 1" },
        );
        targets(&p, pawn)
    };
    assert_eq!(at("c2", &[], false), set("c3 c4 c5"));
    assert_eq!(at("c3", &[], false), set("c4 c5"));
    assert_eq!(
        at("c4", &[], false),
        set("c5"),
        "two squares would end beyond rank 5"
    );
    assert_eq!(at("c2", &[("c4", 'n')], false), set("c3"));
    assert_eq!(
        at("c2", &[("b3", 'n'), ("d3", 'N')], false),
        set("c3 c4 c5 b3")
    );
    // Black's ranks are White's mirrored: three squares from rank 7, never
    // a multi-step beyond rank 4.
    assert_eq!(at("c7", &[], true), set("c6 c5 c4"));
    assert_eq!(at("c5", &[], true), set("c4"));
}

#[test]
fn en_passant_on_every_passed_square_unless_switched_off() {
    let pieces = [
        ("f1", 'K'),
        ("a8", 'k'),
        ("c2", 'P'),
        ("d4", 'p'),
        ("b5", 'p'),
    ];
    let v = file_variant(&pawn_file(), &[]);
    let mut p = with_pieces(&v, &pieces, "w - - - 0 1");
    play(&mut p, "c2c5");
    assert_eq!(p.to_vfen().split(' ').nth(3), Some("c3,c4"));
    for (lmn, from) in [("d4c3", "d4"), ("b5c4", "b5")] {
        let m = p.parse_lmn(lmn).unwrap_or_else(|e| panic!("{lmn}: {e}"));
        assert_eq!(p.captured_squares(m), vec![sq(&p, "c5")], "{lmn}");
        assert!(legal_from(&p, from).contains(lmn));
    }
    let off = file_variant(&pawn_file(), &[("en-passant", "no")]);
    let mut p = with_pieces(&off, &pieces, "w - - - 0 1");
    play(&mut p, "c2c5");
    assert!(!is_legal(&p, "d4c3") && !is_legal(&p, "b5c4"));
}

#[test]
fn promotion_is_optional_then_compulsory_and_limited_to_missing_pieces() {
    let v = file_variant(&pawn_file(), &[]);
    let from = |pawn: &'static str, army: &[(&'static str, char)]| {
        let mut pieces = vec![("f1", 'K'), ("a8", 'k'), (pawn, 'P')];
        pieces.extend_from_slice(army);
        legal_from(&with_pieces(&v, &pieces, "w - - - 0 1"), pawn)
    };
    let both = [("e1", 'Q'), ("b1", 'N')];
    // Queen and knight both on the board: nothing to promote to, so rank 7
    // is a plain step and rank 8 cannot be reached at all.
    assert_eq!(from("c6", &both), set("c6c7"));
    assert!(from("c7", &both).is_empty());
    assert_eq!(from("c7", &[("e1", 'Q')]), set("c7c8=N"));
    assert_eq!(from("c7", &[]), set("c7c8=Q c7c8=N"));
    assert_eq!(from("c6", &[]), set("c6c7 c6c7=Q c6c7=N"));
}

/// 6x8 ninja pawns: own half ranks 1-4, runs of up to 2, dropped on rank 2.
/// Kings are not royal here, so nothing is in check.
fn ninja_file() -> String {
    game_file(
        "ninja-rules",
        6,
        8,
        r#"
[pieces]
king = { letter = "K", moves = "K" }
ninja-pawn = { letter = "J", moves = "{ninja-pawn}", drops = ["a2-f2"] }
queen = { letter = "Q", moves = "Q" }

[start]
board = "k5/6/6/6/6/6/6/5K"
hand = "J"

[ninja-pawns]
centre = 4
run = 2

[promotion]
last-rank = 8
pieces = ["queen"]
"#,
    )
}

#[test]
fn ninja_pawns_step_run_capture_and_drop_with_a_push() {
    let v = file_variant(&ninja_file(), &[]);
    let kings = [("f1", 'K'), ("a8", 'k')];
    let at = |ninja: &'static str, more: &[(&'static str, char)]| {
        let mut pieces = kings.to_vec();
        pieces.push((ninja, 'J'));
        pieces.extend_from_slice(more);
        targets(&with_pieces(&v, &pieces, "w - - - 0 1"), ninja)
    };
    // Own half: forward, a run of two, sideways; diagonal capture only (the
    // enemy beside it is not capturable there).
    assert_eq!(at("c2", &[("b3", 'q'), ("d2", 'q')]), set("c3 c4 b2 b3"));
    // The run stops at the centre rank 4.
    assert_eq!(at("c3", &[]), set("c4 b3 d3"));
    // Enemy half: one step forward or sideways, and a sideways capture.
    assert_eq!(at("c5", &[("d5", 'q'), ("b6", 'q')]), set("c6 b5 d5 b6"));
    // On the last rank it promotes with any move.
    let p = with_pieces(&v, &[("f1", 'K'), ("a8", 'k'), ("c7", 'J')], "w - - - 0 1");
    assert_eq!(legal_from(&p, "c7"), set("c7c8=Q c7b7 c7d7"));
    // Drops on rank 2, pushed forward up to the centre in the same move;
    // Black's are mirrored.
    let p = with_pieces(&v, &[("f1", 'K'), ("a8", 'k')], "w - - Jj 0 1");
    let drops = legal_where(&p, |m| m.kind() == MoveKind::Drop);
    assert_eq!(drops.len(), 6 * 3, "{drops:?}");
    assert!(set("J@c2 J@c2-c3 J@c2-c4").is_subset(&drops));
    let p = with_pieces(&v, &[("f1", 'K'), ("a8", 'k')], "b - - Jj 0 1");
    let drops = legal_where(&p, |m| m.kind() == MoveKind::Drop);
    assert!(set("J@c7 J@c7-c6 J@c7-c5").is_subset(&drops), "{drops:?}");
    assert_eq!(drops.len(), 6 * 3);
}

// ------------------------------------------------------------------- drops

#[test]
fn drops_go_to_their_squares_and_ranges_mirrored_for_black() {
    let text = game_file(
        "drop-zones",
        6,
        6,
        r#"
[pieces]
knight = { letter = "N", moves = "N", drops = ["a1 c1-d2"] }
templar = { letter = "T", moves = "" }

[start]
board = "5t/6/6/6/6/5T"
hand = "NN"
"#,
    );
    let v = file_variant(&text, &[]);
    let mut p = v.start_position();
    assert_eq!(p.to_vfen(), "5t/6/6/6/6/5T w - - NNnn 0 1");
    assert_eq!(
        legal_where(&p, |m| m.kind() == MoveKind::Drop),
        set("N@a1 N@c1 N@d1 N@c2 N@d2")
    );
    play(&mut p, "N@c2");
    assert_eq!(
        legal_where(&p, |m| m.kind() == MoveKind::Drop),
        set("N@a6 N@c6 N@d6 N@c5 N@d5")
    );
    assert_eq!(p.to_vfen().split(' ').nth(4), Some("Nnn"));
}

/// The hand field lists pieces in the order of the start hand (docs/rules.md
/// §8), whatever the order of `[pieces]`.
#[test]
fn the_hand_is_written_in_the_start_hand_order() {
    let text = game_file(
        "hand-order",
        5,
        5,
        r#"
[pieces]
knight = { letter = "N", moves = "N", drops = ["a1-e1"] }
bishop = { letter = "B", moves = "B", drops = ["a1-e1"] }
rook = { letter = "R", moves = "R", drops = ["a1-e1"] }

[start]
board = "5/5/5/5/5"
hand = "BBN"
"#,
    );
    let v = file_variant(&text, &[]);
    assert_eq!(v.start, "5/5/5/5/5 w - - BBNbbn 0 1");
    let mut p = v.start_position();
    assert_eq!(p.to_vfen(), v.start);
    play(&mut p, "B@a1 B@a5 N@b1 N@b5 B@c1");
    assert_eq!(p.to_vfen().split(' ').nth(4), Some("b"));
    // A rook given back to the hand goes after them.
    let p = position(&v, "5/5/5/5/5 w - - RNBrnb 0 1");
    assert_eq!(p.to_vfen(), "5/5/5/5/5 w - - BNRbnr 0 1");
}

// ------------------------------------------------------------------- hooks

#[test]
fn crowning_turns_mate_into_a_new_king() {
    let text = game_file(
        "crowning",
        6,
        6,
        r#"
[pieces]
king = { letter = "K", moves = "K", royal = true }
prince = { letter = "I", moves = "K" }
queen = { letter = "Q", moves = "Q" }
ninja-pawn = { letter = "J", moves = "{ninja-pawn}" }

[start]
board = "2k3/6/6/6/6/K4I"

[ninja-pawns]
centre = 3

[hooks]
crowning = true
"#,
    );
    let v = file_variant(&text, &[]);
    // White's king a1 is mated by the queen b2 (guarded by the king c3);
    // the prince f3 is not attacked: crowning is the only move.
    let mut p = with_pieces(
        &v,
        &[("a1", 'K'), ("f3", 'I'), ("b2", 'q'), ("c3", 'k')],
        "w - - - 0 1",
    );
    assert_eq!(legal(&p), set("^f3"));
    play(&mut p, "^f3");
    assert_eq!((letter_at(&p, "a1"), letter_at(&p, "f3")), ('J', 'K'));
    // The old king became a ninja pawn, so crowning needs that piece.
    let without = text
        .replace(
            "ninja-pawn = { letter = \"J\", moves = \"{ninja-pawn}\" }\n",
            "",
        )
        .replace("[ninja-pawns]\ncentre = 3\n", "");
    assert_error(&without, "crowning =", "hooks.crowning", &["'ninja-pawn'"]);
}

#[test]
fn the_serpent_drops_as_a_form_mutates_and_locks() {
    let text = game_file(
        "serpent-hook",
        6,
        6,
        r#"
[pieces]
king = { letter = "K", moves = "K", royal = true }
gryphon = { letter = "G", moves = "{gryphon}" }
anti-gryphon = { letter = "A", moves = "{anti-gryphon}" }
bomber = { letter = "Y", moves = "{bomber}" }
raptor = { letter = "X", moves = "{raptor}" }
cannon = { letter = "O", moves = "mRcpR" }
vao = { letter = "V", moves = "mBcpB" }
serpent = { letter = "S", drops = ["c1", "d1"] }

[start]
board = "k5/6/6/6/6/5K"
hand = "S"

[hooks]
serpent = true
"#,
    );
    let v = file_variant(&text, &[]);
    let mut p = v.start_position();
    assert_eq!(p.to_vfen(), "k5/6/6/6/6/5K w - - Ss 0 1");
    assert_eq!(
        legal_where(&p, |m| m.kind() == MoveKind::Drop),
        set("G@c1 A@c1 Y@c1 X@c1 O@c1 V@c1 G@d1 A@d1 Y@d1 X@d1 O@d1 V@d1")
    );
    play(&mut p, "O@c1 a6a5");
    assert!(
        p.to_vfen().starts_with("6/k5/6/6/6/2O~2K w"),
        "{}",
        p.to_vfen()
    );
    assert!(
        legal_where(&p, |m| m.kind() == MoveKind::Mutate).is_empty(),
        "locked"
    );
    play(&mut p, "c1c2 a5a6");
    assert_eq!(
        legal_where(&p, |m| m.kind() == MoveKind::Mutate),
        set("c2~G c2~A c2~Y c2~X c2~V")
    );
}

/// A 6x6 game with a king, a lady and a knight that drops on rank 1, and
/// options switching the king-lady swap and the drop opening off.
fn swap_file() -> String {
    game_file(
        "swap-and-drops",
        6,
        6,
        r#"
[pieces]
king = { letter = "K", moves = "K", royal = true }
lady = { letter = "L", moves = "WB" }
knight = { letter = "N", moves = "N", drops = ["a1-f1"] }

[start]
board = "5k/6/6/6/6/5K"
hand = "N"

[hooks]
king-lady-swap = true
drop-opening = true

[options.swap]
values = ["on", "off"]
default = "on"

[options.swap.set.off]
hooks.king-lady-swap = false

[options.opening]
values = ["drops-first", "free"]
default = "drops-first"

[options.opening.set.free]
hooks.drop-opening = false
"#,
    )
}

#[test]
fn the_king_swaps_with_its_lady_only_with_the_hook() {
    let pieces = [("c3", 'K'), ("d4", 'L'), ("a6", 'k')];
    let v = file_variant(&swap_file(), &[]);
    let mut p = with_pieces(&v, &pieces, "w - - - 0 1");
    assert!(legal_where(&p, |m| m.kind() == MoveKind::Swap) == set("c3d4"));
    play(&mut p, "c3d4");
    assert_eq!((letter_at(&p, "c3"), letter_at(&p, "d4")), ('L', 'K'));
    let off = file_variant(&swap_file(), &[("swap", "off")]);
    let p = with_pieces(&off, &pieces, "w - - - 0 1");
    assert!(!is_legal(&p, "c3d4"));
}

#[test]
fn the_drop_opening_allows_only_drops_while_the_hand_holds_pieces() {
    let v = file_variant(&swap_file(), &[]);
    let p = v.start_position();
    assert_eq!(legal(&p), set("N@a1 N@b1 N@c1 N@d1 N@e1"));
    let free = file_variant(&swap_file(), &[("opening", "free")]);
    let p = free.start_position();
    assert_eq!(legal(&p), set("N@a1 N@b1 N@c1 N@d1 N@e1 f1e1 f1e2 f1f2"));
}

#[test]
fn relay_power_and_jump_castling() {
    let text = game_file(
        "relay-hook",
        9,
        9,
        r#"
[pieces]
king = { letter = "K", moves = "K" }
rook = { letter = "R", moves = "R" }
relay = { letter = "Y", moves = "mWmFmN" }
templar = { letter = "T", moves = "" }

[start]
board = "4k4/9/9/9/9/9/9/9/4K4"

[hooks]
relay-power = true
jump-castling = true
"#,
    );
    let v = file_variant(&text, &[]);
    // Next to an enemy Relay, the motionless Templar moves straight away
    // from it: orthogonally as a rook that never captures (the enemy e8
    // stops it), diagonally as a bishop (capturing h8).
    let p = with_pieces(&v, &[("e5", 'T'), ("e4", 'y'), ("e8", 't')], "w - - - 0 1");
    assert_eq!(targets(&p, "e5"), set("e6 e7"));
    let p = with_pieces(&v, &[("e5", 'T'), ("d4", 'y'), ("h8", 't')], "w - - - 0 1");
    assert_eq!(targets(&p, "e5"), set("f6 g7 h8"));
    // Jump castling: the king moves two squares over an empty one, and a
    // rook of either colour right beyond jumps onto the crossed square.
    let p = with_pieces(
        &v,
        &[("e2", 'K'), ("e5", 'r'), ("b2", 'R'), ("a9", 'k')],
        "w - - - 0 1",
    );
    assert_eq!(
        legal_where(&p, |m| m.kind() == MoveKind::Castle),
        set("e2e4,e5e3 e2c2,b2d2")
    );
}

#[test]
fn shuffle_camps_fills_both_camps_from_the_hand() {
    let text = game_file(
        "shuffled",
        6,
        6,
        r#"
[pieces]
knight = { letter = "N", moves = "N", drops = ["a1-f1"] }
bishop = { letter = "B", moves = "B", drops = ["a1-f1"] }
rook = { letter = "R", moves = "R", drops = ["a1-f1"] }
queen = { letter = "Q", moves = "Q", drops = ["a1-f1"] }
templar = { letter = "T", moves = "FAD", drops = ["a1-f1"] }

[start]
board = "6/6/6/6/6/6"
hand = "NNBRQT"

[options.opening]
values = ["drop", "random"]
default = "drop"

[options.opening.set.random]
hooks.shuffle-camps = "seed"

[options.seed]
min = 1
max = 1000
default = "1"
"#,
    );
    let v = file_variant(&text, &[]);
    assert_eq!(v.start, "6/6/6/6/6/6 w - - NNBRQTnnbrqt 0 1");
    let sorted = |s: &str| -> String {
        let mut c: Vec<char> = s.chars().collect();
        c.sort();
        c.into_iter().collect()
    };
    let mut arrangements = BTreeSet::new();
    for seed in 1..=8 {
        let seed = seed.to_string();
        let v = file_variant(&text, &[("opening", "random"), ("seed", &seed)]);
        let fields: Vec<&str> = v.start.split(' ').collect();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(ranks[1..5], ["6", "6", "6", "6"], "{}", v.start);
        assert_eq!(sorted(ranks[5]), "BNNQRT", "{}", v.start);
        assert_eq!(sorted(ranks[0]), "bnnqrt", "{}", v.start);
        assert_eq!(fields[4], "-", "the hands start empty");
        arrangements.insert(fields[0].to_string());
    }
    assert!(arrangements.len() > 1, "the seed picks the arrangement");
}

// ----------------------------------------------------------------- [rules]

/// Kings, a rook and an inert templar on 5x5, with every key of [rules]
/// reachable through options.
fn rules_file() -> String {
    game_file(
        "rule-keys",
        5,
        5,
        r#"
[pieces]
king = { letter = "K", moves = "K", royal = true }
rook = { letter = "R", moves = "R" }
templar = { letter = "T", moves = "" }

[start]
board = "4k/5/5/5/K4"

[rules]
repetition = 2
move-limit = 4

[options.capture]
values = ["free", "forced"]
default = "free"

[options.capture.set.forced]
rules.forced-capture = true

[options.bare]
values = ["draw", "play"]
default = "draw"

[options.bare.set.play]
rules.bare-kings-draw = false

[options.counts]
values = ["short", "chess"]
default = "short"

[options.counts.set.chess]
rules.repetition = 3
rules.move-limit = 100
"#,
    )
}

#[test]
fn forced_capture_bare_kings_repetition_and_move_limit_come_from_the_file() {
    let rest = "w - - - 0 1";
    let capture = [("a1", 'K'), ("e5", 'k'), ("b2", 'R'), ("b4", 't')];
    let free = file_variant(&rules_file(), &[]);
    assert!(legal(&with_pieces(&free, &capture, rest)).len() > 1);
    let forced = file_variant(&rules_file(), &[("capture", "forced")]);
    assert_eq!(legal(&with_pieces(&forced, &capture, rest)), set("b2b4"));
    // Only kings: a draw, unless the file says to play on.
    let kings = [("a1", 'K'), ("e5", 'k')];
    assert_eq!(
        result(&free, &kings, rest).as_deref(),
        Some("1/2-1/2 insufficient")
    );
    let play_on = file_variant(&rules_file(), &[("bare", "play")]);
    assert_eq!(result(&play_on, &kings, rest), None);
    // Repetition = 2: the start position seen again ends the game.
    let mut g = Game::new(&play_on);
    g.play_lmn_list(&["a1a2", "e5e4", "a2a1", "e4e5"]).unwrap();
    assert_eq!(g.outcome(), draw(EndReason::Repetition));
    // Move limit = 4 plies without capture or pawn move.
    let mut g = Game::new(&play_on);
    g.play_lmn_list(&["a1a2", "e5e4", "a2a3", "e4e3"]).unwrap();
    assert_eq!(g.outcome(), draw(EndReason::HundredPly));
    // The chess values: neither ends the game yet.
    let chess = file_variant(&rules_file(), &[("bare", "play"), ("counts", "chess")]);
    let mut g = Game::new(&chess);
    g.play_lmn_list(&["a1a2", "e5e4", "a2a1", "e4e5", "a1b1", "e5d5"])
        .unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn no_moves_checkmate_win_or_pass() {
    let text = game_file(
        "no-moves",
        5,
        5,
        r#"
[pieces]
templar = { letter = "T", moves = "" }
rook = { letter = "R", moves = "R" }

[start]
board = "4r/5/5/5/T4"

[options.end]
values = ["checkmate", "win", "pass"]
default = "checkmate"

[options.end.set.win]
rules.no-moves = "win"

[options.end.set.pass]
rules.no-moves = "pass"
"#,
    );
    // White's only piece cannot move.
    let pieces = [("a1", 'T'), ("e5", 'r')];
    let rest = "w - - - 0 1";
    let v = file_variant(&text, &[]);
    assert_eq!(
        result(&v, &pieces, rest).as_deref(),
        Some("1/2-1/2 stalemate")
    );
    let win = file_variant(&text, &[("end", "win")]);
    assert_eq!(result(&win, &pieces, rest).as_deref(), Some("1-0 no-moves"));
    let pass = file_variant(&text, &[("end", "pass")]);
    assert_eq!(result(&pass, &pieces, rest), None);
    assert_eq!(legal(&with_pieces(&pass, &pieces, rest)), set("pass"));
}

// ----------------------------------------------------------------- options

#[test]
fn option_overlays_replace_keys_and_without_removes_pieces() {
    let text = game_file(
        "army-option",
        5,
        5,
        r#"
[pieces]
king = { letter = "K", moves = "K", royal = true }
queen = { letter = "Q", moves = "Q" }
rook = { letter = "R", moves = "R" }
pawn = { letter = "P", moves = "{pawn}" }

[start]
board = "qk3/ppp2/5/PPP2/QK3"

[promotion]
pieces = ["queen", "rook"]

[options.army]
values = ["queens", "rooks"]
default = "queens"
help = "rooks: no queens at all"

[options.army.set.rooks]
without = ["queen"]
start.board = "rk3/ppp2/5/PPP2/RK3"
pieces.rook.moves = "RF"
"#,
    );
    let full = file_variant(&text, &[]);
    assert!(full.def(Kind::Queen.num()).is_some());
    assert_eq!(full.promotion.pieces, vec![Kind::Queen, Kind::Rook]);
    let rooks = file_variant(&text, &[("army", "rooks")]);
    assert!(rooks.def(Kind::Queen.num()).is_none());
    assert_eq!(rooks.promotion.pieces, vec![Kind::Rook]);
    assert_eq!(rooks.start, "rk3/ppp2/5/PPP2/RK3 w - - - 0 1");
    // The replaced movement: the rook also steps diagonally.
    let p = with_pieces(
        &rooks,
        &[("c3", 'R'), ("a1", 'K'), ("e5", 'k')],
        "w - - - 0 1",
    );
    assert_eq!(
        targets(&p, "c3"),
        set("c1 c2 c4 c5 a3 b3 d3 e3 b2 b4 d2 d4")
    );
    // A pawn promotes only to what the option leaves.
    let p = with_pieces(
        &rooks,
        &[("c4", 'P'), ("a1", 'K'), ("e5", 'k')],
        "w - - - 0 1",
    );
    assert_eq!(legal_from(&p, "c4"), set("c4c5=R"));
    // A queen is not a piece of this option's game.
    assert!(Position::from_vfen(&rooks, "qk3/5/5/5/QK3 w - - - 0 1").is_err());
    let _ = Color::White;
}

/// A directional piece attacks only the way it moves: Black's `fN` and
/// `fR` point down the board, so they check a king below them, never one
/// above (the attack tables of each colour come from its own moves).
#[test]
fn directional_pieces_give_check_only_their_way() {
    for (moves, checks, harmless) in [("fN", "d7", "d3"), ("fR", "e9", "e1"), ("flF", "f6", "d6")] {
        let name: String = moves.to_lowercase();
        let text = game_file(
            &format!("check-{name}"),
            9,
            9,
            &format!(
                r#"
[pieces]
king = {{ letter = "K", moves = "K", royal = true }}
tester = {{ letter = "X", name = "Tester", moves = "{moves}" }}

[start]
board = "k8/9/9/9/4K4/9/9/9/9"
"#
            ),
        );
        let v = file_variant(&text, &[]);
        let at = |s: &'static str| {
            with_pieces(&v, &[("e5", 'K'), ("a9", 'k'), (s, 'x')], "w - - - 0 1").in_check()
        };
        assert!(at(checks), "{moves} on {checks}");
        assert!(!at(harmless), "{moves} on {harmless}");
    }
}

/// docs/variant-files.md's copy of the example is the shipped file, comments aside.
#[test]
fn the_documented_example_is_the_shipped_file() {
    let doc = include_str!("../../../../docs/variant-files.md");
    let start = doc
        .find("```toml\nid = \"capablanca\"")
        .expect("the example block")
        + 8;
    let block = &doc[start..start + doc[start..].find("```").expect("its end")];
    let meaningful = |text: &str| -> Vec<String> {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(String::from)
            .collect()
    };
    assert_eq!(meaningful(block), meaningful(CAPABLANCA));
}
