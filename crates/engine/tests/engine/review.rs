//! Reviewing a game (issue 22): games built by hand with a known blunder —
//! a hung queen (chess and Grand), a missed mate in one, a walk into mate —
//! are marked there; games of the engine's own best moves are not marked;
//! MultiPV lines, progress and cancelling. The positions are worked out
//! from docs/rules.md (§1 chess, §2 Grand: pawns on ranks 3 and 8 step one
//! or two, the queen starts on d2 and d9).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use chimera_engine::review::{self, Judgement, MateChange, Review, ReviewSettings};
use chimera_engine::{Limits, Searcher};
use chimera_game::record::{MatchRecord, RecordEval};
use chimera_rules::{Color, Game};

use super::board::variant;

/// A fixed node budget and table: the same review on every machine.
fn settings() -> ReviewSettings {
    let mut s = ReviewSettings::new(Limits::nodes(12_000));
    s.hash_mb = 4;
    s
}

fn game(id: &str, moves: &str) -> Game {
    let mut g = Game::new(&variant(id, &[]));
    for m in moves.split_whitespace() {
        g.play_lmn(m).unwrap_or_else(|e| panic!("{id} {m}: {e}"));
    }
    g
}

fn review(g: &Game) -> Review {
    review::review_game(
        g,
        &settings(),
        &Arc::new(AtomicBool::new(false)),
        &mut |_| {},
    )
    .expect("not cancelled")
}

/// The judged moves: (index, judgement).
fn marks(r: &Review) -> Vec<(usize, Judgement)> {
    r.moves
        .iter()
        .filter_map(|m| m.judgement.map(|j| (m.index, j)))
        .collect()
}

#[test]
fn a_hung_queen_is_a_blunder_in_chess() {
    // 1. e4 d5 2. Qg4?? — the c8 bishop sees g4 once d7 has moved (d7, e6,
    // f5 empty) — 2... Bxg4.
    let g = game("chess", "e2e4 d7d5 d1g4 c8g4");
    let r = review(&g);
    let m = &r.moves[2];
    assert_eq!((m.lmn.as_str(), m.mover), ("d1g4", Color::White));
    assert_eq!(m.judgement, Some(Judgement::Blunder), "{:?}", r.moves);
    assert_eq!(m.mate, None);
    // The recapture is the engine's own choice: not marked.
    assert_eq!(r.moves[3].judgement, None);
    assert_eq!(r.summary[0].blunders, 1);
    assert!(r.summary[0].average_loss.unwrap() >= 300, "{:?}", r.summary);
    // The eval after 2... Bxg4 is far in Black's favour (a queen down).
    match r.positions[4].eval {
        Some(RecordEval::Cp(c)) => assert!(c <= -500, "{c}"),
        e => panic!("{e:?}"),
    }
}

#[test]
fn a_hung_queen_is_a_blunder_in_grand() {
    // 1. e5 e6 2. Qi7?? (d2-e3-f4-g5-h6-i7, e3 emptied by the first move);
    // i7 is attacked by the pawns h8 and j8 (Black captures downward) —
    // 2... hxi7.
    let g = game("grand", "e3e5 e8e6 d2i7 h8i7");
    let r = review(&g);
    assert_eq!(r.moves[2].lmn, "d2i7");
    assert_eq!(
        r.moves[2].judgement,
        Some(Judgement::Blunder),
        "{:?}",
        r.moves
    );
    assert_eq!(r.moves[3].judgement, None);
    assert_eq!(r.summary[Color::White.index()].blunders, 1);
    assert_eq!(r.summary[Color::Black.index()].blunders, 0);
}

/// The scholar's trap: after 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 Qxf7 is mate:
/// the queen on f7 is guarded by the c4 bishop, and of the king's squares
/// d7 (pawn), d8 (queen), f8 (bishop) are taken and e7 is covered by the
/// queen.
const SCHOLAR: &str = "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6";

#[test]
fn walking_into_mate_is_a_blunder() {
    let g = game("chess", &format!("{SCHOLAR} h5f7"));
    assert!(g.outcome().is_some(), "Qxf7 mates");
    let r = review(&g);
    assert_eq!(r.positions[6].eval, Some(RecordEval::Mate(1)));
    assert_eq!(r.positions[6].best(), Some("h5f7"));
    assert_eq!(r.positions[6].best_san(), Some("Qxf7#"));
    let nf6 = &r.moves[5];
    assert_eq!(nf6.lmn, "g8f6");
    assert_eq!(nf6.judgement, Some(Judgement::Blunder));
    assert_eq!(nf6.mate, Some(MateChange::Created));
    // The mating move is never a mistake, and the final position has no
    // score: the game is over.
    assert_eq!(r.moves[6].judgement, None);
    assert_eq!(r.positions[7].eval, None);
    assert!(r.positions[7].outcome.is_some());
    assert_eq!(r.summary[Color::Black.index()].blunders, 1);

    let mut rec = MatchRecord::from_game(&g);
    review::annotate_record(&mut rec, &r);
    let text = rec.to_text().unwrap().replace('\n', " ");
    assert!(
        text.contains("3... Nf6 $4 {[%eval #1]} {Checkmate is now unavoidable."),
        "{text}"
    );
    assert!(text.contains("was best.} (3... "), "{text}");
}

#[test]
fn a_missed_mate_in_one_is_a_blunder() {
    // 4. Qe2 (h5-g4-f3-e2, all empty) instead of Qxf7#.
    let g = game("chess", &format!("{SCHOLAR} h5e2"));
    let r = review(&g);
    let m = &r.moves[6];
    assert_eq!(m.lmn, "h5e2");
    assert_eq!(
        m.judgement,
        Some(Judgement::Blunder),
        "{:?}",
        r.positions[7]
    );
    assert_eq!(m.mate, Some(MateChange::Lost));
    let mut rec = MatchRecord::from_game(&g);
    review::annotate_record(&mut rec, &r);
    let text = rec.to_text().unwrap().replace('\n', " ");
    assert!(
        text.contains("4. Qe2 $4")
            && text.contains("Lost forced checkmate sequence. Qxf7# was best.} (4. Qxf7#)"),
        "{text}"
    );
}

/// A game of the engine's own choices: at every ply the best move of a
/// fresh review of the position.
fn best_moves_game(id: &str, plies: usize) -> Game {
    let mut g = Game::new(&variant(id, &[]));
    let mut s = Searcher::new(4);
    for ply in 0..plies {
        let pr = review::review_position(&mut s, &g, ply, &settings());
        let Some(best) = pr.best() else { break };
        let best = best.to_string();
        g.play_lmn(&best).unwrap();
    }
    g
}

#[test]
fn a_game_of_best_moves_is_not_marked() {
    for id in ["chess", "grand"] {
        let g = best_moves_game(id, 12);
        let r = review(&g);
        assert_eq!(marks(&r), vec![], "{id}: {:?}", r.moves);
        for s in r.summary {
            assert_eq!((s.inaccuracies, s.mistakes, s.blunders), (0, 0, 0));
        }
        let mut rec = MatchRecord::from_game(&g);
        review::annotate_record(&mut rec, &r);
        let text = rec.to_text().unwrap().replace('\n', " ");
        for nag in ["$2", "$4", "$6"] {
            assert!(!text.contains(nag), "{id}: {text}");
        }
        // Every move has its evaluation.
        assert_eq!(text.matches("[%eval ").count(), g.moves().len(), "{text}");
    }
}

#[test]
fn positions_have_three_distinct_readable_lines() {
    let g = game("grand", "e3e5 e8e6");
    let r = review(&g);
    assert_eq!(r.positions.len(), 3);
    for p in &r.positions {
        assert_eq!(p.lines.len(), 3, "{p:?}");
        let firsts: std::collections::BTreeSet<&str> =
            p.lines.iter().map(|l| l.moves[0].as_str()).collect();
        assert_eq!(firsts.len(), 3, "{p:?}");
        assert_eq!(p.eval, Some(p.lines[0].eval));
        for l in &p.lines {
            assert!(!l.moves.is_empty() && l.moves.len() <= 6);
            assert_eq!(l.moves.len(), l.san.len());
        }
    }
    // White to move at ply 2 (move 2): the line reads "2. …"; Black at ply 1.
    assert!(r.positions[2].lines[0].text().starts_with("2. "));
    assert!(r.positions[1].lines[0].text().starts_with("1... "));
}

#[test]
fn a_position_with_one_move_has_one_line() {
    // 1. e4 f6 2. Qh5+ (along h5-g6-f7-e8): f7 is on the checking line, no
    // piece can take the queen or reach f7, so g6 is Black's only move.
    let g = game("chess", "e2e4 f7f6 d1h5");
    assert_eq!(g.position().legal_moves().len(), 1);
    let r = review(&g);
    assert_eq!(r.positions[3].lines.len(), 1);
    assert_eq!(r.positions[3].best(), Some("g7g6"));
}

#[test]
fn progress_is_reported_and_the_flag_cancels() {
    let g = game("chess", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
    let stop = Arc::new(AtomicBool::new(false));
    let mut seen = Vec::new();
    let flag = stop.clone();
    let r = review::review_game(&g, &settings(), &stop, &mut |p| {
        seen.push((p.done, p.total, p.position.ply));
        if p.done == 3 {
            flag.store(true, Ordering::Relaxed);
        }
    });
    let e = r.unwrap_err();
    assert_eq!((e.done, e.total), (3, 7));
    assert_eq!(seen, vec![(1, 7, 0), (2, 7, 1), (3, 7, 2)]);
    // A flag set while a position is searched stops the search too: with
    // an endless budget the review still returns.
    let stop = Arc::new(AtomicBool::new(false));
    let mut s = ReviewSettings::new(Limits {
        infinite: true,
        ..Limits::default()
    });
    s.hash_mb = 1;
    let flag = stop.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let e = review::review_game(&g, &s, &stop, &mut |_| {}).unwrap_err();
    t.join().unwrap();
    assert_eq!(e.done, 0);
}

#[test]
fn excluded_root_moves_are_left_out_of_the_search() {
    // After 3... Nf6 the only mate in one is Qxf7#: without it, no mate.
    let g = game("chess", SCHOLAR);
    let pos = g.position();
    let mate = pos.parse_lmn("h5f7").unwrap();
    let mut s = Searcher::new(1);
    let full = s.search(pos, &[], &Limits::depth(3), &mut |_| {});
    assert_eq!(full.best, Some(mate));
    assert_eq!(full.score, chimera_engine::Eval::Mate(1));
    let rest = s.search_excluding(pos, &[], &Limits::depth(3), &[mate], &mut |_| {});
    assert!(rest.best.is_some_and(|m| m != mate));
    assert!(
        matches!(rest.score, chimera_engine::Eval::Cp(_)),
        "{:?}",
        rest.score
    );
    // The exclusion does not stay: the next full search finds the mate again.
    let again = s.search(pos, &[], &Limits::depth(3), &mut |_| {});
    assert_eq!(again.best, Some(mate));
    // Every move excluded: no move.
    let only = game("chess", "e2e4 f7f6 d1h5");
    let all = only.position().legal_moves();
    let none = s.search_excluding(only.position(), &[], &Limits::depth(2), &all, &mut |_| {});
    assert_eq!(none.best, None);
}
