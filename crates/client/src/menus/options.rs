//! Variant options in the main menu. An option of a list steps through its
//! values, wrapping. An option that takes a whole number has its own
//! editor, always within its range: left/right (and the `<`/`>` buttons) and
//! +/− step it; digits typed while it has the focus replace it, then append;
//! Backspace erases a digit. Select opens the editor, in which up/down (the
//! pad's d-pad or stick) step it too, and Select or Cancel close it.

use super::{Entry, FeaturePanels, MenuChoice, MenuFocus};
use crate::interaction::{ActivePanel, DIGIT_KEYS, Panel};
use bevy::prelude::*;
use chimera_rules::OptionKind;

/// The number `text` shows, within `min..=max` (`min` if it shows none).
fn number(text: &str, min: u64, max: u64) -> u64 {
    text.parse::<u64>().unwrap_or(min).clamp(min, max)
}

/// `current` stepped by `delta`: the next or previous value of a list,
/// wrapping; a number up or down, within its range.
pub fn stepped(kind: OptionKind, current: &str, delta: i32) -> String {
    match kind {
        OptionKind::Choice([]) => current.to_string(),
        OptionKind::Choice(values) => {
            let n = values.len() as i64;
            let at = values.iter().position(|v| *v == current).unwrap_or(0) as i64;
            values[(at + delta as i64).rem_euclid(n) as usize].to_string()
        }
        OptionKind::Number { min, max } => {
            let v = number(current, min, max);
            let step = u64::from(delta.unsigned_abs());
            let next = if delta >= 0 {
                v.saturating_add(step)
            } else {
                v.saturating_sub(step)
            };
            next.clamp(min, max).to_string()
        }
    }
}

/// The number `current` with digit `d` typed after it (or alone, when
/// `fresh`), within its range; a list option is left as it is.
pub fn with_digit(kind: OptionKind, current: &str, d: u8, fresh: bool) -> String {
    let OptionKind::Number { min, max } = kind else {
        return current.to_string();
    };
    let before = if fresh { 0 } else { number(current, min, max) };
    before
        .checked_mul(10)
        .and_then(|v| v.checked_add(u64::from(d)))
        .unwrap_or(max)
        .clamp(min, max)
        .to_string()
}

/// The number `current` without its last digit, within its range.
pub fn without_digit(kind: OptionKind, current: &str) -> String {
    let OptionKind::Number { min, max } = kind else {
        return current.to_string();
    };
    (number(current, min, max) / 10).clamp(min, max).to_string()
}

/// The number option being edited with the keyboard or the pad.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberEditor {
    /// The option (of the main menu's variant) whose editor is open.
    pub editing: Option<usize>,
    /// No digit typed since it opened: the next one replaces the value.
    pub fresh: bool,
}

impl NumberEditor {
    /// Opens the editor on option `k`.
    pub fn open(&mut self, k: usize) {
        *self = NumberEditor {
            editing: Some(k),
            fresh: true,
        };
    }
}

/// The focused option of the main menu (or of Play online's table to
/// create), if it takes a number.
fn focused_number(
    active: &ActivePanel,
    focus: &MenuFocus,
    choice: &MenuChoice,
    features: &FeaturePanels,
) -> Option<usize> {
    if focus.panel != Some(active.0) {
        return None;
    }
    let k = match active.0 {
        // Main-menu entries: the variant list, then one entry per option.
        Panel::MainMenu => focus.index.checked_sub(1)?,
        Panel::Online => match focus.entry(&features.online)? {
            Entry::Option(k) => k,
            _ => return None,
        },
        _ => return None,
    };
    let spec = choice.info().options.get(k)?;
    matches!(spec.kind, OptionKind::Number { .. }).then_some(k)
}

/// Digits, Backspace and +/− on the focused number option; the editor
/// closes when the focus leaves it.
pub(super) fn type_numbers(
    keys: Res<ButtonInput<KeyCode>>,
    active: Res<ActivePanel>,
    focus: Res<MenuFocus>,
    mut choice: ResMut<MenuChoice>,
    mut editor: ResMut<NumberEditor>,
    features: Res<FeaturePanels>,
) {
    let Some(k) = focused_number(&active, &focus, &choice, &features) else {
        if editor.editing.is_some() {
            *editor = NumberEditor::default();
        }
        return;
    };
    if editor.editing.is_some_and(|e| e != k) {
        *editor = NumberEditor::default();
    }
    if let Some(d) = DIGIT_KEYS.iter().position(|key| keys.just_pressed(*key)) {
        if editor.editing.is_none() {
            editor.open(k);
        }
        let fresh = std::mem::take(&mut editor.fresh);
        choice.edit_option(k, |kind, v| with_digit(kind, v, d as u8, fresh));
    }
    if editor.editing.is_some() && keys.just_pressed(KeyCode::Backspace) {
        editor.fresh = false;
        choice.edit_option(k, without_digit);
    }
    let plus = keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) as i32;
    let minus = keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) as i32;
    if plus != minus {
        editor.fresh = false;
        choice.edit_option(k, |kind, v| stepped(kind, v, plus - minus));
    }
}

/// What the main menu shows as option `k`'s value (a caret while its
/// number is being edited).
pub fn shown_value(choice: &MenuChoice, editor: &NumberEditor, k: usize) -> String {
    let values = choice.values();
    let value = values.get(k).map_or("", String::as_str);
    if editor.editing == Some(k) {
        format!("{value}_")
    } else {
        value.to_string()
    }
}

/// Whether `entry` is an option whose number editor is open.
pub fn is_editing(editor: &NumberEditor, entry: Option<Entry>) -> bool {
    matches!(entry, Some(Entry::Option(k)) if editor.editing == Some(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: OptionKind = OptionKind::Choice(&["full", "ninjas", "none"]);
    const SEED: OptionKind = OptionKind::Number { min: 0, max: 99 };

    #[test]
    fn a_list_wraps_and_a_number_stays_in_its_range() {
        assert_eq!(stepped(LIST, "full", 1), "ninjas");
        assert_eq!(stepped(LIST, "full", -1), "none");
        assert_eq!(stepped(LIST, "none", 1), "full");
        assert_eq!(stepped(SEED, "7", 1), "8");
        assert_eq!(stepped(SEED, "0", -1), "0");
        assert_eq!(stepped(SEED, "99", 1), "99");
        let whole = OptionKind::Number {
            min: 0,
            max: u64::MAX,
        };
        assert_eq!(
            stepped(whole, "18446744073709551615", 1),
            u64::MAX.to_string()
        );
        // A list with no values (a broken table) is left alone, no panic.
        assert_eq!(stepped(OptionKind::Choice(&[]), "x", 1), "x");
    }

    #[test]
    fn digits_replace_then_append_within_the_range() {
        assert_eq!(with_digit(SEED, "1", 4, true), "4");
        assert_eq!(with_digit(SEED, "4", 2, false), "42");
        assert_eq!(with_digit(SEED, "42", 7, false), "99");
        assert_eq!(without_digit(SEED, "42"), "4");
        assert_eq!(without_digit(SEED, "4"), "0");
        let from_one = OptionKind::Number { min: 1, max: 500 };
        assert_eq!(without_digit(from_one, "4"), "1");
        assert_eq!(with_digit(from_one, "1", 0, true), "1");
        assert_eq!(with_digit(LIST, "full", 3, true), "full");
    }
}
