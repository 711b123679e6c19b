//! The match's clock driven by Bevy's [`Time`] (the time since start-up; the
//! headless tests advance it by a fixed step per frame): each frame
//! [`run_clock`] gives the match the time ([`Match::tick`]), unless something
//! holds it ([`ClockHold`]: the menus set it while the main menu or the
//! in-game menu is in front, so a local game's clock stops while a menu is
//! open). How the clock follows the game is `chimera_game`'s.

use super::{Authority, CurrentMatch, GameEnded};
use bevy::prelude::*;

#[cfg(doc)]
use chimera_game::Match;

/// Holds the clock while something is in front of the game (set by the
/// menus each frame): a held clock does not run.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockHold(pub bool);

/// Gives a timed match the frame's time; a flag fall sends [`GameEnded`].
/// A LAN game's clock is the host's ([`Authority`]): a hosting window's
/// host ticks the match, a joined window shows the host's times.
pub(super) fn run_clock(
    time: Res<Time>,
    hold: Res<ClockHold>,
    authority: Option<Res<Authority>>,
    game: Option<ResMut<CurrentMatch>>,
    mut ended: MessageWriter<GameEnded>,
) {
    let Some(mut game) = game.filter(|_| authority.is_none()) else {
        return;
    };
    if !game.setup().time.is_timed() {
        return;
    }
    // The time passing is not a change of the match: views that rebuild on
    // a change are only told when the flag falls.
    if let Some(outcome) = game.bypass_change_detection().tick(time.elapsed(), hold.0) {
        game.set_changed();
        ended.write(GameEnded { outcome });
    }
}
