//! Tests of the game client, driven headless (no window, no GPU): whole games
//! through the selector, the match state, couch play with keyboard and pad,
//! the steady state, and the layer order of the client's imports.
//! One test binary, so that a build links Bevy once for all of them.

mod clocks;
mod couch_play;
mod games;
mod layers;
mod match_state;
mod settings;
mod sound;
mod steady;
