//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
//! 2013), as lichess and pychess rate players and puzzles: a rating, its
//! deviation (how sure it is) and its volatility (how much it moves). A
//! puzzle attempt is one game between the player and the puzzle
//! ([`Rating::after_puzzle`]): both ratings move.

use std::f64::consts::PI;

/// The factor between the Glicko and the Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// The system constant τ: how fast volatility may change (Glickman: 0.3 to
/// 1.2; lichess uses 0.75 for puzzles).
pub const TAU: f64 = 0.75;
/// The convergence tolerance of the volatility's iteration.
const EPSILON: f64 = 0.000_001;

/// A Glicko-2 rating on the Glicko scale (1500 ± 350 for a newcomer).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 at the start).
    pub rating: f64,
    /// The rating deviation (350 at the start; lower is surer).
    pub deviation: f64,
    /// The volatility σ (0.06 at the start).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// g(φ): how much an opponent's uncertainty dampens a result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The expected score against an opponent at `mu_j` with deviation `phi_j`.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating after one rating period of `games` — each the opponent's
    /// rating before the period and the score (1 win, 0.5 draw, 0 loss) —
    /// with system constant `tau`. No games: only the deviation grows.
    pub fn after(&self, games: &[(Rating, f64)], tau: f64) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: phi_star * SCALE,
                ..*self
            };
        }
        let opponents: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|(o, s)| ((o.rating - 1500.0) / SCALE, o.deviation / SCALE, *s))
            .collect();
        let v = 1.0
            / opponents
                .iter()
                .map(|&(mu_j, phi_j, _)| {
                    let e = expected(mu, mu_j, phi_j);
                    g(phi_j).powi(2) * e * (1.0 - e)
                })
                .sum::<f64>();
        let gains: f64 = opponents
            .iter()
            .map(|&(mu_j, phi_j, s)| g(phi_j) * (s - expected(mu, mu_j, phi_j)))
            .sum();
        let delta = v * gains;
        let sigma2 = new_volatility(sigma, phi, v, delta, tau);
        let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
        let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu2 = mu + phi2 * phi2 * gains;
        Rating {
            rating: SCALE * mu2 + 1500.0,
            deviation: SCALE * phi2,
            volatility: sigma2,
        }
    }

    /// A puzzle attempt: the player against the puzzle, a win if solved.
    /// Returns the player's and the puzzle's new ratings.
    pub fn after_puzzle(&self, puzzle: &Rating, solved: bool) -> (Rating, Rating) {
        let s = if solved { 1.0 } else { 0.0 };
        (
            self.after(&[(*puzzle, s)], TAU),
            puzzle.after(&[(*self, 1.0 - s)], TAU),
        )
    }
}

/// Step 5 of the system: the new volatility, by the Illinois algorithm.
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    let mut steps = 0;
    while (big_b - big_a).abs() > EPSILON && steps < 200 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
        steps += 1;
    }
    (big_a / 2.0).exp()
}
