//! The puzzle ratings in the data directory, `puzzle-ratings.txt`: each
//! player's Glicko-2 puzzle rating and each puzzle's own, one a line,
//! fields separated by tabs (docs/puzzles.md): `player`, the name, the
//! rating, deviation and volatility; or `puzzle`, the variant id, the VFEN
//! and the same three numbers.
//!
//! Lines starting with `#` are comments. A file that does not read is never
//! overwritten: the error names the file and the line.

use chimera_engine::Puzzle;
use chimera_game::rating::Rating;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file's name in the data directory.
pub const FILE: &str = "puzzle-ratings.txt";
/// The largest ratings file read (a line is under 300 bytes).
const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// Every player's puzzle rating and every rated puzzle's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RatingBook {
    /// By player name.
    pub players: BTreeMap<String, Rating>,
    /// By variant id and VFEN.
    pub puzzles: BTreeMap<(String, String), Rating>,
}

/// A newcomer's puzzle rating before any attempt: 1000 + 100 per depth of
/// the puzzle's difficulty, 800 to 2600, with a newcomer's deviation.
pub fn first_rating(p: &Puzzle) -> Rating {
    Rating {
        rating: (1000.0 + 100.0 * f64::from(p.difficulty)).clamp(800.0, 2600.0),
        ..Rating::default()
    }
}

/// A player's name as a key: tabs and line breaks become spaces, and no
/// name is "Player".
pub fn player_key(name: &str) -> String {
    let clean: String = name
        .trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if clean.is_empty() {
        "Player".to_string()
    } else {
        clean
    }
}

fn number(field: &str, what: &str) -> Result<f64, String> {
    field
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("{what} '{field}' is not a number"))
}

fn rating(fields: &[&str]) -> Result<Rating, String> {
    let r = Rating {
        rating: number(fields[0], "rating")?,
        deviation: number(fields[1], "deviation")?,
        volatility: number(fields[2], "volatility")?,
    };
    if r.deviation <= 0.0 || r.volatility <= 0.0 {
        return Err("deviation and volatility must be above 0".to_string());
    }
    Ok(r)
}

/// The three numbers, each written so that it reads back exactly.
fn rating_text(r: &Rating) -> String {
    format!("{}\t{}\t{}", r.rating, r.deviation, r.volatility)
}

impl RatingBook {
    /// Reads the file's text; an error names the line.
    pub fn parse(text: &str) -> Result<RatingBook, String> {
        let mut book = RatingBook::default();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            let at = |why: String| format!("line {}: {why}", i + 1);
            match f[0] {
                "player" if f.len() == 5 => {
                    book.players
                        .insert(f[1].to_string(), rating(&f[2..]).map_err(at)?);
                }
                "puzzle" if f.len() == 6 => {
                    book.puzzles.insert(
                        (f[1].to_string(), f[2].to_string()),
                        rating(&f[3..]).map_err(at)?,
                    );
                }
                "player" | "puzzle" => {
                    return Err(at(format!("{} tab-separated fields", f.len())));
                }
                other => return Err(at(format!("'{other}' is neither player nor puzzle"))),
            }
        }
        Ok(book)
    }

    /// The file's text.
    pub fn text(&self) -> String {
        let mut out = String::from(
            "# Chimera puzzle ratings (Glicko-2): player NAME / puzzle VARIANT VFEN, then rating, deviation, volatility\n",
        );
        for (name, r) in &self.players {
            out.push_str(&format!("player\t{name}\t{}\n", rating_text(r)));
        }
        for ((variant, vfen), r) in &self.puzzles {
            out.push_str(&format!("puzzle\t{variant}\t{vfen}\t{}\n", rating_text(r)));
        }
        out
    }

    /// The player's rating (a newcomer's when none).
    pub fn player(&self, name: &str) -> Rating {
        self.players
            .get(&player_key(name))
            .copied()
            .unwrap_or_default()
    }

    /// The puzzle's rating ([`first_rating`] when none).
    pub fn puzzle(&self, variant: &str, p: &Puzzle) -> Rating {
        self.puzzles
            .get(&(variant.to_string(), p.vfen.clone()))
            .copied()
            .unwrap_or_else(|| first_rating(p))
    }

    /// One attempt: the player against the puzzle, a win if solved; both
    /// ratings move (Glicko-2, [`Rating::after_puzzle`]).
    pub fn record(&mut self, name: &str, variant: &str, p: &Puzzle, solved: bool) {
        let (me, it) = self
            .player(name)
            .after_puzzle(&self.puzzle(variant, p), solved);
        self.players.insert(player_key(name), me);
        self.puzzles
            .insert((variant.to_string(), p.vfen.clone()), it);
    }
}

/// The ratings file of a data directory.
pub fn path(dir: &Path) -> PathBuf {
    dir.join(FILE)
}

/// Reads the ratings of a data directory: none yet when the file is
/// missing; an error naming the file otherwise.
pub fn load(dir: &Path) -> Result<RatingBook, String> {
    let file = path(dir);
    match chimera_store::read_bounded(&file, MAX_BYTES) {
        Ok(text) => RatingBook::parse(&text).map_err(|e| format!("{}: {e}", file.display())),
        Err(e) if e.is_not_found() => Ok(RatingBook::default()),
        Err(e) => Err(e.to_string()),
    }
}

/// Writes the ratings into a data directory (atomically).
pub fn save(dir: &Path, book: &RatingBook) -> Result<(), String> {
    let file = path(dir);
    chimera_store::paths::write_atomic(&file, book.text())
        .map_err(|e| format!("{}: {e}", file.display()))
}
