//! The clocks in the side panel, and the main menu's rows for the time
//! control and the player's settings (name, volume, sound, animations).

use crate::match_state::{Match, low_time};
use crate::menus::{Entry, MenuActivated, MenuAdjusted, MenuChoice, TextEditor, time_label};
use crate::prefs::Prefs;
use crate::widgets::ring_if;
use bevy::prelude::*;
use bevy_egui::egui;
use chimera_game::clock::ClockTime;
use chimera_rules::Color;

/// The colour of a clock that runs low.
const LOW: egui::Color32 = egui::Color32::from_rgb(0xff, 0x5a, 0x4a);
/// The background of the running clock.
const RUNNING: egui::Color32 = egui::Color32::from_rgb(0x2e, 0x5e, 0x3a);

/// Both clocks of a timed game, the running one highlighted, a low one red;
/// nothing for an untimed game.
pub(super) fn clocks(ui: &mut egui::Ui, game: &Match) {
    let control = game.setup().time;
    if !control.is_timed() {
        return;
    }
    let clock = game.clock();
    let low = low_time(control);
    ui.horizontal(|ui| {
        for side in [Color::White, Color::Black] {
            let left = game.remaining(side).unwrap_or_default();
            let running = clock.is_running() && clock.to_move() == side;
            let name = &game.setup().names[side.index()];
            let who = if name.is_empty() {
                side.name().to_string()
            } else {
                name.clone()
            };
            let mut text = egui::RichText::new(format!("{who}  {}", ClockTime(left)))
                .monospace()
                .size(18.0);
            if left <= low {
                text = text.color(LOW);
            }
            if running {
                text = text.strong().background_color(RUNNING);
            }
            ui.label(text);
        }
    });
    if game.clock_paused() && game.outcome().is_none() {
        ui.weak("Clock paused (in-game menu: resume)");
    }
}

/// Everything the main menu's player rows show and change.
pub(super) struct PlayerRows<'a, 'w1, 'w2> {
    pub choice: &'a MenuChoice,
    pub prefs: &'a Prefs,
    pub text: &'a TextEditor,
    pub focused: Option<Entry>,
    pub activated: &'a mut MessageWriter<'w1, MenuActivated>,
    pub adjusted: &'a mut MessageWriter<'w2, MenuAdjusted>,
}

impl PlayerRows<'_, '_, '_> {
    /// What the value of `entry` shows (the typed text while it is edited).
    fn value(&self, entry: Entry) -> String {
        if self.text.editing == Some(entry) {
            return format!("{}_", self.text.text);
        }
        match entry {
            Entry::TimeControl => time_label(self.choice.time),
            Entry::PlayerName if self.choice.player_name.is_empty() => "(none)".into(),
            Entry::PlayerName => self.choice.player_name.clone(),
            Entry::Volume => format!("{}%", self.prefs.volume),
            Entry::Mute => if self.prefs.mute { "Off" } else { "On" }.into(),
            Entry::AnimationSpeed => self.prefs.animation.name().into(),
            _ => String::new(),
        }
    }

    /// The rows as a grid, at scale `k`.
    pub fn show(&mut self, ui: &mut egui::Ui, k: f32) {
        self.show_rows(ui, k, &[]);
    }

    /// The rows of `only` (every row when empty) as a grid, at scale `k`.
    pub fn show_rows(&mut self, ui: &mut egui::Ui, k: f32, only: &[Entry]) {
        let rows = [
            (
                Entry::TimeControl,
                "Clock",
                "Left/right: presets. Select: type one (600+5, 600d5, *30, 40/5400, - for none).",
            ),
            (Entry::PlayerName, "Your name", "Select, type, Enter."),
            (Entry::Volume, "Volume", "Left/right: 10% steps."),
            (Entry::Mute, "Sound", "On or off (N in a game)."),
            (
                Entry::AnimationSpeed,
                "Animations",
                "Off, fast, normal or slow.",
            ),
        ];
        let rows = rows
            .into_iter()
            .filter(|(e, _, _)| only.is_empty() || only.contains(e));
        egui::Grid::new(("player-rows", only.len()))
            .num_columns(2)
            .show(ui, |ui| {
                for (entry, name, help) in rows {
                    ui.label(name).on_hover_text(help);
                    let stepped = entry != Entry::PlayerName;
                    let value = self.value(entry);
                    let row = ui
                        .horizontal(|ui| {
                            if stepped && ui.small_button("<").clicked() {
                                self.adjusted.write(MenuAdjusted(entry, -1));
                            }
                            let v = ui
                                .add_sized([150.0 * k, 22.0 * k], egui::Button::new(value))
                                .on_hover_text(help);
                            if v.clicked() {
                                self.activated.write(MenuActivated(entry));
                            }
                            if stepped && ui.small_button(">").clicked() {
                                self.adjusted.write(MenuAdjusted(entry, 1));
                            }
                        })
                        .response;
                    ring_if(ui, &row, self.focused == Some(entry));
                    ui.end_row();
                }
            });
        if let Some(e) = &self.text.error {
            ui.colored_label(LOW, e);
        }
    }
}

/// What the main menu reads for the player rows and the settings notice.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PlayerState<'w> {
    pub prefs: Res<'w, Prefs>,
    pub text: Res<'w, TextEditor>,
    pub settings: Option<Res<'w, crate::settings::AppSettings>>,
}

impl PlayerState<'_> {
    /// Why the settings file was not used, if it was not, then the players'
    /// variant files that were skipped.
    pub fn settings_problems(&self) -> impl Iterator<Item = &str> {
        self.settings
            .iter()
            .flat_map(|s| s.error.iter().chain(&s.variant_problems))
            .map(String::as_str)
    }
}
