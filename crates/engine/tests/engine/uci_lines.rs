//! UCI input a GUI should never send, and a hostile one might (issue 21):
//! over-long lines are refused without being kept whole, errors quote only a
//! short prefix of what was sent, a depth beyond the search is clamped and
//! said, and a seeded fuzz of random and mutated lines never panics and
//! answers each line in bounded time.

use std::io::{BufReader, Cursor, Read};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chimera_engine::search::MAX_DEPTH;
use chimera_engine::uci::{Engine, Line, MAX_LINE_BYTES, Output, go_limits, read_line};
use chimera_rules::rng::mutate_bytes;
use chimera_rules::{Color, SplitMix64};

/// An engine writing into a shared list of lines.
fn engine() -> (Engine, Arc<Mutex<Vec<String>>>) {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&lines);
    let out: Output = Arc::new(move |l: &str| sink.lock().unwrap().push(l.to_string()));
    (Engine::new(out), lines)
}

fn take(lines: &Mutex<Vec<String>>) -> Vec<String> {
    std::mem::take(&mut *lines.lock().unwrap())
}

/// A line far over the limit is read through without being kept: the
/// buffer never holds more than the limit, and the next line is read.
#[test]
fn read_line_keeps_at_most_the_limit_of_an_endless_line() {
    let limit = 1000;
    let long = std::io::repeat(b'a').take(64 * 1024 * 1024);
    let mut input = BufReader::new(long.chain(Cursor::new(b"\nisready\nlast".to_vec())));
    let mut buf = Vec::new();
    assert_eq!(
        read_line(&mut input, &mut buf, limit).unwrap(),
        Line::TooLong(64 * 1024 * 1024 + 1)
    );
    assert_eq!(buf.len(), limit);
    assert!(buf.capacity() < 4 * limit, "{}", buf.capacity());
    assert_eq!(read_line(&mut input, &mut buf, limit).unwrap(), Line::Whole);
    assert_eq!(buf, b"isready\n");
    assert_eq!(read_line(&mut input, &mut buf, limit).unwrap(), Line::Whole);
    assert_eq!(buf, b"last");
    assert_eq!(read_line(&mut input, &mut buf, limit).unwrap(), Line::End);
    // Exactly the limit (newline aside) is a whole line.
    let mut input = Cursor::new(format!("{}\n", "b".repeat(limit)).into_bytes());
    assert_eq!(read_line(&mut input, &mut buf, limit).unwrap(), Line::Whole);
}

/// A 3 MB line is refused, quoting 40 characters of it; a 500 KB unknown
/// command (under the limit) is quoted as shortly; the session goes on.
#[test]
fn long_lines_are_refused_and_quoted_short() {
    let (mut e, lines) = engine();
    let mut input = "é".repeat(3 * 1024 * 1024 / 2);
    input.push_str("\nisready\n");
    input.push_str(&"x".repeat(500 * 1024));
    input.push_str("\nisready\n");
    e.run(Cursor::new(input.into_bytes()));
    let got = take(&lines);
    assert_eq!(
        got.len(),
        4,
        "{:?}",
        got.iter().map(|l| l.len()).collect::<Vec<_>>()
    );
    assert!(
        got[0].starts_with(&format!(
            "info string error: a line of {} bytes is ignored (at most {MAX_LINE_BYTES}): 'éééé",
            3 * 1024 * 1024 + 1
        )),
        "{}",
        &got[0][..got[0].len().min(200)]
    );
    assert!(got[0].chars().count() < 200, "{}", got[0].len());
    assert_eq!(got[1], "readyok");
    assert!(
        got[2].starts_with(&format!(
            "info string error: unknown command '{}…'",
            "x".repeat(40)
        )),
        "{}",
        &got[2][..got[2].len().min(200)]
    );
    assert!(got[2].len() < 400, "{}", got[2].len());
    assert_eq!(got[3], "readyok");
}

/// `go depth N` beyond the deepest iteration is searched to that depth, and
/// said (a GUI waits for its bestmove); here a mate in one ends it at once.
#[test]
fn go_depth_beyond_the_search_is_clamped_and_said() {
    let (mut e, lines) = engine();
    assert!(e.handle("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
    assert!(e.handle("go depth 999"));
    let t = Instant::now();
    while !lines
        .lock()
        .unwrap()
        .iter()
        .any(|l| l.starts_with("bestmove"))
    {
        assert!(t.elapsed() < Duration::from_secs(60), "{:?}", take(&lines));
        std::thread::sleep(Duration::from_millis(5));
    }
    let got = take(&lines);
    assert_eq!(
        got[0],
        format!(
            "info string depth 999 is more than the search's deepest iteration: searching to depth {MAX_DEPTH}"
        )
    );
    assert_eq!(got.last().unwrap(), "bestmove a1a8");
    // A number too large for its field says so.
    assert!(e.handle("go depth 99999999999999999999"));
    assert_eq!(
        take(&lines),
        ["info string error: go: 'depth' 99999999999999999999 is too large"]
    );
    e.quit();
}

/// Valid lines the fuzz starts from (no `go`: searches are fuzzed through
/// `go_limits`, the pure part of `go`).
const SEEDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "setoption name UCI_Variant value grand",
    "setoption name UCI_Variant value holygrail",
    "setoption name Hash value 16",
    "setoption name Skill Level value 3",
    "setoption name Variant Options value drops=full",
    "setoption name Clear Hash",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves c7c5",
    "position startpos",
    "d",
    "debug on",
    "stop",
];

const GO_SEEDS: &[&str] = &[
    "go depth 3",
    "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20",
    "go movetime 50 nodes 1000",
    "go infinite",
];

/// Multi-byte and awkward pieces inserted by the mutations.
const INSERTS: &[&str] = &[
    "é",
    "♔",
    "Ö",
    "\u{feff}",
    "\t",
    " ",
    "-",
    "0",
    "99999999999999999999",
    "moves",
    "value",
    "name",
    "fen",
    "startpos",
    "/",
    "~",
    "@",
    "=",
    "\u{0}",
];

/// One random change of `line` (a `String`, so kept UTF-8 where a byte
/// flip is repaired lossily, as the driver does).
fn mutate(line: &str, rng: &mut SplitMix64) -> String {
    let mut b = line.as_bytes().to_vec();
    mutate_bytes(&mut b, rng, INSERTS, 60);
    String::from_utf8_lossy(&b).into_owned()
}

/// Each line is answered (or not) within a second, by lines that are one
/// line each and short; never a panic.
#[test]
fn fuzzed_lines_never_panic_and_are_answered_in_bounded_time() {
    let bound = Duration::from_secs(2);
    let mut rng = SplitMix64::new(21);
    let (mut e, lines) = engine();
    for i in 0..3000 {
        let mut line = SEEDS[rng.below(SEEDS.len())].to_string();
        for _ in 0..1 + rng.below(3) {
            line = mutate(&line, &mut rng);
        }
        let t = Instant::now();
        let first = line.split_whitespace().next().unwrap_or("");
        if first == "go" || first == "quit" {
            // No searches or quits here; go's arguments below.
            continue;
        }
        let went_on = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| e.handle(&line)))
            .unwrap_or_else(|_| panic!("panic on line {i}: {line:?}"));
        assert!(went_on, "line {i} quit: {line:?}");
        assert!(
            t.elapsed() < bound,
            "line {i} took {:?}: {line:?}",
            t.elapsed()
        );
        for out in take(&lines) {
            assert!(!out.contains('\n'), "{out:?}");
            assert!(out.chars().count() < 2000, "line {i}: {} chars", out.len());
        }
    }
    for i in 0..3000 {
        let mut line = GO_SEEDS[rng.below(GO_SEEDS.len())].to_string();
        for _ in 0..1 + rng.below(3) {
            line = mutate(&line, &mut rng);
        }
        let args: Vec<&str> = line.split_whitespace().skip(1).collect();
        let side = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Ok((limits, _)) = std::panic::catch_unwind(|| go_limits(&args, side))
            .unwrap_or_else(|_| panic!("panic on go line {i}: {line:?}"))
        {
            // Whatever the numbers, the time limits are computed without overflow.
            let _ = limits.time_limits();
        }
    }
    e.quit();
}
