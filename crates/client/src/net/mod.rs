//! LAN games in the window (issue 12): the window hosts a game (`chimera
//! host`, "Host a LAN game") or joins one (`chimera join ADDRESS`, the join
//! screen), and its [`Match`] follows the network's authority.
//!
//! - A hosting window runs the [`Host`]: the host rules the window's own
//!   match (`CurrentMatch`), lent to it once a frame — one copy of the game.
//!   The window player's wishes reach it as the remote players' do, and the
//!   views hear of what it applied as of any move.
//! - A joined window keeps a [`Client`] (its [`ClientRunner`]'s) with the
//!   host's confirmed copy; moves the host confirmed come back as the
//!   authority's decisions (`ApplyMove`, one a frame, so the match applies
//!   and animates them as any move), offers and results as commands, and
//!   joining, a rematch or a copy that went wrong install the copy whole.
//!
//! Either way the player's moves and commands are wishes (`MoveIntent`,
//! `MatchCommand`) as always; with an [`Authority`] present no local
//! decision is made and [`systems`] sends them to the host (a spectator's
//! are refused here). A refusal becomes `MoveRejected` (or a `Toast`), as a
//! local illegal move does. The menus learn what the host asks of this
//! window from the [`Authority`] (the seat played, takeback and rematch
//! offers, the win claim); their answers come back as `MatchCommand`s.
//!
//! Rooms: [`settings`] (where games are heard, who plays), [`plans`] (what
//! to host or join), [`session`] (the wire and the panel's view),
//! [`systems`] (launch, the frame's round, goodbye), [`join`] (the join
//! screen: its state, entries and answers), [`follow`] (the match
//! follows the host), [`keeping`] (a hosting window's autosave and kept
//! seats for `chimera host --resume`), `finished` (a finished game kept in
//! the saved games, in both windows), [`lobby`] (the join list), [`online`]
//! (the Play online screen: a lobby's tables, room codes), [`screens`]
//! (the join screen and the LAN part of the side panel, drawn with the
//! menus' widgets; `ui` schedules them with the other views).

mod drawings;
mod finished;
mod follow;
pub mod join;
mod keeping;
pub mod lobby;
pub mod online;
pub mod plans;
pub mod screens;
pub mod session;
pub mod settings;
pub mod systems;

use bevy::prelude::*;

use crate::interaction::Replay;
use crate::match_state::{Authority, install_matches};
use crate::schedule::{AppSystems, Screen};

#[cfg(doc)]
use crate::match_state::Match;
#[cfg(doc)]
use chimera_net::{Client, ClientRunner, Host};

pub use drawings::{DrawingsHeard, ShareDrawings};
pub use join::{JoinScreen, LanGame};
pub use online::OnlineScreen;
pub use plans::{HostPlan, JoinPlan, LobbyPlace, NetLaunch, NetPlan};
pub use session::{NetSession, NetView};
pub use settings::{DEFAULT_LAN_NAME, HostSide, LanSettings, autosave_path};
pub use systems::NetAction;
use systems::{goodbye, launch, tick};

/// Registers the LAN settings, the session's systems and the join list.
pub fn plugin(app: &mut App) {
    app.init_resource::<LanSettings>()
        .init_resource::<lobby::LanLobby>()
        .init_resource::<JoinScreen>()
        .init_resource::<OnlineScreen>()
        .init_resource::<ShareDrawings>()
        .add_message::<NetAction>()
        .add_message::<DrawingsHeard>()
        .add_message::<join::LanRequest>()
        .add_systems(
            Update,
            (
                join::publish_entries,
                join::answer_entries,
                (online::answer_entries, online::publish_entries).chain(),
            )
                .in_set(AppSystems::Respond),
        )
        .add_systems(
            Update,
            (launch, tick)
                .chain()
                .in_set(AppSystems::ApplyMatch)
                .before(install_matches),
        )
        .add_systems(
            Update,
            (
                lobby::listen,
                online::poll,
                keep_history,
                finished::keep_finished,
                drawings::toggle_sharing,
                drawings::share_drawings,
                drawings::take_heard,
            )
                .in_set(AppSystems::FollowMatch),
        )
        .add_systems(Last, goodbye)
        .add_systems(
            Update,
            (lobby::type_address, lobby::type_port)
                .in_set(AppSystems::ReadInput)
                .run_if(in_state(Screen::Menu)),
        );
}

/// A LAN game's history is the host's: a move chosen at an earlier ply is
/// refused instead of starting a new line.
fn keep_history(
    authority: Option<Res<Authority>>,
    mut was_networked: Local<bool>,
    mut replay: ResMut<Replay>,
) {
    let networked = authority.is_some();
    if *was_networked != networked {
        *was_networked = networked;
        replay.no_new_lines = networked;
    }
}
