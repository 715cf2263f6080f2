//! Heyawake: blacken cells in a board of rooms, apart, connected, counted by room.
//!
//! * R1 no two black cells share a side;
//! * R2 all white cells form one orthogonally connected group;
//! * R3 a room with a number holds exactly that many black cells (the
//!   number's own cell may be black);
//! * R4 no horizontal or vertical run of white cells crosses two room borders.
//!
//! A *span* is a piece of a row or column from the last cell before one room
//! border to the first cell after the next: all white, it would be a white
//! run crossing two borders, so every span holds a black cell.  The layout
//! (rooms, numbered rooms, spans, each room's zone, the spans meeting each
//! room, each room with the cells next to it) is worked out once per puzzle.
//!
//! Techniques, cheapest first (levels as the Python side declares them):
//! `black_neighbours` (easy, shared), `room_count` (easy), `two_borders`
//! (easy), `white_exit` (easy, shared), `room_patterns` (medium),
//! `connectivity` (medium, shared).  Each looks at every numbered room or
//! span in order: the Python side's incremental look (`since_quiet`) finds
//! the same.  `room_patterns` lists the placements of a room's missing black
//! cells within a node limit, remembered per puzzle by the state of the
//! room's zone (as the Python `_remembered` keys it).  The frame's short and
//! long probes start from the numbered rooms and the spans (`probe_anchors`)
//! as well as from the cells next to decided ones: the numbers are not cells
//! of their own, so a board starts with nothing decided.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap as HashMap;
use std::sync::{Mutex, MutexGuard};

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;
use crate::ladder::Ruleset;
use crate::step::{contradiction, Contradiction, Found, Reason, Step, Stop, Violation};

use super::black_white;
use super::Clues;

/// The techniques of Heyawake, in the order the ladder lists them.
pub const TECHNIQUES: &[&str] =
    &["black_neighbours", "room_count", "two_borders", "white_exit", "room_patterns", "connectivity"];

/// Search nodes `room_patterns` may spend on one room before leaving it alone.
pub const PATTERN_NODES: u32 = 2000;
/// Ways to choose a room's missing black cells among its open cells (the binomial) above which
/// `room_patterns` leaves the room alone without listing any.
pub const PATTERN_CHOICES: u64 = 5000;
/// The quiet-mark keys of the techniques that look again only near what changed (their places in
/// `TECHNIQUES`).
const ROOM_COUNT: usize = 1;
const TWO_BORDERS: usize = 2;
const WHITE_EXIT: usize = 3;
const ROOM_PATTERNS: usize = 4;

/// Room placements remembered per puzzle before the memory starts over.
pub const MEMO_LIMIT: usize = 50_000;

/// One room: its cells, its number (`None`: no number, or a `?`) and the cell the number is written in.
#[derive(Clone, Debug)]
pub struct Room<const W: usize> {
    pub index: usize,
    pub cells: Bits<W>,
    pub number: Option<i64>,
    pub clue: Option<usize>,
}

/// A Heyawake puzzle's rooms and spans, worked out once per puzzle.
#[derive(Clone, Debug)]
pub struct Layout<const W: usize> {
    pub rooms: Vec<Room<W>>,
    /// The indices of the rooms with a number, in room order.
    pub numbered: Vec<usize>,
    /// Every span, row spans first (each line in order).
    pub spans: Vec<Bits<W>>,
    /// For each room: the room, the cells around it, and the spans that meet it.
    pub zones: Vec<Bits<W>>,
    /// For each room, the spans that meet it, in the order of `spans`.
    pub room_spans: Vec<Vec<Bits<W>>>,
    /// For each room, the room and the cells next to it.
    pub nears: Vec<Bits<W>>,
    /// The room of each cell.
    pub room_of: Vec<usize>,
    /// The cells of numbered rooms and of spans: where a probe may start on a board with nothing decided.
    pub anchors: Bits<W>,
    /// Which numbered rooms, spans and numbered rooms' zones hold each cell.
    numbered_units: Units,
    span_units: Units,
    zone_units: Units,
}

/// For each cell, the places of the masks of a list (rooms, spans, zones) that hold it: the places of
/// cell `c` are `places[starts[c]..starts[c + 1]]`.
#[derive(Clone, Debug, Default)]
struct Units {
    starts: Vec<usize>,
    places: Vec<usize>,
}

impl Units {
    fn new<const W: usize>(size: usize, masks: &[Bits<W>]) -> Self {
        let mut starts = vec![0usize; size + 1];
        for mask in masks {
            for cell in mask.iter() {
                starts[cell + 1] += 1;
            }
        }
        for cell in 0..size {
            starts[cell + 1] += starts[cell];
        }
        let mut filled = starts.clone();
        let mut places = vec![0usize; starts[size]];
        for (place, mask) in masks.iter().enumerate() {
            for cell in mask.iter() {
                places[filled[cell]] = place;
                filled[cell] += 1;
            }
        }
        Units { starts, places }
    }

    /// The places (in order) of the masks that hold a cell of `news`; `None` (look at every one) when
    /// `news` is `None`, as `Board::since_quiet` says.
    fn meeting<const W: usize>(&self, news: Option<Bits<W>>) -> Option<Vec<usize>> {
        let news = news?;
        let mut out: Vec<usize> =
            news.iter().flat_map(|cell| self.places[self.starts[cell]..self.starts[cell + 1]].iter().copied()).collect();
        out.sort_unstable();
        out.dedup();
        Some(out)
    }
}

/// The spans of a board of rooms (`room_of`: the room of each cell): rows, then columns, each line in order.
pub fn spans<const W: usize>(grid: &Grid<W>, room_of: &[usize]) -> Vec<Bits<W>> {
    let (rows, cols) = (grid.rows, grid.cols);
    // each line as (first cell, step, length): the rows, then the columns
    let lines = (0..rows).map(|r| (r * cols, 1, cols)).chain((0..cols).map(|c| (c, cols, rows)));
    let mut out = Vec::new();
    for (first, step, len) in lines {
        let cell = |k: usize| first + k * step;
        let mut last_border = None;
        for k in 0..len.saturating_sub(1) {
            if room_of[cell(k)] != room_of[cell(k + 1)] {
                if let Some(before) = last_border {
                    out.push((before..k + 2).map(cell).collect());
                }
                last_border = Some(k);
            }
        }
    }
    out
}

impl<const W: usize> Layout<W> {
    /// The layout of a board whose rooms (checked already) are `room_of`, with the clues `clues`.
    fn new(grid: &Grid<W>, room_of: &[usize], clues: &[(usize, Option<i64>)]) -> Self {
        let count = room_of.iter().max().map_or(0, |&top| top + 1);
        let mut masks = vec![Bits::EMPTY; count];
        for (cell, &room) in room_of.iter().enumerate() {
            masks[room].insert(cell);
        }
        let mut numbers: Vec<(Option<i64>, Option<usize>)> = vec![(None, None); count];
        for &(cell, number) in clues {
            numbers[room_of[cell]] = (number, Some(cell));
        }
        let rooms: Vec<Room<W>> = masks
            .iter()
            .enumerate()
            .map(|(index, &cells)| Room { index, cells, number: numbers[index].0, clue: numbers[index].1 })
            .collect();
        let numbered: Vec<usize> = rooms.iter().filter(|room| room.number.is_some()).map(|room| room.index).collect();
        let found = spans(grid, room_of);
        let nears: Vec<Bits<W>> = masks.iter().map(|&mask| grid.dilate(mask)).collect();
        let mut zones = nears.clone();
        let mut room_spans = vec![Vec::new(); count];
        for &span in &found {
            let mut met: Vec<usize> = span.iter().map(|cell| room_of[cell]).collect();
            met.sort_unstable();
            met.dedup();
            for k in met {
                zones[k] |= span;
                room_spans[k].push(span);
            }
        }
        let numbered_rooms: Vec<Bits<W>> = numbered.iter().map(|&k| masks[k]).collect();
        let anchors = numbered_rooms.iter().chain(&found).fold(Bits::EMPTY, |a, &b| a | b);
        let size = grid.size;
        let numbered_units = Units::new(size, &numbered_rooms);
        let span_units = Units::new(size, &found);
        let zone_units = Units::new(size, &numbered.iter().map(|&k| zones[k]).collect::<Vec<_>>());
        Layout {
            rooms,
            numbered,
            spans: found,
            zones,
            room_spans,
            nears,
            room_of: room_of.to_vec(),
            anchors,
            numbered_units,
            span_units,
            zone_units,
        }
    }
}

/// What the placements of a room's black cells agree on, as `room_patterns` remembers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Agreed<const W: usize> {
    /// The listing ran past `PATTERN_NODES` (Python's `None`).
    Limit,
    /// The open cells black in every placement, and the cells white in every one.
    Cells(Bits<W>, Bits<W>),
    /// The room has no placement (Python's `(-1, -1)`).
    Fails,
}

/// The keys of `room_patterns`' memory, as `_remembered` makes them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum MemoKey<const W: usize> {
    /// The room, the shaded and unshaded cells of its zone, and whether no white cell lies outside it.
    Zone(usize, Bits<W>, Bits<W>, bool),
    /// The room, the shaded and unshaded cells of its near cells, the same flag, and the spans to fill.
    Read(usize, Bits<W>, Bits<W>, bool, Vec<Bits<W>>),
}

/// A Heyawake puzzle's ruleset: its layout and what `room_patterns` remembers.
pub struct Heyawake<const W: usize> {
    pub layout: Layout<W>,
    memo: Mutex<HashMap<MemoKey<W>, Agreed<W>>>,
}

fn name<const W: usize>(grid: &Grid<W>, cell: usize) -> String {
    format!("r{}c{}", cell / grid.cols + 1, cell % grid.cols + 1)
}

/// The ruleset of a Heyawake puzzle, or why its clues do not make one.
pub fn ruleset<const W: usize>(grid: &Grid<W>, clues: &Clues) -> Result<Box<dyn Ruleset<W>>, String> {
    Ok(Box::new(Heyawake::new(grid, clues)?))
}

impl<const W: usize> Heyawake<W> {
    /// Check the rooms and clues and work out the layout.
    pub fn new(grid: &Grid<W>, clues: &Clues) -> Result<Self, String> {
        let room_of = clues.rooms.as_ref().ok_or("a Heyawake puzzle has rooms")?;
        if room_of.len() != grid.size {
            return Err(format!(
                "a {}x{} board has {} cells but the rooms name {}",
                grid.rows,
                grid.cols,
                grid.size,
                room_of.len()
            ));
        }
        let count = room_of.iter().max().map_or(0, |&top| top + 1);
        let mut masks = vec![Bits::<W>::EMPTY; count];
        for (cell, &room) in room_of.iter().enumerate() {
            masks[room].insert(cell);
        }
        for (room, &mask) in masks.iter().enumerate() {
            if mask.is_empty() {
                return Err(format!("the rooms are not numbered 0 to {}: room {room} has no cell", count - 1));
            }
            if grid.flood(mask.lowest_bit(), mask) != mask {
                return Err(format!(
                    "room {room} (from {}) is not one connected group of cells",
                    name(grid, mask.lowest())
                ));
            }
        }
        let mut seen: Vec<Option<usize>> = vec![None; count];
        for &(cell, number) in &clues.clues {
            if cell >= grid.size {
                return Err(format!("clue cell {cell} is off a {}x{} board", grid.rows, grid.cols));
            }
            let room = room_of[cell];
            if let Some(first) = seen[room] {
                return Err(format!(
                    "the room of {} has two numbers: {} and {}",
                    name(grid, first),
                    name(grid, first),
                    name(grid, cell)
                ));
            }
            seen[room] = Some(cell);
            if number.is_some_and(|n| n < 0) {
                return Err(format!("the number at {} is negative", name(grid, cell)));
            }
        }
        Ok(Heyawake { layout: Layout::new(grid, room_of, &clues.clues), memo: Mutex::new(HashMap::default()) })
    }

    fn room(&self, k: usize) -> &Room<W> {
        &self.layout.rooms[k]
    }

    fn memo(&self) -> MutexGuard<'_, HashMap<MemoKey<W>, Agreed<W>>> {
        self.memo.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The numbered rooms to look at: those whose `units` hold a cell decided since `technique` last found
    /// nothing (every one when it never did, or too many cells were decided since).
    fn numbered_near(&self, units: &Units, news: Option<Bits<W>>) -> Vec<usize> {
        match units.meeting(news) {
            Some(places) => places.into_iter().map(|place| self.layout.numbered[place]).collect(),
            None => self.layout.numbered.clone(),
        }
    }

    /// A numbered room with all its black cells is white elsewhere; one short of open cells blackens them.
    ///
    /// A room's count rests on the room's cells alone, so once this has found
    /// nothing it looks again only at the rooms holding a cell decided since.
    pub fn room_count(&self, board: &mut Board<W>) -> Found<W> {
        let (undecided, shaded) = (board.undecided(), board.shaded);
        let mut steps = Vec::new();
        for k in self.numbered_near(&self.layout.numbered_units, board.since_quiet(ROOM_COUNT)) {
            let room = self.room(k);
            let cells = room.cells;
            let open = cells & undecided;
            let black = (cells & shaded).count() as i64;
            let number = room.number.unwrap_or(0);
            if black > number {
                return contradiction(Reason::new("heyawake.too_many", room_ints(room, &[black]), vec![]), cells);
            }
            if open.is_empty() {
                if black < number {
                    return contradiction(Reason::new("heyawake.too_few", room_ints(room, &[black]), vec![]), cells);
                }
                continue;
            }
            let reach = black + open.count() as i64;
            if reach < number {
                return contradiction(Reason::new("heyawake.too_few", room_ints(room, &[reach]), vec![]), cells);
            }
            if black == number {
                steps.push(Step::new(
                    Bits::EMPTY,
                    open,
                    Reason::new("heyawake.full", room_ints(room, &[]), vec![open]),
                ));
            } else if reach == number {
                steps.push(Step::new(
                    open,
                    Bits::EMPTY,
                    Reason::new("heyawake.needs_all", room_ints(room, &[]), vec![open]),
                ));
            }
        }
        if steps.is_empty() {
            board.mark_quiet(ROOM_COUNT);
        }
        Ok(steps)
    }

    /// A span with no black cell needs one: its last open cell is black (none left: a contradiction).
    /// Once this has found nothing it looks again only at the spans holding a cell decided since.
    pub fn two_borders(&self, board: &mut Board<W>) -> Found<W> {
        let (black, undecided) = (board.shaded, board.undecided());
        let mut steps = Vec::new();
        let mut found = Bits::EMPTY;
        let places = self.layout.span_units.meeting(board.since_quiet(TWO_BORDERS));
        let every = 0..self.layout.spans.len();
        for place in places.unwrap_or_else(|| every.collect()) {
            let span = self.layout.spans[place];
            if span.meets(&black) {
                continue;
            }
            let open = span & undecided;
            if open.at_most_one() {
                if open.is_empty() {
                    return contradiction(Reason::plain("heyawake.white_run"), span);
                }
                if !open.meets(&found) {
                    found |= open;
                    steps.push(Step::new(open, Bits::EMPTY, Reason::new("heyawake.span", vec![], vec![span, open])));
                }
            }
        }
        if steps.is_empty() {
            board.mark_quiet(TWO_BORDERS);
        }
        Ok(steps)
    }

    /// Every placement of a numbered room's missing black cells that breaks no rule nearby; the cells all
    /// placements agree on are decided.
    ///
    /// A room's placements rest on the cells of its zone, and on whether a
    /// white cell lies outside the room; so once this has found nothing it
    /// looks again only at the rooms whose zone holds a cell decided since,
    /// unless the white cells decided before lay in one room (then a new white
    /// cell elsewhere changes what that room's placements may wall in).
    pub fn room_patterns(&self, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
        let (undecided, shaded) = (board.undecided(), board.shaded);
        let mut steps = Vec::new();
        let news = board.since_quiet(ROOM_PATTERNS).filter(|news| self.in_two_rooms(board.unshaded.minus(*news)));
        for k in self.numbered_near(&self.layout.zone_units, news) {
            let room = self.room(k);
            let open = room.cells & undecided;
            if open.is_empty() {
                continue;
            }
            let need = room.number.unwrap_or(0) - (room.cells & shaded).count() as i64;
            let choices = open.count() as i64;
            if need <= 0 || need == choices {
                continue; // room_count's
            }
            if binomial(choices as u64, need as u64, PATTERN_CHOICES) > PATTERN_CHOICES {
                continue;
            }
            let Some((black, white)) = self.remembered(board, grid, room, open, need as usize)? else {
                continue;
            };
            if black.any() || white.any() {
                let reason = Reason::new("heyawake.patterns", room_ints(room, &[need]), vec![black, white]);
                steps.push(Step::new(black, white, reason));
            }
        }
        if steps.is_empty() {
            board.mark_quiet(ROOM_PATTERNS);
        }
        Ok(steps)
    }

    /// Whether the cells `white` lie in two rooms or more (so every room has one of them outside it).
    fn in_two_rooms(&self, white: Bits<W>) -> bool {
        match white.first() {
            None => false,
            Some(cell) => white.minus(self.layout.rooms[self.layout.room_of[cell]].cells).any(),
        }
    }

    /// `agreement`, remembered by the state of the room's zone (then by exactly what it reads).
    fn remembered(
        &self,
        board: &Board<W>,
        grid: &Grid<W>,
        room: &Room<W>,
        open: Bits<W>,
        need: usize,
    ) -> Result<Option<(Bits<W>, Bits<W>)>, Contradiction<W>> {
        let index = room.index;
        let zone = self.layout.zones[index];
        let (shaded, unshaded) = (board.shaded, board.unshaded);
        let alone = unshaded.minus(room.cells).is_empty();
        let key = MemoKey::Zone(index, shaded & zone, unshaded & zone, alone);
        let hit = self.memo().get(&key).copied();
        let agreed = match hit {
            Some(found) => found,
            None => {
                {
                    let mut memo = self.memo();
                    if memo.len() >= MEMO_LIMIT {
                        memo.clear();
                    }
                }
                let outside = board.undecided().minus(room.cells);
                let spans: Vec<Bits<W>> = self.layout.room_spans[index]
                    .iter()
                    .filter(|s| s.meets(&open) && !s.meets(&shaded) && !s.meets(&outside))
                    .copied()
                    .collect();
                let near = self.layout.nears[index];
                let read = MemoKey::Read(index, shaded & near, unshaded & near, alone, spans.clone());
                let hit = self.memo().get(&read).copied();
                let found = match hit {
                    Some(found) => found,
                    None => {
                        let found = agreement(grid, board, room.cells, open, need, &spans);
                        self.memo().insert(read, found);
                        found
                    }
                };
                self.memo().insert(key, found);
                found
            }
        };
        match agreed {
            Agreed::Limit => Ok(None),
            Agreed::Cells(black, white) => Ok(Some((black, white))),
            Agreed::Fails => {
                contradiction(Reason::new("heyawake.no_placement", room_ints(room, &[]), vec![]), room.cells)
            }
        }
    }

    /// The open cells of each ranked group, by rank, a smaller rank more constrained: each span without a
    /// black cell (its number of open cells), then each numbered room with open cells (`2 + 2 x` the fewer
    /// of its black cells still to place and of its white ones).
    fn by_rank(&self, board: &Board<W>) -> BTreeMap<i64, Bits<W>> {
        let (undecided, shaded) = (board.undecided(), board.shaded);
        let mut by_rank: BTreeMap<i64, Bits<W>> = BTreeMap::new();
        for span in &self.layout.spans {
            let open = *span & undecided;
            if open.any() && !span.meets(&shaded) {
                *by_rank.entry(open.count() as i64).or_default() |= open;
            }
        }
        for &k in &self.layout.numbered {
            let room = self.room(k);
            let open = room.cells & undecided;
            if open.any() {
                let need = room.number.unwrap_or(0) - (room.cells & shaded).count() as i64;
                let rank = 2 + 2 * need.min(open.count() as i64 - need);
                *by_rank.entry(rank).or_default() |= open;
            }
        }
        by_rank
    }

    /// The maximal white runs, in rows and columns, that hold a whole span (so cross two borders).
    pub fn crossing_runs(&self, grid: &Grid<W>, white: Bits<W>) -> Vec<Bits<W>> {
        let cols = grid.cols;
        let mut out: Vec<Bits<W>> = Vec::new();
        for &span in &self.layout.spans {
            if (span & white) != span {
                continue;
            }
            let (first, last) = (span.lowest(), span.highest());
            let step = if last - first < cols && first / cols == last / cols { 1 } else { cols };
            let mut run = span;
            let mut cell = first.checked_sub(step);
            while let Some(c) = cell {
                if !(inline(cols, first, c, step) && white.has(c)) {
                    break;
                }
                run.insert(c);
                cell = c.checked_sub(step);
            }
            let mut c = last + step;
            while c < grid.size && inline(cols, first, c, step) && white.has(c) {
                run.insert(c);
                c += step;
            }
            if !out.contains(&run) {
                out.push(run);
            }
        }
        out
    }
}

/// Whether `cell` (on the board) is on the same row (`step` 1) or column as `start`.
fn inline(cols: usize, start: usize, cell: usize, step: usize) -> bool {
    if step == 1 {
        cell / cols == start / cols
    } else {
        cell % cols == start % cols
    }
}

/// A reason's numbers about a numbered room: its number, its clue cell, then `more`.
fn room_ints<const W: usize>(room: &Room<W>, more: &[i64]) -> Vec<i64> {
    let mut ints = vec![room.number.unwrap_or(0), room.clue.map_or(-1, |c| c as i64)];
    ints.extend_from_slice(more);
    ints
}

/// `n` choose `k`, or `cap + 1` when it is larger than `cap` (exact below).
pub fn binomial(n: u64, k: u64, cap: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c * (n - i) as u128 / (i + 1) as u128; // exact: C(n, i) (n - i) = C(n, i + 1) (i + 1)
        if c > cap as u128 {
            return cap + 1; // C(n, i) grows with i up to n / 2
        }
    }
    c as u64
}

/// The placements listed so far agree on no cell (so the room has at least one).
struct NothingAgreed;

/// The state of one listing of a room's placements.
struct Placer<'a, const W: usize> {
    grid: &'a Grid<W>,
    spans: &'a [Bits<W>],
    room: Bits<W>,
    near: Bits<W>,
    shaded: Bits<W>,
    unshaded: Bits<W>,
    every_black: Bits<W>,
    every_white: Bits<W>,
    every_near: Bits<W>,
    count: u64,
}

impl<const W: usize> Placer<'_, W> {
    /// Take `black` into the agreement when it breaks no rule nearby.
    fn placed(&mut self, black: Bits<W>) -> Result<(), NothingAgreed> {
        let now = self.shaded | black;
        for span in self.spans {
            if !span.meets(&now) {
                return Ok(());
            }
        }
        let white = self.room.minus(now);
        let touched = self.grid.dilate(black);
        for cell in (white & touched).minus(self.grid.touching(self.near.minus(now))).iter() {
            if white.without(cell).any() || self.unshaded.without(cell).any() {
                return Ok(()); // a white cell walled in by black cells, with other white cells elsewhere
            }
        }
        self.count += 1;
        self.every_black &= black;
        self.every_white = self.every_white.minus(black);
        self.every_near &= touched;
        if (self.every_black | self.every_white | self.every_near).is_empty() {
            return Err(NothingAgreed); // the placements agree on no cell: none to come can change that
        }
        Ok(())
    }
}

/// The open cells of the room black in every good placement of its `need` missing black cells, and the
/// cells white in every one (open cells of the room, and open cells around it that touch a black cell of
/// every placement); `Limit` when the placements take more than `PATTERN_NODES` to list.
///
/// `spans` are the room's spans with no black cell and no open cell outside the room, which a placement
/// must fill.  The placements are listed cell by cell in increasing order, each cell black or not, every
/// node counted against `PATTERN_NODES` as the Python recursion counts them (a node is a cell to decide,
/// or a leaf settled by its parent); the recursion is unrolled onto a stack of the cells taken black.
fn agreement<const W: usize>(
    grid: &Grid<W>,
    board: &Board<W>,
    room: Bits<W>,
    open: Bits<W>,
    need: usize,
    spans: &[Bits<W>],
) -> Agreed<W> {
    let order: Vec<usize> = open.iter().collect();
    let size = order.len();
    let (shaded, unshaded, undecided) = (board.shaded, board.unshaded, board.undecided());
    let near = grid.dilate(room);
    let mut placer = Placer {
        grid,
        spans,
        room,
        near,
        shaded,
        unshaded,
        every_black: open,
        every_white: open,
        every_near: near.minus(room) & undecided,
        count: 0,
    };
    let mut nodes: u32 = 0;
    // The frames waiting on a call that took their cell black: (k, left, black, banned).
    let mut stack: Vec<(usize, usize, Bits<W>, Bits<W>)> = Vec::new();
    let (mut k, mut left, mut black, mut banned) = (0usize, need, Bits::<W>::EMPTY, grid.dilate(shaded));
    let mut entering = true;
    let listed = 'calls: loop {
        // place(k, left, black, banned): entered afresh, or resumed after its black branch returned true
        let result = 'call: {
            if entering {
                nodes += 1;
                if nodes > PATTERN_NODES {
                    break 'call false;
                }
                let cell = order[k];
                if !banned.has(cell) {
                    if left == 1 {
                        nodes += 1;
                        if nodes > PATTERN_NODES {
                            break 'call false;
                        }
                        if placer.placed(black.with(cell)).is_err() {
                            return Agreed::Cells(Bits::EMPTY, Bits::EMPTY);
                        }
                    } else if size - k < left {
                        nodes += 1;
                        if nodes > PATTERN_NODES {
                            break 'call false;
                        }
                    } else {
                        stack.push((k, left, black, banned));
                        (k, left, black, banned) = (k + 1, left - 1, black.with(cell), banned | grid.neighbours[cell]);
                        continue 'calls;
                    }
                }
            }
            if size - k <= left {
                nodes += 1;
                break 'call nodes <= PATTERN_NODES;
            }
            k += 1; // the tail call place(k + 1, left, black, banned)
            entering = true;
            continue 'calls;
        };
        if !result {
            break false; // every caller returns false at once
        }
        match stack.pop() {
            None => break true,
            Some(frame) => {
                (k, left, black, banned) = frame;
                entering = false;
            }
        }
    };
    if !listed {
        return Agreed::Limit;
    }
    if placer.count == 0 {
        return Agreed::Fails;
    }
    Agreed::Cells(placer.every_black, placer.every_white | placer.every_near)
}

impl<const W: usize> Ruleset<W> for Heyawake<W> {
    fn techniques(&self) -> &'static [&'static str] {
        TECHNIQUES
    }

    fn find(&self, index: usize, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
        match index {
            0 => black_white::black_neighbours(board, grid),
            1 => self.room_count(board),
            2 => self.two_borders(board),
            3 => black_white::white_exit(board, grid, WHITE_EXIT),
            4 => self.room_patterns(board, grid),
            5 => black_white::connectivity(board, grid),
            _ => Ok(Vec::new()),
        }
    }

    fn check(&self, shaded: Bits<W>, grid: &Grid<W>) -> Vec<Violation<W>> {
        let black = shaded;
        let mut out = black_white::check_apart(grid, black, "R1");
        out.extend(black_white::check_connected(grid, black, "R2"));
        for &k in &self.layout.numbered {
            let room = self.room(k);
            let count = (black & room.cells).count() as i64;
            if Some(count) != room.number {
                let reason = Reason::new("heyawake.room_count", room_ints(room, &[count]), vec![]);
                out.push(Violation::new("R3", reason, room.cells));
            }
        }
        for run in self.crossing_runs(grid, grid.full.minus(black)) {
            out.push(Violation::new("R4", Reason::new("heyawake.two_borders", vec![], vec![run]), run));
        }
        out
    }

    /// Undecided cells, most constrained first: the cells of the ranked groups by their smallest rank and
    /// then by cell, then cells next to decided ones, then the rest.
    fn candidates(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<Vec<usize>, Stop<W>> {
        let undecided = board.undecided();
        let mut order = Vec::new();
        let mut seen = Bits::EMPTY;
        for &group in self.by_rank(board).values() {
            let fresh = group.minus(seen);
            order.extend(fresh.iter());
            seen |= fresh;
        }
        let frontier = (grid.dilate(board.decided()) & undecided).minus(seen);
        order.extend(frontier.iter());
        order.extend(undecided.minus(seen).minus(frontier).iter());
        Ok(order)
    }

    /// The lowest cell of the groups of smallest rank, else the first cell next to a decided one, else the
    /// first undecided cell.
    fn branch_cell(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<usize, Stop<W>> {
        if let Some((_, group)) = self.by_rank(board).first_key_value() {
            return Ok(group.lowest());
        }
        let undecided = board.undecided();
        let frontier = grid.dilate(board.decided()) & undecided;
        Ok(if frontier.any() { frontier } else { undecided }.lowest())
    }

    /// The cells of numbered rooms and of spans: a clue or a span ties each to others from the start.
    fn probe_anchors(&self) -> Bits<W> {
        self.layout.anchors
    }

    /// Search tries black first: a black cell whitens its neighbours at once.
    fn prefer_shaded(&self, _board: &mut Board<W>, _grid: &Grid<W>, _cell: usize) -> Result<bool, Stop<W>> {
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::ladder::{Context, Rung, Trace, Work};
    use crate::probing::ProbeSpec;
    use crate::level::Level;
    use crate::oracle::{self, Stream};
    use crate::search::{self, Depths};

    type B = Bits<1>;

    /// Rooms grown from random seeds, numbered in the reading order of their first cells.
    fn random_rooms<const W: usize>(rng: &mut Stream, grid: &Grid<W>) -> Vec<usize> {
        let n = grid.size;
        let seeds = 1 + rng.below((n as u64).div_ceil(2)) as usize;
        let mut label = vec![usize::MAX; n];
        for k in 0..seeds {
            let cell = rng.below(n as u64) as usize;
            if label[cell] == usize::MAX {
                label[cell] = k;
            }
        }
        loop {
            let open: Vec<usize> = (0..n)
                .filter(|&c| label[c] == usize::MAX && grid.neighbour_lists[c].iter().any(|&d| label[d] != usize::MAX))
                .collect();
            if open.is_empty() {
                break;
            }
            let cell = open[rng.below(open.len() as u64) as usize];
            let labelled: Vec<usize> =
                grid.neighbour_lists[cell].iter().copied().filter(|&d| label[d] != usize::MAX).collect();
            label[cell] = label[labelled[rng.below(labelled.len() as u64) as usize]];
        }
        let mut order: Vec<usize> = Vec::new();
        label
            .iter()
            .map(|l| match order.iter().position(|o| o == l) {
                Some(k) => k,
                None => {
                    order.push(*l);
                    order.len() - 1
                }
            })
            .collect()
    }

    /// A number in some rooms (written in a random cell of the room): from `solution` when given, else
    /// at random; sometimes a `?`.
    fn random_clues<const W: usize>(
        rng: &mut Stream,
        rooms: &[usize],
        solution: Option<Bits<W>>,
    ) -> Vec<(usize, Option<i64>)> {
        let count = rooms.iter().max().unwrap() + 1;
        let mut clues = Vec::new();
        for room in 0..count {
            if rng.below(3) == 0 {
                continue;
            }
            let cells: Vec<usize> = (0..rooms.len()).filter(|&c| rooms[c] == room).collect();
            let cell = cells[rng.below(cells.len() as u64) as usize];
            let number = match (rng.below(8), solution) {
                (0, _) => None,
                (_, Some(s)) => Some(cells.iter().filter(|&&c| s.has(c)).count() as i64),
                _ => Some(rng.below(cells.len() as u64 / 2 + 2) as i64),
            };
            clues.push((cell, number));
        }
        clues.sort_unstable();
        clues
    }

    fn heyawake<const W: usize>(grid: &Grid<W>, rooms: &[usize], clues: Vec<(usize, Option<i64>)>) -> Heyawake<W> {
        Heyawake::new(grid, &Clues { clues, rooms: Some(rooms.to_vec()) }).expect("a good puzzle")
    }

    /// A board with some cells decided: as in `solution` when given, else at random.
    fn random_board<const W: usize>(
        rng: &mut Stream,
        grid: &Grid<W>,
        solution: Option<Bits<W>>,
        share: u64,
    ) -> Board<W> {
        let (mut shade, mut unshade) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY);
        for cell in 0..grid.size {
            if rng.below(100) >= share {
                continue;
            }
            let black = match solution {
                Some(s) => s.has(cell),
                None => rng.below(3) == 0,
            };
            if black {
                shade.insert(cell);
            } else {
                unshade.insert(cell);
            }
        }
        Board::new(grid.full, shade, unshade).unwrap()
    }

    const SHAPES: &[(usize, usize)] =
        &[(3, 3), (3, 4), (4, 3), (4, 4), (2, 5), (3, 5), (5, 3), (2, 6), (1, 7), (7, 1), (2, 3), (3, 2)];

    /// Every technique, on boards of random small puzzles, agrees with every solution, and finds a
    /// contradiction only where there is none; the ladder's own course is followed from each board.
    #[test]
    fn techniques_agree_with_the_oracle() {
        let mut rng = Stream(20261207);
        let (mut steps_seen, mut contradictions, mut solvable) = ([0; 6], [0; 6], 0);
        for round in 0..200 {
            let (rows, cols) = SHAPES[round % SHAPES.len()];
            let grid: Grid<1> = Grid::new(rows, cols);
            let rooms = random_rooms(&mut rng, &grid);
            let blank = heyawake(&grid, &rooms, Vec::new());
            let all = oracle::solutions(&blank, &grid, &Board::new(grid.full, B::EMPTY, B::EMPTY).unwrap());
            let solution = if all.is_empty() || rng.below(4) == 0 {
                None
            } else {
                Some(all[rng.below(all.len() as u64) as usize])
            };
            let clues = random_clues(&mut rng, &rooms, solution);
            let ruleset = heyawake(&grid, &rooms, clues.clone());
            // a solution breaks none of the rules of the puzzle without numbers
            let every: Vec<B> = all.iter().copied().filter(|&s| ruleset.check(s, &grid).is_empty()).collect();
            for start in 0..3 {
                let share = [0, 20, 45][start];
                let pick = if every.is_empty() || rng.below(3) == 0 {
                    None
                } else {
                    Some(every[rng.below(every.len() as u64) as usize])
                };
                let mut board = random_board(&mut rng, &grid, pick, share);
                for _ in 0..30 {
                    let sols: Vec<B> =
                        every.iter().copied().filter(|s| board.shaded.within(s) && !board.unshaded.meets(s)).collect();
                    if !sols.is_empty() {
                        solvable += 1;
                    }
                    let mut first = None;
                    for index in 0..TECHNIQUES.len() {
                        match ruleset.find(index, &mut board.copy(), &grid) {
                            Ok(steps) => {
                                for step in &steps {
                                    steps_seen[index] += 1;
                                    assert!(step.cells().any(), "{} took an empty step", TECHNIQUES[index]);
                                    assert!(
                                        step.cells().within(&board.undecided()),
                                        "{} decided a decided cell",
                                        TECHNIQUES[index]
                                    );
                                    let wrong = oracle::disagreement(&sols, step.shade, step.unshade);
                                    assert!(
                                        wrong.is_empty(),
                                        "{} is wrong at {wrong:?} on {rooms:?} {clues:?} {:?}/{:?}: {step:?}",
                                        TECHNIQUES[index],
                                        board.shaded,
                                        board.unshaded
                                    );
                                }
                                if first.is_none() && !steps.is_empty() {
                                    first = Some(steps);
                                }
                            }
                            Err(Stop::Contradiction(found)) => {
                                contradictions[index] += 1;
                                assert!(
                                    sols.is_empty(),
                                    "{} found {:?} on a board with solutions",
                                    TECHNIQUES[index],
                                    found.reason
                                );
                            }
                            Err(other) => panic!("{other:?}"),
                        }
                    }
                    let Some(steps) = first else { break };
                    if steps.iter().any(|step| board.assign(step.shade, step.unshade).is_err()) {
                        break;
                    }
                }
            }
        }
        eprintln!("steps {steps_seen:?}, contradictions {contradictions:?}, {solvable} boards with solutions");
        assert!(steps_seen.iter().all(|&n| n > 40) && solvable > 300, "{steps_seen:?} {solvable}");
        assert!(contradictions.iter().enumerate().all(|(k, &n)| k == 3 || n > 10), "{contradictions:?}");
    }

    /// The rules read directly: touching pairs, white parts, room counts and maximal white runs across two
    /// borders.
    fn direct(
        grid: &Grid<1>,
        rooms: &[usize],
        clues: &[(usize, Option<i64>)],
        black: B,
    ) -> (usize, bool, Vec<usize>, Vec<B>) {
        let mut pairs = 0;
        for cell in black.iter() {
            pairs += grid.neighbour_lists[cell].iter().filter(|&&d| d > cell && black.has(d)).count();
        }
        let white = grid.full.minus(black);
        let split = grid.components(white).len() > 1;
        let mut rooms_off = Vec::new();
        for room in 0..=*rooms.iter().max().unwrap() {
            if let Some(&(_, Some(n))) = clues.iter().find(|(c, _)| rooms[*c] == room) {
                let count = (0..grid.size).filter(|&c| rooms[c] == room && black.has(c)).count() as i64;
                if count != n {
                    rooms_off.push(room);
                }
            }
        }
        let mut lines: Vec<Vec<usize>> =
            (0..grid.rows).map(|r| (0..grid.cols).map(|c| r * grid.cols + c).collect()).collect();
        lines.extend((0..grid.cols).map(|c| (0..grid.rows).map(|r| r * grid.cols + c).collect::<Vec<_>>()));
        let mut runs = Vec::new();
        for line in lines {
            let mut k = 0;
            while k < line.len() {
                if !white.has(line[k]) {
                    k += 1;
                    continue;
                }
                let start = k;
                while k + 1 < line.len() && white.has(line[k + 1]) {
                    k += 1;
                }
                let borders = (start..k).filter(|&j| rooms[line[j]] != rooms[line[j + 1]]).count();
                if borders >= 2 {
                    runs.push(line[start..=k].iter().copied().collect());
                }
                k += 1;
            }
        }
        (pairs, split, rooms_off, runs)
    }

    #[test]
    fn check_agrees_with_the_rules_read_directly() {
        let mut rng = Stream(99);
        let mut broken = [0; 4];
        for round in 0..600 {
            let (rows, cols) = [(3, 3), (4, 5), (5, 5), (1, 8), (8, 1), (2, 7), (6, 4)][round % 7];
            let grid: Grid<1> = Grid::new(rows, cols);
            let rooms = random_rooms(&mut rng, &grid);
            let clues = random_clues::<1>(&mut rng, &rooms, None);
            let ruleset = heyawake(&grid, &rooms, clues.clone());
            let black: B = (0..grid.size).filter(|_| rng.below(10) < 3).collect();
            let found = ruleset.check(black, &grid);
            let (pairs, split, rooms_off, runs) = direct(&grid, &rooms, &clues, black);
            let of = |rule: &str| found.iter().filter(|v| v.rule == rule).collect::<Vec<_>>();
            let rules: Vec<&str> = found.iter().map(|v| v.rule).collect();
            let mut sorted = rules.clone();
            sorted.sort();
            assert_eq!(rules, sorted, "R1 to R4 in order");
            assert_eq!(of("R1").len(), pairs);
            assert!(of("R1").iter().all(|v| v.cells.count() == 2 && (v.cells & black) == v.cells));
            assert_eq!(of("R2").len(), usize::from(split));
            let r3: Vec<usize> = of("R3").iter().map(|v| rooms[v.cells.lowest()]).collect();
            assert_eq!(r3, rooms_off);
            for v in of("R3") {
                assert_eq!(v.cells, (0..grid.size).filter(|&c| rooms[c] == rooms[v.cells.lowest()]).collect());
            }
            let r4: Vec<B> = of("R4").iter().map(|v| v.cells).collect();
            if cols > 1 {
                assert_eq!(r4, runs, "rooms {rooms:?} black {black:?}");
            } else {
                assert_eq!(r4.is_empty(), runs.is_empty()); // a column of one: the runs are not lengthened
            }
            for (k, n) in [pairs, usize::from(split), rooms_off.len(), runs.len()].into_iter().enumerate() {
                broken[k] += usize::from(n > 0);
            }
        }
        assert!(broken.iter().all(|&n| n > 30), "{broken:?}");
    }

    /// The node limit leaves a big room alone; a small one is listed, and what is remembered is what a
    /// fresh listing finds.
    #[test]
    fn the_node_limit_and_the_memory() {
        let grid: Grid<2> = Grid::new(7, 10);
        let board = Board::new(grid.full, Bits::EMPTY, Bits::EMPTY).unwrap();
        let room = grid.full;
        assert_eq!(binomial(70, 2, PATTERN_CHOICES), 2415);
        let last = [Bits::single(69)]; // a span to fill: the placements keep agreeing on the cells not tried yet
        assert_eq!(agreement(&grid, &board, room, room, 2, &last), Agreed::Limit);
        assert_eq!(agreement(&grid, &board, room, room, 2, &[]), Agreed::Cells(Bits::EMPTY, Bits::EMPTY));
        let small = grid.rect(4, 6, 5, 9);
        let end = [Bits::single(69).with(68)];
        assert_eq!(agreement(&grid, &board, small, small, 2, &end), Agreed::Cells(Bits::EMPTY, Bits::single(59)));
        let mut rng = Stream(5);
        for _ in 0..40 {
            let grid: Grid<1> = Grid::new(5, 6);
            let rooms = random_rooms(&mut rng, &grid);
            let clues = random_clues::<1>(&mut rng, &rooms, None);
            let kept = heyawake(&grid, &rooms, clues.clone());
            for _ in 0..20 {
                let board = random_board(&mut rng, &grid, None, 30);
                let first = format!("{:?}", kept.room_patterns(&mut board.copy(), &grid));
                let again = format!("{:?}", kept.room_patterns(&mut board.copy(), &grid));
                let fresh = format!("{:?}", heyawake(&grid, &rooms, clues.clone()).room_patterns(&mut board.copy(), &grid));
                assert_eq!((&first, &again), (&fresh, &fresh));
            }
        }
    }

    #[test]
    fn spans_and_binomials() {
        let grid: Grid<1> = Grid::new(1, 5);
        assert_eq!(spans(&grid, &[0, 1, 1, 2, 2]), vec![B::first_n(4)]);
        assert_eq!(binomial(10, 3, 5000), 120);
        assert_eq!(binomial(3, 5, 5000), 0);
        assert_eq!(binomial(5000, 1, 5000), 5000);
        assert_eq!(binomial(5001, 1, 5000), 5001);
        assert_eq!(binomial(40, 20, 5000), 5001);
        assert_eq!(binomial(14, 5, 5000), 2002);
        assert_eq!(binomial(15, 6, 5000), 5001); // 5005
        assert_eq!(binomial(10000, 9999, 5000), 5001);
    }

    fn doc_example() -> (Grid<1>, Clues) {
        let tokens = ".,0,.,.,.,2,.,.,.,.,.,.,.,.,.,.";
        let rooms = "0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3";
        let clues =
            tokens.split(',').enumerate().filter(|(_, t)| *t != ".").map(|(cell, t)| (cell, t.parse().ok())).collect();
        let rooms = rooms.split(',').map(|r| r.parse().unwrap()).collect();
        (Grid::new(4, 4), Clues { clues, rooms: Some(rooms) })
    }

    #[test]
    fn the_doc_example_has_one_solution() {
        let (grid, clues) = doc_example();
        let ruleset = ruleset(&grid, &clues).unwrap();
        let context = Context::new(grid, ruleset, native_rungs(), Vec::new());
        let board = context.board(B::EMPTY, B::EMPTY).unwrap();
        let found = search::count(&context, &board, 2, Depths::at(Level::Expert), None, &Budget::unlimited()).unwrap();
        assert!(found.exhaustive);
        assert_eq!(found.solutions.len(), 1);
        let expected: B = ["----", "-#--", "--#-", "-#--"]
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.chars().enumerate().filter(|&(_, ch)| ch == '#').map(move |(c, _)| r * 4 + c))
            .collect();
        assert_eq!(found.solutions[0].shaded, expected);
        assert!(context.ruleset.check(expected, &context.grid).is_empty());
    }

    /// Heyawake's own techniques as rungs, at their levels (four easy, two medium).
    fn native_rungs() -> Vec<Rung<1>> {
        let levels = [Level::Easy, Level::Easy, Level::Easy, Level::Easy, Level::Medium, Level::Medium];
        TECHNIQUES
            .iter()
            .zip(levels)
            .enumerate()
            .map(|(i, (name, level))| Rung { name: name.to_string(), level, work: Work::Native(i) })
            .collect()
    }

    /// Heyawake's own techniques with the frame's short and long probes.
    fn probing_context(grid: Grid<1>, clues: &Clues) -> Context<1> {
        let spec = |name: &str, level, max_steps, sweep| ProbeSpec {
            name: name.to_string(),
            level,
            max_steps,
            inner_level: Level::Medium,
            sweep,
        };
        let probes =
            vec![spec("short_contradiction", Level::Hard, 4, false), spec("contradiction", Level::Expert, 24, true)];
        let rules = ruleset(&grid, clues).unwrap();
        Context::new(grid, rules, native_rungs(), probes)
    }

    #[test]
    fn probes_start_from_the_spans_on_a_board_with_nothing_decided() {
        // No numbers: only the spans and the other rules tie cells together, and nothing is decided
        // until a probe tries a cell of a span.
        let rooms = "0,1,1,2,2,3,4,5,5,6,3,4,7,7,8,9,10,10,10,11,12,13,13,14,15";
        let rooms: Vec<usize> = rooms.split(',').map(|r| r.parse().unwrap()).collect();
        let grid = Grid::<1>::new(5, 5);
        let clues = Clues { clues: Vec::new(), rooms: Some(rooms) };
        let context = probing_context(grid.clone(), &clues);
        assert_eq!(context.ruleset.probe_anchors(), grid.full, "every cell of this board lies in a span");
        let mut board = context.board(B::EMPTY, B::EMPTY).unwrap();
        let mut trace = Trace::new(false);
        context.run(&mut board, Level::Expert, &mut trace, None, &Budget::unlimited()).unwrap();
        assert!(board.is_complete(), "the probes solve it from the empty board");
        let empty = context.board(B::EMPTY, B::EMPTY).unwrap();
        let found = search::count(&context, &empty, 2, Depths::at(Level::Medium), None, &Budget::unlimited()).unwrap();
        assert_eq!(found.solutions.len(), 1);
        assert_eq!(board.shaded, found.solutions[0].shaded);
        assert_eq!(trace.hardest, Level::Expert);
    }

    #[test]
    fn bad_clues_are_refused() {
        let (grid, clues) = doc_example();
        let two = Clues { clues: vec![(1, Some(0)), (2, Some(1))], ..clues.clone() };
        assert!(ruleset(&grid, &two).is_err());
        let negative = Clues { clues: vec![(1, Some(-1))], ..clues.clone() };
        assert!(ruleset(&grid, &negative).is_err());
        let off = Clues { clues: vec![(16, Some(1))], ..clues.clone() };
        assert!(ruleset(&grid, &off).is_err());
        let split = Clues { rooms: Some(vec![0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]), ..clues.clone() };
        assert!(ruleset(&grid, &split).is_err());
        let gap = Clues { rooms: Some(vec![0, 2, 2, 2, 0, 2, 2, 2, 0, 2, 2, 2, 0, 2, 2, 2]), ..clues.clone() };
        assert!(ruleset(&grid, &gap).is_err());
        assert!(ruleset(&grid, &Clues { rooms: None, ..clues }).is_err());
    }

    #[test]
    fn the_search_order_ranks_spans_and_rooms() {
        let (grid, clues) = doc_example();
        let ruleset = Heyawake::new(&grid, &clues).unwrap();
        let mut board = Board::new(grid.full, B::EMPTY, B::EMPTY).unwrap();
        let order = ruleset.candidates(&mut board, &grid).unwrap();
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..16).collect::<Vec<_>>());
        assert_eq!(ruleset.branch_cell(&mut board, &grid).unwrap(), order[0]);
        // room 1 (the 0) ranks 2 + 2 * min(0, 3) = 2, the spans (four cells each) rank 4 and more
        assert_eq!(&order[..3], &[1, 2, 3]);
    }

    /// Partial boards of random puzzles of one shape: how many had an undecided cell, each checked that
    /// `branch_cell`, worked out alone, is the first cell of `candidates`.
    fn branch_cells_head_the_order<const W: usize>(
        rng: &mut Stream,
        rows: usize,
        cols: usize,
        puzzles: usize,
    ) -> usize {
        let grid: Grid<W> = Grid::new(rows, cols);
        let mut checked = 0;
        for _ in 0..puzzles {
            let rooms = random_rooms(rng, &grid);
            let clues = random_clues::<W>(rng, &rooms, None);
            let ruleset = heyawake(&grid, &rooms, clues);
            for share in [0, 10, 30, 60, 90] {
                let board = random_board::<W>(rng, &grid, None, share);
                if board.is_complete() {
                    continue;
                }
                let order = ruleset.candidates(&mut board.copy(), &grid).unwrap();
                assert_eq!(ruleset.branch_cell(&mut board.copy(), &grid).unwrap(), order[0], "{rooms:?}");
                checked += 1;
            }
        }
        checked
    }

    /// Search branches on the head of the full order, on small boards and on boards of published sizes.
    #[test]
    fn the_branch_cell_heads_the_search_order() {
        let mut rng = Stream(7);
        let mut checked = 0;
        for &(rows, cols) in SHAPES {
            checked += branch_cells_head_the_order::<1>(&mut rng, rows, cols, 4);
        }
        checked += branch_cells_head_the_order::<2>(&mut rng, 10, 10, 6);
        checked += branch_cells_head_the_order::<6>(&mut rng, 14, 24, 4);
        assert!(checked > 200, "{checked}");
    }
}

