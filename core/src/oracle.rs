//! Brute force for tests: every shading of a small board, kept when the genre's check accepts it.
//!
//! The oracle owes nothing to the techniques: it enumerates masks and asks
//! the rule check, nothing else, so a technique's step can be held against
//! every solution of the board it was taken on.

use crate::bits::Bits;
use crate::board::Board;
use crate::budget::Budget;
use crate::grid::Grid;
use crate::ladder::{Context, Ruleset, Trace};
use crate::level::Level;
use crate::step::Stop;

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

/// How often each technique stepped and found a contradiction, over the boards `held` was given.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub steps: Vec<usize>,
    pub contradictions: Vec<usize>,
}

/// Hold every technique of `ruleset` (named by `names`) against `solutions`, every solution of `board`:
/// each step decides open cells only and holds in every solution; a contradiction comes only from a
/// board without solution.  Then the cell order covers the open cells exactly, and the whole ladder of
/// `context` (when the board has solutions) keeps them all.  Panics, saying where, when one fails;
/// `what` names the board in that message.
pub fn held<const W: usize>(
    context: &Context<W>,
    names: &[&str],
    board: &Board<W>,
    solutions: &[Bits<W>],
    tally: &mut Tally,
    what: &dyn std::fmt::Debug,
) {
    let (ruleset, grid) = (context.ruleset.as_ref(), &context.grid);
    tally.steps.resize(names.len(), 0);
    tally.contradictions.resize(names.len(), 0);
    for (index, name) in names.iter().enumerate() {
        match ruleset.find(index, &mut board.copy(), grid) {
            Ok(found) => {
                for step in found {
                    assert!(step.cells().any() && step.cells().within(&board.undecided()), "{name}: {step:?}");
                    let wrong = disagreement(solutions, step.shade, step.unshade);
                    assert!(wrong.is_empty(), "{name} got {wrong:?} wrong: {step:?} on {what:?}");
                    tally.steps[index] += 1;
                }
            }
            Err(Stop::Contradiction(found)) => {
                assert!(solutions.is_empty(), "{name}: {found:?} on {what:?} with solutions {solutions:?}");
                tally.contradictions[index] += 1;
            }
            Err(other) => panic!("{name} stopped: {other:?}"),
        }
    }
    let order = ruleset.candidates(&mut board.copy(), grid).expect("candidates");
    assert_eq!(order.len() as u32, board.undecided().count());
    assert_eq!(order.iter().copied().collect::<Bits<W>>(), board.undecided());
    if !solutions.is_empty() {
        let mut trial = board.copy();
        context.run(&mut trial, Level::Expert, &mut Trace::new(false), None, &Budget::unlimited()).expect("solvable");
        for s in solutions {
            assert!(trial.shaded.within(s) && !trial.unshaded.meets(s), "the ladder lost a solution of {what:?}");
        }
    }
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
