//! Difficulty levels, in the order a ladder climbs them (the same numbers as Python's `Level`).

/// How hard a technique is; a puzzle's rating is the hardest level its solve needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Bookkeeping = 0,
    Easy = 1,
    Medium = 2,
    Hard = 3,
    Expert = 4,
    Search = 5,
}

impl Level {
    /// The level numbered `n` (0 bookkeeping .. 5 search).
    pub fn from_number(n: i64) -> Option<Level> {
        Some(match n {
            0 => Level::Bookkeeping,
            1 => Level::Easy,
            2 => Level::Medium,
            3 => Level::Hard,
            4 => Level::Expert,
            5 => Level::Search,
            _ => return None,
        })
    }
}
