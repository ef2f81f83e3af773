//! The serial radio link.

pub mod ax25;
pub mod config;
pub mod driver;
pub mod frame;
pub mod gateway;
pub mod kiss;
pub mod link;
pub mod state;
pub mod station;

/// A small deterministic PRNG (xorshift64): the link's timer jitter, and the
/// noise of the tests' simulated channels.
pub(crate) struct XorShift(pub(crate) u64);

impl XorShift {
    pub(crate) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// Uniform in `0..n` (0 when `n` is 0).
    #[cfg(test)]
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}
