"""Heyawake's side of generation: draw rooms and a solution, then number rooms until the ladder finishes.

A monotone generator (:mod:`pencilkit.genres.monotone`) on Heyawake
paintings (:func:`~pencilkit.genres.heyawake.painting.paint`): a room's
number is its count of black cells in the painting, so numbering a room
never changes the solution.  Rooms are numbered where the ladder stalls or a
rival solution differs, and the sweep then takes away every number the
ladder up to the level can do without.  Once the level is exact, the
dressing (:meth:`~pencilkit.genres.monotone.MonotoneGenerator.dress`)
numbers more rooms, up to a share drawn as published puzzles number them,
wherever the level stays exact.
"""

from __future__ import annotations

import random

from ...frame.budget import Budget
from ...frame.levels import Level
from ...frame.ruleset import Ruleset
from ...frame.symmetry import Symmetry
from ...grid import MAX_SIDE, Cell, Mask
from ...puzzle import Answer, Puzzle
from ..monotone import Band, MonotoneGenerator, Orbit, Painted, drawn_goal, finishes, single
from .construction import construct
from .feasibility import max_level
from .painting import Painting, grow_rooms, open_up, paint

PATIENCE = 1
"""Number moves per ``rows + cols`` without getting closer to the level after which the driver paints a
new board.  A painting that will not come out at the level mostly gives back puzzles already met (the
dropped number is the one the ladder needs): one move per ``rows + cols`` is enough to find the way out
where there is one."""
CONSTRUCTED_CELLS = 64
"""Boards of at least this many cells are built as the ladder reads them (:func:`construct`); on smaller
ones a drawn room is too large a share of the board, and painting, then cutting, does better, unless the
rooms keep a half turn (cutting until unique would not keep it): those are constructed at every size."""
CONSTRUCTION_LEVEL = Level.MEDIUM
"""The hardest ladder a construction reads with: the sweep makes the puzzle harder, and a probing ladder
would make every move cost a probe."""


class HeyawakeGenerator(MonotoneGenerator):
    """The monotone generator on Heyawake paintings."""

    symmetries = (Symmetry.NONE, Symmetry.ROT2)
    """A Heyawake's layout is its rooms: with a half turn the rooms keep it (each room's image is a room),
    and the numbers are free, as in published puzzles (:func:`~.drawing.draw_rooms`)."""
    published_symmetry = (
        (24, ()),
        (100, ((Symmetry.ROT2, 0.22),)),
        (225, ((Symmetry.ROT2, 0.15),)),
        (400, ((Symmetry.ROT2, 0.04),)),
        (900, ((Symmetry.ROT2, 0.13),)),
        (MAX_SIDE * MAX_SIDE, ()),
    )
    """Published Heyawake whose rooms keep a half turn (nearly all that keep any symmetry): 22% up to
    10x10, 15% up to 15x15, 4% up to 20x20, 13% up to 30x30 (by size class,
    ``tests/frame/test_published_symmetry.py`` recounts them from the corpus); none is smaller than 5x5, and
    boards under 25 cells draw none."""

    published_numbered: Band = ((100, 0.41, 0.67), (225, 0.46, 0.66), (400, 0.56, 0.69), (900, 0.60, 0.70),
                                (MAX_SIDE * MAX_SIDE, 0.58, 0.79))
    """Share of rooms numbered in published Heyawake, 25th to 75th percentile by size class."""

    def clue_goal(self, painting: Painted, rng: random.Random) -> int:
        """Numbered rooms drawn from the published middle half of the size class."""
        assert isinstance(painting, Painting)
        return drawn_goal(self.published_numbered, painting.rows * painting.cols, len(painting.room_masks), rng)

    def extra_rank(self, painting: Painted, slot: Cell) -> float:
        """Rooms with more black cells first (rank ``2 / (1 + count)``), a 0 only after all of them:
        published puzzles seldom write a 0, and the numbers the ladder needs are smaller than published
        ones (a mean of 1.9 against 2.2 at 15x15)."""
        assert isinstance(painting, Painting)
        count = painting.count(slot)
        return 3.0 if count == 0 else 2.0 / (1 + count)

    def orbits(self, painting: Painted) -> tuple[Orbit, Mask]:
        """Numbers are free whatever the rooms keep: each slot is its own orbit."""
        return single, painting.slots

    def genre_ruleset(self) -> Ruleset:
        from . import HEYAWAKE

        return HEYAWAKE.ruleset

    def paint(self, rows: int, cols: int, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Painting | None:
        """A painting whose fully numbered puzzle the ladder up to ``target`` finishes.

        On boards of :data:`CONSTRUCTED_CELLS` or more, and wherever the rooms
        keep a half turn, built as the ladder up to ``target`` (at most
        :data:`CONSTRUCTION_LEVEL`) reads it
        (:func:`~pencilkit.genres.heyawake.construction.construct`), then
        :func:`open_up`, which has nothing to do unless the construction had
        to paint and cut.  On smaller ones, a painting unique when fully
        numbered (:func:`~pencilkit.genres.heyawake.painting.paint`; easy ones
        skip the uniqueness step), with rooms cut until the ladder up to
        ``target`` finishes it (:func:`open_up`), and at easy and medium rooms
        merged back while it still does (:func:`grow_rooms`; above medium the
        ladder is too slow to ask so often)."""
        cheap = min(target, CONSTRUCTION_LEVEL)
        painting: Painting | None
        if rows * cols >= CONSTRUCTED_CELLS or self.symmetry is not Symmetry.NONE:
            turn = None if self.symmetry is Symmetry.NONE else self.symmetry.maps(rows, cols)[1]
            painting = construct(rows, cols, cheap, rng, budget, turn=turn)
            if painting is not None and turn is None:  # a symmetric construction never paints and cuts
                painting = open_up(painting, self.ruleset, target, rng, budget)
        else:
            painting = paint(rows, cols, rng, unique=target > Level.EASY)
            if painting is not None:
                painting = open_up(painting, self.ruleset, target, rng, budget)
            if painting is not None and target <= Level.MEDIUM:
                painting = grow_rooms(painting, rng, keeps=lambda merged: self.finishes(merged, target, budget))
        return painting

    def painted(self, puzzle: Puzzle, solution: Answer) -> Painting:
        """The puzzle's rooms with the solution's black cells: a room's number is written in its first cell."""
        assert puzzle.rooms is not None, "a Heyawake puzzle has rooms"
        return Painting(puzzle.rows, puzzle.cols, puzzle.rooms, solution.shaded)

    def finishes(self, painting: Painting, level: Level, budget: Budget | None) -> bool:
        """Whether the ladder up to ``level`` finishes the fully numbered puzzle of ``painting``."""
        return finishes(self.ruleset, painting.board(painting.slots), level, budget)

    def max_level(self, rows: int, cols: int) -> Level:
        """The hardest level the shape holds (:func:`~pencilkit.genres.heyawake.feasibility.max_level`):
        easy on 1x1, 1x2 and 2x2, hard on the other shapes of up to 6 cells and on 1x7, 1x8 and 3x3,
        expert on the others."""
        return max_level(rows, cols)

    def patience(self, rows: int, cols: int, target: Level) -> int:
        """Number moves without getting closer to the level before a new painting: ``PATIENCE * (rows + cols)``."""
        return PATIENCE * (rows + cols)


GENERATOR = HeyawakeGenerator()
"""The generator the frame uses for Heyawake (found by :meth:`Genre.generator`)."""
