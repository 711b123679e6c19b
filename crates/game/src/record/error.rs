//! What can be wrong with a record file; every message names where and what.

use super::MAX_RECORD_BYTES;

/// An error reading or rebuilding a game record. Messages are one line and
/// start with the game number and line (`game 1, line 14, move 23 (black):
/// 'Nf9' is not legal here`) where there are such.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The file is larger than [`MAX_RECORD_BYTES`]; it was not read.
    #[error(
        "the file is too large for a game record ({}; the limit is {MAX_RECORD_BYTES} bytes)",
        size.map_or_else(|| "more than the limit".to_string(), |s| format!("{s} bytes"))
    )]
    TooLarge {
        /// Its size, when known before reading.
        size: Option<u64>,
    },
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(String),
    /// The bytes are not text (invalid UTF-8 or control characters).
    #[error("line {line}: not a text game record ({what})")]
    Binary {
        /// Line of the first bad byte.
        line: usize,
        /// What was found.
        what: String,
    },
    /// The text holds no game at all.
    #[error("the file holds no game")]
    NoGames,
    /// A game number outside the file.
    #[error("there is no game {wanted}: the file holds {count} (numbered from 1)")]
    NoSuchGame {
        /// The number asked for.
        wanted: usize,
        /// How many games the file holds.
        count: usize,
    },
    /// The file ends inside a tag, comment or variation, or without a result.
    #[error("game {game}, line {line}: truncated file: {what}")]
    Truncated {
        /// Game number (from 1).
        game: usize,
        /// Line where the unfinished part began.
        line: usize,
        /// What is unfinished.
        what: String,
    },
    /// Text that is not record syntax.
    #[error("game {game}, line {line}: {what}")]
    Syntax {
        /// Game number (from 1).
        game: usize,
        /// Line of the problem.
        line: usize,
        /// The problem.
        what: String,
    },
    /// A `Variant` tag naming no variant Chimera plays: neither built in
    /// nor a player's file ([`chimera_store::variant_files::not_installed`]).
    #[error("game {game}, line {line}: {} (known: {known})", chimera_store::variant_files::not_installed(.name))]
    UnknownVariant {
        /// Game number (from 1).
        game: usize,
        /// Line of the tag.
        line: usize,
        /// The name found.
        name: String,
        /// The names that work.
        known: String,
    },
    /// A tag whose value is wrong (`VFEN tag: rank 3 has 11 squares, expected 10`).
    #[error("game {game}, line {line}: {tag} tag: {problem}")]
    Tag {
        /// Game number (from 1).
        game: usize,
        /// Line of the tag.
        line: usize,
        /// The tag's name.
        tag: String,
        /// The problem.
        problem: String,
    },
    /// A move that is not legal, ambiguous or after the end.
    #[error("game {game}, line {line}, move {number} ({side}): {problem}")]
    Move {
        /// Game number (from 1).
        game: usize,
        /// Line of the move.
        line: usize,
        /// Full-move number, as the record numbers it.
        number: u32,
        /// `white` or `black`.
        side: &'static str,
        /// The problem.
        problem: String,
    },
    /// A result that contradicts itself or the final position.
    #[error("game {game}: {problem}")]
    Result {
        /// Game number (from 1).
        game: usize,
        /// The problem.
        problem: String,
    },
    /// A match record (for example from the network) that does not rebuild.
    #[error("invalid match record: {0}")]
    Invalid(String),
    /// A tag that cannot be written.
    #[error("cannot write tag '{name}': {problem}")]
    BadTag {
        /// The tag's name.
        name: String,
        /// Why.
        problem: String,
    },
}
