//! The messages of a LAN match and their wire encoding (issue 12, "Protocol").
//!
//! Pure: serde types and bincode 2. A frame is one tag byte naming its
//! direction ([`TO_HOST`] or [`TO_CLIENT`]) followed by the bincode encoding
//! of a [`ClientMsg`] or a [`HostMsg`] under [`MAX_MESSAGE_BYTES`]. Decoding
//! checks the tag, the size, that every byte was used and the message's own
//! limits (name, chat and move lengths); every failure is a [`WireError`].
//! Moves travel as LMN text (docs/rules.md §8). Sides, offers and results
//! are the game's own types ([`Color`], [`Offer`], [`Outcome`] with its
//! [`chimera_rules::EndReason`]): bincode writes an enum as its variant
//! index, so their variant order is part of the protocol.

use serde::{Deserialize, Serialize};

use chimera_game::Offer;
use chimera_game::clock::TimeControl;
use chimera_game::record::{Arrow, Circle};
use chimera_rules::{Color, Outcome};

/// The version of this protocol. Peers of different versions cannot connect:
/// the netcode protocol id derives from it ([`protocol_id`]).
pub const PROTOCOL_VERSION: u32 = 4;

/// Largest frame either side sends or accepts, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;
/// Longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 200;
/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 32;
/// Longest move text, in characters.
pub const MAX_LMN_CHARS: usize = 32;
/// Longest rejection reason or notice, in characters.
pub const MAX_REASON_CHARS: usize = 400;
/// Most arrows plus circles in one [`SharedDrawings`].
pub const MAX_DRAWINGS: usize = 64;
/// Longest square name in a drawing, in characters (`p16` is three).
pub const MAX_SQUARE_CHARS: usize = 4;

/// Tag byte of a frame sent to the host (a [`ClientMsg`]).
pub const TO_HOST: u8 = 0xC5;
/// Tag byte of a frame sent to a client (a [`HostMsg`]).
pub const TO_CLIENT: u8 = 0xC6;

/// The netcode protocol id of a protocol version: `CHIM` in the high bytes,
/// the version in the low ones. Netcode silently drops a connection request
/// whose id differs, which is why a host also answers a version probe
/// (see `transport`).
pub fn protocol_id(version: u32) -> u64 {
    (u64::from_be_bytes(*b"CHIM\0\0\0\0")) | u64::from(version)
}

/// bincode's standard configuration (little endian, varints) reading at
/// most `N` bytes.
pub fn bincode_config<const N: usize>() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Varint,
    bincode::config::Limit<N>,
> {
    bincode::config::standard().with_limit::<N>()
}

/// The seat a joining client asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatWish {
    /// White's seat.
    White,
    /// Black's seat.
    Black,
    /// Whichever seat is free (White first).
    Any,
    /// Watch only.
    Spectate,
}

impl From<Color> for SeatWish {
    /// The seat of this side.
    fn from(side: Color) -> SeatWish {
        match side {
            Color::White => SeatWish::White,
            Color::Black => SeatWish::Black,
        }
    }
}

/// A secret that gives a seat back to the client that held it, from any
/// address. Issued by the host with the seat; the client keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatToken(pub [u8; 16]);

impl SeatToken {
    /// 32 lowercase hex digits (for the config dir).
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
    /// Reads [`SeatToken::to_hex`]'s text back.
    pub fn from_hex(text: &str) -> Option<SeatToken> {
        let text = text.trim();
        if text.len() != 32 || !text.is_ascii() {
            return None;
        }
        let mut out = [0u8; 16];
        for (i, b) in out.iter_mut().enumerate() {
            *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(SeatToken(out))
    }
}

/// The first message of a client: who it is and what it wants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The client's [`PROTOCOL_VERSION`].
    pub version: u32,
    /// Display name.
    pub name: String,
    /// Seat asked for.
    pub wish: SeatWish,
    /// The token of a seat held before (reconnect); it outranks `wish`.
    pub token: Option<SeatToken>,
}

/// A message from a client to the host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClientMsg {
    /// Join or rejoin.
    Hello(Hello),
    /// Play `lmn`, made when the game stood at `ply` moves.
    Move {
        /// Number of moves played before this one.
        ply: u32,
        /// The move (docs/rules.md §8).
        lmn: String,
    },
    /// Give up the game.
    Resign,
    /// Offer or request (draw, takeback, rematch).
    Offer(Offer),
    /// Accept the opponent's offer.
    Accept(Offer),
    /// Decline the opponent's offer.
    Decline(Offer),
    /// Claim the win when the opponent stayed away past the grace period.
    ClaimWin,
    /// A chat line.
    Chat(String),
    /// Ask for a snapshot: the client's copy went wrong at `ply`.
    Resync {
        /// The client's ply when it noticed.
        ply: u32,
    },
    /// Share the player's drawings at a ply with the opponent and the
    /// spectators (players only; they replace that player's earlier ones
    /// at that ply).
    Drawings(SharedDrawings),
}

/// A player's arrows and circles on the position after `ply` moves, as
/// records write them (`[%cal]`, `[%csl]`: a brush and square names).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SharedDrawings {
    /// Moves played before the position drawn on.
    pub ply: u32,
    /// The arrows.
    pub arrows: Vec<Arrow>,
    /// The circles.
    pub circles: Vec<Circle>,
}

impl SharedDrawings {
    /// Checks the counts and name lengths (the host checks the squares
    /// against the board).
    fn validate(&self) -> Result<(), WireError> {
        let n = self.arrows.len() + self.circles.len();
        if n > MAX_DRAWINGS {
            return Err(WireError::Invalid(format!(
                "{n} drawings, over the limit of {MAX_DRAWINGS}"
            )));
        }
        let names = self.arrows.iter().flat_map(|a| [&a.from, &a.to]);
        for name in names.chain(self.circles.iter().map(|c| &c.square)) {
            check_len("square name", name, MAX_SQUARE_CHARS)?;
        }
        Ok(())
    }
}

/// A clock as sent on the wire (the host runs the clocks; see
/// [`chimera_game::clock::Clock`]). `state` converts it to and from a `Clock`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireClocks {
    /// The time control.
    pub control: TimeControl,
    /// What each clock shows when the message is made, in milliseconds,
    /// White then Black.
    pub left_ms: [u64; 2],
    /// The side whose turn the clock times.
    pub to_move: Color,
    /// Time the side to move has spent on its current move, in milliseconds
    /// (a delay control needs it to go on counting).
    pub spent_ms: u64,
    /// Whether that side's clock runs (not before both players are seated,
    /// while one is away, or after the end).
    pub running: bool,
    /// Moves each side made under this clock (moves-per-period controls).
    pub moves: [u32; 2],
}

/// Who holds a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatState {
    /// Nobody yet.
    Open,
    /// A connected player.
    Connected {
        /// The player's name.
        name: String,
    },
    /// The player dropped; the seat waits for their token.
    Away {
        /// The player's name.
        name: String,
        /// Seconds of grace left; at 0 the opponent may claim the win.
        grace_left_s: u32,
    },
}

impl SeatState {
    /// How many of `seats` nobody holds.
    pub fn open_count(seats: &[SeatState]) -> usize {
        seats.iter().filter(|s| **s == SeatState::Open).count()
    }

    /// The seat in words, for logs and panels: `White's seat is open`,
    /// `White: Ann`, `White (Ann) disconnected — waiting (1:52)`.
    pub fn line(&self, side: Color) -> String {
        match self {
            SeatState::Open => format!("{}'s seat is open", side.name()),
            SeatState::Connected { name } => format!("{}: {name}", side.name()),
            SeatState::Away { name, grace_left_s } => format!(
                "{} ({name}) disconnected — waiting ({}:{:02})",
                side.name(),
                grace_left_s / 60,
                grace_left_s % 60
            ),
        }
    }

    /// The holder's name, if the seat is taken.
    pub fn name(&self) -> Option<&str> {
        match self {
            SeatState::Open => None,
            SeatState::Connected { name } | SeatState::Away { name, .. } => Some(name),
        }
    }
}

/// A client's part in the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// Plays this side.
    Player(Color),
    /// Watches.
    Spectator,
}

/// Everything a client needs to rebuild the match from nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Variant id (`holygrail`, ...).
    pub variant: String,
    /// The variant's file when it is not built into the game (a player's
    /// variant): clients that lack it register it before rebuilding.
    pub variant_file: Option<String>,
    /// Resolved options, name and value.
    pub options: Vec<(String, String)>,
    /// The position the game started from.
    pub start_vfen: String,
    /// Every move so far, LMN.
    pub moves: Vec<String>,
    /// Position hash after the last move.
    pub hash: u64,
    /// Clocks, if the game is timed.
    pub clocks: Option<WireClocks>,
    /// The result, once the game is over.
    pub result: Option<Outcome>,
    /// Offers waiting for an answer, with who made them.
    pub offers: Vec<(Offer, Color)>,
    /// The seats, White then Black.
    pub seats: [SeatState; 2],
    /// Spectators watching.
    pub spectators: u32,
    /// 1 for the first game, +1 per rematch.
    pub game_number: u32,
}

/// A move the host applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveConfirmed {
    /// Number of moves played before it.
    pub ply: u32,
    /// The move, LMN as the host writes it.
    pub lmn: String,
    /// Position hash after it.
    pub hash: u64,
    /// Clocks after it (increment added), if timed.
    pub clocks: Option<WireClocks>,
}

/// A message from the host to a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HostMsg {
    /// Answer to a Hello (and sent again to everyone when a rematch starts).
    Welcome {
        /// Seat or spectator.
        role: Role,
        /// The seat's token (players only): keep it to get the seat back.
        token: Option<SeatToken>,
        /// The match.
        snapshot: Box<Snapshot>,
    },
    /// The match, after a resync request.
    Snapshot(Box<Snapshot>),
    /// A move was applied.
    Moved(MoveConfirmed),
    /// A request was refused.
    Rejected {
        /// What was refused (`move e2e5`, `draw offer`, ...).
        what: String,
        /// Why, in the host's words.
        reason: String,
    },
    /// A player offers or requests.
    Offered {
        /// What.
        kind: Offer,
        /// Who.
        by: Color,
    },
    /// A player declined the other's offer.
    Declined {
        /// What.
        kind: Offer,
        /// Who declined.
        by: Color,
    },
    /// Moves were taken back; the game now has `ply` moves.
    TakenBack {
        /// Moves left.
        ply: u32,
        /// Position hash after the takeback.
        hash: u64,
        /// Clocks, if timed.
        clocks: Option<WireClocks>,
    },
    /// The game ended.
    Ended {
        /// The result.
        result: Outcome,
        /// The clocks as they stopped, if timed.
        clocks: Option<WireClocks>,
    },
    /// A seat changed hands or connection.
    Seat {
        /// Which seat.
        side: Color,
        /// Its new state.
        state: SeatState,
    },
    /// The number of spectators changed.
    Spectators(u32),
    /// A chat line.
    Chat {
        /// Sender's name.
        from: String,
        /// The line.
        text: String,
    },
    /// The client speaks another protocol version.
    VersionMismatch {
        /// The host's version.
        host_version: u32,
        /// The notice in words.
        text: String,
    },
    /// A player shared drawings (sent to everyone, the player too).
    Drawings {
        /// The player's side.
        by: Color,
        /// What they drew at that ply now.
        drawings: SharedDrawings,
    },
}

/// Why a frame could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// No bytes at all.
    #[error("empty message")]
    Empty,
    /// Over [`MAX_MESSAGE_BYTES`].
    #[error("message of {len} bytes is over the limit of {limit}")]
    TooLarge {
        /// Frame length.
        len: usize,
        /// The limit.
        limit: usize,
    },
    /// The first byte is no Chimera tag.
    #[error("not a Chimera message (first byte {0:#04x})")]
    BadTag(u8),
    /// A frame meant for the other direction (a host message sent to a host).
    #[error("a message for the {found} where one for the {expected} was expected")]
    WrongDirection {
        /// `host` or `client`.
        expected: &'static str,
        /// `host` or `client`.
        found: &'static str,
    },
    /// The frame ends inside a message.
    #[error("message is truncated")]
    Truncated,
    /// Bytes left over after the message.
    #[error("{0} stray bytes after the message")]
    TrailingBytes(usize),
    /// A length inside the frame claims more than the size limit.
    #[error("a length inside the message is over the size limit")]
    LengthOverLimit,
    /// Bytes that are no message of this protocol (bad variant, bad UTF-8, ...).
    #[error("malformed message: {0}")]
    Malformed(String),
    /// A well-formed message that breaks a limit (a chat line too long, ...).
    #[error("{0}")]
    Invalid(String),
}

/// A message type with a direction tag and its own limits.
pub trait Wire: Serialize + serde::de::DeserializeOwned {
    /// The frame tag of this direction.
    const TAG: u8;
    /// Checks the limits that the encoding does not (text lengths).
    fn validate(&self) -> Result<(), WireError>;
}

fn side_of_tag(tag: u8) -> &'static str {
    if tag == TO_HOST { "host" } else { "client" }
}

fn check_len(what: &str, text: &str, max: usize) -> Result<(), WireError> {
    let n = text.chars().count();
    if n > max {
        return Err(WireError::Invalid(format!(
            "{what} of {n} characters is over the limit of {max}"
        )));
    }
    Ok(())
}

impl Wire for ClientMsg {
    const TAG: u8 = TO_HOST;
    fn validate(&self) -> Result<(), WireError> {
        match self {
            ClientMsg::Hello(h) => check_len("name", &h.name, MAX_NAME_CHARS),
            ClientMsg::Move { lmn, .. } => check_len("move", lmn, MAX_LMN_CHARS),
            ClientMsg::Chat(text) => check_len("chat line", text, MAX_CHAT_CHARS),
            ClientMsg::Drawings(d) => d.validate(),
            _ => Ok(()),
        }
    }
}

impl Wire for HostMsg {
    const TAG: u8 = TO_CLIENT;
    fn validate(&self) -> Result<(), WireError> {
        match self {
            HostMsg::Rejected { what, reason } => {
                check_len("request", what, MAX_REASON_CHARS)?;
                check_len("reason", reason, MAX_REASON_CHARS)
            }
            HostMsg::Chat { from, text } => {
                check_len("name", from, MAX_NAME_CHARS)?;
                check_len("chat line", text, MAX_CHAT_CHARS)
            }
            HostMsg::VersionMismatch { text, .. } => check_len("notice", text, MAX_REASON_CHARS),
            HostMsg::Drawings { drawings, .. } => drawings.validate(),
            _ => Ok(()),
        }
    }
}

/// Encodes a message as one frame. Fails only if it breaks its limits.
pub fn encode<M: Wire>(msg: &M) -> Result<Vec<u8>, WireError> {
    msg.validate()?;
    let mut out = vec![M::TAG];
    bincode::serde::encode_into_std_write(msg, &mut out, bincode_config::<MAX_MESSAGE_BYTES>())
        .map_err(|e| WireError::Malformed(e.to_string()))?;
    if out.len() > MAX_MESSAGE_BYTES {
        return Err(WireError::TooLarge {
            len: out.len(),
            limit: MAX_MESSAGE_BYTES,
        });
    }
    Ok(out)
}

/// Decodes one frame: tag, size, every byte used, limits.
pub fn decode<M: Wire>(bytes: &[u8]) -> Result<M, WireError> {
    let (&tag, body) = bytes.split_first().ok_or(WireError::Empty)?;
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(WireError::TooLarge {
            len: bytes.len(),
            limit: MAX_MESSAGE_BYTES,
        });
    }
    if tag != M::TAG {
        if tag == TO_HOST || tag == TO_CLIENT {
            return Err(WireError::WrongDirection {
                expected: side_of_tag(M::TAG),
                found: side_of_tag(tag),
            });
        }
        return Err(WireError::BadTag(tag));
    }
    let (msg, used): (M, usize) =
        bincode::serde::decode_from_slice(body, bincode_config::<MAX_MESSAGE_BYTES>())
            .map_err(decode_error)?;
    if used != body.len() {
        return Err(WireError::TrailingBytes(body.len() - used));
    }
    msg.validate()?;
    Ok(msg)
}

fn decode_error(e: bincode::error::DecodeError) -> WireError {
    use bincode::error::DecodeError as E;
    match e {
        E::UnexpectedEnd { .. } => WireError::Truncated,
        E::LimitExceeded => WireError::LengthOverLimit,
        other => WireError::Malformed(other.to_string()),
    }
}
