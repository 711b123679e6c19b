//! Menus as data: which windows are open ([`Overlays`]) and so which panel
//! is in front (main menu, piece guide, controls, in-game menu, game-end
//! dialog, chooser, or the board), the entries each offers, which entry has
//! the keyboard/gamepad focus, and what activating an entry does. The egui
//! views in `ui` draw these entries and report clicks as [`MenuActivated`];
//! the pad and keyboard move [`MenuFocus`] by the shared [`NavStep`] and
//! activate the focused entry — one logic for every device, testable
//! without a renderer.

mod options;

pub use options::{NumberEditor, shown_value};

use crate::app::interaction::{
    ActivePanel, GameAction, HowItMoves, NavStep, Panel, SelectInput, Selection,
};
use crate::app::match_state::{GameEnded, Match, MatchCommand};
use crate::app::scene::{BoardLayout, ShowLetters, ViewMode};
use crate::app::{AppSystems, Screen};
use crate::rules::{Kind, OptionKind, Outcome, Variant, VariantInfo, variants};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use std::sync::Arc;

pub fn plugin(app: &mut App) {
    app.init_resource::<MenuChoice>()
        .init_resource::<Overlays>()
        .init_resource::<Guide>()
        .init_resource::<MenuFocus>()
        .init_resource::<NumberEditor>()
        .add_message::<MenuActivated>()
        .add_message::<MenuAdjusted>()
        .add_systems(Update, open_end_dialog.in_set(AppSystems::FollowMatch))
        .add_systems(
            Update,
            (
                navigate_menus,
                options::type_numbers,
                apply_adjustments,
                apply_entries,
            )
                .chain()
                .in_set(AppSystems::Respond),
        )
        .add_systems(Update, update_active_panel.in_set(AppSystems::Front));
}

/// The variant and options picked in the main menu.
#[derive(Resource, Debug, Clone)]
pub struct MenuChoice {
    /// Index into [`variants`].
    pub variant: usize,
    /// Chosen value of each option, per variant (same order as its option table).
    pub options: Vec<Vec<String>>,
}

impl Default for MenuChoice {
    fn default() -> Self {
        MenuChoice {
            variant: 0,
            options: variants()
                .iter()
                .map(|v| v.options.iter().map(|o| o.default.to_string()).collect())
                .collect(),
        }
    }
}

impl MenuChoice {
    /// The selected variant.
    pub fn info(&self) -> &'static VariantInfo {
        &variants()[self.variant]
    }
    /// The selected options as name/value pairs.
    pub fn option_pairs(&self) -> Vec<(String, String)> {
        self.info()
            .options
            .iter()
            .zip(&self.options[self.variant])
            .map(|(o, v)| (o.name.to_string(), v.clone()))
            .collect()
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
        let current = &mut self.options[self.variant][k];
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
    match screen {
        Screen::Menu => Panel::MainMenu,
        Screen::Game if overlays.game_menu => Panel::GameMenu,
        Screen::Game if overlays.end.is_some() => Panel::EndDialog,
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
    /// The side to move resigns.
    Resign,
    /// The side to move offers a draw.
    OfferDraw,
    /// The side to move accepts the offered draw.
    AcceptDraw,
    /// The side to move declines it.
    DeclineDraw,
    /// Same variant and options again.
    NewGame,
    /// To the main menu.
    MainMenu,
    /// End dialog: close it and look at the final position.
    LookAtBoard,
    /// Chooser: answer `i`.
    Choice(usize),
    /// Chooser: close it.
    CancelChooser,
}

/// An entry was activated (click, Enter, South).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuActivated(pub Entry);

/// An adjustable entry was stepped (left/right on an option).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuAdjusted(pub Entry, pub i32);

/// The entries of a panel, in focus order.
pub fn entries(
    panel: Panel,
    choice: &MenuChoice,
    game: Option<&Match>,
    selection: &Selection,
    guide: &Guide,
) -> Vec<Entry> {
    use Entry::*;
    match panel {
        Panel::MainMenu => {
            let mut v = vec![Variant(choice.variant)];
            v.extend((0..choice.info().options.len()).map(Option));
            v.push(Start);
            if game.is_some() {
                v.push(Resume);
            }
            v.extend([Guide, Controls, Quit]);
            v
        }
        Panel::Guide => {
            let mut v: Vec<Entry> = (0..guide.kinds.len()).map(GuidePiece).collect();
            v.push(Back);
            v
        }
        Panel::Controls => vec![Back],
        Panel::GameMenu => {
            let mut v = vec![Continue];
            if let Some(g) = game {
                if g.can_undo() {
                    v.push(Undo);
                }
                if g.can_redo() {
                    v.push(Redo);
                }
                v.extend([Flip, SwitchView, ShowLetters]);
                if g.outcome().is_none() {
                    let side = g.position().side_to_move();
                    match g.draw_offer() {
                        Some(by) if by != side => v.extend([AcceptDraw, DeclineDraw]),
                        Some(_) => {}
                        None => v.push(OfferDraw),
                    }
                    v.push(Resign);
                }
                v.push(NewGame);
            }
            v.extend([Guide, Controls, MainMenu, Quit]);
            v
        }
        Panel::EndDialog => vec![LookAtBoard, NewGame, MainMenu],
        Panel::Chooser => {
            let n = selection.0.chooser().map_or(0, |c| c.choices.len());
            let mut v: Vec<Entry> = (0..n).map(Choice).collect();
            v.push(CancelChooser);
            v
        }
        Panel::Help | Panel::Board => Vec::new(),
    }
}

/// What "cancel" means on a panel.
pub fn back_entry(panel: Panel, has_game: bool) -> Option<Entry> {
    match panel {
        Panel::MainMenu => has_game.then_some(Entry::Resume),
        Panel::Guide | Panel::Controls => Some(Entry::Back),
        Panel::GameMenu => Some(Entry::Continue),
        Panel::EndDialog => Some(Entry::LookAtBoard),
        Panel::Chooser => Some(Entry::CancelChooser),
        Panel::Help | Panel::Board => None,
    }
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

#[allow(clippy::too_many_arguments)]
fn update_active_panel(
    screen: Res<State<Screen>>,
    overlays: Res<Overlays>,
    selection: Res<Selection>,
    help: Res<HowItMoves>,
    choice: Res<MenuChoice>,
    game: Option<Res<Match>>,
    guide: Res<Guide>,
    mut active: ResMut<ActivePanel>,
    mut focus: ResMut<MenuFocus>,
) {
    let panel = front_panel(*screen.get(), &overlays, &selection, &help);
    active.set_if_neq(ActivePanel(panel));
    if focus.panel != Some(panel) {
        let list = entries(panel, &choice, game.as_deref(), &selection, &guide);
        *focus = MenuFocus {
            panel: Some(panel),
            index: initial_focus(panel, &list, &guide),
        };
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
) {
    for MenuAdjusted(entry, delta) in adjusted.read() {
        match entry {
            Entry::Option(k) => {
                choice.step_option(*k, *delta);
                // Digits typed next append to the stepped number.
                editor.fresh = false;
            }
            Entry::Variant(_) => {
                let n = variants().len() as i32;
                choice.variant = (choice.variant as i32 + delta).rem_euclid(n) as usize;
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
    layout: ResMut<'w, BoardLayout>,
    mode: ResMut<'w, ViewMode>,
    letters: ResMut<'w, ShowLetters>,
    commands: MessageWriter<'w, MatchCommand>,
    select: MessageWriter<'w, SelectInput>,
    exit: MessageWriter<'w, AppExit>,
}

fn apply_entries(
    mut activated: MessageReader<MenuActivated>,
    game: Option<Res<Match>>,
    mut fx: EntryEffects,
) {
    for MenuActivated(entry) in activated.read() {
        let game = game.as_deref();
        let side = game.map(|g| g.position().side_to_move());
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
            Entry::Start => {
                fx.commands.write(MatchCommand::NewGame {
                    variant: fx.choice.info().id.to_string(),
                    options: fx.choice.option_pairs(),
                });
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
                } else {
                    fx.overlays.guide = false;
                }
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
            Entry::Resign | Entry::OfferDraw | Entry::AcceptDraw => {
                if let Some(side) = side {
                    fx.commands.write(match *entry {
                        Entry::Resign => MatchCommand::Resign(side),
                        Entry::OfferDraw => MatchCommand::OfferDraw(side),
                        _ => MatchCommand::AcceptDraw(side),
                    });
                }
                fx.overlays.game_menu = false;
            }
            Entry::DeclineDraw => {
                fx.commands.write(MatchCommand::DeclineDraw);
                fx.overlays.game_menu = false;
            }
            Entry::NewGame => {
                if let Some(g) = game {
                    fx.commands.write(MatchCommand::NewGame {
                        variant: g.variant().id().to_string(),
                        options: g.variant().options().to_vec(),
                    });
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
        }
        // A fresh panel starts with its own focus.
        if !matches!(
            entry,
            Entry::Variant(_) | Entry::Option(_) | Entry::GuidePiece(_)
        ) {
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
    choice: Res<MenuChoice>,
    game: Option<Res<Match>>,
    selection: Res<Selection>,
    guide: Res<Guide>,
    mut editor: ResMut<NumberEditor>,
    keys: Res<ButtonInput<KeyCode>>,
    mut activated: MessageWriter<MenuActivated>,
    mut adjusted: MessageWriter<MenuAdjusted>,
) {
    let panel = active.0;
    if actions.just_pressed(&GameAction::Menu) {
        match panel {
            Panel::GameMenu => overlays.game_menu = false,
            Panel::Board | Panel::Help | Panel::Chooser | Panel::EndDialog => {
                overlays.game_menu = true
            }
            _ => {
                if let Some(e) = back_entry(panel, game.is_some()) {
                    activated.write(MenuActivated(e));
                }
            }
        }
        return;
    }
    if !is_menu(panel) || focus.panel != Some(panel) {
        return;
    }
    let list = entries(panel, &choice, game.as_deref(), &selection, &guide);
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
        if dx != 0 && dy == 0 && matches!(current, Some(Entry::Option(_) | Entry::Variant(_))) {
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
        && let Some(e) = back_entry(panel, game.is_some())
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
            reason: crate::rules::EndReason::DrawAgreed,
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
