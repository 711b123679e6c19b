//! The pure match: [`Match`] holds one game as it is played (moves and the
//! redo line, the draw offer, the outcome, the clock); [`clock`] keeps time,
//! [`offer`] names what one side may offer the other and [`record`] reads and
//! writes game records; [`rating`] rates players and puzzles (Glicko-2);
//! [`lessons`] makes a piece lesson for every piece of a variant. No Bevy.

pub mod announce;
pub mod clock;
mod game_match;
pub mod lessons;
mod match_clock;
pub mod offer;
pub mod rating;
pub mod record;
pub mod text;

pub use announce::{Announcement, announce};
pub use game_match::{GameSetup, Match, MatchError, Played, Player, hand_kind};
pub use match_clock::low_time;
pub use offer::Offer;
