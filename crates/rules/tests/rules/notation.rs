//! VFEN and LMN (docs/rules.md §8): round trips, and every error path of the
//! readers, each with a message that names the problem. Nothing may panic.

use std::collections::HashSet;
use std::sync::Arc;

use crate::common::{self, option_values};

use chimera_rules::{
    Color, Game, Illegal, Kind, MoveKind, OptionKind, Position, RulesError, SplitMix64, Variant,
    VfenField, variants,
};

/// Option names and values.
type Options = Vec<(&'static str, &'static str)>;

fn variant(id: &str) -> Arc<Variant> {
    common::variant(id, &[])
}

fn variant_with(id: &str, opts: &[(&str, &str)]) -> Arc<Variant> {
    common::variant(id, opts)
}

/// Parses and prints again: the text must come back unchanged, and parsing
/// the printed text must give the same hash.
fn round_trip(v: &Arc<Variant>, vfen: &str) {
    let p = Position::from_vfen(v, vfen).unwrap_or_else(|e| panic!("{} '{vfen}': {e}", v.id()));
    assert_eq!(p.to_vfen(), vfen, "{}", v.id());
    assert_eq!(p.hash(), p.recomputed_hash());
    let again = Position::from_vfen(v, &p.to_vfen()).expect("printed VFEN parses");
    assert_eq!(again.hash(), p.hash());
}

/// The error message for a VFEN that must be rejected; it must contain every
/// one of `words`.
fn vfen_error(v: &Arc<Variant>, vfen: &str, words: &[&str]) -> String {
    let e = match Position::from_vfen(v, vfen) {
        Ok(p) => panic!("{} accepted '{vfen}' as {}", v.id(), p.to_vfen()),
        Err(e) => e.to_string(),
    };
    for w in words {
        assert!(
            e.contains(w),
            "error for '{vfen}' should mention '{w}': {e}"
        );
    }
    assert!(!e.contains('\n'), "one line: {e}");
    e
}

fn lmn_error(p: &Position, text: &str, words: &[&str]) -> String {
    let e = match p.parse_lmn(text) {
        Ok(m) => panic!("'{text}' parsed as {}", p.lmn(m)),
        Err(e) => e.to_string(),
    };
    for w in words {
        assert!(
            e.contains(w),
            "error for '{text}' should mention '{w}': {e}"
        );
    }
    e
}

fn option_error(id: &str, opts: &[(&str, &str)], words: &[&str]) {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let e = match Variant::new(id, &o) {
        Ok(_) => panic!("{id} {opts:?} accepted"),
        Err(e) => e.to_string(),
    };
    for w in words {
        assert!(
            e.contains(w),
            "error for {id} {opts:?} should mention '{w}': {e}"
        );
    }
}

// ---------------------------------------------------------------- round trips

#[test]
fn start_positions_of_all_seven_variants_match_the_rule_book() {
    let table = [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        ),
        (
            "grand",
            "r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKMCBN1/R8R w - - - 0 1",
        ),
        (
            "embassy",
            "rnbqkmcbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR w AJaj - - 0 1",
        ),
        (
            "holygrail",
            "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJISjjjjis 0 1",
        ),
        (
            "herculean",
            "rycxfqkwxczr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RYCXFQKWXCZR w ALal - - 0 1",
        ),
        (
            "holywar",
            "1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*6*/1******1 w - - KLCCBBSSklccbbss 0 1",
        ),
        (
            "ghostarelay",
            "rnbxqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBXQKGBNR w - - - 0 1",
        ),
    ];
    assert_eq!(chimera_rules::variants::builtin().len(), table.len());
    for (id, vfen) in table {
        let v = variant(id);
        assert_eq!(v.start_position().to_vfen(), vfen, "{id} start position");
        round_trip(&v, vfen);
        assert_eq!(Game::new(&v).position().to_vfen(), vfen);
    }
}

#[test]
fn start_positions_of_every_option_value_match_the_rule_book() {
    let hg_board =
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT****";
    let swapped =
        "****cc****/trwbqkbfrt/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/TRWBQKBFRT/****CC****";
    let cases: Vec<(&str, Options, String)> = vec![
        ("holygrail", vec![("drops", "full")], format!("{hg_board} w BIbi - JJJJISjjjjis 0 1")),
        ("holygrail", vec![("drops", "ninjas-serpent")], format!("{hg_board} w BIbi - JJJJSjjjjs 0 1")),
        ("holygrail", vec![("drops", "ninjas")], format!("{hg_board} w BIbi - JJJJjjjj 0 1")),
        ("holygrail", vec![("drops", "none")], format!("{hg_board} w BIbi - - 0 1")),
        ("holygrail", vec![("gryphons", "full")], format!("{hg_board} w BIbi - JJJJISjjjjis 0 1")),
        ("holygrail", vec![("setup", "swapped")], format!("{swapped} w BIbi - JJJJISjjjjis 0 1")),
        (
            "herculean",
            vec![("config", "2")],
            "rscxfqkwxcsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RSCXFQKWXCSR w ALal - - 0 1"
                .to_string(),
        ),
        ("ghostarelay", vec![("no-moves", "pass")], "rnbxqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBXQKGBNR w - - - 0 1".to_string()),
    ];
    for (id, opts, vfen) in cases {
        let v = variant_with(id, &opts);
        assert_eq!(v.start_position().to_vfen(), vfen, "{id} {opts:?}");
        round_trip(&v, &vfen);
    }
    // Holywar's random opening: both camps filled at once, no hands, White to move.
    for seed in ["1", "2", "17", "999999"] {
        let v = variant_with("holywar", &[("opening", "random"), ("seed", seed)]);
        let start = v.start_position().to_vfen();
        round_trip(&v, &start);
        let fields: Vec<&str> = start.split(' ').collect();
        assert_eq!(&fields[1..], &["w", "-", "-", "-", "0", "1"], "{start}");
        let ranks: Vec<&str> = fields[0].split('/').collect();
        // Pawns untouched on ranks 3 and 6; every camp square filled.
        assert_eq!(ranks[5], "*PPPPPP*");
        assert_eq!(ranks[2], "*pppppp*");
        for r in [ranks[0], ranks[1], ranks[6], ranks[7]] {
            assert!(
                !r.chars().any(|c| c.is_ascii_digit()),
                "camp rank with an empty square: {start}"
            );
        }
        let white: String = {
            let mut w: Vec<char> = (ranks[6].to_string() + ranks[7])
                .chars()
                .filter(char::is_ascii_uppercase)
                .collect();
            w.sort();
            w.into_iter().collect()
        };
        assert_eq!(white, "BBCCKLSS", "{start}");
    }
}

#[test]
fn positions_with_en_passant_round_trip() {
    // Chess: White just played e2e4 next to the black pawn on d4.
    round_trip(
        &variant("chess"),
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b AHah e3 - 0 3",
    );
    // Black just played c7c5 next to the white pawn on b5.
    round_trip(&variant("chess"), "4k3/8/8/1Pp5/8/8/8/4K3 w - c6 - 0 40");
    // Grand: the reference position of perft.md.
    round_trip(
        &variant("grand"),
        "r8r/1nbqkmcbn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKMCBN1/R8R w - e7 - 0 3",
    );
    // Holy Grail: a pawn moved f2–f5 and passed f3 and f4; black's g5 pawn is ready.
    round_trip(
        &variant("holygrail"),
        "****tt****/crwbqkbfrc/pppppp1ppp/10/10/10/5Pp3/10/10/PPPPP1PPPP/CRWBQKBFRC/****TT**** b BIbi f3,f4 JJJJISjjjjis 0 1",
    );
    // Herculean: a pawn moved e3–e6 over e4 and e5; black's d6 pawn is ready.
    round_trip(
        &variant("herculean"),
        "rycxfqkwxczr/jjjjjbbjjjjj/ppp1pppppppp/12/12/12/3pP7/12/12/PPPP1PPPPPPP/JJJJJBBJJJJJ/RYCXFQKWXCZR b ALal e4,e5 - 0 1",
    );
}

#[test]
fn en_passant_target_is_dropped_when_no_pawn_can_take() {
    // RULES §8: written only when an enemy pawn stands ready; a reader accepts it either way.
    let v = variant("chess");
    let p = Position::from_vfen(
        &v,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b AHah e3 - 0 1",
    )
    .expect("accepted");
    assert_eq!(
        p.to_vfen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b AHah - - 0 1"
    );
    let mut g = Game::new(&v);
    g.play_lmn("e2e4").expect("legal");
    assert_eq!(
        g.position().to_vfen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b AHah - - 0 1"
    );
}

#[test]
fn castling_subsets_round_trip() {
    let chess = variant("chess");
    for rights in ["AHah", "AHa", "Ah", "H", "a", "h", "Hh", "-"] {
        round_trip(
            &chess,
            &format!("r3k2r/8/8/8/8/8/8/R3K2R w {rights} - - 5 20"),
        );
    }
    let embassy = variant("embassy");
    for rights in ["AJaj", "Ja", "J", "j", "Aj", "-"] {
        round_trip(
            &embassy,
            &format!("r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R b {rights} - - 2 7"),
        );
    }
    let hg = variant("holygrail");
    for rights in ["BIbi", "Ib", "B", "i", "-"] {
        round_trip(
            &hg,
            &format!(
                "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w {rights} - JJJJISjjjjis 0 1"
            ),
        );
    }
    let herc = variant("herculean");
    for rights in ["ALal", "Ll", "A", "-"] {
        round_trip(
            &herc,
            &format!(
                "rycxfqkwxczr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RYCXFQKWXCZR w {rights} - - 0 1"
            ),
        );
    }
}

#[test]
fn hands_locked_serpents_and_holes_round_trip() {
    let hg = variant("holygrail");
    // A locked white Gryphon on e6, an unlocked black Cannon on b4, a locked black
    // Vao on h7; hands partly used.
    round_trip(
        &hg,
        "****tt****/crwbqkbfrc/pppppppppp/10/7v~2/4G~5/10/1o8/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJIjjjji 12 30",
    );
    // Every serpent form, locked and unlocked, on the board.
    round_trip(
        &hg,
        "****1k****/10/gaGA6/yxYX6/o~v~O~V~6/10/10/10/10/10/10/****K1**** b - - - 0 1",
    );
    // Prince and ninja pawns on the board, empty holes-adjacent squares e0/f0.
    round_trip(
        &hg,
        "****2****/4k5/10/10/4J5/2j7/10/10/10/10/3I1K4/****2**** w - - JJSjjs 0 60",
    );
    let hg_none = variant_with("holygrail", &[("drops", "none")]);
    round_trip(
        &hg_none,
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - - 0 1",
    );
    // Holywar in the middle of the drop opening and after it.
    let hw = variant("holywar");
    round_trip(
        &hw,
        "1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*K5*/1******1 b - - LCCBBSSklccbbss 0 1",
    );
    round_trip(
        &hw,
        "s******1/*lk4*/*pppppp*/*6*/*6*/*PPPPPP*/*C4K*/L******1 w - - CBBSSccbbs 0 4",
    );
    round_trip(
        &hw,
        "s******b/*lkbccs*/*pppppp*/*6*/*6*/*PPPPPP*/*SBKCCS*/L******B w - - - 0 9",
    );
}

#[test]
fn ghostarelay_and_clocks_round_trip() {
    let gr = variant("ghostarelay");
    round_trip(
        &gr,
        "rnbxqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBXQKGBNR b - - - 99 123",
    );
    round_trip(&gr, "10/10/10/4W5/10/10/10/10/10/10 w - - - 0 1");
}

#[test]
fn every_legal_move_round_trips_through_lmn() {
    let cases: Vec<(Arc<Variant>, &str)> = vec![
        (
            variant("chess"),
            "r3k2r/pPp4p/8/3Pp3/8/8/P6P/R3K2R w AHah e6 - 0 1",
        ),
        (
            variant("embassy"),
            "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w AJaj - - 0 1",
        ),
        (
            variant("grand"),
            "r8r/1k1q1mcb2/pppbp2ppp/2np2pn2/10/4NP4/3P2PN2/PPP4PPP/2BQRMCB2/R4K4 w - - - 3 11",
        ),
        (
            variant("holygrail"),
            "****2****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****2**** w BIbi - JJJJISjjjjis 0 1",
        ),
        (
            variant("holywar"),
            "1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*6*/1******1 w - - KLCCBBSSklccbbss 0 1",
        ),
    ];
    for (v, vfen) in cases {
        let p = Position::from_vfen(&v, vfen).expect("valid");
        let moves = p.legal_moves();
        assert!(!moves.is_empty());
        let mut seen = HashSet::new();
        for m in moves {
            let text = p.lmn(m);
            assert!(
                seen.insert(text.clone()),
                "two legal moves print as '{text}' in {vfen}"
            );
            assert_eq!(p.parse_lmn(&text), Ok(m), "{text}");
        }
    }
}

#[test]
fn lmn_forms_of_rule_book_section_8() {
    // Castling, promotion (with capture), en passant in chess.
    let chess = variant("chess");
    let p = Position::from_vfen(&chess, "r3k2r/pPp4p/8/3Pp3/8/8/P6P/R3K2R w AHah e6 - 0 1")
        .expect("valid");
    let names: HashSet<String> = p.legal_moves().into_iter().map(|m| p.lmn(m)).collect();
    for m in [
        "e1g1,h1f1",
        "e1c1,a1d1",
        "b7b8=Q",
        "b7b8=N",
        "b7a8=R",
        "d5e6",
        "a2a4",
    ] {
        assert!(names.contains(m), "{m} missing from {names:?}");
    }
    // Drops with and without push, serpent drops by form, mutation.
    let hg = variant("holygrail");
    let p = Position::from_vfen(
        &hg,
        "****2****/crwbqkbfrc/pppppppppp/10/10/10/O9/10/10/PPPP1PPPPP/CRWBQKBFRC/****2**** w BIbi - JJJJISjjjjis 0 1",
    )
    .expect("valid");
    let moves = p.legal_moves();
    let names: HashSet<String> = moves.iter().map(|m| p.lmn(*m)).collect();
    for m in [
        "J@e2", "J@e2-e3", "J@e2-e5", "I@e0", "I@f0", "G@f0", "O@e0", "V@f0", "a5~Y", "a5~V",
    ] {
        assert!(names.contains(m), "{m} missing");
    }
    assert!(!names.contains("a5~O"), "mutation into its own form");
    assert!(
        !names.contains("J@e2-e6"),
        "a ninja push may not pass the centre rank"
    );
    let kinds: HashSet<MoveKind> = moves.iter().map(|m| m.kind()).collect();
    assert!(kinds.contains(&MoveKind::Drop) && kinds.contains(&MoveKind::Mutate));
}

// ------------------------------------------------------------- VFEN errors

/// VFENs to refuse (docs/rules.md §8): variant, options, text, the field the error
/// names, and words the one-line message must contain.
type VfenCase = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
    VfenField,
    &'static [&'static str],
);

const VFEN_ERRORS: &[VfenCase] = &[
    // Seven fields, no more, no fewer.
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1",
        VfenField::FieldCount,
        &["7 fields", "found 6"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1 x",
        VfenField::FieldCount,
        &["7 fields", "found 8"],
    ),
    (
        "chess",
        &[],
        "",
        VfenField::FieldCount,
        &["7 fields", "found 0"],
    ),
    ("chess", &[], "   ", VfenField::FieldCount, &["7 fields"]),
    // One rank per rank of the board, separated by '/'.
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["7 ranks", "needs 8"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["9 ranks", "needs 8"],
    ),
    (
        "grand",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["8 ranks", "grand needs 10"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w AHah - - 0 1",
        VfenField::Board,
        &["9 ranks"],
    ),
    // Every rank spans the full width: runs from 1 up, never wider than the board.
    (
        "chess",
        &[],
        "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["rank 8", "longer than 8 files"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["rank 6", "9 empty squares", "a6"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["rank 4", "4 empty squares", "f4"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w AHah - - 0 1",
        VfenField::Board,
        &["rank 1", "covers 7 files", "has 8"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8//8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["rank 4", "covers 0 files"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/0/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["rank 4", "0 empty squares"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/44/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["rank 4", "44"],
    ),
    (
        "grand",
        &[],
        "r8r/1nbqkmcbn1/pppppppppp/10/10/10/11/PPPPPPPPPP/1NBQKMCBN1/R8R w - - - 0 1",
        VfenField::Board,
        &["rank 4", "11 empty"],
    ),
    (
        "grand",
        &[],
        "r8r/1nbqkmcbn1/pppppppppp/10/10/10/9/PPPPPPPPPP/1NBQKMCBN1/R8R w - - - 0 1",
        VfenField::Board,
        &["rank 4", "covers 9 files"],
    ),
    // '*' only for a missing square (e11 exists on the Holy Grail board).
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/*7/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["'*'", "a4", "exists"],
    ),
    (
        "holygrail",
        &[],
        "*****t****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - - 0 1",
        VfenField::Board,
        &["'*'", "e11", "exists"],
    ),
    // No piece and no empty run on a missing square.
    (
        "holygrail",
        &[],
        "t***tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - - 0 1",
        VfenField::Board,
        &["'t'", "a11", "missing"],
    ),
    (
        "holygrail",
        &[],
        "10/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - - 0 1",
        VfenField::Board,
        &["a11", "missing", "'*'"],
    ),
    (
        "holygrail",
        &[],
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/***TTT**** w BIbi - - 0 1",
        VfenField::Board,
        &["d0", "missing"],
    ),
    (
        "holywar",
        &[],
        "1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*6*/1K*****1 w - - LCCBBSSklccbbss 0 1",
        VfenField::Board,
        &["'K'", "b1", "missing"],
    ),
    (
        "holywar",
        &[],
        "8/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*6*/1******1 w - - KLCCBBSSklccbbss 0 1",
        VfenField::Board,
        &["b8", "missing"],
    ),
    // Letters of the variant's pieces only: a Marshal is no chess or Holy Grail
    // piece, a Gryphon no Grand piece; without the serpent option the serpent
    // forms are unknown.
    (
        "chess",
        &[],
        "rnbqkbnz/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["unknown piece letter 'z'", "h8"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/3M4/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["'M'", "d4"],
    ),
    (
        "grand",
        &[],
        "r8r/1nbqkmcbn1/pppppppppp/10/10/4G5/10/PPPPPPPPPP/1NBQKMCBN1/R8R w - - - 0 1",
        VfenField::Board,
        &["'G'", "e5"],
    ),
    (
        "holygrail",
        &[],
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKMFRC/****TT**** w - - - 0 1",
        VfenField::Board,
        &["'M'", "g1"],
    ),
    (
        "holygrail",
        &[("drops", "ninjas")],
        "****tt****/crwbqkbfrc/pppppppppp/10/10/4O5/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w - - - 0 1",
        VfenField::Board,
        &["'O'", "e6"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/3?4/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["'?'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/3é4/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["'é'"],
    ),
    // '~' only once, right after a serpent form.
    (
        "holygrail",
        &[],
        "****tt****/crwbq~kbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - - 0 1",
        VfenField::Board,
        &["'~'", "'q'", "not a serpent"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN~BQKBNR w AHah - - 0 1",
        VfenField::Board,
        &["'~'", "'N'"],
    ),
    (
        "holygrail",
        &[],
        "****tt****/~crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - - 0 1",
        VfenField::Board,
        &["'~'"],
    ),
    (
        "holygrail",
        &[],
        "****tt****/crwbqkbfrc/pppppppppp/10/10/4G~~5/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - - 0 1",
        VfenField::Board,
        &["'~'"],
    ),
    // The side to move is 'w' or 'b'.
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W AHah - - 0 1",
        VfenField::SideToMove,
        &["side to move", "W"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x AHah - - 0 1",
        VfenField::SideToMove,
        &["side to move", "x"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white AHah - - 0 1",
        VfenField::SideToMove,
        &["side to move", "white"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - AHah - - 0 1",
        VfenField::SideToMove,
        &["side to move", "-"],
    ),
    // Castling letters name castling rook files of the variant (Grand has no
    // castling; Embassy's rooks are on a and j).
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - 0 1",
        VfenField::Castling,
        &["castling", "'K'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHaz - - 0 1",
        VfenField::Castling,
        &["castling", "'z'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AH1 - - 0 1",
        VfenField::Castling,
        &["castling", "'1'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHé - - 0 1",
        VfenField::Castling,
        &["castling", "'é'"],
    ),
    (
        "grand",
        &[],
        "r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKMCBN1/R8R w A - - 0 1",
        VfenField::Castling,
        &["castling", "'A'", "grand"],
    ),
    (
        "embassy",
        &[],
        "rnbqkmcbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR w AH - - 0 1",
        VfenField::Castling,
        &["castling", "'H'", "embassy"],
    ),
    // A right needs its king and its rook at home: no rook on h1; the king not
    // on e8; a knight on a1; a black rook gives White no right; Embassy's king
    // on f1.
    (
        "chess",
        &[],
        "r3k2r/8/8/8/8/8/8/R3K3 w AH - - 0 1",
        VfenField::Castling,
        &["castling", "'H'", "king on e1", "rook on h1"],
    ),
    (
        "chess",
        &[],
        "r2k3r/8/8/8/8/8/8/R3K2R w AHah - - 0 1",
        VfenField::Castling,
        &["castling", "'a'", "black king on e8"],
    ),
    (
        "chess",
        &[],
        "r3k2r/8/8/8/8/8/8/N3K2R w A - - 0 1",
        VfenField::Castling,
        &["castling", "'A'", "rook on a1"],
    ),
    (
        "chess",
        &[],
        "r3k2r/8/8/8/8/8/8/r3K2R w A - - 0 1",
        VfenField::Castling,
        &["castling", "'A'"],
    ),
    (
        "embassy",
        &[],
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w AJ - - 0 1",
        VfenField::Castling,
        &["castling", "king on e1"],
    ),
    // En-passant squares: squares of the board, empty, along one pawn's path,
    // with the pawn that passed them beyond the last, and no more than a pawn
    // move of the variant passes over (Herculean: 2).
    (
        "chess",
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b AHah e9 - 0 3",
        VfenField::EnPassant,
        &["en passant", "'e9'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b AHah E3 - 0 3",
        VfenField::EnPassant,
        &["en passant", "'E3'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b AHah e - 0 3",
        VfenField::EnPassant,
        &["en passant", "'e'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b AHah e3, - 0 3",
        VfenField::EnPassant,
        &["en passant", "''"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b AHah i3 - 0 3",
        VfenField::EnPassant,
        &["en passant", "'i3'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b AHah e4 - 0 3",
        VfenField::EnPassant,
        &["en passant", "e4", "not empty"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b AHah d3 - 0 3",
        VfenField::EnPassant,
        &["en passant", "no white pawn", "d3"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b AHah e6 - 0 3",
        VfenField::EnPassant,
        &["en passant", "no white pawn", "e6"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b AHah e3,d3 - 0 3",
        VfenField::EnPassant,
        &["en passant", "not in a pawn's path"],
    ),
    (
        "herculean",
        &[],
        "rycxfqkwxczr/jjjjjbbjjjjj/ppp1pppppppp/12/12/3pP7/12/12/12/PPPP1PPPPPPP/JJJJJBBJJJJJ/RYCXFQKWXCZR b ALal e3,e4,e5,e6 - 0 1",
        VfenField::EnPassant,
        &["en passant", "4 squares", "at most 2"],
    ),
    // §8: all the squares one pawn move just passed over. Chess pawns pass one
    // square at most; a pawn on e5 over e4 came from e3, a rank without
    // double step (Black: d4 over d5 from d6); the square the pawn left is
    // taken; Grand pawns double-step from rank 3 only; a Holy Grail pawn on
    // rank 3 moves at most 2 squares; Holywar and Ghostarelay have none.
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b AHah e3,e4 - 0 1",
        VfenField::EnPassant,
        &["en passant", "2 squares", "chess", "at most 1"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b AHah e4 - 0 1",
        VfenField::EnPassant,
        &["en passant", "e4", "a pawn on e3 does not move 2 squares"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w AHah d5 - 0 2",
        VfenField::EnPassant,
        &[
            "en passant",
            "black",
            "a pawn on d6 does not move 2 squares",
        ],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b AHah e3 - 0 1",
        VfenField::EnPassant,
        &["en passant", "e2, where it came from, is not empty"],
    ),
    (
        "grand",
        &[],
        "r8r/1nbqkmcbn1/pppppppppp/10/4P5/10/10/PPPP1PPPPP/1NBQKMCBN1/R8R b - e5 - 0 1",
        VfenField::EnPassant,
        &["en passant", "a pawn on e4 does not move 2 squares"],
    ),
    (
        "holygrail",
        &[],
        "****tt****/crwbqkbfrc/pppppppppp/10/10/5P4/10/10/10/PPPPP1PPPP/CRWBQKBFRC/****TT**** b BIbi f4,f5 - 0 1",
        VfenField::EnPassant,
        &[
            "en passant",
            "f4,f5",
            "a pawn on f3 does not move 3 squares",
        ],
    ),
    (
        "holywar",
        &[],
        "1******1/*6*/*pppppp*/*6*/*P5*/*1PPPPP*/*6*/1******1 b - b3 KLCCBBSSklccbbss 0 1",
        VfenField::EnPassant,
        &["en passant", "holywar has no en passant", "'-'"],
    ),
    (
        "ghostarelay",
        &[],
        "rnbxqkgbnr/pppppppppp/10/10/10/10/P9/10/1PPPPPPPPP/RNBXQKGBNR b - a3 - 0 1",
        VfenField::EnPassant,
        &["en passant", "ghostarelay has no en passant"],
    ),
    // Hand letters of the variant's start hand (a serpent is held as S, never as
    // one of its forms; the prince only with drops=full).
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - Q 0 1",
        VfenField::Hand,
        &["hand", "'Q'", "chess"],
    ),
    (
        "holygrail",
        &[],
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJQjjjj 0 1",
        VfenField::Hand,
        &["hand", "'Q'"],
    ),
    (
        "holygrail",
        &[],
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJGjjjj 0 1",
        VfenField::Hand,
        &["hand", "'G'"],
    ),
    (
        "holygrail",
        &[],
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - JJ1Jjjjj 0 1",
        VfenField::Hand,
        &["hand", "'1'"],
    ),
    (
        "holygrail",
        &[("drops", "ninjas")],
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJIjjjj 0 1",
        VfenField::Hand,
        &["hand", "'I'"],
    ),
    (
        "holywar",
        &[],
        "1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*6*/1******1 w - - KLCCBBSSPklccbbss 0 1",
        VfenField::Hand,
        &["hand", "'P'"],
    ),
    // Clocks are whole numbers: the half-move clock from 0, the full-move
    // number from 1.
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - x 1",
        VfenField::HalfmoveClock,
        &["half-move clock", "'x'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - -1 1",
        VfenField::HalfmoveClock,
        &["half-move clock", "'-1'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 1.5 1",
        VfenField::HalfmoveClock,
        &["half-move clock", "'1.5'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 99999999999 1",
        VfenField::HalfmoveClock,
        &["half-move clock"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 0",
        VfenField::FullmoveNumber,
        &["full-move number", "'0'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 -3",
        VfenField::FullmoveNumber,
        &["full-move number", "'-3'"],
    ),
    (
        "chess",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 one",
        VfenField::FullmoveNumber,
        &["full-move number", "'one'"],
    ),
    // No pawn on its promotion rank.
    (
        "chess",
        &[],
        "P3k3/8/8/8/8/8/8/4K3 w - - - 0 1",
        VfenField::Board,
        &["pawn", "a8", "promotion rank"],
    ),
    (
        "chess",
        &[],
        "4k3/8/8/8/8/8/8/4K2p w - - - 0 1",
        VfenField::Board,
        &["pawn", "h1", "promotion rank"],
    ),
    (
        "grand",
        &[],
        "4P5/4k5/10/10/10/10/10/10/4K5/10 w - - - 0 1",
        VfenField::Board,
        &["pawn", "e10"],
    ),
    (
        "embassy",
        &[],
        "4k5/10/10/10/10/10/10/4K4p b - - - 0 1",
        VfenField::Board,
        &["pawn", "j1"],
    ),
    // The side to move may not be able to capture the enemy king (Grand's pawn
    // blocked on rank 9 attacks it too, §2).
    (
        "chess",
        &[],
        "4k3/8/8/8/8/8/4R3/4K3 w - - - 0 1",
        VfenField::Position,
        &["White", "capture", "king"],
    ),
    (
        "chess",
        &[],
        "4k3/8/8/8/8/8/3p4/4K3 b - - - 0 1",
        VfenField::Position,
        &["Black", "capture", "king"],
    ),
    (
        "grand",
        &[],
        "2k7/3P6/10/10/10/10/10/10/1NBQKMCBN1/R8R w - - - 0 1",
        VfenField::Position,
        &["White", "capture", "king"],
    ),
    // One king per side.
    (
        "chess",
        &[],
        "4k3/8/8/8/8/8/8/K3K3 w - - - 0 1",
        VfenField::Board,
        &["White", "2 kings"],
    ),
];

#[test]
fn readable_notation_tells_two_pawns_reaching_one_square_apart() {
    // Ghostarelay: the a7 pawn moves away from the enemy Relay on a8 (relay
    // power, docs/rules.md §7) to a6, where the a5 pawn's push also goes.
    let v = variant("ghostarelay");
    let p = Position::from_vfen(&v, "4k5/10/x9/P9/10/P9/10/10/2P7/4K5 w - - - 0 1").unwrap();
    let san = |lmn: &str| p.san(p.parse_lmn(lmn).unwrap());
    assert_eq!(san("a7a6"), "a7a6");
    assert_eq!(san("a5a6"), "a5a6");
    // A push no other pawn shares stays short.
    assert_eq!(san("c2c3"), "c3");
}

#[test]
fn malformed_vfens_are_refused_naming_the_field() {
    for &(id, options, text, field, words) in VFEN_ERRORS {
        let v = variant_with(id, options);
        vfen_error(&v, text, words);
        match Position::from_vfen(&v, text) {
            Err(RulesError::BadVfen { field: f, .. }) => assert_eq!(f, field, "{id} '{text}'"),
            other => panic!("{id} '{text}': {:?}", other.map(|p| p.to_vfen())),
        }
    }
}

/// Positions next to the errors above that are fine.
#[test]
fn vfens_next_to_the_errors_are_accepted() {
    let table = [
        // Grand pawns may stand on ranks 8 and 9 (optional promotion).
        ("grand", "7k2/3P6/2P7/10/10/10/10/10/4K5/10 w - - - 0 1"),
        // The side not to move may be in check.
        ("chess", "4k3/8/8/8/8/8/4R3/4K3 b - - - 0 1"),
        ("chess", "4k3/8/8/8/8/8/3p4/4K3 w - - - 0 1"),
        (
            "grand",
            "2k7/3P6/10/10/10/10/10/10/1NBQKMCBN1/R8R b - - - 0 1",
        ),
    ];
    for (id, text) in table {
        Position::from_vfen(&variant(id), text).unwrap_or_else(|e| panic!("{id} '{text}': {e}"));
    }
    // The longest pawn moves of the rule book leave en-passant lists: Holy
    // Grail's 2-square move from rank 3 (over f4) and 3-square move from
    // rank 2 (over f3, f4).
    let hg = variant("holygrail");
    let board =
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/5P4/10/10/PPPPP1PPPP/CRWBQKBFRC/****TT****";
    for ep in ["f4", "f3,f4"] {
        let text = format!("{board} b BIbi {ep} - 0 1");
        let p = Position::from_vfen(&hg, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        // No black pawn stands ready to take: the targets are not written back.
        assert_eq!(p.to_vfen(), text.replace(&format!(" {ep} "), " - "));
    }
}

// ---------------------------------------------------------------- LMN errors

#[test]
fn lmn_syntax_errors() {
    let v = variant("chess");
    let p = v.start_position();
    lmn_error(&p, "", &["not a move in LMN", "empty"]);
    lmn_error(&p, "e2", &["'e2'", "not a move in LMN"]);
    lmn_error(&p, "zz", &["'zz'", "not a move in LMN"]);
    lmn_error(&p, "e2e9", &["'e9'", "not a square"]);
    lmn_error(&p, "e0e4", &["'e0'", "not a square"]);
    lmn_error(&p, "i2i4", &["'i2'", "not a square"]);
    lmn_error(&p, "E2E4", &["'E2E4'", "not a move in LMN"]);
    lmn_error(&p, "e2-e4", &["not a move in LMN"]);
    lmn_error(&p, "e2e4=", &["not a piece letter"]);
    lmn_error(&p, "e7e8=Z", &["'Z'", "not a piece letter of chess"]);
    lmn_error(&p, "e7e8=q", &["'q'", "not a piece letter"]);
    lmn_error(&p, "e7e8=QQ", &["'QQ'", "not a piece letter"]);
    lmn_error(&p, "Z@e4", &["'Z'", "not a piece letter"]);
    lmn_error(&p, "@e4", &["not a piece letter"]);
    lmn_error(&p, "Q@e9", &["'e9'", "not a square"]);
    lmn_error(&p, "Q@e2-", &["not a square"]);
    lmn_error(&p, "e4~", &["not a piece letter"]);
    lmn_error(&p, "e9~Q", &["'e9'"]);
    lmn_error(&p, "^", &["not a square"]);
    lmn_error(&p, "^z9", &["'z9'"]);
    lmn_error(&p, "e1g1,", &["not a move in LMN"]);
    lmn_error(&p, "e1g1,h1", &["not a move in LMN"]);
    lmn_error(&p, "e2e04", &["not a square"]);
    lmn_error(&p, "é2e4", &["not a move in LMN"]);
    lmn_error(&p, "e2e4 ", &[]);
    // Holy Grail squares that are holes.
    let hg = variant("holygrail").start_position();
    lmn_error(&hg, "d1d0", &["'d0'", "not a square"]);
    lmn_error(&hg, "J@a11", &["'a11'", "not a square"]);
}

#[test]
fn lmn_illegal_moves() {
    let v = variant("chess");
    let p = v.start_position();
    for m in [
        "e2e5",
        "e1e2",
        "e1g1,h1f1",
        "e7e5",
        "b1d2",
        "a1a3",
        "e2e4=Q",
        "Q@e4",
        "e2~Q",
        "^e2",
        "pass",
        "e2e3=Q",
        "d1d1",
    ] {
        lmn_error(&p, m, &[&format!("'{m}'"), "not legal here"]);
    }
    // A pinned piece, a king walking into check, castling out of check.
    let p = Position::from_vfen(&v, "4k3/8/8/4r3/5n2/4B3/8/R3K2R w AH - - 0 1").expect("valid");
    for m in ["e3f4", "e3d4", "e1e2", "e1d2,a1d1"] {
        lmn_error(&p, m, &["not legal here"]);
    }
    assert!(p.parse_lmn("e1g1,h1f1").is_ok() && p.parse_lmn("e1f2").is_ok());
    let p = Position::from_vfen(&v, "4k3/8/8/4r3/8/8/8/R3K2R w AH - - 0 1").expect("valid");
    for m in ["e1g1,h1f1", "e1c1,a1d1", "e1e2", "a1a2"] {
        lmn_error(&p, m, &["not legal here"]);
    }
    // Grand: promotion to a piece still at its initial count.
    let g = variant("grand");
    let p = Position::from_vfen(&g, "7k2/3P6/10/10/10/10/10/10/1NBQKMCBN1/R8R w - - - 0 1")
        .expect("valid");
    for m in ["d9d10=Q", "d9d10", "d9d10=P", "d9d10=K"] {
        lmn_error(&p, m, &["not legal here"]);
    }
    // A game that is over accepts no move.
    let mut game = Game::new(&v);
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_lmn(m).expect("legal");
    }
    let e = game.play_lmn("e1f2").expect_err("game over");
    assert!(e.to_string().contains("over"), "{e}");
}

// ------------------------------------------------- variants and their options

#[test]
fn unknown_variant_option_or_value() {
    let e = Variant::new("xiangqi", &[]).expect_err("unknown");
    assert!(e.to_string().contains("unknown variant 'xiangqi'"), "{e}");
    assert!(e.to_string().contains("chess"), "lists the known ones: {e}");
    assert!(Variant::new("", &[]).is_err());
    assert!(Variant::new("Chess", &[]).is_err());
    option_error(
        "chess",
        &[("drops", "full")],
        &["unknown option 'drops'", "chess"],
    );
    option_error("grand", &[("config", "1")], &["unknown option 'config'"]);
    option_error(
        "holygrail",
        &[("drop", "full")],
        &["unknown option 'drop'", "drops"],
    );
    option_error(
        "holygrail",
        &[("drops", "lots")],
        &["bad value 'lots'", "'drops'", "full"],
    );
    option_error(
        "holygrail",
        &[("gryphons", "")],
        &["bad value ''", "'gryphons'"],
    );
    option_error(
        "holygrail",
        &[("setup", "Swapped")],
        &["bad value 'Swapped'", "'setup'"],
    );
    option_error(
        "herculean",
        &[("config", "3")],
        &["bad value '3'", "'config'"],
    );
    option_error(
        "herculean",
        &[("sorcerer", "leaping")],
        &["bad value 'leaping'"],
    );
    option_error(
        "holywar",
        &[("opening", "fixed")],
        &["bad value 'fixed'", "'opening'"],
    );
    option_error("holywar", &[("seed", "")], &["'seed'"]);
    option_error("holywar", &[("seed", "abc")], &["'abc'", "'seed'"]);
    option_error("holywar", &[("seed", "-5")], &["'-5'", "'seed'"]);
    option_error(
        "ghostarelay",
        &[("no-moves", "lose")],
        &["bad value 'lose'", "'no-moves'"],
    );
}

#[test]
fn every_listed_option_value_is_accepted() {
    for info in chimera_rules::variants::builtin() {
        for o in info.options {
            assert!(o.kind.allows(o.default), "{} {}", info.id, o.name);
            assert_eq!(o.default_value(), o.default);
            for val in option_values(&o.kind) {
                let v = variant_with(info.id, &[(o.name, &val)]);
                assert_eq!(v.id(), info.id);
                let p = v.start_position();
                round_trip(&v, &p.to_vfen());
                assert!(!p.legal_moves().is_empty());
            }
        }
    }
}

#[test]
fn number_options_refuse_values_outside_their_range_or_spelling() {
    let seed = variants()
        .iter()
        .find(|v| v.id == "holywar")
        .and_then(|v| v.options.iter().find(|o| o.name == "seed"))
        .expect("holywar seed");
    let OptionKind::Number { min, max } = seed.kind else {
        panic!("seed is a number option");
    };
    assert_eq!((min, max), (1, 999_999));
    let below = (min - 1).to_string();
    let above = (max + 1).to_string();
    for bad in [
        below.as_str(),
        above.as_str(),
        "+5",
        "007",
        " 5",
        "5.0",
        "1e3",
    ] {
        option_error(
            "holywar",
            &[("seed", bad)],
            &[&format!("bad value '{bad}'"), "'seed'", "1 to 999999"],
        );
    }
}

// ------------------------------------------------------------ no panics, ever

const ALPHABET: &[char] = &[
    'k', 'K', 'p', 'P', 'q', 'Q', 'r', 'R', 'n', 'N', 's', 'S', 'j', 'J', 'g', 'G', 'o', 'O', '~',
    '*', '/', ' ', '-', ',', '0', '1', '2', '9', 'a', 'e', 'h', 'w', 'b', '@', '=', '^', 'é', 'z',
    'Z', 'x', 'X', 'I', 'i',
];

/// Multi-byte, combining, invisible and look-alike characters (Kelvin sign,
/// fullwidth and Arabic-Indic digits: upper case or numeric, not ASCII).
const WIDE: &[char] = &[
    'é', '♔', 'Ö', '😀', '\u{301}', '\u{200B}', '\u{212A}', 'ǅ', '٣', 'Ⅻ', 'ﬀ', '１', 'ß',
    '\u{FEFF}', '\t', '\n', '\0',
];

/// Every built-in variant with every combination of its choice options, a
/// number option at one of its tried values (drawn by `rng`).
fn every_option_combination(rng: &mut SplitMix64) -> Vec<Arc<Variant>> {
    let mut out = Vec::new();
    for info in chimera_rules::variants::builtin() {
        for mut combo in common::choice_combos(info) {
            for o in info.options {
                if let OptionKind::Number { .. } = o.kind {
                    let values = option_values(&o.kind);
                    combo.push((o.name.to_string(), values[rng.below(values.len())].clone()));
                }
            }
            out.push(
                Variant::new(info.id, &combo)
                    .unwrap_or_else(|e| panic!("{} {combo:?}: {e}", info.id)),
            );
        }
    }
    out
}

/// The start position of `v` and up to `plies` positions of a random game
/// from it (drops, promotions and captures come up on the way).
fn positions_of(v: &Arc<Variant>, plies: usize, rng: &mut SplitMix64) -> Vec<Position> {
    let mut g = Game::new(v);
    let mut out = vec![g.position().clone()];
    for _ in 0..plies {
        let moves = g.position().legal_moves();
        if moves.is_empty() || g.outcome().is_some() {
            break;
        }
        g.play(moves[rng.below(moves.len())]).expect("legal");
        out.push(g.position().clone());
    }
    out
}

/// One random change of `base`: one to three characters removed, replaced
/// or put in (from the notation's own letters or multi-byte ones), a long
/// run of digits put in, a cut anywhere, a piece repeated, or a random
/// string instead.
fn mutated(base: &str, rng: &mut SplitMix64) -> String {
    let pick = |rng: &mut SplitMix64| {
        if rng.below(4) == 0 {
            WIDE[rng.below(WIDE.len())]
        } else {
            ALPHABET[rng.below(ALPHABET.len())]
        }
    };
    let mut t: Vec<char> = base.chars().collect();
    match rng.below(10) {
        0 => (0..1 + rng.below(40)).map(|_| pick(rng)).collect(),
        1 => {
            let at = rng.below(t.len() + 1);
            let digits: String = (0..1 + rng.below(30))
                .map(|_| char::from(b'0' + rng.below(10) as u8))
                .collect();
            t.splice(at..at, digits.chars());
            t.into_iter().collect()
        }
        2 => t[..rng.below(t.len() + 1)].iter().collect(),
        3 => {
            let (a, b) = (rng.below(t.len() + 1), rng.below(t.len() + 1));
            let piece: Vec<char> = t[a.min(b)..a.max(b)].to_vec();
            let at = rng.below(t.len() + 1);
            t.splice(at..at, piece);
            t.into_iter().collect()
        }
        _ => {
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(t.len() + 1);
                match rng.below(3) {
                    0 if i < t.len() => {
                        t.remove(i);
                    }
                    1 if i < t.len() => t[i] = pick(rng),
                    _ => t.insert(i, pick(rng)),
                }
            }
            t.into_iter().collect()
        }
    }
}

/// The slowest case of a fuzz test, kept to name it if it is too slow.
#[derive(Default)]
struct Slowest(std::time::Duration, String);

impl Slowest {
    fn time<T>(&mut self, what: &str, f: impl FnOnce() -> T) -> T {
        let t = std::time::Instant::now();
        let out = f();
        if t.elapsed() > self.0 {
            *self = Slowest(t.elapsed(), what.to_string());
        }
        out
    }

    /// Generous for a loaded machine: a case takes microseconds.
    fn check(&self) {
        assert!(
            self.0 < std::time::Duration::from_secs(1),
            "{:?} for '{}'",
            self.0,
            self.1
        );
    }
}

/// Random edits of valid VFENs of every built-in variant with every option
/// combination (the start and positions from play): every result is either
/// an error with a message or a position that prints back to a VFEN which
/// parses to the same position; never a panic, each case within a time bound.
#[test]
fn mutated_vfens_never_panic() {
    let mut rng = SplitMix64::new(7);
    let (mut accepted, mut refused) = (0, 0);
    let mut slowest = Slowest::default();
    for v in every_option_combination(&mut rng) {
        let seeds: Vec<String> = positions_of(&v, 30, &mut rng)
            .iter()
            .map(Position::to_vfen)
            .collect();
        for _ in 0..800 {
            let text = mutated(&seeds[rng.below(seeds.len())], &mut rng);
            slowest.time(&text, || match Position::from_vfen(&v, &text) {
                Ok(p) => {
                    accepted += 1;
                    let out = p.to_vfen();
                    let again = Position::from_vfen(&v, &out)
                        .unwrap_or_else(|e| panic!("'{text}' printed as '{out}': {e}"));
                    assert_eq!(again.to_vfen(), out);
                    assert_eq!(again.hash(), p.hash());
                    assert_eq!(p.hash(), p.recomputed_hash());
                    let _ = p.legal_moves();
                    let _ = p.terminal();
                }
                Err(e) => {
                    refused += 1;
                    assert!(!e.to_string().trim().is_empty(), "'{text}'");
                }
            });
        }
    }
    assert!(
        accepted > 100 && refused > 1000,
        "{accepted} accepted, {refused} refused"
    );
    slowest.check();
}

/// Random edits of the legal moves' LMN in positions of every built-in
/// variant with every option combination: a text that parses is a legal
/// move written that way; any other is an error quoting the text.
#[test]
fn random_lmn_text_never_panics() {
    let mut rng = SplitMix64::new(11);
    let (mut accepted, mut refused) = (0, 0);
    let mut slowest = Slowest::default();
    for v in every_option_combination(&mut rng) {
        for p in positions_of(&v, 20, &mut rng).iter().step_by(5) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                continue;
            }
            let legal: Vec<String> = moves.iter().map(|m| p.lmn(*m)).collect();
            for _ in 0..150 {
                let text = mutated(&legal[rng.below(legal.len())], &mut rng);
                slowest.time(&text, || match p.parse_lmn(&text) {
                    Ok(m) => {
                        accepted += 1;
                        assert!(moves.contains(&m), "'{text}'");
                        assert_eq!(p.lmn(m), text);
                    }
                    Err(e) => {
                        refused += 1;
                        assert!(
                            e.to_string().contains(&format!("'{text}'")) || text.trim().is_empty(),
                            "{e}"
                        );
                    }
                });
            }
        }
    }
    assert!(
        accepted > 100 && refused > 1000,
        "{accepted} accepted, {refused} refused"
    );
    slowest.check();
}

/// Huge numbers in a VFEN. §8 bounds neither the hand nor the clocks; the
/// reader keeps at most 255 of a piece in hand and clocks up to one billion
/// (so that playing on can never overflow them) and names the field beyond.
#[test]
fn huge_hand_counts_and_clocks() {
    let hg = variant("holygrail");
    let board =
        "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPP1P/CRWBQKBFRC/****TT****";
    let with_ninjas = |n: usize| format!("{board} w BIbi - {} 0 1", "J".repeat(n));
    // 255 ninja pawns in hand: read, written back, and played on. A drop
    // needs one in hand, so two plies count the same as with a single one.
    let mut many = Position::from_vfen(&hg, &with_ninjas(255)).expect("255 in hand");
    assert_eq!(many.hand_count(Color::White, Kind::NinjaPawn), 255);
    assert_eq!(many.to_vfen(), with_ninjas(255));
    let mut one = Position::from_vfen(&hg, &with_ninjas(1)).expect("one in hand");
    assert_eq!(many.perft(2), one.perft(2));
    for n in [256, 300] {
        match Position::from_vfen(&hg, &with_ninjas(n)) {
            Err(RulesError::BadVfen {
                field: VfenField::Hand,
                detail,
            }) => assert_eq!(detail, "hand: more than 255 'J'"),
            other => panic!("{n} in hand: {:?}", other.map(|p| p.to_vfen())),
        }
    }
    // Clocks: the half-move clock 0 to 1e9, the full-move number 1 to 1e9;
    // the first field out of range is the one named.
    let chess = variant("chess");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b AHah - -";
    for (half, full, bad) in [
        ("4294967295", "1", Some(VfenField::HalfmoveClock)),
        ("4294967294", "4294967295", Some(VfenField::HalfmoveClock)),
        ("1000000001", "1", Some(VfenField::HalfmoveClock)),
        ("0", "4294967295", Some(VfenField::FullmoveNumber)),
        ("0", "1000000001", Some(VfenField::FullmoveNumber)),
        ("1000000000", "1000000000", None),
    ] {
        let text = format!("{start} {half} {full}");
        match (Position::from_vfen(&chess, &text), bad) {
            (Err(RulesError::BadVfen { field, .. }), Some(want)) => assert_eq!(field, want),
            (Ok(mut p), None) => {
                // The start position with Black to move: by symmetry White's
                // 8902 positions after three plies.
                assert_eq!(p.perft(3), 8902);
                assert_eq!(p.to_vfen(), text);
                // A clock of 100 or more is a draw by the 100-ply rule (§0).
                let g = Game::from_vfen(&chess, &text).expect("valid");
                assert_eq!(
                    g.outcome().map(|o| o.result_text()),
                    Some("1/2-1/2 100-ply".to_string())
                );
            }
            (r, _) => panic!("{text}: {:?}", r.map(|p| p.to_vfen())),
        }
    }
}

/// A run of empty squares too long for a number: it overflowed (a panic in
/// a checked build; in a release build 4294967297 wrapped round to 1 and
/// was read as one empty square). Any length is refused naming the board
/// field, the run quoted short.
#[test]
fn runs_of_empty_squares_of_any_length_are_refused() {
    let chess = variant("chess");
    for (run, quoted) in [
        ("4294967297", "4294967297"),
        ("99999999999", "99999999999"),
        ("4294967296", "4294967296"),
        (&*"9".repeat(5000), "999999… (5000 digits)"),
    ] {
        let text = format!("rnbqkbnr/pppppppp/{run}/8/8/8/PPPPPPPP/RNBQKBNR w - - - 0 1");
        match Position::from_vfen(&chess, &text) {
            Err(RulesError::BadVfen {
                field: VfenField::Board,
                detail,
            }) => assert_eq!(
                detail,
                format!("rank 6: bad run of {quoted} empty squares at a6")
            ),
            other => panic!("{run}: {:?}", other.map(|p| p.to_vfen())),
        }
    }
}

// ------------------------------------------------------------- typed errors

#[test]
fn errors_are_typed_by_what_went_wrong() {
    let chess = variant("chess");
    let field = |text: &str| match Position::from_vfen(&chess, text) {
        Err(RulesError::BadVfen { field, .. }) => field,
        other => panic!("'{text}': {:?}", other.map(|p| p.to_vfen())),
    };
    let b = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let table = [
        (format!("{b} w AHah - -"), VfenField::FieldCount),
        (format!("{b}/8 w AHah - - 0 1"), VfenField::Board),
        (format!("{b} x AHah - - 0 1"), VfenField::SideToMove),
        (format!("{b} w KQkq - - 0 1"), VfenField::Castling),
        (format!("{b} w AHah e9 - 0 1"), VfenField::EnPassant),
        (format!("{b} w AHah - Q 0 1"), VfenField::Hand),
        (format!("{b} w AHah - - x 1"), VfenField::HalfmoveClock),
        (format!("{b} w AHah - - 0 0"), VfenField::FullmoveNumber),
        (
            "4k3/8/8/8/8/8/4R3/4K3 w - - - 0 1".to_string(),
            VfenField::Position,
        ),
    ];
    for (text, want) in table {
        assert_eq!(field(&text), want, "{text}");
    }
    let p = chess.start_position();
    assert!(matches!(p.parse_lmn("e2"), Err(RulesError::BadLmn { .. })));
    // An illegal move carries the reason the client shows.
    assert_eq!(
        p.parse_lmn("e2e5"),
        Err(RulesError::IllegalMove {
            lmn: "e2e5".into(),
            reason: Some(Illegal::NotThatWay(Kind::Pawn)),
        })
    );
    assert_eq!(
        p.parse_lmn("e7e5"),
        Err(RulesError::IllegalMove {
            lmn: "e7e5".into(),
            reason: Some(Illegal::NotYourMove(Color::White)),
        })
    );
    assert_eq!(
        p.parse_lmn("Q@e4"),
        Err(RulesError::IllegalMove {
            lmn: "Q@e4".into(),
            reason: Some(Illegal::NoneInHand(Kind::Queen)),
        })
    );
    // The squares are right but no promotion is due: no reason applies.
    assert_eq!(
        p.parse_lmn("e2e4=Q"),
        Err(RulesError::IllegalMove {
            lmn: "e2e4=Q".into(),
            reason: None,
        })
    );
    // A list of moves names the move and its number; a finished game takes none.
    let mut g = Game::new(&chess);
    let e = g
        .play_lmn_list(&["f2f3", "e7e5", "g2g4", "d8h4", "e1f2"])
        .expect_err("mated");
    let RulesError::AtMove { number, lmn, error } = &e else {
        panic!("{e:?}");
    };
    assert_eq!((*number, lmn.as_str()), (5, "e1f2"));
    assert!(
        matches!(**error, RulesError::GameOver(o) if o.result_text() == "0-1 checkmate"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "move 5 'e1f2' is too late: the game is over (0-1 checkmate)"
    );
    let mut g = Game::new(&chess);
    let e = g.play_lmn_list(&["e2e4", "e2e4"]).expect_err("illegal");
    assert_eq!(e.to_string(), "move 2 'e2e4' is not legal here");
    assert_eq!(
        g.moves().len(),
        1,
        "the moves before the bad one are played"
    );
    let e = Game::new(&chess).play_lmn_list(&["zz"]).expect_err("bad");
    assert_eq!(
        e.to_string(),
        "move 1 'zz' is not a move in LMN: expected two squares"
    );
    // Variants and options.
    assert_eq!(
        Variant::new("xiangqi", &[]).map(|v| v.id()),
        Err(RulesError::UnknownVariant("xiangqi".into()))
    );
    let opts = |k: &str, v: &str| vec![(k.to_string(), v.to_string())];
    assert_eq!(
        Variant::new("holygrail", &opts("drop", "full")).map(|v| v.id()),
        Err(RulesError::UnknownOption {
            variant: "holygrail",
            name: "drop".into()
        })
    );
    assert!(matches!(
        Variant::new("holygrail", &opts("drops", "lots")),
        Err(RulesError::BadOptionValue {
            option: "drops",
            allowed: OptionKind::Choice(_),
            ..
        })
    ));
}

/// A variant file reads its options through accessors that fail on a name
/// or value its option table lacks, so a typo fails every build of it.
#[test]
fn option_lookups_fail_on_names_and_values_the_table_lacks() {
    let v = variant("holygrail");
    assert_eq!(v.opts.get("drops"), Ok("full"));
    assert_eq!(v.opts.is("drops", "full"), Ok(true));
    assert_eq!(v.opts.is("drops", "none"), Ok(false));
    assert!(matches!(
        v.opts.get("drop"),
        Err(RulesError::UnknownOption { name, .. }) if name == "drop"
    ));
    assert!(matches!(
        v.opts.is("drops", "ful"),
        Err(RulesError::BadOptionValue { value, .. }) if value == "ful"
    ));
    assert!(v.opts.number("drops").is_err(), "not a number option");
    let hw = variant_with("holywar", &[("seed", "42")]);
    assert_eq!(hw.opts.number("seed"), Ok(42));
    assert!(hw.opts.is("opening", "dropped").is_err());
}
