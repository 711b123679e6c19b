//! Remappable controls: the default bindings of every [`GameAction`], and a
//! plain-text bindings file in the OS config directory that overrides them.
//! The file is read at start; a malformed file is reported (line and reason)
//! and the defaults are kept. A missing file is written with the defaults so
//! players find something to edit.

use crate::interaction::GameAction;
use bevy::prelude::*;
use chimera_game::record::shorten;
use leafwing_input_manager::prelude::*;
use serde::Deserialize;
use serde::de::value::{Error as DeError, StrDeserializer};
use std::path::{Path, PathBuf};

/// One input bound to an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    /// A keyboard key (buttons).
    Key(KeyCode),
    /// A gamepad button (buttons).
    Pad(GamepadButton),
    /// Two gamepad buttons held together, the first held while the second
    /// is pressed (buttons): `pad:LeftTrigger2+South`. The longer chord
    /// wins over an action bound to either button alone.
    PadChord([GamepadButton; 2]),
    /// Four keys: up, down, left, right (directions).
    Keys([KeyCode; 4]),
    /// The gamepad's d-pad (directions).
    DPad,
    /// A gamepad stick, left or right (directions).
    Stick(StickSide),
}

/// Which stick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StickSide {
    /// The left stick.
    Left,
    /// The right stick.
    Right,
}

/// Every action with its bindings, in the order the controls screen lists them.
pub type BindingTable = Vec<(GameAction, Vec<Binding>)>;

/// The bindings Chimera ships with.
pub fn default_bindings() -> BindingTable {
    use Binding::*;
    use GameAction::*;
    use GamepadButton as P;
    use KeyCode as K;
    vec![
        (
            MoveCursor,
            vec![
                Keys([K::ArrowUp, K::ArrowDown, K::ArrowLeft, K::ArrowRight]),
                Keys([K::KeyW, K::KeyS, K::KeyA, K::KeyD]),
                DPad,
                Stick(StickSide::Left),
            ],
        ),
        (Select, vec![Key(K::Enter), Key(K::Space), Pad(P::South)]),
        (
            Cancel,
            vec![Key(K::Escape), Key(K::Backspace), Pad(P::East)],
        ),
        // The shoulders step through the replay; Select (Back) jumps into the hand.
        (Hand, vec![Key(K::Tab), Pad(P::Select)]),
        (Undo, vec![Key(K::KeyU), Pad(P::West)]),
        (Redo, vec![Key(K::KeyR), Pad(P::North)]),
        (FlipBoard, vec![Key(K::KeyF)]),
        (ToggleView, vec![Key(K::KeyV), Pad(P::RightThumb)]),
        (HowItMoves, vec![Key(K::KeyH), Pad(P::LeftThumb)]),
        (Mutate, vec![Key(K::KeyM)]),
        (Menu, vec![Key(K::F10), Pad(P::Start)]),
        (
            Orbit,
            vec![
                Keys([K::PageUp, K::PageDown, K::KeyQ, K::KeyE]),
                Stick(StickSide::Right),
            ],
        ),
        (
            ZoomIn,
            vec![Key(K::Equal), Key(K::NumpadAdd), Pad(P::RightTrigger2)],
        ),
        (
            ZoomOut,
            vec![Key(K::Minus), Key(K::NumpadSubtract), Pad(P::LeftTrigger2)],
        ),
        (ReplayFirst, vec![Key(K::Home)]),
        (ReplayPrev, vec![Key(K::Comma), Pad(P::LeftTrigger)]),
        (ReplayNext, vec![Key(K::Period), Pad(P::RightTrigger)]),
        (ReplayLast, vec![Key(K::End)]),
        (Hint, vec![Key(K::KeyI), Pad(P::Mode)]),
        (Mute, vec![Key(K::KeyN)]),
        // Every pad button is taken (the guide button gives the hint): keys and the menu.
        (ShowLetters, vec![Key(K::KeyL)]),
        // Drawing at the cursor: on the pad, the left trigger held with a face button.
        (
            DrawArrow,
            vec![Key(K::KeyX), PadChord([P::LeftTrigger2, P::South])],
        ),
        (
            DrawCircle,
            vec![Key(K::KeyC), PadChord([P::LeftTrigger2, P::West])],
        ),
        (
            DrawColour,
            vec![Key(K::KeyB), PadChord([P::LeftTrigger2, P::North])],
        ),
    ]
}

/// The input map of a binding table.
pub fn input_map(table: &BindingTable) -> InputMap<GameAction> {
    let mut map = InputMap::default();
    for (action, list) in table {
        for b in list {
            match *b {
                Binding::Key(k) => {
                    map.insert(*action, k);
                }
                Binding::Pad(p) => {
                    map.insert(*action, p);
                }
                Binding::PadChord(chord) => {
                    map.insert(*action, ButtonlikeChord::new(chord));
                }
                Binding::Keys([u, d, l, r]) => {
                    map.insert_dual_axis(*action, VirtualDPad::new(u, d, l, r));
                }
                Binding::DPad => {
                    map.insert_dual_axis(*action, VirtualDPad::dpad());
                }
                Binding::Stick(StickSide::Left) => {
                    map.insert_dual_axis(*action, GamepadStick::LEFT);
                }
                Binding::Stick(StickSide::Right) => {
                    map.insert_dual_axis(*action, GamepadStick::RIGHT);
                }
            }
        }
    }
    map
}

/// The bindings in force and where they came from.
#[derive(Resource, Clone, Debug)]
pub struct Controls {
    /// Every action with its bindings.
    pub table: BindingTable,
    /// The bindings file (shown on the controls screen).
    pub path: Option<PathBuf>,
    /// Why the file was not used, if it was not.
    pub error: Option<String>,
}

impl Default for Controls {
    fn default() -> Self {
        Controls {
            table: default_bindings(),
            path: None,
            error: None,
        }
    }
}

impl Controls {
    /// The bindings of one action.
    pub fn of(&self, action: GameAction) -> &[Binding] {
        self.table
            .iter()
            .find(|(a, _)| *a == action)
            .map_or(&[], |(_, l)| l.as_slice())
    }
}

/// A bindings file that cannot be used: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct BindingsError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub problem: BindingProblem,
}

/// What is wrong with a line of the bindings file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BindingProblem {
    /// The line is not `action = bindings`.
    #[error("expected 'action = bindings', found '{0}'")]
    NotAnAssignment(String),
    /// No action has that name.
    #[error("unknown action '{name}' (known: {known})")]
    UnknownAction {
        /// The name given.
        name: String,
        /// The action names, comma-separated.
        known: String,
    },
    /// The action appears on two lines.
    #[error("'{0}' is bound twice")]
    BoundTwice(String),
    /// The action is given no binding.
    #[error("'{0}' has no binding")]
    NoBinding(String),
    /// `keys(` without its `)`.
    #[error("'{0}' lacks its closing ')'")]
    Unclosed(String),
    /// `keys(…)` with other than four keys.
    #[error("'{text}' needs four keys: up, down, left, right (found {found})")]
    KeyCount {
        /// The binding given.
        text: String,
        /// How many keys it names.
        found: usize,
    },
    /// No key has that name.
    #[error("unknown key '{0}'")]
    UnknownKey(String),
    /// No stick has that name.
    #[error("unknown stick '{0}' (left or right)")]
    UnknownStick(String),
    /// No gamepad button has that name.
    #[error("unknown gamepad button '{0}'")]
    UnknownPadButton(String),
    /// A button given to an action that takes directions.
    #[error(
        "{action} takes directions (keys(up down left right), dpad, stick:left, stick:right), not '{text}'"
    )]
    NeedsDirections {
        /// The action's name.
        action: &'static str,
        /// The binding given.
        text: String,
    },
    /// Directions given to an action that takes a button.
    #[error("{action} takes a key or pad:<button>, not '{text}'")]
    NeedsButton {
        /// The action's name.
        action: &'static str,
        /// The binding given.
        text: String,
    },
}

/// The file name inside the config directory.
pub const FILE_NAME: &str = "bindings.cfg";

/// The bindings file: [`FILE_NAME`] in the config directory
/// (`chimera_store::paths::config_dir`: `$CHIMERA_CONFIG_DIR`, else the OS
/// config directory with `chimera` appended).
pub fn bindings_path() -> Option<PathBuf> {
    chimera_store::paths::config_dir().map(|d| d.join(FILE_NAME))
}

/// The name of an action in the bindings file.
pub fn action_name(a: GameAction) -> &'static str {
    use GameAction::*;
    match a {
        MoveCursor => "move-cursor",
        Select => "select",
        Cancel => "cancel",
        Hand => "hand",
        Undo => "undo",
        Redo => "redo",
        FlipBoard => "flip-board",
        ToggleView => "switch-view",
        HowItMoves => "how-it-moves",
        Mutate => "mutate",
        Menu => "menu",
        Orbit => "orbit",
        ZoomIn => "zoom-in",
        ZoomOut => "zoom-out",
        ReplayFirst => "replay-first",
        ReplayPrev => "replay-prev",
        ReplayNext => "replay-next",
        ReplayLast => "replay-last",
        Hint => "hint",
        Mute => "mute",
        ShowLetters => "show-letters",
        DrawArrow => "draw-arrow",
        DrawCircle => "draw-circle",
        DrawColour => "draw-colour",
    }
}

/// Whether an action takes directions (two axes) rather than buttons.
pub fn is_directional(a: GameAction) -> bool {
    matches!(a, GameAction::MoveCursor | GameAction::Orbit)
}

/// A binding as the file writes it.
pub fn binding_text(b: &Binding) -> String {
    match b {
        Binding::Key(k) => format!("{k:?}"),
        Binding::Pad(p) => format!("pad:{p:?}"),
        Binding::PadChord([a, b]) => format!("pad:{a:?}+{b:?}"),
        Binding::Keys([u, d, l, r]) => format!("keys({u:?} {d:?} {l:?} {r:?})"),
        Binding::DPad => "dpad".into(),
        Binding::Stick(StickSide::Left) => "stick:left".into(),
        Binding::Stick(StickSide::Right) => "stick:right".into(),
    }
}

/// The bindings file for a table, with a header explaining the format.
pub fn file_text(table: &BindingTable) -> String {
    let mut s = String::from(
        "# Chimera controls. One line per action: action = binding, binding, ...\n\
         # An action left out keeps its default; a malformed file is ignored as a whole.\n\
         # Buttons: a key by its Bevy KeyCode name (Enter, Space, KeyA, Digit1, F10, ArrowUp)\n\
         #   or pad:<button> (South East West North LeftTrigger RightTrigger LeftTrigger2\n\
         #   RightTrigger2 Select Start Mode LeftThumb RightThumb DPadUp DPadDown DPadLeft\n\
         #   DPadRight), or two held together: pad:LeftTrigger2+South.\n\
         # Directions (move-cursor, orbit): keys(<up> <down> <left> <right>), dpad,\n\
         #   stick:left or stick:right.\n\n",
    );
    for (action, list) in table {
        let items: Vec<String> = list.iter().map(binding_text).collect();
        s.push_str(&format!(
            "{} = {}\n",
            action_name(*action),
            items.join(", ")
        ));
    }
    s
}

fn parse_key(name: &str) -> Option<KeyCode> {
    KeyCode::deserialize(StrDeserializer::<DeError>::new(name)).ok()
}

fn parse_pad(name: &str) -> Option<GamepadButton> {
    GamepadButton::deserialize(StrDeserializer::<DeError>::new(name)).ok()
}

fn parse_binding(action: GameAction, text: &str) -> Result<Binding, BindingProblem> {
    use BindingProblem as P;
    let directional = is_directional(action);
    let name = action_name(action);
    let key = |n: &str| parse_key(n).ok_or_else(|| P::UnknownKey(shorten(n)));
    let binding = if let Some(rest) = text.strip_prefix("keys(") {
        let inner = rest
            .strip_suffix(')')
            .ok_or_else(|| P::Unclosed(shorten(text)))?;
        let names: Vec<&str> = inner.split_whitespace().collect();
        if names.len() != 4 {
            return Err(P::KeyCount {
                text: shorten(text),
                found: names.len(),
            });
        }
        let mut keys = [KeyCode::Space; 4];
        for (slot, n) in keys.iter_mut().zip(&names) {
            *slot = key(n)?;
        }
        Binding::Keys(keys)
    } else if text == "dpad" {
        Binding::DPad
    } else if let Some(side) = text.strip_prefix("stick:") {
        match side {
            "left" => Binding::Stick(StickSide::Left),
            "right" => Binding::Stick(StickSide::Right),
            _ => return Err(P::UnknownStick(shorten(side))),
        }
    } else if let Some(b) = text.strip_prefix("pad:") {
        let pad = |n: &str| parse_pad(n).ok_or_else(|| P::UnknownPadButton(shorten(n)));
        match b.split_once('+') {
            Some((first, second)) => Binding::PadChord([pad(first)?, pad(second)?]),
            None => Binding::Pad(pad(b)?),
        }
    } else {
        Binding::Key(key(text)?)
    };
    let takes_directions = matches!(
        binding,
        Binding::Keys(_) | Binding::DPad | Binding::Stick(_)
    );
    match (directional, takes_directions) {
        (true, false) => Err(P::NeedsDirections {
            action: name,
            text: shorten(text),
        }),
        (false, true) => Err(P::NeedsButton {
            action: name,
            text: shorten(text),
        }),
        _ => Ok(binding),
    }
}

/// Reads a bindings file: the defaults with every listed action replaced.
pub fn parse_bindings(text: &str) -> Result<BindingTable, BindingsError> {
    let mut table = default_bindings();
    let mut seen: Vec<GameAction> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let err = |problem: BindingProblem| BindingsError {
            line: i + 1,
            problem,
        };
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (name, rest) = line
            .split_once('=')
            .ok_or_else(|| err(BindingProblem::NotAnAssignment(shorten(line))))?;
        let name = name.trim();
        let action = GameAction::ALL
            .iter()
            .copied()
            .find(|a| action_name(*a) == name)
            .ok_or_else(|| {
                let known: Vec<&str> = GameAction::ALL.iter().map(|a| action_name(*a)).collect();
                err(BindingProblem::UnknownAction {
                    name: shorten(name),
                    known: known.join(", "),
                })
            })?;
        if seen.contains(&action) {
            return Err(err(BindingProblem::BoundTwice(name.to_string())));
        }
        seen.push(action);
        let list = rest
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| parse_binding(action, t).map_err(&err))
            .collect::<Result<Vec<_>, _>>()?;
        if list.is_empty() {
            return Err(err(BindingProblem::NoBinding(name.to_string())));
        }
        if let Some(entry) = table.iter_mut().find(|(a, _)| *a == action) {
            entry.1 = list;
        }
    }
    Ok(table)
}

/// Loads the controls from `path`: the file's bindings, or the defaults with
/// the reason when the file is malformed; a missing file is created.
pub fn load_controls(path: Option<&Path>) -> Controls {
    let mut controls = Controls {
        path: path.map(Path::to_path_buf),
        ..Controls::default()
    };
    let Some(path) = path else {
        return controls;
    };
    match chimera_store::read_bounded(path, chimera_store::MAX_CONFIG_BYTES) {
        Ok(text) => match parse_bindings(&text) {
            Ok(table) => controls.table = table,
            Err(e) => {
                controls.error = Some(format!(
                    "{}: {e}. Using the default controls.",
                    path.display()
                ))
            }
        },
        Err(e) if e.is_not_found() => {
            // Best effort: a read-only home just means no file to edit.
            let written = path
                .parent()
                .map_or(Ok(()), std::fs::create_dir_all)
                .and_then(|_| std::fs::write(path, file_text(&controls.table)));
            if let Err(e) = written {
                info!("could not write {}: {e}", path.display());
            }
        }
        Err(e) => {
            controls.error = Some(format!(
                "{}: cannot read it ({}). Using the default controls.",
                path.display(),
                e.problem()
            ))
        }
    }
    controls
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_file_reads_back_as_the_defaults() {
        let text = file_text(&default_bindings());
        assert_eq!(parse_bindings(&text), Ok(default_bindings()));
    }

    #[test]
    fn a_listed_action_replaces_its_defaults_and_the_rest_stay() {
        let t = parse_bindings(
            "undo = KeyZ, pad:LeftThumb  # my undo\n\norbit = stick:left\ndraw-circle = pad:RightTrigger+East\n",
        )
            .expect("valid");
        let of = |a| t.iter().find(|(x, _)| *x == a).unwrap().1.clone();
        assert_eq!(
            of(GameAction::Undo),
            vec![
                Binding::Key(KeyCode::KeyZ),
                Binding::Pad(GamepadButton::LeftThumb)
            ]
        );
        assert_eq!(of(GameAction::Orbit), vec![Binding::Stick(StickSide::Left)]);
        assert_eq!(
            of(GameAction::DrawCircle),
            vec![Binding::PadChord([
                GamepadButton::RightTrigger,
                GamepadButton::East
            ])]
        );
        let defaults = default_bindings();
        assert_eq!(
            of(GameAction::Redo),
            defaults
                .iter()
                .find(|(a, _)| *a == GameAction::Redo)
                .unwrap()
                .1
        );
    }

    #[test]
    fn malformed_files_name_the_line_and_the_problem() {
        let cases = [
            ("select = Enter\njump = Space", 2, "unknown action 'jump'"),
            ("select = Entr", 1, "unknown key 'Entr'"),
            ("cancel = pad:Circle", 1, "unknown gamepad button 'Circle'"),
            (
                "draw-arrow = pad:South+Triangle",
                1,
                "unknown gamepad button 'Triangle'",
            ),
            ("select Enter", 1, "expected 'action = bindings'"),
            ("move-cursor = Enter", 1, "move-cursor takes directions"),
            ("select = dpad", 1, "select takes a key"),
            ("orbit = keys(KeyQ KeyE)", 1, "needs four keys"),
            ("orbit = stick:middle", 1, "unknown stick 'middle'"),
            ("undo = KeyU\n\nundo = KeyZ", 3, "'undo' is bound twice"),
            ("redo = ", 1, "'redo' has no binding"),
        ];
        for (text, line, needle) in cases {
            let e = parse_bindings(text).expect_err(text);
            assert_eq!(e.line, line, "{text}: {e}");
            assert!(e.problem.to_string().contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn a_malformed_file_gives_a_clear_error_and_the_defaults() {
        let dir = std::env::temp_dir().join(format!("chimera-bindings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE_NAME);
        std::fs::write(&path, "select = Enter\nundo = Ctrl+Z\n").unwrap();
        let c = load_controls(Some(&path));
        let e = c.error.expect("an error");
        assert!(e.contains("line 2: unknown key 'Ctrl+Z'"), "{e}");
        assert!(e.contains("Using the default controls"), "{e}");
        assert_eq!(c.table, default_bindings());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_missing_file_is_written_with_the_defaults() {
        let dir = std::env::temp_dir().join(format!("chimera-bindings-new-{}", std::process::id()));
        let path = dir.join("sub").join(FILE_NAME);
        let c = load_controls(Some(&path));
        assert_eq!(c.error, None);
        let text = std::fs::read_to_string(&path).expect("written");
        assert_eq!(parse_bindings(&text), Ok(default_bindings()));
        std::fs::remove_dir_all(&dir).ok();
    }
}
