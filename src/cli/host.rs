//! `chimera host`: host a LAN game in the window, which plays one side; and
//! the window of `chimera join ADDRESS` (without `--headless`). The game
//! logic is `chimera_client::net`; this reads the flags.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use super::args::{VariantArgs, time_control};
use super::game::{view_parser, window_size};
use chimera_client::config::View;
use chimera_client::net;
use chimera_game::clock::TimeControl;
use chimera_net::transport::{DEFAULT_PORT, random_u64};
use chimera_rules::Color;

/// The side the host's window plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn at random.
    Random,
}

/// The window's flags shared by `host` and `join`.
#[derive(Debug, Clone, Default, Args)]
pub struct WindowArgs {
    /// Board view [default: 2d].
    #[arg(long, value_parser = view_parser())]
    pub view: Option<View>,
    /// Save one frame to this PNG once the board is drawn, then exit.
    #[arg(long, value_name = "PNG")]
    pub screenshot: Option<PathBuf>,
    /// Window size in logical pixels, e.g. 1024x600 (default 1280x800).
    #[arg(long, value_name = "WIDTHxHEIGHT", value_parser = window_size)]
    pub window: Option<bevy::math::UVec2>,
}

/// Flags of `host`.
#[derive(Debug, Clone, Args)]
pub struct HostCmd {
    /// `--variant` and `--option`.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Start from this position (VFEN) instead of the variant's start.
    #[arg(long, value_name = "VFEN", conflicts_with = "resume")]
    pub fen: Option<String>,
    /// The side this window plays.
    #[arg(long, value_enum, default_value = "white")]
    pub side: SideArg,
    /// Time control: - (none), 600+5 (Fischer), 600d5 (delay), *30 (per move), 40/5400 (periods).
    #[arg(long, value_name = "TC", default_value = "-", value_parser = time_control, conflicts_with = "resume")]
    pub time: TimeControl,
    /// UDP game port; the version probe answers on the same TCP port. 0 picks a free one.
    #[arg(long, value_name = "P", default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Address to listen on.
    #[arg(long, value_name = "IP", default_value = "0.0.0.0")]
    pub bind: IpAddr,
    /// Host and player name shown in the join list (default: the player name in settings.cfg, else Player — as join and the menu's Host a LAN game).
    #[arg(long, default_value = chimera_client::net::DEFAULT_LAN_NAME)]
    pub name: String,
    /// Continue the game this window hosted last, from its autosave (lan-host.pgn in the data directory): its clocks as saved, the other player's seat kept for their seat token (lan-host-seats.txt in the config directory).
    #[arg(long, conflicts_with_all = ["variant", "options"])]
    pub resume: bool,
    /// Do not announce the game on the LAN (beacons go to $CHIMERA_DISCOVERY_ADDR, else the broadcast address, port 5859).
    #[arg(long)]
    pub no_announce: bool,
    /// The window.
    #[command(flatten)]
    pub window: WindowArgs,
}

/// The window of a LAN game (or of the join screen, without a plan).
pub fn lan_window(
    plan: Option<net::NetPlan>,
    name: &str,
    announce: bool,
    w: WindowArgs,
) -> Result<(), CliError> {
    let play = chimera_client::PlayArgs {
        view: w.view.unwrap_or(View::TwoD),
        screenshot: w.screenshot,
        window: w.window,
        net: Some(plan),
        lan_name: Some(name.to_string()),
        lan_announce: announce,
        ..chimera_client::PlayArgs::default()
    };
    super::game::need_display()?;
    Ok(chimera_client::run_play(play).map(drop)?)
}

/// Where the other player joins a host bound to `bind`: this machine's LAN
/// addresses with the port (see `chimera_net::transport::reachable_at`).
pub fn join_line(bind: SocketAddr) -> String {
    if bind.port() == 0 {
        let ips: Vec<String> = match chimera_net::transport::lan_addresses() {
            found if found.is_empty() || !bind.ip().is_unspecified() => vec![bind.ip().to_string()],
            found => found.iter().map(|ip| ip.to_string()).collect(),
        };
        return format!(
            "players join at {} (the port the window shows)",
            ips.join(", ")
        );
    }
    let at: Vec<String> = chimera_net::transport::reachable_at(bind)
        .iter()
        .map(|a| a.to_string())
        .collect();
    format!("players join at {}", at.join(", "))
}

/// `chimera host`: hosts a LAN game in the window.
pub fn host(a: HostCmd) -> Result<(), CliError> {
    let bind = SocketAddr::new(a.bind, a.port);
    let side = match a.side {
        SideArg::White => Color::White,
        SideArg::Black => Color::Black,
        SideArg::Random if random_u64() & 1 == 0 => Color::White,
        SideArg::Random => Color::Black,
    };
    let plan = if a.resume {
        let path = net::autosave_path().ok_or_else(|| {
            CliError::Net("no data directory (set CHIMERA_DATA_DIR or HOME)".into())
        })?;
        let mut plan = net::HostPlan::resume(&path, bind, &a.name).map_err(CliError::Net)?;
        // The saved side, unless --side says otherwise.
        if a.side != SideArg::White {
            plan.config.local_side = Some(side);
        }
        plan
    } else {
        let v = a.variant.build(super::args::DEFAULT_VARIANT)?;
        // A bad start position is refused before the window opens.
        if let Some(f) = &a.fen {
            chimera_rules::Game::from_vfen(&v, f)?;
        }
        let mut plan = net::HostPlan::new(v.id(), v.options(), a.time, side, bind, &a.name);
        plan.config.start_vfen = a.fen.clone();
        plan
    };
    eprintln!("{}", join_line(bind));
    lan_window(
        Some(net::NetPlan::Host(Box::new(plan))),
        &a.name,
        !a.no_announce,
        a.window,
    )
}
