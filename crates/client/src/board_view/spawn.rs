//! Spawning the square and piece entities of a [`BoardScene`], and keeping
//! their transforms true to the [`BoardLayout`] (board flip).

use super::highlight::{MarkerVisual, Tint, TintedTile};
use super::{BoardRoot, BoardScene, BoardSquare};
use crate::piece_art::baked::BakedMaterial;
use crate::piece_art::{Family, PieceArt, PieceArtMaker, model_transform};
use crate::scene::{BoardLayout, HandSlot, PieceView};
use crate::schedule::AppSystems;
use bevy::prelude::*;
use bevy::sprite_render::AlphaMode2d;
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
    pub tile_3d: [[Handle<Mesh>; Tint::COUNT]; 2],
    pub frame_2d: Handle<Mesh>,
    pub frame_3d: Handle<Mesh>,
    pub dot: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub board_mat_2d: Handle<ColorMaterial>,
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

/// The board's frame around one square: the band between the unit square
/// and the square grown by [`FRAME`] on every side, flat (+Z up). Only
/// the band is drawn: the square itself lies under its tile, where the
/// renderer would fill it for nothing (a software renderer pays per pixel).
fn frame_band_2d() -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let (i, o) = (0.5, 0.5 + FRAME);
    // Inner corners 0..4, outer corners 4..8, counter-clockwise from (−, −).
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
    let positions: Vec<[f32; 3]> = [i, o]
        .iter()
        .flat_map(|r| corners.map(|(x, y)| [x * r, y * r, 0.0]))
        .collect();
    let uvs: Vec<[f32; 2]> = positions
        .iter()
        .map(|p| [(p[0] + o) / (2.0 * o), (o - p[1]) / (2.0 * o)])
        .collect();
    let mut indices = Vec::new();
    for k in 0..4u32 {
        let (i0, i1, o0, o1) = (k, (k + 1) % 4, k + 4, (k + 1) % 4 + 4);
        indices.extend([o0, o1, i1, o0, i1, i0]);
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; 8])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// The 3D frame around one square: four bars of depth `depth` around it
/// (the square's own area would lie under its tile, see [`frame_band_2d`]).
fn frame_band_3d(depth: f32) -> Mesh {
    let side = 1.0 + 2.0 * FRAME;
    let off = 0.5 + FRAME * 0.5;
    let bars = [
        (Cuboid::new(side, FRAME, depth), Vec3::new(0.0, -off, 0.0)),
        (Cuboid::new(side, FRAME, depth), Vec3::new(0.0, off, 0.0)),
        (Cuboid::new(FRAME, 1.0, depth), Vec3::new(-off, 0.0, 0.0)),
        (Cuboid::new(FRAME, 1.0, depth), Vec3::new(off, 0.0, 0.0)),
    ];
    let mut mesh = Mesh::from(bars[0].0).translated_by(bars[0].1);
    for (bar, at) in &bars[1..] {
        // Cuboids share their attributes, so merging cannot fail.
        let _ = mesh.merge(&Mesh::from(*bar).translated_by(*at));
    }
    mesh
}

fn build_board_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mat2: ResMut<Assets<ColorMaterial>>,
    mut mat3: ResMut<Assets<StandardMaterial>>,
    mut baked: ResMut<Assets<BakedMaterial>>,
) {
    let colour = |light: bool, tint: Tint| tint.apply(if light { LIGHT } else { DARK });
    let tile_2d = [false, true].map(|light| {
        Tint::ALL.map(|t| meshes.add(painted(Rectangle::new(1.0, 1.0), colour(light, t))))
    });
    let tile_3d = [false, true].map(|light| {
        Tint::ALL.map(|t| {
            meshes.add(painted_lit(
                Cuboid::new(1.0, 1.0, TILE_DEPTH),
                colour(light, t),
            ))
        })
    });
    let frame = FRAME_COLOUR;
    let marker = Color::srgba(0.08, 0.3, 0.12, 0.55);
    let art = BoardArt {
        tile_2d,
        tile_3d,
        frame_2d: meshes.add(painted(frame_band_2d(), frame)),
        frame_3d: meshes.add(painted_lit(frame_band_3d(0.16), frame)),
        dot: meshes.add(Circle::new(0.15)),
        ring: meshes.add(Annulus::new(0.39, 0.48)),
        board_mat_2d: mat2.add(ColorMaterial {
            color: Color::WHITE,
            alpha_mode: AlphaMode2d::Opaque,
            ..default()
        }),
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
        let c = layout.centre(sq);
        let square = commands
            .spawn((
                BoardSquare { sq, light },
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
                        Mesh3d(art.tile_3d[li][0].clone()),
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
        // The frame is drawn only under squares at the edge of the shape (a
        // neighbour missing): inside, tiles cover it, and drawing it there
        // would only cost fill rate.
        let at_edge = (-1i32..=1).any(|dy| {
            (-1i32..=1).any(|dx| {
                let (x, y) = (sq.x as i32 + dx, sq.y as i32 + dy);
                x < 0
                    || y < 0
                    || x >= shape.width() as i32
                    || y >= shape.height() as i32
                    || !shape.exists(Sq::new(x as u8, y as u8))
            })
        });
        if at_edge {
            commands.spawn((
                Mesh2d(art.frame_2d.clone()),
                MeshMaterial2d(art.board_mat_2d.clone()),
                Transform::from_xyz(0.0, 0.0, -0.5),
                ChildOf(square),
            ));
            commands.spawn((
                Mesh3d(art.frame_3d.clone()),
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
