//! Reproducible random draws for generation: a seeded PCG generator and the few draws built on it.
//!
//! Every draw is written out here (rejection for a uniform integer, a scan of
//! cumulative weights, a partial Fisher-Yates shuffle) over the generator's
//! raw 64-bit outputs, so a seed gives the same draws on every machine and
//! with every version of the generator crate that keeps its stream.

use rand_pcg::rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A seeded source of random draws.
pub struct Draws {
    generator: Pcg64Mcg,
}

impl Draws {
    pub fn new(seed: u64) -> Self {
        Draws { generator: Pcg64Mcg::seed_from_u64(seed) }
    }

    /// A uniform integer in `0..n` (`n > 0`), by rejection: no bias for any `n`.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.generator.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// A uniform float in `[0, 1)`, from the top 53 bits of one output.
    pub fn unit(&mut self) -> f64 {
        (self.generator.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index drawn with probability proportional to `weights` (non-negative, with a positive sum).
    pub fn weighted(&mut self, weights: &[f64]) -> usize {
        let total: f64 = weights.iter().sum();
        let mut left = self.unit() * total;
        for (index, &weight) in weights.iter().enumerate() {
            if left < weight {
                return index;
            }
            left -= weight;
        }
        weights.iter().rposition(|&w| w > 0.0).expect("a positive weight")
    }

    /// `k` distinct items of `items` drawn in order (all of them, shuffled, when `k >= items.len()`).
    pub fn sample<T: Copy>(&mut self, items: &[T], k: usize) -> Vec<T> {
        let mut pool = items.to_vec();
        let k = k.min(pool.len());
        for i in 0..k {
            let j = i + self.below(pool.len() - i);
            pool.swap(i, j);
        }
        pool.truncate(k);
        pool
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORDED: [usize; 4] = [247369, 855794, 150645, 794911];

    #[test]
    fn a_seed_gives_the_same_draws() {
        let (mut a, mut b) = (Draws::new(7), Draws::new(7));
        let first: Vec<usize> = (0..20).map(|_| a.below(1000)).collect();
        let second: Vec<usize> = (0..20).map(|_| b.below(1000)).collect();
        assert_eq!(first, second);
        assert_ne!(first, (0..20).map(|_| Draws::new(8).below(1000)).collect::<Vec<_>>());
    }

    #[test]
    fn the_stream_stays_as_recorded() {
        // A change here changes every generated puzzle: the generator crate or a draw changed its stream.
        let mut draws = Draws::new(2026);
        let drawn: Vec<usize> = (0..4).map(|_| draws.below(1_000_000)).collect();
        assert_eq!(drawn, RECORDED);
    }

    #[test]
    fn draws_cover_their_range_evenly() {
        let mut draws = Draws::new(1);
        let mut seen = [0usize; 6];
        for _ in 0..60_000 {
            seen[draws.below(6)] += 1;
        }
        assert!(seen.iter().all(|&n| (9_000..11_000).contains(&n)), "{seen:?}");
        let mut picked = [0usize; 3];
        for _ in 0..40_000 {
            picked[draws.weighted(&[1.0, 0.0, 3.0])] += 1;
        }
        assert_eq!(picked[1], 0);
        assert!((9_000..11_000).contains(&picked[0]), "{picked:?}");
    }

    #[test]
    fn a_sample_holds_distinct_items() {
        let mut draws = Draws::new(3);
        let items: Vec<usize> = (0..30).collect();
        for k in [0, 1, 5, 30, 40] {
            let mut sample = draws.sample(&items, k);
            assert_eq!(sample.len(), k.min(30));
            sample.sort_unstable();
            sample.dedup();
            assert_eq!(sample.len(), k.min(30));
        }
    }
}
