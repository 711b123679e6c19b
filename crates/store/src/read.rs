//! The one way Chimera reads a file a player or another program can write
//! (variant files, records, saves, settings, bindings, seat files):
//! [`read_bounded`] reads at most a limit, so no file — a huge one, a
//! device such as `/dev/zero`, a pipe that never ends — can cost more than
//! that limit in time or memory, and every error names the path.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest settings, bindings or seat file read (64 KB): each holds a
/// few dozen short lines.
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;

/// Why a file could not be read. Its text names the path
/// (`/tmp/x.pgn: larger than 4194304 bytes`); [`ReadError::problem`] is the
/// same without it.
#[derive(Debug)]
pub enum ReadError {
    /// There is no such file.
    NotFound {
        /// The path given.
        path: PathBuf,
    },
    /// The path is a directory.
    Directory {
        /// The path given.
        path: PathBuf,
    },
    /// The file holds more than `limit` bytes; at most `limit + 1` were read.
    TooLarge {
        /// The path given.
        path: PathBuf,
        /// The limit.
        limit: u64,
    },
    /// The bytes are not UTF-8 text.
    NotText {
        /// The path given.
        path: PathBuf,
        /// Offset of the first byte that is not.
        at: usize,
    },
    /// Any other failure of the system (permissions, a device error).
    Io {
        /// The path given.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path().display(), self.problem())
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl ReadError {
    /// The path that could not be read.
    pub fn path(&self) -> &Path {
        match self {
            ReadError::NotFound { path }
            | ReadError::Directory { path }
            | ReadError::TooLarge { path, .. }
            | ReadError::NotText { path, .. }
            | ReadError::Io { path, .. } => path,
        }
    }

    /// What is wrong, without the path (`is a directory, not a file`).
    pub fn problem(&self) -> String {
        match self {
            ReadError::NotFound { .. } => "no such file".to_string(),
            ReadError::Directory { .. } => "is a directory, not a file".to_string(),
            ReadError::TooLarge { limit, .. } => {
                format!("the file is larger than {limit} bytes, the limit for it")
            }
            ReadError::NotText { at, .. } => format!("not UTF-8 text (invalid byte at {at})"),
            ReadError::Io { source, .. } => source.to_string(),
        }
    }

    /// Whether the file does not exist (often no error: the defaults apply).
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::NotFound { .. })
    }

    fn io(path: &Path, e: std::io::Error) -> ReadError {
        let path = path.to_path_buf();
        match e.kind() {
            std::io::ErrorKind::NotFound => ReadError::NotFound { path },
            std::io::ErrorKind::IsADirectory => ReadError::Directory { path },
            _ => ReadError::Io { path, source: e },
        }
    }
}

/// The bytes of the file at `path`, at most `limit` of them: a longer file
/// (or an endless device) is [`ReadError::TooLarge`] after reading
/// `limit + 1` bytes, whatever its metadata says. A directory is
/// [`ReadError::Directory`].
pub fn read_bounded_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path).map_err(|e| ReadError::io(path, e))?;
    let meta = file.metadata().map_err(|e| ReadError::io(path, e))?;
    if meta.is_dir() {
        return Err(ReadError::Directory {
            path: path.to_path_buf(),
        });
    }
    // A regular file's size is known: refuse a large one before reading it.
    if meta.is_file() && meta.len() > limit {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::io(path, e))?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    Ok(bytes)
}

/// The text of the file at `path`, at most `limit` bytes of UTF-8 (see
/// [`read_bounded_bytes`]).
pub fn read_bounded(path: &Path, limit: u64) -> Result<String, ReadError> {
    let bytes = read_bounded_bytes(path, limit)?;
    String::from_utf8(bytes).map_err(|e| ReadError::NotText {
        path: path.to_path_buf(),
        at: e.utf8_error().valid_up_to(),
    })
}
