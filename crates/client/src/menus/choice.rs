//! The main menu's choices: the variant and its options, who plays each
//! side, the computer's thinking time, the time control, the player's name
//! and the join screen's; stepped by left/right ([`MenuAdjusted`]).

use super::{Entry, MenuAdjusted, NumberEditor, options, player};
use crate::match_state::{GameSetup, Player};
use crate::prefs::Prefs;
use bevy::prelude::*;
use chimera_game::clock::TimeControl;
use chimera_rules::{OptionKind, VariantInfo, variants};

/// The variant and options picked in the main menu.
#[derive(Resource, Debug, Clone)]
pub struct MenuChoice {
    /// Index into [`variants`].
    pub variant: usize,
    /// Chosen value of each option, per variant (same order as its option table).
    pub options: Vec<Vec<String>>,
    /// Who plays White and Black, by `Color::index`.
    pub players: [Player; 2],
    /// The computer's thinking time per move in untimed games: an index
    /// into [`THINK_TIMES_MS`].
    pub think_time: usize,
    /// The time control of a new game.
    pub time: TimeControl,
    /// The local player's name, given to every human side of a new game
    /// (empty: none).
    pub player_name: String,
}

/// The thinking times per move the menu offers the computer, in
/// milliseconds; 0 is "by level" (the stronger, the longer).
pub const THINK_TIMES_MS: [u64; 7] = [0, 500, 1000, 2000, 5000, 10_000, 30_000];

/// `player` stepped by `delta` along Human, Computer 1, …, Computer 8
/// (wrapping).
pub fn step_player(player: Player, delta: i32) -> Player {
    let n = chimera_engine::MAX_LEVEL as i32 + 1;
    let i = match player {
        Player::Human => 0,
        Player::Computer { level } => {
            level.clamp(chimera_engine::MIN_LEVEL, chimera_engine::MAX_LEVEL) as i32
        }
    };
    match (i + delta).rem_euclid(n) {
        0 => Player::Human,
        l => Player::Computer { level: l as u8 },
    }
}

impl Default for MenuChoice {
    fn default() -> Self {
        MenuChoice {
            variant: 0,
            options: variants().iter().map(|v| default_values(v)).collect(),
            players: [Player::Human; 2],
            think_time: 0,
            time: TimeControl::None,
            player_name: String::new(),
        }
    }
}

/// The default value of each option of `v`, in its option table's order.
fn default_values(v: &VariantInfo) -> Vec<String> {
    v.options.iter().map(|o| o.default.to_string()).collect()
}

impl MenuChoice {
    /// The selected variant.
    pub fn info(&self) -> &'static VariantInfo {
        variants()[self.variant]
    }
    /// The chosen values of the selected variant's options: its defaults
    /// when it was registered after the menu was made (a player's file
    /// registered or replaced at run time).
    pub fn values(&self) -> Vec<String> {
        let info = self.info();
        self.options
            .get(self.variant)
            .filter(|v| v.len() == info.options.len())
            .cloned()
            .unwrap_or_else(|| default_values(info))
    }
    /// [`MenuChoice::values`] to edit (made from the defaults if missing).
    pub fn values_mut(&mut self) -> &mut Vec<String> {
        let values = self.values();
        let all = variants();
        self.options
            .resize_with(self.options.len().max(all.len()), Vec::new);
        let slot = &mut self.options[self.variant];
        *slot = values;
        slot
    }
    /// The selected options as name/value pairs.
    pub fn option_pairs(&self) -> Vec<(String, String)> {
        self.info()
            .options
            .iter()
            .zip(self.values())
            .map(|(o, v)| (o.name.to_string(), v))
            .collect()
    }
    /// The game the menu's choices set up.
    pub fn setup(&self) -> GameSetup {
        let mut setup = GameSetup {
            players: self.players,
            ..GameSetup::new(self.info().id, self.option_pairs())
        };
        setup.time = self.time;
        for (name, player) in setup.names.iter_mut().zip(setup.players) {
            if player == Player::Human {
                name.clone_from(&self.player_name);
            }
        }
        setup
    }
    /// The computer's fixed thinking time per move, if one is chosen
    /// (`None`: by level).
    pub fn think_time(&self) -> Option<std::time::Duration> {
        match THINK_TIMES_MS.get(self.think_time).copied().unwrap_or(0) {
            0 => None,
            ms => Some(std::time::Duration::from_millis(ms)),
        }
    }
    /// Steps option `k` of the selected variant by `delta`: a list option
    /// to its next (`+1`) or previous (`-1`) value, wrapping; a number up or
    /// down, within its range.
    pub fn step_option(&mut self, k: usize, delta: i32) {
        self.edit_option(k, |kind, v| options::stepped(kind, v, delta));
    }

    /// Replaces the value of option `k` of the selected variant by `f` of
    /// its kind and current value.
    pub fn edit_option(&mut self, k: usize, f: impl FnOnce(OptionKind, &str) -> String) {
        let Some(spec) = self.info().options.get(k) else {
            return;
        };
        let current = &mut self.values_mut()[k];
        *current = f(spec.kind, current);
    }
}

pub(super) fn apply_adjustments(
    mut adjusted: MessageReader<MenuAdjusted>,
    mut choice: ResMut<MenuChoice>,
    mut editor: ResMut<NumberEditor>,
    mut prefs: ResMut<Prefs>,
) {
    for MenuAdjusted(entry, delta) in adjusted.read() {
        match entry {
            e if player::adjustable(*e) => player::adjust(*e, *delta, &mut choice, &mut prefs),
            Entry::Option(k) => {
                choice.step_option(*k, *delta);
                // Digits typed next append to the stepped number.
                editor.fresh = false;
            }
            Entry::Variant(_) => {
                let n = variants().len() as i32;
                choice.variant = (choice.variant as i32 + delta).rem_euclid(n) as usize;
            }
            Entry::Seat(i) => {
                if let Some(p) = choice.players.get_mut(*i) {
                    *p = step_player(*p, *delta);
                }
            }
            Entry::ThinkTime => {
                let n = THINK_TIMES_MS.len() as i32;
                choice.think_time = (choice.think_time as i32 + delta).rem_euclid(n) as usize;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_step_through_their_values_and_wrap() {
        let mut c = MenuChoice {
            variant: variants().iter().position(|v| v.id == "holygrail").unwrap(),
            ..MenuChoice::default()
        };
        let k = c
            .info()
            .options
            .iter()
            .position(|o| o.name == "drops")
            .unwrap();
        let OptionKind::Choice(values) = c.info().options[k].kind else {
            panic!("drops is a list option");
        };
        assert_eq!(c.options[c.variant][k], values[0]);
        c.step_option(k, 1);
        assert_eq!(c.options[c.variant][k], values[1]);
        c.step_option(k, -2);
        assert_eq!(c.options[c.variant][k], values[values.len() - 1]);
    }
}
