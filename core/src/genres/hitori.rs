//! Hitori: blacken cells so that no number repeats among the white cells of a row or column.
//!
//! The rules (R1-R3, as the Python genre numbers them):
//!
//! * R1 no repeats: no number appears twice among the white cells of a row or column;
//! * R2 no touching blacks: no two black cells share a side;
//! * R3 connected white: all white cells form one orthogonally connected group.
//!
//! A cell may hold no number (or a `?`): it repeats nothing.  The cells of one
//! line that hold one number form a *group*; at most one cell of a group is
//! white.
//!
//! The techniques, cheapest first: `black_neighbours` (easy, shared);
//! `duplicates` (easy: the other cells of a white cell's groups are black);
//! `pair` (easy: two equal numbers side by side in a line are one black and one
//! white, so the rest of their group is black); `sandwich` (easy: a cell between
//! two equal numbers of its line is white, since one of them is black);
//! `lone_white` (easy: a cell whose neighbours would all be black were it white
//! is black); `white_exit` (easy, shared); `no_split` (medium: a cell whose
//! blackening splits the not-black cells is white, because its neighbours would
//! then be white on both sides).
//!
//! Reasons (worded on the Python side, `pencilkit.genres.hitori.wording`):
//!
//! * `hitori.duplicate` (step): ints `[white cell, number]`, masks `[blacks]`;
//! * `hitori.pair` (step): ints `[number, first, second]`, masks `[blacks]`;
//! * `hitori.sandwich` (step): ints `[cell, number, first, second]`;
//! * `hitori.lone` (step): ints `[cell, number]`, masks `[neighbours]`;
//! * `hitori.split` (step): ints `[cell]`, masks `[the not-black cells it would cut off]`;
//! * `hitori.repeat` (contradiction, violation R1): ints `[number]`, masks `[white cells]`.

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;
use crate::ladder::Ruleset;
use crate::step::{contradiction, Found, Reason, Step, Stop, Violation};

use super::black_white;
use super::Clues;

/// The techniques of Hitori, in the order the ladder lists them.
pub const TECHNIQUES: &[&str] =
    &["black_neighbours", "duplicates", "pair", "sandwich", "lone_white", "white_exit", "no_split"];

/// The quiet mark of `white_exit`.
const WHITE_EXIT: usize = 0;

/// The ruleset of a Hitori puzzle.
pub fn ruleset<const W: usize>(grid: &Grid<W>, clues: &Clues) -> Result<Box<dyn Ruleset<W>>, String> {
    if clues.rooms.is_some() {
        return Err("a Hitori board has no rooms".into());
    }
    let mut numbers = vec![None; grid.size];
    for &(cell, number) in &clues.clues {
        if cell >= grid.size {
            return Err(format!("clue cell {cell} is off a {}x{} board", grid.rows, grid.cols));
        }
        if let Some(number) = number {
            if number < 1 {
                return Err(format!("number {number} at cell {cell} is below 1"));
            }
        }
        numbers[cell] = number;
    }
    Ok(Box::new(Hitori::new(grid, numbers)))
}

/// The cells of one line that hold one number.
#[derive(Clone, Copy, Debug)]
struct Group<const W: usize> {
    number: i64,
    cells: Bits<W>,
}

/// One Hitori puzzle: its numbers and what they say before any cell is decided.
pub struct Hitori<const W: usize> {
    numbers: Vec<Option<i64>>,
    /// Every group of two or more cells, rows first.
    groups: Vec<Group<W>>,
    /// Each cell's mates: the other cells of its groups.
    mates: Vec<Bits<W>>,
    /// Cells in some group.
    grouped: Bits<W>,
    /// Two equal numbers side by side: `(first, second, group)`.
    pairs: Vec<(usize, usize, usize)>,
    /// A cell between two equal numbers of its line: `(cell, first, second)`.
    sandwiches: Vec<(usize, usize, usize)>,
}

impl<const W: usize> Hitori<W> {
    fn new(grid: &Grid<W>, numbers: Vec<Option<i64>>) -> Self {
        let rows: Vec<Vec<usize>> = (0..grid.rows).map(|r| (0..grid.cols).map(|c| r * grid.cols + c).collect()).collect();
        let cols: Vec<Vec<usize>> = (0..grid.cols).map(|c| (0..grid.rows).map(|r| r * grid.cols + c).collect()).collect();
        let mut groups = Vec::new();
        let mut mates = vec![Bits::EMPTY; grid.size];
        let mut pairs = Vec::new();
        let mut sandwiches = Vec::new();
        for line in rows.iter().chain(cols.iter()) {
            let mut seen: Vec<(i64, Bits<W>)> = Vec::new();
            for &cell in line {
                let Some(number) = numbers[cell] else { continue };
                match seen.iter_mut().find(|(n, _)| *n == number) {
                    Some((_, cells)) => cells.insert(cell),
                    None => seen.push((number, Bits::single(cell))),
                }
            }
            for (number, cells) in seen {
                if cells.count() < 2 {
                    continue;
                }
                let index = groups.len();
                groups.push(Group { number, cells });
                for cell in cells.iter() {
                    mates[cell] |= cells.without(cell);
                }
                for (k, &cell) in line.iter().enumerate() {
                    if !cells.has(cell) {
                        continue;
                    }
                    if k + 1 < line.len() && cells.has(line[k + 1]) {
                        pairs.push((cell, line[k + 1], index));
                    }
                    if k + 2 < line.len() && cells.has(line[k + 2]) {
                        sandwiches.push((line[k + 1], cell, line[k + 2]));
                    }
                }
            }
        }
        let grouped = mates.iter().enumerate().filter(|(_, m)| m.any()).map(|(c, _)| c).collect();
        Hitori { numbers, groups, mates, grouped, pairs, sandwiches }
    }

    fn number(&self, cell: usize) -> i64 {
        self.numbers[cell].expect("a grouped cell holds a number")
    }

    /// Two white cells of one group: the contradiction of the first such group.
    fn repeated(&self, white: Bits<W>) -> Result<(), Stop<W>> {
        for group in &self.groups {
            let whites = group.cells & white;
            if !whites.at_most_one() {
                return contradiction(Reason::new("hitori.repeat", vec![group.number], vec![whites]), whites);
            }
        }
        Ok(())
    }

    /// The open mates of every white cell are black.
    fn duplicates(&self, board: &Board<W>) -> Found<W> {
        self.repeated(board.unshaded)?;
        let mut open = board.undecided();
        let mut steps = Vec::new();
        for cell in (board.unshaded & self.grouped).iter() {
            let blacks = self.mates[cell] & open;
            if blacks.any() {
                open = open.minus(blacks);
                let reason = Reason::new("hitori.duplicate", vec![cell as i64, self.number(cell)], vec![blacks]);
                steps.push(Step::new(blacks, Bits::EMPTY, reason));
            }
        }
        Ok(steps)
    }

    /// Two equal numbers side by side: one of them is white, so the rest of their group is black.
    fn pair(&self, board: &Board<W>) -> Found<W> {
        let mut open = board.undecided();
        let mut steps = Vec::new();
        for &(first, second, index) in &self.pairs {
            let blacks = self.groups[index].cells.without(first).without(second) & open;
            if blacks.any() {
                open = open.minus(blacks);
                let ints = vec![self.groups[index].number, first as i64, second as i64];
                steps.push(Step::new(blacks, Bits::EMPTY, Reason::new("hitori.pair", ints, vec![blacks])));
            }
        }
        Ok(steps)
    }

    /// A cell between two equal numbers of its line is white: one of the two is black, and it touches both.
    fn sandwich(&self, board: &Board<W>) -> Found<W> {
        let mut open = board.undecided();
        let mut steps = Vec::new();
        for &(cell, first, second) in &self.sandwiches {
            if open.has(cell) {
                open.remove(cell);
                let ints = vec![cell as i64, self.number(first), first as i64, second as i64];
                steps.push(Step::new(Bits::EMPTY, Bits::single(cell), Reason::new("hitori.sandwich", ints, vec![])));
            }
        }
        Ok(steps)
    }

    /// A cell whose every neighbour is black or shares its number is black: white, it would stand alone.
    ///
    /// A board of four cells or more has two white cells at least (black cells
    /// never touch), so a white cell with every neighbour black breaks R3.
    fn lone_white(&self, board: &Board<W>, grid: &Grid<W>) -> Found<W> {
        let mut steps = Vec::new();
        for cell in (board.undecided() & self.grouped).iter() {
            let around = grid.neighbours[cell];
            if around.is_empty() || around.minus(board.shaded).minus(self.mates[cell]).any() {
                continue;
            }
            if grid.size < 4 && board.unshaded.without(cell).is_empty() {
                continue;
            }
            let reason = Reason::new("hitori.lone", vec![cell as i64, self.number(cell)], vec![around]);
            steps.push(Step::new(Bits::single(cell), Bits::EMPTY, reason));
        }
        Ok(steps)
    }

    /// A cell whose blackening splits the not-black cells is white: its neighbours on both sides would be
    /// white, and apart.
    fn no_split(&self, board: &Board<W>, grid: &Grid<W>) -> Found<W> {
        let space = grid.full.minus(board.shaded);
        let white = board.unshaded;
        if white.any() {
            let reached = grid.flood(white.lowest_bit(), space);
            if let Some(stranded) = white.minus(reached).first() {
                let a = white.lowest();
                let cells = Bits::single(a).with(stranded);
                return contradiction(Reason::new("black_white.walled", vec![a as i64, stranded as i64], vec![]), cells);
            }
        }
        let candidates = black_white::local_cuts(grid, space) & board.undecided();
        let mut steps = Vec::new();
        for cell in candidates.iter() {
            if black_white::locally_joined(grid, space, cell) {
                continue;
            }
            let rest = space.without(cell);
            let around = grid.neighbours[cell] & rest;
            let side = grid.flood(around.lowest_bit(), rest);
            if around.within(&side) {
                continue;
            }
            let cut_off = rest.minus(side);
            let cut_off = if cut_off.count() < side.count() { cut_off } else { side };
            let reason = Reason::new("hitori.split", vec![cell as i64], vec![cut_off]);
            steps.push(Step::new(Bits::EMPTY, Bits::single(cell), reason));
        }
        Ok(steps)
    }

    /// For each undecided grouped cell, how many not-black cells its tightest group has (fewer: tighter).
    fn tightness(&self, board: &Board<W>) -> Vec<(u32, usize)> {
        let open = board.undecided();
        let mut ranked = Vec::new();
        for group in &self.groups {
            let alive = group.cells.minus(board.shaded);
            if alive.at_most_one() {
                continue;
            }
            for cell in (group.cells & open).iter() {
                ranked.push((alive.count(), cell));
            }
        }
        ranked.sort();
        ranked
    }
}

impl<const W: usize> Ruleset<W> for Hitori<W> {
    fn techniques(&self) -> &'static [&'static str] {
        TECHNIQUES
    }

    fn find(&self, index: usize, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
        match index {
            0 => black_white::black_neighbours(board, grid),
            1 => self.duplicates(board),
            2 => self.pair(board),
            3 => self.sandwich(board),
            4 => self.lone_white(board, grid),
            5 => black_white::white_exit(board, grid, WHITE_EXIT),
            6 => self.no_split(board, grid),
            _ => panic!("Hitori has no technique {index}"),
        }
    }

    fn check(&self, shaded: Bits<W>, grid: &Grid<W>) -> Vec<Violation<W>> {
        let white = grid.full.minus(shaded);
        let mut out = Vec::new();
        for group in &self.groups {
            let whites = group.cells & white;
            if !whites.at_most_one() {
                let reason = Reason::new("hitori.repeat", vec![group.number], vec![whites]);
                out.push(Violation::new("R1", reason, whites));
            }
        }
        out.extend(black_white::check_apart(grid, shaded, "R2"));
        out.extend(black_white::check_connected(grid, shaded, "R3"));
        out
    }

    /// Undecided cells of the tightest groups first (a group with two cells left not black must lose one),
    /// then cells next to decided ones, then the rest.
    fn candidates(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<Vec<usize>, Stop<W>> {
        let undecided = board.undecided();
        let mut order = Vec::new();
        let mut seen = Bits::EMPTY;
        for (_, cell) in self.tightness(board) {
            if !seen.has(cell) {
                seen.insert(cell);
                order.push(cell);
            }
        }
        let frontier = (grid.dilate(board.decided()) & undecided).minus(seen);
        order.extend(frontier.iter());
        order.extend(undecided.minus(seen).minus(frontier).iter());
        Ok(order)
    }

    /// Search tries black first in a group (one of its cells must go), white elsewhere.
    fn prefer_shaded(&self, _board: &mut Board<W>, _grid: &Grid<W>, cell: usize) -> Result<bool, Stop<W>> {
        Ok(self.grouped.has(cell))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::ladder::{Context, Rung, Trace, Work};
    use crate::level::Level;
    use crate::oracle::{self, Stream};
    use crate::search::{self, Depths};

    type B = Bits<1>;

    const SHAPES: [(usize, usize); 8] = [(2, 2), (3, 3), (3, 4), (4, 3), (4, 4), (2, 5), (4, 5), (5, 4)];
    const LEVELS: [Level; 7] =
        [Level::Easy, Level::Easy, Level::Easy, Level::Easy, Level::Easy, Level::Easy, Level::Medium];

    fn clues_of(numbers: &[i64]) -> Clues {
        Clues { clues: numbers.iter().enumerate().map(|(c, &n)| (c, (n > 0).then_some(n))).collect(), rooms: None }
    }

    fn context(grid: &Grid<1>, numbers: &[i64]) -> Context<1> {
        let rungs = TECHNIQUES
            .iter()
            .zip(LEVELS)
            .enumerate()
            .map(|(i, (name, level))| Rung { name: name.to_string(), level, work: Work::Native(i) })
            .collect();
        let ruleset = ruleset(grid, &clues_of(numbers)).expect("a valid puzzle");
        Context::new(grid.clone(), ruleset, rungs, Vec::new())
    }

    /// Random numbers from 1 to `top` (0 for a cell without one, now and then).
    fn random_numbers(size: usize, top: u64, stream: &mut Stream) -> Vec<i64> {
        (0..size).map(|_| if stream.below(12) == 0 { 0 } else { 1 + stream.below(top) as i64 }).collect()
    }

    /// Black cells apart with the white cells one group, drawn at random.
    fn random_shading(grid: &Grid<1>, stream: &mut Stream) -> B {
        let mut black = B::EMPTY;
        for _ in 0..grid.size {
            let cell = stream.below(grid.size as u64) as usize;
            let white = grid.full.minus(black.with(cell));
            if !grid.neighbours[cell].meets(&black) && grid.components(white).len() == 1 && stream.below(3) == 0 {
                black.insert(cell);
            }
        }
        black
    }

    /// Numbers read off a random shading, as a constructor writes them: white cells repeat nothing in their
    /// lines where that can be helped; a black cell copies a white number of its row or column (or any).
    fn made_puzzle(grid: &Grid<1>, stream: &mut Stream) -> (Vec<i64>, B) {
        let truth = random_shading(grid, stream);
        let top = grid.rows.max(grid.cols) as i64;
        let mut numbers = vec![0i64; grid.size];
        let line_of = |cell: usize, other: usize| cell / grid.cols == other / grid.cols || cell % grid.cols == other % grid.cols;
        for cell in grid.full.minus(truth).iter() {
            let used: Vec<i64> = (0..cell).filter(|&o| !truth.has(o) && line_of(cell, o)).map(|o| numbers[o]).collect();
            let free: Vec<i64> = (1..=top).filter(|n| !used.contains(n)).collect();
            numbers[cell] = if free.is_empty() { 1 + stream.below(top as u64) as i64 } else { free[stream.below(free.len() as u64) as usize] };
        }
        for cell in truth.iter() {
            let seen: Vec<usize> = (0..grid.size).filter(|&o| o != cell && !truth.has(o) && line_of(cell, o)).collect();
            numbers[cell] = if seen.is_empty() || stream.below(5) == 0 {
                1 + stream.below(top as u64) as i64
            } else {
                numbers[seen[stream.below(seen.len() as u64) as usize]]
            };
        }
        if stream.below(10) == 0 {
            numbers[stream.below(grid.size as u64) as usize] = 0;
        }
        (numbers, truth)
    }

    fn random_board(grid: &Grid<1>, truth: Option<B>, free: u32, stream: &mut Stream) -> Board<1> {
        let (mut shaded, mut unshaded) = (B::EMPTY, B::EMPTY);
        let mut order: Vec<usize> = (0..grid.size).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, stream.below(i as u64 + 1) as usize);
        }
        let share = stream.below(60);
        for cell in order {
            let open = grid.full.minus(shaded | unshaded);
            if open.count() <= free && stream.below(100) >= share {
                continue;
            }
            let black = match truth {
                Some(t) => t.has(cell),
                None => stream.below(3) == 0,
            };
            if black {
                shaded.insert(cell);
            } else {
                unshaded.insert(cell);
            }
        }
        Board::new(grid.full, shaded, unshaded).expect("disjoint masks")
    }

    /// The violations read directly off the board, one rule at a time: (rule, cells).
    fn check_naive(grid: &Grid<1>, numbers: &[i64], black: B) -> Vec<(&'static str, B)> {
        let mut out = Vec::new();
        let lines: Vec<Vec<usize>> = (0..grid.rows)
            .map(|r| (0..grid.cols).map(|c| r * grid.cols + c).collect())
            .chain((0..grid.cols).map(|c| (0..grid.rows).map(|r| r * grid.cols + c).collect()))
            .collect();
        for line in &lines {
            let mut done = Vec::new();
            for &a in line {
                let n = numbers[a];
                if n == 0 || black.has(a) || done.contains(&n) {
                    continue;
                }
                let whites: B = line.iter().copied().filter(|&b| numbers[b] == n && !black.has(b)).collect();
                if whites.count() > 1 {
                    out.push(("R1", whites));
                }
                done.push(n);
            }
        }
        for cell in black.iter() {
            for &next in grid.neighbour_lists[cell].iter() {
                if next > cell && black.has(next) {
                    out.push(("R2", B::single(cell).with(next)));
                }
            }
        }
        if grid.components(grid.full.minus(black)).len() > 1 {
            out.push(("R3", grid.full.minus(black)));
        }
        out
    }

    #[test]
    fn the_check_names_what_a_naive_reading_finds() {
        let mut stream = Stream(7);
        for round in 0..3000 {
            let (rows, cols) = SHAPES[round % SHAPES.len()];
            let grid: Grid<1> = Grid::new(rows, cols);
            let numbers = random_numbers(grid.size, 4, &mut stream);
            let rs = ruleset(&grid, &clues_of(&numbers)).expect("valid");
            let black = Bits([stream.draw() << 31 ^ stream.draw()]) & grid.full;
            let mut found: Vec<(&str, B)> = rs.check(black, &grid).iter().map(|v| (v.rule, v.cells)).collect();
            let mut expected = check_naive(&grid, &numbers, black);
            found.sort_by_key(|(r, b)| (*r, b.0));
            expected.sort_by_key(|(r, b)| (*r, b.0));
            assert_eq!(found, expected, "{numbers:?} {black:?}");
        }
    }

    #[test]
    fn every_technique_agrees_with_every_solution() {
        let mut stream = Stream(2027);
        let mut tally = oracle::Tally::default();
        let mut solvable = 0;
        for round in 0..3000 {
            let (rows, cols) = SHAPES[round % SHAPES.len()];
            let grid: Grid<1> = Grid::new(rows, cols);
            let (numbers, made) = made_puzzle(&grid, &mut stream);
            let ctx = context(&grid, &numbers);
            let truth = (stream.below(4) != 0).then_some(made);
            let board = random_board(&grid, truth, 14, &mut stream);
            let solutions = oracle::solutions(ctx.ruleset.as_ref(), &grid, &board);
            solvable += usize::from(!solutions.is_empty());
            oracle::held(&ctx, TECHNIQUES, &board, &solutions, &mut tally, &(rows, cols, &numbers));
        }
        assert!(tally.steps.iter().all(|&n| n > 20), "{tally:?}");
        let contradictions: usize = tally.contradictions.iter().sum();
        assert!(contradictions > 200 && solvable > 500, "{tally:?} {solvable}");
    }

    #[test]
    fn search_counts_what_the_oracle_counts() {
        let mut stream = Stream(99);
        for round in 0..600 {
            let (rows, cols) = SHAPES[round % 6];
            let grid: Grid<1> = Grid::new(rows, cols);
            let numbers = if round % 2 == 0 { random_numbers(grid.size, 3, &mut stream) } else { made_puzzle(&grid, &mut stream).0 };
            let ctx = context(&grid, &numbers);
            let board = ctx.board(B::EMPTY, B::EMPTY).expect("empty");
            let expected = oracle::solutions(ctx.ruleset.as_ref(), &grid, &board).len().min(2);
            let found = search::count(&ctx, &board, 2, Depths::at(Level::Expert), None, &Budget::unlimited())
                .expect("within budget");
            assert!(found.exhaustive);
            assert_eq!(found.solutions.len(), expected, "{numbers:?} {rows}x{cols}");
        }
    }

    #[test]
    fn a_published_puzzle_solves_by_the_ladder() {
        // janko's 4x4 of the corpus README's first line
        let numbers = [3, 3, 1, 4, 4, 3, 2, 2, 1, 3, 4, 2, 3, 4, 3, 2];
        let grid: Grid<1> = Grid::new(4, 4);
        let ctx = context(&grid, &numbers);
        let mut board = ctx.board(B::EMPTY, B::EMPTY).expect("empty");
        ctx.run(&mut board, Level::Expert, &mut Trace::new(false), None, &Budget::unlimited()).expect("solved");
        assert!(board.is_complete());
        let rows: Vec<String> = (0..4)
            .map(|r| (0..4).map(|c| if board.shaded.has(r * 4 + c) { '#' } else { '-' }).collect())
            .collect();
        assert_eq!(rows, ["-#--", "---#", "-#--", "#--#"]);
    }
}
