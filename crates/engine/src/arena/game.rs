//! One game between two [`Contestant`]s: the opening, then each side's
//! moves within its clock or node budget, judged by Chimera's rules, until
//! the rules end the game, a side loses on time or by a wrong answer, or
//! the game is adjudicated.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::contestant::{Contestant, Go};
use crate::search::Eval;
use chimera_game::record::{MAX_EVAL_CP, RecordEval};
use chimera_rules::{Color, EndReason, Game, Outcome, Variant};

/// The time or node budget of every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// A node budget per move: the same work on a loaded machine or an idle one.
    Nodes(u64),
    /// A real clock: time for the game and an increment per move (`10+0.1`).
    Clock {
        /// Time at the start.
        base: Duration,
        /// Added after every move.
        inc: Duration,
        /// How far a move may overrun the time left without losing
        /// (cutechess-cli's time margin: the pipe and the scheduling of a
        /// loaded machine are not the engine's thinking); the overrun is
        /// taken from the clock, which then stands at zero.
        margin: Duration,
    },
}

impl Control {
    /// The clock of `text` (`10+0.1`, `60`: seconds, decimals allowed).
    pub fn parse_clock(text: &str) -> Result<Control, String> {
        let secs = |s: &str| -> Result<Duration, String> {
            match s.trim().parse::<f64>() {
                Ok(v) if v.is_finite() && (0.0..=86_400.0).contains(&v) => {
                    Ok(Duration::from_secs_f64(v))
                }
                _ => Err(format!(
                    "'{text}': expected SECONDS+INCREMENT such as 10+0.1 (seconds, at most a day)"
                )),
            }
        };
        let (b, i) = text.split_once('+').unwrap_or((text, "0"));
        let base = secs(b)?;
        if base.is_zero() {
            return Err(format!("'{text}': the time for the game must be positive"));
        }
        Ok(Control::Clock {
            base,
            inc: secs(i)?,
            margin: Duration::ZERO,
        })
    }

    /// `10+0.1` or `nodes 20000`, as results and PGN tags say it.
    pub fn text(&self) -> String {
        match self {
            Control::Nodes(n) => format!("nodes {n}"),
            Control::Clock { base, inc, .. } => {
                format!("{}+{}", base.as_secs_f64(), inc.as_secs_f64())
            }
        }
    }
}

/// When a game is decided without being played out (cutechess-cli's rules):
/// both engines' scores agree on a big lead, or sit at zero for long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// A lead (centipawns, or any mate score) that decides the game …
    pub win_cp: i32,
    /// … when both sides report it for this many moves each in a row.
    pub win_moves: u32,
    /// Scores within this (centipawns) of zero …
    pub draw_cp: i32,
    /// … for this many moves each in a row …
    pub draw_moves: u32,
    /// … from this move number on, draw the game.
    pub draw_from_move: u32,
    /// Plies after which the game is a draw whatever the scores.
    pub max_plies: usize,
}

impl Default for Adjudication {
    fn default() -> Adjudication {
        Adjudication {
            win_cp: 1000,
            win_moves: 4,
            draw_cp: 10,
            draw_moves: 8,
            draw_from_move: 40,
            max_plies: 600,
        }
    }
}

/// A game played.
#[derive(Clone)]
pub struct GamePlayed {
    /// The moves, from the variant's start (the opening included).
    pub game: Game,
    /// The result.
    pub outcome: Outcome,
    /// How it ended, in words (`checkmate`, `adjudicated: …`, `time forfeit` …).
    pub termination: String,
    /// What the engine that made each move reported for it, White's view
    /// (one a move of `game`; none for the opening's moves and for a move
    /// reported without a score). The PGN writes them as `[%eval …]`.
    pub evals: Vec<Option<RecordEval>>,
}

/// Plays `opening`, then the game between `white` and `black`.
pub fn play(
    v: &Arc<Variant>,
    opening: &[String],
    white: &mut dyn Contestant,
    black: &mut dyn Contestant,
    control: Control,
    adj: &Adjudication,
) -> Result<GamePlayed, String> {
    let mut game = super::openings::replay(v, opening)?;
    let mut evals: Vec<Option<RecordEval>> = vec![None; game.moves().len()];
    let mut left = match control {
        Control::Clock { base, .. } => [base; 2],
        Control::Nodes(_) => [Duration::ZERO; 2],
    };
    if let Err(e) = white.new_game(v) {
        return Ok(forfeit(game, evals, Color::White, EndReason::Abandoned, e));
    }
    if let Err(e) = black.new_game(v) {
        return Ok(forfeit(game, evals, Color::Black, EndReason::Abandoned, e));
    }
    // Scores from White's side, one a ply, for the adjudication.
    let mut win_run = (0u32, 0i32);
    let mut draw_run = 0u32;
    loop {
        if let Some(o) = game.outcome() {
            return Ok(GamePlayed {
                evals,
                termination: o.reason.word().to_string(),
                game,
                outcome: o,
            });
        }
        if game.moves().len() >= adj.max_plies {
            return Ok(GamePlayed {
                evals,
                termination: format!("adjudicated: a draw after {} plies", adj.max_plies),
                game,
                outcome: Outcome {
                    winner: None,
                    reason: EndReason::DrawAgreed,
                },
            });
        }
        let side = game.position().side_to_move();
        let player: &mut dyn Contestant = if side == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let go = match control {
            Control::Nodes(n) => Go::Nodes(n),
            Control::Clock { inc, .. } => Go::Clock { left, inc },
        };
        let t0 = Instant::now();
        let reply = player.play(&game, &go);
        let spent = t0.elapsed();
        let reply = match reply {
            Ok(r) => r,
            Err(e) => return Ok(forfeit(game, evals, side, EndReason::Abandoned, e)),
        };
        if let Control::Clock { inc, margin, .. } = control {
            let l = &mut left[side.index()];
            if spent > *l + margin {
                let name = player.name().to_string();
                return Ok(forfeit(
                    game,
                    evals,
                    side,
                    EndReason::TimeForfeit,
                    format!("{name} lost on time"),
                ));
            }
            *l = l.saturating_sub(spent) + inc;
        }
        if let Err(e) = game.play(reply.mv) {
            let name = player.name().to_string();
            return Ok(forfeit(
                game,
                evals,
                side,
                EndReason::Abandoned,
                format!("{name}: illegal move: {e}"),
            ));
        }
        let white = reply.score.map(|s| white_eval(s, side));
        evals.push(white);
        if game.outcome().is_some() {
            // The rules ended the game (mate, repetition …): that is its
            // result, whatever the scores would adjudicate.
            continue;
        }
        // Adjudication on the reported scores, White's side (a mate as the
        // largest lead).
        let white_cp = white.map(|e| match e {
            RecordEval::Cp(c) => c,
            RecordEval::Mate(n) if n > 0 => MAX_EVAL_CP,
            RecordEval::Mate(_) => -MAX_EVAL_CP,
        });
        match white_cp {
            Some(cp) if cp.abs() >= adj.win_cp => {
                let sign = cp.signum();
                win_run = if win_run.1 == sign {
                    (win_run.0 + 1, sign)
                } else {
                    (1, sign)
                };
            }
            _ => win_run = (0, 0),
        }
        match white_cp {
            Some(cp) if cp.abs() <= adj.draw_cp => draw_run += 1,
            _ => draw_run = 0,
        }
        if win_run.0 >= 2 * adj.win_moves {
            let winner = if win_run.1 > 0 {
                Color::White
            } else {
                Color::Black
            };
            return Ok(GamePlayed {
                evals,
                termination: format!(
                    "adjudicated: both engines scored {} ahead by {} cp or more for {} moves",
                    winner.name(),
                    adj.win_cp,
                    adj.win_moves
                ),
                game,
                outcome: Outcome {
                    winner: Some(winner),
                    reason: EndReason::Resignation,
                },
            });
        }
        let move_number = game.moves().len() as u32 / 2 + 1;
        if draw_run >= 2 * adj.draw_moves && move_number >= adj.draw_from_move {
            return Ok(GamePlayed {
                evals,
                termination: format!(
                    "adjudicated: a draw (both engines within {} cp for {} moves)",
                    adj.draw_cp, adj.draw_moves
                ),
                game,
                outcome: Outcome {
                    winner: None,
                    reason: EndReason::DrawAgreed,
                },
            });
        }
    }
}

/// A score the engine of `side` reported, as a record's evaluation (White's view).
fn white_eval(s: Eval, side: Color) -> RecordEval {
    let sign = if side == Color::White { 1 } else { -1 };
    match s {
        Eval::Cp(c) => RecordEval::Cp((c * sign).clamp(-MAX_EVAL_CP, MAX_EVAL_CP)),
        Eval::Mate(n) => RecordEval::Mate(n * sign),
    }
}

/// `loser` loses for `reason`, explained by `why`.
fn forfeit(
    game: Game,
    evals: Vec<Option<RecordEval>>,
    loser: Color,
    reason: EndReason,
    why: String,
) -> GamePlayed {
    GamePlayed {
        evals,
        game,
        outcome: Outcome {
            winner: Some(loser.opposite()),
            reason,
        },
        termination: why,
    }
}

/// The game as a PGN-style record (Chimera's record format, docs/records.md)
/// with the players, the event, how it ended and each engine move's
/// reported score (`[%eval …]`, White's view).
pub fn pgn(p: &GamePlayed, names: [&str; 2], event: &str, round: u32) -> Result<String, String> {
    let tags = vec![
        ("Event".to_string(), event.to_string()),
        ("Round".to_string(), round.to_string()),
        ("White".to_string(), names[0].to_string()),
        ("Black".to_string(), names[1].to_string()),
        ("Ending".to_string(), p.termination.clone()),
    ];
    chimera_game::record::MatchRecord::of_match(
        &p.game,
        Some(p.outcome),
        &[],
        chimera_game::clock::TimeControl::None,
        &tags,
    )
    .and_then(|mut r| {
        for (m, e) in r.moves.iter_mut().zip(&p.evals) {
            m.eval = *e;
        }
        r.to_text()
    })
    .map_err(|e| e.to_string())
}
