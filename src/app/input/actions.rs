//! Game actions on the keyboard and gamepad (leafwing-input-manager). The
//! same actions serve issue 5's couch play; the board cursor builds on them.

use super::{InputSet, SelectInput};
use crate::app::Screen;
use crate::app::board_view::{BoardLayout, ViewMode};
use crate::app::help::{HowItMoves, ShowHowItMoves};
use crate::app::match_state::{Match, MatchCommand};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<GameAction>::default())
        .add_systems(Startup, spawn_action_map)
        .add_systems(
            Update,
            (game_actions, chooser_digits)
                .in_set(InputSet::Devices)
                .run_if(in_state(Screen::Game)),
        );
}

/// Everything a player can do without the mouse.
#[derive(Actionlike, PartialEq, Eq, Clone, Copy, Hash, Debug, Reflect)]
pub enum GameAction {
    /// Move the board cursor (arrows, WASD, d-pad, left stick).
    #[actionlike(DualAxis)]
    MoveCursor,
    /// Pick the piece or destination under the cursor.
    Select,
    /// Step back one level (chooser → piece → nothing).
    Cancel,
    /// Take back a move (local games).
    Undo,
    /// Replay a taken-back move.
    Redo,
    /// See the board from the other side.
    FlipBoard,
    /// Switch between the 2D and the 3D view.
    ToggleView,
    /// Mutate the picked serpent.
    Mutate,
    /// Show (or close) how the picked piece moves.
    HowItMoves,
}

/// The default bindings.
pub fn default_input_map() -> InputMap<GameAction> {
    use GameAction::*;
    InputMap::default()
        .with_dual_axis(MoveCursor, VirtualDPad::arrow_keys())
        .with_dual_axis(MoveCursor, VirtualDPad::wasd())
        .with_dual_axis(MoveCursor, VirtualDPad::dpad())
        .with_dual_axis(MoveCursor, GamepadStick::LEFT)
        .with(Select, KeyCode::Enter)
        .with(Select, KeyCode::Space)
        .with(Select, GamepadButton::South)
        .with(Cancel, KeyCode::Escape)
        .with(Cancel, KeyCode::Backspace)
        .with(Cancel, GamepadButton::East)
        .with(Undo, KeyCode::KeyU)
        .with(Undo, GamepadButton::LeftTrigger)
        .with(Redo, KeyCode::KeyR)
        .with(Redo, GamepadButton::RightTrigger)
        .with(FlipBoard, KeyCode::KeyF)
        .with(FlipBoard, GamepadButton::Select)
        .with(ToggleView, KeyCode::KeyV)
        .with(ToggleView, GamepadButton::North)
        .with(Mutate, KeyCode::KeyM)
        .with(Mutate, GamepadButton::West)
        .with(HowItMoves, KeyCode::KeyH)
        .with(HowItMoves, GamepadButton::LeftThumb)
}

fn spawn_action_map(mut commands: Commands) {
    commands.spawn((Name::new("Game actions"), default_input_map()));
}

#[allow(clippy::too_many_arguments)]
fn game_actions(
    actions: Single<&ActionState<GameAction>>,
    mut select: MessageWriter<SelectInput>,
    mut match_commands: MessageWriter<MatchCommand>,
    mut layout: ResMut<BoardLayout>,
    mut mode: ResMut<ViewMode>,
    selection: Res<super::Selection>,
    help: Res<HowItMoves>,
    game: Option<Res<Match>>,
    mut show_help: MessageWriter<ShowHowItMoves>,
) {
    if actions.just_pressed(&GameAction::HowItMoves) {
        if help.is_open() {
            show_help.write(ShowHowItMoves(None));
        } else if let Some(game) = &game
            && let Some(subject) = super::help_subject(&selection, game.position())
        {
            show_help.write(ShowHowItMoves(Some(subject)));
        }
    }
    if actions.just_pressed(&GameAction::Cancel) {
        select.write(SelectInput::Cancel);
    }
    if actions.just_pressed(&GameAction::Mutate) {
        select.write(SelectInput::Mutate);
    }
    if actions.just_pressed(&GameAction::Undo) {
        match_commands.write(MatchCommand::Undo);
    }
    if actions.just_pressed(&GameAction::Redo) {
        match_commands.write(MatchCommand::Redo);
    }
    if actions.just_pressed(&GameAction::FlipBoard) {
        layout.flipped = !layout.flipped;
    }
    if actions.just_pressed(&GameAction::ToggleView) {
        *mode = mode.toggled();
    }
}

/// Digits 1–9 answer an open chooser (its buttons show the digit).
fn chooser_digits(
    keys: Res<ButtonInput<KeyCode>>,
    selection: Res<super::Selection>,
    mut select: MessageWriter<SelectInput>,
) {
    if selection.0.chooser().is_none() {
        return;
    }
    const DIGITS: [KeyCode; 9] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    if let Some(i) = DIGITS.iter().position(|k| keys.just_pressed(*k)) {
        select.write(SelectInput::Choose(i));
    }
}
