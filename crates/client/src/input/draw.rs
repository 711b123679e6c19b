//! Drawing on the board, as lichess does: a right drag from a square draws
//! an arrow, a right click circles the square; the colour comes from the
//! modifier keys held (plain green, Shift red, Alt blue, Shift+Alt yellow;
//! Ctrl counts as Shift and the logo key as Alt, as on lichess). The keyboard
//! and the pad draw at the board cursor: `draw-arrow` starts an arrow at the
//! cursor and finishes it at the cursor's new square, `draw-circle` circles
//! the cursor's square, `draw-colour` picks the colour. The stroke in
//! progress shows faintly (`MarkSource::Drawing`); the finished drawing
//! goes to `interaction` as a [`DrawWish`].

use super::cursor::BoardCursor;
use super::mouse::PointerTarget;
use crate::interaction::{ActivePanel, DrawWish, GameAction, Panel, SelectInput, Toast};
use crate::marks::{BoardArrow, BoardCircle, MarkSource, Marks, ShownMarks, set_marks};
use crate::schedule::{AppSystems, Screen};
use bevy::prelude::*;
use chimera_game::record::Brush;
use chimera_rules::Sq;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Stroke>()
        .init_resource::<CursorBrush>()
        .add_systems(
            Update,
            (right_button_strokes, cursor_strokes, show_stroke)
                .chain()
                .after(super::mouse::locate_pointer)
                .in_set(AppSystems::ReadInput)
                .run_if(in_state(Screen::Game)),
        );
}

/// The drawing in progress: started on `from`, now pointing at `to`.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stroke(pub Option<StrokeState>);

/// Where a stroke started and where it points now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrokeState {
    /// The start square.
    pub from: Sq,
    /// The square pointed at now (`None`: off the board).
    pub to: Option<Sq>,
    /// Its colour.
    pub brush: Brush,
    /// Started by the right mouse button (else at the cursor).
    pub mouse: bool,
}

impl StrokeState {
    /// What it draws if finished now.
    fn wish(&self) -> Option<DrawWish> {
        let to = self.to?;
        Some(if to == self.from {
            DrawWish::Circle(BoardCircle {
                sq: to,
                brush: self.brush,
            })
        } else {
            DrawWish::Arrow(BoardArrow {
                from: self.from,
                to,
                brush: self.brush,
            })
        })
    }
}

/// The colour the cursor draws in without modifier keys (`draw-colour`).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CursorBrush(pub Brush);

impl Default for CursorBrush {
    fn default() -> Self {
        CursorBrush(Brush::Green)
    }
}

/// The brush the modifier keys choose, as lichess reads them: Shift (or
/// Ctrl) adds red, Alt (or the logo key) blue, both make yellow; `None`
/// when none is held.
pub fn modifier_brush(keys: &ButtonInput<KeyCode>) -> Option<Brush> {
    use KeyCode as K;
    let a = keys.any_pressed([K::ShiftLeft, K::ShiftRight, K::ControlLeft, K::ControlRight]);
    let b = keys.any_pressed([K::AltLeft, K::AltRight, K::SuperLeft, K::SuperRight]);
    match (a, b) {
        (false, false) => None,
        (true, false) => Some(Brush::Red),
        (false, true) => Some(Brush::Blue),
        (true, true) => Some(Brush::Yellow),
    }
}

/// A right press on a square starts a stroke; release finishes it where
/// the pointer is (on the start square: a circle; off the board: nothing).
/// A right press off the board is the camera's and the cancel's (`mouse`).
fn right_button_strokes(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    target: Res<PointerTarget>,
    active: Res<ActivePanel>,
    mut stroke: ResMut<Stroke>,
    mut wishes: MessageWriter<DrawWish>,
    mut select: MessageWriter<SelectInput>,
) {
    if buttons.just_pressed(MouseButton::Right)
        && active.0 == Panel::Board
        && let Some(from) = target.square
    {
        stroke.0 = Some(StrokeState {
            from,
            to: Some(from),
            brush: modifier_brush(&keys).unwrap_or(Brush::Green),
            mouse: true,
        });
        return;
    }
    let Some(mut s) = stroke.0.filter(|s| s.mouse) else {
        return;
    };
    s.to = target.square;
    if buttons.just_released(MouseButton::Right) || !buttons.pressed(MouseButton::Right) {
        stroke.0 = None;
        if s.to == Some(s.from) {
            // A right click also drops a picked piece, as before.
            select.write(SelectInput::Cancel);
        }
        wishes.write_batch(s.wish());
    } else if stroke.0 != Some(s) {
        stroke.0 = Some(s);
    }
}

/// The keyboard's and pad's drawing at the board cursor.
#[allow(clippy::too_many_arguments)]
fn cursor_strokes(
    actions: Single<&ActionState<GameAction>>,
    keys: Res<ButtonInput<KeyCode>>,
    cursor: Res<BoardCursor>,
    active: Res<ActivePanel>,
    mut brush: ResMut<CursorBrush>,
    mut stroke: ResMut<Stroke>,
    mut wishes: MessageWriter<DrawWish>,
    mut toast: MessageWriter<Toast>,
) {
    if active.0 != Panel::Board {
        if stroke.0.is_some_and(|s| !s.mouse) {
            stroke.0 = None;
        }
        return;
    }
    let at = cursor.sq.filter(|_| cursor.hand.is_none());
    let colour = modifier_brush(&keys).unwrap_or(brush.0);
    if actions.just_pressed(&GameAction::DrawColour) {
        let next = Brush::ALL[(Brush::ALL.iter().position(|b| *b == brush.0).unwrap_or(0) + 1) % 4];
        brush.0 = next;
        if let Some(s) = stroke.0.as_mut().filter(|s| !s.mouse) {
            s.brush = next;
        }
        toast.write(Toast(format!("Drawing in {}", brush_name(next))));
    }
    if actions.just_pressed(&GameAction::Cancel) && stroke.0.is_some_and(|s| !s.mouse) {
        stroke.0 = None;
    }
    if actions.just_pressed(&GameAction::DrawCircle)
        && let Some(sq) = at
    {
        wishes.write(DrawWish::Circle(BoardCircle { sq, brush: colour }));
    }
    if actions.just_pressed(&GameAction::DrawArrow) {
        match stroke.0.filter(|s| !s.mouse) {
            Some(s) => {
                stroke.0 = None;
                wishes.write_batch(StrokeState { to: at, ..s }.wish());
            }
            None => {
                stroke.0 = at.map(|from| StrokeState {
                    from,
                    to: Some(from),
                    brush: colour,
                    mouse: false,
                });
            }
        }
    } else if let Some(s) = stroke.0.as_mut().filter(|s| !s.mouse)
        && s.to != at
    {
        s.to = at;
    }
}

/// The brush's name for the player.
pub fn brush_name(b: Brush) -> &'static str {
    match b {
        Brush::Green => "green",
        Brush::Red => "red",
        Brush::Blue => "blue",
        Brush::Yellow => "yellow",
    }
}

/// The stroke in progress, faintly on the board.
fn show_stroke(stroke: Res<Stroke>, mut shown: ResMut<ShownMarks>) {
    if !stroke.is_changed() {
        return;
    }
    let mut marks = Marks::default();
    if let Some(wish) = stroke.0.and_then(|s| s.wish()) {
        match wish {
            DrawWish::Arrow(a) => marks.arrows.push(a),
            DrawWish::Circle(c) => marks.circles.push(c),
            DrawWish::Clear => {}
        }
    }
    set_marks(&mut shown, MarkSource::Drawing, marks);
}
