//! Probing, the same in every genre: assume a cell one way, run the cheaper ladder a few steps, and if
//! a rule breaks the cell is the other way.
//!
//! A value that runs into a contradiction is refuted, so the cell takes the
//! other.  When neither value is refuted, every cell both trials decided the
//! same way is decided so in every solution.  A pass probes the candidates
//! next to a decided cell or among the ruleset's `probe_anchors` (cells a
//! clue or rule ties to others from the start, where clues are not cells of
//! their own; a cell far from everything is rarely refuted within a few
//! steps; a probe whose trials probe in turn keeps to the cells next to
//! decided ones, since each of its trials costs a probing pass and the
//! cheaper probes have tried the anchors), nearest first to what was decided since the last
//! pass (`nearest_first`), then the rest in the ruleset's order, and stops
//! at its first finding (`PASS_STOP`), so that cheaper techniques work on
//! it first.
//!
//! A sweeping probe (the last rung) goes on to the end of the pass and hands
//! its findings out one at a time: each holds in every solution of the board
//! the pass started from, so on the later boards too.  Between them the
//! genre's techniques work on the last (what they decide of a finding
//! meanwhile is left out of it), and the probes below wait.
//!
//! A probe whose inner ladder reaches a probe's level (`Context::probes_within`)
//! runs probes inside its trials (a trial inside a trial).  Those stay near what the trial decided: on a
//! trial's board a probe tries only cells within `FOCUS_RADIUS` steps of the
//! cells decided since the assumption.
//!
//! Two shortcuts change no finding.  A probe that failed is skipped until
//! the board changes near its cell (`PROBE_RADIUS`); only a pass that
//! skipped nothing may report that probing finds nothing, so the fixpoint is
//! the same as without skipping (that full pass takes the outcomes of the
//! trials the skipping pass ran on the same board, and runs only the
//! others).  And a trial that stopped because nothing more applied, before
//! its step bound, ends the same way under any bound at least as large: on
//! the same board, a longer probe with the same inner ladder takes its
//! outcome instead of running it again.

use rustc_hash::FxHashMap as HashMap;

use crate::bits::Bits;
use crate::board::Board;
use crate::budget::Budget;
use crate::grid::Grid;
use crate::ladder::{Context, Trace};
use crate::level::Level;
use crate::memory::{Failed, Pending, ProbeMemory, Settled};
use crate::step::{Contradiction, Found, Reason, Step, Stop};

/// A probing pass stops after this many findings (unless it sweeps).
pub const PASS_STOP: usize = 1;
/// A failed probe is retried only once the board has changed within this many steps of its cell.
pub const PROBE_RADIUS: usize = 3;
/// Inside a trial, a probe tries only cells within this many steps of what the trial decided.
pub const FOCUS_RADIUS: usize = 2;

/// A probing technique: its name, its level, its step bound and the ladder its trials run.
#[derive(Clone, Debug)]
pub struct ProbeSpec {
    pub name: String,
    pub level: Level,
    pub max_steps: usize,
    pub inner_level: Level,
    /// Whether a pass tries every cell and hands its findings out one at a time.
    pub sweep: bool,
}

/// Drop a sweep's pending findings when the ladder about to run does not reach their level.
pub fn held_back<const W: usize>(board: &mut Board<W>, max_level: Level) {
    if let Some(memory) = board.probe.as_mut() {
        if memory.pending.as_ref().is_some_and(|p| p.level > max_level) {
            memory.pending = None;
        }
    }
}

/// An assumption a trial makes: cells shaded and unshaded, and the ladder and step bound it runs.
#[derive(Clone, Copy, Debug)]
pub struct Assumption<const W: usize> {
    pub shade: Bits<W>,
    pub unshade: Bits<W>,
    pub level: Level,
    pub steps: usize,
}

/// Where a trial ended: the cells decided and the steps taken (fewer than the bound: nothing more
/// applied), or the contradiction it met.
pub enum Outcome<const W: usize> {
    Reached { shaded: Bits<W>, unshaded: Bits<W>, taken: usize },
    Broken(Contradiction<W>),
}

/// Decide the assumption's cells on a copy of `board` and propagate at most its steps with its ladder
/// (recording into `trace` when it records).  A trial whose ladder probes in turn is focused: its probes
/// stay near what it decides.
pub fn trial<const W: usize>(
    context: &Context<W>,
    board: &Board<W>,
    assumption: Assumption<W>,
    trace: &mut Trace<W>,
    budget: &Budget,
) -> Result<Outcome<W>, Stop<W>> {
    #[cfg(test)]
    tests::count_trial();
    let mut attempt = board.copy();
    if context.probes_within(assumption.level) {
        attempt.probe = Some(Box::new(ProbeMemory { origin: Some(attempt.decided()), ..Default::default() }));
    }
    let ran = attempt.assign(assumption.shade, assumption.unshade).map_err(Stop::from).and_then(|()| {
        context.run(&mut attempt, assumption.level, trace, Some(assumption.steps), budget)
    });
    match ran {
        Ok(()) => Ok(Outcome::Reached { shaded: attempt.shaded, unshaded: attempt.unshaded, taken: trace.count }),
        Err(Stop::Contradiction(broken)) => Ok(Outcome::Broken(broken)),
        Err(other) => Err(other),
    }
}

/// The steps of the probe `spec` on `board`.
pub fn find<const W: usize>(context: &Context<W>, spec: usize, board: &mut Board<W>, budget: &Budget) -> Found<W> {
    let mut memory = board.probe.take().unwrap_or_default();
    let found = find_with(context, spec, board, &mut memory, budget);
    board.probe = Some(memory);
    found
}

fn find_with<const W: usize>(
    context: &Context<W>,
    index: usize,
    board: &mut Board<W>,
    memory: &mut ProbeMemory<W>,
    budget: &Budget,
) -> Found<W> {
    let spec = &context.probes[index];
    if let Some(pending) = memory.pending.as_mut() {
        let left: Vec<(Step<W>, usize)> =
            pending.findings.iter().filter_map(|(step, cell)| still_open(board, step, *cell)).collect();
        if left.is_empty() {
            memory.pending = None;
        } else if spec.level < pending.level {
            pending.findings = left;
            return Ok(Vec::new()); // the sweep's findings come first
        } else if pending.spec == index {
            let mut left = left.into_iter();
            let first = left.next().expect("a finding is left").0;
            let rest: Vec<_> = left.collect();
            if rest.is_empty() {
                memory.pending = None; // the probes below may run after this one
            } else {
                pending.findings = rest;
            }
            return Ok(vec![first]);
        }
    }
    let decided = board.decided();
    let fresh = decided.minus(memory.seen.get(&index).copied().unwrap_or_default());
    memory.seen.insert(index, decided);
    let candidates = context.ruleset.candidates(board, &context.grid)?;
    let order = nearest_first(&context.grid, candidates, fresh);
    let mut failed = memory.failed.remove(&index).unwrap_or_default();
    let mut ran = HashMap::default();
    let mut pass = Pass { context, spec, failed: &mut failed, ran: &mut ran, budget };
    let mut found = pass.run(board, memory, &order, true);
    if let Ok((steps, _, skipped)) = &found {
        if steps.is_empty() && *skipped {
            found = pass.run(board, memory, &order, false);
        }
    }
    memory.failed.insert(index, failed);
    let (mut steps, probed, _) = found?;
    if steps.len() > 1 && spec.sweep {
        let findings = steps.drain(1..).zip(probed.into_iter().skip(1)).collect();
        memory.pending = Some(Pending { level: spec.level, spec: index, findings });
    }
    Ok(steps)
}

type Outcomes<const W: usize> = (Bits<W>, Bits<W>);

/// One pass of a probe over a board: what it needs beside the board and its memory.
struct Pass<'a, const W: usize> {
    context: &'a Context<W>,
    spec: &'a ProbeSpec,
    failed: &'a mut Failed<W>,
    /// The outcome of each trial this pass or an earlier pass on the same board ran and that broke no rule.
    ran: &'a mut HashMap<(usize, bool), Outcomes<W>>,
    budget: &'a Budget,
}

impl<const W: usize> Pass<'_, W> {
    /// The pass's findings, the cell each probed, and whether it skipped a probe.
    fn run(
        &mut self,
        board: &mut Board<W>,
        memory: &mut ProbeMemory<W>,
        order: &[usize],
        skip: bool,
    ) -> Result<(Vec<Step<W>>, Vec<usize>, bool), Stop<W>> {
        let grid = &self.context.grid;
        let bound = self.spec.max_steps;
        let inner = self.spec.inner_level;
        let whole = (board.shaded, board.unshaded);
        let near = match memory.origin {
            Some(origin) => grid.dilate(board.decided()) & grid.ball(board.decided().minus(origin), FOCUS_RADIUS),
            None if self.context.probes_within(inner) => grid.dilate(board.decided()),
            None => grid.dilate(board.decided()) | self.context.ruleset.probe_anchors(),
        };
        let mut steps = Vec::new();
        let mut probed = Vec::new();
        let mut decided = Bits::EMPTY;
        let mut skipped = false;
        for &cell in order {
            if !near.has(cell) || decided.has(cell) {
                continue;
            }
            self.budget.check()?;
            let bit = Bits::single(cell);
            let local = grid.ball(bit, PROBE_RADIUS);
            let key = (board.shaded & local, board.unshaded & local);
            let first = self.context.ruleset.prefer_shaded(board, grid, cell)?;
            let mut outcomes: Vec<Outcomes<W>> = Vec::with_capacity(2);
            for shade in [first, !first] {
                if skip && self.failed.get(&(cell, shade, bound)) == Some(&key) {
                    skipped = true;
                    continue;
                }
                if let Some(done) = self.ran.get(&(cell, shade)) {
                    outcomes.push(*done);
                    continue;
                }
                if let Some(known) = memory.settled.get(&(cell, shade, inner)) {
                    if known.board == whole && known.taken < bound {
                        outcomes.push((known.shaded, known.unshaded));
                        self.failed.insert((cell, shade, bound), key);
                        continue;
                    }
                }
                let (shade_mask, unshade_mask) = if shade { (bit, Bits::EMPTY) } else { (Bits::EMPTY, bit) };
                let assumption = Assumption { shade: shade_mask, unshade: unshade_mask, level: inner, steps: bound };
                match trial(self.context, board, assumption, &mut Trace::new(false), self.budget)? {
                    Outcome::Broken(broken) => {
                        steps.push(Step::new(unshade_mask, shade_mask, refuted(cell, shade, broken.into_reason())));
                        probed.push(cell);
                        decided.insert(cell);
                        break;
                    }
                    Outcome::Reached { shaded, unshaded, taken } => {
                        if taken < bound {
                            memory.settled.insert((cell, shade, inner), Settled { board: whole, taken, shaded, unshaded });
                        }
                        self.failed.insert((cell, shade, bound), key);
                        self.ran.insert((cell, shade), (shaded, unshaded));
                        outcomes.push((shaded, unshaded));
                    }
                }
            }
            if let [(a_shaded, a_unshaded), (b_shaded, b_unshaded)] = outcomes[..] {
                let shade_both = (a_shaded & b_shaded).minus(board.shaded).minus(decided);
                let unshade_both = (a_unshaded & b_unshaded).minus(board.unshaded).minus(decided);
                if (shade_both | unshade_both).any() {
                    steps.push(Step::new(shade_both, unshade_both, either_way(cell, shade_both, unshade_both)));
                    probed.push(cell);
                    decided |= shade_both | unshade_both;
                }
            }
            if steps.len() >= PASS_STOP && !self.spec.sweep {
                break;
            }
        }
        Ok((steps, probed, skipped))
    }
}

/// `order` with the cells within `PROBE_RADIUS` steps of the cells `fresh`ly decided first, nearest first;
/// ties, and the cells farther away, keep their order.
pub fn nearest_first<const W: usize>(grid: &Grid<W>, order: Vec<usize>, fresh: Bits<W>) -> Vec<usize> {
    let rings = grid.distances(fresh, grid.full, PROBE_RADIUS);
    if rings.len() <= 1 {
        return order;
    }
    let mut groups: Vec<Vec<usize>> = vec![Vec::new(); PROBE_RADIUS + 1];
    for cell in order {
        let rank = rings[1..].iter().position(|ring| ring.has(cell)).unwrap_or(PROBE_RADIUS);
        groups[rank].push(cell);
    }
    groups.concat()
}

/// A pending finding without the cells decided since (`None` when that is all of them); a trimmed one
/// gets its reason anew.
fn still_open<const W: usize>(board: &Board<W>, step: &Step<W>, cell: usize) -> Option<(Step<W>, usize)> {
    let shade = step.shade.minus(board.shaded);
    let unshade = step.unshade.minus(board.unshaded);
    if (shade | unshade).is_empty() {
        return None;
    }
    if (shade, unshade) != (step.shade, step.unshade) {
        return Some((Step::new(shade, unshade, either_way(cell, shade, unshade)), cell));
    }
    Some((step.clone(), cell))
}

/// "if `cell` were shaded (or not), `broken`; so it is the other way".
fn refuted<const W: usize>(cell: usize, shade: bool, broken: Reason<W>) -> Reason<W> {
    Reason::new("frame.refuted", vec![cell as i64, shade as i64], vec![]).resting_on(broken)
}

/// "whether `cell` is shaded or unshaded, it leads to ...".
fn either_way<const W: usize>(cell: usize, shade: Bits<W>, unshade: Bits<W>) -> Reason<W> {
    Reason::new("frame.either_way", vec![cell as i64], vec![shade, unshade])
}

#[cfg(test)]
mod tests;
