//! Nurikabe: shade a connected sea, leaving islands the size of their numbers.
//!
//! Rules: each number is an island of exactly that many unshaded cells, one
//! number an island; the sea is one connected, non-empty group and never
//! fills a 2x2 block; numbered cells are unshaded.  A `?` clue is an island
//! of any size.

mod analysis;
mod branching;
pub mod cascade;
mod errands;
mod fence;
mod islands;
mod sea;
mod techniques;

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;
use crate::ladder::Ruleset;
use crate::step::{Found, Reason, Stop, Violation};

use super::Clues;

/// The techniques of Nurikabe, in the order the ladder lists them.
pub const TECHNIQUES: &[&str] = &[
    "island_complete",
    "all_complete",
    "cell_count",
    "separate_clues",
    "no_pool",
    "island_exit",
    "sea_exit",
    "sea_budget",
    "sea_reach",
    "unreachable",
    "island_shapes",
    "forced",
    "errand",
    "enclosed_island",
];

/// A Nurikabe puzzle's clues, as the techniques read them, and what they work out once for the puzzle.
pub struct Nurikabe<const W: usize> {
    /// `(cell, number)` in cell order (`None`: a `?`).
    pub clues: Vec<(usize, Option<i64>)>,
    pub clue_mask: Bits<W>,
    /// The sum of the numbers; `None` when some clue is a `?`.
    pub clue_total: Option<i64>,
    /// The costs of errands met on this puzzle's boards (see `errands::remembered_costs`).
    pub errand_costs: errands::CostMemory<W>,
}

impl<const W: usize> Nurikabe<W> {
    /// The clue index and number of the clue at `cell`.
    pub fn clue_at(&self, cell: usize) -> (usize, Option<i64>) {
        let index = self.clues.binary_search_by_key(&cell, |&(c, _)| c).expect("a clue cell");
        (index, self.clues[index].1)
    }
}

/// The ruleset of a Nurikabe puzzle.
pub fn ruleset<const W: usize>(grid: &Grid<W>, clues: &Clues) -> Result<Box<dyn Ruleset<W>>, String> {
    if clues.rooms.is_some() {
        return Err("a Nurikabe board has no rooms".into());
    }
    let mut clue_mask = Bits::EMPTY;
    let mut last = None;
    for &(cell, number) in &clues.clues {
        if cell >= grid.size || last.is_some_and(|l| l >= cell) {
            return Err(format!("clue cell {cell} is off the board or out of order"));
        }
        if number.is_some_and(|n| n < 1 || n > grid.size as i64) {
            return Err(format!("clue {number:?} at cell {cell} is out of range"));
        }
        clue_mask.insert(cell);
        last = Some(cell);
    }
    let clue_total = clues.clues.iter().map(|&(_, n)| n).sum();
    Ok(Box::new(Nurikabe { clues: clues.clues.clone(), clue_mask, clue_total, errand_costs: Default::default() }))
}

impl<const W: usize> Ruleset<W> for Nurikabe<W> {
    fn techniques(&self) -> &'static [&'static str] {
        TECHNIQUES
    }

    fn find(&self, index: usize, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
        techniques::find(self, index, board, grid)
    }

    fn check(&self, shaded: Bits<W>, grid: &Grid<W>) -> Vec<Violation<W>> {
        check(self, shaded, grid)
    }

    fn candidates(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<Vec<usize>, Stop<W>> {
        Ok(branching::candidates(self, board, grid)?)
    }

    fn prefer_shaded(&self, board: &mut Board<W>, grid: &Grid<W>, cell: usize) -> Result<bool, Stop<W>> {
        Ok(branching::prefer_shaded(self, board, grid, cell)?)
    }

    fn alternatives(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<Option<Vec<(Bits<W>, Bits<W>)>>, Stop<W>> {
        Ok(branching::alternatives(self, board, grid)?)
    }
}

/// Every rule the shading `sea` breaks: printed cells (R5), one number an island (R2), island sizes (R1),
/// a connected sea (R3) and no pools (R4), in that order.
pub fn check<const W: usize>(puzzle: &Nurikabe<W>, sea: Bits<W>, grid: &Grid<W>) -> Vec<Violation<W>> {
    let land = grid.full.minus(sea);
    let mut out = Vec::new();
    for cell in (sea & puzzle.clue_mask).iter() {
        out.push(Violation::new("R5", Reason::new("nurikabe.printed", vec![cell as i64], vec![]), Bits::single(cell)));
    }
    for comp in grid.components(land) {
        let numbers = comp & puzzle.clue_mask;
        let count = numbers.count();
        if count != 1 {
            out.push(Violation::new("R2", Reason::new("nurikabe.numbers", vec![], vec![comp, numbers]), comp));
        }
        if count >= 1 {
            let size = comp.count() as i64;
            for cell in numbers.iter() {
                if let (_, Some(number)) = puzzle.clue_at(cell) {
                    if number != size {
                        out.push(size_violation(cell, number, size, comp));
                    }
                }
            }
        }
    }
    for cell in (sea & puzzle.clue_mask).iter() {
        if let (_, Some(number)) = puzzle.clue_at(cell) {
            out.push(size_violation(cell, number, 0, Bits::single(cell)));
        }
    }
    let seas = grid.components(sea);
    if seas.len() != 1 {
        out.push(Violation::new("R3", Reason::new("nurikabe.sea", vec![], seas), sea));
    }
    for corner in grid.pools(sea).iter() {
        let block = grid.window(corner);
        out.push(Violation::new("R4", Reason::new("nurikabe.pool", vec![], vec![block]), block));
    }
    out
}

fn size_violation<const W: usize>(cell: usize, number: i64, size: i64, cells: Bits<W>) -> Violation<W> {
    Violation::new("R1", Reason::new("nurikabe.size", vec![cell as i64, number, size], vec![]), cells)
}

#[cfg(test)]
mod tests;
