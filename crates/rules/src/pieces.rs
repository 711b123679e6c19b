//! Piece kinds and their movement, described as composable atoms.

use serde::{Deserialize, Serialize};

use super::geometry::Geometry;

/// A side. On the wire (serde) a side is its variant index: White 0, Black 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    /// Moves first, upward.
    White,
    /// Moves second, downward.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// `w` or `b`.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
    /// "White" or "Black".
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

macro_rules! kinds {
    ($($k:ident = $n:literal, $name:literal, $id:literal;)*) => {
        #[allow(non_upper_case_globals)]
        impl Kind {
            $(#[doc = $name] pub const $k: Kind = Kind($n);)*
            /// The built-in kinds (those with art of their own), in number order.
            pub const ALL: [Kind; 32] = [$(Kind::$k,)*];
            /// Names of the built-in kinds, by number - 1.
            const BUILTIN_NAMES: [&'static str; 32] = [$($name,)*];
            /// Identifiers of the built-in kinds in variant files, by number - 1.
            const BUILTIN_IDS: [&'static str; 32] = [$($id,)*];
        }
    };
}

/// A piece kind. Numbers 1–32 are the built-in kinds (each with a constant
/// such as [`Kind::Queen`], a name and art of its own); variant files may
/// define further kinds, numbered from 33 up to [`MAX_KIND`] as they are
/// first met, which share their name through [`Kind::name`]. The letter a
/// kind is written with depends on the variant (C is a Champion in Holy
/// Grail, a Cardinal in Grand).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(u8);

/// Largest kind number (kinds fit the six low bits of a [`Piece`]).
pub const MAX_KIND: u8 = 63;

kinds! {
    Pawn = 1, "Pawn", "pawn";
    Knight = 2, "Knight", "knight";
    Bishop = 3, "Bishop", "bishop";
    Rook = 4, "Rook", "rook";
    Queen = 5, "Queen", "queen";
    King = 6, "King", "king";
    Marshal = 7, "Marshal", "marshal";
    Cardinal = 8, "Cardinal", "cardinal";
    Champion = 9, "Champion", "champion";
    Templar = 10, "Battle Templar", "templar";
    WazirKnight = 11, "Wazir-Knight", "wazir-knight";
    FerzKnight = 12, "Ferz-Knight", "ferz-knight";
    NinjaPawn = 13, "Ninja Pawn", "ninja-pawn";
    Prince = 14, "Crown Prince", "prince";
    Gryphon = 15, "Stealth Gryphon", "gryphon";
    AntiGryphon = 16, "Stealth Anti-Gryphon", "anti-gryphon";
    Bomber = 17, "Flying Bomber", "bomber";
    Raptor = 18, "Raptor", "raptor";
    Cannon = 19, "Super Cannon", "cannon";
    Vao = 20, "Super Vao", "vao";
    FlyingChariot = 21, "Flying Chariot", "flying-chariot";
    FlyingBishop = 22, "Flying Bishop", "flying-bishop";
    WazirSorcerer = 23, "Wazir-Sorcerer", "wazir-sorcerer";
    FerzSorcerer = 24, "Ferz-Sorcerer", "ferz-sorcerer";
    SorcererKnight = 25, "Sorcerer Knight", "sorcerer-knight";
    Lady = 26, "Lady", "lady";
    Crusader = 27, "Crusader", "crusader";
    Squire = 28, "Squire", "squire";
    Ghost = 29, "Ghost", "ghost";
    Relay = 30, "Relay", "relay";
    Warlord = 31, "Warlord", "warlord";
    Serpent = 32, "Serpent", "serpent";
}

/// Kinds defined by variant files beyond the built-in ones: (identifier, name),
/// kind number = 33 + index. Shared by the whole process so that a kind keeps
/// one number and one name everywhere.
static EXTRA_KINDS: std::sync::RwLock<Vec<(&'static str, &'static str)>> =
    std::sync::RwLock::new(Vec::new());

/// How many kinds [`EXTRA_KINDS`] holds, readable without its lock (the
/// move generator checks kind numbers on every promotion and drop).
static EXTRA_COUNT: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

impl Kind {
    /// The kind's number (1..=[`MAX_KIND`]), its index in per-kind tables.
    #[inline]
    pub const fn num(self) -> u8 {
        self.0
    }
    /// Index in per-kind tables (same as [`Kind::num`]).
    #[inline]
    pub const fn idx(self) -> usize {
        self.0 as usize
    }
    /// Whether this is one of the 32 built-in kinds.
    pub fn is_builtin(self) -> bool {
        (1..=32).contains(&self.0)
    }
    /// Identifier and name of the kind.
    fn id_and_name(self) -> (&'static str, &'static str) {
        match self.0 {
            1..=32 => (
                Kind::BUILTIN_IDS[self.0 as usize - 1],
                Kind::BUILTIN_NAMES[self.0 as usize - 1],
            ),
            n => EXTRA_KINDS
                .read()
                .ok()
                .and_then(|t| t.get((n as usize).wrapping_sub(33)).copied())
                .unwrap_or(("piece", "piece")),
        }
    }
    /// Human name of the kind.
    pub fn name(self) -> &'static str {
        self.id_and_name().1
    }
    /// Identifier of the kind in variant files (`queen`, `ninja-pawn`, or a
    /// file's own name for kinds it defines).
    pub fn id(self) -> &'static str {
        self.id_and_name().0
    }
    /// The kind a variant file means by identifier `id`: a built-in kind, a
    /// kind already defined by another file, or a new kind named `name`.
    /// `None` once all [`MAX_KIND`] numbers are taken.
    pub fn for_id(id: &str, name: &str) -> Option<Kind> {
        if let Some(i) = Kind::BUILTIN_IDS.iter().position(|b| *b == id) {
            return Some(Kind(i as u8 + 1));
        }
        let mut table = EXTRA_KINDS.write().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = table.iter().position(|e| e.0 == id) {
            return Some(Kind(i as u8 + 33));
        }
        if table.len() + 33 > MAX_KIND as usize {
            return None;
        }
        let leak = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
        table.push((leak(id), leak(name)));
        EXTRA_COUNT.store(table.len() as u8, std::sync::atomic::Ordering::Release);
        Some(Kind(table.len() as u8 + 32))
    }
}

impl std::fmt::Debug for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Kind({} {})", self.0, self.id())
    }
}

/// Number of slots in per-kind tables (kinds are 1..=[`MAX_KIND`]).
pub const NKINDS: usize = MAX_KIND as usize + 1;

impl Kind {
    /// The kind with this number.
    pub fn from_u8(n: u8) -> Option<Kind> {
        let extra = EXTRA_COUNT.load(std::sync::atomic::Ordering::Acquire);
        (1..=32 + extra).contains(&n).then_some(Kind(n))
    }
    /// Whether this is one of the six forms a Holy Grail serpent takes on the board.
    pub fn is_serpent_form(self) -> bool {
        matches!(
            self,
            Kind::Gryphon
                | Kind::AntiGryphon
                | Kind::Bomber
                | Kind::Raptor
                | Kind::Cannon
                | Kind::Vao
        )
    }
    /// The six serpent forms in docs/rules.md order.
    pub const SERPENT_FORMS: [Kind; 6] = [
        Kind::Gryphon,
        Kind::AntiGryphon,
        Kind::Bomber,
        Kind::Raptor,
        Kind::Cannon,
        Kind::Vao,
    ];
    /// Standard or ninja pawn (their moves reset the 100-ply count).
    pub fn is_pawnlike(self) -> bool {
        matches!(self, Kind::Pawn | Kind::NinjaPawn)
    }
}

/// A piece as stored on the board: kind in bits 0–5, colour in bit 6, serpent
/// lock in bit 7. 0 is an empty square; `OFF` marks padding and holes.
pub type Piece = u8;
/// Board cell value of a missing square.
pub const OFF: Piece = 0xFF;
/// Board cell value of an empty square.
pub const EMPTY: Piece = 0;
const COLOR_BIT: u8 = 0x40;
/// Serpent lock bit.
pub const LOCK_BIT: u8 = 0x80;

/// Encodes a piece.
#[inline]
pub fn piece(c: Color, k: Kind) -> Piece {
    k.0 | if c == Color::Black { COLOR_BIT } else { 0 }
}
/// Kind number of a (non-empty, on-board) piece.
#[inline]
pub fn kind_of(p: Piece) -> u8 {
    p & 0x3F
}
/// Colour of a (non-empty, on-board) piece.
#[inline]
pub fn color_of(p: Piece) -> Color {
    if p & COLOR_BIT != 0 {
        Color::Black
    } else {
        Color::White
    }
}
/// Whether the cell holds a piece (not empty, not off-board).
#[inline]
pub fn is_piece(p: Piece) -> bool {
    p != EMPTY && p != OFF
}
/// Whether the cell holds a piece of colour `c`.
#[inline]
pub fn is_color(p: Piece, c: Color) -> bool {
    is_piece(p) && color_of(p) == c
}

/// `LANDINGS[mode][side][cell value]`: whether an atom of that [`Mode`] of
/// a piece of that side may end on a cell holding that value.
static LANDINGS: [[[bool; 256]; 2]; 3] = {
    let mut t = [[[false; 256]; 2]; 3];
    let mut q = 0;
    while q < 256 {
        let p = q as Piece;
        let mut side = 0;
        while side < 2 {
            // White (0) captures black pieces, Black (1) white ones.
            let enemy = p != EMPTY && p != OFF && (p & COLOR_BIT != 0) == (side == 0);
            t[0][side][q] = p == EMPTY || enemy;
            t[1][side][q] = p == EMPTY;
            t[2][side][q] = enemy;
            side += 1;
        }
        q += 1;
    }
    t
};

/// Whether the cell value `q` is a piece of the side opposite `us`.
#[inline]
pub fn is_enemy(q: Piece, us: Color) -> bool {
    Mode::CaptureOnly.lands(us, q)
}

/// How an atom may end: on an empty square, on an enemy, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Moves to empty squares and captures.
    Both,
    /// Only to empty squares.
    MoveOnly,
    /// Only captures.
    CaptureOnly,
}

impl Mode {
    /// Whether it may end on an empty square.
    pub fn moves(self) -> bool {
        self != Mode::CaptureOnly
    }
    /// Whether it may capture.
    pub fn captures(self) -> bool {
        self != Mode::MoveOnly
    }
    /// Whether a move of this mode of a piece of side `us` may end on a cell
    /// holding `q` (an empty square, or an enemy piece).
    #[inline]
    pub fn lands(self, us: Color, q: Piece) -> bool {
        LANDINGS[self as usize][us as usize][q as usize]
    }
}

/// A leap to a fixed offset, regardless of what is between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    /// Mailbox offset.
    pub off: i16,
    /// Move/capture mode.
    pub mode: Mode,
}

/// A slide along a direction until blocked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ride {
    /// Mailbox offset of one step.
    pub dir: i16,
    /// Move/capture mode.
    pub mode: Mode,
}

/// A move to a fixed offset by either of two paths; blocked only when every
/// path has a piece on one of its intermediate squares. Missing squares never
/// block (Holywar's Squire, the lame Sorcerer Knight).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoPath {
    /// Mailbox offset of the destination.
    pub off: i16,
    /// Intermediate squares of each path (offsets; 0 = unused slot).
    pub paths: [[i16; 2]; 2],
}

/// Movement that is not a plain leap, ride or two-path move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Nothing beyond the atoms.
    None,
    /// Standard pawn (forward steps by rank, diagonal captures, en passant).
    Pawn,
    /// Ninja pawn (Holy Grail, Herculean).
    Ninja,
    /// Gryphon (diagonal step then outward orthogonal slide); `full` = full-powered.
    Gryphon {
        /// Full-powered Gryphon rather than Stealth.
        full: bool,
    },
    /// Anti-Gryphon / Aanca (orthogonal step then outward diagonal slide).
    AntiGryphon {
        /// Full-powered Aanca rather than Stealth.
        full: bool,
    },
    /// Flying Bomber (orthogonal) or Raptor (diagonal).
    Bomber {
        /// Raptor (diagonal lines).
        diag: bool,
    },
    /// Cannon (orthogonal) or Vao (diagonal) capture by hopping one screen.
    Hopper {
        /// Vao (diagonal lines).
        diag: bool,
    },
    /// Flying Chariot / Flying Bishop jumps over one or two adjacent pieces.
    FlyingJump {
        /// Flying Bishop (diagonal lines).
        diag: bool,
    },
    /// Ghost: to any empty square.
    Ghost,
    /// Warlord: captures any enemy anywhere.
    Warlord,
}

/// How one kind moves in one variant.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// The kind.
    pub kind: Kind,
    /// Its letter in this variant (uppercase).
    pub letter: char,
    /// Fixed-offset leaps.
    pub leaps: Vec<Leap>,
    /// Slides.
    pub rides: Vec<Ride>,
    /// Two-path moves.
    pub two_paths: Vec<TwoPath>,
    /// Anything else.
    pub special: Special,
}

impl PieceDef {
    /// Whether capture detection for this kind needs its forward generator
    /// (the reverse lookups cover leaps, rides, two-path moves, pawns and flying jumps).
    pub fn needs_forward_attack(&self) -> bool {
        matches!(
            self.special,
            Special::Gryphon { .. }
                | Special::AntiGryphon { .. }
                | Special::Bomber { .. }
                | Special::Hopper { .. }
                | Special::Warlord
        )
    }
}

/// The two-path ("lame") versions of the leaps to `images` (each at most three
/// squares along either axis): for each, the path that starts orthogonally and
/// the one that starts diagonally.
pub(crate) fn lame_paths(geo: &Geometry, images: &[(i8, i8)]) -> Vec<TwoPath> {
    let mut v = Vec::new();
    for &(x, y) in images {
        // Decompose into diagonal steps (min(|x|,|y|)) and orthogonal steps (the rest).
        let (sx, sy) = (x.signum(), y.signum());
        let nd = x.abs().min(y.abs());
        let no = x.abs().max(y.abs()) - nd;
        let (ox, oy) = if x.abs() > y.abs() { (sx, 0) } else { (0, sy) };
        // Path 1: orthogonal steps first, then diagonal; path 2: diagonal first.
        let mut p1 = [0i16; 2];
        let mut p2 = [0i16; 2];
        let (mut cx, mut cy) = (0i8, 0i8);
        for (i, slot) in p1.iter_mut().enumerate().take((no + nd - 1) as usize) {
            if (i as i8) < no {
                cx += ox;
                cy += oy;
            } else {
                cx += sx;
                cy += sy;
            }
            *slot = geo.offset(cx, cy);
        }
        let (mut cx, mut cy) = (0i8, 0i8);
        for (n, slot) in p2.iter_mut().enumerate().take((no + nd - 1) as usize) {
            if (n as i8) < nd {
                cx += sx;
                cy += sy;
            } else {
                cx += ox;
                cy += oy;
            }
            *slot = geo.offset(cx, cy);
        }
        v.push(TwoPath {
            off: geo.offset(x, y),
            paths: [p1, p2],
        });
    }
    v
}
