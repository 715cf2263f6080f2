//! A partly decided board: the shaded and the unshaded cells, as two masks.
//!
//! What a genre derives from the masks (islands, sea parts, what a clue
//! sees) it keeps in the board's slots until the board changes
//! (`derived`); after a change the last value of each slot stays readable
//! as `earlier`, for a genre that updates it for the cells decided since
//! instead of starting over.  A technique that found nothing may say so
//! (`mark_quiet`); until it runs again it need only look where cells were
//! decided since (`since_quiet`).  Probing keeps what it remembers of the
//! board beside it (`probe`).  A copy keeps the masks, the slots' values as
//! `earlier` and the quiet marks, and starts with no probing memory.

use std::any::Any;
use std::sync::Arc;

use crate::bits::Bits;
use crate::memory::ProbeMemory;
use crate::step::{Contradiction, Reason};

/// Slots a genre may keep derived data in.
pub const SLOTS: usize = 8;

/// Above this many cells decided since a technique last found nothing, `since_quiet` says to look everywhere.
pub const QUIET_LIMIT: u32 = 24;

type Value = Arc<dyn Any + Send + Sync>;

/// The shaded and unshaded cells of one board; the rest are undecided.
#[derive(Clone, Default)]
pub struct Board<const W: usize> {
    pub shaded: Bits<W>,
    pub unshaded: Bits<W>,
    full: Bits<W>,
    derived: [Option<Value>; SLOTS],
    earlier: [Option<Value>; SLOTS],
    quiet: Vec<(usize, Bits<W>)>,
    /// What probing remembers of this board (nothing until a probe runs on it).
    pub probe: Option<Box<ProbeMemory<W>>>,
}

impl<const W: usize> Board<W> {
    /// A board of the cells `full`, with `shaded` and `unshaded` decided.
    pub fn new(full: Bits<W>, shaded: Bits<W>, unshaded: Bits<W>) -> Result<Self, Contradiction<W>> {
        let both = shaded & unshaded;
        if both.any() {
            return Err(Contradiction::new(Reason::new("frame.both", vec![], vec![both]), both));
        }
        Ok(Board { shaded, unshaded, full, ..Default::default() })
    }

    /// A copy for a trial or a branch: the masks, the derived data (readable as `earlier`) and the quiet
    /// marks, without probing memory.
    pub fn copy(&self) -> Self {
        let mut earlier = self.earlier.clone();
        for (slot, value) in earlier.iter_mut().zip(self.derived.iter()) {
            if value.is_some() {
                slot.clone_from(value);
            }
        }
        Board {
            shaded: self.shaded,
            unshaded: self.unshaded,
            full: self.full,
            derived: Default::default(),
            earlier,
            quiet: self.quiet.clone(),
            probe: None,
        }
    }

    /// Every cell of the board.
    #[inline]
    pub fn full(&self) -> Bits<W> {
        self.full
    }

    #[inline]
    pub fn undecided(&self) -> Bits<W> {
        self.full.minus(self.shaded | self.unshaded)
    }

    #[inline]
    pub fn decided(&self) -> Bits<W> {
        self.shaded | self.unshaded
    }

    #[inline]
    pub fn is_complete(&self) -> bool {
        self.undecided().is_empty()
    }

    /// Decide cells; a cell decided both ways is a contradiction.
    pub fn assign(&mut self, shade: Bits<W>, unshade: Bits<W>) -> Result<(), Contradiction<W>> {
        let clash = (shade & (self.unshaded | unshade)) | (unshade & self.shaded);
        if clash.any() {
            return Err(Contradiction::new(Reason::new("frame.clash", vec![], vec![clash]), clash));
        }
        if shade.minus(self.shaded).any() || unshade.minus(self.unshaded).any() {
            self.shaded |= shade;
            self.unshaded |= unshade;
            for (slot, value) in self.earlier.iter_mut().zip(self.derived.iter_mut()) {
                if value.is_some() {
                    *slot = value.take();
                }
            }
        }
        Ok(())
    }

    /// The value of `slot`, worked out by `compute` once per board state.
    pub fn derived<T: Any + Send + Sync>(&mut self, slot: usize, compute: impl FnOnce(&mut Self) -> T) -> Arc<T> {
        if let Some(found) = self.read::<T>(slot) {
            return found;
        }
        let value = Arc::new(compute(self));
        self.derived[slot] = Some(value.clone());
        value
    }

    /// The value of `slot` on this board state, if worked out already.
    pub fn read<T: Any + Send + Sync>(&self, slot: usize) -> Option<Arc<T>> {
        self.derived[slot].clone().and_then(|v| v.downcast::<T>().ok())
    }

    /// Keep `value` as the value of `slot` until the board changes (a value kept already stays).
    pub fn keep<T: Any + Send + Sync>(&mut self, slot: usize, value: T) {
        if self.derived[slot].is_none() {
            self.derived[slot] = Some(Arc::new(value));
        }
    }

    /// The value `slot` had on an earlier state of this board (or of the board it was copied from).
    pub fn earlier<T: Any + Send + Sync>(&self, slot: usize) -> Option<Arc<T>> {
        self.earlier[slot].clone().and_then(|v| v.downcast::<T>().ok())
    }

    /// Note that the technique `key` finds nothing on the board as it is now.
    pub fn mark_quiet(&mut self, key: usize) {
        let decided = self.decided();
        match self.quiet.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = decided,
            None => self.quiet.push((key, decided)),
        }
    }

    /// The cells decided since the technique `key` last found nothing, or `None` (look everywhere) if it
    /// never did or more than `QUIET_LIMIT` cells were decided since.
    pub fn since_quiet(&self, key: usize) -> Option<Bits<W>> {
        let (_, quiet) = self.quiet.iter().find(|(k, _)| *k == key)?;
        let news = self.decided().minus(*quiet);
        if news.count() > QUIET_LIMIT {
            None
        } else {
            Some(news)
        }
    }
}

#[cfg(test)]
mod tests {
    //! Quiet marks, derived slots and what a copy keeps.

    use super::*;

    type B = Bits<1>;

    #[test]
    fn quiet_marks_follow_the_cells_decided_since() {
        let mut board = Board::new(B::first_n(36), B::single(0), B::single(1)).unwrap();
        assert_eq!(board.since_quiet(7), None);
        board.mark_quiet(7);
        assert_eq!(board.since_quiet(7), Some(B::EMPTY));
        board.assign(B::single(2), B::single(3)).unwrap();
        assert_eq!(board.since_quiet(7), Some(B::single(2).with(3)));
        let mut twin = board.copy();
        twin.assign(B::EMPTY, B::first_n(36).minus(B::first_n(10))).unwrap();
        assert_eq!(twin.since_quiet(7), None);
        assert_eq!(board.since_quiet(7), Some(B::single(2).with(3)));
        assert!(twin.assign(B::single(3), B::EMPTY).is_err());
    }

    #[test]
    fn quiet_marks_look_everywhere_past_the_limit_and_stay_with_their_board() {
        let limit = QUIET_LIMIT as usize;
        let mut board = Board::new(B::first_n(36), B::EMPTY, B::EMPTY).unwrap();
        board.mark_quiet(1);
        board.assign(B::EMPTY, B::first_n(limit)).unwrap();
        assert_eq!(board.since_quiet(1), Some(B::first_n(limit)));
        assert_eq!(board.since_quiet(2), None);
        let mut twin = board.copy();
        twin.mark_quiet(2);
        board.assign(B::single(limit), B::EMPTY).unwrap();
        assert_eq!(board.since_quiet(1), None);
        assert_eq!((board.since_quiet(2), twin.since_quiet(2)), (None, Some(B::EMPTY)));
        assert_eq!(twin.since_quiet(1), Some(B::first_n(limit)));
        board.mark_quiet(1);
        assert_eq!(board.since_quiet(1), Some(B::EMPTY));
    }

    #[test]
    fn a_copy_starts_with_no_probing_memory() {
        let mut board = Board::new(B::first_n(4), B::single(0), B::EMPTY).unwrap();
        board.probe = Some(Box::default());
        let twin = board.copy();
        assert!(twin.probe.is_none() && board.probe.is_some());
        assert_eq!((twin.shaded, twin.unshaded, twin.undecided()), (B::single(0), B::EMPTY, B::first_n(4).without(0)));
    }

    #[test]
    fn derived_values_last_until_a_change_and_stay_earlier() {
        let mut board = Board::new(B::first_n(4), B::EMPTY, B::EMPTY).unwrap();
        let first = board.derived(0, |b| b.shaded.count());
        assert_eq!(*first, 0);
        assert_eq!(*board.derived(0, |_| 99u32), 0);
        board.assign(B::single(0), B::EMPTY).unwrap();
        assert!(board.read::<u32>(0).is_none());
        assert_eq!(board.earlier::<u32>(0).as_deref(), Some(&0));
        let twin = board.copy();
        assert_eq!(twin.earlier::<u32>(0).as_deref(), Some(&0));
        assert!(Board::new(B::first_n(4), B::single(1), B::single(1)).is_err());
    }
}
