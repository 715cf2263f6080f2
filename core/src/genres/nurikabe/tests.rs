//! Every technique against the brute-force oracle on small boards, the ladder on the doc example, and the
//! lemmas the techniques rest on against references that share nothing with them: an island's completions
//! against an enumeration of subsets, the errands against a block-by-block reading of their definition,
//! what fetching an errand costs against every island that fetches it, the fence's perimeter bound on
//! random walled-in islands, and the separating cells of the sea against one flood a cell.

use std::collections::BTreeSet;

use super::analysis::analysis;
use super::errands::{errand_costs, errands};
use super::fence::{fence_boxes, must_reach_edge, Span};
use super::islands::{completions, passable, prospects};
use super::sea::separating;
use super::*;
use crate::budget::Budget;
use crate::ladder::{Context, Rung, Trace, Work};
use crate::level::Level;
use crate::oracle::{disagreement, solutions, Stream};
use crate::step::Stop;

type B = Bits<1>;

fn puzzle(rows: usize, cols: usize, clues: &[(usize, Option<i64>)]) -> (Grid<1>, Box<dyn Ruleset<1>>) {
    let grid = Grid::new(rows, cols);
    let ruleset = ruleset(&grid, &Clues { clues: clues.to_vec(), rooms: None }).expect("a valid puzzle");
    (grid, ruleset)
}

fn context(rows: usize, cols: usize, clues: &[(usize, Option<i64>)]) -> Context<1> {
    let (grid, ruleset) = puzzle(rows, cols, clues);
    let rungs = TECHNIQUES
        .iter()
        .enumerate()
        .map(|(i, name)| Rung { name: name.to_string(), level: Level::Medium, work: Work::Native(i) })
        .collect();
    Context::new(grid, ruleset, rungs, vec![])
}

#[test]
fn the_doc_example_solves_by_the_ladder() {
    // nurikabe:3x3:.,.,.,.,.,.,5,.,1 -> --- / -## / -#-
    let context = context(3, 3, &[(6, Some(5)), (8, Some(1))]);
    let mut board = context.board(B::EMPTY, B::single(6).with(8)).unwrap();
    let mut trace = Trace::new(true);
    context.run(&mut board, Level::Expert, &mut trace, None, &Budget::unlimited()).unwrap();
    assert!(board.is_complete());
    assert_eq!(board.shaded, [4, 5, 7].into_iter().collect());
}

#[test]
fn every_technique_agrees_with_every_solution() {
    let mut stream = Stream(2024);
    let mut checked = 0;
    for round in 0..800 {
        let (rows, cols) = (2 + stream.below(3) as usize, 2 + stream.below(3) as usize);
        let size = rows * cols;
        let mut clues = Vec::new();
        for cell in 0..size {
            if stream.below(5) == 0 {
                let number = if stream.below(8) == 0 { None } else { Some(1 + stream.below(4) as i64) };
                clues.push((cell, number));
            }
        }
        if clues.is_empty() {
            continue;
        }
        let (grid, ruleset) = puzzle(rows, cols, &clues);
        let clue_mask: B = clues.iter().map(|&(c, _)| c).collect();
        let start = Board::new(grid.full, B::EMPTY, clue_mask).unwrap();
        let all = solutions(ruleset.as_ref(), &grid, &start);
        // a partial board: the start with random cells decided, as some solution has them or at random
        let mut board = start.copy();
        let pick = all.get(round % all.len().max(1)).copied();
        for cell in (grid.full.minus(clue_mask)).iter() {
            match stream.below(3) {
                0 => {}
                _ => {
                    let shaded = match pick {
                        Some(s) if stream.below(6) != 0 => s.has(cell),
                        _ => stream.below(2) == 0,
                    };
                    let (s, u) = if shaded { (B::single(cell), B::EMPTY) } else { (B::EMPTY, B::single(cell)) };
                    board.assign(s, u).unwrap();
                }
            }
        }
        let agreeing: Vec<B> = all.iter().copied().filter(|s| board.shaded.within(s) && !s.meets(&board.unshaded)).collect();
        for (index, name) in TECHNIQUES.iter().enumerate() {
            let mut look = board.copy();
            match ruleset.find(index, &mut look, &grid) {
                Ok(steps) => {
                    for step in steps {
                        let wrong = disagreement(&agreeing, step.shade, step.unshade);
                        assert!(wrong.is_empty(), "{name} is wrong at {wrong:?} on {clues:?} {rows}x{cols}");
                    }
                }
                Err(Stop::Contradiction(found)) => {
                    assert!(agreeing.is_empty(), "{name} says {:?} on a board with solutions", found.reason);
                }
                Err(other) => panic!("{other:?}"),
            }
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

#[test]
fn the_check_names_each_rule() {
    let (grid, ruleset) = puzzle(2, 2, &[(0, Some(2))]);
    let rules = |shaded: B| ruleset.check(shaded, &grid).iter().map(|v| v.rule).collect::<Vec<_>>();
    assert_eq!(rules([2, 3].into_iter().collect()), Vec::<&str>::new());
    assert_eq!(rules([0, 3].into_iter().collect()), vec!["R5", "R2", "R2", "R1", "R3"]);
    assert_eq!(rules(grid.full), vec!["R5", "R1", "R4"]);
}

// -- random boards -------------------------------------------------------------

type B2 = Bits<2>;

/// A random cell of a non-empty mask.
fn pick<const W: usize>(stream: &mut Stream, mask: Bits<W>) -> usize {
    let cells: Vec<usize> = mask.iter().collect();
    cells[stream.below(cells.len() as u64) as usize]
}

/// A connected set of at least `percent`% of the cells, grown at random from one cell (2x2 blocks allowed).
fn random_sea<const W: usize>(grid: &Grid<W>, stream: &mut Stream, percent: usize) -> Bits<W> {
    let mut sea = Bits::single(stream.below(grid.size as u64) as usize);
    while (sea.count() as usize) * 100 < grid.size * percent {
        sea.insert(pick(stream, grid.border(sea)));
    }
    sea
}

/// A sea walling one random island off the edge with little more sea than its border: the island grown
/// at random inside the edge (its holes filled), its border joined up by shortest paths around it.
fn fence_sea<const W: usize>(grid: &Grid<W>, stream: &mut Stream) -> Bits<W> {
    let interior = grid.full.minus(grid.edge);
    let mut blob = Bits::single(pick(stream, interior));
    let size = 1 + stream.below((interior.count() as u64 * 2 / 3).max(1)) as u32;
    while blob.count() < size {
        blob.insert(pick(stream, grid.border(blob) & interior));
    }
    let blob = grid.full.minus(grid.flood(grid.edge, grid.full.minus(blob)));
    let mut sea = grid.border(blob);
    loop {
        let parts = grid.components(sea);
        if parts.len() < 2 {
            return sea;
        }
        let rings = grid.distances(parts[0], grid.full.minus(blob), grid.size);
        let far = (1..rings.len()).find(|&d| rings[d].meets(&sea.minus(parts[0]))).expect("the border is joined round");
        let mut cur = Bits::single(pick(stream, rings[far] & sea.minus(parts[0])));
        for ring in rings[1..far].iter().rev() {
            cur = Bits::single(pick(stream, grid.dilate(cur) & *ring));
            sea |= cur;
        }
    }
}

/// A Nurikabe puzzle with the clues `(cell, number)`, in cell order.
fn numbered<const W: usize>(clues: Vec<(usize, Option<i64>)>) -> Nurikabe<W> {
    let clue_mask = clues.iter().map(|&(c, _)| c).collect();
    let clue_total = clues.iter().map(|&(_, n)| n).sum();
    Nurikabe { clues, clue_mask, clue_total, errand_costs: Default::default() }
}

/// The Nurikabe puzzle whose islands are the cells off `sea`, each clued with its size at a random cell.
fn clued<const W: usize>(grid: &Grid<W>, sea: Bits<W>, stream: &mut Stream) -> Nurikabe<W> {
    let islands = grid.components(grid.full.minus(sea));
    let mut clues: Vec<(usize, Option<i64>)> =
        islands.into_iter().map(|island| (pick(stream, island), Some(island.count() as i64))).collect();
    clues.sort_unstable();
    numbered(clues)
}

// -- completions ---------------------------------------------------------------

/// Every way to add `need` cells of `room` to `cells` keeping it connected, with a wall (the cells round
/// the finished island) that touches no `land` and closes no 2x2 block of `sea`: every subset of the
/// cells within `need` steps, kept when connected.  In the numeric order of the cells added.
fn subset_completions<const W: usize>(
    grid: &Grid<W>,
    cells: Bits<W>,
    need: usize,
    room: Bits<W>,
    land: Bits<W>,
    sea: Bits<W>,
) -> Vec<(Bits<W>, Bits<W>)> {
    fn choose<const W: usize>(from: &[usize], need: usize, chosen: Bits<W>, out: &mut Vec<Bits<W>>) {
        if need == 0 {
            out.push(chosen);
            return;
        }
        for (i, &cell) in from.iter().enumerate() {
            if from.len() - i >= need {
                choose(&from[i + 1..], need - 1, chosen.with(cell), out);
            }
        }
    }
    let rings = grid.distances(cells, room | cells, need);
    let near: Vec<usize> = rings.into_iter().fold(Bits::EMPTY, |all, r| all | r).minus(cells).iter().collect();
    let mut subsets = Vec::new();
    choose(&near, need, Bits::EMPTY, &mut subsets);
    let mut out: Vec<(Bits<W>, Bits<W>)> = subsets
        .into_iter()
        .filter(|&extra| grid.flood(cells, cells | extra) == cells | extra)
        .map(|extra| (extra, grid.border(cells | extra)))
        .filter(|&(_, wall)| !wall.meets(&land) && grid.pools(sea | wall).is_empty())
        .collect();
    out.sort_unstable();
    out
}

#[test]
fn completions_are_the_connected_subsets_whose_walls_fit() {
    // Boards cut from random solution-like shadings, 70% shown.  The enumeration reads the sea within
    // `need + 2` steps of the island: against that sea the answer is exact, and against the whole
    // board's it loses no completion (a block it does not see can only keep a completion in).
    let mut stream = Stream(5);
    let (mut compared, mut near_top, mut near_bottom, mut walled) = (0, 0, 0, 0);
    for _ in 0..500 {
        let grid: Grid<2> = Grid::new(6 + stream.below(5) as usize, 6 + stream.below(5) as usize);
        let percent = 45 + stream.below(25) as usize;
        let sea = random_sea(&grid, &mut stream, percent);
        let puzzle = clued(&grid, sea, &mut stream);
        let shown: B2 = (0..grid.size).filter(|_| stream.below(10) < 7).collect();
        let mut board = Board::new(grid.full, shown & sea, (shown.minus(sea)) | puzzle.clue_mask).unwrap();
        let a = analysis(&mut board, &grid, &puzzle).expect("a board cut from a solution");
        for island in a.growing() {
            let Some(need) = island.need.filter(|&n| (1..=islands::SHAPES_MAX_NEED).contains(&n)) else { continue };
            let Some(found) = completions(&grid, &a, island, need) else { continue };
            let room = passable(&a, island);
            let near = grid.ball(island.cells, need as usize + 2);
            let exact = subset_completions(&grid, island.cells, need as usize, room, a.land, a.sea & near);
            assert_eq!(found, exact, "{:?} needing {need} on {:?}", island.cells, (board.shaded, board.unshaded));
            let whole = subset_completions(&grid, island.cells, need as usize, room, a.land, a.sea);
            assert!(whole.iter().all(|shape| found.contains(shape)));
            compared += 1;
            let unwalled = subset_completions(&grid, island.cells, need as usize, room, B2::EMPTY, B2::EMPTY);
            walled += (found.len() < unwalled.len()) as usize;
            let (top, bottom) = grid.row_span(island.cells);
            near_top += (top <= need as usize + 2) as usize;
            near_bottom += (bottom + need as usize + 2 >= grid.rows - 1) as usize;
        }
    }
    let seen = (compared, walled, near_top, near_bottom);
    assert!(compared > 300 && walled > 100 && near_top > 50 && near_bottom > 50, "{seen:?}");
}

#[test]
fn a_block_at_the_far_edge_of_what_completions_read_rules_one_out() {
    // The 3 at r6c3 holds r6c3-r6c4 and needs one more cell.  Taking r5c3 puts its wall at r4c3, which
    // closes the block r3c3-r4c4 with the sea at r3c3, r3c4 and r4c4: a block reaching `need + 2` rows
    // above the island, the farthest the enumeration reads.
    let grid: Grid<1> = Grid::new(8, 5);
    let cell = |r: usize, c: usize| r * 5 + c;
    let puzzle = numbered(vec![(cell(5, 2), Some(3))]);
    let sea: B = [cell(2, 2), cell(2, 3), cell(3, 3)].into_iter().collect();
    let mut board = Board::new(grid.full, sea, puzzle.clue_mask.with(cell(5, 3))).unwrap();
    let a = analysis(&mut board, &grid, &puzzle).unwrap();
    let island = a.growing().next().unwrap();
    let found = completions(&grid, &a, island, 1).unwrap();
    let extras: Vec<B> = found.iter().map(|&(extra, _)| extra).collect();
    let expected: Vec<B> =
        [cell(4, 3), cell(5, 1), cell(5, 4), cell(6, 2), cell(6, 3)].into_iter().map(B::single).collect();
    assert_eq!(extras, expected);
    assert_eq!(found, subset_completions(&grid, island.cells, 1, passable(&a, island), a.land, a.sea));
}

// -- errands -------------------------------------------------------------------

#[test]
fn errands_need_a_single_owner() {
    let grid: Grid<1> = Grid::new(2, 2);
    let full = grid.full;
    assert!(errands(&grid, B::EMPTY, full, &[], &[(0, full), (1, B::single(0))], &[0, 1]).is_empty());
    let found = errands(&grid, B::EMPTY, full, &[], &[(0, full), (1, B::EMPTY)], &[0, 1]);
    assert_eq!(found.iter().map(|e| (e.island, e.cells, e.stray)).collect::<Vec<_>>(), vec![(0, full, false)]);
}

#[test]
fn errands_are_the_blocks_one_wanted_island_alone_reaches() {
    // `errands` picks its blocks with whole-board masks; here each block is looked at on its own, from
    // the definition: no land in it, and its open cells reached by exactly one island, a wanted one.
    let mut stream = Stream(3);
    let mut seen = 0;
    for _ in 0..300 {
        let grid: Grid<2> = Grid::new(2 + stream.below(8) as usize, 2 + stream.below(8) as usize);
        let mut random = |percent: u64| -> B2 { (0..grid.size).filter(|_| stream.below(100) < percent).collect() };
        let land = random(15);
        let unknown = random(70).minus(land);
        let mut reaches = Vec::new();
        for k in 0..4 {
            let share = if stream.below(2) == 0 { 10 } else { 30 };
            let reach: B2 = (0..grid.size).filter(|_| stream.below(100) < share).collect();
            reaches.push((k, reach));
        }
        let wanted: Vec<usize> = (0..4).filter(|_| stream.below(10) < 7).collect();
        let mut expected: Vec<(usize, B2)> = Vec::new();
        for corner in grid.window_corners.iter() {
            let block = grid.window(corner);
            let open = block & unknown;
            let owners: Vec<&(usize, B2)> = reaches.iter().filter(|(_, reach)| reach.meets(&open)).collect();
            if !block.meets(&land) && owners.len() == 1 && wanted.contains(&owners[0].0) {
                expected.push((owners[0].0, open & owners[0].1));
            }
        }
        expected.sort_by_key(|e| e.1.count());
        let mut kept: Vec<(usize, B2)> = Vec::new();
        for (k, mask) in expected {
            if !kept.iter().any(|&(j, other)| j == k && other.within(&mask)) {
                kept.push((k, mask));
            }
        }
        let found = errands(&grid, land, unknown, &[], &reaches, &wanted);
        assert_eq!(found.iter().map(|e| (e.island, e.cells)).collect::<Vec<_>>(), kept);
        seen += found.len();
    }
    assert!(seen > 100, "{seen}");
}

#[test]
fn errand_costs_of_a_corridor() {
    // A one-cell-wide corridor: every cell on it is a pass, and nothing off the way is affordable.
    let grid: Grid<1> = Grid::new(1, 6);
    let core = B::single(0);
    let room = grid.full.minus(core);
    let costs = errand_costs(&grid, core, B::single(4), room, 4);
    assert_eq!(costs.passes, [1, 2, 3, 4].into_iter().collect());
    assert!(!costs.affordable.has(5));
    // with one cell to spare the far end is affordable, and the way is still a pass
    let costs = errand_costs(&grid, core, B::single(4), room, 5);
    assert!(costs.affordable.has(5));
    assert_eq!(costs.passes, [1, 2, 3, 4].into_iter().collect());
}

#[test]
fn errand_costs_hold_for_every_island_that_fetches_the_errand() {
    // Every connected set of at most `need` cells of `within` that joins the island to the errand is an
    // island that fetches it: each holds every pass, and every cell of each is affordable.
    let mut stream = Stream(11);
    let (mut ways, mut passes, mut unaffordable) = (0, 0, 0);
    for _ in 0..1500 {
        let grid: Grid<1> = Grid::new(3 + stream.below(3) as usize, 3 + stream.below(3) as usize);
        let mut core = B::single(stream.below(grid.size as u64) as usize);
        for _ in 0..stream.below(3) {
            core.insert(pick(&mut stream, grid.border(core)));
        }
        let within: B = grid.full.minus(core).iter().filter(|_| stream.below(10) < 7).collect();
        let target = grid.window(pick(&mut stream, grid.window_corners)) & within;
        if target.is_empty() {
            continue;
        }
        let need = 1 + stream.below(5) as usize;
        let costs = errand_costs(&grid, core, target, within, need as i64);
        // the connected sets that add 1..=need cells to the island, level by level
        let (mut level, mut every) = (BTreeSet::from([B::EMPTY]), Vec::new());
        for _ in 0..need {
            let grown = |&extra: &B| (grid.border(core | extra) & within).iter().map(move |c| extra.with(c));
            level = level.iter().flat_map(grown).collect();
            every.extend(level.iter().copied());
        }
        let (mut union, mut common) = (B::EMPTY, grid.full);
        for extra in every.into_iter().filter(|extra| extra.meets(&target)) {
            union |= extra;
            common &= extra;
            ways += 1;
        }
        if union.is_empty() {
            assert!(costs.passes.is_empty());
            continue;
        }
        assert!(costs.passes.within(&common), "passes {:?} not in every way {common:?}", costs.passes);
        assert!(union.within(&costs.affordable), "{:?} is reached but not affordable", union.minus(costs.affordable));
        passes += costs.passes.count();
        unaffordable += within.minus(costs.affordable).count();
    }
    assert!(ways > 10_000 && passes > 500 && unaffordable > 2000, "{ways} {passes} {unaffordable}");
}

// -- fences --------------------------------------------------------------------

#[test]
fn the_perimeter_bound_holds_for_every_island_walled_in() {
    // W + H + (rows and columns the sea spans) <= sea cells + 1, for random connected seas and random
    // tight fences: so `fence_boxes` keeps every island's own box; some meet it exactly.
    let mut stream = Stream(5);
    let (mut checked, mut exact) = (0, 0);
    for k in 0..4000 {
        let grid: Grid<2> = Grid::new(3 + stream.below(7) as usize, 3 + stream.below(7) as usize);
        let sea = if k % 2 == 1 {
            let percent = 25 + stream.below(45) as usize;
            random_sea(&grid, &mut stream, percent)
        } else {
            fence_sea(&grid, &mut stream)
        };
        assert_eq!(grid.components(sea).len(), 1);
        let (sea_rows, sea_cols) = (grid.row_span(sea), grid.col_span(sea));
        for island in grid.components(grid.full.minus(sea)) {
            if island.meets(&grid.edge) {
                continue;
            }
            let (rows, cols) = (grid.row_span(island), grid.col_span(island));
            let boxes = fence_boxes(
                Span { core: rows, limit: rows, sea: Some(sea_rows) },
                Span { core: cols, limit: cols, sea: Some(sea_cols) },
                island.count() as i64,
                sea.count() as i64,
            );
            assert!(boxes.contains(&(rows.0, rows.1, cols.0, cols.1)), "{island:?} in {sea:?}");
            checked += 1;
            let spans = (sea_rows.1 - sea_rows.0 + 1) + (sea_cols.1 - sea_cols.0 + 1);
            exact += (rows.1 - rows.0 + 1 + cols.1 - cols.0 + 1 + spans == sea.count() as usize + 1) as usize;
        }
    }
    assert!(checked > 2000 && exact > 100, "{checked} {exact}");
}

#[test]
fn the_bound_is_the_fence_round_a_rectangle_less_a_corner() {
    let grid: Grid<1> = Grid::new(6, 7);
    let corners = grid.rect(0, 0, 0, 0) | grid.rect(5, 5, 0, 0) | grid.rect(0, 0, 6, 6);
    let sea = grid.border(grid.rect(1, 4, 1, 5)) | corners;
    assert_eq!(grid.components(sea).len(), 1);
    assert_eq!(sea.count(), 2 * (4 + 5) + 3);
    let rows = Span { core: (1, 4), limit: (1, 4), sea: Some((0, 5)) };
    let cols = Span { core: (1, 5), limit: (1, 5), sea: Some((0, 6)) };
    assert_eq!(fence_boxes(rows, cols, 20, sea.count() as i64), vec![(1, 4, 1, 5)]);
    assert_eq!(fence_boxes(rows, cols, 20, sea.count() as i64 - 1), vec![]);
}

#[test]
fn an_island_must_reach_the_edge_when_it_holds_an_edge_cell_or_lacks_room_inside() {
    // nurikabe:4x4:.,.,.,.,.,5,.,.,.,.,1,.,.,.,.,. with the 5's ways out inside the edge made sea
    let grid: Grid<1> = Grid::new(4, 4);
    let puzzle = numbered(vec![(5, Some(5)), (10, Some(1))]);
    let mut board = Board::new(grid.full, grid.rect(1, 1, 2, 2) | grid.rect(2, 2, 1, 1), puzzle.clue_mask).unwrap();
    let a = analysis(&mut board, &grid, &puzzle).unwrap();
    let reach = prospects(&mut board, &grid, &puzzle).unwrap().reach_of(0).unwrap();
    let (five, one) = (&a.islands[0], &a.islands[1]);
    assert!(reach.meets(&grid.edge));
    assert!(must_reach_edge(&grid, five, reach)); // one inside cell, 5 to fill
    assert!(!must_reach_edge(&grid, one, one.cells));
    // an island on the edge holds an edge cell whatever its reach
    let mut board = Board::new(grid.full, B::EMPTY, B::single(1) | puzzle.clue_mask).unwrap();
    let a = analysis(&mut board, &grid, &puzzle).unwrap();
    assert!(must_reach_edge(&grid, &a.islands[0], a.islands[0].cells));
    // on a 6x6 board, with room inside and nothing decided, the 5 need not
    let grid: Grid<1> = Grid::new(6, 6);
    let puzzle = numbered(vec![(7, Some(5))]);
    let mut board = Board::new(grid.full, B::EMPTY, puzzle.clue_mask).unwrap();
    let a = analysis(&mut board, &grid, &puzzle).unwrap();
    let reach = prospects(&mut board, &grid, &puzzle).unwrap().reach_of(0).unwrap();
    assert!(!must_reach_edge(&grid, &a.islands[0], reach));
    // a 9 in the middle of a 5x5 board just fits inside the edge; a 10 does not
    let grid: Grid<1> = Grid::new(5, 5);
    for (number, must) in [(9, false), (10, true)] {
        let puzzle = numbered(vec![(12, Some(number))]);
        let mut board = Board::new(grid.full, B::EMPTY, puzzle.clue_mask).unwrap();
        let a = analysis(&mut board, &grid, &puzzle).unwrap();
        let reach = prospects(&mut board, &grid, &puzzle).unwrap().reach_of(0).unwrap();
        assert_eq!(must_reach_edge(&grid, &a.islands[0], reach), must, "{number}");
    }
}

// -- the sea -------------------------------------------------------------------

#[test]
fn separating_cells_agree_with_one_flood_a_cell_on_boards_of_every_shape() {
    // boards of 2x2 to 8x8, a space of about 70% of the cells, about 30% of it targets; the comparisons
    // meet cuts and targets already apart
    let mut stream = Stream(7);
    let (mut found_cuts, mut found_split) = (0, 0);
    for _ in 0..400 {
        let grid: Grid<1> = Grid::new(2 + stream.below(7) as usize, 2 + stream.below(7) as usize);
        let (mut space, mut targets) = (B::EMPTY, B::EMPTY);
        for cell in 0..grid.size {
            if stream.below(10) < 7 {
                space.insert(cell);
                if stream.below(10) < 3 {
                    targets.insert(cell);
                }
            }
        }
        if targets.is_empty() {
            continue;
        }
        let reached = |within: B| targets.within(&grid.flood(targets.lowest_bit(), within));
        let expected: Option<B> =
            reached(space).then(|| space.minus(targets).iter().filter(|&c| !reached(space.without(c))).collect());
        assert_eq!(separating(&grid, space, targets), expected);
        found_cuts += expected.is_some_and(|cuts| cuts.any()) as usize;
        found_split += expected.is_none() as usize;
    }
    assert!(found_cuts > 50 && found_split > 50, "{found_cuts} {found_split}");
}
