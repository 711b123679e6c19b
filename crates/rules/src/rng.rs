//! SplitMix64 (Steele, Lea and Flood 2014): the project's one small seeded
//! random number generator. The Zobrist keys ([`mix64`]), Holywar's random
//! opening, the computer's choices and noise, the LAN host's seat tokens and
//! the randomised tests all draw from it, so that every run from the same
//! seed gives the same numbers (hashes, perft and the engine's random
//! openings depend on the exact sequence: do not change it).

/// The increment of SplitMix64's state (the golden ratio in 64 bits).
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function for the state `z` before its increment:
/// `mix64(z)` is what a generator whose state is `z` gives next. Pure, so the
/// Zobrist keys are a function of the square and piece.
#[inline]
pub const fn mix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A SplitMix64 generator: tiny, fast, good enough for move choice,
/// shuffles, tokens and sampling (not for secrets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let out = mix64(self.state);
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        out
    }

    /// A number in `0..n` (`n` > 0): the next word's remainder by `n`
    /// (shuffles and the randomised tests).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `0..n` (`n` > 0) from the next word's high bits: its
    /// 128-bit product with `n`, shifted down (the computer's draws).
    #[inline]
    pub fn scaled(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// A number in `[0, 1)`.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A whole number in `-amp..=amp` (0 when `amp` ≤ 0).
    #[inline]
    pub fn symmetric(&mut self, amp: i32) -> i32 {
        if amp <= 0 {
            return 0;
        }
        self.scaled(2 * amp as u64 + 1) as i32 - amp
    }
}

/// One random edit of a text or a message, as the seeded fuzz tests of every
/// parser make them (records, UCI lines, wire frames, settings files): a byte
/// changed, the end cut off, one of `inserts` put in (multi-byte characters,
/// the parser's own punctuation), a span repeated or dropped, or all of it
/// replaced by at most `max_random` random bytes. Tests add their own
/// kinds of edit beside these.
pub fn mutate_bytes(b: &mut Vec<u8>, rng: &mut SplitMix64, inserts: &[&str], max_random: usize) {
    let n = b.len().max(1);
    match rng.below(6) {
        0 => {
            if let Some(x) = b.get_mut(rng.below(n)) {
                *x = rng.next_u64() as u8;
            }
        }
        1 => b.truncate(rng.below(n)),
        2 if !inserts.is_empty() => {
            let at = rng.below(n).min(b.len());
            let ins = inserts[rng.below(inserts.len())].as_bytes();
            b.splice(at..at, ins.iter().copied());
        }
        3 => {
            let a = rng.below(n).min(b.len());
            let end = (a + rng.below(40)).min(b.len());
            let span = b[a..end].to_vec();
            let at = rng.below(n).min(b.len());
            b.splice(at..at, span);
        }
        4 => {
            let a = rng.below(n).min(b.len());
            let end = (a + rng.below(20)).min(b.len());
            b.drain(a..end);
        }
        _ => {
            *b = (0..rng.below(max_random.max(1)))
                .map(|_| rng.next_u64() as u8)
                .collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference outputs of SplitMix64 from seed 0 and 1234567 (as in
    /// the C reference implementation and other ports).
    #[test]
    fn reference_sequence() {
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
    }

    /// `mix64(s)` is what a generator at state `s` gives next.
    #[test]
    fn mix_is_the_next_output() {
        for seed in [0, 1, 42, u64::MAX] {
            assert_eq!(mix64(seed), SplitMix64::new(seed).next_u64());
        }
    }
}
