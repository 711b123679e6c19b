//! Which panel is in front, and the keyboard/gamepad focus moving through
//! its entries: steps move it, left/right adjust, Select activates, Cancel
//! and the Menu action go back.

use super::{
    Entry, EntryContext, Guide, MenuActivated, MenuAdjusted, NumberEditor, Overlays, TextEditor,
    back_entry, options, player,
};
use crate::interaction::{ActivePanel, GameAction, HowItMoves, NavStep, Panel, Selection};
use crate::schedule::Screen;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

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
    if overlays.learn {
        return Panel::Learn;
    }
    if overlays.load {
        return Panel::LoadGame;
    }
    match screen {
        Screen::Menu if overlays.join => Panel::Join,
        Screen::Menu if overlays.online => Panel::Online,
        Screen::Menu if overlays.puzzles => Panel::Puzzles,
        Screen::Menu => Panel::MainMenu,
        Screen::Game if overlays.game_menu => Panel::GameMenu,
        Screen::Game if overlays.lesson_done => Panel::LessonDone,
        Screen::Game if overlays.end.is_some() => Panel::EndDialog,
        Screen::Game if overlays.new_line.is_some() => Panel::NewLine,
        Screen::Game if selection.0.chooser().is_some() => Panel::Chooser,
        Screen::Game if help.is_open() => Panel::Help,
        Screen::Game => Panel::Board,
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

pub(super) fn update_active_panel(
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

/// Whether a panel is a list of entries the focus moves through.
fn is_menu(panel: Panel) -> bool {
    !matches!(panel, Panel::Board | Panel::Help)
}

#[allow(clippy::too_many_arguments)]
pub(super) fn navigate_menus(
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
            Panel::Board | Panel::Help | Panel::Chooser | Panel::EndDialog | Panel::LessonDone => {
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
            Some(
                Entry::Option(_)
                    | Entry::Variant(_)
                    | Entry::Seat(_)
                    | Entry::ThinkTime
                    | Entry::HostSide
                    | Entry::HostPort
                    | Entry::LearnVariant(_)
            )
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
        // Backspace in the address or port field erases a character instead.
        && !(matches!(focus.entry(&list), Some(Entry::JoinAddress | Entry::HostPort))
            && keys.just_pressed(KeyCode::Backspace))
        && let Some(e) = back_entry(panel, ctx.game.is_some())
    {
        activated.write(MenuActivated(e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_rules::Outcome;

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
