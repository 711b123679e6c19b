//! Play online (issue 23): the screen that reaches a lobby as the LAN
//! feature keeps it ([`OnlineScreen`]) — the lobby's address (kept in the
//! settings), its public tables, a room code typed, a table to create —
//! its entries, published to the menus, and what they do.
//!
//! Every request to the lobby runs on a thread of its own ([`Asking`],
//! the same TLS request as `chimera join LOBBY --list`) and is polled once
//! a frame, so no frame waits on the network; a failure shows as the one
//! sentence the lobby or the link gives. A place at a table is taken as
//! `chimera join LOBBY --room CODE` takes it: a [`NetLaunch`] of a
//! [`JoinPlan`] with the lobby's [`LobbyPlace`].

use std::net::SocketAddr;

use bevy::prelude::*;
use chimera_net::SeatWish;
use chimera_net::lobby::{
    Asked, Asking, LobbyAnswer, LobbyRequest, RoomCode, TableInfo, TableSpec, code,
};

use super::join::JoinScreen;
use super::plans::{JoinPlan, LobbyPlace, NetLaunch, NetPlan};
use super::settings::LanSettings;
use crate::config::MAX_LOBBY_CHARS;
use crate::menus::{Entry, FeaturePanels, MenuActivated, MenuChoice, Overlays, TextEditor};

/// The symbols a pad dials into a lobby's address.
const ADDRESS_SYMBOLS: &[u8] = b"0123456789.:abcdefghijklmnopqrstuvwxyz-[]";

/// What the screen says while no lobby is named (none is built in).
pub const NO_LOBBY: &str = "Type the lobby's address first: ADDRESS[:PORT] of a machine running `chimera lobby` (Chimera has no lobby built in)";

/// The Play online screen as the feature keeps it.
#[derive(Resource, Default)]
pub struct OnlineScreen {
    /// The lobby's address as typed (`ADDRESS[:PORT]`, port 5860 if none);
    /// kept in the settings (`lobby-address`).
    pub address: String,
    /// The room code typed.
    pub code: String,
    /// The table to create is not listed (joined by its code only).
    pub private: bool,
    /// The lobby's public tables, as last listed.
    pub tables: Vec<TableInfo>,
    /// The lobby they were listed by.
    pub listed: Option<SocketAddr>,
    /// How the last request goes, or why it failed, in one sentence.
    pub status: Option<String>,
    /// What the pin book said of the lobby's certificate (a first visit).
    pub pin_note: Option<String>,
    /// The request on its way, and what it is for.
    asking: Option<(Wanted, Asking)>,
}

/// What a request to the lobby is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wanted {
    /// The public tables.
    List,
    /// A place at a table (watching, or a seat).
    Place { spectate: bool },
}

impl OnlineScreen {
    /// Whether a request to the lobby is on its way.
    pub fn asking(&self) -> bool {
        self.asking.is_some()
    }

    /// Asks the lobby `request`, unless one is on its way already (its
    /// status stays) or no lobby is named (the screen asks for one).
    fn ask(&mut self, request: LobbyRequest, wanted: Wanted, pins: Option<std::path::PathBuf>) {
        if self.asking.is_some() {
            return;
        }
        let address = self.address.trim();
        if address.is_empty() {
            self.status = Some(NO_LOBBY.to_string());
            return;
        }
        self.status = Some(format!("Asking the lobby at {address}…"));
        self.asking = Some((wanted, Asking::start(address, request, pins)));
    }

    /// The lobby's answer, if it is there (the request stays until taken).
    fn answer(&self) -> Option<Result<Asked, String>> {
        self.asking.as_ref()?.1.answer()
    }

    /// Takes the lobby's `answer`: the list shown, or a place to take
    /// (returned), or why not in the status.
    fn take_answer(&mut self, answer: Result<Asked, String>) -> Option<JoinPlan> {
        let (wanted, _) = self.asking.take()?;
        let asked = match answer {
            Ok(asked) => asked,
            Err(why) => {
                self.status = Some(why);
                return None;
            }
        };
        if let Some(line) = asked.said.last() {
            self.pin_note = Some(line.clone());
        }
        match (asked.answer, wanted) {
            (LobbyAnswer::Tables(tables), _) => {
                self.status = tables.is_empty().then(|| {
                    format!(
                        "No public tables at {} yet: create one, or join a private one by its code",
                        asked.lobby
                    )
                });
                self.tables = tables;
                self.listed = Some(asked.lobby);
                None
            }
            (LobbyAnswer::Admitted { code, token, seat }, Wanted::Place { spectate }) => {
                self.status = None;
                Some(JoinPlan {
                    address: asked.lobby,
                    spectate,
                    place: Some(LobbyPlace { code, token, seat }),
                })
            }
            (LobbyAnswer::Refused(why), _) => {
                self.status = Some(why);
                None
            }
            (other, _) => {
                self.status = Some(format!("the lobby answered out of turn: {other:?}"));
                None
            }
        }
    }

    /// The room code typed, or why it is none.
    fn typed_code(&self) -> Result<RoomCode, String> {
        if self.code.trim().is_empty() {
            return Err("Type the table's room code first (as K7QD-3MXA)".to_string());
        }
        RoomCode::parse(&self.code)
    }
}

/// The screen's entries, in focus order: the address, list again; each
/// listed table's join (a seat free) and watch; the code, join and watch
/// by code; the table to create — variant, options, clock, side, listed
/// or not, create; back.
pub fn online_entries(screen: &OnlineScreen, choice: &MenuChoice) -> Vec<Entry> {
    let mut v = vec![Entry::OnlineAddress, Entry::OnlineList];
    for (i, t) in screen.tables.iter().enumerate() {
        if t.free_seats() > 0 {
            v.push(Entry::OnlineTable(i));
        }
        v.push(Entry::OnlineWatch(i));
    }
    v.extend([
        Entry::OnlineCode,
        Entry::OnlineJoinCode,
        Entry::OnlineWatchCode,
        Entry::Variant(choice.variant),
    ]);
    v.extend((0..choice.info().options.len()).map(Entry::Option));
    v.extend([
        Entry::TimeControl,
        Entry::HostSide,
        Entry::OnlinePublic,
        Entry::OnlineCreate,
        Entry::Back,
    ]);
    v
}

/// Keeps the menus' copy of the screen's entries current.
pub(super) fn publish_entries(
    screen: Res<OnlineScreen>,
    choice: Res<MenuChoice>,
    mut panels: ResMut<FeaturePanels>,
) {
    if screen.is_changed() || choice.is_changed() {
        let list = online_entries(&screen, &choice);
        if panels.online != list {
            panels.online = list;
        }
    }
}

/// What the screen's entries do: open it (listing the tables of the lobby
/// kept), type the address or the code, list again, take a place at a
/// listed table or the code's, create a table of the menu's game.
#[allow(clippy::too_many_arguments)]
pub(super) fn answer_entries(
    mut activated: MessageReader<MenuActivated>,
    mut screen: ResMut<OnlineScreen>,
    mut overlays: ResMut<Overlays>,
    mut text: ResMut<TextEditor>,
    mut join: ResMut<JoinScreen>,
    settings: Res<LanSettings>,
    choice: Res<MenuChoice>,
) {
    let pins = || settings.lobby_pins.clone();
    // A field kept with Enter: the address lists its tables at once.
    if text.typed.is_some() {
        if let Some(typed) = text.take_typed(Entry::OnlineAddress) {
            // As the settings keep it: no spaces, not too long.
            let typed: String = typed
                .chars()
                .filter(|c| !c.is_whitespace() && !c.is_control())
                .take(MAX_LOBBY_CHARS)
                .collect();
            if typed != screen.address {
                screen.tables.clear();
                screen.listed = None;
                screen.pin_note = None;
                screen.address = typed;
            }
            screen.ask(LobbyRequest::List, Wanted::List, pins());
        }
        if let Some(typed) = text.take_typed(Entry::OnlineCode) {
            screen.code = typed;
        }
    }
    for &MenuActivated(entry) in activated.read() {
        let place = |code: RoomCode, spectate: bool| {
            let wish = if spectate {
                SeatWish::Spectate
            } else {
                SeatWish::Any
            };
            (
                LobbyRequest::Join { code, wish },
                Wanted::Place { spectate },
            )
        };
        match entry {
            Entry::PlayOnline => {
                overlays.online = true;
                join.status = None;
                screen.status = None;
                screen.ask(LobbyRequest::List, Wanted::List, pins());
            }
            Entry::OnlineAddress => text.open_text(entry, &screen.address, ADDRESS_SYMBOLS),
            Entry::OnlineCode => text.open_text(entry, &screen.code, code::SYMBOLS),
            Entry::OnlineList => screen.ask(LobbyRequest::List, Wanted::List, pins()),
            Entry::OnlineTable(i) | Entry::OnlineWatch(i) => {
                if let Some(code) = screen.tables.get(i).map(|t| t.code) {
                    let (req, wanted) = place(code, matches!(entry, Entry::OnlineWatch(_)));
                    screen.ask(req, wanted, pins());
                }
            }
            Entry::OnlineJoinCode | Entry::OnlineWatchCode => match screen.typed_code() {
                Ok(code) => {
                    let (req, wanted) = place(code, entry == Entry::OnlineWatchCode);
                    screen.ask(req, wanted, pins());
                }
                Err(why) => screen.status = Some(why),
            },
            Entry::OnlinePublic => screen.private = !screen.private,
            Entry::OnlineCreate => {
                let setup = choice.setup();
                let side = settings.side.color(chimera_net::transport::random_u64());
                let req = LobbyRequest::Create {
                    spec: TableSpec {
                        variant: setup.variant.clone(),
                        options: setup.options.clone(),
                        time: setup.time,
                        public: !screen.private,
                    },
                    wish: SeatWish::from(side),
                    name: settings.player_name(&choice.player_name),
                };
                screen.ask(req, Wanted::Place { spectate: false }, pins());
            }
            _ => {}
        }
    }
}

/// Takes the lobby's answer when it is there; a place at a table is
/// joined as the command line joins it. Leaving the screen drops the
/// request on its way (its answer is not taken).
pub(super) fn poll(
    mut commands: Commands,
    overlays: Res<Overlays>,
    mut screen: ResMut<OnlineScreen>,
) {
    if !screen.asking() {
        return;
    }
    if !overlays.online {
        screen.asking = None;
        screen.status = None;
        return;
    }
    let Some(answer) = screen.answer() else {
        return;
    };
    if let Some(plan) = screen.take_answer(answer) {
        commands.insert_resource(NetLaunch(NetPlan::Join(plan)));
    }
}
