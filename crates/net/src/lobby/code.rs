//! Room codes: short, read aloud without confusion, unguessable.
//!
//! Eight symbols of an alphabet of 30 — the digits 2–9 and the letters
//! but `I L O U` — shown in two groups of four (`K7QD-3MXA`): no `0`/`O`
//! or `1`/`l`/`I` to confuse, 30⁸ ≈ 6.6 × 10¹¹ codes. A lobby holds at most
//! a few thousand tables and answers an address a few requests a second, so
//! finding a private table by guessing takes thousands of years.
//! Reading is forgiving about case, spaces and dashes; a symbol that is
//! never in a code (`0 O 1 I L U`) is refused with that reason.

use std::fmt;

/// Symbols of a code.
pub const CODE_LEN: usize = 8;

/// A table's room code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode([u8; CODE_LEN]);

impl RoomCode {
    /// A code from a random number (take it from the OS): its base-30
    /// digits (the bias of 2⁶⁴ mod 30⁸ is below 10⁻⁷).
    pub fn from_random(mut bits: u64) -> RoomCode {
        let mut out = [0u8; CODE_LEN];
        for c in out.iter_mut() {
            *c = SYMBOLS[(bits % 30) as usize];
            bits /= 30;
        }
        RoomCode(out)
    }

    /// Reads a code as a player types it (see the module doc); the error
    /// says what is wrong in words.
    pub fn parse(text: &str) -> Result<RoomCode, String> {
        let mut out = [0u8; CODE_LEN];
        let mut n = 0;
        for ch in text.chars() {
            if ch == '-' || ch.is_whitespace() {
                continue;
            }
            let up = ch.to_ascii_uppercase();
            if !up.is_ascii() || !SYMBOLS.contains(&(up as u8)) {
                return Err(match up {
                    '0' | 'O' | '1' | 'I' | 'L' | 'U' => format!(
                        "'{ch}' is never in a room code (codes leave out 0, O, 1, I, L and U so that none looks like another)"
                    ),
                    _ => format!("'{ch}' is not in a room code (letters and digits 2-9 only)"),
                });
            }
            if n == CODE_LEN {
                return Err(format!(
                    "a room code has {CODE_LEN} letters and digits, '{text}' has more"
                ));
            }
            out[n] = up as u8;
            n += 1;
        }
        if n < CODE_LEN {
            return Err(format!(
                "a room code has {CODE_LEN} letters and digits, '{text}' has {n}"
            ));
        }
        Ok(RoomCode(out))
    }

    /// The eight symbols without the dash (for files and user data).
    pub fn as_bytes(&self) -> &[u8; CODE_LEN] {
        &self.0
    }

    /// A code from [`RoomCode::as_bytes`], if those are a code.
    pub fn from_bytes(bytes: &[u8]) -> Option<RoomCode> {
        let b: [u8; CODE_LEN] = bytes.get(..CODE_LEN)?.try_into().ok()?;
        b.iter().all(|c| SYMBOLS.contains(c)).then_some(RoomCode(b))
    }
}

/// The 30 symbols of a code: digits 2–9 and the letters but I, L, O, U.
pub const SYMBOLS: &[u8; 30] = b"23456789ABCDEFGHJKMNPQRSTVWXYZ";

impl fmt::Display for RoomCode {
    /// `K7QD-3MXA`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = std::str::from_utf8(&self.0).map_err(|_| fmt::Error)?;
        write!(f, "{}-{}", &s[..4], &s[4..])
    }
}
