//! Game records (issue 11): round trips for every variant and option, each
//! reader feature, and each error path with the key parts of its message.

use std::sync::Arc;
use std::time::Duration;

use chimera_game::clock::{Clock, ClockState, TimeControl, flag_result};
use chimera_game::record::{self, MAX_RECORD_BYTES, MatchRecord, RecordError};
use chimera_rules::{
    Color, EndReason, Game, MoveKind, OptionKind, Outcome, SplitMix64, Variant, variants,
};

use crate::common::{MoveKinds, random_game, variant};

fn load(text: &str) -> record::Loaded {
    record::load(text, 1).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The error for `text`, whose message must contain every one of `parts`.
fn load_error(text: &str, parts: &[&str]) -> RecordError {
    let e = match record::load(text, 1) {
        Ok(l) => panic!("accepted, final {}:\n{text}", l.final_vfen()),
        Err(e) => e,
    };
    let msg = e.to_string();
    for p in parts {
        assert!(msg.contains(p), "'{msg}' should contain '{p}'");
    }
    assert!(!msg.contains('\n'), "one line: {msg}");
    e
}

/// The message of the error loading game `n` of `text` (empty if it loads).
fn error_text(text: &str, n: usize) -> String {
    record::load(text, n)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

/// The game's moves in LMN.
fn lmns(g: &Game) -> Vec<String> {
    let mut p = g.start().clone();
    g.moves()
        .iter()
        .map(|&m| {
            let t = p.lmn(m);
            p.make_move(m);
            t
        })
        .collect()
}

/// Every option set worth a round trip: the defaults, then each other value
/// of each option alone (Holywar's random opening with two seeds).
fn option_sets(id: &str) -> Vec<Vec<(&'static str, &'static str)>> {
    let info = variants().iter().find(|i| i.id == id).expect("variant");
    let mut sets = vec![vec![]];
    for o in info.options {
        // Number options (Holywar's seed) are covered by the sets below.
        if let OptionKind::Choice(values) = o.kind {
            for &val in values.iter().filter(|&&x| x != o.default) {
                sets.push(vec![(o.name, val)]);
            }
        }
    }
    if id == "holywar" {
        sets.push(vec![("opening", "random"), ("seed", "7")]);
    }
    sets
}

/// Start positions other than the variant's own, so that `VFEN` tags are
/// written and read: Holy Grail's crowning position (White mated with a
/// prince on d1), Ghostarelay with a blocked pawn that must pass, a Grand
/// pawn about to promote, and an Embassy position with Black to move.
/// Variant id, options and start VFEN.
type Start = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
);

const OTHER_STARTS: [Start; 4] = [
    (
        "holygrail",
        &[],
        "****2****/k9/8r1/9r/10/10/9K/10/10/10/3I6/****2**** w - - - 0 1",
    ),
    (
        "ghostarelay",
        &[("no-moves", "pass")],
        "k9/10/10/10/4p5/4P5/10/10/10/10 w - - - 0 1",
    ),
    ("grand", &[], "4k5/1P8/10/10/10/10/10/10/4K5/10 w - - - 0 1"),
    (
        "embassy",
        &[],
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R b AJaj - - 0 7",
    ),
];

/// A record of `g` with players, a result when the game goes on (chosen at
/// random: resignation, agreement or none), annotations and comments on
/// some moves, and for `timed` games a clock fed with a fake time: every
/// move takes a random number of milliseconds.
fn dress(
    g: &Game,
    rng: &mut SplitMix64,
    timed: Option<TimeControl>,
) -> (MatchRecord, Option<Clock>) {
    let mut r = MatchRecord::from_game(g);
    r.set_tag("White", "Ann \"the\" Wall\\").unwrap();
    r.set_tag("Black", "Bob").unwrap();
    r.set_tag("Event", "Round trip").unwrap();
    for (i, m) in r.moves.iter_mut().enumerate() {
        match rng.below(12) {
            0 => m.nags = vec![1 + rng.below(6) as u8],
            1 => m.comment = Some(format!("note {i}: {{brace and (parens) stay")),
            _ => {}
        }
    }
    let mut clock = None;
    if let Some(tc) = timed {
        let mut c = Clock::new(tc, g.start().side_to_move());
        let mut now = Duration::from_millis(rng.below(1000) as u64);
        c.start(now);
        for m in &mut r.moves {
            now += Duration::from_millis(rng.below(4000) as u64);
            m.clock = c.move_made(now).expect("no flag in these games");
        }
        c.pause(now);
        r.clock = Some(c.state(now));
        clock = Some(c);
    }
    if r.result.is_none() {
        r.result = match rng.below(3) {
            0 => Some(Outcome {
                winner: Some(g.position().side_to_move().opposite()),
                reason: EndReason::Resignation,
            }),
            1 => Some(Outcome {
                winner: None,
                reason: EndReason::DrawAgreed,
            }),
            _ => None,
        };
    }
    (r, clock)
}

/// Writes `r`, reads it back and checks the moves, the final position, the
/// result, the clock and the text itself (writing what was read gives the
/// same text). Returns the text.
fn round_trip(r: &MatchRecord, g: &Game) -> String {
    let text = r.to_text().unwrap_or_else(|e| panic!("{e}"));
    let l = load(&text);
    let ctx = || format!("{}\n{text}", g.variant().id());
    // Written with the game it was made from: the same text, unreplayed.
    assert_eq!(
        r.to_text_of(g).unwrap_or_else(|e| panic!("{e}")),
        text,
        "{}",
        ctx()
    );
    assert_eq!(l.record.moves, r.moves, "{}", ctx());
    assert_eq!(lmns(&l.game), lmns(g), "{}", ctx());
    assert_eq!(l.final_vfen(), g.position().to_vfen(), "{}", ctx());
    assert_eq!(l.record.result, r.result, "{}", ctx());
    assert_eq!(l.record.clock, r.clock, "{}", ctx());
    assert_eq!(l.record.start_vfen, r.start_vfen, "{}", ctx());
    assert_eq!(l.record.tag("White"), Some("Ann \"the\" Wall\\"));
    assert_eq!(
        l.record.to_text().unwrap(),
        text,
        "written again, {}",
        ctx()
    );
    text
}

/// The same movetext with every move in LMN or readable notation at random,
/// move numbers glued or not, everything on one line or one token a line.
fn mixed_notation(g: &Game, r: &MatchRecord, rng: &mut SplitMix64) -> String {
    let text = r.to_text().unwrap();
    let tags: String = text
        .lines()
        .take_while(|l| l.starts_with('['))
        .collect::<Vec<_>>()
        .join("\n");
    let sep = if rng.below(2) == 0 { " " } else { "\n" };
    let mut out = format!("{tags}\n");
    let mut p = g.start().clone();
    for &m in g.moves() {
        if p.side_to_move() == Color::White {
            out.push_str(&format!(
                "{}.{}",
                p.fullmove_number(),
                if rng.below(2) == 0 { "" } else { sep }
            ));
        }
        let token = if rng.below(2) == 0 {
            p.lmn(m)
        } else {
            p.san(m)
        };
        out.push_str(&token);
        out.push_str(sep);
        p.make_move(m);
    }
    out.push_str(r.result.map_or("*", |x| x.score().text()));
    out
}

/// Round trip for every variant and option: random legal games (and games
/// from other start positions) written and read back give the same moves,
/// final VFEN, result and clock; the same moves in LMN, readable notation or
/// any mix load to the same game. Every rare kind of move occurs.
#[test]
fn round_trip_every_variant_and_option() {
    let mut rng = SplitMix64::new(11);
    let mut kinds = MoveKinds::default();
    let mut games = 0;
    let mut ended = 0;
    let controls = [
        "600+5".parse().unwrap(),
        "300d3".parse().unwrap(),
        "*30".parse().unwrap(),
        "40/5400".parse().unwrap(),
    ];
    let mut cases: Vec<(Arc<Variant>, Option<&str>)> = Vec::new();
    for info in chimera_rules::variants::builtin() {
        for opts in option_sets(info.id) {
            cases.push((variant(info.id, &opts), None));
        }
    }
    for (id, opts, start) in OTHER_STARTS {
        cases.push((variant(id, opts), Some(start)));
    }
    for (v, start) in &cases {
        for n in 0..4 {
            let plies = [0, 40, 150, 400][n];
            let g = random_game(v, *start, &mut rng, plies, &mut kinds);
            let timed = (n % 2 == 1).then(|| controls[rng.below(controls.len())]);
            let (r, _) = dress(&g, &mut rng, timed);
            round_trip(&r, &g);
            let mixed = mixed_notation(&g, &r, &mut rng);
            let l = load(&mixed);
            assert_eq!(lmns(&l.game), lmns(&g), "{mixed}");
            assert_eq!(l.final_vfen(), g.position().to_vfen());
            games += 1;
            ended += usize::from(g.outcome().is_some());
        }
    }
    assert!(ended > games / 4, "{ended} of {games} games ended");
    for (name, n) in [
        ("drops", kinds.drops),
        ("mutations", kinds.mutations),
        ("crownings", kinds.crownings),
        ("castlings", kinds.castlings),
        ("promotions", kinds.promotions),
        ("passes", kinds.passes),
        ("swaps", kinds.swaps),
    ] {
        assert!(n > 0, "no {name} in {games} games: {kinds:?}");
    }
}

/// A timed game that ends on the clock: the flag result is written as
/// `time forfeit` and read back with the clock flagged.
#[test]
fn round_trip_time_forfeit() {
    let v = variant("chess", &[]);
    let mut g = Game::new(&v);
    let mut c = Clock::new("60+0".parse().unwrap(), Color::White);
    let mut r = MatchRecord::from_game(&g);
    c.start(Duration::ZERO);
    let mut now = Duration::ZERO;
    for lmn in ["e2e4", "e7e5", "g1f3"] {
        now += Duration::from_millis(1500);
        g.play_lmn(lmn).unwrap();
        let mut rm = record::RecordedMove::new(lmn);
        rm.clock = c.move_made(now).unwrap();
        r.moves.push(rm);
    }
    now += Duration::from_secs(61);
    assert_eq!(
        c.move_made(now),
        Err(chimera_game::clock::Flagged(Color::Black))
    );
    r.result = Some(flag_result(g.position(), Color::Black));
    r.clock = Some(c.state(now));
    r.set_tag("White", "Ann \"the\" Wall\\").unwrap();
    let text = r.to_text().unwrap();
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(
        text.contains(
            "1. e4 {[%clk 0:00:58.5]} 1... e5 {[%clk 0:00:58.5]} 2. Nf3 {[%clk 0:00:57]} 1-0"
        ),
        "{text}"
    );
    let l = load(&text);
    let s: ClockState = l.record.clock.unwrap();
    assert!(s.flagged);
    assert_eq!(s.to_move, Color::Black);
    assert_eq!(
        s.left,
        [Duration::from_millis(57_000), Duration::from_millis(58_500)]
    );
    assert_eq!(l.result_line(), "result: 1-0 time forfeit");
}

/// `record::export` writes the roster with `?` for what is unknown, the
/// variant, every option, no VFEN for a start-position game, the time
/// control, the moves in the side panel's notation with numbers, and the
/// result; `chimera fen`'s result line comes back from `load`.
/// A game stopped before its end (a host shut down): `*` with a
/// `Termination` tag, read back as a game that goes on.
#[test]
fn an_unfinished_game_says_why_it_stopped() {
    let v = Variant::new("chess", &[]).unwrap();
    let mut g = Game::new(&v);
    for m in ["e2e4", "e7e5"] {
        g.play_lmn(m).unwrap();
    }
    let r = MatchRecord::from_game(&g);
    let text = r.unfinished_text(EndReason::Abandoned).unwrap();
    assert!(text.contains("[Result \"*\"]\n"), "{text}");
    assert!(text.contains("[Termination \"abandoned\"]\n"), "{text}");
    assert_eq!(
        text.replace("[Termination \"abandoned\"]\n", ""),
        r.to_text().unwrap(),
        "the same record otherwise"
    );
    let back = load(&text);
    assert_eq!((back.record.result, back.record.moves.len()), (None, 2));
    let mut over = r.clone();
    over.result = Some(Outcome {
        winner: Some(Color::White),
        reason: EndReason::Resignation,
    });
    assert!(over.unfinished_text(EndReason::Abandoned).is_err());
}

#[test]
fn export_writes_tags_and_readable_moves() {
    let v = variant("holygrail", &[("drops", "ninjas")]);
    let mut g = Game::new(&v);
    for m in ["e2e5", "e9e6", "J@e2-e4", "j9j7"] {
        g.play_lmn(m).unwrap();
    }
    let text = record::export(&g, &[("White".into(), "Ann".into())]).unwrap();
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ann\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n[Variant \"holygrail\"]\n\
         [Options \"drops=ninjas gryphons=stealth setup=standard\"]\n[TimeControl \"-\"]\n\n\
         1. e5 e6 2. J@e2-e4 j7 *\n"
    );
    let l = load(&text);
    assert_eq!(l.result_line(), "result: *");
    assert_eq!(l.final_vfen(), g.position().to_vfen());
    // A finished game: mate by the rules.
    let c = variant("chess", &[]);
    let mut g = Game::new(&c);
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        g.play_lmn(m).unwrap();
    }
    let text = record::export(&g, &[]).unwrap();
    assert!(text.contains("[Result \"0-1\"]\n"), "{text}");
    assert!(text.contains("[Termination \"checkmate\"]\n"), "{text}");
    assert!(text.ends_with("\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{text}");
    assert_eq!(load(&text).result_line(), "result: 0-1 checkmate");
}

/// `record::export_timed` writes the time control. No time was measured, so
/// the moves carry no `%clk` and the game reads back with each side's
/// starting time, its moves counted, the clock stopped.
#[test]
fn export_timed_writes_the_time_control() {
    let v = Variant::new("chess", &[]).unwrap();
    let mut g = Game::new(&v);
    for m in ["e2e4", "e7e5", "g1f3"] {
        g.play_lmn(m).unwrap();
    }
    let control: TimeControl = "600+5".parse().unwrap();
    let text = record::export_timed(&g, &[], control).unwrap();
    assert!(text.contains("[TimeControl \"600+5\"]\n"), "{text}");
    assert!(text.ends_with("\n\n1. e4 e5 2. Nf3 *\n"), "{text}");
    let l = load(&text);
    let s = l.record.clock.expect("a timed record has a clock");
    assert_eq!(s.control, control);
    assert_eq!(s.left, [Duration::from_secs(600); 2]);
    assert_eq!(s.moves, [2, 1]);
    assert_eq!(s.to_move, Color::Black);
    assert!(!s.running && !s.flagged, "{s:?}");
    // No control is the untimed export.
    assert_eq!(
        record::export_timed(&g, &[], TimeControl::None).unwrap(),
        record::export(&g, &[]).unwrap()
    );
    assert_eq!(load(&record::export(&g, &[]).unwrap()).record.clock, None);
}

/// A game from another position carries it in a `VFEN` tag, and the move
/// numbers start from its full-move number (`7... O-O`).
#[test]
fn vfen_tag_and_black_first_numbering() {
    let v = variant("embassy", &[]);
    let start = OTHER_STARTS[3].2;
    let mut g = Game::from_vfen(&v, start).unwrap();
    g.play_lmn("e8h8,j8g8").unwrap();
    g.play_lmn("e1b1,a1c1").unwrap();
    let text = record::export(&g, &[]).unwrap();
    assert!(text.contains(&format!("[VFEN \"{start}\"]\n")), "{text}");
    assert!(text.ends_with("\n7... O-O 8. O-O-O *\n"), "{text}");
    assert_eq!(load(&text).record.start_vfen.as_deref(), Some(start));
}

/// Chess starts from the start position; these tags make every reader test's
/// record.
fn chess_record(movetext: &str) -> String {
    format!("[Event \"t\"]\n[Variant \"chess\"]\n\n{movetext}\n")
}

/// Reading: LMN and readable notation in any mix, check marks optional,
/// castling with zeros.
#[test]
fn reads_lmn_and_readable_notation_mixed() {
    let l = load(&chess_record(
        "1. e2e4 e5 2. Nf3 b8c6 3. f1c4 Nf6 4. 0-0 Bc5 5. d2d3 d6 6. Bg5 h6 7. Bxf6 Qxf6 *",
    ));
    assert_eq!(
        l.final_vfen(),
        "r1b1k2r/ppp2pp1/2np1q1p/2b1p3/2B1P3/3P1N2/PPP2PPP/RN1Q1RK1 w ah - - 0 8"
    );
    // A check mark may be left out or added.
    let a = load(&chess_record("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0"));
    let b = load(&chess_record("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"));
    assert_eq!(a.final_vfen(), b.final_vfen());
    assert_eq!(a.result_line(), "result: 1-0 checkmate");
    // More than needed to tell the move apart, long algebraic, no `x`, no `=`.
    let l = load(&chess_record("1. Ng1f3 d5 2. e4 Nb8-c6 3. ed5 *"));
    assert_eq!(lmns(&l.game), ["g1f3", "d7d5", "e2e4", "b8c6", "e4d5"]);
    let l = load("[Variant \"chess\"]\n[VFEN \"4k3/P7/8/8/8/8/8/4K3 w - - - 0 1\"]\n1. a8Q+ *");
    assert_eq!(l.record.moves[0].lmn, "a7a8=Q");
}

/// Reading: whitespace and line breaks anywhere between tokens, none after
/// move numbers, a byte-order mark, CRLF line ends, tabs.
#[test]
fn reads_free_whitespace_bom_and_crlf() {
    let want = load(&chess_record("1. e4 e5 2. Nf3 Nc6 *")).final_vfen();
    for text in [
        "[Variant \"chess\"]1.e4 e5 2.Nf3 Nc6 *".to_string(),
        "[Variant \"chess\"]\n\n1.\ne4\n\ne5\n2.\n   Nf3\tNc6\n*".to_string(),
        "\u{feff}[Variant \"chess\"]\r\n\r\n1. e4 e5\r\n2. Nf3 Nc6 *\r\n".to_string(),
        "  [ Variant   \"chess\" ]  1...e4 e5 2. Nf3 2... Nc6 *".to_string(),
    ] {
        assert_eq!(load(&text).final_vfen(), want, "{text:?}");
    }
    // A line number counts lines of the file, CRLF or not.
    let e = load_error("[Variant \"chess\"]\r\n\r\n1. e4 e5\r\n2. Nf9 *\r\n", &[]);
    assert_eq!(
        e.to_string(),
        "game 1, line 4, move 2 (white): 'Nf9' is not legal here"
    );
}

/// Reading: `{}` and `;` comments (kept on their move), `%` escape lines,
/// NAGs and `!?` glyphs, and variations (nested, with comments holding
/// parentheses) skipped.
#[test]
fn reads_comments_nags_and_skips_variations() {
    let text = "% an escaped line\n[Variant \"chess\"]\n{before the moves}\n\
        1. e4 {best by test} $1 e5!? ; the rest of the line\n\
        2. Nf3 (2. f4 exf4 (2... d5 {a (bracketed) reply}) 3. Nf3) Nc6?! 3. Bb5 *";
    let l = load(text);
    assert_eq!(lmns(&l.game), ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
    let m = &l.record.moves;
    assert_eq!(m[0].comment.as_deref(), Some("best by test"));
    assert_eq!(m[0].nags, [1]);
    assert_eq!(m[1].nags, [5]);
    assert_eq!(m[1].comment.as_deref(), Some("the rest of the line"));
    assert_eq!(m[3].nags, [6]);
    assert!(m[2].comment.is_none());
}

/// Reading: clock comments in lichess' spacing, other `[%…]` commands
/// dropped, the clock state rebuilt from the last time of each side.
#[test]
fn reads_clock_comments() {
    let text = "[Variant \"chess\"]\n[TimeControl \"180+2\"]\n\n\
        1. e4 { [%eval 0.2] [%clk 0:03:01] } 1... e5 { [%clk 0:02:59.5] } 2. Nf3 { [%clk 0:02:58] good } *";
    let l = load(text);
    let m = &l.record.moves;
    assert_eq!(m[0].clock, Some(Duration::from_secs(181)));
    assert_eq!(m[1].clock, Some(Duration::from_millis(179_500)));
    assert_eq!(m[2].comment.as_deref(), Some("good"));
    assert!(m[0].comment.is_none());
    let s = l.record.clock.unwrap();
    assert_eq!(
        s.control,
        TimeControl::Fischer {
            base: Duration::from_secs(180),
            increment: Duration::from_secs(2)
        }
    );
    assert_eq!(
        s.left,
        [Duration::from_secs(178), Duration::from_millis(179_500)]
    );
    assert_eq!(s.to_move, Color::Black);
    assert_eq!(s.moves, [2, 1]);
    assert!(!s.running && !s.flagged);
    let e = load_error(
        "[Variant \"chess\"]\n1. e4 {[%clk 3 minutes]} *",
        &[
            "game 1, line 2:",
            "'[%clk 3 minutes]' is not a time h:mm:ss",
        ],
    );
    assert!(matches!(e, RecordError::Syntax { .. }));
}

/// Reading: several games in a file; `list` gives their tags, move counts
/// and results without checking the moves; `load` takes any of them by
/// number, and an error names the game.
#[test]
fn several_games_in_one_file() {
    let text = "[White \"A\"]\n[Variant \"chess\"]\n1. e4 e5 1-0\n\n\
        [White \"B\"]\n[Variant \"ghostarelay\"]\n1. e4 f7 2. O-O e1c1 1/2-1/2\n\
        1. d4 *";
    let games = record::list(text).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].tag("White"), Some("A"));
    assert_eq!((games[0].plies, games[0].result.as_str()), (2, "1-0"));
    assert_eq!((games[1].number, games[1].line), (2, 5));
    assert_eq!((games[1].plies, games[1].result.as_str()), (3, "1/2-1/2"));
    assert_eq!((games[2].line, games[2].tags.len()), (8, 0));
    assert_eq!(
        record::load(text, 1).unwrap().result_line(),
        "result: 1-0 resignation"
    );
    assert_eq!(
        error_text(text, 2),
        "game 2, line 7, move 2 (white): 'O-O' is not legal here"
    );
    assert_eq!(
        record::load(text, 3).unwrap().final_vfen(),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b AHah - - 0 1"
    );
    assert_eq!(
        error_text(text, 4),
        "there is no game 4: the file holds 3 (numbered from 1)"
    );
    assert!(matches!(
        record::load(text, 0),
        Err(RecordError::NoSuchGame {
            wanted: 0,
            count: 3
        })
    ));
}

/// Ghostarelay's castling reads as the side panel writes it (`O-O e1c1`,
/// with its space) or in LMN.
#[test]
fn ghostarelay_castling_with_its_space() {
    let v = variant("ghostarelay", &[]);
    // Rooks right beyond g1 and c1: the king may jump either way.
    let start = "4k5/10/10/10/10/10/10/10/10/1R2K2R2 w - - - 0 1";
    let g = Game::from_vfen(&v, start).unwrap();
    let p = g.position();
    let castles: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.kind() == MoveKind::Castle)
        .collect();
    assert_eq!(castles.len(), 2);
    for m in castles {
        let san = p.san(m);
        assert!(
            san.starts_with("O-O ") || san.starts_with("O-O-O "),
            "{san}"
        );
        for token in [san.clone(), p.lmn(m)] {
            let text = format!("[Variant \"ghostarelay\"]\n[VFEN \"{start}\"]\n1. {token} *");
            let l = load(&text);
            assert_eq!(l.record.moves[0].lmn, p.lmn(m), "{token}");
        }
    }
}

/// A lichess-style result: `Termination "Normal"` and a decisive result
/// without mate is a resignation; `Time forfeit` is kept.
#[test]
fn result_and_termination_tags() {
    let l = load("[Variant \"Standard\"]\n[Result \"0-1\"]\n[Termination \"Normal\"]\n1. e4 0-1");
    assert_eq!(l.result_line(), "result: 0-1 resignation");
    let l = load("[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n1. e4 e5 1-0");
    assert_eq!(l.result_line(), "result: 1-0 time forfeit");
    let l = load("[Termination \"abandoned\"]\n1. e4 0-1");
    assert_eq!(l.result_line(), "result: 0-1 abandoned");
    let l = load("1. e4 1/2-1/2");
    assert_eq!(l.result_line(), "result: 1/2-1/2 agreement");
}

/// The size limit: a 50 MB stream and a 50 MB file are refused without
/// being read, and so is an over-long text.
#[test]
fn size_limit() {
    let huge = 50 * 1024 * 1024u64;
    let stream = std::io::Read::take(std::io::repeat(b' '), huge);
    let e = record::read_text(stream).unwrap_err();
    assert_eq!(e, RecordError::TooLarge { size: None });
    assert!(e.to_string().contains("too large"), "{e}");
    let dir = std::env::temp_dir().join(format!("chimera-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.pgn");
    std::fs::File::create(&path).unwrap().set_len(huge).unwrap();
    let e = record::read_file(&path).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(e, RecordError::TooLarge { size: Some(huge) });
    assert_eq!(
        e.to_string(),
        format!(
            "the file is too large for a game record ({huge} bytes; the limit is {MAX_RECORD_BYTES} bytes)"
        )
    );
    let text = " ".repeat(MAX_RECORD_BYTES as usize + 1);
    assert!(matches!(
        record::load(&text, 1),
        Err(RecordError::TooLarge { .. })
    ));
    // Just under the limit is read.
    let ok = format!("1. e4 *{}", " ".repeat(MAX_RECORD_BYTES as usize - 7));
    assert_eq!(
        record::read_text(ok.as_bytes()).unwrap().len() as u64,
        MAX_RECORD_BYTES
    );
}

/// An illegal move names the game, line, move number and side.
#[test]
fn illegal_move_names_game_line_move_and_side() {
    let v = variant("chess", &[]);
    let mut rng = SplitMix64::new(23);
    let g = loop {
        let g = random_game(&v, None, &mut rng, 60, &mut MoveKinds::default());
        if g.outcome().is_none() {
            break g;
        }
    };
    // Two lines of tags, a blank line, then one move a line.
    let mut text = String::from("[Event \"x\"]\n1. e4 *\n\n[Variant \"chess\"]\n[Black \"B\"]\n\n");
    let mut p = g.start().clone();
    for (i, &m) in g.moves().iter().enumerate() {
        let san = if i == 45 { "Nf9".to_string() } else { p.san(m) };
        if i % 2 == 0 {
            text.push_str(&format!("{}. {san}\n", i / 2 + 1));
        } else {
            text.push_str(&format!("{san}\n"));
        }
        p.make_move(m);
    }
    text.push_str("*\n");
    // Ply 45 (black's 23rd move) is on line 7 + 45.
    let e = record::load(&text, 2).err().unwrap();
    assert_eq!(
        e.to_string(),
        "game 2, line 52, move 23 (black): 'Nf9' is not legal here"
    );
    assert!(matches!(
        e,
        RecordError::Move {
            game: 2,
            line: 52,
            number: 23,
            side: "black",
            ..
        }
    ));
}

/// Other move errors: ambiguity lists the candidates, a move after the end,
/// garbage tokens.
#[test]
fn ambiguous_and_late_moves() {
    // Knights on b1 and f3 both reach d2.
    let e = load_error(
        &chess_record("1. Nf3 d5 2. d3 e5\n3. Nd2 *"),
        &["game 1, line 5, move 3 (white): 'Nd2' is ambiguous here: it could be "],
    );
    let msg = e.to_string();
    assert!(
        msg.ends_with("b1d2 or f3d2") || msg.ends_with("f3d2 or b1d2"),
        "{msg}"
    );
    load_error(
        &chess_record("1. f3 e5 2. g4 Qh4# 3. a3 0-1"),
        &["game 1, line 4, move 3 (white): 'a3' comes after the end of the game (0-1 checkmate)"],
    );
    load_error(
        &chess_record("1. e4 Zz9 *"),
        &["move 1 (black): 'Zz9' is not legal here"],
    );
    load_error(&chess_record("1. e4 !! *"), &["'!!' is not a move"]);
    // A long token is cut in the message.
    let e = load_error(
        &chess_record(&format!("1. e4 {} *", "Q".repeat(5000))),
        &["…' is not legal here"],
    );
    assert!(e.to_string().len() < 120, "{e}");
    load_error(
        &chess_record("1. e4!!! *"),
        &["unknown annotation '!!!' after 'e4'"],
    );
}

/// Tag errors: unknown variant, bad options, VFEN shape and content, FEN
/// for a variant without one, time control, duplicates, result words.
#[test]
fn tag_errors() {
    let e = load_error("[Event \"e\"]\n[Variant \"holygrial\"]\n*", &[]);
    let e = e.to_string();
    assert!(
        e.starts_with("game 1, line 2: variant 'holygrial' is not installed (no file in ")
            && e.contains("variants) (known: holygrail,"),
        "{e}"
    );
    load_error(
        "[Variant \"holygrail\"]\n[Options \"drops=some\"]\n*",
        &["game 1, line 2: Options tag: bad value 'some' for option 'drops'"],
    );
    load_error(
        "[Variant \"holygrail\"]\n[Options \"drops\"]\n*",
        &["Options tag: 'drops' is not name=value"],
    );
    load_error(
        "[Variant \"grand\"]\n[VFEN \"r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPPP/1NBQKMCBN1/R8R w - - - 0 1\"]\n*",
        &["game 1, line 2: VFEN tag: rank 3 has 11 squares, expected 10"],
    );
    load_error(
        "[Variant \"grand\"]\n[VFEN \"r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/R8R w - - - 0 1\"]\n*",
        &["VFEN tag: the board has 9 ranks, expected 10"],
    );
    load_error(
        "[Variant \"grand\"]\n[VFEN \"r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKMCBN1/R8R x - - - 0 1\"]\n*",
        &["VFEN tag: side to move must be 'w' or 'b', found 'x'"],
    );
    load_error(
        "[Variant \"holygrail\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n*",
        &["FEN tag: holygrail has no Fairy-Stockfish FEN; write the position as a VFEN tag"],
    );
    load_error(
        "[Variant \"chess\"]\n[VFEN \"8/8/8/8/8/8/8/8 w - - - 0 1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*",
        &["VFEN tag: give the position once: VFEN or FEN, not both"],
    );
    load_error(
        "[TimeControl \"10 minutes\"]\n*",
        &["game 1, line 1: TimeControl tag: '10 minutes' is not a time control"],
    );
    load_error(
        "[White \"a\"]\n[Black \"b\"]\n[White \"c\"]\n*",
        &["game 1, line 3: White tag: given twice (first on line 1)"],
    );
    load_error(
        "[Result \"2-0\"]\n*",
        &["Result tag: '2-0' is not 1-0, 0-1, 1/2-1/2 or *"],
    );
    load_error(
        "[Termination \"checkmte\"]\n1. e4 1-0",
        &["Termination tag: unknown value 'checkmte' (known: checkmate, stalemate"],
    );
}

/// Result errors: the tag against the movetext, a claimed reason the final
/// position does not show, a result against the position, `*` for a game
/// that is over, impossible pairs.
#[test]
fn result_errors() {
    load_error(
        "[Result \"1-0\"]\n1. e4 0-1",
        &["game 1: the Result tag says 1-0 but the moves end with 0-1"],
    );
    load_error(
        "[Termination \"checkmate\"]\n1. e4 1-0",
        &["the record says 1-0 by checkmate but the final position does not show it"],
    );
    load_error(
        &chess_record("1. f3 e5 2. g4 Qh4# 1-0"),
        &["the record says 1-0 but the final position gives 0-1 checkmate"],
    );
    load_error(
        &chess_record("1. f3 e5 2. g4 Qh4# *"),
        &["the record says the game goes on (*) but the final position is over (0-1 checkmate)"],
    );
    load_error(
        "[Termination \"agreement\"]\n1. e4 1-0",
        &["a game does not end 1-0 by agreement"],
    );
    load_error(
        "[Termination \"resignation\"]\n1/2-1/2",
        &["a game does not end 1/2-1/2 by resignation"],
    );
}

/// Syntax errors and truncated files say where and what.
#[test]
fn syntax_and_truncation_errors() {
    let cases: [(&str, &str); 12] = [
        (
            "[Variant \"chess\"]\n1. e4 {unclosed\ncomment",
            "game 1, line 2: truncated file: the comment opened on line 2 is not closed",
        ),
        (
            "[Variant \"chess\"]\n1. e4 (1. d4 d5\n",
            "game 1, line 2: truncated file: the variation opened on line 2 is not closed",
        ),
        (
            "[Variant \"chess\"]\n[Event \"cut",
            "game 1, line 2: truncated file: the tag opened on line 2 is not closed",
        ),
        (
            "[Variant \"chess\"]\n[Event",
            "game 1, line 2: truncated file: the tag opened on line 2 is not closed",
        ),
        (
            "[Variant \"chess\"]\n\n1. e4 e5\n2. Nf3",
            "game 1, line 4: truncated file: the moves end without a result (1-0, 0-1, 1/2-1/2 or *)",
        ),
        (
            "1. e4 *\n[Variant \"chess\"]\n",
            "game 2, line 2: truncated file: the moves end without a result",
        ),
        (
            "1. e4\n[Variant \"chess\"]\n*",
            "game 1, line 2: a tag after the moves: they end without a result",
        ),
        (
            "[Variant \"chess\"\n*",
            "game 1, line 1: tag 'Variant' is not closed by ']'",
        ),
        (
            "[Variant chess]\n*",
            "game 1, line 1: tag 'Variant' needs a quoted value",
        ),
        (
            "[Event \"two\nlines\"]\n*",
            "game 1, line 1: the value of tag 'Event' is not closed on its line",
        ),
        ("1. e4 ) *", "game 1, line 1: unexpected ')'"),
        (
            "$1 1. e4 *",
            "game 1, line 1: annotation '$1' before any move",
        ),
    ];
    for (text, want) in cases {
        let e = load_error(text, &[want]);
        assert!(!matches!(e, RecordError::Move { .. }), "{text}");
    }
    assert!(matches!(
        record::load("[Variant \"chess\"]\n1. e4 {x", 1),
        Err(RecordError::Truncated {
            game: 1,
            line: 2,
            ..
        })
    ));
    assert_eq!(record::load("", 1).err().unwrap(), RecordError::NoGames);
    assert_eq!(
        record::load(" \n{a comment only}\n", 1).err().unwrap(),
        RecordError::NoGames
    );
}

/// Binary garbage is refused with the line of the first bad byte, whether
/// it comes as bytes or as a string.
#[test]
fn binary_garbage() {
    let e = record::read_text(&b"[Event \"x\"]\n1. e4 \xff\xfe *"[..]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: not a text game record (invalid UTF-8 at byte 18)"
    );
    let e = record::read_text(&b"\x7fELF\x02\x01\x01\x00\x00"[..]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: not a text game record (control byte 0x7f at byte 0)"
    );
    let e = load_error("1. e4\n\n e5 \u{0}\u{1} *", &[]);
    assert_eq!(
        e.to_string(),
        "line 3: not a text game record (control byte 0x00 at byte 11)"
    );
}

/// Tags the record derives are refused by `set_tag` and `export`; a bad
/// name too; a record that does not rebuild says why.
#[test]
fn writing_refuses_bad_tags_and_records() {
    let g = Game::new(&variant("chess", &[]));
    for name in ["Result", "VFEN", "Variant", "Termination"] {
        let e = record::export(&g, &[(name.into(), "x".into())]).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("cannot write tag '{name}': the record sets this tag itself")
        );
    }
    let e = record::export(&g, &[("Two words".into(), "x".into())]).unwrap_err();
    assert!(
        e.to_string()
            .contains("a tag name is letters, digits and '_'"),
        "{e}"
    );
    let mut r = MatchRecord::from_game(&g);
    r.moves.push(record::RecordedMove::new("e2e5"));
    assert_eq!(
        r.to_text().unwrap_err().to_string(),
        "invalid match record: move 1 'e2e5': 'e2e5' is not legal here"
    );
    r.variant = "holygrial".into();
    assert!(
        r.game()
            .err()
            .unwrap()
            .to_string()
            .contains("variant 'holygrial' is not installed")
    );
}

/// A match record survives bincode (the network's encoding) unchanged and
/// rebuilds the same game.
#[test]
fn match_record_serialises() {
    let v = variant("holygrail", &[]);
    let mut rng = SplitMix64::new(5);
    let g = random_game(&v, None, &mut rng, 80, &mut MoveKinds::default());
    let (r, _) = dress(&g, &mut rng, Some("600+5".parse().unwrap()));
    let cfg = bincode::config::standard();
    let bytes = bincode::serde::encode_to_vec(&r, cfg).unwrap();
    let (back, used): (MatchRecord, usize) =
        bincode::serde::decode_from_slice(&bytes, cfg).unwrap();
    assert_eq!(used, bytes.len());
    assert_eq!(back, r);
    assert_eq!(
        back.game().unwrap().position().to_vfen(),
        g.position().to_vfen()
    );
    assert_eq!(
        MatchRecord::from_text(&r.to_text().unwrap(), 1)
            .unwrap()
            .moves,
        r.moves
    );
}

/// A move token ending in a multi-byte character (a record edited by hand
/// or mangled by mail) is refused with a message naming it: it once cut the
/// token inside the character and panicked (issue 21).
#[test]
fn move_tokens_with_multibyte_characters_are_refused() {
    for (token, variant) in [
        ("é", "chess"),
        ("♔", "chess"),
        ("Ö4", "chess"),
        ("Nö3", "chess"),
        ("e4é", "chess"),
        ("Qé10", "grand"),
        ("♔", "holygrail"),
        ("Ö4", "herculean"),
    ] {
        let text = format!("[Variant \"{variant}\"]\n1. {token} *\n");
        load_error(
            &text,
            &[&format!("move 1 (white): '{token}' is not legal here")],
        );
    }
}

/// `*` says the game goes on: a Termination that gives a result contradicts
/// it (only `abandoned` stops a game without one), and so does a Result tag
/// that is not the moves' own end (issue 21).
#[test]
fn a_game_in_progress_has_no_termination_but_abandoned() {
    for word in [
        "checkmate",
        "stalemate",
        "resignation",
        "agreement",
        "time forfeit",
    ] {
        load_error(
            &format!("[Result \"*\"]\n[Termination \"{word}\"]\n1. e4 *"),
            &[&format!(
                "game 1: the Termination tag says {word} but the result is * (the game goes on)"
            )],
        );
    }
    load_error(
        "[Result \"*\"]\n[Termination \"checkmate\"]\n1. e4 1-0",
        &["the Result tag says * but the moves end with 1-0"],
    );
    let l = load("[Result \"*\"]\n[Termination \"abandoned\"]\n1. e4 *");
    assert_eq!(l.result_line(), "result: *");
    // lichess writes `Unterminated` for a game in progress.
    let l = load("[Result \"*\"]\n[Termination \"Unterminated\"]\n1. e4 *");
    assert_eq!(l.result_line(), "result: *");
}

/// A record written with a game it was not made from is refused: another
/// variant, another start, one move more or fewer, another move.
#[test]
fn a_record_is_not_written_with_another_game() {
    let v = variant("chess", &[]);
    let mut g = Game::new(&v);
    g.play_lmn_list(&["e2e4", "e7e5", "g1f3"]).expect("moves");
    let r = MatchRecord::from_game(&g);
    assert!(r.to_text_of(&g).is_ok());
    let mut fewer = Game::new(&v);
    fewer.play_lmn_list(&["e2e4", "e7e5"]).expect("moves");
    let mut other = Game::new(&v);
    other
        .play_lmn_list(&["e2e4", "e7e5", "b1c3"])
        .expect("moves");
    let mut more = g.clone();
    more.play_lmn("b8c6").expect("a move");
    let grand = Game::new(&variant("grand", &[]));
    let elsewhere = Game::from_vfen(&v, "4k3/8/8/8/8/8/8/4K2R w - - - 0 1").expect("a start");
    for game in [&fewer, &other, &more, &grand, &elsewhere] {
        let e = r.to_text_of(game).expect_err("another game");
        assert!(e.to_string().contains("not made from this game"), "{e}");
    }
}
