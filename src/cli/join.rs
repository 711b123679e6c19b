//! `chimera join ADDRESS`: the window opens on that game (or, without
//! ADDRESS, on the join list; see `cli::host` and the client's `net`);
//! with `--headless`, the terminal client of [`headless`] plays it.
//! With `--room CODE`, `--create` or `--list`, ADDRESS is a lobby
//! ([`online`]): the game is its table of that code, or a new one.

mod headless;
mod online;

use std::net::{IpAddr, SocketAddr};

use clap::{Args, ValueEnum};

use super::CliError;
use super::args::{MovesArg, VariantArgs, count, time_control};
use chimera_game::clock::TimeControl;
use chimera_net::lobby::RoomCode;

/// The seat `--seat` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SeatArg {
    /// White's seat.
    White,
    /// Black's seat.
    Black,
    /// Whichever is free, White first.
    Any,
}

/// An address as given: where it points, and whether a port was named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GivenAddress {
    /// The address (port 5858 when none was named).
    pub addr: SocketAddr,
    /// Whether the text named the port.
    pub port_given: bool,
}

impl GivenAddress {
    /// The address, with `port` unless the text named one.
    pub fn or_port(self, port: u16) -> SocketAddr {
        if self.port_given {
            self.addr
        } else {
            SocketAddr::new(self.addr.ip(), port)
        }
    }
}

/// `ADDRESS[:PORT]`, remembering whether a port was named.
fn given_address(text: &str) -> Result<GivenAddress, String> {
    let addr = chimera_net::transport::host_address(text)?;
    let bare_ip = text.trim_matches(['[', ']']).parse::<IpAddr>().is_ok();
    let port_given = text.parse::<SocketAddr>().is_ok() || (!bare_ip && text.contains(':'));
    Ok(GivenAddress { addr, port_given })
}

/// `--room`: a room code as read aloud.
fn room_code(text: &str) -> Result<RoomCode, String> {
    RoomCode::parse(text)
}

/// Flags of `join`.
#[derive(Debug, Clone, Args)]
pub struct JoinCmd {
    /// The host: ADDRESS[:PORT] (port 5858 if not given; a lobby's port 5860); without it the window opens on the join list.
    #[arg(value_name = "ADDRESS[:PORT]", value_parser = given_address, required_if_eq_any([("headless", "true"), ("create", "true"), ("list", "true")]))]
    pub address: Option<GivenAddress>,
    /// ADDRESS is a lobby: join its table of this room code (K7QD-3MXA).
    #[arg(long, value_name = "CODE", value_parser = room_code, requires = "address", conflicts_with_all = ["create", "list"])]
    pub room: Option<RoomCode>,
    /// ADDRESS is a lobby: open a table there (--variant, --option, --time, --private), print its room code, take its seat.
    #[arg(long, conflicts_with = "list")]
    pub create: bool,
    /// ADDRESS is a lobby: print its public tables, one a line, and end.
    #[arg(long)]
    pub list: bool,
    /// With --create: the variant and options of the new table.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// With --create: time control: - (none), 600+5 (Fischer), 600d5 (delay), *30 (per move), 40/5400 (periods).
    #[arg(long, value_name = "TC", default_value = "-", value_parser = time_control)]
    pub time: TimeControl,
    /// With --create: the table is not listed; others join it by its code.
    #[arg(long, requires = "create")]
    pub private: bool,
    /// Play in the terminal: print the moves, no window.
    #[arg(long)]
    pub headless: bool,
    /// The seat to ask for.
    #[arg(long, value_enum, default_value = "any", conflicts_with = "spectate")]
    pub seat: SeatArg,
    /// Watch only.
    #[arg(long)]
    pub spectate: bool,
    /// Player name (with the host's address, it keys the seat token kept in the config directory).
    #[arg(long, default_value = "Player")]
    pub name: String,
    /// The whole game's moves in LMN, in order: plays those on its turns, checks the others.
    #[arg(long, value_name = "\"M1 M2 …\"")]
    pub play: Option<MovesArg>,
    /// The computer plays this seat at LEVEL (1–8; 8 is the full search).
    #[arg(long, value_name = "LEVEL", value_parser = super::ai::level, conflicts_with_all = ["play", "spectate"])]
    pub ai: Option<u8>,
    /// Milliseconds per move for --ai when the game has no clock (default 1000 unless --depth is given).
    #[arg(long, value_name = "MS", value_parser = count, requires = "ai")]
    pub movetime: Option<u32>,
    /// Deepest search of --ai, in plies (1 to 100, the search's deepest iteration).
    #[arg(long, value_name = "N", value_parser = super::args::search_depth, requires = "ai")]
    pub depth: Option<u32>,
    /// Seed of --ai's randomness (levels 1–7 vary their moves).
    #[arg(long, value_name = "S", requires = "ai", default_value_t = 1)]
    pub seed: u64,
    /// Keep watching after the game (or the script) is over, until the host closes.
    #[arg(long)]
    pub stay: bool,
    /// The window (without --headless).
    #[command(flatten)]
    pub window: super::host::WindowArgs,
}

impl JoinCmd {
    /// Whether ADDRESS is a lobby.
    fn online(&self) -> bool {
        self.room.is_some() || self.create || self.list
    }
}

/// `chimera join`: the window (on the join list without ADDRESS), or the
/// terminal client with `--headless`; at a lobby with `--room`,
/// `--create` or `--list`.
pub fn join(a: JoinCmd) -> Result<(), CliError> {
    if a.online() {
        return online::join(a);
    }
    if a.variant.variant.is_some() || !a.variant.options.is_empty() || a.time.is_timed() {
        return Err(CliError::Usage(
            "--variant, --option and --time are for a new table at a lobby: add --create".into(),
        ));
    }
    let address = match (a.address, a.headless) {
        (Some(address), true) => address.addr,
        (address, _) => {
            let plan = address.map(|address| {
                chimera_client::net::NetPlan::Join(chimera_client::net::JoinPlan {
                    address: address.addr,
                    spectate: a.spectate,
                })
            });
            return super::host::lan_window(plan, &a.name, true, a.window);
        }
    };
    headless::run(a, address)
}
