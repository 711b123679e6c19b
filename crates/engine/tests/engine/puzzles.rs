//! Puzzle mining (issue 22): a mate in one embedded in a short game is
//! found with its unique solution; a position with two winning moves is not
//! a puzzle; every puzzle mined from a small seeded run of chess and of Holy
//! Grail re-searches deeper to the same unique best move. Small node budgets
//! and fixed tables: the same on every machine.

use chimera_engine::puzzles::{self, MineSettings, Theme};
use chimera_engine::{Eval, Limits, Searcher};
use chimera_rules::{Game, Position};

use super::board::variant;

const NODES: u64 = 20_000;
const HASH: usize = 4;

fn lmns(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

#[test]
fn the_mate_in_one_of_a_short_game_is_found_with_its_unique_solution() {
    // 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? — 4. Qxf7# is the only mate (rules
    // §1: the f7 pawn is guarded by the king alone, the c4 bishop backs the
    // queen); the game stops before it is played.
    let v = variant("chess", &[]);
    let moves = lmns("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6");
    let found = puzzles::puzzles_in_game(&v, None, &moves, 0, NODES, HASH).expect("legal");
    let mate: Vec<_> = found.iter().filter(|p| p.theme == Theme::Mate(1)).collect();
    assert_eq!(mate.len(), 1, "{found:#?}");
    let p = mate[0];
    assert_eq!(p.solution, vec!["h5f7".to_string()]);
    let mut g = Game::new(&v);
    g.play_lmn_list(&moves).expect("legal");
    assert_eq!(p.vfen, g.position().to_vfen());
    assert!(
        p.line().contains(" | h5f7 | mate-in-1 | difficulty "),
        "{}",
        p.line()
    );
}

#[test]
fn a_position_with_two_winning_moves_is_not_a_puzzle() {
    // Back-rank mate on a8 or b8: either rook mates (rules §1; the c2
    // knight cannot reach the eighth rank).
    let v = variant("chess", &[]);
    let two = Game::from_vfen(&v, "7k/5ppp/8/8/8/8/2n5/RR4K1 w - - - 0 1").expect("vfen");
    assert_eq!(puzzles::examine(&two, NODES, HASH), None);
    // With one rook (against the knight) the mate is unique: a puzzle.
    let one = Game::from_vfen(&v, "7k/5ppp/8/8/8/8/2n5/R5K1 w - - - 0 1").expect("vfen");
    let p = puzzles::examine(&one, NODES, HASH).expect("a puzzle");
    assert_eq!(
        (p.solution, p.theme),
        (vec!["a1a8".to_string()], Theme::Mate(1))
    );
}

/// Re-searches the puzzle's position with 8× the nodes: the same best move,
/// and every other move clearly worse.
fn confirm_deeper(id: &str, p: &puzzles::Puzzle) {
    let v = variant(id, &[]);
    let pos = Position::from_vfen(&v, &p.vfen).expect("vfen");
    let limits = Limits::nodes(NODES * 8);
    let mut s = Searcher::new(HASH);
    let best = s.search(&pos, &[], &limits, &mut |_| {});
    let m = best.best.expect("a move");
    assert_eq!(pos.lmn(m), p.solution[0], "{id}: {}", p.line());
    let mut s = Searcher::new(HASH);
    let second = s.search_excluding(&pos, &[], &limits, &[m], &mut |_| {});
    assert!(
        puzzles::judge(best.score, second.score).is_some(),
        "{id}: {} — deeper: {:?} then {:?}",
        p.line(),
        best.score,
        second.score
    );
    if let Theme::Mate(_) = p.theme {
        assert!(matches!(best.score, Eval::Mate(n) if n > 0), "{}", p.line());
    }
}

fn mined(id: &str, count: usize, seed: u64) -> Vec<puzzles::Puzzle> {
    let v = variant(id, &[]);
    let mut settings = MineSettings::new(NODES);
    settings.hash_mb = HASH;
    settings.seed = seed;
    settings.max_games = 4;
    settings.max_plies = 80;
    settings.levels = [8, 3];
    puzzles::mine(&v, count, &settings, &mut |_| {}).expect("legal")
}

#[test]
fn mined_chess_puzzles_re_search_deeper_to_the_same_unique_move() {
    let found = mined("chess", 2, 1);
    assert!(!found.is_empty(), "no chess puzzle in 4 games");
    for p in &found {
        confirm_deeper("chess", p);
    }
    // Deterministic for a seed and budget.
    assert_eq!(found, mined("chess", 2, 1));
}

#[test]
fn mined_holygrail_puzzles_re_search_deeper_to_the_same_unique_move() {
    let found = mined("holygrail", 1, 1);
    assert!(!found.is_empty(), "no Holy Grail puzzle in 4 games");
    for p in &found {
        confirm_deeper("holygrail", p);
    }
}
