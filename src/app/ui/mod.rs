//! bevy_egui screens: the main menu (variant, options, start/resume/quit) and
//! the in-game side panel, which also tells the board which part of the
//! window it may use.

use crate::app::Screen;
use crate::app::board_view::{BoardLayout, BoardScene, BoardViewport, ViewMode};
use crate::app::engine::{BoardShape, VariantInfo, variants};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuChoice>()
        .add_message::<StartGame>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                menu_screen.run_if(in_state(Screen::Menu)),
                game_panel.run_if(in_state(Screen::Game)),
            ),
        )
        .add_systems(Update, start_requested_game)
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

/// Request to start a new game of a variant.
#[derive(Message, Clone, Debug)]
pub struct StartGame {
    /// Variant id.
    pub variant: String,
    /// Options as name/value pairs.
    pub options: Vec<(String, String)>,
}

fn start_requested_game(
    mut commands: Commands,
    mut requests: MessageReader<StartGame>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(req) = requests.read().last() else {
        return;
    };
    match BoardShape::of_variant(&req.variant) {
        Some(shape) => {
            let pieces = shape.start_pieces();
            commands.insert_resource(BoardScene { shape, pieces });
            next.set(Screen::Game);
        }
        None => error!("unknown variant {}", req.variant),
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

fn menu_screen(
    mut contexts: EguiContexts,
    mut choice: ResMut<MenuChoice>,
    scene: Option<Res<BoardScene>>,
    mut start: MessageWriter<StartGame>,
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
                    start.write(StartGame {
                        variant: info.id.to_string(),
                        options: choice.option_pairs(),
                    });
                }
                if ui
                    .add_enabled(
                        scene.is_some(),
                        egui::Button::new(egui::RichText::new("Resume").size(18.0)),
                    )
                    .clicked()
                {
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
    scene: Option<Res<BoardScene>>,
    mut mode: ResMut<ViewMode>,
    mut layout: ResMut<BoardLayout>,
    mut viewport: ResMut<BoardViewport>,
    mut next: ResMut<NextState<Screen>>,
    window: Single<&Window, With<PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let title = scene
        .as_ref()
        .and_then(|s| variants().iter().find(|v| v.id == s.shape.id))
        .map(|v| v.name)
        .unwrap_or("Chimera");
    let whole = ctx.viewport_rect();
    let panel = egui::Panel::right("game-panel")
        .default_size(270.0)
        .min_size(220.0)
        .show(&mut root, |ui| {
            ui.add_space(6.0);
            ui.heading(title);
            ui.horizontal_wrapped(|ui| {
                if ui.button("Menu").clicked() {
                    next.set(Screen::Menu);
                }
                if ui.button("Flip board").clicked() {
                    layout.flipped = !layout.flipped;
                }
                let other = match *mode {
                    ViewMode::TwoD => "3D view",
                    ViewMode::ThreeD => "2D view",
                };
                if ui.button(other).clicked() {
                    *mode = mode.toggled();
                }
            });
            ui.separator();
            ui.strong("Status");
            ui.weak("(the game state appears here once the rules engine is connected)");
            ui.separator();
            ui.strong("In hand");
            ui.weak("(pockets: shown beside the board)");
            ui.separator();
            ui.strong("Moves");
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.weak("No moves yet.");
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
