//! Input: the devices. The mouse (click-click and drag-and-drop) lives in
//! `mouse`, drawing on the board (mouse, keys, pad) in `draw`; keyboard and gamepad actions (leafwing) in `actions`, the board
//! cursor in `cursor`, the directional steps in `nav`, the 3D camera
//! controls in `camera`, pads and remappable bindings in `pads` and
//! `bindings`. Every device ends in the shared messages of
//! [`crate::interaction`] ([`SelectInput`](crate::interaction::SelectInput),
//! [`NavStep`](crate::interaction::NavStep), `ShowHowItMoves`) or in a
//! `MatchCommand`; the selection there turns them into move requests.

mod actions;
pub mod bindings;
pub mod camera;
pub mod cursor;
pub mod draw;
pub mod mouse;
pub mod nav;
pub mod pads;

use crate::interaction::{HelpSubject, Origin, Selection};
use crate::scene::hand_row;
use bevy::prelude::*;
use chimera_rules::{PieceInfo, Position};

pub use actions::default_input_map;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        mouse::plugin,
        actions::plugin,
        cursor::plugin,
        nav::plugin,
        pads::plugin,
        camera::plugin,
        draw::plugin,
    ));
}

/// The piece "how it moves" should explain: the one under the shown
/// keyboard/gamepad cursor (board or hand), else the picked one.
pub fn help_subject(
    selection: &Selection,
    cursor: &cursor::BoardCursor,
    pos: &Position,
) -> Option<HelpSubject> {
    let in_hand = |color, kind| HelpSubject {
        piece: PieceInfo {
            color,
            kind,
            locked: false,
        },
        at: None,
    };
    if let Some(i) = cursor.hand {
        let side = pos.side_to_move();
        return hand_row(pos).get(i).map(|k| in_hand(side, *k));
    }
    if cursor.shown
        && let Some(s) = cursor.sq
        && let Some(piece) = pos.piece_at(s)
    {
        return Some(HelpSubject { piece, at: Some(s) });
    }
    match selection.0.origin()? {
        Origin::Square(s) => pos
            .piece_at(s)
            .map(|piece| HelpSubject { piece, at: Some(s) }),
        Origin::Hand(color, kind) => Some(in_hand(color, kind)),
    }
}
