//! Piece art made at start-up from code: a 3D model with baked lighting and a flat 2D glyph per
//! piece kind and side. The glyph is the front view of the model, so a piece
//! means the same thing in both views. No asset files.

pub mod baked;
mod designs;
pub mod geom;
mod raster;

use crate::rules::{Color as Side, Kind};
use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageSampler, ImageSamplerDescriptor};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::sprite_render::AlphaMode2d;
use std::collections::HashMap;

pub use designs::{Family, family};
pub use raster::{SILHOUETTE_CELLS, Silhouette};

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, build_piece_art);
}

/// Mesh and material handles of every piece kind, for both sides.
#[derive(Resource)]
pub struct PieceArt {
    models: HashMap<(Kind, Side), Handle<Mesh>>,
    glyphs: HashMap<(Kind, Side), Handle<Mesh>>,
    glyph_uvs: HashMap<(Kind, Side), Rect>,
    /// Material of every 3D model (the lit colours are in the vertices).
    pub model_material: Handle<baked::BakedMaterial>,
    /// Material of every 2D glyph: the glyph atlas, alpha-blended.
    pub glyph_material: Handle<ColorMaterial>,
    /// The picture of every 2D glyph (see [`PieceArt::glyph_uv`]); `None`
    /// in an app without images (headless: nothing is drawn).
    pub glyph_atlas: Option<Handle<Image>>,
}
impl PieceArt {
    /// The 3D model of a piece: stands on z = 0 of its square after
    /// [`model_transform`], one unit per square.
    pub fn model(&self, kind: Kind, side: Side) -> Handle<Mesh> {
        self.models[&(kind, side)].clone()
    }
    /// The 2D glyph of a piece: a quad covering the unit square centred on
    /// the origin, textured with its cell of the glyph atlas.
    pub fn glyph(&self, kind: Kind, side: Side) -> Handle<Mesh> {
        self.glyphs[&(kind, side)].clone()
    }
    /// Where a piece's glyph is in [`PieceArt::glyph_atlas`]: UV rectangle,
    /// 0..1, v down; the cell is the piece's square.
    pub fn glyph_uv(&self, kind: Kind, side: Side) -> Rect {
        self.glyph_uvs[&(kind, side)]
    }
}

/// The local transform that stands a model (built with +Y up) on a board
/// lying in the XY plane with +Z up, its front toward −Y (the White side).
pub fn model_transform() -> Transform {
    Transform::from_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2))
}

/// The silhouette of a kind's model as the 3D view shows it from `pitch`
/// radians above the board (0 = from the side), turned as `side`'s pieces
/// stand (White's front toward the viewer, Black's back).
pub fn silhouette(kind: Kind, side: Side, pitch: f32) -> Silhouette {
    let turn = match side {
        Side::White => Quat::IDENTITY,
        Side::Black => Quat::from_rotation_y(std::f32::consts::PI),
    };
    Silhouette::of(&designs::parts(kind), Quat::from_rotation_x(pitch) * turn)
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

/// The glyph of a piece drawn with `parts`: its front view fitted into the
/// unit square, mirrored for Black (which faces the other way).
fn glyph_spec(parts: &[geom::Part], side: Side) -> raster::GlyphSpec<'_> {
    let (scale, offset) = glyph_fit(parts);
    let black = side == Side::Black;
    raster::GlyphSpec {
        parts,
        palette: palette(side),
        mirror: black,
        scale,
        offset: if black {
            Vec2::new(-offset.x, offset.y)
        } else {
            offset
        },
    }
}

/// A quad covering the unit square centred on the origin, showing `uv` of a texture.
fn glyph_quad(uv: Rect) -> Mesh {
    let (l, r, t, b) = (uv.min.x, uv.max.x, uv.min.y, uv.max.y);
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(
        Mesh::ATTRIBUTE_POSITION,
        vec![
            [-0.5f32, -0.5, 0.0],
            [0.5, -0.5, 0.0],
            [0.5, 0.5, 0.0],
            [-0.5, 0.5, 0.0],
        ],
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[l, b], [r, b], [r, t], [l, t]])
    .with_inserted_indices(Indices::U32(vec![0, 1, 2, 0, 2, 3]))
}

/// The atlas as a texture with its mips, sampled trilinearly.
fn atlas_image(atlas: &raster::Atlas) -> Image {
    let mut image = Image::new_uninit(
        Extent3d {
            width: atlas.grid.width() as u32,
            height: atlas.grid.height() as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.texture_descriptor.mip_level_count = atlas.levels.len() as u32;
    image.data = Some(atlas.levels.concat());
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor::linear());
    image
}

fn build_piece_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut baked_materials: ResMut<Assets<baked::BakedMaterial>>,
    mut colour: ResMut<Assets<ColorMaterial>>,
    images: Option<ResMut<Assets<Image>>>,
) {
    let mut models = HashMap::new();
    let mut keys = Vec::new();
    let mut specs = Vec::new();
    let designs: Vec<(Kind, Vec<geom::Part>)> =
        Kind::ALL.iter().map(|&k| (k, designs::parts(k))).collect();
    for (kind, parts) in &designs {
        for side in [Side::White, Side::Black] {
            let black = side == Side::Black;
            models.insert(
                (*kind, side),
                meshes.add(geom::mesh_3d(parts, &palette(side), black)),
            );
            keys.push((*kind, side));
            specs.push(glyph_spec(parts, side));
        }
    }
    // Without an image store there is no renderer: the quads get their UVs
    // all the same, but the pictures are not made.
    let grid = raster::Grid::for_cells(specs.len());
    let glyph_atlas = images.map(|mut images| images.add(atlas_image(&raster::atlas(&specs))));
    let glyph_uvs: HashMap<(Kind, Side), Rect> = keys
        .iter()
        .enumerate()
        .map(|(i, key)| (*key, grid.uv(i)))
        .collect();
    let glyphs = glyph_uvs
        .iter()
        .map(|(key, uv)| (*key, meshes.add(glyph_quad(*uv))))
        .collect();
    commands.insert_resource(PieceArt {
        models,
        glyphs,
        glyph_uvs,
        // Lighting is baked into the models' vertex colours (`geom::mesh_3d`).
        model_material: baked_materials.add(baked::BakedMaterial {}),
        glyph_material: colour.add(ColorMaterial {
            color: Color::WHITE,
            alpha_mode: AlphaMode2d::Blend,
            texture: glyph_atlas.clone(),
            ..default()
        }),
        glyph_atlas,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mean x (−0.5..0.5 across the cell) of the opaque pixels in the top
    /// quarter of cell `index` of the atlas's largest level.
    fn head_x(atlas: &raster::Atlas, index: usize) -> f32 {
        let width = atlas.grid.width();
        let uv = atlas.grid.uv(index);
        let (x0, y0) = (
            (uv.min.x * width as f32) as usize,
            (uv.min.y * atlas.grid.height() as f32) as usize,
        );
        let (mut sum, mut weight) = (0.0, 0.0);
        for y in 0..raster::CELL / 4 {
            for x in 0..raster::CELL {
                let a = atlas.levels[0][((y0 + y) * width + x0 + x) * 4 + 3] as f32;
                sum += a * (x as f32 / raster::CELL as f32 - 0.5);
                weight += a;
            }
        }
        assert!(weight > 0.0, "cell {index} has a top");
        sum / weight
    }

    #[test]
    fn black_glyphs_face_the_other_way() {
        let parts = designs::parts(Kind::Knight);
        let atlas = raster::atlas(&[
            glyph_spec(&parts, Side::White),
            glyph_spec(&parts, Side::Black),
        ]);
        // The horse's head leans toward its muzzle: left for White.
        let (wx, bx) = (head_x(&atlas, 0), head_x(&atlas, 1));
        assert!(wx < 0.0 && bx > 0.0, "white {wx}, black {bx}");
    }

    #[test]
    fn a_glyph_is_opaque_inside_and_clear_black_around() {
        let parts = designs::parts(Kind::Rook);
        let atlas = raster::atlas(&[glyph_spec(&parts, Side::White)]);
        for (m, level) in atlas.levels.iter().enumerate() {
            let cell = raster::CELL >> m;
            let texel = |x: usize, y: usize| &level[(y * cell + x) * 4..(y * cell + x) * 4 + 4];
            // The corners are empty: no colour that a premultiplied blend would add.
            for (x, y) in [(0, 0), (cell - 1, 0), (0, cell - 1), (cell - 1, cell - 1)] {
                assert_eq!(texel(x, y), [0, 0, 0, 0], "level {m} at {x},{y}");
            }
            // The tower's middle is opaque ivory.
            let mid = texel(cell / 2, cell / 2);
            assert_eq!(mid[3], 255, "level {m}");
            assert!(mid[0] > 180, "level {m}: {mid:?}");
        }
    }
}
