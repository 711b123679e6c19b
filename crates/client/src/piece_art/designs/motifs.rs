//! The visual vocabulary the designs share (see the parent module): the
//! Staunton body and plinth, the horse head, wings, the tower, the mitre,
//! the pawn's head, the crown cup, the wizard and his hat, the shield, the
//! serpent's coil.

use super::Family;
use super::build::{Build, arc, pts, v};
use crate::piece_art::geom::{Shape, Tone};
use bevy::prelude::*;
use std::f32::consts::PI;

/// `r` with a bead, a waist narrowing to `waist` and a collar of radius
/// `collar` with its flat top at `top` (at least 0.19).
pub(super) fn body(b: &mut Build, r: f32, top: f32, waist: f32, collar: f32) {
    b.lathe(pts(&[
        (0.0, 0.0),
        (r, 0.0),
        (r, 0.035),
        (r - 0.025, 0.06),
        (r - 0.06, 0.078),
        (r - 0.06, 0.098),
        (r - 0.09, 0.115),
        (waist, top - 0.065),
        (collar, top - 0.035),
        (collar, top),
        (0.0, top),
    ]));
    foot_band(b, r);
}

/// A thin accent band round the edge of a foot of radius `r`: it sets the
/// piece off from a square of its own colour (ivory on light squares).
pub(super) fn foot_band(b: &mut Build, r: f32) {
    b.part(
        Shape::Lathe {
            // Only its outer and top faces: the rest is never seen.
            profile: pts(&[(r + 0.006, 0.0), (r + 0.006, 0.036), (r - 0.01, 0.036)]),
            closed: false,
        },
        Transform::IDENTITY,
        Tone::Accent,
    );
}

/// The body of `family` up to `top`.
pub(super) fn family_body(b: &mut Build, family: Family, top: f32, waist: f32, collar: f32) {
    body(b, family.foot(), top, waist, collar);
}

/// A low round plinth of `family`'s width with a flat top at `top` (for
/// figures that stand on it rather than on a waist).
pub(super) fn plinth(b: &mut Build, family: Family, top: f32) {
    let r = family.foot();
    let mut p = foot(r);
    p.extend(pts(&[(r - 0.09, top), (0.0, top)]));
    b.lathe(p);
    foot_band(b, r);
}

/// The start of a plain round foot of radius `r`, from the axis to its
/// upper edge (radius `r` − 0.08 at height 0.085).
pub(super) fn foot(r: f32) -> Vec<Vec2> {
    pts(&[
        (0.0, 0.0),
        (r, 0.0),
        (r, 0.035),
        (r - 0.025, 0.06),
        (r - 0.08, 0.085),
    ])
}

/// The horse head outline, facing left, standing on y = 0 (0.71 tall).
pub(super) fn horse_head() -> Vec<Vec2> {
    pts(&[
        (0.22, 0.0),
        (0.24, 0.2),
        (0.21, 0.36),
        (0.16, 0.48),
        (0.09, 0.58),
        (0.02, 0.66),
        (-0.01, 0.71),
        (-0.05, 0.63),
        (-0.13, 0.58),
        (-0.24, 0.47),
        (-0.31, 0.38),
        (-0.3, 0.31),
        (-0.15, 0.3),
        (-0.07, 0.36),
        (-0.11, 0.24),
        (-0.19, 0.1),
        (-0.2, 0.0),
    ])
}

/// Height of the horse head outline at scale 1.
pub(super) const HORSE_TALL: f32 = 0.71;

/// A horse head standing at `base`, `scale` times its outline, leaning
/// forward (toward its muzzle) by `lean` degrees. Returns the top of its
/// head (its ears), where a hat or mitre sits.
pub(super) fn horse(b: &mut Build, base: f32, scale: f32, lean: f32) -> Vec3 {
    let turn = Quat::from_rotation_z(lean.to_radians());
    let at = Vec3::new(0.0, base, 0.0);
    b.prism(
        horse_head(),
        0.22,
        Transform::from_translation(at)
            .with_rotation(turn)
            .with_scale(Vec3::new(scale, scale, 1.0)),
        Tone::Body,
    );
    // Eyes on both sides.
    for z in [0.1, -0.1] {
        b.sphere(
            at + turn * Vec3::new(-0.1 * scale, 0.53 * scale, z),
            0.028,
            Tone::Accent,
        );
    }
    at + turn * Vec3::new(-0.01 * scale, HORSE_TALL * scale, 0.0)
}

/// A wing outline, left wing, root at the origin, raised `lift` degrees.
pub(super) fn wing(b: &mut Build, root: Vec3, span: f32, lift_deg: f32, right: bool, tone: Tone) {
    let outline = pts(&[
        (0.0, 0.0),
        (-0.35, 0.03),
        (-0.42, 0.1),
        (-0.36, 0.09),
        (-0.38, 0.15),
        (-0.3, 0.12),
        (-0.3, 0.18),
        (-0.2, 0.13),
        (-0.05, 0.12),
    ]);
    let s = span / 0.42;
    let (sx, lift) = if right {
        (-s, -lift_deg)
    } else {
        (s, lift_deg)
    };
    b.prism(
        outline,
        0.035,
        Transform::from_translation(root)
            .with_rotation(Quat::from_rotation_z((-lift).to_radians()))
            .with_scale(Vec3::new(sx, s, 1.0)),
        tone,
    );
}

/// A pair of wings rooted at height `root_y`, slightly behind the axis.
pub(super) fn wings(b: &mut Build, root_y: f32, span: f32, lift_deg: f32, tone: Tone) {
    for right in [false, true] {
        let x = if right { 0.05 } else { -0.05 };
        wing(b, Vec3::new(x, root_y, -0.05), span, lift_deg, right, tone);
    }
}

/// A tower of `family`'s width, `height` to the top of its wall, `radius`
/// at the top, with six merlons above the wall.
pub(super) fn tower(b: &mut Build, family: Family, height: f32, radius: f32) {
    let r = radius;
    let f = family.foot();
    let mut p = foot(f);
    p.extend(pts(&[
        (0.19, 0.12),
        (r - 0.02, height - 0.13),
        (r + 0.03, height - 0.1),
        (r + 0.05, height - 0.07),
        (r + 0.05, height),
        (r - 0.03, height),
        (r - 0.03, height - 0.04),
        (0.0, height - 0.04),
    ]));
    b.lathe(p);
    foot_band(b, f);
    // Merlons around the rim.
    let ring = r + 0.01;
    for k in 0..6 {
        let a = (30.0 + 60.0 * k as f32).to_radians();
        b.prism(
            pts(&[
                (-0.045, -0.04),
                (0.045, -0.04),
                (0.045, 0.04),
                (-0.045, 0.04),
            ]),
            0.08,
            Transform::from_xyz(ring * a.cos(), height + 0.04, ring * a.sin())
                .with_rotation(Quat::from_rotation_y(PI / 2.0 - a)),
            Tone::Body,
        );
    }
}

/// A bishop's mitre standing at `base`, `scale` times its size (0.43 tall),
/// with its slanted slit and a ball on top.
pub(super) fn mitre(b: &mut Build, base: f32, scale: f32) {
    let s = scale;
    let p: Vec<Vec2> = pts(&[
        (0.0, 0.0),
        (0.09, 0.0),
        (0.15, 0.06),
        (0.175, 0.13),
        (0.165, 0.2),
        (0.13, 0.27),
        (0.08, 0.32),
        (0.03, 0.35),
        (0.0, 0.355),
    ])
    .into_iter()
    .map(|q| q * s)
    .collect();
    b.lathe_at(p, Transform::from_xyz(0.0, base, 0.0), Tone::Body);
    b.sphere(Vec3::new(0.0, base + 0.39 * s, 0.0), 0.045 * s, Tone::Body);
    // The slit.
    b.cube(
        Vec3::new(0.03 * s, base + 0.2 * s, 0.0),
        Vec3::new(0.035 * s, 0.22 * s, 0.4 * s),
        -40.0,
        Tone::Accent,
    );
}

/// A round head on the collar at `top` (pawns).
pub(super) fn pawn(b: &mut Build) -> f32 {
    family_body(b, Family::Pawn, 0.27, 0.1, 0.16);
    b.lathe_at(
        {
            let mut p = vec![v(0.0, -0.125)];
            p.extend(arc(0.0, 0.0, 0.125, -70.0, 90.0, 9));
            p
        },
        Transform::from_xyz(0.0, 0.385, 0.0),
        Tone::Body,
    );
    0.385
}

/// A crown cup on the collar at `top`: flaring out to `rim` at `top + tall`.
pub(super) fn crown_cup(b: &mut Build, top: f32, tall: f32, rim: f32) {
    b.lathe_at(
        pts(&[
            (0.0, 0.0),
            (0.12, 0.0),
            (rim - 0.02, tall * 0.8),
            (rim, tall),
            (rim - 0.035, tall),
            (0.0, tall - 0.03),
        ]),
        Transform::from_xyz(0.0, top, 0.0),
        Tone::Body,
    );
}

/// A wizard: a head on the body, a tall hat and a staff topped with the
/// step's emblem. The orthogonal stepper's hat and staff stand straight;
/// the diagonal stepper's hat is bent over and its staff held slanted.
pub(super) fn wizard(b: &mut Build, diagonal: bool) {
    family_body(b, Family::Major, 0.42, 0.1, 0.15);
    b.sphere(Vec3::new(0.0, 0.49, 0.0), 0.075, Tone::Body);
    hat(b, Vec3::new(0.0, 0.53, 0.0), 1.0, diagonal);
    b.emblem(Vec3::new(0.0, 0.27, 0.0), 0.11, diagonal, 0.3);
    let (foot, tip) = if diagonal {
        (Vec3::new(0.3, 0.06, 0.12), Vec3::new(-0.24, 0.7, 0.12))
    } else {
        (Vec3::new(0.26, 0.06, 0.12), Vec3::new(0.26, 0.82, 0.12))
    };
    let along = tip - foot;
    b.lathe_at(
        pts(&[
            (0.0, 0.0),
            (0.022, 0.0),
            (0.022, along.length()),
            (0.0, along.length()),
        ]),
        Transform::from_translation(foot)
            .with_rotation(Quat::from_rotation_arc(Vec3::Y, along.normalize())),
        Tone::Body,
    );
    b.emblem(tip, 0.09, diagonal, 0.09);
}

/// A wizard's hat with its brim at `at`: straight up (0.4 tall at scale 1),
/// or in two segments, the upper one bent over to the side.
pub(super) fn hat(b: &mut Build, at: Vec3, scale: f32, crooked: bool) {
    let s = scale;
    // A profile `s` times its size, placed at `tf`.
    let mut part = |profile: &[(f32, f32)], tf: Transform| {
        let p = pts(profile).into_iter().map(|q| q * s).collect();
        b.lathe_at(p, tf, Tone::Body);
    };
    let base = Transform::from_translation(at);
    part(
        &[
            (0.0, 0.0),
            (0.19, 0.0),
            (0.19, 0.02),
            (0.09, 0.03),
            (0.0, 0.03),
        ],
        base,
    );
    if crooked {
        // A short frustum, then the tip bent over 55°.
        part(&[(0.0, 0.0), (0.1, 0.0), (0.06, 0.2), (0.0, 0.2)], base);
        part(
            &[(0.0, 0.0), (0.06, 0.0), (0.0, 0.26)],
            Transform::from_translation(at + Vec3::new(0.0, 0.19 * s, 0.0))
                .with_rotation(Quat::from_rotation_z(-55f32.to_radians())),
        );
    } else {
        part(&[(0.0, 0.0), (0.1, 0.0), (0.0, 0.4)], base);
    }
    b.torus(
        at + Vec3::new(0.0, 0.05 * s, 0.0),
        0.085 * s,
        0.02,
        Tone::Accent,
    );
}

/// The outline of a heater shield, point down at y = 0.05, 0.62 high.
pub(super) fn shield_outline() -> Vec<Vec2> {
    let mut o = pts(&[(-0.2, 0.62), (-0.2, 0.42)]);
    o.extend(arc(0.22, 0.42, 0.42, 180.0, 242.0, 6));
    o.extend(arc(-0.22, 0.42, 0.42, -62.0, 0.0, 6));
    o.push(v(0.2, 0.62));
    o
}

/// The serpent's coil every serpent form stands on: a low plinth wound
/// with three turns of the serpent's body rising to `top` (about 0.36),
/// and its tail tip on the front.
pub(super) fn coil(b: &mut Build) -> f32 {
    plinth(b, Family::Major, 0.06);
    for (y, r, t) in [(0.11, 0.2, 0.055), (0.205, 0.16, 0.05), (0.29, 0.12, 0.045)] {
        b.torus(Vec3::new(0.0, y, 0.0), r, t, Tone::Accent);
    }
    b.lathe(pts(&[(0.0, 0.06), (0.12, 0.06), (0.09, 0.34), (0.0, 0.36)]));
    0.34
}
