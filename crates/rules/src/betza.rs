//! Piece movement written in a compact notation close to Betza's, and its
//! translation into the engine's atoms ([`PieceDef`]).
//!
//! # The notation
//!
//! A movement string is a sequence of *terms*; whitespace between terms is
//! ignored, and the empty string is a piece that never moves by itself. Each
//! term is an atom, optionally preceded by modifiers, or a named atom in
//! braces. Moves are described from White's point of view (`dy > 0` is
//! forward); Black's are their mirror image across the middle rank, with `dy`
//! negated and left and right unchanged ([`Movement::mirrored`]).
//!
//! **Leapers** jump to a fixed offset whatever stands between. Each letter stands
//! for every image of its offset under the eight board symmetries, listed in the
//! order of `geometry::symmetric(x, y)` (for (1,2): (1,2) (1,-2) (-1,2) (-1,-2)
//! (2,1) (2,-1) (-2,1) (-2,-1)):
//!
//! | letter | offset | name | letter | offset | name |
//! |---|---|---|---|---|---|
//! | `W` | (1,0) | Wazir | `H` | (3,0) | Threeleaper |
//! | `F` | (1,1) | Ferz | `C` | (1,3) | Camel |
//! | `D` | (2,0) | Dabbaba | `Z` | (3,2) | Zebra |
//! | `N` | (1,2) | Knight | `G` | (3,3) | Tripper |
//! | `A` | (2,2) | Alfil | | | |
//!
//! `(x,y)` is the leaper with any other offset, 0 ≤ x, y ≤ 3 and not both 0
//! (spaces inside the parentheses are allowed); its images come in the order of
//! `symmetric(x, y)`, so `(2,3)` is the Zebra with its images listed narrow
//! side first.
//!
//! **Riders** slide any number of steps in a straight line until blocked: a
//! leaper letter doubled (`WW`, `FF`, `NN` Nightrider, …) or `(x,y)(x,y)` rides
//! along each image of that leap, one ride per image, in the same order.
//! Shorthands: `R` = `WW` (Rook), `B` = `FF` (Bishop), `Q` = the rides of `R`
//! then those of `B` (Queen), `K` = the leaps of `W` then those of `F` (King).
//!
//! **Compounds** are concatenations, in the order written: `RN` Marshal, `BN`
//! Cardinal, `WDA` Champion, `FAD` Battle Templar, `WB` Lady, `WZ`, `FZ`, `NZ`
//! Sorcerer Knight, … A term may not repeat a move an earlier term already makes
//! (`KB`: the Bishop's first steps are the King's diagonal steps), since the
//! engine would then generate that move twice.
//!
//! **Modifiers** are lowercase letters written immediately before their atom,
//! in any order, and apply to every image of it (`fK` is the King's three
//! forward steps); none may be repeated:
//! - `m` move only (to an empty square), `c` capture only; neither = both.
//!   At most one of them.
//! - `n` lame: each leap becomes a two-path move to the same square, one path
//!   taking its orthogonal steps first and the other its diagonal steps first
//!   (for (1,2): through (0,1) or through (1,1); for (3,2): through (1,0) and
//!   (2,1) or through (1,1) and (2,2)). It is blocked only when each path has
//!   a piece on one of its intermediate squares; a missing square never blocks
//!   (the Squire is `nN`). It moves and captures. Only on leaps (every leap of
//!   the notation has at most two intermediate squares), not with `m` or `c`.
//! - `p` hopper: only the capture forms `cpR` (Cannon: captures along a rank or
//!   file by hopping exactly one screen) and `cpB` (Vao: the same on diagonals)
//!   exist; they count as the piece's special (see below).
//! - Directions, from White's side: `f` forward (dy > 0), `b` backward (dy < 0),
//!   `l` left (dx < 0), `r` right (dx > 0), `v` vertical (|dy| > |dx|), `s`
//!   sideways (|dx| > |dy|). A letter of `f b` immediately followed by one of
//!   `l r s`, or one of `l r` immediately followed by one of `f b v`, is their
//!   intersection (`fl` forward-left; `fsN` the two forward wide knight moves);
//!   otherwise direction letters add up (`fb` forward or backward, `vsW` all
//!   four; `fbsW` reads as `f` + `bs`). They keep the images that satisfy
//!   them, in the atom's order, on leaps, riders and lame leaps alike; a set
//!   that keeps none is an error (`vF`). `p` and named atoms take no directions.
//!
//! **Named atoms** say what Betza cannot; a piece has at most one of them
//! (`cpR` and `cpB` count as one):
//!
//! | atom | movement |
//! |---|---|
//! | `{pawn}` | standard pawn: forward steps by rank, diagonal captures, en passant (the variant's pawn rules) |
//! | `{ninja-pawn}` | ninja pawn (Holy Grail, Herculean) |
//! | `{gryphon}` / `{gryphon-full}` | Stealth / full-powered Gryphon: diagonal step, then outward orthogonal slide |
//! | `{anti-gryphon}` / `{aanca}` | Stealth Anti-Gryphon / full Aanca: orthogonal step, then outward diagonal slide |
//! | `{bomber}` / `{raptor}` | Flying Bomber (orthogonal lines) / Raptor (diagonal lines) |
//! | `{chariot-jump}` / `{bishop-jump}` | per orthogonal / diagonal direction, leap 2 over an occupied adjacent square, or 3 over two occupied squares, landing empty or capturing: written with the matching rider, Flying Chariot `R{chariot-jump}`, Flying Bishop `B{bishop-jump}` |
//! | `{ghost}` | to any empty square, never capturing |
//! | `{warlord}` | captures any enemy piece anywhere; no other move |
//!
//! Errors name the 1-based character column where the problem starts, e.g.
//! `unknown atom 'Xz' at column 5`.

use super::geometry::{Geometry, symmetric};
use super::pieces::{Kind, Leap, Mode, PieceDef, Ride, Special, lame_paths};

/// One step of a leap or of a ride, from White's point of view (dy > 0 is forward).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Files to the right.
    pub dx: i8,
    /// Ranks forward.
    pub dy: i8,
    /// Move/capture mode.
    pub mode: Mode,
}

/// What a movement string describes, from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    /// Fixed-offset leaps.
    pub leaps: Vec<Step>,
    /// Slides, one step each.
    pub rides: Vec<Step>,
    /// Two-path ("lame") leaps, by image offset (they move and capture).
    pub lame: Vec<(i8, i8)>,
    /// The named atom or hopper, [`Special::None`] if none.
    pub special: Special,
}

/// A movement string that does not parse, with the 1-based character column
/// where the problem starts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{problem} at column {column}")]
pub struct BetzaError {
    /// Column of the first character at fault, from 1.
    pub column: usize,
    /// What is wrong.
    pub problem: String,
}

/// Parses a movement string (see the module documentation).
pub fn parse(text: &str) -> Result<Movement, BetzaError> {
    let mut p = Parser {
        chars: text.chars().collect(),
        pos: 0,
        out: Movement::default(),
        origin: Origins::default(),
        special_term: String::new(),
    };
    loop {
        p.skip_spaces();
        if p.peek().is_none() {
            return Ok(p.out);
        }
        p.term()?;
    }
}

impl Default for Movement {
    fn default() -> Movement {
        Movement {
            leaps: Vec::new(),
            rides: Vec::new(),
            lame: Vec::new(),
            special: Special::None,
        }
    }
}

impl Movement {
    /// The same movement seen from Black's side: every dy negated.
    pub fn mirrored(&self) -> Movement {
        let flip = |s: &Step| Step { dy: -s.dy, ..*s };
        Movement {
            leaps: self.leaps.iter().map(flip).collect(),
            rides: self.rides.iter().map(flip).collect(),
            lame: self.lame.iter().map(|&(x, y)| (x, -y)).collect(),
            special: self.special,
        }
    }

    /// Whether Black's moves are White's mirrored (no direction breaks the
    /// up-down symmetry), so one engine definition serves both sides.
    pub fn is_symmetric(&self) -> bool {
        let m = self.mirrored();
        same_set(&m.leaps, &self.leaps)
            && same_set(&m.rides, &self.rides)
            && same_set(&m.lame, &self.lame)
    }

    /// The engine's definition of this movement for `kind` written `letter` on `geo`.
    pub fn to_def(&self, kind: Kind, letter: char, geo: &Geometry) -> PieceDef {
        PieceDef {
            kind,
            letter,
            leaps: self
                .leaps
                .iter()
                .map(|s| Leap {
                    off: geo.offset(s.dx, s.dy),
                    mode: s.mode,
                })
                .collect(),
            rides: self
                .rides
                .iter()
                .map(|s| Ride {
                    dir: geo.offset(s.dx, s.dy),
                    mode: s.mode,
                })
                .collect(),
            two_paths: lame_paths(geo, &self.lame),
            special: self.special,
        }
    }
}

/// Leaper letters and their offsets (images in `symmetric` order).
const LEAPERS: [(char, (i8, i8)); 9] = [
    ('W', (1, 0)),
    ('F', (1, 1)),
    ('D', (2, 0)),
    ('N', (1, 2)),
    ('A', (2, 2)),
    ('H', (3, 0)),
    ('C', (1, 3)),
    ('Z', (3, 2)),
    ('G', (3, 3)),
];

/// Named atoms in braces.
const NAMED: [(&str, Special); 12] = [
    ("pawn", Special::Pawn),
    ("ninja-pawn", Special::Ninja),
    ("gryphon", Special::Gryphon { full: false }),
    ("gryphon-full", Special::Gryphon { full: true }),
    ("anti-gryphon", Special::AntiGryphon { full: false }),
    ("aanca", Special::AntiGryphon { full: true }),
    ("bomber", Special::Bomber { diag: false }),
    ("raptor", Special::Bomber { diag: true }),
    ("chariot-jump", Special::FlyingJump { diag: false }),
    ("bishop-jump", Special::FlyingJump { diag: true }),
    ("ghost", Special::Ghost),
    ("warlord", Special::Warlord),
];

/// Largest leap coordinate (the mailbox padding covers three squares).
const MAX_COORD: u32 = 3;

/// One direction letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    F,
    B,
    L,
    R,
    V,
    S,
}

impl Dir {
    fn from_char(c: char) -> Option<Dir> {
        Some(match c {
            'f' => Dir::F,
            'b' => Dir::B,
            'l' => Dir::L,
            'r' => Dir::R,
            'v' => Dir::V,
            's' => Dir::S,
            _ => return None,
        })
    }
    fn holds(self, (dx, dy): (i8, i8)) -> bool {
        match self {
            Dir::F => dy > 0,
            Dir::B => dy < 0,
            Dir::L => dx < 0,
            Dir::R => dx > 0,
            Dir::V => dy.abs() > dx.abs(),
            Dir::S => dx.abs() > dy.abs(),
        }
    }
    /// Whether `self` immediately followed by `next` is an intersection.
    fn pairs_with(self, next: Dir) -> bool {
        use Dir::*;
        matches!((self, next), (F | B, L | R | S) | (L | R, F | B | V))
    }
}

/// A direction term: one letter, or the intersection of two.
type DirTerm = (Dir, Option<Dir>);

fn term_holds((a, b): DirTerm, image: (i8, i8)) -> bool {
    a.holds(image) && b.is_none_or(|b| b.holds(image))
}

/// The modifiers written before one atom.
#[derive(Default)]
struct Mods {
    /// `m` or `c`.
    mode: Option<char>,
    lame: bool,
    hopper: bool,
    dirs: Vec<DirTerm>,
}

/// An atom: its images, whether they ride, and how it is written.
struct Atom {
    ride: bool,
    images: Vec<(i8, i8)>,
    text: String,
}

/// The text of the term that made each entry of the movement (for error messages).
#[derive(Default)]
struct Origins {
    leaps: Vec<String>,
    rides: Vec<String>,
    lame: Vec<String>,
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    out: Movement,
    origin: Origins,
    /// How the special was written, once there is one.
    special_term: String,
}

fn err<T>(pos: usize, problem: impl Into<String>) -> Result<T, BetzaError> {
    Err(BetzaError {
        column: pos + 1,
        problem: problem.into(),
    })
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn text(&self, from: usize) -> String {
        self.chars[from..self.pos].iter().collect()
    }

    /// One term, starting at a non-space character.
    fn term(&mut self) -> Result<(), BetzaError> {
        let start = self.pos;
        let mods = self.modifiers()?;
        match self.peek() {
            Some('{') if self.pos > start => err(
                start,
                format!(
                    "modifiers '{}' cannot apply to a named atom",
                    self.text(start)
                ),
            ),
            Some('{') => self.named(),
            Some(c) if c == '(' || c.is_uppercase() => {
                let atom = self.atom()?;
                self.apply(start, &mods, atom)
            }
            Some(c) if self.pos == start => err(start, format!("unexpected character '{c}'")),
            _ => err(
                start,
                format!("modifiers '{}' have no atom after them", self.text(start)),
            ),
        }
    }

    /// The lowercase modifier letters before an atom.
    fn modifiers(&mut self) -> Result<Mods, BetzaError> {
        let mut m = Mods::default();
        while let Some(c) = self.peek().filter(char::is_ascii_lowercase) {
            let at = self.pos;
            self.pos += 1;
            match c {
                'm' | 'c' => {
                    if let Some(prev) = m.mode {
                        return err(
                            at,
                            if prev == c {
                                format!("repeated modifier '{c}'")
                            } else {
                                "'m' and 'c' together (leave both out to move and capture)"
                                    .to_string()
                            },
                        );
                    }
                    m.mode = Some(c);
                }
                'n' | 'p' => {
                    let flag = if c == 'n' { &mut m.lame } else { &mut m.hopper };
                    if *flag {
                        return err(at, format!("repeated modifier '{c}'"));
                    }
                    *flag = true;
                }
                _ => {
                    let Some(d) = Dir::from_char(c) else {
                        return err(at, format!("unknown modifier '{c}'"));
                    };
                    let second = self
                        .peek()
                        .and_then(Dir::from_char)
                        .filter(|&n| d.pairs_with(n));
                    if second.is_some() {
                        self.pos += 1;
                    }
                    let same = |&(a, b): &DirTerm| {
                        (a, b) == (d, second) || (Some(a), b) == (second, Some(d))
                    };
                    if m.dirs.iter().any(same) {
                        return err(at, format!("repeated direction '{}'", self.text(at)));
                    }
                    m.dirs.push((d, second));
                }
            }
        }
        Ok(m)
    }

    /// A leaper or rider letter, a shorthand, or `(x,y)` possibly doubled.
    fn atom(&mut self) -> Result<Atom, BetzaError> {
        let start = self.pos;
        let c = self.chars[start];
        self.pos += 1;
        let (ride, images) = if c == '(' {
            let offset = self.pair(start)?;
            // A second identical `(x,y)` makes a rider; anything else is the next term.
            let ride = self.peek() == Some('(') && {
                let second = self.pos;
                self.pos += 1;
                let same = self.pair(second).ok() == Some(offset);
                if !same {
                    self.pos = second;
                }
                same
            };
            (ride, symmetric(offset.0, offset.1))
        } else if let Some(&(_, (x, y))) = LEAPERS.iter().find(|(l, _)| *l == c) {
            let ride = self.peek() == Some(c);
            if ride {
                self.pos += 1;
            }
            (ride, symmetric(x, y))
        } else {
            let both = |mut v: Vec<(i8, i8)>| {
                v.extend(symmetric(1, 1));
                v
            };
            match c {
                'R' => (true, symmetric(1, 0)),
                'B' => (true, symmetric(1, 1)),
                'Q' => (true, both(symmetric(1, 0))),
                'K' => (false, both(symmetric(1, 0))),
                _ => {
                    while self.peek().is_some_and(|c| c.is_ascii_lowercase()) {
                        self.pos += 1;
                    }
                    return err(start, format!("unknown atom '{}'", self.text(start)));
                }
            }
        };
        Ok(Atom {
            ride,
            images,
            text: self.text(start),
        })
    }

    /// The `x,y)` of an explicit leaper whose `(` is at `open`.
    fn pair(&mut self, open: usize) -> Result<(i8, i8), BetzaError> {
        let x = self.coordinate(open)?;
        self.expect(',', open)?;
        let y = self.coordinate(open)?;
        self.expect(')', open)?;
        if x == 0 && y == 0 {
            return err(open, format!("'{}' is not a move", self.text(open)));
        }
        Ok((x, y))
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn coordinate(&mut self, open: usize) -> Result<i8, BetzaError> {
        self.skip_spaces();
        let start = self.pos;
        let mut value: u32 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(d);
            self.pos += 1;
        }
        match self.peek() {
            _ if self.pos > start && value > MAX_COORD => err(
                start,
                format!(
                    "leap coordinate {} is out of range 0 to 3",
                    self.text(start)
                ),
            ),
            _ if self.pos > start => Ok(value as i8),
            None => err(open, "unclosed '('"),
            Some(c) => err(start, format!("expected a number 0 to 3, found '{c}'")),
        }
    }

    fn expect(&mut self, want: char, open: usize) -> Result<(), BetzaError> {
        self.skip_spaces();
        match self.peek() {
            Some(c) if c == want => {
                self.pos += 1;
                Ok(())
            }
            None => err(open, "unclosed '('"),
            Some(c) => err(
                self.pos,
                format!("expected '{want}' in '(x,y)', found '{c}'"),
            ),
        }
    }

    /// A named atom in braces.
    fn named(&mut self) -> Result<(), BetzaError> {
        let start = self.pos;
        let Some(len) = self.chars[start..].iter().position(|&c| c == '}') else {
            return err(start, "unclosed '{'");
        };
        self.pos = start + len + 1;
        let name: String = self.chars[start + 1..start + len].iter().collect();
        let Some(&(_, special)) = NAMED.iter().find(|(n, _)| *n == name.trim()) else {
            let known: Vec<String> = NAMED.iter().map(|(n, _)| format!("{{{n}}}")).collect();
            return err(
                start,
                format!(
                    "unknown named atom '{}' (known: {})",
                    self.text(start),
                    known.join(", ")
                ),
            );
        };
        self.set_special(start, special)
    }

    fn set_special(&mut self, start: usize, special: Special) -> Result<(), BetzaError> {
        let text = self.text(start);
        if self.out.special != Special::None {
            return err(
                start,
                format!(
                    "second special '{text}' after '{}': a piece has at most one",
                    self.special_term
                ),
            );
        }
        self.out.special = special;
        self.special_term = text;
        Ok(())
    }

    /// Adds the atom under its modifiers; the term began at `start`.
    fn apply(&mut self, start: usize, mods: &Mods, atom: Atom) -> Result<(), BetzaError> {
        let term = self.text(start);
        if mods.hopper {
            let diag = match atom.text.as_str() {
                "R" => false,
                "B" => true,
                _ => return err(start, hopper_problem(&term)),
            };
            if mods.mode != Some('c') || mods.lame || !mods.dirs.is_empty() {
                return err(start, hopper_problem(&term));
            }
            return self.set_special(start, Special::Hopper { diag });
        }
        if mods.lame {
            if let Some(m) = mods.mode {
                return err(start, format!("'n' (lame) cannot be combined with '{m}'"));
            }
            if atom.ride {
                return err(
                    start,
                    format!(
                        "'n' (lame) applies to leaps, not to the rider '{}'",
                        atom.text
                    ),
                );
            }
        }
        let images: Vec<(i8, i8)> = atom
            .images
            .into_iter()
            .filter(|&i| mods.dirs.is_empty() || mods.dirs.iter().any(|&d| term_holds(d, i)))
            .collect();
        if images.is_empty() {
            return err(start, format!("'{term}' selects no move"));
        }
        let mode = match mods.mode {
            Some('m') => Mode::MoveOnly,
            Some(_) => Mode::CaptureOnly,
            None => Mode::Both,
        };
        for (dx, dy) in images {
            let step = Step { dx, dy, mode };
            if let Some((repeated, earlier)) = self.repeat(step, atom.ride, mods.lame) {
                return err(
                    start,
                    format!(
                        "'{term}' repeats the move ({},{}) of '{earlier}'",
                        repeated.0, repeated.1
                    ),
                );
            }
            let origin = if mods.lame {
                self.out.lame.push((dx, dy));
                &mut self.origin.lame
            } else if atom.ride {
                self.out.rides.push(step);
                &mut self.origin.rides
            } else {
                self.out.leaps.push(step);
                &mut self.origin.leaps
            };
            origin.push(term.clone());
        }
        Ok(())
    }

    /// A square `step` would reach that an earlier term already reaches with
    /// an overlapping mode, with that term's text.
    fn repeat(&self, step: Step, ride: bool, lame: bool) -> Option<((i8, i8), String)> {
        let overlap = |a: Mode, b: Mode| (a.moves() && b.moves()) || (a.captures() && b.captures());
        let new = (step.dx, step.dy);
        let mode = if lame { Mode::Both } else { step.mode };
        // Earlier single-square moves (leaps and lame leaps).
        let singles = self
            .out
            .leaps
            .iter()
            .map(|s| ((s.dx, s.dy), s.mode))
            .zip(&self.origin.leaps)
            .chain(
                self.out
                    .lame
                    .iter()
                    .map(|&o| (o, Mode::Both))
                    .zip(&self.origin.lame),
            );
        let rides = self
            .out
            .rides
            .iter()
            .map(|s| ((s.dx, s.dy), s.mode))
            .zip(&self.origin.rides);
        for ((old, old_mode), text) in singles {
            let hit = if ride { multiple(old, new) } else { old == new };
            if hit && overlap(mode, old_mode) {
                return Some((old, text.clone()));
            }
        }
        for ((old, old_mode), text) in rides {
            if overlap(mode, old_mode) {
                if multiple(new, old) {
                    return Some((new, text.clone()));
                }
                if ride && multiple(old, new) {
                    return Some((old, text.clone()));
                }
            }
        }
        None
    }
}

/// Whether the two lists hold the same items (neither has repeats).
fn same_set<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

/// Whether `far` is a whole positive multiple of the step `unit`.
fn multiple(far: (i8, i8), unit: (i8, i8)) -> bool {
    let k = if unit.0 != 0 {
        if far.0 % unit.0 != 0 {
            return false;
        }
        far.0 / unit.0
    } else if far.0 != 0 {
        return false;
    } else {
        far.1 / unit.1
    };
    k >= 1 && far.0 == k * unit.0 && far.1 == k * unit.1
}

fn hopper_problem(term: &str) -> String {
    format!(
        "'{term}': the hopper 'p' is supported only as cpR (Cannon capture) and cpB (Vao capture)"
    )
}

#[cfg(test)]
mod legacy;
#[cfg(test)]
mod tests;
