//! Drawings shared in a LAN game. A seated player's own drawings go to the
//! host as they change ([`ShareDrawings`] on, the default; the in-game
//! menu's "Share drawings" entry turns it off), and the host passes them to
//! the opponent and the spectators. What another player shared is shown at
//! its ply like the player's own drawings, in the same colours — as lichess
//! shows a study's shapes to every member — and kept with them in the
//! records saved here; a click clears them here only.

use bevy::prelude::*;
use chimera_net::protocol::{ClientMsg, SharedDrawings};
use chimera_rules::Color;

use super::session::NetSession;
use crate::interaction::{DrawingChanged, Drawings};
use crate::marks::Marks;
use crate::match_state::{CurrentMatch, Match};
use crate::menus::{Entry, MenuActivated};

/// Whether this window shares its player's drawings in a LAN game.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShareDrawings(pub bool);

impl Default for ShareDrawings {
    fn default() -> Self {
        ShareDrawings(true)
    }
}

/// Drawings a player shared, as the host passed them on.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct DrawingsHeard {
    /// The player's side.
    pub by: Color,
    /// Their drawings at a ply.
    pub drawings: SharedDrawings,
}

/// Received drawings kept for a ply this window's match has not reached yet
/// (a joined window plays the host's moves one a frame), at most.
const WAITING_KEPT: usize = 32;

/// The player's changed drawings go to the host (seated, sharing).
pub(super) fn share_drawings(
    mut session: Option<ResMut<NetSession>>,
    share: Res<ShareDrawings>,
    game: Option<Res<CurrentMatch>>,
    mut changed: MessageReader<DrawingChanged>,
) {
    let changed: Vec<DrawingChanged> = changed.read().cloned().collect();
    let (Some(s), Some(game)) = (session.as_deref_mut(), game) else {
        return;
    };
    if !share.0 || s.my_side().is_none() {
        return;
    }
    for (i, c) in changed.iter().enumerate() {
        // Only the last change of each ply this frame.
        if changed[i + 1..].iter().any(|later| later.ply == c.ply) {
            continue;
        }
        let (arrows, circles) = c.marks.to_record(game.variant());
        s.send(ClientMsg::Drawings(SharedDrawings {
            ply: c.ply as u32,
            arrows,
            circles,
        }));
    }
}

/// The menu's entry turns sharing on and off.
pub(super) fn toggle_sharing(
    mut activated: MessageReader<MenuActivated>,
    mut share: ResMut<ShareDrawings>,
) {
    for MenuActivated(entry) in activated.read() {
        if *entry == Entry::ShareDrawings {
            share.0 = !share.0;
        }
    }
}

/// Another player's drawings join this window's at their ply (its own,
/// coming back from the host, are already here).
pub(super) fn take_heard(
    mut heard: MessageReader<DrawingsHeard>,
    session: Option<ResMut<NetSession>>,
    game: Option<Res<CurrentMatch>>,
    mut drawings: ResMut<Drawings>,
    mut waiting: Local<Vec<DrawingsHeard>>,
) {
    waiting.extend(heard.read().cloned());
    let (Some(mut s), Some(game)) = (session, game) else {
        waiting.clear();
        return;
    };
    if waiting.is_empty() {
        return;
    }
    let me = s.my_side();
    let mut later = Vec::new();
    for h in waiting.drain(..) {
        if Some(h.by) == me {
            continue;
        }
        let ply = h.drawings.ply as usize;
        let Some(hash) = hash_at(&game, ply) else {
            later.push(h);
            continue;
        };
        let d = &h.drawings;
        match Marks::from_record(game.variant(), &d.arrows, &d.circles) {
            Ok(marks) => drawings.at_mut(ply, hash).shared[h.by.index()] = marks,
            Err(e) => warn!("LAN: {}'s drawings are skipped: {e}", h.by.name()),
        }
    }
    let keep = later.len().saturating_sub(WAITING_KEPT);
    waiting.extend(later.into_iter().skip(keep));
}

/// The hash of `game`'s position after `ply` moves, if it has them.
fn hash_at(game: &Match, ply: usize) -> Option<u64> {
    let moves = game.game().moves().get(..ply)?;
    let mut pos = game.game().start().clone();
    for &m in moves {
        pos.make_move(m);
    }
    Some(pos.hash())
}
