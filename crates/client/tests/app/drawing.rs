//! Drawing on the board (issue 22): a right drag draws an arrow and a right
//! click a circle, in lichess's colours for the modifier keys (plain green,
//! Shift red, Alt blue, Shift+Alt yellow); the same drawing again removes
//! it; a left click clears. The keyboard and the pad draw at the cursor.
//! Drawings are kept per ply, written into records as `[%cal]`/`[%csl]`,
//! come back with an opened record and show again on replay; in a LAN game
//! a player's drawings reach the other window (loopback).

use crate::couch_play::{connect_pad, settle, sq};
use crate::lan::{await_board, await_both_at, host_app, join_app, pump, request};
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use chimera_client::headless_app;
use chimera_client::input::cursor::BoardCursor;
use chimera_client::input::mouse::PointerTarget;
use chimera_client::interaction::{DrawWish, Drawings, ReplayStep, SetDrawings};
use chimera_client::marks::{BoardArrow, BoardCircle, MarkSource, Marks, ShownMarks};
use chimera_client::match_state::{CurrentMatch, InstallMatch, Match};
use chimera_client::saves::{add_drawings, match_record, open_file};
use chimera_game::record::Brush;
use chimera_rules::{Color, Game, Sq, Variant};
use leafwing_input_manager::prelude::Buttonlike;

fn chess_app() -> App {
    let mut app = headless_app();
    let v = Variant::new("chess", &[]).expect("chess");
    app.insert_resource(CurrentMatch(Match::from_game(Game::new(&v))));
    settle(&mut app);
    app
}

/// The player's own drawings on the board now.
fn shown(app: &App) -> Marks {
    let marks = app.world().resource::<ShownMarks>();
    marks.get(MarkSource::Player).cloned().unwrap_or_default()
}

fn point_at(app: &mut App, s: Option<Sq>) {
    let layout = *app.world().resource::<chimera_client::scene::BoardLayout>();
    *app.world_mut().resource_mut::<PointerTarget>() = PointerTarget {
        world: s.map(|s| layout.centre(s)),
        square: s,
        hand: None,
    };
}

fn mouse(app: &mut App, button: MouseButton, state: ButtonState) {
    app.world_mut().write_message(MouseButtonInput {
        button,
        state,
        window: Entity::PLACEHOLDER,
    });
    app.update();
}

/// A right drag from `from` to `to` (a click when they are the same) with
/// `keys` held.
fn right_drag(app: &mut App, keys: &[KeyCode], from: &str, to: &str) {
    for k in keys {
        k.press(app.world_mut());
    }
    let (from, to) = (sq(app, from), sq(app, to));
    point_at(app, Some(from));
    mouse(app, MouseButton::Right, ButtonState::Pressed);
    point_at(app, Some(to));
    app.update();
    mouse(app, MouseButton::Right, ButtonState::Released);
    for k in keys {
        k.release(app.world_mut());
    }
    settle(app);
}

fn arrow(app: &App, from: &str, to: &str, brush: Brush) -> BoardArrow {
    BoardArrow {
        from: sq(app, from),
        to: sq(app, to),
        brush,
    }
}

fn circle(app: &App, at: &str, brush: Brush) -> BoardCircle {
    BoardCircle {
        sq: sq(app, at),
        brush,
    }
}

#[test]
fn the_right_button_draws_in_the_modifier_colours_and_a_left_click_clears() {
    use KeyCode::{AltLeft, ShiftLeft};
    let mut app = chess_app();
    right_drag(&mut app, &[], "e2", "e4");
    right_drag(&mut app, &[ShiftLeft], "d4", "d4");
    right_drag(&mut app, &[AltLeft], "d7", "d5");
    right_drag(&mut app, &[ShiftLeft, AltLeft], "f3", "f3");
    let want = Marks {
        arrows: vec![
            arrow(&app, "e2", "e4", Brush::Green),
            arrow(&app, "d7", "d5", Brush::Blue),
        ],
        circles: vec![
            circle(&app, "d4", Brush::Red),
            circle(&app, "f3", Brush::Yellow),
        ],
    };
    assert_eq!(shown(&app), want);
    // Nothing moved, and no drawing in progress is left on the board.
    assert_eq!(app.world().resource::<CurrentMatch>().ply(), 0);
    let marks = app.world().resource::<ShownMarks>();
    assert_eq!(marks.get(MarkSource::Drawing), None);
    // The same again removes it; another colour recolours it.
    right_drag(&mut app, &[], "e2", "e4");
    right_drag(&mut app, &[ShiftLeft, AltLeft], "f3", "f3");
    right_drag(&mut app, &[ShiftLeft], "d7", "d5");
    assert_eq!(
        shown(&app),
        Marks {
            arrows: vec![arrow(&app, "d7", "d5", Brush::Red)],
            circles: vec![circle(&app, "d4", Brush::Red)],
        }
    );
    // A right drag released off the board draws nothing.
    let e2 = sq(&app, "e2");
    point_at(&mut app, Some(e2));
    mouse(&mut app, MouseButton::Right, ButtonState::Pressed);
    point_at(&mut app, None);
    app.update();
    mouse(&mut app, MouseButton::Right, ButtonState::Released);
    settle(&mut app);
    assert_eq!(shown(&app).len(), 2);
    // A plain left click on the board clears them.
    let a1 = sq(&app, "a1");
    point_at(&mut app, Some(a1));
    mouse(&mut app, MouseButton::Left, ButtonState::Pressed);
    mouse(&mut app, MouseButton::Left, ButtonState::Released);
    settle(&mut app);
    assert!(shown(&app).is_empty(), "{:?}", shown(&app));
}

/// Presses `keys` together, then releases them.
fn chord_keys(app: &mut App, keys: &[KeyCode]) {
    for k in keys {
        k.press(app.world_mut());
    }
    app.update();
    for k in keys {
        k.release(app.world_mut());
    }
    settle(app);
}

/// Holds the pad's left trigger and taps `b`.
fn pad_chord(app: &mut App, pad: Entity, b: GamepadButton) {
    GamepadButton::LeftTrigger2.press_as_gamepad(app.world_mut(), Some(pad));
    app.update();
    b.press_as_gamepad(app.world_mut(), Some(pad));
    app.update();
    b.release_as_gamepad(app.world_mut(), Some(pad));
    GamepadButton::LeftTrigger2.release_as_gamepad(app.world_mut(), Some(pad));
    settle(app);
}

fn cursor_to(app: &mut App, at: &str) {
    let s = sq(app, at);
    *app.world_mut().resource_mut::<BoardCursor>() = BoardCursor::at(s);
    app.update();
}

#[test]
fn the_keyboard_and_the_pad_draw_at_the_cursor() {
    let mut app = chess_app();
    // Keyboard: X starts at the cursor, X again finishes where it went.
    cursor_to(&mut app, "g1");
    chord_keys(&mut app, &[KeyCode::KeyX]);
    let drawing = app
        .world()
        .resource::<ShownMarks>()
        .get(MarkSource::Drawing);
    assert!(drawing.is_some(), "the started arrow shows faintly");
    cursor_to(&mut app, "f3");
    chord_keys(&mut app, &[KeyCode::KeyX]);
    // B picks the next colour (red); C circles; Shift still says red over it.
    chord_keys(&mut app, &[KeyCode::KeyB]);
    chord_keys(&mut app, &[KeyCode::KeyC]);
    cursor_to(&mut app, "e4");
    chord_keys(&mut app, &[KeyCode::AltLeft, KeyCode::KeyC]);
    assert_eq!(
        shown(&app),
        Marks {
            arrows: vec![arrow(&app, "g1", "f3", Brush::Green)],
            circles: vec![
                circle(&app, "f3", Brush::Red),
                circle(&app, "e4", Brush::Blue)
            ],
        }
    );
    // The pad: the left trigger with South (arrow), West (circle), North (colour).
    let pad = connect_pad(&mut app, "Xbox Wireless Controller", Some(0x045e));
    pad_chord(&mut app, pad, GamepadButton::North); // red → blue
    cursor_to(&mut app, "b1");
    pad_chord(&mut app, pad, GamepadButton::South);
    cursor_to(&mut app, "c3");
    pad_chord(&mut app, pad, GamepadButton::South);
    pad_chord(&mut app, pad, GamepadButton::West);
    // The chord picked nothing on the board (South alone would have).
    let sel = app
        .world()
        .resource::<chimera_client::interaction::Selection>();
    assert!(sel.0.origin().is_none());
    let m = shown(&app);
    assert!(
        m.arrows.contains(&arrow(&app, "b1", "c3", Brush::Blue)),
        "{m:?}"
    );
    assert!(
        m.circles.contains(&circle(&app, "c3", Brush::Blue)),
        "{m:?}"
    );
    // The same circle again removes it.
    pad_chord(&mut app, pad, GamepadButton::West);
    assert!(
        !shown(&app)
            .circles
            .contains(&circle(&app, "c3", Brush::Blue))
    );
}

fn draw(app: &mut App, wish: DrawWish) {
    app.world_mut().write_message(wish);
    settle(app);
}

#[test]
fn drawings_are_kept_per_ply_written_to_the_record_and_read_back_on_replay() {
    let mut app = chess_app();
    request(&mut app, "e2e4");
    settle(&mut app);
    let a = arrow(&app, "g1", "f3", Brush::Green);
    draw(&mut app, DrawWish::Arrow(a));
    request(&mut app, "e7e5");
    settle(&mut app);
    assert!(shown(&app).is_empty(), "a new ply starts clean");
    let c = circle(&app, "d4", Brush::Yellow);
    draw(&mut app, DrawWish::Circle(c));
    // Replay: each ply shows its own.
    app.world_mut().write_message(ReplayStep::Prev);
    settle(&mut app);
    assert_eq!(shown(&app), Marks::arrows(vec![a]));
    app.world_mut().write_message(ReplayStep::First);
    settle(&mut app);
    assert!(shown(&app).is_empty());
    app.world_mut().write_message(ReplayStep::Last);
    settle(&mut app);
    assert_eq!(shown(&app).circles, vec![c]);
    // The record carries them after their moves, as lichess writes them.
    let m = app.world().resource::<CurrentMatch>().0.clone();
    let mut r = match_record(&m, std::time::Duration::from_secs(1_700_000_000)).expect("record");
    add_drawings(&mut r, &m, app.world().resource::<Drawings>());
    let text = r.to_text().expect("text");
    assert!(
        text.contains("1. e4 {[%cal Gg1f3]} 1... e5 {[%csl Yd4]}"),
        "{text}"
    );
    // A record as lichess exports one (no Variant tag: chess) opens with its drawings.
    let dir = std::env::temp_dir().join(format!("chimera-drawing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("drawn.pgn");
    std::fs::write(
        &path,
        "[Event \"Casual\"]\n[Result \"*\"]\n\n1. e4 { [%csl Ge4][%cal Rd7d5,Bg8f6] } d5 2. exd5 { [%cal Yd8d5] } *\n",
    )
    .expect("write");
    let (game, drawings) = open_file(&path, 1).expect("opens");
    let _ = std::fs::remove_dir_all(&dir);
    let mut fresh = chess_app();
    fresh
        .world_mut()
        .write_message(InstallMatch(Box::new(game)));
    fresh.world_mut().write_message(SetDrawings(drawings));
    settle(&mut fresh);
    assert_eq!(fresh.world().resource::<CurrentMatch>().ply(), 3);
    assert_eq!(
        shown(&fresh),
        Marks::arrows(vec![arrow(&fresh, "d8", "d5", Brush::Yellow)])
    );
    fresh.world_mut().write_message(ReplayStep::First);
    settle(&mut fresh);
    fresh.world_mut().write_message(ReplayStep::Next);
    settle(&mut fresh);
    assert_eq!(
        shown(&fresh),
        Marks {
            arrows: vec![
                arrow(&fresh, "d7", "d5", Brush::Red),
                arrow(&fresh, "g8", "f6", Brush::Blue)
            ],
            circles: vec![circle(&fresh, "e4", Brush::Green)],
        }
    );
    fresh.world_mut().write_message(ReplayStep::Next);
    settle(&mut fresh);
    assert!(shown(&fresh).is_empty(), "nothing after 1...d5");
}

/// Another player's drawings in this window now.
fn shared(app: &App, by: Color) -> Marks {
    let marks = app.world().resource::<ShownMarks>();
    marks
        .get(MarkSource::Shared(by))
        .cloned()
        .unwrap_or_default()
}

#[test]
fn a_lan_players_drawings_reach_the_other_window() {
    let start = Variant::new("chess", &[])
        .expect("chess")
        .start_position()
        .to_vfen();
    let (mut host, addr) = host_app("chess", &start, Color::White);
    let mut guest = join_app(addr, "Guest", false);
    await_board(&mut host, &mut guest);
    let a = arrow(&host, "e2", "e4", Brush::Green);
    host.world_mut().write_message(DrawWish::Arrow(a));
    pump(
        &mut [&mut host, &mut guest],
        None,
        "the host's arrow",
        |apps, _| shared(apps[1], Color::White) == Marks::arrows(vec![a]),
    );
    // The guest's circle after a move reaches the host at that ply.
    request(&mut host, "e2e4");
    await_both_at(&mut host, &mut guest, 1);
    let c = circle(&guest, "e5", Brush::Red);
    guest.world_mut().write_message(DrawWish::Circle(c));
    pump(
        &mut [&mut host, &mut guest],
        None,
        "the guest's circle",
        |apps, _| shared(apps[0], Color::Black).circles == vec![c],
    );
    // The host's own arrow stays at the ply it was drawn on.
    assert!(shared(&guest, Color::White).is_empty());
    assert!(shown(&host).is_empty());
}
