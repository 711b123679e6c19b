//! The look of every piece kind, as parts in piece space (see `geom`).
//!
//! Height and mass tell value, as in a Staunton set: every kind belongs to a
//! [`Family`] whose height band and foot width rise with its value (pawns
//! smallest, the king tallest). A small visual vocabulary keeps the family
//! resemblances meaningful: a crown means royal, a horse head a knight leap,
//! a tower a rook line, a mitre a bishop line, wings a flying (jumping)
//! piece, a barrel a cannon, a coil the Serpent in every form; a **square**
//! emblem means orthogonal steps (Wazir), a **diamond** diagonal steps
//! (Ferz). Pairs that differ only in direction (Bomber / Raptor, Cannon /
//! Vao, Gryphon / Anti-Gryphon, Wazir / Ferz) differ in the angle of their
//! main feature: straight for orthogonal, slanted for diagonal.

use super::geom::{Part, Shape, Tone};
use bevy::prelude::*;
use chimera_rules::Kind;
use std::f32::consts::PI;

pub(super) fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

pub(super) fn pts(list: &[(f32, f32)]) -> Vec<Vec2> {
    list.iter().map(|&(x, y)| v(x, y)).collect()
}

/// Points of a circular arc around (cx, cy), angles in degrees, both ends included.
fn arc(cx: f32, cy: f32, r: f32, a0: f32, a1: f32, n: usize) -> Vec<Vec2> {
    (0..=n)
        .map(|i| {
            let a = (a0 + (a1 - a0) * i as f32 / n as f32).to_radians();
            v(cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

#[derive(Default)]
pub(super) struct Build {
    parts: Vec<Part>,
}

impl Build {
    pub(super) fn part(&mut self, shape: Shape, transform: Transform, tone: Tone) -> &mut Self {
        self.parts.push(Part {
            shape,
            transform,
            tone,
        });
        self
    }
    /// A body-coloured surface of revolution about the piece's axis.
    pub(super) fn lathe(&mut self, profile: Vec<Vec2>) -> &mut Self {
        self.lathe_at(profile, Transform::IDENTITY, Tone::Body)
    }
    pub(super) fn lathe_at(&mut self, profile: Vec<Vec2>, tf: Transform, tone: Tone) -> &mut Self {
        self.part(
            Shape::Lathe {
                profile,
                closed: false,
            },
            tf,
            tone,
        )
    }
    pub(super) fn prism(
        &mut self,
        outline: Vec<Vec2>,
        depth: f32,
        tf: Transform,
        tone: Tone,
    ) -> &mut Self {
        self.part(Shape::Prism { outline, depth }, tf, tone)
    }
    pub(super) fn sphere(&mut self, c: Vec3, r: f32, tone: Tone) -> &mut Self {
        self.lathe_at(
            arc(0.0, 0.0, r, -90.0, 90.0, 6),
            Transform::from_translation(c),
            tone,
        )
    }
    /// An ellipsoid (a sphere scaled per axis).
    fn blob(&mut self, c: Vec3, radii: Vec3, tone: Tone) -> &mut Self {
        self.lathe_at(
            arc(0.0, 0.0, 1.0, -90.0, 90.0, 6),
            Transform::from_translation(c).with_scale(radii),
            tone,
        )
    }
    /// A box of `size`, centred at `c`, turned by `z_deg` about the view axis.
    pub(super) fn cube(&mut self, c: Vec3, size: Vec3, z_deg: f32, tone: Tone) -> &mut Self {
        let (hx, hy) = (size.x * 0.5, size.y * 0.5);
        self.prism(
            pts(&[(-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)]),
            size.z,
            Transform::from_translation(c).with_rotation(Quat::from_rotation_z(z_deg.to_radians())),
            tone,
        )
    }
    /// A ring about the vertical axis: centre line radius `big`, tube radius `small`.
    fn torus(&mut self, c: Vec3, big: f32, small: f32, tone: Tone) -> &mut Self {
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
    fn disc_facing(&mut self, c: Vec3, r: f32, thick: f32, tone: Tone) -> &mut Self {
        let h = thick * 0.5;
        self.lathe_at(
            pts(&[(0.0, -h), (r, -h), (r, h), (0.0, h)]),
            Transform::from_translation(c).with_rotation(Quat::from_rotation_x(PI / 2.0)),
            tone,
        )
    }
    /// A flat emblem through the body, visible front and back.
    fn emblem(&mut self, c: Vec3, size: f32, diagonal: bool, depth: f32) -> &mut Self {
        let angle = if diagonal { 45.0 } else { 0.0 };
        let s = if diagonal { size * 0.82 } else { size };
        self.cube(c, Vec3::new(s, s, depth), angle, Tone::Accent)
    }
    pub(super) fn done(&mut self) -> Vec<Part> {
        std::mem::take(&mut self.parts)
    }
}

/// A piece's family: what its height and mass say about its value, as the
/// sizes of a Staunton set do. Lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Pawns and ninja pawns.
    Pawn,
    /// Minor pieces: knight and bishop movers, short-range and non-capturing pieces.
    Minor,
    /// Rooks and compound pieces (a step or a leap added to another move),
    /// the serpent in every form.
    Major,
    /// Queen-class pieces: two lines or a line and a leap, the Warlord.
    Queen,
    /// The Crown Prince, a smaller king.
    Prince,
    /// The king.
    King,
}

impl Family {
    /// Every family, lowest first.
    pub const ALL: [Family; 6] = [
        Family::Pawn,
        Family::Minor,
        Family::Major,
        Family::Queen,
        Family::Prince,
        Family::King,
    ];
    /// The heights (piece units, one square = 1) the tops of this family's
    /// pieces lie between. The bands rise with the families and never touch.
    pub const fn heights(self) -> (f32, f32) {
        match self {
            Family::Pawn => (0.48, 0.62),
            Family::Minor => (0.66, 0.77),
            Family::Major => (0.8, 0.99),
            Family::Queen => (1.02, 1.1),
            Family::Prince => (1.13, 1.17),
            Family::King => (1.22, 1.3),
        }
    }
    /// Radius of the foot: higher families stand wider.
    pub(super) fn foot(self) -> f32 {
        match self {
            Family::Pawn => 0.25,
            Family::Minor => 0.28,
            Family::Major => 0.3,
            Family::Queen => 0.31,
            Family::Prince => 0.29,
            Family::King => 0.33,
        }
    }
}

/// The family of a kind.
pub fn family(kind: Kind) -> Family {
    match kind {
        Kind::Pawn | Kind::NinjaPawn => Family::Pawn,
        Kind::Knight
        | Kind::Bishop
        | Kind::WazirKnight
        | Kind::FerzKnight
        | Kind::Squire
        | Kind::Ghost
        | Kind::Relay => Family::Minor,
        Kind::Rook
        | Kind::Champion
        | Kind::Templar
        | Kind::WazirSorcerer
        | Kind::FerzSorcerer
        | Kind::SorcererKnight
        | Kind::Crusader
        | Kind::FlyingChariot
        | Kind::FlyingBishop
        | Kind::Serpent
        | Kind::Gryphon
        | Kind::AntiGryphon
        | Kind::Bomber
        | Kind::Raptor
        | Kind::Cannon
        | Kind::Vao => Family::Major,
        Kind::Queen | Kind::Marshal | Kind::Cardinal | Kind::Lady | Kind::Warlord => Family::Queen,
        Kind::Prince => Family::Prince,
        Kind::King => Family::King,
        // Kinds defined by variant files: their generic piece's family
        // depends on the variant (see `generic`); without one, the stand-in's.
        _ => super::generic::GenericLook::unknown().family,
    }
}

/// The Staunton body most pieces stand on: a stepped round foot of radius
/// `r` with a bead, a waist narrowing to `waist` and a collar of radius
/// `collar` with its flat top at `top` (at least 0.19).
fn body(b: &mut Build, r: f32, top: f32, waist: f32, collar: f32) {
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
fn family_body(b: &mut Build, family: Family, top: f32, waist: f32, collar: f32) {
    body(b, family.foot(), top, waist, collar);
}

/// A low round plinth of `family`'s width with a flat top at `top` (for
/// figures that stand on it rather than on a waist).
fn plinth(b: &mut Build, family: Family, top: f32) {
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
fn horse_head() -> Vec<Vec2> {
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
const HORSE_TALL: f32 = 0.71;

/// A horse head standing at `base`, `scale` times its outline, leaning
/// forward (toward its muzzle) by `lean` degrees. Returns the top of its
/// head (its ears), where a hat or mitre sits.
fn horse(b: &mut Build, base: f32, scale: f32, lean: f32) -> Vec3 {
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
fn wing(b: &mut Build, root: Vec3, span: f32, lift_deg: f32, right: bool, tone: Tone) {
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
fn wings(b: &mut Build, root_y: f32, span: f32, lift_deg: f32, tone: Tone) {
    for right in [false, true] {
        let x = if right { 0.05 } else { -0.05 };
        wing(b, Vec3::new(x, root_y, -0.05), span, lift_deg, right, tone);
    }
}

/// A tower of `family`'s width, `height` to the top of its wall, `radius`
/// at the top, with six merlons above the wall.
fn tower(b: &mut Build, family: Family, height: f32, radius: f32) {
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
fn mitre(b: &mut Build, base: f32, scale: f32) {
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
fn pawn(b: &mut Build) -> f32 {
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
fn crown_cup(b: &mut Build, top: f32, tall: f32, rim: f32) {
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
fn wizard(b: &mut Build, diagonal: bool) {
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
fn hat(b: &mut Build, at: Vec3, scale: f32, crooked: bool) {
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
fn shield_outline() -> Vec<Vec2> {
    let mut o = pts(&[(-0.2, 0.62), (-0.2, 0.42)]);
    o.extend(arc(0.22, 0.42, 0.42, 180.0, 242.0, 6));
    o.extend(arc(-0.22, 0.42, 0.42, -62.0, 0.0, 6));
    o.push(v(0.2, 0.62));
    o
}

/// The serpent's coil every serpent form stands on: a low plinth wound
/// with three turns of the serpent's body rising to `top` (about 0.36),
/// and its tail tip on the front.
fn coil(b: &mut Build) -> f32 {
    plinth(b, Family::Major, 0.06);
    for (y, r, t) in [(0.11, 0.2, 0.055), (0.205, 0.16, 0.05), (0.29, 0.12, 0.045)] {
        b.torus(Vec3::new(0.0, y, 0.0), r, t, Tone::Accent);
    }
    b.lathe(pts(&[(0.0, 0.06), (0.12, 0.06), (0.09, 0.34), (0.0, 0.36)]));
    0.34
}

/// The parts that draw the built-in `kind`.
pub fn parts(kind: Kind) -> Vec<Part> {
    let mut b = Build::default();
    let fam = family(kind);
    match kind {
        Kind::Pawn => {
            pawn(&mut b);
        }
        Kind::NinjaPawn => {
            let head = pawn(&mut b);
            // A headband with its long tails flying out to the side, and a topknot.
            b.torus(Vec3::new(0.0, head + 0.01, 0.0), 0.125, 0.032, Tone::Accent);
            for (y, a, len) in [(0.0, -12.0f32, 0.28), (-0.05, -38.0, 0.24)] {
                b.cube(
                    Vec3::new(0.24, head + y - 0.01, -0.04),
                    Vec3::new(len, 0.05, 0.03),
                    a,
                    Tone::Accent,
                );
            }
            b.sphere(Vec3::new(0.0, head + 0.16, 0.0), 0.06, Tone::Body);
        }
        Kind::Knight => {
            family_body(&mut b, fam, 0.19, 0.17, 0.22);
            horse(&mut b, 0.17, 0.82, 0.0);
        }
        Kind::WazirKnight | Kind::FerzKnight => {
            // An upright horse with a square for the orthogonal step; a
            // horse leaning forward with a diamond for the diagonal one.
            let diagonal = kind == Kind::FerzKnight;
            family_body(&mut b, fam, 0.19, 0.17, 0.22);
            let lean = if diagonal { 20.0 } else { 0.0 };
            horse(&mut b, 0.17, 0.8, lean);
            b.emblem(Vec3::new(0.07, 0.35, 0.0), 0.14, diagonal, 0.26);
        }
        Kind::SorcererKnight => {
            family_body(&mut b, fam, 0.19, 0.17, 0.22);
            let ears = horse(&mut b, 0.17, 0.84, 0.0);
            hat(&mut b, ears - Vec3::new(0.0, 0.04, 0.0), 0.62, false);
            b.emblem(Vec3::new(0.08, 0.42, 0.0), 0.09, false, 0.26)
                .emblem(Vec3::new(0.08, 0.29, 0.0), 0.09, true, 0.26);
        }
        Kind::Bishop => {
            family_body(&mut b, fam, 0.32, 0.09, 0.2);
            mitre(&mut b, 0.32, 1.0);
        }
        Kind::FlyingBishop => {
            family_body(&mut b, fam, 0.5, 0.1, 0.17);
            mitre(&mut b, 0.5, 1.0);
            wings(&mut b, 0.4, 0.5, 32.0, Tone::Accent);
        }
        Kind::Rook => tower(&mut b, fam, 0.8, 0.21),
        Kind::FlyingChariot => {
            tower(&mut b, fam, 0.88, 0.21);
            wings(&mut b, 0.4, 0.52, 28.0, Tone::Accent);
        }
        Kind::Queen => {
            // A coronet of eight pointed, ball-tipped rays round a domed top.
            let top = 0.7;
            family_body(&mut b, fam, top, 0.11, 0.16);
            crown_cup(&mut b, top, 0.14, 0.21);
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
        Kind::King => {
            // A closed crown under a large cross in the accent colour.
            let top = 0.82;
            family_body(&mut b, fam, top, 0.12, 0.18);
            crown_cup(&mut b, top, 0.15, 0.22);
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
        Kind::Prince => {
            // A smaller king: a young head wearing an open coronet of points.
            let top = 0.8;
            family_body(&mut b, fam, top, 0.1, 0.15);
            let head = top + 0.1;
            b.sphere(Vec3::new(0.0, head, 0.0), 0.11, Tone::Body);
            crown_cup(&mut b, head + 0.04, 0.07, 0.14);
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
        Kind::Marshal => {
            // A horse rising out of a tower.
            tower(&mut b, fam, 0.5, 0.22);
            horse(&mut b, 0.46, 0.82, 0.0);
        }
        Kind::Cardinal => {
            // A horse wearing a bishop's mitre.
            family_body(&mut b, fam, 0.3, 0.15, 0.2);
            let ears = horse(&mut b, 0.29, 0.82, 0.0);
            mitre(&mut b, ears.y - 0.05, 0.55);
        }
        Kind::Champion => {
            family_body(&mut b, fam, 0.42, 0.11, 0.19);
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
        Kind::Templar => {
            family_body(&mut b, fam, 0.4, 0.11, 0.19);
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
        Kind::WazirSorcerer => wizard(&mut b, false),
        Kind::FerzSorcerer => wizard(&mut b, true),
        Kind::Gryphon | Kind::AntiGryphon => {
            let top = coil(&mut b);
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
                wings(&mut b, top + 0.16, 0.46, 40.0, Tone::Body);
            } else {
                wings(&mut b, top + 0.22, 0.42, -30.0, Tone::Body);
                b.torus(Vec3::new(0.0, top + 0.12, 0.0), 0.13, 0.022, Tone::Body);
            }
        }
        Kind::Bomber | Kind::Raptor => {
            let top = coil(&mut b);
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
        Kind::Cannon | Kind::Vao => {
            let top = coil(&mut b);
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
        Kind::Lady => {
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
            foot_band(&mut b, 0.31);
            mitre(&mut b, 0.84, 0.55);
            b.torus(Vec3::new(0.0, 0.86, 0.0), 0.075, 0.02, Tone::Accent);
            b.torus(Vec3::new(0.0, 0.4, 0.0), 0.15, 0.02, Tone::Accent);
            b.cube(
                Vec3::new(0.0, 0.22, 0.0),
                Vec3::new(0.035, 0.2, 0.56),
                -40.0,
                Tone::Accent,
            );
        }
        Kind::Squire | Kind::Crusader => {
            // Knight movers with a shield on the chest; the Crusader also
            // slides as a bishop: it wears a mitre and its shield a cross.
            let crusader = kind == Kind::Crusader;
            family_body(&mut b, fam, 0.19, 0.17, 0.22);
            let ears = horse(&mut b, 0.17, 0.8, 0.0);
            b.prism(
                shield_outline(),
                0.05,
                Transform::from_xyz(0.02, 0.1, 0.12).with_scale(Vec3::new(0.75, 0.6, 1.0)),
                Tone::Accent,
            );
            if crusader {
                mitre(&mut b, ears.y - 0.05, 0.6);
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
        Kind::Ghost => {
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
        Kind::Relay => {
            // An antenna mast with rungs, sending waves from its tip.
            plinth(&mut b, fam, 0.1);
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
        Kind::Warlord => {
            let top = 0.62;
            family_body(&mut b, fam, top, 0.12, 0.2);
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
        Kind::Serpent => {
            // The serpent in hand: its coil, neck and head rising, facing
            // left, with a forked tongue.
            let top = coil(&mut b) + 0.06;
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
        // Kinds defined by variant files are drawn by `generic` with their
        // letter and movement in a variant; without one, its stand-in.
        _ => return super::generic::parts(&super::generic::GenericLook::unknown(), false),
    }
    let parts = b.done();
    // Negative scales would turn faces inside out: fold them into the outline.
    parts.into_iter().map(normalise_mirror).collect()
}

/// A part with a negative x scale (a mirrored copy) is rewritten with its
/// outline mirrored instead, so the triangles keep facing outward.
fn normalise_mirror(mut part: Part) -> Part {
    if part.transform.scale.x < 0.0 {
        part.transform.scale.x = -part.transform.scale.x;
        match &mut part.shape {
            Shape::Prism { outline, .. } => {
                for p in outline.iter_mut() {
                    p.x = -p.x;
                }
                outline.reverse();
            }
            Shape::Lathe { .. } => {} // symmetric about its axis
        }
    }
    part
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece_art::geom::front_bounds;

    #[test]
    fn every_kind_has_a_piece_sized_shape() {
        for kind in Kind::ALL {
            let parts = parts(kind);
            assert!(!parts.is_empty(), "{kind:?}");
            let (lo, hi) = front_bounds(&parts);
            let size = hi - lo;
            assert!(size.x > 0.3 && size.x < 1.0, "{kind:?} width {}", size.x);
            assert!(size.y > 0.3 && size.y < 1.35, "{kind:?} height {}", size.y);
            assert!(lo.y > -0.05, "{kind:?} sinks below the board: {}", lo.y);
        }
    }

    fn height(kind: Kind) -> f32 {
        front_bounds(&parts(kind)).1.y
    }

    /// Height tells value, as in a Staunton set: the families' bands rise
    /// and stay apart, every piece stands within its family's band, and the
    /// pieces the issue names fall in the order it gives: pawns and ninja
    /// pawns smallest, minor pieces next, rooks and compound pieces taller,
    /// queen-class pieces tall, the Crown Prince taller, the king tallest.
    #[test]
    fn heights_rise_family_by_family() {
        for pair in Family::ALL.windows(2) {
            let (below, above) = (pair[0].heights(), pair[1].heights());
            assert!(below.0 < below.1, "{:?}", pair[0]);
            assert!(below.1 + 0.02 <= above.0, "{:?} / {:?}", pair[0], pair[1]);
        }
        for kind in Kind::ALL {
            let (lo, hi) = family(kind).heights();
            let h = height(kind);
            assert!((lo..=hi).contains(&h), "{kind:?}: {h} outside {lo}..{hi}");
        }
        let ladder: [&[Kind]; 6] = [
            &[Kind::Pawn, Kind::NinjaPawn],
            &[
                Kind::Knight,
                Kind::Bishop,
                Kind::WazirKnight,
                Kind::FerzKnight,
            ],
            &[
                Kind::Rook,
                Kind::Champion,
                Kind::Templar,
                Kind::WazirSorcerer,
                Kind::FerzSorcerer,
                Kind::FlyingChariot,
            ],
            &[Kind::Queen, Kind::Marshal, Kind::Cardinal, Kind::Lady],
            &[Kind::Prince],
            &[Kind::King],
        ];
        for pair in ladder.windows(2) {
            for low in pair[0] {
                for high in pair[1] {
                    assert!(height(*low) < height(*high), "{low:?} / {high:?}");
                }
            }
        }
    }

    /// Every serpent form stands on the serpent's coil: the same three
    /// accent-coloured turns at its foot as the Serpent in hand.
    #[test]
    fn every_serpent_form_carries_the_coil() {
        let coil_turns = |kind: Kind| -> Vec<(f32, f32)> {
            parts(kind)
                .iter()
                .filter_map(|p| match &p.shape {
                    Shape::Lathe { closed: true, .. } if p.tone == Tone::Accent => {
                        Some((p.transform.translation.y, p.transform.translation.x))
                    }
                    _ => None,
                })
                .filter(|(y, _)| (0.05..0.35).contains(y))
                .collect()
        };
        let serpent = coil_turns(Kind::Serpent);
        assert_eq!(serpent.len(), 3);
        for form in Kind::SERPENT_FORMS {
            assert_eq!(coil_turns(form), serpent, "{form:?}");
        }
    }
}
