//! pencilkit's core: boards, the technique ladder, probing and search for shading puzzles, and the
//! techniques of every genre pencilkit has, behind a thin Python binding (`binding`, with the
//! `python` feature).
//!
//! A board is two bitsets of a width fixed at compile time (`bits`); a genre
//! is a `Ruleset` (`ladder`), built for one puzzle from its clues; the frame
//! (`ladder`, `probing`, `search`) knows no genre.

#![forbid(unsafe_code)]

pub mod bits;
pub mod board;
pub mod budget;
pub mod draw;
pub mod genres;
pub mod grid;
pub mod ladder;
pub mod level;
pub mod memory;
#[cfg(test)]
pub mod oracle;
pub mod probing;
pub mod search;
pub mod step;

#[cfg(feature = "python")]
mod binding;
