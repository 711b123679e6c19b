//! The frame's order and the screens: the one ordered [`AppSystems`] set
//! every plugin files its `Update` systems under, so a frame's order reads
//! in one place, and the [`Screen`] state. The lowest layer: every module
//! may use it.

use bevy::prelude::*;

/// Orders the [`AppSystems`] steps of `Update` one after the other.
pub fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::ApplyMatch,
            AppSystems::FollowMatch,
            AppSystems::ReadInput,
            AppSystems::Respond,
            AppSystems::Select,
            AppSystems::Front,
            AppSystems::Scene,
            AppSystems::Animate,
            AppSystems::Spawn,
            AppSystems::Present,
        )
            .chain(),
    );
}

/// The order of a frame's `Update` systems, one step after the other. Every
/// plugin files its `Update` systems under one of these.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// The match applies the commands and move requests sent last frame.
    ApplyMatch,
    /// State derived from the match catches up: legal moves (a stale
    /// selection is dropped), the game-end dialog.
    FollowMatch,
    /// Devices become intents: `SelectInput`, `NavStep`, match commands,
    /// help requests, board flips, camera moves, the mouse drag.
    ReadInput,
    /// Menus and the help answer the intents: focus moves, entries and
    /// options apply, the help opens or closes.
    Respond,
    /// The selection answers `SelectInput` and requests moves.
    Select,
    /// What is in front is settled (`ActivePanel`, the menu focus).
    Front,
    /// The board view picks what the board shows and its highlights.
    Scene,
    /// Piece entities follow the match's announcements and the drag.
    Animate,
    /// Board entities are (re)built and placed.
    Spawn,
    /// Views that read the built board (tints, hand counts, cursor), the
    /// move list, messages, the board check and the screenshot.
    Present,
}

/// Which screen the client shows.
#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Variant choice and options.
    #[default]
    Menu,
    /// A game on the board.
    Game,
}
