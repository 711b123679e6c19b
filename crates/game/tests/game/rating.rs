//! Glicko-2 against its published example (Glickman, "Example of the
//! Glicko-2 system", 2013, steps 1–8): a 1500 player (RD 200, σ 0.06, τ 0.5)
//! beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300);
//! the paper's results are r′ = 1464.06, RD′ = 151.52, σ′ = 0.05999.

use chimera_game::rating::Rating;

fn r(rating: f64, deviation: f64) -> Rating {
    Rating {
        rating,
        deviation,
        volatility: 0.06,
    }
}

#[test]
fn the_published_example_comes_out_as_published() {
    let player = r(1500.0, 200.0);
    let games = [
        (r(1400.0, 30.0), 1.0),
        (r(1550.0, 100.0), 0.0),
        (r(1700.0, 300.0), 0.0),
    ];
    let after = player.after(&games, 0.5);
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
}

#[test]
fn a_period_without_games_only_widens_the_deviation() {
    // Step 6 alone: φ* = √(φ² + σ²) on the Glicko-2 scale.
    let player = r(1500.0, 200.0);
    let after = player.after(&[], 0.5);
    let phi = 200.0 / 173.7178;
    let expected = (phi * phi + 0.06f64 * 0.06).sqrt() * 173.7178;
    assert_eq!(after.rating, 1500.0);
    assert!((after.deviation - expected).abs() < 1e-9, "{after:?}");
}

#[test]
fn a_solved_puzzle_raises_the_player_and_lowers_the_puzzle() {
    let player = Rating::default();
    let puzzle = r(1700.0, 80.0);
    let (p, z) = player.after_puzzle(&puzzle, true);
    assert!(
        p.rating > player.rating && z.rating < puzzle.rating,
        "{p:?} {z:?}"
    );
    // A newcomer's rating moves much more than a settled puzzle's.
    assert!(p.rating - player.rating > 5.0 * (puzzle.rating - z.rating));
    let (p, z) = player.after_puzzle(&puzzle, false);
    assert!(
        p.rating < player.rating && z.rating > puzzle.rating,
        "{p:?} {z:?}"
    );
    // Both become surer.
    assert!(p.deviation < player.deviation && z.deviation < puzzle.deviation);
}
