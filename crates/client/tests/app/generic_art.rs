//! Pieces without art of their own (kinds a variant file defines) get the
//! generic piece, with their letter in the variant and a rose from their
//! movement; "how it moves" and the piece guide explain them from the engine.

use bevy::prelude::*;
use chimera_client::headless_app;
use chimera_client::interaction::{HelpSubject, HowItMoves, ShowHowItMoves};
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::Match;
use chimera_client::menus::{Guide, Overlays, open_guide};
use chimera_client::piece_art::generic::Reach;
use chimera_client::piece_art::{GenericLook, PieceArt, silhouette};
use chimera_client::scene::PieceView;
use chimera_rules::{Color, Kind, PieceInfo, Sq, Variant, variants};
use std::sync::Arc;

/// The made-up game of docs/variant-files.md (`docs/variants/dragons.toml`): chess with a
/// Dragon (Ferz + Knight) for the queen, Lances (a rook's slide forward
/// only) for the rooks, Elephants (Ferz + Alfil) and a Nightrider (a
/// knight's leap repeated).
const GAME: &str = include_str!("../../../../docs/variants/dragons.toml");

/// Registers the documented game under the id `id`, its Dragon written `dragon`.
fn register(id: &str, dragon: char) -> Arc<Variant> {
    let lower = dragon.to_ascii_lowercase();
    let edits = [
        ("id = \"dragons\"", format!("id = \"{id}\"")),
        ("letter = \"D\"", format!("letter = \"{dragon}\"")),
        ("lhbdkenl", format!("lhb{lower}kenl")),
        ("LHBDKENL", format!("LHB{dragon}KENL")),
    ];
    let mut text = GAME.to_string();
    for (from, to) in edits {
        assert_eq!(
            text.matches(from).count(),
            1,
            "{from} in the documented game"
        );
        text = text.replace(from, &to);
    }
    let info = chimera_rules::variants::register(&text).expect("the test game is valid");
    assert!(variants().iter().any(|v| v.id == info.id));
    Variant::new(info.id, &[]).expect("the test game builds")
}

fn kind(v: &Variant, letter: char) -> Kind {
    v.kind_of_letter(letter).expect("a kind of that letter")
}

fn app_with(id: &str) -> App {
    let mut app = headless_app();
    app.insert_resource(CurrentMatch(Match::start(id, &[], &[]).expect("setup")));
    settle(&mut app);
    app
}

fn settle(app: &mut App) {
    for _ in 0..30 {
        app.update();
    }
}

/// The 3D model of every piece entity of `kind`, by side.
fn models_of(app: &mut App, kind: Kind) -> Vec<(Color, AssetId<Mesh>)> {
    let mut q = app.world_mut().query::<(&PieceView, &Children)>();
    let views: Vec<(PieceView, Vec<Entity>)> = q
        .iter(app.world())
        .filter(|(p, _)| p.piece.kind == kind)
        .map(|(p, c)| (*p, c.iter().collect()))
        .collect();
    views
        .into_iter()
        .flat_map(|(p, children)| {
            children
                .into_iter()
                .filter_map(|c| app.world().get::<Mesh3d>(c).map(|m| m.0.id()))
                .map(move |m| (p.piece.color, m))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The new kinds spawn as generic pieces made for this game: each entity
/// shows the model of the look with the letter the file gives, the model
/// exists, and the Dragon and the Lance look different.
#[test]
fn new_kinds_spawn_with_their_generic_piece() {
    let v = register("genart-dragons", 'D');
    let (dragon, lance) = (kind(&v, 'D'), kind(&v, 'L'));
    assert!(!dragon.is_builtin() && !lance.is_builtin());
    assert_eq!((dragon.name(), lance.name()), ("Dragon", "Lance"));
    let mut app = app_with("genart-dragons");
    for (k, letter, count) in [(dragon, 'D', 2), (lance, 'L', 4)] {
        let look = GenericLook::of(&v, k);
        assert_eq!(look.letter, letter);
        let shown = models_of(&mut app, k);
        assert_eq!(shown.len(), count, "{k:?}: one model per piece");
        let art = app.world().resource::<PieceArt>();
        for (side, model) in shown {
            let drawn = art.generic(&look, side).expect("made for the game");
            assert_eq!(model, drawn.model.id(), "{k:?} {side:?}");
            let meshes = app.world().resource::<Assets<Mesh>>();
            let mesh = meshes.get(model).expect("the model exists");
            assert!(mesh.count_vertices() > 500, "{k:?}: a real model");
        }
    }
    // The rose: the Lance one arrow forward; the Dragon four pegs (F) and
    // eight dots (N).
    let lance_look = GenericLook::of(&v, lance);
    let rose: Vec<(i8, i8, Reach)> = lance_look
        .marks
        .iter()
        .map(|m| (m.dx, m.dy, m.reach))
        .collect();
    assert_eq!(rose, vec![(0, 1, Reach::Ride)]);
    let dragon_look = GenericLook::of(&v, dragon);
    let count = |r: Reach| dragon_look.marks.iter().filter(|m| m.reach == r).count();
    assert_eq!((count(Reach::Step), count(Reach::Leap)), (4, 8));
    // Seen from the side and from the default camera, a generic piece
    // differs from every built-in piece of the game as much as two built-in
    // pieces must (the camera test's bounds); two generic pieces differ in
    // their letters, and the Dragon and the Lance, which move very
    // differently, in their shapes too.
    let kinds = v.piece_kinds();
    assert_eq!(kinds.len(), 8);
    for (pitch, least) in [(0.0, 0.14), (50f32.to_radians(), 0.1)] {
        for side in [Color::White, Color::Black] {
            let shape = |k: Kind| silhouette(&v, k, side, pitch);
            for (i, a) in kinds.iter().enumerate() {
                for b in &kinds[i + 1..] {
                    if a.is_builtin() && b.is_builtin() {
                        continue;
                    }
                    if !a.is_builtin() && !b.is_builtin() {
                        assert_ne!(
                            GenericLook::of(&v, *a).letter,
                            GenericLook::of(&v, *b).letter
                        );
                        continue;
                    }
                    let d = shape(*a).difference(&shape(*b));
                    assert!(d >= least, "{a:?} / {b:?} {side:?} at {pitch}: {d}");
                }
            }
            let d = shape(dragon).difference(&shape(lance));
            assert!(d >= least, "dragon / lance {side:?} at {pitch}: {d}");
        }
    }
}

/// A kind keeps one identity across games, but its letter is each game's:
/// a second game writing the Dragon `W` shows a model of its own, not the
/// first game's `D`.
#[test]
fn the_same_new_kind_in_two_games_shows_each_games_letter() {
    let first = register("genart-first", 'D');
    let second = register("genart-second", 'W');
    let dragon = kind(&first, 'D');
    assert_eq!(kind(&second, 'W'), dragon, "one kind for one identifier");
    let mut app = app_with("genart-first");
    let shown_first = models_of(&mut app, dragon);
    app.insert_resource(CurrentMatch(
        Match::start("genart-second", &[], &[]).expect("setup"),
    ));
    settle(&mut app);
    let shown_second = models_of(&mut app, dragon);
    assert_eq!((shown_first.len(), shown_second.len()), (2, 2));
    let art = app.world().resource::<PieceArt>();
    let look = GenericLook::of(&second, dragon);
    assert_eq!(look.letter, 'W');
    for ((side, a), (_, b)) in shown_first.iter().zip(&shown_second) {
        assert_ne!(a, b, "{side:?}: the second game reuses the first's model");
        assert_eq!(*b, art.generic(&look, *side).expect("made").model.id());
    }
}

fn squares(v: &Variant, names: &str) -> Vec<Sq> {
    let mut out: Vec<Sq> = names
        .split_whitespace()
        .map(|n| v.parse_square(n).expect("square"))
        .collect();
    out.sort();
    out
}

/// "How it moves" shows a new kind from the engine: the Dragon (F + N) on
/// d4 of the empty board reaches and attacks the four diagonal neighbours
/// and the eight knight squares; a White Lance (forward rook) on d4 the four
/// squares up the file. The guide lists both with their names.
#[test]
fn how_it_moves_and_the_guide_explain_new_kinds() {
    let v = register("genart-help", 'D');
    let (dragon, lance) = (kind(&v, 'D'), kind(&v, 'L'));
    let mut app = app_with("genart-help");
    let d4 = v.parse_square("d4").expect("d4");
    let cases = [
        (dragon, "c3 c5 e3 e5 b3 b5 c2 c6 e2 e6 f3 f5"),
        (lance, "d5 d6 d7 d8"),
    ];
    for (k, reach) in cases {
        let piece = PieceInfo {
            color: Color::White,
            kind: k,
            locked: false,
        };
        app.world_mut()
            .write_message(ShowHowItMoves(Some(HelpSubject {
                piece,
                at: Some(d4),
            })));
        settle(&mut app);
        let help = app
            .world()
            .resource::<HowItMoves>()
            .0
            .clone()
            .expect("open");
        let (mut got, mut attacks) = (help.reach.clone(), help.attacks.clone());
        got.sort();
        attacks.sort();
        assert_eq!(got, squares(&v, reach), "{k:?} reaches");
        assert_eq!(attacks, squares(&v, reach), "{k:?} attacks");
        // The board shows the piece alone, as its generic piece.
        let shown = models_of(&mut app, k);
        let look = GenericLook::of(&v, k);
        let art = app.world().resource::<PieceArt>();
        let model = art.generic(&look, Color::White).expect("made").model.id();
        assert_eq!(shown, vec![(Color::White, model)]);
    }
    app.world_mut().write_message(ShowHowItMoves(None));
    settle(&mut app);
    let variant = app.world().resource::<CurrentMatch>().variant().clone();
    let world = app.world_mut();
    world.resource_scope(|world, mut guide: Mut<Guide>| {
        open_guide(&mut guide, &mut world.resource_mut::<Overlays>(), variant);
    });
    let guide = app.world().resource::<Guide>();
    let names: Vec<&str> = guide.kinds.iter().map(|k| k.name()).collect();
    assert!(
        names.contains(&"Dragon") && names.contains(&"Lance"),
        "{names:?}"
    );
}

/// A pawn promoted to a new kind turns into that kind's generic piece, its
/// glyph drawn with the generic piece's own picture (material).
#[test]
fn a_pawn_promoted_to_a_new_kind_takes_its_generic_piece() {
    let v = register("genart-promotion", 'D');
    let dragon = kind(&v, 'D');
    let moves: Vec<String> = "h2h4 g7g5 h4g5 h7h6 g5h6 b7b6 h6h7 b6b5"
        .split_whitespace()
        .map(String::from)
        .collect();
    let mut app = headless_app();
    let game = Match::start("genart-promotion", &[], &moves).expect("setup");
    app.insert_resource(CurrentMatch(game));
    settle(&mut app);
    let request = app
        .world()
        .resource::<CurrentMatch>()
        .request_lmn("h7g8=D")
        .expect("the promotion is legal");
    app.world_mut().write_message(request);
    settle(&mut app);
    let g8 = v.parse_square("g8").expect("g8");
    let mut q = app.world_mut().query::<(&PieceView, &Children)>();
    let children: Vec<Entity> = q
        .iter(app.world())
        .find(|(p, _)| p.sq == g8)
        .map(|(p, c)| {
            assert_eq!((p.piece.kind, p.piece.color), (dragon, Color::White));
            c.iter().collect()
        })
        .expect("a piece on g8");
    let art = app.world().resource::<PieceArt>();
    let drawn = art
        .generic(&GenericLook::of(&v, dragon), Color::White)
        .expect("made");
    let world = app.world();
    let model = children.iter().find_map(|c| world.get::<Mesh3d>(*c));
    let glyph = children.iter().find_map(|c| world.get::<Mesh2d>(*c));
    let material = children
        .iter()
        .find_map(|c| world.get::<MeshMaterial2d<ColorMaterial>>(*c));
    assert_eq!(model.map(|m| m.0.id()), Some(drawn.model.id()));
    assert_eq!(glyph.map(|m| m.0.id()), Some(drawn.glyph.id()));
    assert_eq!(material.map(|m| m.0.id()), Some(drawn.glyph_material.id()));
}
