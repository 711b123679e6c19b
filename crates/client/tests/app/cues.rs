//! Sound cues (`chimera_client::cues`): which cue a move plays, on real positions of
//! the variants, and the embedded WAV files themselves (format, length, level,
//! silent ends).
//!
//! Every expected cue list follows from docs/rules.md and the priority in
//! `src/sound.rs` (game end, check, promotion, capture, castling, drop, move);
//! the comments say why each position gives it.

use crate::common::vfen;

use chimera_client::cues::{SoundCue, move_cue, move_cues};
use chimera_rules::{Game, Variant};

use SoundCue::*;

/// The cues of the last of `moves` (LMN, space-separated), played from `start`
/// (a VFEN, or the variant's start position when None) with the game's own
/// result after it.
fn cues(id: &str, opts: &[(&str, &str)], start: Option<&str>, moves: &str) -> Vec<SoundCue> {
    let opts: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let v = Variant::new(id, &opts).unwrap_or_else(|e| panic!("{id}: {e}"));
    let mut g = match start {
        Some(f) => Game::from_vfen(&v, f).unwrap_or_else(|e| panic!("{f}: {e}")),
        None => Game::new(&v),
    };
    let (earlier, last) = moves.rsplit_once(' ').unwrap_or(("", moves));
    for m in earlier.split_whitespace() {
        g.play_lmn(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let before = g.position().clone();
    let m = before
        .parse_lmn(last)
        .unwrap_or_else(|e| panic!("{last}: {e}"));
    g.play(m).unwrap_or_else(|e| panic!("{last}: {e}"));
    let all = move_cues(&before, m, g.outcome());
    assert_eq!(move_cue(&before, m, g.outcome()), all[0], "{moves}");
    all
}

/// A VFEN of `id` holding exactly `pieces`, then the other fields `rest`.
fn board(id: &str, pieces: &[(&str, char)], rest: &str) -> String {
    vfen(&Variant::new(id, &[]).expect("variant"), pieces, rest)
}

#[test]
fn chess_moves_captures_castlings_and_promotions() {
    let cases: &[(&str, &str, &str, &[SoundCue])] = &[
        (
            "pawn move",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
            "e2e4",
            &[Move],
        ),
        (
            "knight move",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
            "g1f3",
            &[Move],
        ),
        (
            "pawn takes pawn",
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - - 0 1",
            "e4d5",
            &[Capture],
        ),
        // d7d5 passes d6; exd6 removes the pawn on d5, the landing square is empty.
        (
            "en passant",
            "4k3/3p4/8/4P3/8/8/8/4K3 b - - - 0 1",
            "d7d5 e5d6",
            &[Capture],
        ),
        // The rook lands on e5 with e6, e7 empty: the king on e8 is attacked.
        (
            "capture giving check",
            "4k3/8/8/4p3/8/8/8/4RK2 w - - - 0 1",
            "e1e5",
            &[Check, Capture],
        ),
        (
            "castling",
            "r3k2r/8/8/8/8/8/8/R3K2R w AHah - - 0 1",
            "e1g1,h1f1",
            &[Castling],
        ),
        // The rook lands on f1 and sees up the empty f-file to the king on f8.
        (
            "castling giving check",
            "5k2/8/8/8/8/8/8/4K2R w H - - 0 1",
            "e1g1,h1f1",
            &[Check, Castling],
        ),
        // A queen on e8 does not reach a2 (rank 8, e-file, d7–a4, f7–h5).
        (
            "promotion",
            "8/4P3/8/8/8/8/k7/4K3 w - - - 0 1",
            "e7e8=Q",
            &[Promotion],
        ),
        // A knight on d8 reaches b7 c6 e6 f7, not a1.
        (
            "promotion with capture",
            "3r4/4P3/8/8/8/8/8/k3K3 w - - - 0 1",
            "e7d8=N",
            &[Promotion, Capture],
        ),
        // A queen on d8 sees along rank 8 to h8.
        (
            "promotion with capture giving check",
            "3r3k/4P3/8/8/8/8/8/4K3 w - - - 0 1",
            "e7d8=Q",
            &[Check, Promotion, Capture],
        ),
        // Back-rank mate: g7 f7 h7 are Black's own pawns, the rook holds rank 8.
        (
            "checkmate",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - - 0 1",
            "a1a8",
            &[GameEnd, Check],
        ),
        // The queen on b6 covers a7 b7 b8 and not a8: Black cannot move.
        (
            "stalemate",
            "k7/8/1Q6/8/8/8/8/7K w - - - 0 1",
            "h1g1",
            &[GameEnd],
        ),
    ];
    for (what, start, moves, expected) in cases {
        assert_eq!(cues("chess", &[], Some(start), moves), *expected, "{what}");
    }
}

#[test]
fn the_third_repetition_ends_the_game_and_the_second_does_not() {
    // The start position occurs again after plies 4 and 8.
    let shuffle = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    let (first_seven, _) = shuffle.rsplit_once(' ').expect("eight plies");
    assert_eq!(cues("chess", &[], None, first_seven), [Move]);
    assert_eq!(cues("chess", &[], None, shuffle), [GameEnd]);
}

#[test]
fn holygrail_drops_mutations_crownings_and_flying_captures() {
    // Ninja pawn drops on e2, emptied by e2e4, with and without a push.
    assert_eq!(cues("holygrail", &[], None, "e2e4 e9e7 J@e2"), [Drop]);
    assert_eq!(cues("holygrail", &[], None, "e2e4 e9e7 J@e2-e3"), [Drop]);

    // A serpent dropped on e0 as a Super Cannon: the pawn on e5 is its screen
    // and the king on e10 stands behind it, e1–e4 and e6–e9 empty.
    let cannon = board(
        "holygrail",
        &[("a1", 'K'), ("e5", 'P'), ("e10", 'k')],
        "w - - S 0 1",
    );
    assert_eq!(cues("holygrail", &[], Some(&cannon), "O@e0"), [Check, Drop]);

    // An unlocked Gryphon on e5 mutates into a Super Vao; the king on a10 is
    // on no line of either (the Gryphon bends at d6 f6 d4 f4, the Vao's
    // diagonals pass a9 and j10).
    let serpent = board(
        "holygrail",
        &[("f1", 'K'), ("e5", 'G'), ("a10", 'k')],
        "w - - - 0 1",
    );
    assert_eq!(cues("holygrail", &[], Some(&serpent), "e5~V"), [Promotion]);

    // The rook's h8h1 mates the king on a1 (a2 b2 its own pawns, a0 b0 holes,
    // b1 on the rook's rank) but the prince on j5 is not attacked: play goes
    // on with a crowning, so the mate sounds as a check, the crowning as a
    // promotion.
    let mated = board(
        "holygrail",
        &[
            ("a1", 'K'),
            ("a2", 'P'),
            ("b2", 'P'),
            ("j5", 'I'),
            ("h8", 'r'),
            ("f10", 'k'),
        ],
        "b - - - 0 1",
    );
    assert_eq!(cues("holygrail", &[], Some(&mated), "h8h1"), [Check]);
    assert_eq!(
        cues("holygrail", &[], Some(&mated), "h8h1 ^j5"),
        [Promotion]
    );

    // The bomber on e4 flies over the rook on e5 to e6 (docs/rules.md §4 rule 2).
    let bomber = "****1k****/10/10/10/10/10/4r5/4Y5/10/10/10/****K1**** w - - - 0 1";
    assert_eq!(cues("holygrail", &[], Some(bomber), "e4e6"), [Capture]);
}

#[test]
fn holywar_drops_and_the_king_lady_swap() {
    assert_eq!(cues("holywar", &[], None, "K@b2"), [Drop]);
    // After the swap the Lady on c3 reaches b4 b2 a1 d2 and the king's
    // squares; the black king on b7 is not attacked.
    let swap = board(
        "holywar",
        &[("c3", 'K'), ("d4", 'L'), ("b7", 'k')],
        "w - - - 0 1",
    );
    assert_eq!(cues("holywar", &[], Some(&swap), "c3d4"), [Castling]);
}

#[test]
fn ghostarelay_castling_pass_and_the_last_capture() {
    // King e4 to g4 over f4, the rook beyond g4 jumps to f4.
    let castle = board(
        "ghostarelay",
        &[("e4", 'K'), ("h4", 'R'), ("a7", 'p')],
        "w - - - 0 1",
    );
    assert_eq!(
        cues("ghostarelay", &[], Some(&castle), "e4g4,h4f4"),
        [Castling]
    );

    // Black's pawn a7 is blocked by White's a6 and has nothing to capture:
    // with no-moves=pass Black passes, a plain move sound.
    let blocked = board(
        "ghostarelay",
        &[("j1", 'K'), ("a6", 'P'), ("a7", 'p')],
        "w - - - 0 1",
    );
    let pass = [("no-moves", "pass")];
    assert_eq!(cues("ghostarelay", &pass, Some(&blocked), "j1j2"), [Move]);
    assert_eq!(
        cues("ghostarelay", &pass, Some(&blocked), "j1j2 pass"),
        [Move]
    );

    // Taking Black's last piece: Black cannot move and wins (docs/rules.md §7).
    let last = board("ghostarelay", &[("a1", 'R'), ("a5", 'r')], "w - - - 0 1");
    assert_eq!(
        cues("ghostarelay", &[], Some(&last), "a1a5"),
        [GameEnd, Capture]
    );
}

// ------------------------------------------------------------ the WAV files

/// Format and samples of a PCM WAV file.
struct Wav {
    format: u16,
    channels: u16,
    rate: u32,
    bits: u16,
    samples: Vec<i16>,
}

/// Reads the RIFF chunks of a WAV file; None when it is not one.
fn read_wav(bytes: &[u8]) -> Option<Wav> {
    let u16_at = |b: &[u8], i: usize| Some(u16::from_le_bytes(b.get(i..i + 2)?.try_into().ok()?));
    let u32_at = |b: &[u8], i: usize| Some(u32::from_le_bytes(b.get(i..i + 4)?.try_into().ok()?));
    if bytes.get(0..4)? != b"RIFF" || bytes.get(8..12)? != b"WAVE" {
        return None;
    }
    let (mut fmt, mut data) = (None, None);
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let size = u32_at(bytes, at + 4)? as usize;
        let body = bytes.get(at + 8..at + 8 + size)?;
        match bytes.get(at..at + 4)? {
            b"fmt " => fmt = Some(body),
            b"data" => data = Some(body),
            _ => {}
        }
        at += 8 + size + size % 2;
    }
    let (fmt, data) = (fmt?, data?);
    Some(Wav {
        format: u16_at(fmt, 0)?,
        channels: u16_at(fmt, 2)?,
        rate: u32_at(fmt, 4)?,
        bits: u16_at(fmt, 14)?,
        samples: data
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect(),
    })
}

#[test]
fn every_cue_has_its_own_short_clean_wav() {
    // −1 dBFS: the loudest sample a file may hold (headroom, never clipping).
    let max_peak = (32767.0 * 10f64.powf(-1.0 / 20.0)) as i32;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/sounds");
    for cue in SoundCue::ALL {
        let name = cue.file_name();
        let on_disk = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            cue.bytes(),
            on_disk,
            "{name}: the embedded file is this one"
        );
        let w = read_wav(cue.bytes()).unwrap_or_else(|| panic!("{name} is not a WAV file"));
        assert_eq!(
            (w.format, w.channels, w.rate, w.bits),
            (1, 1, 44100, 16),
            "{name}: 16-bit mono PCM at 44.1 kHz"
        );
        let seconds = w.samples.len() as f64 / 44100.0;
        let limit = if cue == GameEnd { 1.2 } else { 0.5 };
        assert!((0.05..=limit).contains(&seconds), "{name}: {seconds} s");
        assert_eq!(w.samples.first(), Some(&0), "{name} starts at 0");
        assert_eq!(w.samples.last(), Some(&0), "{name} ends at 0");
        let peak = w
            .samples
            .iter()
            .map(|s| i32::from(*s).abs())
            .max()
            .unwrap_or(0);
        assert!((1000..=max_peak).contains(&peak), "{name}: peak {peak}");
        let mean = w.samples.iter().map(|s| f64::from(*s)).sum::<f64>() / w.samples.len() as f64;
        assert!(mean.abs() < 0.002 * 32768.0, "{name}: DC offset {mean}");
    }
    for (i, a) in SoundCue::ALL.iter().enumerate() {
        for b in &SoundCue::ALL[..i] {
            assert_ne!(a.file_name(), b.file_name());
            assert_ne!(a.bytes(), b.bytes(), "{a:?} and {b:?} are the same sound");
        }
    }
}
