//! The board in the world, as input and views share it: where squares and
//! hand slots are ([`BoardLayout`]), 2D or 3D ([`CurrentView`]), the 3D camera's
//! orbit ([`CameraRig`]), the part of the window left to the board
//! ([`BoardViewport`]), and the tags of the entities the board view spawns
//! ([`PieceView`], [`HandSlot`], the two board cameras). Data only: the board
//! view draws it, input reads it to map the pointer and the cursor.
//!
//! World layout: the board lies in the XY plane, one unit per square, centred
//! on the origin, +Z up (toward the 2D camera, and "up" in the 3D view).

use crate::config::View;
use bevy::prelude::*;
use chimera_rules::{Color, Kind, PieceInfo, Position, Sq, Variant};

/// Registers the shared board resources.
pub fn plugin(app: &mut App) {
    app.init_resource::<CurrentView>()
        .init_resource::<BoardLayout>()
        .init_resource::<CameraRig>()
        .init_resource::<ShowLetters>()
        .init_resource::<BoardViewport>();
}

/// The view the board is drawn in now, 2D or 3D: which camera draws it.
/// Switchable at any moment.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Deref, DerefMut)]
pub struct CurrentView(pub View);

/// An existing square near the middle of the board: where the help shows
/// a lone piece, and where the cursor starts when the side to move has no
/// king.
pub fn middle_square(v: &Variant) -> Sq {
    let c = Vec2::new(v.width() as f32 - 1.0, v.height() as f32 - 1.0) * 0.5;
    v.squares()
        .min_by(|a, b| {
            let da = Vec2::new(a.x as f32, a.y as f32).distance(c);
            let db = Vec2::new(b.x as f32, b.y as f32).distance(c);
            da.total_cmp(&db)
        })
        .unwrap_or(Sq::new(0, 0))
}

/// Whether each piece's letter is drawn beside it, in both views (for
/// players learning a variant). Toggled by a key, a pad button and the
/// in-game menu; saved with the settings (`Settings::show_letters`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShowLetters(pub bool);

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

/// Distance from the board edge to the centre of a hand row.
pub const HAND_ROW_OFFSET: f32 = 1.35;

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

/// Orbit of the 3D camera around the board centre.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct CameraRig {
    /// Turn about the vertical, radians (0 = behind the bottom side).
    pub yaw: f32,
    /// Elevation above the board plane, radians.
    pub pitch: f32,
    /// Distance factor (1 = the board just fits).
    pub zoom: f32,
}

impl Default for CameraRig {
    fn default() -> Self {
        CameraRig {
            yaw: 0.0,
            pitch: 50f32.to_radians(),
            zoom: 1.0,
        }
    }
}

impl CameraRig {
    /// Lowest and highest elevation (radians): below 35° the near pieces
    /// hide the far ranks.
    pub const PITCH: (f32, f32) = (35f32.to_radians(), 88f32.to_radians());
    /// Closest and furthest zoom: 1 frames the whole scene tightly; further
    /// out would only make the far ranks smaller.
    pub const ZOOM: (f32, f32) = (0.45, 1.15);

    /// Keeps the camera where the board stays in view and legible.
    pub fn clamped(self) -> CameraRig {
        CameraRig {
            yaw: self.yaw,
            pitch: self.pitch.clamp(Self::PITCH.0, Self::PITCH.1),
            zoom: self.zoom.clamp(Self::ZOOM.0, Self::ZOOM.1),
        }
    }
}

/// The part of the window the board may use (physical pixels), set by the UI
/// around its panels; `None` = the whole window.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct BoardViewport(pub Option<URect>);

/// The camera that draws the board in 2D.
#[derive(Component)]
pub struct BoardCamera2d;

/// The camera that draws the board in 3D.
#[derive(Component)]
pub struct BoardCamera3d;

/// A piece on the board (the entity sits at its square's centre).
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceView {
    /// Where it stands.
    pub sq: Sq,
    /// What it is.
    pub piece: PieceInfo,
}

/// One kind in one side's hand, shown beside the board.
#[derive(Component, Clone, Copy, Debug)]
pub struct HandSlot {
    /// Whose hand.
    pub side: Color,
    /// Which kind (`Kind::Serpent` for the undropped serpent).
    pub kind: Kind,
    /// Position in the row.
    pub index: usize,
    /// How many are held.
    pub count: u8,
}

/// Distinct kinds of the variant's hand, in hand order: the hand row's slots.
pub fn hand_row(pos: &Position) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = Vec::new();
    for k in pos.variant().hand_kinds() {
        if !kinds.contains(k) {
            kinds.push(*k);
        }
    }
    kinds
}

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
