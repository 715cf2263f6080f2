//! What each growing island may still become: its completions (small islands) and its reach.
//!
//! Every cell of a finished island lies within `need` steps of the island's
//! present cells through cells it may take, so the reach over-approximates
//! where it can go.  For an island that needs few cells, the list of every
//! way to finish it is tighter and still holds: a finished island is walled
//! by sea, so a completion whose wall would touch other land or close a 2x2
//! block of sea is ruled out.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;
use crate::step::Contradiction;

use super::analysis::{analysis, Analysis, Island};
use super::Nurikabe;

/// The board slot the prospects are kept in.
pub const SLOT: usize = 1;

/// Most completions listed for one island before giving up on it.
pub const SHAPES_LIMIT: usize = 256;
/// Largest number of missing cells for which the prospects list completions.
pub const SHAPES_MAX_NEED: i64 = 4;

/// A completion: the cells it adds, and its wall (every cell around the finished island).
pub type Shape<const W: usize> = (Bits<W>, Bits<W>);

/// What a growing island could still become.
#[derive(Debug)]
pub struct Prospect<const W: usize> {
    /// The island's cells when this was worked out.
    pub cells: Bits<W>,
    /// For a reach found by flooding: the cells the flood could pass.
    pub room: Bits<W>,
    /// The valid completions, when listed.
    pub shapes: Option<Vec<Shape<W>>>,
    /// The cells it could hold when finished.
    pub reach: Bits<W>,
    /// For listed completions: the cells every one takes and the cells every wall takes.
    pub agreed: (Bits<W>, Bits<W>),
    /// Set once `island_shapes` found nothing in this island while the prospect held.
    pub shapes_quiet: AtomicBool,
    /// Set once `forced`'s room check found nothing in this island while the prospect held.
    ///
    /// rationale: a prospect is carried over only while nothing within
    /// `need + 2` steps of the island changes, and neither check reads
    /// farther, so what they found nothing in stays so.
    pub room_quiet: AtomicBool,
}

/// The prospect of each growing island (by clue index, `None` for the others) and every cell some island
/// could still take, with the masks of the analysis they were read from.
#[derive(Clone, Debug)]
pub struct Prospects<const W: usize> {
    pub by_index: Vec<Option<Arc<Prospect<W>>>>,
    pub reach: Bits<W>,
    stamp: [Bits<W>; 5],
}

impl<const W: usize> Prospects<W> {
    /// The reach of the island of clue index `index`, if it may still grow.
    pub fn reach_of(&self, index: usize) -> Option<Bits<W>> {
        self.by_index[index].as_ref().map(|p| p.reach)
    }
}

/// Cells `island` could still take: open or stray, and touching no other island.
pub fn passable<const W: usize>(a: &Analysis<W>, island: &Island<W>) -> Bits<W> {
    (a.unknown | a.stray_cells).minus(a.others_border(island))
}

/// The island's cells and every cell of `room` within `need` steps of it (any distance for `None`).
pub fn bounded_reach<const W: usize>(grid: &Grid<W>, cells: Bits<W>, need: Option<i64>, room: Bits<W>) -> Bits<W> {
    let Some(need) = need else {
        return grid.flood(cells | (grid.dilate(cells) & room), room | cells);
    };
    let mut seen = cells;
    let mut cur = cells;
    for _ in 0..need.max(0) {
        cur = (grid.dilate(cur) & room).minus(seen);
        if cur.is_empty() {
            break;
        }
        seen |= cur;
    }
    seen
}

/// `prospects` grows the changed cells by up to this many steps, once per board, to tell which islands a
/// change is near; islands that need more look their own neighbourhood up.
pub const NEAR_RADIUS: i64 = 8;

/// The prospects of the board's growing islands, worked out once per board state.
///
/// Probing asks for them on boards that differ from the last one in a few
/// cells, so an island's prospect is carried over from the board's earlier
/// one when nothing it reads has changed: not its cells, and no cell within
/// `need + 2` steps (land, sea, stray land, the borders of other islands).
/// A flooded reach is kept too when the room lost only cells it could not
/// reach anyway.  Either way it is what working it out again would give.
pub fn prospects<const W: usize>(
    board: &mut Board<W>,
    grid: &Grid<W>,
    puzzle: &Nurikabe<W>,
) -> Result<Arc<Prospects<W>>, Contradiction<W>> {
    if let Some(found) = board.read::<Prospects<W>>(SLOT) {
        return Ok(found);
    }
    let a = analysis(board, grid, puzzle)?;
    let stamp = [a.sea, a.land, a.stray_cells, a.touched, a.touched_twice];
    let earlier = board.earlier::<Prospects<W>>(SLOT);
    let changed = match &earlier {
        Some(before) => stamp.iter().zip(before.stamp.iter()).fold(Bits::EMPTY, |all, (now, then)| all | (*now ^ *then)),
        None => grid.full,
    };
    let mut near = vec![changed]; // near[r]: the cells within r steps of a changed cell
    let mut by_index = vec![None; puzzle.clues.len()];
    let mut reach = Bits::EMPTY;
    for island in a.growing() {
        let before = earlier.as_ref().and_then(|e| e.by_index[island.index].clone()).filter(|b| b.cells == island.cells);
        if let (Some(before), Some(need)) = (&before, island.need) {
            let radius = need + 2;
            let touched = if radius <= NEAR_RADIUS {
                while near.len() as i64 <= radius {
                    let last = *near.last().expect("near holds the changed cells");
                    near.push(grid.dilate(last));
                }
                island.cells & near[radius as usize]
            } else {
                grid.ball(island.cells, radius as usize) & changed
            };
            if touched.is_empty() {
                reach |= before.reach;
                by_index[island.index] = Some(before.clone());
                continue;
            }
        }
        let prospect = prospect(grid, &a, island, before.as_deref());
        reach |= prospect.reach;
        by_index[island.index] = Some(Arc::new(prospect));
    }
    board.keep(SLOT, Prospects { by_index, reach, stamp });
    Ok(board.read::<Prospects<W>>(SLOT).expect("kept"))
}

fn prospect<const W: usize>(grid: &Grid<W>, a: &Analysis<W>, island: &Island<W>, before: Option<&Prospect<W>>) -> Prospect<W> {
    let cells = island.cells;
    if let Some(need) = island.need.filter(|&n| n <= SHAPES_MAX_NEED) {
        if let Some(shapes) = completions(grid, a, island, need) {
            let mut taken = cells;
            let (mut land, mut sea) = (grid.full, grid.full);
            for &(extra, wall) in &shapes {
                taken |= extra;
                land &= extra;
                sea &= wall;
            }
            return Prospect {
                cells,
                room: Bits::EMPTY,
                shapes: Some(shapes),
                reach: taken,
                agreed: (land, sea),
                shapes_quiet: AtomicBool::new(false),
                room_quiet: AtomicBool::new(false),
            };
        }
    }
    let room = passable(a, island);
    let reach = match before {
        // the room lost only cells the island could not reach anyway
        Some(b) if b.room.any() && room.within(&b.room) && !b.room.minus(room).meets(&b.reach) => b.reach,
        _ => bounded_reach(grid, cells, island.need, room),
    };
    Prospect {
        cells,
        room,
        shapes: None,
        reach,
        agreed: (Bits::EMPTY, Bits::EMPTY),
        shapes_quiet: AtomicBool::new(false),
        room_quiet: AtomicBool::new(false),
    }
}

/// The valid `(extra cells, wall)` completions of an island that needs `need` more cells, in the numeric
/// order of their extra cells, or `None` if there are too many.
///
/// The enumeration reads the board within `need + 2` steps of the island (a
/// 2x2 block a wall closes with its far corner farther away is not seen, which
/// can only keep a completion that could have been ruled out: sound).
pub fn completions<const W: usize>(grid: &Grid<W>, a: &Analysis<W>, island: &Island<W>, need: i64) -> Option<Vec<Shape<W>>> {
    let near = grid.ball(island.cells, (need + 2).max(0) as usize);
    let room = passable(a, island) & near;
    let land = a.land & near;
    let sea = a.sea & near;
    let cells = island.cells;
    let mut level = vec![Bits::EMPTY];
    for _ in 0..need {
        let mut next = Vec::with_capacity(level.len() * 4);
        for &extra in &level {
            let grow = grid.border(cells | extra) & room;
            for cell in grow.iter() {
                next.push(extra.with(cell));
            }
        }
        next.sort_unstable();
        next.dedup();
        if next.len() > SHAPES_LIMIT {
            return None;
        }
        level = next;
    }
    Some(
        level
            .into_iter()
            .map(|extra| (extra, grid.border(cells | extra)))
            .filter(|&(_, wall)| !wall.meets(&land) && grid.pools(sea | wall).is_empty())
            .collect(),
    )
}

/// The candidates without which an island (its `cells`, `need` cells short, reaching within `region`)
/// can no longer reach its size.
pub fn cannot_lose<const W: usize>(
    grid: &Grid<W>,
    cells: Bits<W>,
    need: i64,
    region: Bits<W>,
    candidates: Bits<W>,
) -> Bits<W> {
    let number = cells.count() as i64 + need;
    candidates
        .iter()
        .filter(|&cell| (bounded_reach(grid, cells, Some(need), region.without(cell)).count() as i64) < number)
        .collect()
}
