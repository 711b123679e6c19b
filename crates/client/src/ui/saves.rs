//! The load screen: the saved games, newest first, one line each (date,
//! variant, players, result, moves); a file that does not load shows its
//! error in red. The focused line follows the keyboard and the pad.

use super::{Centre, centred_window};
use crate::interaction::Panel;
use crate::menus::{Entry, MenuActivated, Overlays};
use crate::saves::{GameInfo, SavedGames};
use crate::widgets::{FocusView, back_button, entry_button};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

const ERROR: egui::Color32 = egui::Color32::from_rgb(0xff, 0x7a, 0x6a);

pub(super) fn load_window(
    mut contexts: EguiContexts,
    view: FocusView,
    overlays: Res<Overlays>,
    saved: Res<SavedGames>,
    mut shown: Local<Option<Entry>>,
    mut activated: MessageWriter<MenuActivated>,
) -> Result {
    if !overlays.load {
        return Ok(());
    }
    let focused = view.focused(Panel::LoadGame);
    // Scroll to the focused line when the focus moves (not every frame:
    // the wheel scrolls too).
    let scroll_to = (*shown != focused).then_some(focused).flatten();
    *shown = focused;
    let ctx = contexts.ctx_mut()?;
    centred_window("Load a game", Centre::Screen).show(ctx, |ui| {
        ui.set_min_width(720.0);
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
                ui.set_min_width(710.0);
                ui.add_space(4.0);
                for (i, game) in saved.games.iter().enumerate() {
                    let text = match &game.about {
                        Ok(info) => egui::RichText::new(columns(info)).monospace(),
                        Err(_) => egui::RichText::new(game.line()).color(ERROR),
                    };
                    let entry = Entry::SavedGame(i);
                    let b = egui::Button::new(text.size(14.0))
                        .wrap_mode(egui::TextWrapMode::Extend)
                        .min_size([700.0, 26.0].into());
                    let r = entry_button(ui, b, entry, focused, &mut activated);
                    if scroll_to == Some(entry) {
                        r.scroll_to_me(None);
                    }
                }
            });
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            back_button(ui, focused, &mut activated);
            ui.weak("Up/down: next game. Enter / A: open it. Esc / B: back.");
        });
    });
    Ok(())
}

/// A game's line in aligned columns: date, variant, players, result, moves.
fn columns(g: &GameInfo) -> String {
    // At most `n` characters and an ellipsis.
    let cut = |t: &str, n: usize| -> String {
        match t.char_indices().nth(n) {
            Some((i, _)) => format!("{}…", &t[..i]),
            None => t.to_string(),
        }
    };
    let result = if g.result == "*" {
        "in progress"
    } else {
        g.result.as_str()
    };
    let moves = g.plies.div_ceil(2);
    format!(
        "{:<10}  {:<14}  {:<22}  {:<18}  {moves:>3} move{}",
        cut(&g.date, 10),
        cut(&g.variant, 13),
        cut(&format!("{} - {}", g.players[0], g.players[1]), 21),
        cut(result, 17),
        if moves == 1 { "" } else { "s" },
    )
}
