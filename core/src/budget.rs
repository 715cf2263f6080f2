//! What a piece of work may spend: search nodes, a deadline, and a flag that calls it off.
//!
//! One `Budget` goes with a solve from start to end: the ladder looks at it
//! between steps and between probes, search spends its nodes, and the part
//! of the work a budget was made for inside another (`within`) ends when
//! either ends.  The cancel flag is shared: whoever holds a clone of it
//! (another thread, the web server) calls the work off by setting it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Search nodes a count may spend unless told otherwise.
pub const DEFAULT_NODES: u64 = 200_000;

/// How often `spend` reads the clock: every this many nodes.
const CLOCK_EVERY: u64 = 16;

/// Nodes, a deadline and a cancel flag (all optional but the nodes), and the budget it lies within.
#[derive(Debug)]
pub struct Budget {
    nodes: u64,
    used: AtomicU64,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    outer: Option<Arc<Budget>>,
}

/// The work stopped: the deadline passed or it was called off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

impl Budget {
    /// A budget of `nodes` search nodes, ending `seconds` from now (never for `None`).
    pub fn new(nodes: u64, seconds: Option<f64>, cancel: Option<Arc<AtomicBool>>) -> Self {
        let deadline = seconds.map(|s| Instant::now() + Duration::from_secs_f64(s.clamp(0.0, 1e9)));
        Budget { nodes, used: AtomicU64::new(0), deadline, cancel, outer: None }
    }

    /// No limit but the default nodes.
    pub fn unlimited() -> Self {
        Budget::new(DEFAULT_NODES, None, None)
    }

    /// This budget, also ended by `outer`.
    pub fn within(mut self, outer: Arc<Budget>) -> Self {
        self.outer = Some(outer);
        self
    }

    /// Seconds left before the deadline (never negative), the nearest of this budget's and the outer ones'.
    pub fn left(&self) -> Option<f64> {
        let own = self.deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64());
        let outer = self.outer.as_ref().and_then(|o| o.left());
        match (own, outer) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether the deadline has passed or the work was called off (this budget's or an outer one's).
    pub fn expired(&self) -> bool {
        if let Some(deadline) = self.deadline {
            if Instant::now() > deadline {
                return true;
            }
        }
        if let Some(flag) = &self.cancel {
            if flag.load(Ordering::Relaxed) {
                return true;
            }
        }
        self.outer.as_ref().is_some_and(|o| o.expired())
    }

    /// `Err(OutOfTime)` once the budget has expired.
    #[inline]
    pub fn check(&self) -> Result<(), OutOfTime> {
        if self.expired() {
            Err(OutOfTime)
        } else {
            Ok(())
        }
    }

    /// Take one search node: false when the nodes are gone or the budget has expired
    /// (the clock is read every few nodes).
    pub fn spend(&self) -> bool {
        let used = self.used.fetch_add(1, Ordering::Relaxed) + 1;
        if used > self.nodes {
            return false;
        }
        !(used.is_multiple_of(CLOCK_EVERY) && self.expired())
    }

    /// The nodes spent so far.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// The nodes this budget allows.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_run_out() {
        let budget = Budget::new(2, None, None);
        assert_eq!((budget.spend(), budget.spend(), budget.spend()), (true, true, false));
        assert_eq!(budget.used(), 3);
    }

    #[test]
    fn a_cancelled_outer_budget_ends_the_inner_one() {
        let flag = Arc::new(AtomicBool::new(false));
        let outer = Arc::new(Budget::new(10, None, Some(flag.clone())));
        let inner = Budget::new(10, Some(100.0), None).within(outer);
        assert!(inner.check().is_ok());
        flag.store(true, Ordering::Relaxed);
        assert_eq!(inner.check(), Err(OutOfTime));
        assert!(Budget::new(1, Some(0.0), None).expired());
    }
}
