//! The two rules Kurodoko and Heyawake share, with their checks and techniques.
//!
//! * black cells never share a side;
//! * all white cells form one orthogonally connected group.
//!
//! The techniques conclude only what every solution agrees on: a neighbour
//! of a black cell is white; a group of white cells with one way out goes
//! out through it; a cell whose blackening would split the white cells is
//! white (an articulation point of the not-black cells); a cell walled off
//! from the white cells is black.
//!
//! Articulation points: the white cells of a solution are connected through
//! white cells, so every white cell lies in one component of the not-black
//! graph.  Blackening an undecided cell `v` strands a white cell exactly
//! when `v` separates white cells in that graph.  On a grid a cell can only
//! do so if the not-black cells of its ring of eight fall into two or more
//! arcs each holding one of its four neighbours (`local_cuts`), and most of
//! those are joined again a step or two away (`locally_joined`); the few
//! left are checked by one flood each, or, past `FLOOD_LIMIT`, by one
//! Tarjan pass.  Either way finds the same cuts; the white cell named as
//! the one a cut would strand may differ.

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;
use crate::step::{contradiction, Found, Reason, Step, Violation};

/// Every pair of black cells that share a side, side by side in rows first, then in columns.
pub fn touching_pairs<const W: usize>(grid: &Grid<W>, black: Bits<W>) -> Vec<Bits<W>> {
    let mut pairs: Vec<Bits<W>> =
        (black & black.shr(1) & grid.not_last_col).iter().map(|c| Bits::single(c).with(c + 1)).collect();
    pairs.extend((black & black.shr(grid.cols)).iter().map(|c| Bits::single(c).with(c + grid.cols)));
    pairs
}

/// A violation of rule `rule` for each pair of touching black cells.
pub fn check_apart<const W: usize>(grid: &Grid<W>, black: Bits<W>, rule: &'static str) -> Vec<Violation<W>> {
    touching_pairs(grid, black)
        .into_iter()
        .map(|pair| Violation::new(rule, Reason::new("black_white.apart", vec![], vec![pair]), pair))
        .collect()
}

/// A violation of rule `rule` when the white cells fall apart.
pub fn check_connected<const W: usize>(grid: &Grid<W>, black: Bits<W>, rule: &'static str) -> Vec<Violation<W>> {
    let white = grid.full.minus(black);
    let groups = grid.components(white);
    if groups.len() <= 1 {
        return Vec::new();
    }
    vec![Violation::new(rule, Reason::new("black_white.split", vec![], groups), white)]
}

/// No two black cells touch, so every undecided neighbour of a black cell is white.
pub fn black_neighbours<const W: usize>(board: &Board<W>, grid: &Grid<W>) -> Found<W> {
    let black = board.shaded;
    if (black & ((black.shr(1) & grid.not_last_col) | black.shr(grid.cols))).any() {
        let pair = touching_pairs(grid, black)[0];
        return contradiction(Reason::new("black_white.touch", vec![], vec![pair]), pair);
    }
    let mut undecided = board.undecided();
    let near = black & grid.dilate(undecided);
    let mut steps = Vec::new();
    for cell in near.iter() {
        let whites = grid.neighbours[cell] & undecided;
        if whites.any() {
            undecided = undecided.minus(whites);
            steps.push(Step::new(Bits::EMPTY, whites, Reason::new("black_white.neighbours", vec![cell as i64], vec![whites])));
        }
    }
    Ok(steps)
}

/// A group of white cells with white cells elsewhere and one open cell around it: that cell is white.
///
/// Only groups whose every cell has at most one open neighbour can have one
/// exit, so the groups are flooded from such cells alone.  Once this has
/// found nothing (quiet mark `key`), a group can only come to have one exit
/// where a cell in it or around it was decided since, or, if the white cells
/// then were one group, by white cells appearing elsewhere: only the groups
/// of such cells are flooded then, each until it reaches a cell with more
/// open neighbours.
pub fn white_exit<const W: usize>(board: &mut Board<W>, grid: &Grid<W>, key: usize) -> Found<W> {
    let white = board.unshaded;
    let open = board.undecided();
    if white.is_empty() || open.is_empty() {
        return Ok(Vec::new());
    }
    let up = open.shl(grid.cols) & grid.full;
    let down = open.shr(grid.cols);
    let left = open.shl(1) & grid.not_first_col;
    let right = open.shr(1) & grid.not_last_col;
    let many = white & ((up & (down | left | right)) | (down & (left | right)) | (left & right));
    let seeds = (white & grid.dilate(open)).minus(many);
    let groups = match board.since_quiet(key) {
        None => seeded_groups(grid, white, many, seeds),
        Some(news) => {
            let before = white.minus(news);
            groups_near(grid, white, many, seeds, grid.dilate(news) | before.lowest_bit())
        }
    };
    let mut steps = Vec::new();
    let mut found = Bits::EMPTY;
    for group in groups {
        if group == white {
            continue;
        }
        let exits = grid.border(group) & open;
        if exits.at_most_one() && !exits.meets(&found) {
            found |= exits;
            steps.push(Step::new(Bits::EMPTY, exits, Reason::new("black_white.exit", vec![], vec![group, exits])));
        }
    }
    if steps.is_empty() {
        board.mark_quiet(key);
    }
    Ok(steps)
}

/// The groups of `white` cells that hold a seed and no cell of `many`, in the order of their lowest seeds.
fn seeded_groups<const W: usize>(grid: &Grid<W>, white: Bits<W>, many: Bits<W>, mut seeds: Bits<W>) -> Vec<Bits<W>> {
    let mut out = Vec::new();
    while let Some(seed) = seeds.first() {
        let group = grid.flood(Bits::single(seed), white);
        seeds = seeds.minus(group);
        if !group.meets(&many) {
            out.push(group);
        }
    }
    out
}

/// Those of `seeded_groups` that meet `area`, in the same order.  Each flood stops as soon as it reaches a
/// cell of `many` (its group is ruled out), so the large white group costs a few rounds.
fn groups_near<const W: usize>(grid: &Grid<W>, white: Bits<W>, many: Bits<W>, seeds: Bits<W>, area: Bits<W>) -> Vec<Bits<W>> {
    let mut out = Vec::new();
    let mut starts = (white & area).minus(many);
    while let Some(start) = starts.first() {
        let (group, ruled_out) = grid.flood_until(Bits::single(start), white, many);
        starts = starts.minus(group);
        if !ruled_out && group.meets(&seeds) {
            out.push(group);
        }
    }
    out.sort_by_key(|group| (*group & seeds).first());
    out
}

/// The white cells stay one group: cut cells of the not-black graph are white, cells cut off are black.
pub fn connectivity<const W: usize>(board: &Board<W>, grid: &Grid<W>) -> Found<W> {
    let white = board.unshaded;
    if white.is_empty() {
        return Ok(Vec::new());
    }
    let space = grid.full.minus(board.shaded);
    let found = white_cuts(grid, space, white);
    if found.stranded.any() {
        let (a, b) = (white.lowest(), found.stranded.lowest());
        let cells = Bits::single(a).with(b);
        return contradiction(Reason::new("black_white.walled", vec![a as i64, b as i64], vec![]), cells);
    }
    let mut steps = Vec::new();
    if !found.cuts.is_empty() {
        let root = white.lowest();
        let mut cut = Bits::EMPTY;
        let mut ints = vec![root as i64];
        for &(c, w) in &found.cuts {
            cut.insert(c);
            ints.push(c as i64);
            ints.push(w as i64);
        }
        steps.push(Step::new(Bits::EMPTY, cut, Reason::new("black_white.cuts", ints, vec![])));
    }
    let lost = board.undecided().minus(found.reached);
    if lost.any() {
        steps.push(Step::new(lost, Bits::EMPTY, Reason::new("black_white.lost", vec![], vec![lost])));
    }
    Ok(steps)
}

/// What the not-black graph says about the white cells.
pub struct Cuts<const W: usize> {
    /// The not-black cells joined to the lowest white cell.
    pub reached: Bits<W>,
    /// White cells outside that component (any means no solution).
    pub stranded: Bits<W>,
    /// Each undecided cell whose blackening strands a white cell, with one white cell it would strand.
    pub cuts: Vec<(usize, usize)>,
}

/// Candidate cut cells up to which `white_cuts` checks each by a flood rather than run Tarjan.
pub const FLOOD_LIMIT: u32 = 8;
/// How far (in rows and columns) `locally_joined` looks from a candidate.
pub const WINDOW: usize = 2;

/// The cells of `space` whose neighbours in `space` fall into two or more arcs of their ring.
///
/// Going round a cell clockwise (north, east, south, west), a neighbour in
/// `space` starts an arc unless the previous neighbour and the corner between
/// them are in `space` too.  Every articulation point is among the cells this
/// returns.
pub fn local_cuts<const W: usize>(grid: &Grid<W>, space: Bits<W>) -> Bits<W> {
    let (cols, full) = (grid.cols, grid.full);
    let (left_ok, right_ok) = (grid.not_first_col, grid.not_last_col);
    let n = space.shl(cols) & full;
    let s = space.shr(cols);
    let e = space.shr(1) & right_ok;
    let w = space.shl(1) & left_ok;
    let ne = space.shl(cols - 1) & right_ok & full;
    let nw = space.shl(cols + 1) & left_ok & full;
    let se = space.shr(cols + 1) & right_ok;
    let sw = space.shr(cols - 1) & left_ok;
    let start_n = n.minus(w & nw);
    let start_e = e.minus(n & ne);
    let start_s = s.minus(e & se);
    let start_w = w.minus(s & sw);
    let two = (start_n & (start_e | start_s | start_w)) | (start_e & (start_s | start_w)) | (start_s & start_w);
    space & two
}

/// Whether the neighbours of `cell` in `space` are joined through `space` within `WINDOW` rows and
/// columns of it, without passing through it (true proves it no articulation point).
pub fn locally_joined<const W: usize>(grid: &Grid<W>, space: Bits<W>, cell: usize) -> bool {
    if grid.cols <= 2 * WINDOW {
        return false;
    }
    let window = grid.dilate8(grid.dilate8(Bits::single(cell)));
    let local = space & window;
    grid.joined(grid.neighbours[cell] & local, local.without(cell))
}

/// The articulation points of the graph on `space` (the not-black cells) that separate `white` cells.
pub fn white_cuts<const W: usize>(grid: &Grid<W>, space: Bits<W>, white: Bits<W>) -> Cuts<W> {
    let root = white.lowest_bit();
    let reached = grid.flood(root, space);
    let stranded = white.minus(reached);
    let candidates = local_cuts(grid, reached).minus(white);
    let left: Bits<W> = candidates.iter().filter(|&c| !locally_joined(grid, reached, c)).collect();
    if left.is_empty() {
        return Cuts { reached, stranded, cuts: Vec::new() };
    }
    if left.count() > FLOOD_LIMIT {
        return tarjan_cuts(grid, space, white);
    }
    let ours = white & reached;
    let cuts = left
        .iter()
        .filter_map(|c| {
            let cut_off = ours.minus(grid.flood(root, reached.without(c)));
            cut_off.first().map(|w| (c, w))
        })
        .collect();
    Cuts { reached, stranded, cuts }
}

/// `white_cuts` by one iterative Tarjan pass from the lowest white cell.
pub fn tarjan_cuts<const W: usize>(grid: &Grid<W>, space: Bits<W>, white: Bits<W>) -> Cuts<W> {
    let n = grid.size;
    let root = white.lowest();
    let mut disc = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut parent = vec![usize::MAX; n];
    let mut example = vec![usize::MAX; n]; // a white cell in the subtree
    let mut is_cut = vec![false; n];
    let mut cuts = Vec::new();
    let mut reached = Bits::single(root);
    disc[root] = 0;
    low[root] = 0;
    example[root] = root;
    let mut counter = 1;
    let mut path = vec![(root, 0usize)];
    while let Some(&(v, start)) = path.last() {
        let around = &grid.neighbour_lists[v];
        let mut descended = None;
        let mut next = start;
        while next < around.len() {
            let u = around[next];
            next += 1;
            if !space.has(u) {
                continue;
            }
            if disc[u] == usize::MAX {
                disc[u] = counter;
                low[u] = counter;
                counter += 1;
                parent[u] = v;
                if white.has(u) {
                    example[u] = u;
                }
                reached.insert(u);
                descended = Some(u);
                break;
            }
            if disc[u] < low[v] && u != parent[v] {
                low[v] = disc[u];
            }
        }
        if let Some(u) = descended {
            path.last_mut().expect("on the path").1 = next;
            path.push((u, 0));
            continue;
        }
        path.pop();
        let p = parent[v];
        if p == usize::MAX {
            continue;
        }
        low[p] = low[p].min(low[v]);
        let ex = example[v];
        if ex != usize::MAX {
            if example[p] == usize::MAX {
                example[p] = ex;
            }
            if low[v] >= disc[p] && !white.has(p) && !is_cut[p] {
                is_cut[p] = true;
                cuts.push((p, ex));
            }
        }
    }
    Cuts { reached, stranded: white.minus(reached), cuts }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The undecided cells whose blackening strands a white cell, one flood a cell.
    fn blunt(grid: &Grid<2>, space: Bits<2>, white: Bits<2>) -> Bits<2> {
        let root = white.lowest_bit();
        let reached = grid.flood(root, space);
        (reached.minus(white))
            .iter()
            .filter(|&c| (grid.flood(root, space.without(c)) & white) != (white & reached))
            .collect()
    }

    #[test]
    fn cuts_agree_with_one_flood_a_cell() {
        let grid: Grid<2> = Grid::new(7, 9);
        let mut seed = 12345u64;
        for _ in 0..400 {
            let mut black = Bits::EMPTY;
            let mut white = Bits::EMPTY;
            for cell in 0..grid.size {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                match seed >> 61 {
                    0 | 1 => black.insert(cell),
                    2 => white.insert(cell),
                    _ => {}
                }
            }
            if white.is_empty() {
                continue;
            }
            let space = grid.full.minus(black);
            let expected = blunt(&grid, space, white);
            for found in [white_cuts(&grid, space, white), tarjan_cuts(&grid, space, white)] {
                let cuts: Bits<2> = found.cuts.iter().map(|&(c, _)| c).collect();
                assert_eq!(cuts, expected);
                for &(c, w) in &found.cuts {
                    assert!(white.has(w) && !grid.flood(root_of(white), space.without(c)).has(w));
                }
            }
        }
    }

    fn root_of(white: Bits<2>) -> Bits<2> {
        white.lowest_bit()
    }
}
