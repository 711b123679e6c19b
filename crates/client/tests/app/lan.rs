//! LAN games in the window, over real UDP on 127.0.0.1 in one process: a
//! hosting window (`headless_app` with a `NetLaunch`) against a headless
//! `ClientRunner` and against joining windows. The window's `Match` follows
//! the host: moves count only once the host confirmed them, refusals come
//! back as `MoveRejected`, and every end finishes with the same moves,
//! position and result. The scripted games and their ends are those of
//! tests/net (worked out from docs/rules.md there). The join screen's list
//! hears a loopback beacon and forgets the host once it stops.

use std::net::SocketAddr;
use std::time::Duration;

use crate::couch_play::{Device, Press, connect_pad, tap};
use bevy::ecs::message::{MessageCursor, Messages};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use chimera_client::headless_app;
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::{MatchError, MoveRejected};
use chimera_client::menus::{Entry, MenuActivated, MenuChoice};
use chimera_client::net::lobby::LanLobby;
use chimera_client::net::{HostPlan, JoinPlan, LanSettings, NetLaunch, NetPlan, NetSession};
use chimera_client::schedule::Screen;
use chimera_game::clock::TimeControl;
use chimera_net::transport::wall_clock;
use chimera_net::{
    Client, ClientConfig, ClientRunner, Host, HostConfig, HostRunner, PROTOCOL_VERSION, Role,
    SeatState, SeatWish,
};
use chimera_rules::{Color, EndReason, Outcome};

/// The frame time of `headless_app` (its `TimeUpdateStrategy`).
pub(crate) const FRAME: Duration = Duration::from_millis(50);

/// Settings that stay on loopback and write no files.
pub(crate) fn settings(name: &str) -> LanSettings {
    LanSettings {
        announce: None,
        listen: "127.0.0.1:0".parse().unwrap(),
        port: 0,
        side: chimera_client::net::HostSide::White,
        name: name.to_string(),
        autosave: None,
        seats: None,
        host_seats: None,
        lobby_pins: None,
    }
}

/// A window hosting `variant` from `start`, playing `side`, on a free port.
pub(crate) fn host_app(variant: &str, start: &str, side: Color) -> (App, SocketAddr) {
    host_plan_app(plan(variant, Some(start), side), settings("Hostess"))
}

/// `variant` from `start` (its own without), the window playing `side` as
/// "Hostess", on a free loopback port.
pub(crate) fn plan(variant: &str, start: Option<&str>, side: Color) -> HostPlan {
    let bind = "127.0.0.1:0".parse().unwrap();
    let mut p = HostPlan::new(variant, &[], TimeControl::None, side, bind, "Hostess");
    p.config.start_vfen = start.map(str::to_string);
    p
}

/// A window hosting `plan`.
pub(crate) fn host_plan_app(plan: HostPlan, settings: LanSettings) -> (App, SocketAddr) {
    let mut app = headless_app();
    app.insert_resource(settings);
    app.insert_resource(NetLaunch(NetPlan::Host(Box::new(plan))));
    app.update();
    app.update();
    let addr = app
        .world()
        .get_resource::<NetSession>()
        .and_then(NetSession::hosting)
        .expect("the window hosts");
    (app, addr)
}

/// A window joining `addr`: on the join screen until it has joined, as
/// `chimera join ADDRESS` opens.
pub(crate) fn join_app(addr: SocketAddr, name: &str, spectate: bool) -> App {
    let mut app = headless_app();
    app.insert_resource(settings(name));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.world_mut()
        .resource_mut::<chimera_client::menus::Overlays>()
        .join = true;
    app.insert_resource(NetLaunch(NetPlan::Join(JoinPlan {
        address: addr,
        spectate,
        place: None,
    })));
    app
}

/// Updates every app (and the runner) until `done`, sleeping a little
/// between rounds so that the loopback datagrams arrive; fails after 2000
/// rounds naming `what`.
pub(crate) fn pump(
    apps: &mut [&mut App],
    runner: Option<&mut ClientRunner>,
    what: &str,
    done: impl Fn(&[&mut App], Option<&ClientRunner>) -> bool,
) {
    let mut runner = runner;
    for _ in 0..2000 {
        for app in apps.iter_mut() {
            app.update();
        }
        if let Some(r) = runner.as_deref_mut() {
            r.update(FRAME);
        }
        if done(apps, runner.as_deref()) {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("timed out waiting for {what}");
}

/// A headless client "Guest" that joined the window hosting at `addr`.
pub(crate) fn seated_guest(app: &mut App, addr: SocketAddr) -> ClientRunner {
    let cfg = ClientConfig::new("Guest", SeatWish::Any);
    let id = chimera_net::transport::random_u64();
    let mut client = ClientRunner::connect(Client::new(cfg), addr, id, wall_clock()).unwrap();
    pump(&mut [app], Some(&mut client), "the guest seated", |_, r| {
        r.is_some_and(|r| r.client().role().is_some())
    });
    client
}

pub(crate) fn ply(app: &App) -> usize {
    app.world()
        .get_resource::<CurrentMatch>()
        .map_or(0, |m| m.ply())
}

pub(crate) fn client_ply(r: Option<&ClientRunner>) -> u32 {
    r.and_then(|r| r.client().state()).map_or(0, |s| s.ply())
}

/// The window's player asks for `lmn`, as the board's selection would.
pub(crate) fn request(app: &mut App, lmn: &str) {
    let req = app
        .world()
        .resource::<CurrentMatch>()
        .request_lmn(lmn)
        .unwrap_or_else(|e| panic!("{lmn}: {e}"));
    app.world_mut().write_message(req);
}

/// Reads the app's `MoveRejected` messages through `cursor`.
fn rejections(app: &App, cursor: &mut MessageCursor<MoveRejected>) -> Vec<MoveRejected> {
    let messages = app.world().resource::<Messages<MoveRejected>>();
    cursor.read(messages).cloned().collect()
}

/// Updates until `app` has a rejection to show; returns it.
fn await_rejection(
    app: &mut App,
    runner: Option<&mut ClientRunner>,
    cursor: &mut MessageCursor<MoveRejected>,
) -> MoveRejected {
    let mut found = Vec::new();
    let mut runner = runner;
    for _ in 0..2000 {
        app.update();
        if let Some(r) = runner.as_deref_mut() {
            r.update(FRAME);
        }
        found.extend(rejections(app, cursor));
        if let Some(r) = found.first() {
            return r.clone();
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("no rejection came back");
}

/// Ghostarelay (§7) from tests/net: jump castling, compulsory captures, a
/// flying Ghost; White wins having nothing left to move.
const GHOSTARELAY_START: &str = "10/10/g4r4/10/10/10/6b3/10/10/4K2R2 w - - - 0 1";
const GHOSTARELAY_MOVES: [&str; 6] = ["e1g1,h1f1", "f8f1", "g1f1", "a8e2", "f1e2", "g4e2"];
const GHOSTARELAY_END: &str = "10/10/10/10/10/10/10/10/4b5/10 w - - - 0 4";

/// Holywar (§6) from tests/net: the drop opening, then the Squire mates.
pub(crate) const HOLYWAR_START: &str = "1******1/*p5*/*6*/*6*/*6*/*6*/*6*/1******1 w - - KSkb 0 1";
pub(crate) const HOLYWAR_MOVES: [&str; 7] =
    ["K@h1", "K@a8", "S@b2", "B@g7", "b2c4", "g7f6", "c4b6"];
pub(crate) const HOLYWAR_END: &str = "k******1/*p5*/*S3b1*/*6*/*6*/*6*/*6*/1******K b - - - 3 4";

#[test]
fn a_hosting_window_and_a_headless_client_play_to_the_end() {
    let (mut app, addr) = host_app("ghostarelay", GHOSTARELAY_START, Color::White);
    let mut cursor = app
        .world()
        .resource::<Messages<MoveRejected>>()
        .get_cursor();
    let mut client = seated_guest(&mut app, addr);
    assert_eq!(client.client().role(), Some(Role::Player(Color::Black)));
    for (i, lmn) in GHOSTARELAY_MOVES.iter().enumerate() {
        if i == 1 {
            // On Black's turn the window's player (White) picks Black's move:
            // the host refuses it (wrong seat) and the window shows it as a
            // refused move; nothing changes anywhere.
            request(&mut app, lmn);
            let refused = await_rejection(&mut app, Some(&mut client), &mut cursor);
            let MatchError::Refused(why) = &refused.reason else {
                panic!("not the host's refusal: {:?}", refused.reason);
            };
            assert!(
                why.contains("you play White") && why.contains("Black's turn"),
                "{why}"
            );
            assert_eq!(refused.ply, 1);
            assert_eq!(ply(&app), 1);
            assert_eq!(client_ply(Some(&client)), 1);
        }
        if i % 2 == 0 {
            request(&mut app, lmn);
        } else {
            client.client_mut().play(lmn).unwrap();
        }
        pump(&mut [&mut app], Some(&mut client), lmn, |apps, r| {
            ply(apps[0]) == i + 1 && client_ply(r) == i as u32 + 1
        });
    }
    pump(
        &mut [&mut app],
        Some(&mut client),
        "the result",
        |apps, r| {
            apps[0]
                .world()
                .resource::<CurrentMatch>()
                .outcome()
                .is_some()
                && r.and_then(|r| r.client().state())
                    .is_some_and(|s| s.result().is_some())
        },
    );
    let m = app.world().resource::<CurrentMatch>();
    let copy = client.client().state().unwrap();
    assert_eq!(m.position().to_vfen(), GHOSTARELAY_END);
    assert_eq!(copy.vfen(), GHOSTARELAY_END);
    assert_eq!(m.game().moves(), copy.game().moves());
    assert_eq!(m.position().hash(), copy.hash());
    assert_eq!(
        m.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::NoMoves
        })
    );
    assert_eq!(
        copy.result().map(|r| r.result_text()).as_deref(),
        Some("1-0 no-moves")
    );
    assert_eq!(client.client().resyncs(), 0);
}

#[test]
fn a_joining_window_plays_a_hosting_window_and_a_spectator_cannot_move() {
    let (mut host, addr) = host_app("holywar", HOLYWAR_START, Color::Black);
    let mut guest = join_app(addr, "Guest", false);
    pump(
        &mut [&mut host, &mut guest],
        None,
        "the guest's board",
        |apps, _| {
            apps[1].world().get_resource::<CurrentMatch>().is_some()
                && *apps[1].world().resource::<State<Screen>>().get() == Screen::Game
        },
    );
    let role = |app: &App| app.world().resource::<NetSession>().view.role;
    assert_eq!(role(&guest), Some(Role::Player(Color::White)));
    assert_eq!(role(&host), Some(Role::Player(Color::Black)));
    for (i, lmn) in HOLYWAR_MOVES.iter().enumerate() {
        if i == 3 {
            // A spectator joins mid-game, sees the position, cannot move.
            let mut watcher = join_app(addr, "Watcher", true);
            pump(
                &mut [&mut host, &mut guest, &mut watcher],
                None,
                "the watcher's board",
                |apps, _| ply(apps[2]) == 3,
            );
            assert_eq!(role(&watcher), Some(Role::Spectator));
            let mut cursor = watcher
                .world()
                .resource::<Messages<MoveRejected>>()
                .get_cursor();
            request(&mut watcher, lmn);
            let refused = await_rejection(&mut watcher, None, &mut cursor);
            assert_eq!(
                refused.reason,
                MatchError::Refused("spectators watch only".to_string())
            );
            assert_eq!(ply(&watcher), 3);
        }
        let mover = if i % 2 == 0 { &mut guest } else { &mut host };
        request(mover, lmn);
        await_both_at(&mut host, &mut guest, i + 1);
    }
    await_outcomes(&mut host, &mut guest);
    let mate = Some(Outcome {
        winner: Some(Color::White),
        reason: EndReason::Checkmate,
    });
    for app in [&host, &guest] {
        let m = app.world().resource::<CurrentMatch>();
        assert_eq!(m.position().to_vfen(), HOLYWAR_END);
        assert_eq!(m.outcome(), mate);
    }
    assert_eq!(
        host.world().resource::<CurrentMatch>().game().moves(),
        guest.world().resource::<CurrentMatch>().game().moves()
    );
}

/// A window on the join screen, and the address its list listens on.
fn join_screen_app(name: &str) -> (App, SocketAddr) {
    let mut app = headless_app();
    app.insert_resource(settings(name));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app.world_mut().write_message(MenuActivated(Entry::JoinLan));
    app.update();
    app.update();
    let listening = app
        .world()
        .resource::<LanLobby>()
        .local_addr()
        .expect("the join screen listens");
    (app, listening)
}

/// Runs `host` and the joining `guest` until the guest's join list has
/// heard a game; returns the first one.
fn first_game_heard(host: &mut App, guest: &mut App) -> chimera_client::net::LanGame {
    pump(&mut [host, guest], None, "the beacon", |apps, _| {
        !apps[1]
            .world()
            .resource::<chimera_client::net::JoinScreen>()
            .games
            .is_empty()
    });
    guest
        .world()
        .resource::<chimera_client::net::JoinScreen>()
        .games[0]
        .clone()
}

/// Types `text` on the keyboard, a key at a time.
pub(crate) fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
                logical_key: Key::Character(c.to_string().into()),
                state,
                text: (state == ButtonState::Pressed).then(|| c.to_string().into()),
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            app.update();
        }
    }
}

pub(crate) fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Every screen of joining works without the mouse: a pad picks the game
/// heard on the LAN; the keyboard turns "watch only" on, types the address
/// and joins with Enter.
#[test]
fn the_join_screen_joins_by_pad_and_by_typed_address() {
    let (mut guest, listening) = join_screen_app("Padder");
    let mut host_settings = settings("Hostess");
    host_settings.announce = Some(SocketAddr::new([127, 0, 0, 1].into(), listening.port()));
    let (mut host, addr) = host_plan_app(plan("holywar", None, Color::White), host_settings);
    let pad = connect_pad(&mut guest, "Xbox Wireless Controller", Some(0x045e));
    let heard = &first_game_heard(&mut host, &mut guest);
    assert_eq!((heard.host.as_str(), heard.free_seats), ("Hostess", 1));
    tap(&mut guest, Device::Pad(pad), Press::Select);
    pump(
        &mut [&mut host, &mut guest],
        None,
        "the pad's join",
        |apps, _| {
            screen(apps[1]) == Screen::Game
                && apps[1].world().get_resource::<CurrentMatch>().is_some()
        },
    );
    let role = |app: &App| app.world().resource::<NetSession>().view.role;
    assert_eq!(role(&guest), Some(Role::Player(Color::Black)));

    let (mut typist, _) = join_screen_app("Typist");
    // Address, Join, Watch only, Back: down twice, select, up twice.
    for p in [
        Press::Down,
        Press::Down,
        Press::Select,
        Press::Up,
        Press::Up,
    ] {
        tap(&mut typist, Device::Keyboard, p);
    }
    assert!(
        typist
            .world()
            .resource::<chimera_client::net::JoinScreen>()
            .spectate
    );
    type_text(&mut typist, &format!("127.0.0.1:{}", addr.port()));
    assert_eq!(
        typist
            .world()
            .resource::<chimera_client::net::JoinScreen>()
            .address,
        format!("127.0.0.1:{}", addr.port())
    );
    tap(&mut typist, Device::Keyboard, Press::Select);
    pump(
        &mut [&mut host, &mut guest, &mut typist],
        None,
        "the typed join",
        |apps, _| {
            screen(apps[2]) == Screen::Game
                && apps[2].world().get_resource::<CurrentMatch>().is_some()
        },
    );
    assert_eq!(role(&typist), Some(Role::Spectator));
}

#[test]
fn the_join_list_hears_a_loopback_beacon_and_drops_the_silent_host() {
    let (mut app, listening) = join_screen_app("Looker");
    let mut cfg = HostConfig::new("chess");
    cfg.name = "Beacon Hall".to_string();
    let (host, mut game) = Host::new(cfg, 5).unwrap();
    let mut runner = HostRunner::bind(host, "127.0.0.1:0".parse().unwrap(), wall_clock()).unwrap();
    runner
        .announce(SocketAddr::new([127, 0, 0, 1].into(), listening.port()))
        .unwrap();
    let games = |app: &App| {
        app.world()
            .resource::<chimera_client::net::JoinScreen>()
            .games
            .clone()
    };
    let mut heard = false;
    for _ in 0..2000 {
        runner.update(&mut game, FRAME);
        app.update();
        if !games(&app).is_empty() {
            heard = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(heard, "the beacon was not heard");
    let list = games(&app);
    assert_eq!(list.len(), 1);
    let g = &list[0];
    assert_eq!(g.host, "Beacon Hall");
    assert_eq!(g.address, runner.local_addr().to_string());
    assert_eq!(g.free_seats, 2);
    assert!(g.joinable);
    assert!(g.details.starts_with("Chess"), "{}", g.details);
    assert!(g.details.contains("untimed"), "{}", g.details);
    // The host stops: some seconds (of the app's time) later it is gone.
    drop(runner);
    for _ in 0..(6_000 / FRAME.as_millis()) {
        app.update();
    }
    assert!(games(&app).is_empty(), "{:?}", games(&app));
}

/// A hosting window autosaves after every move; `HostPlan::resume` reads
/// the autosave back, and a window hosting that plan shows the same game.
#[test]
fn a_hosted_game_is_autosaved_and_resumes() {
    let dir = std::env::temp_dir().join(format!("chimera-lan-resume-{}", std::process::id()));
    let path = dir.join("lan-host.pgn");
    let _ = std::fs::remove_file(&path);
    let mut with_autosave = settings("Hostess");
    with_autosave.autosave = Some(path.clone());
    let (mut app, addr) = host_plan_app(
        plan("holywar", Some(HOLYWAR_START), Color::Black),
        with_autosave,
    );
    let mut client = seated_guest(&mut app, addr);
    client.client_mut().play(HOLYWAR_MOVES[0]).unwrap();
    pump(
        &mut [&mut app],
        Some(&mut client),
        "White's move",
        |apps, _| ply(apps[0]) == 1,
    );
    request(&mut app, HOLYWAR_MOVES[1]);
    pump(
        &mut [&mut app],
        Some(&mut client),
        "Black's move",
        |apps, r| ply(apps[0]) == 2 && client_ply(r) == 2,
    );
    let vfen = app.world().resource::<CurrentMatch>().position().to_vfen();
    drop(client);
    drop(app);
    let saved = HostPlan::resume(&path, "127.0.0.1:0".parse().unwrap(), "Hostess").unwrap();
    assert_eq!(saved.config.variant, "holywar");
    assert_eq!(saved.config.moves, HOLYWAR_MOVES[..2]);
    assert_eq!(saved.config.local_side, Some(Color::Black));
    let (resumed, _) = host_plan_app(saved, settings("Hostess"));
    let m = resumed.world().resource::<CurrentMatch>();
    assert_eq!(m.ply(), 2);
    assert_eq!(m.position().to_vfen(), vfen);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `chimera host --resume` goes on with the game as it stood: the clocks as
/// saved (not the time control's initial time) and the remote player's
/// seat, which a restarted window with the same name gets back (same
/// colour) with the token it kept; the kept seats live next to the
/// autosave (a temporary config directory here).
#[test]
fn a_resumed_host_keeps_the_clocks_and_gives_the_seat_back() {
    let dir = std::env::temp_dir().join(format!("chimera-lan-keep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut host_settings = settings("Hostess");
    host_settings.autosave = Some(dir.join("lan-host.pgn"));
    host_settings.host_seats = Some(dir.join("lan-host-seats.txt"));
    let five_min = Duration::from_secs(300);
    let control = TimeControl::Fischer {
        base: five_min,
        increment: Duration::from_secs(10),
    };
    let bind = "127.0.0.1:0".parse().unwrap();
    let mut p = HostPlan::new("holywar", &[], control, Color::White, bind, "Hostess");
    p.config.start_vfen = Some(HOLYWAR_START.to_string());
    let (mut host, addr) = host_plan_app(p, host_settings.clone());
    let guest_app = |addr| {
        let mut app = join_app(addr, "Ann", false);
        app.world_mut().resource_mut::<LanSettings>().seats = Some(dir.join("seats.txt"));
        app
    };
    let mut guest = guest_app(addr);
    await_board(&mut host, &mut guest);
    let clocks = |app: &App| app.world().resource::<NetSession>().view.clocks;
    // Each side's time after its last move (its clock stands while the
    // other thinks): base, less the time taken, plus 10 s a move.
    request(&mut host, HOLYWAR_MOVES[0]);
    request_after(&mut host, &mut guest, 1, HOLYWAR_MOVES[1]);
    let black = clocks(&host)[1].expect("timed");
    request(&mut host, HOLYWAR_MOVES[2]);
    await_both_at(&mut host, &mut guest, 3);
    let white = clocks(&host)[0].expect("timed");
    assert!(white > five_min && black > five_min, "{white:?} {black:?}");
    let book = || std::fs::read_to_string(dir.join("seats.txt")).unwrap();
    let kept = book();
    assert!(kept.contains("Ann"), "{kept}");
    // The host goes away, then the guest's window.
    drop(host);
    drop(guest);
    let saved = HostPlan::resume(&dir.join("lan-host.pgn"), addr, "Hostess").unwrap();
    let (mut host, again_at) = host_plan_app(saved, host_settings);
    assert_eq!(again_at, addr);
    assert_eq!(ply(&host), 3);
    // Black's seat waits for Ann; both clocks stand as saved.
    let seat = host.world().resource::<NetSession>().view.seats[1].clone();
    assert!(
        matches!(seat, Some(SeatState::Away { ref name, .. }) if name == "Ann"),
        "{seat:?}"
    );
    assert_eq!(clocks(&host), [Some(white), Some(black)]);
    let mut guest = guest_app(addr);
    pump(&mut [&mut host, &mut guest], None, "Ann back", |apps, _| {
        ply(apps[1]) == 3
    });
    let role = guest.world().resource::<NetSession>().view.role;
    assert_eq!(role, Some(Role::Player(Color::Black)));
    // The seat came back by its token (a newcomer would get a new one).
    assert_eq!(book(), kept);
    // Black's clock runs again from its saved time; White's stands.
    for app in [&host, &guest] {
        let [w, b] = clocks(app);
        assert_eq!(w, Some(white));
        let b = b.expect("timed");
        assert!(
            b <= black && black - b < Duration::from_secs(5),
            "{b:?} {black:?}"
        );
    }
    request(&mut guest, HOLYWAR_MOVES[3]);
    await_both_at(&mut host, &mut guest, 4);
    assert_eq!(
        guest
            .world()
            .resource::<NetSession>()
            .confirmed()
            .map(|s| s.ply()),
        Some(4)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A joining window restarted with the same name gets its seat back with
/// the token it kept in its seat book, sees the game as it stood, and plays on.
#[test]
fn a_restarted_window_gets_its_seat_back() {
    let dir = std::env::temp_dir().join(format!("chimera-lan-seats-{}", std::process::id()));
    let book = dir.join("seats.txt");
    let _ = std::fs::remove_file(&book);
    let (mut host, addr) = host_app("holywar", HOLYWAR_START, Color::Black);
    let guest_app = |addr| {
        let mut app = join_app(addr, "Ann", false);
        app.world_mut().resource_mut::<LanSettings>().seats = Some(book.clone());
        app
    };
    let mut guest = guest_app(addr);
    await_board(&mut host, &mut guest);
    request(&mut guest, HOLYWAR_MOVES[0]);
    await_both_at(&mut host, &mut guest, 1);
    assert!(std::fs::read_to_string(&book).unwrap().contains("Ann"));
    // The window goes away without a word; a new one takes its place.
    drop(guest);
    let mut again = guest_app(addr);
    pump(&mut [&mut host, &mut again], None, "Ann back", |apps, _| {
        ply(apps[1]) == 1
    });
    let role = again.world().resource::<NetSession>().view.role;
    assert_eq!(role, Some(Role::Player(Color::White)));
    request(&mut host, HOLYWAR_MOVES[1]);
    request_after(&mut host, &mut again, 2, HOLYWAR_MOVES[2]);
    assert_eq!(
        host.world().resource::<CurrentMatch>().position().to_vfen(),
        again
            .world()
            .resource::<CurrentMatch>()
            .position()
            .to_vfen()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Updates both windows until the second shows a board.
pub(crate) fn await_board(host: &mut App, guest: &mut App) {
    pump(&mut [host, guest], None, "the board", |apps, _| {
        apps[1].world().get_resource::<CurrentMatch>().is_some()
    });
}

/// Updates both windows until both boards are at `at` moves.
pub(crate) fn await_both_at(a: &mut App, b: &mut App, at: usize) {
    pump(&mut [a, b], None, &format!("ply {at}"), |apps, _| {
        ply(apps[0]) == at && ply(apps[1]) == at
    });
}

/// Updates both windows until both boards show a result.
pub(crate) fn await_outcomes(host: &mut App, guest: &mut App) {
    pump(&mut [host, guest], None, "the result", |apps, _| {
        apps.iter()
            .all(|a| a.world().resource::<CurrentMatch>().outcome().is_some())
    });
}

/// Waits until both windows are at `at` moves, then `mover` plays `lmn`
/// and both take it.
pub(crate) fn request_after(other: &mut App, mover: &mut App, at: usize, lmn: &str) {
    await_both_at(other, mover, at);
    request(mover, lmn);
    await_both_at(other, mover, at + 1);
}

/// A host of another protocol version: the join screen says so in words.
#[test]
fn a_host_of_another_version_is_named_on_the_join_screen() {
    let mut cfg = HostConfig::new("chess");
    cfg.protocol_version = PROTOCOL_VERSION + 1;
    let (host, mut game) = Host::new(cfg, 9).unwrap();
    let mut runner = HostRunner::bind(host, "127.0.0.1:0".parse().unwrap(), wall_clock()).unwrap();
    let mut app = join_app(runner.local_addr(), "Newer", false);
    let status = |app: &App| {
        app.world()
            .resource::<chimera_client::net::JoinScreen>()
            .status
            .clone()
    };
    let mut said = None;
    for _ in 0..2000 {
        runner.update(&mut game, FRAME);
        app.update();
        if let Some(s) = status(&app).filter(|s| s.contains("protocol")) {
            said = Some(s);
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let said = said.expect("the version notice");
    assert!(
        said.contains(&format!("protocol {}", PROTOCOL_VERSION + 1))
            && said.contains(&format!("this build speaks {PROTOCOL_VERSION}")),
        "{said}"
    );
    assert_eq!(screen(&app), Screen::Menu);
    assert!(
        app.world()
            .resource::<chimera_client::menus::Overlays>()
            .join
    );
}

/// The game actions of the window go over the wire: "undo" asks the
/// opponent to take back (and, on the other side, agrees), resigning ends
/// the game on both boards, and "new game" of the same setup is a rematch
/// with colours swapped.
#[test]
fn takeback_resignation_and_rematch_from_the_windows() {
    use chimera_client::match_state::MatchCommand;
    use chimera_client::scene::BoardLayout;
    let (mut host, addr) = host_app("holywar", HOLYWAR_START, Color::White);
    let mut guest = join_app(addr, "Guest", false);
    await_board(&mut host, &mut guest);
    request(&mut host, HOLYWAR_MOVES[0]);
    await_both_at(&mut host, &mut guest, 1);
    // White asks to take its move back; Black's "undo" agrees.
    host.world_mut().write_message(MatchCommand::Undo);
    pump(
        &mut [&mut host, &mut guest],
        None,
        "the request",
        |apps, _| {
            let offers = &apps[1].world().resource::<NetSession>().view.offers;
            !offers.is_empty()
        },
    );
    guest.world_mut().write_message(MatchCommand::Undo);
    await_both_at(&mut host, &mut guest, 0);
    request(&mut host, HOLYWAR_MOVES[0]);
    request_after(&mut host, &mut guest, 1, HOLYWAR_MOVES[1]);
    // Black resigns: White wins on both boards.
    guest
        .world_mut()
        .write_message(MatchCommand::Resign(Color::Black));
    await_outcomes(&mut host, &mut guest);
    let resigned = Some(Outcome {
        winner: Some(Color::White),
        reason: EndReason::Resignation,
    });
    for app in [&host, &guest] {
        assert_eq!(app.world().resource::<CurrentMatch>().outcome(), resigned);
        assert_eq!(ply(app), 2);
    }
    // "New game" of the same setup on both sides: a rematch, colours swapped.
    rematch(&mut host, &mut guest);
    let role = |app: &App| app.world().resource::<NetSession>().view.role;
    assert_eq!(role(&host), Some(Role::Player(Color::Black)));
    assert_eq!(role(&guest), Some(Role::Player(Color::White)));
    assert!(host.world().resource::<BoardLayout>().flipped);
    assert!(!guest.world().resource::<BoardLayout>().flipped);
}

/// A game hosted from the main menu is announced under the player's name
/// from the settings (the menu's `player_name`) when no `--name` was given.
#[test]
fn a_game_hosted_from_the_menu_carries_the_players_name() {
    let (mut guest, listening) = join_screen_app("Listener");
    let mut host = headless_app();
    let mut s = settings(chimera_client::net::DEFAULT_LAN_NAME);
    s.announce = Some(SocketAddr::new([127, 0, 0, 1].into(), listening.port()));
    s.listen = "127.0.0.1:0".parse().unwrap();
    host.insert_resource(s);
    host.world_mut().resource_mut::<MenuChoice>().player_name = "Ann".to_string();
    host.update();
    host.world_mut()
        .write_message(MenuActivated(Entry::HostLan));
    let heard = &first_game_heard(&mut host, &mut guest);
    assert_eq!(heard.host, "Ann");
}

/// Both windows ask for "New game" of the same setup — a rematch, colours
/// swapped — and it starts in both.
pub(crate) fn rematch(host: &mut App, guest: &mut App) {
    for app in [&mut *host, &mut *guest] {
        let setup = app.world().resource::<CurrentMatch>().setup().clone();
        app.world_mut()
            .write_message(chimera_client::match_state::MatchCommand::NewGame(setup));
        app.update();
    }
    pump(&mut [host, guest], None, "the rematch", |apps, _| {
        apps.iter()
            .all(|a| ply(a) == 0 && a.world().resource::<CurrentMatch>().outcome().is_none())
    });
}
