//! Engine matches, the way engines are tested: two engines play paired
//! openings from a per-variant set ([`openings`]), node-limited or on a real
//! clock, several games at once ([`tournament`]), each game judged by
//! Chimera's rules and adjudicated when long decided or dead drawn
//! ([`game`]); the result is W/D/L, score, Elo with its 95 % interval and a
//! sequential probability ratio test in fishtest's form ([`sprt`]). The
//! players ([`contestant`]) are this build's own levels, or any UCI engine
//! over a line link (`chimera match` gives it the pipes of a process).

pub mod contestant;
pub mod game;
pub mod openings;
pub mod sprt;
pub mod tournament;

pub use contestant::{
    Contestant, EngineMove, Go, LocalEngine, OwnNodes, UciEngine, UciLink, in_process_link,
    process_link,
};
pub use game::{Adjudication, Control, GamePlayed};
pub use sprt::{GameScore, Sprt, SprtVerdict, Tally};
pub use tournament::{GameReport, Plan, Summary};
