//! The lobby's control messages: what a client asks over the TLS link
//! (the table list, a new table, a seat or a spectator's place at a
//! table) and what the lobby answers (the list, a netcode connect token,
//! or a refusal in words).
//!
//! One request and one answer per TLS connection, each a frame: the magic
//! [`LOBBY_MAGIC`], the protocol version (u32, little endian), the body's
//! length (u32) and the body, bincode as the game's messages. A lobby that
//! gets a request of another version answers with the header alone, so a
//! client of any version learns which version the lobby speaks and says so
//! in words instead of timing out.

use std::io::{self, Read, Write};

use serde::{Deserialize, Serialize};

use super::code::RoomCode;
use crate::protocol::{
    MAX_NAME_CHARS, MAX_REASON_CHARS, SeatState, SeatToken, SeatWish, bincode_config,
};
use chimera_game::clock::TimeControl;

/// The first bytes of every control frame.
pub const LOBBY_MAGIC: [u8; 8] = *b"CHIMLOBY";
/// Largest request body, in bytes.
pub const MAX_REQUEST_BYTES: usize = 4 * 1024;
/// Largest answer body, in bytes (the table list is the long one).
pub const MAX_ANSWER_BYTES: usize = 256 * 1024;
/// Most tables one list answer names.
pub const MAX_LISTED: usize = 500;
/// Longest variant id or option text in a request, in characters.
const MAX_FIELD_CHARS: usize = 64;
/// Most options in a table's spec.
const MAX_OPTIONS: usize = 16;

/// A table to open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSpec {
    /// Variant id (`holygrail`, …).
    pub variant: String,
    /// Options, name and value.
    pub options: Vec<(String, String)>,
    /// Time control ([`TimeControl::None`]: untimed).
    pub time: TimeControl,
    /// Listed for everyone (else joined by its code only).
    pub public: bool,
}

/// A request to the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LobbyRequest {
    /// The public tables.
    List,
    /// Open a table and take a place at it.
    Create {
        /// The table.
        spec: TableSpec,
        /// The creator's seat (or spectator).
        wish: SeatWish,
        /// The creator's name, for the log.
        name: String,
    },
    /// A place at the table of this code: the seat itself is asked of the
    /// table's host in the hello that follows (with a seat token to come back).
    Join {
        /// The room code.
        code: RoomCode,
        /// Seat, any, or watching.
        wish: SeatWish,
    },
}

/// A public table as listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableInfo {
    /// Its room code.
    pub code: RoomCode,
    /// Variant id.
    pub variant: String,
    /// The variant's name.
    pub variant_name: String,
    /// Options, name and value.
    pub options: Vec<(String, String)>,
    /// Time control.
    pub time: TimeControl,
    /// The seats, White then Black.
    pub seats: [SeatState; 2],
    /// Spectators watching.
    pub spectators: u32,
    /// Moves played in the current game.
    pub ply: u32,
    /// 1 for the first game, +1 per rematch.
    pub game_number: u32,
    /// Whether the current game is over.
    pub over: bool,
}

impl TableInfo {
    /// Seats nobody holds.
    pub fn free_seats(&self) -> usize {
        SeatState::open_count(&self.seats)
    }
}

/// The lobby's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LobbyAnswer {
    /// The public tables, open seats first.
    Tables(Vec<TableInfo>),
    /// A place at a table: connect to the game port with this netcode
    /// connect token (valid for a short while, for this table only).
    Admitted {
        /// The table's room code.
        code: RoomCode,
        /// The connect token as netcode writes it.
        token: Vec<u8>,
        /// A table's creator: the token of the seat kept for it (say
        /// hello with it).
        seat: Option<SeatToken>,
    },
    /// Refused, with why in words.
    Refused(String),
}

/// Why a control frame could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ControlError {
    /// The connection failed or closed early.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// Not a lobby frame at all.
    #[error("not a Chimera lobby message")]
    NotLobby,
    /// Over the size limit.
    #[error("a message of {0} bytes is over the limit")]
    TooLarge(usize),
    /// Another protocol version.
    #[error("protocol version {0}")]
    Version(u32),
    /// A body that is no message of this version.
    #[error("malformed message: {0}")]
    Malformed(String),
}

/// Writes one frame: header and `body` (empty: the header alone).
pub fn write_frame(w: &mut impl Write, version: u32, body: &[u8]) -> io::Result<()> {
    let mut out = Vec::with_capacity(16 + body.len());
    out.extend_from_slice(&LOBBY_MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(body);
    w.write_all(&out)?;
    w.flush()
}

/// Reads one frame's header and body (at most `max` bytes) and checks its
/// version against `version`.
pub fn read_frame(r: &mut impl Read, version: u32, max: usize) -> Result<Vec<u8>, ControlError> {
    let mut head = [0u8; 16];
    r.read_exact(&mut head)?;
    if head[..8] != LOBBY_MAGIC {
        return Err(ControlError::NotLobby);
    }
    let word = |i: usize| u32::from_le_bytes([head[i], head[i + 1], head[i + 2], head[i + 3]]);
    let (theirs, len) = (word(8), word(12) as usize);
    if theirs != version {
        return Err(ControlError::Version(theirs));
    }
    if len > max {
        return Err(ControlError::TooLarge(len));
    }
    let mut body = vec![0u8; len];
    r.read_exact(&mut body)?;
    Ok(body)
}

/// Encodes a request or an answer body.
pub fn encode_body<T: Serialize>(msg: &T) -> Vec<u8> {
    // Writing into a Vec fails only on a limit, and the limit is the answer's.
    bincode::serde::encode_to_vec(msg, bincode_config::<MAX_ANSWER_BYTES>()).unwrap_or_default()
}

/// Decodes a body, every byte used.
pub fn decode_body<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ControlError> {
    let (msg, used): (T, usize) =
        bincode::serde::decode_from_slice(body, bincode_config::<MAX_ANSWER_BYTES>())
            .map_err(|e| ControlError::Malformed(e.to_string()))?;
    if used != body.len() {
        return Err(ControlError::Malformed(format!(
            "{} stray bytes",
            body.len() - used
        )));
    }
    Ok(msg)
}

fn too_long(what: &str, text: &str, max: usize) -> Result<(), String> {
    let n = text.chars().count();
    if n > max {
        Err(format!(
            "{what} of {n} characters is over the limit of {max}"
        ))
    } else {
        Ok(())
    }
}

impl LobbyRequest {
    /// Checks the lengths the encoding does not.
    pub fn validate(&self) -> Result<(), String> {
        match self {
            LobbyRequest::Create { spec, name, .. } => {
                too_long("name", name, MAX_NAME_CHARS)?;
                too_long("variant", &spec.variant, MAX_FIELD_CHARS)?;
                if spec.options.len() > MAX_OPTIONS {
                    return Err(format!("more than {MAX_OPTIONS} options"));
                }
                for (k, v) in &spec.options {
                    too_long("option", k, MAX_FIELD_CHARS)?;
                    too_long("option value", v, MAX_FIELD_CHARS)?;
                }
                Ok(())
            }
            LobbyRequest::List | LobbyRequest::Join { .. } => Ok(()),
        }
    }
}

impl LobbyAnswer {
    /// A refusal, cut to the longest reason.
    pub fn refused(why: impl Into<String>) -> LobbyAnswer {
        LobbyAnswer::Refused(why.into().chars().take(MAX_REASON_CHARS).collect())
    }
}

impl Serialize for RoomCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for RoomCode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RoomCode, D::Error> {
        let text = String::deserialize(d)?;
        RoomCode::parse(&text).map_err(serde::de::Error::custom)
    }
}
