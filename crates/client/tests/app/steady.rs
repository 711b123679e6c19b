//! Steady state (issue 4): while nothing happens, frames spawn and despawn no
//! entity, add no mesh or material, and touch no transform, mesh or
//! visibility — the renderer then re-uploads nothing.

use std::collections::HashSet;

use bevy::prelude::*;
use chimera_client::config::View;
use chimera_client::headless_app;
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::Match;
use chimera_client::piece_art::baked::BakedMaterial;
use chimera_client::scene::CurrentView;
use chimera_rules::{Game, Variant};

/// Components whose change costs the renderer work.
#[derive(Resource, Default)]
struct Touched(Vec<String>);

#[allow(clippy::type_complexity)]
fn record_touched(
    q: Query<
        (Entity, Option<&Name>),
        Or<(
            Changed<Transform>,
            Changed<Mesh3d>,
            Changed<Mesh2d>,
            Changed<Visibility>,
            Changed<MeshMaterial3d<StandardMaterial>>,
            Changed<MeshMaterial3d<BakedMaterial>>,
        )>,
    >,
    mut touched: ResMut<Touched>,
) {
    for (e, name) in &q {
        touched
            .0
            .push(format!("{e} {:?}", name.map(|n| n.as_str())));
    }
}

fn material_count(app: &App) -> usize {
    app.world().resource::<Assets<StandardMaterial>>().len()
        + app.world().resource::<Assets<BakedMaterial>>().len()
}

fn entities(app: &mut App) -> HashSet<Entity> {
    let world = app.world_mut();
    world.query::<Entity>().iter(world).collect()
}

#[test]
fn an_idle_board_spawns_nothing_and_touches_nothing() {
    for view in View::ALL {
        let mut app = headless_app();
        let v = Variant::new("herculean", &[]).expect("herculean");
        app.insert_resource(CurrentMatch(Match::from_game(Game::new(&v))))
            .insert_resource(CurrentView(view))
            .init_resource::<Touched>()
            .add_systems(Last, record_touched);
        // Build the board, let the start settle; the recorder's first run sees
        // everything as new.
        for _ in 0..30 {
            app.update();
        }
        app.world_mut().resource_mut::<Touched>().0.clear();
        let before = entities(&mut app);
        assert!(before.len() > 300, "{view:?}: the board has its entities");
        let meshes = app.world().resource::<Assets<Mesh>>().len();
        let materials = material_count(&app);
        for _ in 0..60 {
            app.update();
        }
        assert_eq!(
            entities(&mut app),
            before,
            "{view:?}: entities came or went"
        );
        assert_eq!(app.world().resource::<Assets<Mesh>>().len(), meshes);
        assert_eq!(material_count(&app), materials);
        let touched = &app.world().resource::<Touched>().0;
        assert!(
            touched.is_empty(),
            "{view:?}: touched every frame: {touched:?}"
        );
    }
}
