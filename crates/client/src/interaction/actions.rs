//! The actions a player has without the mouse, whatever the device: the
//! vocabulary the keyboard and gamepad bindings map onto (leafwing), which
//! every feature reads from the one action state input spawns.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

/// Everything a player can do without the mouse.
#[derive(Actionlike, PartialEq, Eq, Clone, Copy, Hash, Debug, Reflect)]
pub enum GameAction {
    /// Move the board cursor or the menu focus (arrows, WASD, d-pad, left stick).
    #[actionlike(DualAxis)]
    MoveCursor,
    /// Pick the piece or destination under the cursor; activate a menu entry.
    Select,
    /// Step back one level (chooser → piece → nothing; dialogs close).
    Cancel,
    /// Jump the cursor into the hand and back (Tab, the pad's Select/Back).
    Hand,
    /// Take back a move (local games).
    Undo,
    /// Replay a taken-back move.
    Redo,
    /// See the board from the other side.
    FlipBoard,
    /// Switch between the 2D and the 3D view.
    ToggleView,
    /// Show (or close) how the piece under the cursor moves.
    HowItMoves,
    /// Mutate the picked serpent.
    Mutate,
    /// Open or close the in-game menu.
    Menu,
    /// Turn the 3D camera around the board (right stick, Q/E, Page Up/Down).
    #[actionlike(DualAxis)]
    Orbit,
    /// Move the 3D camera closer.
    ZoomIn,
    /// Move the 3D camera away.
    ZoomOut,
    /// Show the start position of the game (replay).
    ReplayFirst,
    /// Show the position one move earlier.
    ReplayPrev,
    /// Show the position one move later.
    ReplayNext,
    /// Back to the live position.
    ReplayLast,
    /// Show the best move of a short search (for a player at the screen).
    Hint,
    /// Sound on or off.
    Mute,
    /// Show or hide each piece's letter beside it.
    ShowLetters,
    /// Start an arrow at the cursor's square; pressed again, finish it at
    /// the cursor's square (on the start square: a circle).
    DrawArrow,
    /// Circle the cursor's square (again: remove it).
    DrawCircle,
    /// Next colour for drawing at the cursor (green, red, blue, yellow).
    DrawColour,
}

impl GameAction {
    /// Every action, in the order the controls screen lists them.
    pub const ALL: [GameAction; 24] = [
        GameAction::MoveCursor,
        GameAction::Select,
        GameAction::Cancel,
        GameAction::Hand,
        GameAction::Undo,
        GameAction::Redo,
        GameAction::FlipBoard,
        GameAction::ToggleView,
        GameAction::HowItMoves,
        GameAction::Mutate,
        GameAction::Menu,
        GameAction::Orbit,
        GameAction::ZoomIn,
        GameAction::ZoomOut,
        GameAction::ReplayFirst,
        GameAction::ReplayPrev,
        GameAction::ReplayNext,
        GameAction::ReplayLast,
        GameAction::Hint,
        GameAction::Mute,
        GameAction::ShowLetters,
        GameAction::DrawArrow,
        GameAction::DrawCircle,
        GameAction::DrawColour,
    ];

    /// What the action does, for the controls screen.
    pub fn description(self) -> &'static str {
        use GameAction::*;
        match self {
            MoveCursor => "Move the cursor / menu focus",
            Select => "Pick / confirm",
            Cancel => "Cancel / back",
            Hand => "Cursor into the hand (and back)",
            Undo => "Undo",
            Redo => "Redo",
            FlipBoard => "Flip the board",
            ToggleView => "Switch 2D / 3D",
            HowItMoves => "How the piece at the cursor moves",
            Mutate => "Mutate the picked serpent (pad: Select on it again)",
            Menu => "In-game menu",
            Orbit => "Turn the 3D camera",
            ZoomIn => "Zoom in (3D)",
            ZoomOut => "Zoom out (3D)",
            ReplayFirst => "Replay: the start position",
            ReplayPrev => "Replay: one move back",
            ReplayNext => "Replay: one move on",
            ReplayLast => "Replay: back to the live position",
            Hint => "Hint: the computer's best move for you",
            Mute => "Sound on / off",
            ShowLetters => "Show / hide the pieces' letters",
            DrawArrow => "Draw: start / finish an arrow at the cursor",
            DrawCircle => "Draw: circle the cursor's square",
            DrawColour => "Draw: next colour (green, red, blue, yellow)",
        }
    }
}
