//! The pure match: [`clock`] keeps time, [`offer`] names what one side may
//! offer the other and [`record`] reads and writes game records. No Bevy.

pub mod clock;
pub mod offer;
pub mod record;
pub mod text;

pub use offer::Offer;
