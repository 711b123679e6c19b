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

/// Replaces `path` with `contents` so that a reader sees either the old file
/// or the whole new one, never a part: creates the parent directory, writes
/// `path` + `.<pid>.tmp` beside it, flushes it to disk, then renames it over
/// `path`.
pub fn write_atomic(path: &std::path::Path, contents: impl AsRef<[u8]>) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(contents.as_ref())?;
        f.sync_all()
    });
    let result = written.and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        // Best effort: a leftover temporary file is harmless but untidy.
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
