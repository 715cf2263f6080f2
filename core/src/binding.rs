//! The Python binding: `pencilkit._core`.
//!
//! Thin by design.  It checks what Python hands over (sizes before anything
//! is allocated, masks within the board, levels), picks the mask width a
//! board needs, releases the GIL while the core works, and turns what comes
//! back into plain Python values: masks as ints, reasons as tuples
//! `(key, ints, masks, inner, foreign)`.  A genre written in Python runs
//! through the same ladder: its techniques and cell order are called back
//! with the GIL held.  A panic in the core becomes a `RuntimeError`, never a
//! crash of the interpreter.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt, PyList, PyTuple};

use crate::bits::Bits;
use crate::board::Board;
use crate::budget::{Budget as CoreBudget, DEFAULT_NODES};
use crate::genres::{self, Clues};
use crate::grid::{Grid, MAX_SIDE};
use crate::ladder::{Context, Foreign, Rung, Ruleset, Trace, Work};
use crate::level::Level;
use crate::probing::{self, Assumption, Outcome, ProbeSpec};
use crate::search::{self, Depths, Halt, Solutions};
use crate::step::{Contradiction, ForeignError, Found, Reason, Step, Stop, Violation};

pyo3::create_exception!(_core, OutOfTime, PyException, "The budget's deadline passed, or the work was called off.");
pyo3::create_exception!(
    _core,
    CoreContradiction,
    PyException,
    "The board has no solution: args are the reason (key, ints, masks, inner, foreign) and the cells."
);

// -- widths ------------------------------------------------------------------

/// Calls `$callback!` with `$args` and the widths (in words of 64 cells) a board may have, each with the
/// name of its variant: the one list every width-dispatching macro below is made from.  A board takes the
/// narrowest that holds it (the widest holds the largest board, 100x100).
macro_rules! widths {
    ($callback:ident! $args:tt) => {
        $callback! { $args; 1 W1, 2 W2, 3 W3, 4 W4, 6 W6, 8 W8, 12 W12, 16 W16, 24 W24, 32 W32, 40 W40, 64 W64, 157 W157 }
    };
}

/// Runs `$body` with `$w` bound to the width (in words) of a board of `$cells` cells.
macro_rules! with_width {
    ($cells:expr, $w:ident => $body:expr) => {
        widths!(with_width_chain! ($cells, $w, $body))
    };
}

macro_rules! with_width_chain {
    (($cells:expr, $w:ident, $body:expr); $($width:literal $v:ident),*) => {{
        let cells: usize = $cells;
        loop {
            $(
                if cells <= 64 * $width {
                    const $w: usize = $width;
                    break $body;
                }
            )*
            unreachable!("a board of {cells} cells is checked before it is built");
        }
    }};
}

/// Declares an enum with one variant a width, each holding `$inner<W>`.
macro_rules! by_width {
    (($name:ident, $inner:ident); $($width:literal $v:ident),*) => {
        #[allow(clippy::large_enum_variant)] // held one at a time in a Python object: its size is no matter
        enum $name {
            $($v($inner<$width>),)*
        }
    };
}

type Shared<const W: usize> = Arc<Context<W>>;

widths!(by_width! (AnyBoard, Board));
widths!(by_width! (AnyContext, Shared));
widths!(by_width! (AnySolutions, Solutions));

/// Matches a context with a board (or a search) of the same width: `$c` and `$b` bound in `$body`.
macro_rules! pair {
    (search $ctx:expr, $search:expr, |$c:ident, $b:ident| $body:expr) => {
        widths!(pair_arms! ($ctx, AnySolutions, $search, $c, $b, $body))
    };
    ($ctx:expr, $board:expr, |$c:ident, $b:ident| $body:expr) => {
        widths!(pair_arms! ($ctx, AnyBoard, $board, $c, $b, $body))
    };
}

macro_rules! pair_arms {
    (($ctx:expr, $kind:ident, $board:expr, $c:ident, $b:ident, $body:expr); $($width:literal $v:ident),*) => {
        match ($ctx, $board) {
            $((AnyContext::$v($c), $kind::$v($b)) => $body,)*
            _ => Err(PyValueError::new_err("the board belongs to another puzzle")),
        }
    };
}

/// Matches any enum of `by_width!`: `$x` bound in `$body`.
macro_rules! each {
    ($name:ident, $value:expr, |$x:ident| $body:expr) => {
        widths!(each_arms! ($name, $value, $x, $body))
    };
}

macro_rules! each_arms {
    (($name:ident, $value:expr, $x:ident, $body:expr); $($width:literal $v:ident),*) => {
        match $value {
            $($name::$v($x) => $body,)*
        }
    };
}

/// Wraps a value of width `W` into the enum of its width.
trait Widen<const W: usize>: Sized {
    fn board(board: Board<W>) -> AnyBoard;
    fn context(context: Arc<Context<W>>) -> AnyContext;
    fn solutions(search: Solutions<W>) -> AnySolutions;
}

struct Width;

macro_rules! widen {
    ((); $($width:literal $v:ident),*) => {$(
        impl Widen<$width> for Width {
            fn board(board: Board<$width>) -> AnyBoard { AnyBoard::$v(board) }
            fn context(context: Arc<Context<$width>>) -> AnyContext { AnyContext::$v(context) }
            fn solutions(search: Solutions<$width>) -> AnySolutions { AnySolutions::$v(search) }
        }
    )*};
}

widths!(widen! ());

// -- masks -------------------------------------------------------------------

/// A Python int as a mask of `W` words; an error for a negative int or one wider than the board.
fn mask_of<const W: usize>(value: &Bound<'_, PyAny>, full: Bits<W>) -> PyResult<Bits<W>> {
    let int = value.cast::<PyInt>().map_err(|_| PyValueError::new_err("a mask of cells is an int"))?;
    if int.lt(0)? {
        return Err(PyValueError::new_err("a mask of cells is never negative"));
    }
    let bits: usize = int.call_method0("bit_length")?.extract()?;
    if bits > Bits::<W>::CAPACITY {
        return Err(PyValueError::new_err("a mask names a cell off the board"));
    }
    let bytes = int.call_method1("to_bytes", (bits.div_ceil(8), "little"))?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes();
    let mask = Bits::from_bytes(bytes).ok_or_else(|| PyValueError::new_err("a mask names a cell off the board"))?;
    if !mask.within(&full) {
        return Err(PyValueError::new_err("a mask names a cell off the board"));
    }
    Ok(mask)
}

/// A mask as a Python int.
fn int_of<'py, const W: usize>(py: Python<'py>, mask: Bits<W>) -> PyResult<Bound<'py, PyAny>> {
    if let Some(last) = mask.last() {
        if last < 64 {
            return Ok(mask.0[0].into_pyobject(py)?.into_any());
        }
        let bytes = PyBytes::new(py, &mask.to_bytes(last / 8 + 1));
        return py.get_type::<PyInt>().call_method1("from_bytes", (bytes, "little"));
    }
    Ok(0u8.into_pyobject(py)?.into_any())
}

// -- reasons and steps as Python values --------------------------------------

/// A foreign (Python) value carried through the core.
fn foreign(value: Py<PyAny>) -> crate::step::Foreign {
    Arc::new(value)
}

fn unforeign(py: Python<'_>, value: &crate::step::Foreign) -> Py<PyAny> {
    match (value.as_ref() as &dyn Any).downcast_ref::<Py<PyAny>>() {
        Some(object) => object.clone_ref(py),
        None => py.None(),
    }
}

/// A reason as `(key, ints, masks, inner, foreign)`.
fn reason_tuple<'py, const W: usize>(py: Python<'py>, reason: &Reason<W>) -> PyResult<Bound<'py, PyTuple>> {
    let masks: Vec<Bound<'py, PyAny>> = reason.masks.iter().map(|m| int_of(py, *m)).collect::<PyResult<_>>()?;
    let inner = match &reason.inner {
        Some(inner) => reason_tuple(py, inner)?.into_any(),
        None => py.None().into_bound(py),
    };
    let foreign = match &reason.foreign {
        Some(value) => unforeign(py, value).into_bound(py),
        None => py.None().into_bound(py),
    };
    PyTuple::new(
        py,
        [
            reason.key.into_pyobject(py)?.into_any(),
            PyTuple::new(py, &reason.ints)?.into_any(),
            PyTuple::new(py, masks)?.into_any(),
            inner,
            foreign,
        ],
    )
}

/// A recorded step as `(rung, shade, unshade, reason)`.
fn step_tuple<'py, const W: usize>(py: Python<'py>, rung: usize, step: &Step<W>) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(
        py,
        [
            rung.into_pyobject(py)?.into_any(),
            int_of(py, step.shade)?,
            int_of(py, step.unshade)?,
            reason_tuple(py, &step.reason)?.into_any(),
        ],
    )
}

/// What stopped the core, as the Python exception to raise.
fn stop_error<const W: usize>(py: Python<'_>, stop: Stop<W>) -> PyErr {
    match stop {
        Stop::Contradiction(found) => contradiction_error(py, &found),
        Stop::OutOfTime => OutOfTime::new_err("out of time"),
        Stop::Failed(ForeignError(value)) => match (value.as_ref() as &dyn Any).downcast_ref::<PyErr>() {
            Some(error) => error.clone_ref(py),
            None => PyRuntimeError::new_err("a Python technique failed"),
        },
    }
}

fn contradiction_error<const W: usize>(py: Python<'_>, found: &Contradiction<W>) -> PyErr {
    match (reason_tuple(py, &found.reason), int_of(py, found.cells)) {
        (Ok(reason), Ok(cells)) => CoreContradiction::new_err((reason.unbind(), cells.unbind())),
        (Err(error), _) | (_, Err(error)) => error,
    }
}

fn level_of(value: i64) -> PyResult<Level> {
    Level::from_number(value).ok_or_else(|| PyValueError::new_err(format!("no level {value}")))
}

/// Runs `work` without the GIL, turning a panic into a `RuntimeError`.
fn unlocked<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(work)))
        .map_err(|panic| PyRuntimeError::new_err(format!("internal error in pencilkit's core: {}", panic_text(&panic))))
}

fn panic_text(panic: &Box<dyn Any + Send>) -> String {
    if let Some(text) = panic.downcast_ref::<&str>() {
        text.to_string()
    } else if let Some(text) = panic.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic".into()
    }
}

// -- budgets -----------------------------------------------------------------

/// A flag that calls work off: set it (from any thread) and every budget made with it expires.
#[pyclass(module = "pencilkit._core", frozen)]
struct Cancel {
    flag: Arc<AtomicBool>,
}

#[pymethods]
impl Cancel {
    #[new]
    fn new() -> Self {
        Cancel { flag: Arc::new(AtomicBool::new(false)) }
    }

    /// Call the work off.
    fn set(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether the work was called off.
    fn is_set(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    fn __bool__(&self) -> bool {
        self.is_set()
    }
}

/// What a piece of work may spend: search nodes, seconds, a cancel flag, and the budget it lies within
/// (it ends when that one does).
#[pyclass(module = "pencilkit._core", frozen)]
struct Budget {
    inner: Arc<CoreBudget>,
}

#[pymethods]
impl Budget {
    #[new]
    #[pyo3(signature = (nodes = DEFAULT_NODES, seconds = None, *, cancel = None, within = None))]
    fn new(nodes: u64, seconds: Option<f64>, cancel: Option<&Cancel>, within: Option<&Budget>) -> PyResult<Self> {
        if seconds.is_some_and(|s| s.is_nan()) {
            return Err(PyValueError::new_err("seconds is not a number"));
        }
        let mut budget = CoreBudget::new(nodes, seconds, cancel.map(|c| c.flag.clone()));
        if let Some(outer) = within {
            budget = budget.within(outer.inner.clone());
        }
        Ok(Budget { inner: Arc::new(budget) })
    }

    /// Seconds left before the nearest deadline (never negative); `None` without one.
    fn left(&self) -> Option<f64> {
        self.inner.left()
    }

    /// Whether a deadline has passed or the work was called off.
    fn expired(&self) -> bool {
        self.inner.expired()
    }

    /// Raise `OutOfTime` once the budget has expired.
    fn check(&self) -> PyResult<()> {
        self.inner.check().map_err(|_| OutOfTime::new_err("out of time"))
    }

    /// Take one search node: False when the nodes are gone or the budget has expired.
    fn spend(&self) -> bool {
        self.inner.spend()
    }

    /// The nodes spent so far.
    #[getter]
    fn used(&self) -> u64 {
        self.inner.used()
    }

    /// The nodes this budget allows.
    #[getter]
    fn nodes(&self) -> u64 {
        self.inner.nodes()
    }
}

fn budget_of(budget: Option<&Budget>) -> Arc<CoreBudget> {
    budget.map(|b| b.inner.clone()).unwrap_or_else(|| Arc::new(CoreBudget::unlimited()))
}

// -- boards ------------------------------------------------------------------

/// A board's state in the core: its shaded and unshaded cells, what the techniques derived from them,
/// and what probing remembers of it.
#[pyclass(module = "pencilkit._core")]
struct State {
    board: AnyBoard,
    cells: usize,
}

impl State {
    fn of<const W: usize>(board: Board<W>, cells: usize) -> Self
    where
        Width: Widen<W>,
    {
        State { board: <Width as Widen<W>>::board(board), cells }
    }
}

#[pymethods]
impl State {
    #[getter]
    fn shaded<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        each!(AnyBoard, &self.board, |b| int_of(py, b.shaded))
    }

    #[getter]
    fn unshaded<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        each!(AnyBoard, &self.board, |b| int_of(py, b.unshaded))
    }

    #[getter]
    fn undecided<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        each!(AnyBoard, &self.board, |b| int_of(py, b.undecided()))
    }

    /// Whether every cell is decided.
    fn is_complete(&self) -> bool {
        each!(AnyBoard, &self.board, |b| b.is_complete())
    }

    /// A copy: the same cells and derived data, no probing memory.
    fn copy(&self) -> Self {
        let board = each!(AnyBoard, &self.board, |b| Width::board(b.copy()));
        State { board, cells: self.cells }
    }

    /// Decide cells; a cell decided both ways raises `CoreContradiction`.
    #[pyo3(signature = (shade = None, unshade = None))]
    fn assign(&mut self, py: Python<'_>, shade: Option<&Bound<'_, PyAny>>, unshade: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        each!(AnyBoard, &mut self.board, |b| {
            let full = b.full();
            let shade = match shade {
                Some(m) => mask_of(m, full)?,
                None => Bits::EMPTY,
            };
            let unshade = match unshade {
                Some(m) => mask_of(m, full)?,
                None => Bits::EMPTY,
            };
            b.assign(shade, unshade).map_err(|found| contradiction_error(py, &found))
        })
    }
}

// -- Python genres -----------------------------------------------------------

/// A genre written in Python: its ruleset object answers the frame's questions, called back with the GIL.
///
/// The object gives `board(state)` (a Python board for a state), `contradiction` (the exception class
/// its techniques raise, with `reason` and `cells`), `verify(board)`, `candidates(board)`,
/// `prefer_shaded(board, cell)`, `alternatives(board)` and `branch_cell` (a callable or None).
struct PythonRules {
    rules: Py<PyAny>,
    cells: usize,
}

impl PythonRules {
    fn board<'py, const W: usize>(&self, py: Python<'py>, board: &Board<W>) -> PyResult<Bound<'py, PyAny>>
    where
        Width: Widen<W>,
    {
        let state = Py::new(py, State::of(board.copy(), self.cells))?;
        self.rules.bind(py).call_method1("board", (state,))
    }

    /// A Python exception as what stops the core: a contradiction of the genre's class, `OutOfTime`, or a
    /// failure carried back to Python as it is.
    fn stop<const W: usize>(&self, py: Python<'_>, error: PyErr, full: Bits<W>) -> Stop<W> {
        let rules = self.rules.bind(py);
        let class = rules.getattr("contradiction");
        if let Ok(class) = class {
            if error.value(py).is_instance(&class).unwrap_or(false) {
                let value = error.value(py);
                let reason = value.getattr("reason").map(|r| r.unbind()).unwrap_or_else(|_| py.None());
                let cells = value.getattr("cells").ok().and_then(|c| mask_of(&c, full).ok()).unwrap_or_default();
                let reason = Reason { key: "frame.foreign", foreign: Some(foreign(reason)), ..Default::default() };
                return Stop::Contradiction(Contradiction::new(reason, cells));
            }
        }
        if error.is_instance_of::<OutOfTime>(py) {
            return Stop::OutOfTime;
        }
        Stop::Failed(ForeignError(Arc::new(error)))
    }

    fn call<const W: usize, T>(
        &self,
        board: &Board<W>,
        ask: impl FnOnce(Python<'_>, &Bound<'_, PyAny>, Bound<'_, PyAny>) -> PyResult<T>,
    ) -> Result<T, Stop<W>>
    where
        Width: Widen<W>,
    {
        Python::attach(|py| {
            let asked = self.board(py, board).and_then(|b| ask(py, self.rules.bind(py), b));
            asked.map_err(|error| self.stop(py, error, board.full()))
        })
    }
}

impl<const W: usize> Ruleset<W> for PythonRules
where
    Width: Widen<W>,
{
    fn find(&self, _index: usize, _board: &mut Board<W>, _grid: &Grid<W>) -> Found<W> {
        Ok(Vec::new())
    }

    fn check(&self, _shaded: Bits<W>, _grid: &Grid<W>) -> Vec<Violation<W>> {
        Vec::new()
    }

    fn verify(&self, board: &mut Board<W>, _grid: &Grid<W>) -> Result<(), Stop<W>> {
        self.call(board, |_, rules, b| rules.call_method1("verify", (b,)).map(|_| ()))
    }

    fn candidates(&self, board: &mut Board<W>, _grid: &Grid<W>) -> Result<Vec<usize>, Stop<W>> {
        let size = board.full().count() as usize;
        let cells: Vec<usize> = self.call(board, |_, rules, b| rules.call_method1("candidates", (b,))?.extract())?;
        Ok(cells.into_iter().filter(|&c| c < size).collect())
    }

    fn branch_cell(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<usize, Stop<W>> {
        let chosen: Option<usize> = self.call(board, |_, rules, b| {
            let branch = rules.getattr("branch_cell")?;
            if branch.is_none() {
                Ok(None)
            } else {
                branch.call1((b,))?.extract()
            }
        })?;
        match chosen {
            Some(cell) => Ok(cell),
            None => Ok(self.candidates(board, grid)?[0]),
        }
    }

    fn prefer_shaded(&self, board: &mut Board<W>, _grid: &Grid<W>, cell: usize) -> Result<bool, Stop<W>> {
        self.call(board, |_, rules, b| rules.call_method1("prefer_shaded", (b, cell))?.is_truthy())
    }

    fn alternatives(&self, board: &mut Board<W>, _grid: &Grid<W>) -> Result<Option<Vec<(Bits<W>, Bits<W>)>>, Stop<W>> {
        let full = board.full();
        self.call(board, |_, rules, b| {
            let found = rules.call_method1("alternatives", (b,))?;
            if found.is_none() {
                return Ok(None);
            }
            let mut out = Vec::new();
            for pair in found.try_iter()? {
                let pair = pair?;
                out.push((mask_of(&pair.get_item(0)?, full)?, mask_of(&pair.get_item(1)?, full)?));
            }
            Ok(Some(out))
        })
    }
}

/// A technique written in Python: `find(board)` returns steps (objects with `shade`, `unshade` and
/// `reason`) or None, or raises the genre's contradiction.
struct PythonTechnique {
    find: Py<PyAny>,
    rules: Arc<PythonRules>,
}

impl<const W: usize> Foreign<W> for PythonTechnique
where
    Width: Widen<W>,
{
    fn find(&self, board: &Board<W>) -> Found<W> {
        let full = board.full();
        self.rules.call(board, |py, _, b| {
            let found = self.find.bind(py).call1((b,))?;
            let mut steps = Vec::new();
            if found.is_none() {
                return Ok(steps);
            }
            for step in found.try_iter()? {
                let step = step?;
                let shade = mask_of(&step.getattr("shade")?, full)?;
                let unshade = mask_of(&step.getattr("unshade")?, full)?;
                let reason = step.getattr("reason")?.unbind();
                let reason = Reason { key: "frame.foreign", foreign: Some(foreign(reason)), ..Default::default() };
                steps.push(Step::new(shade, unshade, reason));
            }
            Ok(steps)
        })
    }
}

// -- engines -----------------------------------------------------------------

/// One puzzle's solving context: its genre's ruleset, grid and ladder, and what it works out once.
#[pyclass(module = "pencilkit._core", frozen)]
struct Engine {
    context: AnyContext,
    cells: usize,
}

type TechniqueSpec<'py> = (String, i64, Option<Bound<'py, PyAny>>);
/// Two masks as Python ints: a solution's shaded and unshaded cells.
type Pair<'py> = (Bound<'py, PyAny>, Bound<'py, PyAny>);
/// A broken rule as Python values: its code, its reason and its cells.
type Broken<'py> = (&'static str, Bound<'py, PyTuple>, Bound<'py, PyAny>);
type ProbeTuple = (String, i64, usize, i64, bool);

/// The probes as the core takes them; a probe whose trials would run itself (an inner ladder not below
/// its own level) would recurse without end, so it is refused.
fn probe_specs(probes: Vec<ProbeTuple>) -> PyResult<Vec<ProbeSpec>> {
    probes
        .into_iter()
        .map(|(name, level, max_steps, inner, sweep)| {
            let (level, inner_level) = (level_of(level)?, level_of(inner)?);
            if inner_level >= level {
                return Err(PyValueError::new_err(format!("probe {name:?}: its trials' ladder must be below its level")));
            }
            Ok(ProbeSpec { name, level, max_steps, inner_level, sweep })
        })
        .collect()
}

fn build_context<const W: usize>(
    rows: usize,
    cols: usize,
    genre: Option<&str>,
    clues: &Clues,
    techniques: Vec<TechniqueSpec<'_>>,
    probes: Vec<ProbeSpec>,
    rules: Option<Py<PyAny>>,
) -> PyResult<Context<W>>
where
    Width: Widen<W>,
{
    let grid = Grid::<W>::new(rows, cols);
    let python = rules.map(|rules| Arc::new(PythonRules { rules, cells: rows * cols }));
    let ruleset: Box<dyn Ruleset<W>> = match (genre, &python) {
        (Some(name), None) => genres::build(name, &grid, clues).map_err(PyValueError::new_err)?,
        (None, Some(python)) => Box::new(ArcRules(python.clone())),
        _ => return Err(PyValueError::new_err("an engine is either a genre of the core's or a Python ruleset")),
    };
    let mut rungs = Vec::with_capacity(techniques.len());
    let mut last = Level::Bookkeeping;
    for (name, level, find) in techniques {
        let level = level_of(level)?;
        if level < last {
            return Err(PyValueError::new_err("techniques must be ordered by level"));
        }
        last = level;
        let work = match (find, &python) {
            (Some(find), Some(python)) => {
                Work::Foreign(Box::new(PythonTechnique { find: find.unbind(), rules: python.clone() }))
            }
            (None, None) => match ruleset.technique(&name) {
                Some(index) => Work::Native(index),
                None => return Err(PyValueError::new_err(format!("the core has no technique {name:?}"))),
            },
            _ => return Err(PyValueError::new_err("a Python ruleset's techniques are Python functions")),
        };
        rungs.push(Rung { name, level, work });
    }
    Ok(Context::new(grid, ruleset, rungs, probes))
}

/// A shared Python ruleset as a ruleset (its techniques hold it too).
struct ArcRules(Arc<PythonRules>);

impl<const W: usize> Ruleset<W> for ArcRules
where
    Width: Widen<W>,
{
    fn techniques(&self) -> &'static [&'static str] {
        self.0.techniques()
    }
    fn find(&self, index: usize, board: &mut Board<W>, grid: &Grid<W>) -> Found<W> {
        self.0.find(index, board, grid)
    }
    fn check(&self, shaded: Bits<W>, grid: &Grid<W>) -> Vec<Violation<W>> {
        self.0.check(shaded, grid)
    }
    fn verify(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<(), Stop<W>> {
        self.0.verify(board, grid)
    }
    fn candidates(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<Vec<usize>, Stop<W>> {
        self.0.candidates(board, grid)
    }
    fn branch_cell(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<usize, Stop<W>> {
        self.0.branch_cell(board, grid)
    }
    fn prefer_shaded(&self, board: &mut Board<W>, grid: &Grid<W>, cell: usize) -> Result<bool, Stop<W>> {
        self.0.prefer_shaded(board, grid, cell)
    }
    fn alternatives(&self, board: &mut Board<W>, grid: &Grid<W>) -> Result<Option<Vec<(Bits<W>, Bits<W>)>>, Stop<W>> {
        self.0.alternatives(board, grid)
    }
}

/// A list of recorded steps as Python tuples.
fn steps_list<'py, const W: usize>(py: Python<'py>, trace: &Trace<W>) -> PyResult<Bound<'py, PyList>> {
    let steps: Vec<Bound<'py, PyTuple>> =
        trace.steps.iter().map(|taken| step_tuple(py, taken.rung, &taken.step)).collect::<PyResult<_>>()?;
    PyList::new(py, steps)
}

fn depths(level: i64, deep: i64, shallow: usize) -> PyResult<Depths> {
    Ok(Depths { level: level_of(level)?, deep: level_of(deep)?, shallow })
}

#[pymethods]
impl Engine {
    /// The engine of one puzzle: a genre of the core's (`genre`, with `clues` and `rooms`), or a Python
    /// ruleset (`rules`, whose techniques are Python functions).  `techniques` are `(name, level, find)`
    /// ordered by level (`find` None for the core's own), `probes` `(name, level, steps, inner level,
    /// sweep)`.
    #[new]
    #[pyo3(signature = (rows, cols, techniques, probes, *, genre = None, clues = None, rooms = None, rules = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rows: usize,
        cols: usize,
        techniques: Vec<TechniqueSpec<'_>>,
        probes: Vec<ProbeTuple>,
        genre: Option<&str>,
        clues: Option<Vec<(usize, Option<i64>)>>,
        rooms: Option<Vec<usize>>,
        rules: Option<Py<PyAny>>,
    ) -> PyResult<Self> {
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(PyValueError::new_err(format!("a board is 1 to {MAX_SIDE} cells a side, not {rows}x{cols}")));
        }
        let cells = rows * cols;
        if rooms.as_ref().is_some_and(|r| r.len() != cells) {
            return Err(PyValueError::new_err("rooms give the room of every cell"));
        }
        let clues = Clues { clues: clues.unwrap_or_default(), rooms };
        let probes = probe_specs(probes)?;
        let context = with_width!(cells, W => {
            let built = build_context::<W>(rows, cols, genre, &clues, techniques, probes, rules)?;
            <Width as Widen<W>>::context(Arc::new(built))
        });
        Ok(Engine { context, cells })
    }

    /// The names and levels of the ladder's rungs, in order (the probes merged in).
    fn rungs(&self) -> Vec<(String, i64)> {
        each!(AnyContext, &self.context, |c| c.ladder.iter().map(|r| (r.name.clone(), r.level as i64)).collect())
    }

    /// A state of this puzzle with `shaded` and `unshaded` decided.
    #[pyo3(signature = (shaded = None, unshaded = None))]
    fn state(&self, py: Python<'_>, shaded: Option<&Bound<'_, PyAny>>, unshaded: Option<&Bound<'_, PyAny>>) -> PyResult<State> {
        each!(AnyContext, &self.context, |c| {
            let full = c.grid.full;
            let shaded = match shaded {
                Some(m) => mask_of(m, full)?,
                None => Bits::EMPTY,
            };
            let unshaded = match unshaded {
                Some(m) => mask_of(m, full)?,
                None => Bits::EMPTY,
            };
            let board = c.board(shaded, unshaded).map_err(|stop| stop_error(py, stop))?;
            Ok(State::of(board, self.cells))
        })
    }

    /// Propagate `state` (in place) with the rungs up to `max_level` to a fixpoint (or `max_steps` rung
    /// applications), and check it once complete: `(rungs applied, hardest level, steps)`, the steps
    /// recorded when `record`.  Raises `CoreContradiction` or `OutOfTime`.
    #[pyo3(signature = (state, max_level, *, max_steps = None, record = false, budget = None))]
    fn run<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, State>,
        max_level: i64,
        max_steps: Option<usize>,
        record: bool,
        budget: Option<&Budget>,
    ) -> PyResult<(usize, i64, Bound<'py, PyList>)> {
        let max_level = level_of(max_level)?;
        let budget = budget_of(budget);
        let mut state = state.borrow_mut();
        pair!(&self.context, &mut state.board, |c, b| {
            let mut trace = Trace::new(record);
            let ran = unlocked(py, || c.run(b, max_level, &mut trace, max_steps, &budget))?;
            ran.map_err(|stop| stop_error(py, stop))?;
            Ok((trace.count, trace.hardest as i64, steps_list(py, &trace)?))
        })
    }

    /// A trial: decide `shade`/`unshade` on a copy of `state` and propagate at most `steps` rung
    /// applications up to `level`, recording each step: `(steps, contradiction)`, the contradiction
    /// `(reason, cells)` it ran into or None.
    #[pyo3(signature = (state, shade, unshade, level, steps, *, budget = None))]
    #[allow(clippy::too_many_arguments)]
    fn trial<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, State>,
        shade: &Bound<'py, PyAny>,
        unshade: &Bound<'py, PyAny>,
        level: i64,
        steps: usize,
        budget: Option<&Budget>,
    ) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyAny>)> {
        let level = level_of(level)?;
        let budget = budget_of(budget);
        let state = state.borrow();
        pair!(&self.context, &state.board, |c, b| {
            let full = c.grid.full;
            let assumption = Assumption { shade: mask_of(shade, full)?, unshade: mask_of(unshade, full)?, level, steps };
            let mut trace = Trace::new(true);
            let outcome = unlocked(py, || probing::trial(c, b, assumption, &mut trace, &budget))?;
            let outcome = outcome.map_err(|stop| stop_error(py, stop))?;
            let broken = match outcome {
                Outcome::Broken(found) => {
                    PyTuple::new(py, [reason_tuple(py, &found.reason)?.into_any(), int_of(py, found.cells)?])?.into_any()
                }
                Outcome::Reached { .. } => py.None().into_bound(py),
            };
            Ok((steps_list(py, &trace)?, broken))
        })
    }

    /// Count the solutions below `state` up to `limit`: `(solutions as (shaded, unshaded), exhaustive)`.
    /// Search propagates with the ladder up to `level` within `shallow` decisions of the root and up to
    /// `deep` below; with `near` (a solution's shaded cells) it meets first the solutions nearest it.
    #[pyo3(signature = (state, limit, level, deep, shallow, *, near = None, budget = None))]
    #[allow(clippy::too_many_arguments)]
    fn count<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, State>,
        limit: usize,
        level: i64,
        deep: i64,
        shallow: usize,
        near: Option<&Bound<'py, PyAny>>,
        budget: Option<&Budget>,
    ) -> PyResult<(Vec<Pair<'py>>, bool)> {
        let depths = depths(level, deep, shallow)?;
        let budget = budget_of(budget);
        let state = state.borrow();
        pair!(&self.context, &state.board, |c, b| {
            let near = near.map(|mask| mask_of(mask, b.full())).transpose()?;
            let counted = unlocked(py, || search::count(c, b, limit, depths, near, &budget))?;
            let counted = counted.map_err(|stop| stop_error(py, stop))?;
            let solutions = counted
                .solutions
                .iter()
                .map(|s| Ok((int_of(py, s.shaded)?, int_of(py, s.unshaded)?)))
                .collect::<PyResult<_>>()?;
            Ok((solutions, counted.exhaustive))
        })
    }

    /// The solutions below `state`, one at a time (a search that raises `OutOfTime` when its budget is
    /// spent).
    #[pyo3(signature = (state, level, deep, shallow, *, budget = None))]
    fn solutions(
        slf: Py<Self>,
        py: Python<'_>,
        state: &Bound<'_, State>,
        level: i64,
        deep: i64,
        shallow: usize,
        budget: Option<&Budget>,
    ) -> PyResult<Search> {
        let depths = depths(level, deep, shallow)?;
        let state = state.borrow();
        let engine = slf.get();
        let search = pair!(&engine.context, &state.board, |_c, b| Ok(Width::solutions(Solutions::new(b.copy(), depths))))?;
        Ok(Search { engine: slf.clone_ref(py), search, budget: budget_of(budget), cells: engine.cells })
    }

    /// What rung `rung` of the ladder alone finds on a copy of `state`: its steps as
    /// `(rung, shade, unshade, reason)`.  Raises `CoreContradiction` or `OutOfTime`.
    #[pyo3(signature = (state, rung, *, budget = None))]
    fn find<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, State>,
        rung: usize,
        budget: Option<&Budget>,
    ) -> PyResult<Bound<'py, PyList>> {
        let budget = budget_of(budget);
        let state = state.borrow();
        pair!(&self.context, &state.board, |c, b| {
            if rung >= c.ladder.len() {
                return Err(PyValueError::new_err(format!("the ladder has no rung {rung}")));
            }
            let mut look = b.copy();
            let found = unlocked(py, || c.find(rung, &mut look, &budget))?;
            let steps = found.map_err(|stop| stop_error(py, stop))?;
            let steps: Vec<Bound<'py, PyTuple>> =
                steps.iter().map(|step| step_tuple(py, rung, step)).collect::<PyResult<_>>()?;
            PyList::new(py, steps)
        })
    }

    /// The undecided cells worth probing or branching on, most promising first.
    fn candidates(&self, py: Python<'_>, state: &Bound<'_, State>) -> PyResult<Vec<usize>> {
        let mut state = state.borrow_mut();
        pair!(&self.context, &mut state.board, |c, b| {
            let found = unlocked(py, || c.ruleset.candidates(b, &c.grid))?;
            found.map_err(|stop| stop_error(py, stop))
        })
    }

    /// Every rule the complete shading `shaded` breaks, as `(rule, reason, cells)`.
    fn check<'py>(&self, py: Python<'py>, shaded: &Bound<'py, PyAny>) -> PyResult<Vec<Broken<'py>>> {
        each!(AnyContext, &self.context, |c| {
            let shaded = mask_of(shaded, c.grid.full)?;
            let found = unlocked(py, || c.ruleset.check(shaded, &c.grid))?;
            found.iter().map(|v| Ok((v.rule, reason_tuple(py, &v.reason)?, int_of(py, v.cells)?))).collect()
        })
    }
}

/// A search resumed one solution at a time.
#[pyclass(module = "pencilkit._core")]
struct Search {
    engine: Py<Engine>,
    search: AnySolutions,
    budget: Arc<CoreBudget>,
    cells: usize,
}

#[pymethods]
impl Search {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next solution as a state; raises `OutOfTime` when the budget is spent.
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<State>> {
        let engine = self.engine.get();
        let budget = self.budget.clone();
        let cells = self.cells;
        pair!(search &engine.context, &mut self.search, |c, s| {
            let next = unlocked(py, || s.next(c, &budget))?;
            match next {
                Ok(Some(board)) => Ok(Some(State::of(board, cells))),
                Ok(None) => Ok(None),
                Err(Halt::OutOfBudget) => Err(OutOfTime::new_err("the search spent its budget")),
                Err(Halt::Failed(stop)) => Err(stop_error(py, stop)),
            }
        })
    }
}

/// Islands as Python ints, each with its clue cell.
type Islands<'py> = Vec<(Bound<'py, PyAny>, usize)>;

/// A Nurikabe layout built by a cascade (see the core's `nurikabe::cascade`): its islands as masks with
/// their clue cells, or None when the cascade is stuck.  `sizes` are island sizes with their weights,
/// `perms` a symmetry's maps as cell permutations (identity first), empty for none.  Raises `OutOfTime`
/// once `budget` runs out (it is looked at before every move).
#[pyfunction]
#[pyo3(signature = (rows, cols, *, seed, sizes, perms, budget = None))]
fn nurikabe_cascade<'py>(
    py: Python<'py>,
    rows: usize,
    cols: usize,
    seed: u64,
    sizes: Vec<(usize, f64)>,
    perms: Vec<Vec<usize>>,
    budget: Option<&Budget>,
) -> PyResult<Option<Islands<'py>>> {
    if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(PyValueError::new_err(format!("a board is 1 to {MAX_SIDE} cells a side, not {rows}x{cols}")));
    }
    let cells = rows * cols;
    if sizes.iter().any(|&(_, weight)| !weight.is_finite() || weight < 0.0)
        || sizes.iter().map(|&(_, weight)| weight).sum::<f64>() <= 0.0
    {
        return Err(PyValueError::new_err("sizes are island sizes with finite weights >= 0, some positive"));
    }
    for perm in &perms {
        let mut seen = vec![false; cells];
        if perm.len() != cells || perm.iter().any(|&image| image >= cells || std::mem::replace(&mut seen[image], true)) {
            return Err(PyValueError::new_err("a symmetry's map is a permutation of the board's cells"));
        }
    }
    let (drawn, weights): (Vec<usize>, Vec<f64>) = sizes.into_iter().unzip();
    let plan = genres::nurikabe::cascade::Plan { sizes: &drawn, weights: &weights, perms: &perms };
    with_width!(cells, W => {
        let grid = Grid::<W>::new(rows, cols);
        let budget = budget_of(budget);
        let built = unlocked(py, || genres::nurikabe::cascade::cascade(&grid, &plan, seed, &budget))?;
        let Some(islands) = built.map_err(|_| OutOfTime::new_err("out of time"))? else {
            return Ok(None);
        };
        let pairs: PyResult<Vec<_>> = islands.into_iter().map(|(island, clue)| Ok((int_of(py, island)?, clue))).collect();
        pairs.map(Some)
    })
}

/// Panics, for the test that shows a panic in the core surfaces as a Python exception.
#[pyfunction]
fn _panic(py: Python<'_>) -> PyResult<()> {
    unlocked(py, || panic!("a panic provoked by a test"))
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Budget>()?;
    m.add_class::<Cancel>()?;
    m.add_class::<Engine>()?;
    m.add_class::<State>()?;
    m.add_class::<Search>()?;
    m.add("OutOfTime", m.py().get_type::<OutOfTime>())?;
    m.add("CoreContradiction", m.py().get_type::<CoreContradiction>())?;
    m.add("DEFAULT_NODES", DEFAULT_NODES)?;
    m.add("MAX_SIDE", MAX_SIDE)?;
    m.add_function(wrap_pyfunction!(nurikabe_cascade, m)?)?;
    m.add_function(wrap_pyfunction!(_panic, m)?)?;
    Ok(())
}
