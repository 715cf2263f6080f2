//! Kurodoko (Kuromasu): blacken cells so that every number sees exactly that many white cells.
//!
//! The rules (R1-R4, as the Python genre numbers them):
//!
//! * R1 printed cells: numbered cells are white;
//! * R2 no touching blacks: no two black cells share a side;
//! * R3 connected white: all white cells form one orthogonally connected group;
//! * R4 visible count: each number equals the number of white cells it sees,
//!   itself included, along the unbroken white runs in the four directions.
//!
//! The techniques, cheapest first: `black_neighbours` (easy, shared), `clue_count` (easy: a clue that
//! already sees its number closes its view; one that can see at most its number sees everything it
//! might), `rays` (medium: a clue's four runs are bounded integers summing to its number minus one,
//! see `rays`), `connectivity` (medium, shared).  Each clue's reading of a board is worked out once
//! per board state and kept in the board's slot `READINGS`.
//!
//! Reasons (worded on the Python side, `pencilkit.genres.kurodoko.wording`):
//!
//! * `kurodoko.at_most` (step): ints `[clue cell, number]`, masks `[whites]`;
//! * `kurodoko.closed` (step): ints `[clue cell, number]`, masks `[blacks]`;
//! * `kurodoko.rays` (step): ints `[clue cell, number, lo up, lo right, lo down, lo left, hi up, hi right,
//!   hi down, hi left]`, masks `[whites, blacks]`;
//! * `kurodoko.sees_at_least` / `kurodoko.sees_at_most` (contradiction): ints `[clue cell, number,
//!   cells]`: the clue would see at least / at most that many cells;
//! * `kurodoko.no_fit` (contradiction): ints `[clue cell, number, direction]` (0 up, 1 right, 2 down,
//!   3 left): no length of that run fits;
//! * `kurodoko.disagree` (contradiction): masks `[cells]`: the clues' steps shade and unshade them;
//! * `kurodoko.printed` (violation R1): ints `[clue cell]`;
//! * `kurodoko.count` (violation R4): ints `[clue cell, number, count]`, masks `[seen cells]`.

pub mod rays;

use std::sync::Arc;

use crate::bits::Bits;
use crate::board::Board;
use crate::grid::Grid;
use crate::ladder::Ruleset;
use crate::step::{contradiction, Found, Reason, Step, Stop, Violation};

use self::rays::{Broken, ClueView, Reading, Readings};
use super::black_white;
use super::Clues;

/// The techniques of Kurodoko, in the order the ladder lists them.
pub const TECHNIQUES: &[&str] = &["black_neighbours", "clue_count", "rays", "connectivity"];

/// The board slot of every clue's reading.
const READINGS: usize = 0;

/// The ruleset of a Kurodoko puzzle.
pub fn ruleset<const W: usize>(grid: &Grid<W>, clues: &Clues) -> Result<Box<dyn Ruleset<W>>, String> {
    if clues.rooms.is_some() {
        return Err("a Kurodoko board has no rooms".into());
    }
    let mut clue_mask = Bits::EMPTY;
    let mut views = Vec::new();
    for &(cell, number) in &clues.clues {
        if cell >= grid.size {
            return Err(format!("clue cell {cell} is off a {}x{} board", grid.rows, grid.cols));
        }
        clue_mask.insert(cell);
        if let Some(number) = number {
            if number < 1 {
                return Err(format!("clue {number} at cell {cell} is below 1"));
            }
            views.push(ClueView::new(grid, cell, number));
        }
    }
    Ok(Box::new(Kurodoko { clues: clues.clues.clone(), clue_mask, views }))
}

/// One Kurodoko puzzle: its clues and the views of its numbered clues.
pub struct Kurodoko<const W: usize> {
    /// `(cell, number)` in the puzzle's order; `None` is a `?` clue.
    clues: Vec<(usize, Option<i64>)>,
    /// Every clue cell, `?` clues included.
    clue_mask: Bits<W>,
    /// The numbered clues with their rays, in the puzzle's order (`?` clues see nothing to count).
    views: Vec<ClueView<W>>,
}

impl<const W: usize> Kurodoko<W> {
    /// Every numbered clue's reading of `board` (in the order of `views`), worked out once per board state.
    ///
    /// From the readings of an earlier state of the board only the clues whose
    /// scope holds a cell decided since are read again: a reading depends on
    /// nothing else.
    fn readings(&self, board: &mut Board<W>) -> Arc<Readings<W>> {
        if let Some(found) = board.read::<Readings<W>>(READINGS) {
            return found;
        }
        let (black, white) = (board.shaded, board.unshaded);
        let readings = match board.earlier::<Readings<W>>(READINGS) {
            Some(old) if old.black.within(&black) && old.white.within(&white) => {
                let changed = (black ^ old.black) | (white ^ old.white);
                self.views
                    .iter()
                    .zip(old.readings.iter())
                    .map(|(view, reading)| {
                        if changed.meets(&reading.scope) {
                            Arc::new(Reading::new(view, black, white))
                        } else {
                            reading.clone()
                        }
                    })
                    .collect()
            }
            _ => self.views.iter().map(|view| Arc::new(Reading::new(view, black, white))).collect(),
        };
        board.keep(READINGS, Readings { black, white, readings });
        board.read::<Readings<W>>(READINGS).expect("kept")
    }

    /// Each clue on its own: what it already sees and what it could see at most.
    fn clue_count(&self, board: &mut Board<W>) -> Found<W> {
        let readings = self.readings(board);
        let mut steps = Vec::new();
        for (view, reading) in self.views.iter().zip(readings.readings.iter()) {
            if reading.least > view.number {
                return sees(view, Broken::AtLeast(reading.least));
            }
            if reading.most < view.number {
                return sees(view, Broken::AtMost(reading.most));
            }
            let (whites, blacks) = reading.counted(view);
            let clue = || vec![view.cell as i64, view.number];
            if whites.any() {
                steps.push(Step::new(Bits::EMPTY, whites, Reason::new("kurodoko.at_most", clue(), vec![whites])));
            } else if blacks.any() {
                steps.push(Step::new(blacks, Bits::EMPTY, Reason::new("kurodoko.closed", clue(), vec![blacks])));
            }
        }
        merge(steps)
    }

    /// Each clue's four runs, bounded against their sum: the first `lo` cells of a run are white, and a
    /// run pinned to exactly one length ends at a black cell.
    fn rays(&self, board: &mut Board<W>) -> Found<W> {
        let readings = self.readings(board);
        let mut steps = Vec::new();
        for (view, reading) in self.views.iter().zip(readings.readings.iter()) {
            let bounded = reading.bounded(view);
            if let Some(broken) = bounded.broken {
                return sees(view, broken);
            }
            if bounded.white.any() || bounded.black.any() {
                let mut ints = vec![view.cell as i64, view.number];
                ints.extend(bounded.lo);
                ints.extend(bounded.hi);
                let reason = Reason::new("kurodoko.rays", ints, vec![bounded.white, bounded.black]);
                steps.push(Step::new(bounded.black, bounded.white, reason));
            }
        }
        merge(steps)
    }
}

/// The contradiction of a clue whose runs cannot sum to its number.
fn sees<const W: usize>(view: &ClueView<W>, broken: Broken) -> Found<W> {
    let (key, last) = match broken {
        Broken::AtLeast(cells) => ("kurodoko.sees_at_least", cells),
        Broken::AtMost(cells) => ("kurodoko.sees_at_most", cells),
        Broken::NoFit(direction) => ("kurodoko.no_fit", direction as i64),
    };
    contradiction(Reason::new(key, vec![view.cell as i64, view.number, last], vec![]), Bits::single(view.cell))
}

/// Drop steps that add nothing after earlier ones (two clues often see the same cell); a cell shaded
/// by one step and unshaded by another is a contradiction.
fn merge<const W: usize>(steps: Vec<Step<W>>) -> Found<W> {
    let mut out = Vec::new();
    let (mut shade, mut unshade) = (Bits::EMPTY, Bits::EMPTY);
    for step in steps {
        if step.shade.minus(shade).any() || step.unshade.minus(unshade).any() {
            shade |= step.shade;
            unshade |= step.unshade;
            out.push(step);
        }
    }
    let both = shade & unshade;
    if both.any() {
        return contradiction(Reason::new("kurodoko.disagree", vec![], vec![both]), both);
    }
    Ok(out)
}

impl<const W: usize> Ruleset<W> for Kurodoko<W> {
    fn techniques(&self) -> &'static [&'static str] {
        TECHNIQUES
    }

    fn find(&self, index: usize, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
        match index {
            0 => black_white::black_neighbours(board, grid),
            1 => self.clue_count(board),
            2 => self.rays(board),
            3 => black_white::connectivity(board, grid),
            _ => panic!("Kurodoko has no technique {index}"),
        }
    }

    fn check(&self, shaded: Bits<W>, grid: &Grid<W>) -> Vec<Violation<W>> {
        let black = shaded;
        let white = grid.full.minus(black);
        let mut out = Vec::new();
        for cell in (black & self.clue_mask).iter() {
            out.push(Violation::new(
                "R1",
                Reason::new("kurodoko.printed", vec![cell as i64], vec![]),
                Bits::single(cell),
            ));
        }
        out.extend(black_white::check_apart(grid, black, "R2"));
        out.extend(black_white::check_connected(grid, black, "R3"));
        let mut views = self.views.iter();
        for &(cell, number) in &self.clues {
            let Some(number) = number else { continue };
            let view = views.next().expect("a view for every numbered clue");
            if black.has(cell) {
                continue;
            }
            let seen = view.visible(white);
            let count = seen.count() as i64;
            if count != number {
                let reason = Reason::new("kurodoko.count", vec![cell as i64, number, count], vec![seen]);
                out.push(Violation::new("R4", reason, seen));
            }
        }
        out
    }

    /// Undecided cells, most constrained first: the cell where each clue's known view ends (clues with
    /// the least slack between what they see and what they could see first), then undecided cells next
    /// to decided ones, then the rest.
    fn candidates(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<Vec<usize>, Stop<W>> {
        let readings = self.readings(board);
        let undecided = board.undecided();
        let mut ranked: Vec<(i64, usize)> = Vec::new();
        for (view, reading) in self.views.iter().zip(readings.readings.iter()) {
            let slack = reading.most - reading.least;
            if slack == 0 {
                continue;
            }
            let missing = view.number - reading.least;
            for (d, ray) in view.rays.iter().enumerate() {
                let (known, stop) = (reading.white[d], reading.open[d]);
                if known < stop {
                    ranked.push(((slack - missing).min(missing), ray.cell(known)));
                }
            }
        }
        ranked.sort();
        let mut order = Vec::new();
        let mut seen = Bits::EMPTY;
        for (_, cell) in ranked {
            if !seen.has(cell) {
                seen.insert(cell);
                order.push(cell);
            }
        }
        let frontier = (grid.dilate(board.shaded | board.unshaded) & undecided).minus(seen);
        order.extend(frontier.iter());
        order.extend(undecided.minus(seen).minus(frontier).iter());
        Ok(order)
    }

    /// Search tries black first: a black cell forces its neighbours and closes views at once.
    fn prefer_shaded(&self, _board: &mut Board<W>, _grid: &Grid<W>, _cell: usize) -> Result<bool, Stop<W>> {
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::ladder::{Context, Rung, Trace, Work};
    use crate::level::Level;
    use crate::oracle::{self, Stream};

    type B = Bits<1>;
    type ClueList = Vec<(usize, Option<i64>)>;

    const SHAPES: [(usize, usize); 8] = [(3, 3), (3, 4), (4, 3), (4, 4), (2, 5), (4, 5), (5, 4), (5, 5)];
    const LEVELS: [Level; 4] = [Level::Easy, Level::Easy, Level::Medium, Level::Medium];

    fn build(grid: &Grid<1>, clues: &[(usize, Option<i64>)]) -> Box<dyn Ruleset<1>> {
        ruleset(grid, &Clues { clues: clues.to_vec(), rooms: None }).expect("a valid puzzle")
    }

    fn context(grid: &Grid<1>, clues: &[(usize, Option<i64>)]) -> Context<1> {
        let rungs = TECHNIQUES
            .iter()
            .zip(LEVELS)
            .enumerate()
            .map(|(i, (name, level))| Rung { name: name.to_string(), level, work: Work::Native(i) })
            .collect();
        Context::new(grid.clone(), build(grid, clues), rungs, Vec::new())
    }

    fn clue_mask(clues: &[(usize, Option<i64>)]) -> B {
        clues.iter().map(|&(c, _)| c).collect()
    }

    fn shuffled(n: usize, stream: &mut Stream) -> Vec<usize> {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, stream.below(i as u64 + 1) as usize);
        }
        order
    }

    /// A shading that keeps R2 and R3: black cells apart, white cells one group.
    fn random_shading(grid: &Grid<1>, stream: &mut Stream) -> B {
        let target = stream.below(grid.size as u64 / 3 + 1) as u32;
        let mut black = B::EMPTY;
        for cell in shuffled(grid.size, stream) {
            if black.count() >= target {
                break;
            }
            let white = grid.full.minus(black.with(cell));
            if !grid.neighbours[cell].meets(&black) && white.any() && grid.components(white).len() == 1 {
                black.insert(cell);
            }
        }
        black
    }

    /// How many white cells `cell` sees, walking the board row by row and column by column.
    fn count_naive(grid: &Grid<1>, cell: usize, black: B) -> (i64, B) {
        let (r0, c0) = ((cell / grid.cols) as isize, (cell % grid.cols) as isize);
        let mut seen = B::single(cell);
        for (dr, dc) in [(-1isize, 0isize), (0, 1), (1, 0), (0, -1)] {
            let (mut r, mut c) = (r0 + dr, c0 + dc);
            while r >= 0 && c >= 0 && r < grid.rows as isize && c < grid.cols as isize {
                let other = r as usize * grid.cols + c as usize;
                if black.has(other) {
                    break;
                }
                seen.insert(other);
                r += dr;
                c += dc;
            }
        }
        (seen.count() as i64, seen)
    }

    /// A puzzle of 1-4 clues read off a random valid shading (some numbers moved, some `?`), and the shading.
    fn random_puzzle(grid: &Grid<1>, stream: &mut Stream) -> (ClueList, B) {
        let truth = random_shading(grid, stream);
        let whites: Vec<usize> = grid.full.minus(truth).iter().collect();
        let wanted = 1 + stream.below(4) as usize;
        let mut clues: ClueList = Vec::new();
        for i in shuffled(whites.len(), stream).into_iter().take(wanted) {
            let cell = whites[i];
            let (mut number, _) = count_naive(grid, cell, truth);
            if stream.below(4) == 0 {
                number = (number + stream.below(5) as i64 - 2).max(1);
            }
            clues.push((cell, if stream.below(10) == 0 { None } else { Some(number) }));
        }
        clues.sort();
        (clues, truth)
    }

    /// The clue cells white, then cells revealed from `truth` or decided at random, at most `free` left open.
    fn random_board(
        grid: &Grid<1>,
        clues: &[(usize, Option<i64>)],
        truth: B,
        free: u32,
        stream: &mut Stream,
    ) -> Board<1> {
        let mut shaded = B::EMPTY;
        let mut unshaded = clue_mask(clues);
        let at_random = stream.below(3) == 0;
        let share = stream.below(60);
        for cell in shuffled(grid.size, stream) {
            let open = grid.full.minus(shaded | unshaded);
            if !open.has(cell) {
                continue;
            }
            if open.count() <= free && stream.below(100) >= share {
                continue;
            }
            let black = if at_random { stream.below(3) == 0 } else { truth.has(cell) };
            if black {
                shaded.insert(cell);
            } else {
                unshaded.insert(cell);
            }
        }
        Board::new(grid.full, shaded, unshaded).expect("disjoint masks")
    }

    #[test]
    fn every_technique_agrees_with_every_solution() {
        let mut stream = Stream(2026);
        let mut tally = oracle::Tally::default();
        let mut solvable = 0;
        for round in 0..1500 {
            let (rows, cols) = SHAPES[round % SHAPES.len()];
            let grid: Grid<1> = Grid::new(rows, cols);
            let (clues, truth) = random_puzzle(&grid, &mut stream);
            let ctx = context(&grid, &clues);
            let board = random_board(&grid, &clues, truth, 13, &mut stream);
            let solutions = oracle::solutions(ctx.ruleset.as_ref(), &grid, &board);
            solvable += usize::from(!solutions.is_empty());
            oracle::held(&ctx, TECHNIQUES, &board, &solutions, &mut tally, &clues);
        }
        let (steps, contradictions): (usize, usize) = (tally.steps.iter().sum(), tally.contradictions.iter().sum());
        assert!(steps > 1000 && contradictions > 200 && solvable > 300, "{steps} {contradictions} {solvable}");
    }

    /// The violations of the rules read directly off the board: (rule, cells, ints of the reason).
    fn check_naive(grid: &Grid<1>, clues: &[(usize, Option<i64>)], black: B) -> Vec<(&'static str, B, Vec<i64>)> {
        let mut out = Vec::new();
        for &(cell, _) in clues {
            if black.has(cell) {
                out.push(("R1", B::single(cell), vec![cell as i64]));
            }
        }
        for cell in black.iter() {
            if cell % grid.cols + 1 < grid.cols && black.has(cell + 1) {
                out.push(("R2", B::single(cell).with(cell + 1), vec![]));
            }
        }
        for cell in black.iter() {
            if cell + grid.cols < grid.size && black.has(cell + grid.cols) {
                out.push(("R2", B::single(cell).with(cell + grid.cols), vec![]));
            }
        }
        let white = grid.full.minus(black);
        if let Some(start) = white.first() {
            let mut reached = B::single(start);
            let mut todo = vec![start];
            while let Some(cell) = todo.pop() {
                for &next in grid.neighbour_lists[cell].iter() {
                    if white.has(next) && !reached.has(next) {
                        reached.insert(next);
                        todo.push(next);
                    }
                }
            }
            if reached != white {
                out.push(("R3", white, vec![]));
            }
        }
        for &(cell, number) in clues {
            let Some(number) = number else { continue };
            if black.has(cell) {
                continue;
            }
            let (count, seen) = count_naive(grid, cell, black);
            if count != number {
                out.push(("R4", seen, vec![cell as i64, number, count]));
            }
        }
        out
    }

    #[test]
    fn check_reads_the_rules() {
        let mut stream = Stream(7);
        let mut broken = [0; 4];
        for round in 0..3000 {
            let (rows, cols) = SHAPES[round % SHAPES.len()];
            let grid: Grid<1> = Grid::new(rows, cols);
            let (clues, truth) = random_puzzle(&grid, &mut stream);
            let rs = build(&grid, &clues);
            let black = match stream.below(3) {
                0 => truth,
                1 => truth ^ B::single(stream.below(grid.size as u64) as usize),
                _ => (0..grid.size).filter(|_| stream.below(3) == 0).collect(),
            };
            let found: Vec<(&str, B, Vec<i64>)> = rs
                .check(black, &grid)
                .into_iter()
                .map(|v| {
                    let ints = if v.rule == "R1" || v.rule == "R4" { v.reason.ints.clone() } else { vec![] };
                    (v.rule, v.cells, ints)
                })
                .collect();
            let expected = check_naive(&grid, &clues, black);
            assert_eq!(found, expected, "{clues:?} {black:?}");
            for (rule, ..) in &found {
                broken[rule.as_bytes()[1] as usize - b'1' as usize] += 1;
            }
        }
        assert!(broken.iter().all(|&n| n > 50), "{broken:?}");
    }

    #[test]
    fn the_doc_example_solves_as_python_does() {
        // kurodoko:3x3:.,5,.,.,.,.,.,.,2
        let grid: Grid<1> = Grid::new(3, 3);
        let clues = vec![(1, Some(5)), (8, Some(2))];
        let ctx = context(&grid, &clues);
        let mut board = ctx.board(B::EMPTY, clue_mask(&clues)).unwrap();
        let mut trace = Trace::new(true);
        ctx.run(&mut board, Level::Expert, &mut trace, None, &Budget::unlimited()).unwrap();
        assert_eq!(board.shaded, [5, 6].into_iter().collect());
        assert!(board.is_complete());
        let taken: Vec<(&str, &str, B, B, Vec<i64>)> = trace
            .steps
            .iter()
            .map(|t| {
                (
                    ctx.ladder[t.rung].name.as_str(),
                    t.step.reason.key,
                    t.step.shade,
                    t.step.unshade,
                    t.step.reason.ints.clone(),
                )
            })
            .collect();
        let cells = |c: &[usize]| c.iter().copied().collect::<B>();
        assert_eq!(
            taken,
            vec![
                ("clue_count", "kurodoko.at_most", B::EMPTY, cells(&[0, 2, 4, 7]), vec![1, 5]),
                ("clue_count", "kurodoko.closed", cells(&[5, 6]), B::EMPTY, vec![8, 2]),
                ("black_neighbours", "black_white.neighbours", B::EMPTY, cells(&[3]), vec![6]),
            ]
        );
    }

    #[test]
    fn clues_that_cannot_be_met_are_contradictions() {
        // kurodoko:1x3:3,.,1: the 3 needs r1c2 white, the 1 needs it black.
        let grid: Grid<1> = Grid::new(1, 3);
        let rs = build(&grid, &[(0, Some(3)), (2, Some(1))]);
        let mut board = Board::new(grid.full, B::EMPTY, B::single(0).with(2)).unwrap();
        let Err(Stop::Contradiction(found)) = rs.find(1, &mut board, &grid) else { panic!("no contradiction") };
        assert_eq!((found.reason.key, found.cells), ("kurodoko.disagree", B::single(1)));
        // The 5 at r1c2 of a 1x3 board sees at most 3 cells.
        let small: Grid<1> = Grid::new(1, 3);
        let rs = build(&small, &[(1, Some(5))]);
        let mut board = Board::new(small.full, B::EMPTY, B::single(1)).unwrap();
        let Err(Stop::Contradiction(found)) = rs.find(1, &mut board, &small) else { panic!("no contradiction") };
        assert_eq!((found.reason.key, found.reason.ints.clone()), ("kurodoko.sees_at_most", vec![1, 5, 3]));
        let Err(Stop::Contradiction(found)) = rs.find(2, &mut board, &small) else { panic!("no contradiction") };
        assert_eq!((found.reason.key, found.reason.ints.clone()), ("kurodoko.sees_at_most", vec![1, 5, 3]));
    }

    #[test]
    fn rays_bound_the_runs() {
        // 1x6, 4 at r1c3 with r1c1 black and r1c4 white: the right run is 2 or 3 long, so r1c5 is white.
        let grid: Grid<1> = Grid::new(1, 6);
        let rs = build(&grid, &[(2, Some(4))]);
        let mut board = Board::new(grid.full, B::single(0), B::single(2).with(3)).unwrap();
        let found = rs.find(2, &mut board, &grid).unwrap();
        assert_eq!(found.len(), 1);
        let step = &found[0];
        assert_eq!((step.shade, step.unshade), (B::EMPTY, B::single(4)));
        assert_eq!(step.reason.key, "kurodoko.rays");
        assert_eq!(step.reason.ints, vec![2, 4, 0, 2, 0, 0, 0, 3, 0, 1]);
        assert_eq!(step.reason.masks, vec![B::single(4), B::EMPTY]);
    }

    #[test]
    fn puzzles_are_checked() {
        let grid: Grid<1> = Grid::new(2, 2);
        assert!(ruleset(&grid, &Clues { clues: vec![(4, Some(1))], rooms: None }).is_err());
        assert!(ruleset(&grid, &Clues { clues: vec![(0, Some(0))], rooms: None }).is_err());
        assert!(ruleset(&grid, &Clues { clues: vec![(0, Some(1))], rooms: Some(vec![0; 4]) }).is_err());
        let rs = ruleset(&grid, &Clues { clues: vec![(0, None), (3, Some(3))], rooms: None }).unwrap();
        assert_eq!(rs.technique("rays"), Some(2));
        assert_eq!(rs.technique("white_exit"), None);
        let broken: Vec<&str> = rs.check(B::single(0), &grid).iter().map(|v| v.reason.key).collect();
        assert_eq!(broken, vec!["kurodoko.printed"]);
    }

    /// The cut cells and the connectivity technique's reach, against one flood per cell
    /// (`black_white`'s lemmas, for the boards Kurodoko and its generator meet).
    mod cuts {
        use super::*;
        use crate::genres::black_white::{local_cuts, locally_joined, tarjan_cuts, white_cuts, FLOOD_LIMIT};

        /// Few black cells (touching allowed) and a few white ones, as the generator's boards have.
        fn sparse<const W: usize>(grid: &Grid<W>, stream: &mut Stream, black_in_100: u64) -> (Bits<W>, Bits<W>) {
            let black: Bits<W> = (0..grid.size).filter(|_| stream.below(100) < black_in_100).collect();
            let free: Vec<usize> = grid.full.minus(black).iter().collect();
            let mut white = Bits::EMPTY;
            for _ in 0..(free.len() / 8).max(1) {
                if !free.is_empty() {
                    white.insert(free[stream.below(free.len() as u64) as usize]);
                }
            }
            (black, white)
        }

        /// The not-white cells joined to the lowest white cell whose blackening strands a white cell.
        fn blunt<const W: usize>(grid: &Grid<W>, space: Bits<W>, white: Bits<W>) -> Bits<W> {
            let root = white.lowest_bit();
            let reached = grid.flood(root, space);
            let ours = white & reached;
            reached.minus(white).iter().filter(|&c| !ours.within(&grid.flood(root, space.without(c)))).collect()
        }

        /// What one board says: (boards checked by floods, by Tarjan, with cuts; cells locally joined).
        fn compare<const W: usize>(grid: &Grid<W>, black: Bits<W>, white: Bits<W>) -> [usize; 4] {
            let space = grid.full.minus(black);
            let root = white.lowest_bit();
            let reached = grid.flood(root, space);
            let expected = blunt(grid, space, white);
            assert!(expected.within(&local_cuts(grid, reached)), "the arcs filter dropped a cut");
            for found in [white_cuts(grid, space, white), tarjan_cuts(grid, space, white)] {
                assert_eq!((found.reached, found.stranded), (reached, white.minus(reached)));
                assert_eq!(found.cuts.iter().map(|&(c, _)| c).collect::<Bits<W>>(), expected);
                for &(cut, stranded) in &found.cuts {
                    assert!(white.has(stranded) && !grid.flood(root, space.without(cut)).has(stranded));
                }
            }
            let mut joined = 0;
            for cell in space.iter() {
                if locally_joined(grid, space, cell) {
                    joined += 1;
                    let near = grid.neighbours[cell] & space;
                    assert!(near.within(&grid.flood(near.lowest_bit(), space.without(cell))), "{cell} is a cut");
                }
            }
            let candidates = local_cuts(grid, reached).minus(white);
            let left = candidates.iter().filter(|&c| !locally_joined(grid, reached, c)).count() as u32;
            [
                usize::from(left > 0 && left <= FLOOD_LIMIT),
                usize::from(left > FLOOD_LIMIT),
                usize::from(expected.any()),
                joined,
            ]
        }

        fn add(total: &mut [usize; 4], one: [usize; 4]) {
            for (t, n) in total.iter_mut().zip(one) {
                *t += n;
            }
        }

        /// `white_cuts` (by floods, or by Tarjan past `FLOOD_LIMIT` candidates) and `tarjan_cuts` find the
        /// cells whose blackening strands a white cell, the one flood a cell finds; every one is a local
        /// cut; a locally joined cell is no cut.  Both ways of `white_cuts` run.
        #[test]
        fn cuts_agree_with_one_flood_a_cell_on_boards_of_every_size() {
            let mut stream = Stream(11);
            let mut total = [0; 4];
            for round in 0..150 {
                let share = [8, 20, 35][round % 3];
                match round % 6 {
                    0 => {
                        let grid: Grid<1> = Grid::new(6, 6);
                        let (black, white) = sparse(&grid, &mut stream, share);
                        add(&mut total, compare(&grid, black, white));
                    }
                    1 => {
                        let grid: Grid<2> = Grid::new(10, 10);
                        let (black, white) = sparse(&grid, &mut stream, share);
                        add(&mut total, compare(&grid, black, white));
                    }
                    2 => {
                        let grid: Grid<4> = Grid::new(15, 15);
                        let (black, white) = sparse(&grid, &mut stream, share);
                        add(&mut total, compare(&grid, black, white));
                    }
                    3 => {
                        let grid: Grid<2> = Grid::new(9, 14);
                        let (black, white) = sparse(&grid, &mut stream, share);
                        add(&mut total, compare(&grid, black, white));
                    }
                    4 => {
                        let grid: Grid<1> = Grid::new(1, 8);
                        let (black, white) = sparse(&grid, &mut stream, share);
                        add(&mut total, compare(&grid, black, white));
                    }
                    _ => {
                        let grid: Grid<1> = Grid::new(2, 9);
                        let (black, white) = sparse(&grid, &mut stream, share);
                        add(&mut total, compare(&grid, black, white));
                    }
                }
            }
            let [by_flood, by_tarjan, with_cuts, joined] = total;
            assert!(by_flood > 10 && by_tarjan > 10 && with_cuts > 10 && joined > 1000, "{total:?}");
        }

        #[test]
        fn local_cuts_are_the_cells_with_two_arcs_around_them() {
            // r2c2 between the black r1c3 and r3c1: its ring splits into two arcs; the corner r1c1 has one
            let grid: Grid<1> = Grid::new(3, 3);
            let found = local_cuts(&grid, grid.full.without(2).without(6));
            assert!(found.has(4) && !found.has(0));
            // on an empty board nothing is a local cut but the middle cells of a one-row board
            let square: Grid<1> = Grid::new(4, 4);
            assert_eq!(local_cuts(&square, square.full), B::EMPTY);
            let row: Grid<1> = Grid::new(1, 4);
            assert_eq!(local_cuts(&row, row.full), B::single(1).with(2));
        }
    }
}

