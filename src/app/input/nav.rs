//! Keyboard and gamepad navigation of everything that is not the board: the
//! directional action becomes single steps (repeating while held, never
//! skipping); up/down move the focus of the front menu, chooser or dialog,
//! left/right step an adjustable entry (variant, option) or move along a
//! row; Select activates the focused entry, Cancel goes back, Menu opens or
//! closes the in-game menu. The board cursor uses the same steps.

use super::InputSet;
use super::actions::GameAction;
use crate::app::match_state::Match;
use crate::app::menus::{
    self, ActivePanel, Entry, Guide, MenuActivated, MenuAdjusted, MenuChoice, MenuFocus, Overlays,
    Panel,
};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NavStep>().add_systems(
        Update,
        (read_step, navigate_menus)
            .chain()
            .in_set(InputSet::Devices)
            .before(super::cursor::CursorSystems),
    );
}

/// This frame's single step of the directional action: (right, up) in
/// screen terms, each −1, 0 or 1; `None` when no step fires this frame.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NavStep(pub Option<(i8, i8)>);

/// First repeat after this long, then every [`REPEAT_SECS`].
const REPEAT_DELAY_SECS: f32 = 0.35;
const REPEAT_SECS: f32 = 0.11;

/// Held direction and time to its next repeat.
#[derive(Default)]
struct Repeat {
    held: Option<(i8, i8)>,
    wait: f32,
}

fn read_step(
    actions: Single<&ActionState<GameAction>>,
    time: Res<Time>,
    mut step: ResMut<NavStep>,
    mut repeat: Local<Repeat>,
) {
    let axis = actions.axis_pair(&GameAction::MoveCursor);
    let dir = |v: f32| (v > 0.5) as i8 - (v < -0.5) as i8;
    let now = (dir(axis.x), dir(axis.y));
    let fire = if now == (0, 0) {
        repeat.held = None;
        false
    } else if repeat.held == Some(now) {
        repeat.wait -= time.delta_secs();
        let due = repeat.wait <= 0.0;
        if due {
            repeat.wait += REPEAT_SECS;
        }
        due
    } else {
        repeat.held = Some(now);
        repeat.wait = REPEAT_DELAY_SECS;
        true
    };
    step.set_if_neq(NavStep(fire.then_some(now)));
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
    selection: Res<super::Selection>,
    guide: Res<Guide>,
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
                if let Some(e) = menus::back_entry(panel, game.is_some()) {
                    activated.write(MenuActivated(e));
                }
            }
        }
        return;
    }
    if !is_menu(panel) || focus.panel != Some(panel) {
        return;
    }
    let list = menus::entries(panel, &choice, game.as_deref(), &selection, &guide);
    if list.is_empty() {
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
        && let Some(e) = menus::back_entry(panel, game.is_some())
    {
        activated.write(MenuActivated(e));
    }
}
