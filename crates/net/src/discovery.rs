//! LAN discovery: a host announces its match with a small UDP beacon about
//! once a second; a [`Listener`] keeps the list of hosts heard lately.
//!
//! A beacon frame is [`BEACON_MAGIC`], the sender's protocol version (u32,
//! little endian), its game port (u16, little endian) and the bincode of a
//! [`Beacon`]; the fixed header stays readable whatever the version. Frames of other programs
//! (no magic), malformed ones and ones over [`MAX_BEACON_BYTES`] are ignored;
//! a beacon of another protocol version is listed with its version only, so
//! the join list can say which version that host speaks. The same frame
//! answers a version probe (see `transport`).
//!
//! Where beacons go is a setting: [`DEFAULT_DISCOVERY_ADDR`] (the LAN
//! broadcast address), overridden by the `CHIMERA_DISCOVERY_ADDR`
//! environment variable ([`discovery_addr`]). Tests and development runs
//! send to 127.0.0.1 only.

use std::io;
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, UdpSocket};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::protocol::{SeatState, bincode_config};

/// First bytes of every beacon frame.
pub const BEACON_MAGIC: &[u8; 8] = b"CHIMERA\x01";
/// Largest beacon frame (fits one UDP datagram on any LAN).
pub const MAX_BEACON_BYTES: usize = 1200;
/// The port beacons go to by default.
pub const DISCOVERY_PORT: u16 = 5859;
/// Default beacon destination: the LAN broadcast address.
pub const DEFAULT_DISCOVERY_ADDR: SocketAddr =
    SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::BROADCAST, DISCOVERY_PORT));
/// The environment variable that overrides the destination.
pub const DISCOVERY_ENV: &str = "CHIMERA_DISCOVERY_ADDR";
/// Time between two beacons.
pub const BEACON_PERIOD: Duration = Duration::from_secs(1);
/// A host not heard for this long leaves the list.
pub const FORGET_AFTER: Duration = Duration::from_secs(4);

/// What a host announces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Beacon {
    /// Protocol version (also in the frame header).
    pub version: u32,
    /// The host's name.
    pub host_name: String,
    /// Variant id.
    pub variant: String,
    /// Options, name and value.
    pub options: Vec<(String, String)>,
    /// Time control in PGN form, if timed.
    pub time_control: Option<String>,
    /// Seats, White then Black.
    pub seats: [SeatState; 2],
    /// Spectators watching.
    pub spectators: u32,
    /// The game's UDP port.
    pub port: u16,
}

impl Beacon {
    /// Seats nobody holds.
    pub fn free_seats(&self) -> usize {
        SeatState::open_count(&self.seats)
    }
}

/// Why a beacon frame was not taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BeaconError {
    /// Not a Chimera beacon.
    #[error("not a Chimera beacon")]
    Foreign,
    /// A Chimera beacon of another protocol version.
    #[error("a host of protocol version {0}")]
    OtherVersion(u32),
    /// Broken.
    #[error("malformed beacon: {0}")]
    Malformed(String),
}

/// Encodes a beacon frame (fails if it would not fit one datagram).
pub fn encode_beacon(b: &Beacon) -> Result<Vec<u8>, BeaconError> {
    let mut out = BEACON_MAGIC.to_vec();
    out.extend_from_slice(&b.version.to_le_bytes());
    out.extend_from_slice(&b.port.to_le_bytes());
    bincode::serde::encode_into_std_write(b, &mut out, bincode_config::<MAX_BEACON_BYTES>())
        .map_err(|e| BeaconError::Malformed(e.to_string()))?;
    if out.len() > MAX_BEACON_BYTES {
        return Err(BeaconError::Malformed(format!(
            "{} bytes, over {MAX_BEACON_BYTES}",
            out.len()
        )));
    }
    Ok(out)
}

/// The fixed header of a beacon frame: protocol version and game port.
pub fn beacon_header(bytes: &[u8]) -> Result<(u32, u16), BeaconError> {
    let rest = bytes
        .strip_prefix(BEACON_MAGIC)
        .ok_or(BeaconError::Foreign)?;
    if bytes.len() > MAX_BEACON_BYTES {
        return Err(BeaconError::Malformed(format!("{} bytes", bytes.len())));
    }
    match rest {
        [a, b, c, d, p, q, ..] => Ok((
            u32::from_le_bytes([*a, *b, *c, *d]),
            u16::from_le_bytes([*p, *q]),
        )),
        _ => Err(BeaconError::Malformed("no header".to_string())),
    }
}

/// Decodes a beacon frame of protocol `version`.
pub fn decode_beacon(bytes: &[u8], version: u32) -> Result<Beacon, BeaconError> {
    let (found, port) = beacon_header(bytes)?;
    if found != version {
        return Err(BeaconError::OtherVersion(found));
    }
    let body = &bytes[BEACON_MAGIC.len() + 6..];
    let (b, used): (Beacon, usize) =
        bincode::serde::decode_from_slice(body, bincode_config::<MAX_BEACON_BYTES>())
            .map_err(|e| BeaconError::Malformed(e.to_string()))?;
    if used != body.len() {
        return Err(BeaconError::Malformed(format!(
            "{} stray bytes",
            body.len() - used
        )));
    }
    if b.version != found || b.port != port || port == 0 {
        return Err(BeaconError::Malformed("bad version or port".to_string()));
    }
    Ok(b)
}

/// The beacon destination: `CHIMERA_DISCOVERY_ADDR` if set, else the default.
pub fn discovery_addr() -> Result<SocketAddr, String> {
    parse_discovery_addr(std::env::var(DISCOVERY_ENV).ok().as_deref())
}

/// Reads a destination setting (`None`: the default).
pub fn parse_discovery_addr(setting: Option<&str>) -> Result<SocketAddr, String> {
    match setting.map(str::trim) {
        None | Some("") => Ok(DEFAULT_DISCOVERY_ADDR),
        Some(text) => text.parse().map_err(|_| {
            format!(
                "{DISCOVERY_ENV}='{text}' is not an address:port (e.g. 127.0.0.1:{DISCOVERY_PORT})"
            )
        }),
    }
}

/// Where a [`Listener`] listens to hear beacons sent to `dest`: any local
/// address, `dest`'s port.
pub fn listen_addr(dest: SocketAddr) -> SocketAddr {
    SocketAddr::new(Ipv4Addr::UNSPECIFIED.into(), dest.port())
}

/// Sends a host's beacon about once a second.
pub struct BeaconSender {
    socket: UdpSocket,
    dest: SocketAddr,
    until_next: Duration,
}

impl BeaconSender {
    /// Announces to `dest` (see [`discovery_addr`]) from a fresh socket.
    pub fn new(dest: SocketAddr) -> io::Result<BeaconSender> {
        let bind: SocketAddr = if dest.ip().is_loopback() {
            (Ipv4Addr::LOCALHOST, 0).into()
        } else {
            (Ipv4Addr::UNSPECIFIED, 0).into()
        };
        let socket = UdpSocket::bind(bind)?;
        socket.set_broadcast(true)?;
        socket.set_nonblocking(true)?;
        Ok(BeaconSender {
            socket,
            dest,
            until_next: Duration::ZERO,
        })
    }

    /// Where beacons go.
    pub fn destination(&self) -> SocketAddr {
        self.dest
    }

    /// Time passes; sends the beacon `make` builds when one is due. True if
    /// it sent.
    pub fn update(&mut self, dt: Duration, make: impl FnOnce() -> Beacon) -> io::Result<bool> {
        self.until_next = self.until_next.saturating_sub(dt);
        if !self.until_next.is_zero() {
            return Ok(false);
        }
        self.until_next = BEACON_PERIOD;
        let frame = encode_beacon(&make()).map_err(io::Error::other)?;
        self.socket.send_to(&frame, self.dest)?;
        Ok(true)
    }
}

/// A host heard on the LAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscoveredHost {
    /// The game's address (the beacon's source IP and announced port).
    pub addr: SocketAddr,
    /// The protocol version it speaks.
    pub version: u32,
    /// Its beacon, if it speaks our version.
    pub beacon: Option<Beacon>,
    /// Time since it was last heard.
    pub age: Duration,
}

/// Listens for beacons and keeps the hosts heard lately.
pub struct Listener {
    socket: UdpSocket,
    version: u32,
    hosts: Vec<DiscoveredHost>,
    ignored: u64,
}

/// Hosts listed at most (more are ignored until some are forgotten).
const MAX_HOSTS: usize = 64;
/// Datagrams read per update at most (the rest wait for the next one).
const READS_PER_UPDATE: usize = 256;

impl Listener {
    /// Listens on `addr` (normally `0.0.0.0:5859`) for beacons of `version`.
    pub fn bind(addr: SocketAddr, version: u32) -> io::Result<Listener> {
        let socket = UdpSocket::bind(addr)?;
        socket.set_nonblocking(true)?;
        Ok(Listener {
            socket,
            version,
            hosts: Vec::new(),
            ignored: 0,
        })
    }

    /// The address listened on.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.socket.local_addr()
    }

    /// Time passes: reads the beacons that arrived, forgets silent hosts.
    /// True if the list changed.
    pub fn update(&mut self, dt: Duration) -> bool {
        let mut changed = false;
        for h in &mut self.hosts {
            h.age += dt;
        }
        let mut buf = [0u8; MAX_BEACON_BYTES + 1];
        for _ in 0..READS_PER_UPDATE {
            let (len, from) = match self.socket.recv_from(&mut buf) {
                Ok(x) => x,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(_) => continue,
            };
            let frame = &buf[..len];
            let (version, beacon) = match decode_beacon(frame, self.version) {
                Ok(b) => (b.version, Some(b)),
                Err(BeaconError::OtherVersion(v)) => (v, None),
                Err(_) => {
                    self.ignored += 1;
                    continue;
                }
            };
            let port = match beacon_header(frame) {
                Ok((_, port)) if port != 0 => port,
                _ => {
                    self.ignored += 1;
                    continue;
                }
            };
            let addr = SocketAddr::new(from.ip(), port);
            let heard = DiscoveredHost {
                addr,
                version,
                beacon,
                age: Duration::ZERO,
            };
            let full = self.hosts.len() >= MAX_HOSTS;
            match self.hosts.iter_mut().find(|h| h.addr == addr) {
                Some(h) => {
                    changed |= h.version != heard.version || h.beacon != heard.beacon;
                    *h = heard;
                }
                None if !full => {
                    changed = true;
                    self.hosts.push(heard);
                }
                None => self.ignored += 1,
            }
        }
        let n = self.hosts.len();
        self.hosts.retain(|h| h.age < FORGET_AFTER);
        changed || n != self.hosts.len()
    }

    /// Hosts heard lately, in the order first heard.
    pub fn hosts(&self) -> &[DiscoveredHost] {
        &self.hosts
    }

    /// Datagrams ignored so far (foreign or malformed).
    pub fn ignored(&self) -> u64 {
        self.ignored
    }
}
