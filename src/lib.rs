//! Chimera: a game for large fairy-chess variants.
//!
//! [`rules`] is the pure rules engine; [`record`] reads and writes game
//! records and [`clock`] keeps time (both pure too); [`net`] is the network
//! core of LAN matches; [`paths`] finds the config and data directories;
//! [`cli`] holds the command-line tools; [`app`] is the
//! Bevy game client.

pub mod app;
pub mod cli;
pub mod clock;
pub mod net;
pub mod paths;
pub mod record;
pub mod rules;
