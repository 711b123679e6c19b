//! Puzzle mode's views: the chooser over the main menu (every variant's
//! puzzles, or one variant's, with the player's puzzle rating) and the
//! puzzle's part of the side panel (what to find, right or wrong, the hint,
//! the ratings, and the hint / solution / next buttons — the same entries
//! the in-game menu offers to the keyboard and the pad).

use super::{Centre, centred_window};
use crate::interaction::Panel;
use crate::match_state::Match;
use crate::menus::{Entry, MenuActivated, MenuChoice, Overlays};
use crate::puzzles::{PuzzleMode, Status, set_variants};
use crate::widgets::{FocusView, back_button, entry_button};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use chimera_engine::puzzles::shipped;
use chimera_game::rating::Rating;
use chimera_rules::variants;

const ERROR: egui::Color32 = egui::Color32::from_rgb(0xff, 0x7a, 0x6a);
const GOOD: egui::Color32 = egui::Color32::from_rgb(0x6a, 0xd0, 0x7a);

/// `1523 ± 87`.
fn rating_text(r: &Rating) -> String {
    format!("{:.0} ± {:.0}", r.rating, r.deviation)
}

/// The number of puzzles in a variant's shipped set.
fn set_size(id: &str) -> usize {
    shipped(id).map_or(0, |t| {
        t.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count()
    })
}

/// The puzzle chooser, over the main menu.
pub(super) fn chooser_window(
    mut contexts: EguiContexts,
    view: FocusView,
    overlays: Res<Overlays>,
    mode: Res<PuzzleMode>,
    choice: Res<MenuChoice>,
    mut activated: MessageWriter<MenuActivated>,
) -> Result {
    if !overlays.puzzles || view.active.0 != Panel::Puzzles {
        return Ok(());
    }
    let focused = view.focused(Panel::Puzzles);
    let ctx = contexts.ctx_mut()?;
    centred_window("Puzzles", Centre::Screen).show(ctx, |ui| {
        ui.set_min_width(420.0);
        ui.label("Find the move that wins: mate, the variant's own win, or decisive material.");
        ui.label(format!(
            "Your puzzle rating: {}",
            rating_text(&mode.player_rating(&choice.player_name))
        ));
        if let Some(e) = &mode.error {
            ui.colored_label(ERROR, e);
        }
        ui.add_space(6.0);
        let ids = set_variants();
        let all: usize = ids.iter().map(|&i| set_size(variants()[i].id)).sum();
        let wide = |t: String| egui::Button::new(t).min_size(egui::vec2(400.0, 28.0));
        let all_text = format!("All variants ({all} puzzles)");
        entry_button(
            ui,
            wide(all_text),
            Entry::PuzzleSet(0),
            focused,
            &mut activated,
        );
        for i in ids {
            let info = variants()[i];
            let text = format!("{} ({} puzzles)", info.name, set_size(info.id));
            entry_button(
                ui,
                wide(text),
                Entry::PuzzleSet(i + 1),
                focused,
                &mut activated,
            );
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            back_button(ui, focused, &mut activated);
            ui.weak("Up/down: next set. Enter / A: start. Esc / B: back.");
        });
    });
    Ok(())
}

/// The puzzle's part of the side panel (nothing when no puzzle is on the
/// board); `menu` says where the in-game menu is. Returns the entry a
/// button chose.
pub(super) fn puzzle_section(
    ui: &mut egui::Ui,
    mode: &PuzzleMode,
    game: &Match,
    player: &str,
    menu: &str,
) -> Option<Entry> {
    let (p, a) = mode.current()?;
    let mut chosen = None;
    ui.strong(format!(
        "Puzzle {} of {} ({}) — {}",
        a.index + 1,
        mode.set.len(),
        mode.set_name,
        p.puzzle.theme.text()
    ));
    let (status, colour) = match a.status {
        Status::Find if game.ply() == 0 => (
            format!("{} to play: find the winning move", a.solver.name()),
            None,
        ),
        Status::Find => ("Right — find the next move".to_string(), Some(GOOD)),
        Status::Wrong => ("Wrong — try again".to_string(), Some(ERROR)),
        Status::Right => ("Right!".to_string(), Some(GOOD)),
        Status::Solved => ("Solved!".to_string(), Some(GOOD)),
        Status::Shown => ("The solution".to_string(), None),
    };
    let text = egui::RichText::new(status).strong().size(17.0);
    match colour {
        Some(c) => ui.colored_label(c, text),
        None => ui.label(text),
    };
    if let Some((_, words)) = mode.hint(game) {
        ui.label(words);
    }
    if matches!(a.status, Status::Solved | Status::Shown) && !p.puzzle.motifs.is_empty() {
        let motifs: Vec<&str> = p.puzzle.motifs.iter().map(|m| m.word()).collect();
        ui.weak(format!("About: {}", motifs.join(", ")));
    }
    let mut line = format!("Your rating: {}", rating_text(&mode.player_rating(player)));
    if let Some(change) = mode.last_change.filter(|_| a.rated) {
        line.push_str(&format!(" ({change:+.0})"));
    }
    ui.label(line);
    if let Some(r) = mode.puzzle_rating() {
        ui.label(format!("Puzzle rating: {}", rating_text(&r)));
    }
    if let Some(e) = &mode.error {
        ui.colored_label(ERROR, e);
    }
    ui.horizontal_wrapped(|ui| {
        let live = !matches!(a.status, Status::Solved | Status::Shown);
        for (text, entry, on) in [
            ("Hint", Entry::PuzzleHint, live && a.status == Status::Find),
            ("Solution", Entry::PuzzleSolution, live),
            ("Next", Entry::PuzzleNext, true),
        ] {
            if ui
                .add_enabled(on, egui::Button::new(text))
                .on_hover_text(format!("here or {menu}"))
                .clicked()
            {
                chosen = Some(entry);
            }
        }
    });
    ui.separator();
    chosen
}
