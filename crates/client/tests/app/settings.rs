//! `settings.cfg` in the client: read into the resources at start, written
//! back when one changes, and a malformed file leaves the defaults and a
//! message for the menu.

use bevy::prelude::*;
use chimera_client::config::{AnimationSpeed, FILE_NAME, Settings, View};
use chimera_client::headless_app;
use chimera_client::menus::MenuChoice;
use chimera_client::prefs::Prefs;
use chimera_client::scene::{BoardLayout, CurrentView, ShowLetters};
use chimera_client::settings::{AppSettings, install};
use chimera_game::clock::TimeControl;
use std::path::PathBuf;
use std::time::Duration;

/// A fresh, empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-settings-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn app_with_settings(dir: &std::path::Path) -> App {
    let mut app = headless_app();
    install(&mut app, AppSettings::load(dir));
    app.update();
    app
}

#[test]
fn settings_are_read_into_the_client_and_written_back_when_they_change() {
    let dir = temp_dir("round-trip");
    let text = "# mine\nview = 3d\nflip-board = on\nanimation-speed = fast\nvolume = 30\nmute = on\n\
                variant = grand\ntime-control = 300+3\nplayer-name = Ann\nshow-letters = on\n";
    std::fs::write(dir.join(FILE_NAME), text).expect("write");
    let mut app = app_with_settings(&dir);
    let w = app.world();
    assert_eq!(w.resource::<CurrentView>().0, View::ThreeD);
    assert!(w.resource::<BoardLayout>().flipped);
    assert_eq!(*w.resource::<ShowLetters>(), ShowLetters(true));
    assert_eq!(
        *w.resource::<Prefs>(),
        Prefs {
            animation: AnimationSpeed::Fast,
            volume: 30,
            mute: true,
        }
    );
    let choice = w.resource::<MenuChoice>();
    assert_eq!(choice.info().id, "grand");
    assert_eq!(
        choice.time,
        TimeControl::Fischer {
            base: Duration::from_secs(300),
            increment: Duration::from_secs(3),
        }
    );
    // The name goes to every human side of a new game, with the clock.
    let setup = choice.setup();
    assert_eq!(setup.names, ["Ann".to_string(), "Ann".to_string()]);
    assert_eq!(setup.time, choice.time);
    assert_eq!(w.resource::<AppSettings>().error, None);
    // Nothing changed: the file is as the player wrote it.
    assert_eq!(std::fs::read_to_string(dir.join(FILE_NAME)).unwrap(), text);

    app.world_mut().resource_mut::<CurrentView>().0 = View::TwoD;
    app.world_mut().resource_mut::<Prefs>().volume = 70;
    app.update();
    let saved = Settings::load(&dir);
    assert_eq!(saved.error, None);
    let s = saved.settings;
    assert_eq!(s.view, View::TwoD);
    assert_eq!(s.volume, 70);
    assert!(s.mute && s.flip_board && s.show_letters);
    assert_eq!(s.variant, "grand");
    assert_eq!(s.time_control, "300+3");
    assert_eq!(s.player_name, "Ann");
    assert_eq!(s.animation_speed, AnimationSpeed::Fast);
    // The letters toggled off in the game are off in the file.
    app.world_mut().insert_resource(ShowLetters(false));
    app.update();
    assert!(!Settings::load(&dir).settings.show_letters);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_malformed_settings_file_gives_the_defaults_and_a_message_naming_the_line() {
    let dir = temp_dir("malformed");
    let text = "view = 3d\nvolume = loud\n";
    std::fs::write(dir.join(FILE_NAME), text).expect("write");
    let app = app_with_settings(&dir);
    let w = app.world();
    let e = w.resource::<AppSettings>().error.clone().expect("an error");
    assert!(e.contains(FILE_NAME), "{e}");
    assert!(e.contains("line 2"), "{e}");
    assert!(e.contains("volume") && e.contains("'loud'"), "{e}");
    assert!(e.contains("default settings"), "{e}");
    // Not even the good first line is used.
    assert_eq!(w.resource::<CurrentView>().0, View::TwoD);
    assert_eq!(*w.resource::<Prefs>(), Prefs::default());
    // The file is left for the player to fix.
    assert_eq!(std::fs::read_to_string(dir.join(FILE_NAME)).unwrap(), text);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game named on the command line is seen as the command line says (2D,
/// not flipped) for that run only: changing another setting does not write
/// its view and flip over the player's (issue 21, the class of the LAN
/// flip); once the player flips the board, that is saved.
#[test]
fn the_command_lines_view_and_flip_are_not_saved_as_the_players() {
    let dir = temp_dir("command-line-view");
    std::fs::write(
        dir.join(FILE_NAME),
        "view = 3d\nflip-board = on\nvolume = 40\n",
    )
    .expect("write");
    let mut app = headless_app();
    install(&mut app, AppSettings::load(&dir));
    // As `chimera play --variant chess` (its default view 2D, not flipped).
    chimera_client::settings::command_line_view(app.world_mut(), Some(View::TwoD), Some(false));
    app.update();
    assert_eq!(app.world().resource::<CurrentView>().0, View::TwoD);
    assert!(!app.world().resource::<BoardLayout>().flipped);
    app.world_mut().resource_mut::<Prefs>().volume = 70;
    app.update();
    let s = Settings::load(&dir).settings;
    assert_eq!(s.volume, 70, "the volume is saved");
    assert_eq!(s.view, View::ThreeD, "the command line's view was saved");
    assert!(s.flip_board, "the command line's flip was saved");
    // The player flips the board: now it is the player's choice.
    app.world_mut().resource_mut::<BoardLayout>().flipped = true;
    app.update();
    app.world_mut().resource_mut::<BoardLayout>().flipped = false;
    app.update();
    assert!(
        !Settings::load(&dir).settings.flip_board,
        "the player's flip is saved"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
