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
    let o = run(&argv(command));
    assert!(o.status.success(), "{command} failed: {}", text(&o.stderr));
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
    let o = run(&argv(command));
    assert_eq!(o.status.code(), Some(2), "{command}: {}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "", "{command} printed on stdout");
    let err = text(&o.stderr);
    assert!(
        err.ends_with('\n') && err.lines().count() == 1,
        "{command}: one stderr line expected, got {err:?}"
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
    let exact: &[(&str, &str)] = &[
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
    ];
    for (command, line) in exact {
        assert_eq!(fails(command), *line, "{command}");
    }
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
    ]);
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
        ("join 127.0.0.1", &["'join' needs --headless"]),
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

// ------------------------------------------------------------------- bench

#[test]
fn bench_quick_reports_nodes_seconds_and_speed() {
    let out = ok("bench --quick");
    let mut lines = out.lines();
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
        checked >= 3,
        "chess, grand and embassy rows expected: {out}"
    );
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
    ("bench", &["--quick"]),
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
    let ids: Vec<&str> = chimera::rules::variants().iter().map(|v| v.id).collect();
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
