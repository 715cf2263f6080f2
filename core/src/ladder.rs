//! The technique ladder: graded techniques run cheapest first to a fixpoint.
//!
//! A genre gives the frame a `Ruleset`: its techniques, its final rule check
//! and where search and probing look first.  A `Context` is one puzzle's
//! ruleset with its grid and its ladder: the genre's techniques and the
//! probes merged by level (a genre's technique before a probe of its level).
//! `Context::run` applies the steps of the first rung that finds any and
//! restarts from the top, so an expensive technique never runs on a board a
//! cheaper one could still advance, until nothing applies.

use crate::bits::Bits;
use crate::board::Board;
use crate::budget::Budget;
use crate::grid::Grid;
use crate::level::Level;
use crate::probing::{self, ProbeSpec};
use crate::step::{Found, Step, Stop, Violation};

/// A genre's solving contents, for one puzzle (which it keeps, with whatever it works out once per puzzle).
pub trait Ruleset<const W: usize>: Send + Sync {
    /// The names of the genre's techniques, in the order `find` numbers them.
    fn techniques(&self) -> &'static [&'static str] {
        &[]
    }

    /// The index of the technique called `name` (for `find`), if the genre has one.
    fn technique(&self, name: &str) -> Option<usize> {
        self.techniques().iter().position(|&t| t == name)
    }

    /// The steps of technique `index` on `board` (all true in every solution of it), none when it finds
    /// nothing, or a contradiction when the board has none.
    fn find(&self, index: usize, board: &mut Board<W>, grid: &Grid<W>) -> Found<W>;

    /// Every rule the complete shading `shaded` breaks, in the order the genre checks them.
    fn check(&self, shaded: Bits<W>, grid: &Grid<W>) -> Vec<Violation<W>>;

    /// A contradiction when a complete board breaks a rule: the first that `check` finds.
    fn verify(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<(), Stop<W>> {
        match self.check(board.shaded, grid).into_iter().next() {
            Some(broken) => Err(broken.contradiction().into()),
            None => Ok(()),
        }
    }

    /// Undecided cells worth probing or branching on, most promising first.
    fn candidates(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<Vec<usize>, Stop<W>>;

    /// The first of `candidates`, worked out alone (search branches on it at every node).
    fn branch_cell(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<usize, Stop<W>> {
        Ok(self.candidates(board, grid)?[0])
    }

    /// Cells a probe may try before anything near them is decided: those a clue or a rule ties to other
    /// cells from the start, where clues are not cells of their own (none by default: a probe tries the
    /// cells next to decided ones, and clues written in cells are decided).
    fn probe_anchors(&self) -> Bits<W> {
        Bits::EMPTY
    }

    /// Which value search and probing try first at a cell.
    fn prefer_shaded(&self, _board: &mut Board<W>, _grid: &Grid<W>, _cell: usize) -> Result<bool, Stop<W>> {
        Ok(true)
    }

    /// Exclusive, exhaustive ways to decide a part of the board, `(shade, unshade)` each, for search to
    /// branch on (empty: a dead end); `None` to branch on one cell.
    fn alternatives(&self, _board: &mut Board<W>, _grid: &Grid<W>) -> Result<Option<Vec<(Bits<W>, Bits<W>)>>, Stop<W>> {
        Ok(None)
    }
}

/// A technique written outside the core (in Python): it reads a board and returns steps.
pub trait Foreign<const W: usize>: Send + Sync {
    fn find(&self, board: &Board<W>) -> Found<W>;
}

/// What a rung of the ladder runs.
pub enum Work<const W: usize> {
    /// The genre's technique of this index.
    Native(usize),
    /// A technique written in Python.
    Foreign(Box<dyn Foreign<W>>),
    /// The probe of this index (among the context's probes).
    Probe(usize),
}

/// A rung of the ladder: a named, graded technique.
pub struct Rung<const W: usize> {
    pub name: String,
    pub level: Level,
    pub work: Work<W>,
}

/// One puzzle's ruleset, grid and ladder.
pub struct Context<const W: usize> {
    pub grid: Grid<W>,
    pub ruleset: Box<dyn Ruleset<W>>,
    pub ladder: Vec<Rung<W>>,
    pub probes: Vec<ProbeSpec>,
}

/// A recorded step: the rung that took it and the step.
#[derive(Clone, Debug)]
pub struct Taken<const W: usize> {
    pub rung: usize,
    pub step: Step<W>,
}

/// What a propagation did: its steps (when recorded), the hardest level used, and how many rungs applied.
#[derive(Clone, Debug)]
pub struct Trace<const W: usize> {
    pub steps: Vec<Taken<W>>,
    pub hardest: Level,
    pub count: usize,
    pub record: bool,
}

impl<const W: usize> Trace<W> {
    pub fn new(record: bool) -> Self {
        Trace { steps: Vec::new(), hardest: Level::Bookkeeping, count: 0, record }
    }
}

impl<const W: usize> Context<W> {
    /// A context whose ladder is `rungs` (ordered by level) with `probes` merged in at their levels.
    pub fn new(grid: Grid<W>, ruleset: Box<dyn Ruleset<W>>, rungs: Vec<Rung<W>>, probes: Vec<ProbeSpec>) -> Self {
        let mut ladder = rungs;
        for (index, spec) in probes.iter().enumerate() {
            ladder.push(Rung { name: spec.name.clone(), level: spec.level, work: Work::Probe(index) });
        }
        ladder.sort_by_key(|rung| rung.level); // stable: a genre's technique comes before a probe of its level
        Context { grid, ruleset, ladder, probes }
    }

    /// Whether the ladder up to `level` probes: a trial it runs then probes in turn.
    pub fn probes_within(&self, level: Level) -> bool {
        self.probes.iter().any(|spec| spec.level <= level)
    }

    /// A board of this puzzle with `shaded` and `unshaded` decided.
    pub fn board(&self, shaded: Bits<W>, unshaded: Bits<W>) -> Result<Board<W>, Stop<W>> {
        Ok(Board::new(self.grid.full, shaded, unshaded)?)
    }

    /// What rung `index` finds on `board`.
    pub fn find(&self, index: usize, board: &mut Board<W>, budget: &Budget) -> Found<W> {
        match &self.ladder[index].work {
            Work::Native(technique) => self.ruleset.find(*technique, board, &self.grid),
            Work::Foreign(technique) => technique.find(board),
            Work::Probe(spec) => probing::find(self, *spec, board, budget),
        }
    }

    /// Propagate to a fixpoint (or `max_steps` rung applications) with the rungs up to `max_level`, and
    /// check the board once it is complete.
    pub fn run(
        &self,
        board: &mut Board<W>,
        max_level: Level,
        trace: &mut Trace<W>,
        max_steps: Option<usize>,
        budget: &Budget,
    ) -> Result<(), Stop<W>> {
        probing::held_back(board, max_level);
        self.propagate(board, max_level, trace, max_steps, budget)?;
        if board.is_complete() {
            self.ruleset.verify(board, &self.grid)?;
        }
        Ok(())
    }

    fn propagate(
        &self,
        board: &mut Board<W>,
        max_level: Level,
        trace: &mut Trace<W>,
        max_steps: Option<usize>,
        budget: &Budget,
    ) -> Result<(), Stop<W>> {
        let mut taken = 0;
        while !board.is_complete() {
            budget.check()?;
            let mut found = None;
            for (index, rung) in self.ladder.iter().enumerate() {
                if rung.level > max_level {
                    break;
                }
                let steps = self.find(index, board, budget)?;
                if !steps.is_empty() {
                    found = Some((index, steps));
                    break;
                }
            }
            let Some((index, steps)) = found else {
                return Ok(());
            };
            for step in &steps {
                board.assign(step.shade, step.unshade)?;
            }
            let level = self.ladder[index].level;
            if level > trace.hardest {
                trace.hardest = level;
            }
            trace.count += 1;
            if trace.record {
                trace.steps.extend(steps.into_iter().map(|step| Taken { rung: index, step }));
            }
            taken += 1;
            if max_steps.is_some_and(|most| taken >= most) {
                return Ok(());
            }
        }
        Ok(())
    }

    /// The index of the rung called `name`.
    pub fn rung(&self, name: &str) -> Option<usize> {
        self.ladder.iter().position(|rung| rung.name == name)
    }
}
