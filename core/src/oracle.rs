//! Brute force for tests: every shading of a small board, kept when the genre's check accepts it.
//!
//! The oracle owes nothing to the techniques: it enumerates masks and asks
//! the rule check, nothing else, so a technique's step can be held against
//! every solution of the board it was taken on.

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;
use crate::ladder::Ruleset;

/// The most undecided cells the oracle enumerates.
pub const MAX_FREE: u32 = 20;

/// The shaded masks of every solution that agrees with `board`.
pub fn solutions<const W: usize>(ruleset: &dyn Ruleset<W>, grid: &Grid<W>, board: &Board<W>) -> Vec<Bits<W>> {
    let free: Vec<usize> = board.undecided().iter().collect();
    assert!(free.len() as u32 <= MAX_FREE, "too many free cells to enumerate");
    let mut out = Vec::new();
    for bits in 0u64..(1 << free.len()) {
        let mut shaded = board.shaded;
        for (i, &cell) in free.iter().enumerate() {
            if bits >> i & 1 == 1 {
                shaded.insert(cell);
            }
        }
        if ruleset.check(shaded, grid).is_empty() {
            out.push(shaded);
        }
    }
    out
}

/// The cells a step `(shade, unshade)` gets wrong in at least one of `solutions`.
pub fn disagreement<const W: usize>(solutions: &[Bits<W>], shade: Bits<W>, unshade: Bits<W>) -> Bits<W> {
    solutions.iter().fold(Bits::EMPTY, |wrong, s| wrong | shade.minus(*s) | (unshade & *s))
}

/// A small deterministic random stream for tests (no dependency, the same on every machine).
pub struct Stream(pub u64);

impl Stream {
    pub fn draw(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.draw() % n
    }
}
