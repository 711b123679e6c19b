//! The look of every piece kind, as parts in piece space (see `geom`).
//!
//! A small visual vocabulary keeps the family resemblances meaningful:
//! a horse head means a knight leap, a tower a rook line, a mitre a bishop
//! line, wings "flying" (jumping) pieces; a **square** emblem means orthogonal
//! steps (Wazir), a **diamond** diagonal steps (Ferz). Pairs that differ only
//! in direction (Bomber / Raptor, Cannon / Vao, Gryphon / Anti-Gryphon) differ
//! in the angle of their main feature: straight for orthogonal, slanted for
//! diagonal.

use super::geom::{Part, Shape, Tone};
use crate::rules::Kind;
use bevy::prelude::*;
use std::f32::consts::PI;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn pts(list: &[(f32, f32)]) -> Vec<Vec2> {
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
struct Build {
    parts: Vec<Part>,
}

impl Build {
    fn part(&mut self, shape: Shape, transform: Transform, tone: Tone) -> &mut Self {
        self.parts.push(Part {
            shape,
            transform,
            tone,
        });
        self
    }
    /// A body-coloured surface of revolution about the piece's axis.
    fn lathe(&mut self, profile: Vec<Vec2>) -> &mut Self {
        self.lathe_at(profile, Transform::IDENTITY, Tone::Body)
    }
    fn lathe_at(&mut self, profile: Vec<Vec2>, tf: Transform, tone: Tone) -> &mut Self {
        self.part(
            Shape::Lathe {
                profile,
                closed: false,
            },
            tf,
            tone,
        )
    }
    fn prism(&mut self, outline: Vec<Vec2>, depth: f32, tf: Transform, tone: Tone) -> &mut Self {
        self.part(Shape::Prism { outline, depth }, tf, tone)
    }
    fn sphere(&mut self, c: Vec3, r: f32, tone: Tone) -> &mut Self {
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
    fn cube(&mut self, c: Vec3, size: Vec3, z_deg: f32, tone: Tone) -> &mut Self {
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
    fn done(&mut self) -> Vec<Part> {
        std::mem::take(&mut self.parts)
    }
}

/// Start of the common round foot (ends at radius 0.22, height 0.09).
fn foot() -> Vec<Vec2> {
    pts(&[
        (0.0, 0.0),
        (0.31, 0.0),
        (0.31, 0.04),
        (0.275, 0.068),
        (0.22, 0.09),
    ])
}

/// A foot with a flat top at `top` (for pieces standing on it).
fn plinth(top: f32) -> Vec<Vec2> {
    let mut p = foot();
    p.extend(pts(&[(0.2, 0.1), (0.2, top), (0.0, top)]));
    p
}

/// The horse head outline, facing left, standing on y = 0.
fn horse_head() -> Vec<Vec2> {
    pts(&[
        (0.21, 0.0),
        (0.2, 0.26),
        (0.16, 0.44),
        (0.09, 0.58),
        (0.02, 0.66),
        (-0.01, 0.71),
        (-0.05, 0.63),
        (-0.13, 0.58),
        (-0.22, 0.47),
        (-0.27, 0.37),
        (-0.25, 0.32),
        (-0.15, 0.31),
        (-0.07, 0.36),
        (-0.11, 0.24),
        (-0.19, 0.1),
        (-0.2, 0.0),
    ])
}

fn knight_on(b: &mut Build, base: f32, scale: f32) {
    b.prism(
        horse_head(),
        0.2,
        Transform::from_xyz(0.0, base, 0.0).with_scale(Vec3::new(scale, scale, 1.0)),
        Tone::Body,
    );
    // Eyes on both sides.
    for z in [0.1, -0.1] {
        b.sphere(
            Vec3::new(-0.1 * scale, base + 0.53 * scale, z),
            0.028,
            Tone::Accent,
        );
    }
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

fn wings(b: &mut Build, root_y: f32, span: f32, lift_deg: f32, tone: Tone) {
    for right in [false, true] {
        let x = if right { 0.05 } else { -0.05 };
        wing(b, Vec3::new(x, root_y, -0.05), span, lift_deg, right, tone);
    }
}

fn tower(b: &mut Build, height: f32, radius: f32) {
    let mut p = foot();
    let r = radius;
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
    // Merlons around the rim.
    let ring = r + 0.01;
    for k in 0..6 {
        let a = (30.0 + 60.0 * k as f32).to_radians();
        let c = Vec3::new(ring * a.cos(), height + 0.04, ring * a.sin());
        b.part(
            Shape::Prism {
                outline: pts(&[
                    (-0.045, -0.04),
                    (0.045, -0.04),
                    (0.045, 0.04),
                    (-0.045, 0.04),
                ]),
                depth: 0.08,
            },
            Transform::from_translation(c).with_rotation(Quat::from_rotation_y(PI / 2.0 - a)),
            Tone::Body,
        );
    }
}

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

fn bishop_body(b: &mut Build) -> f32 {
    let mut p = foot();
    p.extend(pts(&[
        (0.19, 0.11),
        (0.12, 0.3),
        (0.2, 0.33),
        (0.2, 0.36),
        (0.1, 0.38),
        (0.0, 0.38),
    ]));
    b.lathe(p);
    0.37
}

fn pawn(b: &mut Build) {
    let mut p = foot();
    p.extend(pts(&[
        (0.19, 0.11),
        (0.12, 0.28),
        (0.18, 0.3),
        (0.18, 0.325),
        (0.1, 0.34),
    ]));
    p.extend(arc(0.0, 0.445, 0.125, -58.0, 90.0, 10));
    b.lathe(p);
}

fn crowned_body(b: &mut Build, top: f32) {
    let mut p = foot();
    p.extend(pts(&[
        (0.2, 0.11),
        (0.13, 0.34),
        (0.1, top - 0.2),
        (0.15, top - 0.16),
        (0.15, top - 0.13),
        (0.1, top - 0.11),
        (0.16, top - 0.02),
        (0.19, top + 0.02),
        (0.16, top + 0.03),
        (0.0, top),
    ]));
    b.lathe(p);
}

fn wizard(b: &mut Build, diagonal: bool) {
    let mut p = foot();
    p.extend(pts(&[
        (0.2, 0.11),
        (0.15, 0.3),
        (0.09, 0.44),
        (0.05, 0.47),
        (0.0, 0.47),
    ]));
    b.lathe(p);
    b.sphere(Vec3::new(0.0, 0.52, 0.0), 0.075, Tone::Body);
    // Hat: brim and a tall cone leaning back a little.
    b.lathe_at(
        pts(&[
            (0.0, 0.0),
            (0.19, 0.0),
            (0.19, 0.02),
            (0.09, 0.03),
            (0.0, 0.36),
        ]),
        Transform::from_xyz(0.0, 0.56, 0.0).with_rotation(Quat::from_rotation_z(-0.18)),
        Tone::Body,
    );
    b.torus(Vec3::new(0.0, 0.6, 0.0), 0.08, 0.02, Tone::Accent);
    b.emblem(Vec3::new(0.0, 0.27, 0.0), 0.12, diagonal, 0.38);
}

fn helmet_body(b: &mut Build) {
    let mut p = foot();
    p.extend(pts(&[
        (0.2, 0.11),
        (0.14, 0.3),
        (0.21, 0.33),
        (0.21, 0.36),
        (0.0, 0.36),
    ]));
    b.lathe(p);
}

fn shield_outline() -> Vec<Vec2> {
    let mut o = pts(&[(-0.2, 0.62), (-0.2, 0.42)]);
    o.extend(arc(0.22, 0.42, 0.42, 180.0, 242.0, 6));
    o.extend(arc(-0.22, 0.42, 0.42, -62.0, 0.0, 6));
    o.push(v(0.2, 0.62));
    o
}

/// The parts that draw `kind`.
pub fn parts(kind: Kind) -> Vec<Part> {
    let mut b = Build::default();
    match kind {
        Kind::Pawn => pawn(&mut b),
        Kind::NinjaPawn => {
            pawn(&mut b);
            b.torus(Vec3::new(0.0, 0.46, 0.0), 0.122, 0.028, Tone::Accent);
            // Headband tails fluttering to the right.
            for (y, a) in [(0.46, -25.0f32), (0.44, -45.0)] {
                b.cube(
                    Vec3::new(0.2, y - 0.05, -0.06),
                    Vec3::new(0.17, 0.035, 0.03),
                    a,
                    Tone::Accent,
                );
            }
        }
        Kind::Knight => {
            b.lathe(plinth(0.12));
            knight_on(&mut b, 0.12, 1.0);
        }
        Kind::WazirKnight | Kind::FerzKnight => {
            b.lathe(plinth(0.12));
            knight_on(&mut b, 0.12, 1.0);
            b.emblem(
                Vec3::new(0.07, 0.34, 0.0),
                0.13,
                kind == Kind::FerzKnight,
                0.24,
            );
        }
        Kind::SorcererKnight => {
            b.lathe(plinth(0.12));
            knight_on(&mut b, 0.12, 1.0);
            b.lathe_at(
                pts(&[
                    (0.0, 0.0),
                    (0.15, 0.0),
                    (0.15, 0.02),
                    (0.07, 0.03),
                    (0.0, 0.3),
                ]),
                Transform::from_xyz(0.0, 0.78, 0.0).with_rotation(Quat::from_rotation_z(-0.35)),
                Tone::Body,
            );
            b.torus(Vec3::new(0.0, 0.81, 0.0), 0.065, 0.018, Tone::Accent)
                .emblem(Vec3::new(0.08, 0.32, 0.0), 0.1, false, 0.24)
                .emblem(Vec3::new(0.08, 0.2, 0.0), 0.1, true, 0.24);
        }
        Kind::Bishop => {
            let top = bishop_body(&mut b);
            mitre(&mut b, top, 1.0);
        }
        Kind::Rook => tower(&mut b, 0.6, 0.2),
        Kind::Queen => {
            crowned_body(&mut b, 0.74);
            for k in 0..9 {
                let a = (k as f32 * 40.0).to_radians();
                b.sphere(
                    Vec3::new(0.18 * a.cos(), 0.8, 0.18 * a.sin()),
                    0.034,
                    Tone::Body,
                );
            }
            b.lathe_at(
                pts(&[(0.0, 0.0), (0.09, 0.0), (0.05, 0.05), (0.0, 0.06)]),
                Transform::from_xyz(0.0, 0.74, 0.0),
                Tone::Body,
            )
            .sphere(Vec3::new(0.0, 0.86, 0.0), 0.05, Tone::Body);
        }
        Kind::King => {
            crowned_body(&mut b, 0.76);
            let mut cap = vec![v(0.0, 0.0)];
            cap.extend(arc(0.0, 0.0, 0.15, 0.0, 90.0, 6));
            b.lathe_at(cap, Transform::from_xyz(0.0, 0.76, 0.0), Tone::Body);
            b.cube(
                Vec3::new(0.0, 1.0, 0.0),
                Vec3::new(0.055, 0.2, 0.055),
                0.0,
                Tone::Body,
            )
            .cube(
                Vec3::new(0.0, 1.02, 0.0),
                Vec3::new(0.17, 0.055, 0.055),
                0.0,
                Tone::Body,
            );
        }
        Kind::Prince => {
            crowned_body(&mut b, 0.62);
            b.torus(Vec3::new(0.0, 0.64, 0.0), 0.15, 0.022, Tone::Accent);
            for k in 0..5 {
                let a = (90.0 + k as f32 * 72.0).to_radians();
                b.lathe_at(
                    pts(&[(0.0, 0.0), (0.035, 0.0), (0.0, 0.11)]),
                    Transform::from_xyz(0.15 * a.cos(), 0.64, 0.15 * a.sin()),
                    Tone::Body,
                );
            }
            b.sphere(Vec3::new(0.0, 0.69, 0.0), 0.05, Tone::Body);
        }
        Kind::Marshal => {
            // A horse rising out of a tower.
            tower(&mut b, 0.36, 0.22);
            knight_on(&mut b, 0.26, 0.85);
        }
        Kind::Cardinal => {
            // A horse wearing a bishop's mitre.
            b.lathe(plinth(0.12));
            knight_on(&mut b, 0.12, 0.9);
            mitre(&mut b, 0.6, 0.6);
        }
        Kind::Champion => {
            helmet_body(&mut b);
            b.lathe_at(
                {
                    let mut p = vec![v(0.0, 0.0)];
                    p.extend(arc(0.0, 0.12, 0.17, -45.0, 90.0, 10));
                    p
                },
                Transform::from_xyz(0.0, 0.35, 0.0),
                Tone::Body,
            );
            // Visor slit and plume crest.
            b.cube(
                Vec3::new(0.0, 0.5, 0.0),
                Vec3::new(0.2, 0.035, 0.36),
                0.0,
                Tone::Accent,
            );
            let mut crest = arc(0.0, 0.5, 0.26, 10.0, 170.0, 10);
            crest.extend(arc(0.0, 0.5, 0.17, 170.0, 10.0, 10));
            b.prism(crest, 0.06, Transform::IDENTITY, Tone::Accent);
            b.emblem(Vec3::new(0.0, 0.24, 0.0), 0.09, false, 0.3);
        }
        Kind::Templar => {
            helmet_body(&mut b);
            // Flat-topped great helm with a cross of slits.
            b.lathe_at(
                pts(&[
                    (0.0, 0.0),
                    (0.18, 0.0),
                    (0.18, 0.26),
                    (0.16, 0.3),
                    (0.0, 0.31),
                ]),
                Transform::from_xyz(0.0, 0.35, 0.0),
                Tone::Body,
            );
            b.cube(
                Vec3::new(0.0, 0.49, 0.0),
                Vec3::new(0.04, 0.22, 0.4),
                0.0,
                Tone::Accent,
            )
            .cube(
                Vec3::new(0.0, 0.54, 0.0),
                Vec3::new(0.26, 0.04, 0.4),
                0.0,
                Tone::Accent,
            );
            b.emblem(Vec3::new(0.0, 0.24, 0.0), 0.09, true, 0.3);
        }
        Kind::Gryphon | Kind::AntiGryphon => {
            let mut p = foot();
            p.extend(pts(&[(0.19, 0.11), (0.15, 0.3), (0.11, 0.44), (0.0, 0.46)]));
            b.lathe(p);
            // Eagle head with a hooked beak, facing left.
            b.prism(
                pts(&[
                    (0.08, 0.4),
                    (0.09, 0.56),
                    (0.04, 0.66),
                    (-0.05, 0.68),
                    (-0.12, 0.64),
                    (-0.2, 0.6),
                    (-0.22, 0.55),
                    (-0.17, 0.57),
                    (-0.1, 0.55),
                    (-0.07, 0.42),
                ]),
                0.16,
                Transform::IDENTITY,
                Tone::Body,
            );
            for z in [0.085, -0.085] {
                b.sphere(Vec3::new(-0.06, 0.61, z), 0.022, Tone::Accent);
            }
            if kind == Kind::Gryphon {
                wings(&mut b, 0.4, 0.36, 48.0, Tone::Body);
            } else {
                wings(&mut b, 0.46, 0.36, -28.0, Tone::Body);
                b.torus(Vec3::new(0.0, 0.3, 0.0), 0.155, 0.022, Tone::Accent);
            }
        }
        Kind::Bomber => {
            b.lathe(plinth(0.1));
            b.lathe_at(
                pts(&[(0.0, 0.0), (0.035, 0.0), (0.035, 0.3), (0.0, 0.3)]),
                Transform::from_xyz(0.0, 0.1, 0.0),
                Tone::Body,
            );
            // An aeroplane standing nose up: straight (orthogonal) wings.
            let half = [
                (0.0, 0.92),
                (0.05, 0.84),
                (0.05, 0.64),
                (0.33, 0.6),
                (0.33, 0.53),
                (0.05, 0.52),
                (0.05, 0.34),
                (0.15, 0.29),
                (0.15, 0.25),
                (0.0, 0.27),
            ];
            let mut outline = pts(&half);
            outline.extend(half.iter().rev().skip(1).take(8).map(|&(x, y)| v(-x, y)));
            b.prism(outline, 0.07, Transform::IDENTITY, Tone::Body);
            for x in [-0.2, 0.2] {
                b.blob(
                    Vec3::new(x, 0.5, 0.0),
                    Vec3::new(0.035, 0.07, 0.06),
                    Tone::Accent,
                );
            }
            b.blob(
                Vec3::new(0.0, 0.78, 0.0),
                Vec3::new(0.03, 0.06, 0.06),
                Tone::Accent,
            );
        }
        Kind::Raptor => {
            b.lathe(plinth(0.1));
            b.lathe_at(
                pts(&[(0.0, 0.0), (0.035, 0.0), (0.035, 0.26), (0.0, 0.26)]),
                Transform::from_xyz(0.0, 0.1, 0.0),
                Tone::Body,
            );
            // A bird of prey seen from above: wings swept diagonally.
            let half = [
                (0.0, 0.9),
                (0.04, 0.86),
                (0.05, 0.76),
                (0.07, 0.66),
                (0.34, 0.88),
                (0.37, 0.84),
                (0.3, 0.74),
                (0.32, 0.72),
                (0.24, 0.62),
                (0.25, 0.6),
                (0.08, 0.52),
                (0.06, 0.42),
                (0.12, 0.3),
                (0.0, 0.33),
            ];
            let mut outline = pts(&half);
            outline.extend(half.iter().rev().skip(1).take(12).map(|&(x, y)| v(-x, y)));
            b.prism(outline, 0.07, Transform::IDENTITY, Tone::Body);
            b.blob(
                Vec3::new(0.0, 0.9, 0.0),
                Vec3::new(0.025, 0.035, 0.05),
                Tone::Accent,
            );
            b.emblem(Vec3::new(0.0, 0.58, 0.0), 0.08, true, 0.1);
        }
        Kind::Cannon => {
            b.lathe(plinth(0.07));
            b.cube(
                Vec3::new(0.03, 0.15, 0.0),
                Vec3::new(0.34, 0.12, 0.24),
                0.0,
                Tone::Body,
            );
            for z in [0.15, -0.15] {
                b.disc_facing(Vec3::new(0.06, 0.2, z), 0.14, 0.05, Tone::Body);
                b.disc_facing(
                    Vec3::new(0.06, 0.2, z + 0.03 * z.signum()),
                    0.05,
                    0.02,
                    Tone::Accent,
                );
            }
            // A long horizontal barrel (orthogonal).
            let barrel = pts(&[
                (0.0, -0.3),
                (0.1, -0.3),
                (0.1, -0.2),
                (0.085, -0.18),
                (0.07, 0.22),
                (0.09, 0.24),
                (0.09, 0.3),
                (0.05, 0.3),
                (0.0, 0.28),
            ]);
            b.lathe_at(
                barrel,
                Transform::from_xyz(-0.04, 0.33, 0.0)
                    .with_rotation(Quat::from_rotation_z(PI / 2.0 - 0.12)),
                Tone::Body,
            );
            b.sphere(Vec3::new(0.29, 0.36, 0.0), 0.05, Tone::Body);
        }
        Kind::Vao => {
            b.lathe(plinth(0.07));
            b.cube(
                Vec3::new(0.0, 0.14, 0.0),
                Vec3::new(0.34, 0.14, 0.3),
                0.0,
                Tone::Body,
            );
            // A squat mortar tilted 45° (diagonal).
            let barrel = pts(&[
                (0.0, -0.12),
                (0.13, -0.12),
                (0.12, 0.16),
                (0.15, 0.18),
                (0.15, 0.24),
                (0.1, 0.24),
                (0.0, 0.22),
            ]);
            b.lathe_at(
                barrel,
                Transform::from_xyz(0.02, 0.36, 0.0).with_rotation(Quat::from_rotation_z(PI / 4.0)),
                Tone::Body,
            );
            b.emblem(Vec3::new(0.0, 0.14, 0.0), 0.08, true, 0.32);
        }
        Kind::FlyingChariot => {
            tower(&mut b, 0.56, 0.19);
            wings(&mut b, 0.3, 0.44, 22.0, Tone::Accent);
        }
        Kind::FlyingBishop => {
            let top = bishop_body(&mut b);
            mitre(&mut b, top, 1.0);
            wings(&mut b, 0.3, 0.42, 28.0, Tone::Accent);
        }
        Kind::WazirSorcerer => wizard(&mut b, false),
        Kind::FerzSorcerer => wizard(&mut b, true),
        Kind::Lady => {
            let mut p = pts(&[
                (0.0, 0.0),
                (0.31, 0.0),
                (0.31, 0.04),
                (0.27, 0.1),
                (0.18, 0.3),
                (0.1, 0.47),
                (0.075, 0.53),
                (0.12, 0.6),
                (0.09, 0.63),
                (0.04, 0.64),
            ]);
            p.extend(arc(0.0, 0.71, 0.075, -60.0, 90.0, 8));
            b.lathe(p);
            b.torus(Vec3::new(0.0, 0.76, 0.0), 0.055, 0.018, Tone::Accent);
            for k in 0..3 {
                let a = (60.0 + k as f32 * 30.0).to_radians();
                b.sphere(
                    Vec3::new(0.07 * a.cos(), 0.77 + 0.07 * a.sin(), 0.0),
                    0.022,
                    Tone::Accent,
                );
            }
            b.torus(Vec3::new(0.0, 0.33, 0.0), 0.165, 0.02, Tone::Accent);
        }
        Kind::Squire | Kind::Crusader => {
            b.lathe(plinth(0.1));
            if kind == Kind::Crusader {
                // A sword behind the shield.
                b.prism(
                    pts(&[
                        (-0.03, 0.55),
                        (0.03, 0.55),
                        (0.03, 0.86),
                        (0.0, 0.93),
                        (-0.03, 0.86),
                    ]),
                    0.03,
                    Transform::from_xyz(0.0, 0.0, -0.05),
                    Tone::Body,
                );
                b.cube(
                    Vec3::new(0.0, 0.66, -0.05),
                    Vec3::new(0.3, 0.04, 0.05),
                    0.0,
                    Tone::Body,
                );
            }
            b.prism(
                shield_outline(),
                0.07,
                Transform::from_xyz(0.0, -0.02, 0.0),
                Tone::Body,
            );
            if kind == Kind::Crusader {
                b.cube(
                    Vec3::new(0.0, 0.38, 0.0),
                    Vec3::new(0.05, 0.36, 0.1),
                    0.0,
                    Tone::Accent,
                )
                .cube(
                    Vec3::new(0.0, 0.44, 0.0),
                    Vec3::new(0.28, 0.05, 0.1),
                    0.0,
                    Tone::Accent,
                );
            } else {
                b.cube(
                    Vec3::new(0.0, 0.38, 0.0),
                    Vec3::new(0.06, 0.5, 0.1),
                    -35.0,
                    Tone::Accent,
                );
            }
        }
        Kind::Ghost => {
            let mut p = pts(&[
                (0.0, 0.06),
                (0.23, 0.06),
                (0.26, 0.1),
                (0.22, 0.16),
                (0.2, 0.42),
            ]);
            p.extend(arc(0.0, 0.46, 0.2, -10.0, 90.0, 10));
            b.lathe(p);
            for k in 0..8 {
                let a = (k as f32 * 45.0 + 22.5).to_radians();
                b.sphere(
                    Vec3::new(0.22 * a.cos(), 0.07, 0.22 * a.sin()),
                    0.05,
                    Tone::Body,
                );
            }
            for side in [1.0f32, -1.0] {
                for x in [-0.075, 0.075] {
                    b.blob(
                        Vec3::new(x, 0.5, 0.16 * side),
                        Vec3::new(0.03, 0.05, 0.05),
                        Tone::Accent,
                    );
                }
                b.blob(
                    Vec3::new(0.0, 0.36, 0.185 * side),
                    Vec3::new(0.05, 0.035, 0.04),
                    Tone::Accent,
                );
            }
        }
        Kind::Relay => {
            let mut p = foot();
            p.extend(pts(&[
                (0.15, 0.12),
                (0.04, 0.2),
                (0.035, 0.78),
                (0.0, 0.78),
            ]));
            b.lathe(p);
            b.sphere(Vec3::new(0.0, 0.8, 0.0), 0.05, Tone::Accent);
            for (y, r) in [(0.3, 0.17), (0.46, 0.13), (0.6, 0.09)] {
                b.torus(Vec3::new(0.0, y, 0.0), r, 0.022, Tone::Body);
            }
            // Signal waves on both sides.
            for (right, rad) in [(false, 0.14), (false, 0.22), (true, 0.14), (true, 0.22)] {
                let (a0, a1) = if right { (-40.0, 40.0) } else { (140.0, 220.0) };
                let mut w = arc(0.0, 0.8, rad + 0.02, a0, a1, 8);
                w.extend(arc(0.0, 0.8, rad - 0.02, a1, a0, 8));
                b.prism(w, 0.04, Transform::IDENTITY, Tone::Accent);
            }
        }
        Kind::Warlord => {
            helmet_body(&mut b);
            b.lathe_at(
                {
                    let mut p = pts(&[(0.0, 0.0), (0.21, 0.0), (0.21, 0.03), (0.17, 0.04)]);
                    p.extend(arc(0.0, 0.06, 0.17, 0.0, 90.0, 8));
                    p
                },
                Transform::from_xyz(0.0, 0.35, 0.0),
                Tone::Body,
            );
            // Horns curving up and out.
            for sx in [-1.0f32, 1.0] {
                let horn = pts(&[
                    (0.12, 0.48),
                    (0.24, 0.52),
                    (0.32, 0.62),
                    (0.34, 0.78),
                    (0.29, 0.64),
                    (0.2, 0.58),
                    (0.12, 0.57),
                ]);
                b.prism(
                    horn,
                    0.06,
                    Transform::from_scale(Vec3::new(sx, 1.0, 1.0)),
                    Tone::Accent,
                );
            }
            b.cube(
                Vec3::new(0.0, 0.42, 0.0),
                Vec3::new(0.045, 0.14, 0.38),
                0.0,
                Tone::Accent,
            );
        }
        Kind::Serpent => {
            b.lathe(plinth(0.06));
            for (y, r, t) in [
                (0.12, 0.19, 0.055),
                (0.22, 0.145, 0.05),
                (0.305, 0.1, 0.045),
            ] {
                b.torus(Vec3::new(0.0, y, 0.0), r, t, Tone::Body);
            }
            // Neck and head rising, facing left, with a forked tongue.
            b.prism(
                pts(&[
                    (0.06, 0.3),
                    (0.07, 0.5),
                    (0.02, 0.62),
                    (-0.08, 0.66),
                    (-0.19, 0.62),
                    (-0.2, 0.57),
                    (-0.06, 0.56),
                    (-0.02, 0.48),
                    (-0.03, 0.3),
                ]),
                0.1,
                Transform::IDENTITY,
                Tone::Body,
            );
            b.prism(
                pts(&[
                    (-0.19, 0.585),
                    (-0.27, 0.6),
                    (-0.3, 0.625),
                    (-0.28, 0.595),
                    (-0.3, 0.57),
                    (-0.27, 0.58),
                    (-0.19, 0.575),
                ]),
                0.02,
                Transform::IDENTITY,
                Tone::Accent,
            );
            for z in [0.055, -0.055] {
                b.sphere(Vec3::new(-0.08, 0.62, z), 0.02, Tone::Accent);
            }
        }
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
    use crate::app::piece_art::geom::front_bounds;

    #[test]
    fn every_kind_has_a_piece_sized_shape() {
        for kind in Kind::ALL {
            let parts = parts(kind);
            assert!(!parts.is_empty(), "{kind:?}");
            let (lo, hi) = front_bounds(&parts);
            let size = hi - lo;
            assert!(size.x > 0.3 && size.x < 1.0, "{kind:?} width {}", size.x);
            assert!(size.y > 0.3 && size.y < 1.15, "{kind:?} height {}", size.y);
            assert!(lo.y > -0.05, "{kind:?} sinks below the board: {}", lo.y);
        }
    }
}
