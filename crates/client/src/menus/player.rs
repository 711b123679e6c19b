//! The main menu's clock and player entries: the time control (presets on
//! left/right, any control typed in its record-tag form), the player's name,
//! the volume, mute and the animation speed; the in-game clock pause; and the
//! clock hold while a menu is in front.
//!
//! Text (the name, a custom time control, a feature's field such as the
//! lobby's address) is typed in a [`TextEditor`]: Select on the entry opens
//! it, typed characters and Backspace edit it, Enter keeps the text (a time
//! control only if it reads; a feature's field is handed to the feature,
//! [`TextEditor::take_typed`]), Escape drops it. While it is open the
//! menu's keys and the pad do nothing else. A pad types too, by dialling
//! ([`pad_text`]): up/down step the last symbol through the field's
//! alphabet, right adds one, left erases one, A keeps the text, B drops it.

use super::{Entry, MenuChoice, Overlays};
use crate::config::clean_player_name;
use crate::match_state::{ClockHold, Match, MatchCommand};
use crate::prefs::Prefs;
use crate::schedule::Screen;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use chimera_game::clock::TimeControl;
use std::time::Duration;

/// The time controls the menu offers on left/right, with their labels.
pub const TIME_PRESETS: [(&str, TimeControl); 6] = [
    ("No clock", TimeControl::None),
    (
        "5 min + 3 s",
        TimeControl::Fischer {
            base: Duration::from_secs(300),
            increment: Duration::from_secs(3),
        },
    ),
    (
        "15 min + 10 s",
        TimeControl::Fischer {
            base: Duration::from_secs(900),
            increment: Duration::from_secs(10),
        },
    ),
    (
        "30 min",
        TimeControl::Fischer {
            base: Duration::from_secs(1800),
            increment: Duration::ZERO,
        },
    ),
    (
        "10 min, 5 s delay",
        TimeControl::Delay {
            base: Duration::from_secs(600),
            delay: Duration::from_secs(5),
        },
    ),
    (
        "30 s per move",
        TimeControl::PerMove {
            time: Duration::from_secs(30),
        },
    ),
];

/// How the menu names a time control: its preset's label, else the tag form.
pub fn time_label(tc: TimeControl) -> String {
    TIME_PRESETS
        .iter()
        .find(|(_, t)| *t == tc)
        .map_or_else(|| format!("Custom: {tc}"), |(l, _)| (*l).to_string())
}

/// A time control in words as the presets say theirs (`10 min + 5 s`,
/// `10 min, 5 s delay`, `30 s per move`, `40 moves in 90 min`); a time
/// that is not whole minutes in its tag form (`90+5`).
pub fn time_words(tc: TimeControl) -> String {
    let minutes = |d: Duration| d.as_secs().is_multiple_of(60).then_some(d.as_secs() / 60);
    let words = match tc {
        TimeControl::None => Some("No clock".to_string()),
        TimeControl::Fischer { base, increment } => {
            minutes(base).map(|m| match increment.as_secs() {
                0 => format!("{m} min"),
                s => format!("{m} min + {s} s"),
            })
        }
        TimeControl::Delay { base, delay } => {
            minutes(base).map(|m| format!("{m} min, {} s delay", delay.as_secs()))
        }
        TimeControl::PerMove { time } => Some(format!("{} s per move", time.as_secs())),
        TimeControl::Periods { moves, time } => {
            minutes(time).map(|m| format!("{moves} moves in {m} min"))
        }
    };
    words.unwrap_or_else(|| tc.to_string())
}

/// The preset `delta` steps from `tc` (wrapping); a custom control steps
/// from the first preset.
pub fn step_time(tc: TimeControl, delta: i32) -> TimeControl {
    let n = TIME_PRESETS.len() as i32;
    let at = TIME_PRESETS.iter().position(|(_, t)| *t == tc);
    let next = match at {
        Some(i) => (i as i32 + delta).rem_euclid(n),
        None => 0,
    };
    TIME_PRESETS[next as usize].1
}

/// A line of text being typed into a menu entry.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct TextEditor {
    /// The entry edited (the player's name or the time control).
    pub editing: Option<Entry>,
    /// The text so far.
    pub text: String,
    /// Why the last Enter was refused.
    pub error: Option<String>,
    /// The editor closed this frame: the Enter or Escape that closed it
    /// does nothing else.
    pub just_closed: bool,
    /// A feature's field kept with Enter, for the feature to take: the
    /// entry and the text, trimmed.
    pub typed: Option<(Entry, String)>,
    /// The symbols a pad dials through, in order (ASCII).
    pub alphabet: &'static [u8],
}

/// The symbols a pad dials into a time control.
const TIME_SYMBOLS: &[u8] = b"0123456789+d*/-";
/// The symbols a pad dials into a name.
const NAME_SYMBOLS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -";

impl TextEditor {
    /// Opens the editor on `entry` with the entry's current text.
    pub fn open(&mut self, entry: Entry, choice: &MenuChoice) {
        match entry {
            Entry::TimeControl => self.open_text(entry, &choice.time.to_string(), TIME_SYMBOLS),
            _ => self.open_text(entry, &choice.player_name, NAME_SYMBOLS),
        }
    }

    /// Opens the editor on a feature's field `entry` holding `text`, a pad
    /// dialling through `alphabet`.
    pub fn open_text(&mut self, entry: Entry, text: &str, alphabet: &'static [u8]) {
        *self = TextEditor {
            editing: Some(entry),
            text: text.to_string(),
            alphabet,
            typed: self.typed.take(),
            ..TextEditor::default()
        };
    }

    /// A pad's dial: the last symbol `delta` steps along the alphabet
    /// (wrapping; one outside it becomes the first), or the first symbol
    /// when the text is empty.
    pub fn dial(&mut self, delta: i32) {
        let Some(&first) = self.alphabet.first() else {
            return;
        };
        let n = self.alphabet.len() as i32;
        let next = match self.text.pop() {
            Some(c) => match self.alphabet.iter().position(|s| char::from(*s) == c) {
                Some(i) => self.alphabet[(i as i32 + delta).rem_euclid(n) as usize],
                None => first,
            },
            None => first,
        };
        self.text.push(char::from(next));
        self.error = None;
    }

    /// A pad adds a symbol: the alphabet's first.
    pub fn add_symbol(&mut self) {
        if let Some(&first) = self.alphabet.first() {
            self.text.push(char::from(first));
            self.error = None;
        }
    }

    /// The text kept for a feature's field `entry`, once (see [`TextEditor::typed`]).
    pub fn take_typed(&mut self, entry: Entry) -> Option<String> {
        if self.typed.as_ref().is_some_and(|(e, _)| *e == entry) {
            return self.typed.take().map(|(_, t)| t);
        }
        None
    }

    /// Whether the editor is open (or closed this frame).
    pub fn busy(&self) -> bool {
        self.editing.is_some() || self.just_closed
    }

    /// Keeps the text in `choice`; false (with the reason in `error`) when
    /// it is not a time control.
    pub fn commit(&mut self, choice: &mut MenuChoice) -> bool {
        match self.editing {
            Some(Entry::TimeControl) => match self.text.parse::<TimeControl>() {
                Ok(tc) => choice.time = tc,
                Err(e) => {
                    self.error = Some(e.to_string());
                    return false;
                }
            },
            Some(Entry::PlayerName) => choice.player_name = clean_player_name(&self.text),
            Some(field) => self.typed = Some((field, self.text.trim().to_string())),
            None => {}
        }
        self.close();
        true
    }

    fn close(&mut self) {
        *self = TextEditor {
            just_closed: true,
            typed: self.typed.take(),
            ..TextEditor::default()
        };
    }
}

/// Typing into the open [`TextEditor`] (every key message is read each
/// frame, so keys pressed before it opened are not typed into it).
pub(super) fn type_text(
    mut keys: MessageReader<KeyboardInput>,
    mut editor: ResMut<TextEditor>,
    mut choice: ResMut<MenuChoice>,
) {
    editor.just_closed = false;
    for k in keys.read() {
        if editor.editing.is_none() || k.state != ButtonState::Pressed {
            continue;
        }
        match &k.logical_key {
            Key::Enter => {
                editor.commit(&mut choice);
            }
            Key::Escape => editor.close(),
            Key::Backspace => {
                editor.text.pop();
                editor.error = None;
            }
            Key::Space => editor.text.push(' '),
            Key::Character(s) => {
                editor.text.extend(s.chars().filter(|c| !c.is_control()));
                editor.error = None;
            }
            _ => {}
        }
    }
}

/// Typing with a pad's d-pad and face buttons into the open
/// [`TextEditor`] (see the module's doc); the button that opened it does
/// nothing else. Read from the pads themselves, so the keyboard's arrows
/// and WASD type as keys.
pub(super) fn pad_text(
    pads: Query<&Gamepad>,
    mut editor: ResMut<TextEditor>,
    mut choice: ResMut<MenuChoice>,
    mut open_before: Local<bool>,
) {
    let was_open = std::mem::replace(&mut *open_before, editor.editing.is_some());
    if !was_open || editor.editing.is_none() {
        return;
    }
    for pad in &pads {
        let pressed = |b: GamepadButton| pad.just_pressed(b);
        if pressed(GamepadButton::DPadUp) {
            editor.dial(1);
        }
        if pressed(GamepadButton::DPadDown) {
            editor.dial(-1);
        }
        if pressed(GamepadButton::DPadRight) {
            editor.add_symbol();
        }
        if pressed(GamepadButton::DPadLeft) {
            editor.text.pop();
            editor.error = None;
        }
        if pressed(GamepadButton::South) {
            editor.commit(&mut choice);
            *open_before = editor.editing.is_some();
            return;
        }
        if pressed(GamepadButton::East) {
            editor.close();
            *open_before = false;
            return;
        }
    }
}

/// Whether left/right adjust `entry` (rather than move the focus).
pub fn adjustable(entry: Entry) -> bool {
    matches!(
        entry,
        Entry::TimeControl | Entry::Volume | Entry::Mute | Entry::AnimationSpeed
    )
}

/// Left/right on one of this module's entries.
pub(super) fn adjust(entry: Entry, delta: i32, choice: &mut MenuChoice, prefs: &mut Prefs) {
    match entry {
        Entry::TimeControl => choice.time = step_time(choice.time, delta),
        Entry::Volume => prefs.step_volume(delta),
        Entry::Mute => prefs.mute = !prefs.mute,
        Entry::AnimationSpeed => prefs.step_animation(delta),
        _ => {}
    }
}

/// Select on one of this module's entries.
pub(super) fn activate(
    entry: Entry,
    choice: &mut MenuChoice,
    prefs: &mut Prefs,
    editor: &mut TextEditor,
    game: Option<&Match>,
    commands: &mut MessageWriter<MatchCommand>,
) {
    match entry {
        Entry::TimeControl | Entry::PlayerName => editor.open(entry, choice),
        Entry::Volume => {
            // Up, and round from full back to silent.
            if prefs.volume >= 100 {
                prefs.volume = 0;
            } else {
                prefs.step_volume(1);
            }
        }
        Entry::Mute => prefs.mute = !prefs.mute,
        Entry::AnimationSpeed => {
            let all = crate::config::AnimationSpeed::ALL;
            let at = all.iter().position(|a| *a == prefs.animation).unwrap_or(0);
            prefs.animation = all[(at + 1) % all.len()];
        }
        Entry::PauseClock => {
            if let Some(g) = game {
                commands.write(MatchCommand::PauseClock(!g.clock_paused()));
            }
        }
        _ => {}
    }
}

/// Holds the clock while the game is not in front: on the main menu, and
/// while the in-game menu, the guide or the controls are open.
pub(super) fn hold_clock(
    screen: Res<State<Screen>>,
    overlays: Res<Overlays>,
    mut hold: ResMut<ClockHold>,
) {
    let held =
        *screen.get() != Screen::Game || overlays.game_menu || overlays.guide || overlays.controls;
    hold.set_if_neq(ClockHold(held));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_step_and_wrap_and_a_custom_control_steps_from_the_first() {
        let none = TimeControl::None;
        assert_eq!(step_time(none, 1), TIME_PRESETS[1].1);
        assert_eq!(step_time(none, -1), TIME_PRESETS[5].1);
        assert_eq!(time_label(TIME_PRESETS[4].1), "10 min, 5 s delay");
        let custom: TimeControl = "40/5400".parse().unwrap();
        assert_eq!(time_label(custom), "Custom: 40/5400");
        assert_eq!(step_time(custom, 1), TimeControl::None);
    }

    #[test]
    fn a_time_control_in_words_says_what_its_preset_says() {
        for (label, tc) in TIME_PRESETS {
            assert_eq!(time_words(tc), label);
        }
        let words = |t: &str| time_words(t.parse().unwrap());
        assert_eq!(words("600+5"), "10 min + 5 s");
        assert_eq!(words("40/5400"), "40 moves in 90 min");
        assert_eq!(words("90+5"), "90+5");
    }

    #[test]
    fn typed_text_becomes_a_time_control_or_a_clean_name() {
        let mut choice = MenuChoice::default();
        let mut ed = TextEditor::default();
        ed.open(Entry::TimeControl, &choice);
        assert_eq!(ed.text, "-");
        ed.text = "600+x".into();
        assert!(!ed.commit(&mut choice));
        assert!(ed.error.as_deref().unwrap().contains("600+x"));
        assert_eq!(ed.editing, Some(Entry::TimeControl));
        ed.text = "600d5".into();
        assert!(ed.commit(&mut choice));
        assert_eq!(
            choice.time,
            TimeControl::Delay {
                base: Duration::from_secs(600),
                delay: Duration::from_secs(5),
            }
        );
        assert!(ed.busy() && ed.editing.is_none());
        ed.open(Entry::PlayerName, &choice);
        ed.text = "  Ann \t".into();
        assert!(ed.commit(&mut choice));
        assert_eq!(choice.player_name, "Ann");
    }

    #[test]
    fn a_pad_dials_symbols_and_a_features_field_is_handed_over() {
        let mut choice = MenuChoice::default();
        let mut ed = TextEditor::default();
        ed.open_text(Entry::OnlineCode, "", b"23456789ABC");
        ed.dial(1);
        assert_eq!(ed.text, "2", "the first symbol on an empty text");
        ed.dial(-1);
        assert_eq!(ed.text, "C", "down from the first wraps to the last");
        ed.add_symbol();
        ed.dial(3);
        assert_eq!(ed.text, "C5");
        ed.text.push('!');
        ed.dial(1);
        assert_eq!(
            ed.text, "C52",
            "a symbol outside the alphabet becomes the first"
        );
        assert!(ed.commit(&mut choice));
        assert_eq!(ed.take_typed(Entry::OnlineAddress), None);
        assert_eq!(ed.take_typed(Entry::OnlineCode).as_deref(), Some("C52"));
        assert_eq!(ed.take_typed(Entry::OnlineCode), None, "handed over once");
        assert_eq!(choice.player_name, "", "the menu's own text is untouched");
    }

    #[test]
    fn volume_and_animation_steps_stop_at_their_ends() {
        let mut p = Prefs {
            volume: 95,
            ..Prefs::default()
        };
        p.step_volume(1);
        assert_eq!(p.volume, 100);
        p.step_volume(-11);
        assert_eq!(p.volume, 0);
        p.animation = crate::config::AnimationSpeed::Slow;
        p.step_animation(1);
        assert_eq!(p.animation, crate::config::AnimationSpeed::Slow);
        p.step_animation(-5);
        assert_eq!(p.animation, crate::config::AnimationSpeed::Off);
        assert_eq!(p.animation_dt(0.1), f32::INFINITY);
        p.mute = true;
        assert_eq!(p.gain(), 0.0);
    }
}
