//! [`SeatBook`]: the seat tokens a player keeps between runs, so that a
//! client restarted with the same name and host gets its seat back.
//!
//! A small text file in the config directory ([`SeatBook::default_path`]),
//! one seat a line: `<32 hex digits> <host address> <player name>`. Lines
//! that do not read are skipped (the file is a cache: losing an entry only
//! means joining as a newcomer). At most [`MAX_SEATS`] entries are kept, the
//! newest last.
//!
//! [`HostSeats`] is the host's side of it: the remote seats of the game a
//! window hosts, kept next to its autosave so that `chimera host --resume`
//! gives each returning player (by token) its old seat.

use std::path::{Path, PathBuf};

use chimera_rules::Color;

use super::protocol::SeatToken;

/// Entries kept at most.
pub const MAX_SEATS: usize = 64;
/// The file name in the config directory.
pub const FILE_NAME: &str = "seats.txt";

/// One remembered seat.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    token: SeatToken,
    host: String,
    name: String,
}

/// Seat tokens by host address and player name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatBook {
    entries: Vec<Entry>,
}

impl SeatBook {
    /// `seats.txt` in the config directory (see `chimera_store::paths`).
    pub fn default_path() -> Option<PathBuf> {
        chimera_store::paths::config_dir().map(|d| d.join(FILE_NAME))
    }

    /// Reads the book at `path`; a missing or unreadable file is an empty
    /// book, a malformed line is skipped.
    pub fn load(path: &Path) -> SeatBook {
        let text =
            chimera_store::read_bounded(path, chimera_store::MAX_CONFIG_BYTES).unwrap_or_default();
        SeatBook::parse(&text)
    }

    /// Reads the book's text.
    pub fn parse(text: &str) -> SeatBook {
        let entries = text
            .lines()
            .filter_map(|line| {
                let mut parts = line.trim().splitn(3, ' ');
                let token = SeatToken::from_hex(parts.next()?)?;
                let host = parts.next().filter(|h| !h.is_empty())?.to_string();
                let name = parts.next().filter(|n| !n.is_empty())?.to_string();
                Some(Entry { token, host, name })
            })
            .collect();
        SeatBook { entries }
    }

    /// The book as text.
    pub fn text(&self) -> String {
        self.entries
            .iter()
            .map(|e| format!("{} {} {}\n", e.token.to_hex(), e.host, e.name))
            .collect()
    }

    /// Writes the book to `path` (whole or not at all).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        chimera_store::paths::write_atomic(path, self.text())
    }

    /// The token `name` holds at `host`.
    pub fn get(&self, host: &str, name: &str) -> Option<SeatToken> {
        let name = name.trim();
        self.entries
            .iter()
            .find(|e| e.host == host && e.name == name)
            .map(|e| e.token)
    }

    /// Remembers `token` for `name` at `host` (replacing an older one).
    /// Names are kept trimmed on one line: control characters become spaces.
    pub fn set(&mut self, host: &str, name: &str, token: SeatToken) {
        let name: String = name
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let name = name.trim().to_string();
        self.remove(host, &name);
        self.entries.push(Entry {
            token,
            host: host.to_string(),
            name,
        });
        if self.entries.len() > MAX_SEATS {
            self.entries.remove(0);
        }
    }

    /// Forgets `name`'s seat at `host` (the game is over).
    pub fn remove(&mut self, host: &str, name: &str) {
        let name = name.trim();
        self.entries.retain(|e| !(e.host == host && e.name == name));
    }

    /// The token `name` holds at `host` in the book at `path` (none when the
    /// file is missing or has no such seat).
    pub fn lookup(path: &Path, host: &str, name: &str) -> Option<SeatToken> {
        SeatBook::load(path).get(host, name)
    }

    /// Keeps `token` for `name` at `host` in the book at `path`, or forgets
    /// that seat with `None` (the game is over): under the file's lock
    /// (`chimera_store::lock`), so that another client of this machine
    /// keeping its own seat at the same moment loses nothing, reads the file
    /// again, changes the one seat, and writes it whole (its folder made if
    /// missing).
    pub fn keep(
        path: &Path,
        host: &str,
        name: &str,
        token: Option<SeatToken>,
    ) -> std::io::Result<()> {
        chimera_store::lock::update(path, || {
            let mut book = SeatBook::load(path);
            match token {
                Some(t) => book.set(host, name, t),
                None => book.remove(host, name),
            }
            book.save(path)
        })
    }
}

/// The host's seat file in the config directory.
pub const HOST_FILE_NAME: &str = "lan-host-seats.txt";

/// A remote seat of a hosted game: the token its player holds, its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldSeat {
    /// The seat token.
    pub token: SeatToken,
    /// The player's name.
    pub name: String,
}

/// The remote seats of a hosted game, White then Black: one seat a line,
/// `<white|black> <32 hex digits> <player name>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostSeats(pub [Option<HeldSeat>; 2]);

impl HostSeats {
    /// `lan-host-seats.txt` in the config directory (see `chimera_store::paths`).
    pub fn default_path() -> Option<PathBuf> {
        chimera_store::paths::config_dir().map(|d| d.join(HOST_FILE_NAME))
    }

    /// Reads the seats' text; a line that does not read is an error naming it.
    pub fn parse(text: &str) -> Result<HostSeats, String> {
        let mut seats = HostSeats::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let bad = |why: &str| format!("line {}: {why}", n + 1);
            let mut parts = line.splitn(3, ' ');
            let side = match parts.next() {
                Some("white") => Color::White,
                Some("black") => Color::Black,
                _ => return Err(bad("expected 'white' or 'black' first")),
            };
            let token = parts
                .next()
                .and_then(SeatToken::from_hex)
                .ok_or_else(|| bad("expected a seat token of 32 hex digits"))?;
            let name = parts.next().map(str::trim).unwrap_or_default();
            if name.is_empty() {
                return Err(bad("the player's name is missing"));
            }
            seats.0[side.index()] = Some(HeldSeat {
                token,
                name: name.to_string(),
            });
        }
        Ok(seats)
    }

    /// Reads the seat file at `path`: `Ok(None)` if there is none, `Err`
    /// naming the file and the problem if it cannot be read.
    pub fn load(path: &Path) -> Result<Option<HostSeats>, String> {
        match chimera_store::read_bounded(path, chimera_store::MAX_CONFIG_BYTES) {
            Ok(text) => HostSeats::parse(&text)
                .map(Some)
                .map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.is_not_found() => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }

    /// The seats as text (names on one line: control characters become spaces).
    pub fn text(&self) -> String {
        let mut out = String::new();
        for side in Color::BOTH {
            if let Some(s) = &self.0[side.index()] {
                let name: String = s
                    .name
                    .chars()
                    .map(|c| if c.is_control() { ' ' } else { c })
                    .collect();
                let name = match name.trim() {
                    "" => "?",
                    n => n,
                };
                let word = side.name().to_lowercase();
                out.push_str(&format!("{word} {} {name}\n", s.token.to_hex()));
            }
        }
        out
    }

    /// Writes the seats to `path` (whole or not at all), creating its
    /// directory, under the file's lock (`chimera_store::lock`): the file
    /// holds one hosted game's seats, written whole, and a write never
    /// interleaves with another program's.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        chimera_store::lock::update(path, || {
            chimera_store::paths::write_atomic(path, self.text())
        })
    }
}
