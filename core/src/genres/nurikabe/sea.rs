//! The sea: its parts, how they must join, and the open cells that would cut it.

use std::sync::Arc;

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;

/// The board slot the sea's parts are kept in.
pub const SLOT: usize = 2;

/// The sea and its connected parts with their borders.
#[derive(Clone, Debug)]
pub struct SeaParts<const W: usize> {
    pub sea: Bits<W>,
    pub parts: Vec<(Bits<W>, Bits<W>)>,
}

/// The connected parts of the sea with their borders, updated from an earlier board's parts: parts away
/// from the new sea cells are kept, in order, and the rest worked out again after them.
pub fn sea_parts<const W: usize>(board: &mut Board<W>, grid: &Grid<W>) -> Arc<SeaParts<W>> {
    if let Some(found) = board.read::<SeaParts<W>>(SLOT) {
        return found;
    }
    let sea = board.shaded;
    let found = match board.earlier::<SeaParts<W>>(SLOT) {
        Some(earlier) if earlier.sea.within(&sea) => {
            if earlier.sea == sea {
                (*earlier).clone()
            } else {
                SeaParts { sea, parts: regrouped(grid, &earlier.parts, earlier.sea, sea) }
            }
        }
        _ => SeaParts { sea, parts: grid.components(sea).into_iter().map(|p| (p, grid.border(p))).collect() },
    };
    board.keep(SLOT, found);
    board.read::<SeaParts<W>>(SLOT).expect("kept")
}

/// The components of `now` with their borders, from those of `before` (which `now` holds): parts away
/// from the cells added are kept, in order, and the rest worked out again after them.
pub fn regrouped<const W: usize>(
    grid: &Grid<W>,
    parts: &[(Bits<W>, Bits<W>)],
    before: Bits<W>,
    now: Bits<W>,
) -> Vec<(Bits<W>, Bits<W>)> {
    let mut fresh = now.minus(before);
    let near = grid.dilate(fresh);
    let mut kept = Vec::with_capacity(parts.len());
    for &(part, border) in parts {
        if part.meets(&near) {
            fresh |= part;
        } else {
            kept.push((part, border));
        }
    }
    kept.extend(grid.components(fresh).into_iter().map(|p| (p, grid.border(p))));
    kept
}

/// How many steps through open cells (starting from `cur`, the part's open border) reach `others`: `0`
/// when none do, `budget + 1` when `budget` steps reach none.
pub fn gap<const W: usize>(grid: &Grid<W>, part: Bits<W>, mut cur: Bits<W>, others: Bits<W>, open: Bits<W>, budget: i64) -> i64 {
    let mut seen = part;
    let mut gap = 0;
    loop {
        gap += 1;
        if cur.is_empty() {
            return 0;
        }
        if gap > budget {
            return gap;
        }
        let grown = grid.dilate(cur);
        if grown.meets(&others) {
            return gap;
        }
        seen |= cur;
        cur = (grown & open).minus(seen);
    }
}

/// The cells of `space` other than targets that separate the `targets` (as land they would split the
/// sea), by one Tarjan pass rooted at a target; `None` when the targets are already apart.
pub fn separating<const W: usize>(grid: &Grid<W>, space: Bits<W>, targets: Bits<W>) -> Option<Bits<W>> {
    let n = grid.size;
    let root = targets.lowest();
    let total = targets.count() as usize;
    let mut disc = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut below = vec![0usize; n];
    let mut parent = vec![usize::MAX; n];
    let mut cuts = Bits::EMPTY;
    disc[root] = 0;
    below[root] = 1;
    let mut counter = 1;
    let mut path = vec![(root, 0usize)];
    while let Some(&(v, start)) = path.last() {
        let around = &grid.neighbour_lists[v];
        let mut next = start;
        let mut descended = None;
        while next < around.len() {
            let w = around[next];
            next += 1;
            if !space.has(w) {
                continue;
            }
            if disc[w] == usize::MAX {
                disc[w] = counter;
                low[w] = counter;
                below[w] = targets.has(w) as usize;
                parent[w] = v;
                counter += 1;
                descended = Some(w);
                break;
            }
            if disc[w] < low[v] && w != parent[v] {
                low[v] = disc[w];
            }
        }
        if let Some(w) = descended {
            path.last_mut().expect("on the path").1 = next;
            path.push((w, 0));
            continue;
        }
        path.pop();
        let p = parent[v];
        if p == usize::MAX {
            continue;
        }
        low[p] = low[p].min(low[v]);
        let held = below[v];
        below[p] += held;
        if held > 0 && low[v] >= disc[p] && total as i64 - held as i64 - targets.has(p) as i64 > 0 {
            cuts.insert(p);
        }
    }
    if below[root] != total {
        return None;
    }
    Some(cuts.minus(targets))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Stream;

    #[test]
    fn separating_cells_agree_with_one_flood_a_cell() {
        let grid: Grid<1> = Grid::new(6, 7);
        let mut stream = Stream(7);
        for _ in 0..500 {
            let (mut space, mut targets) = (Bits::EMPTY, Bits::EMPTY);
            for cell in 0..grid.size {
                match stream.below(6) {
                    0 => {}
                    1 => {
                        space.insert(cell);
                        targets.insert(cell);
                    }
                    _ => space.insert(cell),
                }
            }
            if targets.is_empty() {
                continue;
            }
            let joined = grid.joined(targets, space);
            let found = separating(&grid, space, targets);
            assert_eq!(found.is_some(), joined);
            if let Some(cuts) = found {
                let expected: Bits<1> = space
                    .minus(targets)
                    .iter()
                    .filter(|&c| !grid.joined(targets, space.without(c)))
                    .collect();
                assert_eq!(cuts, expected);
            }
        }
    }
}
