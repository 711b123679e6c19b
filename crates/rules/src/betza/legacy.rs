//! The movement table the engine was built from before variant files: one
//! hand-written arm per built-in kind. Kept only as the reference the
//! notation's shipped strings are tested against (tests.rs).

use crate::geometry::{DIAG, Geometry, ORTHO, symmetric};
use crate::pieces::{Kind, Leap, Mode, PieceDef, Ride, Special, lame_paths};

/// Options that change how a kind moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveOptions {
    /// Holy Grail `gryphons=full`.
    pub full_gryphons: bool,
    /// Herculean `sorcerer=lame`.
    pub lame_sorcerer: bool,
}

/// Builds the movement of `kind` on `geo`, written `letter`, as the engine did.
pub fn legacy_def(kind: Kind, letter: char, geo: &Geometry, opts: MoveOptions) -> PieceDef {
    let mut d = PieceDef {
        kind,
        letter,
        leaps: Vec::new(),
        rides: Vec::new(),
        two_paths: Vec::new(),
        special: Special::None,
    };
    let leap = |d: &mut PieceDef, a: i8, b: i8, mode: Mode| {
        for (x, y) in symmetric(a, b) {
            d.leaps.push(Leap {
                off: geo.offset(x, y),
                mode,
            });
        }
    };
    let ride = |d: &mut PieceDef, dirs: &[(i8, i8)], mode: Mode| {
        for &(x, y) in dirs {
            d.rides.push(Ride {
                dir: geo.offset(x, y),
                mode,
            });
        }
    };
    use Mode::Both;
    match kind {
        Kind::Pawn => d.special = Special::Pawn,
        Kind::NinjaPawn => d.special = Special::Ninja,
        Kind::Knight => leap(&mut d, 1, 2, Both),
        Kind::Bishop => ride(&mut d, &DIAG, Both),
        Kind::Rook => ride(&mut d, &ORTHO, Both),
        Kind::Queen => {
            ride(&mut d, &ORTHO, Both);
            ride(&mut d, &DIAG, Both);
        }
        Kind::Lady => {
            // Kind::King step + bishop: the diagonal king steps are the bishop's first steps.
            leap(&mut d, 1, 0, Both);
            ride(&mut d, &DIAG, Both);
        }
        Kind::King | Kind::Prince => {
            leap(&mut d, 1, 0, Both);
            leap(&mut d, 1, 1, Both);
        }
        Kind::Marshal => {
            ride(&mut d, &ORTHO, Both);
            leap(&mut d, 1, 2, Both);
        }
        Kind::Cardinal => {
            ride(&mut d, &DIAG, Both);
            leap(&mut d, 1, 2, Both);
        }
        Kind::Champion => {
            leap(&mut d, 1, 0, Both);
            leap(&mut d, 2, 0, Both);
            leap(&mut d, 2, 2, Both);
        }
        Kind::Templar => {
            leap(&mut d, 1, 1, Both);
            leap(&mut d, 2, 2, Both);
            leap(&mut d, 2, 0, Both);
        }
        Kind::WazirKnight => {
            leap(&mut d, 1, 0, Both);
            leap(&mut d, 1, 2, Both);
        }
        Kind::FerzKnight => {
            leap(&mut d, 1, 1, Both);
            leap(&mut d, 1, 2, Both);
        }
        Kind::WazirSorcerer => {
            leap(&mut d, 1, 0, Both);
            leap(&mut d, 3, 2, Both);
        }
        Kind::FerzSorcerer => {
            leap(&mut d, 1, 1, Both);
            leap(&mut d, 3, 2, Both);
        }
        Kind::SorcererKnight if !opts.lame_sorcerer => {
            leap(&mut d, 1, 2, Both);
            leap(&mut d, 3, 2, Both);
        }
        Kind::SorcererKnight => {
            d.two_paths = lame_paths(geo, &symmetric(1, 2));
            d.two_paths.extend(lame_paths(geo, &symmetric(2, 3)));
        }
        Kind::Squire => d.two_paths = lame_paths(geo, &symmetric(1, 2)),
        Kind::Crusader => {
            d.two_paths = lame_paths(geo, &symmetric(1, 2));
            ride(&mut d, &DIAG, Both);
        }
        Kind::Gryphon => {
            d.special = Special::Gryphon {
                full: opts.full_gryphons,
            };
        }
        Kind::AntiGryphon => {
            d.special = Special::AntiGryphon {
                full: opts.full_gryphons,
            };
        }
        Kind::Bomber => d.special = Special::Bomber { diag: false },
        Kind::Raptor => d.special = Special::Bomber { diag: true },
        Kind::Cannon => {
            ride(&mut d, &ORTHO, Mode::MoveOnly);
            d.special = Special::Hopper { diag: false };
        }
        Kind::Vao => {
            ride(&mut d, &DIAG, Mode::MoveOnly);
            d.special = Special::Hopper { diag: true };
        }
        Kind::FlyingChariot => {
            ride(&mut d, &ORTHO, Both);
            d.special = Special::FlyingJump { diag: false };
        }
        Kind::FlyingBishop => {
            ride(&mut d, &DIAG, Both);
            d.special = Special::FlyingJump { diag: true };
        }
        Kind::Ghost => d.special = Special::Ghost,
        Kind::Relay => {
            leap(&mut d, 1, 0, Mode::MoveOnly);
            leap(&mut d, 1, 1, Mode::MoveOnly);
            leap(&mut d, 1, 2, Mode::MoveOnly);
        }
        Kind::Warlord => d.special = Special::Warlord,
        _ => {}
    }
    d
}
