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
//! Python memoises readings by the cells a clue sees and updates them for the
//! cells decided since; a reading is a pure function of the board, so here it
//! is worked out directly (once per board state, in a board slot).

use crate::bits::Bits;
use crate::grid::Grid;

/// The cells from a clue to the edge in one direction.
///
/// `prefix[j]` is the first `j` cells.  The cell nearest the clue in a mask
/// is its lowest for a ray going right or down, its highest for left or up.
#[derive(Clone, Debug)]
pub struct Ray<const W: usize> {
    pub origin: usize,
    /// How far apart (in cell numbers) two cells of the ray are: 1 along a row, the width along a column.
    pub stride: usize,
    pub cells: Vec<usize>,
    pub mask: Bits<W>,
    pub prefix: Vec<Bits<W>>,
    /// Whether the cell numbers grow away from the clue (right and down).
    pub outward: bool,
}

impl<const W: usize> Ray<W> {
    /// The ray from `origin` (excluded) to the edge in direction `direction` (up, right, down, left).
    pub fn make(grid: &Grid<W>, origin: usize, direction: usize) -> Self {
        let (dr, dc): (isize, isize) = [(-1, 0), (0, 1), (1, 0), (0, -1)][direction];
        let (mut r, mut c) = ((origin / grid.cols) as isize + dr, (origin % grid.cols) as isize + dc);
        let mut cells = Vec::new();
        while r >= 0 && c >= 0 && (r as usize) < grid.rows && (c as usize) < grid.cols {
            cells.push(r as usize * grid.cols + c as usize);
            r += dr;
            c += dc;
        }
        let mut prefix = vec![Bits::EMPTY];
        for &cell in &cells {
            let last = prefix[prefix.len() - 1];
            prefix.push(last.with(cell));
        }
        Ray {
            origin,
            stride: if dr == 0 { 1 } else { grid.cols },
            mask: prefix[cells.len()],
            cells,
            prefix,
            outward: dr + dc > 0,
        }
    }

    /// How many cells the ray has.
    #[inline]
    pub fn length(&self) -> usize {
        self.cells.len()
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
            seen |= ray.prefix[known];
        }
        seen
    }
}

/// What one clue says about the cells it can see.
#[derive(Clone, Debug)]
pub struct Reading<const W: usize> {
    /// Per direction, the length of the known-white prefix.
    pub white: [usize; 4],
    /// Per direction, the index of the first black cell, or the ray's length.
    pub open: [usize; 4],
    /// Per direction, the undecided cells before the first black cell.
    pub open_cells: [Bits<W>; 4],
    /// The undecided cells the clue could see.
    pub undecided: Bits<W>,
    /// Cells the clue sees for sure (itself and the known-white prefixes).
    pub least: i64,
    /// Cells it could see at most (up to the first black cell or the edge).
    pub most: i64,
    /// Cells white because the clue can see at most its number (clue counting).
    pub count_white: Bits<W>,
    /// Cells black because the clue already sees its number (clue counting).
    pub count_black: Bits<W>,
}

impl<const W: usize> Reading<W> {
    pub fn new(view: &ClueView<W>, black: Bits<W>, white: Bits<W>) -> Self {
        let mut known = [0usize; 4];
        let mut stop = [0usize; 4];
        let mut open_cells = [Bits::EMPTY; 4];
        for (d, ray) in view.rays.iter().enumerate() {
            let blacks = black & ray.mask;
            let others = ray.mask.minus(white);
            let s = if blacks.any() { ray.nearest(blacks) } else { ray.length() };
            let k = if others.any() { ray.nearest(others) } else { ray.length() };
            known[d] = k;
            stop[d] = s;
            open_cells[d] = ray.prefix[s].minus(white);
        }
        let undecided = open_cells[0] | open_cells[1] | open_cells[2] | open_cells[3];
        let least = 1 + known.iter().sum::<usize>() as i64;
        let most = 1 + stop.iter().sum::<usize>() as i64;
        let mut count_white = Bits::EMPTY;
        let mut count_black = Bits::EMPTY;
        if least < most {
            if most == view.number {
                count_white = undecided;
            } else if least == view.number {
                for (d, ray) in view.rays.iter().enumerate() {
                    if known[d] < stop[d] {
                        count_black.insert(ray.cells[known[d]]);
                    }
                }
            }
        }
        Reading { white: known, open: stop, open_cells, undecided, least, most, count_white, count_black }
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
        let broken = bound(view.number - 1, &view.rays, &reading.open_cells, &mut lo, &mut hi);
        let mut white = Bits::EMPTY;
        let mut black = Bits::EMPTY;
        if broken.is_none() {
            for (d, ray) in view.rays.iter().enumerate() {
                let (a, z, s) = (lo[d] as usize, hi[d] as usize, reading.open[d]);
                white |= ray.prefix[a];
                if a == z && z < s {
                    black.insert(ray.cells[z]);
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
                    let later = open_cells[d].minus(ray.prefix[need as usize]);
                    a = if later.any() { ray.nearest(later) as i64 } else { stop[d] };
                }
            }
            if cap < z {
                let earlier = if cap >= 0 { open_cells[d] & ray.prefix[cap as usize + 1] } else { Bits::EMPTY };
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
        let cells: Vec<Vec<usize>> = view.rays.iter().map(|r| r.cells.clone()).collect();
        assert_eq!(cells, vec![vec![1], vec![6, 7], vec![9], vec![4]]);
        let right = &view.rays[1];
        assert_eq!((right.nearest(Bits::single(6).with(7)), right.farthest(Bits::single(6).with(7))), (0, 1));
        let left: Ray<1> = Ray::make(&grid, 7, 3);
        assert_eq!(left.cells, vec![6, 5, 4]);
        assert_eq!((left.nearest(Bits::single(4).with(5)), left.farthest(Bits::single(4).with(5))), (1, 2));
        let up: Ray<1> = Ray::make(&grid, 10, 0);
        assert_eq!(
            (up.cells.clone(), up.nearest(Bits::single(2)), up.farthest(Bits::single(6).with(2))),
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
}
