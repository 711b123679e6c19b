//! Perft against the reference counts of Fairy-Stockfish, kept in
//! `tests/data/perft.txt` at the repository's root (its header explains the
//! format and the source). `cargo test` checks every position of the file at
//! the depths of at most [`QUICK_NODES`] nodes; every count, with
//! `cargo test -p chimera-rules --test rules perft_reference -- --ignored`.

use std::sync::Arc;

use chimera_rules::{Position, Variant};

use crate::common;

/// The reference file, one position a line.
const DATA: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/perft.txt"
));

/// Where [`DATA`] lives, for messages.
const DATA_PATH: &str = "tests/data/perft.txt";

/// Counts at or below this many nodes run in the normal test run: every
/// position, about 23 million nodes, a second or so at the dev profile's
/// opt-level 3. The deeper counts (chess 6, Grand 5, Embassy 5, the Grand
/// middle games at 4) only in the ignored test.
const QUICK_NODES: u64 = 20_000_000;

/// One line of the reference file.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    /// Line number in the file, from 1.
    line: usize,
    /// Variant id.
    variant: String,
    /// Options, empty for the defaults.
    options: Vec<(String, String)>,
    /// The position.
    vfen: String,
    /// (depth, nodes), depths strictly increasing.
    counts: Vec<(u32, u64)>,
}

impl Row {
    fn variant(&self) -> Arc<Variant> {
        let options: Vec<(&str, &str)> = self
            .options
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        common::variant(&self.variant, &options)
    }

    fn position(&self) -> Position {
        common::position(&self.variant(), &self.vfen)
    }

    /// Where this row is, for messages.
    fn at(&self) -> String {
        format!(
            "{DATA_PATH} line {}: {} {}",
            self.line, self.variant, self.vfen
        )
    }
}

/// Reads a reference file: one [`Row`] per line that is neither blank nor a
/// `#` comment. An error names the line.
fn parse(text: &str) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let row = parse_line(i + 1, line).map_err(|e| format!("line {}: {e}: '{line}'", i + 1))?;
        rows.push(row);
    }
    if rows.is_empty() {
        return Err("no positions".into());
    }
    Ok(rows)
}

/// `variant ; options ; VFEN ; D<depth> <nodes> ; …`
fn parse_line(line: usize, text: &str) -> Result<Row, String> {
    let fields: Vec<&str> = text.split(';').map(str::trim).collect();
    let [variant, options, vfen, counts @ ..] = fields.as_slice() else {
        return Err("expected `variant ; options ; VFEN ; D<depth> <nodes> …`".into());
    };
    if variant.is_empty() || variant.contains(char::is_whitespace) {
        return Err(format!("'{variant}' is not a variant id"));
    }
    let options = match *options {
        "-" => Vec::new(),
        "" => return Err("empty options field (write `-` for the defaults)".into()),
        list => list
            .split_whitespace()
            .map(|pair| match pair.split_once('=') {
                Some((k, v)) if !k.is_empty() && !v.is_empty() => {
                    Ok((k.to_string(), v.to_string()))
                }
                _ => Err(format!("option '{pair}' is not name=value")),
            })
            .collect::<Result<_, _>>()?,
    };
    if vfen.split_whitespace().count() != 7 {
        return Err(format!("'{vfen}' is not a VFEN of 7 fields"));
    }
    if counts.is_empty() {
        return Err("no counts (expected `D<depth> <nodes>` fields)".into());
    }
    let mut parsed: Vec<(u32, u64)> = Vec::new();
    for field in counts {
        let count = field
            .strip_prefix('D')
            .and_then(|rest| rest.split_once(' '))
            .and_then(|(d, n)| Some((d.parse::<u32>().ok()?, n.trim().parse::<u64>().ok()?)))
            .filter(|&(d, _)| d >= 1)
            .ok_or_else(|| format!("'{field}' is not `D<depth> <nodes>`"))?;
        if let Some(&(previous, _)) = parsed.last().filter(|&&(d, _)| d >= count.0) {
            return Err(format!(
                "depth {} does not follow depth {previous}",
                count.0
            ));
        }
        parsed.push(count);
    }
    Ok(Row {
        line,
        variant: variant.to_string(),
        options,
        vfen: vfen.to_string(),
        counts: parsed,
    })
}

/// Every row of the reference file; a malformed line fails the test, naming it.
fn rows() -> Vec<Row> {
    parse(DATA).unwrap_or_else(|e| panic!("{DATA_PATH}: {e}"))
}

/// Checks `row`'s counts that `pick` (given the nodes) chooses; returns how many.
fn check(row: &Row, pick: impl Fn(u64) -> bool) -> usize {
    let mut p = row.position();
    let before = p.to_vfen();
    let hash = p.hash();
    let mut n = 0;
    for &(depth, nodes) in row.counts.iter().filter(|c| pick(c.1)) {
        assert_eq!(p.perft(depth), nodes, "perft {depth} at {}", row.at());
        n += 1;
    }
    assert_eq!(
        p.to_vfen(),
        before,
        "perft must leave the position as it found it: {}",
        row.at()
    );
    assert_eq!(p.hash(), hash, "{}", row.at());
    n
}

#[test]
fn every_position_at_its_cheap_depths() {
    let rows = rows();
    for row in &rows {
        let checked = check(row, |nodes| nodes <= QUICK_NODES);
        assert!(
            checked > 0,
            "no count of at most {QUICK_NODES} nodes at {}",
            row.at()
        );
    }
}

#[test]
#[ignore = "deep perft (about 1.3 billion nodes: chess 6, Grand 5, Embassy 5, the Grand \
            middle games at 4); run with --ignored or use `chimera bench`"]
fn every_count() {
    let rows = rows();
    let total: usize = rows.iter().map(|row| check(row, |_| true)).sum();
    assert_eq!(total, rows.iter().map(|r| r.counts.len()).sum::<usize>());
}

/// The file's start rows are the variants' own start positions, so the
/// reference also checks how Chimera sets the games up.
#[test]
fn the_start_rows_are_the_variants_start_positions() {
    let rows = rows();
    for id in ["chess", "grand", "embassy"] {
        let v = common::variant(id, &[]);
        let start = v.start_position().to_vfen();
        assert!(
            rows.iter()
                .any(|r| r.variant == id && r.options.is_empty() && r.vfen == start),
            "{DATA_PATH} has no row for the start position of {id} ({start})"
        );
    }
}

/// The middle-game positions are the game Vehre–Schmittberger 2001 after 10,
/// 16 and 20 plies (the file's comment); replaying it must reach exactly
/// positions of the file.
#[test]
fn grand_middle_game_rows_are_the_vehre_schmittberger_game() {
    let rows = rows();
    let v = Variant::new("grand", &[]).expect("grand");
    let mut g = chimera_rules::Game::new(&v);
    let plies = "f3f5 f8f6 i2h4 i9h7 g3g4 g8g7 b2c4 b9c7 d3d4 d8d7 e3e5 c9d8 j1e1 e9d10 e2f1 f6e5 c4e5 d10c9 e1e2 c9b9";
    for (i, m) in plies.split_whitespace().enumerate() {
        g.play_lmn(m)
            .unwrap_or_else(|e| panic!("ply {}: {m}: {e}", i + 1));
        if [10, 16, 20].contains(&(i + 1)) {
            let vfen = g.position().to_vfen();
            assert!(
                rows.iter().any(|r| r.variant == "grand" && r.vfen == vfen),
                "after ply {}: {vfen} is not in {DATA_PATH}",
                i + 1
            );
        }
    }
}

/// The Grand en-passant row: the black pawn on e6 just came from e8 over e7,
/// and the white pawn on f6 may take it en passant by moving to e7.
#[test]
fn grand_en_passant_row_offers_the_capture() {
    let rows = rows();
    let row = rows
        .iter()
        .find(|r| r.variant == "grand" && r.vfen.split_whitespace().nth(3) != Some("-"))
        .expect("a Grand row with an en-passant square");
    let p = row.position();
    let moves = common::legal(&p);
    assert!(moves.contains("f6e7"), "{moves:?}");
    assert_eq!(p.to_vfen(), row.vfen);
}

#[test]
fn divide_sums_to_perft_and_is_sorted() {
    for row in rows() {
        for &(depth, nodes) in row.counts.iter().filter(|c| c.0 <= 3 && c.1 <= 500_000) {
            let mut p = row.position();
            let divided = p.perft_divide(depth);
            assert_eq!(
                divided.iter().map(|r| r.1).sum::<u64>(),
                nodes,
                "depth {depth} at {}",
                row.at()
            );
            let names: Vec<&String> = divided.iter().map(|r| &r.0).collect();
            let mut sorted = names.clone();
            sorted.sort();
            assert_eq!(names, sorted);
            assert_eq!(divided.len(), p.legal_moves().len());
        }
    }
}

/// A malformed line of the reference file is refused with its line number.
#[test]
fn malformed_lines_are_named() {
    let good = "chess ; - ; 8/8/8/8/8/8/8/K6k w - - - 0 1 ; D1 3";
    assert_eq!(parse(good).map(|r| r.len()), Ok(1));
    for (bad, says) in [
        ("chess ; - ; 8/8/8/8/8/8/8/K6k w - - - 0 1", "no counts"),
        ("chess ; - ; 8/8/8/8/8/8/8/K6k w - - 0 1 ; D1 3", "7 fields"),
        ("chess ; - ; 8/8/8/8/8/8/8/K6k w - - - 0 1 ; D1 x", "'D1 x'"),
        (
            "chess ; - ; 8/8/8/8/8/8/8/K6k w - - - 0 1 ; D2 9 ; D1 3",
            "does not follow",
        ),
        (
            "chess ; drops ; 8/8/8/8/8/8/8/K6k w - - - 0 1 ; D1 3",
            "name=value",
        ),
        ("chess ; - ; 8/8/8/8/8/8/8/K6k w - - - 0 1 ; D0 1", "'D0 1'"),
        ("chess", "expected"),
    ] {
        let text = format!("# comment\n{good}\n\n{bad}\n");
        let err = parse(&text).expect_err(bad);
        assert!(err.starts_with("line 4: "), "{err}");
        assert!(err.contains(says), "{err}");
    }
}
