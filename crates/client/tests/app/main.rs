//! Tests of the game client, driven headless (no window, no GPU): whole games
//! through the selector, the match state, couch play with keyboard and pad,
//! replay and new lines, a player's variant file, puzzles, the steady state, and the
//! layer order of the client's imports.
//! One test binary, so that a build links Bevy once for all of them.

mod clocks;
#[path = "../../../rules/tests/rules/common.rs"]
#[allow(dead_code)]
mod common;
mod computer;
mod config;
mod config_fuzz;
mod couch_play;
mod cues;
mod drawing;
mod games;
mod generic_art;
mod lan;
mod lan_answers;
mod lan_window;
mod layers;
mod lessons;
mod match_state;
mod online;
mod player_variants;
mod puzzles;
mod replay;
mod review;
mod saves;
mod settings;
mod sound;
mod steady;
