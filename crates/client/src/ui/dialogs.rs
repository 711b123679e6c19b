//! Windows over the board: the chooser (promotion, serpent form, castling or
//! step, crowning prince), the in-game menu, the game-end dialog and the
//! new-line question (a move chosen at an earlier ply). Each is
//! a column of entries with the keyboard/gamepad focus ringed.

use super::outcome_text;
use super::{Centre, centred_window};
use crate::computer::Computer;
use crate::config::View;
use crate::interaction::{Panel, Replay, answering_side};
use crate::match_state::{Authority, Match, Offer};
use crate::menus::{Entry, MenuActivated, Overlays};
use crate::net::ShareDrawings;
use crate::review::Analysis;
use crate::scene::{CurrentView, ShowLetters};
use crate::widgets::{FocusView, entry_button};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

const WIDE: [f32; 2] = [240.0, 28.0];

pub(super) fn chooser_window(
    mut contexts: EguiContexts,
    view: FocusView,
    mut activated: MessageWriter<MenuActivated>,
) -> Result {
    let Some(chooser) = view.ctx.selection.0.chooser() else {
        return Ok(());
    };
    let focused = view.focused(Panel::Chooser);
    let ctx = contexts.ctx_mut()?;
    centred_window(chooser.title.as_str(), Centre::Board).show(ctx, |ui| {
        for (i, c) in chooser.choices.iter().enumerate() {
            let label = if i < 9 {
                format!("{}  ({})", c.label, i + 1)
            } else {
                c.label.clone()
            };
            let b = egui::Button::new(label).min_size(WIDE.into());
            entry_button(ui, b, Entry::Choice(i), focused, &mut activated);
        }
        entry_button(
            ui,
            egui::Button::new("Cancel"),
            Entry::CancelChooser,
            focused,
            &mut activated,
        );
    });
    Ok(())
}

/// What an in-game menu entry says.
fn label(
    entry: Entry,
    game: Option<&Match>,
    authority: Option<&Authority>,
    mode: View,
    (computer, letters, share): (&Computer, ShowLetters, bool),
    (analysis, shown): (&Analysis, usize),
) -> String {
    let side = game
        .and_then(|g| answering_side(g, authority))
        .map(chimera_rules::Color::name);
    match entry {
        Entry::Continue => "Back to the game".into(),
        Entry::Undo => "Undo".into(),
        Entry::Redo => "Redo".into(),
        Entry::Flip => "Flip the board".into(),
        Entry::SwitchView => match mode {
            View::TwoD => "Switch to 3D".into(),
            View::ThreeD => "Switch to 2D".into(),
        },
        Entry::ShowLetters => match letters {
            ShowLetters(false) => "Show the pieces' letters".into(),
            ShowLetters(true) => "Hide the pieces' letters".into(),
        },
        Entry::OfferDraw => format!("{} offers a draw", side.unwrap_or("")),
        Entry::Accept(Offer::Draw) => format!("{} accepts the draw", side.unwrap_or("")),
        Entry::Accept(offer) => format!("Accept the {}", offer.word()),
        Entry::Decline(offer) => format!("Decline the {}", offer.word()),
        Entry::ClaimWin => "Claim the win (opponent gone)".into(),
        Entry::ShareDrawings if share => "Stop sharing my drawings".into(),
        Entry::ShareDrawings => "Share my drawings".into(),
        Entry::Resign => format!("{} resigns", side.unwrap_or("")),
        Entry::NewGame if authority.is_some() => "Rematch (colours swapped)".into(),
        Entry::NewGame => "New game (same variant)".into(),
        Entry::Guide => "How the pieces move".into(),
        Entry::Controls => "Controls".into(),
        Entry::Learn => "Learn: lessons".into(),
        Entry::LessonHint => "Lesson: a hint".into(),
        Entry::LessonAgain => "Lesson: start again".into(),
        Entry::LessonNext => "Lesson: the next one".into(),
        Entry::LessonList => "Lesson: all lessons".into(),
        Entry::MainMenu => "Main menu".into(),
        Entry::Quit => "Quit Chimera".into(),
        Entry::LookAtBoard => "Look at the board".into(),
        Entry::StartNewLine => "Start the new line".into(),
        Entry::KeepLine => "Keep the game as it is".into(),
        Entry::Hint => "Hint: the best move".into(),
        Entry::PuzzleHint => "Puzzle: hint".into(),
        Entry::PuzzleSolution => "Puzzle: show the solution".into(),
        Entry::PuzzleNext => "Puzzle: next".into(),
        Entry::PauseComputer if computer.paused => "Resume the computer".into(),
        Entry::PauseComputer => "Pause the computer".into(),
        Entry::EvalBar if computer.eval_bar => "Hide the evaluation bar".into(),
        Entry::EvalBar => "Show the evaluation bar".into(),
        Entry::SaveGame => "Save the game".into(),
        Entry::LoadGame => "Load a game".into(),
        Entry::PauseClock if game.is_some_and(Match::clock_paused) => "Resume the clock".into(),
        Entry::PauseClock => "Pause the clock".into(),
        Entry::Analyse if analysis.is_running() => "Stop the analysis".into(),
        Entry::Analyse => "Analyse the game".into(),
        Entry::LearnMistakes if analysis.learn.is_some() => "Stop learning".into(),
        Entry::LearnMistakes => "Learn from the mistakes".into(),
        Entry::NextMistake if analysis.learn.is_some() => "Next position to try".into(),
        Entry::NextMistake => "Next marked move".into(),
        Entry::ShowAnswer => "Show the engine's answer".into(),
        Entry::PlayLine(i) => analysis
            .position(shown)
            .and_then(|p| p.lines.get(i))
            .map_or_else(
                || format!("Play engine line {}", i + 1),
                |l| format!("Play {}", l.text()),
            ),
        other => format!("{other:?}"),
    }
}

pub(super) fn game_menu(
    mut contexts: EguiContexts,
    view: FocusView,
    overlays: Res<Overlays>,
    mode: Res<CurrentView>,
    (computer, letters, share): (Res<Computer>, Res<ShowLetters>, Res<ShareDrawings>),
    mut activated: MessageWriter<MenuActivated>,
    (analysis, replay): (Res<Analysis>, Res<Replay>),
) -> Result {
    if !overlays.game_menu {
        return Ok(());
    }
    let focused = view.focused(Panel::GameMenu);
    let game = view.ctx.game.as_deref().map(|m| &m.0);
    let authority = view.ctx.authority.as_deref();
    let list = view.ctx.entries(Panel::GameMenu);
    let ctx = contexts.ctx_mut()?;
    centred_window("Menu", Centre::Board).show(ctx, |ui| {
        for entry in list {
            let shown = game.map_or(0, |g| replay.shown_ply(g));
            let text = label(
                entry,
                game,
                authority,
                mode.0,
                (&computer, *letters, share.0),
                (&analysis, shown),
            );
            let b = egui::Button::new(text).min_size(WIDE.into());
            entry_button(ui, b, entry, focused, &mut activated);
        }
    });
    Ok(())
}

pub(super) fn end_dialog(
    mut contexts: EguiContexts,
    view: FocusView,
    overlays: Res<Overlays>,
    mode: Res<CurrentView>,
    computer: Res<Computer>,
    mut activated: MessageWriter<MenuActivated>,
    analysis: Res<Analysis>,
) -> Result {
    let Some(outcome) = overlays.end else {
        return Ok(());
    };
    let focused = view.focused(Panel::EndDialog);
    let game = view.ctx.game.as_deref().map(|m| &m.0);
    let ctx = contexts.ctx_mut()?;
    centred_window("Game over", Centre::Board).show(ctx, |ui| {
        ui.label(
            egui::RichText::new(outcome_text(&outcome))
                .size(20.0)
                .strong(),
        );
        ui.weak(outcome.result_text());
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            for entry in view.ctx.entries(Panel::EndDialog) {
                let text = label(
                    entry,
                    game,
                    view.ctx.authority.as_deref(),
                    mode.0,
                    (&computer, ShowLetters::default(), false),
                    (&analysis, 0),
                );
                let b = egui::Button::new(text);
                entry_button(ui, b, entry, focused, &mut activated);
            }
        });
    });
    Ok(())
}

/// "Start a new line from here?": a move chosen at an earlier ply replaces
/// the later moves, which stay recoverable (undoing the new move brings
/// them back).
pub(super) fn new_line_dialog(
    mut contexts: EguiContexts,
    view: FocusView,
    overlays: Res<Overlays>,
    replay: Res<Replay>,
    mode: Res<CurrentView>,
    mut activated: MessageWriter<MenuActivated>,
) -> Result {
    let (Some(req), Some(game)) = (overlays.new_line, view.ctx.game.as_deref()) else {
        return Ok(());
    };
    let focused = view.focused(Panel::NewLine);
    let san = replay.position(game).san(req.mv);
    let later = game.ply().saturating_sub(req.ply);
    let ctx = contexts.ctx_mut()?;
    centred_window("Start a new line?", Centre::Board).show(ctx, |ui| {
        ui.label(
            egui::RichText::new(format!(
                "Play {} instead?",
                super::replay::numbered(req.ply, &san)
            ))
            .size(18.0)
            .strong(),
        );
        ui.label(format!(
            "It replaces the {later} later move{} of this game. They are not lost: \
             undo the new move and Redo plays them again.",
            if later == 1 { "" } else { "s" }
        ));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            for entry in [Entry::StartNewLine, Entry::KeepLine] {
                let b = egui::Button::new(label(
                    entry,
                    Some(game),
                    None,
                    mode.0,
                    (&Computer::default(), ShowLetters::default(), false),
                    (&Analysis::default(), 0),
                ));
                entry_button(ui, b, entry, focused, &mut activated);
            }
        });
    });
    Ok(())
}
