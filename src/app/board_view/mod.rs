//! The board as entities: squares and pieces mirror the shown position, drawn
//! in 2D (Camera2d) and 3D (Camera3d) at once, one camera active at a time.
//!
//! World layout: the board lies in the XY plane, one unit per square, centred
//! on the origin, +Z up (toward the 2D camera, and "up" in the 3D view). A
//! square or piece entity carries the transform of its square centre; its 2D
//! and 3D visuals are children, so moving the entity moves both views.

mod cameras;
mod coords;
mod hands;
mod highlight;
mod spawn;

use crate::rules::{Color, PieceInfo, Position, Sq};
use bevy::prelude::*;

pub use cameras::{BoardCamera2d, BoardCamera3d, BoardViewport, CameraRig};
pub use hands::{HandSlot, hand_row};
pub use highlight::{BoardHighlights, Marker};
pub use spawn::{BoardViewSystems, DARK, FRAME_COLOUR, LIGHT, spawn_piece};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ViewMode>()
        .init_resource::<BoardLayout>()
        .init_resource::<BoardHighlights>()
        .add_plugins((
            cameras::plugin,
            spawn::plugin,
            highlight::plugin,
            coords::plugin,
            hands::plugin,
        ));
}

/// 2D or 3D: which camera draws the board. Switchable at any moment.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ViewMode {
    /// Flat diagram view.
    #[default]
    TwoD,
    /// Lit 3D view.
    ThreeD,
}

impl ViewMode {
    /// The other mode.
    pub fn toggled(self) -> ViewMode {
        match self {
            ViewMode::TwoD => ViewMode::ThreeD,
            ViewMode::ThreeD => ViewMode::TwoD,
        }
    }
}

/// The position the board view shows (its variant gives the board shape).
/// Replacing it rebuilds the board entities.
#[derive(Resource, Clone)]
pub struct BoardScene {
    /// The position.
    pub position: Position,
}

/// Where squares are in the world, and whether the board is seen from Black's side.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    /// Number of files.
    pub width: u8,
    /// Number of ranks.
    pub height: u8,
    /// Black at the bottom.
    pub flipped: bool,
    /// The variant has hands (pockets): a row of them below and above the board.
    pub hands: bool,
}

impl Default for BoardLayout {
    fn default() -> Self {
        BoardLayout {
            width: 8,
            height: 8,
            flipped: false,
            hands: false,
        }
    }
}

impl BoardLayout {
    /// World position (XY) of a square's centre.
    pub fn centre(&self, sq: Sq) -> Vec2 {
        self.cell_centre(sq.x as f32, sq.y as f32)
    }

    /// World position of fractional board coordinates (x = file index, y = rank index).
    pub fn cell_centre(&self, x: f32, y: f32) -> Vec2 {
        let (w, h) = (self.width as f32, self.height as f32);
        let (x, y) = if self.flipped {
            (w - 1.0 - x, h - 1.0 - y)
        } else {
            (x, y)
        };
        Vec2::new(x - (w - 1.0) * 0.5, y - (h - 1.0) * 0.5)
    }

    /// The rectangle square containing a world point, if inside the rectangle
    /// (holes included: the caller checks existence).
    pub fn square_at(&self, p: Vec2) -> Option<Sq> {
        let (w, h) = (self.width as f32, self.height as f32);
        let mut x = (p.x + w * 0.5).floor();
        let mut y = (p.y + h * 0.5).floor();
        if x < 0.0 || y < 0.0 || x >= w || y >= h {
            return None;
        }
        if self.flipped {
            x = w - 1.0 - x;
            y = h - 1.0 - y;
        }
        Some(Sq::new(x as u8, y as u8))
    }

    /// Half the board's size in world units.
    pub fn half_extents(&self) -> Vec2 {
        Vec2::new(self.width as f32, self.height as f32) * 0.5
    }

    /// Half the size of everything drawn (board and hand rows), in world units.
    pub fn half_scene(&self) -> Vec2 {
        let h = self.half_extents();
        if self.hands {
            Vec2::new(h.x, h.y + HAND_ROW_OFFSET - 0.1)
        } else {
            h
        }
    }

    /// Centre of slot `index` of `side`'s hand row (the viewer's own side
    /// below the board, the other above).
    pub fn hand_slot(&self, side: Color, index: usize) -> Vec2 {
        let h = self.half_extents();
        let below = (side == Color::White) != self.flipped;
        let y = if below {
            -h.y - HAND_ROW_OFFSET
        } else {
            h.y + HAND_ROW_OFFSET
        };
        Vec2::new(-h.x + 0.5 + index as f32 * 1.05, y)
    }
}

/// A square of the board (the entity sits at its centre).
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardSquare {
    /// Which square.
    pub sq: Sq,
    /// Light or dark.
    pub light: bool,
}

/// A piece on the board (the entity sits at its square's centre).
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceView {
    /// Where it stands.
    pub sq: Sq,
    /// What it is.
    pub piece: PieceInfo,
}

/// The root entity of everything the board view spawned for the current scene.
#[derive(Component)]
pub struct BoardRoot;

/// A piece (or hand piece) held by the pointer: animations leave it alone.
#[derive(Component)]
pub struct Dragged;

/// Distance from the board edge to the centre of a hand row.
pub const HAND_ROW_OFFSET: f32 = 1.35;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_round_trips_every_square_both_ways_up() {
        for flipped in [false, true] {
            let layout = BoardLayout {
                width: 10,
                height: 12,
                flipped,
                hands: false,
            };
            for y in 0..12 {
                for x in 0..10 {
                    let s = Sq::new(x, y);
                    assert_eq!(layout.square_at(layout.centre(s)), Some(s));
                    let near_corner = layout.centre(s) + Vec2::splat(0.49);
                    assert_eq!(layout.square_at(near_corner), Some(s));
                }
            }
            assert_eq!(layout.square_at(Vec2::new(5.1, 0.0)), None);
        }
        let l = BoardLayout {
            width: 8,
            height: 8,
            flipped: false,
            hands: false,
        };
        assert!(l.centre(Sq::new(0, 0)).x < 0.0 && l.centre(Sq::new(0, 0)).y < 0.0);
        let f = BoardLayout { flipped: true, ..l };
        assert!(f.centre(Sq::new(0, 0)).x > 0.0 && f.centre(Sq::new(0, 0)).y > 0.0);
    }
}
