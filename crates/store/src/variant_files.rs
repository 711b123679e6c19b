//! Players' variant files: every `*.toml` in the `variants` folder of the
//! config directory ([`crate::paths::config_dir`]) is read in name order and
//! registered ([`chimera_rules::variants::register`]). A file that cannot be
//! read or is malformed is reported and skipped; it never stops the program.

use std::path::{Path, PathBuf};

use chimera_rules::variants::{FileError, MAX_FILE_BYTES, register};

use crate::read::{ReadError, read_bounded};

/// Why a player's variant file was skipped.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read (missing, a directory, larger than
    /// [`MAX_FILE_BYTES`], not UTF-8); the message leaves out the path,
    /// which the caller names.
    #[error("{}", .0.problem())]
    Read(#[from] ReadError),
    /// The file is malformed (line, key and problem).
    #[error(transparent)]
    File(#[from] FileError),
}

/// One file of the folder and what became of it.
#[derive(Debug)]
pub struct VariantFile {
    /// The file's name in the folder (`mygrand.toml`).
    pub file: String,
    /// The id it registered, or why it was skipped.
    pub result: Result<&'static str, LoadError>,
}

impl VariantFile {
    /// The problem as one line `variants/foo.toml: line 3: key: problem`
    /// (`None` when the file registered).
    pub fn problem(&self) -> Option<String> {
        let e = self.result.as_ref().err()?;
        Some(format!("{FOLDER}/{}: {e}", self.file))
    }
}

/// The folder's name in the config directory.
pub const FOLDER: &str = "variants";

/// The players' variant folder: `variants` in the config directory.
pub fn dir() -> Option<PathBuf> {
    crate::paths::config_dir().map(|d| d.join(FOLDER))
}

/// Registers every `*.toml` file of `dir` in name order; a missing folder
/// gives none. The same file registered again is harmless.
pub fn load_dir(dir: &Path) -> Vec<VariantFile> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| VariantFile {
            file: path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            result: read(&path)
                .map_err(LoadError::from)
                .and_then(|text| Ok(register(&text)?.id)),
        })
        .collect()
}

/// The text of the variant file at `path`, at most [`MAX_FILE_BYTES`]
/// bytes (more is refused after reading one byte over: `/dev/zero` fails at once).
pub fn read(path: &Path) -> Result<String, ReadError> {
    read_bounded(path, MAX_FILE_BYTES as u64)
}

/// [`load_dir`] of the players' folder ([`dir`]); none without a config directory.
pub fn load() -> Vec<VariantFile> {
    dir().map_or_else(Vec::new, |d| load_dir(&d))
}

/// The problems of [`load`], one line each (see [`VariantFile::problem`]).
pub fn load_problems() -> Vec<String> {
    load().iter().filter_map(VariantFile::problem).collect()
}

/// The words for a variant `id` that is not registered: `variant 'x' is not
/// installed (no file in <folder>)`.
pub fn not_installed(id: &str) -> String {
    let folder = dir().map_or_else(|| FOLDER.to_string(), |d| d.display().to_string());
    format!("variant '{id}' is not installed (no file in {folder})")
}
