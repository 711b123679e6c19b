//! The computer opponent: search, evaluation derived from the rules, levels,
//! self-play. Pure: no Bevy, no I/O.

pub mod eval;
pub mod rng;
pub mod search;
pub mod tt;
pub mod values;

pub use search::{Clock, Features, Info, Limits, Score, SearchResult, Searcher};
