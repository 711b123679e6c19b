//! Clocks in the headless client, on a fake time source (Bevy's
//! `TimeUpdateStrategy::ManualDuration`: every frame advances the time by
//! exactly what the test says). Expected times follow from the time
//! controls' definitions (issue 11, `clock.rs`); results of a flag fall
//! from docs/rules.md §0 (bare kings cannot win).

use bevy::ecs::message::Messages;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use chimera_client::headless_app;
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::{GameEnded, GameSetup, Match, MatchCommand};
use chimera_client::menus::Overlays;
use chimera_game::clock::TimeControl;
use chimera_rules::{Color, EndReason, Game, Outcome, Variant};
use std::time::Duration;

const W: Color = Color::White;
const B: Color = Color::Black;

/// A headless app playing `vfen` (or the start) of `id` under `time`,
/// after one frame (the clock has started; no time has passed).
pub fn timed_app(id: &str, vfen: Option<&str>, time: &str) -> App {
    let v = Variant::new(id, &[]).expect("variant");
    let game = match vfen {
        Some(f) => Game::from_vfen(&v, f).expect("vfen"),
        None => Game::new(&v),
    };
    let mut setup = GameSetup::new(id, Vec::new());
    setup.time = time.parse().expect("time control");
    let mut app = headless_app();
    app.insert_resource(CurrentMatch(Match::with_setup(setup, game)));
    app.world_mut()
        .resource_mut::<Time<Virtual>>()
        .set_max_delta(Duration::from_secs(100_000));
    advance(&mut app, 0.0);
    app
}

/// Runs one frame `secs` seconds after the last.
pub fn advance(app: &mut App, secs: f64) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        secs,
    )));
    app.update();
}

/// Plays `lmn` in a frame that takes no time.
pub fn play(app: &mut App, lmn: &str) {
    let req = app
        .world()
        .resource::<CurrentMatch>()
        .request_lmn(lmn)
        .expect("legal");
    app.world_mut().write_message(req);
    advance(app, 0.0);
}

fn left(app: &App, side: Color) -> Duration {
    app.world()
        .resource::<CurrentMatch>()
        .remaining(side)
        .expect("a timed game")
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

fn ended(app: &App) -> Vec<Outcome> {
    let m = app.world().resource::<Messages<GameEnded>>();
    m.get_cursor().read(m).map(|e| e.outcome).collect()
}

#[test]
fn fischer_adds_the_increment_after_each_move_and_runs_only_for_the_side_to_move() {
    let mut app = timed_app("chess", None, "60+5");
    assert_eq!(left(&app, W), secs(60.0));
    advance(&mut app, 10.0);
    assert_eq!(left(&app, W), secs(50.0));
    assert_eq!(left(&app, B), secs(60.0));
    play(&mut app, "e2e4");
    // 60 − 10 + 5; Black's clock now runs.
    assert_eq!(left(&app, W), secs(55.0));
    advance(&mut app, 3.5);
    assert_eq!(left(&app, W), secs(55.0));
    assert_eq!(left(&app, B), secs(56.5));
    play(&mut app, "e7e5");
    assert_eq!(left(&app, B), secs(61.5));
    // The record's clock comments: each mover's time after its move.
    let m = app.world().resource::<CurrentMatch>();
    assert_eq!(m.move_times(), vec![Some(secs(55.0)), Some(secs(61.5))]);
}

#[test]
fn simple_delay_spends_nothing_during_the_delay() {
    let mut app = timed_app("chess", None, "60d5");
    advance(&mut app, 3.0);
    assert_eq!(left(&app, W), secs(60.0));
    advance(&mut app, 4.0);
    assert_eq!(left(&app, W), secs(58.0));
    play(&mut app, "e2e4");
    // No increment: the 2 s past the delay are gone for good.
    assert_eq!(left(&app, W), secs(58.0));
    advance(&mut app, 5.0);
    assert_eq!(left(&app, B), secs(60.0));
}

#[test]
fn a_fixed_time_per_move_is_refilled_after_every_move() {
    let mut app = timed_app("chess", None, "*30");
    advance(&mut app, 25.0);
    play(&mut app, "e2e4");
    assert_eq!(left(&app, W), secs(30.0));
}

#[test]
fn a_flag_fall_loses_for_the_side_whose_time_ran_out() {
    let mut app = timed_app("chess", None, "10+0");
    play(&mut app, "e2e4");
    advance(&mut app, 9.5);
    assert!(app.world().resource::<CurrentMatch>().outcome().is_none());
    advance(&mut app, 0.5);
    let won = Outcome {
        winner: Some(W),
        reason: EndReason::TimeForfeit,
    };
    assert_eq!(ended(&app), vec![won]);
    assert_eq!(app.world().resource::<CurrentMatch>().outcome(), Some(won));
    // Black's move comes too late: refused, the game stays over.
    let before = app.world().resource::<CurrentMatch>().ply();
    let req = app
        .world()
        .resource::<CurrentMatch>()
        .request_lmn("e7e5")
        .expect("legal in the position");
    app.world_mut().write_message(req);
    advance(&mut app, 0.0);
    assert_eq!(app.world().resource::<CurrentMatch>().ply(), before);
    assert_eq!(left(&app, B), Duration::ZERO);
}

#[test]
fn a_flag_fall_against_a_bare_king_is_a_draw() {
    // White has king and pawn, Black a lone king: Black can never mate, so
    // White's flag fall is a draw (docs/rules.md §0); Black's would lose.
    let vfen = "4k3/8/8/8/8/8/4P3/4K3 w - - - 0 1";
    let mut app = timed_app("chess", Some(vfen), "5+0");
    advance(&mut app, 5.0);
    let draw = Outcome {
        winner: None,
        reason: EndReason::TimeForfeit,
    };
    assert_eq!(ended(&app), vec![draw]);

    let mut app = timed_app("chess", Some(vfen), "5+0");
    play(&mut app, "e2e4");
    advance(&mut app, 6.0);
    let white = Outcome {
        winner: Some(W),
        reason: EndReason::TimeForfeit,
    };
    assert_eq!(ended(&app), vec![white]);
}

#[test]
fn ghostarelay_has_no_bare_kings_draw_so_a_flag_always_loses() {
    // Kings are not royal there (docs/rules.md §7): a lone king can still win.
    let lone = "k9/10/10/10/10/10/10/10/10/K9 w - - - 0 1";
    let mut app = timed_app("ghostarelay", Some(lone), "5+0");
    advance(&mut app, 5.0);
    assert_eq!(
        app.world().resource::<CurrentMatch>().outcome(),
        Some(Outcome {
            winner: Some(B),
            reason: EndReason::TimeForfeit,
        })
    );
}

#[test]
fn the_clock_stops_while_paused_or_while_the_in_game_menu_is_open() {
    let mut app = timed_app("chess", None, "60+0");
    advance(&mut app, 1.0);
    app.world_mut()
        .write_message(MatchCommand::PauseClock(true));
    advance(&mut app, 0.0);
    advance(&mut app, 100.0);
    assert_eq!(left(&app, W), secs(59.0));
    assert!(app.world().resource::<CurrentMatch>().clock_paused());
    app.world_mut()
        .write_message(MatchCommand::PauseClock(false));
    // The clock restarts at the next frame's tick.
    advance(&mut app, 0.0);
    advance(&mut app, 0.0);
    advance(&mut app, 2.0);
    assert_eq!(left(&app, W), secs(57.0));

    // The menus hold the clock at the end of a frame; the next tick stops it.
    app.world_mut().resource_mut::<Overlays>().game_menu = true;
    advance(&mut app, 0.0);
    advance(&mut app, 0.0);
    advance(&mut app, 30.0);
    assert_eq!(left(&app, W), secs(57.0));
    app.world_mut().resource_mut::<Overlays>().game_menu = false;
    advance(&mut app, 0.0);
    advance(&mut app, 0.0);
    advance(&mut app, 7.0);
    assert_eq!(left(&app, W), secs(50.0));
    assert!(app.world().resource::<CurrentMatch>().outcome().is_none());
}

#[test]
fn undo_puts_the_clock_back_to_just_before_the_undone_move() {
    let mut app = timed_app("chess", None, "60+5");
    advance(&mut app, 10.0);
    play(&mut app, "e2e4");
    advance(&mut app, 4.0);
    assert_eq!(left(&app, B), secs(56.0));
    app.world_mut().write_message(MatchCommand::Undo);
    advance(&mut app, 0.0);
    // White again, with the 50 s it had when it moved; Black's 4 s of
    // thought are not charged.
    assert_eq!(left(&app, W), secs(50.0));
    assert_eq!(left(&app, B), secs(60.0));
    assert_eq!(app.world().resource::<CurrentMatch>().clock().to_move(), W);
    app.world_mut().write_message(MatchCommand::Redo);
    advance(&mut app, 0.0);
    assert_eq!(left(&app, W), secs(55.0));
    assert_eq!(app.world().resource::<CurrentMatch>().clock().to_move(), B);
}

#[test]
fn an_untimed_game_has_no_clock() {
    let mut app = timed_app("chess", None, "-");
    advance(&mut app, 1000.0);
    let m = app.world().resource::<CurrentMatch>();
    assert_eq!(m.remaining(W), None);
    assert_eq!(m.outcome(), None);
    assert!(m.clock_state().control == TimeControl::None);
}
