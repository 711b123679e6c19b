//! The LAN games to start: a game to host ([`HostPlan`], from `chimera
//! host`, its `--resume`, or the menu) or to join ([`JoinPlan`]).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;

use bevy::prelude::*;
use chimera_game::GameSetup;
use chimera_game::clock::TimeControl;
use chimera_game::record::MatchRecord;
use chimera_net::HostConfig;
use chimera_rules::Color;

use super::LanSettings;

/// A game to host: what `chimera host` and the menu's "Host a LAN game" set
/// up — the host's configuration (its `local_side` is the side the window
/// plays, its `name` and `local_name` the host's) and the address to bind.
#[derive(Clone, Debug)]
pub struct HostPlan {
    /// The host state machine's configuration.
    pub config: HostConfig,
    /// Address and UDP port to listen on (port 0 picks a free one).
    pub bind: SocketAddr,
    /// It goes on with the autosaved game ([`HostPlan::resume`]): the
    /// window gives the kept seats (`LanSettings::host_seats`) back.
    pub resumed: bool,
}

impl HostPlan {
    /// `variant` with `options` and `time`, the window playing `side`, the
    /// host and its player called `name`.
    pub fn new(
        variant: &str,
        options: &[(String, String)],
        time: TimeControl,
        side: Color,
        bind: SocketAddr,
        name: &str,
    ) -> HostPlan {
        let mut config = HostConfig::new(variant);
        config.options = options.to_vec();
        config.time_control = time;
        config.local_side = Some(side);
        config.local_name = name.to_string();
        config.name = name.to_string();
        HostPlan {
            config,
            bind,
            resumed: false,
        }
    }

    /// The game `setup` describes, hosted on `settings.port`, the window
    /// playing `settings.side` (a random side drawn now).
    pub fn from_setup(setup: &GameSetup, settings: &LanSettings) -> HostPlan {
        let bind = SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), settings.port);
        let (variant, options) = (&setup.variant, &setup.options);
        HostPlan::new(
            variant,
            options,
            setup.time,
            settings.side.color(chimera_net::transport::random_u64()),
            bind,
            &settings.name,
        )
    }

    /// The game autosaved at `path` (see [`LanSettings::autosave`]), to go
    /// on with: its variant, options, start, moves, its clock as saved (the
    /// moves' `%clk`, as "Continue" restores a local game's), and the side
    /// the window played (tag `HostSide`; White if missing).
    pub fn resume(path: &Path, bind: SocketAddr, name: &str) -> Result<HostPlan, String> {
        let text = chimera_game::record::read_file(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let rec =
            MatchRecord::from_text(&text, 1).map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(r) = &rec.result {
            return Err(format!(
                "the game saved in {} is over ({}): nothing to resume",
                path.display(),
                r.result_text()
            ));
        }
        let side = match rec.tag(HOST_SIDE_TAG) {
            Some("Black") => Color::Black,
            _ => Color::White,
        };
        let time = rec.clock.map_or(TimeControl::None, |c| c.control);
        let mut plan = HostPlan::new(&rec.variant, &rec.options, time, side, bind, name);
        plan.config.start_vfen = rec.start_vfen.clone();
        plan.config.moves = rec.moves.iter().map(|m| m.lmn.clone()).collect();
        plan.config.move_times = rec.moves.iter().map(|m| m.clock).collect();
        plan.config.clock = rec.clock;
        plan.resumed = true;
        Ok(plan)
    }
}

/// The record tag naming the side a hosting window played.
pub(super) const HOST_SIDE_TAG: &str = "HostSide";

/// A game to join.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JoinPlan {
    /// The host's game address (a lobby's, for a place at its table).
    pub address: SocketAddr,
    /// Watch only.
    pub spectate: bool,
    /// A lobby's table (online play) instead of a LAN host.
    pub place: Option<LobbyPlace>,
}

/// A place at a lobby's table: the table's code and the connect token the
/// lobby issued for it (over TLS) and, for the table's creator, the token
/// of the seat kept for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyPlace {
    /// The table's room code.
    pub code: chimera_net::lobby::RoomCode,
    /// The netcode connect token.
    pub token: Vec<u8>,
    /// The kept seat's token (a creator).
    pub seat: Option<chimera_net::SeatToken>,
}

/// A LAN game to start.
#[derive(Clone, Debug)]
pub enum NetPlan {
    /// Host it.
    Host(Box<HostPlan>),
    /// Join it.
    Join(JoinPlan),
}

/// Insert to start a LAN game at the next frame (the command line does).
#[derive(Resource, Clone, Debug)]
pub struct NetLaunch(pub NetPlan);
