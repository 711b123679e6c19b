//! Fairy-Stockfish's dialect (spoken by pychess.org and, for chess, lichess)
//! for the variants it shares with Chimera: `chess`, `grand`, `embassy`.
//!
//! Both directions of every translation live here: piece letters, FEN ↔
//! VFEN, SAN letters, and UCI move strings ↔ moves. The record reader uses it
//! for pychess/lichess records; the UCI engine bridge speaks it to
//! Fairy-Stockfish.
//!
//! | Chimera | Fairy-Stockfish |
//! |---|---|
//! | `M` Marshal (rook + knight) | `C` chancellor |
//! | `C` Cardinal (bishop + knight) | `A` archbishop |
//! | `K Q R B N P` | the same |
//! | VFEN castling: rook files (`AJaj`) | FEN `KQkq` (file letters also read) |
//! | VFEN hand field `-` | none (6 FEN fields) |
//! | LMN promotion `e9e10=M` | UCI `e9e10c` (lowercase, its letter) |
//! | LMN castling `e1h1,j1g1` | UCI king move `e1h1` |

use chimera_rules::{Color, Move, MoveKind, Position, Variant};

/// A translation failure: names what is wrong with the foreign text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DialectError(String);

/// Fairy-Stockfish's conventions for one Chimera variant.
#[derive(Debug)]
pub struct Dialect {
    id: &'static str,
    pgn_name: &'static str,
    /// Letters that differ: (Chimera's, Fairy-Stockfish's), uppercase.
    letters: &'static [(char, char)],
}

const GRAND_LETTERS: &[(char, char)] = &[('M', 'C'), ('C', 'A')];

static DIALECTS: [Dialect; 3] = [
    Dialect {
        id: "chess",
        pgn_name: "Chess",
        letters: &[],
    },
    Dialect {
        id: "grand",
        pgn_name: "Grand",
        letters: GRAND_LETTERS,
    },
    Dialect {
        id: "embassy",
        pgn_name: "Embassy",
        letters: GRAND_LETTERS,
    },
];

/// The dialect of Chimera variant `id`, if Fairy-Stockfish plays it.
pub fn dialect(id: &str) -> Option<&'static Dialect> {
    DIALECTS.iter().find(|d| d.id == id)
}

/// The dialect named by a pychess or lichess `Variant` tag, read without
/// regard to case: `Chess`, `Standard`, `From Position`, `Grand`, `Embassy`.
pub fn by_pgn_variant(tag: &str) -> Option<&'static Dialect> {
    let t = tag.trim().to_ascii_lowercase();
    let id = match t.as_str() {
        "standard" | "from position" => "chess",
        other => other,
    };
    DIALECTS.iter().find(|d| d.id == id)
}

fn map(c: char, table: &[(char, char)], forward: bool) -> char {
    let up = c.to_ascii_uppercase();
    let hit = table.iter().find_map(|&(ours, theirs)| {
        let (from, to) = if forward {
            (ours, theirs)
        } else {
            (theirs, ours)
        };
        (from == up).then_some(to)
    });
    match hit {
        Some(t) if c.is_ascii_lowercase() => t.to_ascii_lowercase(),
        Some(t) => t,
        None => c,
    }
}

impl Dialect {
    /// The Chimera variant id.
    pub fn id(&self) -> &'static str {
        self.id
    }
    /// The `Variant` tag pychess writes (`Grand`).
    pub fn pgn_name(&self) -> &'static str {
        self.pgn_name
    }
    /// Fairy-Stockfish's `UCI_Variant` value (the same as Chimera's id).
    pub fn uci_variant(&self) -> &'static str {
        self.id
    }

    /// A piece letter of theirs in Chimera's alphabet (case kept; other
    /// characters unchanged).
    pub fn letter_to_ours(&self, c: char) -> char {
        map(c, self.letters, false)
    }
    /// A Chimera piece letter in their alphabet (case kept).
    pub fn letter_to_theirs(&self, c: char) -> char {
        map(c, self.letters, true)
    }

    /// Their SAN (`Axj8`, `b10=C+`) with Chimera's letters (`Cxj8`, `b10=M+`).
    pub fn san_to_ours(&self, san: &str) -> String {
        self.map_san(san, false)
    }
    /// Chimera's readable notation with their letters.
    pub fn san_to_theirs(&self, san: &str) -> String {
        self.map_san(san, true)
    }
    /// Squares are lowercase in SAN, so only uppercase letters change.
    fn map_san(&self, san: &str, forward: bool) -> String {
        san.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    map(c, self.letters, forward)
                } else {
                    c
                }
            })
            .collect()
    }

    /// Castling rook file of `color` on the king's or the queen's side.
    fn rook_file(v: &Variant, color: Color, kingside: bool) -> Option<u8> {
        v.castlings
            .iter()
            .find(|c| c.color == color && (c.king_to.x > c.king_from.x) == kingside)
            .map(|c| c.rook_from.x)
    }

    /// Their FEN (`KQkq` castling, 6 fields, or 4 without the move counters)
    /// as a VFEN of `v`. The VFEN is not checked beyond the translation:
    /// parse it with [`Position::from_vfen`].
    pub fn fen_to_vfen(&self, v: &Variant, fen: &str) -> Result<String, DialectError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() != 4 && f.len() != 6 {
            return Err(DialectError(format!(
                "FEN needs 6 fields (board side castling en-passant halfmove fullmove), found {}",
                f.len()
            )));
        }
        let board: String = f[0].chars().map(|c| self.letter_to_ours(c)).collect();
        // (side index, rook file), sorted White first, then by file.
        let mut rights: Vec<(usize, u8)> = Vec::new();
        if f[2] != "-" {
            for c in f[2].chars() {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let file = match c.to_ascii_uppercase() {
                    'K' => Self::rook_file(v, color, true),
                    'Q' => Self::rook_file(v, color, false),
                    l @ 'A'..='L' if (l as u8 - b'A') < v.width() => Some(l as u8 - b'A'),
                    _ => None,
                };
                let file = file.ok_or_else(|| {
                    DialectError(format!(
                        "FEN castling: '{c}' names no castling rook of {}",
                        v.id()
                    ))
                })?;
                if !rights.contains(&(color.index(), file)) {
                    rights.push((color.index(), file));
                }
            }
        }
        rights.sort();
        let castling: String = if rights.is_empty() {
            "-".into()
        } else {
            rights
                .iter()
                .map(|&(c, x)| {
                    let l = Variant::file_label(x);
                    if c == Color::White.index() {
                        l.to_ascii_uppercase()
                    } else {
                        l
                    }
                })
                .collect()
        };
        let (half, full) = if f.len() == 6 {
            (f[4], f[5])
        } else {
            ("0", "1")
        };
        Ok(format!(
            "{board} {} {castling} {} - {half} {full}",
            f[1], f[3]
        ))
    }

    /// A VFEN of `v` as their FEN: letters translated, castling as `KQkq`,
    /// no hand field.
    pub fn vfen_to_fen(&self, v: &Variant, vfen: &str) -> Result<String, DialectError> {
        let f: Vec<&str> = vfen.split_whitespace().collect();
        if f.len() != 7 {
            return Err(DialectError(format!(
                "VFEN needs 7 fields, found {}",
                f.len()
            )));
        }
        if f[4] != "-" {
            return Err(DialectError(format!(
                "{} has no pieces in hand, the VFEN holds '{}'",
                v.id(),
                f[4]
            )));
        }
        let board: String = f[0].chars().map(|c| self.letter_to_theirs(c)).collect();
        let mut castling = String::new();
        for color in [Color::White, Color::Black] {
            for (kingside, letter) in [(true, 'K'), (false, 'Q')] {
                let Some(file) = Self::rook_file(v, color, kingside) else {
                    continue;
                };
                let ours = Variant::file_label(file);
                let ours = if color == Color::White {
                    ours.to_ascii_uppercase()
                } else {
                    ours
                };
                if f[2] != "-" && f[2].contains(ours) {
                    castling.push(if color == Color::White {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        Ok(format!(
            "{board} {} {castling} {} {} {}",
            f[1], f[3], f[5], f[6]
        ))
    }

    /// The move in their UCI form (`e2e4`, `b9b10c`, castling as the king's
    /// move `e1h1`); `None` for kinds of move their variants do not have.
    pub fn move_to_uci(&self, pos: &Position, m: Move) -> Option<String> {
        let v = pos.variant();
        let from = v.square_name(pos.move_from(m)?);
        let to = v.square_name(pos.move_to(m)?);
        match m.kind() {
            MoveKind::Normal => {
                let promo = m
                    .piece()
                    .map(|k| self.letter_to_theirs(v.letter(k)).to_ascii_lowercase());
                Some(format!(
                    "{from}{to}{}",
                    promo.map(String::from).unwrap_or_default()
                ))
            }
            MoveKind::Castle => Some(format!("{from}{to}")),
            _ => None,
        }
    }

    /// The legal move of `pos` that their UCI string names.
    pub fn uci_to_move(&self, pos: &Position, uci: &str) -> Option<Move> {
        pos.legal_moves()
            .into_iter()
            .find(|&m| self.move_to_uci(pos, m).as_deref() == Some(uci))
    }

    /// Their UCI string as Chimera's LMN, in `pos`.
    pub fn uci_to_lmn(&self, pos: &Position, uci: &str) -> Result<String, DialectError> {
        self.uci_to_move(pos, uci)
            .map(|m| pos.lmn(m))
            .ok_or_else(|| DialectError(format!("'{uci}' is not a legal UCI move here")))
    }

    /// Chimera's LMN as their UCI string, in `pos`.
    pub fn lmn_to_uci(&self, pos: &Position, lmn: &str) -> Result<String, DialectError> {
        let m = pos
            .parse_lmn(lmn)
            .map_err(|e| DialectError(e.to_string()))?;
        self.move_to_uci(pos, m)
            .ok_or_else(|| DialectError(format!("'{lmn}' has no UCI form in {}", self.pgn_name)))
    }
}
