//! The LAN join screen as the LAN feature keeps it: the games heard on the
//! LAN (kept by [`super::lobby`]), the address typed, watch-only and how
//! joining goes ([`JoinScreen`]); its entries, published to the menus
//! ([`FeaturePanels`]) which move the focus through them; and what the LAN
//! entries do when activated ([`answer_entries`]): host the menu's game,
//! open the screen, join — requests that [`super::systems`] starts.

use bevy::prelude::*;

use super::LanSettings;
use crate::interaction::Panel;
use crate::match_state::GameSetup;
use crate::menus::{
    Entry, EntryGroup, FeaturePanels, MenuActivated, MenuAdjusted, MenuChoice, MenuFocus, Overlays,
};

/// The LAN join screen: the games heard on the LAN (kept up to date by
/// `net`), the address typed, whether to watch only, and how joining goes.
#[derive(Resource, Debug, Clone, Default)]
pub struct JoinScreen {
    /// Games heard lately, in the order first heard.
    pub games: Vec<LanGame>,
    /// The address typed (`ADDRESS[:PORT]`).
    pub address: String,
    /// Join as a spectator.
    pub spectate: bool,
    /// How the last attempt goes or why it failed, in words.
    pub status: Option<String>,
}

/// A game heard on the LAN, as the join list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanGame {
    /// Where to join it (`IP:PORT`).
    pub address: String,
    /// The host's name.
    pub host: String,
    /// Variant, options, time control, seats in words; or, for a host of
    /// another protocol version, which version it speaks.
    pub details: String,
    /// Seats nobody holds.
    pub free_seats: usize,
    /// Whether this build can join it (same protocol version).
    pub joinable: bool,
}

/// A LAN game asked for by the join screen's entries (the session starts it).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum LanRequest {
    /// Host this game on the LAN, the window playing one side.
    Host(GameSetup),
    /// Join the host at this address (`ADDRESS[:PORT]`).
    Join {
        /// The address typed or picked.
        address: String,
        /// Watch only.
        spectate: bool,
    },
}

/// The join screen's entries, in focus order: the games heard, the address
/// field, connect, watch only, back.
pub fn join_entries(join: &JoinScreen) -> Vec<Entry> {
    let mut v: Vec<Entry> = (0..join.games.len()).map(Entry::JoinGame).collect();
    v.extend([
        Entry::JoinAddress,
        Entry::JoinConnect,
        Entry::JoinSpectate,
        Entry::Back,
    ]);
    v
}

/// Whether the join screen's address field has the focus (keys type into it).
pub fn typing_address(active: Panel, focus: &MenuFocus, join: &JoinScreen) -> bool {
    active == Panel::Join
        && focus.panel == Some(Panel::Join)
        && focus.entry(&join_entries(join)) == Some(Entry::JoinAddress)
}

/// Keeps the menus' copy of the join screen's entries current.
pub(super) fn publish_entries(join: Res<JoinScreen>, mut panels: ResMut<FeaturePanels>) {
    if join.is_changed() {
        panels.join = join_entries(&join);
    }
}

/// What the LAN entries do: host the menu's game, open the join screen,
/// join a game heard or the address typed, watch only on or off; the side
/// and port of a game to host step on Select and left/right.
pub(super) fn answer_entries(
    (mut activated, mut adjusted): (MessageReader<MenuActivated>, MessageReader<MenuAdjusted>),
    choice: Res<MenuChoice>,
    mut join: ResMut<JoinScreen>,
    mut overlays: ResMut<Overlays>,
    mut lan: MessageWriter<LanRequest>,
    mut settings: ResMut<LanSettings>,
) {
    for &MenuActivated(entry) in activated.read() {
        if entry == Entry::HostSide {
            settings.side = settings.side.step(1);
        } else if entry.group() == EntryGroup::Lan {
            answer(entry, &choice, &mut join, &mut overlays, &mut lan);
        }
    }
    for &MenuAdjusted(entry, delta) in adjusted.read() {
        match entry {
            Entry::HostSide => settings.side = settings.side.step(delta),
            Entry::HostPort => {
                let port = i64::from(settings.port) + i64::from(delta);
                settings.port = port.clamp(1, i64::from(u16::MAX)) as u16;
            }
            _ => {}
        }
    }
}

/// What one LAN entry does.
fn answer(
    entry: Entry,
    choice: &MenuChoice,
    join: &mut JoinScreen,
    overlays: &mut Overlays,
    lan: &mut MessageWriter<LanRequest>,
) {
    match entry {
        Entry::HostLan => {
            join.status = None;
            let setup = choice.setup();
            lan.write(LanRequest::Host(setup));
        }
        Entry::JoinLan => {
            overlays.join = true;
            join.status = None;
        }
        Entry::JoinGame(i) => {
            if let Some(g) = join.games.get(i) {
                lan.write(LanRequest::Join {
                    address: g.address.clone(),
                    spectate: join.spectate,
                });
            }
        }
        Entry::JoinConnect | Entry::JoinAddress if !join.address.trim().is_empty() => {
            lan.write(LanRequest::Join {
                address: join.address.trim().to_string(),
                spectate: join.spectate,
            });
        }
        Entry::JoinConnect | Entry::JoinAddress => {
            join.status = Some("Type the host's address first".to_string());
        }
        Entry::JoinSpectate => join.spectate = !join.spectate,
        _ => {}
    }
}
