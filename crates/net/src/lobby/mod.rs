//! Play online (issue 23): a lobby with many tables, room codes, and
//! encrypted, authenticated links.
//!
//! - [`code`]: room codes (`K7QD-3MXA`) (pure).
//! - [`wire`]: the control messages asked and answered over TLS (pure).
//! - [`tables`]: [`Lobby`], many tables, each a [`crate::Host`] ruling its
//!   own match exactly as `chimera serve` does (pure).
//! - [`tls`]: the lobby's own certificate and the client's pin of it.
//! - [`server`]: [`LobbyServer`], the lobby on one UDP port (netcode in
//!   secure mode) and one TCP port of the same number (TLS).
//! - [`ask`]: a client's request to a lobby over TLS.
//! - [`load`]: the load measurement of `chimera netbench --lobby`.
//!
//! A player's path: ask the lobby over TLS (the certificate pinned on
//! first use) to create or join a table; the answer carries a netcode
//! connect token encrypted with the lobby's private key, naming the table's
//! client id; connect to the UDP game port with it
//! ([`crate::ClientRunner::with_token`]) and say hello to the table's host
//! as on the LAN (seat wish, seat token to come back).

pub mod ask;
pub mod code;
pub mod load;
pub mod server;
pub mod tables;
pub mod tls;
pub mod wire;

pub use ask::{AskError, Asked, Asking, DEFAULT_LOBBY_PORT, ask, ask_pinned, lobby_address};
pub use code::RoomCode;
pub use server::{LobbyServer, LobbyServerConfig};
pub use tables::{Decision, Lobby, LobbyConfig, LobbyEvent, LobbyLimits};
pub use tls::{Fingerprint, LobbyIdentity, PinBook};
pub use wire::{LobbyAnswer, LobbyRequest, TableInfo, TableSpec};
