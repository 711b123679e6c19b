//! The statistics of a match: the tally of games and game pairs, the Elo
//! difference with its 95 % interval, and the sequential probability ratio
//! test in fishtest's form.
//!
//! The test is the generalized SPRT (GSPRT) fishtest runs: for H0 "Elo =
//! elo0" against H1 "Elo = elo1" (logistic Elo), the log-likelihood ratio of
//! the observed result distribution is `N · Σ pᵢ · ln(q₁ᵢ / q₀ᵢ)`, where `qₛ` is
//! the distribution closest to the observed `p` (maximum likelihood) whose
//! expected score is `s` — the score that elo0 or elo1 predicts. The
//! distribution is pentanomial (the five scores of a game pair, 0 to 2 in
//! half points: paired openings make the two games of a pair correlated)
//! or trinomial (loss, draw, win). The test stops at H1 when the ratio
//! reaches `ln((1 − β) / α)` and at H0 when it falls to `ln(β / (1 − α))`.
//! As fishtest does, a tiny prior is mixed into an observed distribution
//! with an empty cell (the maximum likelihood is not defined otherwise).
//! (Fishtest also corrects the bounds for the overshoot of the last step;
//! this test uses the plain bounds, which are slightly stricter.)

/// The expected score of a player `elo` logistic Elo stronger.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference an expected score means (±∞ at 1 and 0).
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The result of one game for the engine under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameScore {
    /// Lost.
    Loss,
    /// Drawn.
    Draw,
    /// Won.
    Win,
}

impl GameScore {
    /// Half points: 0, 1 or 2.
    pub fn halves(self) -> usize {
        match self {
            GameScore::Loss => 0,
            GameScore::Draw => 1,
            GameScore::Win => 2,
        }
    }
}

/// Games counted one by one (W/D/L) and by pairs (the pentanomial counts:
/// pairs scoring 0, ½, 1, 1½ and 2 points), from the tested engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Game pairs by their score in half points (index 0: both lost … 4: both won).
    pub pairs: [u32; 5],
}

impl Tally {
    /// Counts one game.
    pub fn add_game(&mut self, g: GameScore) {
        match g {
            GameScore::Loss => self.losses += 1,
            GameScore::Draw => self.draws += 1,
            GameScore::Win => self.wins += 1,
        }
    }

    /// Counts a pair of games (the same opening, colours swapped).
    pub fn add_pair(&mut self, first: GameScore, second: GameScore) {
        self.add_game(first);
        self.add_game(second);
        self.pairs[first.halves() + second.halves()] += 1;
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points (a draw is half a point).
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// Share of the points, 0 to 1 (½ before any game).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / f64::from(n),
        }
    }

    /// The Elo difference and its 95 % interval (low, estimate, high), from
    /// the pairs' spread when pairs were counted, else from the games'.
    /// `None` before any game. An interval end of a score of 0 or 1 is ∓∞.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let (values, counts): (Vec<f64>, Vec<u32>) = if self.pairs.iter().any(|&n| n > 0) {
            (
                (0..5).map(|i| i as f64 / 4.0).collect(),
                self.pairs.to_vec(),
            )
        } else {
            (
                vec![0.0, 0.5, 1.0],
                vec![self.losses, self.draws, self.wins],
            )
        };
        let n: u32 = counts.iter().sum();
        if n == 0 {
            return None;
        }
        let nf = f64::from(n);
        let mean: f64 = values
            .iter()
            .zip(&counts)
            .map(|(v, &c)| v * f64::from(c))
            .sum::<f64>()
            / nf;
        let var: f64 = values
            .iter()
            .zip(&counts)
            .map(|(v, &c)| (v - mean).powi(2) * f64::from(c))
            .sum::<f64>()
            / nf;
        let half = 1.959_964 * (var / nf).sqrt();
        let clamp = |s: f64| s.clamp(0.0, 1.0);
        Some((
            elo_of_score(clamp(mean - half)),
            elo_of_score(mean),
            elo_of_score(clamp(mean + half)),
        ))
    }
}

/// A sequential probability ratio test: H0 "Elo = elo0" against H1 "Elo =
/// elo1" (logistic Elo of the tested engine over its opponent), with the
/// chances α of accepting H1 when H0 holds and β of accepting H0 when H1 holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// What a test concluded so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not decided: play on.
    Continue,
    /// H0 accepted: the change is not the gain asked for (rejected).
    H0,
    /// H1 accepted: the change gains (accepted).
    H1,
}

impl Sprt {
    /// A test of elo0 against elo1 with α = β = 0.05 (fishtest's usual).
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// (lower, upper) bounds of the log-likelihood ratio: ln(β/(1−α)) and ln((1−β)/α).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the tally: pentanomial when pairs were
    /// counted, trinomial otherwise.
    pub fn llr(&self, t: &Tally) -> f64 {
        if t.pairs.iter().any(|&n| n > 0) {
            llr(&t.pairs, self.elo0, self.elo1)
        } else {
            llr(&[t.losses, t.draws, t.wins], self.elo0, self.elo1)
        }
    }

    /// The verdict on the tally.
    pub fn verdict(&self, t: &Tally) -> Verdict {
        let l = self.llr(t);
        let (lo, hi) = self.bounds();
        if l >= hi {
            Verdict::H1
        } else if l <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// The generalized log-likelihood ratio of H1 (elo1) against H0 (elo0) for
/// `counts`: L/D/W (3 cells) or the pentanomial pair counts (5 cells), the
/// cells' values evenly spread from 0 to 1. 0 without results.
pub fn llr(counts: &[u32], elo0: f64, elo1: f64) -> f64 {
    let n: u32 = counts.iter().sum();
    if n == 0 || counts.len() < 2 {
        return 0.0;
    }
    let nf = f64::from(n);
    let k = counts.len();
    // A small prior where a cell is empty, as fishtest mixes in.
    let eps = 1e-3;
    let empty = counts.contains(&0);
    let freq: Vec<f64> = counts
        .iter()
        .map(|&c| {
            let c = f64::from(c);
            if empty {
                (c * (1.0 - eps / nf) + eps / k as f64) / nf
            } else {
                c / nf
            }
        })
        .collect();
    let total: f64 = freq.iter().sum();
    let p: Vec<f64> = freq.iter().map(|f| f / total).collect();
    let values: Vec<f64> = (0..k).map(|i| i as f64 / (k - 1) as f64).collect();
    let q0 = closest_with_mean(&p, &values, score_of_elo(elo0));
    let q1 = closest_with_mean(&p, &values, score_of_elo(elo1));
    nf * p
        .iter()
        .zip(q0.iter().zip(&q1))
        .map(|(pi, (a, b))| if *pi > 0.0 { pi * (b / a).ln() } else { 0.0 })
        .sum::<f64>()
}

/// The distribution on `values` with mean `s` that is most likely to have
/// produced the observed frequencies `p` (all positive): `pᵢ / (1 + x·(vᵢ − s))`
/// for the `x` that makes its mean `s` — found by bisection, the mean
/// condition being monotone in `x` on the interval where every weight is
/// positive.
fn closest_with_mean(p: &[f64], values: &[f64], s: f64) -> Vec<f64> {
    let lo_v = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi_v = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // 1 + x (v − s) > 0 for every v: x in (−1/(hi − s), 1/(s − lo)).
    let (mut lo, mut hi) = (-1.0 / (hi_v - s), 1.0 / (s - lo_v));
    // g(x) = Σ pᵢ (vᵢ − s) / (1 + x (vᵢ − s)) decreases in x; its root is the answer.
    let g = |x: f64| -> f64 {
        p.iter()
            .zip(values)
            .map(|(pi, v)| pi * (v - s) / (1.0 + x * (v - s)))
            .sum()
    };
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    p.iter()
        .zip(values)
        .map(|(pi, v)| pi / (1.0 + x * (v - s)))
        .collect()
}
