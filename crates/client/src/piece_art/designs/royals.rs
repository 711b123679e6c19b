//! The royal pieces: the king and the Crown Prince, a smaller king.

use super::Family;
use super::build::{Build, arc, pts, v};
use super::motifs::*;
use crate::piece_art::geom::Tone;
use bevy::prelude::*;

/// The design of `Kind::King`.
pub(super) fn king(b: &mut Build) {
    // A closed crown under a large cross in the accent colour.
    let top = 0.82;
    family_body(b, Family::King, top, 0.12, 0.18);
    crown_cup(b, top, 0.15, 0.22);
    let mut cap = vec![v(0.0, 0.0)];
    cap.extend(arc(0.0, 0.0, 0.17, 0.0, 90.0, 6));
    b.lathe_at(cap, Transform::from_xyz(0.0, top + 0.11, 0.0), Tone::Body);
    let cross = top + 0.28;
    b.cube(
        Vec3::new(0.0, cross + 0.04, 0.0),
        Vec3::new(0.09, 0.26, 0.09),
        0.0,
        Tone::Accent,
    )
    .cube(
        Vec3::new(0.0, cross + 0.075, 0.0),
        Vec3::new(0.27, 0.09, 0.09),
        0.0,
        Tone::Accent,
    );
    b.torus(Vec3::new(0.0, top + 0.04, 0.0), 0.15, 0.022, Tone::Accent);
}

/// The design of `Kind::Prince`.
pub(super) fn prince(b: &mut Build) {
    // A smaller king: a young head wearing an open coronet of points.
    let top = 0.8;
    family_body(b, Family::Prince, top, 0.1, 0.15);
    let head = top + 0.1;
    b.sphere(Vec3::new(0.0, head, 0.0), 0.11, Tone::Body);
    crown_cup(b, head + 0.04, 0.07, 0.14);
    b.torus(Vec3::new(0.0, head + 0.065, 0.0), 0.125, 0.02, Tone::Accent);
    for k in 0..5 {
        let a = (90.0 + k as f32 * 72.0).to_radians();
        b.lathe_at(
            pts(&[(0.0, 0.0), (0.035, 0.0), (0.0, 0.15)]),
            Transform::from_xyz(0.13 * a.cos(), head + 0.1, 0.13 * a.sin()).with_rotation(
                Quat::from_rotation_arc(
                    Vec3::Y,
                    Vec3::new(0.5 * a.cos(), 1.0, 0.5 * a.sin()).normalize(),
                ),
            ),
            Tone::Body,
        );
    }
    b.sphere(Vec3::new(0.0, head + 0.13, 0.0), 0.045, Tone::Accent);
}
