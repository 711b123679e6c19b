//! Seeded fuzz of the two files a player edits by hand (issue 21):
//! `settings.cfg` and `bindings.cfg`, from their own written text mutated
//! (byte flips, truncations, duplicated and deleted spans, multi-byte
//! characters and long runs inserted) and from random bytes. Each case gives
//! settings or an error of one short line, never a panic, within a time
//! bound; a file that reads writes a text that reads back the same.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use chimera_client::config::Settings;
use chimera_client::input::bindings::{default_bindings, file_text, parse_bindings};
use chimera_rules::SplitMix64;
use chimera_rules::rng::mutate_bytes;

/// Each case's bound: parsing a file of a few KB takes microseconds.
const BOUND: Duration = Duration::from_secs(1);

const INSERTS: &[&str] = &[
    "é",
    "♔",
    "Ö4",
    "\u{feff}",
    "𝄞",
    "=",
    "#",
    ",",
    "(",
    ")",
    "keys(",
    "pad:",
    "stick:",
    "\n",
    "\r\n",
    " = ",
    "99999999999999999999",
    "-1",
    "on",
    "3d",
];

/// One random change of `b`: a common edit, or a long run of one of the
/// file's own words (a long value or name).
fn mutate(b: &mut Vec<u8>, rng: &mut SplitMix64) {
    if rng.below(7) == 6 {
        let at = rng.below(b.len().max(1)).min(b.len());
        let run = INSERTS[rng.below(INSERTS.len())].repeat(1 + rng.below(2000));
        b.splice(at..at, run.bytes());
    } else {
        mutate_bytes(b, rng, INSERTS, 300);
    }
}

/// Runs `parse` on `cases` mutations of `seed`; checks each answer with
/// `check`, the time and that there is no panic. Returns (read, refused).
fn fuzz(
    seed_text: &str,
    rng_seed: u64,
    cases: usize,
    mut case: impl FnMut(&str) -> Result<(), String>,
) -> (usize, usize) {
    let mut rng = SplitMix64::new(rng_seed);
    let (mut ok, mut bad) = (0, 0);
    for i in 0..cases {
        let mut b = seed_text.as_bytes().to_vec();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut b, &mut rng);
        }
        // The files are read as UTF-8 (a file that is not is refused before parsing).
        let text = String::from_utf8_lossy(&b).into_owned();
        let t = Instant::now();
        let answer = catch_unwind(AssertUnwindSafe(|| case(&text)))
            .unwrap_or_else(|_| panic!("panic on case {i}: {text:?}"));
        assert!(t.elapsed() < BOUND, "case {i} took {:?}", t.elapsed());
        match answer {
            Ok(()) => ok += 1,
            Err(e) => {
                assert!(!e.contains('\n'), "case {i}: {e:?}");
                assert!(e.chars().count() < 400, "case {i}: {} chars: {e}", e.len());
                bad += 1;
            }
        }
    }
    (ok, bad)
}

#[test]
fn fuzzed_settings_files_read_or_say_why_in_one_short_line() {
    let seed = Settings::default().file_text();
    let (ok, bad) = fuzz(&seed, 7, 3000, |text| match Settings::parse(text) {
        Ok(s) => {
            let again = Settings::parse(&s.file_text()).expect("a written file reads");
            assert_eq!(again, s);
            Ok(())
        }
        Err(e) => Err(e.to_string()),
    });
    assert!(ok > 100 && bad > 100, "{ok} read, {bad} refused");
}

#[test]
fn fuzzed_bindings_files_read_or_say_why_in_one_short_line() {
    let seed = file_text(&default_bindings());
    let (ok, bad) = fuzz(&seed, 8, 3000, |text| match parse_bindings(text) {
        Ok(t) => {
            let again = parse_bindings(&file_text(&t)).expect("a written file reads");
            assert_eq!(again, t);
            Ok(())
        }
        Err(e) => Err(e.to_string()),
    });
    assert!(ok > 100 && bad > 100, "{ok} read, {bad} refused");
}
