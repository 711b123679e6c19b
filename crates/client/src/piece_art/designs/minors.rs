//! Minor pieces: knight and bishop movers, short-range and non-capturing
//! pieces (the Crusader, a Squire that also slides, shares the Squire's
//! design and stands in the majors' band).

use super::Family;
use super::build::{Build, arc, pts};
use super::motifs::*;
use crate::piece_art::geom::Tone;
use bevy::prelude::*;
use chimera_rules::Kind;

/// The family every piece here belongs to.
const FAM: Family = Family::Minor;

/// The design of `Kind::Knight`.
pub(super) fn knight(b: &mut Build) {
    family_body(b, FAM, 0.19, 0.17, 0.22);
    horse(b, 0.17, 0.82, 0.0);
}

/// The design of `Kind::WazirKnight` and `Kind::FerzKnight`.
pub(super) fn stepping_knight(b: &mut Build, kind: Kind) {
    // An upright horse with a square for the orthogonal step; a
    // horse leaning forward with a diamond for the diagonal one.
    let diagonal = kind == Kind::FerzKnight;
    family_body(b, FAM, 0.19, 0.17, 0.22);
    let lean = if diagonal { 20.0 } else { 0.0 };
    horse(b, 0.17, 0.8, lean);
    b.emblem(Vec3::new(0.07, 0.35, 0.0), 0.14, diagonal, 0.26);
}

/// The design of `Kind::Bishop`.
pub(super) fn bishop(b: &mut Build) {
    family_body(b, FAM, 0.32, 0.09, 0.2);
    mitre(b, 0.32, 1.0);
}

/// The design of `Kind::Squire` and `Kind::Crusader`.
pub(super) fn shield_knight(b: &mut Build, fam: Family, kind: Kind) {
    // Knight movers with a shield on the chest; the Crusader also
    // slides as a bishop: it wears a mitre and its shield a cross.
    let crusader = kind == Kind::Crusader;
    family_body(b, fam, 0.19, 0.17, 0.22);
    let ears = horse(b, 0.17, 0.8, 0.0);
    b.prism(
        shield_outline(),
        0.05,
        Transform::from_xyz(0.02, 0.1, 0.12).with_scale(Vec3::new(0.75, 0.6, 1.0)),
        Tone::Accent,
    );
    if crusader {
        mitre(b, ears.y - 0.05, 0.6);
        b.cube(
            Vec3::new(0.02, 0.36, 0.15),
            Vec3::new(0.04, 0.2, 0.02),
            0.0,
            Tone::Body,
        )
        .cube(
            Vec3::new(0.02, 0.39, 0.15),
            Vec3::new(0.16, 0.04, 0.02),
            0.0,
            Tone::Body,
        );
    } else {
        b.cube(
            Vec3::new(0.02, 0.37, 0.15),
            Vec3::new(0.04, 0.24, 0.02),
            -40.0,
            Tone::Body,
        );
    }
}

/// The design of `Kind::Ghost`.
pub(super) fn ghost(b: &mut Build) {
    // A shroud: a sheet over a round head, its hem in folds.
    let mut p = pts(&[
        (0.0, 0.06),
        (0.25, 0.06),
        (0.27, 0.1),
        (0.23, 0.16),
        (0.19, 0.44),
    ]);
    p.extend(arc(0.0, 0.52, 0.2, -20.0, 90.0, 10));
    b.lathe(p);
    for k in 0..8 {
        let a = (k as f32 * 45.0 + 22.5).to_radians();
        b.sphere(
            Vec3::new(0.23 * a.cos(), 0.07, 0.23 * a.sin()),
            0.055,
            Tone::Body,
        );
    }
    // Arms raised under the sheet.
    for sx in [-1.0f32, 1.0] {
        b.prism(
            pts(&[
                (0.15, 0.3),
                (0.3, 0.45),
                (0.33, 0.55),
                (0.26, 0.5),
                (0.15, 0.42),
            ]),
            0.08,
            Transform::from_scale(Vec3::new(sx, 1.0, 1.0)),
            Tone::Body,
        );
    }
    for side in [1.0f32, -1.0] {
        for x in [-0.075, 0.075] {
            b.blob(
                Vec3::new(x, 0.56, 0.16 * side),
                Vec3::new(0.03, 0.05, 0.05),
                Tone::Accent,
            );
        }
        b.blob(
            Vec3::new(0.0, 0.42, 0.175 * side),
            Vec3::new(0.05, 0.035, 0.04),
            Tone::Accent,
        );
    }
}

/// The design of `Kind::Relay`.
pub(super) fn relay(b: &mut Build) {
    // An antenna mast with rungs, sending waves from its tip.
    plinth(b, FAM, 0.1);
    b.lathe(pts(&[
        (0.0, 0.1),
        (0.15, 0.1),
        (0.04, 0.2),
        (0.035, 0.58),
        (0.0, 0.58),
    ]));
    b.sphere(Vec3::new(0.0, 0.6, 0.0), 0.05, Tone::Accent);
    for (y, r) in [(0.27, 0.17), (0.39, 0.13), (0.5, 0.09)] {
        b.torus(Vec3::new(0.0, y, 0.0), r, 0.022, Tone::Body);
    }
    for (right, rad) in [(false, 0.14), (false, 0.22), (true, 0.14), (true, 0.22)] {
        let (a0, a1) = if right { (-40.0, 40.0) } else { (140.0, 220.0) };
        let mut w = arc(0.0, 0.6, rad + 0.02, a0, a1, 8);
        w.extend(arc(0.0, 0.6, rad - 0.02, a1, a0, 8));
        b.prism(w, 0.04, Transform::IDENTITY, Tone::Accent);
    }
}
