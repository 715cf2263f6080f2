"""Hitori boards that are legal by construction: a shading, a Latin square under it, and a number for
each black cell that repeats one of its lines.

A *painting* is a solved Hitori: its black cells (apart, the white cells one
group, about 30% of the board as in published puzzles) and a number in every
cell.  The shading is drawn to a share of the board, then filled up until no
white cell could turn black (one that touches no black cell and whose
blackening keeps the white cells connected): such a cell would be black in a
second solution whatever the numbers, so no choice of copies could make the
puzzle unique.  Filling up adds about one black cell in a hundred.  The
white cells take their numbers from a random Latin square of side
``max(rows, cols)``, so no number repeats among them in a row or column.  A
black cell takes the number of a white cell of its row or column, so that it
must be black in the intended solution; which one it copies is what the
generator changes to reach a level.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from functools import cached_property

from ...grid import Cell, Grid, Mask, cells
from ...puzzle import Answer, Puzzle
from ..black_white import blacken_at_random

BLACK_SHARE = (0.27, 0.31)
"""The share of black cells a painting is drawn with (published Hitori of every size: 28-31%)."""
BOTH_LINES = 0.0
"""The chance that a black cell copies a number white in both its lines, when one is (more puzzles
come out unique, and harder, than with copies from one line)."""


def latin_square(n: int, rng: random.Random) -> list[list[int]]:
    """A random Latin square of side ``n`` on the numbers ``1..n``: the cyclic square with its rows,
    columns and numbers shuffled, then mixed further by random cycle swaps.

    >>> square = latin_square(5, random.Random(1))
    >>> all(sorted(row) == [1, 2, 3, 4, 5] for row in square)
    True
    >>> all(sorted(column) == [1, 2, 3, 4, 5] for column in zip(*square))
    True
    """
    rows, cols, numbers = list(range(n)), list(range(n)), list(range(1, n + 1))
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(numbers)
    square = [[numbers[(r + c) % n] for c in cols] for r in rows]
    for _ in range(n * n):
        _swap_cycle(square, rng)
    return square


def _swap_cycle(square: list[list[int]], rng: random.Random) -> None:
    """Swap the numbers of two rows along one cycle of columns: each column keeps its numbers, and each
    row ends a permutation again (the cycle closes where the number first taken out comes back)."""
    n = len(square)
    if n < 2:
        return
    a, b = rng.sample(range(n), 2)
    column = rng.randrange(n)
    first = square[a][column]
    while True:
        square[a][column], square[b][column] = square[b][column], square[a][column]
        received = square[a][column]
        if received == first:
            return
        column = next(k for k in range(n) if k != column and square[a][k] == received)


@dataclass(frozen=True)
class Painting:
    """A solved Hitori: its black cells and the number of every cell."""

    rows: int
    cols: int
    black: Mask
    numbers: tuple[int, ...]
    grid: Grid = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "grid", Grid.of(self.rows, self.cols))

    @cached_property
    def puzzle(self) -> Puzzle:
        return Puzzle.make("hitori", self.rows, self.cols, dict(enumerate(self.numbers)))

    @cached_property
    def solution(self) -> Answer:
        return Answer(self.rows, self.cols, self.black, self.grid.full & ~self.black)

    def line_cells(self, cell: Cell) -> list[Cell]:
        """The other cells of ``cell``'s row and column."""
        r, c = divmod(cell, self.cols)
        return [r * self.cols + k for k in range(self.cols) if k != c] + \
               [k * self.cols + c for k in range(self.rows) if k != r]

    def copies(self, cell: Cell) -> list[Cell]:
        """The white cells of ``cell``'s row and column whose number a black ``cell`` may copy."""
        return [other for other in self.line_cells(cell) if not self.black >> other & 1]

    def twice_seen(self, cell: Cell) -> set[int]:
        """The numbers white both in ``cell``'s row and in its column."""
        r, c = divmod(cell, self.cols)
        row = {self.numbers[r * self.cols + k] for k in range(self.cols) if not self.black >> (r * self.cols + k) & 1}
        column = {self.numbers[k * self.cols + c] for k in range(self.rows) if not self.black >> (k * self.cols + c) & 1}
        return (row & column) - {self.numbers[cell]} if self.black >> cell & 1 else row & column

    def copying(self, cell: Cell, source: Cell) -> Painting:
        """The painting with the black ``cell`` holding the number of the white ``source``."""
        numbers = list(self.numbers)
        numbers[cell] = self.numbers[source]
        return replace(self, numbers=tuple(numbers))


def paint(rows: int, cols: int, rng: random.Random, *, both: float = BOTH_LINES) -> Painting:
    """A random painting: a shading (:data:`BLACK_SHARE`, then filled up), a Latin square under the white
    cells, and each black cell copying a white number of its row or column; with chance ``both``, a number
    white in its row and in its column alike, when there is one (such a cell can only be white if two cells
    are black)."""
    grid = Grid.of(rows, cols)
    black = blacken_at_random(grid, 0, BLACK_SHARE, rng)
    black = blacken_at_random(grid, black, (1.0, 1.0), rng)  # no white cell left that could be black too
    square = latin_square(max(rows, cols), rng)
    numbers = [square[r][c] for r in range(rows) for c in range(cols)]
    painting = Painting(rows, cols, black, tuple(numbers))
    for cell in cells(black):
        sources = painting.copies(cell)
        twice = painting.twice_seen(cell)
        if twice and rng.random() < both:
            sources = [s for s in sources if painting.numbers[s] in twice]
        if sources:
            painting = painting.copying(cell, rng.choice(sources))
    return painting
