//! Puzzle mode (issue 22): a puzzle solved through the window — the chooser
//! by keyboard, a hint by keyboard, a wrong move taken back, the right one
//! answered by the game's forced reply, the next puzzle by pad with the board
//! turned to the solver — rates the player and the puzzle (Glicko-2) into
//! the data directory, and a fresh client reads the ratings back; a ratings
//! file that does not read is named in the error and never overwritten.

use bevy::prelude::*;
use chimera_client::board_view::BoardHighlights;
use chimera_client::interaction::Panel;
use chimera_client::menus::{Entry, MenuChoice, Overlays};
use chimera_client::puzzles::ratings::{self, RatingBook};
use chimera_client::puzzles::{PuzzleMode, SetPuzzle, Status};
use chimera_client::scene::BoardLayout;
use chimera_engine::Puzzle;
use chimera_game::rating::Rating;
use chimera_rules::Color;

use super::couch_play::{Device, Press, connect_pad, panel, settle, tap};
use super::saves::{Scratch, activate, menu_app_in, play, the_match};

/// Rules §7 (Ghostarelay): White's last pawn steps to e3, where d4 must take
/// it (capture is compulsory); White, left with nothing, wins. e2e4 is wrong.
const NO_MOVES: &str = "k9/10/10/10/10/10/3p6/10/4P5/10 w - - - 0 1 | e2e3 d4e3 | no-moves-in-1 compulsory-capture | difficulty 1 (depth 1, 10 nodes)";
/// Rules §1 (chess): Black's back-rank mate Ra8–a1 (the knight on c7 cannot
/// cover the first rank).
const BACK_RANK: &str =
    "r5k1/2N5/8/8/8/8/5PPP/7K b - - - 0 1 | a8a1 | mate-in-1 | difficulty 1 (depth 1, 12 nodes)";

fn set_of(lines: &[(&'static str, &str)]) -> Vec<SetPuzzle> {
    lines
        .iter()
        .map(|(variant, line)| SetPuzzle {
            variant,
            puzzle: Puzzle::parse(line).expect("a puzzle line"),
        })
        .collect()
}

fn mode(app: &App) -> &PuzzleMode {
    app.world().resource::<PuzzleMode>()
}

fn status(app: &App) -> Status {
    mode(app).current().expect("a puzzle on the board").1.status
}

fn player(app: &App) -> Rating {
    let name = app.world().resource::<MenuChoice>().player_name.clone();
    mode(app).player_rating(&name)
}

fn on_disk(dir: &Scratch) -> RatingBook {
    ratings::load(&dir.0).expect("the ratings file reads")
}

/// Replaces the chosen set by `lines` and asks for the next puzzle.
fn next_of(app: &mut App, lines: &[(&'static str, &str)]) {
    app.world_mut().resource_mut::<PuzzleMode>().set = set_of(lines);
    activate(app, Entry::PuzzleNext);
}

/// Opens the in-game menu with `dev` and activates its `n`-th entry.
fn menu_entry(app: &mut App, dev: Device, n: usize) {
    tap(app, dev, Press::Menu);
    assert_eq!(panel(app), Panel::GameMenu);
    for _ in 0..n {
        tap(app, dev, Press::Down);
    }
    tap(app, dev, Press::Select);
    settle(app);
}

#[test]
fn a_puzzle_is_solved_in_the_window_and_both_ratings_are_kept() {
    let dir = Scratch::new("puzzle-solve");
    let mut app = menu_app_in(&dir);
    // Main menu → chooser → (keyboard) the first set, every variant's.
    activate(&mut app, Entry::Puzzles);
    assert_eq!(panel(&app), Panel::Puzzles);
    tap(&mut app, Device::Keyboard, Press::Select);
    settle(&mut app);
    let (p, a) = mode(&app).current().expect("a shipped puzzle on the board");
    let solver = a.solver;
    assert_eq!(the_match(&app).position().to_vfen(), p.puzzle.vfen);
    assert_eq!(
        app.world().resource::<BoardLayout>().flipped,
        solver == Color::Black,
        "the solver's side at the bottom"
    );
    assert!(!app.world().resource::<Overlays>().puzzles);

    // Our own puzzles from here on: the Ghostarelay one first.
    next_of(&mut app, &[("ghostarelay", NO_MOVES), ("chess", BACK_RANK)]);
    assert_eq!(status(&app), Status::Find);
    assert!(!app.world().resource::<BoardLayout>().flipped);
    // A hint by keyboard (in-game menu: Back to the game, then the hint):
    // the piece to move is lit, and the attempt counts as failed.
    let before = player(&app);
    menu_entry(&mut app, Device::Keyboard, 1);
    let e2 = the_match(&app).variant().geo.parse("e2").expect("e2");
    assert_eq!(app.world().resource::<BoardHighlights>().hint, vec![e2]);
    let after_hint = player(&app);
    assert!(after_hint.rating < before.rating, "{after_hint:?}");
    assert_eq!(on_disk(&dir).player(""), after_hint, "saved at once");
    // Wrong: taken back, try again.
    play(&mut app, &["e2e4"]);
    assert_eq!(status(&app), Status::Wrong);
    assert_eq!(the_match(&app).ply(), 0, "the wrong move is taken back");
    // Right: the game plays the forced capture, and White has won.
    play(&mut app, &["e2e3"]);
    assert_eq!(the_match(&app).lmns(), ["e2e3", "d4e3"]);
    assert_eq!(status(&app), Status::Solved);
    let outcome = the_match(&app).outcome().expect("over");
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(
        app.world().resource::<Overlays>().end,
        None,
        "no end dialog"
    );
    assert_eq!(player(&app), after_hint, "rated once: the hint counted");

    // Next by pad (in-game menu: Back to the game, then Next): Black's mate,
    // the board turned to Black, solved at once.
    let pad = connect_pad(&mut app, "Xbox Wireless Controller", Some(0x045e));
    menu_entry(&mut app, Device::Pad(pad), 1);
    let (p, a) = mode(&app).current().expect("the next puzzle");
    assert_eq!((p.variant, a.solver), ("chess", Color::Black));
    assert!(app.world().resource::<BoardLayout>().flipped);
    let puzzle_before = mode(&app).puzzle_rating().expect("rated");
    play(&mut app, &["a8a1"]);
    assert_eq!(status(&app), Status::Solved);
    let solved = player(&app);
    assert!(solved.rating > after_hint.rating, "{solved:?}");
    // Glicko-2 as chimera_game::rating computes it, both sides.
    let (me, it) = after_hint.after_puzzle(&puzzle_before, true);
    assert_eq!(solved, me);
    assert_eq!(mode(&app).puzzle_rating(), Some(it));

    // On disk exactly, and read back by a fresh client.
    let book = on_disk(&dir);
    assert_eq!(book.player(""), solved);
    let line = Puzzle::parse(BACK_RANK).expect("puzzle");
    assert_eq!(book.puzzle("chess", &line), it);
    drop(app);
    let mut again = menu_app_in(&dir);
    activate(&mut again, Entry::Puzzles);
    activate(&mut again, Entry::PuzzleSet(0));
    assert!(mode(&again).error.is_none());
    assert_eq!(player(&again), solved);
}

#[test]
fn a_ratings_file_that_does_not_read_is_named_and_left_alone() {
    let dir = Scratch::new("puzzle-corrupt");
    let file = ratings::path(&dir.0);
    let bad = "player\tPlayer\tabc\t350\t0.06\n";
    std::fs::write(&file, bad).expect("write");
    let mut app = menu_app_in(&dir);
    activate(&mut app, Entry::Puzzles);
    activate(&mut app, Entry::PuzzleSet(0));
    let error = mode(&app).error.clone().expect("an error");
    assert!(error.contains(ratings::FILE), "{error}");
    assert!(
        error.contains("line 1: rating 'abc' is not a number"),
        "{error}"
    );
    // Puzzles still work; the attempt is rated in memory only.
    next_of(&mut app, &[("chess", BACK_RANK)]);
    play(&mut app, &["a8a1"]);
    assert_eq!(status(&app), Status::Solved);
    assert!(player(&app).rating > 1500.0);
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        bad,
        "never overwritten"
    );
}
