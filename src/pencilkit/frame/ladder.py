"""The technique ladder: graded techniques run cheapest first to a fixpoint.

A :class:`Technique` is a named, graded deduction rule.  The core runs the
ladder (:meth:`.ruleset.Ruleset.run`): it applies the steps of the first
technique that finds any and restarts from the top, so an expensive technique
never runs on a board a cheaper one could still advance, and no technique
works from derived data that a change has invalidated.  A genre's techniques
live in the core; a genre written in Python gives each technique a ``find``
that looks at a board and returns its :class:`Step` s, and the core calls it
at its place in the ladder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cellset import CellSet
from ..grid import Grid, Mask
from .levels import Level

if TYPE_CHECKING:
    from .board import Board

Reason = str | Callable[[], str]


@dataclass
class Step:
    """One deduction: cells to shade and to unshade, and why.

    ``reason`` may be a callable, so that nothing is worded until an
    explanation reads it.
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


Finder = Callable[["Board"], "list[Step] | None"]


@dataclass(frozen=True)
class Technique:
    """A named, graded deduction rule.

    For a genre of the core's, ``find`` is ``None``: the core implements the
    technique of that name.  A genre written in Python gives ``find``, which
    returns the steps it can take on a board (all of them true in every
    solution of that board), ``None`` or ``[]`` when it finds nothing, and
    raises ``Contradiction`` when the board has no solution.
    """

    name: str
    level: Level
    find: Finder | None = field(default=None, repr=False)
    summary: str = ""


@dataclass
class Trace:
    """What a propagation did: its steps (when recorded), the hardest level used, and how many times a
    technique applied."""

    steps: list[Step] = field(default_factory=list)
    hardest: Level = Level.BOOKKEEPING
    count: int = 0
    record: bool = True


__all__ = ["Finder", "Step", "Technique", "Trace"]
