//! The pawns: small, a round head on a short body (see `motifs::pawn`).

use super::build::Build;
use super::motifs::*;
use crate::piece_art::geom::Tone;
use bevy::prelude::*;

/// The design of `Kind::NinjaPawn`.
pub(super) fn ninja_pawn(b: &mut Build) {
    let head = pawn(b);
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
