//! Easy Nurikabe layouts built the way the easy ladder solves them.
//!
//! The ladder up to easy decides a cell by one of a few local facts: a cell
//! touching two numbered islands is sea; a complete island is walled by sea;
//! a 2x2 block with three sea cells has land in the fourth; an island that
//! must still grow, or a part of the sea that must join the rest, with one way
//! out takes it.  A *cascade* builds the solution and its clues together and
//! decides a cell only by these facts: it plants a clue, lets every fact
//! follow, and an island grows only through its one way out, stopping where
//! its number will say.  A cell no fact decides is left open; when every
//! island is closed and every 2x2 block holds land, the open cells are the
//! rest of the sea, which the ladder's last easy step fills in.
//!
//! Every fact the cascade used holds in the finished puzzle too (more clues
//! and decided cells only take ways out away, and the way out taken is land,
//! or sea, in the finished layout), so the ladder up to easy finishes every
//! puzzle a cascade makes: unique and easy at most, by construction.
//!
//! Where nothing follows, the cascade weighs a few moves and takes the best:
//! a new clue on an open cell touching no land (in a 2x2 block that still has
//! none, while there is one), or closing an island that waits with two ways
//! out or more.  Each is tried on a copy and scored by the cells it decides
//! (land counted twice), less what it costs the looks: a new clue, an island
//! closed below the size drawn for it, a 1.  A move after which the facts
//! contradict each other is never taken; when every move does, the cascade
//! backs out to the next best move of an earlier step, and after
//! [`BACKTRACKS`] such dead ends it gives up.
//!
//! Under a symmetry every move is made at a cell and its images, an island and
//! its images grow towards one size, and an island whose way out touches that
//! cell's image closes instead of growing.  The caller checks that the layout
//! came out symmetric.

use std::collections::HashMap;

use crate::bits::Bits;
use crate::budget::{Budget, OutOfTime};
use crate::draw::Draws;
use crate::grid::Grid;

/// Added to every island size drawn: an island stops growing where its way out is no longer the only
/// one, mostly short of the size drawn, and with this lift the sizes it ends at match published puzzles.
pub const TARGET_LIFT: usize = 2;
/// New clues weighed at each step where nothing follows: one per this many cells of the board, and at
/// least [`FEWEST_MOVES`] (besides closing each waiting island).
pub const CELLS_PER_MOVE: usize = 20;
/// The fewest new clues weighed at each step.
pub const FEWEST_MOVES: usize = 6;
/// What a new clue costs in the score of a move, in cells decided.
pub const CLUE_COST: f64 = 3.0;
/// What each cell an island is closed below its drawn size costs.
pub const SHORTFALL_COST: f64 = 1.0;
/// What an island closed at one cell costs (published puzzles have few 1s).
pub const ONE_COST: f64 = 6.0;
/// Dead ends the cascade backs out of before it gives up.
pub const BACKTRACKS: usize = 20;

/// What a cascade draws from and keeps to: island sizes with their weights, and a symmetry's maps.
pub struct Plan<'a> {
    pub sizes: &'a [usize],
    pub weights: &'a [f64],
    /// The maps of the symmetry as cell permutations, the identity first; empty for none.
    pub perms: &'a [Vec<usize>],
}

/// The facts contradict each other: no layout follows from this cascade.
struct Stuck;

/// What every copy of a cascade shares: the board, the plan, the draws and the sizes drawn per orbit.
struct Shared<'a, const W: usize> {
    grid: &'a Grid<W>,
    plan: &'a Plan<'a>,
    draws: Draws,
    drawn: HashMap<usize, usize>,
}

impl<const W: usize> Shared<'_, W> {
    /// A cell and its distinct images, the cell first (the cell alone without a symmetry).
    fn orbit(&self, cell: usize) -> Vec<usize> {
        let mut out = vec![cell];
        for perm in self.plan.perms {
            if !out.contains(&perm[cell]) {
                out.push(perm[cell]);
            }
        }
        out
    }

    /// The size an island with its clue on `cell` grows towards (the same for the cell's images).
    fn draw(&mut self, cell: usize) -> usize {
        if self.plan.perms.is_empty() {
            return self.plan.sizes[self.draws.weighted(self.plan.weights)] + TARGET_LIFT;
        }
        let key = *self.orbit(cell).iter().min().expect("a cell");
        if let Some(&size) = self.drawn.get(&key) {
            return size;
        }
        let size = self.plan.sizes[self.draws.weighted(self.plan.weights)] + TARGET_LIFT;
        self.drawn.insert(key, size);
        size
    }
}

/// A layout under construction: land (islands, each with its clue), sea, and cells still open.
#[derive(Clone)]
struct Cascade<const W: usize> {
    land: Bits<W>,
    sea: Bits<W>,
    islands: Vec<Bits<W>>,
    /// Each island's border, kept beside it (settling reads every border each round).
    borders: Vec<Bits<W>>,
    clue_cells: Vec<usize>,
    targets: Vec<usize>,
    closed: Vec<bool>,
    shortfall: usize,
    ones: usize,
    /// The sea when its parts were last worked out, and those parts with their borders.
    parts_of: Bits<W>,
    parts: Vec<(Bits<W>, Bits<W>)>,
}

impl<const W: usize> Cascade<W> {
    fn empty() -> Self {
        Cascade {
            land: Bits::EMPTY,
            sea: Bits::EMPTY,
            islands: Vec::new(),
            borders: Vec::new(),
            clue_cells: Vec::new(),
            targets: Vec::new(),
            closed: Vec::new(),
            shortfall: 0,
            ones: 0,
            parts_of: Bits::EMPTY,
            parts: Vec::new(),
        }
    }

    fn open_cells(&self, grid: &Grid<W>) -> Bits<W> {
        grid.full.minus(self.land).minus(self.sea)
    }

    /// A new island of one cell, its clue there, to grow towards `target` cells.
    fn plant(&mut self, grid: &Grid<W>, cell: usize, target: usize) {
        self.land.insert(cell);
        self.islands.push(Bits::single(cell));
        self.borders.push(grid.neighbours[cell]);
        self.clue_cells.push(cell);
        self.targets.push(target);
        self.closed.push(false);
    }

    /// New islands on `cell` and its images (open cells touching no land); how many.
    fn plant_orbit(&mut self, shared: &mut Shared<'_, W>, cell: usize) -> Result<usize, Stuck> {
        let grid = shared.grid;
        let images = shared.orbit(cell);
        let target = shared.draw(cell);
        for &image in &images {
            if !self.open_cells(grid).has(image) || grid.neighbours[image].meets(&self.land) {
                return Err(Stuck);
            }
            self.plant(grid, image, target);
        }
        Ok(images.len())
    }

    /// Island `k` and the islands on the images of its clue are complete.
    fn close_orbit(&mut self, shared: &Shared<'_, W>, k: usize) -> Result<(), Stuck> {
        for image in shared.orbit(self.clue_cells[k]) {
            let j = self.clue_cells.iter().position(|&c| c == image).ok_or(Stuck)?;
            if !self.closed[j] {
                self.close(j);
            }
        }
        Ok(())
    }

    /// Island `k` is complete at its size: its clue says so.
    fn close(&mut self, k: usize) {
        let size = self.islands[k].count() as usize;
        self.shortfall += self.targets[k].saturating_sub(size);
        self.ones += usize::from(size == 1);
        self.closed[k] = true;
    }

    fn grow(&mut self, grid: &Grid<W>, k: usize, cell: usize) {
        let island = self.islands[k].with(cell);
        self.islands[k] = island;
        self.borders[k] = grid.border(island);
        self.land.insert(cell);
    }

    /// Let every fact follow, to a fixpoint.
    fn settle(&mut self, shared: &mut Shared<'_, W>) -> Result<(), Stuck> {
        let grid = shared.grid;
        loop {
            let open = self.open_cells(grid);
            let (mut once, mut twice, mut walls) = (Bits::EMPTY, Bits::EMPTY, Bits::EMPTY);
            for (border, &closed) in self.borders.iter().zip(&self.closed) {
                twice |= once & *border;
                once |= *border;
                if closed {
                    walls |= *border;
                }
            }
            let sea = (twice | walls) & open;
            if sea.any() {
                self.sea |= sea;
                continue;
            }
            if grid.pools(self.sea).any() {
                return Err(Stuck);
            }
            let forced = grid.pool_breakers(self.sea, open);
            if forced.any() {
                self.land_by_pool(shared, forced.lowest())?;
                continue;
            }
            if self.sea_exits(grid, open)? || self.island_exits(shared) {
                continue;
            }
            let rest = grid.full.minus(self.land);
            if rest.any() && grid.flood(rest.lowest_bit(), rest) != rest {
                return Err(Stuck);
            }
            return Ok(());
        }
    }

    /// The fourth cell of a 2x2 block with three sea cells is land: it joins the open island it touches,
    /// or carries a new clue.
    fn land_by_pool(&mut self, shared: &mut Shared<'_, W>, cell: usize) -> Result<(), Stuck> {
        let grid = shared.grid;
        let near: Vec<usize> =
            (0..self.islands.len()).filter(|&k| self.islands[k].meets(&grid.neighbours[cell])).collect();
        match near[..] {
            [] => {
                let target = shared.draw(cell);
                self.plant(grid, cell, target);
                Ok(())
            }
            [k] if !self.closed[k] => {
                self.grow(grid, k, cell);
                Ok(())
            }
            _ => Err(Stuck),
        }
    }

    /// Each part of the sea with one way out takes it (while the sea is in parts).
    fn sea_exits(&mut self, grid: &Grid<W>, open: Bits<W>) -> Result<bool, Stuck> {
        self.regroup_sea(grid);
        if self.parts.len() < 2 {
            return Ok(false);
        }
        let mut moved = false;
        for &(_, border) in &self.parts {
            let exits = border & open;
            if exits.is_empty() {
                return Err(Stuck);
            }
            if exits.is_single() {
                self.sea |= exits;
                moved = true;
            }
        }
        Ok(moved)
    }

    /// The parts of the sea with their borders, worked out again only near the sea added since the last
    /// time: parts away from the new cells are kept, in order, and the rest found again after them.
    fn regroup_sea(&mut self, grid: &Grid<W>) {
        if self.parts_of == self.sea {
            return;
        }
        let mut fresh = self.sea.minus(self.parts_of);
        let near = grid.dilate(fresh);
        let mut kept = Vec::with_capacity(self.parts.len() + 1);
        for &(part, border) in &self.parts {
            if part.meets(&near) {
                fresh |= part;
            } else {
                kept.push((part, border));
            }
        }
        kept.extend(grid.components(fresh).into_iter().map(|part| (part, grid.border(part))));
        self.parts = kept;
        self.parts_of = self.sea;
    }

    /// Each open island with one way out grows through it while under its size, and closes when it has
    /// reached it or has no way out.
    fn island_exits(&mut self, shared: &Shared<'_, W>) -> bool {
        let grid = shared.grid;
        let mut moved = false;
        for k in 0..self.islands.len() {
            if self.closed[k] {
                continue;
            }
            let island = self.islands[k];
            let exits = self.borders[k].minus(self.land).minus(self.sea);
            if exits.is_empty() {
                self.close(k);
                moved = true;
            } else if exits.is_single() {
                if exits.meets(&grid.dilate(self.land.minus(island))) {
                    continue; // it touches another island now: sea, on the next round
                }
                let way = exits.lowest();
                if (island.count() as usize) < self.targets[k] && !meets_own_image(shared, way) {
                    self.grow(grid, k, way);
                } else {
                    self.close(k);
                }
                moved = true;
            }
        }
        moved
    }

    /// How good the move from `before` was: cells decided (land counted twice), less the costs of
    /// `planted` new clues, of islands closed short and of 1s.
    fn score(&self, grid: &Grid<W>, before: &Cascade<W>, planted: usize) -> f64 {
        let decided = before.open_cells(grid).count() as f64 - self.open_cells(grid).count() as f64;
        let land = self.land.count() as f64 - before.land.count() as f64;
        decided + land
            - CLUE_COST * planted as f64
            - SHORTFALL_COST * (self.shortfall - before.shortfall) as f64
            - ONE_COST * (self.ones - before.ones) as f64
    }
}

/// Whether `cell` touches one of its images: an island and its image growing there would meet.
fn meets_own_image<const W: usize>(shared: &Shared<'_, W>, cell: usize) -> bool {
    shared.orbit(cell).iter().any(|&image| shared.grid.neighbours[cell].has(image))
}

/// A layout whose puzzle the ladder up to easy finishes: its islands with their clue cells, in the order
/// of their lowest cells; `None` when the cascade is stuck (or the board has no 2x2 block).  The budget is
/// looked at before every move: `Err(OutOfTime)` once it has run out.
pub fn cascade<const W: usize>(
    grid: &Grid<W>,
    plan: &Plan<'_>,
    seed: u64,
    budget: &Budget,
) -> Result<Option<Vec<(Bits<W>, usize)>>, OutOfTime> {
    if grid.window_corners.is_empty() {
        return Ok(None); // nothing would call for land, and an all-sea layout has no clue
    }
    let mut shared = Shared { grid, plan, draws: Draws::new(seed), drawn: HashMap::new() };
    let weighed = FEWEST_MOVES.max(grid.size / CELLS_PER_MOVE);
    let mut state = Cascade::empty();
    if state.settle(&mut shared).is_err() {
        return Ok(None);
    }
    let mut choices: Vec<Vec<Cascade<W>>> = Vec::new();
    let mut backtracks = 0;
    loop {
        budget.check()?;
        let bare = grid.window_cells(grid.window_corners.minus(grid.windows_meeting(state.land)));
        let waiting: Vec<usize> = (0..state.closed.len()).filter(|&k| !state.closed[k]).collect();
        if bare.is_empty() && waiting.is_empty() {
            let mut pairs: Vec<(Bits<W>, usize)> = state.islands.iter().copied().zip(state.clue_cells).collect();
            pairs.sort_by_key(|(island, _)| island.lowest());
            return Ok(Some(pairs));
        }
        let spots = state.open_cells(grid).minus(grid.dilate(state.land));
        let pool: Vec<usize> = if (spots & bare).any() { (spots & bare).iter().collect() } else { spots.iter().collect() };
        // A move is a new clue on a cell, or closing the waiting island `k` (and its images).
        let mut moves: Vec<Result<usize, usize>> = shared.draws.sample(&pool, weighed).into_iter().map(Ok).collect();
        let mut seen = Vec::new();
        for k in waiting {
            let key = *shared.orbit(state.clue_cells[k]).iter().min().expect("a cell");
            if !seen.contains(&key) {
                seen.push(key);
                moves.push(Err(k));
            }
        }
        let mut scored: Vec<(f64, usize, Cascade<W>)> = Vec::new();
        for made in moves {
            let mut trial = state.clone();
            let planted = match made {
                Ok(cell) => trial.plant_orbit(&mut shared, cell),
                Err(k) => trial.close_orbit(&shared, k).map(|()| 0),
            };
            let Ok(planted) = planted else { continue };
            if trial.settle(&mut shared).is_err() {
                continue;
            }
            let score = trial.score(grid, &state, planted);
            let index = scored.len();
            scored.push((-score, index, trial));
        }
        scored.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        choices.push(scored.into_iter().rev().map(|(_, _, trial)| trial).collect());
        while choices.last().is_some_and(|c| c.is_empty()) {
            choices.pop();
            backtracks += 1;
            if choices.is_empty() || backtracks > BACKTRACKS {
                return Ok(None);
            }
        }
        state = choices.last_mut().and_then(|c| c.pop()).expect("a choice left");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::{build, Clues};
    use crate::ladder::{Context, Rung, Trace, Work};
    use crate::level::Level;

    /// The ladder up to easy: Nurikabe's first seven techniques (three of bookkeeping, four easy).
    fn easy_context(grid: &Grid<2>, clues: &Clues) -> Context<2> {
        let ruleset = build::<2>("nurikabe", grid, clues).expect("a ruleset");
        let rungs = (0..7)
            .map(|i| Rung {
                name: format!("rung {i}"),
                level: if i < 3 { Level::Bookkeeping } else { Level::Easy },
                work: Work::Native(i),
            })
            .collect();
        Context::new(grid.clone(), ruleset, rungs, Vec::new())
    }

    /// The puzzle of a layout: each island's size on its clue cell.
    fn clues_of(layout: &[(Bits<2>, usize)]) -> Clues {
        let mut clues: Vec<(usize, Option<i64>)> =
            layout.iter().map(|&(island, cell)| (cell, Some(island.count() as i64))).collect();
        clues.sort_unstable();
        Clues { clues, rooms: None }
    }

    #[test]
    fn the_easy_ladder_finishes_every_cascade() {
        let sizes = [1, 2, 3, 4, 5, 6, 7];
        let weights = [0.06, 0.22, 0.24, 0.18, 0.11, 0.07, 0.04];
        let plan = Plan { sizes: &sizes, weights: &weights, perms: &[] };
        let mut made = 0;
        for (rows, cols) in [(5, 5), (6, 8), (10, 10), (9, 12)] {
            let grid: Grid<2> = Grid::new(rows, cols);
            for seed in 0..10 {
                let Some(layout) = cascade(&grid, &plan, seed, &Budget::unlimited()).expect("no deadline") else {
                    continue;
                };
                made += 1;
                let land = layout.iter().fold(Bits::EMPTY, |all, &(island, _)| all | island);
                for &(island, cell) in &layout {
                    assert!(island.has(cell) && grid.flood(Bits::single(cell), island) == island);
                    assert!(!grid.border(island).meets(&land), "islands touch");
                }
                let sea = grid.full.minus(land);
                assert!(grid.pools(sea).is_empty() && grid.flood(sea.lowest_bit(), sea) == sea);
                let context = easy_context(&grid, &clues_of(&layout));
                let clue_cells = layout.iter().map(|&(_, cell)| cell).collect();
                let mut board = context.board(Bits::EMPTY, clue_cells).expect("a board");
                context.run(&mut board, Level::Easy, &mut Trace::new(false), None, &Budget::unlimited()).expect("solved");
                assert!(board.is_complete() && board.shaded == sea, "{rows}x{cols} seed {seed}");
            }
        }
        assert!(made >= 25, "{made}");
    }

    #[test]
    fn a_called_off_cascade_stops_before_its_first_move() {
        let (sizes, weights) = ([2, 3], [1.0, 1.0]);
        let plan = Plan { sizes: &sizes, weights: &weights, perms: &[] };
        let grid: Grid<2> = Grid::new(10, 10);
        let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        assert_eq!(cascade(&grid, &plan, 1, &Budget::new(10, None, Some(cancel))), Err(OutOfTime));
    }
}
