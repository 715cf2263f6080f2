//! Every technique against the brute-force oracle on small boards, and the ladder on the doc example.

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
