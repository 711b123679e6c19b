//! Fuzz-style test of the record reader (issue 11): thousands of mutated
//! records (byte flips, record punctuation dropped in, truncations,
//! duplicated tags and spans, deleted spans, multi-byte characters: issue
//! 21). Each must give an error or a valid game, never a panic, each within
//! a time bound; a valid game rebuilds from its match record and writes a
//! text that loads to the same position.

use std::panic::{AssertUnwindSafe, catch_unwind};

use chimera_game::clock::Clock;
use chimera_game::record::{self, MatchRecord};
use chimera_rules::rng::mutate_bytes;
use chimera_rules::{Color, SplitMix64, Variant};

use crate::common::{MoveKinds, random_game};

/// Valid records to start from: our own (timed, with comments and NAGs,
/// several variants), a pychess and a lichess one, two games in one file.
fn seeds() -> Vec<Vec<u8>> {
    let mut rng = SplitMix64::new(99);
    let mut out = Vec::new();
    for (id, plies) in [
        ("holygrail", 60),
        ("ghostarelay", 50),
        ("holywar", 40),
        ("grand", 40),
    ] {
        let v = Variant::new(id, &[]).unwrap();
        let g = random_game(&v, None, &mut rng, plies, &mut MoveKinds::default());
        let mut r = MatchRecord::from_game(&g);
        let mut c = Clock::new("300+3".parse().unwrap(), Color::White);
        c.start(std::time::Duration::ZERO);
        for (i, m) in r.moves.iter_mut().enumerate() {
            m.clock = c
                .move_made(std::time::Duration::from_millis(700 * (i as u64 + 1)))
                .unwrap();
            if i % 7 == 3 {
                m.comment = Some(format!("comment {i}"));
                m.nags = vec![5];
            }
        }
        r.clock = Some(c.state(std::time::Duration::from_millis(700 * r.moves.len() as u64)));
        r.set_tag("White", "Ann").unwrap();
        out.push(r.to_text().unwrap().into_bytes());
    }
    out.push(
        b"[Variant \"Grand\"]\n[FEN \"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1\"]\n\
          [SetUp \"1\"]\n\n1. e5 Af7 2. Cg4 Cg7 3. Af4 Axe5 4. Axe5 1-0\n"
            .to_vec(),
    );
    out.push(
        "\u{feff}[Variant \"Standard\"]\r\n[TimeControl \"180+2\"]\r\n\r\n1. e4 { [%clk 0:03:00] } 1... e5 \
         (1... c5 {Sicilian (open)} 2. Nf3) 2. Bc4 $1 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\r\n\r\n\
         [Variant \"chess\"]\n1. d2d4 d5 ; rest\n*\n"
            .as_bytes()
            .to_vec(),
    );
    out
}

const PUNCTUATION: &[u8] = b"[]{}()\"\\;$%*~@^=,.-+#!?0123456789/ \n\rxOKQa";

/// Multi-byte characters a hand-edited or mailed record may carry (a move
/// token ending in one once panicked: issue 21).
const MULTIBYTE: &[&str] = &["é", "♔", "Ö", "\u{feff}", "½", "…", "𝄞", "ß"];

/// One random change of `b`: a common edit (multi-byte characters put in,
/// most often glued to a move), a byte turned into record punctuation, a
/// whole line repeated (tags most often), or two bytes swapped.
fn mutate(b: &mut Vec<u8>, rng: &mut SplitMix64) {
    let n = b.len().max(1);
    match rng.below(9) {
        0 => {
            if let Some(x) = b.get_mut(rng.below(n)) {
                *x = PUNCTUATION[rng.below(PUNCTUATION.len())];
            }
        }
        1 => {
            let text = b.clone();
            let lines: Vec<&[u8]> = text.split(|&c| c == b'\n').collect();
            let line = lines[rng.below(lines.len())];
            let at = rng.below(n).min(b.len());
            let mut ins = line.to_vec();
            ins.push(b'\n');
            b.splice(at..at, ins);
        }
        2 => {
            let (i, j) = (rng.below(n), rng.below(n));
            if i < b.len() && j < b.len() {
                b.swap(i, j);
            }
        }
        _ => mutate_bytes(b, rng, MULTIBYTE, 300),
    }
}

/// Loads every game of `bytes`; checks each valid one. Returns (valid,
/// refused) counts.
fn check(bytes: &[u8]) -> (usize, usize) {
    let text = match record::read_text(bytes) {
        Ok(t) => t,
        Err(e) => {
            assert!(!e.to_string().contains('\n'));
            return (0, 1);
        }
    };
    let count = match record::list(&text) {
        Ok(games) => games.len(),
        Err(_) => 1,
    };
    let (mut ok, mut bad) = (0, 0);
    for n in 1..=count {
        match record::load(&text, n) {
            Ok(l) => {
                let rebuilt = l.record.game().expect("a loaded record rebuilds");
                assert_eq!(rebuilt.position().to_vfen(), l.final_vfen());
                let again = l.record.to_text().expect("a loaded record writes");
                let l2 = record::load(&again, 1).expect("a written record loads");
                assert_eq!(l2.final_vfen(), l.final_vfen());
                assert_eq!(l2.record.result, l.record.result);
                ok += 1;
            }
            Err(e) => {
                let msg = e.to_string();
                assert!(!msg.is_empty() && !msg.contains('\n'), "{msg}");
                bad += 1;
            }
        }
    }
    (ok, bad)
}

#[test]
fn mutated_records_give_an_error_or_a_valid_game() {
    let seeds = seeds();
    for s in &seeds {
        assert_eq!(
            check(s).1,
            0,
            "seed must load:\n{}",
            String::from_utf8_lossy(s)
        );
    }
    let mut rng = SplitMix64::new(2024);
    let (mut ok, mut bad) = (0, 0);
    for i in 0..4000 {
        let mut b = seeds[i % seeds.len()].clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut b, &mut rng);
        }
        let t = std::time::Instant::now();
        let checked = catch_unwind(AssertUnwindSafe(|| check(&b)));
        assert!(
            t.elapsed() < std::time::Duration::from_secs(2),
            "mutation {i} took {:?}",
            t.elapsed()
        );
        match checked {
            Ok((o, e)) => {
                ok += o;
                bad += e;
            }
            Err(_) => panic!("panic on mutation {i}:\n{}", String::from_utf8_lossy(&b)),
        }
    }
    // Both outcomes happen: comments and whitespace take many changes.
    assert!(ok > 200 && bad > 1000, "{ok} valid, {bad} refused");
}
