//! Chimera: a game for large fairy-chess variants.
//!
//! [`rules`] is the pure rules engine; [`cli`] holds the command-line tools;
//! [`app`] is the Bevy game client. [`settings`] (the settings file) and
//! [`sound`] (which sound an event plays) are pure parts the client uses.

pub mod app;
pub mod cli;
pub mod rules;
pub mod settings;
pub mod sound;
