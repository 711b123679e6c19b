//! Player settings and `settings.cfg`, the file that keeps them between runs
//! (in the config directory, next to `bindings.cfg`). Pure: no Bevy; the only
//! I/O is [`Settings::load`] and [`Settings::save`].
//!
//! The file is plain text, one `key = value` per line, `#` starting a comment
//! line. A key left out keeps its default. A malformed file (unknown key, bad
//! value, a key set twice) is not used at all: loading gives the defaults and
//! a message naming the file, the line and the key, as `bindings.cfg` does.
//! Saving writes a temporary file and renames it over the old one, so a crash
//! mid-save leaves the previous file intact.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use chimera_game::record::shorten;
use chimera_rules::{Variant, variants};
use chimera_store::MAX_CONFIG_BYTES;

/// The file name inside the config directory.
pub const FILE_NAME: &str = "settings.cfg";

/// Longest player name kept, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// 2D or 3D: how the board is drawn. The one view type of the game: the
/// settings file's `view`, the command line's `--view` (which parses it
/// with [`str::parse`]) and, in the app, the `scene::CurrentView` resource.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum View {
    /// Flat diagram (`2d`).
    #[default]
    TwoD,
    /// Lit 3D board (`3d`).
    ThreeD,
}

impl View {
    /// Both views, 2D first.
    pub const ALL: [View; 2] = [View::TwoD, View::ThreeD];

    /// Its name in the settings file and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            View::TwoD => "2d",
            View::ThreeD => "3d",
        }
    }

    /// What it looks like, in a few words (the command line's help).
    pub fn about(self) -> &'static str {
        match self {
            View::TwoD => "Flat diagram view",
            View::ThreeD => "Lit 3D view",
        }
    }

    /// The other view.
    pub fn toggled(self) -> View {
        match self {
            View::TwoD => View::ThreeD,
            View::ThreeD => View::TwoD,
        }
    }
}

impl std::str::FromStr for View {
    type Err = String;

    /// A view by its [`View::name`].
    fn from_str(s: &str) -> Result<View, String> {
        pick(s, &View::ALL.map(|v| (v.name(), v)))
    }
}

/// How fast pieces move on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AnimationSpeed {
    /// No animation: pieces jump to their squares (`off`).
    Off,
    /// Half the normal duration (`fast`).
    Fast,
    /// The game's own timing (`normal`).
    #[default]
    Normal,
    /// Twice the normal duration (`slow`).
    Slow,
}

impl AnimationSpeed {
    /// Every speed, fastest first (the order a menu cycles through).
    pub const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Off,
        AnimationSpeed::Fast,
        AnimationSpeed::Normal,
        AnimationSpeed::Slow,
    ];

    /// What animation durations are multiplied by (0: no animation).
    pub fn duration_factor(self) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Fast => 0.5,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Slow => 2.0,
        }
    }

    /// Its name in the file and in menus.
    pub fn name(self) -> &'static str {
        match self {
            AnimationSpeed::Off => "off",
            AnimationSpeed::Fast => "fast",
            AnimationSpeed::Normal => "normal",
            AnimationSpeed::Slow => "slow",
        }
    }
}

/// Everything the game remembers between runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// 2D or 3D (`view`).
    pub view: View,
    /// The board is shown from Black's side (`flip-board`).
    pub flip_board: bool,
    /// Piece animation speed (`animation-speed`).
    pub animation_speed: AnimationSpeed,
    /// Sound volume, 0 to 100 (`volume`).
    pub volume: u8,
    /// Sound off, volume kept (`mute`).
    pub mute: bool,
    /// Id of the variant last played (`variant`).
    pub variant: String,
    /// Its options as name/value pairs, only the ones chosen (`variant-options`).
    pub variant_options: Vec<(String, String)>,
    /// Last time control, in the record's `TimeControl` tag form: `-` (none),
    /// `600+5`, `600d5`, `*30`, `40/5400` (`time-control`).
    pub time_control: String,
    /// The local player's name; empty for none (`player-name`). Stored as
    /// [`clean_player_name`] gives it.
    pub player_name: String,
    /// Draw each piece's letter on or beside it (`show-letters`).
    pub show_letters: bool,
    /// The lobby of Play online, `ADDRESS[:PORT]`; empty for none
    /// (`lobby-address`; no lobby is built in).
    pub lobby_address: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            view: View::TwoD,
            flip_board: false,
            animation_speed: AnimationSpeed::Normal,
            volume: 80,
            mute: false,
            variant: "holygrail".into(),
            variant_options: Vec::new(),
            time_control: "-".into(),
            player_name: String::new(),
            show_letters: false,
            lobby_address: String::new(),
        }
    }
}

impl Settings {
    /// The volume as a gain from 0.0 to 1.0: 0 when muted.
    pub fn gain(&self) -> f32 {
        gain(self.volume, self.mute)
    }
}

/// The gain of `volume` (0 to 100) from 0.0 to 1.0: 0 when `mute`.
pub fn gain(volume: u8, mute: bool) -> f32 {
    if mute {
        0.0
    } else {
        f32::from(volume.min(100)) / 100.0
    }
}

/// A settings file that cannot be used: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong, starting with the key when there is one.
    pub message: String,
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SettingsError {}

/// One key of the file: its name, the comment written above it, how its
/// value is read into the settings and how it is written.
struct Key {
    name: &'static str,
    help: &'static str,
    read: fn(&mut Settings, &str) -> Result<(), String>,
    write: fn(&Settings) -> String,
}

/// A key whose value is `on` or `off`, kept in the bool `field`.
macro_rules! on_off_key {
    ($name:literal, $help:literal, $field:ident) => {
        Key {
            name: $name,
            help: $help,
            read: |s, v| {
                s.$field = pick(v, &[("on", true), ("off", false)])?;
                Ok(())
            },
            write: |s| if s.$field { "on" } else { "off" }.into(),
        }
    };
}

/// A key whose value is kept as text in `field` once `check` accepts it.
macro_rules! text_key {
    ($name:literal, $help:literal, $field:ident, $check:ident) => {
        Key {
            name: $name,
            help: $help,
            read: |s, v| {
                $check(v)?;
                s.$field = v.into();
                Ok(())
            },
            write: |s| s.$field.clone(),
        }
    };
}

/// Every key, in the order the file lists them.
const KEYS: &[Key] = &[
    Key {
        name: "view",
        help: "Board view: 2d or 3d.",
        read: |s, v| {
            s.view = v.parse()?;
            Ok(())
        },
        write: |s| s.view.name().into(),
    },
    on_off_key!(
        "flip-board",
        "Show the board from Black's side: on or off.",
        flip_board
    ),
    Key {
        name: "animation-speed",
        help: "Piece animations: off, fast, normal or slow.",
        read: |s, v| {
            let named = AnimationSpeed::ALL.map(|a| (a.name(), a));
            s.animation_speed = pick(v, &named)?;
            Ok(())
        },
        write: |s| s.animation_speed.name().into(),
    },
    Key {
        name: "volume",
        help: "Sound volume, 0 to 100.",
        read: |s, v| {
            s.volume =
                v.parse::<u8>().ok().filter(|n| *n <= 100).ok_or_else(|| {
                    format!("'{}' is not a whole number from 0 to 100", shorten(v))
                })?;
            Ok(())
        },
        write: |s| s.volume.to_string(),
    },
    on_off_key!("mute", "Sound off (the volume is kept): on or off.", mute),
    text_key!(
        "variant",
        "The variant last played (chimera variants lists them).",
        variant,
        check_variant
    ),
    Key {
        name: "variant-options",
        help: "Its options, name=value separated by spaces (drops=full gryphons=stealth).",
        read: |s, v| {
            s.variant_options = v
                .split_whitespace()
                .map(|t| {
                    t.split_once('=')
                        .filter(|(n, v)| !n.is_empty() && !v.is_empty())
                        .map(|(n, v)| (n.to_string(), v.to_string()))
                        .ok_or_else(|| format!("'{}' is not name=value", shorten(t)))
                })
                .collect::<Result<_, _>>()?;
            Ok(())
        },
        write: |s| {
            let pairs: Vec<String> = s
                .variant_options
                .iter()
                .map(|(n, v)| format!("{n}={v}"))
                .collect();
            pairs.join(" ")
        },
    },
    text_key!(
        "time-control",
        "Last time control: - (none), 600+5 (Fischer), 600d5 (delay), *30 (per move), 40/5400.",
        time_control,
        check_time_control
    ),
    text_key!(
        "player-name",
        "Your name, up to 32 characters; empty for none.",
        player_name,
        check_player_name
    ),
    on_off_key!(
        "show-letters",
        "Draw each piece's letter on or beside it: on or off.",
        show_letters
    ),
    text_key!(
        "lobby-address",
        "The lobby of Play online, ADDRESS[:PORT] (port 5860 if none); empty for none.",
        lobby_address,
        check_lobby_address
    ),
];

/// The value among `named` called `v`, or an error listing the names.
fn pick<T: Copy>(v: &str, named: &[(&str, T)]) -> Result<T, String> {
    named
        .iter()
        .find(|(n, _)| *n == v)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let names: Vec<&str> = named.iter().map(|(n, _)| *n).collect();
            format!("'{}' is not one of {}", shorten(v), names.join(", "))
        })
}

/// Checks that `v` is written as a variant id (lower-case letters, digits
/// and `-`). Whether it is known is decided in [`Settings::parse`]: a
/// player's variant whose file is gone is no error.
fn check_variant(v: &str) -> Result<(), String> {
    let id_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    if !v.is_empty() && v.chars().all(id_char) {
        return Ok(());
    }
    Err(format!("'{}' is not a variant id", shorten(v)))
}

/// Checks that `v` is a name the settings keep (see [`clean_player_name`]).
fn check_player_name(v: &str) -> Result<(), String> {
    if v.chars().any(char::is_control) {
        return Err("a name may not hold control characters".into());
    }
    if v.chars().count() > MAX_NAME_CHARS {
        return Err(format!("longer than {MAX_NAME_CHARS} characters"));
    }
    Ok(())
}

/// Longest lobby address kept, in characters.
pub const MAX_LOBBY_CHARS: usize = 64;

/// Checks that `v` may be a lobby's address: no spaces or control
/// characters, at most [`MAX_LOBBY_CHARS`] (whether it answers is the
/// Play online screen's to find out).
fn check_lobby_address(v: &str) -> Result<(), String> {
    if v.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err(format!("'{}' has spaces or control characters", shorten(v)));
    }
    if v.chars().count() > MAX_LOBBY_CHARS {
        return Err(format!("longer than {MAX_LOBBY_CHARS} characters"));
    }
    Ok(())
}

/// Checks a time control with the clock's own reader ([`TimeControl`]'s
/// forms: `-`, `?`, `600`, `600+5`, `600d5`, `*30`, `40/5400`).
fn check_time_control(v: &str) -> Result<(), String> {
    v.parse::<chimera_game::clock::TimeControl>()
        .map(|_| ())
        .map_err(|e| {
            format!(
                "'{}' is not a time control (-, 600+5, 600d5, *30 or 40/5400): {e}",
                shorten(v)
            )
        })
}

/// A player name as the settings keep it: control characters dropped, spaces
/// at the ends trimmed, at most [`MAX_NAME_CHARS`] characters.
pub fn clean_player_name(name: &str) -> String {
    let kept: String = name.chars().filter(|c| !c.is_control()).collect();
    kept.trim()
        .chars()
        .take(MAX_NAME_CHARS)
        .collect::<String>()
        .trim_end()
        .into()
}

impl Settings {
    /// Reads a settings file: the defaults with every listed key replaced.
    pub fn parse(text: &str) -> Result<Settings, SettingsError> {
        let mut s = Settings::default();
        let mut seen: Vec<&str> = Vec::new();
        let mut options_line = None;
        for (i, raw) in text.lines().enumerate() {
            let err = |message: String| SettingsError {
                line: i + 1,
                message,
            };
            let line = raw.trim_start_matches('\u{feff}').trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (name, value) = line
                .split_once('=')
                .ok_or_else(|| err(format!("expected 'key = value', found '{}'", shorten(line))))?;
            let (name, value) = (name.trim(), value.trim());
            let key = KEYS.iter().find(|k| k.name == name).ok_or_else(|| {
                let known: Vec<&str> = KEYS.iter().map(|k| k.name).collect();
                err(format!(
                    "unknown setting '{}' (known: {})",
                    shorten(name),
                    known.join(", ")
                ))
            })?;
            if seen.contains(&key.name) {
                return Err(err(format!("'{name}' is set twice")));
            }
            seen.push(key.name);
            (key.read)(&mut s, value).map_err(|m| err(format!("{name}: {m}")))?;
            if key.name == "variant-options" {
                options_line = Some(i + 1);
            }
        }
        // A variant no longer installed (a player's file removed): the menu
        // starts at the default variant, the other settings are kept.
        if !variants().iter().any(|i| i.id == s.variant) {
            let d = Settings::default();
            s.variant = d.variant;
            s.variant_options = d.variant_options;
        } else if let Some(line) = options_line {
            // The options are checked against the variant once both are known.
            Variant::new(&s.variant, &s.variant_options).map_err(|e| SettingsError {
                line,
                message: format!("variant-options: {e}"),
            })?;
        }
        Ok(s)
    }

    /// The file text: a header, then every key with a comment above it.
    pub fn file_text(&self) -> String {
        let mut out = String::from(
            "# Chimera settings. One `key = value` per line; lines starting with # are comments.\n\
             # A key left out keeps its default; a malformed file is ignored as a whole.\n\
             # The game rewrites this file when a setting changes.\n",
        );
        for k in KEYS {
            let line = format!("{} = {}", k.name, (k.write)(self));
            out.push_str(&format!("\n# {}\n{}\n", k.help, line.trim_end()));
        }
        out
    }

    /// Loads `dir/settings.cfg`: its settings, or the defaults when it is
    /// missing (no error) or malformed (with the reason).
    pub fn load(dir: &Path) -> LoadedSettings {
        let path = dir.join(FILE_NAME);
        let (settings, error) = match chimera_store::read_bounded(&path, MAX_CONFIG_BYTES) {
            Ok(text) => match Settings::parse(&text) {
                Ok(s) => (s, None),
                Err(e) => (
                    Settings::default(),
                    Some(format!(
                        "{}: {e}. Using the default settings.",
                        path.display()
                    )),
                ),
            },
            Err(e) if e.is_not_found() => (Settings::default(), None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "{}: cannot read it ({}). Using the default settings.",
                    path.display(),
                    e.problem()
                )),
            ),
        };
        LoadedSettings {
            settings,
            path,
            error,
        }
    }

    /// Writes `dir/settings.cfg` atomically (the directory is created if
    /// needed); returns the file's path.
    pub fn save(&self, dir: &Path) -> io::Result<PathBuf> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(FILE_NAME);
        write_atomic(&path, self.file_text().as_bytes())?;
        Ok(path)
    }
}

/// Settings as loaded, with where they came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedSettings {
    /// The file's settings, or the defaults.
    pub settings: Settings,
    /// The file.
    pub path: PathBuf,
    /// Why the file was not used, if it was not (shown on the menu).
    pub error: Option<String>,
}

pub use chimera_store::paths::write_atomic;
