//! A player's variant file in the client (issue 14): registered from a
//! config directory's `variants` folder, it is listed after the built-ins,
//! started from the main menu and played to mate; a game of it survives
//! Save → Load and the autosave's Continue; the computer plays it. A saved
//! game of a variant that is not installed says so in the load list.
//! The file is tests/variants/wyvern.toml (new pieces Wyvern `FN` and Scout
//! `fWfF` on 6x6).

use std::time::Duration;

use bevy::prelude::*;
use chimera_client::computer::Computer;
use chimera_client::headless_app;
use chimera_client::interaction::Panel;
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::{GameSetup, Match, Player};
use chimera_client::menus::{Entry, MenuChoice, Overlays};
use chimera_client::saves::SavedGames;
use chimera_rules::variants::{builtin, variants};
use chimera_rules::{Color, EndReason, Game, Outcome, Variant};

use super::couch_play::{Device, Press, panel, settle, tap};
use super::saves::{
    Scratch, activate, files_in, game_after, game_app, lmns, menu_app_in, play, the_match,
};

/// The player's variant file.
const WYVERN: &str = include_str!("../../../../tests/variants/wyvern.toml");

/// A mate from Wyvern's start: the white Wyvern leaps e1-f3-d4 and takes f5
/// with a knight check on d6, where the Black king is hemmed in by its own
/// Scout and pawns, and the Wyvern's ferz step covers e6, which the Black
/// Wyvern left for f4.
const MATE: [&str; 5] = ["e1f3", "e6f4", "f3d4", "a5a4", "d4f5"];

/// A config directory whose `variants` folder holds the Wyvern file,
/// registered through the loader the game uses at start.
fn installed(test: &str) -> Scratch {
    let dir = Scratch::new(test);
    let folder = dir.0.join("variants");
    std::fs::create_dir_all(&folder).expect("a variants folder");
    std::fs::write(folder.join("wyvern.toml"), WYVERN).expect("written");
    let loaded = chimera_store::variant_files::load_dir(&folder);
    assert_eq!(loaded.len(), 1);
    assert_eq!(loaded[0].file, "wyvern.toml");
    assert_eq!(*loaded[0].result.as_ref().expect("a good file"), "wyvern");
    dir
}

#[test]
fn a_broken_file_is_skipped_with_its_problem_and_the_others_load() {
    let dir = Scratch::new("broken-file");
    let folder = dir.0.join("variants");
    std::fs::create_dir_all(&folder).expect("a variants folder");
    let broken = WYVERN
        .replace("id = \"wyvern\"", "id = \"wyvern-broken\"")
        .replace("moves = \"FN\"", "moves = \"FNXz\"");
    std::fs::write(folder.join("a.toml"), broken).expect("written");
    std::fs::write(folder.join("b.toml"), WYVERN).expect("written");
    std::fs::write(folder.join("notes.txt"), "not a variant").expect("written");
    let loaded = chimera_store::variant_files::load_dir(&folder);
    let names: Vec<&str> = loaded.iter().map(|l| l.file.as_str()).collect();
    assert_eq!(names, ["a.toml", "b.toml"], "*.toml in name order");
    let line = 1 + WYVERN
        .lines()
        .position(|l| l.contains("\"FN\""))
        .expect("Y");
    assert_eq!(
        loaded[0].problem().expect("skipped"),
        format!("variants/a.toml: line {line}: pieces.wyvern.moves: unknown atom 'Xz' at column 3")
    );
    assert_eq!(*loaded[1].result.as_ref().expect("loaded"), "wyvern");
    assert!(loaded[1].problem().is_none());
    assert!(!variants().iter().any(|v| v.id == "wyvern-broken"));
}

fn wyvern() -> Game {
    Game::new(&Variant::new("wyvern", &[]).expect("installed"))
}

#[test]
fn a_players_variant_is_listed_after_the_built_ins_and_played_to_mate() {
    let dir = installed("menu");
    let mut app = menu_app_in(&dir);
    let i = variants()
        .iter()
        .position(|v| v.id == "wyvern")
        .expect("listed");
    assert!(i >= builtin().len() && !variants()[i].builtin);
    let mut choice = app.world_mut().resource_mut::<MenuChoice>();
    choice.variant = i;
    assert_eq!(choice.info().name, "Wyvern");
    assert!(choice.info().description.starts_with("A 6x6 test game"));
    assert_eq!(choice.values(), Vec::<String>::new(), "no options");
    activate(&mut app, Entry::Start);
    assert_eq!(panel(&app), Panel::Board);
    assert_eq!(the_match(&app).variant().id(), "wyvern");
    play(&mut app, &MATE);
    let m = the_match(&app);
    assert_eq!(lmns(m), MATE);
    assert_eq!(
        m.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate
        })
    );
    // Worked out by hand from the file's start and the moves.
    assert_eq!(
        m.position().to_vfen(),
        "rysk2/1ppppY/p4y/6/PPPPPP/RYSK2 b - - - 0 3"
    );
}

#[test]
fn a_game_of_a_players_variant_saves_loads_and_continues() {
    let dir = installed("saves");
    let moves = &MATE[..4];
    let expected = game_after("wyvern", moves).position().to_vfen();
    let mut app = game_app(&dir, Match::from_game(wyvern()));
    play(&mut app, moves);
    app.world_mut().resource_mut::<Overlays>().game_menu = true;
    settle(&mut app);
    activate(&mut app, Entry::SaveGame);
    let files = files_in(&dir.games());
    assert!(
        files.len() == 1 && files[0].contains("-wyvern-"),
        "{files:?}"
    );
    // Load it from the list: the same moves and position.
    activate(&mut app, Entry::LoadGame);
    tap(&mut app, Device::Keyboard, Press::Select);
    settle(&mut app);
    assert_eq!(lmns(the_match(&app)), moves);
    assert_eq!(the_match(&app).position().to_vfen(), expected);
    drop(app);
    // A fresh client continues it from the autosave, and finishes it.
    let mut app = menu_app_in(&dir);
    activate(&mut app, Entry::ContinueSaved);
    assert_eq!(lmns(the_match(&app)), moves);
    assert_eq!(the_match(&app).position().to_vfen(), expected);
    play(&mut app, &MATE[4..]);
    assert_eq!(lmns(the_match(&app)), MATE);
}

#[test]
fn a_saved_game_of_a_variant_not_installed_says_so() {
    let dir = installed("missing");
    std::fs::create_dir_all(dir.games()).expect("a games folder");
    let record = "[Event \"e\"]\n[Variant \"unicorn-land\"]\n\n1. a3 *\n";
    std::fs::write(dir.games().join("old.pgn"), record).expect("written");
    let mut app = menu_app_in(&dir);
    activate(&mut app, Entry::LoadGame);
    let games = app.world().resource::<SavedGames>().games.clone();
    assert_eq!(games.len(), 1);
    let e = games[0].about.clone().expect_err("not loadable");
    assert!(
        e.contains("variant 'unicorn-land' is not installed (no file in "),
        "{e}"
    );
}

#[test]
fn the_computer_plays_a_players_variant() {
    installed("computer");
    // The new pieces get values from their movement like the built-in ones.
    let v = Variant::new("wyvern", &[]).expect("installed");
    let values = chimera_engine::values::piece_values(&v);
    for letter in ['Y', 'S'] {
        let p = values.iter().find(|p| p.letter == letter).expect("valued");
        assert!(!p.kind.is_builtin() && p.value > 0.0, "{p:?}");
    }
    let wyvern_value = values.iter().find(|p| p.letter == 'Y').expect("Y").value;
    let scout_value = values.iter().find(|p| p.letter == 'S').expect("S").value;
    assert!(wyvern_value > scout_value, "FN moves more than fWfF");

    let mut app = headless_app();
    let setup = GameSetup {
        players: [Player::Computer { level: 1 }, Player::Computer { level: 2 }],
        ..GameSetup::new("wyvern", Vec::new())
    };
    app.insert_resource(CurrentMatch(Match::with_setup(setup, wyvern())));
    for _ in 0..400 {
        if the_match(&app).ply() >= 8 || the_match(&app).outcome().is_some() {
            break;
        }
        app.update();
        let computer = app.world().resource::<Computer>();
        assert!(computer.wait(Duration::from_secs(120)), "a search ended");
    }
    let m = the_match(&app);
    assert!(m.ply() >= 8 || m.outcome().is_some(), "ply {}", m.ply());
    // Every move it made is legal by the rules alone.
    let mut g = wyvern();
    for lmn in lmns(m) {
        g.play_lmn(&lmn).expect("legal");
    }
    assert_eq!(g.position().to_vfen(), m.position().to_vfen());
}
