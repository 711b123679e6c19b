//! The replay controls of the side panel: first / previous / next / last
//! buttons (with their keys), which ply is shown while it is not the live
//! one, and the move list whose moves jump there when clicked.

use super::controls::hint;
use crate::input::bindings::Controls;
use crate::input::pads::PadLayout;
use crate::interaction::{GameAction, Replay, ReplayStep};
use crate::match_state::Match;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use chimera_engine::Judgement;
use chimera_rules::Position;

/// The colour of "an earlier position is shown".
const PAST: egui::Color32 = egui::Color32::from_rgb(0xe0, 0xa0, 0x30);

/// What the replay controls read and write.
#[derive(SystemParam)]
pub struct ReplayControls<'w> {
    replay: Res<'w, Replay>,
    steps: MessageWriter<'w, ReplayStep>,
}

/// A move with its number: `3. Nf3` (White) or `3... Nf6` (Black), for the
/// move made at ply `ply` (0-based).
pub fn numbered(ply: usize, san: &str) -> String {
    let dots = if ply.is_multiple_of(2) { "." } else { "..." };
    format!("{}{dots} {san}", ply / 2 + 1)
}

impl ReplayControls<'_> {
    /// The ply shown.
    pub fn shown_ply(&self, game: &Match) -> usize {
        self.replay.shown_ply(game)
    }

    /// The position shown.
    pub fn position<'a>(&'a self, game: &'a Match) -> &'a Position {
        self.replay.position(game)
    }

    /// The buttons and, at an earlier ply, which one is shown.
    pub fn bar(
        &mut self,
        ui: &mut egui::Ui,
        game: &Match,
        sans: &[String],
        controls: Option<&Controls>,
        layout: PadLayout,
    ) {
        let shown = self.replay.shown_ply(game);
        let live = game.ply();
        ui.horizontal(|ui| {
            ui.strong("Moves");
            for (text, step, action, enabled) in [
                ("|<", ReplayStep::First, GameAction::ReplayFirst, shown > 0),
                ("<", ReplayStep::Prev, GameAction::ReplayPrev, shown > 0),
                (">", ReplayStep::Next, GameAction::ReplayNext, shown < live),
                (">|", ReplayStep::Last, GameAction::ReplayLast, shown < live),
            ] {
                let tip = format!(
                    "{} ({})",
                    action_tip(action),
                    hint(controls, layout, action)
                );
                if ui
                    .add_enabled(enabled, egui::Button::new(text))
                    .on_hover_text(tip)
                    .clicked()
                {
                    self.steps.write(step);
                }
            }
        });
        if self.replay.is_live() {
            return;
        }
        if let Some((line, at)) = self.replay.line() {
            ui.label(
                egui::RichText::new(format!(
                    "Engine line: {at} of {} moves played (< > to step)",
                    line.len()
                ))
                .color(PAST)
                .strong(),
            );
        }
        let at = match shown
            .checked_sub(1)
            .and_then(|p| sans.get(p).map(|s| (p, s)))
        {
            Some((p, san)) => format!("after {}", numbered(p, san)),
            None => "the start position".into(),
        };
        ui.label(
            egui::RichText::new(format!("Showing {at} (ply {shown} of {live})"))
                .color(PAST)
                .strong(),
        );
        let missed = self.replay.missed();
        if missed > 0 {
            ui.label(
                egui::RichText::new(format!(
                    "{missed} new move{} since",
                    if missed == 1 { "" } else { "s" }
                ))
                .color(PAST),
            );
        }
        if ui
            .button(format!(
                "Back to the game ({})",
                hint(controls, layout, GameAction::ReplayLast)
            ))
            .clicked()
        {
            self.steps.write(ReplayStep::Last);
        }
    }

    /// One move of the list: shown highlighted when its position is on the
    /// board; a click shows the position after it. A move the review marks
    /// carries its glyph, in its colour.
    pub fn move_cell(
        &mut self,
        ui: &mut egui::Ui,
        ply: usize,
        san: &str,
        shown: usize,
        mark: Option<Judgement>,
    ) {
        let text = match mark {
            Some(j) => egui::RichText::new(format!("{san}{}", j.glyph()))
                .color(mark_colour(j))
                .strong(),
            None => egui::RichText::new(san),
        }
        .monospace();
        let cell = ui.selectable_label(shown == ply + 1, text);
        if cell.clicked() {
            self.steps.write(ReplayStep::To(ply + 1));
        }
        // The shown move scrolls into view once each time it changes (a
        // replay step, a graph click, a new move), so the list follows the
        // board and is otherwise left where the player scrolled it.
        if shown == ply + 1 {
            let id = egui::Id::new("move-list-scrolled-to");
            if ui.ctx().data(|d| d.get_temp::<usize>(id)) != Some(shown) {
                cell.scroll_to_me(Some(egui::Align::Center));
                ui.ctx().data_mut(|d| d.insert_temp(id, shown));
            }
        }
    }

    /// Shows the position after `ply` moves.
    pub fn jump(&mut self, ply: usize) {
        self.steps.write(ReplayStep::To(ply));
    }
}

/// The colour of a judgement's mark (lichess's: blue, orange, red).
pub fn mark_colour(j: Judgement) -> egui::Color32 {
    match j {
        Judgement::Inaccuracy => egui::Color32::from_rgb(0x56, 0xb4, 0xe9),
        Judgement::Mistake => egui::Color32::from_rgb(0xe6, 0x9f, 0x00),
        Judgement::Blunder => egui::Color32::from_rgb(0xdf, 0x53, 0x53),
    }
}

fn action_tip(a: GameAction) -> &'static str {
    match a {
        GameAction::ReplayFirst => "Start position",
        GameAction::ReplayPrev => "One move back",
        GameAction::ReplayNext => "One move on",
        _ => "The live position",
    }
}
