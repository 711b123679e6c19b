//! The lesson screens: the list ("Learn": a variant's piece and rule
//! lessons, the done ones ticked), the lesson's part of the side panel (its
//! text, what the last move did, the hint, the buttons, the piece's "how it
//! moves" diagram) and the "well done" dialog. Every button is a menu
//! entry, so the keyboard and the pad reach the same (the list and the
//! dialog by their focus, the lesson's buttons in the in-game menu).

use super::guide::diagram;
use super::{Centre, centred_window};
use crate::interaction::Panel;
use crate::menus::{Entry, Learn, LessonStatus, MenuActivated, MenuAdjusted, Overlays};
use crate::widgets::{FocusView, back_button, entry_button};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use chimera_game::lessons::Goal;
use chimera_rules::variants;

const GOOD: egui::Color32 = egui::Color32::from_rgb(0x5c, 0xc8, 0x6a);
const BAD: egui::Color32 = egui::Color32::from_rgb(0xff, 0x7a, 0x6a);

/// The lesson list over the menu or the game.
pub(super) fn learn_window(
    mut contexts: EguiContexts,
    view: FocusView,
    overlays: Res<Overlays>,
    mut activated: MessageWriter<MenuActivated>,
    mut adjusted: MessageWriter<MenuAdjusted>,
) -> Result {
    if !overlays.learn {
        return Ok(());
    }
    let learn = &view.ctx.learn;
    let focused = view.focused(Panel::Learn);
    let ctx = contexts.ctx_mut()?;
    let height = ctx.viewport_rect().height() * 0.6;
    let name = variants()[learn.variant.min(variants().len() - 1)].name;
    centred_window("Learn", Centre::Screen).show(ctx, |ui| {
        ui.horizontal(|ui| {
            if ui.button("◀").clicked() {
                adjusted.write(MenuAdjusted(Entry::LearnVariant(learn.variant), -1));
            }
            let title = egui::RichText::new(name).size(20.0).strong();
            let b = egui::Button::new(title).min_size(egui::vec2(220.0, 30.0));
            entry_button(
                ui,
                b,
                Entry::LearnVariant(learn.variant),
                focused,
                &mut activated,
            )
            .on_hover_text("Left/right: another variant");
            if ui.button("▶").clicked() {
                adjusted.write(MenuAdjusted(Entry::LearnVariant(learn.variant), 1));
            }
        });
        ui.label(format!(
            "{} of {} lessons done. Each is made from the variant's own rules.",
            learn.done_count(),
            learn.lessons.len()
        ));
        if let Some(p) = &learn.problem {
            ui.colored_label(BAD, p);
        }
        ui.separator();
        egui::ScrollArea::vertical()
            .max_height(height)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                ui.set_width(420.0);
                for (heading, pieces) in [("The pieces", true), ("The rules", false)] {
                    ui.strong(heading);
                    for (i, l) in learn.lessons.iter().enumerate() {
                        if l.piece_lesson != pieces {
                            continue;
                        }
                        let mark = if learn.is_done(i) { "✔" } else { "  " };
                        let text = format!("{mark}  {}", l.title);
                        let b = egui::Button::new(text).min_size(egui::vec2(400.0, 24.0));
                        let r = entry_button(ui, b, Entry::Lesson(i), focused, &mut activated);
                        if focused == Some(Entry::Lesson(i)) {
                            r.scroll_to_me(None);
                        }
                    }
                    ui.add_space(6.0);
                }
            });
        ui.separator();
        back_button(ui, focused, &mut activated);
    });
    Ok(())
}

/// "Well done": the lesson on the board is solved.
pub(super) fn lesson_done_dialog(
    mut contexts: EguiContexts,
    view: FocusView,
    overlays: Res<Overlays>,
    mut activated: MessageWriter<MenuActivated>,
) -> Result {
    if !overlays.lesson_done {
        return Ok(());
    }
    let learn = &view.ctx.learn;
    let focused = view.focused(Panel::LessonDone);
    let ctx = contexts.ctx_mut()?;
    centred_window("Lesson solved", Centre::Board).show(ctx, |ui| {
        ui.label(
            egui::RichText::new("Well done!")
                .size(22.0)
                .strong()
                .color(GOOD),
        );
        ui.label(solved_text(&learn.status));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            for (entry, text) in [
                (Entry::LessonNext, "Next lesson"),
                (Entry::LessonAgain, "Again"),
                (Entry::LessonList, "All lessons"),
                (Entry::LessonStay, "Look at the board"),
            ] {
                entry_button(ui, egui::Button::new(text), entry, focused, &mut activated);
            }
        });
    });
    Ok(())
}

fn solved_text(status: &LessonStatus) -> String {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    match status {
        LessonStatus::Solved {
            moves,
            par: Some(par),
        } if moves > par => {
            format!("Solved in {moves} moves; it can be done in {par}. Try again for fewer?")
        }
        LessonStatus::Solved {
            moves,
            par: Some(_),
        } => {
            format!(
                "Solved in {moves} move{}, the fewest there are.",
                plural(*moves)
            )
        }
        LessonStatus::Solved { moves, .. } => format!("Solved in {moves} move{}.", plural(*moves)),
        _ => String::new(),
    }
}

/// The lesson's part of the side panel; the entry clicked, if any.
pub(super) fn lesson_section(ui: &mut egui::Ui, learn: &Learn, keys: &str) -> Option<Entry> {
    let (i, run) = learn.run.as_ref()?;
    let lesson = run.lesson();
    let mut clicked = None;
    ui.label(egui::RichText::new(format!("Lesson {} of {}", i + 1, learn.lessons.len())).weak());
    ui.label(egui::RichText::new(&lesson.title).strong().size(17.0));
    if let Some(s) = &lesson.section {
        ui.weak(format!("Rule book {s}"));
    }
    for para in lesson.text.split("\n\n") {
        ui.label(para);
    }
    ui.add_space(4.0);
    if let Goal::Collect { par, targets, .. } = &lesson.goal {
        ui.label(format!(
            "Targets (gold squares) left: {} of {}. Moves: {}, fewest possible: {par}.",
            run.targets_left().len(),
            targets.len(),
            run.moves()
        ));
    }
    match &learn.status {
        LessonStatus::Playing => {}
        LessonStatus::Wrong(why) => {
            ui.colored_label(BAD, format!("{why} The lesson starts again: try again."));
        }
        s @ LessonStatus::Solved { .. } => {
            ui.colored_label(GOOD, format!("Well done! {}", solved_text(s)));
        }
    }
    if let Some((san, _)) = &learn.hint {
        ui.label(format!("Hint: {san} (blue squares)"));
    }
    ui.horizontal_wrapped(|ui| {
        for (entry, text, help) in [
            (Entry::LessonHint, "Hint", keys),
            (Entry::LessonAgain, "Again", "Start this lesson again"),
            (Entry::LessonNext, "Next", "The next lesson"),
            (Entry::LessonList, "All lessons", "The list of lessons"),
        ] {
            if ui.button(text).on_hover_text(help).clicked() {
                clicked = Some(entry);
            }
        }
    });
    if let (Some(kind), Some(v)) = (lesson.shows, &learn.built) {
        ui.add_space(4.0);
        ui.weak(format!(
            "How the {} moves (dots: moves, rings: captures):",
            kind.name()
        ));
        let side = ui.available_width().min(240.0);
        diagram(ui, v, kind, None, side);
    }
    ui.separator();
    clicked
}
