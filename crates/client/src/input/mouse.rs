//! The mouse: press on a piece picks it and starts a drag; release on another
//! square plays there (or snaps back with a reason); click-click works the
//! same way without moving. On a square the right button draws (see
//! `draw`); off the board a right click cancels, and in 3D a right drag
//! there (or a middle drag anywhere) orbits the camera and the wheel zooms. The pointer is mapped to a
//! square through the active camera onto the board plane, in 2D and 3D alike.
//! Input only tracks the drag ([`DragState`]); the views move the dragged
//! piece, and send it home when asked by a [`SnapBack`].

use crate::config::View;
use crate::interaction::{Replay, SelectInput};
use crate::match_state::CurrentMatch;
use crate::scene::{
    BoardCamera2d, BoardCamera3d, BoardLayout, BoardViewport, CameraRig, CurrentView, HandSlot,
    PieceView,
};
use crate::schedule::AppSystems;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};
use chimera_rules::{Color, Kind, Sq};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DragState>()
        .init_resource::<PointerTarget>()
        .add_message::<SnapBack>()
        .add_systems(
            Update,
            (
                locate_pointer,
                mouse_buttons,
                track_drag,
                right_button_and_wheel,
            )
                .chain()
                .in_set(AppSystems::ReadInput),
        );
}

/// A held piece (or hand piece) was let go: the views send it back to its
/// square or slot (an applied move then redirects it).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SnapBack(pub Entity);

/// What is under the pointer this frame.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct PointerTarget {
    /// The pointer's point on the board plane, if it is over the board view.
    pub world: Option<Vec2>,
    /// The existing square there.
    pub square: Option<Sq>,
    /// The hand slot there.
    pub hand: Option<(Color, Kind)>,
}

/// A press that may become a drag.
#[derive(Resource, Default, Debug)]
pub struct DragState {
    held: Option<Held>,
}

impl DragState {
    /// The piece or hand slot entity being dragged, once the press has moved
    /// far enough to be a drag.
    pub fn dragged(&self) -> Option<Entity> {
        self.held.filter(|h| h.active).map(|h| h.entity)
    }
}

#[derive(Debug, Clone, Copy)]
struct Held {
    entity: Entity,
    from: Grab,
    press_at: Vec2,
    active: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Grab {
    Square(Sq),
    Hand,
}

/// Cursor → point on the board plane, through whichever camera is active.
pub fn cursor_on_board(
    cursor: Vec2,
    mode: View,
    cam2: (&Camera, &GlobalTransform),
    cam3: (&Camera, &GlobalTransform),
) -> Option<Vec2> {
    match mode {
        View::TwoD => cam2.0.viewport_to_world_2d(cam2.1, cursor).ok(),
        View::ThreeD => {
            let ray = cam3.0.viewport_to_world(cam3.1, cursor).ok()?;
            let d = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Z))?;
            Some(ray.get_point(d).truncate())
        }
    }
}

/// Finds what is under the pointer ([`PointerTarget`]).
#[allow(clippy::too_many_arguments)]
pub fn locate_pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    viewport: Res<BoardViewport>,
    mode: Res<CurrentView>,
    layout: Res<BoardLayout>,
    game: Option<Res<CurrentMatch>>,
    cam2: Single<(&Camera, &GlobalTransform), With<BoardCamera2d>>,
    cam3: Single<(&Camera, &GlobalTransform), With<BoardCamera3d>>,
    slots: Query<(&HandSlot, &Transform)>,
    mut contexts: EguiContexts,
    mut target: ResMut<PointerTarget>,
) {
    let mut found = PointerTarget::default();
    let over_egui_window = contexts.ctx_mut().is_ok_and(|ctx| {
        ctx.pointer_latest_pos()
            .and_then(|p| ctx.layer_id_at(p))
            .is_some_and(|l| l.order != egui::Order::Background)
    });
    if let Some(cursor) = window.cursor_position()
        && !over_egui_window
    {
        let scale = window.scale_factor();
        let inside = viewport.0.is_none_or(|r| {
            let p = cursor * scale;
            p.x >= r.min.x as f32
                && p.y >= r.min.y as f32
                && p.x < r.max.x as f32
                && p.y < r.max.y as f32
        });
        if inside
            && let Some(p) = cursor_on_board(cursor, mode.0, (cam2.0, cam2.1), (cam3.0, cam3.1))
        {
            found.world = Some(p);
            if let Some(g) = &game {
                found.square = layout.square_at(p).filter(|s| g.variant().exists(*s));
            }
            found.hand = slots
                .iter()
                .filter(|(s, _)| s.count > 0)
                .find(|(_, tf)| (tf.translation.truncate() - p).abs().max_element() < 0.5)
                .map(|(s, _)| (s.side, s.kind));
        }
    }
    if *target != found {
        *target = found;
    }
}

#[allow(clippy::too_many_arguments)]
fn mouse_buttons(
    buttons: Res<ButtonInput<MouseButton>>,
    target: Res<PointerTarget>,
    game: Option<Res<CurrentMatch>>,
    mut drag: ResMut<DragState>,
    mut inputs: MessageWriter<SelectInput>,
    mut snap: MessageWriter<SnapBack>,
    pieces: Query<(Entity, &PieceView)>,
    slots: Query<(Entity, &HandSlot)>,
    shown: Res<Replay>,
) {
    let Some(game) = game else { return };
    let side = shown.position(&game).side_to_move();
    if buttons.just_pressed(MouseButton::Right) {
        // A right press during a drag cancels it at once; otherwise the
        // right button may be an orbit drag (see `right_button_and_wheel`).
        if let Some(h) = drag.held.take() {
            snap.write(SnapBack(h.entity));
            inputs.write(SelectInput::Cancel);
        }
        return;
    }
    if buttons.just_pressed(MouseButton::Left) {
        let Some(at) = target.world else { return };
        if let Some(sq) = target.square {
            inputs.write(SelectInput::Square(sq));
            if let Some((e, _)) = pieces
                .iter()
                .find(|(_, p)| p.sq == sq && p.piece.color == side)
            {
                drag.held = Some(Held {
                    entity: e,
                    from: Grab::Square(sq),
                    press_at: at,
                    active: false,
                });
            }
        } else if let Some((hs, hk)) = target.hand {
            inputs.write(SelectInput::Hand(hs, hk));
            if hs == side
                && let Some((e, _)) = slots.iter().find(|(_, s)| s.side == hs && s.kind == hk)
            {
                drag.held = Some(Held {
                    entity: e,
                    from: Grab::Hand,
                    press_at: at,
                    active: false,
                });
            }
        } else {
            inputs.write(SelectInput::Cancel);
        }
        return;
    }
    if buttons.just_released(MouseButton::Left)
        && let Some(h) = drag.held.take()
    {
        if h.active {
            match target.square {
                Some(sq) if h.from != Grab::Square(sq) => {
                    inputs.write(SelectInput::Square(sq));
                }
                Some(_) => {}
                None => {
                    inputs.write(SelectInput::Cancel);
                }
            }
        }
        snap.write(SnapBack(h.entity));
    }
}

/// A press becomes a drag once the pointer has moved far enough.
fn track_drag(
    mut drag: ResMut<DragState>,
    target: Res<PointerTarget>,
    buttons: Res<ButtonInput<MouseButton>>,
) {
    let Some(h) = drag.held.as_mut() else { return };
    if !buttons.pressed(MouseButton::Left) {
        return;
    }
    let Some(at) = target.world else { return };
    if !h.active && at.distance(h.press_at) > 0.12 {
        h.active = true;
    }
}

/// A right-button press off the board (a click cancels, a drag orbits the
/// 3D camera), or a middle-button press (a drag orbits).
#[derive(Default)]
struct RightPress {
    held: bool,
    travelled: f32,
    middle: bool,
}

/// Pixels the pointer must travel before a right press counts as a drag.
const DRAG_PIXELS: f32 = 6.0;
/// Radians of orbit per pixel of right drag.
const ORBIT_PER_PIXEL: f32 = 0.006;

#[allow(clippy::too_many_arguments)]
fn right_button_and_wheel(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    target: Res<PointerTarget>,
    mode: Res<CurrentView>,
    mut rig: ResMut<CameraRig>,
    mut press: Local<RightPress>,
    mut inputs: MessageWriter<SelectInput>,
) {
    let three_d = mode.0 == View::ThreeD;
    // A right press on a square draws (`draw`).
    if buttons.just_pressed(MouseButton::Right) && target.square.is_none() {
        *press = RightPress {
            held: true,
            travelled: 0.0,
            middle: false,
        };
    } else if buttons.just_pressed(MouseButton::Middle) {
        *press = RightPress {
            held: true,
            travelled: 0.0,
            middle: true,
        };
    }
    let button = if press.middle {
        MouseButton::Middle
    } else {
        MouseButton::Right
    };
    if press.held && buttons.pressed(button) {
        press.travelled += motion.delta.length();
        if three_d && press.travelled >= DRAG_PIXELS && motion.delta != Vec2::ZERO {
            // Drag right turns the board right (camera left); drag up looks from higher.
            let next = super::camera::orbit(
                *rig,
                -motion.delta.x * ORBIT_PER_PIXEL / super::camera::ORBIT_SPEED,
                motion.delta.y * ORBIT_PER_PIXEL * 2.0 / super::camera::ORBIT_SPEED,
                1.0,
            );
            rig.set_if_neq(next);
        }
    }
    if press.held && buttons.just_released(button) {
        press.held = false;
        if !press.middle && (press.travelled < DRAG_PIXELS || !three_d) {
            inputs.write(SelectInput::Cancel);
        }
    }
    if three_d && target.world.is_some() && scroll.delta.y != 0.0 {
        let lines = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
        rig.set_if_neq(super::camera::zoom(*rig, lines * 0.08));
    }
}
