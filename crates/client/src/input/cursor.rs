//! The board cursor for keyboard and gamepad: moved square by square (arrow
//! keys, WASD, d-pad, left stick, with repeat when held), it skips missing
//! squares, its "up" follows the board when flipped, and Select sends the
//! same [`SelectInput::Square`] a mouse click sends. The Hand action (Tab,
//! the pad's Select/Back) jumps it into the side to move's hand, where left/right
//! walk the pieces held and Select picks one to drop; Hand or up/down go back
//! to the board. Select on a picked serpent that can mutate asks for the
//! mutation (the pad's way to the mutate action). The board view draws it.

use crate::interaction::{
    ActivePanel, GameAction, NavStep, Origin, Panel, Replay, SelectInput, Selection, Toast,
};
use crate::match_state::CurrentMatch;
use crate::scene::{BoardLayout, hand_row, middle_square};
use crate::schedule::{AppSystems, Screen};
use bevy::prelude::*;
use chimera_rules::{Kind, Position, Sq, Variant};
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>().add_systems(
        Update,
        (move_cursor, enter_or_leave_hand, select_at_cursor)
            .chain()
            .in_set(AppSystems::ReadInput)
            .after(super::nav::read_step)
            .run_if(in_state(Screen::Game))
            .run_if(|p: Res<ActivePanel>| p.0 == Panel::Board),
    );
}

/// Where the keyboard/gamepad cursor is. Hidden until first used.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCursor {
    /// Its square (kept while it visits the hand).
    pub sq: Option<Sq>,
    /// Shown on the board.
    pub shown: bool,
    /// In the hand of the side to move: the slot index in [`hand_row`] order.
    pub hand: Option<usize>,
}

impl BoardCursor {
    /// A shown cursor on `sq`.
    pub fn at(sq: Sq) -> BoardCursor {
        BoardCursor {
            sq: Some(sq),
            shown: true,
            hand: None,
        }
    }
}

/// The square one step from `from` in direction (dx, dy) of board
/// coordinates, skipping missing squares; `None` at the edge.
pub fn step(v: &Variant, from: Sq, dx: i8, dy: i8) -> Option<Sq> {
    let (mut x, mut y) = (from.x as i32, from.y as i32);
    loop {
        x += dx as i32;
        y += dy as i32;
        if x < 0 || y < 0 || x >= v.width() as i32 || y >= v.height() as i32 {
            return None;
        }
        let s = Sq::new(x as u8, y as u8);
        if v.exists(s) {
            return Some(s);
        }
    }
}

/// The square an orthogonal cursor step goes to: the nearest existing
/// square ahead within 45° of the direction (straight ahead first), so holes
/// are skipped and cut-off corners are reachable; `None` when there is none.
pub fn step_or_nearest(v: &Variant, from: Sq, dx: i8, dy: i8) -> Option<Sq> {
    let (fx, fy) = (from.x as i32, from.y as i32);
    v.squares()
        .filter_map(|s| {
            let (ox, oy) = (s.x as i32 - fx, s.y as i32 - fy);
            let ahead = ox * dx as i32 + oy * dy as i32;
            let lateral = (ox * dy as i32 - oy * dx as i32).abs();
            (ahead > 0 && lateral <= ahead).then_some((ahead + 2 * lateral, lateral, s))
        })
        .min_by_key(|(cost, lateral, s)| (*cost, *lateral, s.y, s.x))
        .map(|(_, _, s)| s)
}

/// Where the cursor starts: the side to move's king, else near the middle.
fn start_square(pos: &Position) -> Sq {
    pos.royal_square(pos.side_to_move())
        .unwrap_or_else(|| middle_square(pos.variant()))
}

/// Hand slots of the side to move that hold something.
fn held_slots(pos: &Position) -> Vec<(usize, Kind)> {
    let side = pos.side_to_move();
    hand_row(pos)
        .into_iter()
        .enumerate()
        .filter(|(_, k)| pos.hand_count(side, *k) > 0)
        .collect()
}

/// The next held slot from `index` going `dir` (±1), wrapping.
fn next_held(pos: &Position, index: usize, dir: i8) -> Option<usize> {
    let held = held_slots(pos);
    let at = held.iter().position(|(i, _)| *i == index);
    let n = held.len() as i32;
    if n == 0 {
        return None;
    }
    let next = match at {
        Some(a) => (a as i32 + dir as i32).rem_euclid(n),
        None => 0,
    };
    Some(held[next as usize].0)
}

fn move_cursor(
    step_now: Res<NavStep>,
    game: Option<Res<CurrentMatch>>,
    layout: Res<BoardLayout>,
    mut cursor: ResMut<BoardCursor>,
    shown: Res<Replay>,
) {
    let Some(game) = game else { return };
    let pos = shown.position(&game);
    let Some((mut dx, mut dy)) = step_now.0 else {
        return;
    };
    if let Some(index) = cursor.hand {
        if dy != 0 {
            // Toward the board (or away): back on the board.
            cursor.hand = None;
        } else {
            // The hand row runs left to right as the viewer sees it.
            cursor.hand = next_held(pos, index, dx).or(cursor.hand);
        }
        return;
    }
    if layout.flipped {
        dx = -dx;
        dy = -dy;
    }
    let v = game.variant();
    let from = cursor
        .sq
        .filter(|s| v.exists(*s))
        .unwrap_or_else(|| start_square(pos));
    if !cursor.shown {
        // The first press shows the cursor where it is.
        cursor.shown = true;
        cursor.sq = Some(from);
        return;
    }
    // A diagonal at the edge still moves along the axis that can.
    let next = if dx != 0 && dy != 0 {
        step(v, from, dx, dy)
            .or_else(|| step(v, from, dx, 0))
            .or_else(|| step(v, from, 0, dy))
    } else {
        step_or_nearest(v, from, dx, dy)
    };
    if let Some(n) = next {
        cursor.sq = Some(n);
    }
}

fn enter_or_leave_hand(
    actions: Single<&ActionState<GameAction>>,
    game: Option<Res<CurrentMatch>>,
    mut cursor: ResMut<BoardCursor>,
    mut toasts: MessageWriter<Toast>,
    shown: Res<Replay>,
) {
    if !actions.just_pressed(&GameAction::Hand) {
        return;
    }
    let Some(game) = game else { return };
    if cursor.hand.take().is_some() {
        return;
    }
    let pos = shown.position(&game);
    match held_slots(pos).first() {
        Some((i, _)) => {
            cursor.hand = Some(*i);
            cursor.shown = true;
            if cursor.sq.is_none() {
                cursor.sq = Some(start_square(pos));
            }
        }
        None => {
            toasts.write(Toast(if hand_row(pos).is_empty() {
                "this game has no pieces in hand".into()
            } else {
                "nothing in hand".into()
            }));
        }
    }
}

fn select_at_cursor(
    actions: Single<&ActionState<GameAction>>,
    game: Option<Res<CurrentMatch>>,
    selection: Res<Selection>,
    mut cursor: ResMut<BoardCursor>,
    mut select: MessageWriter<SelectInput>,
    shown: Res<Replay>,
) {
    if !actions.just_pressed(&GameAction::Select) {
        return;
    }
    let Some(game) = game else { return };
    let pos = shown.position(&game);
    if let Some(index) = cursor.hand {
        let side = pos.side_to_move();
        if let Some(kind) = hand_row(pos).get(index) {
            select.write(SelectInput::Hand(side, *kind));
        }
        // Back to the board to pick where it goes.
        cursor.hand = None;
        return;
    }
    match cursor
        .sq
        .filter(|s| cursor.shown && game.variant().exists(*s))
    {
        Some(sq) => {
            let picked_here = selection.0.origin() == Some(Origin::Square(sq));
            select.write(if picked_here && selection.0.can_mutate() {
                SelectInput::Mutate
            } else {
                SelectInput::Square(sq)
            });
        }
        None => {
            cursor.shown = true;
            cursor.sq = Some(start_square(pos));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_reaches_every_square_and_never_rests_on_a_hole() {
        for info in chimera_rules::variants::builtin() {
            let v = Variant::new(info.id, &[]).unwrap();
            let start = v.squares().next().unwrap();
            let mut seen = vec![start];
            let mut todo = vec![start];
            while let Some(s) = todo.pop() {
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    if let Some(n) = step_or_nearest(&v, s, dx, dy) {
                        assert!(v.exists(n), "{}: rests on a hole", info.id);
                        if !seen.contains(&n) {
                            seen.push(n);
                            todo.push(n);
                        }
                    }
                }
            }
            assert_eq!(seen.len(), v.squares().count(), "{}", info.id);
        }
    }
}
