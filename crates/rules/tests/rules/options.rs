//! Variant options (issue 21): a file's options may not multiply the cost of
//! checking it. `check` and registration build each option's values alone
//! and a bounded sample of combinations, never every combination; files
//! beyond the limits of docs/limits.md are refused naming the limit; a
//! combination is built when it is used.

use std::time::{Duration, Instant};

use chimera_rules::variants::{
    MAX_CHECKED_COMBINATIONS, MAX_OPTION_VALUES, MAX_OPTIONS, builds_on_this_thread, check,
    register,
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
    assert_eq!(v.start_position().legal_moves().len(), 14 + 5);
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
