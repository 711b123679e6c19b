//! Queen-class pieces: two lines or a line and a leap, and the Warlord.

use super::Family;
use super::build::{Build, arc, pts};
use super::motifs::*;
use crate::piece_art::geom::Tone;
use bevy::prelude::*;

/// The family every piece here belongs to.
const FAM: Family = Family::Queen;

/// The design of `Kind::Queen`.
pub(super) fn queen(b: &mut Build) {
    // A coronet of eight pointed, ball-tipped rays round a domed top.
    let top = 0.7;
    family_body(b, FAM, top, 0.11, 0.16);
    crown_cup(b, top, 0.14, 0.21);
    for k in 0..8 {
        let a = (22.5 + k as f32 * 45.0).to_radians();
        let at = Vec3::new(0.2 * a.cos(), top + 0.13, 0.2 * a.sin());
        b.lathe_at(
            pts(&[(0.0, 0.0), (0.035, 0.0), (0.0, 0.1)]),
            Transform::from_translation(at).with_rotation(Quat::from_rotation_arc(
                Vec3::Y,
                Vec3::new(0.35 * a.cos(), 1.0, 0.35 * a.sin()).normalize(),
            )),
            Tone::Body,
        );
        b.sphere(
            at + Vec3::new(0.035 * a.cos(), 0.1, 0.035 * a.sin()),
            0.03,
            Tone::Body,
        );
    }
    b.lathe_at(
        pts(&[(0.0, 0.0), (0.13, 0.0), (0.08, 0.08), (0.0, 0.1)]),
        Transform::from_xyz(0.0, top + 0.11, 0.0),
        Tone::Body,
    )
    .sphere(Vec3::new(0.0, top + 0.26, 0.0), 0.06, Tone::Body);
}

/// The design of `Kind::Marshal`.
pub(super) fn marshal(b: &mut Build) {
    // A horse rising out of a tower.
    tower(b, FAM, 0.5, 0.22);
    horse(b, 0.46, 0.82, 0.0);
}

/// The design of `Kind::Cardinal`.
pub(super) fn cardinal(b: &mut Build) {
    // A horse wearing a bishop's mitre.
    family_body(b, FAM, 0.3, 0.15, 0.2);
    let ears = horse(b, 0.29, 0.82, 0.0);
    mitre(b, ears.y - 0.05, 0.55);
}

/// The design of `Kind::Lady`.
pub(super) fn lady(b: &mut Build) {
    // A lady in a bell-shaped gown with a ruff, a coronet round her
    // mitre-shaped headdress: a king's step and a bishop's line.
    let mut p = pts(&[
        (0.0, 0.0),
        (0.31, 0.0),
        (0.31, 0.035),
        (0.29, 0.07),
        (0.24, 0.2),
        (0.16, 0.38),
        (0.11, 0.5),
        (0.085, 0.6),
        (0.1, 0.64),
        (0.18, 0.67),
        (0.18, 0.69),
        (0.06, 0.71),
        (0.04, 0.73),
    ]);
    p.extend(arc(0.0, 0.8, 0.08, -60.0, 90.0, 8));
    b.lathe(p);
    foot_band(b, 0.31);
    mitre(b, 0.84, 0.55);
    b.torus(Vec3::new(0.0, 0.86, 0.0), 0.075, 0.02, Tone::Accent);
    b.torus(Vec3::new(0.0, 0.4, 0.0), 0.15, 0.02, Tone::Accent);
    b.cube(
        Vec3::new(0.0, 0.22, 0.0),
        Vec3::new(0.035, 0.2, 0.56),
        -40.0,
        Tone::Accent,
    );
}

/// The design of `Kind::Warlord`.
pub(super) fn warlord(b: &mut Build) {
    let top = 0.62;
    family_body(b, FAM, top, 0.12, 0.2);
    // A horned helmet with a nasal and a spike.
    b.lathe_at(
        {
            let mut p = pts(&[(0.0, 0.0), (0.21, 0.0), (0.21, 0.03), (0.17, 0.04)]);
            p.extend(arc(0.0, 0.06, 0.17, 0.0, 90.0, 8));
            p
        },
        Transform::from_xyz(0.0, top, 0.0),
        Tone::Body,
    );
    b.lathe_at(
        pts(&[(0.0, 0.0), (0.035, 0.0), (0.0, 0.2)]),
        Transform::from_xyz(0.0, top + 0.2, 0.0),
        Tone::Body,
    );
    for sx in [-1.0f32, 1.0] {
        let horn = pts(&[
            (0.12, 0.1),
            (0.24, 0.14),
            (0.32, 0.24),
            (0.34, 0.42),
            (0.29, 0.27),
            (0.2, 0.21),
            (0.12, 0.2),
        ]);
        b.prism(
            horn,
            0.06,
            Transform::from_xyz(0.0, top, 0.0).with_scale(Vec3::new(sx, 1.0, 1.0)),
            Tone::Accent,
        );
    }
    b.cube(
        Vec3::new(0.0, top + 0.07, 0.0),
        Vec3::new(0.045, 0.14, 0.4),
        0.0,
        Tone::Accent,
    );
}
