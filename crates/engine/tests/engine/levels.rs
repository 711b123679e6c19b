//! Levels 1–8: their settings, reproducibility from a seed, and strength.

use chimera_engine::{Bot, Limits, Searcher, SelfPlay, level_spec, play_game, random_opening};
use chimera_rules::{Color, Game};
use std::time::Duration;

use super::board::variant;

#[test]
fn levels_narrow_the_callers_limits() {
    let wide = Limits {
        depth: Some(10),
        movetime: Some(Duration::from_millis(900)),
        ..Limits::default()
    };
    assert_eq!(level_spec(1).limits(&wide).depth, Some(1));
    assert_eq!(level_spec(3).limits(&wide).depth, Some(2));
    assert_eq!(level_spec(6).limits(&wide).depth, Some(5));
    assert_eq!(level_spec(8).limits(&wide).depth, Some(10));
    assert_eq!(level_spec(3).limits(&Limits::depth(1)).depth, Some(1));
    assert_eq!(
        level_spec(7).limits(&wide).movetime,
        Some(Duration::from_millis(300))
    );
    assert_eq!(level_spec(1).limits(&Limits::nodes(3200)).nodes, Some(100));
    assert_eq!(level_spec(8).limits(&wide), wide);
    // Out-of-range levels are the nearest real ones.
    assert_eq!(level_spec(0), level_spec(1));
    assert_eq!(level_spec(99), level_spec(8));
    // Each level searches at least as deep and as cleanly as the one below.
    for l in 1..8u8 {
        let (a, b) = (level_spec(l), level_spec(l + 1));
        assert!(b.depth.unwrap_or(u32::MAX) >= a.depth.unwrap_or(u32::MAX));
        assert!(b.noise <= a.noise && b.random_move <= a.random_move);
        assert!(b.share >= a.share);
    }
}

#[test]
fn level_8_plays_the_full_search() {
    let v = variant("grand", &[]);
    let game = Game::new(&v);
    let mut p = Bot::new(8, 1, 4);
    let a = p.choose(&game, &Limits::depth(4), &mut |_| {});
    let b = Searcher::new(4).search_game(&game, &Limits::depth(4), &mut |_| {});
    assert_eq!((a.best, a.raw), (b.best, b.raw));
}

/// A self-play game of `id` between `levels` at a fixed depth.
fn selfplay(id: &str, levels: [u8; 2], depth: u32, seed: u64, max_plies: usize) -> SelfPlay {
    SelfPlay {
        variant: variant(id, &[]),
        start: None,
        opening: vec![],
        levels,
        limits: Limits::depth(depth),
        seed,
        max_plies,
        hash_mb: 4,
    }
}

/// A Grand game from a 4-ply random opening.
fn grand(levels: [u8; 2], seed: u64) -> SelfPlay {
    let mut cfg = selfplay("grand", levels, 3, seed, 24);
    cfg.opening = random_opening(&cfg.variant, 4, seed);
    cfg
}

#[test]
fn a_seed_reproduces_a_game() {
    let a = play_game(&grand([2, 4], 7)).unwrap();
    let b = play_game(&grand([2, 4], 7)).unwrap();
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.moves.len(), 24);
    let c = play_game(&grand([2, 4], 8)).unwrap();
    assert_ne!(a.moves, c.moves);
}

#[test]
fn level_5_beats_level_1() {
    let cfg = selfplay("chess", [5, 1], 4, 3, 300);
    let r = play_game(&cfg).unwrap();
    let o = r.outcome.expect("the game ends");
    assert_eq!(o.winner, Some(Color::White), "{o:?} after {:?}", r.moves);
}

#[test]
fn holywar_drop_opening_is_placed_not_random() {
    // Level 8 plays the whole drop opening against itself (16 drops): the
    // placement terms put each king next to its Lady (the swap is its
    // escape) and the two bishops on squares of different colours.
    let cfg = selfplay("holywar", [8, 8], 3, 1, 16);
    let v = cfg.variant.clone();
    let r = play_game(&cfg).unwrap();
    assert!(r.moves.iter().all(|m| m.contains('@')), "{:?}", r.moves);
    let p = chimera_rules::Position::from_vfen(&v, &r.final_vfen).unwrap();
    for side in [Color::White, Color::Black] {
        let squares = |kind| -> Vec<chimera_rules::Sq> {
            v.squares()
                .filter(|s| {
                    p.piece_at(*s)
                        .is_some_and(|pi| pi.color == side && pi.kind == kind)
                })
                .collect()
        };
        let king = squares(chimera_rules::Kind::King)[0];
        let lady = squares(chimera_rules::Kind::Lady)[0];
        assert!(
            (king.x as i32 - lady.x as i32).abs() <= 1
                && (king.y as i32 - lady.y as i32).abs() <= 1,
            "{side:?}: {}",
            r.final_vfen
        );
        let bishops = squares(chimera_rules::Kind::Bishop);
        assert_eq!(bishops.len(), 2);
        assert_ne!(
            v.is_light(bishops[0]),
            v.is_light(bishops[1]),
            "{}",
            r.final_vfen
        );
    }
}
