//! The piece guide ("how the pieces move"), from the main menu or the
//! in-game menu: the variant's pieces in a list with their pictures, the
//! focused one large, with its name and letter, and alone on its board with
//! every square it reaches marked — computed by the engine
//! (`help::reach_alone`), so it is always right.

use super::menu::Glyphs;
use super::{Centre, centred_window};
use crate::help::reach_alone;
use crate::interaction::Panel;
use crate::menus::{Entry, Guide, MenuActivated, Overlays};
use crate::piece_art::PieceArtMaker;
use crate::scene::middle_square;
use crate::widgets::{FocusView, back_button, entry_button};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use chimera_rules::{Color, Kind, PieceInfo, Sq, Variant};

pub(super) fn guide_window(
    mut contexts: EguiContexts,
    view: FocusView,
    overlays: Res<Overlays>,
    guide: Res<Guide>,
    mut art: PieceArtMaker,
    mut activated: MessageWriter<MenuActivated>,
) -> Result {
    if !overlays.guide {
        return Ok(());
    }
    let Some(v) = &guide.variant else {
        return Ok(());
    };
    let glyphs = Glyphs::new(art.prepared(Some(&**v)), v, &mut contexts);
    let focused = view.focused(Panel::Guide);
    let ctx = contexts.ctx_mut()?;
    centred_window(
        format!("How the pieces of {} move", v.name()),
        Centre::Screen,
    )
    .show(ctx, |ui| {
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(200.0);
                for (i, kind) in guide.kinds.iter().enumerate() {
                    let selected = guide.piece == i;
                    let b = match &glyphs {
                        Some(g) => egui::Button::selectable(
                            selected,
                            (g.image(*kind, Color::White, 26.0), kind.name()),
                        ),
                        None => egui::Button::selectable(selected, kind.name()),
                    };
                    entry_button(ui, b, Entry::GuidePiece(i), focused, &mut activated);
                }
                ui.add_space(8.0);
                back_button(ui, focused, &mut activated);
            });
            if let Some(kind) = guide.kinds.get(guide.piece) {
                ui.horizontal_top(|ui| {
                    let marks = diagram(ui, v, *kind, glyphs.as_ref(), 460.0);
                    caption(ui, v, *kind, glyphs.as_ref(), marks);
                });
            }
        });
    });
    Ok(())
}

/// A serpent in hand is explained by its first form.
fn shown_kind(kind: Kind) -> Kind {
    if kind == Kind::Serpent {
        Kind::Gryphon
    } else {
        kind
    }
}

/// The board, `side` points across, with `kind` alone near the middle,
/// rings on the squares it attacks and dots where it only moves (as the
/// in-game help marks them); returns those squares (reached, attacked).
pub(super) fn diagram(
    ui: &mut egui::Ui,
    v: &std::sync::Arc<Variant>,
    kind: Kind,
    glyphs: Option<&Glyphs>,
    side: f32,
) -> (Vec<Sq>, Vec<Sq>) {
    let shown = shown_kind(kind);
    let at = middle_square(v);
    let piece = PieceInfo {
        color: Color::White,
        kind: shown,
        locked: false,
    };
    let (reach, attacks) = reach_alone(v, at, piece)
        .map(|a| (a.reach, a.attacks))
        .unwrap_or_default();
    let cell = side / v.width().max(v.height()) as f32;
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(cell * v.width() as f32, cell * v.height() as f32),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let light = egui::Color32::from_rgb(0xe8, 0xd8, 0xb8);
    let dark = egui::Color32::from_rgb(0xa8, 0x80, 0x5c);
    let mark = egui::Color32::from_rgb(0x2f, 0x7d, 0x32);
    for s in v.squares() {
        let min = egui::pos2(
            rect.min.x + s.x as f32 * cell,
            rect.max.y - (s.y as f32 + 1.0) * cell,
        );
        let r = egui::Rect::from_min_size(min, egui::vec2(cell, cell));
        painter.rect_filled(r, 0.0, if v.is_light(s) { light } else { dark });
        if s == at
            && let Some(g) = glyphs
        {
            g.paint(&painter, r, shown, Color::White);
        } else if s == at {
            painter.circle_filled(
                r.center(),
                cell * 0.42,
                egui::Color32::from_rgb(0xf6, 0xf1, 0xe6),
            );
            painter.circle_stroke(
                r.center(),
                cell * 0.42,
                egui::Stroke::new(2.0, egui::Color32::BLACK),
            );
            painter.text(
                r.center(),
                egui::Align2::CENTER_CENTER,
                v.letter(shown),
                egui::FontId::proportional(cell * 0.5),
                egui::Color32::BLACK,
            );
        } else if attacks.contains(&s) {
            painter.circle_stroke(
                r.center(),
                cell * 0.38,
                egui::Stroke::new(cell * 0.08, mark),
            );
        } else if reach.contains(&s) {
            painter.circle_filled(r.center(), cell * 0.16, mark);
        }
    }
    (reach, attacks)
}

/// Beside the diagram: the piece large, both sides, its name and letter,
/// and what the marks say.
fn caption(
    ui: &mut egui::Ui,
    v: &std::sync::Arc<Variant>,
    kind: Kind,
    glyphs: Option<&Glyphs>,
    (reach, attacks): (Vec<Sq>, Vec<Sq>),
) {
    let shown = shown_kind(kind);
    ui.vertical(|ui| {
        if let Some(g) = glyphs {
            ui.horizontal(|ui| {
                ui.add(g.image(shown, Color::White, 96.0));
                ui.add(g.image(shown, Color::Black, 96.0));
            });
        }
        ui.strong(format!("{}  ({})", shown.name(), v.letter(shown)));
        if kind == Kind::Serpent {
            ui.label("The Serpent is dropped as one of its forms; shown: its first form.");
        }
        ui.label(crate::help::legend(&reach, &attacks));
    });
}
