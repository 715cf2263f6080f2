"""Kurodoko boards that are legal by construction: scattered black cells in one white area.

A *painting* is a solved Kurodoko board without its clues: a set of black
cells no two of which share a side, whose white cells form one orthogonally
connected group.  :func:`paint` makes one by visiting the cells in a random
order and blackening each cell that touches no black cell and whose
blackening leaves the white cells connected, until the black share drawn for
the board is reached (or no cell qualifies).  R2 and R3 are loop invariants,
so no painting is ever rejected.

Any white cell of a painting can carry a clue, and its number is read off the
painting (:meth:`Painting.sees`): the cell itself plus the white runs in the
four directions up to the first black cell or the edge.  A clue cell is white
in the painting already, so adding a clue never changes the solution: it
only removes rivals.

Every random choice goes through the ``random.Random`` passed in and runs over
lists in cell order, so a seed gives the same painting on every machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property, lru_cache

from ...frame.board import Board
from ...grid import Cell, Grid, Mask, cells
from ...puzzle import Answer, Puzzle
from ..black_white import blacken_at_random

BLACK_SHARE = (0.16, 0.26)
"""Range the black share of a painting is drawn from: the corpus's boards run 13-31% black,
20.5% on average."""


@dataclass(frozen=True)
class Painting:
    """A legal solved board: ``black`` cells never touch and the white cells are connected."""

    rows: int
    cols: int
    black: Mask

    @property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @property
    def white(self) -> Mask:
        return self.grid.full & ~self.black

    def sees(self, cell: Cell) -> int:
        """The number a clue at ``cell`` shows: the white cells it sees, itself included."""
        return self._counts[cell]

    def view(self, cell: Cell) -> Mask:
        """The white cells ``cell`` sees: itself and the white runs in the four directions."""
        return self._views[cell]

    def sight(self, cell: Cell) -> Mask:
        """:meth:`view` plus the black cells that end its runs: every cell a clue here speaks of."""
        return self._sights[cell]

    @cached_property
    def _counts(self) -> list[int]:
        return counts(self.rows, self.cols, self.black)

    @cached_property
    def _views(self) -> tuple[Mask, ...]:
        return tuple(self._look(cell)[0] for cell in range(self.rows * self.cols))

    @cached_property
    def _sights(self) -> tuple[Mask, ...]:
        return tuple(self._look(cell)[1] for cell in range(self.rows * self.cols))

    def _look(self, cell: Cell) -> tuple[Mask, Mask]:
        if self.black >> cell & 1:
            return 0, 0
        r0, c0 = divmod(cell, self.cols)
        seen = stops = 1 << cell
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            r, c = r0 + dr, c0 + dc
            while 0 <= r < self.rows and 0 <= c < self.cols:
                bit = 1 << (r * self.cols + c)
                if self.black & bit:
                    stops |= bit
                    break
                seen |= bit
                r, c = r + dr, c + dc
        return seen, seen | stops

    def puzzle(self, clue_cells: Mask) -> Puzzle:
        """The puzzle with a clue on each cell of ``clue_cells`` (white cells), showing its true count."""
        if clue_cells & self.black:
            raise ValueError("a clue cell must be white")
        return Puzzle.make("kurodoko", self.rows, self.cols, {c: self.sees(c) for c in cells(clue_cells)})

    def solution(self) -> Answer:
        return Answer(self.rows, self.cols, self.black, self.white)

    # -- what monotone generation asks (pencilkit.genres.monotone.Painted) --

    @property
    def slots(self) -> Mask:
        """Every white cell may carry a clue."""
        return self.white

    def board(self, clue_cells: Mask, shaded: Mask = 0, unshaded: Mask = 0) -> Board:
        """The puzzle's starting board (its clue cells white) with ``shaded`` and ``unshaded`` decided."""
        from . import KURODOKO

        return KURODOKO.ruleset.board(self.puzzle(clue_cells), shaded, unshaded | clue_cells)

    def own(self, slot: Cell) -> Mask:
        return 1 << slot

    def keep_first(self, slot: Cell) -> int:
        """Short clues first: a clue that sees at most 40% of its row and column (:data:`SHORT_SIGHT`)
        is added before and dropped after the others, so the puzzle mixes short clues in with the long
        ones its logic needs, as published ones do."""
        return int(self.sees(slot) <= SHORT_SIGHT * (self.rows + self.cols - 1))

    def reach(self, slot: Cell) -> Mask:
        return self.sight(slot)

    def breaks(self, shaded: Mask) -> Mask:
        """The white cells whose clue the solution ``shaded`` breaks: black there, or seeing another count."""
        return _breaks(self, shaded)


def breaks(painting: Painting, other: Answer) -> Mask:
    """The white cells of ``painting`` whose clue ``other`` breaks: black there, or seeing another count."""
    return _breaks(painting, other.shaded)


@lru_cache(maxsize=1024)
def _breaks(painting: Painting, shaded: Mask) -> Mask:
    """:func:`breaks`, cached: the sweeps after each clue move ask again about the same rivals."""
    theirs = counts(painting.rows, painting.cols, shaded)
    return sum(1 << c for c in cells(painting.white) if theirs[c] != painting.sees(c))


def counts(rows: int, cols: int, black: Mask) -> list[int]:
    """The number every white cell sees when ``black`` is shaded (0 on a black cell): the length of its
    white run across plus the length of its white run down, less one for itself; one pass over the
    runs of each row and each column.

    >>> counts(1, 3, 0b010)
    [1, 0, 1]
    """
    seen = [0] * (rows * cols)
    for starts, step, length in ((range(0, rows * cols, cols), 1, cols), (range(cols), cols, rows)):
        for start in starts:
            run: list[int] = []
            for cell in range(start, start + step * length, step):
                if black >> cell & 1:
                    for member in run:
                        seen[member] += len(run)
                    run = []
                else:
                    run.append(cell)
            for member in run:
                seen[member] += len(run)
    return [count - 1 if count else 0 for count in seen]


SHORT_SIGHT = 0.4
"""The share of its row and column a clue may see and still count as short (:meth:`Painting.keep_first`)."""


def paint(rows: int, cols: int, rng: random.Random, share: tuple[float, float] = BLACK_SHARE) -> Painting:
    """A random legal painting whose black share is drawn from ``share`` (:func:`blacken_at_random`)."""
    return Painting(rows, cols, blacken_at_random(Grid.of(rows, cols), 0, share, rng))
