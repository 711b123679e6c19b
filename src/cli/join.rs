//! `chimera join ADDRESS`: the window opens on that game (or, without
//! ADDRESS, on the join list; see `cli::host` and the client's `net`);
//! with `--headless`, the terminal client of [`headless`] plays it.

mod headless;

use std::net::SocketAddr;

use clap::{Args, ValueEnum};

use super::CliError;
use super::args::{MovesArg, count};

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

/// Flags of `join`.
#[derive(Debug, Clone, Args)]
pub struct JoinCmd {
    /// The host: ADDRESS[:PORT] (port 5858 if not given); without it the window opens on the join list.
    #[arg(value_name = "ADDRESS[:PORT]", value_parser = chimera_net::transport::host_address, required_if_eq("headless", "true"))]
    pub address: Option<SocketAddr>,
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

/// `chimera join`: the window (on the join list without ADDRESS), or the
/// terminal client with `--headless`.
pub fn join(a: JoinCmd) -> Result<(), CliError> {
    let address = match (a.address, a.headless) {
        (Some(address), true) => address,
        (address, _) => {
            let plan = address.map(|address| {
                chimera_client::net::NetPlan::Join(chimera_client::net::JoinPlan {
                    address,
                    spectate: a.spectate,
                })
            });
            return super::host::lan_window(plan, &a.name, true, a.window);
        }
    };
    headless::run(a, address)
}
