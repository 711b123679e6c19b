//! What a hosting window keeps on disk for `chimera host --resume`: the
//! game's record after every change (each move with its `%clk`) and every
//! few seconds of a move in progress (its time spent so far, tag
//! `TurnElapsed`), and the remote seats' tokens and names.

use bevy::prelude::*;
use chimera_game::Match;
use chimera_net::state::record_of;
use chimera_rules::Color;

use super::plans::HOST_SIDE_TAG;
use super::session::{NetSession, Wire};

impl NetSession {
    /// Writes the hosted game `m`'s record to the autosave file.
    pub(super) fn autosave(&mut self, m: &Match) {
        let Some(path) = self.autosave.clone() else {
            return;
        };
        let Wire::Host { runner, .. } = self.wire() else {
            return;
        };
        let host = runner.host();
        let [white, black] = host
            .table()
            .seats
            .clone()
            .map(|seat| seat.name().unwrap_or("?").to_string());
        let side = host.config().local_side.map_or("?", Color::name);
        let tags = [
            ("Event", "Chimera LAN game".to_string()),
            ("White", white),
            ("Black", black),
            (HOST_SIDE_TAG, side.to_string()),
        ]
        .map(|(tag, value)| (tag.to_string(), value));
        let text = record_of(m, &tags).and_then(|rec| rec.to_text());
        let written = text.map_err(|e| e.to_string()).and_then(|text| {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
            }
            chimera_store::paths::write_atomic(&path, text).map_err(|e| e.to_string())
        });
        if let Err(e) = written {
            warn!("LAN: cannot autosave to {}: {e}", path.display());
        }
    }

    /// Writes the autosave again every `CLOCK_SAVE_EVERY` of the move in
    /// progress (the record carries the time spent on it), so that a crash
    /// or a kill never gives the player to move that time back on
    /// `chimera host --resume`. `dt`: the time of the round just run.
    pub(super) fn autosave_running_clock(&mut self, m: &Match, dt: std::time::Duration) {
        if chimera_net::state::clock_save_due(m, dt) {
            self.autosave(m);
        }
    }

    /// Writes the hosted game's remote seats (tokens and names) to the seat
    /// file whenever they change.
    pub(super) fn keep_host_seats(&mut self) {
        let seats = match self.wire() {
            Wire::Host { runner, .. } => runner.host().held_seats(),
            Wire::Join(_) => return,
        };
        let Some((path, written)) = &mut self.host_seats else {
            return;
        };
        if written.as_ref() == Some(&seats) {
            return;
        }
        if let Err(e) = seats.save(path) {
            // Said once: not tried again until the seats change.
            warn!("LAN: cannot keep the seats in {}: {e}", path.display());
        }
        *written = Some(seats);
    }
}
