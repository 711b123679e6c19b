//! Variants as data: a board, a piece table, a setup, and rule tables and hooks.
//! Every variant is a TOML file ([`file`], format in docs/variant-files.md); the
//! built-in ones are `assets/variants/*.toml`, embedded. [`register`] adds a
//! player's file; [`Variant::new`] builds a variant with its options into the
//! tables move generation reads.

pub mod cell_tables;
pub mod file;
pub mod tree;

use std::sync::{Arc, RwLock};

pub use tree::FileError;

use super::RulesError;
use super::betza::Movement;
use super::geometry::{DIAG, Geometry, ORTHO, Sq, file_letter};
use super::pieces::{Color, Kind, NKINDS, PieceDef, Special};
use super::position::Position;

/// The values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A whole number from `min` to `max` inclusive, written in decimal
    /// without sign or leading zeros.
    Number {
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
    },
}

impl OptionKind {
    /// Whether the option takes `value`.
    pub fn allows(&self, value: &str) -> bool {
        match *self {
            OptionKind::Choice(values) => values.contains(&value),
            OptionKind::Number { min, max } => value
                .parse::<u64>()
                .is_ok_and(|n| (min..=max).contains(&n) && n.to_string() == value),
        }
    }
}

impl std::fmt::Display for OptionKind {
    /// The allowed values, for messages: `full, ninjas` or `a whole number from 1 to 9`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionKind::Choice(values) => f.write_str(&values.join(", ")),
            OptionKind::Number { min, max } => write!(f, "a whole number from {min} to {max}"),
        }
    }
}

/// One option of a variant: its name, the values it takes and its default.
#[derive(Debug)]
pub struct OptionSpec {
    /// Option name as written on the command line (`drops`).
    pub name: &'static str,
    /// The values it takes.
    pub kind: OptionKind,
    /// Default value (one that `kind` allows).
    pub default: &'static str,
    /// One line of help.
    pub help: &'static str,
}

impl OptionSpec {
    /// The default value.
    pub fn default_value(&self) -> String {
        self.default.to_string()
    }

    /// Whether the option takes `value`: if not, the error naming the values it takes.
    pub fn check(&self, value: &str) -> Result<(), RulesError> {
        if self.kind.allows(value) {
            Ok(())
        } else {
            Err(RulesError::BadOptionValue {
                option: self.name,
                value: value.to_string(),
                allowed: self.kind,
            })
        }
    }
}

/// What a menu needs to know about a variant before building it.
#[derive(Debug)]
pub struct VariantInfo {
    /// Identifier used on the command line, in saves and on the wire.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// Options and their values.
    pub options: &'static [OptionSpec],
    /// The file's text (sent to LAN clients that lack the variant).
    pub source: &'static str,
    /// Whether it is one of the files shipped with the game.
    pub builtin: bool,
    tree: tree::Tree,
}

/// The built-in variant files, in menu order.
const BUILTIN: [&str; 7] = [
    include_str!("../../../../assets/variants/holygrail.toml"),
    include_str!("../../../../assets/variants/herculean.toml"),
    include_str!("../../../../assets/variants/holywar.toml"),
    include_str!("../../../../assets/variants/ghostarelay.toml"),
    include_str!("../../../../assets/variants/grand.toml"),
    include_str!("../../../../assets/variants/embassy.toml"),
    include_str!("../../../../assets/variants/chess.toml"),
];

static REGISTRY: RwLock<Option<&'static [&'static VariantInfo]>> = RwLock::new(None);

/// All variants, in menu order: the built-in ones, then those registered
/// from players' files.
pub fn variants() -> &'static [&'static VariantInfo] {
    if let Some(list) = *REGISTRY.read().unwrap_or_else(|e| e.into_inner()) {
        return list;
    }
    let mut slot = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    slot.get_or_insert_with(|| {
        let list: Vec<&'static VariantInfo> = BUILTIN
            .iter()
            .map(|text| {
                let info = VariantInfo::read(text, true)
                    .unwrap_or_else(|e| panic!("built-in variant file: {e}"));
                &*Box::leak(Box::new(info))
            })
            .collect();
        Box::leak(list.into_boxed_slice())
    })
}

/// Options as a record's `Options` tag and the command line write them:
/// `name=value` pairs separated by `sep` (a space in records and UCI).
pub fn options_text(options: &[(String, String)], sep: &str) -> String {
    let pairs: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    pairs.join(sep)
}

/// The variants shipped with the game, in menu order (the first entries of
/// [`variants`]). Tests that mean "every variant of the game" use these, so
/// that a player's variant registered meanwhile changes nothing.
pub fn builtin() -> &'static [&'static VariantInfo] {
    &variants()[..BUILTIN.len()]
}

/// Largest variant file, in bytes (it travels inside one network message).
pub const MAX_FILE_BYTES: usize = 32 * 1024;

/// Most options a variant file may have.
pub const MAX_OPTIONS: usize = 16;

/// Most values a choice option may list (and most `set` sections a number
/// option may have).
pub const MAX_OPTION_VALUES: usize = 16;

/// Most combinations of option values [`check`] builds.
pub const MAX_CHECKED_COMBINATIONS: usize = 400;

thread_local! {
    static BUILDS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many times this thread has built a variant from its file (one
/// combination of option values each): what [`check`] and [`Variant::new`]
/// cost, counted for the tests that bound it.
pub fn builds_on_this_thread() -> usize {
    BUILDS.with(|b| b.get())
}

/// Checks variant file `text`: reads it and builds the combinations of
/// option values [`checked_combinations`] picks (each option's values alone,
/// then a sample), at most [`MAX_CHECKED_COMBINATIONS`] builds. A
/// combination left out is built when it is used ([`Variant::new`]), and a
/// problem it has is reported then.
pub fn check(text: &str) -> Result<&'static VariantInfo, FileError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(FileError {
            line: None,
            key: String::new(),
            problem: format!(
                "the file has {} bytes; a variant file may have at most {MAX_FILE_BYTES}",
                text.len()
            ),
        });
    }
    let info: &'static VariantInfo = Box::leak(Box::new(VariantInfo::read(text, false)?));
    for combo in checked_combinations(info) {
        info.build(&combo).map_err(|mut e| {
            let changed: Vec<String> = combo
                .iter()
                .zip(info.options)
                .filter(|((_, value), o)| value != o.default)
                .map(|((name, value), _)| format!("{name}={value}"))
                .collect();
            if !changed.is_empty() {
                e.problem += &format!(" (with the options {})", changed.join(", "));
            }
            e
        })?;
    }
    Ok(info)
}

/// The values of option `o` that [`check`] tries, the default first: every
/// value of a choice option; the default, the smallest and the largest value
/// of a number option, and each value it has a `set` section for.
fn tried_values(info: &VariantInfo, o: &OptionSpec) -> Vec<String> {
    let mut values = vec![o.default.to_string()];
    match o.kind {
        OptionKind::Choice(list) => values.extend(list.iter().map(|v| v.to_string())),
        OptionKind::Number { min, max } => {
            values.extend([min.to_string(), max.to_string()]);
            let set = info
                .tree
                .root
                .get("options")
                .and_then(|t| t.get(o.name))
                .and_then(|t| t.get("set"))
                .and_then(|t| t.entries());
            values.extend(set.unwrap_or(&[]).iter().map(|(v, _)| v.clone()));
        }
    }
    let mut seen = Vec::new();
    values.retain(|v| {
        let new = !seen.contains(v);
        seen.push(v.clone());
        new
    });
    values
}

/// The combinations of option values [`check`] builds, each as every
/// option's (name, value) in the file's order: all of them when there are
/// at most [`MAX_CHECKED_COMBINATIONS`]; else the defaults, then each tried
/// value of each option with the others at their defaults, then a sample of
/// the other combinations (drawn from a fixed seed, so the same options are
/// always checked the same way) up to [`MAX_CHECKED_COMBINATIONS`] in all.
/// An option has at most 3 + [`MAX_OPTION_VALUES`] tried values, so the
/// values alone always fit.
pub fn checked_combinations(info: &VariantInfo) -> Vec<Vec<(String, String)>> {
    let tried: Vec<Vec<String>> = info.options.iter().map(|o| tried_values(info, o)).collect();
    let combo = |picks: &[usize]| -> Vec<(String, String)> {
        info.options
            .iter()
            .zip(&tried)
            .zip(picks)
            .map(|((o, values), &i)| (o.name.to_string(), values[i].clone()))
            .collect()
    };
    let total = tried
        .iter()
        .try_fold(1usize, |n, values| n.checked_mul(values.len()))
        .filter(|&n| n <= MAX_CHECKED_COMBINATIONS);
    if let Some(total) = total {
        // Every combination, the first option changing slowest.
        return (0..total)
            .map(|mut n| {
                let mut picks = vec![0; tried.len()];
                for (pick, values) in picks.iter_mut().zip(&tried).rev() {
                    *pick = n % values.len();
                    n /= values.len();
                }
                combo(&picks)
            })
            .collect();
    }
    let mut picked: Vec<Vec<usize>> = vec![vec![0; tried.len()]];
    for (o, values) in tried.iter().enumerate() {
        for i in 1..values.len() {
            let mut picks = vec![0; tried.len()];
            picks[o] = i;
            picked.push(picks);
        }
    }
    let mut seen: std::collections::HashSet<Vec<usize>> = picked.iter().cloned().collect();
    let mut rng = crate::rng::SplitMix64::new(0x0c71_0b5e_ed21);
    for _ in 0..4 * MAX_CHECKED_COMBINATIONS {
        if picked.len() >= MAX_CHECKED_COMBINATIONS {
            break;
        }
        let picks: Vec<usize> = tried.iter().map(|v| rng.below(v.len())).collect();
        if seen.insert(picks.clone()) {
            picked.push(picks);
        }
    }
    picked.iter().map(|p| combo(p)).collect()
}

/// Adds a player's variant file to [`variants`] (after [`check`]ing it). A
/// file with the id of a built-in variant is refused; one with the id of an
/// earlier registered file replaces it.
pub fn register(text: &str) -> Result<&'static VariantInfo, FileError> {
    variants();
    let info = check(text)?;
    let mut slot = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    let list = slot.unwrap_or(&[]);
    if let Some(old) = list.iter().find(|v| v.id == info.id) {
        if old.builtin {
            return Err(FileError {
                line: None,
                key: "id".into(),
                problem: format!("'{}' is the id of a built-in variant", info.id),
            });
        }
        if old.source == info.source {
            return Ok(old);
        }
    }
    let mut new: Vec<&'static VariantInfo> =
        list.iter().copied().filter(|v| v.id != info.id).collect();
    new.push(info);
    *slot = Some(Box::leak(new.into_boxed_slice()));
    Ok(info)
}

impl VariantInfo {
    fn read(text: &str, builtin: bool) -> Result<VariantInfo, FileError> {
        let tree = tree::Tree::parse(text)?;
        let h = file::header(&tree)?;
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        Ok(VariantInfo {
            id: leak(h.id),
            name: leak(h.name),
            description: leak(h.description),
            options: Box::leak(h.options.into_boxed_slice()),
            source: leak(text.to_string()),
            builtin,
            tree,
        })
    }

    /// Builds the variant with `options` and checks its start position.
    fn build(&'static self, options: &[(String, String)]) -> Result<Arc<Variant>, FileError> {
        let opts = Opts::resolve(self, options).map_err(|e| FileError {
            line: None,
            key: "options".into(),
            problem: e.to_string(),
        })?;
        let spec = file::spec(&self.tree, &opts)?;
        let v = Arc::new(Variant::from_spec(self, opts, spec));
        Position::from_vfen(&v, &v.start).map_err(|e| FileError {
            line: None,
            key: "start".into(),
            problem: format!("the start position is not valid: {e}"),
        })?;
        Ok(v)
    }
}

/// The option values of one variant, checked against its option table:
/// every option present with a value it takes. Variant files read them
/// through accessors that fail on a name or value the table does not have,
/// so a typo fails every build of the variant.
#[derive(Clone, Debug)]
pub struct Opts {
    info: &'static VariantInfo,
    values: Vec<(String, String)>,
}

impl Opts {
    /// The defaults of `info`'s options overridden by `given`, each checked.
    fn resolve(info: &'static VariantInfo, given: &[(String, String)]) -> Result<Opts, RulesError> {
        let mut opts = Opts {
            info,
            values: info
                .options
                .iter()
                .map(|o| (o.name.to_string(), o.default_value()))
                .collect(),
        };
        for (name, value) in given {
            let spec = opts.spec(name)?;
            spec.check(value)?;
            let slot = opts
                .values
                .iter_mut()
                .find(|(n, _)| n == name)
                .expect("every option has a slot");
            slot.1 = value.clone();
        }
        Ok(opts)
    }

    fn spec(&self, name: &str) -> Result<&'static OptionSpec, RulesError> {
        self.info
            .options
            .iter()
            .find(|o| o.name == name)
            .ok_or_else(|| RulesError::UnknownOption {
                variant: self.info.id,
                name: name.to_string(),
            })
    }

    /// Every option with its value, in the file's order.
    pub fn values(&self) -> &[(String, String)] {
        &self.values
    }

    /// Value of option `name`.
    pub fn get(&self, name: &str) -> Result<&str, RulesError> {
        self.spec(name)?;
        Ok(self
            .values
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str()))
    }

    /// Whether option `name` is set to `value`; `value` must be one the
    /// option takes.
    pub fn is(&self, name: &str, value: &str) -> Result<bool, RulesError> {
        self.spec(name)?.check(value)?;
        Ok(self.get(name)? == value)
    }

    /// Value of number option `name`.
    pub fn number(&self, name: &str) -> Result<u64, RulesError> {
        let spec = self.spec(name)?;
        let value = self.get(name)?;
        match spec.kind {
            OptionKind::Number { .. } => value.parse().ok(),
            OptionKind::Choice(_) => None,
        }
        .ok_or_else(|| RulesError::BadOptionValue {
            option: spec.name,
            value: value.to_string(),
            allowed: OptionKind::Number {
                min: 0,
                max: u64::MAX,
            },
        })
    }
}

/// Standard pawn movement by relative rank.
#[derive(Clone, Debug)]
pub struct PawnRules {
    /// Longest forward move from each relative rank (0 = no forward move).
    pub max_steps: Vec<u8>,
    /// A move of two or more squares may not end beyond this relative rank.
    pub multi_limit: u8,
    /// Whether multi-square moves create en-passant targets.
    pub en_passant: bool,
}

impl PawnRules {
    /// Whether a pawn on relative rank `ry` may move `steps` squares
    /// straight forward (the squares being empty).
    pub fn reaches(&self, ry: u8, steps: u8) -> bool {
        let max = self.max_steps.get(ry as usize).copied().unwrap_or(1);
        steps <= max && (steps < 2 || ry + steps <= self.multi_limit)
    }

    /// Most squares one pawn move can pass over and leave as en-passant
    /// targets (0 without en passant).
    pub fn longest_pass(&self) -> usize {
        if !self.en_passant {
            return 0;
        }
        (0..self.max_steps.len() as u8)
            .flat_map(|ry| (2..=self.max_steps[ry as usize]).map(move |n| (ry, n)))
            .filter(|&(ry, n)| self.reaches(ry, n))
            .map(|(_, n)| n as usize - 1)
            .max()
            .unwrap_or(0)
    }
}

/// Ninja pawn movement (Holy Grail, Herculean).
#[derive(Clone, Debug)]
pub struct NinjaRules {
    /// Last relative rank of the own half (the centre rank); runs may not end beyond it.
    pub centre: u8,
    /// Longest forward run in the own half.
    pub run: u8,
}

/// Promotion rules, shared by pawns and ninja pawns.
#[derive(Clone, Debug)]
pub struct PromotionRules {
    /// Relative rank where promotion is mandatory (and any move ending on or beyond it promotes).
    pub last: u8,
    /// First relative rank where promotion is optional (Grand), if any.
    pub optional_from: Option<u8>,
    /// Pieces a pawn may become.
    pub pieces: Vec<Kind>,
    /// Grand: only pieces below their initial count (per kind).
    pub limited_to_initial: bool,
}

/// One castling of one side: king and rook squares.
#[derive(Clone, Copy, Debug)]
pub struct Castling {
    /// The side.
    pub color: Color,
    /// King's home square.
    pub king_from: Sq,
    /// King's destination.
    pub king_to: Sq,
    /// Rook's home square.
    pub rook_from: Sq,
    /// Rook's destination.
    pub rook_to: Sq,
}

/// What happens to the side to move when it has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoves {
    /// Checkmate (lost) when attacked, stalemate (draw) otherwise.
    Chess,
    /// The side without a legal move wins (Ghostarelay).
    Wins,
    /// Only a side without pieces wins; a side with pieces passes (`no-moves=pass`).
    Pass,
}

/// Where pieces of a kind may be dropped.
#[derive(Clone, Debug)]
pub struct DropRule {
    /// The kind in hand.
    pub kind: Kind,
    /// Squares per colour (White, Black).
    pub squares: [Vec<Sq>; 2],
}

/// One piece of a variant file.
#[derive(Clone, Debug)]
pub struct PieceSpec {
    /// Its kind.
    pub kind: Kind,
    /// Its letter (uppercase).
    pub letter: char,
    /// How it moves, from White's side.
    pub movement: Movement,
}

/// Everything a variant file describes, for one choice of options.
pub struct VariantSpec {
    /// Board shape.
    pub geometry: Geometry,
    /// The pieces, in the file's order.
    pub pieces: Vec<PieceSpec>,
    /// Start position.
    pub start: String,
    /// Standard pawns.
    pub pawn: PawnRules,
    /// Ninja pawns, if the variant has them.
    pub ninja: Option<NinjaRules>,
    /// Promotion.
    pub promotion: PromotionRules,
    /// Castlings of both sides.
    pub castlings: Vec<Castling>,
    /// Hand order (VFEN hand field order).
    pub hand: Vec<Kind>,
    /// Drop zones.
    pub drops: Vec<DropRule>,
    /// Whether the king is royal (check, mate).
    pub royal: bool,
    /// Holy Grail crowning.
    pub crowning: bool,
    /// No-move rule.
    pub no_moves: NoMoves,
    /// Captures are compulsory (Ghostarelay).
    pub forced_capture: bool,
    /// Ghostarelay's Relay power.
    pub relay_power: bool,
    /// Holywar's King-Lady swap.
    pub king_lady_swap: bool,
    /// Ghostarelay's two-square king castling with either side's rook.
    pub jump_castling: bool,
    /// Holywar: board moves only once both hands are empty.
    pub drop_opening: bool,
    /// Draw when only kings are left.
    pub bare_kings_draw: bool,
    /// Holy Grail's serpent: dropped as one of six forms, mutates until locked.
    pub serpent: bool,
    /// Draw on this many occurrences of a position (0: never).
    pub repetition: u8,
    /// Draw after this many plies without capture, pawn move or drop (0: never).
    pub move_limit: u16,
}

/// A variant with its options applied, ready for move generation.
#[derive(Debug)]
pub struct Variant {
    info: &'static VariantInfo,
    /// Resolved options.
    pub opts: Opts,
    /// Board shape.
    pub geo: Geometry,
    /// Movement per piece byte without the lock bit (kind, +64 for Black),
    /// None when the kind is not in the variant. Black's is White's mirrored
    /// for a piece whose moves depend on the side (`fR`), else a copy of
    /// White's (same move order; one lookup in the move generator).
    defs: Box<[Option<PieceDef>; 128]>,
    letter_kind: [Option<Kind>; 26],
    /// Start position VFEN.
    pub start: String,
    /// Standard pawns.
    pub pawn: PawnRules,
    /// Ninja pawns.
    pub ninja: Option<NinjaRules>,
    /// Promotion.
    pub promotion: PromotionRules,
    /// Castlings.
    pub castlings: Vec<Castling>,
    /// Hand order.
    pub hand: Vec<Kind>,
    /// Drop squares per colour and kind (mailbox indices).
    pub drop_squares: [Vec<Vec<u16>>; 2],
    /// Royal kings.
    pub royal: bool,
    /// Crowning.
    pub crowning: bool,
    /// No-move rule.
    pub no_moves: NoMoves,
    /// Compulsory capture.
    pub forced_capture: bool,
    /// Relay power.
    pub relay_power: bool,
    /// King-Lady swap.
    pub king_lady_swap: bool,
    /// Jump castling (Ghostarelay).
    pub jump_castling: bool,
    /// Drop opening (Holywar).
    pub drop_opening: bool,
    /// Bare-kings draw.
    pub bare_kings_draw: bool,
    /// Serpent drops and mutation.
    pub serpent: bool,
    /// Draw on this many occurrences of a position (0: never).
    pub repetition: u8,
    /// Draw after this many plies without capture, pawn move or drop (0: never).
    pub move_limit: u16,
    /// Initial count of each kind per side (Grand promotion limits).
    pub initial_count: [u8; NKINDS],
    /// Every existing square as a mailbox index.
    pub cells: Vec<u16>,
    /// Reverse attack tables of White's pieces (and of Black's, when no piece
    /// is asymmetric).
    attack_white: AttackTables,
    /// Reverse attack tables of Black's pieces when some piece is asymmetric.
    attack_black: Option<AttackTables>,
    /// Castling-right bits cleared when a piece leaves or enters each cell.
    pub castle_mask: Vec<u32>,
    /// Standard pawns' runs per colour and cell.
    pub pawn_cells: cell_tables::PawnTable,
    /// Ninja pawns' runs per colour and cell (when the variant has them).
    pub ninja_cells: Option<cell_tables::PawnTable>,
    /// [`Variant::castlings`] grouped by king and rook squares.
    pub castle_groups: Vec<cell_tables::CastleGroup>,
    /// Per screen reach of the attack tables: each cell's lines within that reach.
    screen_zones: Vec<(i16, Box<[cell_tables::CellSet]>)>,
    /// Per piece byte (as [`Variant::def_of`]): the cells its leaps, first
    /// ride steps and two-path moves land on, as a [`cell_tables::window`]
    /// mask (0: none, or not to be tested). When all of them hold pieces of
    /// its side or are off the board, those atoms have no move.
    pub(crate) atom_hops: Box<[u128; 128]>,
    /// Per piece byte: the piece moves by its atoms alone (no special
    /// movement, swap or mutation), so that it has no move at all when its
    /// [`Variant::atom_hops`] are blocked.
    pub(crate) atoms_only: [bool; 128],
    /// Per colour: the cells a ninja pawn may move to (forward, sideways,
    /// forward diagonals) as a [`cell_tables::window`] mask (0: not to be
    /// tested): when all hold pieces of its side or are off the board, it
    /// has no move.
    pub(crate) ninja_hops: [u128; 2],
    /// Cells that are not squares (padding and holes).
    pub(crate) off_board: cell_tables::CellSet,
    /// [`cell_tables::window_half`] of the board.
    pub(crate) window_half: u16,
}

/// Reverse lookup tables for "is this square attacked".
#[derive(Debug, Default)]
pub struct AttackTables {
    /// (offset, kinds capturing with that leap).
    pub leaps: Vec<(i16, u64)>,
    /// (direction, kinds capturing by sliding that way).
    pub rides: Vec<(i16, u64)>,
    /// (two-path move, kinds capturing with it).
    pub two_paths: Vec<(super::pieces::TwoPath, u64)>,
    /// (direction, kinds jumping one or two screens that way).
    pub jumps: Vec<(i16, u64)>,
    /// Kinds whose captures are found by forward generation.
    pub forward: u64,
    /// The same kinds as a list (to test whether the enemy has any on the board).
    pub forward_kinds: Vec<u8>,
    /// Kinds for which a piece arriving on a line to the king can enable an
    /// attack, with how far from the king that piece may stand (cannon: any
    /// distance; flying jumper: 2; bomber: 1, the double capture).
    pub screen_kinds: Vec<(u8, i16)>,
    /// Whether the variant has standard pawns / ninja pawns.
    pub pawns: bool,
    /// Whether ninja pawns exist.
    pub ninjas: bool,
    /// Moving a piece onto a line to the king can expose it (screens, bombers).
    pub screens: bool,
    /// Two-path attackers exist (moving near the king can unblock them).
    pub near: bool,
}

/// Bit of a kind in a kind mask.
#[inline]
pub fn kbit(k: u8) -> u64 {
    1u64 << k
}

impl Variant {
    /// Builds variant `id` with `options` (unknown names or values are
    /// errors), and only that combination: a player's file is checked with a
    /// sample of its combinations ([`check`]), so a combination left out that
    /// does not build (or whose start position is not valid) is an error here.
    pub fn new(id: &str, options: &[(String, String)]) -> Result<Arc<Variant>, RulesError> {
        let info = variants()
            .iter()
            .copied()
            .find(|v| v.id == id)
            .ok_or_else(|| RulesError::UnknownVariant(id.to_string()))?;
        // Unknown names and values are the caller's mistake, not the file's.
        Opts::resolve(info, options)?;
        info.build(options)
            .map_err(|error| RulesError::BadVariantFile {
                variant: info.id,
                error,
            })
    }

    fn from_spec(info: &'static VariantInfo, opts: Opts, s: VariantSpec) -> Variant {
        let geo = s.geometry;
        let mut defs: Box<[Option<PieceDef>; 128]> = Box::new(std::array::from_fn(|_| None));
        let mut asymmetric = false;
        let mut letter_kind = [None; 26];
        for p in &s.pieces {
            let k = p.kind;
            let white = p.movement.to_def(k, p.letter, &geo);
            defs[k.idx() + 64] = Some(if p.movement.is_symmetric() {
                white.clone()
            } else {
                asymmetric = true;
                p.movement.mirrored().to_def(k, p.letter, &geo)
            });
            defs[k.idx()] = Some(white);
            if k != Kind::Serpent {
                letter_kind[(p.letter as u8 - b'A') as usize] = Some(k);
            }
        }
        let side_defs =
            |base: usize| -> Vec<&PieceDef> { defs[base..base + 64].iter().flatten().collect() };
        let attack_white = AttackTables::build(&side_defs(0), &geo);
        let attack_black = asymmetric.then(|| AttackTables::build(&side_defs(64), &geo));
        let cells: Vec<u16> = geo.squares().map(|q| geo.index(q) as u16).collect();
        let mut drop_squares = [vec![Vec::new(); NKINDS], vec![Vec::new(); NKINDS]];
        for d in &s.drops {
            for (per_colour, squares) in drop_squares.iter_mut().zip(&d.squares) {
                per_colour[d.kind.idx()] = squares.iter().map(|q| geo.index(*q) as u16).collect();
            }
        }
        let mut castle_mask = vec![0u32; super::geometry::CELLS];
        for c in &s.castlings {
            let base = if c.color == Color::White { 0 } else { 16 };
            castle_mask[geo.index(c.king_from)] |= 0xFFFF << base;
            castle_mask[geo.index(c.rook_from)] |= 1 << (base + c.rook_from.x as u32);
        }
        let pawn_cells = cell_tables::pawn_table(&geo, &s.pawn, &s.promotion);
        let ninja_cells = s
            .ninja
            .as_ref()
            .map(|n| cell_tables::ninja_table(&geo, n, &s.promotion));
        let castle_groups = cell_tables::castle_groups(&geo, &s.castlings);
        let mut atom_hops = Box::new([0u128; 128]);
        let mut atoms_only = [false; 128];
        for ((hops, only), def) in atom_hops.iter_mut().zip(&mut atoms_only).zip(defs.iter()) {
            if let Some(d) = def {
                *only = d.special == Special::None
                    && !(s.king_lady_swap && d.kind == Kind::King)
                    && !(s.serpent && d.kind.is_serpent_form());
                let offs = d.leaps.iter().map(|l| l.off);
                let offs = offs.chain(d.rides.iter().map(|r| r.dir));
                let offs = offs.chain(d.two_paths.iter().map(|t| t.off));
                *hops = cell_tables::offsets_mask(&geo, offs).unwrap_or(0);
            }
        }
        let ninja_hops = [geo.stride, -geo.stride]
            .map(|f| cell_tables::offsets_mask(&geo, [f, -1, 1, f - 1, f + 1]).unwrap_or(0));
        let off_board = cell_tables::off_board(&geo);
        let window_half = cell_tables::window_half(&geo);
        let mut reaches: Vec<i16> = [Some(&attack_white), attack_black.as_ref()]
            .into_iter()
            .flatten()
            .flat_map(|t| t.screen_kinds.iter().map(|(_, r)| *r))
            .collect();
        reaches.sort_unstable();
        reaches.dedup();
        let screen_zones = reaches
            .into_iter()
            .map(|r| (r, cell_tables::line_zones(&geo, r)))
            .collect();
        let mut v = Variant {
            info,
            opts,
            geo,
            defs,
            letter_kind,
            start: s.start,
            pawn: s.pawn,
            ninja: s.ninja,
            promotion: s.promotion,
            castlings: s.castlings,
            hand: {
                let mut kinds = s.hand.clone();
                kinds.dedup();
                kinds
            },
            drop_squares,
            royal: s.royal,
            crowning: s.crowning,
            no_moves: s.no_moves,
            forced_capture: s.forced_capture,
            relay_power: s.relay_power,
            king_lady_swap: s.king_lady_swap,
            jump_castling: s.jump_castling,
            drop_opening: s.drop_opening,
            bare_kings_draw: s.bare_kings_draw,
            serpent: s.serpent,
            repetition: s.repetition,
            move_limit: s.move_limit,
            initial_count: [0; NKINDS],
            cells,
            attack_white,
            attack_black,
            castle_mask,
            pawn_cells,
            ninja_cells,
            castle_groups,
            screen_zones,
            atom_hops,
            atoms_only,
            ninja_hops,
            off_board,
            window_half,
        };
        // Initial counts from the start position's board (White's side).
        if let Some(board) = v.start.split(' ').next() {
            for ch in board.chars().filter(|c| c.is_ascii_uppercase()) {
                if let Some(k) = v.kind_of_letter(ch) {
                    v.initial_count[k.idx()] += 1;
                }
            }
        }
        v
    }

    /// Static description (id, name, options).
    pub fn info(&self) -> &'static VariantInfo {
        self.info
    }
    /// Variant id.
    pub fn id(&self) -> &'static str {
        self.info.id
    }
    /// Display name.
    pub fn name(&self) -> &'static str {
        self.info.name
    }
    /// Resolved options as (name, value).
    pub fn options(&self) -> &[(String, String)] {
        &self.opts.values
    }
    /// Number of files.
    pub fn width(&self) -> u8 {
        self.geo.width
    }
    /// Number of ranks.
    pub fn height(&self) -> u8 {
        self.geo.height
    }
    /// Whether `s` is a real square.
    pub fn exists(&self, s: Sq) -> bool {
        self.geo.exists(s)
    }
    /// Every existing square.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        self.geo.squares()
    }
    /// Square name (`e0`).
    pub fn square_name(&self, s: Sq) -> String {
        self.geo.name(s)
    }
    /// Parses a square name of this board.
    pub fn parse_square(&self, t: &str) -> Option<Sq> {
        self.geo.parse(t)
    }
    /// Number written for rank index `y`.
    pub fn rank_label(&self, y: u8) -> u32 {
        self.geo.rank_number(y)
    }
    /// Letter of file index `x`.
    pub fn file_label(x: u8) -> char {
        file_letter(x)
    }
    /// Light square (docs/rules.md §0).
    pub fn is_light(&self, s: Sq) -> bool {
        self.geo.is_light(s)
    }
    /// Movement table of a kind (White's), if it is in this variant.
    #[inline]
    pub fn def(&self, k: u8) -> Option<&PieceDef> {
        self.def_of(k & 0x3F)
    }
    /// Movement table of a piece as it stands on the board (its colour's).
    #[inline]
    pub fn def_of(&self, p: super::pieces::Piece) -> Option<&PieceDef> {
        self.defs[(p & 0x7F) as usize].as_ref()
    }
    /// The cells on lines through `cell` at most `reach` squares from it,
    /// `reach` being one of the attack tables' screen reaches (empty for 0).
    #[inline]
    pub(crate) fn screen_zone(&self, cell: u16, reach: i16) -> cell_tables::CellSet {
        self.screen_zones
            .iter()
            .find(|(r, _)| *r == reach)
            .map_or([0; 6], |(_, zones)| zones[cell as usize])
    }
    /// Reverse attack tables of side `by`'s pieces.
    #[inline]
    pub fn attack(&self, by: Color) -> &AttackTables {
        match (&self.attack_black, by) {
            (Some(black), Color::Black) => black,
            _ => &self.attack_white,
        }
    }
    /// Uppercase letter of `k` in this variant (`?` if absent).
    pub fn letter(&self, k: Kind) -> char {
        self.def(k.num()).map(|d| d.letter).unwrap_or('?')
    }
    /// Kind written with uppercase letter `l`.
    pub fn kind_of_letter(&self, l: char) -> Option<Kind> {
        if l.is_ascii_uppercase() {
            self.letter_kind[(l as u8 - b'A') as usize]
        } else {
            None
        }
    }
    /// Kinds that can stand on the board in this variant.
    pub fn piece_kinds(&self) -> Vec<Kind> {
        (1..=super::pieces::MAX_KIND)
            .filter_map(Kind::from_u8)
            .filter(|k| *k != Kind::Serpent && self.def(k.num()).is_some())
            .collect()
    }
    /// Hand order.
    pub fn hand_kinds(&self) -> &[Kind] {
        &self.hand
    }
    /// The start position.
    pub fn start_position(self: &Arc<Self>) -> Position {
        Position::from_vfen(self, &self.start).expect("start positions are valid")
    }
    /// Whether the variant has Holy Grail's serpent.
    pub fn has_serpent(&self) -> bool {
        self.serpent
    }
}

impl AttackTables {
    fn build(defs: &[&PieceDef], geo: &Geometry) -> AttackTables {
        let mut t = AttackTables::default();
        fn add(list: &mut Vec<(i16, u64)>, off: i16, k: u8) {
            match list.iter_mut().find(|(o, _)| *o == off) {
                Some(e) => e.1 |= kbit(k),
                None => list.push((off, kbit(k))),
            }
        }
        for d in defs {
            let k = d.kind.num();
            for l in d.leaps.iter().filter(|l| l.mode.captures()) {
                add(&mut t.leaps, l.off, k);
            }
            for r in d.rides.iter().filter(|r| r.mode.captures()) {
                add(&mut t.rides, r.dir, k);
            }
            for tp in &d.two_paths {
                match t
                    .two_paths
                    .iter_mut()
                    .find(|(p, _)| p.off == tp.off && p.paths == tp.paths)
                {
                    Some(e) => e.1 |= kbit(k),
                    None => t.two_paths.push((*tp, kbit(k))),
                }
                t.near = true;
            }
            match d.special {
                Special::Pawn => t.pawns = true,
                Special::Ninja => t.ninjas = true,
                Special::FlyingJump { diag } => {
                    for &(dx, dy) in if diag { &DIAG } else { &ORTHO } {
                        add(&mut t.jumps, geo.offset(dx, dy), k);
                    }
                    t.screens = true;
                    t.screen_kinds.push((k, 2));
                }
                Special::Hopper { .. } | Special::Bomber { .. } => {
                    t.forward |= kbit(k);
                    t.forward_kinds.push(k);
                    t.screens = true;
                    let reach = if matches!(d.special, Special::Hopper { .. }) {
                        64
                    } else {
                        1
                    };
                    t.screen_kinds.push((k, reach));
                }
                // A gryphon's path only needs empty squares: a piece arriving
                // never enables it, so it is no screen kind.
                Special::Gryphon { .. } | Special::AntiGryphon { .. } | Special::Warlord => {
                    t.forward |= kbit(k);
                    t.forward_kinds.push(k);
                }
                Special::None | Special::Ghost => {}
            }
        }
        t
    }
}
