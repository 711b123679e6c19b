//! The approximate Elo of each level 1–8, on Fairy-Stockfish's scale.
//!
//! MeasuredMatch matches on Grand are the data ([`matches`]): level 8 against a
//! Fairy-Stockfish Skill Level ([`LEVEL8_VS_FAIRY_STOCKFISH`], the anchor
//! at the top), each level against the one below ([`LADDER`]) and levels
//! 1–7 against Skill Levels near them ([`DIRECT`]). A
//! Skill Level's Elo is Fairy-Stockfish's own calibration
//! ([`fairy_stockfish_elo`]: Stockfish's `UCI_Elo` ↔ Skill Level fit, made
//! for chess). Each match says "A is *d* ± σ Elo above B"; the levels'
//! ratings are the weighted least-squares fit of all of them, the weights
//! 1/σ² (as rating lists such as Ordo combine games), and a rating's
//! uncertainty comes from the fit's covariance. `docs/computer.md`
//! ("Levels' Elo") has the derivation, the commands and the table
//! [`elo_scale_markdown`] writes.

use std::sync::OnceLock;

use super::levels::{MAX_LEVEL, MIN_LEVEL};

/// One side of a measured match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rated {
    /// Chimera at a level of this build.
    Level(u8),
    /// Fairy-Stockfish at a `Skill Level` (−20 … 20).
    FairyStockfish(i8),
}

/// A match on Grand: `a`'s wins, draws and losses against `b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeasuredMatch {
    /// The first engine.
    pub a: Rated,
    /// Its opponent.
    pub b: Rated,
    /// Games `a` won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games `a` lost.
    pub losses: u32,
}

/// **The anchor**: level 8 against Fairy-Stockfish on Grand at 10 s + 0.1 s
/// a game (docs/computer.md, "Against Fairy-Stockfish"). To move the whole
/// scale to a new measurement, replace this one result (the Skill Level and
/// W/D/L), then run `cargo test -p chimera-engine --lib elo_scale`: the failing
/// test prints the new table for docs/computer.md.
pub const LEVEL8_VS_FAIRY_STOCKFISH: MeasuredMatch =
    MeasuredMatch::new(Rated::Level(8), Rated::FairyStockfish(10), 15, 2, 23);

/// Each level against the level below on Grand, 40 000 nodes a move for
/// level 8 and the lower levels' shares of it (docs/computer.md).
pub const LADDER: [MeasuredMatch; 7] = [
    MeasuredMatch::new(Rated::Level(2), Rated::Level(1), 40, 0, 0),
    MeasuredMatch::new(Rated::Level(3), Rated::Level(2), 36, 0, 4),
    MeasuredMatch::new(Rated::Level(4), Rated::Level(3), 30, 1, 9),
    MeasuredMatch::new(Rated::Level(5), Rated::Level(4), 39, 0, 1),
    MeasuredMatch::new(Rated::Level(6), Rated::Level(5), 25, 9, 6),
    MeasuredMatch::new(Rated::Level(7), Rated::Level(6), 36, 2, 2),
    MeasuredMatch::new(Rated::Level(8), Rated::Level(7), 35, 5, 0),
];

/// Levels 1–7 against Fairy-Stockfish's Skill Levels on Grand, 40 000 nodes
/// a move as the ladder (a Skill Level *s* chooses its move after iteration
/// 1 + *s*, reached well within the budget, so the budget hardly matters to
/// it).
pub const DIRECT: [MeasuredMatch; 6] = [
    MeasuredMatch::new(Rated::Level(1), Rated::FairyStockfish(-20), 36, 1, 3),
    MeasuredMatch::new(Rated::Level(2), Rated::FairyStockfish(-20), 40, 0, 0),
    MeasuredMatch::new(Rated::Level(4), Rated::FairyStockfish(0), 20, 0, 20),
    MeasuredMatch::new(Rated::Level(5), Rated::FairyStockfish(2), 26, 0, 14),
    MeasuredMatch::new(Rated::Level(6), Rated::FairyStockfish(3), 20, 0, 20),
    MeasuredMatch::new(Rated::Level(7), Rated::FairyStockfish(5), 23, 5, 12),
];

/// Every match the scale is fitted to.
pub fn matches() -> impl Iterator<Item = MeasuredMatch> {
    std::iter::once(LEVEL8_VS_FAIRY_STOCKFISH)
        .chain(LADDER)
        .chain(DIRECT)
}

/// Fairy-Stockfish's Elo for a `Skill Level`, from its `search.cpp`: it
/// maps `UCI_Elo` to a skill level by `((Elo − 1346.6) / 143.4)^(1/0.806)`
/// above 1346.6 and `s / 143.4 + (s / 500)^5` (s = Elo − 1346.6) below,
/// fitted to matches at 60 s + 0.6 s on *chess* and anchored to CCRL
/// (Goldfish 1.13 = 2000). This inverts it. `None` for 20 (full strength:
/// no handicap, outside the fit) and beyond −20 … 20.
pub fn fairy_stockfish_elo(skill: i8) -> Option<f64> {
    const ZERO: f64 = 1346.6;
    match skill {
        1..=19 => Some(ZERO + 143.4 * f64::from(skill).powf(0.806)),
        -20..=0 => {
            // Below 1346.6 the fit is increasing in s: bisect.
            let level = |s: f64| s / 143.4 + (s / 500.0).powi(5);
            let (mut lo, mut hi) = (-2000.0, 0.0);
            for _ in 0..60 {
                let mid = (lo + hi) / 2.0;
                if level(mid) < f64::from(skill) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            Some(ZERO + (lo + hi) / 2.0)
        }
        _ => None,
    }
}

impl MeasuredMatch {
    /// `a`'s result against `b`.
    pub const fn new(a: Rated, b: Rated, wins: u32, draws: u32, losses: u32) -> MeasuredMatch {
        MeasuredMatch {
            a,
            b,
            wins,
            draws,
            losses,
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// How much stronger `a` is than `b` in logistic Elo, and the standard
    /// error of that. The score counts one imaginary draw besides the games
    /// (so a clean sweep gives a large finite difference, not infinity);
    /// its error is the games' spread over √games, carried to Elo by the
    /// slope of the logistic curve. `None` without games.
    pub fn elo_difference(&self) -> Option<(f64, f64)> {
        if self.games() == 0 {
            return None;
        }
        let n = f64::from(self.games()) + 1.0;
        let (w, d, l) = (
            f64::from(self.wins),
            f64::from(self.draws) + 1.0,
            f64::from(self.losses),
        );
        let s = (w + d / 2.0) / n;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let elo = -400.0 * (1.0 / s - 1.0).log10();
        let slope = 400.0 / (std::f64::consts::LN_10 * s * (1.0 - s));
        Some((elo, slope * (var / n).sqrt()))
    }
}

/// A level's place on the scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelRating {
    /// The level.
    pub level: u8,
    /// Its Elo.
    pub elo: f64,
    /// The standard error of that (from the matches' spread; the
    /// calibration's own error and its transfer from chess come on top).
    pub error: f64,
}

const LEVELS: usize = MAX_LEVEL as usize;

/// The levels' ratings fitted to `matches` (weighted least squares, the
/// Skill Levels' Elo fixed); `None` when a level is not tied to an anchor
/// by the matches, or a match names a level or Skill Level off the scale.
pub fn fit(matches: &[MeasuredMatch]) -> Option<[LevelRating; LEVELS]> {
    // Normal equations N·r = v of Σ w·(r_a − r_b − d)².
    let mut n = [[0.0f64; LEVELS]; LEVELS];
    let mut v = [0.0f64; LEVELS];
    let index = |l: u8| {
        (MIN_LEVEL..=MAX_LEVEL)
            .contains(&l)
            .then(|| usize::from(l - 1))
    };
    for m in matches {
        let Some((d, sigma)) = m.elo_difference() else {
            continue;
        };
        let w = 1.0 / sigma.max(1.0).powi(2);
        match (m.a, m.b) {
            (Rated::Level(a), Rated::Level(b)) => {
                let (a, b) = (index(a)?, index(b)?);
                n[a][a] += w;
                n[b][b] += w;
                n[a][b] -= w;
                n[b][a] -= w;
                v[a] += w * d;
                v[b] -= w * d;
            }
            (Rated::Level(a), Rated::FairyStockfish(s)) => {
                let a = index(a)?;
                n[a][a] += w;
                v[a] += w * (fairy_stockfish_elo(s)? + d);
            }
            (Rated::FairyStockfish(s), Rated::Level(b)) => {
                let b = index(b)?;
                n[b][b] += w;
                v[b] += w * (fairy_stockfish_elo(s)? - d);
            }
            (Rated::FairyStockfish(_), Rated::FairyStockfish(_)) => {}
        }
    }
    let inv = invert(n)?;
    Some(std::array::from_fn(|i| LevelRating {
        level: i as u8 + 1,
        elo: (0..LEVELS).map(|j| inv[i][j] * v[j]).sum(),
        error: inv[i][i].sqrt(),
    }))
}

/// The inverse of a symmetric positive definite matrix (Gauss–Jordan with
/// partial pivoting); `None` when it is singular.
fn invert(mut a: [[f64; LEVELS]; LEVELS]) -> Option<[[f64; LEVELS]; LEVELS]> {
    let mut inv: [[f64; LEVELS]; LEVELS] =
        std::array::from_fn(|i| std::array::from_fn(|j| f64::from(u8::from(i == j))));
    let scale = a.iter().flatten().fold(0.0f64, |m, x| m.max(x.abs()));
    for col in 0..LEVELS {
        let pivot = (col..LEVELS).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() <= scale * 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let p = a[col][col];
        for j in 0..LEVELS {
            a[col][j] /= p;
            inv[col][j] /= p;
        }
        for i in (0..LEVELS).filter(|&i| i != col) {
            let f = a[i][col];
            for j in 0..LEVELS {
                a[i][j] -= f * a[col][j];
                inv[i][j] -= f * inv[col][j];
            }
        }
    }
    Some(inv)
}

/// The scale fitted to [`matches`], computed once.
pub fn elo_scale() -> &'static [LevelRating; LEVELS] {
    static SCALE: OnceLock<[LevelRating; LEVELS]> = OnceLock::new();
    SCALE.get_or_init(|| {
        fit(&matches().collect::<Vec<_>>())
            .expect("the measured matches tie every level to an anchor")
    })
}

/// The approximate Elo of `level` (clamped to 1–8), rounded to tens, as the
/// window shows it.
pub fn level_elo(level: u8) -> i32 {
    let r = elo_scale()[usize::from(level.clamp(MIN_LEVEL, MAX_LEVEL) - 1)];
    ((r.elo / 10.0).round() * 10.0) as i32
}

/// The tables of docs/computer.md: each level's Elo with its standard
/// error, then each match with the difference it measured and the one the
/// fitted scale gives.
pub fn elo_scale_markdown() -> String {
    let scale = elo_scale();
    let rating = |r: Rated| match r {
        Rated::Level(l) => scale[usize::from(l - 1)].elo,
        Rated::FairyStockfish(s) => fairy_stockfish_elo(s).unwrap_or(f64::NAN),
    };
    let name = |r: Rated| match r {
        Rated::Level(l) => format!("level {l}"),
        Rated::FairyStockfish(s) => format!("Skill Level {s} (≈{:.0})", rating(r)),
    };
    let mut out = String::from("| level | Elo | ± (1 σ) |\n|---|---|---|\n");
    for r in scale.iter().rev() {
        out += &format!(
            "| {} | ≈{} | {:.0} |\n",
            r.level,
            level_elo(r.level),
            r.error
        );
    }
    out += "\n| match | W/D/L | measured Elo difference (± 1 σ) | on the fitted scale |\n";
    out += "|---|---|---|---|\n";
    for m in matches() {
        let Some((d, e)) = m.elo_difference() else {
            continue;
        };
        out += &format!(
            "| {} – {} | +{} ={} −{} | {} ± {:.0} | {} |\n",
            name(m.a),
            name(m.b),
            m.wins,
            m.draws,
            m.losses,
            signed(d),
            e,
            signed(rating(m.a) - rating(m.b))
        );
    }
    out
}

/// `x` rounded, with its sign (`+0`, never `-0`).
fn signed(x: f64) -> String {
    format!("{:+.0}", x.round() + 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fairy-Stockfish's own mapping, transcribed from its `search.cpp`
    /// (`UCI_Elo` to the fractional skill level).
    fn skill_of_elo(elo: f64) -> f64 {
        let shifted = elo - 1346.6;
        let level = if shifted > 0.0 {
            (shifted / 143.4).powf(1.0 / 0.806)
        } else {
            shifted / 143.4 + (shifted / 500.0).powi(5)
        };
        level.clamp(-20.0, 20.0)
    }

    #[test]
    fn skill_levels_invert_fairy_stockfishs_mapping() {
        for s in -20..=19i8 {
            let elo = fairy_stockfish_elo(s).unwrap();
            assert!(
                (skill_of_elo(elo) - f64::from(s)).abs() < 1e-6,
                "skill {s}: {elo}"
            );
        }
        // Its UCI_Elo option spans 500 … 2850: Skill −20 is its bottom.
        assert!((fairy_stockfish_elo(-20).unwrap() - 500.0).abs() < 10.0);
        assert_eq!(fairy_stockfish_elo(20), None);
        assert_eq!(fairy_stockfish_elo(21), None);
    }

    #[test]
    fn elo_difference_is_the_logistic_curve_of_the_score() {
        // 30 wins and 10 losses with the imaginary draw: 30.5 of 41 points.
        let m = MeasuredMatch {
            a: Rated::Level(2),
            b: Rated::Level(1),
            wins: 30,
            draws: 0,
            losses: 10,
        };
        let (d, e) = m.elo_difference().unwrap();
        let s: f64 = 30.5 / 41.0;
        assert!((d - 400.0 * (s / (1.0 - s)).log10()).abs() < 1e-9);
        assert!((180.0..190.0).contains(&d), "{d}");
        assert!(e > 30.0 && e < 90.0, "{e}");
        // A clean sweep is large but finite; an even match is 0.
        let sweep = MeasuredMatch {
            wins: 40,
            losses: 0,
            ..m
        };
        assert!(sweep.elo_difference().unwrap().0.is_finite());
        let even = MeasuredMatch {
            wins: 20,
            losses: 20,
            ..m
        };
        assert!(even.elo_difference().unwrap().0.abs() < 1e-9);
    }

    #[test]
    fn a_chain_adds_up_and_two_anchors_average() {
        let m = |a, b, wins, losses| MeasuredMatch {
            a,
            b,
            wins,
            draws: 0,
            losses,
        };
        let mut chain = vec![m(Rated::Level(8), Rated::FairyStockfish(5), 20, 20)];
        for l in 2..=8 {
            chain.push(m(Rated::Level(l), Rated::Level(l - 1), 30, 10));
        }
        let fitted = fit(&chain).unwrap();
        let step = chain[1].elo_difference().unwrap().0;
        for r in &fitted {
            let want = fairy_stockfish_elo(5).unwrap() - step * f64::from(8 - r.level);
            assert!(
                (r.elo - want).abs() < 1e-6,
                "level {}: {} vs {want}",
                r.level,
                r.elo
            );
        }
        // The further from the anchor, the less certain.
        assert!(fitted.windows(2).all(|w| w[0].error > w[1].error));
        // Level 8 placed twice instead, as much above one Skill Level as
        // below another (equal errors): the middle.
        let mut twice = chain[1..].to_vec();
        twice.push(m(Rated::Level(8), Rated::FairyStockfish(1), 30, 10));
        twice.push(m(Rated::Level(8), Rated::FairyStockfish(9), 10, 30));
        let want = (fairy_stockfish_elo(1).unwrap() + fairy_stockfish_elo(9).unwrap()) / 2.0;
        assert!((fit(&twice).unwrap()[7].elo - want).abs() < 1e-6);
        // A level tied to nothing is not placed.
        assert_eq!(fit(&chain[1..]), None);
    }

    #[test]
    fn the_scale_keeps_the_levels_order() {
        let elos: Vec<i32> = (MIN_LEVEL..=MAX_LEVEL).map(level_elo).collect();
        assert!(elos.windows(2).all(|w| w[0] < w[1]), "{elos:?}");
        assert_eq!(level_elo(0), elos[0]);
        assert_eq!(level_elo(9), elos[7]);
    }

    #[test]
    fn the_docs_show_this_scale() {
        let docs = include_str!("../../../docs/computer.md");
        let table = elo_scale_markdown();
        assert!(
            docs.contains(&table),
            "docs/computer.md (\"Levels' Elo\") should hold this table:\n{table}"
        );
    }
}
