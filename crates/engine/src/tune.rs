//! Texel's method: the evaluation's [`Weights`] tuned on positions from
//! self-play, so that `sigmoid(K · eval)` predicts the games' results.
//!
//! **Positions** ([`generate`]): the current engine plays itself at a node
//! budget ([`crate::arena::game::play`], the match tool's game) from each
//! opening of the variant's set, extended by a few plies chosen with a
//! random bias (one deterministic engine would otherwise play each opening
//! the same way). Past the opening, a few quiet positions of each game are
//! kept with its result: not in check, and the static evaluation equal to
//! the quiescence score ([`Searcher::quiet_scores`]: no capture or
//! promotion changes it). One line each: game number, White's result
//! (1, 0.5, 0), the mobility the search would give the evaluation (the side
//! to move's board moves minus the opponent's in the position before), the
//! position as VFEN.
//!
//! **Tuning** ([`fit_k`], [`tune`]): `sigmoid(x) = 1 / (1 + 10^(−K·x/400))`
//! of the real [`Evaluator`] built with candidate weights (White's view);
//! the error is the mean squared difference to the results. `K` is fitted
//! first with the starting weights, then each pass moves each weight by its
//! step where that lowers the error (Texel's local search), the steps
//! halved once no weight improves, until no weight improves at step 1, the
//! passes run out or the caller stops it (the tune example stops when the
//! error on validation games has not improved for a few passes).

use std::sync::Arc;

use crate::arena::contestant::LocalEngine;
use crate::arena::game::{Adjudication, Control, play};
use crate::arena::openings;
use crate::eval::Evaluator;
use crate::play::random_continuation;
use crate::search::{Searcher, board_moves};
use crate::weights::{Param, Weights};
use chimera_rules::{Color, Game, Position, SplitMix64, Variant};

/// A training position with its game's result.
#[derive(Clone)]
pub struct Sample {
    /// The game it comes from (held-out sets are whole games).
    pub game: u32,
    /// White's result: 1 win, 0.5 draw, 0 loss (any value in between for
    /// synthetic labels).
    pub result: f64,
    /// The mobility term's input (side to move's view).
    pub mobility: i32,
    /// The position.
    pub pos: Position,
}

impl Sample {
    /// The line of a positions file.
    pub fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}",
            self.game,
            self.result,
            self.mobility,
            self.pos.to_vfen()
        )
    }

    /// Reads a line of a positions file of `v`.
    pub fn parse(v: &Arc<Variant>, line: &str) -> Result<Sample, String> {
        let f: Vec<&str> = line.split('\t').collect();
        let [game, result, mobility, vfen] = f[..] else {
            return Err(format!(
                "expected 4 tab-separated fields (game, result, mobility, VFEN), found {}",
                f.len()
            ));
        };
        let num = |what: &str, s: &str| format!("{what} '{s}' is not a number");
        let result: f64 = result.parse().map_err(|_| num("result", result))?;
        if !(0.0..=1.0).contains(&result) {
            return Err(format!("result {result} is outside 0 to 1"));
        }
        Ok(Sample {
            game: game.parse().map_err(|_| num("game", game))?,
            result,
            mobility: mobility.parse().map_err(|_| num("mobility", mobility))?,
            pos: Position::from_vfen(v, vfen).map_err(|e| format!("VFEN: {e}"))?,
        })
    }
}

/// Reads a positions file of `v`; an error names the line.
pub fn read_samples(v: &Arc<Variant>, text: &str) -> Result<Vec<Sample>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| Sample::parse(v, l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

/// Every position of `game` after its first `skip` plies that is not over,
/// with the mobility the search would evaluate it with.
pub fn positions_of(game: &Game, skip: usize) -> Vec<(Position, i32)> {
    let mut p = game.start().clone();
    let mut before = board_moves(&p.legal_moves());
    let mut out = Vec::new();
    for (i, &m) in game.moves().iter().enumerate() {
        p.make_move(m);
        let moves = p.legal_moves();
        let now = board_moves(&moves);
        if i + 1 >= skip && !moves.is_empty() {
            out.push((p.clone(), now - before));
        }
        before = now;
    }
    out
}

/// How training positions are made.
#[derive(Clone, Debug)]
pub struct DataSettings {
    /// Games to play (the openings are used in turn).
    pub games: u32,
    /// Node budget of every move.
    pub nodes: u64,
    /// Plies chosen with a random bias after the set's opening.
    pub extra_plies: usize,
    /// Plies from the start whose positions are never kept.
    pub skip_plies: usize,
    /// Quiet positions kept per game (at most).
    pub per_game: usize,
    /// Seed of the extra plies and of the sampling.
    pub seed: u64,
    /// Number of the first game (to add to an earlier file).
    pub first_game: u32,
}

impl Default for DataSettings {
    fn default() -> DataSettings {
        DataSettings {
            games: 400,
            nodes: 1500,
            extra_plies: 4,
            skip_plies: 16,
            per_game: 10,
            seed: 1,
            first_game: 0,
        }
    }
}

/// Plays the self-play games of `s` and hands each game's samples to
/// `out` (with the game's termination text). Errors come from the opening set.
pub fn generate(
    v: &Arc<Variant>,
    s: &DataSettings,
    out: &mut dyn FnMut(&[Sample], &str),
) -> Result<(), String> {
    let set = openings::for_variant(v)?;
    let mut white = LocalEngine::new("white", crate::levels::MAX_LEVEL, 16, s.seed);
    let mut black = LocalEngine::new("black", crate::levels::MAX_LEVEL, 16, s.seed);
    let mut quiet = Searcher::new(4);
    let adj = Adjudication::default();
    for g in s.first_game..s.first_game + s.games {
        let mut rng =
            SplitMix64::new(s.seed ^ (u64::from(g) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut line = set[g as usize % set.len()].clone();
        let mut start = openings::replay(v, &line)?;
        line.extend(random_continuation(
            &mut start,
            s.extra_plies,
            rng.next_u64(),
        ));
        let played = play(
            v,
            &line,
            &mut white,
            &mut black,
            Control::Nodes(s.nodes),
            &adj,
        )?;
        let result = match played.outcome.winner {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        };
        let mut candidates = positions_of(&played.game, s.skip_plies.max(line.len()));
        let mut kept = Vec::new();
        quiet.new_game();
        while kept.len() < s.per_game && !candidates.is_empty() {
            let (pos, mobility) = candidates.swap_remove(rng.below(candidates.len()));
            if pos.in_check() {
                continue;
            }
            let (stand, q) = quiet.quiet_scores(&pos);
            if stand == q {
                kept.push(Sample {
                    game: g,
                    result,
                    mobility,
                    pos,
                });
            }
        }
        out(&kept, &played.termination);
    }
    Ok(())
}

/// The predicted score of an evaluation `e` (centipawns) with scale `k`:
/// the logistic Elo curve, `k · e` read as an Elo difference.
pub fn sigmoid(k: f64, e: f64) -> f64 {
    crate::arena::sprt::score_of_elo(k * e)
}

/// White's view of the evaluation of a sample.
pub fn white_eval(ev: &Evaluator, s: &Sample) -> i32 {
    let e = ev.evaluate(&s.pos, s.mobility);
    if s.pos.side_to_move() == Color::White {
        e
    } else {
        -e
    }
}

/// The mean squared error of the predictions of `ev` with scale `k`.
pub fn error(ev: &Evaluator, samples: &[Sample], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = s.result - sigmoid(k, f64::from(white_eval(ev, s)));
            d * d
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale `K` minimising the error of `ev` (golden-section search over
/// 0.01–10; the error is unimodal in `K`).
pub fn fit_k(ev: &Evaluator, samples: &[Sample]) -> f64 {
    let evals: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (f64::from(white_eval(ev, s)), s.result))
        .collect();
    let err = |k: f64| -> f64 {
        evals
            .iter()
            .map(|&(e, r)| (r - sigmoid(k, e)).powi(2))
            .sum()
    };
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.01f64, 10.0f64);
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (err(c), err(d));
    while b - a > 1e-4 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = err(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = err(d);
        }
    }
    (a + b) / 2.0
}

/// One pass of the local search, reported after it.
#[derive(Clone, Debug)]
pub struct Pass {
    /// Pass number from 1.
    pub number: u32,
    /// The training error after it.
    pub error: f64,
    /// Weights changed in it.
    pub changed: usize,
    /// The divisor of the steps in it (1, 2, 4 …).
    pub step_divisor: i32,
}

/// Texel's local search from `start` over `params` with scale `k` (see the
/// module doc): each pass moves each weight by one step where that lowers
/// the error. At most `max_passes` passes; `on_pass` hears each and stops
/// the search by returning false (early stopping on a validation set).
pub fn tune(
    v: &Arc<Variant>,
    samples: &[Sample],
    start: &Weights,
    params: &[Param],
    k: f64,
    max_passes: u32,
    on_pass: &mut dyn FnMut(&Pass, &Weights) -> bool,
) -> Weights {
    let mut w = start.clone();
    let mut best = error(&Evaluator::with_weights(v, &w), samples, k);
    let mut divisor = 1;
    for number in 1..=max_passes {
        let mut changed = 0;
        for &p in params {
            let step = (p.step() / divisor).max(1);
            for dir in [1, -1] {
                let value = w.get(p) + dir * step;
                if value < p.min() {
                    continue;
                }
                let mut trial = w.clone();
                trial.set(p, value);
                let e = error(&Evaluator::with_weights(v, &trial), samples, k);
                if e < best {
                    best = e;
                    w = trial;
                    changed += 1;
                    break;
                }
            }
        }
        let pass = Pass {
            number,
            error: best,
            changed,
            step_divisor: divisor,
        };
        if !on_pass(&pass, &w) {
            break;
        }
        if changed == 0 {
            if params.iter().all(|p| p.step() / divisor <= 1) {
                break;
            }
            divisor *= 2;
        }
    }
    w
}

/// The parameters that matter in `v`: every scalar weight whose term the
/// variant has, and the value offsets of the kinds it uses (not a royal king's).
pub fn params_for(v: &Variant) -> Vec<Param> {
    let giveaway = v.no_moves != chimera_rules::variants::NoMoves::Chess && v.forced_capture;
    Param::all()
        .into_iter()
        .filter(|&p| match p {
            Param::Value(k) => {
                v.piece_kinds().contains(&k)
                    && !(k == chimera_rules::pieces::Kind::King && v.royal)
                    && !giveaway
            }
            Param::Scalar(_) => {
                let name = p.name();
                let has = |prefix: &str| name.starts_with(prefix);
                if giveaway || has("giveaway") {
                    return giveaway && has("giveaway");
                }
                (v.crowning || !has("prince"))
                    && (v.king_lady_swap || !has("lady"))
                    && (v.serpent || !has("serpent"))
                    && (!v.hand_kinds().is_empty() || !has("hand"))
                    && (v.royal || !["king", "shelter", "danger"].iter().any(|p| has(p)))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions along the first openings of Grand's set (no search needed).
    fn opening_positions(v: &Arc<Variant>, lines: usize) -> Vec<(Position, i32)> {
        let set = openings::for_variant(v).expect("grand openings");
        set.iter()
            .take(lines)
            .flat_map(|l| positions_of(&openings::replay(v, l).expect("opening"), 1))
            .collect()
    }

    fn labelled(v: &Arc<Variant>, truth: &Weights, k: f64) -> Vec<Sample> {
        let ev = Evaluator::with_weights(v, truth);
        opening_positions(v, 60)
            .into_iter()
            .enumerate()
            .map(|(i, (pos, mobility))| {
                let mut s = Sample {
                    game: i as u32,
                    result: 0.0,
                    mobility,
                    pos,
                };
                s.result = sigmoid(k, f64::from(white_eval(&ev, &s)));
                s
            })
            .collect()
    }

    #[test]
    fn fit_k_recovers_the_scale_of_the_labels() {
        let v = Variant::new("grand", &[]).unwrap();
        let samples = labelled(&v, &Weights::default(), 1.3);
        let k = fit_k(&Evaluator::with_weights(&v, &Weights::default()), &samples);
        assert!((k - 1.3).abs() < 0.01, "K {k}");
    }

    #[test]
    fn tuner_recovers_the_weights_that_labelled_the_positions() {
        let v = Variant::new("grand", &[]).unwrap();
        let truth = Weights {
            tempo: 25,
            mobility_cp: 4,
            pst_permille: 450,
            pawn_advance_mg: 60,
            ..Weights::default()
        };
        let samples = labelled(&v, &truth, 1.0);
        let params: Vec<Param> = ["tempo", "mobility_cp", "pst_permille", "pawn_advance_mg"]
            .iter()
            .map(|n| Param::named(n).unwrap())
            .collect();
        let start = Weights::default();
        let before = error(&Evaluator::with_weights(&v, &start), &samples, 1.0);
        let got = tune(&v, &samples, &start, &params, 1.0, 60, &mut |_, _| true);
        let after = error(&Evaluator::with_weights(&v, &got), &samples, 1.0);
        assert!(after < before / 100.0, "error {before} -> {after}");
        assert!((got.tempo - 25).abs() <= 1, "tempo {}", got.tempo);
        assert_eq!(got.mobility_cp, 4);
        assert!(
            (got.pst_permille - 450).abs() <= 10,
            "pst {}",
            got.pst_permille
        );
        assert!(
            (got.pawn_advance_mg - 60).abs() <= 3,
            "pawn {}",
            got.pawn_advance_mg
        );
    }

    #[test]
    fn sample_lines_read_back_and_bad_lines_are_named() {
        let v = Variant::new("grand", &[]).unwrap();
        let (pos, mobility) = opening_positions(&v, 1).pop().unwrap();
        let s = Sample {
            game: 7,
            result: 0.5,
            mobility,
            pos,
        };
        let back = Sample::parse(&v, &s.line()).unwrap();
        assert_eq!((back.game, back.result, back.mobility), (7, 0.5, mobility));
        assert_eq!(back.pos.to_vfen(), s.pos.to_vfen());
        let Err(e) = read_samples(&v, &format!("{}\n1\t2\t3\tx", s.line())) else {
            panic!("a result of 2 was accepted");
        };
        assert!(e.starts_with("line 2: result 2"), "{e}");
    }

    #[test]
    fn params_follow_the_variants_terms() {
        let names = |id: &str| -> Vec<String> {
            params_for(&Variant::new(id, &[]).unwrap())
                .iter()
                .map(|p| p.name())
                .collect()
        };
        let grand = names("grand");
        assert!(grand.contains(&"value.rook".to_string()));
        assert!(
            !grand
                .iter()
                .any(|n| n.starts_with("prince") || n == "value.king")
        );
        let gr = names("ghostarelay");
        assert!(gr.iter().all(|n| n.starts_with("giveaway")), "{gr:?}");
        assert!(names("holygrail").contains(&"serpent_unlocked".to_string()));
    }
}
