//! Search: branch on an undecided cell (or a genre's alternatives), propagate, backtrack; count to a limit.
//!
//! Counting to two proves uniqueness.  Every node propagates with the ladder
//! (sound techniques only prune boards without solutions), so the count is
//! exact whenever the search is exhaustive.  The budget bounds the nodes and
//! the time; a search that runs out says so.

use crate::bits::Bits;
use crate::board::Board;
use crate::budget::Budget;
use crate::ladder::{Context, Trace};
use crate::level::Level;
use crate::step::Stop;

/// The ladders search propagates with: `level` within `shallow` decisions of the root, `deep` below.
#[derive(Clone, Copy, Debug)]
pub struct Depths {
    pub level: Level,
    pub deep: Level,
    pub shallow: usize,
}

impl Depths {
    /// The same ladder at every depth.
    pub fn at(level: Level) -> Self {
        Depths { level, deep: level, shallow: 0 }
    }
}

/// Why a search stopped before it was done.
#[derive(Debug)]
pub enum Halt<const W: usize> {
    /// It spent its nodes or its time.
    OutOfBudget,
    /// A Python technique failed.
    Failed(Stop<W>),
}

/// A depth-first search over the solutions below a board, resumable one solution at a time.
///
/// With `near` (the shaded cells of a known solution) each branch point tries first the branch that
/// agrees with it: the search meets that solution first, and the next ones it meets differ from it
/// in the fewest decisions from the bottom up, the way a SAT solver's phases steer it near a model.
pub struct Solutions<const W: usize> {
    stack: Vec<(Board<W>, usize)>,
    depths: Depths,
    near: Option<Bits<W>>,
}

impl<const W: usize> Solutions<W> {
    pub fn new(board: Board<W>, depths: Depths) -> Self {
        Solutions { stack: vec![(board, 0)], depths, near: None }
    }

    /// The same search, trying at each branch point first what agrees with `shaded`.
    pub fn near(mut self, shaded: Bits<W>) -> Self {
        self.near = Some(shaded);
        self
    }

    /// The next solution, `None` when there are no more, or why the search halted.
    pub fn next(&mut self, context: &Context<W>, budget: &Budget) -> Result<Option<Board<W>>, Halt<W>> {
        while let Some((mut node, depth)) = self.stack.pop() {
            if !budget.spend() {
                return Err(Halt::OutOfBudget);
            }
            let level = if depth < self.depths.shallow { self.depths.level } else { self.depths.deep };
            match context.run(&mut node, level, &mut Trace::new(false), None, budget) {
                Ok(()) => {}
                Err(Stop::Contradiction(_)) => continue,
                Err(Stop::OutOfTime) => return Err(Halt::OutOfBudget),
                Err(failed) => return Err(Halt::Failed(failed)),
            }
            if node.is_complete() {
                return Ok(Some(node));
            }
            let mut branches = branches(context, &mut node).map_err(|stop| match stop {
                Stop::OutOfTime => Halt::OutOfBudget,
                other => Halt::Failed(other),
            })?;
            if let Some(near) = &self.near {
                // Stable: among branches that agree (or disagree) alike, the genre's order stands.
                branches.sort_by_key(|(shade, unshade)| !shade.within(near) || unshade.meets(near));
            }
            let mut children = Vec::with_capacity(branches.len());
            for (shade, unshade) in branches {
                let mut child = node.copy();
                if child.assign(shade, unshade).is_ok() {
                    children.push((child, depth + 1));
                }
            }
            self.stack.extend(children.into_iter().rev());
        }
        Ok(None)
    }
}

/// How search splits an undecided board: the genre's alternatives, or the best cell both ways.
pub fn branches<const W: usize>(context: &Context<W>, board: &mut Board<W>) -> Result<Vec<(Bits<W>, Bits<W>)>, Stop<W>> {
    let grid = &context.grid;
    if let Some(found) = context.ruleset.alternatives(board, grid)? {
        return Ok(found);
    }
    let cell = context.ruleset.branch_cell(board, grid)?;
    let bit = Bits::single(cell);
    Ok(if context.ruleset.prefer_shaded(board, grid, cell)? {
        vec![(bit, Bits::EMPTY), (Bits::EMPTY, bit)]
    } else {
        vec![(Bits::EMPTY, bit), (bit, Bits::EMPTY)]
    })
}

/// The solutions of a board found by counting up to a limit, and whether the count is exact.
pub struct Count<const W: usize> {
    pub solutions: Vec<Board<W>>,
    pub exhaustive: bool,
}

/// Count the solutions below `board` up to `limit` (2 proves uniqueness), meeting first those near
/// `near` when it is given (see [`Solutions`]).
pub fn count<const W: usize>(
    context: &Context<W>,
    board: &Board<W>,
    limit: usize,
    depths: Depths,
    near: Option<Bits<W>>,
    budget: &Budget,
) -> Result<Count<W>, Stop<W>> {
    let mut search = Solutions::new(board.copy(), depths);
    if let Some(shaded) = near {
        search = search.near(shaded);
    }
    let mut solutions = Vec::new();
    while solutions.len() < limit {
        match search.next(context, budget) {
            Ok(Some(found)) => solutions.push(found),
            Ok(None) => break,
            Err(Halt::OutOfBudget) => return Ok(Count { solutions, exhaustive: false }),
            Err(Halt::Failed(stop)) => return Err(stop),
        }
    }
    Ok(Count { solutions, exhaustive: true })
}
