//! Chimera: a game for large fairy-chess variants.
//!
//! [`rules`] is the pure rules engine; [`ai`] is the computer opponent;
//! [`record`] reads and writes game records and [`clock`] keeps time; [`net`]
//! is the network core of LAN matches; [`settings`] (the settings file) and
//! [`sound`] (which sound an event plays) and [`uci`] (the UCI protocol of
//! `chimera uci`) — all pure; [`paths`] finds the
//! config and data directories and [`variant_files`] loads the players'
//! variant files from there; [`cli`] holds the
//! command-line tools; [`app`] is the Bevy game client.

pub mod ai;
pub mod app;
pub mod cli;
pub mod clock;
pub mod net;
pub mod paths;
pub mod record;
pub mod rules;
pub mod settings;
pub mod sound;
pub mod uci;
pub mod variant_files;
