//! The record reader's cost (issue 21): a record just under the 4 MB limit,
//! of any shape (many comments after one move, variations, nested ones, a
//! long tag, many tags, many games, many moves, one long token, many NAGs,
//! many clock comments), is read, listed and loaded, or refused, in time
//! linear in its size. The bound here is generous (5 s each, in a test build
//! on a shared machine) so that it catches a quadratic reader (the comment
//! shape took 113 s before), not timing luck; docs/limits.md gives the
//! measured times.

use std::time::{Duration, Instant};

use chimera_game::record::{self, MAX_RECORD_BYTES};

/// Generous: a linear reader takes well under a second for each shape.
const BOUND: Duration = Duration::from_secs(5);

/// `head`, then `unit` repeated to just under the size limit, then `tail`.
fn fill(head: &str, unit: &str, tail: &str) -> String {
    let room = MAX_RECORD_BYTES as usize - head.len() - tail.len();
    let mut s = String::with_capacity(MAX_RECORD_BYTES as usize);
    s.push_str(head);
    s.push_str(&unit.repeat(room / unit.len()));
    s.push_str(tail);
    assert!(s.len() as u64 <= MAX_RECORD_BYTES && s.len() as u64 > MAX_RECORD_BYTES - 64);
    s
}

/// The shapes, each with its name.
fn shapes() -> Vec<(&'static str, String)> {
    let mut tags = String::new();
    let mut i = 0;
    while tags.len() < MAX_RECORD_BYTES as usize - 100 {
        tags.push_str(&format!("[T{i} \"x\"]\n"));
        i += 1;
    }
    tags.push_str("1. e4 *\n");
    vec![
        ("comments after one move", fill("1. e4 ", "{x} ", "*")),
        ("long comment", fill("1. e4 {", "x", "} *")),
        ("variations", fill("1. e4 ", "(1. d4 d5 {a} 2. c4) ", "*")),
        (
            "nested variations",
            format!(
                "1. e4 {}{} *",
                "(".repeat(MAX_RECORD_BYTES as usize / 2 - 10),
                ")".repeat(MAX_RECORD_BYTES as usize / 2 - 10)
            ),
        ),
        ("long tag value", fill("[Event \"", "x", "\"]\n1. e4 *")),
        ("many tags", tags),
        (
            "the same tag many times",
            fill("", "[A \"x\"]\n", "1. e4 *"),
        ),
        ("many games", fill("", "1. e4 *\n", "")),
        (
            "many tagged games",
            fill("", "[White \"a\"]\n1. e4 e5 1-0\n", ""),
        ),
        ("many moves", fill("", "Nf3 Nf6 Ng1 Ng8 ", "*")),
        ("many move numbers", fill("1. e4 ", "1... ", "*")),
        ("one long token", fill("1. ", "N", " *")),
        ("many NAGs", fill("1. e4 ", "$1 ", "*")),
        (
            "many clock comments",
            fill("1. e4 ", "{[%clk 0:09:58]}", "*"),
        ),
        ("many line comments", fill("1. e4 ", ";x\n", "*")),
        ("many escape lines", fill("1. e4\n", "%x\n", "*")),
        ("unclosed comment", fill("1. e4 {", "x", "")),
        ("unclosed variation", fill("1. e4 (", "x ", "")),
        ("many multibyte tokens", fill("1. ", "é ", "*")),
    ]
}

#[test]
fn every_shape_of_a_full_size_record_reads_in_linear_time() {
    for (name, text) in shapes() {
        let t = Instant::now();
        let read = record::read_text(text.as_bytes());
        let listed = record::list(&text).map(|g| g.len());
        let loaded = record::load(&text, 1).map(|l| l.record.moves.len());
        let took = t.elapsed();
        eprintln!("{name}: {took:?}");
        assert!(
            took < BOUND,
            "{name}: {took:?} to read ({:?}), list ({:?}) and load ({:?})",
            read.map(|t| t.len()),
            listed,
            loaded
        );
        // Both answers are possible for a shape; neither may be slow.
        if let Err(e) = loaded {
            assert!(!e.to_string().contains('\n'), "{name}: {e}");
        }
    }
}
