//! The builder every design draws with: parts in piece space (see `geom`)
//! added one by one — lathed profiles, prisms, spheres, boxes, rings.

use crate::piece_art::geom::{Part, Shape, Tone};
use bevy::prelude::*;
use std::f32::consts::PI;

pub(in crate::piece_art) fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

pub(in crate::piece_art) fn pts(list: &[(f32, f32)]) -> Vec<Vec2> {
    list.iter().map(|&(x, y)| v(x, y)).collect()
}

/// Points of a circular arc around (cx, cy), angles in degrees, both ends included.
pub(super) fn arc(cx: f32, cy: f32, r: f32, a0: f32, a1: f32, n: usize) -> Vec<Vec2> {
    (0..=n)
        .map(|i| {
            let a = (a0 + (a1 - a0) * i as f32 / n as f32).to_radians();
            v(cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

#[derive(Default)]
pub(in crate::piece_art) struct Build {
    parts: Vec<Part>,
}

impl Build {
    pub(in crate::piece_art) fn part(
        &mut self,
        shape: Shape,
        transform: Transform,
        tone: Tone,
    ) -> &mut Self {
        self.parts.push(Part {
            shape,
            transform,
            tone,
        });
        self
    }
    /// A body-coloured surface of revolution about the piece's axis.
    pub(in crate::piece_art) fn lathe(&mut self, profile: Vec<Vec2>) -> &mut Self {
        self.lathe_at(profile, Transform::IDENTITY, Tone::Body)
    }
    pub(in crate::piece_art) fn lathe_at(
        &mut self,
        profile: Vec<Vec2>,
        tf: Transform,
        tone: Tone,
    ) -> &mut Self {
        self.part(
            Shape::Lathe {
                profile,
                closed: false,
            },
            tf,
            tone,
        )
    }
    pub(in crate::piece_art) fn prism(
        &mut self,
        outline: Vec<Vec2>,
        depth: f32,
        tf: Transform,
        tone: Tone,
    ) -> &mut Self {
        self.part(Shape::Prism { outline, depth }, tf, tone)
    }
    pub(in crate::piece_art) fn sphere(&mut self, c: Vec3, r: f32, tone: Tone) -> &mut Self {
        self.lathe_at(
            arc(0.0, 0.0, r, -90.0, 90.0, 6),
            Transform::from_translation(c),
            tone,
        )
    }
    /// An ellipsoid (a sphere scaled per axis).
    pub(super) fn blob(&mut self, c: Vec3, radii: Vec3, tone: Tone) -> &mut Self {
        self.lathe_at(
            arc(0.0, 0.0, 1.0, -90.0, 90.0, 6),
            Transform::from_translation(c).with_scale(radii),
            tone,
        )
    }
    /// A box of `size`, centred at `c`, turned by `z_deg` about the view axis.
    pub(in crate::piece_art) fn cube(
        &mut self,
        c: Vec3,
        size: Vec3,
        z_deg: f32,
        tone: Tone,
    ) -> &mut Self {
        let (hx, hy) = (size.x * 0.5, size.y * 0.5);
        self.prism(
            pts(&[(-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)]),
            size.z,
            Transform::from_translation(c).with_rotation(Quat::from_rotation_z(z_deg.to_radians())),
            tone,
        )
    }
    /// A ring about the vertical axis: centre line radius `big`, tube radius `small`.
    pub(super) fn torus(&mut self, c: Vec3, big: f32, small: f32, tone: Tone) -> &mut Self {
        let mut loop_pts = arc(big, 0.0, small, -90.0, 270.0, 8);
        loop_pts.pop();
        self.part(
            Shape::Lathe {
                profile: loop_pts,
                closed: true,
            },
            Transform::from_translation(c),
            tone,
        )
    }
    /// A wheel or disc facing the viewer (axis along Z).
    pub(super) fn disc_facing(&mut self, c: Vec3, r: f32, thick: f32, tone: Tone) -> &mut Self {
        let h = thick * 0.5;
        self.lathe_at(
            pts(&[(0.0, -h), (r, -h), (r, h), (0.0, h)]),
            Transform::from_translation(c).with_rotation(Quat::from_rotation_x(PI / 2.0)),
            tone,
        )
    }
    /// A flat emblem through the body, visible front and back.
    pub(super) fn emblem(&mut self, c: Vec3, size: f32, diagonal: bool, depth: f32) -> &mut Self {
        let angle = if diagonal { 45.0 } else { 0.0 };
        let s = if diagonal { size * 0.82 } else { size };
        self.cube(c, Vec3::new(s, s, depth), angle, Tone::Accent)
    }
    pub(in crate::piece_art) fn done(&mut self) -> Vec<Part> {
        std::mem::take(&mut self.parts)
    }
}
