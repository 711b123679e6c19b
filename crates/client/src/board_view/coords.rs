//! Coordinates along the board's edges (files below, ranks on the left, as the
//! viewer sees them), the hand counts and, when [`ShowLetters`] is on, each
//! piece's letter, painted by egui at the projected positions so they look
//! the same, crisp, in the 2D and the 3D view.

use super::BoardScene;
use super::cameras::MARGIN;
use crate::config::View;
use crate::scene::{BoardCamera2d, BoardCamera3d};
use crate::scene::{BoardLayout, CurrentView, HandSlot, PieceView, ShowLetters};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use chimera_rules::Color as Side;
use chimera_rules::{Sq, Variant};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        paint_coordinates.run_if(resource_exists::<BoardScene>),
    );
}

/// Where the label of file `x` (or rank `y`) goes, in world units.
fn label_positions(
    layout: &BoardLayout,
) -> (
    impl Iterator<Item = (u8, Vec3)>,
    impl Iterator<Item = (u8, Vec3)>,
) {
    let half = layout.half_extents();
    let offset = MARGIN * 0.5;
    let l = *layout;
    let files = (0..layout.width).map(move |x| {
        let c = l.centre(Sq::new(x, 0));
        (x, Vec3::new(c.x, -half.y - offset, 0.0))
    });
    let ranks = (0..layout.height).map(move |y| {
        let c = l.centre(Sq::new(0, y));
        (y, Vec3::new(-half.x - offset, c.y, 0.0))
    });
    (files, ranks)
}

#[allow(clippy::too_many_arguments)]
fn paint_coordinates(
    mut contexts: EguiContexts,
    scene: Res<BoardScene>,
    layout: Res<BoardLayout>,
    mode: Res<CurrentView>,
    letters: Res<ShowLetters>,
    cam2: Query<(&Camera, &GlobalTransform), With<BoardCamera2d>>,
    cam3: Query<(&Camera, &GlobalTransform), With<BoardCamera3d>>,
    slots: Query<(&HandSlot, &GlobalTransform)>,
    pieces: Query<(&PieceView, &GlobalTransform)>,
) -> Result {
    let cam = match mode.0 {
        View::TwoD => cam2.single(),
        View::ThreeD => cam3.single(),
    };
    let Ok((camera, cam_tf)) = cam else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let project = |p: Vec3| camera.world_to_viewport(cam_tf, p).ok();
    // Font size from the projected size of one square at the board's centre.
    let unit = match (project(Vec3::ZERO), project(Vec3::X)) {
        (Some(a), Some(b)) => (b - a).length(),
        _ => return Ok(()),
    };
    let size = (unit * 0.3).clamp(9.0, 22.0);
    let font = egui::FontId::proportional(size);
    let colour = egui::Color32::from_rgb(0xd8, 0xcf, 0xc0);
    let variant = scene.position.variant();
    let (files, ranks) = label_positions(&layout);
    for (x, p) in files {
        if let Some(v) = project(p) {
            painter.text(
                egui::pos2(v.x, v.y),
                egui::Align2::CENTER_CENTER,
                Variant::file_label(x).to_string(),
                font.clone(),
                colour,
            );
        }
    }
    // Hand counts, on a dark badge at each slot's upper right.
    for (slot, at) in &slots {
        if slot.count == 0 {
            continue;
        }
        let p = at.translation().truncate() + Vec2::new(0.36, 0.36);
        if let Some(v) = project(p.extend(0.0)) {
            count_badge(&painter, egui::pos2(v.x, v.y), size, slot.count);
        }
    }
    for (y, p) in ranks {
        if let Some(v) = project(p) {
            painter.text(
                egui::pos2(v.x, v.y),
                egui::Align2::CENTER_CENTER,
                variant.rank_label(y).to_string(),
                font.clone(),
                colour,
            );
        }
    }
    if letters.0 {
        // Beside each piece's foot, lower right as the viewer sees it
        // (whichever way the 3D camera has turned), sized to the square there.
        let right = cam_tf.right().as_vec3();
        let shown = pieces
            .iter()
            .map(|(p, at)| (p.piece.kind, p.piece.color, at.translation()))
            .chain(
                slots
                    .iter()
                    .filter(|(s, _)| s.count > 0)
                    .map(|(s, at)| (s.kind, s.side, at.translation())),
            );
        for (kind, side, at) in shown {
            let (Some(a), Some(b)) = (project(at - right * 0.5), project(at + right * 0.5)) else {
                continue;
            };
            let unit = (b - a).length();
            let centre = (a + b) * 0.5 + Vec2::splat(unit * 0.3);
            letter_badge(
                &painter,
                egui::pos2(centre.x, centre.y),
                unit,
                variant.letter(kind),
                side,
            );
        }
    }
    Ok(())
}

/// A piece's letter on a small disc in its side's colours, for a square
/// `unit` pixels wide.
fn letter_badge(painter: &egui::Painter, centre: egui::Pos2, unit: f32, letter: char, side: Side) {
    let (disc, ink) = match side {
        Side::White => (
            egui::Color32::from_rgb(0xf4, 0xee, 0xe0),
            egui::Color32::from_rgb(0x1c, 0x1a, 0x1e),
        ),
        Side::Black => (
            egui::Color32::from_rgb(0x24, 0x22, 0x26),
            egui::Color32::from_rgb(0xe6, 0xc0, 0x6a),
        ),
    };
    let size = (unit * 0.26).clamp(9.0, 28.0);
    painter.circle(
        centre,
        size * 0.72,
        disc,
        egui::Stroke::new(1.0, egui::Color32::from_rgb(0x10, 0x10, 0x12)),
    );
    painter.text(
        centre,
        egui::Align2::CENTER_CENTER,
        letter.to_string(),
        egui::FontId::proportional(size),
        ink,
    );
}

/// The count of a hand slot: white on a dark red disc centred at `centre`,
/// sized for text of `size` points (the board's hands and the menu's preview).
pub fn count_badge(painter: &egui::Painter, centre: egui::Pos2, size: f32, count: u8) {
    painter.circle_filled(
        centre,
        size * 0.62,
        egui::Color32::from_rgb(0x7a, 0x1f, 0x1a),
    );
    painter.text(
        centre,
        egui::Align2::CENTER_CENTER,
        count.to_string(),
        egui::FontId::proportional((size * 0.95).max(10.0)),
        egui::Color32::WHITE,
    );
}
