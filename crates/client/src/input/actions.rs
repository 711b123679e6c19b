//! Game actions on the keyboard and gamepad (leafwing-input-manager): the
//! input map of the [`GameAction`]s (from [`super::bindings`]), and the
//! board-level actions — undo, redo, flip, 2D/3D, mutate, how it moves,
//! cancel, replay steps.

use super::bindings::{Controls, bindings_path, input_map, load_controls};
use super::cursor::BoardCursor;
use crate::interaction::{
    ActivePanel, DIGIT_KEYS, GameAction, HowItMoves, Panel, Replay, ReplayStep, SelectInput,
    Selection, ShowHowItMoves,
};
use crate::match_state::CurrentMatch;
use crate::match_state::MatchCommand;
use crate::scene::{BoardLayout, CurrentView, ShowLetters};
use crate::schedule::{AppSystems, Screen};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<GameAction>::default())
        .add_systems(Startup, spawn_action_map)
        .add_systems(
            Update,
            (game_actions, chooser_digits)
                .in_set(AppSystems::ReadInput)
                .run_if(in_state(Screen::Game)),
        );
}

/// The default bindings as an input map.
pub fn default_input_map() -> InputMap<GameAction> {
    input_map(&super::bindings::default_bindings())
}

/// Reads the bindings file (unless controls were given, as tests do) and
/// spawns the action map.
fn spawn_action_map(mut commands: Commands, given: Option<Res<Controls>>) {
    let controls = match given {
        Some(c) => c.clone(),
        None => {
            let c = load_controls(bindings_path().as_deref());
            if let Some(e) = &c.error {
                error!("{e}");
            }
            commands.insert_resource(c.clone());
            c
        }
    };
    commands.spawn((Name::new("Game actions"), input_map(&controls.table)));
}

#[allow(clippy::too_many_arguments)]
fn game_actions(
    actions: Single<&ActionState<GameAction>>,
    active: Res<ActivePanel>,
    mut select: MessageWriter<SelectInput>,
    mut match_commands: MessageWriter<MatchCommand>,
    mut layout: ResMut<BoardLayout>,
    mut mode: ResMut<CurrentView>,
    selection: Res<Selection>,
    cursor: Res<BoardCursor>,
    help: Res<HowItMoves>,
    game: Option<Res<CurrentMatch>>,
    mut show_help: MessageWriter<ShowHowItMoves>,
    mut replay: MessageWriter<ReplayStep>,
    shown: Res<Replay>,
    mut letters: ResMut<ShowLetters>,
) {
    if !matches!(active.0, Panel::Board | Panel::Help) {
        return;
    }
    if actions.just_pressed(&GameAction::HowItMoves) {
        if help.is_open() {
            show_help.write(ShowHowItMoves(None));
        } else if let Some(game) = &game
            && let Some(subject) = super::help_subject(&selection, &cursor, shown.position(game))
        {
            show_help.write(ShowHowItMoves(Some(subject)));
        }
    }
    if actions.just_pressed(&GameAction::Cancel) {
        select.write(SelectInput::Cancel);
    }
    if active.0 == Panel::Help {
        return;
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
        mode.0 = mode.0.toggled();
    }
    for (action, step) in [
        (GameAction::ReplayFirst, ReplayStep::First),
        (GameAction::ReplayPrev, ReplayStep::Prev),
        (GameAction::ReplayNext, ReplayStep::Next),
        (GameAction::ReplayLast, ReplayStep::Last),
    ] {
        if actions.just_pressed(&action) {
            replay.write(step);
        }
    }
    if actions.just_pressed(&GameAction::ShowLetters) {
        letters.0 = !letters.0;
    }
}

/// Digits 1–9 answer an open chooser (its buttons show the digit).
fn chooser_digits(
    keys: Res<ButtonInput<KeyCode>>,
    selection: Res<Selection>,
    mut select: MessageWriter<SelectInput>,
) {
    if selection.0.chooser().is_none() {
        return;
    }
    // 1 answers the first choice.
    if let Some(i) = DIGIT_KEYS[1..].iter().position(|k| keys.just_pressed(*k)) {
        select.write(SelectInput::Choose(i));
    }
}
