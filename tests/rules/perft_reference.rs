//! Perft against the reference counts of `shared/reference/perft.md`
//! (Fairy-Stockfish). Every number below is copied from that file; rows up to
//! about 5 million nodes run in `cargo test`, the deeper ones with
//! `cargo test --test rules perft_reference -- --ignored`.

use chimera::rules::{Position, Variant};

use crate::common;

const CHESS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1";
const GRAND: &str = "r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKMCBN1/R8R w - - - 0 1";
const EMBASSY: &str = "rnbqkmcbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR w AJaj - - 0 1";
/// Vehre–Schmittberger 2001 after 10 plies.
const GRAND_MID_10: &str =
    "r8r/2bqkmcb2/ppp1p2ppp/2np2pn2/5p4/5P4/2NP2PN2/PPP1P2PPP/2BQKMCB2/R8R w - - - 0 6";
/// ... after 16 plies.
const GRAND_MID_16: &str =
    "r2k5r/3q1mcb2/pppbp2ppp/2np2pn2/10/4pP4/2NP2PN2/PPP4PPP/2BQ1MCB2/R3RK4 w - - - 0 9";
/// ... after 20 plies.
const GRAND_MID_20: &str =
    "r8r/1k1q1mcb2/pppbp2ppp/2np2pn2/10/4NP4/3P2PN2/PPP4PPP/2BQRMCB2/R4K4 w - - - 3 11";
/// From Fairy-Stockfish's test script: a black pawn just passed e7.
const GRAND_EP: &str =
    "r8r/1nbqkmcbn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKMCBN1/R8R w - e7 - 0 3";

/// Every row of perft.md: (variant, VFEN, depth, nodes).
const ROWS: &[(&str, &str, u32, u64)] = &[
    ("chess", CHESS, 1, 20),
    ("chess", CHESS, 2, 400),
    ("chess", CHESS, 3, 8902),
    ("chess", CHESS, 4, 197281),
    ("chess", CHESS, 5, 4865609),
    ("chess", CHESS, 6, 119060324),
    ("grand", GRAND, 1, 65),
    ("grand", GRAND, 2, 4225),
    ("grand", GRAND, 3, 259514),
    ("grand", GRAND, 4, 15921643),
    ("grand", GRAND, 5, 959883584),
    ("embassy", EMBASSY, 1, 28),
    ("embassy", EMBASSY, 2, 784),
    ("embassy", EMBASSY, 3, 25281),
    ("embassy", EMBASSY, 4, 809539),
    ("embassy", EMBASSY, 5, 28937546),
    ("grand", GRAND_MID_10, 1, 78),
    ("grand", GRAND_MID_10, 2, 6005),
    ("grand", GRAND_MID_10, 3, 440676),
    ("grand", GRAND_MID_10, 4, 32213223),
    ("grand", GRAND_MID_16, 1, 72),
    ("grand", GRAND_MID_16, 2, 5602),
    ("grand", GRAND_MID_16, 3, 395376),
    ("grand", GRAND_MID_16, 4, 30339426),
    ("grand", GRAND_MID_20, 1, 70),
    ("grand", GRAND_MID_20, 2, 5856),
    ("grand", GRAND_MID_20, 3, 407808),
    ("grand", GRAND_MID_20, 4, 32876090),
    ("grand", GRAND_EP, 2, 5768),
];

/// Rows at or below this many nodes run in the normal test run.
const QUICK_LIMIT: u64 = 5_000_000;

fn position(variant: &str, vfen: &str) -> Position {
    common::position(&common::variant(variant, &[]), vfen)
}

fn check_row(variant: &str, vfen: &str, depth: u32, nodes: u64) {
    let mut p = position(variant, vfen);
    let before = p.to_vfen();
    let hash = p.hash();
    assert_eq!(p.perft(depth), nodes, "perft {depth} of {variant} {vfen}");
    assert_eq!(
        p.to_vfen(),
        before,
        "perft must leave the position as it found it"
    );
    assert_eq!(p.hash(), hash);
}

/// Runs every row of `ROWS` that `pick` chooses; returns how many.
fn run_rows(pick: impl Fn(u64) -> bool) -> usize {
    let mut n = 0;
    for &(variant, vfen, depth, nodes) in ROWS.iter().filter(|r| pick(r.3)) {
        check_row(variant, vfen, depth, nodes);
        n += 1;
    }
    n
}

#[test]
fn rows_up_to_5_million_nodes() {
    // Chess depth 1-5, Grand start 1-3, Embassy 1-4, the Grand middle game
    // 1-3 at each of its three positions, and the Grand en-passant row.
    assert_eq!(run_rows(|nodes| nodes <= QUICK_LIMIT), 5 + 3 + 4 + 9 + 1);
}

#[test]
#[ignore = "deep perft (chess 6, Grand start 4 and 5, Embassy 5, Grand middle game 4: \
            about 1.2 billion nodes); run with --ignored or use `chimera bench`"]
fn rows_above_5_million_nodes() {
    assert_eq!(run_rows(|nodes| nodes > QUICK_LIMIT), 7);
}

/// The middle-game positions are the game Vehre–Schmittberger 2001 after 10,
/// 16 and 20 plies (perft.md); replaying it must reach exactly those VFENs.
#[test]
fn grand_middle_game_rows_are_the_vehre_schmittberger_game() {
    let v = Variant::new("grand", &[]).expect("grand");
    let mut g = chimera::rules::Game::new(&v);
    let plies = "f3f5 f8f6 i2h4 i9h7 g3g4 g8g7 b2c4 b9c7 d3d4 d8d7 e3e5 c9d8 j1e1 e9d10 e2f1 f6e5 c4e5 d10c9 e1e2 c9b9";
    for (i, m) in plies.split_whitespace().enumerate() {
        g.play_lmn(m)
            .unwrap_or_else(|e| panic!("ply {}: {m}: {e}", i + 1));
        let expected = match i + 1 {
            10 => Some(GRAND_MID_10),
            16 => Some(GRAND_MID_16),
            20 => Some(GRAND_MID_20),
            _ => None,
        };
        if let Some(f) = expected {
            assert_eq!(g.position().to_vfen(), f, "after ply {}", i + 1);
        }
    }
}

/// The Grand en-passant row: the black pawn on e6 just came from e8 over e7,
/// and the white pawn on f6 may take it en passant by moving to e7.
#[test]
fn grand_en_passant_row_offers_the_capture() {
    let p = position("grand", GRAND_EP);
    let moves = common::legal(&p);
    assert!(moves.contains("f6e7"), "{moves:?}");
    assert_eq!(p.to_vfen(), GRAND_EP);
}

#[test]
fn divide_sums_to_perft_and_is_sorted() {
    for &(variant, vfen, depth, nodes) in ROWS.iter().filter(|r| r.2 <= 3 && r.3 <= 500_000) {
        let mut p = position(variant, vfen);
        let rows = p.perft_divide(depth);
        assert_eq!(
            rows.iter().map(|r| r.1).sum::<u64>(),
            nodes,
            "{variant} {vfen} depth {depth}"
        );
        let names: Vec<&String> = rows.iter().map(|r| &r.0).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        assert_eq!(rows.len(), p.legal_moves().len());
    }
}

/// The table above must be exactly the table of `shared/reference/perft.md`.
/// That file lives beside the repository in the project workspace, not in a
/// clone of the repository, so this test is ignored by default and fails,
/// saying so, when the file is absent.
#[test]
#[ignore = "needs ../shared/reference/perft.md of the project workspace; run with --ignored there"]
fn table_matches_shared_reference_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/reference/perft.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read {path} ({e}): this test compares the ROWS table with the \
             reference file of the project workspace and needs that file"
        )
    });
    let mut file_rows = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | variant | `VFEN` | depth | nodes |
        if cells.len() != 6 || !cells[2].starts_with('`') {
            continue;
        }
        let vfen = cells[2].trim_matches('`');
        let (Ok(depth), Ok(nodes)) = (cells[3].parse::<u32>(), cells[4].parse::<u64>()) else {
            continue;
        };
        file_rows.push((cells[1].to_string(), vfen.to_string(), depth, nodes));
    }
    let ours: Vec<(String, String, u32, u64)> = ROWS
        .iter()
        .map(|&(v, f, d, n)| (v.to_string(), f.to_string(), d, n))
        .collect();
    assert_eq!(file_rows, ours);
}
