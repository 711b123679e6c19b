//! Tests of the game client, driven headless (no window, no GPU): whole games
//! through the selector, the match state, and couch play with keyboard and pad.
//! One test binary, so that a build links Bevy once for all of them.

mod couch_play;
mod games;
mod layers;
mod match_state;
mod steady;
