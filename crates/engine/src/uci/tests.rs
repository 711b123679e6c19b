//! The UCI state machine, command by command, with every error path. The
//! expected FENs are worked out by hand from the moves (Fairy-Stockfish's
//! FEN conventions: shared/reference/fsf-notation.md); start positions come
//! from docs/rules.md §8.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use super::*;
use chimera_rules::Color;

/// Longest wait for a search line (searches here take milliseconds).
const PATIENCE: Duration = Duration::from_secs(120);

const HOLYGRAIL_START: &str = "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJISjjjjis 0 1";

struct Session {
    engine: Engine,
    lines: Receiver<String>,
}

impl Session {
    fn new() -> Session {
        let (tx, lines) = channel();
        let out: Output = Arc::new(move |l: &str| {
            let _ = tx.send(l.to_string());
        });
        Session {
            engine: Engine::new(out),
            lines,
        }
    }

    /// A session playing `variant` (whatever its announcement).
    fn playing(variant: &str) -> Session {
        let mut s = Session::new();
        s.ask(&format!("setoption name UCI_Variant value {variant}"));
        s
    }

    /// Sends a line that starts no search; returns what it answered.
    fn ask(&mut self, line: &str) -> Vec<String> {
        assert!(self.engine.handle(line), "{line} quits");
        self.lines.try_iter().collect()
    }

    /// Sends one line and expects exactly one answer.
    fn one(&mut self, line: &str) -> String {
        let got = self.ask(line);
        assert_eq!(got.len(), 1, "{line}: {got:?}");
        got[0].clone()
    }

    /// Sends a line and expects no answer.
    fn quiet(&mut self, line: &str) {
        assert_eq!(self.ask(line), Vec::<String>::new(), "{line}");
    }

    /// The error a line is answered with.
    fn error(&mut self, line: &str) -> String {
        let got = self.one(line);
        got.strip_prefix("info string error: ")
            .unwrap_or_else(|| panic!("{line}: {got}"))
            .to_string()
    }

    /// Expects the error a line is answered with to start with `start`.
    fn error_starting(&mut self, line: &str, start: &str) {
        let e = self.error(line);
        assert!(e.starts_with(start), "{line}: {e}");
    }

    /// Lines up to and including `bestmove`.
    fn until_bestmove(&mut self) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let l = self.lines.recv_timeout(PATIENCE).expect("a bestmove");
            let done = l.starts_with("bestmove");
            got.push(l);
            if done {
                return got;
            }
        }
    }

    /// `go …` to the end: the info lines and the move of `bestmove`.
    fn go(&mut self, line: &str) -> (Vec<String>, String) {
        assert!(self.engine.handle(line));
        let mut got = self.until_bestmove();
        let best = got.pop().unwrap();
        let mv = best.strip_prefix("bestmove ").unwrap().to_string();
        (got, mv)
    }

    fn fen(&mut self) -> String {
        let got = self.one("d");
        got.strip_prefix("Fen: ").unwrap().to_string()
    }
}

#[test]
fn uci_names_the_engine_and_lists_the_options() {
    let mut s = Session::new();
    let got = s.ask("uci");
    assert!(got[0].starts_with("id name Chimera "), "{got:?}");
    assert!(got[1].starts_with("id author "), "{got:?}");
    assert_eq!(got.last().unwrap(), "uciok");
    let options: Vec<&String> = got.iter().filter(|l| l.starts_with("option ")).collect();
    let every: Vec<String> = chimera_rules::variants::builtin()
        .iter()
        .map(|v| format!(" var {}", v.id))
        .collect();
    let combo = options
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess "))
        .expect("UCI_Variant");
    for v in [
        "holygrail",
        "herculean",
        "holywar",
        "ghostarelay",
        "grand",
        "embassy",
        "chess",
    ] {
        assert!(combo.contains(&format!(" var {v}")), "{combo}");
    }
    assert_eq!(combo.matches(" var ").count(), every.len());
    assert!(options.contains(&&"option name Hash type spin default 16 min 1 max 1024".to_string()));
    assert!(
        options.contains(&&"option name Skill Level type spin default 8 min 1 max 8".to_string())
    );
    assert!(options.contains(&&"option name Clear Hash type button".to_string()));
    // The search runs on one thread: no Threads option.
    assert!(!got.iter().any(|l| l.contains("Threads")), "{got:?}");
    assert_eq!(got.len(), 2 + options.len() + 1, "{got:?}");
}

#[test]
fn isready_blank_lines_comments_debug_and_newgame() {
    let mut s = Session::new();
    assert_eq!(s.one("isready"), "readyok");
    s.quiet("");
    s.quiet("   ");
    s.quiet("# a comment");
    s.quiet("debug on");
    s.quiet("ucinewgame");
    assert_eq!(s.one("  isready  "), "readyok");
}

#[test]
fn unknown_commands_and_ponderhit_are_named() {
    let mut s = Session::new();
    s.error_starting("xyzzy 1 2", "unknown command 'xyzzy' (commands: uci, ");
    assert_eq!(
        s.error("ponderhit"),
        "ponderhit: pondering is not supported"
    );
    assert_eq!(s.one("isready"), "readyok");
}

#[test]
fn setoption_sets_variant_hash_level_and_variant_options() {
    let mut s = Session::new();
    // Variants Fairy-Stockfish knows are not announced.
    s.quiet("setoption name UCI_Variant value grand");
    assert_eq!(s.engine.game().variant().id(), "grand");
    s.quiet("setoption name uci_variant value Embassy");
    assert_eq!(s.engine.game().variant().id(), "embassy");
    assert_eq!(
        s.one("setoption name UCI_Variant value holygrail"),
        format!("info string variant holygrail files 10 ranks 12 startpos {HOLYGRAIL_START}")
    );
    assert_eq!(s.fen(), HOLYGRAIL_START);
    // docs/rules.md §8: the `ninjas` hand is four ninja pawns a side.
    let got = s.one("setoption name Variant Options value drops=ninjas");
    assert!(
        got.ends_with(" w BIbi - JJJJjjjj 0 1") && got.starts_with("info string variant holygrail"),
        "{got}"
    );
    s.quiet("setoption name Hash value 1");
    s.quiet("setoption name HASH value 32");
    s.quiet("setoption name Skill Level value 3");
    s.quiet("setoption name Clear Hash");
    assert_eq!(
        s.one("setoption name Variant Options value <empty>"),
        format!("info string variant holygrail files 10 ranks 12 startpos {HOLYGRAIL_START}")
    );
}

#[test]
fn setoption_errors_name_the_option_and_change_nothing() {
    let mut s = Session::playing("grand");
    assert_eq!(
        s.error("setoption name Threads value 2"),
        "setoption: no option 'Threads' (options: UCI_Variant, Hash, Clear Hash, Skill Level, Variant Options)"
    );
    assert_eq!(
        s.error("setoption value 3"),
        "setoption: expected 'name NAME value VALUE'"
    );
    assert_eq!(
        s.error("setoption name Hash"),
        "setoption: 'Hash' needs 'value VALUE'"
    );
    assert_eq!(
        s.error("setoption name Hash value lots"),
        "setoption: Hash: expected a whole number from 1 to 1024, found 'lots'"
    );
    assert_eq!(
        s.error("setoption name Hash value 0"),
        "setoption: Hash: expected a whole number from 1 to 1024, found '0'"
    );
    assert_eq!(
        s.error("setoption name Skill Level value 9"),
        "setoption: Skill Level: expected a whole number from 1 to 8, found '9'"
    );
    s.error_starting(
        "setoption name UCI_Variant value shogi",
        "setoption: unknown variant 'shogi' (known: ",
    );
    assert_eq!(
        s.error("setoption name Variant Options value drops"),
        "setoption: Variant Options: expected NAME=VALUE, found 'drops'"
    );
    s.error_starting(
        "setoption name Variant Options value drops=full",
        "setoption: Variant Options: unknown option 'drops'",
    );
    // Still Grand from its start.
    assert_eq!(s.engine.game().variant().id(), "grand");
    assert_eq!(
        s.fen(),
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"
    );
}

#[test]
fn position_reads_fairy_stockfish_fen_and_moves_for_chess() {
    let mut s = Session::new();
    s.quiet("position startpos moves e2e4 e7e5");
    assert_eq!(
        s.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    // Castling is the king's move: O-O for White, O-O-O for Black.
    s.quiet("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 moves e1g1 e8c8");
    assert_eq!(s.fen(), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
    // A promotion letter in either case.
    s.quiet("position fen 7k/4P1pp/8/8/8/8/8/K7 w - - 0 1 moves e7e8N");
    assert_eq!(s.fen(), "4N2k/6pp/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn position_reads_fairy_stockfish_fen_and_moves_for_grand_and_embassy() {
    let mut s = Session::playing("grand");
    // Their c is Chimera's Marshal, their a the Cardinal (Grand promotes
    // to pieces that are off the board).
    s.quiet("position fen 9k/1P8/10/10/10/10/10/10/10/9K w - - 0 1 moves b9b10c");
    assert_eq!(s.fen(), "1C7k/10/10/10/10/10/10/10/10/9K b - - 0 1");
    let board = s.engine.game().position().to_vfen();
    assert!(board.starts_with("1M7k/"), "{board}");
    s.quiet("position fen 9k/1P8/10/10/10/10/10/10/10/9K w - - 0 1 moves b9b10a");
    assert!(s.engine.game().position().to_vfen().starts_with("1C7k/"));
    s.quiet("setoption name UCI_Variant value embassy");
    // Embassy castling: the king goes three squares (e1h1: rook j1 to g1).
    s.quiet(
        "position fen r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1 moves e1h1 e8b8",
    );
    assert_eq!(
        s.fen(),
        "1kr6r/pppppppppp/10/10/10/10/PPPPPPPPPP/R5RK2 w - - 2 2"
    );
}

#[test]
fn position_reads_vfen_and_lmn_for_the_seed_variants() {
    let mut s = Session::playing("holygrail");
    s.quiet("position startpos moves e2e4 e9e7");
    assert_eq!(
        s.fen(),
        "****tt****/crwbqkbfrc/pppp1ppppp/10/4p5/10/10/4P5/10/PPPP1PPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJISjjjjis 0 2"
    );
    s.quiet(&format!("position fen {HOLYGRAIL_START}"));
    assert_eq!(s.fen(), HOLYGRAIL_START);
}

#[test]
fn position_errors_name_the_problem() {
    let mut s = Session::new();
    s.quiet("position startpos moves e2e4");
    let before = s.fen();
    for (line, error) in [
        ("position", "position: expected 'startpos' or 'fen'"),
        (
            "position start",
            "position: expected 'startpos' or 'fen', found 'start'",
        ),
        (
            "position startpos e2e4",
            "position: expected 'moves' after 'startpos', found 'e2e4'",
        ),
        ("position fen", "position: 'fen' needs a position"),
        (
            "position fen rnbqkbnr/pppppppp w",
            "position fen: FEN needs 6 fields (board side castling en-passant halfmove fullmove), found 2",
        ),
    ] {
        assert_eq!(s.error(line), error, "{line}");
        assert_eq!(s.fen(), before, "{line} changed the position");
    }
    s.error_starting(
        "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position fen: VFEN ",
    );
    assert_eq!(s.fen(), before);
    // An illegal move keeps the moves before it, as Fairy-Stockfish does.
    assert_eq!(
        s.error("position startpos moves e2e4 e7e5 e4e5 d7d5"),
        "position: move 3 'e4e5' is not legal here (the position stands after moves 1-2)"
    );
    assert_eq!(
        s.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(
        s.error("position startpos moves e2e5"),
        "position: move 1 'e2e5' is not legal here (the position stands after no move)"
    );
    // Fool's mate, then one move too many.
    assert_eq!(
        s.error("position startpos moves f2f3 e7e5 g2g4 d8h4 a2a3"),
        "position: move 5 'a2a3' is too late: the game is over (0-1 checkmate) (the position stands after moves 1-4)"
    );
    s.ask("setoption name UCI_Variant value holygrail");
    let e = s.error("position startpos moves e2e4 zz");
    assert!(
        e.starts_with("position: move 2 'zz' is not a move in LMN: ")
            && e.ends_with("(the position stands after move 1)"),
        "{e}"
    );
    assert_eq!(s.one("isready"), "readyok");
}

#[test]
fn go_depth_reports_each_iteration_then_a_fairy_stockfish_move() {
    let mut s = Session::playing("grand");
    s.quiet("position startpos moves e3e5");
    let (info, best) = s.go("go depth 3");
    assert_eq!(info.len(), 3, "{info:?}");
    for (i, l) in info.iter().enumerate() {
        let f: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(&f[..3], ["info", "depth", &(i + 1).to_string()], "{l}");
        for key in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
            assert!(f.contains(&key), "{l}");
        }
    }
    // The move is Black's, legal, in its UCI form.
    let d = fsf::dialect("grand").unwrap();
    let pos = s.engine.game().position();
    assert_eq!(pos.side_to_move(), Color::Black);
    assert!(d.uci_to_move(pos, &best).is_some(), "{best}");
    assert!(info[2].split(" pv ").nth(1).unwrap().starts_with(&best));
}

#[test]
fn go_finds_a_promotion_mate_and_writes_it_in_lowercase() {
    let mut s = Session::new();
    // e8=Q and e8=R both mate on the back rank.
    s.quiet("position fen 7k/4P1pp/8/8/8/8/8/K7 w - - 0 1");
    let (info, best) = s.go("go depth 2");
    assert!(best == "e7e8q" || best == "e7e8r", "{best}");
    assert!(
        info.iter().all(|l| l.contains(" score mate 1 ")),
        "{info:?}"
    );
}

#[test]
fn go_in_the_seed_variants_answers_in_lmn() {
    let mut s = Session::playing("holywar");
    s.quiet("setoption name Skill Level value 2");
    let (_, best) = s.go("go nodes 2000");
    assert!(
        best.contains('@'),
        "a Holywar game opens with drops: {best}"
    );
    assert!(
        s.engine.game().position().parse_lmn(&best).is_ok(),
        "{best}"
    );
}

#[test]
fn go_without_a_legal_move_answers_none() {
    let mut s = Session::new();
    // Stalemate: the black king on a8, the white queen on b6.
    s.quiet("position fen k7/8/1Q6/8/8/8/8/7K b - - 0 1");
    let (info, best) = s.go("go depth 3");
    assert_eq!(
        (info, best.as_str()),
        (vec!["info depth 0 score cp 0".to_string()], "(none)")
    );
}

#[test]
fn go_errors_name_the_parameter_and_start_nothing() {
    let mut s = Session::new();
    for (line, error) in [
        ("go depth", "go: 'depth' needs a number, found nothing"),
        ("go depth x", "go: 'depth' needs a whole number, found 'x'"),
        (
            "go nodes -5",
            "go: 'nodes' needs a whole number, found '-5'",
        ),
        ("go depth 3 fast", "go: unknown parameter 'fast'"),
        ("go ponder", "go: 'ponder' is not supported"),
        (
            "go btime 1000 binc 10",
            "go: 'wtime' is missing (White to move)",
        ),
        ("go movestogo 3", "go: 'wtime' is missing (White to move)"),
    ] {
        assert_eq!(s.error(line), error, "{line}");
    }
    assert_eq!(s.one("isready"), "readyok");
    let (_, best) = s.go("go depth 1");
    assert!(s.engine.game().position().legal_moves().len() == 20 && best.len() == 4);
}

#[test]
fn go_limits_read_every_parameter() {
    let ms = Duration::from_millis;
    let (l, hold) = go_limits(
        &["depth", "7", "nodes", "900", "movetime", "250"],
        Color::White,
    )
    .unwrap();
    assert_eq!(
        (l.depth, l.nodes, l.movetime, hold),
        (Some(7), Some(900), Some(ms(250)), false)
    );
    let args = [
        "wtime",
        "60000",
        "btime",
        "-20",
        "winc",
        "500",
        "binc",
        "700",
        "movestogo",
        "12",
    ];
    let (white, _) = go_limits(&args, Color::White).unwrap();
    let (black, _) = go_limits(&args, Color::Black).unwrap();
    assert_eq!(
        white.clock,
        Some(TimeLeft {
            time: ms(60000),
            inc: ms(500),
            movestogo: Some(12)
        })
    );
    // A negative time left (overstepped) is none.
    assert_eq!(
        black.clock,
        Some(TimeLeft {
            time: ms(0),
            inc: ms(700),
            movestogo: Some(12)
        })
    );
    let (l, hold) = go_limits(&["infinite"], Color::Black).unwrap();
    assert!(l.infinite && hold && l.clock.is_none());
    assert_eq!(go_limits(&[], Color::White).unwrap().0, Limits::default());
}

#[test]
fn stop_ends_go_infinite_while_isready_and_position_are_answered() {
    let mut s = Session::new();
    assert!(s.engine.handle("go infinite"));
    // The result of an infinite search waits for stop.
    assert!(s.engine.handle("isready"));
    let got: Vec<String> = std::iter::from_fn(|| s.lines.recv_timeout(PATIENCE).ok())
        .take_while(|l| l != "readyok")
        .collect();
    assert!(got.iter().all(|l| l.starts_with("info depth")), "{got:?}");
    assert_eq!(
        s.error("go depth 1"),
        "go: a search is running (send stop first)"
    );
    // Setting up the next position does not disturb the search.
    s.engine.handle("position startpos moves e2e4");
    s.engine.handle("stop");
    let got = s.until_bestmove();
    let best = got.last().unwrap().strip_prefix("bestmove ").unwrap();
    let start = Game::new(&Variant::new("chess", &[]).unwrap());
    let d = fsf::dialect("chess").unwrap();
    assert!(d.uci_to_move(start.position(), best).is_some(), "{best}");
    // The next search starts at once.
    let (_, best) = s.go("go depth 1");
    assert!(d.uci_to_move(s.engine.game().position(), &best).is_some());
}

#[test]
fn quit_stops_a_search_and_reports_it() {
    let mut s = Session::new();
    s.engine.handle("go infinite");
    assert!(!s.engine.handle("quit"));
    let got: Vec<String> = s.lines.try_iter().collect();
    assert!(got.last().unwrap().starts_with("bestmove "), "{got:?}");
    // Stop without a search does nothing.
    let mut s = Session::new();
    s.quiet("stop");
}

#[test]
fn notation_round_trips_the_dialects_and_lmn() {
    let grand = Variant::new("grand", &[]).unwrap();
    let n = Notation::of(&grand);
    assert!(matches!(n, Notation::Fsf(_)));
    let g = n
        .read_fen(&grand, "9k/1P8/10/10/10/10/10/10/10/9K w - - 0 1")
        .unwrap();
    let m = n.read_move(g.position(), "b9b10c").unwrap();
    assert_eq!(g.position().lmn(m), "b9b10=M");
    assert_eq!(n.write_move(g.position(), m), "b9b10c");
    assert_eq!(
        n.write_fen(g.position()),
        "9k/1P8/10/10/10/10/10/10/10/9K w - - 0 1"
    );
    let hg = Variant::new("holygrail", &[]).unwrap();
    assert!(matches!(Notation::of(&hg), Notation::Native));
    let g = Notation::Native.read_fen(&hg, HOLYGRAIL_START).unwrap();
    let m = Notation::Native.read_move(g.position(), "e2e4").unwrap();
    assert_eq!(Notation::Native.write_move(g.position(), m), "e2e4");
}
