//! Reviewing a game with the engine in the window (issue 22), headless:
//! "Analyse" fills the marks, the summary and the best lines of a small
//! game; the review goes into a saved record and an opened analysed record
//! shows its marks without analysing; a new game, the main menu and
//! quitting cancel a running analysis; the frame never waits for the task
//! (it keeps running, with the task's out-box held by the test); the
//! engine's line is played on the board; "learn from your mistakes" answers
//! tries made on the board; every built-in variant and a player's variant
//! file are analysed.
//!
//! Node-limited throughout: the reviews do not depend on the machine's
//! speed; a finite analysis is waited for (`Analysis::wait`), and one that
//! must still be running has a budget no position reaches, so only its
//! stop flag ends it.

use std::sync::atomic::Ordering;
use std::time::Duration;

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use chimera_client::headless_app;
use chimera_client::interaction::{Replay, ReplayStep, SelectInput};
use chimera_client::marks::{MarkSource, ShownMarks};
use chimera_client::match_state::{CurrentMatch, GameSetup, Match, MatchCommand};
use chimera_client::menus::{Entry, MenuActivated};
use chimera_client::review::{Analysis, ReviewSource, TryState};
use chimera_client::saves::{self, MoveNotes};
use chimera_client::schedule::Screen;
use chimera_engine::{Judgement, Limits};
use chimera_game::record::{self, RecordEval};
use chimera_rules::variants::builtin;
use chimera_rules::{Color, Game, Variant};

use super::couch_play::settle;
use super::saves::{Scratch, game_after};

/// How long a small node-limited analysis may take before the test fails
/// (a debug build on a loaded machine; these take well under a second).
const TIMEOUT: Duration = Duration::from_secs(120);

/// A budget no position reaches: such an analysis runs until stopped.
const ENDLESS: u64 = 1_000_000_000_000;

/// Scholar's mate with Black's blunder 3... Nf6?? (Qxf7# was threatened):
/// the mate is walked into, lichess's blunder. Reviewed with 60 000 nodes a
/// position (depth 5–7 here; a few seconds in a debug build).
const SCHOLAR: [&str; 7] = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];

fn app_on(game: Game, nodes: u64) -> App {
    let mut app = headless_app();
    app.insert_resource(CurrentMatch(Match::from_game(game)));
    app.world_mut().resource_mut::<Analysis>().settings.limits = Limits::nodes(nodes);
    app.update();
    app
}

fn analysis(app: &App) -> &Analysis {
    app.world().resource::<Analysis>()
}

fn activate(app: &mut App, e: Entry) {
    app.world_mut().write_message(MenuActivated(e));
    app.update();
}

/// Frames until the analysis has finished and its results are taken.
fn finish(app: &mut App) {
    for _ in 0..50 {
        assert!(analysis(app).wait(TIMEOUT), "the analysis did not end");
        app.update();
        if !analysis(app).is_running() && analysis(app).stop_flag().is_none() {
            return;
        }
    }
    panic!("the analysis's results were never taken");
}

#[test]
fn analysis_marks_the_blunder_sums_up_and_saves_with_the_record() {
    let mut app = app_on(game_after("chess", &SCHOLAR), 60_000);
    activate(&mut app, Entry::Analyse);
    finish(&mut app);
    let a = analysis(&app);
    assert_eq!(
        a.progress(),
        (8, 8),
        "every position, the start and 7 moves"
    );
    // 3... Nf6 walks into Qxf7#: a blunder (lichess: a mate created from a
    // score above -7 pawns).
    assert_eq!(a.judgement(5), Some(Judgement::Blunder));
    // The mating move is never a mistake; the game ends there.
    assert_eq!(a.judgement(6), None);
    let r = a.review().expect("judged");
    assert!(r.summary[Color::Black.index()].blunders >= 1);
    assert_eq!(r.summary[Color::White.index()].moves, 4);
    assert_eq!(r.summary[Color::Black.index()].moves, 3);
    // After 3... Nf6 White mates in one.
    assert_eq!(a.eval_at(6), Some(RecordEval::Mate(1)));
    // At least three best lines where three moves exist, each legal.
    let lines = &a.position(5).expect("reviewed").lines;
    assert_eq!(lines.len(), 3);
    assert_ne!(lines[0].moves[0], "g8f6", "the engine does not blunder");
    // The only blunder and the only move worse than an inaccuracy (at this
    // budget the engine's scores of the quiet opening moves differ by a few
    // tenths from one depth to the next: at most an inaccuracy).
    let bad: Vec<usize> = r
        .moves
        .iter()
        .filter(|m| m.judgement > Some(Judgement::Inaccuracy))
        .map(|m| m.index)
        .collect();
    assert_eq!(bad, vec![5]);
    assert!(a.marked().contains(&5));

    // At the position before the blunder the engine's best move is shown
    // as its arrow on the board's marks layer.
    app.world_mut().write_message(ReplayStep::To(5));
    app.update();
    app.update();
    let best = {
        let a = analysis(&app);
        let m = app.world().resource::<CurrentMatch>();
        a.best_move(m, 5).expect("a best move")
    };
    let before = game_after("chess", &SCHOLAR[..5]).position().clone();
    let engine = app
        .world()
        .resource::<ShownMarks>()
        .get(MarkSource::Engine)
        .cloned()
        .expect("the engine's arrow");
    assert_eq!(engine.arrows.len(), 1);
    assert_eq!(Some(engine.arrows[0].from), before.move_from(best));
    assert_eq!(Some(engine.arrows[0].to), before.move_to(best));

    // The review went into the game's notes, and a save writes them.
    let notes = app.world().resource::<MoveNotes>().clone();
    assert_eq!(notes.moves[5].nags, vec![4]);
    assert_eq!(notes.moves[5].eval, Some(RecordEval::Mate(1)));
    let dir = Scratch::new("review-save");
    let m = app.world().resource::<CurrentMatch>().0.clone();
    let none = chimera_client::interaction::Drawings::default();
    let path = saves::save_into(
        &dir.0,
        &m,
        (&none, &notes),
        Duration::from_secs(1_700_000_000),
    )
    .expect("saved");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains("Nf6 $4 {[%eval #1]}"), "{text}");
    let loaded = record::load(&text, 1).expect("loads");
    let rm = &loaded.record.moves;
    assert_eq!(rm[5].nags, vec![4]);
    assert_eq!(rm[5].eval, Some(RecordEval::Mate(1)));
    assert!(
        rm[5]
            .comment
            .as_deref()
            .is_some_and(|c| c.starts_with("Checkmate is now unavoidable.")),
        "lichess's words: {:?}",
        rm[5].comment
    );
    assert!(
        rm[..6].iter().all(|m| m.eval.is_some()),
        "every move's %eval but the mate"
    );

    // Opened again, the record shows its marks and evaluations without
    // analysing.
    let mut again = headless_app();
    again.insert_resource(CurrentMatch(saves::match_from_loaded(&loaded)));
    again.insert_resource(MoveNotes::of_record(&loaded));
    again.update();
    let b = analysis(&again);
    assert_eq!(b.source, ReviewSource::Record);
    assert!(
        !b.is_running() && b.stop_flag().is_none(),
        "nothing analysed"
    );
    assert_eq!(b.judgement(5), Some(Judgement::Blunder));
    assert_eq!(b.eval_at(6), Some(RecordEval::Mate(1)));
    // The record's variation is the best line before the blunder.
    assert_eq!(
        b.position(5).and_then(|p| p.best()),
        analysis(&app).position(5).and_then(|p| p.best())
    );
}

/// An analysis that runs until stopped, on a game of a few moves.
fn endless_app() -> App {
    let mut app = app_on(game_after("chess", &SCHOLAR[..4]), ENDLESS);
    activate(&mut app, Entry::Analyse);
    assert!(analysis(&app).is_running());
    app
}

fn stopped(app: &App, flag: &std::sync::atomic::AtomicBool) -> bool {
    flag.load(Ordering::Relaxed) && !analysis(app).is_running()
}

#[test]
fn a_new_game_the_main_menu_and_quitting_cancel_the_analysis() {
    // A new game: stopped and forgotten.
    let mut app = endless_app();
    let flag = analysis(&app).stop_flag().expect("running");
    let setup = app.world().resource::<CurrentMatch>().setup().clone();
    app.world_mut().write_message(MatchCommand::NewGame(setup));
    app.update();
    assert!(stopped(&app, &flag));
    assert!(!analysis(&app).has_review());

    // The main menu.
    let mut app = endless_app();
    let flag = analysis(&app).stop_flag().expect("running");
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app.update();
    assert!(stopped(&app, &flag));

    // Quitting.
    let mut app = endless_app();
    let flag = analysis(&app).stop_flag().expect("running");
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert!(stopped(&app, &flag));

    // And "Stop the analysis" itself.
    let mut app = endless_app();
    let flag = analysis(&app).stop_flag().expect("running");
    activate(&mut app, Entry::Analyse);
    assert!(stopped(&app, &flag));
}

#[test]
fn the_frame_never_waits_for_the_analysis() {
    let mut app = endless_app();
    // The test holds the task's out-box: a frame that locked it would
    // never return. Frames go on, and the board still takes moves.
    let out = analysis(&app).out_box().expect("running");
    let held = out.lock().expect("the out-box");
    let frames = app.world().resource::<FrameCount>().0;
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(app.world().resource::<FrameCount>().0, frames + 5);
    super::lan::request(&mut app, "f1c4");
    app.update();
    app.update();
    assert_eq!(app.world().resource::<CurrentMatch>().ply(), 5);
    assert!(analysis(&app).is_running(), "still analysing the 4 moves");
    drop(held);
    // Structurally: the update systems take results with `try_lock` and
    // look at the task with `is_finished` only (crates/client/src/review).
    let src = include_str!("../../src/review/mod.rs");
    let frame_side = &src[..src.find("fn analyse(").expect("the task's function")];
    assert!(
        !frame_side.contains(".lock()"),
        "the frame side never locks"
    );
    assert!(!frame_side.contains("block_on"), "nor blocks on the task");
}

#[test]
fn a_best_line_is_played_on_the_board_and_learning_answers_tries() {
    let mut app = app_on(game_after("chess", &SCHOLAR), 60_000);
    activate(&mut app, Entry::Analyse);
    finish(&mut app);
    settle(&mut app);

    // Learn from the mistakes: the position before 3... Nf6?? is shown.
    activate(&mut app, Entry::LearnMistakes);
    settle(&mut app);
    let shown = {
        let w = app.world();
        w.resource::<Replay>()
            .shown_ply(w.resource::<CurrentMatch>())
    };
    assert_eq!(shown, 5);
    let learn = analysis(&app).learn.clone().expect("learning");
    assert_eq!(learn.moves, vec![5]);
    assert_eq!(learn.state, TryState::Waiting);

    // The move played is not the answer; the engine's best move is.
    let pos = {
        let w = app.world();
        w.resource::<Replay>()
            .position(w.resource::<CurrentMatch>())
            .clone()
    };
    let pick = |app: &mut App, lmn: &str| {
        let m = pos.parse_lmn(lmn).expect("legal");
        for sq in [pos.move_from(m), pos.move_to(m)].into_iter().flatten() {
            app.world_mut().write_message(SelectInput::Square(sq));
            app.update();
        }
        app.update();
    };
    pick(&mut app, "g8f6");
    assert!(matches!(
        analysis(&app).learn.as_ref().expect("learning").state,
        TryState::Wrong(_)
    ));
    assert_eq!(
        app.world().resource::<CurrentMatch>().ply(),
        7,
        "the match is untouched"
    );
    let best = analysis(&app)
        .position(5)
        .and_then(|p| p.best())
        .expect("a best move")
        .to_string();
    pick(&mut app, &best);
    let l = analysis(&app).learn.clone().expect("learning");
    assert!(matches!(l.state, TryState::Found(_)), "{:?}", l.state);
    assert_eq!(l.found, 1);
    activate(&mut app, Entry::NextMistake);
    assert!(
        analysis(&app).learn.is_none(),
        "the only mistake: learning is over"
    );

    // The engine's first line at the start, played on the board move by move.
    activate(&mut app, Entry::PlayLine(0));
    let line: Vec<String> = analysis(&app).position(5).expect("reviewed").lines[0]
        .moves
        .clone();
    for _ in 0..(20 * line.len() + 20) {
        app.update();
    }
    let w = app.world();
    let replay = w.resource::<Replay>();
    let (shown_line, at) = replay.line().expect("a line on show");
    assert_eq!(at, line.len(), "played to its end");
    let mut expect = game_after("chess", &SCHOLAR[..5]);
    for m in &line {
        expect.play_lmn(m).expect("legal");
    }
    assert_eq!(shown_line.len(), line.len());
    assert_eq!(
        replay.position(w.resource::<CurrentMatch>()).to_vfen(),
        expect.position().to_vfen()
    );
    assert_eq!(
        w.resource::<CurrentMatch>().ply(),
        7,
        "the match is untouched"
    );
}

/// A few legal moves of a variant's start (the first legal move each time,
/// sorted by LMN): a game every variant has.
fn opening(v: &std::sync::Arc<Variant>, plies: usize) -> Game {
    let mut g = Game::new(v);
    for _ in 0..plies {
        let pos = g.position();
        let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.lmn(m)).collect();
        moves.sort();
        let Some(first) = moves.first().cloned() else {
            break;
        };
        g.play_lmn(&first).expect("legal");
    }
    g
}

#[test]
fn every_built_in_variant_and_a_variant_file_is_analysed() {
    let mut games: Vec<Game> = builtin()
        .iter()
        .map(|info| opening(&Variant::new(info.id, &[]).expect("built in"), 3))
        .collect();
    let dir = Scratch::new("review-variant-file");
    let folder = dir.0.join("variants");
    std::fs::create_dir_all(&folder).expect("a folder");
    std::fs::write(
        folder.join("wyvern.toml"),
        include_str!("../../../../tests/variants/wyvern.toml"),
    )
    .expect("written");
    chimera_store::variant_files::load_dir(&folder);
    games.push(opening(&Variant::new("wyvern", &[]).expect("installed"), 3));
    for g in games {
        let id = g.variant().id().to_string();
        let mut app = app_on(g, 600);
        activate(&mut app, Entry::Analyse);
        finish(&mut app);
        let a = analysis(&app);
        assert_eq!(a.progress(), (4, 4), "{id}");
        for ply in 0..4 {
            let p = a.position(ply).expect("reviewed");
            assert!(p.eval.is_some() || p.outcome.is_some(), "{id} ply {ply}");
            assert!(p.outcome.is_some() || !p.lines.is_empty(), "{id} ply {ply}");
        }
        assert_eq!(a.review().expect("judged").moves.len(), 3, "{id}");
    }
}

#[test]
fn a_running_game_is_analysed_as_far_as_it_has_gone() {
    let mut app = app_on(game_after("chess", &SCHOLAR[..2]), 500);
    let setup = GameSetup::new("chess", Vec::new());
    assert_eq!(
        app.world().resource::<CurrentMatch>().setup().variant,
        setup.variant
    );
    activate(&mut app, Entry::Analyse);
    finish(&mut app);
    assert_eq!(analysis(&app).progress(), (3, 3));
    // The game goes on; Analyse again takes the new position in.
    super::lan::request(&mut app, "d1h5");
    app.update();
    activate(&mut app, Entry::Analyse);
    finish(&mut app);
    assert_eq!(analysis(&app).progress(), (4, 4));
}
