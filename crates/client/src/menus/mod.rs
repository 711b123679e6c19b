//! Menus as data: which windows are open ([`Overlays`]) and so which panel
//! is in front (main menu, piece guide, controls, in-game menu, game-end
//! dialog, chooser, or the board), the entries each offers, which entry has
//! the keyboard/gamepad focus, and what activating an entry does. The egui
//! views in `ui` draw these entries and report clicks as [`MenuActivated`];
//! the pad and keyboard move [`MenuFocus`] by the shared [`NavStep`] and
//! activate the focused entry — one logic for every device, testable
//! without a renderer.

mod options;
mod player;

pub use options::{NumberEditor, shown_value};
pub use player::{TIME_PRESETS, TextEditor, step_time, time_label};

use crate::interaction::{
    ActivePanel, GameAction, HowItMoves, NavStep, NewLineAsked, Panel, Replay, SelectInput,
    Selection, answering_side, offers_to_answer,
};
use crate::match_state::CurrentMatch;
use crate::match_state::{
    Authority, GameEnded, GameSetup, Match, MatchCommand, MoveIntent, Offer, Player,
};
use crate::prefs::Prefs;
use crate::saves::{GameOpened, SaveRequest, SavedGames};
use crate::scene::{BoardLayout, ShowLetters, ViewMode};
use crate::{AppSystems, Screen};
use bevy::prelude::*;
use chimera_game::clock::TimeControl;
use chimera_rules::{Kind, OptionKind, Outcome, Variant, VariantInfo, variants};
use leafwing_input_manager::prelude::*;
use std::sync::Arc;

pub fn plugin(app: &mut App) {
    app.init_resource::<MenuChoice>()
        .init_resource::<Overlays>()
        .init_resource::<Guide>()
        .init_resource::<MenuFocus>()
        .init_resource::<NumberEditor>()
        .init_resource::<TextEditor>()
        .add_message::<MenuActivated>()
        .add_message::<MenuAdjusted>()
        .add_message::<LanRequest>()
        .add_systems(
            Update,
            (open_end_dialog, open_new_line_dialog, show_opened_game)
                .in_set(AppSystems::FollowMatch),
        )
        .add_systems(
            Update,
            (
                player::type_text,
                navigate_menus,
                options::type_numbers,
                apply_adjustments,
                apply_entries,
            )
                .chain()
                .in_set(AppSystems::Respond),
        )
        .add_systems(
            Update,
            (update_active_panel, player::hold_clock).in_set(AppSystems::Front),
        );
}

/// The variant and options picked in the main menu.
#[derive(Resource, Debug, Clone)]
pub struct MenuChoice {
    /// Index into [`variants`].
    pub variant: usize,
    /// Chosen value of each option, per variant (same order as its option table).
    pub options: Vec<Vec<String>>,
    /// Who plays White and Black, by `Color::index`.
    pub players: [Player; 2],
    /// The computer's thinking time per move in untimed games: an index
    /// into [`THINK_TIMES_MS`].
    pub think_time: usize,
    /// The LAN join screen's list and choices.
    pub join: JoinChoice,
    /// The time control of a new game.
    pub time: TimeControl,
    /// The local player's name, given to every human side of a new game
    /// (empty: none).
    pub player_name: String,
}

/// The thinking times per move the menu offers the computer, in
/// milliseconds; 0 is "by level" (the stronger, the longer).
pub const THINK_TIMES_MS: [u64; 7] = [0, 500, 1000, 2000, 5000, 10_000, 30_000];

/// `player` stepped by `delta` along Human, Computer 1, …, Computer 8
/// (wrapping).
pub fn step_player(player: Player, delta: i32) -> Player {
    let n = chimera_engine::MAX_LEVEL as i32 + 1;
    let i = match player {
        Player::Human => 0,
        Player::Computer { level } => {
            level.clamp(chimera_engine::MIN_LEVEL, chimera_engine::MAX_LEVEL) as i32
        }
    };
    match (i + delta).rem_euclid(n) {
        0 => Player::Human,
        l => Player::Computer { level: l as u8 },
    }
}

/// The LAN join screen: the games heard on the LAN (kept up to date by
/// `net`), the address typed, whether to watch only, and how joining goes.
#[derive(Debug, Clone, Default)]
pub struct JoinChoice {
    /// Games heard lately, in the order first heard.
    pub games: Vec<LanGame>,
    /// The address typed (`ADDRESS[:PORT]`).
    pub address: String,
    /// Join as a spectator.
    pub spectate: bool,
    /// How the last attempt goes or why it failed, in words.
    pub status: Option<String>,
}

/// A game heard on the LAN, as the join list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanGame {
    /// Where to join it (`IP:PORT`).
    pub address: String,
    /// The host's name.
    pub host: String,
    /// Variant, options, time control, seats in words; or, for a host of
    /// another protocol version, which version it speaks.
    pub details: String,
    /// Seats nobody holds.
    pub free_seats: usize,
    /// Whether this build can join it (same protocol version).
    pub joinable: bool,
}

/// A LAN game asked for in the menus (`net` starts it).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum LanRequest {
    /// Host this game on the LAN, the window playing one side.
    Host(GameSetup),
    /// Join the host at this address (`ADDRESS[:PORT]`).
    Join {
        /// The address typed or picked.
        address: String,
        /// Watch only.
        spectate: bool,
    },
}

impl Default for MenuChoice {
    fn default() -> Self {
        MenuChoice {
            variant: 0,
            options: variants().iter().map(|v| default_values(v)).collect(),
            players: [Player::Human; 2],
            think_time: 0,
            join: JoinChoice::default(),
            time: TimeControl::None,
            player_name: String::new(),
        }
    }
}

/// The default value of each option of `v`, in its option table's order.
fn default_values(v: &VariantInfo) -> Vec<String> {
    v.options.iter().map(|o| o.default.to_string()).collect()
}

impl MenuChoice {
    /// The selected variant.
    pub fn info(&self) -> &'static VariantInfo {
        variants()[self.variant]
    }
    /// The chosen values of the selected variant's options: its defaults
    /// when it was registered after the menu was made (a player's file
    /// registered or replaced at run time).
    pub fn values(&self) -> Vec<String> {
        let info = self.info();
        self.options
            .get(self.variant)
            .filter(|v| v.len() == info.options.len())
            .cloned()
            .unwrap_or_else(|| default_values(info))
    }
    /// [`MenuChoice::values`] to edit (made from the defaults if missing).
    pub fn values_mut(&mut self) -> &mut Vec<String> {
        let values = self.values();
        let all = variants();
        self.options
            .resize_with(self.options.len().max(all.len()), Vec::new);
        let slot = &mut self.options[self.variant];
        *slot = values;
        slot
    }
    /// The selected options as name/value pairs.
    pub fn option_pairs(&self) -> Vec<(String, String)> {
        self.info()
            .options
            .iter()
            .zip(self.values())
            .map(|(o, v)| (o.name.to_string(), v))
            .collect()
    }
    /// The game the menu's choices set up.
    pub fn setup(&self) -> GameSetup {
        let mut setup = GameSetup {
            players: self.players,
            ..GameSetup::new(self.info().id, self.option_pairs())
        };
        setup.time = self.time;
        for (name, player) in setup.names.iter_mut().zip(setup.players) {
            if player == Player::Human {
                name.clone_from(&self.player_name);
            }
        }
        setup
    }
    /// The computer's fixed thinking time per move, if one is chosen
    /// (`None`: by level).
    pub fn think_time(&self) -> Option<std::time::Duration> {
        match THINK_TIMES_MS.get(self.think_time).copied().unwrap_or(0) {
            0 => None,
            ms => Some(std::time::Duration::from_millis(ms)),
        }
    }
    /// Steps option `k` of the selected variant by `delta`: a list option
    /// to its next (`+1`) or previous (`-1`) value, wrapping; a number up or
    /// down, within its range.
    pub fn step_option(&mut self, k: usize, delta: i32) {
        self.edit_option(k, |kind, v| options::stepped(kind, v, delta));
    }

    /// Replaces the value of option `k` of the selected variant by `f` of
    /// its kind and current value.
    pub fn edit_option(&mut self, k: usize, f: impl FnOnce(OptionKind, &str) -> String) {
        let Some(spec) = self.info().options.get(k) else {
            return;
        };
        let current = &mut self.values_mut()[k];
        *current = f(spec.kind, current);
    }
}

/// Windows over the current screen.
#[derive(Resource, Default, Debug, Clone)]
pub struct Overlays {
    /// The in-game menu.
    pub game_menu: bool,
    /// The controls screen.
    pub controls: bool,
    /// The piece guide ("how the pieces move").
    pub guide: bool,
    /// The game-end dialog, with the result it shows.
    pub end: Option<Outcome>,
    /// "Start a new line from here?", with the move chosen at an earlier ply.
    pub new_line: Option<MoveIntent>,
    /// The load screen (saved games).
    pub load: bool,
    /// The LAN join screen.
    pub join: bool,
}

/// The piece guide: a variant's pieces, one shown alone on its board.
#[derive(Resource, Default, Clone)]
pub struct Guide {
    /// The variant explained.
    pub variant: Option<Arc<Variant>>,
    /// Its piece kinds.
    pub kinds: Vec<Kind>,
    /// The one shown.
    pub piece: usize,
}

/// The front panel given the screen and what is open.
pub fn front_panel(
    screen: Screen,
    overlays: &Overlays,
    selection: &Selection,
    help: &HowItMoves,
) -> Panel {
    if overlays.controls {
        return Panel::Controls;
    }
    if overlays.guide {
        return Panel::Guide;
    }
    if overlays.load {
        return Panel::LoadGame;
    }
    match screen {
        Screen::Menu if overlays.join => Panel::Join,
        Screen::Menu => Panel::MainMenu,
        Screen::Game if overlays.game_menu => Panel::GameMenu,
        Screen::Game if overlays.end.is_some() => Panel::EndDialog,
        Screen::Game if overlays.new_line.is_some() => Panel::NewLine,
        Screen::Game if selection.0.chooser().is_some() => Panel::Chooser,
        Screen::Game if help.is_open() => Panel::Help,
        Screen::Game => Panel::Board,
    }
}

/// One thing a menu offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// Main menu: the variant list, showing variant `i` (index into
    /// [`variants`]); left/right step through the variants.
    Variant(usize),
    /// Main menu: option `k` of the picked variant (adjust with left/right).
    Option(usize),
    /// Main menu: who plays this side (by `Color::index`): Human or
    /// Computer 1–8 (adjust with left/right).
    Seat(usize),
    /// Main menu: the computer's thinking time per move (adjust with left/right).
    ThinkTime,
    /// Main menu: the time control (left/right: presets; Select: type one).
    TimeControl,
    /// Main menu: the player's name (Select: type it).
    PlayerName,
    /// Main menu: the sound volume (left/right).
    Volume,
    /// Main menu: sound on or off.
    Mute,
    /// Main menu: the animation speed (left/right).
    AnimationSpeed,
    /// In-game menu: pause or resume the clock.
    PauseClock,
    /// Main menu: start a new game.
    Start,
    /// Main menu: back to the game in progress.
    Resume,
    /// Open the piece guide.
    Guide,
    /// Open the controls screen.
    Controls,
    /// Leave Chimera.
    Quit,
    /// Guide: show piece `i`.
    GuidePiece(usize),
    /// Close the guide or the controls screen.
    Back,
    /// In-game menu: close it.
    Continue,
    /// Take back a move.
    Undo,
    /// Replay a move.
    Redo,
    /// Flip the board.
    Flip,
    /// Switch 2D/3D.
    SwitchView,
    /// Show or hide the pieces' letters.
    ShowLetters,
    /// The answering side (see `interaction::answering_side`) resigns.
    Resign,
    /// The answering side offers a draw.
    OfferDraw,
    /// The answering side accepts the other's offer (a draw; in a LAN game
    /// also a takeback or a rematch).
    Accept(Offer),
    /// The answering side declines it.
    Decline(Offer),
    /// LAN game: claim the win, the opponent gone past its grace period.
    ClaimWin,
    /// Same variant and options again (in a LAN game: a rematch, colours
    /// swapped, once the opponent agrees).
    NewGame,
    /// To the main menu.
    MainMenu,
    /// End dialog: close it and look at the final position.
    LookAtBoard,
    /// Chooser: answer `i`.
    Choice(usize),
    /// Chooser: close it.
    CancelChooser,
    /// New-line dialog: truncate the game there and play the move.
    StartNewLine,
    /// New-line dialog: keep the game as it is.
    KeepLine,
    /// In-game menu: show the best move of a short search for the side to move.
    Hint,
    /// In-game menu: pause or resume the computer players.
    PauseComputer,
    /// In-game menu: show or hide the evaluation bar.
    EvalBar,
    /// Main menu: continue the autosaved game.
    ContinueSaved,
    /// In-game menu: save the game into the games folder.
    SaveGame,
    /// Open the load screen.
    LoadGame,
    /// Load screen: open saved game `i` (index into `SavedGames::games`).
    SavedGame(usize),
    /// Main menu: host the chosen game on the LAN.
    HostLan,
    /// Main menu: open the LAN join screen.
    JoinLan,
    /// Join screen: join game `i` of the list.
    JoinGame(usize),
    /// Join screen: the address field (type while it has the focus).
    JoinAddress,
    /// Join screen: watch only, on or off.
    JoinSpectate,
    /// Join screen: join the typed address.
    JoinConnect,
}

/// An entry was activated (click, Enter, South).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuActivated(pub Entry);

/// An adjustable entry was stepped (left/right on an option).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuAdjusted(pub Entry, pub i32);

/// What the entries of the panels depend on: the menu's choices, the
/// game, the board's selection, the guide, the saved games and the LAN
/// game's authority.
#[derive(bevy::ecs::system::SystemParam)]
pub struct EntryContext<'w> {
    /// The main menu's choices.
    pub choice: Res<'w, MenuChoice>,
    /// The game, if any.
    pub game: Option<Res<'w, CurrentMatch>>,
    /// The board's selection (its chooser).
    pub selection: Res<'w, Selection>,
    /// The piece guide.
    pub guide: Res<'w, Guide>,
    /// The saved games.
    pub saved: Res<'w, SavedGames>,
    /// The LAN game's authority, if any.
    pub authority: Option<Res<'w, Authority>>,
}

impl EntryContext<'_> {
    /// The [`entries`] of `panel` now.
    pub fn entries(&self, panel: Panel) -> Vec<Entry> {
        entries(
            panel,
            &self.choice,
            self.game.as_deref().map(|m| &m.0),
            &self.selection,
            &self.guide,
            &self.saved,
            self.authority.as_deref(),
        )
    }
}

/// The entries of a panel, in focus order. `authority`: the LAN game's
/// (its offers to answer and win claim come first in the in-game menu).
pub fn entries(
    panel: Panel,
    choice: &MenuChoice,
    game: Option<&Match>,
    selection: &Selection,
    guide: &Guide,
    saved: &SavedGames,
    authority: Option<&Authority>,
) -> Vec<Entry> {
    use Entry::*;
    match panel {
        Panel::MainMenu => {
            let mut v = vec![Variant(choice.variant)];
            v.extend((0..choice.info().options.len()).map(Option));
            v.extend([Entry::TimeControl, Seat(0), Seat(1), ThinkTime]);
            v.extend([PlayerName, Volume, Mute, AnimationSpeed]);
            v.push(Start);
            if game.is_some() {
                v.push(Resume);
            } else if saved.autosave.is_some() {
                v.push(ContinueSaved);
            }
            v.extend([LoadGame, HostLan, JoinLan, Guide, Controls, Quit]);
            v
        }
        Panel::Guide => {
            let mut v: Vec<Entry> = (0..guide.kinds.len()).map(GuidePiece).collect();
            v.push(Back);
            v
        }
        Panel::Controls => vec![Back],
        Panel::LoadGame => {
            let mut v: Vec<Entry> = (0..saved.games.len()).map(SavedGame).collect();
            v.push(Back);
            v
        }
        Panel::GameMenu => {
            let mut v = vec![Continue];
            if let Some(g) = game {
                v.extend(answers(g, authority));
                if g.can_undo() {
                    v.push(Undo);
                }
                if g.can_redo() {
                    v.push(Redo);
                }
                v.extend([Flip, SwitchView, ShowLetters]);
                if g.outcome().is_none() && g.setup().time.is_timed() {
                    v.push(PauseClock);
                }
                if g.outcome().is_none() {
                    if g.setup().player(g.position().side_to_move()) == Player::Human {
                        v.push(Hint);
                    }
                    if g.setup().players.iter().any(|p| *p != Player::Human) {
                        v.push(PauseComputer);
                    }
                    if answering_side(g, authority).is_some() {
                        if g.draw_offer().is_none() {
                            v.push(OfferDraw);
                        }
                        v.push(Resign);
                    }
                }
                v.push(EvalBar);
                v.push(NewGame);
                v.push(SaveGame);
            }
            v.extend([LoadGame, Guide, Controls, MainMenu, Quit]);
            v
        }
        Panel::EndDialog => {
            let mut v = vec![LookAtBoard];
            let answers = game.map(|g| answers(g, authority)).unwrap_or_default();
            if !answers.contains(&Accept(Offer::Rematch)) {
                v.push(NewGame);
            }
            v.extend(answers);
            v.push(MainMenu);
            v
        }
        Panel::NewLine => vec![StartNewLine, KeepLine],
        Panel::Chooser => {
            let n = selection.0.chooser().map_or(0, |c| c.choices.len());
            let mut v: Vec<Entry> = (0..n).map(Choice).collect();
            v.push(CancelChooser);
            v
        }
        Panel::Join => {
            let mut v: Vec<Entry> = (0..choice.join.games.len()).map(JoinGame).collect();
            v.extend([JoinAddress, JoinConnect, JoinSpectate, Back]);
            v
        }
        Panel::Help | Panel::Board => Vec::new(),
    }
}

/// The answers this screen owes: accept or decline each offer waiting for
/// it, and claiming the win when the opponent is gone for good.
fn answers(game: &Match, authority: Option<&Authority>) -> Vec<Entry> {
    let mut v: Vec<Entry> = offers_to_answer(game, authority)
        .into_iter()
        .flat_map(|o| [Entry::Accept(o), Entry::Decline(o)])
        .collect();
    if game.outcome().is_none() && authority.is_some_and(|a| a.can_claim) {
        v.push(Entry::ClaimWin);
    }
    v
}

/// What "cancel" means on a panel.
pub fn back_entry(panel: Panel, has_game: bool) -> Option<Entry> {
    match panel {
        Panel::MainMenu => has_game.then_some(Entry::Resume),
        Panel::Guide | Panel::Controls | Panel::LoadGame | Panel::Join => Some(Entry::Back),
        Panel::GameMenu => Some(Entry::Continue),
        Panel::EndDialog => Some(Entry::LookAtBoard),
        Panel::NewLine => Some(Entry::KeepLine),
        Panel::Chooser => Some(Entry::CancelChooser),
        Panel::Help | Panel::Board => None,
    }
}

/// Whether the join screen's address field has the focus (keys type into it).
pub fn typing_address(active: Panel, focus: &MenuFocus, choice: &MenuChoice) -> bool {
    let list = entries(
        Panel::Join,
        choice,
        None,
        &Selection::default(),
        &Guide::default(),
        &SavedGames::default(),
        None,
    );
    active == Panel::Join
        && focus.panel == Some(Panel::Join)
        && focus.entry(&list) == Some(Entry::JoinAddress)
}

/// The entry with the keyboard/gamepad focus.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuFocus {
    /// The panel it belongs to (focus resets when the front panel changes).
    pub panel: Option<Panel>,
    /// Index into that panel's [`entries`].
    pub index: usize,
}

impl MenuFocus {
    /// The focused entry of `list` (a panel's entries).
    pub fn entry(&self, list: &[Entry]) -> Option<Entry> {
        list.get(self.index.min(list.len().saturating_sub(1)))
            .copied()
    }
}

/// Where focus starts on a panel.
fn initial_focus(panel: Panel, list: &[Entry], guide: &Guide) -> usize {
    let want = match panel {
        Panel::Guide => Entry::GuidePiece(guide.piece),
        _ => return 0,
    };
    list.iter().position(|e| *e == want).unwrap_or(0)
}

fn update_active_panel(
    screen: Res<State<Screen>>,
    overlays: Res<Overlays>,
    help: Res<HowItMoves>,
    ctx: EntryContext,
    mut active: ResMut<ActivePanel>,
    mut focus: ResMut<MenuFocus>,
) {
    let panel = front_panel(*screen.get(), &overlays, &ctx.selection, &help);
    active.set_if_neq(ActivePanel(panel));
    if focus.panel != Some(panel) {
        let list = ctx.entries(panel);
        *focus = MenuFocus {
            panel: Some(panel),
            index: initial_focus(panel, &list, &ctx.guide),
        };
    }
}

/// A move chosen at an earlier ply opens the new-line dialog.
fn open_new_line_dialog(mut asked: MessageReader<NewLineAsked>, mut overlays: ResMut<Overlays>) {
    if let Some(NewLineAsked(req)) = asked.read().last() {
        overlays.new_line = Some(*req);
    }
}

/// A saved game was opened: every window closes and the board shows it.
fn show_opened_game(
    mut opened: MessageReader<GameOpened>,
    mut overlays: ResMut<Overlays>,
    mut next: ResMut<NextState<Screen>>,
) {
    if opened.read().last().is_some() {
        *overlays = Overlays::default();
        next.set(Screen::Game);
    }
}

fn open_end_dialog(mut ended: MessageReader<GameEnded>, mut overlays: ResMut<Overlays>) {
    if let Some(e) = ended.read().last() {
        overlays.end = Some(e.outcome);
        overlays.game_menu = false;
    }
}

/// Opens the guide on a variant.
pub fn open_guide(guide: &mut Guide, overlays: &mut Overlays, variant: Arc<Variant>) {
    guide.kinds = variant.piece_kinds();
    guide.variant = Some(variant);
    guide.piece = guide.piece.min(guide.kinds.len().saturating_sub(1));
    overlays.guide = true;
}

fn apply_adjustments(
    mut adjusted: MessageReader<MenuAdjusted>,
    mut choice: ResMut<MenuChoice>,
    mut editor: ResMut<NumberEditor>,
    mut prefs: ResMut<Prefs>,
) {
    for MenuAdjusted(entry, delta) in adjusted.read() {
        match entry {
            e if player::adjustable(*e) => player::adjust(*e, *delta, &mut choice, &mut prefs),
            Entry::Option(k) => {
                choice.step_option(*k, *delta);
                // Digits typed next append to the stepped number.
                editor.fresh = false;
            }
            Entry::Variant(_) => {
                let n = variants().len() as i32;
                choice.variant = (choice.variant as i32 + delta).rem_euclid(n) as usize;
            }
            Entry::Seat(i) => {
                if let Some(p) = choice.players.get_mut(*i) {
                    *p = step_player(*p, *delta);
                }
            }
            Entry::ThinkTime => {
                let n = THINK_TIMES_MS.len() as i32;
                choice.think_time = (choice.think_time as i32 + delta).rem_euclid(n) as usize;
            }
            _ => {}
        }
    }
}

/// Everything activating an entry can touch.
#[derive(bevy::ecs::system::SystemParam)]
pub struct EntryEffects<'w> {
    screen: Res<'w, State<Screen>>,
    next: ResMut<'w, NextState<Screen>>,
    overlays: ResMut<'w, Overlays>,
    choice: ResMut<'w, MenuChoice>,
    guide: ResMut<'w, Guide>,
    focus: ResMut<'w, MenuFocus>,
    editor: ResMut<'w, NumberEditor>,
    text: ResMut<'w, TextEditor>,
    prefs: ResMut<'w, Prefs>,
    layout: ResMut<'w, BoardLayout>,
    mode: ResMut<'w, ViewMode>,
    letters: ResMut<'w, ShowLetters>,
    commands: MessageWriter<'w, MatchCommand>,
    saves: MessageWriter<'w, SaveRequest>,
    select: MessageWriter<'w, SelectInput>,
    exit: MessageWriter<'w, AppExit>,
    replay: ResMut<'w, Replay>,
    lan: MessageWriter<'w, LanRequest>,
}

fn apply_entries(
    mut activated: MessageReader<MenuActivated>,
    game: Option<Res<CurrentMatch>>,
    authority: Option<Res<Authority>>,
    mut fx: EntryEffects,
) {
    for MenuActivated(entry) in activated.read() {
        let game = game.as_deref().map(|m| &m.0);
        let side = game.and_then(|g| answering_side(g, authority.as_deref()));
        match *entry {
            Entry::Variant(i) => {
                // Picked: on to its options (or Start).
                fx.choice.variant = i.min(variants().len() - 1);
                fx.focus.index = 1;
            }
            Entry::Option(k) => match fx.choice.info().options.get(k).map(|o| o.kind) {
                Some(OptionKind::Number { .. }) => fx.editor.open(k),
                _ => fx.choice.step_option(k, 1),
            },
            Entry::Seat(i) => {
                if let Some(p) = fx.choice.players.get_mut(i) {
                    *p = step_player(*p, 1);
                }
            }
            Entry::ThinkTime => {
                fx.choice.think_time = (fx.choice.think_time + 1) % THINK_TIMES_MS.len();
            }
            // The computer answers these (it lies above the menus).
            Entry::Hint | Entry::PauseComputer | Entry::EvalBar => {
                fx.overlays.game_menu = false;
            }
            Entry::TimeControl
            | Entry::PlayerName
            | Entry::Volume
            | Entry::Mute
            | Entry::AnimationSpeed
            | Entry::PauseClock => {
                player::activate(
                    *entry,
                    &mut fx.choice,
                    &mut fx.prefs,
                    &mut fx.text,
                    game,
                    &mut fx.commands,
                );
                if *entry == Entry::PauseClock {
                    fx.overlays.game_menu = false;
                }
            }
            Entry::Start => {
                fx.commands.write(MatchCommand::NewGame(fx.choice.setup()));
                *fx.overlays = Overlays::default();
                fx.next.set(Screen::Game);
            }
            Entry::Resume => {
                if game.is_some() {
                    fx.overlays.guide = false;
                    fx.overlays.controls = false;
                    fx.next.set(Screen::Game);
                }
            }
            Entry::Guide => {
                let variant = match (*fx.screen.get(), game) {
                    (Screen::Game, Some(g)) => Some(g.variant().clone()),
                    _ => Variant::new(fx.choice.info().id, &fx.choice.option_pairs()).ok(),
                };
                if let Some(v) = variant {
                    open_guide(&mut fx.guide, &mut fx.overlays, v);
                }
            }
            Entry::Controls => fx.overlays.controls = true,
            Entry::Quit => {
                fx.exit.write(AppExit::Success);
            }
            Entry::GuidePiece(i) => fx.guide.piece = i,
            Entry::Back => {
                if fx.overlays.controls {
                    fx.overlays.controls = false;
                } else if fx.overlays.guide {
                    fx.overlays.guide = false;
                } else if fx.overlays.load {
                    fx.overlays.load = false;
                } else {
                    fx.overlays.join = false;
                }
            }
            Entry::ContinueSaved => {
                fx.saves.write(SaveRequest::Continue);
            }
            Entry::SaveGame => {
                fx.saves.write(SaveRequest::Save);
                fx.overlays.game_menu = false;
            }
            Entry::LoadGame => {
                fx.saves.write(SaveRequest::List);
                fx.overlays.load = true;
            }
            Entry::SavedGame(i) => {
                fx.saves.write(SaveRequest::Open(i));
            }
            Entry::HostLan => {
                fx.choice.join.status = None;
                fx.lan.write(LanRequest::Host(fx.choice.setup()));
            }
            Entry::JoinLan => {
                fx.overlays.join = true;
                fx.choice.join.status = None;
            }
            Entry::JoinGame(i) => {
                if let Some(g) = fx.choice.join.games.get(i) {
                    fx.lan.write(LanRequest::Join {
                        address: g.address.clone(),
                        spectate: fx.choice.join.spectate,
                    });
                }
            }
            Entry::JoinConnect | Entry::JoinAddress
                if !fx.choice.join.address.trim().is_empty() =>
            {
                fx.lan.write(LanRequest::Join {
                    address: fx.choice.join.address.trim().to_string(),
                    spectate: fx.choice.join.spectate,
                });
            }
            Entry::JoinSpectate => fx.choice.join.spectate = !fx.choice.join.spectate,
            Entry::JoinConnect | Entry::JoinAddress => {
                fx.choice.join.status = Some("Type the host's address first".to_string());
            }
            Entry::Continue => fx.overlays.game_menu = false,
            Entry::Undo | Entry::Redo => {
                fx.commands.write(if *entry == Entry::Undo {
                    MatchCommand::Undo
                } else {
                    MatchCommand::Redo
                });
                fx.overlays.game_menu = false;
            }
            Entry::Flip => {
                fx.layout.flipped = !fx.layout.flipped;
                fx.overlays.game_menu = false;
            }
            Entry::SwitchView => {
                *fx.mode = fx.mode.toggled();
                fx.overlays.game_menu = false;
            }
            Entry::ShowLetters => {
                fx.letters.0 = !fx.letters.0;
                fx.overlays.game_menu = false;
            }
            Entry::Resign | Entry::OfferDraw | Entry::Accept(_) => {
                if let Some(side) = side {
                    fx.commands.write(match *entry {
                        Entry::OfferDraw => MatchCommand::OfferDraw(side),
                        Entry::Accept(offer) => MatchCommand::Accept(offer, side),
                        _ => MatchCommand::Resign(side),
                    });
                }
                fx.overlays.game_menu = false;
            }
            Entry::Decline(offer) => {
                fx.commands.write(MatchCommand::Decline(offer));
                fx.overlays.game_menu = false;
            }
            Entry::ClaimWin => {
                fx.commands.write(MatchCommand::ClaimWin);
                fx.overlays.game_menu = false;
            }
            Entry::NewGame => {
                if let Some(g) = game {
                    fx.commands.write(MatchCommand::NewGame(g.setup().clone()));
                }
                *fx.overlays = Overlays::default();
            }
            Entry::MainMenu => {
                *fx.overlays = Overlays::default();
                fx.next.set(Screen::Menu);
            }
            Entry::LookAtBoard => fx.overlays.end = None,
            Entry::Choice(i) => {
                fx.select.write(SelectInput::Choose(i));
            }
            Entry::CancelChooser => {
                fx.select.write(SelectInput::Cancel);
            }
            Entry::StartNewLine => {
                // The match keeps the moves after that ply as its redo list
                // (undoing the new move brings them back); the move follows
                // once the match is there.
                if let Some(req) = fx.overlays.new_line.take() {
                    fx.commands.write(MatchCommand::TruncateTo(req.ply));
                    fx.replay.queue(req);
                }
            }
            Entry::KeepLine => fx.overlays.new_line = None,
        }
        // A fresh panel starts with its own focus.
        if !matches!(
            entry,
            Entry::Variant(_)
                | Entry::Option(_)
                | Entry::GuidePiece(_)
                | Entry::Seat(_)
                | Entry::ThinkTime
                | Entry::SavedGame(_)
                | Entry::JoinAddress
                | Entry::JoinSpectate
                | Entry::JoinGame(_)
                | Entry::JoinConnect
        ) && !player::adjustable(*entry)
            && *entry != Entry::PlayerName
        {
            fx.focus.panel = None;
        }
    }
}

/// Whether a panel is a list of entries the focus moves through.
fn is_menu(panel: Panel) -> bool {
    !matches!(panel, Panel::Board | Panel::Help)
}

#[allow(clippy::too_many_arguments)]
fn navigate_menus(
    actions: Single<&ActionState<GameAction>>,
    step: Res<NavStep>,
    active: Res<ActivePanel>,
    mut focus: ResMut<MenuFocus>,
    mut overlays: ResMut<Overlays>,
    ctx: EntryContext,
    mut editor: ResMut<NumberEditor>,
    keys: Res<ButtonInput<KeyCode>>,
    text: Res<TextEditor>,
    mut activated: MessageWriter<MenuActivated>,
    mut adjusted: MessageWriter<MenuAdjusted>,
) {
    if text.busy() {
        // Keys type text; see `player`.
        return;
    }
    let panel = active.0;
    if actions.just_pressed(&GameAction::Menu) {
        match panel {
            Panel::GameMenu => overlays.game_menu = false,
            Panel::Board | Panel::Help | Panel::Chooser | Panel::EndDialog => {
                overlays.game_menu = true
            }
            _ => {
                if let Some(e) = back_entry(panel, ctx.game.is_some()) {
                    activated.write(MenuActivated(e));
                }
            }
        }
        return;
    }
    if !is_menu(panel) || focus.panel != Some(panel) {
        return;
    }
    let list = ctx.entries(panel);
    if list.is_empty() {
        return;
    }
    if let Some(Entry::Option(k)) = focus
        .entry(&list)
        .filter(|e| options::is_editing(&editor, Some(*e)))
    {
        // The number editor: every direction steps the number; Select or
        // Cancel close it (Backspace erases a digit instead, see `options`).
        if let Some((dx, dy)) = step.0 {
            let d = if dy != 0 { dy } else { dx };
            adjusted.write(MenuAdjusted(Entry::Option(k), d as i32));
        }
        let cancel =
            actions.just_pressed(&GameAction::Cancel) && !keys.just_pressed(KeyCode::Backspace);
        if actions.just_pressed(&GameAction::Select) || cancel {
            *editor = NumberEditor::default();
        }
        return;
    }
    if let Some((dx, dy)) = step.0 {
        let current = focus.entry(&list);
        let sideways = matches!(
            current,
            Some(Entry::Option(_) | Entry::Variant(_) | Entry::Seat(_) | Entry::ThinkTime)
        ) || current.is_some_and(player::adjustable);
        if dx != 0 && dy == 0 && sideways {
            adjusted.write(MenuAdjusted(current.unwrap_or(Entry::Start), dx as i32));
        } else {
            // Up is the previous entry; right moves on along a row.
            let delta = if dy != 0 { -dy as i32 } else { dx as i32 };
            let n = list.len() as i32;
            focus.index = (focus.index.min(list.len() - 1) as i32 + delta).rem_euclid(n) as usize;
            // Lists that show what is focused follow the focus.
            if let Some(e @ Entry::GuidePiece(_)) = focus.entry(&list) {
                activated.write(MenuActivated(e));
            }
        }
    }
    if actions.just_pressed(&GameAction::Select)
        && let Some(e) = focus.entry(&list)
    {
        activated.write(MenuActivated(e));
    } else if actions.just_pressed(&GameAction::Cancel)
        // Backspace in the address field erases a character instead.
        && !(typing_address(panel, &focus, &ctx.choice) && keys.just_pressed(KeyCode::Backspace))
        && let Some(e) = back_entry(panel, ctx.game.is_some())
    {
        activated.write(MenuActivated(e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_step_through_their_values_and_wrap() {
        let mut c = MenuChoice {
            variant: variants().iter().position(|v| v.id == "holygrail").unwrap(),
            ..MenuChoice::default()
        };
        let k = c
            .info()
            .options
            .iter()
            .position(|o| o.name == "drops")
            .unwrap();
        let OptionKind::Choice(values) = c.info().options[k].kind else {
            panic!("drops is a list option");
        };
        assert_eq!(c.options[c.variant][k], values[0]);
        c.step_option(k, 1);
        assert_eq!(c.options[c.variant][k], values[1]);
        c.step_option(k, -2);
        assert_eq!(c.options[c.variant][k], values[values.len() - 1]);
    }

    #[test]
    fn the_front_panel_follows_what_is_open() {
        let mut o = Overlays::default();
        let sel = Selection::default();
        let help = HowItMoves::default();
        assert_eq!(front_panel(Screen::Game, &o, &sel, &help), Panel::Board);
        o.end = Some(Outcome {
            winner: None,
            reason: chimera_rules::EndReason::DrawAgreed,
        });
        assert_eq!(front_panel(Screen::Game, &o, &sel, &help), Panel::EndDialog);
        o.game_menu = true;
        assert_eq!(front_panel(Screen::Game, &o, &sel, &help), Panel::GameMenu);
        o.controls = true;
        assert_eq!(front_panel(Screen::Game, &o, &sel, &help), Panel::Controls);
        assert_eq!(
            front_panel(Screen::Menu, &Overlays::default(), &sel, &help),
            Panel::MainMenu
        );
    }
}
