//! The in-game side panel: variant, game actions (with their keys), whose
//! turn, check, result, draw offers, captured material, the pieces of the
//! variant and the move list. What it leaves free is the board's viewport.

use super::controls::hint;
use super::replay::ReplayControls;
use super::{MoveList, outcome_text, root_ui};
use crate::computer::Computer;
use crate::config::View;
use crate::input::bindings::Controls;
use crate::input::cursor::BoardCursor;
use crate::input::help_subject;
use crate::input::pads::PadLayout;
use crate::interaction::{
    GameAction, HelpSubject, SelectInput, Selection, ShowHowItMoves, answering_side,
    offers_to_answer, plays_here,
};
use crate::match_state::CurrentMatch;
use crate::match_state::Offer;
use crate::menus::{Entry, Learn, MenuActivated, MenuChoice};
use crate::puzzles::PuzzleMode;
use crate::review::{Analysis, may_analyse};
use crate::scene::{BoardViewport, CurrentView};
use crate::schedule::Screen;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};
use chimera_rules::{Color, PieceInfo};

/// The engine's views beside the board: the computer and the review.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct EngineViews<'w> {
    computer: Res<'w, Computer>,
    analysis: Res<'w, Analysis>,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn game_panel(
    mut contexts: EguiContexts,
    game: Option<Res<CurrentMatch>>,
    list: Res<MoveList>,
    mode: Res<CurrentView>,
    mut viewport: ResMut<BoardViewport>,
    mut next: ResMut<NextState<Screen>>,
    mut activated: MessageWriter<MenuActivated>,
    mut select: MessageWriter<SelectInput>,
    selection: Res<Selection>,
    cursor: Res<BoardCursor>,
    mut show_help: MessageWriter<ShowHowItMoves>,
    window: Single<&Window, With<PrimaryWindow>>,
    (controls, layout): (Option<Res<Controls>>, Res<PadLayout>),
    mut replay: ReplayControls,
    (engines, learn, puzzle, choice): (EngineViews, Res<Learn>, Res<PuzzleMode>, Res<MenuChoice>),
    mut lan: crate::net::screens::LanPanel,
) -> Result {
    let (computer, analysis) = (&engines.computer, &engines.analysis);
    let keys = |a: GameAction| hint(controls.as_deref(), *layout, a);
    // Where the answers are for keyboard and pad.
    let menu = match keys(GameAction::Menu) {
        k if k.is_empty() => "in the menu".to_string(),
        k => format!("in the menu ({k})"),
    };
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let whole = ctx.viewport_rect();
    let mut act = |ui: &mut egui::Ui, enabled: bool, text: &str, keys: &str, entry: Entry| {
        if ui
            .add_enabled(enabled, egui::Button::new(text))
            .on_hover_text(keys)
            .clicked()
        {
            activated.write(MenuActivated(entry));
        }
    };
    let mut computer_click = None;
    let mut lan_click = None;
    let mut lesson_click = None;
    let mut puzzle_click = None;
    let in_puzzle = puzzle.current().is_some();
    let panel = egui::Panel::right("game-panel")
        .default_size(280.0)
        .min_size(230.0)
        .show(&mut root, |ui| {
            ui.add_space(6.0);
            let Some(game) = game.as_ref() else {
                ui.heading("Chimera");
                ui.label("No game.");
                if ui.button("Menu").clicked() {
                    next.set(Screen::Menu);
                }
                return;
            };
            let pos = game.position();
            ui.heading(game.variant().name());
            lan_click = crate::net::screens::lan_section(ui, &mut lan, game, &menu);
            puzzle_click =
                super::puzzles::puzzle_section(ui, &puzzle, game, &choice.player_name, &menu);
            ui.horizontal_wrapped(|ui| {
                let main_menu = format!("Main menu ({}: in-game menu)", keys(GameAction::Menu));
                act(ui, true, "Menu", &main_menu, Entry::MainMenu);
                act(ui, true, "Flip", &keys(GameAction::FlipBoard), Entry::Flip);
                let other = match mode.0 {
                    View::TwoD => "3D",
                    View::ThreeD => "2D",
                };
                act(
                    ui,
                    true,
                    other,
                    &keys(GameAction::ToggleView),
                    Entry::SwitchView,
                );
                // A spectator asks nothing; a LAN game has no redo.
                let player = plays_here(lan.authority());
                act(
                    ui,
                    game.can_undo() && player,
                    "Undo",
                    &keys(GameAction::Undo),
                    Entry::Undo,
                );
                act(
                    ui,
                    game.can_redo() && lan.authority().is_none(),
                    "Redo",
                    &keys(GameAction::Redo),
                    Entry::Redo,
                );
                act(
                    ui,
                    true,
                    "Sound",
                    &format!("{}: sound on/off", keys(GameAction::Mute)),
                    Entry::Mute,
                );
            });
            ui.separator();
            if learn.run.is_some() {
                // A lesson's board: the lesson instead of the game's state.
                lesson_click = super::learn::lesson_section(ui, &learn, &keys(GameAction::Hint));
            } else {
                match game.outcome() {
                    Some(o) => {
                        ui.label(egui::RichText::new(outcome_text(&o)).strong().size(17.0));
                        super::clock_view::clocks(ui, game);
                    }
                    None => {
                        // Who answers here: the seat played in a LAN game,
                        // whoever is to move.
                        let me = answering_side(game, lan.authority());
                        let mut status = format!("{} to move", pos.side_to_move().name());
                        if pos.in_check() {
                            status.push_str(" — check!");
                        }
                        ui.label(egui::RichText::new(status).strong().size(17.0));
                        super::clock_view::clocks(ui, game);
                        // The menu's answers, the same offers.
                        let answer_draw =
                            offers_to_answer(game, lan.authority()).contains(&Offer::Draw);
                        // A puzzle has nobody to resign to or offer a draw.
                        if !in_puzzle {
                            ui.horizontal_wrapped(|ui| {
                                act(ui, me.is_some(), "Resign", &menu, Entry::Resign);
                                match (game.draw_offer(), me) {
                                    (Some(by), _) if answer_draw => {
                                        ui.label(format!(
                                            "{} offers a draw — Accept/Decline here or {menu}:",
                                            by.name()
                                        ));
                                        let accept = Entry::Accept(Offer::Draw);
                                        act(ui, true, "Accept", &menu, accept);
                                        act(
                                            ui,
                                            true,
                                            "Decline",
                                            &menu,
                                            Entry::Decline(Offer::Draw),
                                        );
                                    }
                                    (Some(_), Some(_)) => {
                                        ui.weak("Draw offered");
                                    }
                                    (Some(by), None) => {
                                        ui.label(format!("{} offers a draw", by.name()));
                                    }
                                    (None, _) => {
                                        act(ui, me.is_some(), "Offer draw", &menu, Entry::OfferDraw)
                                    }
                                }
                            });
                        }
                        let shown = replay.position(game);
                        let subject = help_subject(&selection, &cursor, shown);
                        if ui
                            .add_enabled(subject.is_some(), egui::Button::new("How it moves"))
                            .on_hover_text(format!(
                                "{}: the piece alone, every square it reaches marked",
                                keys(GameAction::HowItMoves)
                            ))
                            .clicked()
                        {
                            show_help.write(ShowHowItMoves(subject));
                        }
                        if selection.0.can_mutate()
                            && ui
                                .button("Mutate serpent")
                                .on_hover_text(format!(
                                    "{} / pick the serpent again",
                                    keys(GameAction::Mutate)
                                ))
                                .clicked()
                        {
                            select.write(SelectInput::Mutate);
                        }
                    }
                }
                // The computer's hint and evaluation would give a puzzle away.
                if !in_puzzle {
                    let shown = replay.shown_ply(game);
                    let reviewed = analysis.eval_at(shown).map(|e| {
                        (
                            super::review::engine_eval(e),
                            analysis.position(shown).map_or(0, |p| p.depth),
                        )
                    });
                    computer_click = super::computer::computer_section(
                        ui,
                        computer,
                        game,
                        &keys(GameAction::Hint),
                        reviewed,
                    );
                    ui.separator();
                    let allowed = may_analyse(game, lan.authority());
                    computer_click =
                        super::review::review_section(ui, analysis, shown, &list.sans, allowed)
                            .or(computer_click);
                }
            }
            ui.separator();
            for (side, lost) in [Color::White, Color::Black].iter().zip(&list.lost) {
                if lost.is_empty() {
                    continue;
                }
                let text: Vec<String> = lost
                    .iter()
                    .map(|(k, n)| {
                        if *n > 1 {
                            format!("{} ×{n}", k.name())
                        } else {
                            k.name().to_string()
                        }
                    })
                    .collect();
                ui.label(format!("{} lost: {}", side.name(), text.join(", ")));
            }
            egui::CollapsingHeader::new("Pieces of this variant").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for kind in game.variant().piece_kinds() {
                        if ui.small_button(kind.name()).clicked() {
                            show_help.write(ShowHowItMoves(Some(HelpSubject {
                                piece: PieceInfo {
                                    color: Color::White,
                                    kind,
                                    locked: false,
                                },
                                at: None,
                            })));
                        }
                    }
                });
            });
            ui.separator();
            replay.bar(ui, game, &list.sans, controls.as_deref(), *layout);
            let shown = replay.shown_ply(game);
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    if list.sans.is_empty() {
                        ui.weak("No moves yet.");
                    }
                    egui::Grid::new("moves")
                        .num_columns(3)
                        .striped(true)
                        .show(ui, |ui| {
                            for (i, pair) in list.sans.chunks(2).enumerate() {
                                ui.weak(format!("{}.", i + 1));
                                for (k, san) in pair.iter().enumerate() {
                                    let ply = 2 * i + k;
                                    let mark = analysis.judgement(ply);
                                    replay.move_cell(ui, ply, san, shown, mark);
                                }
                                ui.end_row();
                            }
                        });
                });
        })
        .response
        .rect;
    for entry in [computer_click, lan_click, lesson_click, puzzle_click]
        .into_iter()
        .flatten()
    {
        activated.write(MenuActivated(entry));
    }
    // What is left is the board's, and the evaluation graph's under it.
    let mut free = super::board_area(whole, panel.min.x);
    if let Some(g) = game.as_deref().filter(|_| analysis.has_review()) {
        let graph = egui::Rect::from_min_max(
            egui::pos2(free.min.x, free.max.y - super::review::GRAPH_HEIGHT),
            free.max,
        );
        free.max.y = graph.min.y;
        let shown = replay.shown_ply(g);
        egui::Area::new("eval-graph".into())
            .fixed_pos(graph.min)
            .order(egui::Order::Background)
            .show(ctx, |ui| {
                if let Some(ply) = super::review::eval_graph(ui, graph, analysis, shown, &list.sans)
                {
                    replay.jump(ply);
                }
            });
    }
    let scale = window.scale_factor();
    let rect = URect::new(
        (free.min.x * scale).max(0.0) as u32,
        (free.min.y * scale).max(0.0) as u32,
        (free.max.x * scale) as u32,
        (free.max.y * scale) as u32,
    );
    if viewport.0 != Some(rect) {
        viewport.0 = Some(rect);
    }
    Ok(())
}
