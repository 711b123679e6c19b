//! TEMPORARY adapter to the rules engine while `src/rules` is being written on
//! `main`. It mirrors the names of `/work/notes/ENGINE_API.md` (`Color`, `Kind`,
//! `Sq`) and offers the board shape the views need, so that the rendering code
//! compiles now and switches to `crate::rules` by replacing this file with
//! re-exports. Nothing here knows chess rules.

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first, upward.
    White,
    /// Moves second, downward.
    Black,
}

impl Color {
    /// 0 for White, 1 for Black.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The other side.
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A square: `x` file index (`a` = 0), `y` rank index from the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq {
    /// File index.
    pub x: u8,
    /// Rank index from the bottom of the board.
    pub y: u8,
}

impl Sq {
    /// Makes a square.
    pub const fn new(x: u8, y: u8) -> Sq {
        Sq { x, y }
    }
}

macro_rules! kinds {
    ($($k:ident, $name:literal;)*) => {
        /// Every piece kind of every variant (same names as the engine).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind { $($k,)* }
        impl Kind {
            /// All kinds, in declaration order.
            pub const ALL: [Kind; 32] = [$(Kind::$k,)*];
            /// Human name.
            pub fn name(self) -> &'static str {
                match self { $(Kind::$k => $name,)* }
            }
        }
    };
}

kinds! {
    Pawn, "Pawn"; Knight, "Knight"; Bishop, "Bishop"; Rook, "Rook"; Queen, "Queen"; King, "King";
    Marshal, "Marshal"; Cardinal, "Cardinal"; Champion, "Champion"; Templar, "Battle Templar";
    WazirKnight, "Wazir-Knight"; FerzKnight, "Ferz-Knight"; NinjaPawn, "Ninja Pawn";
    Prince, "Crown Prince"; Gryphon, "Stealth Gryphon"; AntiGryphon, "Stealth Anti-Gryphon";
    Bomber, "Flying Bomber"; Raptor, "Raptor"; Cannon, "Super Cannon"; Vao, "Super Vao";
    FlyingChariot, "Flying Chariot"; FlyingBishop, "Flying Bishop"; WazirSorcerer, "Wazir-Sorcerer";
    FerzSorcerer, "Ferz-Sorcerer"; SorcererKnight, "Sorcerer Knight"; Lady, "Lady";
    Crusader, "Crusader"; Squire, "Squire"; Ghost, "Ghost"; Relay, "Relay"; Warlord, "Warlord";
    Serpent, "Serpent";
}

/// A piece on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub kind: Kind,
}

/// What the views need to know about a board: its rectangle, holes, square
/// colours, labels and pieces.
#[derive(Clone, Debug)]
pub struct BoardShape {
    /// Variant id.
    pub id: &'static str,
    /// Number of files.
    pub width: u8,
    /// Number of ranks.
    pub height: u8,
    /// The number written for the lowest rank (0 in Holy Grail).
    pub first_rank: u8,
    holes: Vec<Sq>,
}

impl BoardShape {
    /// The board of a variant id; `None` for an unknown id.
    pub fn of_variant(id: &str) -> Option<BoardShape> {
        let rect = |id, width, height, first_rank, holes| BoardShape {
            id,
            width,
            height,
            first_rank,
            holes,
        };
        Some(match id {
            "chess" => rect("chess", 8, 8, 1, vec![]),
            "grand" => rect("grand", 10, 10, 1, vec![]),
            "embassy" => rect("embassy", 10, 8, 1, vec![]),
            "ghostarelay" => rect("ghostarelay", 10, 10, 1, vec![]),
            "herculean" => rect("herculean", 12, 12, 1, vec![]),
            "holygrail" => {
                let mut holes = Vec::new();
                for y in [0u8, 11] {
                    for x in 0..10u8 {
                        if x != 4 && x != 5 {
                            holes.push(Sq::new(x, y));
                        }
                    }
                }
                rect("holygrail", 10, 12, 0, holes)
            }
            "holywar" => {
                let mut holes = Vec::new();
                for y in 0..8u8 {
                    for x in 0..8u8 {
                        let corner = (x == 0 || x == 7) && (y == 0 || y == 7);
                        let edge = x == 0 || x == 7 || y == 0 || y == 7;
                        if edge && !corner {
                            holes.push(Sq::new(x, y));
                        }
                    }
                }
                rect("holywar", 8, 8, 1, holes)
            }
            _ => return None,
        })
    }

    /// Whether `s` is a real square.
    pub fn exists(&self, s: Sq) -> bool {
        s.x < self.width && s.y < self.height && !self.holes.contains(&s)
    }

    /// Every existing square, rank by rank from the bottom.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| Sq::new(x, y)))
            .filter(|s| self.exists(*s))
    }

    /// Light squares: (file index + written rank) even (RULES.md §0).
    pub fn is_light(&self, s: Sq) -> bool {
        (s.x as u32 + self.rank_label(s.y)) % 2 == 0
    }

    /// The number written for rank index `y`.
    pub fn rank_label(&self, y: u8) -> u32 {
        y as u32 + self.first_rank as u32
    }

    /// The letter of file index `x`.
    pub fn file_label(x: u8) -> char {
        (b'a' + x) as char
    }

    /// The start position's pieces, read from the VFEN board field of
    /// RULES.md §8 (only the placement; the engine owns everything else).
    pub fn start_pieces(&self) -> Vec<(Sq, PieceInfo)> {
        let (board, letters): (&str, &[(char, Kind)]) = match self.id {
            "chess" => ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", CHESS),
            "grand" => (
                "r8r/1nbqkmcbn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKMCBN1/R8R",
                GRAND,
            ),
            "embassy" => (
                "rnbqkmcbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR",
                GRAND,
            ),
            "holygrail" => (
                "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT****",
                HOLYGRAIL,
            ),
            "herculean" => (
                "rycxfqkwxczr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RYCXFQKWXCZR",
                HERCULEAN,
            ),
            "holywar" => (
                "1******1/*6*/*pppppp*/*6*/*6*/*PPPPPP*/*6*/1******1",
                HOLYWAR,
            ),
            "ghostarelay" => (
                "rnbxqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBXQKGBNR",
                GHOSTARELAY,
            ),
            _ => return Vec::new(),
        };
        let mut out = Vec::new();
        for (row, rank) in board.split('/').enumerate() {
            let y = self.height - 1 - row as u8;
            let mut x = 0u8;
            let mut digits = 0u8;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    digits = digits * 10 + d as u8;
                    continue;
                }
                x += digits;
                digits = 0;
                if c == '*' {
                    x += 1;
                    continue;
                }
                let upper = c.to_ascii_uppercase();
                if let Some(&(_, kind)) = letters.iter().find(|(l, _)| *l == upper) {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    out.push((Sq::new(x, y), PieceInfo { color, kind }));
                }
                x += 1;
            }
        }
        out
    }
}

const CHESS: &[(char, Kind)] = &[
    ('P', Kind::Pawn),
    ('N', Kind::Knight),
    ('B', Kind::Bishop),
    ('R', Kind::Rook),
    ('Q', Kind::Queen),
    ('K', Kind::King),
];
const GRAND: &[(char, Kind)] = &[
    ('P', Kind::Pawn),
    ('N', Kind::Knight),
    ('B', Kind::Bishop),
    ('R', Kind::Rook),
    ('Q', Kind::Queen),
    ('K', Kind::King),
    ('M', Kind::Marshal),
    ('C', Kind::Cardinal),
];
const HOLYGRAIL: &[(char, Kind)] = &[
    ('P', Kind::Pawn),
    ('B', Kind::Bishop),
    ('R', Kind::Rook),
    ('Q', Kind::Queen),
    ('K', Kind::King),
    ('C', Kind::Champion),
    ('T', Kind::Templar),
    ('W', Kind::WazirKnight),
    ('F', Kind::FerzKnight),
];
const HERCULEAN: &[(char, Kind)] = &[
    ('P', Kind::Pawn),
    ('J', Kind::NinjaPawn),
    ('B', Kind::Bishop),
    ('R', Kind::Rook),
    ('Q', Kind::Queen),
    ('K', Kind::King),
    ('C', Kind::FlyingChariot),
    ('X', Kind::FlyingBishop),
    ('W', Kind::WazirKnight),
    ('F', Kind::FerzKnight),
    ('Y', Kind::WazirSorcerer),
    ('Z', Kind::FerzSorcerer),
    ('S', Kind::SorcererKnight),
];
const HOLYWAR: &[(char, Kind)] = &[
    ('P', Kind::Pawn),
    ('K', Kind::King),
    ('L', Kind::Lady),
    ('C', Kind::Crusader),
    ('B', Kind::Bishop),
    ('S', Kind::Squire),
];
const GHOSTARELAY: &[(char, Kind)] = &[
    ('P', Kind::Pawn),
    ('N', Kind::Knight),
    ('B', Kind::Bishop),
    ('R', Kind::Rook),
    ('Q', Kind::Queen),
    ('K', Kind::King),
    ('G', Kind::Ghost),
    ('X', Kind::Relay),
    ('W', Kind::Warlord),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_shapes_have_the_right_square_counts() {
        let count = |id| BoardShape::of_variant(id).unwrap().squares().count();
        assert_eq!(count("chess"), 64);
        assert_eq!(count("holygrail"), 104);
        assert_eq!(count("holywar"), 40);
        assert_eq!(count("herculean"), 144);
    }

    #[test]
    fn start_placements_land_on_existing_squares() {
        for id in [
            "chess",
            "grand",
            "embassy",
            "holygrail",
            "herculean",
            "holywar",
            "ghostarelay",
        ] {
            let b = BoardShape::of_variant(id).unwrap();
            let pieces = b.start_pieces();
            assert!(!pieces.is_empty(), "{id}");
            assert!(pieces.iter().all(|(s, _)| b.exists(*s)), "{id}");
        }
        let hg = BoardShape::of_variant("holygrail").unwrap();
        assert_eq!(hg.start_pieces().len(), 44);
        assert!(hg.is_light(Sq::new(7, 0)) == hg.is_light(Sq::new(7, 0)));
        let chess = BoardShape::of_variant("chess").unwrap();
        assert!(!chess.is_light(Sq::new(0, 0)), "a1 is dark");
        assert!(chess.is_light(Sq::new(7, 0)), "h1 is light");
    }
}

/// One option of a variant (mirrors the engine's option table).
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// Option name, as on the command line.
    pub name: &'static str,
    /// Allowed values.
    pub values: &'static [&'static str],
    /// Default value.
    pub default: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// A variant as the menu lists it (mirrors the engine's table).
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    /// Id used on the command line.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// Its options.
    pub options: &'static [OptionSpec],
}

/// Every variant, in menu order.
pub fn variants() -> &'static [VariantInfo] {
    VARIANTS
}

const VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        id: "holygrail",
        name: "Holy Grail",
        description: "10×12 with e0/f0 outposts, ninja pawns, a crown prince and a shape-shifting serpent in hand.",
        options: &[
            OptionSpec {
                name: "drops",
                values: &["full", "ninjas-serpent", "ninjas", "none"],
                default: "full",
                help: "What each side holds in hand at the start.",
            },
            OptionSpec {
                name: "gryphons",
                values: &["stealth", "full"],
                default: "stealth",
                help: "Stealth or full-powered Gryphon and Anti-Gryphon forms.",
            },
            OptionSpec {
                name: "setup",
                values: &["standard", "swapped"],
                default: "standard",
                help: "Swapped: Templars and Champions exchange places.",
            },
        ],
    },
    VariantInfo {
        id: "herculean",
        name: "Herculean Chess",
        description: "12×12 with flying chariots and bishops, sorcerers and ninja pawns.",
        options: &[
            OptionSpec {
                name: "config",
                values: &["1", "2"],
                default: "1",
                help: "1: Wazir- and Ferz-Sorcerers; 2: Sorcerer Knights.",
            },
            OptionSpec {
                name: "sorcerer",
                values: &["leap", "lame"],
                default: "leap",
                help: "Whether the Sorcerer Knight leaps or can be blocked.",
            },
        ],
    },
    VariantInfo {
        id: "holywar",
        name: "Holywar",
        description: "A 40-square cross-shaped board; both armies are dropped into place first.",
        options: &[OptionSpec {
            name: "opening",
            values: &["drop", "random"],
            default: "drop",
            help: "Drop the pieces one by one, or fill both camps at random.",
        }],
    },
    VariantInfo {
        id: "ghostarelay",
        name: "Ghostarelay",
        description: "Giveaway on 10×10 with ghosts, relays and warlords: lose everything to win.",
        options: &[OptionSpec {
            name: "no-moves",
            values: &["win", "pass"],
            default: "win",
            help: "Whether a side with no move wins or passes.",
        }],
    },
    VariantInfo {
        id: "grand",
        name: "Grand Chess",
        description: "10×10 with marshal and cardinal; pawns promote only to captured pieces.",
        options: &[],
    },
    VariantInfo {
        id: "embassy",
        name: "Embassy Chess",
        description: "10×8 Capablanca-style chess with marshal and cardinal.",
        options: &[],
    },
    VariantInfo {
        id: "chess",
        name: "Chess",
        description: "Standard FIDE chess.",
        options: &[],
    },
];
