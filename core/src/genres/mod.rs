//! The genres: each a `Ruleset` built from one puzzle's clues.
//!
//! A genre module keeps its techniques, its rule check and its cell order,
//! and a `ruleset` function that builds its `Ruleset` for a puzzle; the
//! binding finds it by name (`build`).

pub mod black_white;
pub mod heyawake;
pub mod hitori;
pub mod kurodoko;
pub mod nurikabe;

use crate::grid::Grid;
use crate::ladder::Ruleset;

/// A puzzle as the core reads it: its clues and, for a board of rooms, the room of every cell.
#[derive(Clone, Debug, Default)]
pub struct Clues {
    /// `(cell, number)` in increasing cell order; `None` is a `?` clue.
    pub clues: Vec<(usize, Option<i64>)>,
    /// The room of each cell, rooms numbered from 0 (boards of rooms only).
    pub rooms: Option<Vec<usize>>,
}

/// The registry: each genre module, named as Python names the genre, with its `ruleset` and `TECHNIQUES`.
macro_rules! registry {
    ($($genre:ident),* $(,)?) => {
        /// The ruleset of the genre `name` for a puzzle, or why there is none.
        pub fn build<const W: usize>(name: &str, grid: &Grid<W>, clues: &Clues) -> Result<Box<dyn Ruleset<W>>, String> {
            match name {
                $(stringify!($genre) => $genre::ruleset(grid, clues),)*
                _ => Err(format!("the core has no genre {name:?}")),
            }
        }

        /// The names of the techniques of the genre `name`, in the order its module lists them.
        pub fn techniques(name: &str) -> &'static [&'static str] {
            match name {
                $(stringify!($genre) => $genre::TECHNIQUES,)*
                _ => &[],
            }
        }
    };
}

registry!(nurikabe, kurodoko, heyawake, hitori);

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::bits::Bits;
    use crate::budget::Budget;
    use crate::ladder::{Context, Rung, Trace, Work};
    use crate::level::Level;
    use crate::probing::ProbeSpec;
    use crate::search::{count, Depths};

    /// A context with every technique of the genre and the usual probes, when the clues make a puzzle.
    fn context(name: &str, rows: usize, cols: usize, clues: &Clues) -> Option<Context<1>> {
        let grid = Grid::new(rows, cols);
        let ruleset = build(name, &grid, clues).ok()?;
        let rungs = techniques(name)
            .iter()
            .enumerate()
            .map(|(i, n)| Rung { name: n.to_string(), level: Level::Medium, work: Work::Native(i) })
            .collect();
        let probe = |name: &str, level, steps, inner, sweep| ProbeSpec {
            name: name.into(),
            level,
            max_steps: steps,
            inner_level: inner,
            sweep,
        };
        let probes = vec![
            probe("short", Level::Hard, 4, Level::Medium, false),
            probe("long", Level::Expert, 12, Level::Medium, true),
            probe("deep", Level::Expert, 12, Level::Hard, false),
        ];
        Some(Context::new(grid, ruleset, rungs, probes))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Whatever clues and rooms a genre is given, it refuses them or solves from them without a panic.
        #[test]
        fn any_clues_are_refused_or_solved_without_a_panic(
            genre in prop::sample::select(vec!["nurikabe", "kurodoko", "heyawake", "hitori", "none"]),
            rows in 1usize..5,
            cols in 1usize..5,
            clues in prop::collection::vec((0usize..20, prop::option::of(-2i64..12)), 0..5),
            labels in prop::collection::vec(0usize..5, 16),
            sized in any::<bool>(),
            decided in any::<u64>(),
        ) {
            // rooms of the board's size (numbered or not, connected or not), or of another size, or none
            let rooms = match (genre, sized) {
                ("heyawake", true) => Some(labels[..rows * cols].to_vec()),
                ("heyawake", false) => Some(labels.clone()),
                _ => None,
            };
            let mut sorted = clues.clone();
            sorted.sort_by_key(|&(cell, _)| cell);
            sorted.dedup_by_key(|&mut (cell, _)| cell);
            for given in [clues.clone(), sorted] {
                let Some(context) = context(genre, rows, cols, &Clues { clues: given.clone(), rooms: rooms.clone() }) else {
                    continue;
                };
                let full = context.grid.full;
                let clue_cells: Bits<1> = given.iter().map(|&(c, _)| c).filter(|&c| c < rows * cols).collect();
                let unshaded = if genre == "heyawake" { Bits::EMPTY } else { clue_cells };
                let shaded = Bits([decided]) & full;
                for (s, u) in [(Bits::EMPTY, unshaded), (shaded.minus(unshaded), unshaded)] {
                    let Ok(mut board) = context.board(s, u) else { continue };
                    let budget = Budget::new(2_000, Some(5.0), None);
                    let _ = context.run(&mut board, Level::Expert, &mut Trace::new(true), None, &budget);
                    let board = context.board(s, u).expect("the same cells");
                    let _ = count(&context, &board, 2, Depths { level: Level::Hard, deep: Level::Medium, shallow: 2 }, None, &budget);
                    let _ = context.ruleset.check(shaded, &context.grid);
                }
            }
        }
    }
}
