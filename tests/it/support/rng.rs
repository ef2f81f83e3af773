//! The tests' one seeded random generator: random cases and kill points that
//! a seed reproduces, without a crate.

use std::collections::HashSet;

/// xorshift64*.
pub struct Rng(u64);

impl Rng {
    /// The generator for `seed`; xorshift never leaves the zero state, so a
    /// zero seed is replaced by a fixed odd one.
    pub fn seeded(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }

    /// True once in `one_in` on average.
    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `k` distinct indices in `lo..hi`, ascending.
    pub fn sorted_sample(&mut self, k: usize, lo: usize, hi: usize) -> Vec<usize> {
        let k = k.min(hi - lo);
        let mut picked = HashSet::new();
        while picked.len() < k {
            picked.insert(lo + self.below(hi - lo));
        }
        let mut v: Vec<usize> = picked.into_iter().collect();
        v.sort_unstable();
        v
    }
}
