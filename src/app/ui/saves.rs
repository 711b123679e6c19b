//! The load screen: the saved games, newest first, one line each (date,
//! variant, players, result, moves); a file that does not load shows its
//! error in red. The focused line follows the keyboard and the pad.

use super::{FocusView, entry_button};
use crate::app::interaction::Panel;
use crate::app::menus::{Entry, MenuActivated, Overlays};
use crate::app::saves::SavedGames;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

const ERROR: egui::Color32 = egui::Color32::from_rgb(0xff, 0x7a, 0x6a);

pub(super) fn load_window(
    mut contexts: EguiContexts,
    view: FocusView,
    overlays: Res<Overlays>,
    saved: Res<SavedGames>,
    mut activated: MessageWriter<MenuActivated>,
) -> Result {
    if !overlays.load {
        return Ok(());
    }
    let focused = view.focused(Panel::LoadGame);
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Load a game")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.set_min_width(620.0);
            if let Some(m) = &saved.message {
                ui.colored_label(ERROR, m);
                ui.add_space(6.0);
            }
            if saved.games.is_empty() {
                ui.weak("No saved games yet: save one from the in-game menu.");
            }
            egui::ScrollArea::vertical()
                .max_height(440.0)
                .show(ui, |ui| {
                    for (i, game) in saved.games.iter().enumerate() {
                        let mut text = egui::RichText::new(game.line()).size(15.0);
                        if game.about.is_err() {
                            text = text.color(ERROR);
                        }
                        let entry = Entry::SavedGame(i);
                        let b = egui::Button::new(text).min_size([600.0, 26.0].into());
                        let r = entry_button(ui, b, entry, focused, &mut activated);
                        if focused == Some(entry) {
                            r.scroll_to_me(None);
                        }
                    }
                });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                entry_button(
                    ui,
                    egui::Button::new("Back"),
                    Entry::Back,
                    focused,
                    &mut activated,
                );
                ui.weak("Up/down: next game. Enter / A: open it. Esc / B: back.");
            });
        });
    Ok(())
}
