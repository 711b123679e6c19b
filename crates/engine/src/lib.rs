//! The computer opponent: search, evaluation derived from the rules, levels,
//! self-play. Pure: no Bevy, no I/O.

pub mod arena;
pub mod elo_scale;
pub mod eval;
pub mod levels;
pub mod pace;
pub mod play;
pub mod puzzles;
pub mod review;
pub mod search;
mod see;
pub mod thinker;
mod threats;
pub mod tt;
pub mod tune;
pub mod uci;
pub mod values;
pub mod weights;

pub use elo_scale::{elo_scale, level_elo};
pub use levels::{Bot, LevelSpec, MAX_LEVEL, MIN_LEVEL, level_spec};
pub use pace::Pace;
pub use play::{
    BenchLine, GameRecord, SelfPlay, analyse, bench_positions, bench_search, bestmove_line,
    info_line, info_line_with, play_game, pv_lmn, pv_san, pv_text, random_opening,
};
pub use puzzles::{MineSettings, Motif, Puzzle, PuzzleLineError, Theme};
pub use review::{Judgement, Review, ReviewSettings, SideSummary, annotate_record, review_game};
pub use search::{Eval, Features, Info, Limits, SearchResult, Searcher, TimeLeft};
pub use thinker::{Job, ThinkError, Thinker};
pub use values::{PieceValue, piece_values, values_markdown};
pub use weights::{Param, Weights, WeightsError};
