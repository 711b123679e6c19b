//! The look of piece kinds without art of their own: the kinds a variant
//! file defines. Such a piece is a **medallion on a stand**: a square
//! plinth (every built-in piece stands on a round foot, so a generic piece
//! is known as one from any side) and a slim neck holding an upright disc
//! (the plaque) with a rim. The plaque carries the piece's **letter** in this variant, raised on both
//! faces (so it reads from the front and from behind), and round its rim a
//! **rose** of marks that says how it moves, as its owner sees the front of
//! the plaque from their side of the board: up is the owner's forward,
//! right the owner's right (so a lance's arrow points up for both sides):
//!
//! - a short **peg** on the rim: a one-square step that way (Wazir, Ferz);
//! - a **dot** beyond the rim: a leap that way, over whatever stands
//!   between (Dabbaba, Alfil, and a Knight's eight dots between the pegs'
//!   directions);
//! - a long **arrow**: a slide that way (rook lines straight, bishop lines
//!   slanted; a Nightrider's slanted between them);
//! - an outer **ring**: it reaches any square (a Ghost's or Warlord's power).
//!
//! So a cross of arrows is a rook mover, an X of pegs a Ferz, a ring of
//! dots a Knight. Height says strength as for the built-in pieces (see
//! [`Family`]): the piece's [`strength`] (a step or a leap 1 per direction,
//! a slide 4 straight and 3 slanted, any square 16) picks its family and
//! how high in the family's band it stands.

use super::designs::{Build, Family, pts, v};
use super::geom::{Part, Shape, Tone, front_bounds};
use super::letters;
use bevy::prelude::*;
use chimera_rules::pieces::{PieceDef, Special};
use chimera_rules::{Kind, Variant};
use std::f32::consts::FRAC_PI_2;

/// How far a piece goes along one direction of its rose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reach {
    /// One square (a peg).
    Step,
    /// A fixed leap further than one step (a dot).
    Leap,
    /// A slide any distance (an arrow).
    Ride,
}

/// One mark of the rose: a direction, `dx` files to the piece's right and
/// `dy` ranks forward (the smallest whole step that way), and how far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mark {
    /// Files to the right.
    pub dx: i8,
    /// Ranks forward.
    pub dy: i8,
    /// Step, leap or slide.
    pub reach: Reach,
}

/// Everything the generic piece of one kind in one variant shows: two
/// kinds (or one kind in two variants) with equal looks share a model and
/// a glyph.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GenericLook {
    /// The letter on the plaque (the kind's letter in the variant).
    pub letter: char,
    /// The height family.
    pub family: Family,
    /// How high in its family's band the piece stands, 0..=[`RUNGS`].
    pub rung: u8,
    /// The rose round the plaque, sorted.
    pub marks: Vec<Mark>,
    /// The outer ring: it can reach any square.
    pub anywhere: bool,
}

/// Steps of height inside a family's band.
pub const RUNGS: u8 = 4;

impl GenericLook {
    /// The look of `kind` in `v`: its letter there and a rose from its
    /// movement (White's table; a piece's own forward is up on the plaque).
    pub fn of(v: &Variant, kind: Kind) -> GenericLook {
        let (marks, anywhere) = v
            .def(kind.num())
            .map(|d| rose(d, v.geo.stride))
            .unwrap_or_default();
        GenericLook::new(v.letter(kind), marks, anywhere)
    }

    /// The look a kind gets where its variant is unknown: a question mark
    /// and no rose.
    pub fn unknown() -> GenericLook {
        GenericLook::new('?', Vec::new(), false)
    }

    fn new(letter: char, marks: Vec<Mark>, anywhere: bool) -> GenericLook {
        let (family, rung) = family_of(strength(&marks, anywhere));
        GenericLook {
            letter,
            family,
            rung,
            marks,
            anywhere,
        }
    }
}

/// Files and ranks of the mailbox offset `off` on a board of `stride`
/// (every leap is shorter than half the stride across, see `geometry::PAD`).
fn step_of(off: i16, stride: i16) -> (i8, i8) {
    let dy = (off as f32 / stride as f32).round() as i16;
    ((off - dy * stride) as i8, dy as i8)
}

fn gcd(a: i8, b: i8) -> i8 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The mark of a move by (`dx`, `dy`): a slide when `ride`, else a step
/// when it is one square along a line, else a leap.
fn mark(dx: i8, dy: i8, ride: bool) -> Mark {
    let g = gcd(dx, dy);
    let (px, py) = (dx / g, dy / g);
    let reach = if ride {
        Reach::Ride
    } else if g == 1 && px.abs() <= 1 && py.abs() <= 1 {
        Reach::Step
    } else {
        Reach::Leap
    };
    Mark {
        dx: px,
        dy: py,
        reach,
    }
}

/// The eight one-square directions, straight ones first.
const STRAIGHT: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const SLANTED: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The rose of a movement table (White's) and whether it reaches anywhere.
fn rose(def: &PieceDef, stride: i16) -> (Vec<Mark>, bool) {
    let mut marks: Vec<Mark> = Vec::new();
    let leaps = def.leaps.iter().map(|l| l.off);
    for off in leaps.chain(def.two_paths.iter().map(|t| t.off)) {
        let (dx, dy) = step_of(off, stride);
        marks.push(mark(dx, dy, false));
    }
    for r in &def.rides {
        let (dx, dy) = step_of(r.dir, stride);
        marks.push(mark(dx, dy, true));
    }
    let lines = |slanted: bool| if slanted { SLANTED } else { STRAIGHT };
    let mut named = |steps: &[(i8, i8)], slides: &[(i8, i8)]| {
        marks.extend(steps.iter().map(|&(x, y)| mark(x, y, false)));
        marks.extend(slides.iter().map(|&(x, y)| mark(x, y, true)));
    };
    let mut anywhere = false;
    match def.special {
        Special::None => {}
        Special::Pawn | Special::Ninja => named(&[(0, 1), (-1, 1), (1, 1)], &[]),
        Special::Gryphon { .. } => named(&SLANTED, &STRAIGHT),
        Special::AntiGryphon { .. } => named(&STRAIGHT, &SLANTED),
        Special::Bomber { diag } | Special::Hopper { diag } | Special::FlyingJump { diag } => {
            named(&[], &lines(diag))
        }
        Special::Ghost | Special::Warlord => anywhere = true,
    }
    // A slide covers the step and the leaps along its line.
    let slides: Vec<(i8, i8)> = marks
        .iter()
        .filter(|m| m.reach == Reach::Ride)
        .map(|m| (m.dx, m.dy))
        .collect();
    marks.retain(|m| m.reach == Reach::Ride || !slides.contains(&(m.dx, m.dy)));
    marks.sort();
    marks.dedup();
    (marks, anywhere)
}

/// How strong a rose is: 1 per step or leap direction, 4 per straight
/// slide and 3 per other slide, 16 for reaching anywhere (a rook 16, a
/// bishop 12, a knight or a king 8, a queen 28).
pub fn strength(marks: &[Mark], anywhere: bool) -> u32 {
    let slide = |m: &Mark| if m.dx == 0 || m.dy == 0 { 4 } else { 3 };
    let each: u32 = marks
        .iter()
        .map(|m| match m.reach {
            Reach::Step | Reach::Leap => 1,
            Reach::Ride => slide(m),
        })
        .sum();
    each + if anywhere { 16 } else { 0 }
}

/// The family and rung of a strength: up to 4 (a Wazir, a lance) pawn
/// height, up to 12 (a knight, a bishop) minor, up to 19 (a rook) major,
/// beyond that queen height.
fn family_of(strength: u32) -> (Family, u8) {
    let (family, lo, hi) = match strength {
        0..=4 => (Family::Pawn, 0, 4),
        5..=12 => (Family::Minor, 5, 12),
        13..=19 => (Family::Major, 13, 19),
        _ => (Family::Queen, 20, 36),
    };
    let t = (strength.clamp(lo, hi) - lo) as f32 / (hi - lo) as f32;
    (family, (t * RUNGS as f32).round() as u8)
}

/// Radius of the plaque: wider for higher families.
fn plaque_radius(family: Family) -> f32 {
    match family {
        Family::Pawn => 0.15,
        Family::Minor => 0.17,
        Family::Major => 0.18,
        _ => 0.19,
    }
}

/// Thickness of the plaque.
const PLAQUE: f32 = 0.055;
/// How far the letter stands out of each face.
const RAISED: f32 = 0.012;
/// Depth of the rose's marks (they go through the plaque).
const MARK_DEPTH: f32 = 0.1;
/// Half the side of the square plinth, in foot radii of the family.
const PLINTH: f32 = 0.85;
/// Lowest top of the neck.
const NECK_TOP: f32 = 0.21;
/// How far below the plaque's centre the neck ends, in plaque radii: under
/// the letter, inside the rim.
const NECK_BELOW: f32 = 0.86;

/// A ring in the plaque's plane (about the view axis): centre-line radius
/// `big`, tube radius `small`.
fn ring(b: &mut Build, big: f32, small: f32) {
    let mut profile: Vec<Vec2> = (0..8)
        .map(|i| {
            let a = (i as f32 * 45.0 - 90.0).to_radians();
            v(big + small * a.cos(), small * a.sin())
        })
        .collect();
    profile.dedup();
    b.part(
        Shape::Lathe {
            profile,
            closed: true,
        },
        Transform::from_rotation(Quat::from_rotation_x(FRAC_PI_2)),
        Tone::Accent,
    );
}

/// The letter `c` on the face of the plaque of radius `r` at `z` (its
/// middle layer), `mirrored` left to right (for a face seen from behind).
fn letter(b: &mut Build, c: char, r: f32, z: f32, mirrored: bool) {
    let k = 1.4 * r / letters::HEIGHT;
    let width = k;
    let sx = if mirrored { -1.0 } else { 1.0 };
    let place = |p: Vec2| {
        v(
            sx * (p.x - letters::WIDTH * 0.5) * k,
            (p.y - letters::HEIGHT * 0.5) * k,
        )
    };
    for stroke in letters::strokes(c) {
        let points: Vec<Vec2> = stroke.iter().map(|p| place(*p)).collect();
        for (i, pair) in points.windows(2).enumerate() {
            let (a, e) = (pair[0], pair[1]);
            let along = e - a;
            // A little longer than the segment: gentle bends close up.
            let length = along.length() + 0.3 * width;
            let angle = along.y.atan2(along.x).to_degrees();
            b.cube(
                ((a + e) * 0.5).extend(z),
                Vec3::new(length, width, RAISED),
                angle,
                Tone::Accent,
            );
            // A sharp corner gets a round joint.
            if let Some(&next) = points.get(i + 2) {
                let turn = along.angle_to(next - e).abs().to_degrees();
                if turn > 35.0 {
                    let joint: Vec<Vec2> = (0..8)
                        .map(|j| {
                            let a = (j as f32 * 45.0 + 22.5).to_radians();
                            v(a.cos(), a.sin()) * (width * 0.54)
                        })
                        .collect();
                    b.prism(
                        joint,
                        RAISED,
                        Transform::from_translation(e.extend(z)),
                        Tone::Accent,
                    );
                }
            }
        }
    }
}

/// The rose's marks round a plaque of radius `r` centred at the origin.
fn marks(b: &mut Build, look: &GenericLook, r: f32) {
    for m in &look.marks {
        let dir = Vec2::new(m.dx as f32, m.dy as f32).normalize();
        let angle = dir.y.atan2(dir.x).to_degrees();
        let at = |d: f32| (dir * d).extend(0.0);
        match m.reach {
            Reach::Step => {
                b.cube(
                    at(r * 1.14),
                    Vec3::new(0.34 * r, 0.2 * r, MARK_DEPTH),
                    angle,
                    Tone::Accent,
                );
            }
            Reach::Leap => {
                b.sphere(at(r * 1.55), 0.15 * r, Tone::Accent);
            }
            Reach::Ride => {
                b.cube(
                    at(r * 1.24),
                    Vec3::new(0.54 * r, 0.15 * r, MARK_DEPTH),
                    angle,
                    Tone::Accent,
                );
                b.prism(
                    pts(&[(0.0, -0.22 * r), (0.34 * r, 0.0), (0.0, 0.22 * r)]),
                    MARK_DEPTH,
                    Transform::from_translation(at(r * 1.48))
                        .with_rotation(Quat::from_rotation_z(angle.to_radians())),
                    Tone::Accent,
                );
            }
        }
    }
    if look.anywhere {
        ring(b, r * 1.55, 0.06 * r);
    }
}

/// The parts of the generic piece `look`. `letter_mirrored` mirrors the
/// letter on the front face: for Black's 2D glyph, which is the front view
/// mirrored (the piece turned round), so that the letter reads there too.
/// The back face's letter always reads from behind.
pub fn parts(look: &GenericLook, letter_mirrored: bool) -> Vec<Part> {
    let family = look.family;
    let r = plaque_radius(family);
    // The plaque, its letters and its rose, centred on the origin.
    let mut face = Build::default();
    face.lathe_at(
        pts(&[
            (0.0, -PLAQUE * 0.5),
            (r, -PLAQUE * 0.5),
            (r, PLAQUE * 0.5),
            (0.0, PLAQUE * 0.5),
        ]),
        Transform::from_rotation(Quat::from_rotation_x(FRAC_PI_2)),
        Tone::Body,
    );
    ring(&mut face, r, 0.016);
    let z = (PLAQUE + RAISED) * 0.5;
    letter(&mut face, look.letter, r, z, letter_mirrored);
    letter(&mut face, look.letter, r, -z, true);
    marks(&mut face, look, r);
    let mut face = face.done();
    // Raised so that its top lies at the rung's height in the family's
    // band, and never so low that the neck would reach the letter.
    let (_, hi) = front_bounds(&face);
    let (band_lo, band_hi) = family.heights();
    let t = 0.1 + 0.8 * look.rung as f32 / RUNGS as f32;
    let lowest = NECK_TOP + NECK_BELOW * r + hi.y;
    let top = (band_lo + (band_hi - band_lo) * t).max(lowest).min(band_hi);
    let lift = top - hi.y;
    for p in &mut face {
        p.transform.translation.y += lift;
    }
    // The stand: a square plinth (every built-in piece stands on a round
    // foot) with an accent edge, and a slim neck up into the plaque's rim.
    let mut b = Build::default();
    let half = family.foot() * PLINTH;
    let mut slab = |half: f32, y0: f32, y1: f32, tone: Tone| {
        b.prism(
            pts(&[(-half, -half), (half, -half), (half, half), (-half, half)]),
            y1 - y0,
            Transform::from_xyz(0.0, (y0 + y1) * 0.5, 0.0)
                .with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
            tone,
        );
    };
    slab(half + 0.006, 0.0, 0.03, Tone::Accent);
    slab(half, 0.0, 0.07, Tone::Body);
    slab(half - 0.035, 0.07, 0.1, Tone::Body);
    let neck_top = lift - NECK_BELOW * r;
    b.lathe(pts(&[
        (0.0, 0.1),
        (0.09, 0.1),
        (0.05, 0.16),
        (0.032, neck_top),
        (0.0, neck_top),
    ]));
    let mut all = b.done();
    all.extend(face);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look(marks: &[(i8, i8, Reach)], anywhere: bool) -> GenericLook {
        let marks = marks
            .iter()
            .map(|&(dx, dy, reach)| Mark { dx, dy, reach })
            .collect();
        GenericLook::new('X', marks, anywhere)
    }

    /// The rose reads the movement tables of the built-in pieces as their
    /// notation says: a rook four arrows, a knight eight dots, a king eight
    /// pegs, a Champion (W, D, A) four pegs and eight dots, a lance-like
    /// forward slide one arrow up.
    #[test]
    fn the_rose_follows_the_movement() {
        let chess = Variant::new("chess", &[]).expect("chess");
        let rook = GenericLook::of(&chess, Kind::Rook);
        assert_eq!(rook.marks.len(), 4);
        assert!(rook.marks.iter().all(|m| m.reach == Reach::Ride));
        assert!(rook.marks.iter().all(|m| m.dx == 0 || m.dy == 0));
        let knight = GenericLook::of(&chess, Kind::Knight);
        assert_eq!(knight.marks.len(), 8);
        assert!(knight.marks.iter().all(|m| m.reach == Reach::Leap));
        assert!(knight.marks.contains(&Mark {
            dx: 1,
            dy: 2,
            reach: Reach::Leap
        }));
        let king = GenericLook::of(&chess, Kind::King);
        assert_eq!(king.marks.len(), 8);
        assert!(king.marks.iter().all(|m| m.reach == Reach::Step));
        // The Champion of Holy Grail: W, D, A on a 10-file board.
        let grail = Variant::new("holygrail", &[]).expect("holygrail");
        let champion = GenericLook::of(&grail, Kind::Champion);
        let count = |r: Reach| champion.marks.iter().filter(|m| m.reach == r).count();
        assert_eq!((count(Reach::Step), count(Reach::Leap)), (4, 8));
        // The Ghost reaches anywhere.
        let ghosts = Variant::new("ghostarelay", &[]).expect("ghostarelay");
        assert!(GenericLook::of(&ghosts, Kind::Ghost).anywhere);
        assert_eq!(
            GenericLook::of(&chess, Kind::Queen).letter,
            'Q',
            "the letter is the variant's"
        );
    }

    #[test]
    fn strength_orders_the_families() {
        let chess = Variant::new("chess", &[]).expect("chess");
        let of = |k: Kind| GenericLook::of(&chess, k);
        let s = |k: Kind| {
            let l = of(k);
            strength(&l.marks, l.anywhere)
        };
        assert_eq!(
            [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen].map(s),
            [8, 12, 16, 28]
        );
        assert_eq!(of(Kind::Knight).family, Family::Minor);
        assert_eq!(of(Kind::Bishop).family, Family::Minor);
        assert_eq!(of(Kind::Rook).family, Family::Major);
        assert_eq!(of(Kind::Queen).family, Family::Queen);
        let lance = look(&[(0, 1, Reach::Ride)], false);
        assert_eq!((lance.family, lance.rung), (Family::Pawn, RUNGS));
        assert_eq!(look(&[], true).family, Family::Major);
    }

    /// Every generic piece stands inside its family's height band, fits
    /// its square, and the letter makes two looks that differ only in it
    /// differ in their parts.
    #[test]
    fn generic_pieces_stand_in_their_band() {
        let roses: [&[(i8, i8, Reach)]; 5] = [
            &[],
            &[(0, 1, Reach::Ride)],
            &[
                (0, 1, Reach::Step),
                (1, 0, Reach::Step),
                (0, -1, Reach::Step),
            ],
            &[
                (1, 2, Reach::Leap),
                (-1, 1, Reach::Step),
                (0, -1, Reach::Ride),
            ],
            &[
                (0, 1, Reach::Ride),
                (1, 0, Reach::Ride),
                (0, -1, Reach::Ride),
                (-1, 0, Reach::Ride),
                (1, 1, Reach::Ride),
                (1, -1, Reach::Ride),
                (-1, -1, Reach::Ride),
                (-1, 1, Reach::Ride),
            ],
        ];
        for rose in roses {
            for anywhere in [false, true] {
                let l = look(rose, anywhere);
                let (lo, hi) = front_bounds(&parts(&l, false));
                let (band_lo, band_hi) = l.family.heights();
                assert!(
                    (band_lo - 1e-4..=band_hi + 1e-4).contains(&hi.y),
                    "{l:?}: top {} outside {band_lo}..{band_hi}",
                    hi.y
                );
                assert!(lo.y > -0.01 && hi.x - lo.x < 0.9, "{l:?}: {lo} {hi}");
            }
        }
    }
}
