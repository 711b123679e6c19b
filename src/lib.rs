//! Chimera: a game for large fairy-chess variants.
//!
//! [`rules`] is the pure rules engine; [`cli`] holds the command-line tools;
//! [`app`] is the Bevy game client. [`sound`] (which sound an event plays)
//! is a pure part the client uses.

pub mod app;
pub mod cli;
pub mod rules;
pub mod sound;
