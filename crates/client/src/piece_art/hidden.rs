//! Faces of a piece model that no camera can see, left out of its 3D mesh:
//! a software renderer pays for every triangle it is given (vertex shading,
//! setup, and the fragments of a face drawn before the part in front of it).
//!
//! Two kinds, both invisible from every view the game can take:
//! - **Buried faces**: a face whose outside lies inside another part of the
//!   same piece (the top disc of a body under the head that stands on it, a
//!   neck inside a collar). Every point of the face has solid material just
//!   in front of it, so any line of sight to it passes through that other
//!   part and meets that part's surface first.
//! - **Soles**: faces at the very bottom of the piece (y = 0) looking straight
//!   down, onto the tile. The camera is always above the board (its pitch is
//!   at least [`crate::scene::CameraRig::PITCH`]'s lowest), so they only ever
//!   face away from it and were culled after being shaded.
//!
//! A face counts as buried only if the whole face moved [`ROOM`] outward,
//! with a ball of [`ROOM`] round each of its points, lies inside one other
//! part, as that part is tessellated (a lathe's facets, not its ideal
//! round). Parts that are not closed solids (an open shell such as the
//! foot band) hide nothing.

use super::geom::{
    LATHE_SEGMENTS, MeshGeometry, Part, Shape, signed_area, tessellate_all, triangulate,
};
use bevy::math::Affine3A;
use bevy::prelude::*;
use std::f32::consts::TAU;

/// How far in front of a face its test points lie, and how much solid they
/// need around them (piece units; a square is 1, about 50–150 pixels).
const ROOM: f32 = 0.003;
/// Height below which a face lies on the tile.
const SOLE: f32 = 1e-4;

/// The closed solid a part encloses, as drawn ([`LATHE_SEGMENTS`] facets
/// round a lathe); `None` for a part that is not closed.
struct Solid {
    /// Piece space to the part's local space.
    to_local: Affine3A,
    /// Local distances are at least this times piece-space ones.
    min_scale: f32,
    shape: SolidShape,
    /// Bounds in piece space.
    lo: Vec3,
    hi: Vec3,
}

enum SolidShape {
    /// A lathe's closed outline in the (radius, height) half-plane; the
    /// edges along the axis are no surface.
    Lathe { outline: Vec<Vec2> },
    /// A prism's outline (counter-clockwise) and half its depth.
    Prism { outline: Vec<Vec2>, half: f32 },
}

impl Solid {
    fn of(part: &Part, bounds: (Vec3, Vec3)) -> Option<Solid> {
        let shape = match &part.shape {
            Shape::Lathe { profile, closed } => {
                let on_axis = |p: &Vec2| p.x.abs() < 1e-5;
                let ends_on_axis =
                    profile.first().is_some_and(on_axis) && profile.last().is_some_and(on_axis);
                if profile.len() < 3 || !(*closed || ends_on_axis) {
                    return None;
                }
                SolidShape::Lathe {
                    outline: profile.clone(),
                }
            }
            Shape::Prism { outline, depth } => {
                let mut poly = outline.clone();
                if signed_area(&poly) < 0.0 {
                    poly.reverse();
                }
                // Its caps must cover the outline exactly (ear clipping
                // gives up on a polygon that is not simple).
                let area = signed_area(&poly);
                let covered: f32 = triangulate(&poly)
                    .iter()
                    .map(|t| signed_area(&[poly[t[0]], poly[t[1]], poly[t[2]]]).abs())
                    .sum();
                if poly.len() < 3 || area <= 0.0 || (covered - area).abs() > 1e-4 * area.max(1e-3) {
                    return None;
                }
                SolidShape::Prism {
                    outline: poly,
                    half: depth * 0.5,
                }
            }
        };
        let scale = part.transform.scale.abs();
        Some(Solid {
            to_local: part.transform.compute_affine().inverse(),
            min_scale: scale.min_element().max(1e-6),
            shape,
            lo: bounds.0,
            hi: bounds.1,
        })
    }

    /// Whether the triangle `tri` (piece space), with a ball of radius
    /// `room` round each of its points, lies inside. Exact: a lathe is cut
    /// into its facets' wedges, in each of which the drawn solid is its
    /// profile under a linear map; a prism is its outline times its depth.
    fn holds(&self, tri: [Vec3; 3], room: f32) -> bool {
        let (lo, hi) = (
            tri[0].min(tri[1]).min(tri[2]),
            tri[0].max(tri[1]).max(tri[2]),
        );
        if lo.cmplt(self.lo + room).any() || hi.cmpgt(self.hi - room).any() {
            return false;
        }
        let l = tri.map(|p| self.to_local.transform_point3(p));
        let room = room / self.min_scale;
        match &self.shape {
            SolidShape::Lathe { outline } => {
                let step = TAU / LATHE_SEGMENTS as f32;
                // Distances across the stretched radius can be up to
                // `stretch` times the true ones.
                let stretch = 1.0 / (0.5 * step).cos();
                (0..LATHE_SEGMENTS).all(|k| {
                    let (a0, a1) = (k as f32 * step, (k as f32 + 1.0) * step);
                    let mid = a0 + 0.5 * step;
                    // The wedge between the facet's corners at angles a0 and
                    // a1 (a point's angle being atan2(-z, x), as `lathe` turns).
                    let piece = clip(&l, |p| -a0.cos() * p.z - a0.sin() * p.x);
                    let piece = clip(&piece, |p| p.x * a1.sin() + p.z * a1.cos());
                    // Across the facet's plane, stretched back to the
                    // profile's radius (whose radii are the facets' corners).
                    let flat: Vec<Vec2> = piece
                        .iter()
                        .map(|p| {
                            let r = (p.x * mid.cos() - p.z * mid.sin()) * stretch;
                            Vec2::new(r.max(0.0), p.y)
                        })
                        .collect();
                    within(outline, &flat, room * stretch, true)
                })
            }
            SolidShape::Prism { outline, half } => {
                l.iter().all(|p| p.z.abs() <= half - room)
                    && within(outline, &l.map(|p| p.truncate()), room, false)
            }
        }
    }
}

/// The convex polygon `poly` cut to where `side` is at least 0 (`side`
/// linear).
fn clip(poly: &[Vec3], side: impl Fn(Vec3) -> f32) -> Vec<Vec3> {
    let n = poly.len();
    let mut out = Vec::with_capacity(n + 1);
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        let (sa, sb) = (side(a), side(b));
        if sa >= 0.0 {
            out.push(a);
        }
        if (sa >= 0.0) != (sb >= 0.0) {
            out.push(a + (b - a) * (sa / (sa - sb)));
        }
    }
    out
}

/// Whether the convex polygon `piece` lies inside the simple polygon
/// `outline`, at least `room` from its edges (with `axis`, edges on the
/// axis x = 0 do not count: a lathe has no surface there). An empty piece
/// does.
fn within(outline: &[Vec2], piece: &[Vec2], room: f32, axis: bool) -> bool {
    if piece.is_empty() {
        return true;
    }
    // Its corners inside (a lathe's nudged off the axis, where an edge of
    // its outline lies).
    let nudge = |p: &Vec2| {
        if axis {
            Vec2::new(p.x.max(1e-6), p.y)
        } else {
            *p
        }
    };
    if !piece.iter().all(|p| inside(outline, nudge(p))) {
        return false;
    }
    // And no edge of the outline within `room` of it: then no edge of the
    // outline crosses it, and a convex piece with its corners inside a
    // simple polygon lies inside it.
    let n = outline.len();
    (0..n).all(|i| {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        if axis && a.x.abs() < 1e-5 && b.x.abs() < 1e-5 {
            return true;
        }
        !touches(piece, a, b, room)
    })
}

/// Whether the segment a–b comes within `room` of the convex polygon `piece`.
fn touches(piece: &[Vec2], a: Vec2, b: Vec2, room: f32) -> bool {
    let m = piece.len();
    if m >= 3 && (convex_holds(piece, a) || convex_holds(piece, b)) {
        return true;
    }
    (0..m).any(|j| segment_distance(piece[j], piece[(j + 1) % m], a, b) < room)
}

/// Whether the convex polygon `piece` (either winding) holds `p`; a flat
/// one (a segment or a point, which [`segment_distance`] covers) holds
/// nothing.
fn convex_holds(piece: &[Vec2], p: Vec2) -> bool {
    let m = piece.len();
    if signed_area(piece).abs() < 1e-12 {
        return false;
    }
    let sides: Vec<f32> = (0..m)
        .map(|j| (piece[(j + 1) % m] - piece[j]).perp_dot(p - piece[j]))
        .collect();
    sides.iter().all(|s| *s >= 0.0) || sides.iter().all(|s| *s <= 0.0)
}

/// Distance between the segments p–q and a–b.
fn segment_distance(p: Vec2, q: Vec2, a: Vec2, b: Vec2) -> f32 {
    let cross = |o: Vec2, u: Vec2, v: Vec2| (u - o).perp_dot(v - o);
    let (d1, d2) = (cross(a, b, p), cross(a, b, q));
    let (d3, d4) = (cross(p, q, a), cross(p, q, b));
    if ((d1 > 0.0) != (d2 > 0.0)) && ((d3 > 0.0) != (d4 > 0.0)) {
        return 0.0;
    }
    let to_segment = |x: Vec2, s: Vec2, e: Vec2| {
        let se = e - s;
        let t = ((x - s).dot(se) / se.length_squared().max(1e-12)).clamp(0.0, 1.0);
        (s + se * t).distance(x)
    };
    to_segment(p, a, b)
        .min(to_segment(q, a, b))
        .min(to_segment(a, p, q))
        .min(to_segment(b, p, q))
}

/// Whether `q` lies inside the closed polygon `poly` (even-odd rule).
fn inside(poly: &[Vec2], q: Vec2) -> bool {
    let n = poly.len();
    let mut odd = false;
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.y > q.y) != (b.y > q.y) {
            let x = a.x + (q.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if q.x < x {
                odd = !odd;
            }
        }
    }
    odd
}

/// The parts tessellated for the 3D model ([`LATHE_SEGMENTS`] facets round
/// a lathe), without the faces no camera can see: faces buried in another
/// part, soles on the tile.
pub fn seen_geometry(parts: &[Part]) -> MeshGeometry {
    let (mut geo, owner) = tessellate_all(parts);
    drop_unseen(parts, &mut geo, &owner);
    geo
}

/// Removes from `geo` (the tessellation of `parts`; `owner[t]` is the part
/// triangle `t` came from) every
/// triangle no camera can see — buried in another part, or a sole — and
/// the vertices no triangle uses any more.
fn drop_unseen(parts: &[Part], geo: &mut MeshGeometry, owner: &[usize]) {
    // Each part's bounds, from its own vertices.
    let mut bounds = vec![(Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)); parts.len()];
    for (t, tri) in geo.indices.chunks_exact(3).enumerate() {
        let b = &mut bounds[owner[t]];
        for &i in tri {
            b.0 = b.0.min(geo.positions[i as usize]);
            b.1 = b.1.max(geo.positions[i as usize]);
        }
    }
    let solids: Vec<Option<Solid>> = parts
        .iter()
        .zip(&bounds)
        .map(|(p, b)| Solid::of(p, *b))
        .collect();
    let mut kept = Vec::with_capacity(geo.indices.len());
    for (t, tri) in geo.indices.chunks_exact(3).enumerate() {
        let [a, b, c] = [0, 1, 2].map(|k| geo.positions[tri[k] as usize]);
        let buried = in_front([a, b, c]).is_some_and(|front| {
            solids
                .iter()
                .enumerate()
                .any(|(i, s)| i != owner[t] && s.as_ref().is_some_and(|s| s.holds(front, ROOM)))
        });
        let seen = !buried && !is_sole([a, b, c]);
        if seen {
            kept.extend_from_slice(tri);
        }
    }
    geo.indices = kept;
    compact(geo);
}

/// A face on the tile, looking straight down.
fn is_sole([a, b, c]: [Vec3; 3]) -> bool {
    let n = (b - a).cross(c - a).normalize_or_zero();
    n.y < -0.999 && [a, b, c].iter().all(|p| p.y.abs() < SOLE)
}

/// The triangle (wound counter-clockwise seen from outside) moved
/// [`ROOM`] outward: all of it must be solid, with [`ROOM`] to spare, for
/// the triangle to be buried.
fn in_front([a, b, c]: [Vec3; 3]) -> Option<[Vec3; 3]> {
    let n = (b - a).cross(c - a).normalize_or_zero();
    (n != Vec3::ZERO).then(|| [a, b, c].map(|p| p + n * ROOM))
}

/// Drops the vertices no triangle uses, renumbering the indices.
fn compact(geo: &mut MeshGeometry) {
    let mut new_index = vec![u32::MAX; geo.positions.len()];
    let mut out = MeshGeometry::default();
    for i in geo.indices.iter_mut() {
        let old = *i as usize;
        if new_index[old] == u32::MAX {
            new_index[old] = out.positions.len() as u32;
            out.positions.push(geo.positions[old]);
            out.normals.push(geo.normals[old]);
            out.tones.push(geo.tones[old]);
        }
        *i = new_index[old];
    }
    out.indices = std::mem::take(&mut geo.indices);
    *geo = out;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece_art::GenericLook;
    use crate::piece_art::designs::parts;
    use crate::piece_art::geom::Tone;
    use chimera_rules::Kind;

    /// A depth picture of `geo` seen along `dir` (from the piece toward the
    /// eye, orthographic), `size`² pixels over `extent` (centre, half
    /// width): per pixel the height toward the eye of the nearest face
    /// turned to the eye, `-inf` where there is none. As a renderer
    /// draws it, with back faces culled.
    fn depth_picture(geo: &MeshGeometry, dir: Vec3, extent: (Vec2, f32), size: usize) -> Vec<f32> {
        let right = Vec3::Y.cross(dir).try_normalize().unwrap_or(Vec3::X);
        let up = dir.cross(right);
        let (centre, half) = extent;
        let px = |p: Vec3| {
            let s = (Vec2::new(p.dot(right), p.dot(up)) - centre + half) / (2.0 * half);
            (s * size as f32, p.dot(dir))
        };
        let mut depth = vec![f32::NEG_INFINITY; size * size];
        for tri in geo.indices.chunks_exact(3) {
            let [(a, da), (b, db), (c, dc)] = [0, 1, 2].map(|k| px(geo.positions[tri[k] as usize]));
            let area = (b - a).perp_dot(c - a);
            if area <= 0.0 {
                continue; // turned away (or edge-on)
            }
            let lo = a.min(b).min(c).floor().max(Vec2::ZERO);
            let hi = a.max(b).max(c).ceil().min(Vec2::splat(size as f32));
            for y in lo.y as usize..hi.y as usize {
                for x in lo.x as usize..hi.x as usize {
                    let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                    let (wa, wb, wc) = (
                        (c - b).perp_dot(p - b) / area,
                        (a - c).perp_dot(p - c) / area,
                        (b - a).perp_dot(p - a) / area,
                    );
                    if wa < 0.0 || wb < 0.0 || wc < 0.0 {
                        continue;
                    }
                    let d = wa * da + wb * db + wc * dc;
                    let cell = &mut depth[y * size + x];
                    *cell = cell.max(d);
                }
            }
        }
        depth
    }

    /// Directions from the piece to the eye: all round, from just above
    /// the board to straight above (the camera is never below it; a piece
    /// squeezed sideways while it changes form is seen from lower still in
    /// its own space, but never from below).
    fn eyes() -> Vec<Vec3> {
        let mut v = Vec::new();
        for elevation in [4.0f32, 25.0, 50.0, 75.0, 90.0] {
            for k in 0..16 {
                let (e, yaw) = (elevation.to_radians(), k as f32 * TAU / 16.0);
                v.push(Vec3::new(e.cos() * yaw.cos(), e.sin(), e.cos() * yaw.sin()));
            }
        }
        v
    }

    /// What every eye sees of `all`, compared with what it sees of `seen`:
    /// the number of pixels that differ.
    fn pixels_changed(all: &MeshGeometry, seen: &MeshGeometry) -> usize {
        let mut changed = 0;
        for dir in eyes() {
            // One framing for both: the whole model's.
            let right = Vec3::Y.cross(dir).try_normalize().unwrap_or(Vec3::X);
            let up = dir.cross(right);
            let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
            for p in &all.positions {
                let s = Vec2::new(p.dot(right), p.dot(up));
                lo = lo.min(s);
                hi = hi.max(s);
            }
            let extent = ((lo + hi) * 0.5, (hi - lo).max_element() * 0.5 + 0.01);
            let before = depth_picture(all, dir, extent, 96);
            let after = depth_picture(seen, dir, extent, 96);
            changed += before
                .iter()
                .zip(&after)
                .filter(|(b, a)| !(a == b || (*b - *a).abs() < 1e-4))
                .count();
        }
        changed
    }

    /// Leaving out the hidden faces changes no pixel of any built-in piece
    /// (nor of the generic piece of a kind a variant file defines), seen
    /// from any side and height, and it does leave faces out: more than one
    /// in ten of all the pieces' triangles (13 % when written).
    #[test]
    fn the_faces_left_out_are_never_seen() {
        let (mut before, mut after) = (0, 0);
        let generic = crate::piece_art::generic::parts(&GenericLook::unknown(), false);
        for (name, parts) in Kind::ALL
            .iter()
            .map(|k| (format!("{k:?}"), parts(*k)))
            .chain([("generic".to_string(), generic)])
        {
            let (all, _) = tessellate_all(&parts);
            let seen = seen_geometry(&parts);
            assert_eq!(pixels_changed(&all, &seen), 0, "{name}");
            before += all.indices.len() / 3;
            after += seen.indices.len() / 3;
        }
        assert!(after * 10 < before * 9, "{before} -> {after} triangles");
    }

    fn lathe(profile: &[(f32, f32)], y: f32) -> Part {
        Part {
            shape: Shape::Lathe {
                profile: profile.iter().map(|&(x, y)| Vec2::new(x, y)).collect(),
                closed: false,
            },
            transform: Transform::from_xyz(0.0, y, 0.0),
            tone: Tone::Body,
        }
    }

    /// A drum standing on a wider one, sunk into it: the lower drum's top
    /// disc is partly seen (the ring round the upper drum) and stays; the
    /// upper drum's wall inside the lower one goes, and so do both soles
    /// that look down (the lower one's on the tile; the upper one's inside
    /// the lower drum); a wall that shows stays, and what is left draws the
    /// same picture.
    #[test]
    fn buried_walls_and_soles_go_and_the_rest_stays() {
        let wide = lathe(&[(0.0, 0.0), (0.3, 0.0), (0.3, 0.2), (0.0, 0.2)], 0.0);
        // Its wall from 0.1 to 0.18 is inside the wide drum, a segment of
        // its own so that it can go whole.
        let narrow = lathe(
            &[
                (0.0, 0.0),
                (0.15, 0.0),
                (0.15, 0.08),
                (0.15, 0.4),
                (0.0, 0.4),
            ],
            0.1,
        );
        let parts = [wide, narrow];
        let (all, owner) = tessellate_all(&parts);
        let seen = seen_geometry(&parts);
        let faces = |geo: &MeshGeometry| -> Vec<(Vec3, Vec3)> {
            geo.indices
                .chunks_exact(3)
                .map(|t| {
                    let [a, b, c] = [0, 1, 2].map(|k| geo.positions[t[k] as usize]);
                    ((a + b + c) / 3.0, (b - a).cross(c - a).normalize())
                })
                .collect()
        };
        let n = LATHE_SEGMENTS;
        // Wide: sole, wall, top (n each); narrow: sole, buried wall, wall, top.
        // (A disc is one triangle a facet: the other one of its quad is flat.)
        assert_eq!(all.indices.len() / 3, 4 * n + 6 * n);
        assert_eq!(owner.iter().filter(|&&o| o == 0).count(), 4 * n);
        let kept = faces(&seen);
        let is =
            |c: Vec3, n: Vec3, y: f32, ny: f32| (c.y - y).abs() < 0.06 && (n.y - ny).abs() < 0.01;
        // No sole, no face looking down at all (the narrow drum's sole is in the wide one).
        assert!(kept.iter().all(|(_, n)| n.y > -0.5), "a face looks down");
        // The wide drum's wall and top, the narrow drum's upper wall and top.
        let wall_low = kept
            .iter()
            .filter(|(c, nn)| is(*c, *nn, 0.1, 0.0) && c.length() > 0.2)
            .count();
        let wall_buried = kept
            .iter()
            .filter(|(c, nn)| is(*c, *nn, 0.15, 0.0) && c.length() < 0.25)
            .count();
        let top_low = kept.iter().filter(|(c, nn)| is(*c, *nn, 0.2, 1.0)).count();
        let top_high = kept.iter().filter(|(c, nn)| is(*c, *nn, 0.5, 1.0)).count();
        assert_eq!((wall_low, wall_buried, top_low, top_high), (2 * n, 0, n, n));
        assert_eq!(kept.len(), 2 * n + n + 2 * n + n);
        assert_eq!(pixels_changed(&all, &seen), 0);
        // Every vertex left is used.
        let mut used = vec![false; seen.positions.len()];
        for &i in &seen.indices {
            used[i as usize] = true;
        }
        assert!(used.iter().all(|u| *u));
    }
}
