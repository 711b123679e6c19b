//! What one side may offer the other.

use serde::{Deserialize, Serialize};

/// What one side may offer the other: a draw (in every game), a takeback or
/// a rematch (games under an authority (a LAN host), which keeps those). The
/// LAN protocol encodes an offer as its variant index: keep the order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Offer {
    /// End the game drawn.
    Draw,
    /// Take back the offerer's last move.
    Takeback,
    /// Play again, colours swapped.
    Rematch,
}

impl Offer {
    /// `draw`, `takeback`, `rematch`.
    pub fn word(self) -> &'static str {
        match self {
            Offer::Draw => "draw",
            Offer::Takeback => "takeback",
            Offer::Rematch => "rematch",
        }
    }
}
