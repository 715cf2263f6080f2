//! Fences: an island that cannot reach the board's edge is ringed by sea, and a ring costs sea.
//!
//! **The perimeter bound.**  Let the sea `T` be connected with `S` cells, and
//! let an island `I` with a `W` x `H` bounding box touch no edge of the
//! board.  Counting the sides `T` shares with cells outside it: `T` has at
//! most `2S + 2` such sides (it is connected); `I` takes at least `2(W + H)`
//! of them; and each row and column `T` spans gives two more, on the
//! unbounded outside, at least `2(rows + cols)` with `rows >= H + 2` and
//! `cols >= W + 2`.  So `W + H + rows + cols <= S + 1`: walling in an island
//! with a `W` x `H` box takes at least `2(W + H) + 3` sea cells.
//!
//! **Walled off by a diagonal meeting.**  Let cell `p` of island `A` and cell
//! `q` of island `B` meet corner to corner, with the two cells they both
//! touch sea.  If `A` reaches the edge, `B` cannot: a chain of land from past
//! the board through `A`, across the corner, through `B` and past the board
//! again would cross, exactly once, the closed curve that a sea path between
//! the two shared cells makes through that corner.

use crate::bits::Bits;
use crate::grid::Grid;

use super::analysis::{Analysis, Island};

/// Rows `top..=bottom` and columns `left..=right`.
pub type Box = (usize, usize, usize, usize);

/// Where a box may lie along one axis: it covers `core` and stays within `limit`.
#[derive(Clone, Copy, Debug)]
pub struct Span {
    pub core: (usize, usize),
    pub limit: (usize, usize),
    /// The rows (or columns) the known sea spans, if any.
    pub sea: Option<(usize, usize)>,
}

impl Span {
    /// Each `(start, end, cost)`: the box's length along the axis plus the sea's span.
    fn options(&self) -> Vec<(usize, usize, i64)> {
        let (lo, hi) = self.limit;
        let (first, last) = self.core;
        let mut out = Vec::new();
        for start in lo..=first {
            for end in last..=hi {
                let (mut out_lo, mut out_hi) = (start as i64 - 1, end as i64 + 1);
                if let Some((a, b)) = self.sea {
                    out_lo = out_lo.min(a as i64);
                    out_hi = out_hi.max(b as i64);
                }
                out.push((start, end, (end - start + 1) as i64 + (out_hi - out_lo + 1)));
            }
        }
        out
    }
}

/// The boxes an island of `size` cells walled in by `sea_size` sea cells may fill: large enough for it,
/// and within the perimeter bound.
pub fn fence_boxes(rows: Span, cols: Span, size: i64, sea_size: i64) -> Vec<Box> {
    let budget = sea_size + 1;
    let mut col_options = cols.options();
    col_options.sort_by_key(|o| o.2);
    let mut out = Vec::new();
    for (top, bottom, row_cost) in rows.options() {
        let height = (bottom - top + 1) as i64;
        for &(left, right, col_cost) in &col_options {
            if row_cost + col_cost > budget {
                break;
            }
            if height * (right - left + 1) as i64 >= size {
                out.push((top, bottom, left, right));
            }
        }
    }
    out
}

/// Whether `island` (which could hold no cell outside `reach`) holds an edge cell in every solution.
pub fn must_reach_edge<const W: usize>(grid: &Grid<W>, island: &Island<W>, reach: Bits<W>) -> bool {
    if island.cells.meets(&grid.edge) {
        return true;
    }
    let (Some(number), Some(need)) = (island.number, island.need) else {
        return false;
    };
    if need == 0 {
        return false;
    }
    let inside = grid.flood(island.cells, (reach | island.cells).minus(grid.edge));
    (inside.count() as i64) < number
}

/// Why `island` (holding no edge cell) cannot reach the edge, as a reason's numbers: `[clue, number]` of
/// the island itself when its reach misses the edge, or `[other clue, other number, clue, number, p, q,
/// s1, s2]` for a diagonal meeting; `None` when that is not shown.  `reach_of` gives each growing island's
/// reach by clue index.
pub fn walled_off<const W: usize>(
    grid: &Grid<W>,
    a: &Analysis<W>,
    island: &Island<W>,
    reach_of: &dyn Fn(usize) -> Option<Bits<W>>,
) -> Option<Vec<i64>> {
    let reach = reach_of(island.index).unwrap_or(island.cells);
    if !reach.meets(&grid.edge) {
        return Some(island.named().to_vec());
    }
    for q in island.cells.iter() {
        let around = grid.ring(q);
        for d in [1, 3, 5, 7] {
            let (Some(p), Some(s1), Some(s2)) = (around[d], around[d - 1], around[(d + 1) % 8]) else {
                continue;
            };
            if !a.land.has(p) || island.cells.has(p) {
                continue;
            }
            if !(a.sea.has(s1) && a.sea.has(s2)) {
                continue;
            }
            let Some(other) = a.islands.iter().find(|o| o.cells.has(p)) else {
                continue;
            };
            if !must_reach_edge(grid, other, reach_of(other.index).unwrap_or(other.cells)) {
                continue;
            }
            let mut out = other.named().to_vec();
            out.extend(island.named());
            out.extend([p as i64, q as i64, s1 as i64, s2 as i64]);
            return Some(out);
        }
    }
    None
}
