//! The command-line contract: `chimera perft|moves|fen|bench` and their output
//! formats (issue 2), `--help` for every subcommand, and every error (bad
//! position or move, unknown flag, missing or wrong value, repeated flag,
//! unknown subcommand: issue 10) as exit status 2 with one `error:` line.

use std::collections::BTreeSet;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .output()
        .expect("the chimera binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Runs a command (written as for [`argv`]) that must succeed; returns its stdout.
fn ok(command: &str) -> String {
    ok_args(&argv(command))
}

/// [`ok`] with the arguments given one by one (file paths).
fn ok_args(args: &[&str]) -> String {
    let o = run(args);
    assert!(o.status.success(), "{args:?} failed: {}", text(&o.stderr));
    text(&o.stdout)
}

/// Splits a command written as in a shell (`fen --moves 'e2e4 e7e5'`):
/// words separated by spaces, single quotes around a word with spaces.
fn argv(command: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut rest = command.trim_start();
    while !rest.is_empty() {
        let (word, tail) = match rest.strip_prefix('\'') {
            Some(q) => q.split_once('\'').expect("a closing quote"),
            None => rest.split_once(' ').unwrap_or((rest, "")),
        };
        words.push(word);
        rest = tail.trim_start();
    }
    words
}

/// Runs each command, which must succeed and print exactly its text.
fn output_table(table: &[(&str, &str)]) {
    for (command, expected) in table {
        assert_eq!(ok(command), *expected, "{command}");
    }
}

/// Runs a command (written as for [`argv`]) that must fail with status 2,
/// nothing on stdout, and exactly one line on stderr starting with `error: `;
/// returns that line.
fn fails(command: &str) -> String {
    failure(&argv(command), run(&argv(command)))
}

/// Checks the output of a failed command as [`fails`] says; returns the line.
fn failure(command: &[&str], o: Output) -> String {
    assert_eq!(o.status.code(), Some(2), "{command:?}: {}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "", "{command:?} printed on stdout");
    let err = text(&o.stderr);
    assert!(
        err.ends_with('\n') && err.lines().count() == 1,
        "{command:?}: one stderr line expected, got {err:?}"
    );
    let line = err.trim_end().to_string();
    assert!(line.starts_with("error: "), "{line}");
    line
}

fn set(moves: &str) -> BTreeSet<String> {
    moves.split_whitespace().map(String::from).collect()
}

/// The 20 moves of the chess start position.
fn chess_start_moves() -> BTreeSet<String> {
    let pawns: String = "abcdefgh"
        .chars()
        .map(|f| format!("{f}2{f}3 {f}2{f}4 "))
        .collect();
    set(&format!("{pawns} b1a3 b1c3 g1f3 g1h3"))
}

// ------------------------------------------------------------------- perft

#[test]
fn perft_prints_the_node_count() {
    let o = run(&["perft", "--variant", "chess", "--depth", "3"]);
    assert!(o.status.success());
    assert_eq!(text(&o.stdout), "nodes 8902\n");
    // Time and speed go to stderr.
    assert!(text(&o.stderr).contains("nodes/s"), "{}", text(&o.stderr));
    output_table(&[
        ("perft --variant grand --depth 2", "nodes 4225\n"),
        ("perft --variant embassy --depth 3", "nodes 25281\n"),
    ]);
}

#[test]
fn perft_divide_lists_each_root_move_sorted_then_the_total() {
    let out = ok("perft --variant chess --depth 2 --divide");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[20], "nodes 400");
    let rows: Vec<(&str, &str)> = lines[..20]
        .iter()
        .map(|l| l.split_once(' ').expect("'<lmn> <count>'"))
        .collect();
    let names: Vec<String> = rows.iter().map(|r| r.0.to_string()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "divide lines are sorted");
    assert_eq!(
        names.into_iter().collect::<BTreeSet<_>>(),
        chess_start_moves()
    );
    // After any first move, Black has the same 20 replies.
    assert!(rows.iter().all(|r| r.1 == "20"), "{rows:?}");

    let out = ok("perft --variant grand --depth 3 --divide");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"nodes 259514"));
    let counts: Vec<u64> = lines[..lines.len() - 1]
        .iter()
        .map(|l| {
            l.rsplit_once(' ')
                .expect("'<lmn> <count>'")
                .1
                .parse()
                .expect("count")
        })
        .collect();
    assert_eq!(counts.len(), 65);
    assert_eq!(counts.iter().sum::<u64>(), 259514);
}

#[test]
fn perft_from_a_fen_and_after_moves() {
    output_table(&[
        (
            "perft --variant grand --fen 'r8r/1nbqkmcbn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKMCBN1/R8R w - e7 - 0 3' --depth 2",
            "nodes 5768\n",
        ),
        // After 1.e4 e5 White has 14 pawn moves, 5 knight, 5 bishop, 4 queen and 1 king move.
        (
            "perft --variant chess --moves 'e2e4 e7e5' --depth 1",
            "nodes 29\n",
        ),
        (
            "perft --variant grand --fen 'r8r/2bqkmcb2/ppp1p2ppp/2np2pn2/5p4/5P4/2NP2PN2/PPP1P2PPP/2BQKMCB2/R8R w - - - 0 6' --depth 2",
            "nodes 6005\n",
        ),
    ]);
}

#[test]
fn perft_with_options() {
    // Holywar opens with drops: 5 kinds (K L C B S) onto 8 camp squares.
    output_table(&[
        ("perft --variant holywar --depth 1", "nodes 40\n"),
        (
            "perft --variant holywar --option opening=drop --depth 1",
            "nodes 40\n",
        ),
    ]);
    // The random opening starts with board moves instead; the seed picks the camps.
    let a = ok("perft --variant holywar --option opening=random --option seed=3 --depth 2");
    let b = ok("moves --variant holywar --option opening=random --option seed=3");
    assert!(a.starts_with("nodes ") && a != "nodes 40\n", "{a}");
    assert!(!b.contains('@'), "no drops after a random opening: {b}");
    // Holy Grail without drops: no drop moves at all.
    // (At the start rank 2, e0 and f0 are full; after a2a4 a ninja pawn may drop on a2.)
    let none = ok("moves --variant holygrail --option drops=none --moves 'a2a4 a9a7'");
    let full = ok("moves --variant holygrail --moves 'a2a4 a9a7'");
    assert!(!none.contains('@') && full.contains("J@a2\n"), "{none}");
}

// ------------------------------------------------------------------- moves

#[test]
fn moves_prints_the_legal_moves_sorted_one_per_line() {
    let out = ok("moves --variant chess");
    let lines: Vec<String> = out.lines().map(String::from).collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(
        lines.into_iter().collect::<BTreeSet<_>>(),
        chess_start_moves()
    );

    let out = ok("moves --variant embassy --fen 'r3k4r/10/10/10/10/10/10/R3K4R w AJaj - - 0 1'");
    let lines: BTreeSet<&str> = out.lines().collect();
    assert!(
        lines.contains("e1b1,a1c1") && lines.contains("e1h1,j1g1"),
        "{out}"
    );

    // After the fool's mate there is no move at all.
    assert_eq!(
        ok("moves --variant chess --moves 'f2f3 e7e5 g2g4 d8h4'"),
        ""
    );
}

// --------------------------------------------------------------------- fen

#[test]
fn fen_prints_the_position_and_the_result() {
    output_table(&[
        (
            "fen --variant chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1\nresult: *\n",
        ),
        (
            "fen --variant chess --moves e2e4",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b AHah - - 0 1\nresult: *\n",
        ),
        (
            "fen --variant chess --moves 'f2f3 e7e5 g2g4 d8h4'",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w AHah - - 1 3\nresult: 0-1 checkmate\n",
        ),
        (
            "fen --variant chess --moves 'e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7'",
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b AHah - - 0 4\nresult: 1-0 checkmate\n",
        ),
        (
            "fen --variant chess --fen '7k/8/6K1/8/8/8/8/5Q2 w - - - 0 1' --moves f1f7",
            "7k/5Q2/6K1/8/8/8/8/8 b - - - 1 1\nresult: 1/2-1/2 stalemate\n",
        ),
        (
            "fen --variant chess --moves 'g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8'",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 8 5\nresult: 1/2-1/2 repetition\n",
        ),
        (
            "fen --variant chess --fen '4k3/8/8/8/8/8/4P3/R3K3 w - - - 99 60' --moves a1a2",
            "4k3/8/8/8/8/8/R3P3/4K3 b - - - 100 60\nresult: 1/2-1/2 100-ply\n",
        ),
        (
            "fen --variant chess --fen '4k3/8/8/8/8/8/3q4/4K3 w - - - 0 1' --moves e1d2",
            "4k3/8/8/8/8/8/3K4/8 b - - - 0 1\nresult: 1/2-1/2 insufficient\n",
        ),
        // Ghostarelay: the side to move without a legal move (here: without pieces) wins.
        (
            "fen --variant ghostarelay --fen '10/10/10/4k5/10/10/10/10/10/10 w - - - 0 1'",
            "10/10/10/4k5/10/10/10/10/10/10 w - - - 0 1\nresult: 1-0 no-moves\n",
        ),
    ]);
}

// ------------------------------------------------------------------ errors

/// Runs each command, which must fail as [`fails`] says with exactly its line.
fn error_table(table: &[(&str, &str)]) {
    for (command, line) in table {
        assert_eq!(fails(command), *line, "{command}");
    }
}

/// Runs each command, which must fail as [`fails`] says with a line holding
/// every one of its words.
fn fail_table(table: &[(&str, &[&str])]) {
    for (command, words) in table {
        let e = fails(command);
        for w in *words {
            assert!(e.contains(w), "{command}: '{w}' missing in {e}");
        }
    }
}

#[test]
fn unknown_variant_is_an_error() {
    fail_table(&[
        (
            "perft --variant shogi --depth 1",
            &["unknown variant 'shogi'"],
        ),
        ("moves --variant shogi", &["unknown variant 'shogi'"]),
        ("fen --variant shogi", &["unknown variant 'shogi'"]),
    ]);
}

#[test]
fn unknown_option_or_option_value_is_an_error() {
    fail_table(&[
        (
            "fen --variant chess --option drops=full",
            &["unknown option 'drops'"],
        ),
        (
            "moves --variant holygrail --option drops=many",
            &["bad value 'many'", "'drops'"],
        ),
        (
            "perft --variant holywar --option seed=x --depth 1",
            &["'x'", "'seed'"],
        ),
        ("fen --variant chess --option novalue", &["novalue"]),
    ]);
}

#[test]
fn malformed_vfen_is_an_error() {
    fail_table(&[
        (
            "fen --variant chess --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w AHah - - 0 1'",
            &["ranks"],
        ),
        (
            "perft --variant chess --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah -' --depth 1",
            &["7 fields"],
        ),
        (
            "moves --variant grand --fen 'r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKMCBN1/R8R x - - - 0 1'",
            &["side to move"],
        ),
    ]);
}

#[test]
fn illegal_move_is_an_error_naming_the_move_and_its_number() {
    error_table(&[
        (
            "fen --variant chess --moves 'e2e4 e7e5 e2e5'",
            "error: move 3 'e2e5' is not legal here",
        ),
        (
            "moves --variant chess --moves e2e5",
            "error: move 1 'e2e5' is not legal here",
        ),
        (
            "perft --variant chess --moves 'e2e4 e2e4' --depth 1",
            "error: move 2 'e2e4' is not legal here",
        ),
    ]);
    // (moves, start of the line, a word of the reason)
    let starts: &[(&str, &str, &str)] = &[
        ("e2e4 e7e5 zz", "error: move 3 'zz' ", "not a move in LMN"),
        ("e2e4 e7e5 e7e8=Z", "error: move 3 'e7e8=Z' ", "'Z'"),
        // No move after the end of the game.
        ("f2f3 e7e5 g2g4 d8h4 e1f2", "error: move 5 'e1f2' ", "over"),
    ];
    for (moves, start, word) in starts {
        let e = fails(&format!("fen --variant chess --moves '{moves}'"));
        assert!(e.starts_with(start) && e.contains(word), "{e}");
    }
}

#[test]
fn usage_errors() {
    fail_table(&[
        ("perft --variant chess", &["--depth"]),
        ("perft --variant chess --depth three", &["'three'"]),
        ("perft --variant", &["--variant"]),
        ("frobnicate", &["frobnicate"]),
        (
            "match --engine a=level:1 --engine b=level:1 --tc 1+0 --nodes-b 10",
            &["--nodes-b", "give --nodes too"],
        ),
    ]);
}

#[test]
fn an_uneven_match_says_each_sides_node_budget() {
    let out = ok(
        "match --variant chess --engine a=level:1 --engine b=level:1 --nodes 40 \
                  --nodes-b 20 --games 2",
    );
    let first = out.lines().next().unwrap_or_default();
    assert!(
        first.contains("chess, nodes 40 (B: nodes 20), up to 2 games"),
        "{out}"
    );
    assert!(out.contains("result: a vs b: 2 games"), "{out}");
}

#[test]
fn a_node_limited_match_plays_each_opening_once() {
    // One opening and four games asked: a node-limited match plays its pair
    // once and says why (a second pair would replay the same games).
    let file = std::env::temp_dir().join(format!("chimera-cli-{}-one-opening", std::process::id()));
    std::fs::write(&file, "e2e4 e7e5\n").unwrap();
    let path = file.to_str().unwrap();
    let out = ok_args(&[
        "match",
        "--variant",
        "chess",
        "--engine",
        "a=level:1",
        "--engine",
        "b=level:1",
        "--nodes",
        "40",
        "--games",
        "4",
        "--openings",
        path,
    ]);
    let _ = std::fs::remove_file(&file);
    assert!(
        out.contains("up to 2 games, 1 at once, 1 openings"),
        "{out}"
    );
    assert!(out.contains("each opening is played once"), "{out}");
    assert!(out.contains("result: a vs b: 2 games"), "{out}");
}

#[test]
fn unknown_flags_and_arguments_are_errors() {
    // The example: a misspelt --fen must not list the start position's moves.
    fail_table(&[(
        "moves --variant chess --fenn '4k3/8/8/8/8/8/8/4K3 w - - - 0 1'",
        &["unknown flag '--fenn' for 'moves'", "did you mean '--fen'"],
    )]);
    // Every subcommand (and none: play, below) refuses a flag it does not
    // know, before it does anything (play and frametime would open windows).
    for (sub, _) in SUBCOMMANDS {
        let e = fails(&format!("{sub} --bogus"));
        assert!(
            e.contains(&format!("unknown flag '--bogus' for '{sub}'")),
            "{e}"
        );
    }
    fail_table(&[
        ("--bogus", &["unknown flag '--bogus' for 'chimera'"]),
        // A flag of another subcommand.
        (
            "moves --variant chess --depth 1",
            &["unknown flag '--depth' for 'moves'"],
        ),
        (
            "bench --variant chess",
            &["unknown flag '--variant' for 'bench'"],
        ),
        // A stray word.
        (
            "fen --variant chess e2e4",
            &["unexpected argument 'e2e4'", "'fen'"],
        ),
        ("variants all", &["unexpected argument 'all'", "'variants'"]),
    ]);
}

#[test]
fn a_missing_value_is_an_error() {
    fail_table(&[
        ("moves --fen", &["'--fen' needs a value"]),
        (
            "perft --variant chess --depth",
            &["'--depth' needs a value"],
        ),
        ("perft --variant --depth 1", &["'--variant' needs a value"]),
        (
            "fen --variant chess --option",
            &["'--option' needs a value"],
        ),
        ("fen --variant chess --moves", &["'--moves' needs a value"]),
        ("play --view", &["'--view' needs a value"]),
        ("play --measure", &["'--measure' needs a value"]),
        ("frametime --rounds", &["'--rounds' needs a value"]),
        ("--screenshot", &["'--screenshot' needs a value"]),
    ]);
}

#[test]
fn a_flag_that_may_appear_once_cannot_repeat() {
    fail_table(&[
        (
            "perft --variant chess --variant grand --depth 1",
            &["'--variant' may be given only once"],
        ),
        (
            "perft --variant chess --depth 1 --depth 2",
            &["'--depth' may be given only once"],
        ),
        (
            "perft --variant chess --depth 1 --divide --divide",
            &["'--divide' may be given only once"],
        ),
        (
            "moves --variant chess --moves e2e4 --moves d2d4",
            &["'--moves' may be given only once"],
        ),
        (
            "fen --fen '8/8/8/8/8/8/8/8 w - - - 0 1' --fen '8/8/8/8/8/8/8/8 w - - - 0 1'",
            &["'--fen' may be given only once"],
        ),
        (
            "bench --quick --quick",
            &["'--quick' may be given only once"],
        ),
        (
            "play --view 2d --view 3d",
            &["'--view' may be given only once"],
        ),
        ("play --flip --flip", &["'--flip' may be given only once"]),
        (
            "frametime --rounds 1 --rounds 2",
            &["'--rounds' may be given only once"],
        ),
        // Flags that ask for opposite things.
        (
            "play --empty-3d --variant chess",
            &["'--empty-3d' cannot be used with '--variant'"],
        ),
        // The guide opens on a piece of the game's variant, named by its letter.
        (
            "play --variant chess --guide Z",
            &["no piece 'Z' in chess for '--guide'", "PNBRQK"],
        ),
    ]);
    // --option may repeat: each one is applied (seed=3 only exists with the
    // random opening, which has no drops).
    let out = ok("moves --variant holywar --option opening=random --option seed=3");
    assert!(!out.is_empty() && !out.contains('@'), "{out}");
}

/// The network commands refuse bad values before opening any socket.
#[test]
fn network_commands_name_their_bad_values() {
    fail_table(&[
        ("join --headless", &["'join' needs", "ADDRESS"]),
        (
            "join 127.0.0.1:port --headless",
            &["'127.0.0.1:port'", "'port' is not a port number"],
        ),
        (
            "join 127.0.0.1 --headless --seat white --spectate",
            &["'--seat' cannot be used with '--spectate'"],
        ),
        (
            "join 127.0.0.1 --headless --seat left",
            &["invalid value 'left' for '--seat'", "white, black, any"],
        ),
        (
            "serve --time 10x",
            &["invalid value '10x' for '--time'", "600+5"],
        ),
        ("serve --port 70000", &["'70000'", "'--port'"]),
        ("serve --grace soon", &["'soon'", "'--grace'"]),
        ("serve --bind here", &["'here'", "'--bind'"]),
        ("serve --variant nosuch", &["nosuch"]),
        (
            "serve --variant chess --fen '8/8/8 w - - - 0 1'",
            &["3 ranks", "chess needs 8"],
        ),
        ("netbench --moves 0", &["'0'", "'--moves'"]),
        (
            "host --time 10x",
            &["invalid value '10x' for '--time'", "600+5"],
        ),
        (
            "host --side left",
            &["invalid value 'left' for '--side'", "white, black, random"],
        ),
        ("host --port 70000", &["'70000'", "'--port'"]),
        ("host --variant nosuch", &["nosuch"]),
        (
            "host --resume --variant chess",
            &["'--resume' cannot be used with '--variant'"],
        ),
    ]);
}

#[test]
fn a_value_of_the_wrong_type_is_an_error() {
    fail_table(&[
        (
            "perft --variant chess --depth x",
            &["invalid value 'x' for '--depth'", "whole number"],
        ),
        ("perft --variant chess --depth -1", &["'-1'", "'--depth'"]),
        ("perft --variant chess --depth 2.5", &["'2.5'", "'--depth'"]),
        (
            "play --view 4d",
            &["invalid value '4d' for '--view'", "2d, 3d"],
        ),
        ("play --measure soon", &["'soon'", "'--measure'", "seconds"]),
        ("play --empty-3d --measure 0", &["'0'", "'--measure'"]),
        (
            "play --white computer:9",
            &["'computer:9'", "'--white'", "computer:LEVEL (LEVEL 1-8)"],
        ),
        ("play --black robot", &["'robot'", "'--black'", "human"]),
        ("play --think 0", &["'0'", "'--think'", "seconds"]),
        ("frametime --measure -5", &["'-5'", "'--measure'"]),
        ("frametime --rounds 0", &["'0'", "'--rounds'"]),
        (
            "fen --variant chess --option drops",
            &["'drops'", "NAME=VALUE"],
        ),
    ]);
}

#[test]
fn an_unknown_subcommand_is_an_error() {
    fail_table(&[
        ("frobnicate", &["unknown subcommand 'frobnicate'"]),
        (
            "prft --depth 1",
            &["unknown subcommand 'prft'", "did you mean 'perft'"],
        ),
        ("help frobnicate", &["unknown subcommand 'frobnicate'"]),
    ]);
}

// ----------------------------------------------------------- export, load

/// A directory of its own under the system's temporary directory, removed
/// when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("chimera-cli-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        Scratch(dir)
    }
    /// Writes a file in the directory; returns its path.
    fn file(&self, name: &str, bytes: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).expect("a temporary file");
        path.to_str().expect("a UTF-8 temporary path").to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `chimera` with `input` on its standard input.
fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the chimera binary runs");
    let mut stdin = child.stdin.take().expect("a stdin pipe");
    let input = input.to_vec();
    // A writer of its own: chimera may stop reading (a file over the size
    // limit) while the pipe is full.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let o = child.wait_with_output().expect("chimera ends");
    writer.join().expect("the writer ends");
    o
}

/// Games of every variant as `fen` takes them: from the start, with drops,
/// castlings, promotions, a serpent's mutation, a crowning, Holywar's drop
/// opening and Ghostarelay's no-moves win (the scripted games of
/// tests/app/games.rs, whose positions are checked there against docs/rules.md).
const GAMES: &[&str] = &[
    "--variant chess --moves 'f2f3 e7e5 g2g4 d8h4'",
    "--variant chess --fen 'k7/pp2P3/8/8/5p2/8/4P3/4K2R w H - - 0 1' --moves 'e2e4 f4e3 e1g1,h1f1 e3e2 e7e8=Q'",
    "--variant grand --moves 'e3e5 e8e6 g2f4'",
    "--variant grand --fen '9k/2P5pp/p9/6P3/10/10/10/10/10/K3Q5 w - - - 0 1' --moves 'g7g8 a8a6 c9c10=M'",
    "--variant embassy --moves 'e2e4 e7e5'",
    "--variant embassy --fen '9k/p7pp/10/10/10/10/10/R3K5 w A - - 0 1' --moves 'e1b1,a1c1 a7a5 c1c8'",
    "--variant holygrail --moves 'e2e5 e9e6'",
    "--variant holygrail --option drops=ninjas --moves 'e2e5 e9e6 J@e2-e4 j9j7'",
    "--variant holygrail --fen '****2****/9k/6p1pp/10/10/10/2p7/2p7/2G7/R9/5K4/****2**** w - - J 0 1' --moves 'J@e2-e5 g9g8 c3~Y g8g7 c3c5 g7g6 a2a10'",
    "--variant holygrail --option gryphons=full --fen '****2****/1r3k4/10/10/10/10/10/10/7r2/8PP/K8I/****2**** b - - - 0 1' --moves 'h3a3 ^j1 b10b1'",
    "--variant herculean --moves 'f3f5 f10f8'",
    "--variant herculean --option sorcerer=lame --fen '5bkb4/5wpw4/C11/12/12/12/12/5p6/12/4P7/12/6K4R w L - - 0 1' --moves 'e3e6 f5e4 g1h1,l1g1 e4e3 a10g10'",
    "--variant holywar --moves 'K@h1 K@a8'",
    "--variant holywar --fen '1******1/*p5*/*6*/*6*/*6*/*6*/*6*/1******1 w - - KSkb 0 1' --moves 'K@h1 K@a8 S@b2 B@g7 b2c4 g7f6 c4b6'",
    "--variant ghostarelay --option no-moves=pass --moves 'e2e4 e9e7'",
    "--variant ghostarelay --fen '10/10/g4r4/10/10/10/6b3/10/10/4K2R2 w - - - 0 1' --moves 'e1g1,h1f1 f8f1 g1f1 a8e2 f1e2 g4e2'",
];

/// The round trip of issue 11: every game exported, then loaded from a file
/// and from standard input, prints what `fen` prints for the same moves
/// (final VFEN and result line).
#[test]
fn export_then_load_prints_what_fen_prints() {
    let dir = Scratch::new("round-trip");
    for (i, game) in GAMES.iter().enumerate() {
        let record = ok(&format!("export {game}"));
        let variant = argv(game)[1];
        assert!(
            record.contains(&format!("\n[Variant \"{variant}\"]\n")),
            "{game}: {record}"
        );
        let fen = ok(&format!("fen {game}"));
        assert_eq!(fen.lines().count(), 2, "{fen}");
        let path = dir.file(&format!("{i}.pgn"), &record);
        assert_eq!(ok_args(&["load", &path]), fen, "{game}: {record}");
        let o = run_with_input(&["load", "-"], record.as_bytes());
        assert!(o.status.success(), "{game}: {}", text(&o.stderr));
        assert_eq!(text(&o.stdout), fen, "{game} from stdin");
        assert_eq!(text(&o.stderr), "", "{game}: one game, no list");
    }
}

/// `export` writes the roster with `?` for what is not known, the variant
/// with all its options, a `VFEN` tag only for a game that did not start
/// from the variant's start, and readable moves.
#[test]
fn export_prints_a_pgn_style_record() {
    output_table(&[
        (
            "export --variant chess --moves 'f2f3 e7e5 g2g4 d8h4'",
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
             [Black \"?\"]\n[Result \"0-1\"]\n[Variant \"chess\"]\n[TimeControl \"-\"]\n\
             [Termination \"checkmate\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
        ),
        (
            "export --variant holygrail --option drops=ninjas --moves 'e2e5 e9e6 J@e2-e4'",
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
             [Black \"?\"]\n[Result \"*\"]\n[Variant \"holygrail\"]\n\
             [Options \"drops=ninjas gryphons=stealth setup=standard\"]\n[TimeControl \"-\"]\n\n\
             1. e5 e6 2. J@e2-e4 *\n",
        ),
    ]);
    let out = ok("export --variant chess --fen '4k3/8/8/8/8/8/4P3/4K3 b - - - 0 7' --moves e8d7");
    assert!(
        out.contains("\n[VFEN \"4k3/8/8/8/8/8/4P3/4K3 b - - - 0 7\"]\n"),
        "{out}"
    );
    assert!(out.ends_with("\n\n7... Kd7 *\n"), "{out}");
}

/// `--tag` sets tags (a name given again replaces the value; quotes are
/// escaped); a tag the record derives or a malformed one is an error.
#[test]
fn export_tags() {
    let out = ok(
        "export --variant chess --moves e2e4 --tag White=Ann --tag 'Event=Club night' \
         --tag 'Annotator=A \"B\"' --tag White=Bea --tag Black=",
    );
    for tag in [
        "[Event \"Club night\"]",
        "[White \"Bea\"]",
        "[Black \"\"]",
        "[Annotator \"A \\\"B\\\"\"]",
    ] {
        assert!(out.lines().any(|l| l == tag), "{tag} in {out}");
    }
    assert!(!out.contains("\"Ann\""), "{out}");
    // What the record says loads back.
    let dir = Scratch::new("tags");
    let path = dir.file("tags.pgn", &out);
    assert_eq!(
        ok_args(&["load", &path]),
        ok("fen --variant chess --moves e2e4")
    );
    error_table(&[
        (
            "export --variant chess --tag Result=1-0",
            "error: cannot write tag 'Result': the record sets this tag itself",
        ),
        (
            "export --variant chess --tag Variant=grand",
            "error: cannot write tag 'Variant': the record sets this tag itself",
        ),
        (
            "export --variant chess --tag 'Two words=x'",
            "error: cannot write tag 'Two words': a tag name is letters, digits and '_'",
        ),
        (
            "export --variant chess --tag =x",
            "error: cannot write tag '': a tag name is letters, digits and '_'",
        ),
        (
            "export --variant chess --tag White",
            "error: invalid value 'White' for '--tag': expected NAME=VALUE",
        ),
        (
            "export --variant chess --tag",
            "error: '--tag' needs a value",
        ),
    ]);
}

/// `--time` writes the `TimeControl` tag in each form; a timed record loads
/// like any other. A malformed control is an error naming it.
#[test]
fn export_time_controls() {
    let dir = Scratch::new("time");
    let fen = ok("fen --variant grand --moves 'e3e5 e8e6'");
    for (given, tag) in [
        ("-", "-"),
        ("600+5", "600+5"),
        ("300", "300+0"),
        ("600d5", "600d5"),
        ("*30", "*30"),
        ("40/5400", "40/5400"),
    ] {
        let out = ok_args(&[
            "export",
            "--variant",
            "grand",
            "--moves",
            "e3e5 e8e6",
            "--time",
            given,
        ]);
        assert!(
            out.contains(&format!("\n[TimeControl \"{tag}\"]\n")),
            "{given}: {out}"
        );
        let path = dir.file("timed.pgn", &out);
        assert_eq!(ok_args(&["load", &path]), fen, "{given}");
    }
    fail_table(&[
        (
            "export --variant chess --time 10+x",
            &[
                "invalid value '10+x' for '--time'",
                "not a time control",
                "600+5",
            ],
        ),
        (
            "export --variant chess --time 0",
            &["invalid value '0' for '--time'", "at least 1 second"],
        ),
        ("export --variant chess --time", &["'--time' needs a value"]),
        (
            "export --variant chess --time 60 --time 30",
            &["'--time' may be given only once"],
        ),
    ]);
}

/// `export` checks the game as `fen` does.
#[test]
fn export_refuses_a_bad_game() {
    fail_table(&[
        (
            "export --variant chess --moves 'e2e4 e7e5 e2e5'",
            &["error: move 3 'e2e5' is not legal here"],
        ),
        (
            "export --variant holygrial",
            &["unknown variant 'holygrial'"],
        ),
        (
            "export --variant chess --fen '8/8/8 w - - - 0 1'",
            &["ranks"],
        ),
    ]);
}

/// A record of two games (Ann and Bob's mate, then an unfinished Holy
/// Grail game) in one file.
fn two_games() -> String {
    let first =
        ok("export --variant chess --moves 'f2f3 e7e5 g2g4 d8h4' --tag White=Ann --tag Black=Bob");
    let second = ok("export --variant holygrail --moves 'e2e5 e9e6 f2f4'");
    format!("{first}\n{second}")
}

/// Several games in a file: game 1 is loaded and the games are listed on
/// stderr; `--game N` loads game N without a list.
#[test]
fn load_several_games() {
    let dir = Scratch::new("several");
    let path = dir.file("two.pgn", two_games());
    let o = run(&["load", &path]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        ok("fen --variant chess --moves 'f2f3 e7e5 g2g4 d8h4'")
    );
    assert_eq!(
        text(&o.stderr),
        format!(
            "{path} holds 2 games; this is game 1 (choose one with --game N):\n   \
             1  Ann - Bob  chess  0-1  4 plies\n   \
             2  ? - ?  holygrail  *  3 plies\n"
        )
    );
    let o = run(&["load", &path, "--game", "2"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        ok("fen --variant holygrail --moves 'e2e5 e9e6 f2f4'")
    );
    assert_eq!(text(&o.stderr), "");
    assert_eq!(
        ok_args(&["load", "--game", "1", &path]),
        ok("fen --variant chess --moves 'f2f3 e7e5 g2g4 d8h4'")
    );
}

/// Every bad file is one `error:` line naming the file, where in it and
/// what is wrong, with exit status 2.
#[test]
fn load_errors_name_the_file_and_the_place() {
    let dir = Scratch::new("errors");
    let known: Vec<&str> = chimera_rules::variants::builtin()
        .iter()
        .map(|v| v.id)
        .collect();
    let illegal =
        "[Event \"Club night\"]\n[Variant \"chess\"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 Nf9 *\n";
    let files: &[(&str, &[u8], String)] = &[
        (
            "illegal.pgn",
            illegal.as_bytes(),
            "game 1, line 6, move 3 (black): 'Nf9' is not legal here".to_string(),
        ),
        (
            "variant.pgn",
            b"[Variant \"holygrial\"]\n\n1. e5 *\n",
            format!(
                "game 1, line 1: variant 'holygrial' is not installed (no file in {}) (known: {})",
                chimera_store::variant_files::dir()
                    .expect("a config directory")
                    .display(),
                known.join(", ")
            ),
        ),
        (
            "vfen.pgn",
            b"[Variant \"grand\"]\n[VFEN \"r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPPP/1NBQKMCBN1/R8R w - - - 0 1\"]\n*\n",
            "game 1, line 2: VFEN tag: rank 3 has 11 squares, expected 10".to_string(),
        ),
        (
            "truncated.pgn",
            b"[Variant \"chess\"]\n\n1. e4 e5 {a comment\n",
            "game 1, line 3: truncated file: the comment opened on line 3 is not closed".to_string(),
        ),
        (
            "garbage.bin",
            b"\x7fELF\x02\x01\x01\x00\x00\x00\xff\xfe",
            "line 1: not a text game record (invalid UTF-8 at byte 10)".to_string(),
        ),
        ("empty.pgn", b"\n\n", "the file holds no game".to_string()),
        (
            "result.pgn",
            b"[Variant \"chess\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n",
            "game 1: the record says 1-0 but the final position gives 0-1 checkmate".to_string(),
        ),
    ];
    for (name, bytes, message) in files {
        let path = dir.file(name, bytes);
        let line = failure(&["load", &path], run(&["load", &path]));
        assert_eq!(line, format!("error: {path}: {message}"), "{name}");
    }
    // The same errors from standard input name it.
    let o = run_with_input(&["load", "-"], illegal.as_bytes());
    assert_eq!(
        failure(&["load", "-"], o),
        "error: stdin: game 1, line 6, move 3 (black): 'Nf9' is not legal here"
    );
    // A game of a file is found by its number; the error names the game.
    let second = format!("{}\n[Variant \"chess\"]\n\n1. e4 e4 *\n", two_games());
    let path = dir.file("three.pgn", second);
    let args = ["load", &path, "--game", "3"];
    assert_eq!(
        failure(&args, run(&args)),
        format!("error: {path}: game 3, line 29, move 1 (black): 'e4' is not legal here")
    );
}

/// `command FILE` with a file missing from `dir` fails naming it.
fn refuses_a_missing_file(dir: &Scratch, command: &str) {
    let missing = dir.0.join("missing.pgn");
    let missing = missing.to_str().expect("a UTF-8 path");
    let line = fails(&format!("{command} {missing}"));
    assert!(
        line.starts_with(&format!("error: cannot read the file: {missing}: ")),
        "{line}"
    );
}

/// `play --load FILE` checks the record before any window opens: a bad
/// file is the `load` error line with exit status 2; `--game` needs
/// `--load`, and `--load` takes no `--variant`.
#[test]
fn play_load_refuses_a_bad_file_before_opening_a_window() {
    let dir = Scratch::new("play-load");
    let illegal = dir.file(
        "illegal.pgn",
        "[Variant \"chess\"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 Nf9 *\n",
    );
    let args = ["play", "--load", &illegal];
    assert_eq!(
        failure(&args, run(&args)),
        format!("error: {illegal}: game 1, line 5, move 3 (black): 'Nf9' is not legal here")
    );
    let args = ["play", "--load", &illegal, "--game", "2"];
    assert_eq!(
        failure(&args, run(&args)),
        format!("error: {illegal}: there is no game 2: the file holds 1 (numbered from 1)")
    );
    refuses_a_missing_file(&dir, "play --load");
    for (command, parts) in [
        ("play --game 2", &["needs --load"][..]),
        (
            &*format!("play --load {illegal} --variant chess"),
            &["--load", "--variant"][..],
        ),
    ] {
        let line = fails(command);
        for p in parts {
            assert!(line.contains(p), "{command}: {line}");
        }
    }
}

/// A missing file, a file over the size limit (refused before it is read,
/// from a path or a pipe) and a game number outside the file.
#[test]
fn load_refuses_missing_huge_and_out_of_range() {
    let dir = Scratch::new("limits");
    refuses_a_missing_file(&dir, "load");

    let limit = chimera_game::record::MAX_RECORD_BYTES;
    let huge = dir.file("huge.pgn", b"");
    std::fs::File::options()
        .write(true)
        .open(&huge)
        .and_then(|f| f.set_len(50 * 1024 * 1024))
        .expect("a sparse 50 MB file");
    assert_eq!(
        fails(&format!("load {huge}")),
        format!(
            "error: {huge}: the file is too large for a game record ({} bytes; the limit is {limit} bytes)",
            50 * 1024 * 1024
        )
    );
    let mut big = b"1. e4 e5 ".repeat(limit as usize / 9 + 1);
    big.extend_from_slice(b"*\n");
    let o = run_with_input(&["load", "-"], &big);
    assert_eq!(
        failure(&["load", "-"], o),
        format!(
            "error: stdin: the file is too large for a game record (more than the limit; the limit is {limit} bytes)"
        )
    );

    let path = dir.file("two.pgn", two_games());
    for n in ["3", "100"] {
        assert_eq!(
            fails(&format!("load {path} --game {n}")),
            format!("error: {path}: there is no game {n}: the file holds 2 (numbered from 1)")
        );
    }
    fail_table(&[
        (
            &format!("load {path} --game 0"),
            &["invalid value '0' for '--game'"],
        ),
        (
            &format!("load {path} --game x"),
            &["invalid value 'x' for '--game'"],
        ),
        (&format!("load {path} --game"), &["'--game' needs a value"]),
        ("load", &["'load' needs", "FILE"]),
        (
            &format!("load {path} {path}"),
            &["unexpected argument", "'load'"],
        ),
    ]);
}

// ------------------------------------------------------------------- bench

#[test]
fn bench_quick_reports_nodes_seconds_and_speed() {
    let out = ok("bench --quick --rounds 2");
    let (rows_text, summary) = out
        .split_once("\n\n")
        .expect("a blank line before the summary");
    let mut lines = rows_text.lines();
    let header = lines.next().expect("a header line");
    for col in ["position", "depth", "nodes", "seconds", "nodes/s"] {
        assert!(header.contains(col), "{header}");
    }
    // Rows whose depth is in shared/reference/perft.md must give its count.
    let reference: &[(&str, u32, u64)] = &[
        ("chess", 3, 8902),
        ("chess", 4, 197281),
        ("chess", 5, 4865609),
        ("chess", 6, 119060324),
        ("grand", 3, 259514),
        ("grand", 4, 15921643),
        ("grand", 5, 959883584),
        ("embassy", 3, 25281),
        ("embassy", 4, 809539),
        ("embassy", 5, 28937546),
    ];
    let mut rows = 0;
    let mut checked = 0;
    for line in lines {
        let cols: Vec<&str> = line.split_whitespace().collect();
        // name words..., depth, nodes, seconds, nodes/s
        assert!(cols.len() >= 5, "{line}");
        let n = cols.len();
        let depth: u32 = cols[n - 4].parse().expect("depth");
        let nodes: u64 = cols[n - 3].parse().expect("nodes");
        let _: f64 = cols[n - 2].parse().expect("seconds");
        let _: f64 = cols[n - 1].parse().expect("nodes/s");
        rows += 1;
        if cols[1] == "start"
            && let Some(r) = reference.iter().find(|r| r.0 == cols[0] && r.1 == depth)
        {
            assert_eq!(nodes, r.2, "{line}");
            checked += 1;
        }
    }
    assert!(rows >= 3, "{out}");
    assert!(
        checked >= 6,
        "chess, grand and embassy rows of both rounds expected: {out}"
    );
    // The summary: a row per position, Grand's own ratio exactly 1.
    let mut summary = summary.lines();
    let head = summary.next().expect("a summary header");
    assert!(
        head.contains("median of 2") && head.contains("vs grand"),
        "{head}"
    );
    let rows: Vec<&str> = summary.collect();
    assert_eq!(rows.len() * 2, rows_text.lines().count() - 1, "{out}");
    let grand = rows
        .iter()
        .find(|l| l.starts_with("grand start"))
        .expect("a Grand row");
    assert!(grand.ends_with(" 1.00x"), "{grand}");
    for row in rows {
        let ratio = row.split_whitespace().last().expect("a ratio");
        let ratio: f64 = ratio.trim_end_matches('x').parse().expect("a ratio");
        assert!(ratio > 0.0, "{row}");
    }
}

// ------------------------------------------------------------ help and pipes

/// Each subcommand with the flags the README documents for it.
const SUBCOMMANDS: &[(&str, &[&str])] = &[
    (
        "play",
        &[
            "--variant",
            "--option",
            "--view",
            "--moves",
            "--flip",
            "--screenshot",
            "--measure",
            "--empty-3d",
            "--empty-2d",
            "--empty-bevy-3d",
            "--offscreen",
            "--load",
            "--load-screen",
            "--game",
            "--guide",
        ],
    ),
    (
        "frametime",
        &[
            "--variant",
            "--option",
            "--view",
            "--moves",
            "--measure",
            "--rounds",
            "--warmup",
            "--offscreen",
            "--animate",
        ],
    ),
    (
        "perft",
        &[
            "--variant",
            "--option",
            "--fen",
            "--moves",
            "--depth",
            "--divide",
        ],
    ),
    ("moves", &["--variant", "--option", "--fen", "--moves"]),
    ("fen", &["--variant", "--option", "--fen", "--moves"]),
    (
        "export",
        &[
            "--variant",
            "--option",
            "--fen",
            "--moves",
            "--tag",
            "--time",
        ],
    ),
    ("load", &["FILE", "--game"]),
    (
        "annotate",
        &[
            "FILE",
            "--game",
            "--movetime",
            "--nodes",
            "--lines",
            "--hash",
        ],
    ),
    ("bench", &["--quick", "--rounds"]),
    ("variants", &[]),
    (
        "serve",
        &[
            "--variant",
            "--option",
            "--fen",
            "--time",
            "--port",
            "--bind",
            "--grace",
            "--forever",
            "--announce",
            "--name",
            "--record",
        ],
    ),
    (
        "join",
        &[
            "--headless",
            "--seat",
            "--spectate",
            "--name",
            "--play",
            "--stay",
        ],
    ),
    (
        "netbench",
        &[
            "--variant",
            "--option",
            "--moves",
            "--host-hz",
            "--client-hz",
        ],
    ),
];

#[test]
fn help_prints_the_usage_and_each_subcommand_has_its_own() {
    for command in ["--help", "-h", "help"] {
        let out = ok(command);
        assert!(
            out.starts_with("chimera — large fairy-chess variants"),
            "{command}: {out}"
        );
        for (sub, _) in SUBCOMMANDS {
            assert!(
                out.contains(&format!("\n  {sub} ")),
                "{command} lists {sub}: {out}"
            );
        }
        // Without a subcommand chimera plays, so play's flags are listed too.
        assert!(out.contains("--screenshot"), "{command}: {out}");
    }
    for (sub, flags) in SUBCOMMANDS {
        for command in [
            format!("{sub} --help"),
            format!("{sub} -h"),
            format!("help {sub}"),
        ] {
            let o = run(&argv(&command));
            assert_eq!(o.status.code(), Some(0), "{command}");
            assert_eq!(text(&o.stderr), "", "{command}");
            let out = text(&o.stdout);
            assert!(
                out.contains(&format!("Usage: chimera {sub}")),
                "{command}: {out}"
            );
            for f in *flags {
                assert!(out.contains(f), "{command} documents {f}: {out}");
            }
        }
    }
}

#[test]
fn help_of_every_subcommand_taking_a_variant_lists_the_variant_ids() {
    let ids: Vec<&str> = chimera_rules::variants::builtin()
        .iter()
        .map(|v| v.id)
        .collect();
    assert!(
        ids.contains(&"holygrail") && ids.contains(&"chess"),
        "{ids:?}"
    );
    for (sub, flags) in SUBCOMMANDS {
        if !flags.contains(&"--variant") {
            continue;
        }
        for help in ["--help", "-h"] {
            let out = ok(&format!("{sub} {help}"));
            for id in &ids {
                assert!(out.contains(id), "{sub} {help} names {id}: {out}");
            }
        }
    }
}

#[test]
fn a_reader_that_has_gone_is_no_error() {
    // The pipe's reading end is closed before the command starts, so its
    // first line of output meets a broken pipe (`chimera moves … | head -1`).
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let o = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["moves", "--variant", "chess"])
        .stdout(writer)
        .output()
        .expect("the chimera binary runs");
    let err = text(&o.stderr);
    assert!(!err.contains("panicked"), "panic on a closed pipe: {err}");
    assert_eq!(o.status.code(), Some(0), "{err}");
}

// ------------------------------------------------------------- analyse

/// After 1. f3 e5 2. g4, Black mates at once with Qh4 (the fool's mate): the
/// queen checks along the h4–e1 diagonal, f2 and g3 are empty, and White has
/// no move that blocks, captures or escapes.
#[test]
fn analyse_finds_the_mate_in_one() {
    for limit in ["--depth 3", "--nodes 5000", "--movetime 2000"] {
        let out = ok(&format!(
            "analyse --variant chess --moves 'f2f3 e7e5 g2g4' {limit}"
        ));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.last(), Some(&"bestmove d8h4 score mate 1"), "{out}");
        let infos = &lines[..lines.len() - 1];
        assert!(!infos.is_empty(), "{out}");
        for l in infos {
            assert!(l.starts_with("info depth "), "{l}");
            assert!(l.contains(" score ") && l.contains(" nodes "), "{l}");
        }
        assert!(infos.last().unwrap().ends_with(" pv d8h4"), "{out}");
    }
}

#[test]
fn analyse_with_no_legal_move() {
    let out = ok("analyse --variant chess --moves 'f2f3 e7e5 g2g4 d8h4' --depth 2");
    assert_eq!(out.lines().last(), Some("bestmove (none) score mate 0"));
}

#[test]
fn analyse_needs_exactly_one_limit() {
    error_table(&[
        (
            "analyse --variant chess",
            "error: 'analyse' needs one of --depth, --movetime, --nodes",
        ),
        (
            "analyse --variant chess --depth 2 --nodes 100",
            "error: '--depth' cannot be used with '--nodes'",
        ),
        (
            "analyse --variant chess --movetime 10 --depth 2",
            "error: '--movetime' cannot be used with '--depth'",
        ),
        (
            "analyse --variant chess --depth 0",
            "error: invalid value '0' for '--depth': expected a whole number from 1 to 100",
        ),
        (
            "analyse --variant chess --nodes lots",
            "error: invalid value 'lots' for '--nodes': expected a whole number of at least 1",
        ),
    ]);
    fail_table(&[(
        "analyse --variant chess --moves 'e2e5' --depth 1",
        &["move 1", "e2e5"],
    )]);
}

// ------------------------------------------------------------ selfplay

#[test]
fn selfplay_prints_each_game_and_a_score_that_adds_up() {
    let out = ok("selfplay --variant chess --levels 1,2 --games 2 --nodes 200 --max-plies 40");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    // Level 1 plays White in game 1 and Black in game 2.
    assert!(
        lines[0].starts_with("game 1: white level 1 black level 2: "),
        "{out}"
    );
    assert!(
        lines[1].starts_with("game 2: white level 2 black level 1: "),
        "{out}"
    );
    let last = lines[2];
    let rest = last.strip_prefix("level 1 vs level 2: +").expect(last);
    let (w, rest) = rest.split_once(" =").expect(last);
    let (d, rest) = rest.split_once(" -").expect(last);
    let (l, rest) = rest.split_once(" of 2 games, ").expect(last);
    let [w, d, l]: [u32; 3] = [w, d, l].map(|n| n.parse().expect(last));
    assert_eq!(w + d + l, 2, "{last}");
    let pct: f64 = rest.strip_suffix('%').expect(last).parse().expect(last);
    assert_eq!(
        pct,
        100.0 * (f64::from(w) + f64::from(d) / 2.0) / 2.0,
        "{last}"
    );
}

#[test]
fn selfplay_flag_errors() {
    fail_table(&[
        (
            "selfplay --variant chess --levels 1,9 --games 2",
            &["'--levels'", "1,9"],
        ),
        (
            "selfplay --variant chess --levels 3 --games 2",
            &["'--levels'"],
        ),
        (
            "selfplay --variant chess --levels 1,2 --games 0",
            &["'--games'"],
        ),
        (
            "selfplay --variant chess --levels 1,2 --games 2 --nodes 5 --movetime 5",
            &["cannot be used with"],
        ),
        ("selfplay --variant chess --games 2", &["--levels"]),
    ]);
}

// ------------------------------------------------------ players' variant files

/// A player's variant file (6x6, new pieces Wyvern `FN` and Scout `fWfF`).
const WYVERN: &str = include_str!("variants/wyvern.toml");

/// The moves of Wyvern's start: six pawn steps (no double step: the file sets
/// no [pawns] steps) and the Wyverns' knight leaps to rank 3; the Scout, king
/// and rook are hemmed in by their own pieces.
const WYVERN_START_MOVES: &str = "a2a3 b1a3 b1c3 b2b3 c2c3 d2d3 e1d3 e1f3 e2e3 f2f3";

/// Runs `chimera` with `config` as its config directory.
fn run_in(config: &Scratch, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .env("CHIMERA_CONFIG_DIR", &config.0)
        .output()
        .expect("the chimera binary runs")
}

/// [`run_in`] for a command that must succeed without a warning; its stdout.
fn ok_in(config: &Scratch, args: &[&str]) -> String {
    let o = run_in(config, args);
    assert!(o.status.success(), "{args:?} failed: {}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(!err.contains("warning"), "{args:?}: {err}");
    text(&o.stdout)
}

/// A config directory whose `variants` folder holds `files` (name, text).
fn config_with(test: &str, files: &[(&str, &str)]) -> Scratch {
    let dir = Scratch::new(test);
    std::fs::create_dir_all(dir.0.join("variants")).expect("a variants folder");
    for (name, text) in files {
        dir.file(&format!("variants/{name}"), text);
    }
    dir
}

#[test]
fn variant_check_prints_the_start_and_perft_of_a_good_file() {
    let dir = config_with("check-good", &[]);
    let file = dir.file("wyvern.toml", WYVERN);
    let out = ok_in(&dir, &["variant", "check", &file]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(
        lines[0].starts_with("wyvern (Wyvern): A 6x6 test game"),
        "{out}"
    );
    assert_eq!(
        lines[1],
        "start rysky1/pppppp/6/6/PPPPPP/RYSKY1 w - - - 0 1"
    );
    // Ten moves each (see WYVERN_START_MOVES, mirrored for Black); no move of
    // one side reaches the other's pieces or squares within two plies.
    assert_eq!(lines[2], "perft 1 10");
    assert_eq!(lines[3], "perft 2 100");
    assert!(lines[4].starts_with("perft 3 "), "{out}");
    // The file is not installed by checking it.
    assert!(!ok_in(&dir, &["variants"]).contains("wyvern"));
}

#[test]
fn variant_check_names_the_line_the_key_and_the_problem() {
    let dir = config_with("check-bad", &[]);
    let bad = WYVERN.replace("moves = \"fWfF\"", "moves = \"fWXz\"");
    let line = 1 + WYVERN
        .lines()
        .position(|l| l.contains("fWfF"))
        .expect("the Scout's line");
    let file = dir.file("bad.toml", bad);
    let args = ["variant", "check", file.as_str()];
    let e = failure(&args, run_in(&dir, &args));
    assert_eq!(
        e,
        format!("error: {file}: line {line}: pieces.scout.moves: unknown atom 'Xz' at column 3")
    );
    let args = ["variant", "check", "/nonexistent/x.toml"];
    let e = failure(&args, run_in(&dir, &args));
    assert!(e.starts_with("error: /nonexistent/x.toml: "), "{e}");
}

#[test]
fn variant_show_prints_a_file_a_player_can_start_from() {
    let dir = config_with("show", &[("wyvern.toml", WYVERN)]);
    assert_eq!(ok_in(&dir, &["variant", "show", "wyvern"]), WYVERN);
    // Chess's text, given an id of its own, is a variant with chess's start.
    let chess = ok_in(&dir, &["variant", "show", "chess"]);
    let mine = chess.replacen("id = \"chess\"", "id = \"mychess\"", 1);
    assert_ne!(mine, chess, "the id line is found");
    let file = dir.file("mychess.toml", mine);
    let out = ok_in(&dir, &["variant", "check", &file]);
    assert!(
        out.contains("\nstart rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1\nperft 1 20\nperft 2 400\nperft 3 8902\n"),
        "{out}"
    );
    let args = ["variant", "show", "nope"];
    let e = failure(&args, run_in(&dir, &args));
    assert!(
        e.starts_with("error: unknown variant 'nope' (known: "),
        "{e}"
    );
}

#[test]
fn a_players_file_is_listed_and_played_by_the_tools() {
    let dir = config_with("listed", &[("wyvern.toml", WYVERN)]);
    let list = ok_in(&dir, &["variants"]);
    let last = list.lines().last().expect("lines");
    assert!(
        last.starts_with("wyvern ") && last.ends_with("  (file)"),
        "{list}"
    );
    assert!(
        list.lines()
            .nth(6)
            .expect("seven built-ins")
            .starts_with("chess ")
    );
    assert_eq!(
        set(&ok_in(&dir, &["moves", "--variant", "wyvern"])),
        set(WYVERN_START_MOVES)
    );
    let out = ok_in(&dir, &["perft", "--variant", "wyvern", "--depth", "2"]);
    assert_eq!(out, "nodes 100\n");
    // The Scout steps only forward: from c1 to b2, c2 and d2 once the pawns
    // there have moved on.
    let moves = "b2b3 a5a4 c2c3 a4a3 d2d3 f5f4";
    let out = ok_in(&dir, &["moves", "--variant", "wyvern", "--moves", moves]);
    let scout: Vec<&str> = out.lines().filter(|l| l.starts_with("c1")).collect();
    assert_eq!(scout, ["c1b2", "c1c2", "c1d2"], "{out}");
    // A record of it saves and loads; without the file, loading says why.
    let record = ok_in(&dir, &["export", "--variant", "wyvern", "--moves", moves]);
    let saved = dir.file("game.pgn", record);
    let fen = ok_in(&dir, &["fen", "--variant", "wyvern", "--moves", moves]);
    assert_eq!(ok_in(&dir, &["load", &saved]), fen);
    std::fs::remove_file(dir.0.join("variants/wyvern.toml")).expect("removed");
    let args = ["load", saved.as_str()];
    let e = failure(&args, run_in(&dir, &args));
    let folder = dir.0.join("variants");
    assert!(
        e.contains(&format!(
            "variant 'wyvern' is not installed (no file in {})",
            folder.display()
        )),
        "{e}"
    );
}

#[test]
fn a_broken_file_is_a_warning_and_the_others_still_load() {
    let broken = WYVERN
        .replace("id = \"wyvern\"", "id = \"broken\"")
        .replace("files = 6", "files = \"six\"");
    let dir = config_with(
        "broken",
        &[("a-broken.toml", &broken), ("wyvern.toml", WYVERN)],
    );
    let o = run_in(&dir, &["perft", "--variant", "wyvern", "--depth", "1"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "nodes 10\n");
    let err = text(&o.stderr);
    let warning = err.lines().next().expect("a warning");
    assert!(
        warning.starts_with("warning: variants/a-broken.toml: line ")
            && warning.contains(": board.files: "),
        "{err}"
    );
    assert_eq!(
        err.lines().filter(|l| l.starts_with("warning")).count(),
        1,
        "{err}"
    );
}

/// A small game with `n` two-valued options `o1`… (`on` changes the
/// repetition count): the file of issue 21, 1.7 KB for 16 options.
fn many_options(id: &str, n: usize) -> String {
    let mut text = format!(
        "id = \"{id}\"\nname = \"{id}\"\n[board]\nfiles = 8\nranks = 8\n[pieces]\n\
         king = {{ letter = \"K\", moves = \"K\", royal = true }}\n\
         rook = {{ letter = \"R\", moves = \"R\" }}\n[start]\nboard = \"4k3/8/8/8/8/8/8/R3K3\"\n"
    );
    for i in 1..=n {
        text += &format!(
            "[options.o{i}]\nvalues = [\"on\", \"off\"]\ndefault = \"off\"\n\
             [options.o{i}.set.on]\nrules.repetition = {}\n",
            i % 5 + 2
        );
    }
    text
}

/// Issue 21: a file of 16 options took 2.5 s to register and one of 18
/// options 11 s and 768 MB, on every command, as the check built every
/// combination. Now the first checks a bounded sample, the second is refused
/// naming the limit, and a command with both in the folder is quick.
#[test]
fn a_file_of_many_options_slows_no_command() {
    let (sixteen, eighteen) = (many_options("sixteen", 16), many_options("eighteen", 18));
    let dir = config_with(
        "many-options",
        &[("sixteen.toml", &sixteen), ("eighteen.toml", &eighteen)],
    );
    let t = std::time::Instant::now();
    let o = run_in(&dir, &["perft", "--variant", "chess", "--depth", "1"]);
    let took = t.elapsed();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "nodes 20\n");
    let err = text(&o.stderr);
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning")).collect();
    assert_eq!(
        warnings,
        [
            "warning: variants/eighteen.toml: line 91: options.o17: a variant may have at most 16 options"
        ],
        "{err}"
    );
    // Generous for a loaded machine (it takes a tenth of a second).
    assert!(took < std::time::Duration::from_secs(4), "{took:?}");
    // Every option on: a combination the check may not have built.
    let mut args = vec!["perft", "--variant", "sixteen", "--depth", "1"];
    let opts: Vec<String> = (1..=16).map(|i| format!("o{i}=on")).collect();
    for o in &opts {
        args.extend(["--option", o.as_str()]);
    }
    // The rook on a1: a2-a8 and b1-d1; the king on e1: d1 d2 e2 f2 f1.
    let o = run_in(&dir, &args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "nodes 15\n");
}

// ------------------------------------------------------- bounded file reads

/// Every file is read through one bounded reader (issue 21): a directory is
/// an error naming its path, and an endless device is refused after the
/// limit instead of being read without end (`/dev/zero` once grew to 8.6 GB).
#[test]
fn files_are_read_with_a_bound_and_a_directory_is_named() {
    let dir = Scratch::new("bounded");
    let d = dir.0.to_str().expect("a UTF-8 path");
    assert_eq!(
        fails(&format!("load {d}")),
        format!("error: cannot read the file: {d}: is a directory, not a file")
    );
    assert_eq!(
        fails(&format!("variant check {d}")),
        format!("error: {d}: is a directory, not a file")
    );
    if cfg!(unix) {
        let t = std::time::Instant::now();
        assert_eq!(
            fails("variant check /dev/zero"),
            "error: /dev/zero: the file is larger than 32768 bytes, the limit for it"
        );
        let limit = chimera_game::record::MAX_RECORD_BYTES;
        assert_eq!(
            fails("load /dev/zero"),
            format!(
                "error: /dev/zero: the file is too large for a game record (more than the limit; the limit is {limit} bytes)"
            )
        );
        assert!(
            t.elapsed() < std::time::Duration::from_secs(10),
            "{:?}",
            t.elapsed()
        );
    }
}

// ------------------------------------------------------------ annotate

/// Games built for `annotate` (issue 22), worked out from docs/rules.md:
/// chess 1. e4 d5 2. Qg4?? Bxg4 (the queen hung to the c8 bishop once d7
/// has moved); the scholar's trap 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#
/// (Nf6 walks into mate) and the same with 4. Qe2?? (mate in one missed);
/// Grand 1. e5 e6 2. Qi7?? hxi7 (d2-e3-f4-g5-h6-i7 is open after e3-e5, and
/// the pawns h8 and j8 take on i7).
const ANNOTATE_GAMES: &str = "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 d5 2. Qg4 {oops} Bxg4 *\n\n\
     [Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n\
     1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qe2 *\n\n\
     [Variant \"grand\"]\n\n1. e5 e6 2. Qi7 hxi7 *\n";

/// `annotate` of game `n` of [`ANNOTATE_GAMES`] with a small fixed budget,
/// its whitespace made single spaces (the record wraps lines).
fn annotated(path: &str, n: u32) -> String {
    let out = ok_args(&[
        "annotate",
        path,
        "--game",
        &n.to_string(),
        "--nodes",
        "12000",
        "--hash",
        "4",
    ]);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn annotate_marks_the_blunders_of_games_built_for_it() {
    let dir = Scratch::new("annotate");
    let path = dir.file("built.pgn", ANNOTATE_GAMES);
    let hung = annotated(&path, 1);
    assert!(hung.contains("[Annotator \"Chimera "), "{hung}");
    assert!(hung.contains("2. Qg4 $4 {[%eval -"), "{hung}");
    assert!(hung.contains("{oops Blunder. "), "{hung}");
    assert!(hung.contains(" was best.} (2. "), "{hung}");
    assert_eq!(hung.matches('$').count(), 1, "only the blunder: {hung}");
    let walk = annotated(&path, 2);
    assert!(
        walk.contains("3... Nf6 $4 {[%eval #1]} {Checkmate is now unavoidable. "),
        "{walk}"
    );
    let missed = annotated(&path, 3);
    assert!(missed.contains("4. Qe2 $4 {[%eval "), "{missed}");
    assert!(
        missed.contains("{Lost forced checkmate sequence. Qxf7# was best.} (4. Qxf7#)"),
        "{missed}"
    );
    let grand = annotated(&path, 4);
    assert!(grand.contains("2. Qi7 $4 {[%eval -"), "{grand}");
    // What annotate prints is a record that reads back with every
    // evaluation: one per move.
    let back = chimera_game::record::load(&grand, 1).expect("annotate's output loads");
    assert_eq!(back.record.moves.len(), 4);
    assert!(back.record.moves.iter().all(|m| m.eval.is_some()));
    assert_eq!(back.record.moves[2].nags, vec![4]);
    assert!(!back.record.moves[2].line.is_empty());
}

#[test]
fn annotate_errors_are_one_line() {
    let dir = Scratch::new("annotate-errors");
    let path = dir.file("built.pgn", ANNOTATE_GAMES);
    let bad = dir.file("bad.pgn", "1. e4 e5 2. Ke3 *\n");
    let d = dir.0.to_str().expect("a UTF-8 path");
    for (args, says) in [
        (
            vec!["annotate", bad.as_str(), "--nodes", "100"],
            format!("error: {bad}: game 1, line 1, move 2 (white): 'Ke3' is not legal here"),
        ),
        (
            vec!["annotate", path.as_str(), "--game", "9", "--nodes", "100"],
            format!("error: {path}: there is no game 9: the file holds 4 (numbered from 1)"),
        ),
        (
            vec!["annotate", d],
            format!("error: cannot read the file: {d}: is a directory, not a file"),
        ),
        (
            vec!["annotate", path.as_str(), "--nodes", "0"],
            "error: invalid value '0' for '--nodes'".to_string(),
        ),
        (
            vec!["annotate", path.as_str(), "--lines", "9"],
            "error: invalid value '9' for '--lines': expected a whole number from 1 to 8"
                .to_string(),
        ),
        (
            vec!["annotate"],
            "error: 'annotate' needs <FILE>".to_string(),
        ),
    ] {
        let line = failure(&args, run(&args));
        assert!(line.starts_with(&says), "{args:?}: {line}");
    }
}

// ------------------------------------------------------------ no display

/// Runs `chimera` without any display in its environment.
fn run_without_display(args: &[&str], wayland: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_chimera"));
    c.args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    if let Some(w) = wayland {
        c.env("WAYLAND_DISPLAY", w);
    }
    c.output().expect("the chimera binary runs")
}

/// The window's commands without a display say what is missing and how to
/// get one (issue 21: bevy_winit panicked, "Failed to build event loop");
/// the checks of the command line still come first.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn the_window_without_a_display_says_how_to_get_one() {
    let how = "run it in a desktop session, or start a virtual display with `Xvfb :99 &` and run it with DISPLAY=:99 (the other commands need none)";
    for args in [
        &[][..],
        &["play"][..],
        &["play", "--variant", "chess", "--view", "3d"][..],
        &["join"][..],
        &["play", "--empty-3d"][..],
    ] {
        let line = failure(args, run_without_display(args, None));
        assert_eq!(
            line,
            format!("error: the game window needs a display and DISPLAY is not set: {how}"),
            "{args:?}"
        );
    }
    let args = ["play", "--variant", "chess"];
    let line = failure(&args, run_without_display(&args, Some("wayland-0")));
    assert_eq!(
        line,
        format!(
            "error: the game window needs a display and DISPLAY is not set \
             (this build speaks X11: a Wayland desktop needs XWayland, which sets DISPLAY): {how}"
        )
    );
    // A bad command line is still its own error.
    let args = ["play", "--variant", "nosuch"];
    let line = failure(&args, run_without_display(&args, None));
    assert!(line.contains("nosuch"), "{line}");
}

/// DISPLAY set to a local display no X server serves (`DISPLAY=:99` before
/// `Xvfb :99` is up) is named, instead of Bevy's panic.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn a_display_nobody_serves_is_named() {
    // A display number no test machine runs a server on.
    let display = ":64999";
    assert!(!std::path::Path::new("/tmp/.X11-unix/X64999").exists());
    for args in [&["play", "--variant", "chess"][..], &["join"][..]] {
        let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .args(args)
            .env("DISPLAY", display)
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .expect("the chimera binary runs");
        let line = failure(args, out);
        assert_eq!(
            line,
            "error: the game window needs a display and no X server answers on DISPLAY=:64999: \
             start one (`Xvfb :64999 &` for a virtual display) or set DISPLAY to a running one \
             (the other commands need none)",
            "{args:?}"
        );
    }
}

// ------------------------------------------------------- numbers and depths

/// Every number a player types is bounded where a larger one would fail to
/// allocate (a 96 GiB table for `--hash 100000`), never finish (`perft
/// --depth 99`, `analyse --depth 999`) or overflow: each is refused with the
/// limit and why (issue 21).
#[test]
fn numbers_too_large_are_refused_with_the_limit_and_why() {
    let dir = Scratch::new("numbers");
    let two = dir.file("two.pgn", two_games());
    error_table(&[
        (
            "analyse --variant chess --depth 1 --hash 100000",
            "error: invalid value '100000' for '--hash': too large: at most 1024: the largest transposition table, as UCI's Hash option",
        ),
        (
            "analyse --variant chess --depth 1 --hash 99999999999999999999",
            "error: invalid value '99999999999999999999' for '--hash': too large: at most 1024: the largest transposition table, as UCI's Hash option",
        ),
        (
            "selfplay --levels 1,2 --games 1 --hash 2048",
            "error: invalid value '2048' for '--hash': too large: at most 1024: the largest transposition table, as UCI's Hash option",
        ),
        (
            "analyse --variant chess --depth 999",
            "error: invalid value '999' for '--depth': too large: at most 100: the search's deepest iteration",
        ),
        (
            "perft --variant chess --depth 99",
            "error: invalid value '99' for '--depth': too large: at most 10: each ply multiplies the count by the number of moves, so a deeper count would not finish",
        ),
        (
            "perft --variant chess --depth 99999999999999999999",
            "error: invalid value '99999999999999999999' for '--depth': too large: at most 10: each ply multiplies the count by the number of moves, so a deeper count would not finish",
        ),
        (
            &format!("load {two} --game 99999999999999999999"),
            "error: invalid value '99999999999999999999' for '--game': too large: at most 4294967295",
        ),
        (
            "play --think 1e300",
            "error: invalid value '1e300' for '--think': too large: at most 86400 seconds (a day)",
        ),
        (
            "play --window 100000x600",
            "error: invalid value '100000x600' for '--window': expected WIDTHxHEIGHT, e.g. 1024x600 (too large: at most 16384)",
        ),
        (
            "netbench --moves 4000000000",
            "error: invalid value '4000000000' for '--moves': too large: at most 10000: the moves are one game, found before it is played",
        ),
        (
            "join 127.0.0.1 --headless --ai 3 --depth 500",
            "error: invalid value '500' for '--depth': too large: at most 100: the search's deepest iteration",
        ),
    ]);
    // The limits themselves are taken.
    // (Depth 10 of a mated position: no move, so the count ends at once.)
    assert_eq!(
        ok("perft --variant chess --moves 'f2f3 e7e5 g2g4 d8h4' --depth 10"),
        "nodes 0\n"
    );
    let out = ok(
        "analyse --variant chess --fen '6k1/5ppp/8/8/8/8/8/R5K1 w - - - 0 1' --depth 100 --hash 64",
    );
    assert!(out.ends_with("bestmove a1a8 score mate 1\n"), "{out}");
}

/// `frametime --offscreen` draws the game and the empty scenes into an image
/// with no display at all (CI: software Vulkan from mesa-vulkan-drivers) and
/// prints the mean and the 99th percentile of each (the game, Bevy's default
/// empty 3D scene and an empty scene of the view): half a second of frames
/// after half a second of warm-up, one round, in 2D and in 3D (a renderer
/// error in either view stops its game, and the run fails). Skipped, saying
/// so, only where the renderer finds no adapter.
#[test]
fn frametime_offscreen_needs_no_display() {
    for view in ["2d", "3d"] {
        let dir =
            std::env::temp_dir().join(format!("chimera-offscreen-{view}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .args(argv(&format!(
                "frametime --offscreen --view {view} --rounds 1 --warmup 0.5 --measure 0.5"
            )))
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env("CHIMERA_CONFIG_DIR", &dir)
            .env("CHIMERA_DATA_DIR", &dir)
            .output()
            .unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        if !o.status.success() && err.contains("no graphics adapter") {
            println!("skipped: this machine has no graphics adapter: {err}");
            return;
        }
        assert_eq!(o.status.code(), Some(0), "{view}: {out}\n{err}");
        let round = out
            .lines()
            .find(|l| l.starts_with("round 1: "))
            .unwrap_or_else(|| panic!("a round line: {out}"));
        // round 1: bevy3d M ms (p99 P), empty M ms (p99 P), game M ms (p99 P)
        let words: Vec<&str> = round.split_whitespace().collect();
        let ms = |i: usize| -> f64 {
            words
                .get(i)
                .and_then(|w| w.trim_end_matches([')', ',']).parse().ok())
                .unwrap_or_else(|| panic!("a figure at word {i}: {round}"))
        };
        assert_eq!(
            (words[2], words[7], words[12]),
            ("bevy3d", "empty", "game"),
            "{round}"
        );
        for i in [3, 6, 8, 11, 13, 16] {
            assert!(ms(i) > 0.0, "{round}");
        }
        // The game against each empty scene: Bevy's default 3D one and the
        // empty scene of the view.
        for ratio in ["mean ratio game/bevy3d ", "mean ratio game/empty "] {
            assert!(out.contains(ratio), "{ratio}: {out}");
        }
    }
}
