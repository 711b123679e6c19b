//! LAN matches (issue 12): the network core, free of Bevy.
//!
//! - [`protocol`]: the messages and their bincode frames (pure).
//! - [`state`]: the table around a match (seats, spectators, offers), its
//!   snapshot, and a client's copy of the match ([`MatchState`]) (pure).
//! - [`host`]: the authoritative host as a state machine, ruling a
//!   `chimera_game::Match` lent to it (pure).
//! - [`client`]: a player's or spectator's state machine (pure).
//! - [`discovery`]: the LAN beacon and its listener (UDP).
//! - [`seats`]: the seat tokens a player keeps in the config directory.
//! - [`bench`]: the loopback latency measurement of `chimera netbench`.
//! - [`transport`]: renet + netcode over UDP driving the state machines,
//!   and the version probe.
//! - [`lobby`]: play online — many tables behind room codes, connect
//!   tokens handed out over TLS, netcode's secure mode.

pub mod bench;
pub mod client;
pub mod discovery;
pub mod host;
pub mod lobby;
pub mod protocol;
pub mod seats;
pub mod state;
pub mod transport;

pub use client::{Client, ClientConfig, ClientEvent};
pub use host::{ClientId, Host, HostConfig, HostEvent, RequestLimits};
pub use protocol::{
    ClientMsg, HostMsg, PROTOCOL_VERSION, Role, SeatState, SeatToken, SeatWish, WireClocks,
};
pub use state::MatchState;
pub use transport::{ClientRunner, HostRunner, Link};
