//! The geometry of an `R x C` board: cell `(r, c)` is bit `r * C + c` of a mask.
//!
//! Neighbourhoods, 2x2 windows and floods are shifts and masks, so a whole
//! board moves in one operation; the tables are built once per board.

use crate::bits::Bits;

/// The largest number of rows or columns a board may have.
pub const MAX_SIDE: usize = 100;

/// A cell's orthogonal neighbours (at most four), as a slice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Around {
    cells: [usize; 4],
    len: usize,
}

impl Around {
    fn push(&mut self, cell: usize) {
        self.cells[self.len] = cell;
        self.len += 1;
    }
}

impl std::ops::Deref for Around {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// Tables for one board shape.
#[derive(Clone, Debug)]
pub struct Grid<const W: usize> {
    pub rows: usize,
    pub cols: usize,
    pub size: usize,
    pub full: Bits<W>,
    pub not_first_col: Bits<W>,
    pub not_last_col: Bits<W>,
    /// The cells on the board's edge.
    pub edge: Bits<W>,
    /// Each cell's orthogonal neighbours, as a mask.
    pub neighbours: Vec<Bits<W>>,
    /// Each cell's orthogonal neighbours in the order up, left, right, down.
    pub neighbour_lists: Vec<Around>,
    /// The top-left cells of every 2x2 window.
    pub window_corners: Bits<W>,
}

impl<const W: usize> Grid<W> {
    /// The tables of a `rows x cols` board (which must fit the width `W`).
    pub fn new(rows: usize, cols: usize) -> Self {
        let size = rows * cols;
        assert!(rows >= 1 && cols >= 1 && size <= Bits::<W>::CAPACITY, "a {rows}x{cols} board does not fit");
        let full = Bits::first_n(size);
        let mut first = Bits::EMPTY;
        for r in 0..rows {
            first.insert(r * cols);
        }
        let last = first.shl(cols - 1);
        let top = Bits::<W>::first_n(cols);
        let edge = first | last | top | top.shl((rows - 1) * cols);
        let mut neighbour_lists = Vec::with_capacity(size);
        let mut neighbours = Vec::with_capacity(size);
        for i in 0..size {
            let (r, c) = (i / cols, i % cols);
            let mut around = Around::default();
            if r > 0 {
                around.push(i - cols);
            }
            if c > 0 {
                around.push(i - 1);
            }
            if c + 1 < cols {
                around.push(i + 1);
            }
            if r + 1 < rows {
                around.push(i + cols);
            }
            neighbours.push(around.iter().copied().collect());
            neighbour_lists.push(around);
        }
        let mut window_corners = Bits::EMPTY;
        for r in 0..rows.saturating_sub(1) {
            for c in 0..cols.saturating_sub(1) {
                window_corners.insert(r * cols + c);
            }
        }
        Grid {
            rows,
            cols,
            size,
            full,
            not_first_col: full.minus(first),
            not_last_col: full.minus(last),
            edge,
            neighbours,
            neighbour_lists,
            window_corners,
        }
    }

    /// `mask` with every orthogonal neighbour of its cells added.
    ///
    /// rationale: the inner loop of every flood, so the four shifts are made
    /// word by word in one pass (for boards narrower than a word) instead of
    /// four whole-mask shifts.
    #[inline]
    pub fn dilate(&self, mask: Bits<W>) -> Bits<W> {
        let cols = self.cols;
        if cols >= 64 {
            return mask
                | (mask.shl(1) & self.not_first_col)
                | (mask.shr(1) & self.not_last_col)
                | (mask.shl(cols) & self.full)
                | mask.shr(cols);
        }
        let (m, mut out) = (&mask.0, [0u64; W]);
        for (i, word) in out.iter_mut().enumerate() {
            let prev = if i > 0 { m[i - 1] } else { 0 };
            let next = if i + 1 < W { m[i + 1] } else { 0 };
            let left = (m[i] << 1) | (prev >> 63);
            let right = (m[i] >> 1) | (next << 63);
            let down = (m[i] << cols) | (prev >> (64 - cols));
            let up = (m[i] >> cols) | (next << (64 - cols));
            *word = m[i]
                | (left & self.not_first_col.0[i])
                | (right & self.not_last_col.0[i])
                | (down & self.full.0[i])
                | up;
        }
        Bits(out)
    }

    /// `mask` with every neighbour of its cells added, diagonals included.
    #[inline]
    pub fn dilate8(&self, mask: Bits<W>) -> Bits<W> {
        let row = mask | (mask.shl(1) & self.not_first_col) | (mask.shr(1) & self.not_last_col);
        row | (row.shl(self.cols) & self.full) | row.shr(self.cols)
    }

    /// The cells at most `radius` steps from `mask`.
    pub fn ball(&self, mut mask: Bits<W>, radius: usize) -> Bits<W> {
        for _ in 0..radius {
            mask = self.dilate(mask);
        }
        mask
    }

    /// The cells with an orthogonal neighbour in `mask`.
    #[inline]
    pub fn touching(&self, mask: Bits<W>) -> Bits<W> {
        (mask.shl(1) & self.not_first_col)
            | (mask.shr(1) & self.not_last_col)
            | (mask.shl(self.cols) & self.full)
            | mask.shr(self.cols)
    }

    /// The cells outside `mask` that touch it.
    #[inline]
    pub fn border(&self, mask: Bits<W>) -> Bits<W> {
        self.dilate(mask).minus(mask)
    }

    /// Every cell of `within` joined to `seed` through `within`.
    #[inline]
    pub fn flood(&self, seed: Bits<W>, within: Bits<W>) -> Bits<W> {
        let mut cur = seed & within;
        loop {
            let next = self.dilate(cur) & within;
            if next == cur {
                return cur;
            }
            cur = next;
        }
    }

    /// `flood`, given up once it reaches a cell of `stop`: the cells reached and whether it stopped there.
    pub fn flood_until(&self, seed: Bits<W>, within: Bits<W>, stop: Bits<W>) -> (Bits<W>, bool) {
        let mut cur = seed & within;
        loop {
            let next = self.dilate(cur) & within;
            if next.meets(&stop) {
                return (next, true);
            }
            if next == cur {
                return (cur, false);
            }
            cur = next;
        }
    }

    /// Whether the cells of `group` are joined through `within` (which holds them).
    pub fn joined(&self, group: Bits<W>, within: Bits<W>) -> bool {
        if group.at_most_one() {
            return true;
        }
        group.within(&self.flood(group.lowest_bit(), within))
    }

    /// Every cell of `within` joined to `seed` through `within`, diagonals included.
    pub fn flood8(&self, seed: Bits<W>, within: Bits<W>) -> Bits<W> {
        let mut cur = seed & within;
        loop {
            let next = self.dilate8(cur) & within;
            if next == cur {
                return cur;
            }
            cur = next;
        }
    }

    /// The connected components of `mask`, in the order of their lowest cells.
    pub fn components(&self, mut mask: Bits<W>) -> Vec<Bits<W>> {
        let mut out = Vec::new();
        while let Some(cell) = mask.first() {
            let part = self.flood(Bits::single(cell), mask);
            out.push(part);
            mask = mask.minus(part);
        }
        out
    }

    /// The top-left cells of the 2x2 windows wholly inside `mask`.
    #[inline]
    pub fn pools(&self, mask: Bits<W>) -> Bits<W> {
        let cols = self.cols;
        mask & mask.shr(1) & mask.shr(cols) & mask.shr(cols + 1) & self.window_corners
    }

    /// The cells of `open` that are the last of a 2x2 window whose other three cells are in `sea`.
    pub fn pool_breakers(&self, sea: Bits<W>, open: Bits<W>) -> Bits<W> {
        let cols = self.cols;
        let corners = self.window_corners;
        let (s, u) = (sea, open);
        let (s1, sc, sc1) = (s.shr(1), s.shr(cols), s.shr(cols + 1));
        (u & s1 & sc & sc1 & corners)
            | (s & u.shr(1) & sc & sc1 & corners).shl(1)
            | (s & s1 & u.shr(cols) & sc1 & corners).shl(cols)
            | (s & s1 & sc & u.shr(cols + 1) & corners).shl(cols + 1)
    }

    /// The top-left cells of the 2x2 windows that hold a cell of `mask`.
    pub fn windows_meeting(&self, mask: Bits<W>) -> Bits<W> {
        let cols = self.cols;
        (mask | mask.shr(1) | mask.shr(cols) | mask.shr(cols + 1)) & self.window_corners
    }

    /// The cells of the 2x2 windows whose top-left cells are `corners`.
    pub fn window_cells(&self, corners: Bits<W>) -> Bits<W> {
        let cols = self.cols;
        corners | corners.shl(1) | corners.shl(cols) | corners.shl(cols + 1)
    }

    /// The four cells of the window whose top-left cell is `corner`.
    #[inline]
    pub fn window(&self, corner: usize) -> Bits<W> {
        Bits::single(corner).with(corner + 1).with(corner + self.cols).with(corner + self.cols + 1)
    }

    /// The cells of rows `top..=bottom` and columns `left..=right`.
    pub fn rect(&self, top: usize, bottom: usize, left: usize, right: usize) -> Bits<W> {
        let mut out = Bits::EMPTY;
        for r in top..=bottom {
            for c in left..=right {
                out.insert(r * self.cols + c);
            }
        }
        out
    }

    /// The first and last row of a non-empty mask.
    pub fn row_span(&self, mask: Bits<W>) -> (usize, usize) {
        (mask.lowest() / self.cols, mask.highest() / self.cols)
    }

    /// The first and last column of a non-empty mask.
    pub fn col_span(&self, mask: Bits<W>) -> (usize, usize) {
        let (mut lo, mut hi) = (usize::MAX, 0);
        for cell in mask.iter() {
            let c = cell % self.cols;
            lo = lo.min(c);
            hi = hi.max(c);
        }
        (lo, hi)
    }

    /// Rings of a breadth-first search through `within` from `seed` (ring 0), up to `limit` steps.
    pub fn distances(&self, seed: Bits<W>, within: Bits<W>, limit: usize) -> Vec<Bits<W>> {
        let mut rings = vec![seed];
        let mut seen = seed;
        let mut cur = seed;
        for _ in 0..limit {
            cur = (self.dilate(cur) & within).minus(seen);
            if cur.is_empty() {
                break;
            }
            rings.push(cur);
            seen |= cur;
        }
        rings
    }

    /// The 8 cells around `cell` in the order N, NE, E, SE, S, SW, W, NW (`None` off the board).
    pub fn ring(&self, cell: usize) -> [Option<usize>; 8] {
        const STEPS: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];
        let (r, c) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
        let mut out = [None; 8];
        for (slot, (dr, dc)) in out.iter_mut().zip(STEPS) {
            let (rr, cc) = (r + dr, c + dc);
            if rr >= 0 && cc >= 0 && (rr as usize) < self.rows && (cc as usize) < self.cols {
                *slot = Some(rr as usize * self.cols + cc as usize);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbourhoods_and_floods() {
        let g: Grid<1> = Grid::new(2, 3);
        assert_eq!(g.dilate(Bits::single(0)).iter().collect::<Vec<_>>(), vec![0, 1, 3]);
        assert_eq!(&g.neighbour_lists[4][..], &[1, 3, 5]);
        let row: Grid<1> = Grid::new(1, 5);
        let five = Bits::first_n(5);
        assert_eq!(row.flood_until(Bits::single(0), five, Bits::single(3)), (Bits::first_n(4), true));
        assert_eq!(row.flood(Bits::single(0), five.without(2)), Bits::first_n(2));
        assert_eq!(row.components(five.without(2)).len(), 2);
        let square: Grid<1> = Grid::new(2, 2);
        assert_eq!(square.pool_breakers(Bits::first_n(3), Bits::single(3)), Bits::single(3));
        let three: Grid<1> = Grid::new(3, 3);
        assert_eq!(three.windows_meeting(Bits::single(4)), [0, 1, 3, 4].into_iter().collect());
        assert_eq!(three.window_cells(Bits::single(4)), [4, 5, 7, 8].into_iter().collect());
        assert_eq!(three.ring(0), [None, None, Some(1), Some(4), Some(3), None, None, None]);
    }

    #[test]
    fn dilation_word_by_word_is_the_four_shifts() {
        fn check<const W: usize>(rows: usize, cols: usize) {
            let grid: Grid<W> = Grid::new(rows, cols);
            let mut seed = 0x9e3779b97f4a7c15u64;
            for _ in 0..200 {
                let mut mask = Bits::EMPTY;
                for cell in 0..grid.size {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    if seed >> 62 == 0 {
                        mask.insert(cell);
                    }
                }
                let shifted = mask
                    | (mask.shl(1) & grid.not_first_col)
                    | (mask.shr(1) & grid.not_last_col)
                    | (mask.shl(cols) & grid.full)
                    | mask.shr(cols);
                assert_eq!(grid.dilate(mask), shifted, "{rows}x{cols}");
            }
        }
        check::<1>(8, 8);
        check::<2>(3, 37);
        check::<4>(4, 63);
        check::<4>(3, 64);
        check::<8>(5, 100);
        check::<16>(29, 31);
    }
}
