//! The review in the window: the side panel's section (Analyse / stop and
//! the progress, each side's summary, the engine's best lines at the shown
//! ply — a click plays one on the board —, "learn from your mistakes"), the
//! evaluation graph under the board (White's winning chances over the
//! plies; a click shows that ply) and the marks of the move list.

use super::computer::score_text;
use crate::menus::Entry;
use crate::review::{Analysis, ReviewSource, TryState};
use bevy_egui::egui;
use chimera_engine::{Eval, Judgement, SideSummary};
use chimera_game::record::RecordEval;
use chimera_rules::Color;

/// Height of the evaluation graph under the board (logical points).
pub const GRAPH_HEIGHT: f32 = 96.0;

/// A record's score as the engine's (both from White's side).
pub fn engine_eval(e: RecordEval) -> Eval {
    match e {
        RecordEval::Cp(c) => Eval::Cp(c),
        RecordEval::Mate(n) => Eval::Mate(n),
    }
}

fn plural(n: u32, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// One side's summary in words: `2 inaccuracies, 1 mistake, 0 blunders,
/// average loss 35`.
pub fn summary_text(s: &SideSummary) -> String {
    let inacc = if s.inaccuracies == 1 {
        "1 inaccuracy".to_string()
    } else {
        format!("{} inaccuracies", s.inaccuracies)
    };
    let loss = s
        .average_loss
        .map_or_else(|| "no average loss".into(), |l| format!("average loss {l}"));
    format!(
        "{inacc}, {}, {}, {loss}",
        plural(s.mistakes, "mistake"),
        plural(s.blunders, "blunder")
    )
}

/// The side panel's review section; returns the entry a click asked for.
/// `shown` is the ply on the board, `sans` the game's moves in readable
/// notation, `allowed` whether this screen may analyse now.
pub(super) fn review_section(
    ui: &mut egui::Ui,
    analysis: &Analysis,
    shown: usize,
    sans: &[String],
    allowed: bool,
) -> Option<Entry> {
    let mut clicked = None;
    ui.horizontal_wrapped(|ui| {
        ui.strong("Review");
        let running = analysis.is_running();
        let text = match (running, analysis.has_review()) {
            (true, _) => "Stop analysis",
            (false, true) => "Analyse again",
            (false, false) => "Analyse",
        };
        let tip = "The engine evaluates every position of the game in the background \
                   (in-game menu: Analyse)";
        if ui
            .add_enabled(allowed || running, egui::Button::new(text))
            .on_hover_text(tip)
            .clicked()
        {
            clicked = Some(Entry::Analyse);
        }
        if !analysis.marked().is_empty() {
            let learning = analysis.learn.is_some();
            if ui
                .button(if learning { "Stop learning" } else { "Learn" })
                .on_hover_text("Learn from your mistakes: find a better move where a side erred")
                .clicked()
            {
                clicked = Some(Entry::LearnMistakes);
            }
            if !learning && ui.button("Next mistake").clicked() {
                clicked = Some(Entry::NextMistake);
            }
        }
    });
    if !allowed && !analysis.has_review() {
        ui.weak("A LAN game is analysed once it has ended.");
    }
    let (done, total) = analysis.progress();
    if analysis.is_running() {
        ui.add(
            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .text(format!("analysing: {done} of {total} positions")),
        );
    } else if analysis.has_review() && done < total {
        ui.weak(format!(
            "analysis stopped after {done} of {total} positions"
        ));
    } else if analysis.source == ReviewSource::Record && analysis.has_review() {
        ui.weak("evaluations from the record");
    }
    if let Some(r) = analysis.review().filter(|_| analysis.has_review()) {
        for side in [Color::White, Color::Black] {
            ui.label(format!(
                "{}: {}",
                side.name(),
                summary_text(&r.summary[side.index()])
            ));
        }
    }
    if let Some(l) = &analysis.learn {
        clicked = learn_block(ui, analysis, l, sans).or(clicked);
    }
    if let Some(p) = analysis.position(shown).filter(|p| !p.lines.is_empty()) {
        ui.label(egui::RichText::new("Best lines (click to play)").weak());
        for (i, line) in p.lines.iter().enumerate() {
            let text = format!("{}  {}", score_text(engine_eval(line.eval)), line.text());
            let button = egui::Button::new(egui::RichText::new(text).monospace()).wrap();
            if ui
                .add(button)
                .on_hover_text("Play this line on the board (in-game menu: the same)")
                .clicked()
            {
                clicked = Some(Entry::PlayLine(i));
            }
        }
        if p.depth > 0 {
            ui.weak(format!("depth {}, {} nodes", p.depth, p.nodes));
        }
    }
    clicked
}

fn learn_block(
    ui: &mut egui::Ui,
    analysis: &Analysis,
    l: &crate::review::MistakeDrill,
    sans: &[String],
) -> Option<Entry> {
    let mut clicked = None;
    let &index = l.moves.get(l.at)?;
    let whose = l
        .side
        .map_or_else(|| "both sides'".to_string(), |s| format!("{}'s", s.name()));
    ui.label(
        egui::RichText::new(format!(
            "Learn from {whose} mistakes: {} of {} ({} bettered)",
            l.at + 1,
            l.moves.len(),
            l.found
        ))
        .strong(),
    );
    let played = sans.get(index).cloned().unwrap_or_default();
    let glyph = analysis.judgement(index).map_or("", Judgement::glyph);
    ui.label(format!(
        "Find a better move than {}{glyph}",
        super::replay::numbered(index, &played)
    ));
    match &l.state {
        TryState::Waiting => {
            ui.weak("Play a move on the board.");
        }
        TryState::Wrong(why) => {
            ui.colored_label(super::replay::mark_colour(Judgement::Mistake), why);
        }
        TryState::Found(san) => {
            ui.colored_label(
                egui::Color32::from_rgb(0x62, 0x99, 0x24),
                format!("{san} — well found!"),
            );
        }
        TryState::Shown => {
            if let Some(best) = analysis.position(index).and_then(|p| p.best_san()) {
                ui.label(format!("The engine plays {best}."));
            }
        }
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button("Show answer").clicked() {
            clicked = Some(Entry::ShowAnswer);
        }
        let next = if l.at + 1 < l.moves.len() {
            "Next"
        } else {
            "Finish"
        };
        if ui.button(next).clicked() {
            clicked = Some(Entry::NextMistake);
        }
    });
    clicked
}

/// Draws the evaluation graph in `rect`: White's winning chances over the
/// analysed plies (White's advantage up), the marked moves as dots, the
/// shown ply as a line. Returns the ply clicked, if any.
pub(super) fn eval_graph(
    ui: &mut egui::Ui,
    rect: egui::Rect,
    analysis: &Analysis,
    shown: usize,
    sans: &[String],
) -> Option<usize> {
    let (_, total) = analysis.progress();
    let plies = total.saturating_sub(1).max(1);
    let response = ui.allocate_rect(rect, egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, egui::Color32::from_gray(40));
    let mid = rect.center().y;
    let half = rect.height() * 0.5 - 4.0;
    let x_of = |ply: usize| rect.left() + 6.0 + (rect.width() - 12.0) * ply as f32 / plies as f32;
    let y_of = |c: f64| mid - half * c as f32;
    let points: Vec<(usize, egui::Pos2)> = (0..total)
        .filter_map(|p| {
            analysis
                .chances_at(p)
                .map(|c| (p, egui::pos2(x_of(p), y_of(c))))
        })
        .collect();
    // White's area: from the line up to the top is dark, from the line
    // down to the middle… drawn as columns, white where White is ahead.
    let white = egui::Color32::from_gray(225);
    for w in points.windows(2) {
        let ((_, a), (_, b)) = (w[0], w[1]);
        let quad = vec![egui::pos2(a.x, mid), a, b, egui::pos2(b.x, mid)];
        let fill = if a.y + b.y < 2.0 * mid {
            white.gamma_multiply(0.55)
        } else {
            egui::Color32::from_gray(10).gamma_multiply(0.8)
        };
        painter.add(egui::Shape::convex_polygon(quad, fill, egui::Stroke::NONE));
    }
    painter.line_segment(
        [egui::pos2(rect.left(), mid), egui::pos2(rect.right(), mid)],
        egui::Stroke::new(1.0, egui::Color32::from_gray(110)),
    );
    let line: Vec<egui::Pos2> = points.iter().map(|(_, p)| *p).collect();
    painter.add(egui::Shape::line(
        line,
        egui::Stroke::new(1.6, egui::Color32::from_rgb(0xd8, 0x9a, 0x40)),
    ));
    for &(ply, p) in &points {
        if let Some(j) = ply.checked_sub(1).and_then(|i| analysis.judgement(i)) {
            painter.circle_filled(p, 3.5, super::replay::mark_colour(j));
        }
    }
    let sx = x_of(shown.min(plies));
    painter.line_segment(
        [egui::pos2(sx, rect.top()), egui::pos2(sx, rect.bottom())],
        egui::Stroke::new(1.5, egui::Color32::from_rgb(0x3c, 0x9c, 0xff)),
    );
    let ply_at = |x: f32| {
        let f = ((x - rect.left() - 6.0) / (rect.width() - 12.0)).clamp(0.0, 1.0);
        ((f * plies as f32).round() as usize).min(total.saturating_sub(1))
    };
    if let Some(pos) = response.hover_pos() {
        let ply = ply_at(pos.x);
        let mv = ply
            .checked_sub(1)
            .and_then(|i| sans.get(i).map(|s| (i, s)))
            .map_or_else(
                || "start".to_string(),
                |(i, s)| {
                    let glyph = analysis.judgement(i).map_or("", Judgement::glyph);
                    super::replay::numbered(i, &format!("{s}{glyph}"))
                },
            );
        let score = analysis
            .eval_at(ply)
            .map_or_else(String::new, |e| format!("  {}", score_text(engine_eval(e))));
        response
            .clone()
            .on_hover_text_at_pointer(format!("{mv}{score}"));
    }
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        return Some(ply_at(pos.x));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_read_as_words() {
        let s = SideSummary {
            moves: 20,
            inaccuracies: 1,
            mistakes: 2,
            blunders: 0,
            average_loss: Some(35),
        };
        assert_eq!(
            summary_text(&s),
            "1 inaccuracy, 2 mistakes, 0 blunders, average loss 35"
        );
    }
}
