//! The computer at the board (issue 13), driven headless: a computer
//! player's move enters as a `MoveIntent` like every other; a game
//! between two computers plays on and pauses; undo, a new game and the main
//! menu cancel a running search and its move is never applied; the client
//! keeps running frames and answering input while a search runs; the hint
//! marks a legal move on the board; the evaluation bar scores the position.
//!
//! Nothing here depends on the machine's speed: a finite search is waited
//! for (`Computer::wait`) before the next frame, and a search that must
//! still be running is an infinite one, which only its stop flag ends.

use std::sync::atomic::Ordering;
use std::time::Duration;

use bevy::diagnostic::FrameCount;
use bevy::ecs::message::Messages;
use bevy::prelude::*;
use chimera_client::board_view::{BoardHighlights, touched_squares};
use chimera_client::computer::{Computer, HintMove, Purpose};
use chimera_client::headless_app;
use chimera_client::interaction::{ActivePanel, Panel, SelectInput, Selection, Toast};
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::{GameSetup, Match, MatchCommand, MoveIntent, Player};
use chimera_client::menus::{Entry, MenuActivated};
use chimera_client::schedule::Screen;
use chimera_engine::{Eval, Limits};
use chimera_rules::{Color, Game, Variant};
use leafwing_input_manager::prelude::Buttonlike;

/// Upper bound on frames for anything here (each finite search is waited for).
const MAX_FRAMES: usize = 400;
/// How long one finite search may take before the test fails (a debug build
/// on a loaded machine is slow; the searches here take milliseconds).
const SEARCH_TIMEOUT: Duration = Duration::from_secs(120);

/// A chess game from the start, played by `players`.
fn app_with(players: [Player; 2]) -> App {
    let mut app = app_before_first_frame(players);
    app.update();
    app
}

/// The same before its first frame (no search started yet).
fn app_before_first_frame(players: [Player; 2]) -> App {
    let mut app = headless_app();
    let setup = GameSetup {
        players,
        ..GameSetup::new("chess", Vec::new())
    };
    let v = Variant::new("chess", &[]).expect("chess");
    app.insert_resource(CurrentMatch(Match::with_setup(setup, Game::new(&v))));
    app
}

fn computer(app: &App) -> &Computer {
    app.world().resource::<Computer>()
}

fn ply(app: &App) -> usize {
    app.world().resource::<CurrentMatch>().ply()
}

/// One frame, then wait for a running finite search to end.
fn step(app: &mut App) {
    app.update();
    assert!(
        computer(app).wait(SEARCH_TIMEOUT),
        "a finite search did not end"
    );
}

/// Steps until `done`; fails after [`MAX_FRAMES`].
fn step_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..MAX_FRAMES {
        if done(app) {
            return;
        }
        step(app);
    }
    panic!("never happened: {what}");
}

fn request(app: &mut App, lmn: &str) {
    let req = app
        .world()
        .resource::<CurrentMatch>()
        .request_lmn(lmn)
        .expect("legal move");
    app.world_mut().write_message(req);
}

fn toasts(app: &App) -> Vec<String> {
    let msgs = app.world().resource::<Messages<Toast>>();
    msgs.iter_current_update_messages()
        .map(|t| t.0.clone())
        .collect()
}

/// Every move of the game is legal from the start (replayed independently).
fn replays(app: &App) -> bool {
    let m = app.world().resource::<CurrentMatch>();
    let mut g = Game::new(m.variant());
    m.game().moves().iter().all(|mv| g.play(*mv).is_ok())
        && g.position().to_vfen() == m.position().to_vfen()
}

#[test]
fn the_computer_answers_a_human_move_and_refuses_input_on_its_turn() {
    let mut app = app_with([Player::Human, Player::Computer { level: 1 }]);
    // White (the person) to move: no search runs.
    step(&mut app);
    assert!(computer(&app).thinking().is_none());
    request(&mut app, "e2e4");
    app.update();
    assert_eq!(ply(&app), 1);
    // Black's (the computer's) turn: a click is refused with a message and
    // picks nothing.
    let m = app.world().resource::<CurrentMatch>();
    let e7 = m.variant().parse_square("e7").unwrap();
    app.world_mut().write_message(SelectInput::Square(e7));
    app.update();
    assert!(
        toasts(&app).iter().any(|t| t.contains("computer")),
        "{:?}",
        toasts(&app)
    );
    assert!(app.world().resource::<Selection>().0.origin().is_none());
    let thinking = computer(&app).thinking().expect("the computer searches");
    assert_eq!(
        (thinking.purpose, thinking.side),
        (Purpose::Move, Color::Black)
    );
    step_until(&mut app, "the computer's reply", |a| ply(a) == 2);
    let m = app.world().resource::<CurrentMatch>();
    assert_eq!(m.position().side_to_move(), Color::White);
    assert!(replays(&app));
    // Then it waits for the person.
    for _ in 0..20 {
        step(&mut app);
    }
    assert_eq!(ply(&app), 2);
}

#[test]
fn two_computers_play_on_and_pause_from_the_menu() {
    let mut app = app_with([Player::Computer { level: 1 }, Player::Computer { level: 2 }]);
    step_until(&mut app, "six moves", |a| ply(a) >= 6);
    assert!(replays(&app));
    // Pause: no search, no move, however long.
    app.world_mut()
        .write_message(MenuActivated(Entry::PauseComputer));
    step(&mut app);
    step(&mut app);
    assert!(computer(&app).paused);
    let at = ply(&app);
    for _ in 0..40 {
        step(&mut app);
        assert!(computer(&app).thinking().is_none());
    }
    assert_eq!(ply(&app), at);
    // Resume: they play on.
    app.world_mut()
        .write_message(MenuActivated(Entry::PauseComputer));
    step_until(&mut app, "a move after resuming", |a| ply(a) > at);
    assert!(replays(&app));
    // Paused again, then a new game: it starts with the computers playing.
    app.world_mut()
        .write_message(MenuActivated(Entry::PauseComputer));
    step(&mut app);
    assert!(computer(&app).paused);
    let setup = app.world().resource::<CurrentMatch>().setup().clone();
    app.world_mut().write_message(MatchCommand::NewGame(setup));
    step_until(&mut app, "a move in the new game", |a| ply(a) == 1);
    assert!(!computer(&app).paused);
}

/// Makes the computer search until stopped.
fn think_forever(app: &mut App) {
    app.world_mut().resource_mut::<Computer>().move_limits = Some(Limits {
        infinite: true,
        ..Limits::default()
    });
}

#[test]
fn undo_new_game_and_main_menu_cancel_a_search_and_its_move_never_comes() {
    type Cancel = fn(&mut App);
    let cancels: [(&str, Cancel); 3] = [
        ("undo", |app| {
            app.world_mut().write_message(MatchCommand::Undo);
        }),
        ("new game", |app| {
            let setup = app.world().resource::<CurrentMatch>().setup().clone();
            app.world_mut().write_message(MatchCommand::NewGame(setup));
        }),
        ("main menu", |app| {
            app.world_mut()
                .write_message(MenuActivated(Entry::MainMenu));
        }),
    ];
    for (name, cancel) in cancels {
        let mut app = app_with([Player::Human, Player::Computer { level: 8 }]);
        think_forever(&mut app);
        request(&mut app, "e2e4");
        app.update();
        app.update();
        assert!(computer(&app).is_searching(), "{name}: searching");
        let stop = computer(&app).stop_flag().expect("a search");
        assert!(!stop.load(Ordering::Relaxed));
        cancel(&mut app);
        app.update();
        app.update();
        assert!(stop.load(Ordering::Relaxed), "{name}: stop flag set");
        assert!(
            computer(&app).thinking().is_none(),
            "{name}: the search is gone"
        );
        // Whatever the stopped search found is never played: after undo
        // and a new game the person is to move at ply 0, in the main menu
        // the game waits at ply 1; nothing moves.
        let at = ply(&app);
        assert_eq!(at, if name == "main menu" { 1 } else { 0 }, "{name}");
        app.world_mut().resource_mut::<Computer>().move_limits = Some(Limits::depth(1));
        for _ in 0..40 {
            step(&mut app);
        }
        assert_eq!(ply(&app), at, "{name}");
        assert!(computer(&app).thinking().is_none(), "{name}");
    }
}

#[test]
fn resigning_on_the_computers_turn_is_the_persons_and_ends_the_search() {
    let mut app = app_with([Player::Human, Player::Computer { level: 8 }]);
    think_forever(&mut app);
    request(&mut app, "g1f3");
    app.update();
    assert!(computer(&app).is_searching());
    let stop = computer(&app).stop_flag().unwrap();
    app.world_mut().write_message(MenuActivated(Entry::Resign));
    app.update();
    app.update();
    let o = app
        .world()
        .resource::<CurrentMatch>()
        .outcome()
        .expect("resigned");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), chimera_rules::EndReason::Resignation)
    );
    assert!(stop.load(Ordering::Relaxed));
    assert!(computer(&app).thinking().is_none());
}

#[test]
fn undo_after_the_computers_reply_takes_back_both_moves() {
    let mut app = app_with([Player::Human, Player::Computer { level: 1 }]);
    request(&mut app, "d2d4");
    step_until(&mut app, "the reply", |a| ply(a) == 2);
    app.world_mut().write_message(MatchCommand::Undo);
    for _ in 0..10 {
        step(&mut app);
    }
    // Not just the reply (the computer would play again at once): the
    // person's move too.
    assert_eq!(ply(&app), 0);
    assert!(computer(&app).thinking().is_none());
}

#[test]
fn the_client_keeps_running_frames_and_reading_input_while_a_search_runs() {
    let mut app = app_with([Player::Computer { level: 8 }, Player::Human]);
    think_forever(&mut app);
    app.update();
    assert!(computer(&app).is_searching());
    let frames = app.world().resource::<FrameCount>().0;
    // Frames go on while the search (infinite: only the stop flag ends it)
    // is still running.
    for _ in 0..25 {
        app.update();
        assert!(computer(&app).is_searching());
    }
    assert_eq!(app.world().resource::<FrameCount>().0, frames + 25);
    // Input is read: F10 opens the in-game menu, mid-search.
    KeyCode::F10.press(app.world_mut());
    app.update();
    KeyCode::F10.release(app.world_mut());
    app.update();
    assert_eq!(app.world().resource::<ActivePanel>().0, Panel::GameMenu);
    assert!(computer(&app).is_searching());
    assert_eq!(ply(&app), 0);
    // Cancelled by leaving to the main menu.
    let stop = computer(&app).stop_flag().unwrap();
    app.world_mut()
        .write_message(MenuActivated(Entry::MainMenu));
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    assert!(stop.load(Ordering::Relaxed));
    assert!(!computer(&app).is_searching());
}

#[test]
fn the_hint_marks_a_legal_move_and_goes_with_the_position() {
    let mut app = app_with([Player::Human, Player::Human]);
    step(&mut app);
    // The hint key (I) on the board.
    KeyCode::KeyI.press(app.world_mut());
    app.update();
    KeyCode::KeyI.release(app.world_mut());
    step_until(&mut app, "a hint", |a| {
        a.world().resource::<HintMove>().0.is_some()
    });
    let m = app.world().resource::<CurrentMatch>();
    let hinted = app
        .world()
        .resource::<HintMove>()
        .current(m)
        .expect("a hint for this position");
    assert!(m.position().legal_moves().contains(&hinted));
    let want = touched_squares(m.position(), hinted);
    step(&mut app);
    assert_eq!(want.len(), 2);
    assert_eq!(app.world().resource::<BoardHighlights>().hint, want);
    // A move played: the hint is gone from the board.
    let played = MoveIntent { mv: hinted, ply: 0 };
    app.world_mut().write_message(played);
    step(&mut app);
    step(&mut app);
    assert_eq!(ply(&app), 1);
    assert!(app.world().resource::<HintMove>().0.is_none());
    assert!(app.world().resource::<BoardHighlights>().hint.is_empty());
}

#[test]
fn the_evaluation_bar_scores_the_start_as_about_even() {
    let mut app = app_with([Player::Human, Player::Human]);
    app.world_mut().write_message(MenuActivated(Entry::EvalBar));
    step(&mut app);
    step_until(&mut app, "an evaluation", |a| {
        let m = a.world().resource::<CurrentMatch>();
        computer(a).evaluation(m).is_some_and(|e| e.depth > 0) && !computer(a).is_searching()
    });
    let m = app.world().resource::<CurrentMatch>();
    let e = computer(&app).evaluation(m).unwrap();
    // The start is symmetric: neither side is a pawn ahead.
    match e.score {
        Eval::Cp(c) => assert!(c.abs() < 100, "{c}"),
        s => panic!("a mate at the start? {s:?}"),
    }
}

#[test]
fn the_evaluation_bar_scores_with_the_full_search_when_a_weak_computer_plays() {
    // White is the computer at level 1 (depth 1, noisy, sometimes a random
    // move): with the bar on, its position is first scored by the full
    // search, and its own search's score never stands as the evaluation.
    let mut app = app_before_first_frame([Player::Computer { level: 1 }, Player::Human]);
    app.world_mut().resource_mut::<Computer>().eval_bar = true;
    app.update();
    let thinking = computer(&app).thinking().expect("a search runs");
    assert_eq!(
        (thinking.purpose, thinking.side),
        (Purpose::Evaluation, Color::White)
    );
    step(&mut app);
    step_until(&mut app, "the evaluation of the start", |a| {
        let m = a.world().resource::<CurrentMatch>();
        computer(a).evaluation(m).is_some() && !computer(a).is_searching()
    });
    let m = app.world().resource::<CurrentMatch>();
    let full = computer(&app).evaluation(m).unwrap();
    let mut moved = false;
    for _ in 0..MAX_FRAMES {
        step(&mut app);
        if ply(&app) > 0 {
            moved = true;
            break;
        }
        // Until the computer's move is on the board, the bar keeps the
        // full search's score of the start (also once its search ended).
        let m = app.world().resource::<CurrentMatch>();
        assert_eq!(computer(&app).evaluation(m), Some(full));
        if let Some(t) = computer(&app).thinking() {
            assert_eq!(t.purpose, Purpose::Move);
        }
    }
    assert!(moved, "the computer never moved");
    // The person to move: the new position is scored by the full search.
    step_until(&mut app, "the evaluation after the move", |a| {
        let m = a.world().resource::<CurrentMatch>();
        computer(a).evaluation(m).is_some() && !computer(a).is_searching()
    });
}
