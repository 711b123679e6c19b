//! Lessons in the window, headless, by pad and keyboard alone: the main
//! menu's "Learn" opens the list, a lesson is picked, solved on the board
//! through the normal move path (the cursor, the selector, the authority),
//! the "well done" dialog leads to the next one, and the progress file in
//! the data directory says it is done; a wrong move starts the lesson
//! again; the in-game menu gives the hint; a corrupt progress file is told
//! and set aside, not lost.

use super::couch_play::{Device, Press, connect_pad, menu_app_from, panel, play, settle, tap};
use super::saves::Scratch;
use bevy::prelude::*;
use chimera_client::headless_app;
use chimera_client::interaction::Panel;
use chimera_client::match_state::{CurrentMatch, LessonBoard};
use chimera_client::menus::{Entry, Learn, LessonStatus, MenuFocus};
use chimera_game::lessons::Progress;
use chimera_rules::variants;

/// The entries of `panel` as the app stands.
fn entries(app: &App, panel: Panel) -> Vec<Entry> {
    super::saves::current_entries(app, panel)
}

fn focused(app: &App, p: Panel) -> Option<Entry> {
    app.world().resource::<MenuFocus>().entry(&entries(app, p))
}

/// Moves the focus of the front panel down to `want`.
fn focus_down_to(app: &mut App, dev: Device, want: Entry) {
    let p = panel(app);
    for _ in 0..80 {
        if focused(app, p) == Some(want) {
            return;
        }
        tap(app, dev, Press::Down);
    }
    panic!(
        "{want:?} not reached on {p:?}: focus on {:?}",
        focused(app, p)
    );
}

fn learn(app: &App) -> &Learn {
    app.world().resource::<Learn>()
}

/// A menu app keeping lesson progress in `dir`, its list open on `variant`
/// through the main menu's Learn entry (stepped with left/right).
fn learn_app(dir: &Scratch, dev_pad: bool, variant: &str) -> (App, Device) {
    let mut app = menu_app_from(headless_app());
    let file = dir.0.join("lessons.txt");
    app.world_mut().resource_mut::<Learn>().use_file(Some(file));
    let dev = match dev_pad {
        true => Device::Pad(connect_pad(
            &mut app,
            "Xbox Wireless Controller",
            Some(0x045e),
        )),
        false => Device::Keyboard,
    };
    focus_down_to(&mut app, dev, Entry::Learn);
    tap(&mut app, dev, Press::Select);
    assert_eq!(panel(&app), Panel::Learn);
    for _ in 0..variants().len() {
        if variants()[learn(&app).variant].id == variant {
            break;
        }
        tap(&mut app, dev, Press::Right);
    }
    assert_eq!(variants()[learn(&app).variant].id, variant);
    (app, dev)
}

/// Picks lesson `id` in the open list.
fn pick(app: &mut App, dev: Device, id: &str) -> usize {
    let i = learn(app)
        .lessons
        .iter()
        .position(|l| l.id == id)
        .unwrap_or_else(|| panic!("no lesson {id}"));
    focus_down_to(app, dev, Entry::Lesson(i));
    tap(app, dev, Press::Select);
    settle(app);
    assert_eq!(panel(app), Panel::Board);
    assert!(app.world().get_resource::<LessonBoard>().is_some());
    i
}

/// Plays a from-to move in LMN (`b1c3`, `e1g1,h1f1`: the king's move).
fn play_lmn(app: &mut App, dev: Device, lmn: &str) {
    let king = lmn.split(',').next().expect("a move");
    let (from, to) = king.split_at(2);
    play(app, dev, from, to);
}

#[test]
fn a_lesson_is_picked_solved_and_kept_with_the_pad() {
    let dir = Scratch::new("lesson-pad");
    let (mut app, pad) = learn_app(&dir, true, "chess");
    let i = pick(&mut app, pad, "piece-knight");
    let lesson = learn(&app).lessons[i].clone();
    // The targets are on the board to see (gold squares).
    assert_eq!(learn(&app).marks().0.len(), lesson.targets().len());
    for lmn in &lesson.solution {
        assert_eq!(learn(&app).status, LessonStatus::Playing, "before {lmn}");
        play_lmn(&mut app, pad, lmn);
    }
    assert!(matches!(learn(&app).status, LessonStatus::Solved { .. }));
    assert_eq!(panel(&app), Panel::LessonDone, "well done");
    // Kept in the data directory.
    let kept = Progress::load(&dir.0.join("lessons.txt")).expect("progress");
    assert!(kept.is_done("chess", "piece-knight"));
    // "Next lesson" (focused first) puts the next one on the board.
    tap(&mut app, pad, Press::Select);
    settle(&mut app);
    assert_eq!(learn(&app).run.as_ref().map(|r| r.0), Some(i + 1));
    assert_eq!(panel(&app), Panel::Board);
    let next = &learn(&app).lessons[i + 1];
    assert_eq!(
        app.world().resource::<CurrentMatch>().position().to_vfen(),
        next.start
    );
}

#[test]
fn a_wrong_move_starts_again_and_the_menu_gives_the_hint_by_keyboard() {
    let dir = Scratch::new("lesson-keys");
    let (mut app, keys) = learn_app(&dir, false, "chess");
    let i = pick(&mut app, keys, "castling-h1");
    let start = learn(&app).lessons[i].start.clone();
    // The king steps instead of castling: not it; the board starts again.
    play(&mut app, keys, "e1", "f1");
    assert!(matches!(learn(&app).status, LessonStatus::Wrong(_)));
    assert_eq!(
        app.world().resource::<CurrentMatch>().position().to_vfen(),
        start
    );
    // The in-game menu's lesson hint names the castling.
    tap(&mut app, keys, Press::Menu);
    assert_eq!(panel(&app), Panel::GameMenu);
    focus_down_to(&mut app, keys, Entry::LessonHint);
    tap(&mut app, keys, Press::Select);
    settle(&mut app);
    let (san, squares) = learn(&app).hint.clone().expect("a hint");
    assert_eq!(san, "O-O");
    assert_eq!(squares.len(), 2);
    play(&mut app, keys, "e1", "g1");
    assert!(matches!(learn(&app).status, LessonStatus::Solved { .. }));
    let kept = Progress::load(&dir.0.join("lessons.txt")).expect("progress");
    assert!(kept.is_done("chess", "castling-h1"));
}

#[test]
fn a_corrupt_progress_file_is_told_and_set_aside() {
    let dir = Scratch::new("lesson-corrupt");
    let file = dir.0.join("lessons.txt");
    std::fs::write(&file, "chess piece-rook\n\u{0}garbage here\n").expect("write");
    let (mut app, keys) = learn_app(&dir, false, "chess");
    let problem = learn(&app).problem.clone().expect("told");
    assert!(
        problem.contains("lessons.txt") && problem.contains("line 2"),
        "{problem}"
    );
    let i = pick(&mut app, keys, "castling-h1");
    let lmn = learn(&app).lessons[i].solution[0].clone();
    play_lmn(&mut app, keys, &lmn);
    assert!(matches!(learn(&app).status, LessonStatus::Solved { .. }));
    assert!(dir.0.join("lessons.txt.unreadable").exists());
    assert!(
        Progress::load(&file)
            .expect("rewritten")
            .is_done("chess", "castling-h1")
    );
}
