//! The join screen's live list: while the screen is open a discovery
//! [`Listener`] hears the hosts' beacons and [`JoinScreen`] lists them
//! (a host not heard for a few seconds leaves the list); the address field
//! takes what is typed while it has the focus.

use std::net::SocketAddr;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::LanSettings;
use super::join::{JoinScreen, LanGame, typing_address};
use crate::interaction::{ActivePanel, DIGIT_KEYS};
use crate::menus::{Entry, EntryContext};
use crate::menus::{MenuFocus, Overlays};
use crate::schedule::Screen;
use chimera_net::discovery::{DiscoveredHost, Listener};
use chimera_net::{PROTOCOL_VERSION, SeatState};
use chimera_rules::variants;

/// Longest address typed.
const MAX_ADDRESS_CHARS: usize = 64;

/// The join screen's beacon listener, open while the screen is.
#[derive(Resource, Default)]
pub struct LanLobby {
    listener: Option<Listener>,
    error: Option<String>,
}

impl LanLobby {
    /// The address it listens on, while it does.
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.listener.as_ref()?.local_addr().ok()
    }
}

/// Opens the listener with the join screen, keeps the list, closes it after.
pub fn listen(
    (overlays, screen): (Res<Overlays>, Res<State<Screen>>),
    (settings, time): (Res<LanSettings>, Res<Time>),
    mut lobby: ResMut<LanLobby>,
    mut join: ResMut<JoinScreen>,
) {
    if !(overlays.join && *screen.get() == Screen::Menu) {
        if lobby.listener.take().is_some() {
            join.games.clear();
        }
        lobby.error = None;
        return;
    }
    if lobby.listener.is_none() && lobby.error.is_none() {
        match Listener::bind(settings.listen, PROTOCOL_VERSION) {
            Ok(l) => lobby.listener = Some(l),
            Err(e) => {
                let text = format!(
                    "cannot listen for LAN games on {}: {e} (type the address instead)",
                    settings.listen
                );
                warn!("LAN: {text}");
                join.status.get_or_insert(text.clone());
                lobby.error = Some(text);
            }
        }
    }
    let Some(l) = lobby.listener.as_mut() else {
        return;
    };
    if l.update(time.delta()) || join.games.len() != l.hosts().len() {
        join.games = l.hosts().iter().map(lan_game).collect();
    }
}

/// A heard host as the list shows it.
pub fn lan_game(h: &DiscoveredHost) -> LanGame {
    let address = h.addr.to_string();
    let Some(b) = &h.beacon else {
        return LanGame {
            address,
            host: "(another Chimera version)".to_string(),
            details: format!(
                "speaks network protocol {}, this build speaks {PROTOCOL_VERSION}",
                h.version
            ),
            free_seats: 0,
            joinable: false,
        };
    };
    let time = b.time_control.as_deref().unwrap_or("untimed");
    LanGame {
        address,
        host: b.host_name.clone(),
        details: game_details(&b.variant, &b.options, time, &b.seats, b.spectators),
        free_seats: b.free_seats(),
        joinable: true,
    }
}

/// A game as the LAN and online lists show it: `Holy Grail (drops=full) ·
/// 600+5 · White: Ann, Black: open · 2 watching` (the variant's name when
/// it is known here, else its id; its options not at their default).
pub fn game_details(
    variant: &str,
    options: &[(String, String)],
    time: &str,
    seats: &[SeatState; 2],
    spectators: u32,
) -> String {
    let info = variants().iter().find(|v| v.id == variant);
    let mut details = info.map_or(variant, |v| v.name).to_string();
    let chosen: Vec<(String, String)> = options
        .iter()
        .filter(|(name, value)| {
            let default = info.and_then(|i| i.options.iter().find(|o| o.name == name));
            default.is_none_or(|o| o.default != value)
        })
        .cloned()
        .collect();
    if !chosen.is_empty() {
        let opts = chimera_rules::options_text(&chosen, ", ");
        details += &format!(" ({opts})");
    }
    details += &format!(" · {time}");
    let seat = |i: usize| seats[i].name().unwrap_or("open").to_string();
    details += &format!(" · White: {}, Black: {}", seat(0), seat(1));
    if spectators > 0 {
        details += &format!(" · {spectators} watching");
    }
    details
}

/// Typing the port of a game to host while the main menu's "Port" entry
/// has the focus, as a number option is typed: a digit key appends (up to
/// 65535), Backspace erases one.
pub fn type_port(
    active: Res<ActivePanel>,
    focus: Res<MenuFocus>,
    ctx: EntryContext,
    mut settings: ResMut<LanSettings>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let panel = crate::interaction::Panel::MainMenu;
    let typing = active.0 == panel
        && focus.panel == Some(panel)
        && focus.entry(&ctx.entries(panel)) == Some(Entry::HostPort);
    if !typing {
        return;
    }
    let port = u32::from(settings.port);
    let typed = if keys.just_pressed(KeyCode::Backspace) {
        Some(port / 10)
    } else {
        DIGIT_KEYS
            .iter()
            .position(|k| keys.just_pressed(*k))
            .map(|d| port * 10 + d as u32)
    };
    if let Some(p) = typed.and_then(|p| u16::try_from(p).ok())
        && settings.port != p
    {
        settings.port = p;
    }
}

/// Typing into the address field while it has the focus (Backspace erases).
pub fn type_address(
    active: Res<ActivePanel>,
    focus: Res<MenuFocus>,
    mut join: ResMut<JoinScreen>,
    mut keys: MessageReader<KeyboardInput>,
) {
    let typing = typing_address(active.0, &focus, &join);
    for k in keys.read() {
        if !typing || k.state != ButtonState::Pressed {
            continue;
        }
        let field = &mut join.address;
        if k.logical_key == Key::Backspace {
            field.pop();
        } else if let Some(text) = &k.text {
            for c in text.chars() {
                let allowed = c.is_ascii_alphanumeric() || ".:-[]".contains(c);
                if allowed && field.chars().count() < MAX_ADDRESS_CHARS {
                    field.push(c);
                }
            }
        }
    }
}
