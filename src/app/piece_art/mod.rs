//! Piece art made at start-up from code: a 3D model with baked lighting and a flat 2D glyph per
//! piece kind and side. The glyph is the front view of the model, so a piece
//! means the same thing in both views. No asset files.

pub mod baked;
mod designs;
pub mod geom;

use crate::rules::{Color as Side, Kind};
use bevy::prelude::*;
use bevy::sprite_render::AlphaMode2d;
use std::collections::HashMap;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, build_piece_art);
}

/// Mesh and material handles of every piece kind, for both sides.
#[derive(Resource)]
pub struct PieceArt {
    models: HashMap<(Kind, Side), Handle<Mesh>>,
    glyphs: HashMap<(Kind, Side), Handle<Mesh>>,
    /// Material of every 3D model (the lit colours are in the vertices).
    pub model_material: Handle<baked::BakedMaterial>,
    /// Material of every 2D glyph (white, opaque; colours in the vertices).
    pub glyph_material: Handle<ColorMaterial>,
}

impl PieceArt {
    /// The 3D model of a piece: stands on z = 0 of its square after
    /// [`model_transform`], one unit per square.
    pub fn model(&self, kind: Kind, side: Side) -> Handle<Mesh> {
        self.models[&(kind, side)].clone()
    }
    /// The 2D glyph of a piece: fits the unit square centred on the origin.
    pub fn glyph(&self, kind: Kind, side: Side) -> Handle<Mesh> {
        self.glyphs[&(kind, side)].clone()
    }
}

/// The local transform that stands a model (built with +Y up) on a board
/// lying in the XY plane with +Z up, its front toward −Y (the White side).
pub fn model_transform() -> Transform {
    Transform::from_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2))
}

/// Colours of each side.
pub fn palette(side: Side) -> geom::Palette {
    match side {
        Side::White => geom::Palette {
            body: Color::srgb(0.95, 0.92, 0.84),
            accent: Color::srgb(0.16, 0.15, 0.17),
            outline: Color::srgb(0.07, 0.07, 0.08),
        },
        Side::Black => geom::Palette {
            body: Color::srgb(0.17, 0.16, 0.18),
            accent: Color::srgb(0.88, 0.72, 0.36),
            outline: Color::srgb(0.04, 0.04, 0.05),
        },
    }
}

/// Scale and offset that fit a piece's front view into the unit square.
fn glyph_fit(parts: &[geom::Part]) -> (f32, Vec2) {
    let (lo, hi) = geom::front_bounds(parts);
    let size = hi - lo;
    let scale = (0.95f32).min(0.9 / size.x).min(0.88 / size.y);
    let centre = (lo + hi) * 0.5;
    (scale, -centre * scale)
}

fn build_piece_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut baked_materials: ResMut<Assets<baked::BakedMaterial>>,
    mut colour: ResMut<Assets<ColorMaterial>>,
) {
    let mut models = HashMap::new();
    let mut glyphs = HashMap::new();
    for kind in Kind::ALL {
        let parts = designs::parts(kind);
        let (scale, offset) = glyph_fit(&parts);
        for side in [Side::White, Side::Black] {
            let pal = palette(side);
            let black = side == Side::Black;
            models.insert((kind, side), meshes.add(geom::mesh_3d(&parts, &pal, black)));
            let mirror_offset = if black {
                Vec2::new(-offset.x, offset.y)
            } else {
                offset
            };
            glyphs.insert(
                (kind, side),
                meshes.add(geom::mesh_2d(&parts, &pal, black, scale, mirror_offset)),
            );
        }
    }
    commands.insert_resource(PieceArt {
        models,
        glyphs,
        // Lighting is baked into the models' vertex colours (`geom::mesh_3d`).
        model_material: baked_materials.add(baked::BakedMaterial {}),
        glyph_material: colour.add(ColorMaterial {
            color: Color::WHITE,
            alpha_mode: AlphaMode2d::Opaque,
            ..default()
        }),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    fn xs_of_top(mesh: &Mesh) -> f32 {
        let Some(VertexAttributeValues::Float32x3(p)) = mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions")
        };
        let top = p.iter().map(|v| v[1]).fold(f32::MIN, f32::max);
        // Mean x of the upper part of the head: left of centre when facing left.
        let sel: Vec<f32> = p
            .iter()
            .filter(|v| v[1] > top - 0.25)
            .map(|v| v[0])
            .collect();
        sel.iter().sum::<f32>() / sel.len() as f32
    }

    #[test]
    fn black_glyphs_face_the_other_way() {
        let parts = designs::parts(Kind::Knight);
        let (scale, offset) = glyph_fit(&parts);
        let w = geom::mesh_2d(&parts, &palette(Side::White), false, scale, offset);
        let b = geom::mesh_2d(
            &parts,
            &palette(Side::Black),
            true,
            scale,
            Vec2::new(-offset.x, offset.y),
        );
        let (wx, bx) = (xs_of_top(&w), xs_of_top(&b));
        assert!(wx < 0.0 && bx > 0.0, "white {wx}, black {bx}");
    }
}
