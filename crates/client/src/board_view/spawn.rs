//! Spawning the square and piece entities of a [`BoardScene`], and keeping
//! their transforms true to the [`BoardLayout`] (board flip).

use super::highlight::{MarkerVisual, Tint, TintedTile};
use super::{BoardRoot, BoardScene, BoardSquare};
use crate::piece_art::baked::{BakedMaterial, BakedMaterial2d};
use crate::piece_art::{Family, PieceArt, PieceArtMaker, model_transform};
use crate::scene::{BoardLayout, HandSlot, PieceView};
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_rules::{PieceInfo, Sq, Variant};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, build_board_art).add_systems(
        Update,
        (
            rebuild_board.run_if(resource_exists_and_changed::<BoardScene>),
            place_on_layout.run_if(resource_changed::<BoardLayout>),
        )
            .chain()
            .in_set(AppSystems::Spawn),
    );
}

/// Height of the 2D glyph layer above the tiles.
pub const GLYPH_Z: f32 = 1.0;
/// Height of the 2D marker layer (dots, rings) between tiles and glyphs.
pub const MARKER_Z_2D: f32 = 0.5;
/// Thickness of a 3D tile (its top is at z = 0).
const TILE_DEPTH: f32 = 0.1;
/// How far the board's frame reaches beyond the outer squares.
const FRAME: f32 = 0.09;
/// Scale of the 3D models on their squares.
const MODEL_SCALE: f32 = 0.92;
/// The height of the tallest model on the board (the king's family band
/// at its top, see [`Family::heights`]).
pub const TALLEST_PIECE: f32 = Family::King.heights().1 * MODEL_SCALE;

/// Tile colours (docs/rules.md §0 light/dark), in sRGB.
pub const LIGHT: Color = Color::srgb(0.93, 0.85, 0.72);
/// Dark squares.
pub const DARK: Color = Color::srgb(0.70, 0.53, 0.39);
/// The board's frame.
pub const FRAME_COLOUR: Color = Color::srgb(0.24, 0.16, 0.11);

/// Shared meshes and materials of the board. Tiles and frame carry their
/// colours in the vertices and share one material per view, so the renderer
/// batches the whole board (a tint change swaps the tile's mesh).
#[derive(Resource)]
pub struct BoardArt {
    /// Tile meshes indexed by [light as usize][tint as usize].
    pub tile_2d: [[Handle<Mesh>; Tint::COUNT]; 2],
    /// 3D tile meshes indexed by [edge as usize][light as usize][tint as
    /// usize]: a tile inside the board is its top alone (its sides and
    /// bottom lie against its neighbours and under the board, never seen),
    /// a tile at the edge a block, whose sides show above the frame.
    pub tile_3d: [[[Handle<Mesh>; Tint::COUNT]; 2]; 2],
    /// The frame along a square's open sides, indexed by [`open_sides`] − 1.
    pub frame_2d: Vec<Handle<Mesh>>,
    /// The same in 3D.
    pub frame_3d: Vec<Handle<Mesh>>,
    pub dot: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub board_mat_2d: Handle<BakedMaterial2d>,
    pub board_mat_3d: Handle<BakedMaterial>,
    pub marker_mat_2d: Handle<ColorMaterial>,
    pub marker_mat_3d: Handle<StandardMaterial>,
}

/// A mesh painted in one colour (vertex colours).
fn painted(mesh: impl Into<Mesh>, color: Color) -> Mesh {
    let mut mesh = mesh.into();
    let n = mesh.count_vertices();
    let c = color.to_linear().to_f32_array();
    mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, vec![c; n]);
    mesh
}

/// A 3D mesh of the board (+Z up) painted in one colour lit by the pieces'
/// key light (baked, drawn unlit): tops keep the colour, sides are shaded.
fn painted_lit(mesh: impl Into<Mesh>, color: Color) -> Mesh {
    use crate::piece_art::geom::{KEY_LIGHT, baked_light};
    use bevy::mesh::VertexAttributeValues;
    let mut mesh = mesh.into();
    let Some(VertexAttributeValues::Float32x3(normals)) = mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
    else {
        return painted(mesh, color);
    };
    // Board space to piece space (see `model_transform`): (x, y, z) → (x, z, −y).
    let light = KEY_LIGHT.normalize();
    let colors: Vec<[f32; 4]> = normals
        .iter()
        .map(|n| baked_light(color, Vec3::new(n[0], n[2], -n[1]), light))
        .collect();
    mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, colors);
    mesh
}

/// Bits of [`open_sides`]: the square's neighbour towards −x, +x, −y, +y
/// is off the board.
const OPEN_LEFT: u8 = 1;
const OPEN_RIGHT: u8 = 2;
const OPEN_DOWN: u8 = 4;
const OPEN_UP: u8 = 8;

/// Which of the square's four sides face off the board (outside its
/// rectangle, or a hole): the sides the board's frame runs along.
pub fn open_sides(shape: &Variant, sq: Sq) -> u8 {
    let off = |dx: i32, dy: i32| {
        let (x, y) = (sq.x as i32 + dx, sq.y as i32 + dy);
        x < 0
            || y < 0
            || x >= shape.width() as i32
            || y >= shape.height() as i32
            || !shape.exists(Sq::new(x as u8, y as u8))
    };
    [
        (OPEN_LEFT, (-1, 0)),
        (OPEN_RIGHT, (1, 0)),
        (OPEN_DOWN, (0, -1)),
        (OPEN_UP, (0, 1)),
    ]
    .iter()
    .filter(|(_, (dx, dy))| off(*dx, *dy))
    .fold(0, |bits, (bit, _)| bits | bit)
}

/// The bars of the board's frame along a square's `open` sides: (size,
/// centre) in the board plane, the square's centre at the origin. Bars
/// along x reach [`FRAME`] past the square at both ends, so they also fill
/// the corners. Along every edge of the shape some square draws the bar,
/// and around every corner a bar covers it (the square's own along the
/// other open side, or its neighbour's), so the frame shows as the whole
/// band around the board; bars towards a neighbour would lie under its
/// tile, where the renderer would draw them for nothing (a software
/// renderer pays for every pixel it covers, hidden or not).
fn frame_bars(open: u8) -> impl Iterator<Item = (Vec2, Vec2)> {
    let side = 1.0 + 2.0 * FRAME;
    let off = 0.5 + FRAME * 0.5;
    [
        (OPEN_DOWN, Vec2::new(side, FRAME), Vec2::new(0.0, -off)),
        (OPEN_UP, Vec2::new(side, FRAME), Vec2::new(0.0, off)),
        (OPEN_LEFT, Vec2::new(FRAME, 1.0), Vec2::new(-off, 0.0)),
        (OPEN_RIGHT, Vec2::new(FRAME, 1.0), Vec2::new(off, 0.0)),
    ]
    .into_iter()
    .filter(move |(bit, _, _)| open & bit != 0)
    .map(|(_, size, at)| (size, at))
}

/// One mesh of `bars`, each made by `bar` from its size and placed at its
/// centre (the bars share their attributes, so merging cannot fail).
fn merged_bars<M: Into<Mesh>>(
    bars: impl Iterator<Item = (Vec2, Vec2)>,
    bar: impl Fn(Vec2) -> M,
) -> Mesh {
    let mut merged: Option<Mesh> = None;
    for (size, at) in bars {
        let mesh = bar(size).into().translated_by(at.extend(0.0));
        match &mut merged {
            Some(m) => {
                let _ = m.merge(&mesh);
            }
            None => merged = Some(mesh),
        }
    }
    merged.unwrap_or_else(|| bar(Vec2::ZERO).into())
}

/// The 2D frame along a square's `open` sides: flat bars (+Z up).
fn frame_2d(open: u8) -> Mesh {
    merged_bars(frame_bars(open), |s| Rectangle::new(s.x, s.y))
}

/// The 3D frame along a square's `open` sides: bars of depth `depth`.
fn frame_3d(open: u8, depth: f32) -> Mesh {
    merged_bars(frame_bars(open), |s| Cuboid::new(s.x, s.y, depth))
}

/// The top of a 3D tile alone, where [`Cuboid::new`]`(1, 1, TILE_DEPTH)`
/// centred at the origin has its top.
fn tile_top_3d() -> Mesh {
    Mesh::from(Rectangle::new(1.0, 1.0)).translated_by(Vec3::Z * TILE_DEPTH * 0.5)
}

fn build_board_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mat2: ResMut<Assets<ColorMaterial>>,
    mut mat3: ResMut<Assets<StandardMaterial>>,
    mut baked: ResMut<Assets<BakedMaterial>>,
    mut baked_2d: ResMut<Assets<BakedMaterial2d>>,
) {
    let colour = |light: bool, tint: Tint| tint.apply(if light { LIGHT } else { DARK });
    let tile_2d = [false, true].map(|light| {
        Tint::ALL.map(|t| meshes.add(painted(Rectangle::new(1.0, 1.0), colour(light, t))))
    });
    let tile_3d = [false, true].map(|edge| {
        [false, true].map(|light| {
            Tint::ALL.map(|t| {
                let shape = if edge {
                    Cuboid::new(1.0, 1.0, TILE_DEPTH).into()
                } else {
                    tile_top_3d()
                };
                meshes.add(painted_lit(shape, colour(light, t)))
            })
        })
    });
    let frame = FRAME_COLOUR;
    let marker = Color::srgba(0.08, 0.3, 0.12, 0.55);
    let art = BoardArt {
        tile_2d,
        tile_3d,
        frame_2d: (1..16)
            .map(|open| meshes.add(painted(frame_2d(open), frame)))
            .collect(),
        frame_3d: (1..16)
            .map(|open| meshes.add(painted_lit(frame_3d(open, 0.16), frame)))
            .collect(),
        dot: meshes.add(Circle::new(0.15)),
        ring: meshes.add(Annulus::new(0.39, 0.48)),
        board_mat_2d: baked_2d.add(BakedMaterial2d {}),
        // Lighting is baked into the vertex colours (see `painted_lit`).
        board_mat_3d: baked.add(BakedMaterial {}),
        marker_mat_2d: mat2.add(ColorMaterial::from_color(marker)),
        marker_mat_3d: mat3.add(StandardMaterial {
            base_color: marker,
            unlit: true,
            alpha_mode: AlphaMode::Blend,
            ..default()
        }),
    };
    commands.insert_resource(art);
}

/// Replaces every board entity with those of the current scene.
fn rebuild_board(
    mut commands: Commands,
    scene: Res<BoardScene>,
    mut layout: ResMut<BoardLayout>,
    art: Res<BoardArt>,
    mut pieces: PieceArtMaker,
    roots: Query<Entity, With<BoardRoot>>,
) {
    for root in &roots {
        commands.entity(root).despawn();
    }
    let shape = scene.position.variant().clone();
    let Some(pieces) = pieces.prepared(Some(&shape)) else {
        return;
    };
    let flipped = layout.flipped;
    *layout = BoardLayout {
        width: shape.width(),
        height: shape.height(),
        flipped,
        hands: !shape.hand_kinds().is_empty(),
    };
    let layout = *layout;
    let root = commands
        .spawn((BoardRoot, Transform::default(), Visibility::default()))
        .id();
    for sq in shape.squares() {
        let light = shape.is_light(sq);
        let li = light as usize;
        let open = open_sides(&shape, sq);
        let edge = open != 0;
        let c = layout.centre(sq);
        let square = commands
            .spawn((
                BoardSquare { sq, light, edge },
                Transform::from_xyz(c.x, c.y, 0.0),
                Visibility::default(),
                ChildOf(root),
                children![
                    (
                        Mesh2d(art.tile_2d[li][0].clone()),
                        MeshMaterial2d(art.board_mat_2d.clone()),
                        TintedTile,
                    ),
                    (
                        Mesh3d(art.tile_3d[edge as usize][li][0].clone()),
                        MeshMaterial3d(art.board_mat_3d.clone()),
                        Transform::from_xyz(0.0, 0.0, -TILE_DEPTH * 0.5),
                        TintedTile,
                    ),
                    (
                        Mesh2d(art.dot.clone()),
                        MeshMaterial2d(art.marker_mat_2d.clone()),
                        Transform::from_xyz(0.0, 0.0, MARKER_Z_2D),
                        Visibility::Hidden,
                        MarkerVisual,
                    ),
                    (
                        Mesh3d(art.dot.clone()),
                        MeshMaterial3d(art.marker_mat_3d.clone()),
                        Transform::from_xyz(0.0, 0.0, 0.004),
                        Visibility::Hidden,
                        MarkerVisual,
                    ),
                ],
            ))
            .id();
        // The frame runs along the sides of the shape (a neighbour
        // missing): see `frame_bars`.
        if edge {
            let frame = usize::from(open) - 1;
            commands.spawn((
                Mesh2d(art.frame_2d[frame].clone()),
                MeshMaterial2d(art.board_mat_2d.clone()),
                Transform::from_xyz(0.0, 0.0, -0.5),
                ChildOf(square),
            ));
            commands.spawn((
                Mesh3d(art.frame_3d[frame].clone()),
                MeshMaterial3d(art.board_mat_3d.clone()),
                Transform::from_xyz(0.0, 0.0, -0.1),
                ChildOf(square),
            ));
        }
    }
    for sq in shape.squares() {
        if let Some(piece) = scene.position.piece_at(sq) {
            spawn_piece(&mut commands, root, &layout, (pieces, &shape), sq, piece);
        }
    }
    super::hands::spawn_hand_slots(&mut commands, root, &layout, pieces, &scene.position);
}

/// Spawns one piece entity of variant `v` with its 2D glyph and 3D model.
pub fn spawn_piece(
    commands: &mut Commands,
    root: Entity,
    layout: &BoardLayout,
    (art, v): (&PieceArt, &Variant),
    sq: Sq,
    piece: PieceInfo,
) -> Entity {
    let c = layout.centre(sq);
    let drawn = art.drawn(v, piece.kind, piece.color);
    commands
        .spawn((
            PieceView { sq, piece },
            Name::new(piece.kind.name()),
            Transform::from_xyz(c.x, c.y, 0.0),
            Visibility::default(),
            ChildOf(root),
            children![
                (
                    Mesh2d(drawn.glyph.clone()),
                    MeshMaterial2d(drawn.glyph_material.clone()),
                    Transform::from_xyz(0.0, 0.0, GLYPH_Z),
                ),
                (
                    Mesh3d(drawn.model.clone()),
                    MeshMaterial3d(art.model_material.clone()),
                    model_transform().with_scale(Vec3::splat(MODEL_SCALE)),
                ),
            ],
        ))
        .id()
}

/// Moves squares, pieces and hand slots to where the layout puts them (after a flip).
#[allow(clippy::type_complexity)]
fn place_on_layout(
    layout: Res<BoardLayout>,
    mut squares: Query<(&BoardSquare, &mut Transform), (Without<PieceView>, Without<HandSlot>)>,
    mut pieces: Query<(&PieceView, &mut Transform), (Without<BoardSquare>, Without<HandSlot>)>,
    mut slots: Query<(&HandSlot, &mut Transform), (Without<BoardSquare>, Without<PieceView>)>,
) {
    for (h, mut tf) in &mut slots {
        tf.translation = layout.hand_slot(h.side, h.index).extend(0.0);
    }
    for (s, mut tf) in &mut squares {
        let c = layout.centre(s.sq);
        tf.translation = c.extend(tf.translation.z);
    }
    for (p, mut tf) in &mut pieces {
        let c = layout.centre(p.sq);
        tf.translation = c.extend(tf.translation.z);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The frame was a band of [`FRAME`] around every square at the edge of
    /// the shape; drawn only along open sides, its bars must still cover
    /// every point off the board within that band, and nothing beyond it:
    /// on every board shape (holes included), sampled on a fine grid (its
    /// step and offset keep the samples off the bars' edges). Points on
    /// the board lie under tiles, where the bars are not seen.
    #[test]
    fn the_frame_bars_cover_the_band_around_every_board() {
        for info in chimera_rules::variants::builtin() {
            let v = Variant::new(info.id, &[]).expect("variant");
            let (w, h) = (v.width() as i32, v.height() as i32);
            let on = |x: i32, y: i32| {
                x >= 0 && y >= 0 && x < w && y < h && v.exists(Sq::new(x as u8, y as u8))
            };
            let step = 0.0173;
            let (mut band, mut mismatched) = (0, Vec::new());
            let mut py = -1.0 + 0.0031;
            while py < h as f32 {
                let mut px = -1.0 + 0.0057;
                while px < w as f32 {
                    let p = Vec2::new(px, py);
                    let cell = p.round().as_ivec2();
                    px += step;
                    if on(cell.x, cell.y) {
                        continue;
                    }
                    let mut in_band = false;
                    let mut covered = false;
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            let (x, y) = (cell.x + dx, cell.y + dy);
                            if !on(x, y) {
                                continue;
                            }
                            let local = p - Vec2::new(x as f32, y as f32);
                            in_band |= local.abs().max_element() <= 0.5 + FRAME;
                            let open = open_sides(&v, Sq::new(x as u8, y as u8));
                            covered |= frame_bars(open).any(|(size, at)| {
                                ((local - at).abs() - size * 0.5).max_element() <= 0.0
                            });
                        }
                    }
                    band += in_band as usize;
                    if in_band != covered && mismatched.len() < 5 {
                        mismatched.push((p, in_band));
                    }
                }
                py += step;
            }
            assert!(band > 1000, "{}: the band was sampled ({band})", info.id);
            assert!(
                mismatched.is_empty(),
                "{}: (point, in the band) not matched by the bars: {mismatched:?}",
                info.id
            );
        }
    }

    /// The top of an inner tile is where the block of an edge tile has its
    /// top, facing up, so both draw the same square of colour.
    #[test]
    fn an_inner_tile_is_the_top_of_an_edge_tile() {
        use bevy::mesh::VertexAttributeValues::Float32x3;
        let top = tile_top_3d();
        let block = Mesh::from(Cuboid::new(1.0, 1.0, TILE_DEPTH));
        let attr = |m: &Mesh, a| match m.attribute(a) {
            Some(Float32x3(v)) => v.clone(),
            _ => panic!("no {a:?}"),
        };
        let block_top: Vec<[f32; 3]> = attr(&block, Mesh::ATTRIBUTE_POSITION)
            .into_iter()
            .zip(attr(&block, Mesh::ATTRIBUTE_NORMAL))
            .filter(|(_, n)| *n == [0.0, 0.0, 1.0])
            .map(|(p, _)| p)
            .collect();
        let mut top_positions = attr(&top, Mesh::ATTRIBUTE_POSITION);
        let mut block_top = block_top;
        let key = |p: &[f32; 3]| (p[0].to_bits(), p[1].to_bits(), p[2].to_bits());
        top_positions.sort_by_key(key);
        block_top.sort_by_key(key);
        assert_eq!(top_positions, block_top);
        assert!(
            attr(&top, Mesh::ATTRIBUTE_NORMAL)
                .iter()
                .all(|n| *n == [0.0, 0.0, 1.0])
        );
    }
}
