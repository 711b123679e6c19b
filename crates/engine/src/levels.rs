//! Playing strength levels 1–8 and [`Bot`], a computer player of one level.
//!
//! | level | depth | root noise (cp, ±) | random move | quiescence, pruning | share of the time and nodes |
//! |---|---|---|---|---|---|
//! | 1 | 1 | 250 | 25 % | no | 1/32 |
//! | 2 | 1 | 120 | 12 % | yes | 1/32 |
//! | 3 | 2 | 80 | 6 % | yes | 1/16 |
//! | 4 | 3 | 50 | 3 % | yes | 1/12 |
//! | 5 | 4 | 30 | 1 % | yes | 1/8 |
//! | 6 | 5 | 15 | — | yes | 1/6 |
//! | 7 | 7 | — | — | yes | 1/3 |
//! | 8 | — | — | — | yes | all |
//!
//! The depth is a cap and the share scales the caller's time and node
//! budget (a depth limit of the caller still applies as given). Every
//! level searches at least as deep, with at least as much of the budget and
//! no more noise or random moves than the level below, so it should be
//! stronger whatever the limits (docs/computer.md has a self-play measurement).
//! Noise is a fixed random bias per root move, so a weak level prefers
//! moves a little worse than the best; a "random move" is a uniformly drawn
//! legal move instead of a search. All randomness comes from the player's
//! seed, so a game with depth-limited levels is reproduced exactly from the
//! same seeds (with time limits the search depth, hence the moves, can vary).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::search::{Eval, Features, Info, Limits, SearchResult, Searcher};
use chimera_rules::{Game, SplitMix64};

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest level (the full search).
pub const MAX_LEVEL: u8 = 8;

/// What a level does differently from the full search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSpec {
    /// Deepest iteration (None: only the caller's limits).
    pub depth: Option<u32>,
    /// Amplitude of the random bias added to each root move's score (cp).
    pub noise: i32,
    /// Chance of playing a random legal move instead of searching.
    pub random_move: f64,
    /// Search features.
    pub features: Features,
    /// Share of the caller's time and node budget the level uses.
    pub share: f64,
}

/// The settings of `level` (clamped to 1–8).
pub fn level_spec(level: u8) -> LevelSpec {
    let full = Features::default();
    let (depth, noise, random_move, features, share) = match level.clamp(MIN_LEVEL, MAX_LEVEL) {
        1 => (
            Some(1),
            250,
            0.25,
            Features {
                quiescence: false,
                pruning: false,
            },
            1.0 / 32.0,
        ),
        2 => (Some(1), 120, 0.12, full, 1.0 / 32.0),
        3 => (Some(2), 80, 0.06, full, 1.0 / 16.0),
        4 => (Some(3), 50, 0.03, full, 1.0 / 12.0),
        5 => (Some(4), 30, 0.01, full, 1.0 / 8.0),
        6 => (Some(5), 15, 0.0, full, 1.0 / 6.0),
        7 => (Some(7), 0, 0.0, full, 1.0 / 3.0),
        _ => (None, 0, 0.0, full, 1.0),
    };
    LevelSpec {
        depth,
        noise,
        random_move,
        features,
        share,
    }
}

impl LevelSpec {
    /// The caller's limits narrowed to this level.
    pub fn limits(&self, l: &Limits) -> Limits {
        let scale = |d: std::time::Duration| d.mul_f64(self.share);
        Limits {
            depth: match (l.depth, self.depth) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            nodes: l.nodes.map(|n| ((n as f64 * self.share) as u64).max(1)),
            movetime: l.movetime.map(scale),
            clock: l.clock.map(|c| super::search::TimeLeft {
                time: scale(c.time),
                inc: scale(c.inc),
                movestogo: c.movestogo,
            }),
            infinite: l.infinite && self.depth.is_none(),
        }
    }
}

/// A computer player (a bot): a level, its seeded randomness and its own
/// searcher. (Who plays a side of a match, a person or the computer, is the
/// match's `Player`.)
pub struct Bot {
    level: u8,
    rng: SplitMix64,
    searcher: Searcher,
}

impl Bot {
    /// A player of `level` (clamped to 1–8) with randomness from `seed` and
    /// a transposition table of `hash_mb` megabytes.
    pub fn new(level: u8, seed: u64, hash_mb: usize) -> Bot {
        Bot {
            level: level.clamp(MIN_LEVEL, MAX_LEVEL),
            rng: SplitMix64::new(seed),
            searcher: Searcher::new(hash_mb),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// The flag that stops this player's search (clear it before a search).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }

    /// Forgets earlier games' search tables.
    pub fn new_game(&mut self) {
        self.searcher.new_game();
    }

    /// The searcher (hash size, stop flag, ...).
    pub fn searcher_mut(&mut self) -> &mut Searcher {
        &mut self.searcher
    }

    /// Chooses a move in the game's current position within `limits`
    /// (None when there is no legal move). `on_info` hears each completed
    /// iteration.
    pub fn choose(
        &mut self,
        game: &Game,
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let spec = level_spec(self.level);
        let moves = game.position().legal_moves();
        let draw = self.rng.unit();
        let noise_seed = self.rng.next_u64();
        if !moves.is_empty() && draw < spec.random_move {
            let m = moves[self.rng.scaled(moves.len() as u64) as usize];
            return SearchResult {
                best: Some(m),
                score: Eval::Cp(0),
                raw: 0,
                depth: 0,
                seldepth: 0,
                nodes: 0,
                time: std::time::Duration::ZERO,
                pv: vec![m],
            };
        }
        self.searcher.set_features(spec.features);
        self.searcher.set_root_noise(spec.noise, noise_seed);
        self.searcher
            .search_game(game, &spec.limits(limits), on_info)
    }
}
