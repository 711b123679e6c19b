//! The board as entities: squares and pieces mirror the shown position, drawn
//! in 2D (Camera2d) and 3D (Camera3d) at once, one camera active at a time.
//! The board view decides what the board shows ([`BoardScene`]: the match,
//! or a lone piece while "how it moves" is open) and its highlights
//! ([`BoardHighlights`]), and draws the keyboard/gamepad cursor.
//!
//! A square or piece entity carries the transform of its square centre (see
//! [`crate::scene`] for the world layout); its 2D and 3D visuals are
//! children, so moving the entity moves both views.

pub mod cameras;
mod coords;
mod cursor;
mod hands;
mod highlight;
mod marks;
mod spawn;

use crate::help::lone_position;
use crate::interaction::{HowItMoves, Replay, ReplayMoved};
use crate::match_state::BoardResynced;
use crate::match_state::CurrentMatch;
use crate::scene::PieceView;
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_rules::{PieceInfo, Position, Sq};
use std::sync::Arc;

pub use coords::count_badge;
pub use highlight::{BoardHighlights, touched_squares};
pub use marks::brush_colour;
pub use spawn::{DARK, FRAME_COLOUR, LIGHT, spawn_piece};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardHighlights>()
        .add_plugins((
            cameras::plugin,
            spawn::plugin,
            highlight::plugin,
            coords::plugin,
            hands::plugin,
            cursor::plugin,
            marks::plugin,
        ))
        .add_systems(Update, choose_scene.in_set(AppSystems::Scene))
        .add_systems(Update, check_entities.in_set(AppSystems::Present));
}

/// The position the board view shows (its variant gives the board shape):
/// the match's, or a lone piece while "how it moves" is open. Replacing it
/// rebuilds the board entities. Written only by the board view.
#[derive(Resource, Clone)]
pub struct BoardScene {
    /// The position.
    pub position: Position,
}

/// A square of the board (the entity sits at its centre).
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardSquare {
    /// Which square.
    pub sq: Sq,
    /// Light or dark.
    pub light: bool,
    /// At the edge of the board: a side faces off it (see [`spawn::open_sides`]).
    pub edge: bool,
}

/// The root entity of everything the board view spawned for the current scene.
#[derive(Component)]
pub struct BoardRoot;

/// Puts the right position on the board: the lone piece when the help opens,
/// the match again when it closes, and the match without animation after an
/// undo, redo or new game ([`BoardResynced`]) or when another match arrives.
/// The match's position is the one the replay shows: a replay jump (not a
/// single step forward, which animates) rebuilds the board at its ply.
#[allow(clippy::too_many_arguments)]
fn choose_scene(
    mut commands: Commands,
    game: Option<Res<CurrentMatch>>,
    replay: Res<Replay>,
    scene: Option<Res<BoardScene>>,
    help: Res<HowItMoves>,
    mut resynced: MessageReader<BoardResynced>,
    mut stepped: MessageReader<ReplayMoved>,
    mut showing_help: Local<bool>,
) {
    let jumped = stepped.read().filter(|s| s.effects.is_none()).count() > 0;
    let asked = resynced.read().count() > 0 || jumped;
    let Some(game) = game else { return };
    if let Some(open) = &help.0 {
        if help.is_changed()
            && let Some(position) = lone_position(game.variant(), open.at, open.piece)
        {
            commands.insert_resource(BoardScene { position });
            *showing_help = true;
        }
        return;
    }
    let pos = replay.position(&game);
    let stale = scene.as_ref().is_none_or(|s| {
        !Arc::ptr_eq(s.position.variant(), pos.variant())
            || (game.is_added() && s.position.hash() != pos.hash())
    });
    if asked || stale || std::mem::take(&mut *showing_help) {
        commands.insert_resource(BoardScene {
            position: pos.clone(),
        });
    }
}

/// After the animations have followed a change of the match (or of the
/// replayed ply), the piece entities must be the shown position's pieces; if they are not (a burst the
/// announcements could not follow), the board is rebuilt from the match.
fn check_entities(
    mut commands: Commands,
    game: Option<Res<CurrentMatch>>,
    scene: Option<Res<BoardScene>>,
    help: Res<HowItMoves>,
    pieces: Query<&PieceView>,
    replay: Res<Replay>,
) {
    let (Some(game), Some(scene)) = (game, scene) else {
        return;
    };
    if !(game.is_changed() || replay.is_changed()) || scene.is_changed() || help.is_open() {
        return;
    }
    let pos = replay.position(&game);
    if !entities_match(pos, pieces.iter().map(|p| (p.sq, p.piece))) {
        warn!("board view out of step with the match: rebuilding it");
        commands.insert_resource(BoardScene {
            position: pos.clone(),
        });
    }
}

/// Whether the shown (square, piece) list equals the position's pieces.
pub fn entities_match(pos: &Position, views: impl Iterator<Item = (Sq, PieceInfo)>) -> bool {
    let mut seen = 0usize;
    for (sq, piece) in views {
        let Some(p) = pos.piece_at(sq) else {
            return false;
        };
        if p.kind != piece.kind || p.color != piece.color {
            return false;
        }
        seen += 1;
    }
    let on_board = pos
        .variant()
        .squares()
        .filter(|s| pos.piece_at(*s).is_some())
        .count();
    seen == on_board
}
