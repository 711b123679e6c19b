//! Transposition table: a fixed array allocated once, two entries per
//! bucket (one kept by depth, one always replaced), keyed by the Zobrist hash.

use chimera_rules::Move;

use super::search::MATE_BOUND;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this (a beta cutoff).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Slot {
    /// Full hash of the position.
    pub key: u64,
    /// Best or refuting move, if any.
    pub mv: Option<Move>,
    /// Score, mate scores relative to this node (see [`to_tt`]).
    pub score: i16,
    /// Remaining depth searched.
    pub depth: i8,
    /// Bound kind.
    pub bound: Bound,
    /// Search generation that wrote it.
    pub age: u8,
}

const EMPTY_SLOT: Slot = Slot {
    key: 0,
    mv: None,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
    age: 0,
};

/// The table.
pub struct Table {
    entries: Vec<[Slot; 2]>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of at most `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Table {
        let bucket = std::mem::size_of::<[Slot; 2]>();
        let want = (mb.max(1) * 1024 * 1024 / bucket).max(1);
        let n = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Table {
            entries: vec![[EMPTY_SLOT; 2]; n],
            mask: n - 1,
            age: 0,
        }
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.entries.len() * 2
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for b in self.entries.iter_mut() {
            *b = [EMPTY_SLOT; 2];
        }
        self.age = 0;
    }

    /// Starts a new search (older entries become cheaper to replace).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Slot> {
        let b = &self.entries[key as usize & self.mask];
        b.iter().find(|e| e.key == key && e.depth >= 0).copied()
    }

    /// Stores a result; `score` must already be converted with [`to_tt`].
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let age = self.age;
        let b = &mut self.entries[key as usize & self.mask];
        // Keep the old move when the new result has none for this position.
        let mv = mv.or_else(|| b.iter().find(|e| e.key == key).and_then(|e| e.mv));
        let e = Slot {
            key,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, 127) as i8,
            bound,
            age,
        };
        let slot = if b[0].key == key || b[0].age != age || depth >= b[0].depth as i32 {
            0
        } else {
            1
        };
        if slot == 0 && b[0].key != key && b[0].depth >= 0 {
            b[1] = b[0];
        }
        b[slot] = e;
    }

    /// Permille of the first thousand buckets' entries written this search
    /// (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(500);
        let used: usize = self.entries[..n]
            .iter()
            .flatten()
            .filter(|e| e.depth >= 0 && e.age == self.age)
            .count();
        (used * 1000 / (2 * n)) as u32
    }
}

/// A score as stored: mate scores counted from this node instead of the root.
#[inline]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score read back at `ply`.
#[inline]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
