//! Network core (issue 12): protocol frames, the host and client state
//! machines, discovery, and whole matches over real UDP on 127.0.0.1;
//! the online lobby (issue 23) on 127.0.0.1.

mod addresses;
mod client_copy;
mod common;
mod discovery;
mod host_clock;
mod host_rules;
mod lan;
mod lobby_codes;
mod lobby_hostile;
mod lobby_security;
mod lobby_tables;
mod loopback;
mod lossy;
mod online;
mod protocol;
mod seats;
mod wire_fuzz;
