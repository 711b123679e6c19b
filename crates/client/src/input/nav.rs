//! The directional action (arrows, WASD, d-pad, left stick) as single
//! steps: one on the press, then repeating while held, never skipping. The
//! board cursor and the menus move by these steps ([`NavStep`]).

use crate::interaction::{GameAction, NavStep};
use crate::schedule::AppSystems;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, read_step.in_set(AppSystems::ReadInput));
}

/// First repeat after this long, then every [`REPEAT_SECS`].
const REPEAT_DELAY_SECS: f32 = 0.35;
const REPEAT_SECS: f32 = 0.11;

/// Held direction and time to its next repeat.
#[derive(Default)]
pub(super) struct Repeat {
    held: Option<(i8, i8)>,
    wait: f32,
}

/// Turns the directional action into this frame's [`NavStep`].
pub(super) fn read_step(
    actions: Single<&ActionState<GameAction>>,
    time: Res<Time>,
    mut step: ResMut<NavStep>,
    mut repeat: Local<Repeat>,
) {
    let axis = actions.axis_pair(&GameAction::MoveCursor);
    let dir = |v: f32| (v > 0.5) as i8 - (v < -0.5) as i8;
    let now = (dir(axis.x), dir(axis.y));
    let fire = if now == (0, 0) {
        repeat.held = None;
        false
    } else if repeat.held == Some(now) {
        repeat.wait -= time.delta_secs();
        let due = repeat.wait <= 0.0;
        if due {
            repeat.wait += REPEAT_SECS;
        }
        due
    } else {
        repeat.held = Some(now);
        repeat.wait = REPEAT_DELAY_SECS;
        true
    };
    step.set_if_neq(NavStep(fire.then_some(now)));
}
