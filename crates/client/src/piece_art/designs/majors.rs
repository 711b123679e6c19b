//! Major pieces: rooks and compound pieces (a step or a leap added to
//! another move) and the serpent in hand.

use super::Family;
use super::build::{Build, arc, pts, v};
use super::motifs::*;
use crate::piece_art::geom::Tone;
use bevy::prelude::*;
use chimera_rules::Kind;
use std::f32::consts::PI;

/// The family every piece here belongs to.
const FAM: Family = Family::Major;

/// The design of `Kind::SorcererKnight`.
pub(super) fn sorcerer_knight(b: &mut Build) {
    family_body(b, FAM, 0.19, 0.17, 0.22);
    let ears = horse(b, 0.17, 0.84, 0.0);
    hat(b, ears - Vec3::new(0.0, 0.04, 0.0), 0.62, false);
    b.emblem(Vec3::new(0.08, 0.42, 0.0), 0.09, false, 0.26)
        .emblem(Vec3::new(0.08, 0.29, 0.0), 0.09, true, 0.26);
}

/// The design of `Kind::FlyingBishop`.
pub(super) fn flying_bishop(b: &mut Build) {
    family_body(b, FAM, 0.5, 0.1, 0.17);
    mitre(b, 0.5, 1.0);
    wings(b, 0.4, 0.5, 32.0, Tone::Accent);
}

/// The design of `Kind::FlyingChariot`.
pub(super) fn flying_chariot(b: &mut Build) {
    tower(b, FAM, 0.88, 0.21);
    wings(b, 0.4, 0.52, 28.0, Tone::Accent);
}

/// The design of `Kind::Champion`.
pub(super) fn champion(b: &mut Build) {
    family_body(b, FAM, 0.42, 0.11, 0.19);
    // A round helm with a visor slit and a wide arched plume.
    b.lathe_at(
        {
            let mut p = vec![v(0.0, 0.0)];
            p.extend(arc(0.0, 0.11, 0.17, -45.0, 90.0, 10));
            p
        },
        Transform::from_xyz(0.0, 0.42, 0.0),
        Tone::Body,
    );
    b.cube(
        Vec3::new(0.0, 0.56, 0.0),
        Vec3::new(0.22, 0.035, 0.36),
        0.0,
        Tone::Accent,
    );
    let mut crest = arc(0.0, 0.52, 0.37, 8.0, 172.0, 14);
    crest.extend(arc(0.0, 0.52, 0.26, 172.0, 8.0, 14));
    b.prism(crest, 0.07, Transform::IDENTITY, Tone::Accent);
    b.emblem(Vec3::new(0.0, 0.27, 0.0), 0.09, false, 0.3);
}

/// The design of `Kind::Templar`.
pub(super) fn templar(b: &mut Build) {
    family_body(b, FAM, 0.4, 0.11, 0.19);
    // A tall flat-topped great helm with a cross of slits, a large
    // diamond on top.
    b.lathe_at(
        pts(&[
            (0.0, 0.0),
            (0.2, 0.0),
            (0.2, 0.3),
            (0.18, 0.33),
            (0.0, 0.34),
        ]),
        Transform::from_xyz(0.0, 0.4, 0.0),
        Tone::Body,
    );
    b.cube(
        Vec3::new(0.0, 0.56, 0.0),
        Vec3::new(0.045, 0.24, 0.44),
        0.0,
        Tone::Accent,
    )
    .cube(
        Vec3::new(0.0, 0.61, 0.0),
        Vec3::new(0.3, 0.045, 0.44),
        0.0,
        Tone::Accent,
    );
    b.cube(
        Vec3::new(0.0, 0.83, 0.0),
        Vec3::new(0.17, 0.17, 0.08),
        45.0,
        Tone::Accent,
    );
    b.emblem(Vec3::new(0.0, 0.26, 0.0), 0.09, true, 0.3);
}

/// The design of `Kind::Gryphon` and `Kind::AntiGryphon`.
pub(super) fn gryphon(b: &mut Build, kind: Kind) {
    let top = coil(b);
    // Eagle head with a hooked beak, facing left.
    b.prism(
        pts(&[
            (0.09, 0.0),
            (0.09, 0.2),
            (0.04, 0.32),
            (-0.05, 0.35),
            (-0.13, 0.31),
            (-0.22, 0.26),
            (-0.24, 0.2),
            (-0.18, 0.22),
            (-0.1, 0.2),
            (-0.08, 0.0),
        ]),
        0.16,
        Transform::from_xyz(0.0, top + 0.2, 0.0),
        Tone::Body,
    );
    b.lathe_at(
        pts(&[(0.0, 0.0), (0.13, 0.0), (0.1, 0.22), (0.0, 0.24)]),
        Transform::from_xyz(0.0, top, 0.0),
        Tone::Body,
    );
    for z in [0.085, -0.085] {
        b.sphere(Vec3::new(-0.06, top + 0.47, z), 0.022, Tone::Accent);
    }
    if kind == Kind::Gryphon {
        wings(b, top + 0.16, 0.46, 40.0, Tone::Body);
    } else {
        wings(b, top + 0.22, 0.42, -30.0, Tone::Body);
        b.torus(Vec3::new(0.0, top + 0.12, 0.0), 0.13, 0.022, Tone::Body);
    }
}

/// The design of `Kind::Bomber` and `Kind::Raptor`.
pub(super) fn bomber(b: &mut Build, kind: Kind) {
    let top = coil(b);
    let half: &[(f32, f32)] = if kind == Kind::Bomber {
        // An aeroplane standing nose up: straight (orthogonal) wings.
        &[
            (0.0, 0.6),
            (0.05, 0.52),
            (0.05, 0.36),
            (0.34, 0.32),
            (0.34, 0.25),
            (0.05, 0.24),
            (0.05, 0.08),
            (0.16, 0.03),
            (0.16, -0.01),
            (0.0, 0.0),
        ]
    } else {
        // A bird of prey seen from above: wings swept diagonally.
        &[
            (0.0, 0.6),
            (0.04, 0.56),
            (0.05, 0.46),
            (0.07, 0.38),
            (0.34, 0.6),
            (0.37, 0.56),
            (0.3, 0.46),
            (0.32, 0.44),
            (0.24, 0.34),
            (0.25, 0.32),
            (0.08, 0.24),
            (0.06, 0.14),
            (0.12, 0.02),
            (0.0, 0.05),
        ]
    };
    let mut outline = pts(half);
    outline.extend(
        half.iter()
            .rev()
            .skip(1)
            .take(half.len() - 2)
            .map(|&(x, y)| v(-x, y)),
    );
    b.prism(
        outline,
        0.08,
        Transform::from_xyz(0.0, top, 0.0),
        Tone::Body,
    );
    if kind == Kind::Bomber {
        for x in [-0.2, 0.2] {
            b.blob(
                Vec3::new(x, top + 0.22, 0.0),
                Vec3::new(0.035, 0.07, 0.06),
                Tone::Accent,
            );
        }
        b.blob(
            Vec3::new(0.0, top + 0.47, 0.0),
            Vec3::new(0.03, 0.06, 0.06),
            Tone::Accent,
        );
    } else {
        b.blob(
            Vec3::new(0.0, top + 0.58, 0.0),
            Vec3::new(0.025, 0.035, 0.06),
            Tone::Accent,
        );
        b.emblem(Vec3::new(0.0, top + 0.28, 0.0), 0.08, true, 0.1);
    }
}

/// The design of `Kind::Cannon` and `Kind::Vao`.
pub(super) fn cannon(b: &mut Build, kind: Kind) {
    let top = coil(b);
    // A gun on a carriage with wheels front and back: a long level
    // barrel with lifting handles (orthogonal) for the Cannon, a
    // squat one raised 45° (diagonal) for the Vao.
    let cannon = kind == Kind::Cannon;
    b.prism(
        pts(&[(-0.16, 0.0), (0.16, 0.0), (0.12, 0.2), (-0.08, 0.24)]),
        0.2,
        Transform::from_xyz(0.0, top, 0.0),
        Tone::Body,
    );
    for z in [0.14, -0.14] {
        b.disc_facing(Vec3::new(0.0, top + 0.12, z), 0.15, 0.05, Tone::Body);
        b.disc_facing(
            Vec3::new(0.0, top + 0.12, z + 0.03 * z.signum()),
            0.05,
            0.02,
            Tone::Accent,
        );
    }
    let (pivot, angle, length) = if cannon {
        (Vec3::new(0.2, top + 0.34, 0.0), PI / 2.0, 0.6)
    } else {
        (Vec3::new(0.12, top + 0.26, 0.0), PI / 4.0, 0.42)
    };
    let barrel = pts(&[
        (0.0, -0.04),
        (0.1, -0.04),
        (0.1, 0.06),
        (0.085, 0.08),
        (0.068, length - 0.06),
        (0.095, length - 0.035),
        (0.095, length),
        (0.05, length),
        (0.0, length - 0.02),
    ]);
    let turn = Quat::from_rotation_z(angle);
    b.lathe_at(
        barrel,
        Transform::from_translation(pivot).with_rotation(turn),
        Tone::Body,
    );
    b.sphere(pivot + turn * Vec3::new(0.0, -0.07, 0.0), 0.05, Tone::Body);
    b.torus(
        pivot + turn * Vec3::new(0.0, 0.2, 0.0),
        0.09,
        0.02,
        Tone::Accent,
    );
    if cannon {
        // Two dolphins (lifting handles) on top of the barrel.
        for x in [0.0, -0.2] {
            b.prism(
                {
                    let mut o = arc(0.0, 0.0, 0.05, 0.0, 180.0, 6);
                    o.extend(arc(0.0, 0.0, 0.025, 180.0, 0.0, 6));
                    o
                },
                0.03,
                Transform::from_translation(pivot + Vec3::new(-0.2 + x, 0.075, 0.0)),
                Tone::Body,
            );
        }
    }
}

/// The design of `Kind::Serpent`.
pub(super) fn serpent(b: &mut Build) {
    // The serpent in hand: its coil, neck and head rising, facing
    // left, with a forked tongue.
    let top = coil(b) + 0.06;
    b.prism(
        pts(&[
            (0.06, 0.0),
            (0.08, 0.28),
            (0.03, 0.44),
            (-0.08, 0.5),
            (-0.2, 0.46),
            (-0.21, 0.4),
            (-0.06, 0.38),
            (-0.02, 0.28),
            (-0.04, 0.0),
        ]),
        0.11,
        Transform::from_xyz(0.0, top, 0.0),
        Tone::Body,
    );
    b.prism(
        pts(&[
            (-0.2, 0.415),
            (-0.28, 0.43),
            (-0.31, 0.455),
            (-0.29, 0.425),
            (-0.31, 0.4),
            (-0.28, 0.41),
            (-0.2, 0.405),
        ]),
        0.02,
        Transform::from_xyz(0.0, top, 0.0),
        Tone::Accent,
    );
    for z in [0.06, -0.06] {
        b.sphere(Vec3::new(-0.08, top + 0.46, z), 0.022, Tone::Accent);
    }
}
