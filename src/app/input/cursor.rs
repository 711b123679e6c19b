//! The board cursor for keyboard and gamepad: moved square by square (arrow
//! keys, WASD, d-pad, left stick, with repeat when held), it skips missing
//! squares, its "up" follows the board when flipped, and Select sends the
//! same [`SelectInput::Square`] a mouse click sends.

use super::actions::GameAction;
use super::{InputSet, SelectInput};
use crate::app::Screen;
use crate::app::board_view::{BoardLayout, BoardRoot, BoardViewSystems};
use crate::app::match_state::Match;
use crate::rules::{Sq, Variant};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>()
        .add_systems(Startup, build_cursor_art)
        .add_systems(
            Update,
            (move_cursor, select_at_cursor)
                .chain()
                .in_set(InputSet::Devices)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(Update, show_cursor.after(BoardViewSystems::Spawn));
}

/// Where the keyboard/gamepad cursor is. Hidden until first used.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCursor {
    /// Its square.
    pub sq: Option<Sq>,
    /// Shown on the board.
    pub shown: bool,
    held: Option<(i8, i8)>,
}

impl BoardCursor {
    /// A shown cursor on `sq`.
    pub fn at(sq: Sq) -> BoardCursor {
        BoardCursor {
            sq: Some(sq),
            shown: true,
            held: None,
        }
    }
}

/// First repeat after this long, then every [`REPEAT_SECS`].
const REPEAT_DELAY_SECS: f32 = 0.35;
const REPEAT_SECS: f32 = 0.11;

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
fn start_square(game: &Match) -> Sq {
    let pos = game.position();
    pos.royal_square(pos.side_to_move()).unwrap_or_else(|| {
        let v = game.variant();
        let c = Vec2::new(v.width() as f32 - 1.0, v.height() as f32 - 1.0) * 0.5;
        v.squares()
            .min_by(|a, b| {
                let da = Vec2::new(a.x as f32, a.y as f32).distance(c);
                let db = Vec2::new(b.x as f32, b.y as f32).distance(c);
                da.total_cmp(&db)
            })
            .unwrap_or(Sq::new(0, 0))
    })
}

fn move_cursor(
    actions: Single<&ActionState<GameAction>>,
    game: Option<Res<Match>>,
    layout: Res<BoardLayout>,
    time: Res<Time>,
    mut cursor: ResMut<BoardCursor>,
    mut repeat: Local<f32>,
) {
    let Some(game) = game else { return };
    let axis = actions.axis_pair(&GameAction::MoveCursor);
    let dir = |v: f32| {
        if v > 0.5 {
            1
        } else if v < -0.5 {
            -1
        } else {
            0
        }
    };
    let (mut dx, mut dy) = (dir(axis.x), dir(axis.y));
    if (dx, dy) == (0, 0) {
        cursor.held = None;
        return;
    }
    let fire = match cursor.held {
        Some(h) if h == (dx, dy) => {
            *repeat -= time.delta_secs();
            if *repeat <= 0.0 {
                *repeat += REPEAT_SECS;
                true
            } else {
                false
            }
        }
        _ => {
            *repeat = REPEAT_DELAY_SECS;
            true
        }
    };
    cursor.held = Some((dx, dy));
    if !fire {
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
        .unwrap_or_else(|| start_square(&game));
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

fn select_at_cursor(
    actions: Single<&ActionState<GameAction>>,
    game: Option<Res<Match>>,
    mut cursor: ResMut<BoardCursor>,
    mut select: MessageWriter<SelectInput>,
) {
    if !actions.just_pressed(&GameAction::Select) {
        return;
    }
    let Some(game) = game else { return };
    match cursor
        .sq
        .filter(|s| cursor.shown && game.variant().exists(*s))
    {
        Some(sq) => {
            select.write(SelectInput::Square(sq));
        }
        None => {
            cursor.shown = true;
            cursor.sq = Some(start_square(&game));
        }
    }
}

#[derive(Resource)]
struct CursorArt {
    mesh: Handle<Mesh>,
    mat2: Handle<ColorMaterial>,
    mat3: Handle<StandardMaterial>,
}

/// The cursor's visuals (2D and 3D children of one entity).
#[derive(Component)]
struct CursorVisual;

fn build_cursor_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mat2: ResMut<Assets<ColorMaterial>>,
    mut mat3: ResMut<Assets<StandardMaterial>>,
) {
    let colour = Color::srgb(0.15, 0.55, 1.0);
    commands.insert_resource(CursorArt {
        mesh: meshes.add(Rectangle::new(0.96, 0.96).to_ring(0.07)),
        mat2: mat2.add(ColorMaterial::from_color(colour)),
        mat3: mat3.add(StandardMaterial {
            base_color: colour,
            unlit: true,
            ..default()
        }),
    });
}

fn show_cursor(
    mut commands: Commands,
    cursor: Res<BoardCursor>,
    layout: Res<BoardLayout>,
    art: Res<CursorArt>,
    roots: Query<Entity, With<BoardRoot>>,
    mut visual: Query<(&mut Transform, &mut Visibility), With<CursorVisual>>,
) {
    let Ok(root) = roots.single() else { return };
    let want = cursor.sq.filter(|_| cursor.shown);
    let Ok((mut tf, mut vis)) = visual.single_mut() else {
        // (Re)made with each board.
        commands.spawn((
            CursorVisual,
            Transform::default(),
            Visibility::Hidden,
            ChildOf(root),
            children![
                (
                    Mesh2d(art.mesh.clone()),
                    MeshMaterial2d(art.mat2.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.6),
                ),
                (
                    Mesh3d(art.mesh.clone()),
                    MeshMaterial3d(art.mat3.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.006),
                ),
            ],
        ));
        return;
    };
    match want {
        Some(sq) => {
            let c = layout.centre(sq).extend(0.0);
            if tf.translation != c {
                tf.translation = c;
            }
            vis.set_if_neq(Visibility::Inherited);
        }
        None => {
            vis.set_if_neq(Visibility::Hidden);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_reaches_every_square_and_never_rests_on_a_hole() {
        for info in crate::rules::variants() {
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
