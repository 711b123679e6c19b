//! The pure rules engine: boards, pieces, legal moves, notation and game end
//! for every variant. No Bevy, no I/O.

pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod pieces;
pub mod position;
pub mod reach;
pub mod variants;
pub mod why;

pub use geometry::Sq;
pub use outcome::{EndReason, Game, Outcome};
pub use pieces::{Color, Kind};
pub use position::{Move, MoveKind, PieceInfo, Position};
pub use variants::{OptionSpec, Variant, VariantInfo, variants};
pub use why::Illegal;

/// An error from the rules engine: bad VFEN, bad or illegal move, unknown
/// variant or option. Its text is one line naming the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(String);

impl RulesError {
    /// Makes an error with this message.
    pub fn new(msg: impl Into<String>) -> RulesError {
        RulesError(msg.into())
    }
    /// The message.
    pub fn message(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for RulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}
