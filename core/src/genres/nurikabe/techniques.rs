//! Nurikabe's techniques, cheapest first (the order of `TECHNIQUES`).
//!
//! | technique        | idea |
//! |------------------|------|
//! | island_complete  | a full island is walled off by sea |
//! | all_complete     | once every numbered island is full, the rest is sea |
//! | cell_count       | the clues fix how many cells are land and how many sea |
//! | separate_clues   | a cell touching two islands is sea |
//! | no_pool          | three sea cells of a 2x2 block make the fourth land |
//! | island_exit      | land with one way out extends through it |
//! | sea_exit         | a sea part with one way out extends through it |
//! | sea_budget       | joining the sea's parts needs more cells than are left |
//! | sea_reach        | a cell the sea cells left cannot reach from some sea part is land |
//! | unreachable      | a cell no island can reach within its size is sea |
//! | island_shapes    | every way to finish a small island agrees on a cell |
//! | forced           | a value that breaks a rule at once is wrong |
//! | errand           | land only one island can supply fixes its passes and its limits |
//! | enclosed_island  | an island kept off the edge needs a fence of sea it can afford |
//!
//! Every technique returns only what holds in every solution of the board
//! it is given; over-approximations (reach, room) only rule values out.

use std::sync::atomic::Ordering;

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;
use crate::step::{contradiction, Found, Reason, Step};

use super::analysis::{analysis, Analysis};
use super::errands::errands;
use super::fence::{fence_boxes, walled_off, Span};
use super::islands::{bounded_reach, cannot_lose, passable, prospects, Prospects, SHAPES_MAX_NEED};
use super::sea::{gap, sea_parts, separating};
use super::Nurikabe;

/// `errand` looks only at islands that still need at most this many cells.
pub const ERRAND_MAX_NEED: i64 = 40;
/// `forced` looks for the cell an island cannot lose only when its room is this close to its need.
pub const ROOM_SLACK: i64 = 12;

/// What technique `index` of `TECHNIQUES` finds.
pub fn find<const W: usize>(puzzle: &Nurikabe<W>, index: usize, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    match index {
        0 => island_complete(puzzle, board, grid),
        1 => all_complete(puzzle, board, grid),
        2 => cell_count(puzzle, board, grid),
        3 => separate_clues(puzzle, board, grid),
        4 => no_pool(board, grid),
        5 => island_exit(puzzle, board, grid),
        6 => sea_exit(board, grid),
        7 => sea_budget(puzzle, board, grid),
        8 => sea_reach(puzzle, board, grid),
        9 => unreachable(puzzle, board, grid),
        10 => island_shapes(puzzle, board, grid),
        11 => forced(puzzle, board, grid),
        12 => errand(puzzle, board, grid),
        13 => enclosed_island(puzzle, board, grid),
        _ => Ok(Vec::new()),
    }
}

fn island_complete<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let a = analysis(board, grid, puzzle)?;
    let open_walls = a.complete_walls & a.unknown;
    let mut steps = Vec::new();
    if open_walls.is_empty() {
        return Ok(steps);
    }
    for island in &a.islands {
        if island.border.meets(&open_walls) && island.is_complete() {
            let walls = island.border & a.unknown;
            steps.push(Step::new(walls, Bits::EMPTY, Reason::new("nurikabe.complete", island.named().to_vec(), vec![walls])));
        }
    }
    Ok(steps)
}

fn all_complete<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let a = analysis(board, grid, puzzle)?;
    if a.unknown.is_empty() || !a.growing.is_empty() {
        return Ok(Vec::new());
    }
    if !a.strays.is_empty() {
        return contradiction(Reason::new("nurikabe.stray_land", vec![], vec![a.stray_cells]), a.stray_cells);
    }
    Ok(vec![Step::new(a.unknown, Bits::EMPTY, Reason::plain("nurikabe.all_complete"))])
}

fn cell_count<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let Some(land_cells) = puzzle.clue_total else {
        return Ok(Vec::new());
    };
    let sea_total = grid.size as i64 - land_cells;
    let land = board.unshaded.count() as i64;
    let sea = board.shaded.count() as i64;
    let open = board.undecided();
    if land > land_cells || sea > sea_total {
        return contradiction(Reason::new("nurikabe.count", vec![land_cells, sea_total, land, sea], vec![]), Bits::EMPTY);
    }
    if land == land_cells && open.any() {
        return Ok(vec![Step::new(open, Bits::EMPTY, Reason::new("nurikabe.land_known", vec![land_cells], vec![]))]);
    }
    if sea == sea_total && open.any() {
        return Ok(vec![Step::new(Bits::EMPTY, open, Reason::new("nurikabe.sea_known", vec![sea_total], vec![]))]);
    }
    Ok(Vec::new())
}

fn separate_clues<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let a = analysis(board, grid, puzzle)?;
    let between = a.touched_twice & a.unknown;
    let mut steps = Vec::new();
    for cell in between.iter() {
        let mut ints = vec![cell as i64];
        for island in a.islands.iter().filter(|i| i.border.has(cell)).take(2) {
            ints.extend(island.named());
        }
        steps.push(Step::new(Bits::single(cell), Bits::EMPTY, Reason::new("nurikabe.separate", ints, vec![])));
    }
    Ok(steps)
}

fn no_pool<const W: usize>(board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let sea = board.shaded;
    let pools = grid.pools(sea);
    if let Some(corner) = pools.first() {
        let block = grid.window(corner);
        return contradiction(Reason::new("nurikabe.pool_ahead", vec![], vec![block]), block);
    }
    let land = grid.pool_breakers(sea, board.undecided());
    Ok(land
        .iter()
        .map(|cell| Step::new(Bits::EMPTY, Bits::single(cell), Reason::new("nurikabe.no_pool", vec![cell as i64], vec![])))
        .collect())
}

fn island_exit<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let a = analysis(board, grid, puzzle)?;
    let mut steps = Vec::new();
    let mut taken = Bits::EMPTY;
    let free = a.unknown.minus(a.touched_twice); // on an island's border, the cells touching no other island
    for island in a.growing() {
        let Some(number) = island.number else { continue };
        let exits = island.border & free;
        if exits.is_empty() {
            return contradiction(Reason::new("nurikabe.stuck", vec![island.clue_cell as i64, number], vec![]), island.cells);
        }
        if exits.at_most_one() && !exits.meets(&taken) {
            taken |= exits;
            steps.push(Step::new(Bits::EMPTY, exits, Reason::new("nurikabe.island_exit", island.named().to_vec(), vec![exits])));
        }
    }
    for &stray in &a.strays {
        let exits = grid.border(stray) & a.unknown;
        if exits.is_empty() {
            return contradiction(Reason::new("nurikabe.stray_stuck", vec![], vec![stray]), stray);
        }
        if exits.at_most_one() && !exits.meets(&taken) {
            taken |= exits;
            steps.push(Step::new(Bits::EMPTY, exits, Reason::new("nurikabe.stray_exit", vec![], vec![stray, exits])));
        }
    }
    Ok(steps)
}

fn sea_exit<const W: usize>(board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let parts = sea_parts(board, grid);
    let mut steps = Vec::new();
    if parts.parts.len() < 2 {
        return Ok(steps);
    }
    let open = board.undecided();
    let mut taken = Bits::EMPTY;
    for &(part, border) in &parts.parts {
        let exits = border & open;
        if exits.is_empty() {
            return contradiction(Reason::new("nurikabe.sea_cut_off", vec![], vec![part]), part);
        }
        if exits.at_most_one() && !exits.meets(&taken) {
            taken |= exits;
            steps.push(Step::new(exits, Bits::EMPTY, Reason::new("nurikabe.sea_exit", vec![], vec![part, exits])));
        }
    }
    Ok(steps)
}

/// The sea cells still to come cannot join the sea's parts: a contradiction.
///
/// With every clue a number, the sea has a known size.  Joining its parts
/// takes new sea cells: part `i` is `g_i` open cells from the nearest other
/// part, so any joining tree uses at least `g_i / 2` cells within `g_i / 2`
/// steps of part `i`, and those neighbourhoods do not overlap.
fn sea_budget<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let Some(land_cells) = puzzle.clue_total else {
        return Ok(Vec::new());
    };
    let parts = sea_parts(board, grid);
    if parts.parts.len() < 2 {
        return Ok(Vec::new());
    }
    let budget = grid.size as i64 - land_cells - board.shaded.count() as i64;
    let open = board.undecided();
    let sea = board.shaded;
    let (mut one, mut shared) = (Bits::EMPTY, Bits::EMPTY);
    for &(_, border) in &parts.parts {
        shared |= one & border;
        one |= border;
    }
    shared &= open;
    let mut needed = 0;
    for &(part, border) in &parts.parts {
        if border.meets(&shared) && budget != 0 {
            continue; // one open cell joins it to another part: a gap of 1 costs nothing
        }
        let found = gap(grid, part, border & open, sea.minus(part), open, budget);
        if found == 0 || found > budget {
            return contradiction(Reason::new("nurikabe.sea_far", vec![budget], vec![part]), part);
        }
        needed += found / 2;
        if needed > budget {
            let n = parts.parts.len() as i64;
            return contradiction(Reason::new("nurikabe.sea_short", vec![n, budget], vec![]), sea);
        }
    }
    Ok(Vec::new())
}

/// An open cell the sea cells still to come cannot join to a sea part is land.
///
/// Looked for only while fewer sea cells are left than the board's rows and
/// columns together: with more, a sea cell to come can reach almost anywhere.
fn sea_reach<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let sea = board.shaded;
    let Some(land_cells) = puzzle.clue_total.filter(|_| sea.any()) else {
        return Ok(Vec::new());
    };
    let left = grid.size as i64 - land_cells - sea.count() as i64;
    let open = board.undecided();
    if left >= (grid.rows + grid.cols) as i64 || left >= open.count() as i64 {
        return Ok(Vec::new());
    }
    let mut allowed = open;
    let parts = sea_parts(board, grid);
    for &(part, _) in &parts.parts {
        let mut seen = part;
        for _ in 0..left.max(0) {
            let grown = (grid.dilate(seen) & open).minus(seen);
            if grown.is_empty() {
                break;
            }
            seen |= grown;
            let touched = (grid.dilate(grown) & sea).minus(seen);
            if touched.any() {
                for &(other, _) in &parts.parts {
                    if other.meets(&touched) {
                        seen |= other;
                    }
                }
            }
            if allowed.within(&seen) {
                break;
            }
        }
        allowed &= seen;
    }
    let far = open.minus(allowed);
    if far.is_empty() {
        return Ok(Vec::new());
    }
    Ok(vec![Step::new(Bits::EMPTY, far, Reason::new("nurikabe.sea_reach", vec![left], vec![far]))])
}

fn unreachable<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let a = analysis(board, grid, puzzle)?;
    let reached = prospects(board, grid, puzzle)?.reach;
    let lost = a.stray_cells.minus(reached);
    if lost.any() {
        return contradiction(Reason::new("nurikabe.unreached_land", vec![], vec![lost]), lost);
    }
    let far = a.unknown.minus(reached);
    if far.is_empty() {
        return Ok(Vec::new());
    }
    Ok(vec![Step::new(far, Bits::EMPTY, Reason::new("nurikabe.unreachable", vec![], vec![far]))])
}

/// Every way to finish each small island; what all of them agree on holds.
fn island_shapes<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let a = analysis(board, grid, puzzle)?;
    let open = prospects(board, grid, puzzle)?;
    for island in a.growing() {
        let Some(need) = island.need.filter(|&n| n != 0 && n <= SHAPES_MAX_NEED) else { continue };
        let prospect = open.by_index[island.index].as_ref().expect("a growing island has a prospect");
        let Some(shapes) = &prospect.shapes else { continue };
        if need == 0 || prospect.shapes_quiet.load(Ordering::Relaxed) {
            continue;
        }
        if shapes.is_empty() {
            let reason = Reason::new("nurikabe.no_shape", island.named().to_vec(), vec![]);
            return contradiction(reason, island.cells);
        }
        let (land, sea) = prospect.agreed;
        let (land, sea) = (land & a.unknown, sea & a.unknown);
        if (land | sea).any() {
            let mut ints = island.named().to_vec();
            ints.push(shapes.len() as i64);
            return Ok(vec![Step::new(sea, land, Reason::new("nurikabe.shapes", ints, vec![land, sea]))]);
        }
        prospect.shapes_quiet.store(true, Ordering::Relaxed);
    }
    Ok(Vec::new())
}

/// Cells where one value breaks a rule at once, so they take the other.
fn forced<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let a = analysis(board, grid, puzzle)?;
    let steps = oversize(&a, grid);
    if !steps.is_empty() {
        return Ok(steps);
    }
    let steps = room(puzzle, &a, board, grid)?;
    if !steps.is_empty() {
        return Ok(steps);
    }
    sea_cut(&a, board, grid)
}

/// Land at a cell that would join an island to stray land beyond the island's size is sea.
fn oversize<const W: usize>(a: &Analysis<W>, grid: &Grid<W>) -> Vec<Step<W>> {
    let mut steps = Vec::new();
    if a.strays.is_empty() {
        return steps;
    }
    let near_stray = grid.dilate(a.stray_cells) & a.unknown;
    for island in a.growing() {
        let Some(number) = island.number else { continue };
        for cell in (island.border & near_stray).iter() {
            let near = grid.neighbours[cell];
            let joined: i64 = a.strays.iter().filter(|s| s.meets(&near)).map(|s| s.count() as i64).sum();
            if joined > 0 && island.size + 1 + joined > number {
                let ints = vec![cell as i64, island.clue_cell as i64, number, joined];
                steps.push(Step::new(Bits::single(cell), Bits::EMPTY, Reason::new("nurikabe.oversize", ints, vec![])));
            }
        }
    }
    steps
}

/// An island with too little room is a contradiction; a cell it cannot lose is land.
fn room<const W: usize>(
    puzzle: &Nurikabe<W>,
    a: &Analysis<W>,
    board: &mut Board<W>,
    grid: &Grid<W>,
) -> Result<Vec<Step<W>>, crate::step::Stop<W>> {
    let open = prospects(board, grid, puzzle)?;
    let mut steps = Vec::new();
    for island in a.growing() {
        let Some(number) = island.number else { continue };
        let prospect = open.by_index[island.index].as_ref().expect("a growing island has a prospect");
        if prospect.room_quiet.load(Ordering::Relaxed) {
            continue;
        }
        let reach = prospect.reach;
        let size = reach.count() as i64;
        if size < number {
            let reason = Reason::new("nurikabe.no_room", vec![island.clue_cell as i64, number, size], vec![]);
            return contradiction(reason, reach);
        }
        if size - number > ROOM_SLACK {
            prospect.room_quiet.store(true, Ordering::Relaxed);
            continue;
        }
        let need = number - island.size;
        let region = if prospect.shapes.is_some() {
            bounded_reach(grid, island.cells, Some(need), passable(a, island))
        } else {
            reach
        };
        for cell in cannot_lose(grid, island.cells, need, region, reach & a.unknown).iter() {
            let ints = vec![cell as i64, island.clue_cell as i64, number];
            steps.push(Step::new(Bits::EMPTY, Bits::single(cell), Reason::new("nurikabe.cannot_lose", ints, vec![])));
        }
        if !steps.is_empty() {
            return Ok(steps);
        }
        prospect.room_quiet.store(true, Ordering::Relaxed);
    }
    Ok(steps)
}

/// An open cell whose being land would split the sea is sea.
fn sea_cut<const W: usize>(a: &Analysis<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let sea = a.sea;
    if sea.at_most_one() {
        return Ok(Vec::new());
    }
    let Some(cuts) = separating(grid, board.shaded | board.undecided(), board.shaded) else {
        return contradiction(Reason::plain("nurikabe.sea_split"), sea);
    };
    Ok((cuts & a.unknown)
        .iter()
        .map(|c| Step::new(Bits::single(c), Bits::EMPTY, Reason::new("nurikabe.sea_cut", vec![c as i64], vec![])))
        .collect())
}

/// Land only one island can supply (a landless 2x2 block's, or stray land) fixes that island's way.
fn errand<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let a = analysis(board, grid, puzzle)?;
    let wanted: Vec<usize> = a
        .growing()
        .filter(|i| i.need.is_some_and(|n| n <= ERRAND_MAX_NEED))
        .map(|i| i.index)
        .collect();
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let open = prospects(board, grid, puzzle)?;
    let reaches = reaches(&a, &open);
    let found = errands(grid, a.land, a.unknown, &a.strays, &reaches, &wanted);
    let mut done = Bits::EMPTY;
    let mut steps = Vec::new();
    for job in found {
        let island = a.island(job.island).expect("an errand's island");
        let need = island.need.expect("a numbered island");
        let others = reaches.iter().filter(|(k, _)| *k != job.island).fold(Bits::EMPTY, |all, (_, r)| all | *r);
        let room = passable(&a, island);
        let costs = puzzle.errand_costs.costs(grid, island.cells, job.cells, room, need);
        let mine = (open.reach_of(job.island).unwrap_or_default() & a.unknown).minus(done);
        let passes = costs.passes & mine;
        let beyond = mine.minus(others).minus(costs.affordable).minus(passes);
        if (passes | beyond).any() {
            done |= passes | beyond;
            let mut ints = island.named().to_vec();
            ints.push(job.stray as i64);
            steps.push(Step::new(beyond, passes, Reason::new("nurikabe.errand", ints, vec![job.block, passes, beyond])));
        }
    }
    Ok(steps)
}

/// Each growing island's reach, by clue index in order.
fn reaches<const W: usize>(a: &Analysis<W>, open: &Prospects<W>) -> Vec<(usize, Bits<W>)> {
    a.growing().map(|i| (i.index, open.reach_of(i.index).expect("a prospect"))).collect()
}

/// An island that cannot reach the edge lies in a box the sea can fence (see `fence`).
///
/// The clues bound the sea's size `S` (they fix it when all are numbers; a
/// `?` island has at least the cells it has).  The island fills one of the
/// boxes that meet the bound and hold room for it: a cell of none of them is
/// not its (sea, when no other island can reach it), and when every such box
/// is exactly its number, the island is the box, and the cells all of them
/// share are land.  Tried only when the largest box the island could span
/// breaks the bound.
fn enclosed_island<const W: usize>(puzzle: &Nurikabe<W>, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
    let a = analysis(board, grid, puzzle)?;
    let open = prospects(board, grid, puzzle)?;
    let islands_total: i64 = a.islands.iter().map(|i| i.number.unwrap_or(i.size)).sum();
    let sea_size = grid.size as i64 - islands_total;
    let exact = puzzle.clue_total.is_some();
    let reach_of = |index: usize| open.reach_of(index);
    let sea_rows = a.sea.any().then(|| grid.row_span(a.sea));
    let sea_cols = a.sea.any().then(|| grid.col_span(a.sea));
    for island in a.growing() {
        if island.cells.meets(&grid.edge) {
            continue;
        }
        let number = island.number.unwrap_or(island.size);
        let reach = reach_of(island.index).unwrap_or(island.cells);
        let room = grid.flood(island.cells, (reach | island.cells).minus(grid.edge));
        let rows = Span { core: grid.row_span(island.cells), limit: grid.row_span(room), sea: sea_rows };
        let cols = Span { core: grid.col_span(island.cells), limit: grid.col_span(room), sea: sea_cols };
        let widest_rows = Span { core: rows.limit, ..rows };
        let widest_cols = Span { core: cols.limit, ..cols };
        if !fence_boxes(widest_rows, widest_cols, 1, sea_size).is_empty() {
            continue; // the largest box meets the bound, so every box does
        }
        let Some(why) = walled_off(grid, &a, island, &reach_of) else { continue };
        let mut boxes = Vec::new();
        for found in fence_boxes(rows, cols, number, sea_size) {
            let rect = grid.rect(found.0, found.1, found.2, found.3);
            if grid.flood(island.cells, rect & room).count() as i64 >= number {
                boxes.push((found, rect));
            }
        }
        let mut head = why.clone();
        head.extend([exact as i64, sea_size]);
        if boxes.is_empty() {
            return contradiction(Reason::new("nurikabe.fence_none", head, vec![]), island.cells);
        }
        let inside = boxes.iter().fold(Bits::EMPTY, |all, (_, rect)| all | *rect);
        let others = a
            .growing()
            .filter(|o| o.index != island.index)
            .fold(Bits::EMPTY, |all, o| all | reach_of(o.index).unwrap_or_default());
        let outside = reach.minus(inside).minus(others);
        let lost = outside & a.stray_cells;
        if lost.any() {
            return contradiction(Reason::new("nurikabe.fence_stray", head, vec![lost]), lost);
        }
        let sea = outside & a.unknown;
        let mut land = Bits::EMPTY;
        if island.number.is_some() && boxes.iter().all(|(_, rect)| rect.count() as i64 == number) {
            land = boxes.iter().fold(grid.full, |all, (_, rect)| all & *rect) & a.unknown;
        }
        if (sea | land).any() {
            let (top, bottom, left, right) = boxes[0].0;
            let mut ints = head;
            ints.extend(island.named());
            ints.extend([boxes.len() as i64, top as i64, bottom as i64, left as i64, right as i64]);
            return Ok(vec![Step::new(sea, land, Reason::new("nurikabe.fence", ints, vec![sea, land]))]);
        }
    }
    Ok(Vec::new())
}
