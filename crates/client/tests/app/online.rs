//! Menu → Play online in the window (issue 23), over loopback with a real
//! lobby on a thread of its own: the lobby's address typed on the screen is
//! kept in `settings.cfg` and read back; its list shows the public tables
//! and not the private one; a wrong code gives the lobby's own sentence,
//! and an unreachable lobby and a changed certificate theirs; a listed
//! table is joined with the pad alone and the window enters it as
//! `chimera join LOBBY --room CODE` does.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::couch_play::{Device, Press, connect_pad, menu_app_from, tap};
use crate::lan::{pump, screen, settings, type_text};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use chimera_client::config::Settings;
use chimera_client::headless_app;
use chimera_client::interaction::{ActivePanel, Panel};
use chimera_client::match_state::CurrentMatch;
use chimera_client::menus::{Entry, MenuActivated, MenuChoice};
use chimera_client::net::online::NO_LOBBY;
use chimera_client::net::{HostSide, LanSettings, NetSession, OnlineScreen};
use chimera_client::schedule::Screen;
use chimera_client::settings::{AppSettings, install};
use chimera_game::clock::TimeControl;
use chimera_net::lobby::{
    AskError, Fingerprint, LobbyAnswer, LobbyConfig, LobbyIdentity, LobbyRequest, LobbyServer,
    LobbyServerConfig, PinBook, RoomCode, TableSpec, ask,
};
use chimera_net::transport::wall_clock;
use chimera_net::{Role, SeatWish};
use chimera_rules::{Color, variants};

/// A lobby on 127.0.0.1, updated on its own thread by elapsed time.
struct TestLobby {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl TestLobby {
    fn start() -> TestLobby {
        let mut server = LobbyServer::bind(
            LobbyServerConfig {
                bind: (Ipv4Addr::LOCALHOST, 0).into(),
                advertise: None,
                identity: LobbyIdentity::generate().expect("a certificate"),
                lobby: LobbyConfig::default(),
            },
            wall_clock(),
        )
        .expect("the lobby binds on 127.0.0.1");
        let addr = server.local_addr();
        let stop = Arc::new(AtomicBool::new(false));
        let halt = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let mut last = Instant::now();
            while !halt.load(Ordering::Relaxed) {
                let now = Instant::now();
                server.update(now - last);
                last = now;
                std::thread::sleep(Duration::from_millis(1));
            }
            server.shutdown();
        });
        TestLobby {
            addr,
            stop,
            thread: Some(thread),
        }
    }

    /// Opens a table of `variant` as Ann (who never comes): its code.
    fn table(&self, variant: &str, time: TimeControl, public: bool) -> RoomCode {
        let req = LobbyRequest::Create {
            spec: TableSpec {
                variant: variant.to_string(),
                options: Vec::new(),
                time,
                public,
            },
            wish: SeatWish::White,
            name: "Ann".to_string(),
        };
        match ask(self.addr, &req, None)
            .expect("the lobby answers")
            .answer
        {
            LobbyAnswer::Admitted { code, .. } => code,
            other => panic!("no table: {other:?}"),
        }
    }
}

impl Drop for TestLobby {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A fresh, empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-online-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A window on its main menu with the settings of `dir` and the lobby
/// pins in `dir/pins.txt`.
fn menu_window(dir: &Path) -> App {
    let mut app = headless_app();
    let mut lan = settings("Bea");
    lan.lobby_pins = Some(dir.join("pins.txt"));
    app.insert_resource(lan);
    install(&mut app, AppSettings::load(dir));
    menu_app_from(app)
}

fn online(app: &App) -> &OnlineScreen {
    app.world().resource::<OnlineScreen>()
}

/// Presses Enter as a keyboard types it (the text editor keeps the text).
fn enter(app: &mut App) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Enter,
            logical_key: Key::Enter,
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// Activates `entry`, then runs the window until the lobby has answered.
fn activate_and_wait(app: &mut App, entry: Entry) {
    app.world_mut().write_message(MenuActivated(entry));
    app.update();
    pump(&mut [app], None, "the lobby's answer", |apps, _| {
        !online(apps[0]).asking()
    });
}

/// Opens Play online on the lobby at `address` and waits for its answer.
fn open_on(app: &mut App, address: &str) {
    app.world_mut().resource_mut::<OnlineScreen>().address = address.to_string();
    activate_and_wait(app, Entry::PlayOnline);
}

#[test]
fn the_online_screen_keeps_the_lobby_lists_its_public_tables_and_says_a_wrong_code() {
    let lobby = TestLobby::start();
    let blitz: TimeControl = "300+3".parse().unwrap();
    let mut public = vec![
        lobby.table("holywar", TimeControl::None, true),
        lobby.table("chess", blitz, true),
    ];
    let private = lobby.table("grand", TimeControl::None, false);
    let dir = temp_dir("list");
    let mut app = menu_window(&dir);

    // No lobby is built in: the screen asks for one in words.
    app.world_mut()
        .write_message(MenuActivated(Entry::PlayOnline));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<ActivePanel>().0, Panel::Online);
    assert_eq!(online(&app).status.as_deref(), Some(NO_LOBBY));

    // The address is the first entry: Enter opens it, the keys type it,
    // Enter keeps it and lists the lobby's tables.
    let typed = lobby.addr.to_string();
    tap(&mut app, Device::Keyboard, Press::Select);
    type_text(&mut app, &typed);
    enter(&mut app);
    pump(&mut [&mut app], None, "the list", |apps, _| {
        online(apps[0]).listed.is_some()
    });
    let s = online(&app);
    assert_eq!(s.status, None, "a list with tables needs no words");
    assert_eq!(s.listed, Some(lobby.addr));
    let mut listed: Vec<RoomCode> = s.tables.iter().map(|t| t.code).collect();
    listed.sort();
    public.sort();
    assert_eq!(listed, public, "the public tables, not the private one");
    assert!(!listed.contains(&private));
    let chess = s.tables.iter().find(|t| t.variant == "chess").unwrap();
    assert_eq!(chess.time, blitz);
    assert_eq!(chess.seats[Color::White.index()].name(), Some("Ann"));
    assert!(
        s.pin_note.as_deref().unwrap_or("").contains("first visit"),
        "the first visit's certificate is kept and said: {:?}",
        s.pin_note
    );

    // The address is kept in settings.cfg and read back by the next run.
    app.update();
    assert_eq!(Settings::load(&dir).settings.lobby_address, typed);
    let again = menu_window(&dir);
    assert_eq!(online(&again).address, typed);

    // A code no table has, dialled with a pad (the field clicked open):
    // the lobby's own sentence, as it says it to any client asking the same.
    let pad = connect_pad(&mut app, "Xbox Wireless Controller", Some(0x045e));
    app.world_mut()
        .write_message(MenuActivated(Entry::OnlineCode));
    app.update();
    app.update();
    tap(&mut app, Device::Pad(pad), Press::Up);
    for _ in 0..7 {
        tap(&mut app, Device::Pad(pad), Press::Right);
    }
    tap(&mut app, Device::Pad(pad), Press::Select);
    let wrong = "22222222";
    assert_eq!(online(&app).code, wrong);
    let code = RoomCode::parse(wrong).unwrap();
    assert!(!listed.contains(&code) && code != private);
    activate_and_wait(&mut app, Entry::OnlineJoinCode);
    let req = LobbyRequest::Join {
        code,
        wish: SeatWish::Any,
    };
    let LobbyAnswer::Refused(why) = ask(lobby.addr, &req, None).unwrap().answer else {
        panic!("the lobby admitted a wrong code");
    };
    assert_eq!(online(&app).status.as_deref(), Some(why.as_str()));
    assert!(why.contains("2222-2222"), "{why}");
    assert_eq!(screen(&app), Screen::Menu);
}

#[test]
fn a_listed_table_is_joined_with_the_pad_and_the_window_enters_it() {
    let lobby = TestLobby::start();
    let code = lobby.table("holywar", TimeControl::None, true);
    let dir = temp_dir("pad");
    let mut app = menu_window(&dir);
    let pad = connect_pad(&mut app, "Xbox Wireless Controller", Some(0x045e));
    open_on(&mut app, &lobby.addr.to_string());
    assert_eq!(online(&app).tables.len(), 1);
    // The address, list again, then the table's Join.
    tap(&mut app, Device::Pad(pad), Press::Down);
    tap(&mut app, Device::Pad(pad), Press::Down);
    tap(&mut app, Device::Pad(pad), Press::Select);
    pump(&mut [&mut app], None, "the table joined", |apps, _| {
        screen(apps[0]) == Screen::Game && apps[0].world().get_resource::<CurrentMatch>().is_some()
    });
    let s = app.world().resource::<NetSession>();
    assert_eq!(s.view.room, Some(code));
    assert_eq!(s.view.joined, Some(lobby.addr));
    assert_eq!(
        s.view.role,
        Some(Role::Player(Color::Black)),
        "White is kept for the table's creator"
    );
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!(game.variant().id(), "holywar");

    // Another window creates a private Grand Chess table as Black, 5 min +
    // 3 s: it sits at once, and the table is not listed.
    let mut host = menu_window(&temp_dir("create"));
    {
        let mut choice = host.world_mut().resource_mut::<MenuChoice>();
        choice.variant = variants().iter().position(|v| v.id == "grand").unwrap();
        choice.time = "300+3".parse().unwrap();
    }
    host.world_mut().resource_mut::<LanSettings>().side = HostSide::Black;
    open_on(&mut host, &lobby.addr.to_string());
    host.world_mut()
        .write_message(MenuActivated(Entry::OnlinePublic));
    activate_and_wait(&mut host, Entry::OnlineCreate);
    pump(&mut [&mut host], None, "the created table", |apps, _| {
        screen(apps[0]) == Screen::Game && apps[0].world().get_resource::<CurrentMatch>().is_some()
    });
    let s = host.world().resource::<NetSession>();
    assert_eq!(s.view.role, Some(Role::Player(Color::Black)));
    let created = s.view.room.expect("the table's code is shown");
    // The table's clock is the lobby's (the panel shows it): Black's
    // 5 minutes untouched before the first move.
    let black = s.view.clocks[Color::Black.index()];
    assert_eq!(black, Some(Duration::from_secs(300)), "{:?}", s.view.clocks);
    let game = host.world().resource::<CurrentMatch>();
    assert_eq!(game.variant().id(), "grand");
    let LobbyAnswer::Tables(tables) = ask(lobby.addr, &LobbyRequest::List, None).unwrap().answer
    else {
        panic!("no list");
    };
    let codes: Vec<RoomCode> = tables.iter().map(|t| t.code).collect();
    assert!(
        codes.contains(&code) && !codes.contains(&created),
        "{codes:?}"
    );
}

#[test]
fn an_unreachable_lobby_and_a_changed_certificate_are_said_in_one_sentence() {
    let dir = temp_dir("fail");
    let mut app = menu_window(&dir);
    // A port nobody listens on.
    let closed = std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .unwrap()
        .local_addr()
        .unwrap();
    open_on(&mut app, &closed.to_string());
    let nothing = AskError::NothingListens(closed).to_string();
    assert_eq!(online(&app).status.as_deref(), Some(nothing.as_str()));

    // A lobby whose certificate is not the one kept from the first visit.
    let lobby = TestLobby::start();
    lobby.table("chess", TimeControl::None, true);
    let mut pins = PinBook::default();
    pins.set(&lobby.addr.to_string(), Fingerprint([7; 32]));
    pins.save(&dir.join("pins.txt")).unwrap();
    open_on(&mut app, &lobby.addr.to_string());
    let s = online(&app);
    let status = s.status.as_deref().unwrap_or("");
    assert!(
        status.contains("SHOWS A DIFFERENT CERTIFICATE") && status.contains("not connecting"),
        "{status}"
    );
    assert!(s.tables.is_empty(), "nothing is taken from that lobby");
}
