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
//!
//! One file per family ([`pawns`], [`minors`], [`majors`], [`queens`],
//! [`royals`]) holds a small function per design; [`motifs`] holds the
//! shared vocabulary and [`build`] the part builder.

mod build;
mod majors;
mod minors;
mod motifs;
mod pawns;
mod queens;
mod royals;

pub(super) use build::{Build, pts, v};

use super::geom::{Part, Shape};
use chimera_rules::Kind;

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

/// The parts that draw the built-in `kind`.
pub fn parts(kind: Kind) -> Vec<Part> {
    let mut b = Build::default();
    let fam = family(kind);
    match kind {
        // Pawns.
        Kind::Pawn => {
            motifs::pawn(&mut b);
        }
        Kind::NinjaPawn => pawns::ninja_pawn(&mut b),
        // Minor pieces (and the Crusader, drawn as a Squire with more).
        Kind::Knight => minors::knight(&mut b),
        Kind::WazirKnight | Kind::FerzKnight => minors::stepping_knight(&mut b, kind),
        Kind::Bishop => minors::bishop(&mut b),
        Kind::Squire | Kind::Crusader => minors::shield_knight(&mut b, fam, kind),
        Kind::Ghost => minors::ghost(&mut b),
        Kind::Relay => minors::relay(&mut b),
        // Major pieces.
        Kind::Rook => motifs::tower(&mut b, fam, 0.8, 0.21),
        Kind::FlyingChariot => majors::flying_chariot(&mut b),
        Kind::FlyingBishop => majors::flying_bishop(&mut b),
        Kind::SorcererKnight => majors::sorcerer_knight(&mut b),
        Kind::Champion => majors::champion(&mut b),
        Kind::Templar => majors::templar(&mut b),
        Kind::WazirSorcerer => motifs::wizard(&mut b, false),
        Kind::FerzSorcerer => motifs::wizard(&mut b, true),
        Kind::Gryphon | Kind::AntiGryphon => majors::gryphon(&mut b, kind),
        Kind::Bomber | Kind::Raptor => majors::bomber(&mut b, kind),
        Kind::Cannon | Kind::Vao => majors::cannon(&mut b, kind),
        Kind::Serpent => majors::serpent(&mut b),
        // Queen-class pieces.
        Kind::Queen => queens::queen(&mut b),
        Kind::Marshal => queens::marshal(&mut b),
        Kind::Cardinal => queens::cardinal(&mut b),
        Kind::Lady => queens::lady(&mut b),
        Kind::Warlord => queens::warlord(&mut b),
        // Royals.
        Kind::Prince => royals::prince(&mut b),
        Kind::King => royals::king(&mut b),
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
    use crate::piece_art::geom::{Tone, front_bounds};

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
