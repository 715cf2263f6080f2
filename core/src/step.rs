//! Deductions and their reasons, and what stops a propagation.
//!
//! The core never words anything: a reason is a key naming the sentence and
//! the numbers and cells the sentence needs; Python words it (each genre
//! package keeps the sentences of its keys).

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use crate::bits::Bits;
use crate::budget::OutOfTime;

/// Something of the Python side the core carries without looking at it (a Python technique's reason
/// or exception).
pub type Foreign = Arc<dyn Any + Send + Sync>;

/// Why a deduction holds, or why a board has no solution: a sentence's key and its data.
#[derive(Clone, Default)]
pub struct Reason<const W: usize> {
    /// The sentence, as `genre.name` or `frame.name`.
    pub key: &'static str,
    /// Numbers the sentence needs (cells are numbers too, where one cell is meant).
    pub ints: Vec<i64>,
    /// Sets of cells the sentence names.
    pub masks: Vec<Bits<W>>,
    /// A reason this one rests on (a probe's refutation carries the contradiction it ran into).
    pub inner: Option<Box<Reason<W>>>,
    /// A Python technique's own reason.
    pub foreign: Option<Foreign>,
}

impl<const W: usize> Reason<W> {
    /// A reason with a key and its data.
    pub fn new(key: &'static str, ints: Vec<i64>, masks: Vec<Bits<W>>) -> Self {
        Reason { key, ints, masks, inner: None, foreign: None }
    }

    /// A reason that needs nothing but its key.
    pub fn plain(key: &'static str) -> Self {
        Reason::new(key, Vec::new(), Vec::new())
    }

    /// The same reason resting on `inner`.
    pub fn resting_on(mut self, inner: Reason<W>) -> Self {
        self.inner = Some(Box::new(inner));
        self
    }
}

impl<const W: usize> fmt::Debug for Reason<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:?}{:?}", self.key, self.ints, self.masks)?;
        if let Some(inner) = &self.inner {
            write!(f, " <- {inner:?}")?;
        }
        Ok(())
    }
}

/// One deduction: cells to shade, cells to unshade, and why.
#[derive(Clone, Debug)]
pub struct Step<const W: usize> {
    pub shade: Bits<W>,
    pub unshade: Bits<W>,
    pub reason: Reason<W>,
}

impl<const W: usize> Step<W> {
    pub fn new(shade: Bits<W>, unshade: Bits<W>, reason: Reason<W>) -> Self {
        Step { shade, unshade, reason }
    }

    /// The cells it decides.
    pub fn cells(&self) -> Bits<W> {
        self.shade | self.unshade
    }
}

/// The board cannot be completed to a solution: why, and the cells involved (`reason` and `cells`,
/// kept behind one pointer so that results carrying a contradiction stay small).
#[derive(Clone, Debug)]
pub struct Contradiction<const W: usize>(Box<Broken<W>>);

/// What a contradiction says: why, and the cells involved.
#[derive(Clone, Debug)]
pub struct Broken<const W: usize> {
    pub reason: Reason<W>,
    pub cells: Bits<W>,
}

impl<const W: usize> Contradiction<W> {
    pub fn new(reason: Reason<W>, cells: Bits<W>) -> Self {
        Contradiction(Box::new(Broken { reason, cells }))
    }

    /// The reason, taken out.
    pub fn into_reason(self) -> Reason<W> {
        self.0.reason
    }
}

impl<const W: usize> std::ops::Deref for Contradiction<W> {
    type Target = Broken<W>;

    fn deref(&self) -> &Broken<W> {
        &self.0
    }
}

/// Why a propagation stopped before its fixpoint.
#[derive(Clone, Debug)]
pub enum Stop<const W: usize> {
    /// The board has no solution.
    Contradiction(Contradiction<W>),
    /// The budget ran out or the work was called off.
    OutOfTime,
    /// A Python technique failed; the error goes back to Python as it was.
    Failed(ForeignError),
}

/// A Python exception carried through the core.
#[derive(Clone)]
pub struct ForeignError(pub Foreign);

impl fmt::Debug for ForeignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ForeignError")
    }
}

impl<const W: usize> From<Contradiction<W>> for Stop<W> {
    fn from(found: Contradiction<W>) -> Self {
        Stop::Contradiction(found)
    }
}

impl<const W: usize> From<OutOfTime> for Stop<W> {
    fn from(_: OutOfTime) -> Self {
        Stop::OutOfTime
    }
}

/// What a technique finds: its steps (none: nothing), or why it stopped.
pub type Found<const W: usize> = Result<Vec<Step<W>>, Stop<W>>;

/// A contradiction as an `Err` of any result that takes one.
pub fn contradiction<T, const W: usize, E: From<Contradiction<W>>>(reason: Reason<W>, cells: Bits<W>) -> Result<T, E> {
    Err(Contradiction::new(reason, cells).into())
}

/// A rule a complete answer breaks: the rule's code (as the genre numbers its rules), why, and the cells.
#[derive(Clone, Debug)]
pub struct Violation<const W: usize> {
    pub rule: &'static str,
    pub reason: Reason<W>,
    pub cells: Bits<W>,
}

impl<const W: usize> Violation<W> {
    pub fn new(rule: &'static str, reason: Reason<W>, cells: Bits<W>) -> Self {
        Violation { rule, reason, cells }
    }

    /// The violation as the contradiction a complete board that breaks it is.
    pub fn contradiction(self) -> Contradiction<W> {
        Contradiction::new(self.reason, self.cells)
    }
}
