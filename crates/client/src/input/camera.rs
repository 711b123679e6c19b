//! 3D camera controls: orbit with the right stick, Q/E and Page Up/Down;
//! zoom with the triggers and +/−; the mouse wheel zooms and a right-button
//! drag orbits (a right click without a drag still cancels, see `mouse`).
//! [`CameraRig::clamped`] keeps the board in view.

use crate::config::View;
use crate::interaction::{ActivePanel, GameAction, Panel};
use crate::scene::{CameraRig, CurrentView};
use crate::schedule::{AppSystems, Screen};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        orbit_and_zoom
            .in_set(AppSystems::ReadInput)
            .run_if(in_state(Screen::Game)),
    );
}

/// Radians per second at full stick (yaw) and half that for pitch.
pub const ORBIT_SPEED: f32 = 1.8;
/// Zoom factor change per second while a zoom button is held.
const ZOOM_SPEED: f32 = 0.9;

/// Turns the rig by an orbit input `(x, y)` applied for `secs`.
pub fn orbit(rig: CameraRig, x: f32, y: f32, secs: f32) -> CameraRig {
    CameraRig {
        yaw: (rig.yaw + x * ORBIT_SPEED * secs).rem_euclid(std::f32::consts::TAU),
        pitch: rig.pitch + y * ORBIT_SPEED * 0.5 * secs,
        zoom: rig.zoom,
    }
    .clamped()
}

/// Zooms the rig: `amount` > 0 moves closer.
pub fn zoom(rig: CameraRig, amount: f32) -> CameraRig {
    CameraRig {
        zoom: rig.zoom * (1.0 - amount).max(0.1),
        ..rig
    }
    .clamped()
}

fn orbit_and_zoom(
    actions: Single<&ActionState<GameAction>>,
    mode: Res<CurrentView>,
    active: Res<ActivePanel>,
    time: Res<Time>,
    mut rig: ResMut<CameraRig>,
) {
    if mode.0 != View::ThreeD || !matches!(active.0, Panel::Board | Panel::Help) {
        return;
    }
    let dt = time.delta_secs();
    let turn = actions.clamped_axis_pair(&GameAction::Orbit);
    let closer = actions.pressed(&GameAction::ZoomIn) as i32 as f32
        - actions.pressed(&GameAction::ZoomOut) as i32 as f32;
    if turn == Vec2::ZERO && closer == 0.0 {
        return;
    }
    let next = zoom(orbit(*rig, turn.x, turn.y, dt), closer * ZOOM_SPEED * dt);
    rig.set_if_neq(next);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbit_and_zoom_stay_within_the_bounds_that_keep_the_board_in_view() {
        let mut rig = CameraRig::default();
        for _ in 0..500 {
            rig = orbit(rig, 1.0, 1.0, 0.05);
            rig = zoom(rig, 0.5);
        }
        assert_eq!(rig, rig.clamped());
        assert!(rig.zoom >= CameraRig::ZOOM.0 && rig.pitch <= CameraRig::PITCH.1 + 1e-6);
        for _ in 0..500 {
            rig = orbit(rig, -1.0, -1.0, 0.05);
            rig = zoom(rig, -0.5);
        }
        assert!(rig.zoom <= CameraRig::ZOOM.1 && rig.pitch >= CameraRig::PITCH.0 - 1e-6);
        assert!((0.0..std::f32::consts::TAU).contains(&rig.yaw));
    }
}
