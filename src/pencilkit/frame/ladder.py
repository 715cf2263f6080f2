"""The technique ladder: graded techniques run cheapest first to a fixpoint.

A :class:`Technique` looks at a board and returns the deductions it can make
(as :class:`Step` s) without changing the board, or raises
:class:`~pencilkit.frame.board.Contradiction`.  :func:`propagate` applies the
steps of the first technique that finds any and restarts from the top, so an
expensive technique never runs on a board a cheaper one could still advance,
and no technique ever works from derived data that a change has invalidated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..cellset import CellSet
from ..grid import Grid, Mask
from .board import Board, Contradiction
from .budget import check_time
from .levels import Level

Reason = str | Callable[[], str]


@dataclass
class Step:
    """One deduction: cells to shade and to unshade, and why.

    ``reason`` may be a callable, so that the hot path of search and probing
    never formats text that nobody reads.
    """

    shade: Mask
    unshade: Mask
    reason: Reason
    technique: str = ""
    level: Level = Level.BOOKKEEPING

    @property
    def why(self) -> str:
        return self.reason if isinstance(self.reason, str) else self.reason()

    @property
    def cells(self) -> Mask:
        return self.shade | self.unshade

    def cell_sets(self, grid: Grid) -> tuple[CellSet, CellSet]:
        """The cells it shades and the cells it unshades, on the board of shape ``grid`` (``puzzle.grid``)."""
        return CellSet(self.shade, grid), CellSet(self.unshade, grid)


Finder = Callable[[Board], "list[Step] | None"]


@dataclass(frozen=True)
class Technique:
    """A named, graded deduction rule.

    ``find`` returns the steps it can take on a board (all of them true in every
    solution of that board), ``None`` or ``[]`` when it finds nothing, and raises
    ``Contradiction`` when the board has no solution.
    """

    name: str
    level: Level
    find: Finder = field(repr=False)
    summary: str = ""


@dataclass
class Trace:
    """What a propagation did: its steps (when recorded) and the hardest level used."""

    steps: list[Step] = field(default_factory=list)
    hardest: Level = Level.BOOKKEEPING
    count: int = 0
    record: bool = True


def propagate(
    board: Board,
    techniques: Sequence[Technique],
    *,
    max_level: Level = Level.EXPERT,
    trace: Trace | None = None,
    max_steps: int | None = None,
) -> Trace:
    """Run the ladder on ``board`` (in place) until no technique up to ``max_level`` applies.

    ``techniques`` must be ordered cheapest first.  With ``max_steps``, stop after
    that many technique applications.  Raises ``Contradiction`` when the board
    has no solution.
    """
    if trace is None:
        trace = Trace(record=False)
    ladder = [t for t in techniques if t.level <= max_level]
    steps_taken = 0
    while board.undecided:
        check_time()
        for technique in ladder:
            steps = technique.find(board)
            if steps:
                break
        else:
            return trace
        for step in steps:
            board.assign(step.shade, step.unshade)
            step.technique = technique.name
            step.level = technique.level
        if technique.level > trace.hardest:
            trace.hardest = technique.level
        trace.count += 1
        if trace.record:
            trace.steps.extend(steps)
        steps_taken += 1
        if max_steps is not None and steps_taken >= max_steps:
            return trace
    return trace


__all__ = ["Contradiction", "Step", "Technique", "Trace", "propagate"]
