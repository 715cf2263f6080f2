"""Kurodoko's side of generation: paint, add clues until the ladder finishes, sweep, target.

A monotone generator (:mod:`pencilkit.genres.monotone`), as a plug-in to the
frame's driver (:mod:`pencilkit.frame.generate`).  In Kurodoko a clue cell is
a white cell that shows its count, and it is white in the solution already,
so adding a clue never changes the answer: it only removes rivals.  A
painting (:func:`~pencilkit.genres.kurodoko.painting.paint`: no two black cells
touch, the white cells are connected, 16-26% black like the corpus) has every
white cell as a slot; a clue's reach is its sight, its runs and the black
cells ending them.

To target the level: the swept puzzle is finished by the ladder up to the
target, so it is unique and rated at most the target.  The driver checks that
the ladder below does not finish it (Tatham's rule).  When it does,
:meth:`KurodokoGenerator.repair` moves one clue: it drops a random clue (the
ladder then stalls, because the sweep kept only needed clues), adds clues at
other cells where it stalls, and sweeps again, with the rivals met so far on
the painting.  After :meth:`~KurodokoGenerator.patience` moves without
success the driver paints a new board.  So every candidate the driver sees is
proven unique by the ladder; docs/kurodoko.md, Generation, has the
measurements.
"""

from __future__ import annotations

import random

from ...frame.budget import Budget
from ...frame.levels import Level
from ...frame.ruleset import Ruleset
from ...frame.symmetry import Symmetry
from ...grid import MAX_SIDE, Cell
from ...puzzle import Answer, Puzzle
from ..monotone import (
    RIVAL_NODES,
    RIVALS_KEPT,
    SWEEP_NODES,
    Band,
    MonotoneCandidate,
    MonotoneGenerator,
    Painted,
    add_clues,
    can_drop,
    drawn_goal,
    finishes,
    ratable,
    rival,
    search,
    settle,
    sweep,
)
from .painting import Painting, breaks, paint

PATIENCE = 2
"""Clue moves per ``rows + cols`` after which the driver paints a new board."""

KurodokoCandidate = MonotoneCandidate
"""A painting with a set of clue cells; the puzzle shows each clue's true count."""


class KurodokoGenerator(MonotoneGenerator):
    """The monotone generator on Kurodoko paintings (:func:`~pencilkit.genres.kurodoko.painting.paint`)."""

    published_symmetry = (
        (24, ()),
        (100, ((Symmetry.ROT4, 0.15), (Symmetry.ROT2, 0.73), (Symmetry.MIRROR, 0.01))),
        (225, ((Symmetry.ROT4, 0.04), (Symmetry.ROT2, 0.56))),
        (400, ((Symmetry.ROT4, 0.10), (Symmetry.ROT2, 0.90))),
        (MAX_SIDE * MAX_SIDE, ((Symmetry.ROT2, 1.0),)),
    )
    """Published Kurodoko keep a symmetry nearly always: 89% up to 10x10, 60% up to 15x15, all the larger
    ones (by size class, ``tests/frame/test_published_symmetry.py`` recounts them from the corpus); none is
    smaller than 7x7, and boards under 25 cells keep none."""

    published_density: Band = ((100, 0.160, 0.210), (225, 0.181, 0.249), (400, 0.166, 0.187), (900, 0.167, 0.175),
                               (MAX_SIDE * MAX_SIDE, 0.168, 0.170))
    """Clues per cell of published Kurodoko, 25th to 75th percentile by size class."""

    def clue_goal(self, painting: Painted, rng: random.Random) -> int:
        """Clues per cell drawn from the published middle half of the size class."""
        assert isinstance(painting, Painting)
        size = painting.rows * painting.cols
        return drawn_goal(self.published_density, size, size, rng)

    def extra_rank(self, painting: Painted, slot: Cell) -> float:
        """Small clues first: the needed clues of a sparse puzzle see far, and published puzzles mix in
        short ones."""
        assert isinstance(painting, Painting)
        return float(painting.sees(slot))

    def genre_ruleset(self) -> Ruleset:
        from . import KURODOKO

        return KURODOKO.ruleset

    def paint(self, rows: int, cols: int, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Painting:
        """Any painting (:func:`~pencilkit.genres.kurodoko.painting.paint`) can be clued to any level."""
        return paint(rows, cols, rng)

    def painted(self, puzzle: Puzzle, solution: Answer) -> Painting:
        """The solution's black cells: every white cell is a slot showing what it sees."""
        return Painting(puzzle.rows, puzzle.cols, solution.shaded)

    def max_level(self, rows: int, cols: int) -> Level:
        from .feasibility import max_level

        return max_level(rows, cols)

    def patience(self, rows: int, cols: int, target: Level) -> int:
        """Clue moves without reaching the level before a new painting: ``PATIENCE * (rows + cols)``."""
        return PATIENCE * (rows + cols)


GENERATOR = KurodokoGenerator()
"""The generator the frame uses for Kurodoko (found by :meth:`Genre.generator`)."""

__all__ = ["GENERATOR", "RIVALS_KEPT", "RIVAL_NODES", "SWEEP_NODES", "KurodokoCandidate", "KurodokoGenerator",
           "Painting", "add_clues", "breaks", "can_drop", "finishes", "ratable", "rival", "search", "settle",
           "sweep"]
