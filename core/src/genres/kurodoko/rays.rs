//! A clue lifted to four run lengths: the view of a Kurodoko clue as bounded integers.
//!
//! A clue `k` sees itself plus four unbroken white runs, so
//! `up + right + down + left == k - 1`.  On a partial board each run has a set
//! of lengths it can still take: a run of length `j` needs its first `j` cells
//! white and the cell at `j` black (or the edge), so `j` is possible only
//! where that cell is undecided, or at the first black cell, or at the edge.
//! `bound` tightens the four intervals against the sum (a run is at least
//! the total minus what the others can give at most, and at most the total
//! minus what they must give at least), moving each bound to a length the run
//! can take, until nothing changes.
//!
//! What a run's interval `[lo, hi]` proves: the first `lo` cells are white.
//! It does *not* prove the cell at `hi` black: the run may stop short.  Only
//! when `lo == hi` is the run exact, and then the cell at `hi` is black.
//!
//! A reading is a pure function of the board: it is worked out once per board
//! state and kept in a board slot (see `Kurodoko::readings`).

use std::sync::{Arc, OnceLock};

use crate::bits::Bits;
use crate::grid::Grid;

/// The cells from a clue to the edge in one direction.
///
/// `prefix(j)` is the first `j` cells.  The cell nearest the clue in a mask
/// is its lowest for a ray going right or down, its highest for left or up.
#[derive(Clone, Debug)]
pub struct Ray<const W: usize> {
    pub origin: usize,
    /// How far apart (in cell numbers) two cells of the ray are: 1 along a row, the width along a column.
    pub stride: usize,
    len: usize,
    pub mask: Bits<W>,
    /// Whether the cell numbers grow away from the clue (right and down).
    pub outward: bool,
}

impl<const W: usize> Ray<W> {
    /// The ray from `origin` (excluded) to the edge in direction `direction` (up, right, down, left).
    pub fn make(grid: &Grid<W>, origin: usize, direction: usize) -> Self {
        let (r, c) = (origin / grid.cols, origin % grid.cols);
        let (len, stride, outward) = match direction {
            0 => (r, grid.cols, false),
            1 => (grid.cols - 1 - c, 1, true),
            2 => (grid.rows - 1 - r, grid.cols, true),
            _ => (c, 1, false),
        };
        let mut ray = Ray { origin, stride, len, mask: Bits::EMPTY, outward };
        ray.mask = (0..len).map(|j| ray.cell(j)).collect();
        ray
    }

    /// The cell at index `j` along the ray (0: next to the clue).
    #[inline]
    pub fn cell(&self, j: usize) -> usize {
        if self.outward {
            self.origin + (j + 1) * self.stride
        } else {
            self.origin - (j + 1) * self.stride
        }
    }

    /// The cells of the ray, from the clue outwards.
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len).map(|j| self.cell(j))
    }

    /// The first `j` cells of the ray.
    #[inline]
    pub fn prefix(&self, j: usize) -> Bits<W> {
        if j == 0 {
            Bits::EMPTY
        } else if j >= self.len {
            self.mask
        } else if self.outward {
            self.mask & Bits::first_n(self.cell(j - 1) + 1)
        } else {
            self.mask.minus(Bits::first_n(self.cell(j - 1)))
        }
    }

    /// How many cells the ray has.
    #[inline]
    pub fn length(&self) -> usize {
        self.len
    }

    /// The index along the ray of one of its cells.
    #[inline]
    fn index(&self, cell: usize) -> usize {
        cell.abs_diff(self.origin) / self.stride - 1
    }

    /// Index along the ray of the cell of `mask` nearest the clue (`mask` a non-empty part of the ray).
    #[inline]
    pub fn nearest(&self, mask: Bits<W>) -> usize {
        self.index(if self.outward { mask.lowest() } else { mask.highest() })
    }

    /// Index along the ray of the cell of `mask` farthest from the clue (`mask` a non-empty part of the ray).
    #[inline]
    pub fn farthest(&self, mask: Bits<W>) -> usize {
        self.index(if self.outward { mask.highest() } else { mask.lowest() })
    }
}

/// A numbered clue and its four rays (up, right, down, left).
#[derive(Clone, Debug)]
pub struct ClueView<const W: usize> {
    pub cell: usize,
    pub number: i64,
    pub rays: [Ray<W>; 4],
}

impl<const W: usize> ClueView<W> {
    pub fn new(grid: &Grid<W>, cell: usize, number: i64) -> Self {
        ClueView { cell, number, rays: std::array::from_fn(|d| Ray::make(grid, cell, d)) }
    }

    /// The white cells the clue sees when `white` are the white cells: itself and its four white runs.
    pub fn visible(&self, white: Bits<W>) -> Bits<W> {
        let mut seen = Bits::single(self.cell);
        for ray in &self.rays {
            let others = ray.mask.minus(white);
            let known = if others.any() { ray.nearest(others) } else { ray.length() };
            seen |= ray.prefix(known);
        }
        seen
    }
}

/// Every numbered clue's reading of one board state, with the cells that state had decided.
#[derive(Debug)]
pub struct Readings<const W: usize> {
    pub black: Bits<W>,
    pub white: Bits<W>,
    pub readings: Vec<Arc<Reading<W>>>,
}

/// What one clue says about the cells it can see.
#[derive(Debug)]
pub struct Reading<const W: usize> {
    /// The cells whose change can change this reading: each run up to its first black cell (a decided
    /// cell never changes, and nothing beyond it counts).
    pub scope: Bits<W>,
    /// Per direction, the length of the known-white prefix.
    pub white: [usize; 4],
    /// Per direction, the index of the first black cell, or the ray's length.
    pub open: [usize; 4],
    /// The undecided cells the clue could see (in each direction, those before the first black cell).
    pub undecided: Bits<W>,
    /// Cells the clue sees for sure (itself and the known-white prefixes).
    pub least: i64,
    /// Cells it could see at most (up to the first black cell or the edge).
    pub most: i64,
    /// The runs bounded against their sum, worked out once when the rays technique first asks.
    bounded: OnceLock<Bounded<W>>,
}

impl<const W: usize> Reading<W> {
    pub fn new(view: &ClueView<W>, black: Bits<W>, white: Bits<W>) -> Self {
        let mut known = [0usize; 4];
        let mut stop = [0usize; 4];
        let mut scope = Bits::EMPTY;
        for (d, ray) in view.rays.iter().enumerate() {
            let blacks = black & ray.mask;
            let others = ray.mask.minus(white);
            stop[d] = if blacks.any() { ray.nearest(blacks) } else { ray.length() };
            known[d] = if others.any() { ray.nearest(others) } else { ray.length() };
            scope |= ray.prefix(stop[d]);
        }
        Reading {
            scope,
            white: known,
            open: stop,
            undecided: scope.minus(white),
            least: 1 + known.iter().sum::<usize>() as i64,
            most: 1 + stop.iter().sum::<usize>() as i64,
            bounded: OnceLock::new(),
        }
    }

    /// Clue counting: the undecided cells white because the clue can see at most its number, or else
    /// the cells black because it already sees its number (each run's next cell).
    pub fn counted(&self, view: &ClueView<W>) -> (Bits<W>, Bits<W>) {
        let mut black = Bits::EMPTY;
        if self.least < self.most {
            if self.most == view.number {
                return (self.undecided, black);
            }
            if self.least == view.number {
                for (d, ray) in view.rays.iter().enumerate() {
                    if self.white[d] < self.open[d] {
                        black.insert(ray.cell(self.white[d]));
                    }
                }
            }
        }
        (Bits::EMPTY, black)
    }

    /// The undecided cells of each run before its first black cell.
    pub fn open_cells(&self, view: &ClueView<W>) -> [Bits<W>; 4] {
        std::array::from_fn(|d| self.undecided & view.rays[d].mask)
    }

    /// The four runs of `view` (this reading's clue) bounded against their sum, and what that decides.
    pub fn bounded(&self, view: &ClueView<W>) -> &Bounded<W> {
        self.bounded.get_or_init(|| Bounded::new(view, self))
    }
}

/// Why a clue's four runs cannot sum to its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broken {
    /// The clue would see at least this many cells.
    AtLeast(i64),
    /// The clue would see at most this many cells.
    AtMost(i64),
    /// The run in this direction has no length that fits.
    NoFit(usize),
}

/// The intervals `lo..=hi` of a clue's four runs after bounding, and the cells they decide.
#[derive(Clone, Debug)]
pub struct Bounded<const W: usize> {
    pub lo: [i64; 4],
    pub hi: [i64; 4],
    /// Why the four runs cannot sum to the number, if they cannot.
    pub broken: Option<Broken>,
    /// Undecided cells white because a bounded run is at least that long.
    pub white: Bits<W>,
    /// Undecided cells black because a bounded run is exactly that long.
    pub black: Bits<W>,
}

impl<const W: usize> Bounded<W> {
    pub fn new(view: &ClueView<W>, reading: &Reading<W>) -> Self {
        let mut lo = reading.white.map(|k| k as i64);
        let mut hi = reading.open.map(|s| s as i64);
        let broken = bound(view.number - 1, &view.rays, &reading.open_cells(view), &mut lo, &mut hi);
        let mut white = Bits::EMPTY;
        let mut black = Bits::EMPTY;
        if broken.is_none() {
            for (d, ray) in view.rays.iter().enumerate() {
                let (a, z, s) = (lo[d] as usize, hi[d] as usize, reading.open[d]);
                white |= ray.prefix(a);
                if a == z && z < s {
                    black.insert(ray.cell(z));
                }
            }
            white &= reading.undecided;
        }
        Bounded { lo, hi, broken, white, black }
    }
}

/// Tighten the intervals `lo`/`hi` (in place) against `sum == total`.
///
/// A run can take length `j` where its cell `j` is undecided (in
/// `open_cells`), or at its first black cell or the edge (the initial `hi`);
/// each bound moves to such a length.  Returns why no lengths fit, or `None`.
pub fn bound<const W: usize>(
    total: i64,
    rays: &[Ray<W>; 4],
    open_cells: &[Bits<W>; 4],
    lo: &mut [i64; 4],
    hi: &mut [i64; 4],
) -> Option<Broken> {
    let stop = *hi;
    let mut changed = true;
    while changed {
        changed = false;
        let mut sum_lo: i64 = lo.iter().sum();
        let mut sum_hi: i64 = hi.iter().sum();
        if sum_lo > total {
            return Some(Broken::AtLeast(sum_lo + 1));
        }
        if sum_hi < total {
            return Some(Broken::AtMost(sum_hi + 1));
        }
        for d in 0..4 {
            let need = total - (sum_hi - hi[d]);
            let cap = total - (sum_lo - lo[d]);
            let (mut a, mut z) = (lo[d], hi[d]);
            let ray = &rays[d];
            if need > a {
                if need > stop[d] {
                    a = -1;
                } else {
                    let later = open_cells[d].minus(ray.prefix(need as usize));
                    a = if later.any() { ray.nearest(later) as i64 } else { stop[d] };
                }
            }
            if cap < z {
                let earlier = if cap >= 0 { open_cells[d] & ray.prefix(cap as usize + 1) } else { Bits::EMPTY };
                z = if earlier.any() { ray.farthest(earlier) as i64 } else { -1 };
            }
            if a < 0 || z < 0 || a > z {
                return Some(Broken::NoFit(d));
            }
            if a != lo[d] || z != hi[d] {
                sum_lo += a - lo[d];
                sum_hi += z - hi[d];
                lo[d] = a;
                hi[d] = z;
                changed = true;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_run_from_the_clue_to_the_edge() {
        let grid: Grid<1> = Grid::new(3, 4);
        let view = ClueView::new(&grid, 5, 4); // r2c2
        let cells: Vec<Vec<usize>> = view.rays.iter().map(|r| r.cells().collect()).collect();
        assert_eq!(cells, vec![vec![1], vec![6, 7], vec![9], vec![4]]);
        let right = &view.rays[1];
        assert_eq!((right.nearest(Bits::single(6).with(7)), right.farthest(Bits::single(6).with(7))), (0, 1));
        let left: Ray<1> = Ray::make(&grid, 7, 3);
        assert_eq!(left.cells().collect::<Vec<_>>(), vec![6, 5, 4]);
        assert_eq!((left.nearest(Bits::single(4).with(5)), left.farthest(Bits::single(4).with(5))), (1, 2));
        let up: Ray<1> = Ray::make(&grid, 10, 0);
        assert_eq!(
            (up.cells().collect::<Vec<_>>(), up.nearest(Bits::single(2)), up.farthest(Bits::single(6).with(2))),
            (vec![6, 2], 1, 1)
        );
    }

    #[test]
    fn a_reading_counts_and_bounds() {
        // 1x6, clue 4 at c3 (cell 2), c1 black: left run is 0 long at most... (c2 undecided)
        let grid: Grid<1> = Grid::new(1, 6);
        let view = ClueView::new(&grid, 2, 4);
        let black = Bits::single(0);
        let white = Bits::single(2).with(3);
        let reading = Reading::new(&view, black, white);
        assert_eq!((reading.white, reading.open), ([0, 1, 0, 0], [0, 3, 0, 1]));
        assert_eq!((reading.least, reading.most), (2, 5));
        let bounded = Bounded::new(&view, &reading);
        // right run 2..3, left 0..1 with sum 3
        assert_eq!((bounded.lo, bounded.hi, bounded.broken), ([0, 2, 0, 0], [0, 3, 0, 1], None));
        assert_eq!(bounded.white, Bits::single(4));
        assert_eq!(view.visible(grid.full.minus(black)), Bits::first_n(6).without(0));
    }

    /// The lengths run `d` of `view` can take on a board: its first `j` cells not black, and the cell at
    /// `j` not white (or the edge).
    fn lengths(view: &ClueView<1>, d: usize, black: Bits<1>, white: Bits<1>) -> Vec<usize> {
        let cells: Vec<usize> = view.rays[d].cells().collect();
        (0..=cells.len())
            .filter(|&j| cells[..j].iter().all(|&c| !black.has(c)) && (j == cells.len() || !white.has(cells[j])))
            .collect()
    }

    /// Every choice of four run lengths that sums to the clue's number less one, by brute force.
    fn fits(view: &ClueView<1>, black: Bits<1>, white: Bits<1>) -> Vec<[usize; 4]> {
        let options: Vec<Vec<usize>> = (0..4).map(|d| lengths(view, d, black, white)).collect();
        let total = (view.number - 1) as usize;
        let mut out = Vec::new();
        for &a in &options[0] {
            for &b in &options[1] {
                for &c in &options[2] {
                    for &d in &options[3] {
                        if a + b + c + d == total {
                            out.push([a, b, c, d]);
                        }
                    }
                }
            }
        }
        out
    }

    /// On random partial boards, against brute force over the run lengths: the bounds are lengths the run
    /// can take and hold every fitting choice; a contradiction comes only when no choice fits; the cells
    /// the bounds decide are white (before the run's end) or black (at its end) in every choice.
    #[test]
    fn bounds_hold_every_fitting_choice_of_run_lengths() {
        let mut stream = crate::oracle::Stream(31);
        let (mut tightened, mut broken, mut decided, mut hull, mut unbroken) = (0, 0, 0, 0, 0);
        for _ in 0..20_000 {
            let (rows, cols) = (1 + stream.below(7) as usize, 1 + stream.below(7) as usize);
            let grid: Grid<1> = Grid::new(rows, cols);
            let cell = stream.below(grid.size as u64) as usize;
            let number = 1 + stream.below((rows + cols) as u64) as i64; // up to one more than it can see
            let view = ClueView::new(&grid, cell, number);
            let (mut black, mut white) = (Bits::EMPTY, Bits::single(cell));
            for ray in &view.rays {
                for c in ray.cells() {
                    match stream.below(4) {
                        0 => black.insert(c),
                        1 => white.insert(c),
                        _ => {}
                    }
                }
            }
            let reading = Reading::new(&view, black, white);
            let bounded = Bounded::new(&view, &reading);
            let found = fits(&view, black, white);
            if let Some(why) = bounded.broken {
                assert!(found.is_empty(), "{why:?} but {found:?} fit {number} at {cell} on {rows}x{cols}");
                broken += 1;
                continue;
            }
            let mut exact = true;
            for d in 0..4 {
                let (lo, hi) = (bounded.lo[d] as usize, bounded.hi[d] as usize);
                let can = lengths(&view, d, black, white);
                assert!(lo <= hi && can.contains(&lo) && can.contains(&hi), "run {d}: {lo}..{hi} of {can:?}");
                tightened += usize::from(lo > reading.white[d] || hi < reading.open[d]);
                exact &= found.iter().any(|f| f[d] == lo) && found.iter().any(|f| f[d] == hi);
            }
            hull += usize::from(exact);
            for choice in &found {
                for (d, ray) in view.rays.iter().enumerate() {
                    let j = choice[d];
                    assert!((bounded.lo[d] as usize..=bounded.hi[d] as usize).contains(&j), "{choice:?}");
                    assert!((bounded.white & ray.mask).within(&ray.prefix(j)), "{choice:?}: white past the run");
                    let end = if j < ray.length() { Bits::single(ray.cell(j)) } else { Bits::EMPTY };
                    assert!((bounded.black & ray.mask).within(&end), "{choice:?}: black not at the run's end");
                }
            }
            decided += usize::from(bounded.white.any() || bounded.black.any());
            unbroken += 1;
        }
        assert!(tightened > 2000 && broken > 2000 && decided > 2000, "{tightened} {broken} {decided}");
        // Interval propagation is not complete (runs of lengths {0, 2} can leave a sum no choice makes),
        // but on these boards its bounds are nearly always the least and greatest fitting lengths.
        assert!(hull * 100 >= unbroken * 99, "{hull} of {unbroken}");
    }

    /// The bounds of `clue` (cell, number) on a board, each run's `(lo, hi)`, and the cells they decide.
    fn bounds(grid: &Grid<1>, clue: (usize, i64), black: Bits<1>, white: Bits<1>) -> ([(i64, i64); 4], Bounded<1>) {
        let view = ClueView::new(grid, clue.0, clue.1);
        let bounded = Bounded::new(&view, &Reading::new(&view, black, white.with(clue.0)));
        (std::array::from_fn(|d| (bounded.lo[d], bounded.hi[d])), bounded)
    }

    #[test]
    fn a_run_at_most_hi_may_stop_short_of_hi() {
        // A 3 in the middle of the top row of a 2x7 board sees two more cells: each row run is 0 to 2
        // long, the run down 0 to 1.  The cells at the upper bounds (r1c2, r1c6, r2c4) are not black:
        // a run may stop short.
        let grid: Grid<1> = Grid::new(2, 7);
        let (runs, bounded) = bounds(&grid, (3, 3), Bits::EMPTY, Bits::EMPTY);
        assert_eq!(runs, [(0, 0), (0, 2), (0, 1), (0, 2)]);
        assert_eq!((bounded.white, bounded.black, bounded.broken), (Bits::EMPTY, Bits::EMPTY, None));
        // With r1c2 and r1c3 white the left run is exactly two, the others empty: r1c1, r1c5, r2c4 black.
        let (runs, bounded) = bounds(&grid, (3, 3), Bits::EMPTY, Bits::single(1).with(2));
        assert_eq!(runs, [(0, 0), (0, 0), (0, 0), (2, 2)]);
        assert_eq!((bounded.white, bounded.black), (Bits::EMPTY, Bits::single(0).with(4).with(10)));
        // A run cannot end on a white cell: with r1c4 white, the 3 at r1c2 of a 1x6 row cannot look one
        // cell right; the left run gives at most one, so the right run is exactly two and the left none.
        let row: Grid<1> = Grid::new(1, 6);
        let (runs, bounded) = bounds(&row, (1, 3), Bits::EMPTY, Bits::single(3));
        assert_eq!(runs, [(0, 0), (2, 2), (0, 0), (0, 0)]);
        assert_eq!((bounded.white, bounded.black), (Bits::single(2), Bits::single(0).with(4)));
    }
}
