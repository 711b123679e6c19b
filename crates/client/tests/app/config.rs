//! The settings file (`chimera_client::config`, `settings.cfg`): every key's
//! values, every error with its line and key, the written file read back,
//! loading a missing or malformed file, and saving atomically.

use std::path::PathBuf;

use chimera_client::config::{
    AnimationSpeed, FILE_NAME, MAX_NAME_CHARS, Settings, View, clean_player_name, write_atomic,
};

fn d() -> Settings {
    Settings::default()
}

fn opts(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// A fresh, empty directory for one test.
fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-settings-{}-{test}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    dir
}

#[test]
fn each_key_reads_each_of_its_values() {
    let cases: Vec<(&str, Settings)> = vec![
        ("", d()),
        ("view = 2d", d()),
        (
            "view = 3d",
            Settings {
                view: View::ThreeD,
                ..d()
            },
        ),
        (
            "flip-board = on",
            Settings {
                flip_board: true,
                ..d()
            },
        ),
        ("flip-board = off", d()),
        (
            "animation-speed = off",
            Settings {
                animation_speed: AnimationSpeed::Off,
                ..d()
            },
        ),
        (
            "animation-speed = fast",
            Settings {
                animation_speed: AnimationSpeed::Fast,
                ..d()
            },
        ),
        ("animation-speed = normal", d()),
        (
            "animation-speed = slow",
            Settings {
                animation_speed: AnimationSpeed::Slow,
                ..d()
            },
        ),
        ("volume = 0", Settings { volume: 0, ..d() }),
        ("volume = 55", Settings { volume: 55, ..d() }),
        ("volume = 100", Settings { volume: 100, ..d() }),
        ("mute = on", Settings { mute: true, ..d() }),
        (
            "variant = chess",
            Settings {
                variant: "chess".into(),
                ..d()
            },
        ),
        (
            "variant-options = drops=ninjas gryphons=full",
            Settings {
                variant_options: opts(&[("drops", "ninjas"), ("gryphons", "full")]),
                ..d()
            },
        ),
        ("variant-options =", d()),
        // The options are checked against the variant wherever its line is.
        (
            "variant-options = opening=random\nvariant = holywar",
            Settings {
                variant: "holywar".into(),
                variant_options: opts(&[("opening", "random")]),
                ..d()
            },
        ),
        ("time-control = -", d()),
        (
            "time-control = ?",
            Settings {
                time_control: "?".into(),
                ..d()
            },
        ),
        (
            "time-control = 600+5",
            Settings {
                time_control: "600+5".into(),
                ..d()
            },
        ),
        (
            "time-control = 300",
            Settings {
                time_control: "300".into(),
                ..d()
            },
        ),
        (
            "time-control = 600d5",
            Settings {
                time_control: "600d5".into(),
                ..d()
            },
        ),
        (
            "time-control = *30",
            Settings {
                time_control: "*30".into(),
                ..d()
            },
        ),
        (
            "time-control = 40/5400",
            Settings {
                time_control: "40/5400".into(),
                ..d()
            },
        ),
        // Only whole lines are comments, so a name may hold '#'.
        (
            "player-name =   Anna #1  ",
            Settings {
                player_name: "Anna #1".into(),
                ..d()
            },
        ),
        ("player-name =", d()),
        (
            "show-letters = on",
            Settings {
                show_letters: true,
                ..d()
            },
        ),
        (
            "lobby-address = lobby.example.org:5860",
            Settings {
                lobby_address: "lobby.example.org:5860".into(),
                ..d()
            },
        ),
        (
            "\u{feff}# comment\r\n\r\n  volume=7  \r\n   # indented comment\r\nmute = on\r\n",
            Settings {
                volume: 7,
                mute: true,
                ..d()
            },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(Settings::parse(text), Ok(expected), "{text:?}");
    }
}

#[test]
fn malformed_files_name_the_line_the_key_and_the_problem() {
    let long_name = format!("player-name = {}", "x".repeat(MAX_NAME_CHARS + 1));
    let cases: Vec<(&str, usize, &str)> = vec![
        (
            "volume = 80\ncolour = blue",
            2,
            "unknown setting 'colour' (known: view, flip-board,",
        ),
        ("volume 80", 1, "expected 'key = value', found 'volume 80'"),
        (
            "volume = 80\n\n# again\nvolume = 70",
            4,
            "'volume' is set twice",
        ),
        ("view = 4d", 1, "view: '4d' is not one of 2d, 3d"),
        (
            "flip-board = yes",
            1,
            "flip-board: 'yes' is not one of on, off",
        ),
        (
            "animation-speed = turbo",
            1,
            "animation-speed: 'turbo' is not one of off, fast, normal, slow",
        ),
        (
            "volume = 101",
            1,
            "volume: '101' is not a whole number from 0 to 100",
        ),
        ("volume = -1", 1, "volume: '-1' is not a whole number"),
        ("volume = loud", 1, "volume: 'loud' is not a whole number"),
        (
            "volume = 80 # loud",
            1,
            "volume: '80 # loud' is not a whole number",
        ),
        ("mute = 1", 1, "mute: '1' is not one of on, off"),
        (
            "variant = Holy Grail",
            1,
            "variant: 'Holy Grail' is not a variant id",
        ),
        (
            "variant-options = drops",
            1,
            "variant-options: 'drops' is not name=value",
        ),
        (
            "variant-options = =full",
            1,
            "variant-options: '=full' is not name=value",
        ),
        (
            "variant-options = drops=lots",
            1,
            "variant-options: bad value 'lots' for option 'drops'",
        ),
        (
            "variant = chess\nvariant-options = drops=full",
            2,
            "variant-options: unknown option 'drops': chess has no options",
        ),
        (
            "variant-options = opening=random\nvariant = grand",
            1,
            "variant-options: unknown option 'opening'",
        ),
        (
            "time-control = 10 min",
            1,
            "time-control: '10 min' is not a time control",
        ),
        (
            "time-control = 0+5",
            1,
            "time-control: '0+5' is not a time control",
        ),
        (
            "time-control = *0",
            1,
            "time-control: '*0' is not a time control",
        ),
        (
            "time-control = 40/",
            1,
            "time-control: '40/' is not a time control",
        ),
        (
            "time-control = 600+",
            1,
            "time-control: '600+' is not a time control",
        ),
        (
            "time-control = 600+5d2",
            1,
            "time-control: '600+5d2' is not a time control",
        ),
        (&long_name, 1, "player-name: longer than 32 characters"),
        (
            "player-name = a\tb",
            1,
            "player-name: a name may not hold control characters",
        ),
        (
            "show-letters = maybe",
            1,
            "show-letters: 'maybe' is not one of on, off",
        ),
        (
            "lobby-address = my lobby",
            1,
            "lobby-address: 'my lobby' has spaces or control characters",
        ),
    ];
    for (text, line, needle) in cases {
        let e = Settings::parse(text).expect_err(text);
        assert_eq!(e.line, line, "{text}: {e}");
        assert!(e.message.starts_with(needle), "{text}: {e}");
        assert_eq!(e.to_string(), format!("line {line}: {}", e.message));
    }
}

#[test]
fn the_written_file_reads_back_the_same() {
    let changed = Settings {
        view: View::ThreeD,
        flip_board: true,
        animation_speed: AnimationSpeed::Slow,
        volume: 35,
        mute: true,
        variant: "holygrail".into(),
        variant_options: opts(&[("drops", "ninjas-serpent"), ("setup", "swapped")]),
        time_control: "40/5400".into(),
        player_name: "Anna #1".into(),
        show_letters: true,
        lobby_address: "[2001:db8::5]:5860".into(),
    };
    for s in [d(), changed] {
        let text = s.file_text();
        assert_eq!(Settings::parse(&text), Ok(s.clone()), "{text}");
        // Every key is written, each under its comment, no trailing blanks.
        for key in [
            "view",
            "flip-board",
            "animation-speed",
            "volume",
            "mute",
            "variant",
            "variant-options",
            "time-control",
            "player-name",
            "show-letters",
            "lobby-address",
        ] {
            assert_eq!(
                text.matches(&format!("\n{key} =")).count(),
                1,
                "{key} in {text}"
            );
        }
        assert!(text.lines().all(|l| l == l.trim_end()), "{text}");
    }
    let default_text = d().file_text();
    assert!(
        default_text.contains("\n# Board view: 2d or 3d.\nview = 2d\n"),
        "{default_text}"
    );
    assert!(default_text.contains("\nplayer-name =\n"), "{default_text}");
}

#[test]
fn names_are_cleaned_and_the_gain_follows_volume_and_mute() {
    let cases = [
        ("  Anna  ", "Anna".to_string()),
        ("a\u{7}b\nc", "abc".to_string()),
        ("   ", String::new()),
        (&"é".repeat(40), "é".repeat(MAX_NAME_CHARS)),
        (
            &format!("{} z", "y".repeat(MAX_NAME_CHARS - 1)),
            "y".repeat(MAX_NAME_CHARS - 1),
        ),
    ];
    for (raw, clean) in cases {
        assert_eq!(clean_player_name(raw), clean, "{raw:?}");
        let s = Settings {
            player_name: clean.clone(),
            ..d()
        };
        assert_eq!(Settings::parse(&s.file_text()), Ok(s), "{raw:?} round trip");
    }
    assert_eq!(Settings { volume: 50, ..d() }.gain(), 0.5);
    assert_eq!(Settings { volume: 100, ..d() }.gain(), 1.0);
    assert_eq!(
        Settings {
            volume: 100,
            mute: true,
            ..d()
        }
        .gain(),
        0.0
    );
}

#[test]
fn loading_a_missing_or_malformed_file_gives_the_defaults() {
    let dir = scratch_dir("load");
    let missing = Settings::load(&dir);
    assert_eq!((missing.settings, missing.error), (d(), None));
    assert_eq!(missing.path, dir.join(FILE_NAME));
    assert!(!dir.exists(), "loading writes nothing");

    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(FILE_NAME), "view = 3d\nvolume = loud\n").unwrap();
    let bad = Settings::load(&dir);
    assert_eq!(bad.settings, d());
    let e = bad.error.expect("an error");
    assert!(e.contains("settings.cfg: line 2: volume: 'loud'"), "{e}");
    assert!(e.ends_with("Using the default settings."), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The file is read through the bounded reader (issue 21): a huge file or a
/// directory in its place gives the defaults and says why, without reading
/// more than the limit.
#[test]
fn an_oversized_file_or_a_directory_gives_the_defaults_and_says_why() {
    let dir = scratch_dir("oversized");
    std::fs::create_dir_all(&dir).unwrap();
    let limit = chimera_store::MAX_CONFIG_BYTES as usize;
    let comment = format!("# {}\n", "x".repeat(1000));
    let text = format!("view = 3d\n{}", comment.repeat(limit / comment.len() + 1));
    std::fs::write(dir.join(FILE_NAME), text).unwrap();
    let big = Settings::load(&dir);
    assert_eq!(big.settings, d());
    let e = big.error.expect("an error");
    assert!(
        e.contains(&format!(
            "cannot read it (the file is larger than {limit} bytes"
        )),
        "{e}"
    );
    std::fs::remove_file(dir.join(FILE_NAME)).unwrap();
    std::fs::create_dir_all(dir.join(FILE_NAME)).unwrap();
    let e = Settings::load(&dir).error.expect("an error");
    assert!(
        e.contains("settings.cfg: cannot read it (is a directory, not a file)"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn saving_replaces_the_file_whole_or_not_at_all() {
    let dir = scratch_dir("save").join("nested");
    let first = Settings { volume: 10, ..d() };
    let path = first.save(&dir).expect("saved");
    assert_eq!(path, dir.join(FILE_NAME));
    let second = Settings {
        view: View::ThreeD,
        ..d()
    };
    second.save(&dir).expect("saved again");
    assert_eq!(Settings::load(&dir).settings, second);

    // A save that fails before its rename (here: its temporary file cannot be
    // created) leaves the previous file as it was.
    let tmp = dir.join(format!("{FILE_NAME}.{}.tmp", std::process::id()));
    std::fs::create_dir(&tmp).unwrap();
    assert!(Settings { volume: 99, ..d() }.save(&dir).is_err());
    assert_eq!(Settings::load(&dir).settings, second);
    std::fs::remove_dir(&tmp).unwrap();

    // A partial temporary file left by a crash is not read, and the next
    // save goes through; no temporary file stays behind.
    std::fs::write(&tmp, "view = 2").unwrap();
    assert_eq!(Settings::load(&dir).settings, second);
    first.save(&dir).expect("saved after a crash");
    assert_eq!(Settings::load(&dir).settings, first);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, [FILE_NAME]);

    write_atomic(&path, b"mute = on\n").expect("written");
    assert_eq!(
        Settings::load(&dir).settings,
        Settings { mute: true, ..d() }
    );
    std::fs::remove_dir_all(dir.parent().unwrap()).ok();
}

#[test]
fn a_variant_no_longer_installed_falls_back_to_the_default_and_keeps_the_rest() {
    let s = Settings::parse("volume = 30\nvariant = my-gone-game\nvariant-options = size=big\n")
        .expect("not an error: the player's file was removed");
    assert_eq!(s.variant, d().variant);
    assert_eq!(s.variant_options, d().variant_options);
    assert_eq!(s.volume, 30);
    // A known variant keeps its options.
    let s = Settings::parse("variant = holygrail\nvariant-options = drops=none\n").unwrap();
    assert_eq!(
        (s.variant.as_str(), s.variant_options),
        ("holygrail", opts(&[("drops", "none")]))
    );
}
