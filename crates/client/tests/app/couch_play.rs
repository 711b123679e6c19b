//! Playing without the mouse: headless client, synthetic keyboard and gamepad
//! input only (leafwing's input simulation writes the same messages a real
//! keyboard or pad does). Whole short games end to end — castling, promotion
//! through the chooser, a drop from the hand with its landing square, undo —
//! and the menus, the in-game menu, the game-end dialog and hot-plugging.
//! Expected positions and results are checked against docs/rules.md by hand.

use bevy::ecs::message::Messages;
use bevy::input::gamepad::{GamepadConnection, GamepadConnectionEvent};
use bevy::prelude::*;
use chimera_client::headless_app;
use chimera_client::input::cursor::BoardCursor;
use chimera_client::input::pads::PadLayout;
use chimera_client::interaction::{ActivePanel, DIGIT_KEYS, Panel, Selection};
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::Match;
use chimera_client::menus::{Entry, MenuAdjusted, MenuChoice, MenuFocus, NumberEditor, Overlays};
use chimera_client::scene::{BoardLayout, ShowLetters};
use chimera_client::schedule::Screen;
use chimera_rules::{Color, EndReason, Game, Kind, OptionKind, Sq, Variant, variants};
use leafwing_input_manager::prelude::Buttonlike;

/// A device the test presses buttons on.
#[derive(Clone, Copy)]
pub(crate) enum Device {
    Keyboard,
    Pad(Entity),
}

/// The four directions and the actions the tests use, per device (the
/// digits, Backspace and +/− only on the keyboard).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Press {
    Up,
    Down,
    Left,
    Right,
    Select,
    Cancel,
    Hand,
    Undo,
    Redo,
    Menu,
    Digit(u8),
    Erase,
    Plus,
    Minus,
    Letters,
}

fn key(p: Press) -> KeyCode {
    match p {
        Press::Up => KeyCode::ArrowUp,
        Press::Down => KeyCode::ArrowDown,
        Press::Left => KeyCode::ArrowLeft,
        Press::Right => KeyCode::ArrowRight,
        Press::Select => KeyCode::Enter,
        Press::Cancel => KeyCode::Escape,
        Press::Hand => KeyCode::Tab,
        Press::Undo => KeyCode::KeyU,
        Press::Redo => KeyCode::KeyR,
        Press::Menu => KeyCode::F10,
        Press::Digit(d) => DIGIT_KEYS[d as usize],
        Press::Erase => KeyCode::Backspace,
        Press::Plus => KeyCode::Equal,
        Press::Minus => KeyCode::Minus,
        Press::Letters => KeyCode::KeyL,
    }
}

fn button(p: Press) -> GamepadButton {
    match p {
        Press::Up => GamepadButton::DPadUp,
        Press::Down => GamepadButton::DPadDown,
        Press::Left => GamepadButton::DPadLeft,
        Press::Right => GamepadButton::DPadRight,
        Press::Select => GamepadButton::South,
        Press::Cancel => GamepadButton::East,
        Press::Hand => GamepadButton::Select,
        Press::Undo => GamepadButton::West,
        Press::Redo => GamepadButton::North,
        Press::Menu => GamepadButton::Start,
        other => panic!("no pad button for {other:?}"),
    }
}

/// Presses and releases one input, a frame each.
pub(crate) fn tap(app: &mut App, dev: Device, p: Press) {
    match dev {
        Device::Keyboard => {
            key(p).press(app.world_mut());
            app.update();
            key(p).release(app.world_mut());
        }
        Device::Pad(pad) => {
            button(p).press_as_gamepad(app.world_mut(), Some(pad));
            app.update();
            button(p).release_as_gamepad(app.world_mut(), Some(pad));
        }
    }
    app.update();
}

/// Connects a synthetic gamepad, as gilrs would report it.
pub(crate) fn connect_pad(app: &mut App, name: &str, vendor_id: Option<u16>) -> Entity {
    let pad = app.world_mut().spawn_empty().id();
    app.world_mut()
        .resource_mut::<Messages<GamepadConnectionEvent>>()
        .write(GamepadConnectionEvent {
            gamepad: pad,
            connection: GamepadConnection::Connected {
                name: name.into(),
                vendor_id,
                product_id: None,
            },
        });
    app.update();
    app.update();
    pad
}

fn disconnect_pad(app: &mut App, pad: Entity) {
    app.world_mut()
        .resource_mut::<Messages<GamepadConnectionEvent>>()
        .write(GamepadConnectionEvent {
            gamepad: pad,
            connection: GamepadConnection::Disconnected,
        });
    app.update();
    app.update();
}

pub(crate) fn settle(app: &mut App) {
    for _ in 0..30 {
        app.update();
    } // The autosave is written by a thread of its own: wait for it.
    if let Some(writer) = app
        .world()
        .get_resource::<chimera_client::saves::AutosaveWriter>()
    {
        writer.flush();
    }
}

fn game_app(id: &str, vfen: &str) -> App {
    let mut app = headless_app();
    let v = Variant::new(id, &[]).expect("variant");
    app.insert_resource(CurrentMatch(Match::from_game(
        Game::from_vfen(&v, vfen).expect("vfen"),
    )));
    settle(&mut app);
    app
}

pub(crate) fn sq(app: &App, name: &str) -> Sq {
    app.world()
        .resource::<CurrentMatch>()
        .variant()
        .parse_square(name)
        .expect("square")
}

fn cursor(app: &App) -> BoardCursor {
    *app.world().resource::<BoardCursor>()
}

fn vfen(app: &App) -> String {
    app.world().resource::<CurrentMatch>().position().to_vfen()
}

pub(crate) fn panel(app: &App) -> Panel {
    app.world().resource::<ActivePanel>().0
}

/// Walks the cursor to `target` one step at a time (showing it first).
pub(crate) fn cursor_to(app: &mut App, dev: Device, target: &str) {
    let to = sq(app, target);
    if !cursor(app).shown {
        tap(app, dev, Press::Up);
        assert!(cursor(app).shown, "the first press shows the cursor");
    }
    for _ in 0..40 {
        let at = cursor(app).sq.expect("cursor square");
        let p = match (to.x.cmp(&at.x), to.y.cmp(&at.y)) {
            (std::cmp::Ordering::Greater, _) => Press::Right,
            (std::cmp::Ordering::Less, _) => Press::Left,
            (_, std::cmp::Ordering::Greater) => Press::Up,
            (_, std::cmp::Ordering::Less) => Press::Down,
            _ => return,
        };
        tap(app, dev, p);
        let now = cursor(app).sq.expect("cursor square");
        let dist = (now.x as i32 - at.x as i32).abs() + (now.y as i32 - at.y as i32).abs();
        assert_eq!(
            dist, 1,
            "one square per press on this path: {at:?} → {now:?}"
        );
    }
    panic!("cursor never reached {target}");
}

/// Cursor to `from`, select; cursor to `to`, select.
pub(crate) fn play(app: &mut App, dev: Device, from: &str, to: &str) {
    cursor_to(app, dev, from);
    tap(app, dev, Press::Select);
    cursor_to(app, dev, to);
    tap(app, dev, Press::Select);
    settle(app);
}

/// Moves the open chooser's focus to the choice showing `kind` and confirms.
fn choose(app: &mut App, dev: Device, kind: Kind) {
    assert_eq!(panel(app), Panel::Chooser);
    let chooser = app
        .world()
        .resource::<Selection>()
        .0
        .chooser()
        .expect("chooser open")
        .clone();
    let i = chooser
        .choices
        .iter()
        .position(|c| c.kind == Some(kind))
        .unwrap_or_else(|| panic!("no {kind:?} in {chooser:?}"));
    for _ in 0..i {
        tap(app, dev, Press::Down);
    }
    tap(app, dev, Press::Select);
    settle(app);
}

fn plies(app: &App) -> usize {
    app.world().resource::<CurrentMatch>().game().moves().len()
}

#[test]
fn keyboard_alone_plays_chess_with_castling_undo_and_promotion_to_mate() {
    let kb = Device::Keyboard;
    // White: Ke1 Rh1 (h-rook may castle) Pc7; Black: Kh8 boxed by f7 g7 h7, a7.
    let mut app = game_app("chess", "7k/p1P2ppp/8/8/8/8/8/4K2R w H - - 0 1");
    // Castle short: pick the king, then its destination g1 (RULES §1).
    play(&mut app, kb, "e1", "g1");
    assert_eq!(vfen(&app), "7k/p1P2ppp/8/8/8/8/8/5RK1 b - - - 1 1");
    // Undo takes it back, castling right included.
    tap(&mut app, kb, Press::Undo);
    settle(&mut app);
    assert_eq!(vfen(&app), "7k/p1P2ppp/8/8/8/8/8/4K2R w H - - 0 1");
    play(&mut app, kb, "e1", "g1");
    play(&mut app, kb, "a7", "a6");
    assert_eq!(plies(&app), 2);
    // c7-c8 needs a choice: a Rook, picked in the chooser with the arrows.
    play(&mut app, kb, "c7", "c8");
    choose(&mut app, kb, Kind::Rook);
    let m = app.world().resource::<CurrentMatch>();
    assert_eq!(
        m.position().to_vfen(),
        "2R4k/5ppp/p7/8/8/8/8/5RK1 b - - - 0 2"
    );
    let o = m.outcome().expect("back-rank mate");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Checkmate)
    );
    // The game-end dialog takes the keys: Enter on "Look at the board" closes it.
    assert_eq!(panel(&app), Panel::EndDialog);
    tap(&mut app, kb, Press::Select);
    assert!(app.world().resource::<Overlays>().end.is_none());
    assert_eq!(panel(&app), Panel::Board);
}

#[test]
fn gamepad_alone_plays_holy_grail_with_a_ninja_drop_undo_and_mate() {
    // Black Kj10 boxed by i9 j9, a pawn c7 to move; White Ke1 Ra1 and a ninja pawn in hand.
    let start = "****2****/9k/8pp/10/2p7/10/10/10/10/10/R3K5/****2**** w - - J 0 1";
    let mut app = game_app("holygrail", start);
    let pad = connect_pad(&mut app, "Xbox Wireless Controller", Some(0x045e));
    assert_eq!(*app.world().resource::<PadLayout>(), PadLayout::Xbox);
    let dev = Device::Pad(pad);
    // Select (Back): the cursor jumps into White's hand, on the ninja pawn.
    tap(&mut app, dev, Press::Hand);
    assert_eq!(cursor(&app).hand, Some(0));
    tap(&mut app, dev, Press::Select);
    assert_eq!(cursor(&app).hand, None, "back on the board to place it");
    // Drop on e2, then pick the landing square e4 (RULES §4: push up to rank 5).
    cursor_to(&mut app, dev, "e2");
    tap(&mut app, dev, Press::Select);
    cursor_to(&mut app, dev, "e4");
    tap(&mut app, dev, Press::Select);
    settle(&mut app);
    let after_drop = "****2****/9k/8pp/10/2p7/10/10/4J5/10/10/R3K5/****2**** b - - - 0 1";
    assert_eq!(vfen(&app), after_drop);
    // West undoes the drop (the pawn is back in hand), North replays it.
    tap(&mut app, dev, Press::Undo);
    settle(&mut app);
    assert_eq!(vfen(&app), start);
    tap(&mut app, dev, Press::Redo);
    settle(&mut app);
    assert_eq!(vfen(&app), after_drop);
    play(&mut app, dev, "c7", "c6");
    play(&mut app, dev, "a1", "a10");
    let m = app.world().resource::<CurrentMatch>();
    assert_eq!(
        m.position().to_vfen(),
        "****2****/R8k/8pp/10/10/2p7/10/4J5/10/10/4K5/****2**** b - - - 1 2"
    );
    let o = m.outcome().expect("mate on the back rank");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Checkmate)
    );
}

#[test]
fn a_pad_plugged_in_mid_game_plays_on_and_shows_its_layout() {
    let mut app = game_app("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - - 0 1");
    assert_eq!(*app.world().resource::<PadLayout>(), PadLayout::None);
    // The keyboard starts; a pad is plugged in mid-move and finishes it.
    cursor_to(&mut app, Device::Keyboard, "e2");
    tap(&mut app, Device::Keyboard, Press::Select);
    let pad = connect_pad(&mut app, "Sony DualSense", Some(0x054c));
    assert_eq!(*app.world().resource::<PadLayout>(), PadLayout::PlayStation);
    cursor_to(&mut app, Device::Pad(pad), "e4");
    tap(&mut app, Device::Pad(pad), Press::Select);
    settle(&mut app);
    assert_eq!(vfen(&app), "4k3/8/8/8/4P3/8/8/4K3 b - - - 0 1");
    // Unplugged and replaced by another pad: play just goes on.
    disconnect_pad(&mut app, pad);
    assert_eq!(*app.world().resource::<PadLayout>(), PadLayout::None);
    let other = connect_pad(&mut app, "Generic X-Box pad", None);
    assert_eq!(*app.world().resource::<PadLayout>(), PadLayout::Xbox);
    play(&mut app, Device::Pad(other), "e8", "d8");
    assert_eq!(plies(&app), 2);
}

#[test]
fn holding_the_stick_repeats_one_square_at_a_time() {
    let mut app = game_app("chess", "4k3/8/8/8/8/8/8/4K3 w - - - 0 1");
    let pad = connect_pad(&mut app, "pad", None);
    tap(&mut app, Device::Pad(pad), Press::Left); // shows the cursor on e1
    let left = leafwing_input_manager::prelude::GamepadControlDirection::LEFT_UP;
    left.set_value_as_gamepad(app.world_mut(), 1.0, Some(pad));
    let mut ranks = vec![cursor(&app).sq.unwrap().y];
    for _ in 0..30 {
        app.update();
        ranks.push(cursor(&app).sq.unwrap().y);
    }
    left.set_value_as_gamepad(app.world_mut(), 0.0, Some(pad));
    for w in ranks.windows(2) {
        assert!(w[1] == w[0] || w[1] == w[0] + 1, "no skipping: {ranks:?}");
    }
    // 1.5 s held: the first step, then repeats after the delay — to the top edge.
    assert_eq!(*ranks.last().unwrap(), 7, "{ranks:?}");
    let moves = ranks.windows(2).filter(|w| w[1] != w[0]).count();
    assert_eq!(moves, 7);
    assert!(
        ranks[1] == 1 && ranks[2] == 1,
        "a pause before repeating: {ranks:?}"
    );
}

#[test]
fn the_main_menu_is_driven_by_keyboard_and_pad_alone() {
    let mut app = menu_app();
    let ids: Vec<&str> = chimera_rules::variants::builtin()
        .iter()
        .map(|v| v.id)
        .collect();
    let target = ids.iter().position(|id| *id == "ghostarelay").unwrap();
    let kb = Device::Keyboard;
    // The focus starts on the variant list; left/right step the variant.
    for _ in 0..target {
        tap(&mut app, kb, Press::Right);
    }
    assert_eq!(app.world().resource::<MenuChoice>().variant, target);
    // Down: Ghostarelay's one option, no-moves=win|pass; right steps it.
    tap(&mut app, kb, Press::Down);
    let pad = connect_pad(&mut app, "pad", None);
    tap(&mut app, Device::Pad(pad), Press::Right);
    let pairs = app.world().resource::<MenuChoice>().option_pairs();
    assert_eq!(pairs, vec![("no-moves".to_string(), "pass".to_string())]);
    // Up: back on the variant list, where left and right step the variant.
    tap(&mut app, kb, Press::Up);
    tap(&mut app, kb, Press::Left);
    tap(&mut app, kb, Press::Right);
    assert_eq!(app.world().resource::<MenuChoice>().variant, target);
    // Down: past the option (and the players) to Start.
    down_to_start(&mut app, kb);
    tap(&mut app, Device::Pad(pad), Press::Select);
    settle(&mut app);
    let m = app.world().resource::<CurrentMatch>();
    assert_eq!(m.variant().id(), "ghostarelay");
    assert_eq!(m.variant().options(), pairs.as_slice());
    assert_eq!(panel(&app), Panel::Board);
}

#[test]
fn the_in_game_menu_opens_on_start_and_its_entries_work() {
    let mut app = game_app("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - - 0 1");
    let pad = Device::Pad(connect_pad(&mut app, "pad", None));
    tap(&mut app, pad, Press::Menu);
    assert_eq!(panel(&app), Panel::GameMenu);
    // Entries: back to the game, flip, … (nothing to undo yet): Down once → Flip.
    tap(&mut app, pad, Press::Down);
    tap(&mut app, pad, Press::Select);
    assert!(app.world().resource::<BoardLayout>().flipped);
    assert_eq!(panel(&app), Panel::Board, "an entry closes the menu");
    // Cancel closes it too; F10 opens it from the keyboard.
    tap(&mut app, Device::Keyboard, Press::Menu);
    assert_eq!(panel(&app), Panel::GameMenu);
    tap(&mut app, pad, Press::Cancel);
    assert_eq!(panel(&app), Panel::Board);
    // Resign through the menu: it ends the game and the dialog opens.
    tap(&mut app, pad, Press::Menu);
    let resign_at = game_menu_index(&app, Entry::Resign);
    for _ in 0..resign_at {
        tap(&mut app, pad, Press::Down);
    }
    tap(&mut app, pad, Press::Select);
    settle(&mut app);
    let o = app
        .world()
        .resource::<CurrentMatch>()
        .outcome()
        .expect("resigned");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Resignation)
    );
    assert_eq!(panel(&app), Panel::EndDialog);
}

#[test]
fn the_main_menu_seats_the_computer_and_it_opens_the_game() {
    use chimera_client::computer::Computer;
    use chimera_client::match_state::Player;
    let mut app = menu_app();
    let kb = Device::Keyboard;
    // Down to White's seat; right twice: Human → Computer 1 → Computer 2.
    for _ in 0..8 {
        if focused(&app) == Some(Entry::Seat(0)) {
            break;
        }
        tap(&mut app, kb, Press::Down);
    }
    assert_eq!(focused(&app), Some(Entry::Seat(0)));
    tap(&mut app, kb, Press::Right);
    tap(&mut app, kb, Press::Right);
    // Black's seat: left wraps from Human to Computer 8, right back.
    tap(&mut app, kb, Press::Down);
    tap(&mut app, kb, Press::Left);
    let players = app.world().resource::<MenuChoice>().players;
    assert_eq!(
        players,
        [Player::Computer { level: 2 }, Player::Computer { level: 8 }]
    );
    tap(&mut app, kb, Press::Right);
    down_to_start(&mut app, kb);
    tap(&mut app, kb, Press::Select);
    settle(&mut app);
    let m = app.world().resource::<CurrentMatch>();
    assert_eq!(
        m.setup().players,
        [Player::Computer { level: 2 }, Player::Human]
    );
    // White is the computer: it opens the game by itself.
    for _ in 0..200 {
        if app.world().resource::<CurrentMatch>().ply() == 1 {
            break;
        }
        app.update();
        let done = app
            .world()
            .resource::<Computer>()
            .wait(std::time::Duration::from_secs(120));
        assert!(done, "the search ends");
    }
    assert_eq!(app.world().resource::<CurrentMatch>().ply(), 1);
}

/// The main menu's focused entry.
fn focused(app: &App) -> Option<Entry> {
    let list = chimera_client::menus::entries(
        Panel::MainMenu,
        &chimera_client::menus::EntrySources {
            choice: app.world().resource::<MenuChoice>(),
            game: app.world().get_resource::<CurrentMatch>().map(|m| &m.0),
            selection: app.world().resource::<Selection>(),
            guide: app.world().resource::<chimera_client::menus::Guide>(),
            saved: app.world().resource::<chimera_client::saves::SavedGames>(),
            authority: None,
            features: &Default::default(),
            learn: app.world().resource::<chimera_client::menus::Learn>(),
        },
    );
    app.world().resource::<MenuFocus>().entry(&list)
}

/// Moves the main menu's focus down to Start (past the options, the
/// clock, the players, the computer's time and the player rows), the next entry down at most 12 times.
fn down_to_start(app: &mut App, dev: Device) {
    for _ in 0..12 {
        tap(app, dev, Press::Down);
        if focused(app) == Some(Entry::Start) {
            return;
        }
    }
    panic!("Start not reached: focus on {:?}", focused(app));
}

/// Where `entry` is in the in-game menu as it stands.
fn game_menu_index(app: &App, entry: Entry) -> usize {
    chimera_client::menus::entries(
        Panel::GameMenu,
        &chimera_client::menus::EntrySources {
            choice: app.world().resource::<MenuChoice>(),
            game: Some(app.world().resource::<CurrentMatch>()),
            selection: app.world().resource::<Selection>(),
            guide: app.world().resource::<chimera_client::menus::Guide>(),
            saved: app.world().resource::<chimera_client::saves::SavedGames>(),
            authority: None,
            features: &Default::default(),
            learn: app.world().resource::<chimera_client::menus::Learn>(),
        },
    )
    .iter()
    .position(|e| *e == entry)
    .unwrap_or_else(|| panic!("{entry:?} in the in-game menu"))
}

#[test]
fn the_pieces_letters_toggle_from_the_keyboard_and_the_in_game_menu_with_any_device() {
    let mut app = game_app("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - - 0 1");
    let pad = Device::Pad(connect_pad(&mut app, "pad", None));
    let shown = |app: &App| app.world().resource::<ShowLetters>().0;
    assert!(!shown(&app), "off by default");
    tap(&mut app, Device::Keyboard, Press::Letters);
    assert!(shown(&app));
    tap(&mut app, Device::Keyboard, Press::Letters);
    assert!(!shown(&app));
    // The in-game menu entry: back, flip, 2D/3D, letters.
    tap(&mut app, pad, Press::Menu);
    let at = game_menu_index(&app, Entry::ShowLetters);
    for _ in 0..at {
        tap(&mut app, pad, Press::Down);
    }
    tap(&mut app, pad, Press::Select);
    assert!(shown(&app));
    assert_eq!(panel(&app), Panel::Board, "the entry closes the menu");
}

/// The client on its main menu, no game yet.
fn menu_app() -> App {
    menu_app_from(headless_app())
}

/// `app` (a headless client) switched to its main menu.
pub(crate) fn menu_app_from(mut app: App) -> App {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    settle(&mut app);
    assert_eq!(panel(&app), Panel::MainMenu);
    app
}

/// Option `k`'s value in the main menu.
fn option_value(app: &App, k: usize) -> String {
    let c = app.world().resource::<MenuChoice>();
    c.options[c.variant][k].clone()
}

/// What a step of `delta` must make of an option's value: the list's next
/// or previous value, wrapping round; a number one up or down, never
/// leaving its range.
fn expect_step(kind: OptionKind, value: &str, delta: i64) -> String {
    match kind {
        OptionKind::Choice(values) => {
            let i = values
                .iter()
                .position(|v| *v == value)
                .expect("a listed value");
            values[(i as i64 + delta).rem_euclid(values.len() as i64) as usize].to_string()
        }
        OptionKind::Number { min, max } => {
            let v: u64 = value.parse().expect("a number");
            let v = if delta >= 0 {
                v.saturating_add(delta as u64)
            } else {
                v.saturating_sub(delta.unsigned_abs())
            };
            v.clamp(min, max).to_string()
        }
    }
}

/// One option of the main menu under test: taps, and the value each must leave.
struct Stepper<'a> {
    app: &'a mut App,
    dev: Device,
    k: usize,
    kind: OptionKind,
    value: String,
    ctx: String,
}

impl Stepper<'_> {
    /// Taps `p`, which must step the value by `delta` (0: leave it).
    fn step(&mut self, p: Press, delta: i64) {
        if delta != 0 {
            self.value = expect_step(self.kind, &self.value, delta);
        }
        self.check(p);
    }

    /// Taps each press, checking each step.
    fn steps(&mut self, presses: &[(Press, i64)]) {
        for (p, delta) in presses {
            self.step(*p, *delta);
        }
    }

    /// Up and back down twice, then up again: `up` steps by +1, `down` by −1.
    fn there_and_back(&mut self, up: Press, down: Press) {
        self.steps(&[(up, 1), (down, -1), (down, -1), (up, 1)]);
    }

    /// Taps `p`, which must leave `want`.
    fn gives(&mut self, p: Press, want: String) {
        self.value = want;
        self.check(p);
    }

    fn check(&mut self, p: Press) {
        tap(self.app, self.dev, p);
        let now = option_value(self.app, self.k);
        assert_eq!(now, self.value, "{}: after {p:?}", self.ctx);
    }

    /// Whether the option's number editor is open.
    fn editing(&self) -> bool {
        self.app.world().resource::<NumberEditor>().editing == Some(self.k)
    }
}

/// Every option of every variant, stepped in the main menu by one device
/// alone; then the game starts with the values the steps left.
fn step_every_option(keyboard: bool) {
    for (t, info) in chimera_rules::variants::builtin().iter().enumerate() {
        let mut app = menu_app();
        let dev = if keyboard {
            Device::Keyboard
        } else {
            Device::Pad(connect_pad(&mut app, "pad", None))
        };
        for _ in 0..t {
            tap(&mut app, dev, Press::Right);
        }
        assert_eq!(app.world().resource::<MenuChoice>().variant, t);
        let mut chosen = Vec::new();
        for (k, spec) in info.options.iter().enumerate() {
            let ctx = format!("{} {} (keyboard: {keyboard})", info.id, spec.name);
            tap(&mut app, dev, Press::Down);
            let focus = app.world().resource::<MenuFocus>().index;
            assert_eq!(focus, k + 1, "{ctx}: focus");
            assert_eq!(option_value(&app, k), spec.default, "{ctx}: default");
            let kind = spec.kind;
            let mut s = Stepper {
                app: &mut app,
                dev,
                k,
                kind,
                value: spec.default.to_string(),
                ctx,
            };
            s.there_and_back(Press::Right, Press::Left);
            match kind {
                // Select steps a list option on; left steps it back.
                OptionKind::Choice(_) => s.steps(&[(Press::Select, 1), (Press::Left, -1)]),
                OptionKind::Number { min, max } => {
                    // Select opens the number's editor; up and down step it.
                    s.step(Press::Select, 0);
                    assert!(s.editing(), "{}: editor open", s.ctx);
                    s.there_and_back(Press::Up, Press::Down);
                    if keyboard {
                        // Enter closes the editor; a digit typed on the
                        // option opens it again and replaces the value, the
                        // next appends; Backspace erases one; + and − step.
                        s.step(Press::Select, 0);
                        assert!(!s.editing(), "{}: editor closed", s.ctx);
                        let in_range = |n: u64| n.clamp(min, max).to_string();
                        s.gives(Press::Digit(4), in_range(4));
                        assert!(s.editing(), "{}: typing opens it", s.ctx);
                        s.gives(Press::Digit(2), in_range(42));
                        s.gives(Press::Erase, in_range(4));
                        s.steps(&[(Press::Plus, 1), (Press::Minus, -1), (Press::Select, 0)]);
                    } else {
                        s.step(Press::Cancel, 0);
                    }
                    assert!(!s.editing(), "{}: editor closed", s.ctx);
                }
            }
            chosen.push((spec.name.to_string(), s.value));
        }
        // Down to Start: the game starts with exactly those values.
        down_to_start(&mut app, dev);
        tap(&mut app, dev, Press::Select);
        settle(&mut app);
        let m = app.world().resource::<CurrentMatch>();
        assert_eq!(m.variant().id(), info.id);
        assert_eq!(m.variant().options(), chosen.as_slice(), "{}", info.id);
        assert_eq!(panel(&app), Panel::Board);
    }
}

#[test]
fn every_option_of_every_variant_steps_with_the_keyboard() {
    step_every_option(true);
}

#[test]
fn every_option_of_every_variant_steps_with_the_gamepad() {
    step_every_option(false);
}

/// Regression: Holywar's `seed` lists no values, and stepping it divided by
/// zero (`rem_euclid(0)`) and crashed the menu.
#[test]
fn stepping_holywars_seed_in_the_menu_does_not_crash() {
    let mut app = menu_app();
    let kb = Device::Keyboard;
    let holywar = variants().iter().position(|v| v.id == "holywar").unwrap();
    for _ in 0..holywar {
        tap(&mut app, kb, Press::Right);
    }
    // Down twice: past `opening` to `seed` (default 1).
    tap(&mut app, kb, Press::Down);
    tap(&mut app, kb, Press::Down);
    let seed = 1;
    assert_eq!(option_value(&app, seed), "1");
    // The `>` and `<` buttons beside the value.
    for (delta, want) in [(1, "2"), (-1, "1")] {
        app.world_mut()
            .write_message(MenuAdjusted(Entry::Option(seed), delta));
        app.update();
        assert_eq!(option_value(&app, seed), want);
    }
    let mut s = Stepper {
        app: &mut app,
        dev: kb,
        k: seed,
        kind: variants()[holywar].options[seed].kind,
        value: "1".into(),
        ctx: "holywar seed".into(),
    };
    s.steps(&[(Press::Right, 1), (Press::Left, -1)]);
    // Enter opens the editor (no change), where up steps the number.
    s.steps(&[(Press::Select, 0), (Press::Up, 1)]);
    assert_eq!(s.value, "2");
}
