//! The computer in the side panel: who plays, the "thinking…" line with the
//! search's depth, score and best line, pause / resume, the hint button and
//! the evaluation bar.

use crate::computer::{Computer, Purpose};
use crate::match_state::{Match, Player};
use crate::menus::Entry;
use bevy_egui::egui;
use chimera_engine::Eval;
use chimera_rules::Color;

/// A score from White's point of view as the panel writes it: `+0.35`
/// (pawns), `#3` (White mates in 3), `#-2` (Black mates in 2).
pub fn score_text(score: Eval) -> String {
    match score {
        Eval::Cp(c) => format!("{:+.2}", c as f64 / 100.0),
        Eval::Mate(n) => format!("#{n}"),
    }
}

/// White's share of the evaluation bar for a score from White's point of
/// view: a half at 0, towards 1 as White gets ahead (a logistic curve, 0.73
/// at a rook's worth), 1 or 0 for a mate.
pub fn white_share(score: Eval) -> f32 {
    match score {
        Eval::Cp(c) => 1.0 / (1.0 + (-(c as f32) / 500.0).exp()),
        Eval::Mate(n) if n > 0 => 1.0,
        Eval::Mate(_) => 0.0,
    }
}

/// A seat as the window names it: `Human`, or `Computer 5 · ≈1450 Elo` (the
/// level and its approximate Elo, `chimera_engine::level_elo`).
pub(super) fn player_text(p: Player) -> String {
    match p {
        Player::Human => "Human".into(),
        Player::Computer { level } => {
            format!(
                "Computer {level} · ≈{} Elo",
                chimera_engine::level_elo(level)
            )
        }
    }
}

/// Draws the section; returns the entry a click asked for. `hint_keys` is
/// what the hint is bound to; `reviewed` is the review's score (and depth)
/// of the ply on the board, which the evaluation bar then shows.
pub(super) fn computer_section(
    ui: &mut egui::Ui,
    computer: &Computer,
    game: &Match,
    hint_keys: &str,
    reviewed: Option<(Eval, u32)>,
) -> Option<Entry> {
    let mut clicked = None;
    let setup = game.setup();
    let any_computer = setup.players.iter().any(|p| *p != Player::Human);
    let going = game.outcome().is_none();
    if any_computer {
        ui.label(format!("White: {}", player_text(setup.players[0])));
        ui.label(format!("Black: {}", player_text(setup.players[1])));
    }
    if let Some(t) = computer
        .thinking()
        .filter(|t| t.purpose != Purpose::Evaluation)
    {
        let who = match (t.purpose, t.side) {
            (Purpose::Hint, _) => "Hint: thinking…".to_string(),
            (_, Color::White) => "White is thinking…".to_string(),
            (_, Color::Black) => "Black is thinking…".to_string(),
        };
        ui.label(egui::RichText::new(who).strong());
        let p = &t.progress;
        if p.depth > 0 {
            let score = p.score.map(score_text).unwrap_or_default();
            ui.label(format!(
                "depth {}  score {score}  nodes {}",
                p.depth, p.nodes
            ));
            ui.add(egui::Label::new(egui::RichText::new(p.line.join(" ")).monospace()).wrap());
        }
    }
    ui.horizontal_wrapped(|ui| {
        let human_to_move = setup.player(game.position().side_to_move()) == Player::Human;
        if going && human_to_move {
            let text = if computer.hint_pending() {
                "Hint…"
            } else {
                "Hint"
            };
            if ui
                .button(text)
                .on_hover_text(format!("{hint_keys}: the best move of a short search"))
                .clicked()
            {
                clicked = Some(Entry::Hint);
            }
        }
        if any_computer && going {
            let text = if computer.paused {
                "Resume computer"
            } else {
                "Pause computer"
            };
            if ui.button(text).clicked() {
                clicked = Some(Entry::PauseComputer);
            }
        }
        let mut bar = computer.eval_bar;
        if ui.checkbox(&mut bar, "Evaluation").changed() {
            clicked = Some(Entry::EvalBar);
        }
    });
    if computer.paused && any_computer && going {
        ui.weak("The computer is paused.");
    }
    if computer.eval_bar || reviewed.is_some() {
        eval_bar(ui, computer, game, reviewed);
    }
    clicked
}

/// A bar white from the left as far as White is ahead, with the score: the
/// review's of the ply on the board when there is one, else the computer's
/// of the live position.
fn eval_bar(ui: &mut egui::Ui, computer: &Computer, game: &Match, reviewed: Option<(Eval, u32)>) {
    let eval = reviewed
        .map(|(score, depth)| crate::computer::Evaluation {
            key: crate::computer::Key::of(game),
            score,
            depth,
        })
        .or_else(|| computer.evaluation(game));
    let width = ui.available_width().max(60.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 14.0), egui::Sense::hover());
    let share = eval.map_or(0.5, |e| white_share(e.score));
    let painter = ui.painter();
    painter.rect_filled(rect, 2.0, egui::Color32::from_gray(30));
    let mut white = rect;
    white.set_width(rect.width() * share);
    painter.rect_filled(white, 2.0, egui::Color32::from_gray(235));
    painter.line_segment(
        [rect.center_top(), rect.center_bottom()],
        egui::Stroke::new(1.0, egui::Color32::from_rgb(0xd0, 0x40, 0x30)),
    );
    ui.weak(match eval {
        Some(e) => format!("{} (White's view, depth {})", score_text(e.score), e.depth),
        None => "evaluating…".into(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_from_whites_side() {
        assert_eq!(score_text(Eval::Cp(35)), "+0.35");
        assert_eq!(score_text(Eval::Cp(-120)), "-1.20");
        assert_eq!(score_text(Eval::Mate(-2)), "#-2");
        assert_eq!(white_share(Eval::Cp(0)), 0.5);
        assert!(white_share(Eval::Cp(300)) > 0.5 && white_share(Eval::Cp(-300)) < 0.5);
        assert_eq!(white_share(Eval::Mate(1)), 1.0);
        assert_eq!(white_share(Eval::Mate(-1)), 0.0);
    }
}
