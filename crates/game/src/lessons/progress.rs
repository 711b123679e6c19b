//! Which lessons a player has done: `lessons.txt` in the data directory,
//! one lesson a line, `variant lesson-id`. A file that does not read is
//! reported (its path, line and problem) and set aside as
//! `lessons.txt.unreadable` before the next save, never silently lost.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The file's name in the data directory.
pub const FILE_NAME: &str = "lessons.txt";

/// Longest progress file read (a bigger one is refused, not read into memory).
const MAX_BYTES: u64 = 1 << 20;

/// The lessons done, by variant id and lesson id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    done: BTreeSet<(String, String)>,
}

/// A progress file that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("lesson progress {}: {problem}", path.display())]
pub struct ProgressError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong, and on which line.
    pub problem: String,
}

impl Progress {
    /// Reads the text of a progress file.
    pub fn parse(text: &str) -> Result<Progress, String> {
        let mut done = BTreeSet::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let ok = |w: &str| {
                !w.is_empty()
                    && w.chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
            };
            match words.as_slice() {
                [variant, id] if ok(variant) && ok(id) => {
                    done.insert((variant.to_string(), id.to_string()));
                }
                _ => {
                    let shown: String = line.chars().take(40).collect();
                    return Err(format!(
                        "line {}: '{shown}' is not 'variant lesson-id'",
                        i + 1
                    ));
                }
            }
        }
        Ok(Progress { done })
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut out = String::from("# Chimera: lessons done, one a line: variant lesson-id\n");
        for (variant, id) in &self.done {
            out.push_str(&format!("{variant} {id}\n"));
        }
        out
    }

    /// Whether lesson `id` of `variant` is done.
    pub fn is_done(&self, variant: &str, id: &str) -> bool {
        self.done.contains(&(variant.to_string(), id.to_string()))
    }

    /// Marks it done; whether it was new.
    pub fn mark(&mut self, variant: &str, id: &str) -> bool {
        self.done.insert((variant.to_string(), id.to_string()))
    }

    /// How many lessons of `variant` are done.
    pub fn count(&self, variant: &str) -> usize {
        self.done.iter().filter(|(v, _)| v == variant).count()
    }

    /// The progress file in the data directory, if there is one.
    pub fn default_path() -> Option<PathBuf> {
        chimera_store::paths::data_dir().map(|d| d.join(FILE_NAME))
    }

    /// Reads `path`; a missing file is no progress yet.
    pub fn load(path: &Path) -> Result<Progress, ProgressError> {
        let error = |problem: String| ProgressError {
            path: path.to_path_buf(),
            problem,
        };
        match chimera_store::read::read_bounded(path, MAX_BYTES) {
            Ok(text) => Progress::parse(&text).map_err(error),
            Err(e) if e.is_not_found() => Ok(Progress::default()),
            Err(e) => Err(error(e.problem())),
        }
    }

    /// Writes it to `path` (atomically). A file there that did not read is
    /// first renamed `….unreadable`, so the player can still look at it.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if path.exists() && Progress::load(path).is_err() {
            let mut aside = path.as_os_str().to_owned();
            aside.push(".unreadable");
            std::fs::rename(path, aside)?;
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        chimera_store::paths::write_atomic(path, self.to_text())
    }
}
