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

/// A name as a part of a file name: letters and digits kept, anything else
/// becomes `_`.
pub fn file_part(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect()
}

/// Writes `contents` atomically into a new file `<stem>.pgn` of `dir`
/// (`<stem>-2.pgn`, `<stem>-3.pgn` … when taken); returns its path.
pub fn write_new_record(
    dir: &std::path::Path,
    stem: &str,
    contents: &str,
) -> std::io::Result<PathBuf> {
    let path = (1..)
        .map(|n| match n {
            1 => dir.join(format!("{stem}.pgn")),
            n => dir.join(format!("{stem}-{n}.pgn")),
        })
        .find(|p| !p.exists())
        .expect("some number is free");
    write_atomic(&path, contents)?;
    Ok(path)
}

/// The file-name stem of a game record: `YYYY-MM-DD-HHMMSS-variant-White-Black`
/// (UTC; `now` since the Unix epoch).
pub fn record_stem(now: std::time::Duration, variant: &str, names: [&str; 2]) -> String {
    let (y, mo, d, h, mi, se) = utc(now);
    format!(
        "{y:04}-{mo:02}-{d:02}-{h:02}{mi:02}{se:02}-{variant}-{}-{}",
        file_part(names[0]),
        file_part(names[1])
    )
}

/// Year, month, day, hour, minute, second (UTC) of a time since the epoch
/// (the civil-from-days algorithm of H. Hinnant's date library).
pub fn utc(t: std::time::Duration) -> (i64, u32, u32, u32, u32, u32) {
    let secs = t.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    let rem = rem as u32;
    (year, month, day, rem / 3600, rem / 60 % 60, rem % 60)
}

/// The PGN `Date` tag value (`YYYY.MM.DD`, UTC) of a time since the epoch.
pub fn pgn_date(now: std::time::Duration) -> String {
    let (y, mo, d, ..) = utc(now);
    format!("{y:04}.{mo:02}.{d:02}")
}
