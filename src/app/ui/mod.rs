//! bevy_egui screens: the main menu (variant, options, start/resume/quit) and
//! the in-game side panel (status, game actions, move list), the choosers,
//! short messages and the game-end dialog. The side panel also tells the
//! board which part of the window it may use.

use crate::app::Screen;
use crate::app::board_view::{BoardLayout, BoardViewport, ViewMode};
use crate::app::help::{HelpSubject, HowItMoves, ShowHowItMoves};
use crate::app::input::{SelectInput, Selection, Toast};
use crate::app::match_state::{GameEnded, Match, MatchCommand, MoveRejected};
use crate::rules::{Color, EndReason, Kind, Outcome, PieceInfo, VariantInfo, variants};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuChoice>()
        .init_resource::<MoveList>()
        .init_resource::<Toasts>()
        .init_resource::<EndDialog>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                menu_screen.run_if(in_state(Screen::Menu)),
                (
                    game_panel,
                    chooser_window,
                    toast_overlay,
                    end_dialog,
                    hover_name,
                    help_banner,
                )
                    .chain()
                    .run_if(in_state(Screen::Game)),
            ),
        )
        .add_systems(Update, (refresh_move_list, collect_toasts, open_end_dialog))
        .add_systems(OnEnter(Screen::Menu), release_board_viewport);
}

/// The variant and options picked in the menu.
#[derive(Resource, Debug, Clone)]
pub struct MenuChoice {
    /// Index into [`variants`].
    pub variant: usize,
    /// Chosen value of each option, per variant (same order as its option table).
    pub options: Vec<Vec<String>>,
}

impl Default for MenuChoice {
    fn default() -> Self {
        MenuChoice {
            variant: 0,
            options: variants()
                .iter()
                .map(|v| v.options.iter().map(|o| o.default.to_string()).collect())
                .collect(),
        }
    }
}

impl MenuChoice {
    /// The selected variant.
    pub fn info(&self) -> &'static VariantInfo {
        &variants()[self.variant]
    }
    /// The selected options as name/value pairs.
    pub fn option_pairs(&self) -> Vec<(String, String)> {
        self.info()
            .options
            .iter()
            .zip(&self.options[self.variant])
            .map(|(o, v)| (o.name.to_string(), v.clone()))
            .collect()
    }
}

/// The moves of the game in readable notation, and the material each side
/// has lost, rebuilt when the game changes.
#[derive(Resource, Default)]
pub struct MoveList {
    key: Option<(u64, usize)>,
    /// One entry per ply.
    pub sans: Vec<String>,
    /// Per side (White, Black): kinds it has lost since the start, with counts.
    pub lost: [Vec<(Kind, u8)>; 2],
}

/// Pieces of each side on the board and in hand, by kind.
fn material(pos: &crate::rules::Position) -> [Vec<(Kind, u8)>; 2] {
    let mut out: [Vec<(Kind, u8)>; 2] = [Vec::new(), Vec::new()];
    let mut add = |c: Color, k: Kind, n: u8| {
        let list = &mut out[c.index()];
        match list.iter_mut().find(|(kk, _)| *kk == k) {
            Some(e) => e.1 += n,
            None => list.push((k, n)),
        }
    };
    let v = pos.variant().clone();
    for s in v.squares() {
        if let Some(p) = pos.piece_at(s) {
            // A serpent on the board counts as the serpent it came from.
            let k = if p.kind.is_serpent_form() && v.has_serpent() {
                Kind::Serpent
            } else {
                p.kind
            };
            add(p.color, k, 1);
        }
    }
    for c in [Color::White, Color::Black] {
        let mut seen: Vec<Kind> = Vec::new();
        for k in v.hand_kinds() {
            if !seen.contains(k) {
                seen.push(*k);
                add(c, *k, pos.hand_count(c, *k));
            }
        }
    }
    out
}

fn refresh_move_list(game: Option<Res<Match>>, mut list: ResMut<MoveList>) {
    let Some(game) = game else { return };
    let key = Some((game.position().hash(), game.game().moves().len()));
    if list.key == key {
        return;
    }
    list.key = key;
    let mut pos = game.game().start().clone();
    list.sans.clear();
    for &m in game.game().moves() {
        list.sans.push(pos.san(m));
        pos.make_move(m);
    }
    let (before, now) = (material(game.game().start()), material(game.position()));
    for side in 0..2 {
        list.lost[side] = before[side]
            .iter()
            .filter_map(|(k, n)| {
                let left = now[side].iter().find(|(kk, _)| kk == k).map_or(0, |e| e.1);
                (left < *n).then(|| (*k, n - left))
            })
            .collect();
    }
}

/// Short messages shown over the board for a moment.
#[derive(Resource, Default)]
struct Toasts(Vec<(String, f32)>);

const TOAST_SECS: f32 = 2.5;

fn collect_toasts(
    mut toasts: ResMut<Toasts>,
    mut from_input: MessageReader<Toast>,
    mut rejected: MessageReader<MoveRejected>,
    time: Res<Time<Real>>,
) {
    let now = time.elapsed_secs();
    for t in from_input.read() {
        toasts.0.push((t.0.clone(), now));
    }
    for r in rejected.read() {
        toasts.0.push((r.reason.clone(), now));
    }
    if toasts.0.iter().any(|(_, at)| now - at > TOAST_SECS) {
        toasts.0.retain(|(_, at)| now - at <= TOAST_SECS);
    }
    if toasts.0.len() > 3 {
        let extra = toasts.0.len() - 3;
        toasts.0.drain(..extra);
    }
}

/// The game-end dialog: open when a game ends, closed by the player.
#[derive(Resource, Default)]
struct EndDialog(Option<Outcome>);

fn open_end_dialog(mut ended: MessageReader<GameEnded>, mut dialog: ResMut<EndDialog>) {
    if let Some(e) = ended.read().last() {
        dialog.0 = Some(e.outcome);
    }
}

fn release_board_viewport(mut viewport: ResMut<BoardViewport>) {
    viewport.0 = None;
}

fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "chimera-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The result in words: "White wins by checkmate", "Draw by repetition".
pub fn outcome_text(o: &Outcome) -> String {
    let why = match o.reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::Repetition => "threefold repetition",
        EndReason::HundredPly => "the 100-ply rule",
        EndReason::Insufficient => "bare kings",
        EndReason::NoMoves => "having no move",
        EndReason::Resignation => "resignation",
        EndReason::DrawAgreed => "agreement",
    };
    match o.winner {
        Some(c) => format!("{} wins by {why}", side_name(c)),
        None => format!("Draw by {why}"),
    }
}

#[allow(clippy::too_many_arguments)]
fn menu_screen(
    mut contexts: EguiContexts,
    mut choice: ResMut<MenuChoice>,
    game: Option<Res<Match>>,
    mut commands: MessageWriter<MatchCommand>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(18.0);
            ui.heading(egui::RichText::new("Chimera").size(34.0).strong());
            ui.label("Large fairy-chess variants");
            ui.add_space(14.0);
        });
        ui.columns(2, |cols| {
            cols[0].heading("Variant");
            for (i, v) in variants().iter().enumerate() {
                let picked = choice.variant == i;
                if cols[0]
                    .selectable_label(picked, egui::RichText::new(v.name).size(17.0))
                    .clicked()
                {
                    choice.variant = i;
                }
            }
            let ui = &mut cols[1];
            let info = choice.info();
            ui.heading(info.name);
            ui.label(info.description);
            ui.add_space(10.0);
            if info.options.is_empty() {
                ui.weak("No options.");
            } else {
                let vi = choice.variant;
                egui::Grid::new("options").num_columns(2).show(ui, |ui| {
                    for (k, opt) in info.options.iter().enumerate() {
                        ui.label(opt.name).on_hover_text(opt.help);
                        let current = &mut choice.options[vi][k];
                        egui::ComboBox::from_id_salt(opt.name)
                            .selected_text(current.as_str())
                            .show_ui(ui, |ui| {
                                for value in opt.values {
                                    ui.selectable_value(current, value.to_string(), *value);
                                }
                            })
                            .response
                            .on_hover_text(opt.help);
                        ui.end_row();
                    }
                });
            }
            ui.add_space(16.0);
            ui.horizontal(|ui| {
                if ui.button(egui::RichText::new("Start").size(18.0)).clicked() {
                    commands.write(MatchCommand::NewGame {
                        variant: info.id.to_string(),
                        options: choice.option_pairs(),
                    });
                    next.set(Screen::Game);
                }
                let resume = egui::Button::new(egui::RichText::new("Resume").size(18.0));
                if ui.add_enabled(game.is_some(), resume).clicked() {
                    next.set(Screen::Game);
                }
                if ui.button(egui::RichText::new("Quit").size(18.0)).clicked() {
                    exit.write(AppExit::Success);
                }
            });
        });
    });
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn game_panel(
    mut contexts: EguiContexts,
    game: Option<Res<Match>>,
    list: Res<MoveList>,
    mut mode: ResMut<ViewMode>,
    mut layout: ResMut<BoardLayout>,
    mut viewport: ResMut<BoardViewport>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<MatchCommand>,
    mut select: MessageWriter<SelectInput>,
    selection: Res<Selection>,
    mut show_help: MessageWriter<ShowHowItMoves>,
    window: Single<&Window, With<PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let whole = ctx.viewport_rect();
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
            ui.horizontal_wrapped(|ui| {
                if ui.button("Menu").clicked() {
                    next.set(Screen::Menu);
                }
                if ui.button("Flip").on_hover_text("F / Select").clicked() {
                    layout.flipped = !layout.flipped;
                }
                let other = match *mode {
                    ViewMode::TwoD => "3D",
                    ViewMode::ThreeD => "2D",
                };
                if ui.button(other).on_hover_text("V / North").clicked() {
                    *mode = mode.toggled();
                }
                if ui
                    .add_enabled(game.can_undo(), egui::Button::new("Undo"))
                    .on_hover_text("U / left trigger")
                    .clicked()
                {
                    commands.write(MatchCommand::Undo);
                }
                if ui
                    .add_enabled(game.can_redo(), egui::Button::new("Redo"))
                    .on_hover_text("R / right trigger")
                    .clicked()
                {
                    commands.write(MatchCommand::Redo);
                }
            });
            ui.separator();
            match game.outcome() {
                Some(o) => {
                    ui.label(egui::RichText::new(outcome_text(&o)).strong().size(17.0));
                }
                None => {
                    let side = pos.side_to_move();
                    let mut status = format!("{} to move", side_name(side));
                    if pos.in_check() {
                        status.push_str(" — check!");
                    }
                    ui.label(egui::RichText::new(status).strong().size(17.0));
                    ui.horizontal_wrapped(|ui| {
                        if ui.button("Resign").clicked() {
                            commands.write(MatchCommand::Resign(side));
                        }
                        match game.draw_offer() {
                            Some(by) if by != side => {
                                ui.label(format!("{} offers a draw:", side_name(by)));
                                if ui.button("Accept").clicked() {
                                    commands.write(MatchCommand::AcceptDraw(side));
                                }
                                if ui.button("Decline").clicked() {
                                    commands.write(MatchCommand::DeclineDraw);
                                }
                            }
                            Some(_) => {
                                ui.weak("Draw offered");
                            }
                            None => {
                                if ui.button("Offer draw").clicked() {
                                    commands.write(MatchCommand::OfferDraw(side));
                                }
                            }
                        }
                    });
                                        let subject = crate::app::input::help_subject(&selection, pos);
                    if ui
                        .add_enabled(subject.is_some(), egui::Button::new("How it moves"))
                        .on_hover_text("H / left stick press: the picked piece alone, every square it reaches marked")
                        .clicked()
                    {
                        show_help.write(ShowHowItMoves(subject));
                    }
                    if selection.0.can_mutate()
                        && ui
                            .button("Mutate serpent")
                            .on_hover_text("M / West")
                            .clicked()
                    {
                        select.write(SelectInput::Mutate);
                    }
                }
            }
                        ui.separator();
            for (side, lost) in [Color::White, Color::Black].iter().zip(&list.lost) {
                if lost.is_empty() {
                    continue;
                }
                let text: Vec<String> = lost
                    .iter()
                    .map(|(k, n)| if *n > 1 { format!("{} ×{n}", k.name()) } else { k.name().to_string() })
                    .collect();
                ui.label(format!("{} lost: {}", side_name(*side), text.join(", ")));
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
            ui.strong("Moves");
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
                                ui.monospace(&pair[0]);
                                ui.monospace(pair.get(1).map(String::as_str).unwrap_or(""));
                                ui.end_row();
                            }
                        });
                });
        })
        .response
        .rect;
    // What is left is the board's.
    let free = egui::Rect::from_min_max(whole.min, egui::pos2(panel.min.x, whole.max.y));
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

fn chooser_window(
    mut contexts: EguiContexts,
    selection: Res<Selection>,
    mut select: MessageWriter<SelectInput>,
) -> Result {
    let Some(chooser) = selection.0.chooser() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(chooser.title.as_str())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-140.0, 0.0))
        .show(ctx, |ui| {
            for (i, c) in chooser.choices.iter().enumerate() {
                let label = if i < 9 {
                    format!("{}  ({})", c.label, i + 1)
                } else {
                    c.label.clone()
                };
                if ui
                    .add_sized([220.0, 28.0], egui::Button::new(label))
                    .clicked()
                {
                    select.write(SelectInput::Choose(i));
                }
            }
            if ui.button("Cancel").clicked() {
                select.write(SelectInput::Cancel);
            }
        });
    Ok(())
}

fn toast_overlay(
    mut contexts: EguiContexts,
    toasts: Res<Toasts>,
    viewport: Res<BoardViewport>,
    window: Single<&Window, With<PrimaryWindow>>,
) -> Result {
    if toasts.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let scale = window.scale_factor();
    let centre_x = viewport
        .0
        .map(|r| (r.min.x + r.max.x) as f32 * 0.5 / scale)
        .unwrap_or(ctx.viewport_rect().center().x);
    egui::Area::new("toasts".into())
        .fixed_pos(egui::pos2(centre_x - 160.0, 14.0))
        .order(egui::Order::Foreground)
        .interactable(false)
        .show(ctx, |ui| {
            for (text, _) in &toasts.0 {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_width(320.0);
                    ui.label(egui::RichText::new(text).size(15.0));
                });
            }
        });
    Ok(())
}

fn end_dialog(
    mut contexts: EguiContexts,
    mut dialog: ResMut<EndDialog>,
    mut commands: MessageWriter<MatchCommand>,
    game: Option<Res<Match>>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let Some(outcome) = dialog.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut close = false;
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-140.0, 0.0))
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(outcome_text(&outcome))
                    .size(20.0)
                    .strong(),
            );
            ui.weak(outcome.result_text());
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Look at the board").clicked() {
                    close = true;
                }
                if let Some(g) = &game
                    && ui.button("New game").clicked()
                {
                    commands.write(MatchCommand::NewGame {
                        variant: g.variant().id().to_string(),
                        options: g.variant().options().to_vec(),
                    });
                    close = true;
                }
                if ui.button("Menu").clicked() {
                    next.set(Screen::Menu);
                    close = true;
                }
            });
        });
    if close {
        dialog.0 = None;
    }
    Ok(())
}

/// The name of the piece under the pointer, next to it.
pub(super) fn hover_name(
    mut contexts: EguiContexts,
    target: Res<crate::app::input::mouse::PointerTarget>,
    game: Option<Res<Match>>,
) -> Result {
    let Some(game) = game else { return Ok(()) };
    let name = if let Some(sq) = target.square {
        game.position().piece_at(sq).map(|p| {
            let mut n = format!("{} {}", side_name(p.color), p.kind.name());
            if p.locked {
                n.push_str(" (locked)");
            }
            n
        })
    } else {
        target
            .hand
            .map(|(side, kind)| format!("{} {} (in hand)", side_name(side), kind.name()))
    };
    let Some(name) = name else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let Some(at) = ctx.pointer_latest_pos() else {
        return Ok(());
    };
    egui::Area::new("hover-name".into())
        .fixed_pos(at + egui::vec2(16.0, 18.0))
        .order(egui::Order::Tooltip)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(name);
            });
        });
    Ok(())
}

/// The banner over the board while "how it moves" is open.
fn help_banner(
    mut contexts: EguiContexts,
    help: Res<HowItMoves>,
    viewport: Res<BoardViewport>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut show_help: MessageWriter<ShowHowItMoves>,
) -> Result {
    let Some(open) = &help.0 else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let scale = window.scale_factor();
    let centre_x = viewport
        .0
        .map(|r| (r.min.x + r.max.x) as f32 * 0.5 / scale)
        .unwrap_or(ctx.viewport_rect().center().x);
    egui::Area::new("help-banner".into())
        .fixed_pos(egui::pos2(centre_x - 210.0, 8.0))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_width(420.0);
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new(format!("How the {} moves", open.piece.kind.name()))
                            .strong()
                            .size(17.0),
                    );
                    if ui.button("Close (H / Esc)").clicked() {
                        show_help.write(ShowHowItMoves(None));
                    }
                });
                if open.reach.is_empty() {
                    ui.label("It has no move on an empty board: it only captures.");
                } else {
                    ui.label(format!(
                        "Alone on the board it reaches the {} marked squares.",
                        open.reach.len()
                    ));
                }
            });
        });
    Ok(())
}
