//! Drawing [`ShownMarks`]: each arrow a flat shaft and head, each circle a
//! ring, semi-transparent in its brush's colour, in 2D (over the pieces, as
//! lichess draws them) and in 3D (lying on the board, under the models).
//! Redrawn whole when the marks, the layout (a flip) or the board change.

use super::BoardRoot;
use crate::marks::{BoardArrow, BoardCircle, MarkSource, ShownMarks};
use crate::scene::BoardLayout;
use crate::schedule::AppSystems;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use chimera_game::record::Brush;
use std::collections::HashMap;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MarkMaterials>().add_systems(
        Update,
        draw_marks.in_set(AppSystems::Present).run_if(
            resource_changed::<ShownMarks>
                .or_else(resource_changed::<BoardLayout>)
                .or_else(any_new_board),
        ),
    );
}

fn any_new_board(q: Query<(), Added<BoardRoot>>) -> bool {
    !q.is_empty()
}

/// Height of the 2D marks: over the glyphs (`GLYPH_Z` = 1) and the cursor.
const MARK_Z_2D: f32 = 1.5;
/// Height of the 3D marks above the tiles' tops.
const MARK_Z_3D: f32 = 0.012;
/// Width of an arrow's shaft (squares).
const SHAFT: f32 = 0.17;
/// Length and width of an arrow's head.
const HEAD: (f32, f32) = (0.42, 0.5);
/// How far short of the target's centre the head's tip stops.
const TIP_SHORT: f32 = 0.08;
/// Inner and outer radius of a circle.
const RING: (f32, f32) = (0.40, 0.48);

/// The colour of a brush, as lichess paints it.
pub fn brush_colour(b: Brush) -> Color {
    match b {
        Brush::Green => Color::srgb_u8(0x15, 0x78, 0x1b),
        Brush::Red => Color::srgb_u8(0x88, 0x20, 0x20),
        Brush::Blue => Color::srgb_u8(0x00, 0x30, 0x88),
        Brush::Yellow => Color::srgb_u8(0xe6, 0x8f, 0x00),
    }
}

/// Materials per (brush, alpha in hundredths), made on first use.
#[derive(Resource, Default)]
struct MarkMaterials {
    made: HashMap<(Brush, u8), (Handle<ColorMaterial>, Handle<StandardMaterial>)>,
}

/// The entity holding every mark's visuals (a child of the board root).
#[derive(Component)]
struct MarksLayer;

/// The triangles of an arrow from `a` to `b` (world XY), as one mesh with no
/// overlap (a semi-transparent arrow is evenly tinted).
pub fn arrow_mesh(a: Vec2, b: Vec2) -> Mesh {
    let d = b - a;
    let len = d.length();
    let dir = if len > 1e-4 { d / len } else { Vec2::X };
    let side = dir.perp();
    let tip = b - dir * TIP_SHORT;
    let head_len = HEAD.0.min((tip - a).length() * 0.6);
    let base = tip - dir * head_len;
    let (s, h) = (side * SHAFT * 0.5, side * HEAD.1 * 0.5);
    let pts = [a + s, a - s, base - s, base + s, base + h, base - h, tip];
    flat_mesh(&pts, &[0, 1, 2, 0, 2, 3, 4, 5, 6])
}

/// A flat mesh in the XY plane facing +Z.
fn flat_mesh(pts: &[Vec2], indices: &[u32]) -> Mesh {
    let positions: Vec<[f32; 3]> = pts.iter().map(|p| [p.x, p.y, 0.0]).collect();
    let n = positions.len();
    let mut indices = indices.to_vec();
    // Counter-clockwise seen from +Z, whatever the arrow's direction.
    for t in indices.chunks_mut(3) {
        let (p, q, r) = (pts[t[0] as usize], pts[t[1] as usize], pts[t[2] as usize]);
        if (q - p).perp_dot(r - p) < 0.0 {
            t.swap(1, 2);
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; n])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; n])
    .with_inserted_indices(Indices::U32(indices))
}

#[allow(clippy::too_many_arguments)]
fn draw_marks(
    mut commands: Commands,
    shown: Res<ShownMarks>,
    layout: Res<BoardLayout>,
    roots: Query<Entity, With<BoardRoot>>,
    layers: Query<Entity, With<MarksLayer>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mat2: ResMut<Assets<ColorMaterial>>,
    mut mat3: ResMut<Assets<StandardMaterial>>,
    mut made: ResMut<MarkMaterials>,
) {
    for e in &layers {
        commands.entity(e).despawn();
    }
    let Ok(root) = roots.single() else { return };
    let layer = commands
        .spawn((
            MarksLayer,
            Transform::default(),
            Visibility::default(),
            ChildOf(root),
        ))
        .id();
    let ring = meshes.add(Annulus::new(RING.0, RING.1));
    let mut order = 0.0;
    for (source, marks) in shown.iter() {
        let shapes = marks
            .circles
            .iter()
            .map(|c: &BoardCircle| (c.brush, None, layout.centre(c.sq)))
            .chain(marks.arrows.iter().map(|a: &BoardArrow| {
                let (from, to) = (layout.centre(a.from), layout.centre(a.to));
                (a.brush, Some(meshes.add(arrow_mesh(from, to))), Vec2::ZERO)
            }))
            .collect::<Vec<_>>();
        for (brush, arrow, at) in shapes {
            let (m2, m3) = materials(&mut made, (&mut mat2, &mut mat3), brush, source);
            let mesh = arrow.unwrap_or_else(|| ring.clone());
            // Later marks a hair higher: overlapping ones blend in order.
            order += 1e-4;
            commands.spawn((
                Mesh2d(mesh.clone()),
                MeshMaterial2d(m2),
                Transform::from_translation(at.extend(MARK_Z_2D + order)),
                ChildOf(layer),
            ));
            commands.spawn((
                Mesh3d(mesh),
                MeshMaterial3d(m3),
                Transform::from_translation(at.extend(MARK_Z_3D + order)),
                ChildOf(layer),
            ));
        }
    }
}

/// The 2D and 3D materials of a brush in a source's style.
fn materials(
    made: &mut MarkMaterials,
    (mat2, mat3): (&mut Assets<ColorMaterial>, &mut Assets<StandardMaterial>),
    brush: Brush,
    source: MarkSource,
) -> (Handle<ColorMaterial>, Handle<StandardMaterial>) {
    let alpha = source.alpha();
    made.made
        .entry((brush, (alpha * 100.0).round() as u8))
        .or_insert_with(|| {
            let c = brush_colour(brush).with_alpha(alpha);
            (
                mat2.add(ColorMaterial::from_color(c)),
                mat3.add(StandardMaterial {
                    base_color: c,
                    unlit: true,
                    alpha_mode: AlphaMode::Blend,
                    double_sided: true,
                    cull_mode: None,
                    ..default()
                }),
            )
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    #[test]
    fn an_arrow_runs_from_its_square_to_just_short_of_the_target_in_any_direction() {
        for (a, b) in [
            (Vec2::ZERO, Vec2::new(0.0, 2.0)),
            (Vec2::new(3.0, 1.0), Vec2::new(-4.0, -5.0)),
            (Vec2::ZERO, Vec2::new(1.0, 0.0)),
        ] {
            let m = arrow_mesh(a, b);
            let Some(VertexAttributeValues::Float32x3(p)) = m.attribute(Mesh::ATTRIBUTE_POSITION)
            else {
                panic!("positions")
            };
            let tip = Vec2::new(p[6][0], p[6][1]);
            assert!((tip.distance(b) - TIP_SHORT).abs() < 1e-4);
            let start = (Vec2::new(p[0][0], p[0][1]) + Vec2::new(p[1][0], p[1][1])) * 0.5;
            assert!(start.distance(a) < 1e-4);
            // Every triangle faces +Z.
            let Some(Indices::U32(ix)) = m.indices() else {
                panic!("indices")
            };
            for t in ix.chunks(3) {
                let [p0, p1, p2] =
                    [t[0], t[1], t[2]].map(|i| Vec2::new(p[i as usize][0], p[i as usize][1]));
                assert!((p1 - p0).perp_dot(p2 - p0) > 0.0);
            }
        }
    }
}
