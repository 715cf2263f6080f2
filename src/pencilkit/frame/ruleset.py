"""What a genre gives the frame to solve with, and the genre-free probing techniques.

A :class:`Ruleset` is a genre's ordered technique table, its final rule check
for a complete board, and its order of preference among undecided cells (for
probing and branching).  Probing (singleton consistency) is the same in every
genre: assume a cell one way, run the cheaper ladder for a bounded number of
steps, and if a rule breaks the cell is the other way.  :func:`probe` builds
such a technique for a ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..grid import Cell, Mask
from .board import Board, Contradiction
from .ladder import Step, Technique, Trace, propagate
from .levels import Level


@dataclass(frozen=True)
class ProbeSpec:
    """A probing technique: its name, its level, its step bound and the ladder it runs."""

    name: str
    level: Level
    max_steps: int
    inner_level: Level
    summary: str = ""


@dataclass
class Ruleset:
    """A genre's solving contents: techniques cheapest first, final check, cell order."""

    techniques: Sequence[Technique]
    verify: Callable[[Board], None]
    """Raise ``Contradiction`` if a complete board breaks a rule."""
    candidates: Callable[[Board], list[Cell]]
    """Undecided cells worth probing or branching on, most promising first."""
    prefer_shaded: Callable[[Board, Cell], bool] = field(default=lambda board, cell: True)
    """Which value search tries first at a cell."""
    probes: Sequence[ProbeSpec] = ()
    words: tuple[str, str] = ("shaded", "unshaded")
    """How the genre names a shaded and an unshaded cell in explanations (``sea``, ``land``)."""
    ladder: list[Technique] = field(init=False)
    """``techniques`` followed by the probing techniques, the full table."""

    def __post_init__(self) -> None:
        self.ladder = list(self.techniques) + [probe(self, spec) for spec in self.probes]
        levels = [t.level for t in self.ladder]
        if levels != sorted(levels):
            raise ValueError("techniques must be ordered by level")

    def run(
        self,
        board: Board,
        *,
        max_level: Level = Level.EXPERT,
        trace: Trace | None = None,
        max_steps: int | None = None,
    ) -> Trace:
        """Propagate to a fixpoint and check the board if it is complete."""
        trace = propagate(board, self.ladder, max_level=max_level, trace=trace, max_steps=max_steps)
        if not board.undecided:
            self.verify(board)
        return trace

    def technique(self, name: str) -> Technique:
        for t in self.ladder:
            if t.name == name:
                return t
        raise KeyError(name)


def refutes(ruleset: Ruleset, board: Board, shade: Mask, unshade: Mask, level: Level, steps: int) -> Contradiction | None:
    """The contradiction that deciding ``shade``/``unshade`` runs into within ``steps``, if any."""
    trial = board.copy()
    try:
        trial.assign(shade, unshade)
        ruleset.run(trial, max_level=level, max_steps=steps)
    except Contradiction as broken:
        return broken
    return None


def probe(ruleset: Ruleset, spec: ProbeSpec) -> Technique:
    """A technique that refutes one value of a cell by a bounded propagation."""
    shaded_word, unshaded_word = ruleset.words

    def find(board: Board) -> list[Step] | None:
        grid = board.grid
        for cell in ruleset.candidates(board):
            bit = 1 << cell
            first = ruleset.prefer_shaded(board, cell)
            for shade in (first, not first):
                broken = refutes(
                    ruleset, board, bit if shade else 0, 0 if shade else bit, spec.inner_level, spec.max_steps
                )
                if broken is None:
                    continue

                def reason(cell: Cell = cell, shade: bool = shade, broken: Contradiction = broken) -> str:
                    name = grid.name(cell)
                    assumed, actual = (shaded_word, unshaded_word) if shade else (unshaded_word, shaded_word)
                    return f"if {name} were {assumed}, {broken.reason}; so {name} is {actual}"

                return [Step(0 if shade else bit, bit if shade else 0, reason)]
        return None

    return Technique(spec.name, spec.level, find, spec.summary)
