//! Menus as data: which windows are open ([`Overlays`]) and so which panel
//! is in front (main menu, piece guide, controls, in-game menu, game-end
//! dialog, chooser, join screen, or the board), the entries each offers
//! ([`entries`]), which entry has the keyboard/gamepad focus ([`focus`]),
//! and what activating an entry does ([`apply`]). The egui views in `ui`
//! draw these entries and report clicks as [`MenuActivated`]; the pad and
//! keyboard move [`MenuFocus`] by the shared `NavStep` and activate the
//! focused entry — one logic for every device, testable without a renderer.
//!
//! - [`choice`]: the main menu's choices (variant, options, seats, …).
//! - [`entries`]: the entries of each panel.
//! - [`focus`]: the front panel and the focus moving through its entries.
//! - [`apply`]: what an activated entry does.
//! - `options`, `player`: the option editor and the player/clock entries.
//!
//! Panels of features above the menus (the LAN join screen, Play online)
//! publish their entries in [`FeaturePanels`] and answer their own
//! activations.

pub mod apply;
pub mod choice;
pub mod entries;
pub mod focus;
pub mod learn;
mod options;
mod player;

pub use apply::EntryEffects;
pub use choice::{MenuChoice, THINK_TIMES_MS, step_player};
pub use entries::{
    Entry, EntryContext, EntryGroup, EntrySources, FeaturePanels, MenuActivated, MenuAdjusted,
    back_entry, entries,
};
pub use focus::{MenuFocus, front_panel};
pub use learn::{Learn, LessonStatus};
pub use options::{NumberEditor, shown_value};
pub use player::{TIME_PRESETS, TextEditor, step_time, time_label, time_words};

use crate::interaction::NewLineAsked;
use crate::match_state::{GameEnded, LessonBoard, MoveIntent};
use crate::saves::GameOpened;
use crate::schedule::{AppSystems, Screen};
use bevy::prelude::*;
use chimera_rules::{Kind, Outcome, Variant};
use std::sync::Arc;

pub fn plugin(app: &mut App) {
    app.init_resource::<MenuChoice>()
        .init_resource::<Overlays>()
        .init_resource::<Guide>()
        .init_resource::<Learn>()
        .init_resource::<MenuFocus>()
        .init_resource::<NumberEditor>()
        .init_resource::<TextEditor>()
        .add_message::<MenuActivated>()
        .add_message::<MenuAdjusted>()
        .init_resource::<FeaturePanels>()
        .add_systems(
            Update,
            (
                open_end_dialog,
                open_new_line_dialog,
                show_opened_game,
                learn::follow_lesson,
            )
                .in_set(AppSystems::FollowMatch),
        )
        .add_systems(
            Update,
            (
                player::type_text,
                player::pad_text,
                focus::navigate_menus,
                options::type_numbers,
                choice::apply_adjustments,
                apply::apply_entries,
                learn::answer_entries,
            )
                .chain()
                .in_set(AppSystems::Respond),
        )
        .add_systems(
            Update,
            (focus::update_active_panel, player::hold_clock).in_set(AppSystems::Front),
        );
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
    /// The Play online screen.
    pub online: bool,
    /// The lesson list ("Learn").
    pub learn: bool,
    /// "Well done": the lesson on the board is solved.
    pub lesson_done: bool,
    /// The puzzle chooser.
    pub puzzles: bool,
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

fn open_end_dialog(
    mut ended: MessageReader<GameEnded>,
    mut overlays: ResMut<Overlays>,
    lesson: Option<Res<LessonBoard>>,
) {
    // A lesson judges its own end.
    if let Some(e) = ended.read().last()
        && lesson.is_none()
    {
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
