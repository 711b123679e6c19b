//! Where Chimera keeps its files, outside the game client so that the
//! command-line tools find the same places.
//!
//! - Config directory: `$CHIMERA_CONFIG_DIR`, else the OS config directory
//!   (`$XDG_CONFIG_HOME` or `~/.config` on Linux, `~/Library/Application
//!   Support` on macOS, `%APPDATA%` on Windows) with `chimera` appended —
//!   the directory of `bindings.cfg`.
//! - Data directory: `$CHIMERA_DATA_DIR`, else the OS data directory
//!   (`$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application
//!   Support` on macOS, `%APPDATA%` on Windows) with `chimera` appended;
//!   saved games go to its `games` folder.

use std::path::PathBuf;

/// An environment variable as a path, if set and not empty.
fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// `$override`, else `<OS base>/chimera` where the base on Linux is
/// `$xdg_var` or `~/<xdg_default>`.
fn app_dir(override_var: &str, xdg_var: &str, xdg_default: &str) -> Option<PathBuf> {
    if let Some(dir) = env_path(override_var) {
        return Some(dir);
    }
    let base = if cfg!(windows) {
        env_path("APPDATA")?
    } else if cfg!(target_os = "macos") {
        env_path("HOME")?.join("Library/Application Support")
    } else {
        env_path(xdg_var).or_else(|| env_path("HOME").map(|h| h.join(xdg_default)))?
    };
    Some(base.join("chimera"))
}

/// The config directory (see the module doc); `None` when no home is known.
pub fn config_dir() -> Option<PathBuf> {
    app_dir("CHIMERA_CONFIG_DIR", "XDG_CONFIG_HOME", ".config")
}

/// The data directory (see the module doc); `None` when no home is known.
pub fn data_dir() -> Option<PathBuf> {
    app_dir("CHIMERA_DATA_DIR", "XDG_DATA_HOME", ".local/share")
}

/// The folder of saved games: `games` in the data directory.
pub fn games_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("games"))
}

/// Writes `text` to `path` whole or not at all: a temporary file next to it,
/// then a rename. Creates the parent directory.
pub fn write_atomic(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}
