//! Search mechanics: stop flag, transposition table and mate scores, game
//! ends as the rules decide them, no allocation per node.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use chimera_engine::search::{DRAW, MATE, MATE_BOUND};
use chimera_engine::tt::{Bound, Table, from_tt, to_tt};
use chimera_engine::{Eval, Limits, Pace, SearchResult, Searcher};
use chimera_rules::{Game, MoveKind, Position};

use super::board::{position, variant};

// ----------------------------------------------------- counting allocator

/// Counts allocations per thread, so a test can see whether the search
/// allocates while other tests run beside it.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Level-8 search of `p` to `depth` with a fresh 1 MB table.
fn search(p: &Position, depth: u32) -> SearchResult {
    Searcher::new(1).search(p, &[], &Limits::depth(depth), &mut |_| {})
}

fn allocations() -> u64 {
    ALLOCATIONS.with(|n| n.get())
}

#[test]
fn search_does_not_allocate_per_node() {
    for (id, depth) in [("grand", 10), ("holygrail", 11), ("ghostarelay", 6)] {
        let v = variant(id, &[]);
        let pos = v.start_position();
        let mut s = Searcher::new(4);
        // A first search lets every per-ply list reach its working size.
        s.search(&pos, &[], &Limits::depth(depth), &mut |_| {});
        s.new_game();
        let before = allocations();
        let r = s.search(&pos, &[], &Limits::depth(depth), &mut |_| {});
        let used = allocations() - before;
        assert!(r.nodes > 20_000, "{id}: only {} nodes", r.nodes);
        // A few allocations per iteration (the reported line), none per node.
        assert!(
            used <= 8 * depth as u64 + 8,
            "{id}: {used} allocations for {} nodes",
            r.nodes
        );
    }
}

// ------------------------------------------------------------- stop flag

#[test]
fn a_stop_flag_set_before_the_search_returns_a_legal_move_at_once() {
    let v = variant("herculean", &[]);
    let pos = v.start_position();
    let mut s = Searcher::new(1);
    s.stop_flag().store(true, Ordering::Relaxed);
    let r = s.search(&pos, &[], &Limits::default(), &mut |_| {});
    assert_eq!(r.nodes, 0);
    let best = r.best.expect("a move");
    assert!(pos.legal_moves().contains(&best));
}

#[test]
fn a_stop_flag_set_during_the_search_ends_it_within_a_few_nodes() {
    let v = variant("grand", &[]);
    let pos = v.start_position();
    let mut s = Searcher::new(1);
    let flag = s.stop_flag();
    let mut first = 0;
    // The flag is raised when the first iteration reports: the second
    // iteration must give up after at most one polling interval (128 nodes).
    let r = s.search(&pos, &[], &Limits::default(), &mut |i| {
        if first == 0 {
            first = i.nodes;
            flag.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(r.depth, 1);
    assert!(r.nodes <= first + 128, "{} nodes after {first}", r.nodes);
    assert!(pos.legal_moves().contains(&r.best.expect("a move")));
}

#[test]
fn a_node_budget_is_kept() {
    let v = variant("holygrail", &[]);
    let pos = v.start_position();
    let mut s = Searcher::new(1);
    let r = s.search(&pos, &[], &Limits::nodes(5000), &mut |_| {});
    assert!(r.nodes <= 5000, "{}", r.nodes);
    assert!(r.best.is_some());
}

// ------------------------------------------------------------------ pace

#[test]
fn a_paced_search_finds_what_an_unpaced_one_does() {
    let v = variant("holygrail", &[]);
    let pos = v.start_position();
    let limits = Limits::nodes(30_000);
    let flat = Searcher::new(1).search(&pos, &[], &limits, &mut |_| {});
    let mut s = Searcher::new(1);
    let pace = Arc::new(Pace::full());
    pace.set_share(0.3);
    s.set_pace(Some(pace));
    let paced = s.search(&pos, &[], &limits, &mut |_| {});
    assert_eq!(
        (paced.best, paced.score, paced.depth, paced.nodes, &paced.pv),
        (flat.best, flat.score, flat.depth, flat.nodes, &flat.pv)
    );
}

#[test]
fn a_paused_search_rests_and_still_answers_its_stop_flag() {
    let v = variant("grand", &[]);
    let pos = v.start_position();
    let mut s = Searcher::new(1);
    let pace = Arc::new(Pace::full());
    pace.set_share(0.0);
    s.set_pace(Some(pace));
    let flag = s.stop_flag();
    let (tx, rx) = std::sync::mpsc::channel();
    let p = pos.clone();
    std::thread::spawn(move || {
        let r = s.search(&p, &[], &Limits::default(), &mut |_| {});
        let _ = tx.send(r);
    });
    // Paused, the search rests at its first look at the pace (node 128)
    // whenever the flag comes; raised, it must give up from its rest.
    std::thread::sleep(std::time::Duration::from_millis(30));
    flag.store(true, Ordering::Relaxed);
    let r = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("a paused search stops when told");
    assert!(r.nodes <= 128, "{} nodes while paused", r.nodes);
    assert!(pos.legal_moves().contains(&r.best.expect("a move")));
}

#[test]
fn time_limits_follow_the_clock() {
    use chimera_engine::TimeLeft;
    use std::time::Duration;
    let ms = Duration::from_millis;
    let clock = |time, inc, movestogo| Limits {
        clock: Some(TimeLeft {
            time: ms(time),
            inc: ms(inc),
            movestogo,
        }),
        ..Limits::default()
    };
    // 60 s (+20 ms kept back) and 1 s increment, moves to go unknown (30):
    // target 60000/30 + 750 = 2750 ms; soft 3/5 of it, hard three times it.
    assert_eq!(
        clock(60_020, 1000, None).time_limits(),
        (Some(ms(1650)), Some(ms(8250)))
    );
    // One move to go with 1 s: the target is capped at 4/5 (800 ms), the
    // hard limit at half the time (500 ms), the soft one 3/5 of 800.
    assert_eq!(
        clock(1_020, 0, Some(1)).time_limits(),
        (Some(ms(480)), Some(ms(500)))
    );
    assert_eq!(
        Limits::movetime(ms(300)).time_limits(),
        (Some(ms(300)), Some(ms(300)))
    );
    let infinite = Limits {
        infinite: true,
        ..clock(5000, 0, None)
    };
    assert_eq!(infinite.time_limits(), (None, None));
    assert_eq!(Limits::depth(7).time_limits(), (None, None));
}

#[test]
fn a_repetition_is_a_draw_the_losing_side_takes() {
    // White (rook against queen) has been shuffling: Rh2 Qb8 Rh1 Qa8 came
    // back to the start. Rh2 again repeats the position after White's first
    // move, a draw (score 0), better than anything else.
    let v = variant("chess", &[]);
    let start = position(&v, "Kg1 Rh1 kg8 qa8", "w - - - 0 1");
    let mut game = Game::from_vfen(&v, &start.to_vfen()).unwrap();
    for m in ["h1h2", "a8b8", "h2h1", "b8a8"] {
        game.play_lmn(m).unwrap();
    }
    let r = Searcher::new(1).search_game(&game, &Limits::depth(4), &mut |_| {});
    assert_eq!(game.position().lmn(r.best.unwrap()), "h1h2");
    assert_eq!(r.score, Eval::Cp(DRAW));
    // Without that history the same move is just a bad position.
    let r = search(&start, 4);
    assert!(r.raw < -300, "{:?}", r.score);
}

// ------------------------------------------------------ table and scores

#[test]
fn mate_scores_are_stored_relative_to_the_node() {
    // Mate in 3 plies seen from the root (score MATE - 3) found at ply 2 is
    // a mate in 1 ply from that node; read back at ply 4 it is mate in 5.
    let s = MATE - 3;
    assert_eq!(to_tt(s, 2), MATE - 1);
    assert_eq!(from_tt(to_tt(s, 2), 2), s);
    assert_eq!(from_tt(to_tt(s, 2), 4), MATE - 5);
    assert_eq!(to_tt(-s, 2), -(MATE - 1));
    assert_eq!(from_tt(to_tt(-s, 2), 4), -(MATE - 5));
    // Ordinary scores pass unchanged.
    assert_eq!(to_tt(123, 7), 123);
    assert_eq!(from_tt(-45, 9), -45);
}

#[test]
fn reported_scores_count_moves_to_mate() {
    assert_eq!(Eval::from_internal(MATE - 1), Eval::Mate(1));
    assert_eq!(Eval::from_internal(MATE - 3), Eval::Mate(2));
    assert_eq!(Eval::from_internal(MATE - 5), Eval::Mate(3));
    assert_eq!(Eval::from_internal(-(MATE - 2)), Eval::Mate(-1));
    assert_eq!(Eval::from_internal(-(MATE - 4)), Eval::Mate(-2));
    assert_eq!(Eval::from_internal(-MATE), Eval::Mate(0));
    assert_eq!(
        Eval::from_internal(MATE_BOUND - 1),
        Eval::Cp(MATE_BOUND - 1)
    );
    assert_eq!(Eval::Cp(-17).text(), "cp -17");
    assert_eq!(Eval::Mate(-2).text(), "mate -2");
}

#[test]
fn the_table_keeps_entries_and_their_moves() {
    let v = variant("chess", &[]);
    let pos = v.start_position();
    let m = pos.legal_moves()[3];
    let mut t = Table::new(1);
    assert!(t.capacity() >= 1024);
    t.store(42, Some(m), 77, 5, Bound::Exact);
    let e = t.probe(42).expect("stored");
    assert_eq!(
        (e.mv, e.score, e.depth, e.bound),
        (Some(m), 77, 5, Bound::Exact)
    );
    // A result without a move keeps the move already stored for the position.
    t.store(42, None, -10, 6, Bound::Upper);
    let e = t.probe(42).expect("stored");
    assert_eq!(
        (e.mv, e.score, e.depth, e.bound),
        (Some(m), -10, 6, Bound::Upper)
    );
    assert!(t.probe(43).is_none());
    t.clear();
    assert!(t.probe(42).is_none());
}

// ------------------------------------------- game ends as the rules say

#[test]
fn mates_are_reported_in_moves() {
    // White mates with Re8; once mated, Black has no move: mate 0.
    let v = variant("chess", &[]);
    for (pieces, rest, best, score) in [
        (
            "Kg1 Re1 Pf2 Pg2 Ph2 kg8 pf7 pg7 ph7",
            "w - - - 0 1",
            Some("e1e8"),
            1,
        ),
        (
            "Kg1 Re8 Pf2 Pg2 Ph2 kg8 pf7 pg7 ph7",
            "b - - - 0 1",
            None,
            0,
        ),
    ] {
        let p = position(&v, pieces, rest);
        let r = search(&p, 3);
        assert_eq!(r.best.map(|m| p.lmn(m)).as_deref(), best);
        assert_eq!(r.score, Eval::Mate(score));
    }
}

#[test]
fn the_hundredth_quiet_ply_draws_unless_it_mates() {
    let v = variant("chess", &[]);
    // K+R v K with 99 quiet plies behind: every move but the mate reaches
    // 100 plies and draws; with the mate available it wins (mate outranks
    // the 100-ply rule).
    let mate = position(&v, "Kg6 Ra1 kg8", "w - - - 99 120");
    let r = search(&mate, 3);
    assert_eq!(mate.lmn(r.best.unwrap()), "a1a8");
    assert_eq!(r.score, Eval::Mate(1));
    let no_mate = position(&v, "Kg5 Ra1 kg8", "w - - - 99 120");
    let r = search(&no_mate, 3);
    assert_eq!(r.score, Eval::Cp(DRAW));
}

#[test]
fn a_checkmated_king_with_a_free_prince_crowns_instead_of_losing() {
    // Holy Grail (drops=full): the white king in the a1 corner, walled in by
    // its pawns a2 and b2, is checked along rank 1 by the rook on h1 and
    // nothing can block; the prince on c5 is not attacked, so White's only
    // moves are crownings and the game goes on.
    let v = variant("holygrail", &[]);
    let p = position(&v, "Ka1 Pa2 Pb2 Ic5 kf10 rh1", "w - - - 0 1");
    assert!(p.in_check());
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].kind(), MoveKind::Crown);
    let r = search(&p, 4);
    assert_eq!(p.lmn(r.best.unwrap()), "^c5");
    assert!(!matches!(r.score, Eval::Mate(n) if n <= 0), "{:?}", r.score);
    // Without the prince the same position is lost at once.
    let q = position(&v, "Ka1 Pa2 Pb2 kf10 rh1", "w - - - 0 1");
    let r = search(&q, 4);
    assert_eq!((r.best, r.score), (None, Eval::Mate(0)));
    let g = Game::from_vfen(&v, &q.to_vfen()).unwrap();
    assert_eq!(
        g.outcome().map(|o| o.winner),
        Some(Some(chimera_rules::Color::Black))
    );
}

#[test]
fn ghostarelay_side_without_a_move_wins() {
    // Giveaway: White's only piece, the pawn on a2, is blocked by the black
    // pawn on a3 and has nothing to capture. White has no legal move, which
    // wins (docs/rules.md §7): the search reports a won end, not a loss.
    let v = variant("ghostarelay", &[]);
    let p = position(&v, "Pa2 pa3 kj10", "w - - - 0 1");
    assert!(p.legal_moves().is_empty());
    let r = search(&p, 2);
    assert_eq!(r.best, None);
    assert_eq!(r.raw, MATE);
    // One ply earlier Black, to move, can only give White that win.
    let q = position(&v, "Pa2 pa4 kj10", "b - - - 0 1");
    let r = search(&q, 3);
    assert!(matches!(r.score, Eval::Mate(n) if n < 0), "{:?}", r.score);
}
