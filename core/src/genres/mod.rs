//! The genres: each a `Ruleset` built from one puzzle's clues.
//!
//! A genre module keeps its techniques, its rule check and its cell order,
//! and a `ruleset` function that builds its `Ruleset` for a puzzle; the
//! binding finds it by name (`build`).

pub mod black_white;
pub mod heyawake;
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

/// The ruleset of the genre `name` for a puzzle, or why there is none.
pub fn build<const W: usize>(name: &str, grid: &Grid<W>, clues: &Clues) -> Result<Box<dyn Ruleset<W>>, String> {
    match name {
        "nurikabe" => nurikabe::ruleset(grid, clues),
        "kurodoko" => kurodoko::ruleset(grid, clues),
        "heyawake" => heyawake::ruleset(grid, clues),
        _ => Err(format!("the core has no genre {name:?}")),
    }
}

/// The names of the techniques of the genre `name`, in the order its module lists them.
pub fn techniques(name: &str) -> &'static [&'static str] {
    match name {
        "nurikabe" => nurikabe::TECHNIQUES,
        "kurodoko" => kurodoko::TECHNIQUES,
        "heyawake" => heyawake::TECHNIQUES,
        _ => &[],
    }
}
