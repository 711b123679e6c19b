//! The pure match: [`clock`] keeps time and [`record`] reads and writes game
//! records. No Bevy.

pub mod clock;
pub mod record;
