//! Where LAN games are announced and heard, who plays here, and where a
//! LAN game is kept on disk.

use std::net::SocketAddr;
use std::path::PathBuf;

use bevy::prelude::*;
use chimera_net::discovery::{DEFAULT_DISCOVERY_ADDR, discovery_addr, listen_addr};
use chimera_net::lobby::PinBook;
use chimera_net::seats::{HostSeats, SeatBook};
use chimera_net::transport::DEFAULT_PORT;

/// The side a window hosting from the menu plays (`chimera host --side`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HostSide {
    /// White.
    #[default]
    White,
    /// Black.
    Black,
    /// Drawn at random when the game is hosted.
    Random,
}

impl HostSide {
    /// All three, in the menu's order.
    pub const ALL: [HostSide; 3] = [HostSide::White, HostSide::Black, HostSide::Random];

    /// The menu's word for it.
    pub fn word(self) -> &'static str {
        match self {
            HostSide::White => "White",
            HostSide::Black => "Black",
            HostSide::Random => "Random",
        }
    }

    /// `delta` steps along [`HostSide::ALL`], wrapping.
    pub fn step(self, delta: i32) -> HostSide {
        let at = HostSide::ALL.iter().position(|s| *s == self).unwrap_or(0) as i32;
        HostSide::ALL[(at + delta).rem_euclid(3) as usize]
    }

    /// The side played: a random one drawn from `random` (its lowest bit).
    pub fn color(self, random: u64) -> chimera_rules::Color {
        use chimera_rules::Color;
        match self {
            HostSide::White => Color::White,
            HostSide::Black => Color::Black,
            HostSide::Random if random & 1 == 0 => Color::White,
            HostSide::Random => Color::Black,
        }
    }
}

/// The player's name on the LAN when neither `--name` nor the settings give one.
pub const DEFAULT_LAN_NAME: &str = "Player";

/// Where LAN games are announced and heard, and who plays here.
#[derive(Resource, Clone, Debug)]
pub struct LanSettings {
    /// Where a hosting window's beacons go (`CHIMERA_DISCOVERY_ADDR`, else
    /// the LAN broadcast address); `None`: it does not announce.
    pub announce: Option<SocketAddr>,
    /// Where the join screen listens for beacons.
    pub listen: SocketAddr,
    /// The UDP port a game hosted from the menu listens on (0: any free
    /// one); the main menu's "Port" entry.
    pub port: u16,
    /// The side a game hosted from the menu plays; its "Side" entry.
    pub side: HostSide,
    /// The player's name on the LAN.
    pub name: String,
    /// The file a hosting window autosaves its game to (`None`: no autosave).
    pub autosave: Option<PathBuf>,
    /// The seat-token book of a joining window (`None`: tokens kept in memory only).
    pub seats: Option<PathBuf>,
    /// The remote seats of the game a window hosts, kept for
    /// `chimera host --resume` (`None`: not kept).
    pub host_seats: Option<PathBuf>,
    /// The lobbies' certificates pinned on first use (`None`: none kept,
    /// every certificate taken).
    pub lobby_pins: Option<PathBuf>,
}

impl Default for LanSettings {
    fn default() -> LanSettings {
        let dest = discovery_addr().unwrap_or_else(|e| {
            warn!("{e}; LAN games are not announced");
            DEFAULT_DISCOVERY_ADDR
        });
        LanSettings {
            announce: discovery_addr().ok(),
            listen: listen_addr(dest),
            port: DEFAULT_PORT,
            side: HostSide::White,
            name: DEFAULT_LAN_NAME.to_string(),
            autosave: autosave_path(),
            seats: SeatBook::default_path(),
            host_seats: HostSeats::default_path(),
            lobby_pins: PinBook::default_path(),
        }
    }
}

impl LanSettings {
    /// The name this window plays under: `--name` if given, else the
    /// player's name of the settings (`menu_name`), else the default.
    pub fn player_name(&self, menu_name: &str) -> String {
        let own = menu_name.trim();
        if self.name == DEFAULT_LAN_NAME && !own.is_empty() {
            own.to_string()
        } else {
            self.name.clone()
        }
    }
}

/// The autosave of a hosting window: `lan-host.pgn` in the data directory.
pub fn autosave_path() -> Option<PathBuf> {
    chimera_store::paths::data_dir().map(|d| d.join("lan-host.pgn"))
}
