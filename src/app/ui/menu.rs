//! The main menu: variants on the left; the picked variant's description and
//! options (from the engine's own option tables) on the right; then start,
//! resume, the piece guide, controls and quit.

use super::{FocusView, entry_button, ring_if, root_ui};
use crate::app::input::bindings::Controls;
use crate::app::interaction::Panel;
use crate::app::menus::{Entry, MenuActivated, MenuAdjusted};
use crate::rules::variants;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

pub(super) fn menu_screen(
    mut contexts: EguiContexts,
    view: FocusView,
    controls: Option<Res<Controls>>,
    mut activated: MessageWriter<MenuActivated>,
    mut adjusted: MessageWriter<MenuAdjusted>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let focused = view.focused(Panel::MainMenu);
    let choice = &*view.choice;
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(18.0);
            ui.heading(egui::RichText::new("Chimera").size(34.0).strong());
            ui.label("Large fairy-chess variants");
            ui.add_space(14.0);
        });
        ui.columns(2, |cols| {
            cols[0].heading("Variant");
            let list = cols[0].vertical(|ui| {
                for (i, v) in variants().iter().enumerate() {
                    let label = egui::Button::selectable(
                        choice.variant == i,
                        egui::RichText::new(v.name).size(17.0),
                    );
                    entry_button(ui, label, Entry::Variant(i), None, &mut activated);
                }
            });
            let on_list = matches!(focused, Some(Entry::Variant(_)));
            ring_if(&cols[0], &list.response, on_list);
            let ui = &mut cols[1];
            let info = choice.info();
            ui.heading(info.name);
            ui.label(info.description);
            ui.add_space(10.0);
            if info.options.is_empty() {
                ui.weak("No options.");
            } else {
                egui::Grid::new("options").num_columns(2).show(ui, |ui| {
                    for (k, opt) in info.options.iter().enumerate() {
                        ui.label(opt.name).on_hover_text(opt.help);
                        let value = view.option_value(k);
                        let row = ui
                            .horizontal(|ui| {
                                if ui.small_button("<").clicked() {
                                    adjusted.write(MenuAdjusted(Entry::Option(k), -1));
                                }
                                let v = ui
                                    .add_sized([150.0, 22.0], egui::Button::new(value.as_str()))
                                    .on_hover_text(opt.help);
                                if v.clicked() {
                                    adjusted.write(MenuAdjusted(Entry::Option(k), 1));
                                }
                                if ui.small_button(">").clicked() {
                                    adjusted.write(MenuAdjusted(Entry::Option(k), 1));
                                }
                            })
                            .response;
                        ring_if(ui, &row, focused == Some(Entry::Option(k)));
                        ui.end_row();
                    }
                });
            }
            ui.add_space(16.0);
            ui.horizontal_wrapped(|ui| {
                let big = |t: &str| egui::Button::new(egui::RichText::new(t).size(18.0));
                entry_button(ui, big("Start"), Entry::Start, focused, &mut activated);
                if view.game.is_some() {
                    entry_button(ui, big("Resume"), Entry::Resume, focused, &mut activated);
                }
                entry_button(ui, big("How the pieces move"), Entry::Guide, focused, &mut activated);
                entry_button(ui, big("Controls"), Entry::Controls, focused, &mut activated);
                entry_button(ui, big("Quit"), Entry::Quit, focused, &mut activated);
            });
            ui.add_space(10.0);
            ui.weak("Up/down: next entry. Left/right: change the variant or an option. Enter / A: pick.");
            if let Some(e) = controls.as_ref().and_then(|c| c.error.as_ref()) {
                ui.add_space(8.0);
                ui.colored_label(egui::Color32::from_rgb(0xff, 0x7a, 0x6a), e);
            }
        });
    });
    Ok(())
}
