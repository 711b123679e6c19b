//! The keyboard/gamepad cursor drawn on the board: a blue ring on its square
//! or on its hand slot, in 2D and 3D, hidden until the cursor is first used.

use super::BoardRoot;
use crate::input::cursor::BoardCursor;
use crate::interaction::Replay;
use crate::match_state::CurrentMatch;
use crate::scene::BoardLayout;
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_rules::Color as Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, build_cursor_art)
        .add_systems(Update, show_cursor.in_set(AppSystems::Present));
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

#[allow(clippy::too_many_arguments)]
fn show_cursor(
    mut commands: Commands,
    cursor: Res<BoardCursor>,
    game: Option<Res<CurrentMatch>>,
    layout: Res<BoardLayout>,
    art: Res<CursorArt>,
    roots: Query<Entity, With<BoardRoot>>,
    mut visual: Query<(&mut Transform, &mut Visibility), With<CursorVisual>>,
    replay: Res<Replay>,
) {
    let Ok(root) = roots.single() else { return };
    let side = game
        .map(|g| replay.position(&g).side_to_move())
        .unwrap_or(Side::White);
    let want = match cursor.hand {
        Some(i) => Some(layout.hand_slot(side, i)),
        None => cursor
            .sq
            .filter(|_| cursor.shown)
            .map(|sq| layout.centre(sq)),
    };
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
        Some(at) => {
            let c = at.extend(0.0);
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
