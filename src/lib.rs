//! Chimera: a game for large fairy-chess variants.
//!
//! [`rules`] is the pure rules engine; [`ai`] the computer opponent (pure
//! too); [`cli`] holds the command-line tools; [`app`] is the Bevy game client.

pub mod ai;
pub mod app;
pub mod cli;
pub mod rules;
