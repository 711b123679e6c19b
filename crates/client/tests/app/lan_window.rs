//! What a player meets around a LAN game in the window (issue 21), over
//! loopback UDP with headless windows: every finished game is kept in the
//! saved games of both windows; the menu hosts on the side and port chosen
//! there (keyboard, pad, mouse) and the panel names the addresses to join;
//! the address tried stays in the join screen's field; a LAN game's board
//! orientation is not saved as the player's flip; a spectator is offered no
//! player's request and a player cannot pick up the opponent's pieces; a
//! ninja pawn's landing square is asked for in words; the hover label and
//! the message line stay clear of the board.

use std::path::{Path, PathBuf};

use crate::couch_play::{Device, Press, connect_pad, menu_app_from, tap};
use crate::lan::{
    HOLYWAR_MOVES, HOLYWAR_START, await_board, await_both_at, await_outcomes, host_app, join_app,
    ply, pump, request, screen, settings,
};
use crate::saves::current_entries;
use bevy::ecs::message::Messages;
use bevy::prelude::*;
use bevy_egui::egui;
use chimera_client::config::{FILE_NAME, Settings};
use chimera_client::headless_app;
use chimera_client::interaction::{Panel, SelectInput, Selection, Toast};
use chimera_client::match_state::{CurrentMatch, GameSetup, Match, MatchCommand};
use chimera_client::menus::{Entry, MenuAdjusted};
use chimera_client::net::{HostSide, JoinScreen, LanSettings, NetSession};
use chimera_client::saves::{SaveFolder, list_folder};
use chimera_client::scene::BoardLayout;
use chimera_client::schedule::Screen;
use chimera_client::settings::{AppSettings, install};
use chimera_rules::{Color, Kind, Variant};

/// A fresh, empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-lanwin-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The `.pgn` records in a games folder, with their text.
fn records(games: &Path) -> Vec<String> {
    let Ok(dir) = std::fs::read_dir(games) else {
        return Vec::new();
    };
    let mut texts: Vec<String> = dir
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    texts.sort();
    texts
}

/// Today's `Date` tag and tomorrow's (a test may cross midnight).
fn dates_now() -> [String; 2] {
    let now = chimera_net::transport::wall_clock();
    let day = std::time::Duration::from_secs(86_400);
    [now, now + day].map(chimera_game::record::files::pgn_date)
}

#[test]
fn every_finished_lan_game_is_kept_in_both_windows_saved_games() {
    let dir = temp_dir("records");
    let (mut host, addr) = host_app("holywar", HOLYWAR_START, Color::Black);
    host.insert_resource(SaveFolder(Some(dir.join("host"))));
    let mut guest = join_app(addr, "Guest", false);
    guest.insert_resource(SaveFolder(Some(dir.join("guest"))));
    await_board(&mut host, &mut guest);
    for (i, lmn) in HOLYWAR_MOVES.iter().enumerate() {
        let mover = if i % 2 == 0 { &mut guest } else { &mut host };
        request(mover, lmn);
        await_both_at(&mut host, &mut guest, i + 1);
    }
    await_outcomes(&mut host, &mut guest);
    let games = |side: &str| dir.join(side).join("games");
    pump(&mut [&mut host, &mut guest], None, "the records", |_, _| {
        records(&games("host")).len() == 1 && records(&games("guest")).len() == 1
    });
    let site = format!("[Site \"LAN {addr}\"]");
    for side in ["host", "guest"] {
        let listed = list_folder(&games(side)).unwrap();
        assert_eq!(listed.len(), 1, "{side}: {listed:?}");
        let info = listed[0].about.clone().unwrap();
        assert!(dates_now().contains(&info.date), "{side}: {}", info.date);
        assert_eq!(info.players, ["Guest", "Hostess"], "{side}");
        assert_eq!(info.result, "1-0 checkmate", "{side}");
        assert_eq!(info.plies, HOLYWAR_MOVES.len(), "{side}");
        let text = &records(&games(side))[0];
        assert!(text.contains(&site), "{side}: {text}");
        assert!(text.contains("[Event \"Chimera LAN game\"]"), "{text}");
        assert!(text.contains("[Round \"1\"]"), "{text}");
    }
    // A rematch (colours swapped), resigned: a second record beside the
    // first in each window, not over it.
    crate::lan::rematch(&mut host, &mut guest);
    host.world_mut()
        .write_message(MatchCommand::Resign(Color::White));
    await_outcomes(&mut host, &mut guest);
    pump(
        &mut [&mut host, &mut guest],
        None,
        "the second records",
        |_, _| records(&games("host")).len() == 2 && records(&games("guest")).len() == 2,
    );
    for side in ["host", "guest"] {
        let texts = records(&games(side));
        let second = texts.iter().find(|t| t.contains("[Round \"2\"]"));
        let second = second.unwrap_or_else(|| panic!("{side}: {texts:?}"));
        assert!(second.contains("[White \"Hostess\"]"), "{second}");
        assert!(second.contains("[Black \"Guest\"]"), "{second}");
        assert!(second.contains("[Result \"0-1\"]"), "{second}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A free loopback port (UDP and TCP), found by binding and letting go.
fn free_port() -> u16 {
    for _ in 0..50 {
        let udp = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
        let port = udp.local_addr().unwrap().port();
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
    panic!("no free port");
}

/// The main menu's entry with the focus.
fn focused(app: &App) -> Option<Entry> {
    let focus = app.world().resource::<chimera_client::menus::MenuFocus>();
    focus.entry(&current_entries(app, Panel::MainMenu))
}

/// Moves the main menu's focus down to `entry` on `dev`.
fn focus_on(app: &mut App, dev: Device, entry: Entry) {
    for _ in 0..60 {
        if focused(app) == Some(entry) {
            return;
        }
        tap(app, dev, Press::Down);
    }
    panic!("{entry:?} never took the focus");
}

fn lan(app: &App) -> &LanSettings {
    app.world().resource::<LanSettings>()
}

/// "Host a LAN game" offers `chimera host`'s choices: the side (stepped by
/// the pad here) and the port (typed on the keyboard, stepped by the
/// mouse's arrows); the game is hosted on that port with the window on that
/// side, and the panel names where the other player joins.
#[test]
fn the_menu_hosts_on_the_side_and_port_chosen_there() {
    let mut app = headless_app();
    app.insert_resource(settings("Hostess"));
    let mut app = menu_app_from(app);
    let pad = connect_pad(&mut app, "Xbox Wireless Controller", Some(0x045e));
    let dev = Device::Pad(pad);
    focus_on(&mut app, dev, Entry::HostSide);
    assert_eq!(lan(&app).side, HostSide::White);
    tap(&mut app, dev, Press::Right);
    assert_eq!(lan(&app).side, HostSide::Black);
    tap(&mut app, dev, Press::Right);
    tap(&mut app, dev, Press::Left);
    assert_eq!(lan(&app).side, HostSide::Black);
    tap(&mut app, dev, Press::Down);
    assert_eq!(focused(&app), Some(Entry::HostPort));
    // The test's settings start at port 0 (any free one): digits append,
    // Backspace takes the last back.
    let port = free_port();
    let digits = format!("{}7", port - 1);
    for d in digits.chars() {
        let d = d.to_digit(10).unwrap() as u8;
        tap(&mut app, Device::Keyboard, Press::Digit(d));
    }
    if u32::from(port - 1) * 10 + 7 <= u32::from(u16::MAX) {
        tap(&mut app, Device::Keyboard, Press::Erase);
    }
    assert_eq!(lan(&app).port, port - 1);
    assert_eq!(screen(&app), Screen::Menu, "Backspace erased a digit only");
    // The mouse's ">" beside the port.
    app.world_mut()
        .write_message(MenuAdjusted(Entry::HostPort, 1));
    app.update();
    assert_eq!(lan(&app).port, port);
    // "Host a LAN game" is the entry before its side.
    tap(&mut app, Device::Keyboard, Press::Up);
    tap(&mut app, Device::Keyboard, Press::Up);
    assert_eq!(focused(&app), Some(Entry::HostLan));
    tap(&mut app, Device::Keyboard, Press::Select);
    // Hosted, and the panel's view refreshed from the host.
    pump(&mut [&mut app], None, "the hosted game", |apps, _| {
        apps[0].world().get_resource::<CurrentMatch>().is_some()
            && apps[0]
                .world()
                .get_resource::<NetSession>()
                .is_some_and(|s| s.view.role.is_some())
    });
    let view = &app.world().resource::<NetSession>().view;
    assert_eq!(view.hosting.map(|a| a.port()), Some(port));
    let role = view.role;
    assert_eq!(role, Some(chimera_net::Role::Player(Color::Black)));
    // The machine's LAN addresses with the port, else the port alone.
    let line = view.address_line();
    let found = chimera_net::transport::lan_addresses();
    for ip in &found {
        assert!(line.contains(&format!("{ip}:{port}")), "{line}");
    }
    if found.is_empty() {
        assert!(line.contains(&format!("port {port}")), "{line}");
    }
    assert!(!line.contains("0.0.0.0"), "{line}");
}

/// The panel of a window hosting on 127.0.0.1 names that address.
#[test]
fn a_hosting_window_names_its_address_and_port() {
    let (app, addr) = host_app("holywar", HOLYWAR_START, Color::White);
    let line = app.world().resource::<NetSession>().view.address_line();
    assert!(line.contains(&addr.to_string()), "{line}");
}

/// A join that fails leaves the address in the field to correct: the one
/// the command line gave, the one typed.
#[test]
fn the_address_tried_stays_in_the_join_field() {
    let port = free_port();
    let addr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut app = join_app(addr, "Lost", false);
    app.update();
    app.update();
    let field = app.world().resource::<JoinScreen>().address.clone();
    assert_eq!(field, format!("127.0.0.1:{port}"));
    assert_eq!(screen(&app), Screen::Menu);
}

/// Joining a port nobody listens on says so at once (the version probe is
/// refused), long before the connection's own time-out: no "Connecting…"
/// for the whole wait (issue 21).
#[test]
fn joining_a_closed_port_says_at_once_that_nothing_answers() {
    let port = free_port();
    let mut app = join_app(format!("127.0.0.1:{port}").parse().unwrap(), "Lost", false);
    let status = |app: &App| app.world().resource::<JoinScreen>().status.clone();
    let mut said = None;
    // Each frame is a sixtieth of a second of the app's time; the link's own
    // time-out (seconds) is far beyond what the refused probe needs.
    for _ in 0..120 {
        app.update();
        if let Some(s) = status(&app).filter(|s| !s.starts_with("Connecting")) {
            said = Some(s);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let said = said.expect("a status other than Connecting… within two seconds of play");
    assert!(
        said.contains(&format!("nothing answers at 127.0.0.1:{port}")),
        "{said}"
    );
    assert_eq!(
        app.world().resource::<JoinScreen>().address,
        format!("127.0.0.1:{port}"),
        "the address stays in the field"
    );
}

/// Joining as Black turns the board for the LAN game, but the saved
/// `flip-board` stays as the player set it; leaving for a local game
/// shows the board the saved way again.
#[test]
fn a_lan_games_orientation_is_not_saved_as_the_players_flip() {
    let dir = temp_dir("flip");
    std::fs::write(dir.join(FILE_NAME), "flip-board = off\nvolume = 40\n").unwrap();
    let (mut host, addr) = host_app("holywar", HOLYWAR_START, Color::White);
    let mut guest = join_app(addr, "Guest", false);
    install(&mut guest, AppSettings::load(&dir));
    pump(
        &mut [&mut host, &mut guest],
        None,
        "the guest as Black",
        |apps, _| {
            apps[1].world().get_resource::<CurrentMatch>().is_some()
                && apps[1].world().resource::<BoardLayout>().flipped
        },
    );
    guest
        .world_mut()
        .resource_mut::<chimera_client::prefs::Prefs>()
        .volume = 70;
    guest.update();
    let saved = Settings::load(&dir).settings;
    assert_eq!(saved.volume, 70, "the volume is saved");
    assert!(!saved.flip_board, "the LAN game's flip was saved");
    // A local game of another variant leaves the LAN game.
    let chess = GameSetup::new("chess", Vec::new());
    guest
        .world_mut()
        .write_message(MatchCommand::NewGame(chess));
    for _ in 0..5 {
        guest.update();
    }
    assert!(guest.world().get_resource::<NetSession>().is_none());
    assert!(!guest.world().resource::<BoardLayout>().flipped);
    assert!(!Settings::load(&dir).settings.flip_board);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Toasts written in `app` from now on.
fn toasts_after(app: &mut App, f: impl FnOnce(&mut App)) -> Vec<String> {
    let mut cursor = app.world().resource::<Messages<Toast>>().get_cursor();
    f(app);
    let messages = app.world().resource::<Messages<Toast>>();
    cursor.read(messages).map(|t| t.0.clone()).collect()
}

/// A spectator is offered nothing that asks the host for a player's
/// request (undo or takeback, resign, offers, rematch), and its undo key is
/// answered here; a seated player cannot pick up the opponent's pieces.
#[test]
fn a_spectator_asks_nothing_and_a_player_picks_only_its_own_pieces() {
    let (mut host, addr) = host_app("holywar", HOLYWAR_START, Color::Black);
    let mut guest = join_app(addr, "Guest", false);
    let mut watcher = join_app(addr, "Watcher", true);
    pump(
        &mut [&mut host, &mut guest, &mut watcher],
        None,
        "three boards",
        |apps, _| {
            apps.iter()
                .all(|a| a.world().get_resource::<CurrentMatch>().is_some())
        },
    );
    request(&mut guest, HOLYWAR_MOVES[0]);
    pump(
        &mut [&mut host, &mut guest, &mut watcher],
        None,
        "the first move",
        |apps, _| apps.iter().all(|a| ply(a) == 1),
    );
    // Black to move: the guest (White) picks Black's king in hand.
    let said = toasts_after(&mut guest, |app| {
        app.world_mut()
            .write_message(SelectInput::Hand(Color::Black, Kind::King));
        app.update();
    });
    assert_eq!(guest.world().resource::<Selection>().0.origin(), None);
    assert!(
        said.iter()
            .any(|t| t.contains("Black's move") && t.contains("you play White")),
        "{said:?}"
    );
    // The host's own window may pick it.
    host.world_mut()
        .write_message(SelectInput::Hand(Color::Black, Kind::King));
    host.update();
    assert!(host.world().resource::<Selection>().0.origin().is_some());

    let menu = current_entries(&watcher, Panel::GameMenu);
    for e in [
        Entry::Undo,
        Entry::Redo,
        Entry::Resign,
        Entry::OfferDraw,
        Entry::NewGame,
    ] {
        assert!(!menu.contains(&e), "{e:?} in the spectator's menu {menu:?}");
    }
    assert!(current_entries(&guest, Panel::GameMenu).contains(&Entry::Undo));
    let said = toasts_after(&mut watcher, |app| {
        tap(app, Device::Keyboard, Press::Undo);
    });
    assert!(said.iter().any(|t| t.contains("spectators")), "{said:?}");
    // The spectator's picks are refused at the board too.
    watcher
        .world_mut()
        .write_message(SelectInput::Hand(Color::Black, Kind::King));
    watcher.update();
    assert_eq!(watcher.world().resource::<Selection>().0.origin(), None);
    for (i, lmn) in HOLYWAR_MOVES.iter().enumerate().skip(1) {
        let mover = if i % 2 == 0 { &mut guest } else { &mut host };
        request(mover, lmn);
        pump(
            &mut [&mut host, &mut guest, &mut watcher],
            None,
            lmn,
            |apps, _| apps.iter().all(|a| ply(a) == i + 1),
        );
    }
    pump(
        &mut [&mut host, &mut guest, &mut watcher],
        None,
        "the end",
        |apps, _| {
            apps[2]
                .world()
                .resource::<CurrentMatch>()
                .outcome()
                .is_some()
        },
    );
    let end = current_entries(&watcher, Panel::EndDialog);
    assert!(!end.contains(&Entry::NewGame), "{end:?}");
    assert!(current_entries(&guest, Panel::EndDialog).contains(&Entry::NewGame));
}

/// After a ninja pawn's drop the player is told, in words, that picking
/// the drop square again leaves it there.
#[test]
fn a_ninja_drop_asks_for_its_landing_square_in_words() {
    let v = Variant::new("holygrail", &[]).unwrap();
    let vfen = "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPP1PPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJISjjjjis 0 1";
    let game = chimera_rules::Game::from_vfen(&v, vfen).unwrap();
    let mut app = headless_app();
    let setup = GameSetup::new("holygrail", Vec::new());
    app.insert_resource(CurrentMatch(Match::with_setup(setup, game)));
    app.update();
    let e2 = v.parse_square("e2").unwrap();
    app.world_mut()
        .write_message(SelectInput::Hand(Color::White, Kind::NinjaPawn));
    app.update();
    app.world_mut().write_message(SelectInput::Square(e2));
    app.update();
    let m = app.world().resource::<CurrentMatch>();
    let hint = app.world().resource::<Selection>().0.hint(m.position());
    let hint = hint.expect("a hint while the landing square is picked");
    assert!(hint.contains("e2 again"), "{hint}");
    assert!(hint.contains("push"), "{hint}");
    // Picking e2 again drops it there: the hint said the truth.
    app.world_mut().write_message(SelectInput::Square(e2));
    for _ in 0..3 {
        app.update();
    }
    let m = app.world().resource::<CurrentMatch>();
    assert_eq!(m.ply(), 1);
    assert_eq!(m.game().moves().len(), 1);
    assert_eq!(
        m.position().piece_at(e2).map(|p| p.kind),
        Some(Kind::NinjaPawn)
    );
}

/// Runs egui frames of `size` points drawing with `draw`; the last
/// frame's answer (an area measures itself in the frames before).
fn egui_frame<R>(size: egui::Vec2, draw: impl Fn(&egui::Context) -> R) -> R {
    let ctx = egui::Context::default();
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
        ..Default::default()
    };
    let mut out = None;
    for _ in 0..3 {
        ctx.begin_pass(input.clone());
        out = Some(draw(&ctx));
        // No renderer here: the font texture's upload is dropped.
        ctx.end_pass().textures_delta.clear();
    }
    out.expect("drawn")
}

/// The piece name beside the pointer stays one line as the pointer moves
/// from piece to piece — a longer name after a shorter one, at the window's
/// right edge too ("Black Bishop", never "Black Bisho" / "p") — and on screen.
#[test]
fn the_hover_label_is_one_line_at_every_pointer_position() {
    let size = egui::vec2(800.0, 600.0);
    let ctx = egui::Context::default();
    let frame = |x: f32, name: &str| {
        ctx.begin_pass(egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
            ..Default::default()
        });
        let r = chimera_client::ui::hover_label(&ctx, egui::pos2(x, 300.0), name);
        // No renderer here: the font texture's upload is dropped.
        ctx.end_pass().textures_delta.clear();
        r
    };
    let one_line = frame(100.0, "White Pawn").height();
    assert!(one_line > 5.0);
    for (x, name) in [
        (100.0, "White Pawn"),
        (160.0, "Black Bishop"),
        (160.0, "Black Bishop"),
        (300.0, "White Pawn"),
        (700.0, "Black Crown Prince (in hand)"),
        (790.0, "Black Bishop (locked)"),
        (799.0, "Black Bishop (locked)"),
    ] {
        let r = frame(x, name);
        assert!(
            r.height() <= one_line + 0.5,
            "{name} at x {x}: {r:?} is taller than one line ({one_line})"
        );
        assert!(
            r.max.x <= size.x + 0.5 && r.min.x >= 0.0,
            "{name} at x {x}: {r:?}"
        );
    }
}

/// The message line (refusals such as "it is Black's move", the ninja
/// hint) is drawn above the board's area, which holds the board and both
/// hand rows, for every window size.
#[test]
fn the_message_line_never_covers_the_board_or_its_hands() {
    for (w, h) in [
        (1280.0, 800.0),
        (800.0, 600.0),
        (1920.0, 1080.0),
        (640.0, 900.0),
    ] {
        let whole = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
        let board = chimera_client::ui::board_area(whole, w - 280.0);
        let text = "it is Black's move: you play White — a long refusal that must not spill over";
        let drawn = egui_frame(whole.size(), |ctx| {
            chimera_client::ui::message_line(ctx, board, text)
        });
        assert!(drawn.height() > 5.0, "{drawn:?}");
        assert!(
            drawn.max.y <= board.min.y + 0.5,
            "{w}x{h}: {drawn:?} reaches into the board's area {board:?}"
        );
        assert!(drawn.max.x <= board.max.x + 0.5, "{drawn:?} {board:?}");
    }
}

/// `chimera host` without `--name` hosts under the player's name from the
/// settings, as `join` and the menu do (issue 21: the default names
/// disagreed).
#[test]
fn a_host_without_a_name_hosts_under_the_players_name() {
    let mut p = crate::lan::plan("chess", None, Color::White);
    p.config.local_name = chimera_client::net::DEFAULT_LAN_NAME.to_string();
    p.config.name = chimera_client::net::DEFAULT_LAN_NAME.to_string();
    let mut app = headless_app();
    app.insert_resource(crate::lan::settings(chimera_client::net::DEFAULT_LAN_NAME));
    app.world_mut()
        .resource_mut::<chimera_client::menus::MenuChoice>()
        .player_name = "Ann".to_string();
    app.insert_resource(chimera_client::net::NetLaunch(
        chimera_client::net::NetPlan::Host(Box::new(p)),
    ));
    for _ in 0..4 {
        app.update();
    }
    let seat = app.world().resource::<NetSession>().view.seats[0].clone();
    assert_eq!(
        seat.and_then(|s| s.name().map(str::to_string)).as_deref(),
        Some("Ann")
    );
}
