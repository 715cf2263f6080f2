//! Where search and probing look first on a Nurikabe board, and what search branches on.

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;
use crate::step::Contradiction;

use super::analysis::analysis;
use super::islands::{completions, passable};
use super::Nurikabe;

/// Largest number of missing cells of an island whose completions search may branch on.
pub const BRANCH_MAX_NEED: i64 = 6;
/// Most completions of an island for search to branch on its shapes rather than on one cell.
pub const BRANCH_MAX_WAYS: usize = 12;

/// Undecided cells, most constrained first: exits of the tightest islands, then the frontier.
pub fn candidates<const W: usize>(
    puzzle: &Nurikabe<W>,
    board: &mut Board<W>,
    grid: &Grid<W>,
) -> Result<Vec<usize>, Contradiction<W>> {
    let a = analysis(board, grid, puzzle)?;
    let mut order = Vec::new();
    let mut seen = Bits::EMPTY;
    let mut ranked: Vec<(u32, i64, Bits<W>)> = Vec::new();
    for island in a.growing() {
        let Some(need) = island.need else { continue };
        let exits = island.border & a.unknown & passable(&a, island);
        if exits.any() {
            ranked.push((exits.count(), need, exits));
        }
    }
    for &stray in &a.strays {
        let exits = grid.border(stray) & a.unknown;
        if exits.any() {
            ranked.push((exits.count(), 0, exits));
        }
    }
    ranked.sort_by_key(|&(count, need, _)| (count, need));
    for (_, _, exits) in ranked {
        order.extend(exits.minus(seen).iter());
        seen |= exits;
    }
    let decided = a.sea | a.land;
    let frontier = (grid.dilate(decided) & a.unknown).minus(seen);
    let mut near: Vec<usize> = frontier.iter().collect();
    near.sort_by_key(|&c| std::cmp::Reverse((grid.neighbours[c] & decided).count()));
    order.extend(near);
    seen |= frontier;
    order.extend(a.unknown.minus(seen).iter());
    Ok(order)
}

/// Search branches on every way to finish the island with the fewest ways, when that is few; else on a
/// 2x2 block with two sea cells and two open ones.
///
/// The completions of an island are exclusive and, since every solution
/// finishes every island, exhaustive; each branch decides the island and its
/// wall at once.
pub fn alternatives<const W: usize>(
    puzzle: &Nurikabe<W>,
    board: &mut Board<W>,
    grid: &Grid<W>,
) -> Result<Option<Vec<(Bits<W>, Bits<W>)>>, Contradiction<W>> {
    let a = analysis(board, grid, puzzle)?;
    let mut best: Option<Vec<(Bits<W>, Bits<W>)>> = None;
    for island in a.growing() {
        let Some(need) = island.need.filter(|&n| n <= BRANCH_MAX_NEED) else { continue };
        let Some(shapes) = completions(grid, &a, island, need) else { continue };
        if best.as_ref().is_none_or(|b| shapes.len() < b.len()) {
            let ways: Vec<_> = shapes.iter().map(|&(extra, wall)| (wall & a.unknown, extra & a.unknown)).collect();
            let done = ways.len() <= 1;
            best = Some(ways);
            if done {
                break;
            }
        }
    }
    if let Some(ways) = best.filter(|b| b.len() <= BRANCH_MAX_WAYS) {
        return Ok(Some(ways));
    }
    Ok(pool_split(board, grid))
}

/// Split on a 2x2 block with two sea cells and no land: one of its two open cells is land.
fn pool_split<const W: usize>(board: &Board<W>, grid: &Grid<W>) -> Option<Vec<(Bits<W>, Bits<W>)>> {
    let sea = board.shaded;
    let open = board.undecided();
    let land = board.unshaded;
    let cols = grid.cols;
    let corners = grid.window_corners.minus(land).minus(land.shr(1)).minus(land.shr(cols)).minus(land.shr(cols + 1));
    for corner in corners.iter() {
        let window = grid.window(corner);
        if (window & sea).count() == 2 {
            let pair = window & open;
            let a = pair.lowest_bit();
            let b = pair ^ a;
            return Some(vec![(Bits::EMPTY, a), (a, b)]);
        }
    }
    None
}

/// Search tries land first next to a growing island, sea elsewhere.
pub fn prefer_shaded<const W: usize>(
    puzzle: &Nurikabe<W>,
    board: &mut Board<W>,
    grid: &Grid<W>,
    cell: usize,
) -> Result<bool, Contradiction<W>> {
    Ok(!analysis(board, grid, puzzle)?.touched.has(cell))
}
