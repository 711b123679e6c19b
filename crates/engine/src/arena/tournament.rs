//! A match: engine A (the one tested) against engine B over paired openings
//! (each opening twice, A with White then with Black), several games at once,
//! counted by pairs, with an optional SPRT that ends the match once decided.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, mpsc};

use super::contestant::Contestant;
use super::game::{self, Adjudication, Control, GamePlayed};
use super::sprt::{GameScore, Sprt, SprtVerdict, Tally};
use chimera_rules::{Color, Variant};

/// Stack of a match thread (a search recurses up to `MAX_PLY` plies, as the thinker's).
const STACK_BYTES: usize = 16 << 20;

/// What to play.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The variant.
    pub variant: Arc<Variant>,
    /// The openings, used in turn (from `first_opening`), each for one pair.
    pub openings: Vec<Vec<String>>,
    /// Index of the first opening used.
    pub first_opening: usize,
    /// Most games (rounded up to whole pairs).
    pub max_games: u32,
    /// Time or nodes per move.
    pub control: Control,
    /// When games are adjudicated.
    pub adjudication: Adjudication,
    /// Games played at once (each by its own pair of engines).
    pub concurrency: usize,
    /// The test that may end the match early.
    pub sprt: Option<Sprt>,
}

impl Plan {
    /// The pairs the match schedules: `max_games` in whole pairs, and at a
    /// node limit at most one pair per opening of the set (deterministic
    /// engines would replay the same games, and a test would count them
    /// twice).
    pub fn pairs(&self) -> u32 {
        let pairs = self.max_games.div_ceil(2);
        match self.control {
            Control::Nodes(_) => pairs.min(u32::try_from(self.openings.len()).unwrap_or(u32::MAX)),
            Control::Clock { .. } => pairs,
        }
    }
}

/// Makes one thread's two engines: A (tested) first, then B.
pub type Factory<'a> = dyn Fn() -> Result<[Box<dyn Contestant>; 2], String> + Sync + 'a;

/// A finished game as the match reports it.
#[derive(Clone)]
pub struct GameReport {
    /// Game number, from 1, in the order games finished.
    pub number: u32,
    /// Pair number, from 1 (games 2k−1 and 2k of the schedule).
    pub pair: u32,
    /// Index of the opening in the set.
    pub opening: usize,
    /// Whether A had White.
    pub a_white: bool,
    /// White's and Black's names.
    pub names: [String; 2],
    /// The game.
    pub played: GamePlayed,
    /// A's result.
    pub score: GameScore,
}

/// The match's end.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Every counted game (whole pairs only).
    pub tally: Tally,
    /// The test's verdict (None without a test).
    pub verdict: Option<SprtVerdict>,
    /// The test's log-likelihood ratio at the end.
    pub llr: Option<f64>,
}

/// Plays the match. `on_game` hears every game as it ends, with the tally
/// of whole pairs so far. Errors: an engine that cannot be started, or an
/// opening that does not replay.
pub fn run(
    plan: &Plan,
    make: &Factory,
    on_game: &mut dyn FnMut(&GameReport, &Tally, Option<f64>),
) -> Result<Summary, String> {
    if plan.openings.is_empty() {
        return Err("no openings".to_string());
    }
    let pairs = plan.pairs();
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<(u32, usize, bool, [String; 2], GamePlayed), String>>();
    let mut tally = Tally::default();
    let mut verdict = plan.sprt.map(|_| SprtVerdict::Continue);
    let mut failure = None;
    std::thread::scope(|s| {
        for _ in 0..plan.concurrency.max(1) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            let worker = move || {
                let mut engines = match make() {
                    Ok(e) => e,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                loop {
                    let pair = next.fetch_add(1, Ordering::SeqCst);
                    if pair >= pairs || stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let opening = (plan.first_opening + pair as usize) % plan.openings.len();
                    for a_white in [true, false] {
                        if stop.load(Ordering::SeqCst) {
                            return;
                        }
                        let [a, b] = &mut engines;
                        let (w, bl): (&mut dyn Contestant, &mut dyn Contestant) = if a_white {
                            (a.as_mut(), b.as_mut())
                        } else {
                            (b.as_mut(), a.as_mut())
                        };
                        let names = [w.name().to_string(), bl.name().to_string()];
                        let r = game::play(
                            &plan.variant,
                            &plan.openings[opening],
                            w,
                            bl,
                            plan.control,
                            &plan.adjudication,
                        )
                        .map(|p| (pair, opening, a_white, names, p));
                        if tx.send(r).is_err() {
                            return;
                        }
                    }
                }
            };
            if let Err(e) = std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(s, worker)
            {
                failure = Some(format!("cannot start a match thread: {e}"));
                stop.store(true, Ordering::SeqCst);
            }
        }
        drop(tx);
        // A pair's first game waits here for its second.
        let mut waiting: Vec<(u32, GameScore)> = Vec::new();
        let mut number = 0;
        for r in rx {
            if stop.load(Ordering::SeqCst) {
                continue;
            }
            let (pair, opening, a_white, names, played) = match r {
                Ok(x) => x,
                Err(e) => {
                    failure = Some(e);
                    stop.store(true, Ordering::SeqCst);
                    continue;
                }
            };
            let a_color = if a_white { Color::White } else { Color::Black };
            let score = match played.outcome.winner {
                None => GameScore::Draw,
                Some(c) if c == a_color => GameScore::Win,
                Some(_) => GameScore::Loss,
            };
            match waiting.iter().position(|(p, _)| *p == pair) {
                Some(i) => {
                    let (_, first) = waiting.swap_remove(i);
                    tally.add_pair(first, score);
                }
                None => waiting.push((pair, score)),
            }
            number += 1;
            let llr = plan.sprt.map(|t| t.llr(&tally));
            on_game(
                &GameReport {
                    number,
                    pair: pair + 1,
                    opening,
                    a_white,
                    names,
                    played,
                    score,
                },
                &tally,
                llr,
            );
            if let Some(t) = plan.sprt {
                let v = t.verdict(&tally);
                verdict = Some(v);
                if v != SprtVerdict::Continue {
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(Summary {
        tally,
        verdict,
        llr: plan.sprt.map(|t| t.llr(&tally)),
    })
}
