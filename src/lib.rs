//! Chimera: a game for large fairy-chess variants.
//!
//! [`rules`] is the pure rules engine; [`net`] the network core of LAN
//! matches; [`cli`] holds the command-line tools; [`app`] is the Bevy game
//! client.

pub mod app;
pub mod cli;
pub mod net;
pub mod rules;
