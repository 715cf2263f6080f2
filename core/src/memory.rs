//! What probing remembers of one board across its changes, kept on the board itself.
//!
//! The types live here, below both the board that carries them and the
//! probing that reads and writes them (`probing`), so that neither module
//! needs the other's.

use rustc_hash::FxHashMap as HashMap;

use crate::bits::Bits;
use crate::level::Level;
use crate::step::Step;

/// A sweeping probe's findings not handed out yet, each with the cell it probed.
#[derive(Clone, Debug)]
pub struct Pending<const W: usize> {
    pub(crate) level: Level,
    pub(crate) spec: usize,
    pub(crate) findings: Vec<(Step<W>, usize)>,
}

/// A trial that stopped short of its bound: the board it ran on, the steps taken, and where it ended.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settled<const W: usize> {
    pub(crate) board: (Bits<W>, Bits<W>),
    pub(crate) taken: usize,
    pub(crate) shaded: Bits<W>,
    pub(crate) unshaded: Bits<W>,
}

/// The neighbourhood (shaded, unshaded) each failed trial of a probe last ran in, by cell, value and bound.
pub(crate) type Failed<const W: usize> = HashMap<(usize, bool, usize), (Bits<W>, Bits<W>)>;

/// What probing remembers of one board across its changes.
#[derive(Clone, Debug, Default)]
pub struct ProbeMemory<const W: usize> {
    pub(crate) pending: Option<Pending<W>>,
    /// Trials that stopped short of their bound, by cell, value and inner ladder.
    pub(crate) settled: HashMap<(usize, bool, Level), Settled<W>>,
    /// By probe: the neighbourhood each failed trial (cell, value, bound) last ran in.
    pub(crate) failed: HashMap<usize, Failed<W>>,
    /// By probe: the cells decided when it last ran.
    pub(crate) seen: HashMap<usize, Bits<W>>,
    /// On a trial's board: the cells decided before the trial's assumption.
    pub(crate) origin: Option<Bits<W>>,
}
