"""What a genre gives the frame to solve with, and the frame's way into the core.

A :class:`Ruleset` is a genre's ordered technique table, its probes, and its
words for a shaded and an unshaded cell.  For a genre of pencilkit's core
(``native``), the core implements the techniques by name, the final rule
check and the order in which probing and search look at cells; the ruleset
keeps the sentences its reasons are worded with.  A genre written in Python
gives each technique a ``find`` and gives the final check and the cell order
as functions, and the core calls them back: one ladder, one set of probes
and one search serve both.

The core works on one puzzle at a time through an engine made once per
puzzle (:meth:`Ruleset.engine`): the puzzle's grid, its genre's per-puzzle
data and the ladder, kept with the puzzle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .._core import CoreContradiction, Engine, State
from ..grid import Cell, Mask
from ..puzzle import Puzzle
from . import probing
from .board import Board, Contradiction
from .budget import Budget
from .ladder import Finder, Step, Technique, Trace
from .levels import Level
from .probing import ProbeSpec
from .wording import Broken, Reason, Sentences

RawReason = tuple[str, tuple[int, ...], tuple[int, ...], Any, Any]
"""A reason as the core gives it: ``(key, ints, masks, inner, foreign)``."""


def reason_of(raw: RawReason) -> Reason:
    """A reason from the core's tuple."""
    key, ints, masks, inner, foreign = raw
    return Reason(key, tuple(ints), tuple(masks), None if inner is None else reason_of(inner), foreign)


def _never(board: Board) -> list[tuple[Mask, Mask]] | None:
    return None


def _shaded_first(board: Board, cell: Cell) -> bool:
    return True


@dataclass(kw_only=True, eq=False)
class Ruleset:
    """A genre's solving contents: techniques cheapest first, probes, and how its reasons read."""

    techniques: Sequence[Technique]
    probes: Sequence[ProbeSpec] = ()
    words: tuple[str, str] = ("shaded", "unshaded")
    """How the genre names a shaded and an unshaded cell in explanations (``sea``, ``land``)."""
    native: str | None = None
    """The core's genre that implements the techniques, the check and the cell order; ``None`` for a
    genre written in Python."""
    sentences: Sentences = field(default_factory=dict)
    """The sentences of the core's reasons for this genre, by key."""
    broken: Mapping[str, Broken] = field(default_factory=dict)
    """How each broken rule of the core's check reads in a report, by its reason's key."""
    verify: Callable[[Board], None] | None = None
    """A Python genre's final check: raise ``Contradiction`` if a complete board breaks a rule."""
    candidates: Callable[[Board], list[Cell]] | None = None
    """A Python genre's undecided cells worth probing or branching on, most promising first."""
    branch_cell: Callable[[Board], Cell] | None = None
    """The first of ``candidates``, worked out alone; ``None``: take ``candidates(board)[0]``."""
    prefer_shaded: Callable[[Board, Cell], bool] = _shaded_first
    """Which value a Python genre's search tries first at a cell."""
    alternatives: Callable[[Board], list[tuple[Mask, Mask]] | None] = _never
    """A Python genre's exclusive, exhaustive ways to decide a part of the board, for search to branch on;
    ``None`` to branch on a single cell."""
    ladder: list[Technique] = field(init=False)
    """``techniques`` and the probing techniques merged by level: the full table, as the core runs it."""
    _rungs: list[tuple[str, int, Finder | None]] = field(init=False, repr=False)
    _probes: list[tuple[str, int, int, int, bool]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        levels = [t.level for t in self.techniques]
        if levels != sorted(levels):
            raise ValueError("techniques must be ordered by level")
        python = [t.find is not None for t in self.techniques]
        if self.native is not None and any(python):
            raise ValueError("the techniques of a genre of the core have no find")
        if self.native is None and not (all(python) and self.verify is not None and self.candidates is not None):
            raise ValueError("a genre written in Python gives every technique's find, verify and candidates")
        probes = [Technique(spec.name, spec.level, None, spec.summary) for spec in self.probes]
        # a genre's technique comes before a probe of its level (sorting is stable)
        self.ladder = sorted([*self.techniques, *probes], key=lambda t: t.level)
        self._rungs = [(t.name, int(t.level), t.find) for t in self.techniques]
        self._probes = [(p.name, int(p.level), p.max_steps, int(p.inner_level), p.sweep) for p in self.probes]

    # -- the engine ------------------------------------------------------------

    def engine(self, puzzle: Puzzle) -> Engine:
        """The core's engine for ``puzzle``, made once per puzzle and kept with it."""
        return puzzle.remembered(self, lambda: self._build(puzzle))

    def _build(self, puzzle: Puzzle) -> Engine:
        if self.native is not None:
            return Engine(puzzle.rows, puzzle.cols, self._rungs, self._probes, genre=self.native, clues=puzzle.clues,
                          rooms=puzzle.rooms)
        return Engine(puzzle.rows, puzzle.cols, self._rungs, self._probes, rules=_Callbacks(self, puzzle))

    def board(self, puzzle: Puzzle, shaded: Mask = 0, unshaded: Mask = 0) -> Board:
        """A board of ``puzzle`` with ``shaded`` and ``unshaded`` decided."""
        try:
            state = self.engine(puzzle).state(shaded, unshaded)
        except CoreContradiction as broken:
            raise self.contradiction(puzzle, broken) from None
        return Board(self, puzzle, state)

    # -- solving ---------------------------------------------------------------

    def run(
        self,
        board: Board,
        *,
        max_level: Level = Level.EXPERT,
        trace: Trace | None = None,
        max_steps: int | None = None,
        budget: Budget | None = None,
    ) -> Trace:
        """Propagate to a fixpoint (or ``max_steps`` technique applications) with the techniques up to
        ``max_level``, and check the board once it is complete.  Raises ``Contradiction`` when the board
        has no solution and ``OutOfTime`` when the budget runs out."""
        if trace is None:
            trace = Trace(record=False)
        try:
            count, hardest, raw = self.engine(board.puzzle).run(board.state, int(max_level), max_steps=max_steps,
                                                                 record=trace.record, budget=budget)
        except CoreContradiction as broken:
            raise self.contradiction(board.puzzle, broken) from None
        trace.count += count
        trace.hardest = max(trace.hardest, Level(hardest))
        if trace.record:
            trace.steps.extend(self.steps(board.puzzle, raw))
        return trace

    def trial(self, board: Board, shade: Mask, unshade: Mask, level: Level, steps: int, *,
              budget: Budget | None = None) -> tuple[list[Step], str | None]:
        """A probe's trial, recorded: decide ``shade``/``unshade`` on a copy of ``board`` and propagate at
        most ``steps`` steps up to ``level``, as the probe does; the steps taken and the rule it then
        breaks (``None`` if it breaks none)."""
        raw, broken = self.engine(board.puzzle).trial(board.state, shade, unshade, int(level), steps, budget=budget)
        taken = self.steps(board.puzzle, raw)
        return taken, None if broken is None else self.word(board.puzzle, broken[0])

    def find(self, name: str, board: Board) -> list[Step]:
        """What the technique ``name`` alone finds on ``board`` (which it leaves as it is)."""
        index = next((k for k, t in enumerate(self.ladder) if t.name == name), None)
        if index is None:
            raise KeyError(name)
        try:
            raw = self.engine(board.puzzle).find(board.state, index)
        except CoreContradiction as broken:
            raise self.contradiction(board.puzzle, broken) from None
        return self.steps(board.puzzle, raw)

    def order(self, board: Board) -> list[Cell]:
        """The undecided cells worth probing or branching on, most promising first."""
        try:
            return self.engine(board.puzzle).candidates(board.state)
        except CoreContradiction as broken:
            raise self.contradiction(board.puzzle, broken) from None

    def technique(self, name: str) -> Technique:
        for t in self.ladder:
            if t.name == name:
                return t
        raise KeyError(name)

    # -- words -----------------------------------------------------------------

    def steps(self, puzzle: Puzzle, raw: Sequence[tuple[int, Mask, Mask, RawReason]]) -> list[Step]:
        """The core's recorded steps as :class:`Step` s, worded when read."""
        out = []
        for rung, shade, unshade, reason in raw:
            technique = self.ladder[rung]
            out.append(Step(shade, unshade, partial(self.word, puzzle, reason), technique.name, technique.level))
        return out

    def word(self, puzzle: Puzzle, raw: RawReason | Reason) -> str:
        """A reason of the core's in words."""
        reason = raw if isinstance(raw, Reason) else reason_of(raw)
        key = reason.key
        if key == "frame.foreign":
            said = reason.foreign
            return said() if callable(said) else str(said)
        if key == "frame.refuted":
            return probing.refuted(puzzle, reason, self.words, partial(self.word, puzzle))
        if key == "frame.either_way":
            return probing.either_way(puzzle, reason, self.words)
        if key == "frame.clash":
            return "a cell would be both shaded and unshaded"
        if key == "frame.both":
            return "a cell is both shaded and unshaded"
        return self.sentences[key](puzzle, reason)

    def contradiction(self, puzzle: Puzzle, broken: CoreContradiction) -> Contradiction:
        """The core's contradiction, worded."""
        raw, cells = broken.args
        return Contradiction(self.word(puzzle, raw), cells)


class _Callbacks:
    """What the core asks a genre written in Python, for one puzzle."""

    def __init__(self, ruleset: Ruleset, puzzle: Puzzle) -> None:
        self.ruleset = ruleset
        self.puzzle = puzzle
        self.contradiction = Contradiction
        self.branch_cell = ruleset.branch_cell

    def board(self, state: State) -> Board:
        return Board(self.ruleset, self.puzzle, state)

    def verify(self, board: Board) -> None:
        assert self.ruleset.verify is not None
        self.ruleset.verify(board)

    def candidates(self, board: Board) -> list[Cell]:
        assert self.ruleset.candidates is not None
        return self.ruleset.candidates(board)

    def prefer_shaded(self, board: Board, cell: Cell) -> bool:
        return self.ruleset.prefer_shaded(board, cell)

    def alternatives(self, board: Board) -> list[tuple[Mask, Mask]] | None:
        return self.ruleset.alternatives(board)


__all__ = ["Contradiction", "RawReason", "Ruleset", "reason_of"]
