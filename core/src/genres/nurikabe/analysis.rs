//! What the Nurikabe techniques read off a board: islands, strays, borders.
//!
//! Land connected to a clue is that clue's island; land connected to no clue
//! is *stray* land (proven land, owner not known yet).  The analysis is a
//! contradiction at once for two clues in one island and for an island
//! larger than its clue.  It is updated from the board's earlier analysis
//! where it can: only the components that touch land decided since can have
//! changed, the rest (and their borders) are carried over, in their order.

use std::sync::Arc;

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;
use crate::step::{Contradiction, Reason};

use super::Nurikabe;

/// The board slot the analysis is kept in.
pub const SLOT: usize = 0;

/// A clue's island on the current board.
#[derive(Clone, Debug)]
pub struct Island<const W: usize> {
    /// The clue's place among the puzzle's clues.
    pub index: usize,
    pub clue_cell: usize,
    /// The clue, `None` for a `?`.
    pub number: Option<i64>,
    pub cells: Bits<W>,
    /// The cells outside the island touching it.
    pub border: Bits<W>,
    pub size: i64,
    /// Cells still to add; `None` for a `?` clue.
    pub need: Option<i64>,
}

impl<const W: usize> Island<W> {
    pub fn is_complete(&self) -> bool {
        self.number == Some(self.size)
    }

    /// The island as a reason names it: its clue cell and number (-1 for a `?`).
    pub fn named(&self) -> [i64; 2] {
        [self.clue_cell as i64, self.number.unwrap_or(-1)]
    }
}

/// The islands, the strays and the open cells of a board.
#[derive(Clone, Debug)]
pub struct Analysis<const W: usize> {
    pub sea: Bits<W>,
    pub land: Bits<W>,
    pub unknown: Bits<W>,
    /// The islands, by clue index (shared with the analyses of later boards that keep them).
    pub islands: Vec<Arc<Island<W>>>,
    /// Components of land that hold no clue.
    pub strays: Vec<Bits<W>>,
    pub stray_cells: Bits<W>,
    /// Cells touching at least one island, two, three, four.
    pub touched: Bits<W>,
    pub touched_twice: Bits<W>,
    touched_more: (Bits<W>, Bits<W>),
    /// Cells touching a complete numbered island.
    pub complete_walls: Bits<W>,
    /// The places in `islands` of the islands that may still grow, by clue index.
    pub growing: Vec<usize>,
}

impl<const W: usize> Analysis<W> {
    /// Cells next to an island other than `island`.
    pub fn others_border(&self, island: &Island<W>) -> Bits<W> {
        self.touched.minus(island.border) | self.touched_twice
    }

    /// The islands that may still grow, by clue index.
    pub fn growing(&self) -> impl Iterator<Item = &Island<W>> {
        self.growing.iter().map(|&k| self.islands[k].as_ref())
    }

    /// The island of clue index `index`, if it has one.
    pub fn island(&self, index: usize) -> Option<&Island<W>> {
        self.islands.binary_search_by_key(&index, |i| i.index).ok().map(|k| self.islands[k].as_ref())
    }
}

/// The board's analysis, worked out once per board state.
pub fn analysis<const W: usize>(
    board: &mut Board<W>,
    grid: &Grid<W>,
    puzzle: &Nurikabe<W>,
) -> Result<Arc<Analysis<W>>, Contradiction<W>> {
    if let Some(found) = board.read::<Analysis<W>>(SLOT) {
        return Ok(found);
    }
    let found = analyse(board, grid, puzzle)?;
    board.keep(SLOT, found);
    Ok(board.read::<Analysis<W>>(SLOT).expect("kept"))
}

fn analyse<const W: usize>(board: &Board<W>, grid: &Grid<W>, puzzle: &Nurikabe<W>) -> Result<Analysis<W>, Contradiction<W>> {
    let sea = board.shaded;
    let land = board.unshaded;
    let unknown = grid.full.minus(sea | land);
    let earlier = board.earlier::<Analysis<W>>(SLOT);
    let Some(earlier) = earlier.filter(|e| e.land.within(&land)) else {
        return assemble(grid, puzzle, sea, land, unknown, Vec::new(), Vec::new(), grid.components(land), None);
    };
    let mut fresh = land.minus(earlier.land);
    if fresh.is_empty() {
        return Ok(Analysis { sea, land, unknown, ..(*earlier).clone() });
    }
    let near = grid.dilate(fresh);
    // new land next to a complete island joins it (and breaks its size): then look at every island
    let suspects: Vec<usize> = if fresh.meets(&earlier.complete_walls) {
        (0..earlier.islands.len()).collect()
    } else {
        earlier.growing.clone()
    };
    let dropped: Vec<usize> = suspects.into_iter().filter(|&k| earlier.islands[k].cells.meets(&near)).collect();
    let mut kept_islands: Vec<Arc<Island<W>>> = Vec::with_capacity(earlier.islands.len());
    for (k, island) in earlier.islands.iter().enumerate() {
        if dropped.contains(&k) {
            fresh |= island.cells;
        } else {
            kept_islands.push(island.clone());
        }
    }
    let mut kept_strays = Vec::with_capacity(earlier.strays.len());
    for &stray in &earlier.strays {
        if stray.meets(&near) {
            fresh |= stray;
        } else {
            kept_strays.push(stray);
        }
    }
    let dropped: Vec<Arc<Island<W>>> = dropped.into_iter().map(|k| earlier.islands[k].clone()).collect();
    assemble(grid, puzzle, sea, land, unknown, kept_islands, kept_strays, grid.components(fresh), Some((&earlier, &dropped)))
}

/// The analysis from the islands and strays kept and the components of land found anew; with `update`
/// (the earlier analysis and the islands of it not kept) the counts of islands touching each cell are
/// updated from the earlier ones.
#[allow(clippy::too_many_arguments)]
fn assemble<const W: usize>(
    grid: &Grid<W>,
    puzzle: &Nurikabe<W>,
    sea: Bits<W>,
    land: Bits<W>,
    unknown: Bits<W>,
    mut islands: Vec<Arc<Island<W>>>,
    mut strays: Vec<Bits<W>>,
    components: Vec<Bits<W>>,
    update: Option<(&Analysis<W>, &[Arc<Island<W>>])>,
) -> Result<Analysis<W>, Contradiction<W>> {
    let mut new_islands = Vec::new();
    for comp in components {
        let clue_cells = comp & puzzle.clue_mask;
        if clue_cells.is_empty() {
            strays.push(comp);
            continue;
        }
        if !clue_cells.at_most_one() {
            return Err(Contradiction::new(Reason::new("nurikabe.two_numbers", vec![], vec![clue_cells]), clue_cells));
        }
        let cell = clue_cells.highest();
        let (index, number) = puzzle.clue_at(cell);
        let size = comp.count() as i64;
        if let Some(n) = number {
            if size > n {
                let reason = Reason::new("nurikabe.too_big", vec![cell as i64, n, size], vec![]);
                return Err(Contradiction::new(reason, comp));
            }
        }
        let island = Island {
            index,
            clue_cell: cell,
            number,
            cells: comp,
            border: grid.border(comp),
            size,
            need: number.map(|n| n - size),
        };
        new_islands.push(Arc::new(island));
    }
    islands.extend(new_islands.iter().cloned());
    islands.sort_by_key(|i| i.index);
    let (mut one, mut two, mut three, mut four, mut complete_walls);
    let added: &[Arc<Island<W>>];
    match update {
        Some((earlier, dropped)) if !dropped.iter().any(|i| i.is_complete()) => {
            one = earlier.touched;
            two = earlier.touched_twice;
            (three, four) = earlier.touched_more;
            complete_walls = earlier.complete_walls;
            for island in dropped {
                let border = island.border;
                one = one.minus(border) | (two & border);
                two = two.minus(border) | (three & border);
                three = three.minus(border) | (four & border);
                four = four.minus(border);
            }
            added = &new_islands;
        }
        _ => {
            one = Bits::EMPTY;
            two = Bits::EMPTY;
            three = Bits::EMPTY;
            four = Bits::EMPTY;
            complete_walls = Bits::EMPTY;
            added = &islands;
        }
    }
    for island in added {
        let border = island.border;
        four |= three & border;
        three |= two & border;
        two |= one & border;
        one |= border;
        if island.is_complete() {
            complete_walls |= border;
        }
    }
    let stray_cells = strays.iter().fold(Bits::EMPTY, |all, s| all | *s);
    let growing_indices: Vec<usize> = match update {
        None => islands.iter().filter(|i| !i.is_complete()).map(|i| i.index).collect(),
        Some((earlier, dropped)) => {
            // the kept islands that grew before still do; of the new ones, those short of their number
            let mut out: Vec<usize> = earlier
                .growing()
                .map(|i| i.index)
                .filter(|index| !dropped.iter().any(|d| d.index == *index))
                .collect();
            out.extend(new_islands.iter().filter(|i| !i.is_complete()).map(|i| i.index));
            out.sort_unstable();
            out
        }
    };
    let growing = growing_indices
        .into_iter()
        .map(|index| islands.binary_search_by_key(&index, |i| i.index).expect("a growing island is an island"))
        .collect();
    Ok(Analysis {
        sea,
        land,
        unknown,
        islands,
        strays,
        stray_cells,
        touched: one,
        touched_twice: two,
        touched_more: (three, four),
        complete_walls,
        growing,
    })
}
