//! Board geometry: a rectangle up to 12 files × 13 ranks with holes, stored as a
//! padded mailbox so that every leap of up to three squares lands on a sentinel
//! instead of wrapping around.

/// Padding around the playing rectangle (covers zebra and 3-square chariot leaps).
pub const PAD: i16 = 3;
/// Largest supported board width (files a–l).
pub const MAX_W: u8 = 12;
/// Largest supported board height (ranks 0–12).
pub const MAX_H: u8 = 13;
/// Number of mailbox cells needed for the largest board.
pub const CELLS: usize = ((MAX_W as i16 + 2 * PAD) * (MAX_H as i16 + 2 * PAD)) as usize;

/// A square of the rectangle: `x` is the file index (`a` = 0), `y` the internal
/// rank index (0 = the lowest rank of the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq {
    /// File index, `a` = 0.
    pub x: u8,
    /// Rank index from the bottom of the board, 0-based.
    pub y: u8,
}

impl Sq {
    /// Makes a square from file and rank indices.
    pub const fn new(x: u8, y: u8) -> Sq {
        Sq { x, y }
    }
}

/// The shape of a board: its rectangle, its holes and the mailbox layout.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Number of files.
    pub width: u8,
    /// Number of ranks.
    pub height: u8,
    /// The number written for the lowest rank (0 in Holy Grail, 1 elsewhere).
    pub first_rank: u8,
    /// Mailbox stride (width + 2 * PAD).
    pub stride: i16,
    exists: Vec<bool>,
    /// Mailbox column and row of every cell (no division in hot loops).
    coords: Vec<(i16, i16)>,
    /// Squares whose colour is the opposite of docs/rules.md §0's.
    recoloured: Vec<Sq>,
}

impl Geometry {
    /// A `width` × `height` rectangle whose lowest rank is numbered `first_rank`,
    /// minus the squares in `holes`.
    pub fn new(width: u8, height: u8, first_rank: u8, holes: &[Sq]) -> Geometry {
        assert!(width <= MAX_W && height <= MAX_H);
        let stride = width as i16 + 2 * PAD;
        let mut g = Geometry {
            width,
            height,
            first_rank,
            stride,
            exists: vec![false; CELLS],
            coords: (0..CELLS as i16)
                .map(|c| (c % stride, c / stride))
                .collect(),
            recoloured: Vec::new(),
        };
        for y in 0..height {
            for x in 0..width {
                let s = Sq::new(x, y);
                if !holes.contains(&s) {
                    let i = g.index(s);
                    g.exists[i] = true;
                }
            }
        }
        g
    }

    /// Mailbox column and row of a cell (padding included).
    #[inline]
    pub fn cell_xy(&self, cell: u16) -> (i16, i16) {
        self.coords[cell as usize]
    }

    /// Mailbox index of a square of the rectangle.
    #[inline]
    pub fn index(&self, s: Sq) -> usize {
        ((s.y as i16 + PAD) * self.stride + s.x as i16 + PAD) as usize
    }

    /// Square of a mailbox index (only meaningful for indices inside the rectangle).
    #[inline]
    pub fn sq(&self, i: usize) -> Sq {
        let i = i as i16;
        Sq::new((i % self.stride - PAD) as u8, (i / self.stride - PAD) as u8)
    }

    /// Mailbox offset of a step of `dx` files and `dy` ranks.
    #[inline]
    pub fn offset(&self, dx: i8, dy: i8) -> i16 {
        dy as i16 * self.stride + dx as i16
    }

    /// Whether the mailbox index is a real square (not padding, not a hole).
    #[inline]
    pub fn exists_index(&self, i: usize) -> bool {
        self.exists[i]
    }

    /// Whether `s` is a real square of this board.
    pub fn exists(&self, s: Sq) -> bool {
        s.x < self.width && s.y < self.height && self.exists[self.index(s)]
    }

    /// Square at signed coordinates, if it exists on the board.
    pub fn at(&self, x: i32, y: i32) -> Option<Sq> {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 {
            return None;
        }
        let s = Sq::new(x as u8, y as u8);
        self.exists(s).then_some(s)
    }

    /// Every existing square, rank by rank from the bottom.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| Sq::new(x, y)))
            .filter(|s| self.exists(*s))
    }

    /// Light squares: (file index + written rank) even, as docs/rules.md §0,
    /// except the squares a variant file recolours.
    pub fn is_light(&self, s: Sq) -> bool {
        (s.x as u32 + self.rank_number(s.y)).is_multiple_of(2) != self.recoloured.contains(&s)
    }

    /// Gives `squares` the other colour.
    pub fn recolour(&mut self, squares: &[Sq]) {
        self.recoloured = squares.to_vec();
    }

    /// The number written for rank index `y`.
    pub fn rank_number(&self, y: u8) -> u32 {
        y as u32 + self.first_rank as u32
    }

    /// Name of a square, such as `e0` or `j10`.
    pub fn name(&self, s: Sq) -> String {
        format!("{}{}", file_letter(s.x), self.rank_number(s.y))
    }

    /// Parses a square name; `None` when it is not a square of this board.
    pub fn parse(&self, text: &str) -> Option<Sq> {
        let mut chars = text.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.len() == 2 && digits.starts_with('0') {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        self.at(f as i32 - 'a' as i32, rank - self.first_rank as i32)
    }

    /// Rank index as seen from `white`'s side (White: y; Black: height-1-y).
    #[inline]
    pub fn relative_y(&self, y: u8, white: bool) -> u8 {
        if white { y } else { self.height - 1 - y }
    }
}

/// The letter of file index `x` (`a` = 0).
pub fn file_letter(x: u8) -> char {
    (b'a' + x) as char
}

/// The eight unit directions: four orthogonal, then four diagonal.
pub const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal unit directions.
pub const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// All distinct images of the offset (a, b) under the eight board symmetries.
pub fn symmetric(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut v: Vec<(i8, i8)> = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let p = (x * sx, y * sy);
            if !v.contains(&p) {
                v.push(p);
            }
        }
    }
    v
}
