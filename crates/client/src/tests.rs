//! Headless tests of the client: input → selection → `MoveIntent` →
//! `Match` → announced messages → piece entities, with animations run out.

use super::headless_app;
use super::input::mouse::PointerTarget;
use super::interaction::{SelectInput, Selection};
use super::match_state::CurrentMatch;
use super::match_state::{Match, MatchCommand};
use super::scene::{BoardLayout, HandSlot, PieceView};
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use chimera_rules::{Color, Kind, Position, Sq};

fn app_with(id: &str, moves: &[&str]) -> App {
    let mut app = headless_app();
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    app.insert_resource(CurrentMatch(Match::start(id, &[], &moves).expect("setup")));
    settle(&mut app);
    app
}

/// Runs enough frames for every animation to end.
fn settle(app: &mut App) {
    for _ in 0..40 {
        app.update();
    }
}

fn sq(app: &App, name: &str) -> Sq {
    app.world()
        .resource::<CurrentMatch>()
        .variant()
        .parse_square(name)
        .expect("square")
}

fn click(app: &mut App, name: &str) {
    let s = sq(app, name);
    app.world_mut().write_message(SelectInput::Square(s));
    app.update();
}

/// Every piece entity stands, at rest, on the square the match says, and
/// every piece of the match has exactly one entity.
fn assert_views_match(app: &mut App) {
    let pos: Position = app.world().resource::<CurrentMatch>().position().clone();
    let layout = *app.world().resource::<BoardLayout>();
    let mut q = app.world_mut().query::<(&PieceView, &Transform)>();
    let views: Vec<(PieceView, Transform)> = q.iter(app.world()).map(|(p, t)| (*p, *t)).collect();
    let on_board: Vec<Sq> = pos
        .variant()
        .squares()
        .filter(|s| pos.piece_at(*s).is_some())
        .collect();
    assert_eq!(views.len(), on_board.len(), "one entity per piece");
    for (v, tf) in views {
        let p = pos
            .piece_at(v.sq)
            .unwrap_or_else(|| panic!("entity on empty {:?}", v.sq));
        assert_eq!(
            (p.color, p.kind),
            (v.piece.color, v.piece.kind),
            "at {:?}",
            v.sq
        );
        let want = layout.centre(v.sq);
        assert!(
            tf.translation.truncate().distance(want) < 1e-3 && tf.translation.z.abs() < 1e-3,
            "{:?} at {:?} rests at {:?}, not {want:?}",
            v.piece.kind,
            v.sq,
            tf.translation
        );
        assert!(
            (tf.scale - Vec3::ONE).length() < 1e-3,
            "scale back to normal"
        );
    }
}

fn plies(app: &App) -> usize {
    app.world().resource::<CurrentMatch>().game().moves().len()
}

#[test]
fn click_click_moves_a_piece_and_the_entity_follows() {
    let mut app = app_with("chess", &[]);
    assert_views_match(&mut app);
    click(&mut app, "g1");
    click(&mut app, "f3");
    settle(&mut app);
    assert_eq!(plies(&app), 1);
    assert_views_match(&mut app);
}

#[test]
fn illegal_destination_is_refused_and_nothing_moves() {
    let mut app = app_with("chess", &[]);
    click(&mut app, "g1");
    click(&mut app, "g3");
    settle(&mut app);
    assert_eq!(plies(&app), 0);
    assert_views_match(&mut app);
}

#[test]
fn captures_remove_the_entity_and_castling_moves_both_pieces() {
    let mut app = app_with("chess", &["e2e4", "d7d5", "g1f3", "b8c6", "f1c4"]);
    assert_views_match(&mut app);
    click(&mut app, "d5");
    click(&mut app, "c4");
    settle(&mut app);
    assert_eq!(plies(&app), 6);
    assert_views_match(&mut app);
    // White castles: drag the king two squares.
    click(&mut app, "e1");
    click(&mut app, "g1");
    settle(&mut app);
    assert_eq!(plies(&app), 7);
    let pos = app.world().resource::<CurrentMatch>().position().clone();
    assert_eq!(
        pos.piece_at(sq(&app, "f1")).map(|p| p.kind),
        Some(Kind::Rook)
    );
    assert_views_match(&mut app);
}

#[test]
fn undo_and_redo_resync_the_board() {
    let mut app = app_with("chess", &["e2e4", "e7e5"]);
    app.world_mut().write_message(MatchCommand::Undo);
    settle(&mut app);
    assert_eq!(plies(&app), 1);
    assert_views_match(&mut app);
    app.world_mut().write_message(MatchCommand::Redo);
    settle(&mut app);
    assert_eq!(plies(&app), 2);
    assert_views_match(&mut app);
}

#[test]
fn a_burst_of_moves_in_one_frame_leaves_every_piece_in_place() {
    let mut app = app_with("chess", &[]);
    for m in [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6",
    ] {
        let req = app
            .world()
            .resource::<CurrentMatch>()
            .request_lmn(m)
            .expect(m);
        app.world_mut().write_message(req);
        app.update();
    }
    settle(&mut app);
    assert_eq!(plies(&app), 8);
    assert_views_match(&mut app);
}

#[test]
fn holy_grail_ninja_drop_from_the_hand_with_its_landing_square() {
    let mut app = app_with("holygrail", &["e2e4", "e9e7"]);
    let before = app
        .world()
        .resource::<CurrentMatch>()
        .position()
        .hand_count(Color::White, Kind::NinjaPawn);
    app.world_mut()
        .write_message(SelectInput::Hand(Color::White, Kind::NinjaPawn));
    app.update();
    click(&mut app, "e2");
    assert_eq!(plies(&app), 2, "the landing square is still to be chosen");
    click(&mut app, "e3");
    settle(&mut app);
    assert_eq!(plies(&app), 3);
    let pos = app.world().resource::<CurrentMatch>().position().clone();
    assert_eq!(
        pos.piece_at(sq(&app, "e3")).map(|p| p.kind),
        Some(Kind::NinjaPawn)
    );
    assert_eq!(pos.hand_count(Color::White, Kind::NinjaPawn), before - 1);
    assert_views_match(&mut app);
    let mut q = app.world_mut().query::<&HandSlot>();
    let slot = q
        .iter(app.world())
        .find(|s| s.side == Color::White && s.kind == Kind::NinjaPawn)
        .copied()
        .expect("hand slot");
    assert_eq!(slot.count, before - 1);
}

fn mouse(app: &mut App, state: ButtonState) {
    app.world_mut().write_message(MouseButtonInput {
        button: MouseButton::Left,
        state,
        window: Entity::PLACEHOLDER,
    });
}

#[test]
fn mouse_press_and_release_on_squares_plays_by_drag() {
    let mut app = app_with("chess", &[]);
    let layout = *app.world().resource::<BoardLayout>();
    let (from, to) = (sq(&app, "e2"), sq(&app, "e4"));
    let point = |s: Sq| PointerTarget {
        world: Some(layout.centre(s)),
        square: Some(s),
        hand: None,
    };
    *app.world_mut().resource_mut::<PointerTarget>() = point(from);
    mouse(&mut app, ButtonState::Pressed);
    app.update();
    // Move the pointer while held: the drag becomes active and the piece follows.
    *app.world_mut().resource_mut::<PointerTarget>() = point(to);
    app.update();
    app.update();
    let mut q = app.world_mut().query::<(&PieceView, &Transform)>();
    let held = q
        .iter(app.world())
        .find(|(p, _)| p.sq == from)
        .map(|(_, t)| t.translation)
        .expect("pawn");
    assert!(
        held.truncate().distance(layout.centre(to)) < 1e-3,
        "dragged to {held}"
    );
    mouse(&mut app, ButtonState::Released);
    app.update();
    settle(&mut app);
    assert_eq!(plies(&app), 1);
    assert_views_match(&mut app);
}

#[test]
fn mouse_drop_on_an_illegal_square_snaps_back() {
    let mut app = app_with("chess", &[]);
    let layout = *app.world().resource::<BoardLayout>();
    let (from, to) = (sq(&app, "e2"), sq(&app, "e5"));
    let point = |s: Sq| PointerTarget {
        world: Some(layout.centre(s)),
        square: Some(s),
        hand: None,
    };
    *app.world_mut().resource_mut::<PointerTarget>() = point(from);
    mouse(&mut app, ButtonState::Pressed);
    app.update();
    *app.world_mut().resource_mut::<PointerTarget>() = point(to);
    app.update();
    mouse(&mut app, ButtonState::Released);
    app.update();
    settle(&mut app);
    assert_eq!(plies(&app), 0);
    assert_views_match(&mut app);
}

fn app_from_vfen(id: &str, vfen: &str) -> App {
    use chimera_rules::{Game, Variant};
    let mut app = headless_app();
    let v = Variant::new(id, &[]).expect("variant");
    app.insert_resource(CurrentMatch(Match::from_game(
        Game::from_vfen(&v, vfen).expect("vfen"),
    )));
    settle(&mut app);
    app
}

fn choose_kind(app: &mut App, kind: Kind) {
    let sel = app.world().resource::<Selection>();
    let chooser = sel.0.chooser().expect("a chooser is open");
    let i = chooser
        .choices
        .iter()
        .position(|c| c.kind == Some(kind))
        .expect("that choice");
    app.world_mut().write_message(SelectInput::Choose(i));
    app.update();
}

fn kind_at(app: &App, name: &str) -> Option<Kind> {
    let s = sq(app, name);
    app.world()
        .resource::<CurrentMatch>()
        .position()
        .piece_at(s)
        .map(|p| p.kind)
}

#[test]
fn promotion_through_the_chooser_swaps_the_piece_look() {
    let mut app = app_from_vfen("chess", "4k3/P7/8/8/8/8/8/4K3 w - - - 0 1");
    click(&mut app, "a7");
    click(&mut app, "a8");
    assert_eq!(plies(&app), 0, "waits for the choice");
    choose_kind(&mut app, Kind::Knight);
    settle(&mut app);
    assert_eq!(kind_at(&app, "a8"), Some(Kind::Knight));
    assert_views_match(&mut app);
}

#[test]
fn serpent_mutation_is_picked_then_chosen() {
    let mut app = app_from_vfen(
        "holygrail",
        "****2****/k9/10/10/10/10/10/4G5/10/10/10/****K1**** w - - - 0 1",
    );
    click(&mut app, "e4");
    app.world_mut().write_message(SelectInput::Mutate);
    app.update();
    choose_kind(&mut app, Kind::Cannon);
    settle(&mut app);
    assert_eq!(kind_at(&app, "e4"), Some(Kind::Cannon));
    assert_views_match(&mut app);
}

#[test]
fn crowning_picks_the_prince_and_swaps_king_and_prince() {
    // White is mated on a1 by two rooks; the prince on j1 is not attacked.
    let mut app = app_from_vfen(
        "holygrail",
        "****1k****/10/10/10/10/10/rr8/10/10/10/K8I/****2**** w - - - 0 1",
    );
    click(&mut app, "a1");
    click(&mut app, "j1");
    settle(&mut app);
    assert_eq!(plies(&app), 1);
    assert_eq!(kind_at(&app, "a1"), Some(Kind::NinjaPawn));
    assert_eq!(kind_at(&app, "j1"), Some(Kind::King));
    assert_views_match(&mut app);
}

fn tap(app: &mut App, key: KeyCode) {
    use leafwing_input_manager::prelude::Buttonlike;
    key.press(app.world_mut());
    app.update();
    key.release(app.world_mut());
    app.update();
}

#[test]
fn keyboard_cursor_plays_a_move_without_the_mouse() {
    use super::input::cursor::BoardCursor;
    let mut app = app_with("chess", &[]);
    tap(&mut app, KeyCode::Enter); // shows the cursor on the king
    assert_eq!(
        app.world().resource::<BoardCursor>().sq,
        Some(sq(&app, "e1"))
    );
    tap(&mut app, KeyCode::ArrowUp);
    tap(&mut app, KeyCode::Enter); // picks the e2 pawn
    tap(&mut app, KeyCode::ArrowUp);
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(
        app.world().resource::<BoardCursor>().sq,
        Some(sq(&app, "e4"))
    );
    tap(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(plies(&app), 1);
    assert_eq!(kind_at(&app, "e4"), Some(Kind::Pawn));
    assert_views_match(&mut app);
}

#[test]
fn cursor_up_follows_the_flipped_board() {
    use super::input::cursor::BoardCursor;
    let mut app = app_with("chess", &[]);
    app.world_mut().resource_mut::<BoardLayout>().flipped = true;
    tap(&mut app, KeyCode::Enter);
    tap(&mut app, KeyCode::ArrowUp);
    // Seen from Black's side, "up" goes toward rank 1: from e1 there is nothing.
    assert_eq!(
        app.world().resource::<BoardCursor>().sq,
        Some(sq(&app, "e1"))
    );
    tap(&mut app, KeyCode::ArrowDown);
    assert_eq!(
        app.world().resource::<BoardCursor>().sq,
        Some(sq(&app, "e2"))
    );
}

#[test]
fn how_it_moves_shows_a_lone_piece_and_closing_it_restores_the_game() {
    use super::board_view::{BoardHighlights, BoardScene};
    use super::interaction::{HelpSubject, Marker, ShowHowItMoves};
    let mut app = app_with("chess", &["e2e4"]);
    click(&mut app, "g8");
    assert!(app.world().resource::<Selection>().0.origin().is_some());
    let d4 = sq(&app, "d4");
    let rook = chimera_rules::PieceInfo {
        color: Color::White,
        kind: Kind::Rook,
        locked: false,
    };
    app.world_mut()
        .write_message(ShowHowItMoves(Some(HelpSubject {
            piece: rook,
            at: Some(d4),
        })));
    settle(&mut app);
    // The picked knight is dropped; the board shows the rook alone on d4,
    // ringing the 14 squares of its rank and file (it captures on each).
    assert!(app.world().resource::<Selection>().0.origin().is_none());
    let hl = app.world().resource::<BoardHighlights>().clone();
    assert_eq!((hl.selected, hl.check), (Some(d4), None));
    assert!(hl.last_move.is_empty());
    assert_eq!(hl.targets.len(), 14);
    assert!(hl.targets.iter().all(|(_, m)| *m == Marker::Ring));
    let mut q = app.world_mut().query::<&PieceView>();
    let shown: Vec<(Sq, Kind)> = q.iter(app.world()).map(|p| (p.sq, p.piece.kind)).collect();
    assert_eq!(shown, vec![(d4, Kind::Rook)]);
    // Closing it shows the game again, with its last move.
    app.world_mut().write_message(ShowHowItMoves(None));
    settle(&mut app);
    let scene = app.world().resource::<BoardScene>().position.to_vfen();
    let game = app.world().resource::<CurrentMatch>().position().to_vfen();
    assert_eq!(scene, game);
    let hl = app.world().resource::<BoardHighlights>().clone();
    let mut last = hl.last_move.clone();
    last.sort();
    let mut want = vec![sq(&app, "e2"), sq(&app, "e4")];
    want.sort();
    assert_eq!((last, hl.selected), (want, None));
    assert_views_match(&mut app);
}
