//! The menus' shared egui widgets: a button per menu entry, ringed while it
//! has the keyboard/gamepad focus, and what the views know of that focus
//! ([`FocusView`]). Every screen draws its entries with them — the menus'
//! own in `ui`, a feature's in its folder (the LAN screens in `net`).

use crate::interaction::{ActivePanel, Panel};
use crate::menus::{Entry, EntryContext, MenuActivated, MenuFocus, NumberEditor, shown_value};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

/// What the views need to know about the keyboard/gamepad focus.
#[derive(SystemParam)]
pub struct FocusView<'w> {
    /// The panel in front.
    pub active: Res<'w, ActivePanel>,
    /// The focus.
    pub focus: Res<'w, MenuFocus>,
    /// A number being typed.
    pub editor: Res<'w, NumberEditor>,
    /// What the entries are made of.
    pub ctx: EntryContext<'w>,
}

impl FocusView<'_> {
    /// What the main menu shows as option `k`'s value (a caret while its
    /// number is being typed).
    pub fn option_value(&self, k: usize) -> String {
        shown_value(&self.ctx.choice, &self.editor, k)
    }

    /// The focused entry, if `panel` is in front.
    pub fn focused(&self, panel: Panel) -> Option<Entry> {
        if self.active.0 != panel || self.focus.panel != Some(panel) {
            return None;
        }
        self.focus.entry(&self.ctx.entries(panel))
    }
}

/// The colour of the keyboard/gamepad focus ring.
const FOCUS: egui::Color32 = egui::Color32::from_rgb(0x3c, 0x9c, 0xff);

/// A button for `entry`: clicked → [`MenuActivated`]; ringed when focused.
pub fn entry_button(
    ui: &mut egui::Ui,
    button: impl egui::Widget,
    entry: Entry,
    focused: Option<Entry>,
    out: &mut MessageWriter<MenuActivated>,
) -> egui::Response {
    let r = ui.add(button);
    ring_if(ui, &r, focused == Some(entry));
    if r.clicked() {
        out.write(MenuActivated(entry));
    }
    r
}

/// The "Back" entry of a screen.
pub fn back_button(
    ui: &mut egui::Ui,
    focused: Option<Entry>,
    out: &mut MessageWriter<MenuActivated>,
) -> egui::Response {
    entry_button(ui, egui::Button::new("Back"), Entry::Back, focused, out)
}

/// A one-line text field for `entry`, `width` points wide: its `text`
/// (monospace), `hint` while empty, a caret while `typing`; clicked →
/// [`MenuActivated`]; ringed when focused.
pub fn text_field(
    ui: &mut egui::Ui,
    (text, hint): (&str, &str),
    typing: bool,
    width: f32,
    entry: Entry,
    focused: Option<Entry>,
    out: &mut MessageWriter<MenuActivated>,
) -> egui::Response {
    let shown = if typing {
        egui::RichText::new(format!("{text}▏"))
    } else if text.is_empty() {
        egui::RichText::new(hint).weak()
    } else {
        egui::RichText::new(text)
    };
    let b = egui::Button::new(shown.monospace()).min_size(egui::vec2(width, 26.0));
    entry_button(ui, b, entry, focused, out)
}

/// Draws the focus ring around a widget.
pub fn ring_if(ui: &egui::Ui, r: &egui::Response, focused: bool) {
    if focused {
        ui.painter().rect_stroke(
            r.rect.expand(3.0),
            4.0,
            egui::Stroke::new(2.5, FOCUS),
            egui::StrokeKind::Outside,
        );
    }
}
