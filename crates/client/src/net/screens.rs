//! LAN screens: the join screen (games heard on the LAN, the address field,
//! watch-only, with the keyboard/gamepad focus ringed like every menu) and
//! the LAN part of the in-game side panel (seats and the host's clocks,
//! offers to answer, the connection, notices, chat). Answers and the win
//! claim are entries of the in-game menu too (keyboard and pad): the panel
//! says so, and its buttons activate the same entries.

use super::{JoinScreen, NetAction, NetSession};
use crate::interaction::{Panel, offers_to_answer};
use crate::match_state::{Authority, Match, Offer};
use crate::menus::{Entry, MenuActivated};
use crate::widgets::{FocusView, back_button, entry_button, text_field};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use chimera_net::{ClientMsg, Role};
use chimera_rules::Color;

const WARN: egui::Color32 = egui::Color32::from_rgb(0xe0, 0x50, 0x40);

/// The join screen, over the main menu.
pub fn join_screen(
    mut contexts: EguiContexts,
    view: FocusView,
    join: Res<JoinScreen>,
    mut activated: MessageWriter<MenuActivated>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if view.active.0 == Panel::MainMenu
        && let Some(status) = &join.status
    {
        // A LAN game that could not start (a busy port, say) says why.
        egui::Area::new("lan-status".into())
            .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -12.0))
            .show(ctx, |ui| {
                ui.colored_label(WARN, status);
            });
    }
    if view.active.0 != Panel::Join {
        return Ok(());
    }
    let focused = view.focused(Panel::Join);
    egui::Window::new("Join a LAN game")
        .collapsible(false)
        .resizable(false)
        .min_width(520.0)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label("Games on the LAN:");
            if join.games.is_empty() {
                ui.weak("None heard yet (hosts announce themselves about once a second).");
            }
            for (i, g) in join.games.iter().enumerate() {
                let seats = match g.free_seats {
                    0 => "full: watch".to_string(),
                    1 => "1 seat free".to_string(),
                    n => format!("{n} seats free"),
                };
                let text = egui::RichText::new(format!(
                    "{} — {}\n{} · {seats}",
                    g.host, g.address, g.details
                ));
                let b = egui::Button::new(if g.joinable { text } else { text.weak() })
                    .min_size(egui::vec2(500.0, 40.0));
                entry_button(ui, b, Entry::JoinGame(i), focused, &mut activated);
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Address:");
                let typing = focused == Some(Entry::JoinAddress);
                text_field(
                    ui,
                    (&join.address, "ADDRESS[:PORT]"),
                    typing,
                    260.0,
                    Entry::JoinAddress,
                    focused,
                    &mut activated,
                );
                entry_button(
                    ui,
                    egui::Button::new("Join"),
                    Entry::JoinConnect,
                    focused,
                    &mut activated,
                );
            });
            let spectate = if join.spectate {
                "Watch only: on"
            } else {
                "Watch only: off"
            };
            entry_button(
                ui,
                egui::Button::new(spectate),
                Entry::JoinSpectate,
                focused,
                &mut activated,
            );
            if let Some(status) = &join.status {
                ui.colored_label(WARN, status);
            }
            ui.weak("Type digits, dots and a colon while the address is ringed; Enter joins.");
            back_button(ui, focused, &mut activated);
        });
    Ok(())
}

/// What the LAN part of the side panel reads and writes.
#[derive(SystemParam)]
pub struct LanPanel<'w, 's> {
    session: Option<Res<'w, NetSession>>,
    authority: Option<Res<'w, Authority>>,
    actions: MessageWriter<'w, NetAction>,
    chat: Local<'s, String>,
}

/// `1:05:03`, `4:59`, `0:07.3` (tenths under ten seconds).
fn clock_text(d: std::time::Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else if s >= 10 {
        format!("{}:{:02}", s / 60, s % 60)
    } else {
        format!("0:{:02}.{}", s, d.subsec_millis() / 100)
    }
}

impl LanPanel<'_, '_> {
    /// The match's authority (a LAN game's), if any.
    pub fn authority(&self) -> Option<&Authority> {
        self.authority.as_deref()
    }
}

/// The LAN part of the side panel (nothing outside a LAN game); `menu`
/// says where the in-game menu is ("in the menu (F10 / Start)"). Returns the entry a button chose.
pub fn lan_section(ui: &mut egui::Ui, p: &mut LanPanel, game: &Match, menu: &str) -> Option<Entry> {
    let session = p.session.as_deref()?;
    let v = &session.view;
    let mut chosen = None;
    let mut act = |ui: &mut egui::Ui, text: &str, entry: Entry| {
        if ui.button(text).clicked() {
            chosen = Some(entry);
        }
    };
    ui.strong(v.address_line());
    if let Some(text) = &v.version_mismatch {
        ui.colored_label(WARN, text);
    }
    if let Some(why) = &v.closed {
        ui.colored_label(WARN, format!("Disconnected: {why}"));
    }
    let me = v.seat();
    match v.role {
        Some(Role::Player(s)) => ui.label(format!("You play {}", s.name())),
        Some(Role::Spectator) => ui.label("You are watching (flip and switch view freely)"),
        None => ui.label("Joining…"),
    };
    for side in Color::BOTH {
        let Some(seat) = &v.seats[side.index()] else {
            continue;
        };
        let mut line = seat.line(side);
        if let Some(left) = v.clocks[side.index()] {
            line = format!("{line}   {}", clock_text(left));
        }
        ui.label(line);
    }
    if v.can_claim() {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "Your opponent is gone: claim the win {menu} or wait"
            ));
            act(ui, "Claim the win", Entry::ClaimWin);
        });
    }
    if v.spectators > 0 {
        ui.weak(format!("{} watching", v.spectators));
    }
    let to_answer = offers_to_answer(game, p.authority.as_deref());
    for &(offer, by) in &v.offers {
        if offer == Offer::Draw {
            // The game's own section shows the draw offer.
            continue;
        }
        let asked = match offer {
            Offer::Takeback => format!("{} asks to take back a move", by.name()),
            _ => format!("{} offers a {}", by.name(), offer.word()),
        };
        if Some(by) == me {
            ui.weak(format!("{asked}: waiting for the answer"));
        } else if to_answer.contains(&offer) {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("{asked} — Accept/Decline here or {menu}:"));
                act(ui, "Accept", Entry::Accept(offer));
                act(ui, "Decline", Entry::Decline(offer));
            });
        } else {
            ui.label(asked);
        }
    }
    if v.result.is_some() && me.is_some() && !v.offers.iter().any(|(k, _)| *k == Offer::Rematch) {
        act(ui, "Offer a rematch (colours swapped)", Entry::NewGame);
    }
    for line in v.notices.iter().rev().take(3).rev() {
        ui.weak(line);
    }
    egui::CollapsingHeader::new(format!("Chat ({})", v.chat.len()))
        .default_open(!v.chat.is_empty())
        .show(ui, |ui| {
            for c in v.chat.iter().rev().take(6).rev() {
                ui.label(format!("{}: {}", c.from, c.text));
            }
            ui.horizontal(|ui| {
                let r = ui.add(
                    egui::TextEdit::singleline(&mut *p.chat)
                        .desired_width(170.0)
                        .char_limit(chimera_net::protocol::MAX_CHAT_CHARS),
                );
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button("Say").clicked() || enter) && !p.chat.trim().is_empty() {
                    p.actions
                        .write(NetAction(ClientMsg::Chat(p.chat.trim().to_string())));
                    p.chat.clear();
                }
            });
        });
    ui.separator();
    chosen
}
