//! Variant options (issue 21): a file's options may not multiply the cost of
//! checking it. `check` and registration build each option's values alone
//! and a bounded sample of combinations, never every combination; files
//! beyond the limits of docs/limits.md are refused naming the limit; a
//! combination is built when it is used.

use std::time::{Duration, Instant};

use chimera_rules::RulesError;
use chimera_rules::variants::{
    MAX_CHECKED_COMBINATIONS, MAX_OPTION_VALUES, MAX_OPTIONS, builds_on_this_thread, check,
    checked_combinations, register,
};

/// A small chess-like game `id` with `options` choice options `o1`, `o2`,
/// … of `values` values `v0` (the default), `v1`, …; `set(option, value)`
/// gives the TOML keys that value sets (none when empty). Every value of the
/// plain file sets a legal repetition count, so that each one changes the
/// game and builds.
fn options_file(
    id: &str,
    options: usize,
    values: usize,
    set: impl Fn(usize, usize) -> String,
) -> String {
    let mut text = format!(
        r#"id = "{id}"
name = "{id}"

[board]
files = 8
ranks = 8

[pieces]
king = {{ letter = "K", moves = "K", royal = true }}
rook = {{ letter = "R", moves = "R" }}
bishop = {{ letter = "B", moves = "B" }}

[start]
board = "4k3/8/8/8/8/8/8/R3K3"
"#
    );
    for o in 1..=options {
        let list: Vec<String> = (0..values).map(|v| format!("\"v{v}\"")).collect();
        text += &format!(
            "\n[options.o{o}]\nvalues = [{}]\ndefault = \"v0\"\n",
            list.join(", ")
        );
        for v in 0..values {
            let keys = set(o, v);
            if !keys.is_empty() {
                text += &format!("[options.o{o}.set.v{v}]\n{keys}\n");
            }
        }
    }
    text
}

/// Each value sets the repetition count to a number of its own.
fn repetition(o: usize, v: usize) -> String {
    format!("rules.repetition = {}", 2 + (o + v) % 7)
}

/// How many variants `f` builds, and how long it takes.
fn counted<T>(f: impl FnOnce() -> T) -> (T, usize, Duration) {
    let (before, t) = (builds_on_this_thread(), Instant::now());
    let out = f();
    (out, builds_on_this_thread() - before, t.elapsed())
}

/// The file of the issue: 16 two-valued options (65,536 combinations, which
/// took 2.7 s and 200 MB to check) registers after building at most the
/// bounded number of combinations — at least the defaults and each value
/// alone — and every combination still builds when asked for.
#[test]
fn sixteen_options_are_checked_by_a_bounded_sample_not_every_combination() {
    let text = options_file("sixteen-options", 16, 2, repetition);
    let (info, built, took) = counted(|| register(&text));
    let info = info.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(info.options.len(), 16);
    assert!(
        (1 + 16..=MAX_CHECKED_COMBINATIONS).contains(&built),
        "{built} combinations built"
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    // Every value on at once (a combination the sample may have missed):
    // the last option set wins the repetition count.
    let all: Vec<(String, String)> = (1..=16).map(|o| (format!("o{o}"), "v1".into())).collect();
    let (v, built, _) = counted(|| chimera_rules::Variant::new(info.id, &all));
    let v = v.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(built, 1, "one combination built when used");
    assert_eq!(v.repetition, 2 + (16 + 1) % 7);
    // The rook on a1: a2-a8 and b1-d1; the king on e1: d1 d2 e2 f2 f1.
    assert_eq!(v.start_position().legal_moves().len(), 10 + 5);
}

/// A file over a limit is refused at once, the error naming the option, its
/// line and the limit.
#[test]
fn options_beyond_the_limits_are_refused_naming_the_limit() {
    let text = options_file("too-many-options", MAX_OPTIONS + 1, 2, repetition);
    let (result, built, took) = counted(|| check(&text));
    let Err(e) = result else {
        panic!("a file with one option too many registered")
    };
    let last = format!("[options.o{}]", MAX_OPTIONS + 1);
    let line = text.lines().position(|l| l == last).unwrap() + 1;
    assert_eq!(e.line, Some(line), "{e}");
    assert_eq!(e.key, format!("options.o{}", MAX_OPTIONS + 1));
    assert!(
        e.problem
            .contains(&format!("at most {MAX_OPTIONS} options")),
        "{e}"
    );
    assert_eq!(built, 0, "nothing is built");
    assert!(took < Duration::from_secs(1), "{took:?}");

    let text = options_file("too-many-values", 1, MAX_OPTION_VALUES + 1, repetition);
    let Err(e) = check(&text) else {
        panic!("an option with one value too many registered")
    };
    assert_eq!(e.key, "options.o1.values");
    assert_eq!(
        e.line,
        Some(text.lines().position(|l| l.starts_with("values")).unwrap() + 1)
    );
    assert!(
        e.problem
            .contains(&format!("at most {MAX_OPTION_VALUES} values")),
        "{e}"
    );
    // At the limit itself the file is fine.
    let text = options_file("enough-values", 1, MAX_OPTION_VALUES, repetition);
    let (result, built, _) = counted(|| check(&text));
    result.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(built, MAX_OPTION_VALUES, "each value once");
}

/// Each value of each option is built alone, so a value that breaks the file
/// is found however many options there are, and the error says which value;
/// so are a number option's smallest and largest values and those it has a
/// `set` section for.
#[test]
fn each_option_value_is_checked_alone() {
    let text = options_file("ninth-breaks", 16, 2, |o, v| {
        if (o, v) == (9, 1) {
            "board.files = 13".to_string()
        } else {
            repetition(o, v)
        }
    });
    let Err(e) = check(&text) else {
        panic!("o9=v1 gives 13 files")
    };
    assert_eq!(e.key, "board.files");
    let at = text.find("board.files = 13").unwrap();
    assert_eq!(e.line, Some(text[..at].lines().count() + 1), "{e}");
    assert!(e.problem.contains("out of range"), "{e}");
    assert!(e.problem.ends_with("(with the options o9=v1)"), "{e}");

    let number = |set: &str| {
        options_file("number-option", 0, 0, |_, _| String::new())
            + &format!("\n[options.n]\nmin = 1\nmax = 1000000\ndefault = \"5\"\n{set}")
    };
    check(&number("")).unwrap_or_else(|e| panic!("{e}"));
    let Err(e) = check(&number("[options.n.set.777]\nboard.ranks = 0\n")) else {
        panic!("n=777 gives no ranks")
    };
    assert_eq!(e.key, "board.ranks");
    assert!(e.problem.ends_with("(with the options n=777)"), "{e}");
    // A number option may have at most as many `set` sections as a choice
    // option has values.
    let sets: String = (1..=MAX_OPTION_VALUES + 1)
        .map(|n| format!("[options.n.set.{n}]\nrules.repetition = 2\n"))
        .collect();
    let Err(e) = check(&number(&sets)) else {
        panic!("{} set sections", MAX_OPTION_VALUES + 1)
    };
    assert_eq!(e.key, format!("options.n.set.{}", MAX_OPTION_VALUES + 1));
    assert!(
        e.problem.contains(&format!("at most {MAX_OPTION_VALUES}")),
        "{e}"
    );
}

/// A combination the check did not build is built when it is used: one that
/// does not build is an error then, naming the problem, never a panic.
#[test]
fn a_combination_left_unchecked_fails_when_used_with_the_file_error() {
    let values = MAX_OPTION_VALUES;
    let plain = options_file("unchecked-shape", MAX_OPTIONS, values, |_, _| String::new());
    let plan = checked_combinations(register(&plain).unwrap_or_else(|e| panic!("{e}")));
    assert!(plan.len() <= MAX_CHECKED_COMBINATIONS);
    // A pair of values of o1 and o2 that no checked combination has together.
    let value = |combo: &[(String, String)], o: usize| combo[o - 1].1.clone();
    let (i, j) = (1..values)
        .flat_map(|i| (1..values).map(move |j| (i, j)))
        .find(|&(i, j)| {
            !plan
                .iter()
                .any(|c| value(c, 1) == format!("v{i}") && value(c, 2) == format!("v{j}"))
        })
        .expect("the sample leaves some pair of o1 and o2 out");
    // Alone each value is fine; together they give two pieces the letter Z.
    let text = options_file("unchecked-pair", MAX_OPTIONS, values, |o, v| {
        match (o, v) {
            (1, v) if v == i => "pieces.bishop.letter = \"Z\"",
            (2, v) if v == j => "pieces.knight = { letter = \"Z\", moves = \"N\" }",
            _ => "",
        }
        .to_string()
    });
    let (info, built, _) = counted(|| register(&text));
    let info = info.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(built, plan.len(), "the same shape is checked the same way");
    let pair = [
        ("o1".to_string(), format!("v{i}")),
        ("o2".to_string(), format!("v{j}")),
    ];
    match chimera_rules::Variant::new(info.id, &pair) {
        Err(RulesError::BadVariantFile { variant, error }) => {
            assert_eq!(variant, "unchecked-pair");
            assert_eq!(error.key, "pieces.knight.letter");
            assert!(
                error
                    .problem
                    .contains("'Z' is already the letter of bishop"),
                "{error}"
            );
        }
        Ok(_) => panic!("two pieces lettered Z built"),
        Err(e) => panic!("{e}"),
    }
    for alone in &pair {
        chimera_rules::Variant::new(info.id, std::slice::from_ref(alone))
            .unwrap_or_else(|e| panic!("{alone:?}: {e}"));
    }
}

/// A combination whose start position is not valid is refused when built
/// (the start position is read then, so that playing it cannot fail later).
#[test]
fn an_unchecked_combination_with_an_invalid_start_is_refused_when_used() {
    let values = MAX_OPTION_VALUES;
    let plain = options_file("start-shape", MAX_OPTIONS, values, |_, _| String::new());
    let plan = checked_combinations(register(&plain).unwrap_or_else(|e| panic!("{e}")));
    let value = |combo: &[(String, String)], o: usize| combo[o - 1].1.clone();
    let (i, j) = (1..values)
        .flat_map(|i| (1..values).map(move |j| (i, j)))
        .find(|&(i, j)| {
            !plan
                .iter()
                .any(|c| value(c, 3) == format!("v{i}") && value(c, 4) == format!("v{j}"))
        })
        .expect("the sample leaves some pair of o3 and o4 out");
    // o3=vi removes the bishop; o4=vj puts one on the board (the later
    // option's board wins): each alone is a valid game.
    let text = options_file("bad-start-pair", MAX_OPTIONS, values, |o, v| {
        match (o, v) {
            (3, v) if v == i => "without = [\"bishop\"]",
            (4, v) if v == j => "start.board = \"4k3/8/8/8/8/8/8/R1B1K3\"",
            _ => "",
        }
        .to_string()
    });
    let info = register(&text).unwrap_or_else(|e| panic!("{e}"));
    let pair = [
        ("o3".to_string(), format!("v{i}")),
        ("o4".to_string(), format!("v{j}")),
    ];
    match chimera_rules::Variant::new(info.id, &pair) {
        Err(RulesError::BadVariantFile { error, .. }) => {
            assert_eq!(error.key, "start");
            assert!(error.problem.contains("not valid"), "{error}");
        }
        Ok(_) => panic!("a start position with a removed piece built"),
        Err(e) => panic!("{e}"),
    }
    for alone in &pair {
        let v = chimera_rules::Variant::new(info.id, std::slice::from_ref(alone))
            .unwrap_or_else(|e| panic!("{alone:?}: {e}"));
        v.start_position();
    }
}
