//! Procedural piece geometry: lathe (revolution) and prism (extruded polygon)
//! parts, turned into a lit 3D mesh and into a flat 2D glyph that is the
//! orthographic front view of the very same parts (so both views always agree).
//!
//! Piece space: one board square is 1.0 wide, the piece stands on y = 0 with
//! +Y up, and +Z is its front (toward the viewer in the 2D glyph).

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// Which of a piece's two colours a part is painted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// The side's main colour (ivory or ebony).
    Body,
    /// Details: slits, emblems, eyes, bands (dark on white, gold on black).
    Accent,
}

/// A shape in its own local frame.
#[derive(Clone, Debug)]
pub enum Shape {
    /// Surface of revolution about local +Y. `profile` is (radius, height),
    /// counter-clockwise around the solid: an open profile starts and ends on
    /// the axis (bottom first); a closed one (a torus) is a loop.
    Lathe { profile: Vec<Vec2>, closed: bool },
    /// A polygon of the local XY plane extruded along Z, `depth` thick,
    /// centred on z = 0.
    Prism { outline: Vec<Vec2>, depth: f32 },
}

/// A placed, coloured shape.
#[derive(Clone, Debug)]
pub struct Part {
    /// The geometry.
    pub shape: Shape,
    /// Where it sits in piece space.
    pub transform: Transform,
    /// Its colour.
    pub tone: Tone,
}

/// Triangles with per-vertex normals and colours, plus a tone per vertex so
/// the colours can be chosen late.
#[derive(Default, Clone)]
pub struct MeshGeometry {
    pub positions: Vec<Vec3>,
    pub normals: Vec<Vec3>,
    pub tones: Vec<Tone>,
    pub indices: Vec<u32>,
}

impl MeshGeometry {
    fn vertex(&mut self, p: Vec3, n: Vec3, tone: Tone) -> u32 {
        self.positions.push(p);
        self.normals.push(n);
        self.tones.push(tone);
        (self.positions.len() - 1) as u32
    }

    /// Adds a triangle, wound counter-clockwise when seen from the side `facing`
    /// points to.
    fn triangle(&mut self, a: u32, b: u32, c: u32, facing: Vec3) {
        let (pa, pb, pc) = (
            self.positions[a as usize],
            self.positions[b as usize],
            self.positions[c as usize],
        );
        let n = (pb - pa).cross(pc - pa);
        if n.length_squared() < 1e-14 {
            return;
        }
        if n.dot(facing) >= 0.0 {
            self.indices.extend([a, b, c]);
        } else {
            self.indices.extend([a, c, b]);
        }
    }

    /// Highest point, for sizing.
    pub fn bounds(&self) -> (Vec3, Vec3) {
        let mut lo = Vec3::splat(f32::MAX);
        let mut hi = Vec3::splat(f32::MIN);
        for p in &self.positions {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        (lo, hi)
    }
}

/// Number of facets around a lathe of a 3D model: at the board's sizes
/// (a piece is at most about 100 pixels wide) twelve facets with smoothed
/// normals look round, and a software renderer pays for every triangle.
pub const LATHE_SEGMENTS: usize = 12;
/// Profile bends sharper than this (degrees) keep a hard edge.
const SMOOTH_ANGLE_DEG: f32 = 40.0;

/// Appends `part` to `geo`.
pub fn tessellate(part: &Part, geo: &mut MeshGeometry, segments: usize) {
    let tf = part.transform;
    let start = geo.positions.len();
    match &part.shape {
        Shape::Lathe { profile, closed } => lathe(geo, profile, *closed, segments, part.tone),
        Shape::Prism { outline, depth } => prism(geo, outline, *depth, part.tone),
    }
    let normal_matrix = Mat3::from_quat(tf.rotation) * Mat3::from_diagonal(tf.scale.recip());
    for i in start..geo.positions.len() {
        geo.positions[i] = tf.transform_point(geo.positions[i]);
        geo.normals[i] = (normal_matrix * geo.normals[i]).normalize_or_zero();
    }
}

/// Outward normal (in the profile plane) of the segment a→b of a
/// counter-clockwise outline.
fn seg_normal(a: Vec2, b: Vec2) -> Vec2 {
    let d = b - a;
    Vec2::new(d.y, -d.x).normalize_or_zero()
}

fn lathe(geo: &mut MeshGeometry, profile: &[Vec2], closed: bool, segments: usize, tone: Tone) {
    let n = profile.len();
    if n < 2 {
        return;
    }
    let seg_count = if closed { n } else { n - 1 };
    let seg = |i: usize| (profile[i % n], profile[(i + 1) % n]);
    let normals: Vec<Vec2> = (0..seg_count)
        .map(|i| {
            let (a, b) = seg(i);
            seg_normal(a, b)
        })
        .collect();
    let cos_smooth = SMOOTH_ANGLE_DEG.to_radians().cos();
    // Normal of segment i at its start and at its end, smoothed with the
    // neighbour when the bend is gentle.
    let at_start = |i: usize| -> Vec2 {
        let prev = if i > 0 {
            Some(i - 1)
        } else if closed {
            Some(seg_count - 1)
        } else {
            None
        };
        match prev {
            Some(p) if normals[p].dot(normals[i]) > cos_smooth => {
                (normals[p] + normals[i]).normalize_or_zero()
            }
            _ => normals[i],
        }
    };
    let at_end = |i: usize| -> Vec2 {
        let next = if i + 1 < seg_count {
            Some(i + 1)
        } else if closed {
            Some(0)
        } else {
            None
        };
        match next {
            Some(q) if normals[q].dot(normals[i]) > cos_smooth => {
                (normals[q] + normals[i]).normalize_or_zero()
            }
            _ => normals[i],
        }
    };
    let ring = |p: Vec2, angle: f32| Vec3::new(p.x * angle.cos(), p.y, -p.x * angle.sin());
    let ring_n = |n2: Vec2, angle: f32| Vec3::new(n2.x * angle.cos(), n2.y, -n2.x * angle.sin());
    for (i, &seg_n) in normals.iter().enumerate() {
        let (a, b) = seg(i);
        if (a - b).length_squared() < 1e-12 {
            continue;
        }
        let (na, nb) = (at_start(i), at_end(i));
        let mut prev: Option<(u32, u32)> = None;
        let mut first: Option<(u32, u32)> = None;
        for s in 0..=segments {
            let angle = s as f32 / segments as f32 * std::f32::consts::TAU;
            let va = geo.vertex(ring(a, angle), ring_n(na, angle), tone);
            let vb = geo.vertex(ring(b, angle), ring_n(nb, angle), tone);
            if let Some((pa, pb)) = prev {
                let mid = angle - 0.5 / segments as f32 * std::f32::consts::TAU;
                let facing = ring_n(seg_n, mid);
                geo.triangle(pa, va, vb, facing);
                geo.triangle(pa, vb, pb, facing);
            }
            if first.is_none() {
                first = Some((va, vb));
            }
            prev = Some((va, vb));
        }
    }
}

/// Signed area of a polygon (positive when counter-clockwise).
pub fn signed_area(poly: &[Vec2]) -> f32 {
    let n = poly.len();
    (0..n)
        .map(|i| poly[i].perp_dot(poly[(i + 1) % n]))
        .sum::<f32>()
        * 0.5
}

/// Triangulates a simple polygon (counter-clockwise) by ear clipping.
pub fn triangulate(poly: &[Vec2]) -> Vec<[usize; 3]> {
    let mut idx: Vec<usize> = (0..poly.len()).collect();
    let mut tris = Vec::new();
    let mut guard = 0;
    while idx.len() > 3 && guard < 10_000 {
        guard += 1;
        let m = idx.len();
        let mut clipped = false;
        for k in 0..m {
            let (ia, ib, ic) = (idx[(k + m - 1) % m], idx[k], idx[(k + 1) % m]);
            let (a, b, c) = (poly[ia], poly[ib], poly[ic]);
            if (b - a).perp_dot(c - b) <= 1e-9 {
                continue; // reflex or flat corner
            }
            let inside = idx
                .iter()
                .any(|&j| j != ia && j != ib && j != ic && point_in_triangle(poly[j], a, b, c));
            if inside {
                continue;
            }
            tris.push([ia, ib, ic]);
            idx.remove(k);
            clipped = true;
            break;
        }
        if !clipped {
            // Degenerate input: fan the rest rather than loop forever.
            break;
        }
    }
    for k in 1..idx.len().saturating_sub(1) {
        tris.push([idx[0], idx[k], idx[k + 1]]);
    }
    tris
}

fn point_in_triangle(p: Vec2, a: Vec2, b: Vec2, c: Vec2) -> bool {
    let d1 = (b - a).perp_dot(p - a);
    let d2 = (c - b).perp_dot(p - b);
    let d3 = (a - c).perp_dot(p - c);
    d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0
}

fn ccw(outline: &[Vec2]) -> Vec<Vec2> {
    let mut poly = outline.to_vec();
    if signed_area(&poly) < 0.0 {
        poly.reverse();
    }
    poly
}

fn prism(geo: &mut MeshGeometry, outline: &[Vec2], depth: f32, tone: Tone) {
    let poly = ccw(outline);
    let h = depth * 0.5;
    for (z, facing) in [(h, Vec3::Z), (-h, -Vec3::Z)] {
        let base: Vec<u32> = poly
            .iter()
            .map(|p| geo.vertex(p.extend(z), facing, tone))
            .collect();
        for [a, b, c] in triangulate(&poly) {
            geo.triangle(base[a], base[b], base[c], facing);
        }
    }
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        let nrm = seg_normal(a, b).extend(0.0);
        let v = [
            geo.vertex(a.extend(h), nrm, tone),
            geo.vertex(b.extend(h), nrm, tone),
            geo.vertex(b.extend(-h), nrm, tone),
            geo.vertex(a.extend(-h), nrm, tone),
        ];
        geo.triangle(v[0], v[1], v[2], nrm);
        geo.triangle(v[0], v[2], v[3], nrm);
    }
}

/// Offsets a counter-clockwise outline outward by `e` (mitred, clamped).
/// For an open lathe profile the end points stay on the axis and move along it.
pub fn offset_outline(points: &[Vec2], closed: bool, e: f32) -> Vec<Vec2> {
    let n = points.len();
    let seg_n = |i: usize| seg_normal(points[i % n], points[(i + 1) % n]);
    (0..n)
        .map(|i| {
            let p = points[i];
            if !closed && i == 0 {
                let ny = seg_n(0).y;
                return Vec2::new(0.0, p.y + e * ny.signum());
            }
            if !closed && i == n - 1 {
                let ny = seg_n(n - 2).y;
                return Vec2::new(0.0, p.y + e * ny.signum());
            }
            let n0 = seg_n((i + n - 1) % n);
            let n1 = seg_n(i);
            let avg = (n0 + n1).normalize_or_zero();
            let cos_half = avg.dot(n1).max(0.35);
            p + avg * (e / cos_half)
        })
        .collect()
}

impl Part {
    /// The same part grown by `e` in every direction (for the 2D outline).
    pub fn expanded(&self, e: f32) -> Part {
        let scale = self.transform.scale.abs().max_element().max(1e-3);
        let el = e / scale;
        let shape = match &self.shape {
            Shape::Lathe { profile, closed } => Shape::Lathe {
                profile: offset_outline(profile, *closed, el),
                closed: *closed,
            },
            Shape::Prism { outline, depth } => Shape::Prism {
                outline: offset_outline(&ccw(outline), true, el),
                depth: depth + 2.0 * el,
            },
        };
        Part {
            shape,
            transform: self.transform,
            tone: self.tone,
        }
    }
}

/// The two colours of a side and its 2D outline colour.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    pub body: Color,
    pub accent: Color,
    pub outline: Color,
}

impl Palette {
    /// The colour of parts of tone `t`.
    pub fn tone(&self, t: Tone) -> Color {
        match t {
            Tone::Body => self.body,
            Tone::Accent => self.accent,
        }
    }
}

/// Direction toward the board's key light in piece space (+Y up, +Z toward
/// White): high above, to the left and in front of White's side.
pub const KEY_LIGHT: Vec3 = Vec3::new(-0.3, 0.85, 0.43);

/// A colour lit by the fixed key light and a sky/ground ambient term, for a
/// surface with unit normal `n` (in the light's frame). The 3D view bakes
/// this into vertex colours and draws unlit: under software Vulkan a lit
/// material costs several times the whole frame of an empty scene.
pub fn baked_light(base: Color, n: Vec3, light: Vec3) -> [f32; 4] {
    let lambert = n.dot(light).max(0.0);
    // Hemisphere ambient: brighter on faces that look up.
    let ambient = 0.36 + 0.12 * n.dot(Vec3::Y);
    let k = ambient + 0.62 * lambert;
    let c = base.to_linear();
    [
        (c.red * k).min(1.0),
        (c.green * k).min(1.0),
        (c.blue * k).min(1.0),
        c.alpha,
    ]
}

/// Builds the 3D mesh of a piece from its tessellated parts (the faces a
/// camera can see: [`super::hidden::seen_geometry`]), lit by [`KEY_LIGHT`]
/// into its vertex colours (drawn unlit). `mirror` turns the piece to face
/// the other way (Black), by a half turn about +Y; the light stays where it is.
pub fn mesh_3d(geo: MeshGeometry, palette: &Palette, mirror: bool) -> Mesh {
    let turn = if mirror {
        Quat::from_rotation_y(std::f32::consts::PI)
    } else {
        Quat::IDENTITY
    };
    let light = KEY_LIGHT.normalize();
    let positions: Vec<[f32; 3]> = geo
        .positions
        .iter()
        .map(|p| (turn * *p).to_array())
        .collect();
    let normals: Vec<Vec3> = geo.normals.iter().map(|n| turn * *n).collect();
    let colors: Vec<[f32; 4]> = geo
        .tones
        .iter()
        .zip(&normals)
        .map(|(t, n)| baked_light(palette.tone(*t), *n, light))
        .collect();
    let normals: Vec<[f32; 3]> = normals.iter().map(|n| n.to_array()).collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colors)
    .with_inserted_indices(Indices::U32(geo.indices))
}

/// Every part tessellated for the 3D model, and the part each triangle
/// comes from.
pub fn tessellate_all(parts: &[Part]) -> (MeshGeometry, Vec<usize>) {
    let mut geo = MeshGeometry::default();
    let mut owner = Vec::new();
    for (i, p) in parts.iter().enumerate() {
        tessellate(p, &mut geo, LATHE_SEGMENTS);
        owner.resize(geo.indices.len() / 3, i);
    }
    (geo, owner)
}

/// Outline width of a 2D glyph, in piece units.
pub const OUTLINE: f32 = 0.022;

/// Bounding box of the parts' front view (x, y) in piece units.
pub fn front_bounds(parts: &[Part]) -> (Vec2, Vec2) {
    let mut geo = MeshGeometry::default();
    for p in parts {
        tessellate(p, &mut geo, 12);
    }
    let (lo, hi) = geo.bounds();
    (lo.truncate(), hi.truncate())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ear_clipping_covers_a_concave_polygon() {
        // An L shape: area 3.
        let poly = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(0.0, 2.0),
        ];
        let tris = triangulate(&poly);
        assert_eq!(tris.len(), 4);
        let area: f32 = tris
            .iter()
            .map(|t| signed_area(&[poly[t[0]], poly[t[1]], poly[t[2]]]))
            .sum();
        assert!((area - 3.0).abs() < 1e-5, "{area}");
    }

    #[test]
    fn lathe_triangles_face_outward() {
        let part = Part {
            shape: Shape::Lathe {
                profile: vec![
                    Vec2::new(0.0, 0.0),
                    Vec2::new(1.0, 0.0),
                    Vec2::new(1.0, 1.0),
                    Vec2::new(0.0, 1.0),
                ],
                closed: false,
            },
            transform: Transform::IDENTITY,
            tone: Tone::Body,
        };
        let mut geo = MeshGeometry::default();
        tessellate(&part, &mut geo, 16);
        let centre = Vec3::new(0.0, 0.5, 0.0);
        for t in geo.indices.chunks_exact(3) {
            let [a, b, c] = [0, 1, 2].map(|k| geo.positions[t[k] as usize]);
            let n = (b - a).cross(c - a);
            let mid = (a + b + c) / 3.0;
            assert!(n.dot(mid - centre) > 0.0, "inward triangle at {mid}");
        }
    }

    #[test]
    fn offset_grows_a_square() {
        let sq = [
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
        ];
        let grown = offset_outline(&sq, true, 0.1);
        assert!((signed_area(&grown) - 1.44).abs() < 1e-4);
    }
}
