//! Input: every device ends in the same [`SelectInput`] messages, which the
//! [`select::Selector`] turns into `MoveRequested`. The mouse (click-click and
//! drag-and-drop) lives in `mouse`; keyboard and gamepad actions (leafwing)
//! in `actions`.

mod actions;
pub mod bindings;
pub mod camera;
pub mod cursor;
pub mod mouse;
pub mod nav;
pub mod pads;
pub mod select;

use crate::app::board_view::BoardHighlights;
use crate::app::help::HowItMoves;
use crate::app::match_state::{Match, MatchSet, MoveRequested};
use crate::app::menus::MenuSet;
use crate::rules::{Color, Kind, Move, MoveKind, Position, Sq};
use bevy::prelude::*;
use select::{Reply, Selector};

pub use actions::{GameAction, default_input_map};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<LegalMoves>()
        .add_message::<SelectInput>()
        .add_message::<Toast>()
        .add_plugins((
            mouse::plugin,
            actions::plugin,
            cursor::plugin,
            nav::plugin,
            pads::plugin,
            camera::plugin,
        ))
        .add_systems(
            Update,
            (handle_select_input, show_match_highlights)
                .chain()
                .in_set(InputSet::Logic),
        )
        .add_systems(
            Update,
            refresh_legal_moves
                .after(MatchSet)
                .before(InputSet::Devices),
        )
        .configure_sets(
            Update,
            (InputSet::Devices, MenuSet, InputSet::Logic)
                .chain()
                .after(MatchSet),
        );
}

/// Input handling runs after the match has applied this frame's requests:
/// devices turn raw input into [`SelectInput`], then the logic answers it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputSet {
    /// Mouse, keyboard, gamepad → [`SelectInput`].
    Devices,
    /// [`SelectInput`] → selection, highlights, `MoveRequested`.
    Logic,
}

/// What a player did, whatever the device.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectInput {
    /// Pointed at a board square (click, end of a drag, confirm on the cursor).
    Square(Sq),
    /// Picked a hand piece.
    Hand(Color, Kind),
    /// Answered the open chooser.
    Choose(usize),
    /// Asked to mutate the picked serpent.
    Mutate,
    /// One step back.
    Cancel,
}

/// A short message for the player (illegal drop, refused request).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Toast(pub String);

/// The selection state of the local player(s).
#[derive(Resource, Default, Debug)]
pub struct Selection(pub Selector);

/// Legal moves of the shown position, recomputed only when it changes.
#[derive(Resource, Default)]
pub struct LegalMoves {
    key: Option<(u64, usize)>,
    /// The moves.
    pub moves: Vec<Move>,
}

fn refresh_legal_moves(
    game: Option<Res<Match>>,
    mut legal: ResMut<LegalMoves>,
    mut selection: ResMut<Selection>,
) {
    let Some(game) = game else {
        return;
    };
    let pos = game.position();
    let key = Some((pos.hash(), game.game().moves().len()));
    if legal.key == key {
        return;
    }
    legal.key = key;
    legal.moves = if game.outcome().is_some() {
        Vec::new()
    } else {
        pos.legal_moves()
    };
    selection.0.clear();
}

#[allow(clippy::too_many_arguments)]
fn handle_select_input(
    mut inputs: MessageReader<SelectInput>,
    game: Option<Res<Match>>,
    legal: Res<LegalMoves>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequested>,
    mut toasts: MessageWriter<Toast>,
    mut highlights: ResMut<BoardHighlights>,
    help: Res<HowItMoves>,
) {
    let Some(game) = game else {
        inputs.clear();
        return;
    };
    if help.is_open() {
        inputs.clear();
        return;
    }
    let pos = game.position();
    let mut changed = false;
    for input in inputs.read() {
        changed = true;
        let sel = &mut selection.0;
        let reply = match *input {
            SelectInput::Square(sq) => sel.activate_square(pos, &legal.moves, sq),
            SelectInput::Hand(side, kind) => sel.activate_hand(pos, &legal.moves, side, kind),
            SelectInput::Choose(i) => sel.choose(i),
            SelectInput::Mutate => sel.mutate(pos),
            SelectInput::Cancel => {
                sel.cancel(pos, &legal.moves);
                Reply::Nothing
            }
        };
        match reply {
            Reply::Nothing => {}
            Reply::Play(m) => {
                requests.write(MoveRequested::local(pos.lmn(m)));
                sel.clear();
            }
            Reply::Refused(why) => {
                toasts.write(Toast(why));
            }
        }
    }
    if changed {
        let sel = &selection.0;
        let selected = match sel.origin() {
            Some(select::Origin::Square(s)) => Some(s),
            _ => None,
        };
        let targets = sel.markers(pos);
        if highlights.selected != selected || highlights.targets != targets {
            highlights.selected = selected;
            highlights.targets = targets;
        }
    }
}

/// The squares a move touched, for the last-move highlight.
pub fn touched_squares(pos: &Position, m: Move) -> Vec<Sq> {
    let mut v = Vec::new();
    match m.kind() {
        MoveKind::Drop => {
            v.extend(pos.drop_square(m));
            v.extend(pos.move_to(m));
        }
        MoveKind::Pass => {}
        _ => {
            v.extend(pos.move_from(m));
            v.extend(pos.move_to(m));
        }
    }
    v.dedup();
    v
}

/// Last move and check highlights follow the match.
fn show_match_highlights(
    game: Option<Res<Match>>,
    mut highlights: ResMut<BoardHighlights>,
    selection: Res<Selection>,
    help: Res<HowItMoves>,
) {
    let Some(game) = game else {
        return;
    };
    if !game.is_changed() || help.is_open() {
        return;
    }
    let pos = game.position();
    let last_move = game
        .game()
        .moves()
        .last()
        .map(|m| touched_squares(pos, *m))
        .unwrap_or_default();
    let check = if pos.in_check() {
        pos.royal_square(pos.side_to_move())
    } else {
        None
    };
    let want = BoardHighlights {
        last_move,
        check,
        selected: match selection.0.origin() {
            Some(select::Origin::Square(s)) => Some(s),
            _ => None,
        },
        targets: selection.0.markers(pos),
    };
    if *highlights != want {
        *highlights = want;
    }
}

/// The piece "how it moves" should explain: the one under the shown
/// keyboard/gamepad cursor (board or hand), else the picked one.
pub fn help_subject(
    selection: &Selection,
    cursor: &cursor::BoardCursor,
    pos: &Position,
) -> Option<crate::app::help::HelpSubject> {
    use crate::app::help::HelpSubject;
    use crate::rules::PieceInfo;
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
        return crate::app::board_view::hand_row(pos)
            .get(i)
            .map(|k| in_hand(side, *k));
    }
    if cursor.shown
        && let Some(s) = cursor.sq
        && let Some(piece) = pos.piece_at(s)
    {
        return Some(HelpSubject { piece, at: Some(s) });
    }
    match selection.0.origin()? {
        select::Origin::Square(s) => pos
            .piece_at(s)
            .map(|piece| HelpSubject { piece, at: Some(s) }),
        select::Origin::Hand(color, kind) => Some(in_hand(color, kind)),
    }
}
