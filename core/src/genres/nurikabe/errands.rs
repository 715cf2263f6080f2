//! Errands: land only one island can supply, and what fetching it costs that island.
//!
//! Every 2x2 block holds a land cell (no pools), and every land cell belongs
//! to an island.  When an island is the only one whose reach meets the open
//! cells of a block that holds no land yet, that island must take one of
//! those cells: an *errand*.  The same holds for stray land that only one
//! island reaches: the island must take it.
//!
//! An errand constrains the island twice:
//!
//! * **A pass it cannot avoid.**  If, with a cell `x` removed, the island can
//!   no longer reach the errand within the cells it still needs, `x` is land.
//! * **What it cannot also fetch.**  An island holding its present cells `C`,
//!   a cell `y` and an errand cell `t` contains a tree joining them.  With `C`
//!   shrunk to one node, such a tree costs at least
//!   `min over z of d(C, z) + d(z, y) + d(z, t)` new cells, distances through
//!   the cells the island may take.  When that exceeds what the island still
//!   needs, `y` is not the island's; if no other island can reach `y`
//!   either, `y` is sea.
//!
//! Distances here ignore that crossing stray land costs all of its cells,
//! so they only ever underestimate a cost: both conclusions hold in every
//! solution.

use rustc_hash::FxHashMap as HashMap;
use std::sync::Mutex;

use crate::bits::Bits;
use crate::grid::Grid;

/// Cells one island must take at least one of, and why.
#[derive(Clone, Debug)]
pub struct Errand<const W: usize> {
    /// The island's clue index.
    pub island: usize,
    pub cells: Bits<W>,
    /// The 2x2 block that needs land, or the stray land itself.
    pub block: Bits<W>,
    pub stray: bool,
}

/// The errands of the `wanted` islands: landless 2x2 blocks and stray land that one island alone can
/// reach, without an errand whose cells hold another's of the same island (the smaller says more).
/// `reaches` is each growing island's reach, by clue index in order.
pub fn errands<const W: usize>(
    grid: &Grid<W>,
    land: Bits<W>,
    unknown: Bits<W>,
    strays: &[Bits<W>],
    reaches: &[(usize, Bits<W>)],
    wanted: &[usize],
) -> Vec<Errand<W>> {
    let mut out = Vec::new();
    let (mut reach_all, mut reach_twice, mut reach_wanted) = (Bits::EMPTY, Bits::EMPTY, Bits::EMPTY);
    for &(k, reach) in reaches {
        reach_twice |= reach_all & reach;
        reach_all |= reach;
        if wanted.contains(&k) {
            reach_wanted |= reach;
        }
    }
    let single = reach_wanted.minus(reach_twice);
    let candidates = unknown & single;
    if candidates.any() {
        let reach_of = |k: usize| reaches.iter().find(|(i, _)| *i == k).map(|(_, r)| *r).unwrap_or_default();
        let owner = |cell: usize| {
            let mut found = 0;
            for &(k, reach) in reaches {
                if reach.has(cell) {
                    found = k; // the last island that reaches it (only one does)
                }
            }
            found
        };
        let corners = grid
            .windows_meeting(candidates)
            .minus(grid.windows_meeting(land))
            .minus(grid.windows_meeting(unknown & reach_twice));
        for corner in corners.iter() {
            let window = grid.window(corner);
            let open = window & unknown;
            let k = owner((open & candidates).lowest());
            let mine = reach_of(k);
            if (open & reach_all).minus(mine).is_empty() {
                out.push(Errand { island: k, cells: open & mine, block: window, stray: false });
            }
        }
    }
    for &stray in strays {
        if stray.meets(&reach_twice) {
            continue;
        }
        let owners: Vec<usize> = reaches.iter().filter(|(_, r)| r.meets(&stray)).map(|(k, _)| *k).collect();
        if owners.len() == 1 && wanted.contains(&owners[0]) {
            out.push(Errand { island: owners[0], cells: stray, block: stray, stray: true });
        }
    }
    minimal(out)
}

fn minimal<const W: usize>(mut found: Vec<Errand<W>>) -> Vec<Errand<W>> {
    found.sort_by_key(|e| e.cells.count());
    let mut kept: Vec<Errand<W>> = Vec::new();
    for job in found {
        if !kept.iter().any(|other| other.island == job.island && other.cells.within(&job.cells)) {
            kept.push(job);
        }
    }
    kept
}

/// Rings of a breadth-first search from `seed` through `within` with `core` one node (reach one of its
/// cells, reach them all), up to `limit` steps: ring `d` is the cells `d` steps away.
pub fn contracted_rings<const W: usize>(grid: &Grid<W>, seed: Bits<W>, within: Bits<W>, core: Bits<W>, limit: i64) -> Vec<Bits<W>> {
    let mut cur = if seed.meets(&core) { seed | core } else { seed };
    let mut seen = cur;
    let mut rings = vec![cur];
    for _ in 0..limit.max(0) {
        cur = (grid.dilate(cur) & within).minus(seen);
        if cur.meets(&core) {
            cur |= core.minus(seen);
        }
        if cur.is_empty() {
            break;
        }
        seen |= cur;
        rings.push(cur);
    }
    rings
}

/// What fetching one errand costs an island that still needs `need` cells.
#[derive(Clone, Copy, Debug)]
pub struct Costs<const W: usize> {
    /// Cells every way from the island to the errand within `need` cells passes.
    pub passes: Bits<W>,
    /// Cells `y` such that one tree of at most `need` new cells joins the island, `y` and the errand.
    pub affordable: Bits<W>,
}

/// The costs of the errand `target` for the island `core` that still needs `need` cells and may take
/// those of `within`.
///
/// A way of at most `need` new cells from the island to the errand passes
/// only cells `z` with `d(island, z) + d(z, errand) <= need`, and a cell at
/// every distance from the island up to the errand's: a distance that only
/// one such cell has is a pass.  A tree joining the island, `y` and the
/// errand meets at some `z` and costs `d(island, z) + d(z, errand) +
/// d(z, y)`: grown from every `z` at once, each from its own cost, the search
/// reaches the affordable cells.
pub fn errand_costs<const W: usize>(grid: &Grid<W>, core: Bits<W>, target: Bits<W>, within: Bits<W>, need: i64) -> Costs<W> {
    let need = need.max(0) as usize;
    let from_core = contracted_rings(grid, core, within | core, core, need as i64);
    let room = within | core;
    let from_target = contracted_rings(grid, target, room | target, core, need as i64);
    let mut by_cost = vec![Bits::EMPTY; need + 1];
    for (i, ring) in from_core.iter().enumerate() {
        for j in 0..from_target.len().min((need + 1).saturating_sub(i)) {
            let meet = *ring & from_target[j];
            if meet.any() {
                by_cost[i + j] |= meet;
            }
        }
    }
    let on_way = by_cost.iter().fold(Bits::EMPTY, |all, m| all | *m);
    let mut passes = Bits::EMPTY;
    if let Some(first) = from_core.iter().position(|ring| ring.meets(&target)) {
        for ring in &from_core[1..=first] {
            let layer = *ring & on_way;
            if layer.is_single() {
                passes |= layer;
            }
        }
    }
    let (mut seen, mut cur) = (Bits::EMPTY, Bits::EMPTY);
    for cost in by_cost.iter() {
        cur = ((grid.dilate(cur) & room) | *cost).minus(seen);
        if cur.meets(&core) {
            cur |= core.minus(seen);
        }
        seen |= cur;
    }
    Costs { passes, affordable: seen }
}

/// Errand costs remembered before the memory starts over.
pub const COSTS_KEPT: usize = 20_000;

/// The errand costs worked out on one puzzle's boards, by island cells, errand, room and need.
#[derive(Default)]
pub struct CostMemory<const W: usize>(Mutex<HashMap<(Bits<W>, Bits<W>, Bits<W>, i64), Costs<W>>>);

impl<const W: usize> CostMemory<W> {
    /// `errand_costs`, remembered: probing asks again about the same island and errand while its
    /// trials change the board elsewhere.
    pub fn costs(&self, grid: &Grid<W>, core: Bits<W>, target: Bits<W>, within: Bits<W>, need: i64) -> Costs<W> {
        let key = (core, target, within, need);
        if let Some(found) = self.0.lock().expect("not poisoned").get(&key) {
            return *found;
        }
        let found = errand_costs(grid, core, target, within, need);
        let mut memory = self.0.lock().expect("not poisoned");
        if memory.len() >= COSTS_KEPT {
            memory.clear();
        }
        memory.insert(key, found);
        found
    }
}
