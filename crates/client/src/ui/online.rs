//! The Play online screen over the main menu: the lobby's address, its
//! public tables (join a seat or watch), a room code to join or watch, and
//! a table to create with the main menu's own rows (variant, options,
//! clock, side) — every entry ringed under the keyboard/gamepad focus as
//! on every menu, clicks reported as the same entries. The state and what
//! the entries do are `net::online`'s.

use super::clock_view::{PlayerRows, PlayerState};
use super::menu::{Row, adjust_inline, adjust_row, option_rows};
use super::{Centre, centred_window};
use crate::interaction::Panel;
use crate::menus::{Entry, MenuActivated, MenuAdjusted, time_words};
use crate::net::lobby::game_details;
use crate::net::{JoinScreen, LanSettings, OnlineScreen};
use crate::widgets::{FocusView, back_button, entry_button, text_field};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use chimera_net::lobby::TableInfo;

const WARN: egui::Color32 = egui::Color32::from_rgb(0xe0, 0x50, 0x40);

/// How far a listed table's game is.
fn table_state(t: &TableInfo) -> String {
    let state = if t.over {
        "game over".to_string()
    } else if t.ply == 0 {
        "not started".to_string()
    } else {
        format!("move {}", t.ply / 2 + 1)
    };
    if t.game_number > 1 {
        format!("game {}, {state}", t.game_number)
    } else {
        state
    }
}

/// A listed table, `width` points wide: its code and game, then how far
/// it is, left-aligned.
fn table_lines(ui: &mut egui::Ui, t: &TableInfo, width: f32) {
    let time = time_words(t.time);
    let details = game_details(&t.variant, &t.options, &time, &t.seats, t.spectators);
    let layout = egui::Layout::top_down(egui::Align::Min);
    ui.allocate_ui_with_layout(egui::vec2(width, 36.0), layout, |ui| {
        ui.set_width(width);
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(t.code.to_string()).monospace().strong());
            ui.label(details);
        });
        ui.weak(table_state(t));
    });
}

/// What the screen reads besides the focus.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct OnlineView<'w> {
    online: Res<'w, OnlineScreen>,
    join: Res<'w, JoinScreen>,
    lan: Res<'w, LanSettings>,
}

/// The Play online screen, over the main menu.
pub(super) fn online_window(
    mut contexts: EguiContexts,
    view: FocusView,
    player: PlayerState,
    screen: OnlineView,
    mut activated: MessageWriter<MenuActivated>,
    mut adjusted: MessageWriter<MenuAdjusted>,
) -> Result {
    if view.active.0 != Panel::Online {
        return Ok(());
    }
    let focused = view.focused(Panel::Online);
    let online = &*screen.online;
    let editing = |entry: Entry| player.text.editing == Some(entry);
    let field_text = |entry: Entry, kept: &str| {
        if editing(entry) {
            player.text.text.clone()
        } else {
            kept.to_string()
        }
    };
    let ctx = contexts.ctx_mut()?;
    centred_window("Play online", Centre::Screen).show(ctx, |ui| {
        ui.set_min_width(780.0);
        ui.horizontal(|ui| {
            ui.label("Lobby:");
            let address = field_text(Entry::OnlineAddress, &online.address);
            let shown = (address.as_str(), "ADDRESS[:PORT] (select, type, Enter)");
            let typing = editing(Entry::OnlineAddress);
            let e = Entry::OnlineAddress;
            text_field(ui, shown, typing, 300.0, e, focused, &mut activated);
            let list = egui::Button::new("List tables");
            entry_button(ui, list, Entry::OnlineList, focused, &mut activated);
        });
        if let Some(note) = &online.pin_note {
            ui.weak(note);
        }
        ui.add_space(4.0);
        match online.listed {
            Some(at) => ui.label(format!("Public tables at {at}:")),
            None => ui.weak("Public tables: none listed yet."),
        };
        egui::ScrollArea::vertical()
            .max_height(230.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for (i, t) in online.tables.iter().enumerate() {
                    ui.horizontal(|ui| {
                        table_lines(ui, t, 620.0);
                        if t.free_seats() > 0 {
                            let b = egui::Button::new("Join");
                            entry_button(ui, b, Entry::OnlineTable(i), focused, &mut activated);
                        }
                        let b = egui::Button::new("Watch");
                        entry_button(ui, b, Entry::OnlineWatch(i), focused, &mut activated);
                    });
                }
            });
        ui.separator();
        ui.horizontal(|ui| {
            ui.label("Room code:");
            let code = field_text(Entry::OnlineCode, &online.code);
            let typing = editing(Entry::OnlineCode);
            let e = Entry::OnlineCode;
            text_field(
                ui,
                (&code, "K7QD-3MXA"),
                typing,
                140.0,
                e,
                focused,
                &mut activated,
            );
            let join = egui::Button::new("Join");
            entry_button(ui, join, Entry::OnlineJoinCode, focused, &mut activated);
            let watch = egui::Button::new("Watch");
            entry_button(ui, watch, Entry::OnlineWatchCode, focused, &mut activated);
        });
        ui.separator();
        ui.strong("Create a table");
        let choice = &*view.ctx.choice;
        let info = choice.info();
        egui::Grid::new("online-create")
            .num_columns(2)
            .show(ui, |ui| {
                let row = Row {
                    name: "Variant",
                    help: "Left/right: the variant of the table",
                    value: info.name,
                    entry: Entry::Variant(choice.variant),
                };
                adjust_row(ui, 1.0, row, focused, &mut adjusted);
                option_rows(ui, 1.0, &view, focused, &mut adjusted);
            });
        PlayerRows {
            choice,
            prefs: &player.prefs,
            text: &player.text,
            focused,
            activated: &mut activated,
            adjusted: &mut adjusted,
        }
        .show_rows(ui, 1.0, &[Entry::TimeControl]);
        ui.horizontal(|ui| {
            let side = format!("as {}", screen.lan.side.word());
            let help = "The side you play at the table you create";
            adjust_inline(
                ui,
                1.0,
                (&side, help),
                Entry::HostSide,
                focused,
                &mut adjusted,
            );
            let listed = if online.private {
                "Private: joined by its code"
            } else {
                "Public: listed"
            };
            let b = egui::Button::new(listed);
            entry_button(ui, b, Entry::OnlinePublic, focused, &mut activated);
            let b = egui::Button::new(egui::RichText::new("Create").strong());
            entry_button(ui, b, Entry::OnlineCreate, focused, &mut activated);
        });
        ui.separator();
        if let Some(status) = &online.status {
            if online.asking() {
                ui.label(status);
            } else {
                ui.colored_label(WARN, status);
            }
        } else if let Some(status) = &screen.join.status {
            ui.label(status);
        }
        ui.horizontal(|ui| {
            back_button(ui, focused, &mut activated);
            ui.weak(
                "Up/down: next entry. Left/right: change a value. Enter / A: pick. Esc / B: back.",
            );
        });
    });
    Ok(())
}
