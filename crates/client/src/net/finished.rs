//! A finished LAN game is kept in the saved games, in the hosting window
//! and in every joined one, as Save keeps a local game: `saves` writes the
//! record ([`KeepGame`]), with the LAN game's `Event`, `Site` (the host's
//! address), `Round` (the host's game number) and the seats' names over
//! the match's own tags.

use bevy::prelude::*;

use super::session::{NetSession, Wire};
use crate::match_state::{CurrentMatch, GameEnded, Match};
use crate::saves::KeepGame;

/// The game number, ply and position of the last game kept (each is kept once).
type KeptKey = (u32, usize, u64);

/// When the game ends, asks `saves` to keep it.
pub(super) fn keep_finished(
    mut ended: MessageReader<GameEnded>,
    session: Option<ResMut<NetSession>>,
    game: Option<Res<CurrentMatch>>,
    mut kept: Local<Option<KeptKey>>,
    mut keep: MessageWriter<KeepGame>,
) {
    if ended.read().count() == 0 {
        return;
    }
    let (Some(mut s), Some(game)) = (session, game) else {
        return;
    };
    let Some((finished, number)) = s.finished(&game) else {
        return;
    };
    let m = &finished.game;
    let key = (number, m.ply(), m.position().hash());
    if *kept == Some(key) {
        return;
    }
    *kept = Some(key);
    keep.write(finished);
}

impl NetSession {
    /// The finished game to keep, the tags of its record and its game
    /// number: a hosting window's match (the host's own), a joined window's
    /// confirmed copy (its clocks are the host's) once it has the result,
    /// else the window's `current` match. `None` while the game goes on.
    fn finished(&mut self, current: &Match) -> Option<(KeepGame, u32)> {
        let site = self
            .view
            .reachable
            .first()
            .copied()
            .or(self.view.joined)
            .or(self.view.hosting);
        let (m, table) = match self.wire() {
            Wire::Host { runner, .. } => (current.clone(), runner.host().table().clone()),
            Wire::Join(r) => {
                let state = r.client().state()?;
                let m = state.game_match();
                let m = if m.outcome().is_some() { m } else { current };
                (m.clone(), state.table.clone())
            }
        };
        m.outcome()?;
        let name = |i: usize| table.seats[i].name().unwrap_or("?").to_string();
        let event = match self.view.room {
            Some(_) => "Chimera online game",
            None => "Chimera LAN game",
        };
        let mut tags = vec![
            ("Event", event.to_string()),
            ("Round", table.game_number.to_string()),
            ("White", name(0)),
            ("Black", name(1)),
        ];
        match (site, self.view.room) {
            (Some(addr), Some(code)) => tags.push(("Site", format!("lobby {addr}, room {code}"))),
            (Some(addr), None) => tags.push(("Site", format!("LAN {addr}"))),
            (None, _) => {}
        }
        let tags = tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        let game = Box::new(m);
        Some((KeepGame { game, tags }, table.game_number))
    }
}
