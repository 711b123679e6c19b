//! Saved games in the client (issue 11): Save then Load gives back the same
//! match (moves, position, result, players); the autosave lets a fresh
//! client continue exactly; an autosave whose writer dies half-way leaves
//! the previous one whole; a broken file shows its error in the load list
//! and opening it changes nothing. Every file goes to a temporary folder
//! given as the app's `SaveFolder`, never to the player's data directory.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use chimera_client::headless_app;
use chimera_client::interaction::{Panel, Selection};
use chimera_client::match_state::{CurrentMatch, MoveIntent};
use chimera_client::match_state::{GameSetup, Match, MatchCommand, MatchError, Player};
use chimera_client::menus::{Entry, Guide, MenuActivated, MenuChoice, Overlays, entries};
use chimera_client::saves::{self, AUTOSAVE, GameInfo, SaveFolder, SavedGames};
use chimera_client::schedule::Screen;
use chimera_game::record;
use chimera_rules::{Color, EndReason, Game, Outcome, Variant};

use super::couch_play::{Device, Press, menu_app_from, panel, settle, tap};

/// A folder of its own under the system's temporary directory, removed
/// when dropped.
pub(crate) struct Scratch(pub(crate) PathBuf);

impl Scratch {
    pub(crate) fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("chimera-saves-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        Scratch(dir)
    }
    fn folder(&self) -> SaveFolder {
        SaveFolder(Some(self.0.clone()))
    }
    pub(crate) fn games(&self) -> PathBuf {
        self.0.join("games")
    }
    fn autosave(&self) -> PathBuf {
        self.0.join(AUTOSAVE)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A headless client saving into `dir`, on the board of `m`.
pub(crate) fn game_app(dir: &Scratch, m: Match) -> App {
    let mut app = headless_app();
    app.insert_resource(dir.folder())
        .insert_resource(CurrentMatch(m));
    settle(&mut app);
    app
}

/// A headless client saving into `dir`, on its main menu.
pub(crate) fn menu_app_in(dir: &Scratch) -> App {
    let mut app = headless_app();
    app.insert_resource(dir.folder());
    menu_app_from(app)
}

pub(crate) fn activate(app: &mut App, e: Entry) {
    app.world_mut().write_message(MenuActivated(e));
    settle(app);
}

fn command(app: &mut App, c: MatchCommand) {
    app.world_mut().write_message(c);
    settle(app);
}

/// Plays LMN moves one request each, as the board would send them.
pub(crate) fn play(app: &mut App, moves: &[&str]) {
    for lmn in moves {
        crate::lan::request(app, lmn);
        settle(app);
    }
}

pub(crate) fn the_match(app: &App) -> &Match {
    app.world().resource::<CurrentMatch>()
}

/// The match's moves in LMN.
pub(crate) fn lmns(m: &Match) -> Vec<String> {
    chimera_engine::pv_lmn(m.game().start(), m.game().moves())
}

/// The game of `id` after these LMN moves, by the rules alone.
pub(crate) fn game_after(id: &str, moves: &[&str]) -> Game {
    let v = Variant::new(id, &[]).expect("variant");
    let mut g = Game::new(&v);
    for m in moves {
        g.play_lmn(m).expect("legal");
    }
    g
}

/// The entries `panel` offers as the app stands.
pub(crate) fn current_entries(app: &App, panel: Panel) -> Vec<Entry> {
    let w = app.world();
    entries(
        panel,
        &chimera_client::menus::EntrySources {
            choice: w.resource::<MenuChoice>(),
            game: w.get_resource::<CurrentMatch>().map(|m| &m.0),
            selection: w.resource::<Selection>(),
            guide: w.resource::<Guide>(),
            saved: w.resource::<SavedGames>(),
            authority: w.get_resource::<chimera_client::match_state::Authority>(),
            features: w.resource::<chimera_client::menus::FeaturePanels>(),
            learn: w.resource::<chimera_client::menus::Learn>(),
        },
    )
}

pub(crate) fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

const RUY_LOPEZ: [&str; 5] = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"];

#[test]
fn save_then_load_gives_back_the_match_with_its_result() {
    let dir = Scratch::new("save-load");
    let setup = GameSetup {
        names: ["Ann".into(), "Bob".into()],
        ..GameSetup::new("chess", Vec::new())
    };
    let v = Variant::new("chess", &[]).expect("chess");
    let mut app = game_app(&dir, Match::with_setup(setup.clone(), Game::new(&v)));
    play(&mut app, &RUY_LOPEZ);
    command(&mut app, MatchCommand::Resign(Color::Black));
    let resigned = Outcome {
        winner: Some(Color::White),
        reason: EndReason::Resignation,
    };
    assert_eq!(the_match(&app).outcome(), Some(resigned));

    // Save, from the in-game menu.
    app.world_mut().resource_mut::<Overlays>().game_menu = true;
    settle(&mut app);
    assert!(current_entries(&app, Panel::GameMenu).contains(&Entry::SaveGame));
    activate(&mut app, Entry::SaveGame);
    let files = files_in(&dir.games());
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(
        files[0].ends_with("-chess-Ann-Bob.pgn"),
        "named by date, variant and players: {}",
        files[0]
    );
    let text = std::fs::read_to_string(dir.games().join(&files[0])).expect("saved");
    for line in [
        "[White \"Ann\"]",
        "[Black \"Bob\"]",
        "[Result \"1-0\"]",
        "[Variant \"chess\"]",
        "[Termination \"resignation\"]",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0",
    ] {
        assert!(text.contains(line), "{line} in\n{text}");
    }

    // Something else is played meanwhile.
    command(
        &mut app,
        MatchCommand::NewGame(GameSetup::new("holygrail", Vec::new())),
    );
    assert_eq!(the_match(&app).variant().id(), "holygrail");

    // Load: the list shows the game; opening it restores the match.
    activate(&mut app, Entry::LoadGame);
    assert_eq!(panel(&app), Panel::LoadGame);
    let saved = app.world().resource::<SavedGames>().games.clone();
    assert_eq!(saved.len(), 1);
    let info = saved[0].about.clone().expect("the saved game loads");
    let (y, mo, d, ..) = chimera_game::record::files::utc(
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap(),
    );
    assert_eq!(
        info,
        GameInfo {
            date: format!("{y:04}.{mo:02}.{d:02}"),
            variant: "Chess".into(),
            players: ["Ann".into(), "Bob".into()],
            result: "1-0 resignation".into(),
            plies: 5,
        }
    );
    assert!(
        info.line()
            .ends_with("Chess  Ann - Bob  1-0 resignation  3 moves")
    );
    assert_eq!(
        current_entries(&app, Panel::LoadGame),
        vec![Entry::SavedGame(0), Entry::Back]
    );
    // The keyboard opens it: the focus starts on the newest game.
    tap(&mut app, Device::Keyboard, Press::Select);
    settle(&mut app);
    let m = the_match(&app);
    let expected = game_after("chess", &RUY_LOPEZ);
    assert_eq!(lmns(m), RUY_LOPEZ);
    assert_eq!(m.position().to_vfen(), expected.position().to_vfen());
    assert_eq!(
        m.outcome(),
        Some(resigned),
        "a resigned game stays resigned"
    );
    assert_eq!(m.setup(), &setup);
    assert_eq!(panel(&app), Panel::Board);
    assert!(!app.world().resource::<Overlays>().load);
    // Still over: no move is taken.
    let req = MoveIntent {
        mv: m.parse_lmn("a7a6").expect("a legal move on the board"),
        ply: m.ply(),
    };
    app.world_mut().write_message(req);
    settle(&mut app);
    assert_eq!(the_match(&app).ply(), 5);
}

#[test]
fn a_computer_seat_and_a_time_control_are_saved_and_read_back() {
    let setup = GameSetup {
        players: [Player::Human, Player::Computer { level: 5 }],
        names: ["Ann".into(), String::new()],
        time: "600+5".parse().expect("a time control"),
        ..GameSetup::new("grand", Vec::new())
    };
    let g = game_after("grand", &["e3e5", "e8e6"]);
    let m = Match::with_setup(setup.clone(), g);
    let rec = saves::match_record(&m, Duration::from_secs(1_700_000_000)).expect("a record");
    assert_eq!(rec.tag("Date"), Some("2023.11.14"));
    assert_eq!(rec.tag("Black"), Some("Chimera level 5"));
    assert_eq!(rec.tag("BlackType"), Some("program"));
    assert_eq!(rec.tag("BlackLevel"), Some("5"));
    assert_eq!(rec.tag("WhiteType"), Some("human"));
    let text = rec.to_text().expect("writes");
    assert!(text.contains("[TimeControl \"600+5\"]"), "{text}");
    let back = saves::match_from_loaded(&record::load(&text, 1).expect("loads"));
    assert_eq!(back.setup().players, setup.players);
    assert_eq!(back.setup().time, setup.time);
    assert_eq!(
        back.setup().names,
        ["Ann".to_string(), "Chimera level 5".to_string()]
    );
    assert_eq!(back.position().to_vfen(), m.position().to_vfen());
    assert_eq!(back.outcome(), None);
}

#[test]
fn the_autosave_lets_a_fresh_client_continue_exactly() {
    let dir = Scratch::new("continue");
    // No autosave yet: the main menu offers no "Continue".
    let app = menu_app_in(&dir);
    assert!(!current_entries(&app, Panel::MainMenu).contains(&Entry::ContinueSaved));
    drop(app);

    let v = Variant::new("holygrail", &[]).expect("holy grail");
    let mut app = game_app(&dir, Match::from_game(Game::new(&v)));
    assert!(
        !dir.autosave().exists(),
        "nothing is written before a change"
    );
    play(&mut app, &["e2e5"]);
    assert!(dir.autosave().exists(), "written after the first move");
    play(&mut app, &["e9e6"]);
    drop(app); // quit (or crash): nothing more is written

    let mut app = menu_app_in(&dir);
    assert!(current_entries(&app, Panel::MainMenu).contains(&Entry::ContinueSaved));
    let info = app.world().resource::<SavedGames>().autosave.clone();
    assert_eq!(info.map(|i| i.plies), Some(2));
    activate(&mut app, Entry::ContinueSaved);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    assert_eq!(panel(&app), Panel::Board);
    let expected = game_after("holygrail", &["e2e5", "e9e6"]);
    assert_eq!(lmns(the_match(&app)), ["e2e5", "e9e6"]);
    assert_eq!(
        the_match(&app).position().to_vfen(),
        expected.position().to_vfen()
    );
    // The game goes on from there; an undo and a resignation are saved too.
    play(&mut app, &["f2f4", "f9f8"]);
    command(&mut app, MatchCommand::Undo);
    command(&mut app, MatchCommand::Resign(Color::Black));
    drop(app);

    let mut app = menu_app_in(&dir);
    assert!(current_entries(&app, Panel::MainMenu).contains(&Entry::ContinueSaved));
    activate(&mut app, Entry::ContinueSaved);
    let m = the_match(&app);
    assert_eq!(lmns(m), ["e2e5", "e9e6", "f2f4"]);
    assert_eq!(
        m.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Resignation
        })
    );
    assert!(matches!(
        m.clone().play(m.position().legal_moves()[0], 3),
        Err(MatchError::GameOver(_))
    ));
}

#[test]
fn a_timed_game_continues_with_its_clocks() {
    let dir = Scratch::new("clocks");
    let setup = GameSetup {
        time: "60+0".parse().expect("a time control"),
        ..GameSetup::new("chess", Vec::new())
    };
    let v = Variant::new("chess", &[]).expect("chess");
    let mut app = game_app(&dir, Match::with_setup(setup, Game::new(&v)));
    play(&mut app, &["e2e4"]);
    // Black thinks for 40 frames of 50 ms before answering.
    for _ in 0..40 {
        app.update();
    }
    play(&mut app, &["e7e5"]);
    let black_left = the_match(&app).remaining(Color::Black).expect("timed");
    assert!(
        black_left <= Duration::from_secs(58),
        "Black spent two seconds: {black_left:?}"
    );
    drop(app);
    let text = std::fs::read_to_string(dir.autosave()).expect("autosaved");
    assert!(text.contains("[%clk 0:00:5"), "clock comments: {text}");

    let mut app = menu_app_in(&dir);
    activate(&mut app, Entry::ContinueSaved);
    let m = the_match(&app);
    assert_eq!(lmns(m), ["e2e4", "e7e5"]);
    assert!(m.setup().time.is_timed());
    // Black's clock is where it stopped (records keep whole seconds or
    // better), not the 60 s of a fresh clock.
    let back = m.remaining(Color::Black).expect("timed");
    let diff = back.abs_diff(black_left);
    assert!(
        diff < Duration::from_secs(1),
        "{back:?} against {black_left:?}"
    );
}

#[test]
fn an_autosave_cut_short_leaves_the_previous_one_whole() {
    let dir = Scratch::new("killed");
    let v = Variant::new("chess", &[]).expect("chess");
    let mut app = game_app(&dir, Match::from_game(Game::new(&v)));
    play(&mut app, &["e2e4", "e7e5"]);
    let before = std::fs::read(dir.autosave()).expect("autosaved");

    // A writer killed half-way: its temporary file holds part of a newer
    // game and was never renamed over the autosave.
    let newer = game_after("chess", &["e2e4", "e7e5", "g1f3"]);
    let text = record::export(&newer, &[]).expect("a record");
    let dead_tmp = dir.0.join(format!("{AUTOSAVE}.4242.tmp"));
    std::fs::write(&dead_tmp, &text.as_bytes()[..text.len() / 2]).expect("a partial file");
    // And this client's own next write fails before the rename: its
    // temporary path is taken by a folder.
    let own_tmp = dir.0.join(format!("{AUTOSAVE}.{}.tmp", std::process::id()));
    std::fs::create_dir(&own_tmp).expect("a blocking folder");
    play(&mut app, &["g1f3"]);
    assert_eq!(the_match(&app).ply(), 3, "the move itself is played");
    assert_eq!(
        std::fs::read(dir.autosave()).expect("still there"),
        before,
        "the previous autosave is intact"
    );
    drop(app);

    // It still loads: a fresh client continues the game as it was saved.
    let mut app = menu_app_in(&dir);
    activate(&mut app, Entry::ContinueSaved);
    assert_eq!(lmns(the_match(&app)), ["e2e4", "e7e5"]);
    // Once writing works again, the next change replaces it whole.
    std::fs::remove_dir(&own_tmp).expect("unblocked");
    play(&mut app, &["d2d4"]);
    let now = record::load(&record::read_file(&dir.autosave()).expect("reads"), 1).expect("loads");
    assert_eq!(now.record.moves.len(), 3);
    assert!(dead_tmp.exists(), "another writer's leftover is left alone");
}

#[test]
fn a_broken_file_shows_its_error_in_the_list_and_opening_it_changes_nothing() {
    let dir = Scratch::new("broken");
    std::fs::create_dir_all(dir.games()).expect("games folder");
    let good = game_after("grand", &["e3e5", "e8e6"]);
    let good_text = record::export(&good, &[("White".into(), "Cleo".into())]).expect("record");
    let files: [(&str, &[u8]); 5] = [
        ("good.pgn", good_text.as_bytes()),
        (
            "illegal.pgn",
            b"[Variant \"chess\"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 Nf9 *\n",
        ),
        ("garbage.pgn", b"\x7fELF\x02\x01\x01\x00\x00\x00\xff\xfe"),
        ("notes.txt", b"not a record, not listed"),
        ("half.pgn.77.tmp", b"[Variant \"chess\"]\n\n1. e4"),
    ];
    // Modification times decide the order: good is the newest.
    for (i, (name, bytes)) in files.iter().enumerate() {
        let path = dir.games().join(name);
        std::fs::write(&path, bytes).expect("write");
        let at = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000 - 3600 * i as u64);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_modified(at))
            .expect("set the time");
    }
    let v = Variant::new("chess", &[]).expect("chess");
    let mut app = game_app(&dir, Match::from_game(Game::new(&v)));
    play(&mut app, &["d2d4"]);
    let vfen = the_match(&app).position().to_vfen();

    activate(&mut app, Entry::LoadGame);
    let list = app.world().resource::<SavedGames>().games.clone();
    let names: Vec<String> = list
        .iter()
        .map(|g| g.path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["good.pgn", "illegal.pgn", "garbage.pgn"]);
    assert_eq!(
        list[0].about.as_ref().map(|i| i.players[0].as_str()),
        Ok("Cleo")
    );
    assert_eq!(
        list[1].line(),
        "illegal.pgn: game 1, line 5, move 3 (black): 'Nf9' is not legal here"
    );
    assert_eq!(
        list[2].line(),
        "garbage.pgn: line 1: not a text game record (invalid UTF-8 at byte 10)"
    );

    // Down to the broken file and open it: an error, the game unchanged.
    tap(&mut app, Device::Keyboard, Press::Down);
    tap(&mut app, Device::Keyboard, Press::Down);
    tap(&mut app, Device::Keyboard, Press::Select);
    settle(&mut app);
    assert_eq!(panel(&app), Panel::LoadGame, "the load screen stays open");
    let message = app.world().resource::<SavedGames>().message.clone();
    assert_eq!(message.as_deref(), Some(list[2].line().as_str()));
    let m = the_match(&app);
    assert_eq!(m.variant().id(), "chess");
    assert_eq!(lmns(m), ["d2d4"]);
    assert_eq!(m.position().to_vfen(), vfen);
    // Back (Esc) closes it; the good game opens from the list.
    tap(&mut app, Device::Keyboard, Press::Cancel);
    assert_eq!(panel(&app), Panel::Board);
    activate(&mut app, Entry::LoadGame);
    activate(&mut app, Entry::SavedGame(0));
    assert_eq!(
        the_match(&app).position().to_vfen(),
        good.position().to_vfen()
    );
}
