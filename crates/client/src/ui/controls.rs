//! The controls screen: every action with its keys and its gamepad buttons,
//! named for the connected pad's layout, the mouse, and where the bindings
//! file lives (with its error, if it could not be used).

use super::{Centre, centred_window};
use crate::input::bindings::Controls;
use crate::input::pads::{PadLayout, binding_name, is_keyboard};
use crate::interaction::{GameAction, Panel};
use crate::menus::{MenuActivated, Overlays};
use crate::widgets::{FocusView, back_button};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The keyboard and gamepad names of an action's bindings: (keys, buttons).
pub fn binding_names(
    controls: &Controls,
    layout: PadLayout,
    action: GameAction,
) -> (String, String) {
    let (mut keys, mut pads) = (Vec::new(), Vec::new());
    for b in controls.of(action) {
        let name = binding_name(b, layout);
        if is_keyboard(b) {
            keys.push(name);
        } else {
            pads.push(name);
        }
    }
    (keys.join(", "), pads.join(", "))
}

/// A short "key / button" hint for a tooltip.
pub fn hint(controls: Option<&Controls>, layout: PadLayout, action: GameAction) -> String {
    let Some(c) = controls else {
        return String::new();
    };
    let (keys, pads) = binding_names(c, layout, action);
    let first = |s: &str| s.split(", ").next().unwrap_or("").to_string();
    match (first(&keys), first(&pads)) {
        (k, p) if k.is_empty() => p,
        (k, p) if p.is_empty() => k,
        (k, p) => format!("{k} / {p}"),
    }
}

const MOUSE: [(&str, &str); 4] = [
    ("Pick and move", "click a piece, then a square — or drag it"),
    (
        "Drop from the hand",
        "click or drag a piece beside the board",
    ),
    ("Cancel", "right click"),
    ("3D camera", "right drag turns it, the wheel zooms"),
];

pub(super) fn controls_window(
    mut contexts: EguiContexts,
    view: FocusView,
    overlays: Res<Overlays>,
    controls: Option<Res<Controls>>,
    layout: Res<PadLayout>,
    mut activated: MessageWriter<MenuActivated>,
) -> Result {
    if !overlays.controls {
        return Ok(());
    }
    let focused = view.focused(Panel::Controls);
    let ctx = contexts.ctx_mut()?;
    let fallback = Controls::default();
    let controls = controls.as_deref().unwrap_or(&fallback);
    centred_window("Controls", Centre::Screen).show(ctx, |ui| {
        egui::Grid::new("controls")
            .num_columns(3)
            .striped(true)
            .spacing([18.0, 6.0])
            .show(ui, |ui| {
                ui.strong("Action");
                ui.strong("Keyboard");
                ui.strong(layout.title());
                ui.end_row();
                for action in GameAction::ALL {
                    let (keys, pads) = binding_names(controls, *layout, action);
                    ui.label(action.description());
                    ui.label(keys);
                    ui.label(pads);
                    ui.end_row();
                }
            });
        ui.add_space(8.0);
        ui.strong("Mouse");
        egui::Grid::new("mouse").num_columns(2).show(ui, |ui| {
            for (what, how) in MOUSE {
                ui.label(what);
                ui.label(how);
                ui.end_row();
            }
        });
        ui.add_space(8.0);
        match &controls.path {
            Some(p) => ui.weak(format!("Change the bindings in {}", p.display())),
            None => ui.weak("No config directory: the default bindings are used."),
        };
        if let Some(e) = &controls.error {
            ui.colored_label(egui::Color32::from_rgb(0xff, 0x7a, 0x6a), e);
        }
        ui.add_space(6.0);
        back_button(ui, focused, &mut activated);
    });
    Ok(())
}
