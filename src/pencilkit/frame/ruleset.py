"""What a genre gives the frame to solve with.

A :class:`Ruleset` is a genre's ordered technique table, its final rule check
for a complete board, and its order of preference among undecided cells (for
probing and branching).  The probing techniques (:mod:`.probing`), the same
in every genre, join the table at their levels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..grid import Cell, Mask
from .board import Board
from .ladder import Technique, Trace, propagate
from .levels import Level
from .probing import ProbeSpec, Probing


@dataclass(kw_only=True)
class Ruleset:
    """A genre's solving contents: techniques cheapest first, final check, cell order."""

    techniques: Sequence[Technique]
    verify: Callable[[Board], None]
    """Raise ``Contradiction`` if a complete board breaks a rule."""
    candidates: Callable[[Board], list[Cell]]
    """Undecided cells worth probing or branching on, most promising first."""
    branch_cell: Callable[[Board], Cell] | None = None
    """The first of ``candidates``, worked out alone (search branches on it at every node, and needs
    no more of the order); ``None``: take ``candidates(board)[0]``."""
    prefer_shaded: Callable[[Board, Cell], bool] = field(default=lambda board, cell: True)
    """Which value search tries first at a cell."""
    alternatives: Callable[[Board], list[tuple[Mask, Mask]] | None] = field(default=lambda board: None)
    """Mutually exclusive, exhaustive ways to decide a part of the board, ``(shade, unshade)``
    each, for search to branch on (``[]`` when there is none: a dead end); ``None`` to branch
    on a single cell."""
    probes: Sequence[ProbeSpec] = ()
    words: tuple[str, str] = ("shaded", "unshaded")
    """How the genre names a shaded and an unshaded cell in explanations (``sea``, ``land``)."""
    ladder: list[Technique] = field(init=False)
    """``techniques`` and the probing techniques merged by level, the full table."""
    probing: Probing = field(init=False)
    """The probing techniques and their memory of the boards they ran on."""

    def __post_init__(self) -> None:
        levels = [t.level for t in self.techniques]
        if levels != sorted(levels):
            raise ValueError("techniques must be ordered by level")
        self.probing = Probing(self, self.probes)
        # a genre's technique comes before a probe of its level (sorting is stable)
        self.ladder = sorted([*self.techniques, *self.probing.techniques], key=lambda t: t.level)

    def run(
        self,
        board: Board,
        *,
        max_level: Level = Level.EXPERT,
        trace: Trace | None = None,
        max_steps: int | None = None,
    ) -> Trace:
        """Propagate to a fixpoint and check the board if it is complete."""
        self.probing.held_back(board, max_level)  # a sweep's findings are for a ladder that reaches its level
        trace = propagate(board, self.ladder, max_level=max_level, trace=trace, max_steps=max_steps)
        if not board.undecided:
            self.verify(board)
        return trace

    def branches(self, board: Board) -> list[tuple[Mask, Mask]]:
        """How search splits an undecided board: the genre's alternatives, or the best cell both ways."""
        found = self.alternatives(board)
        if found is not None:
            return found
        cell = self.candidates(board)[0] if self.branch_cell is None else self.branch_cell(board)
        bit = 1 << cell
        if self.prefer_shaded(board, cell):
            return [(bit, 0), (0, bit)]
        return [(0, bit), (bit, 0)]

    def technique(self, name: str) -> Technique:
        for t in self.ladder:
            if t.name == name:
                return t
        raise KeyError(name)
