//! LAN matches (issue 12): the network core, free of Bevy.
//!
//! - [`protocol`]: the messages and their bincode frames (pure).
//! - [`state`]: the match as both ends keep it, and its snapshot (pure).
//! - [`host`]: the authoritative host as a state machine (pure).
//! - [`client`]: a player's or spectator's state machine (pure).
//! - [`discovery`]: the LAN beacon and its listener (UDP).
//! - [`seats`]: the seat tokens a player keeps in the config directory.
//! - [`bench`]: the loopback latency measurement of `chimera netbench`.
//! - [`transport`]: renet + netcode over UDP driving the state machines,
//!   and the version probe.

pub mod bench;
pub mod client;
pub mod discovery;
pub mod host;
pub mod protocol;
pub mod seats;
pub mod state;
pub mod transport;

pub use client::{Client, ClientConfig, ClientEvent};
pub use host::{ClientId, Host, HostConfig, HostEvent, Limits};
pub use protocol::{
    ClientMsg, HostMsg, PROTOCOL_VERSION, Role, SeatState, SeatToken, SeatWish, WireClocks,
};
pub use state::MatchState;
pub use transport::{ClientRunner, HostRunner, Link};
