//! Piece art made at start-up from code: a 3D model with baked lighting and a flat 2D glyph per
//! piece kind and side. The glyph is the front view of the model, so a piece
//! means the same thing in both views. No asset files.

pub mod baked;
mod designs;
pub mod generic;
pub mod geom;
mod hidden;
mod letters;
mod raster;

use bevy::asset::RenderAssetUsages;
use bevy::ecs::system::SystemParam;
use bevy::image::{ImageSampler, ImageSamplerDescriptor};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::sprite_render::AlphaMode2d;
use chimera_rules::{Color as Side, Kind, Variant};
use std::collections::HashMap;

pub use designs::{Family, family};
pub use generic::GenericLook;
pub use raster::{SILHOUETTE_CELLS, Silhouette};

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, build_piece_art);
}

/// How one piece kind of one side is drawn.
#[derive(Clone, Debug)]
pub struct Drawn {
    /// The 3D model: stands on z = 0 of its square after
    /// [`model_transform`], one unit per square.
    pub model: Handle<Mesh>,
    /// The 2D glyph: a quad over the unit square centred on the origin,
    /// showing its cell of [`Drawn::picture`]; with a picture, cut to the
    /// part of the cell the glyph can show in (the rest is transparent, and
    /// blending it cost a software renderer fill for nothing).
    pub glyph: Handle<Mesh>,
    /// The glyph's material (its picture, alpha-blended).
    pub glyph_material: Handle<ColorMaterial>,
    /// The picture the glyph is a cell of (the atlas of the built-in kinds,
    /// or a generic piece's own); `None` in an app without images
    /// (headless: nothing is drawn).
    pub picture: Option<Handle<Image>>,
    /// Where the glyph is in its picture: UV rectangle, 0..1, v down; the
    /// cell is the piece's square.
    pub uv: Rect,
}

/// The models and glyphs of every piece kind, for both sides: the built-in
/// kinds' made at start-up, the generic pieces of the kinds variant files
/// define made for each variant shown ([`PieceArtMaker::prepared`]), one per
/// distinct [`GenericLook`] (the letter and movement in that variant).
#[derive(Resource)]
pub struct PieceArt {
    builtin: HashMap<(Kind, Side), Drawn>,
    generic: HashMap<(GenericLook, Side), Drawn>,
    /// Material of every 3D model (the lit colours are in the vertices).
    pub model_material: Handle<baked::BakedMaterial>,
}

impl PieceArt {
    /// How `kind` of `side` is drawn in variant `v`. A kind without art of
    /// its own shows its generic piece for `v`, which must have been made
    /// ([`PieceArtMaker::prepared`]); if not, a question mark stands in.
    pub fn drawn(&self, v: &Variant, kind: Kind, side: Side) -> &Drawn {
        if kind.is_builtin() {
            return &self.builtin[&(kind, side)];
        }
        self.generic
            .get(&(GenericLook::of(v, kind), side))
            .unwrap_or_else(|| {
                warn_once!("no generic art made for {kind:?} of {}", v.id());
                &self.generic[&(GenericLook::unknown(), side)]
            })
    }
    /// The generic piece `look` of `side`, if it has been made.
    pub fn generic(&self, look: &GenericLook, side: Side) -> Option<&Drawn> {
        self.generic.get(&(look.clone(), side))
    }
    /// The 3D model of a piece in `v` (see [`Drawn::model`]).
    pub fn model(&self, v: &Variant, kind: Kind, side: Side) -> Handle<Mesh> {
        self.drawn(v, kind, side).model.clone()
    }
    /// The 2D glyph of a piece in `v` (see [`Drawn::glyph`]).
    pub fn glyph(&self, v: &Variant, kind: Kind, side: Side) -> Handle<Mesh> {
        self.drawn(v, kind, side).glyph.clone()
    }
    /// The generic looks `v` needs that are not made yet.
    fn missing(&self, v: &Variant) -> Vec<GenericLook> {
        let mut looks: Vec<GenericLook> = v
            .piece_kinds()
            .into_iter()
            .chain(v.hand_kinds().iter().copied())
            .filter(|k| !k.is_builtin())
            .map(|k| GenericLook::of(v, k))
            .filter(|l| self.generic(l, Side::White).is_none())
            .collect();
        looks.sort();
        looks.dedup();
        looks
    }
}

/// Access to the piece art that makes the generic pieces a variant needs
/// before they are drawn.
#[derive(SystemParam)]
pub struct PieceArtMaker<'w> {
    art: Option<ResMut<'w, PieceArt>>,
    meshes: ResMut<'w, Assets<Mesh>>,
    colour: ResMut<'w, Assets<ColorMaterial>>,
    images: Option<ResMut<'w, Assets<Image>>>,
}

impl PieceArtMaker<'_> {
    /// The piece art with every generic piece of `v` made (`None` before
    /// the art exists). Touches the art only when something is missing.
    pub fn prepared(&mut self, v: Option<&Variant>) -> Option<&PieceArt> {
        let missing = match (self.art.as_deref(), v) {
            (Some(art), Some(v)) => art.missing(v),
            _ => Vec::new(),
        };
        if !missing.is_empty()
            && let Some(art) = self.art.as_deref_mut()
        {
            for look in missing {
                art.generic.extend(draw_generic(
                    &look,
                    &mut self.meshes,
                    &mut self.colour,
                    self.images.as_deref_mut(),
                ));
            }
        }
        self.art.as_deref()
    }
}

/// The local transform that stands a model (built with +Y up) on a board
/// lying in the XY plane with +Z up, its front toward −Y (the White side).
pub fn model_transform() -> Transform {
    Transform::from_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2))
}

/// The silhouette of a kind's model in `v` as the 3D view shows it from `pitch`
/// radians above the board (0 = from the side), turned as `side`'s pieces
/// stand (White's front toward the viewer, Black's back).
pub fn silhouette(v: &Variant, kind: Kind, side: Side, pitch: f32) -> Silhouette {
    let turn = match side {
        Side::White => Quat::IDENTITY,
        Side::Black => Quat::from_rotation_y(std::f32::consts::PI),
    };
    Silhouette::of(&parts_in(v, kind), Quat::from_rotation_x(pitch) * turn)
}

/// The parts of `kind`'s model in `v`: its own design, or its generic piece.
pub fn parts_in(v: &Variant, kind: Kind) -> Vec<geom::Part> {
    if kind.is_builtin() {
        designs::parts(kind)
    } else {
        generic::parts(&GenericLook::of(v, kind), false)
    }
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

/// A quad over the part `part` (0..1, v down) of the unit square centred
/// on the origin, showing the same part of the cell `uv` of a texture.
fn glyph_quad(uv: Rect, part: Rect) -> Mesh {
    let at = |p: Vec2| uv.min + p * uv.size();
    let (lt, rb) = (at(part.min), at(part.max));
    let (l, r, t, b) = (lt.x, rb.x, lt.y, rb.y);
    let (x0, x1) = (part.min.x - 0.5, part.max.x - 0.5);
    let (y0, y1) = (0.5 - part.max.y, 0.5 - part.min.y);
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(
        Mesh::ATTRIBUTE_POSITION,
        vec![[x0, y0, 0.0], [x1, y0, 0.0], [x1, y1, 0.0], [x0, y1, 0.0]],
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

/// Models, glyph quads and one picture (an atlas, when there are images)
/// for `sheet`: per piece, the parts of its model, the parts its glyph is
/// the front view of, and its side. In `sheet` order.
fn draw_sheet(
    sheet: &[(&[geom::Part], &[geom::Part], Side)],
    meshes: &mut Assets<Mesh>,
    colour: &mut Assets<ColorMaterial>,
    images: Option<&mut Assets<Image>>,
) -> Vec<Drawn> {
    let specs: Vec<raster::GlyphSpec> = sheet
        .iter()
        .map(|(_, glyph, side)| glyph_spec(glyph, *side))
        .collect();
    // Without an image store there is no renderer: the quads get their UVs
    // all the same, but the pictures are not made.
    let grid = raster::Grid::for_cells(specs.len());
    let atlas = images.is_some().then(|| raster::atlas(&specs));
    let picture = images
        .zip(atlas.as_ref())
        .map(|(images, atlas)| images.add(atlas_image(atlas)));
    let glyph_material = colour.add(ColorMaterial {
        color: Color::WHITE,
        alpha_mode: AlphaMode2d::Blend,
        texture: picture.clone(),
        ..default()
    });
    sheet
        .iter()
        .enumerate()
        .map(|(i, (model, _, side))| {
            let black = *side == Side::Black;
            let uv = grid.uv(i);
            let whole = Rect::new(0.0, 0.0, 1.0, 1.0);
            let part = atlas
                .as_ref()
                .map_or(whole, |a| a.drawn_rect(i).unwrap_or(whole));
            Drawn {
                model: meshes.add(geom::mesh_3d(
                    hidden::seen_geometry(model),
                    &palette(*side),
                    black,
                )),
                glyph: meshes.add(glyph_quad(uv, part)),
                glyph_material: glyph_material.clone(),
                picture: picture.clone(),
                uv,
            }
        })
        .collect()
}

/// The generic piece `look` for both sides, with its own picture. Black's
/// glyph is its front view mirrored, so its letter is drawn mirrored first.
fn draw_generic(
    look: &GenericLook,
    meshes: &mut Assets<Mesh>,
    colour: &mut Assets<ColorMaterial>,
    images: Option<&mut Assets<Image>>,
) -> Vec<((GenericLook, Side), Drawn)> {
    let front = generic::parts(look, false);
    let black_front = generic::parts(look, true);
    let sheet = [
        (front.as_slice(), front.as_slice(), Side::White),
        (front.as_slice(), black_front.as_slice(), Side::Black),
    ];
    [Side::White, Side::Black]
        .into_iter()
        .zip(draw_sheet(&sheet, meshes, colour, images))
        .map(|(side, d)| ((look.clone(), side), d))
        .collect()
}

fn build_piece_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut baked_materials: ResMut<Assets<baked::BakedMaterial>>,
    mut colour: ResMut<Assets<ColorMaterial>>,
    mut images: Option<ResMut<Assets<Image>>>,
) {
    let designs: Vec<(Kind, Vec<geom::Part>)> =
        Kind::ALL.iter().map(|&k| (k, designs::parts(k))).collect();
    let mut keys = Vec::new();
    let mut sheet = Vec::new();
    for (kind, parts) in &designs {
        for side in [Side::White, Side::Black] {
            keys.push((*kind, side));
            sheet.push((parts.as_slice(), parts.as_slice(), side));
        }
    }
    let drawn = draw_sheet(&sheet, &mut meshes, &mut colour, images.as_deref_mut());
    let builtin = keys.into_iter().zip(drawn).collect();
    // The stand-in for a kind whose variant's generic piece was not made.
    let generic = draw_generic(
        &GenericLook::unknown(),
        &mut meshes,
        &mut colour,
        images.as_deref_mut(),
    )
    .into_iter()
    .collect();
    commands.insert_resource(PieceArt {
        builtin,
        generic,
        // Lighting is baked into the models' vertex colours (`geom::mesh_3d`).
        model_material: baked_materials.add(baked::BakedMaterial {}),
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

    /// The glyph's quad keeps every texel the glyph covers at any mip level
    /// (and one texel around it, the reach of a bilinear sample), and leaves
    /// out the empty sides of the cell: a pawn's quad is far narrower than
    /// its square. Two glyphs in one atlas, so the second cell is read where
    /// it lies.
    #[test]
    fn a_glyph_quad_keeps_every_covered_texel_and_no_more() {
        let (pawn, rook) = (designs::parts(Kind::Pawn), designs::parts(Kind::Rook));
        let specs = [
            glyph_spec(&rook, Side::White),
            glyph_spec(&pawn, Side::Black),
        ];
        let atlas = raster::atlas(&specs);
        let columns = atlas.grid.columns;
        for index in 0..specs.len() {
            let part = atlas.drawn_rect(index).expect("a drawn glyph");
            let (cx, cy) = (index % columns, index / columns);
            for (m, level) in atlas.levels.iter().enumerate() {
                let cell = raster::CELL >> m;
                let texel = 1.0 / cell as f32;
                for y in 0..cell {
                    for x in 0..cell {
                        let at = ((cy * cell + y) * columns * cell + cx * cell + x) * 4;
                        if level[at + 3] == 0 {
                            continue;
                        }
                        // The texel and its neighbours lie inside the quad.
                        let (u, v) = (x as f32 * texel, y as f32 * texel);
                        let inside = part.min.x <= (u - texel).max(0.0)
                            && part.max.x >= (u + 2.0 * texel).min(1.0)
                            && part.min.y <= (v - texel).max(0.0)
                            && part.max.y >= (v + 2.0 * texel).min(1.0);
                        assert!(inside, "glyph {index} level {m} texel {x},{y}: {part:?}");
                    }
                }
            }
        }
        let pawn = atlas.drawn_rect(1).expect("the pawn");
        assert!(pawn.width() < 0.75, "{pawn:?}");
        assert!(pawn.width() * pawn.height() < 0.7, "{pawn:?}");
    }
}
