//! Hands (pockets): a row of slots per side beside the board, one per kind
//! in the variant's hand order, showing the piece and how many are held.

use super::BoardScene;
use super::spawn::GLYPH_Z;
use crate::interaction::Replay;
use crate::match_state::CurrentMatch;
use crate::piece_art::{PieceArt, model_transform};
use crate::scene::{BoardLayout, HandSlot, hand_row};
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_rules::{Color, Position};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, update_hand_counts.in_set(AppSystems::Present));
}

pub(super) fn spawn_hand_slots(
    commands: &mut Commands,
    root: Entity,
    layout: &BoardLayout,
    art: &PieceArt,
    pos: &Position,
) {
    for side in [Color::White, Color::Black] {
        for (index, kind) in hand_row(pos).into_iter().enumerate() {
            let count = pos.hand_count(side, kind);
            let c = layout.hand_slot(side, index);
            let shown = if count > 0 {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            };
            let drawn = art.drawn(pos.variant(), kind, side);
            commands.spawn((
                HandSlot {
                    side,
                    kind,
                    index,
                    count,
                },
                Name::new(format!("{:?} hand: {}", side, kind.name())),
                Transform::from_xyz(c.x, c.y, 0.0),
                shown,
                ChildOf(root),
                children![
                    (
                        Mesh2d(drawn.glyph.clone()),
                        MeshMaterial2d(drawn.glyph_material.clone()),
                        Transform::from_xyz(0.0, 0.0, GLYPH_Z).with_scale(Vec3::splat(0.9)),
                    ),
                    (
                        Mesh3d(drawn.model.clone()),
                        MeshMaterial3d(art.model_material.clone()),
                        model_transform().with_scale(Vec3::splat(0.8)),
                    ),
                ],
            ));
        }
    }
}

fn update_hand_counts(
    game: Option<Res<CurrentMatch>>,
    replay: Res<Replay>,
    scene: Option<Res<BoardScene>>,
    mut slots: Query<(&mut HandSlot, &mut Visibility)>,
) {
    let pos = match (&game, &scene) {
        (Some(g), _) if g.is_changed() || replay.is_changed() => replay.position(g),
        (_, Some(s)) if s.is_changed() => &s.position,
        _ => return,
    };
    for (mut slot, mut vis) in &mut slots {
        let count = pos.hand_count(slot.side, slot.kind);
        if slot.count != count {
            slot.count = count;
        }
        vis.set_if_neq(if count > 0 {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}
