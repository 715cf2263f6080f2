"""What published Nurikabe looks like, as limits a generated puzzle is held to.

Published puzzles (janko.at's collection of 807, by size class, medians over
the puzzles of a class) are 40-50% land, carry a clue on about one cell in
eight, and few of their clues are 1s:

=============  =====================  ===========  ==========  ====
size class     clue cells per cell    share of 1s  mean clue   land
=============  =====================  ===========  ==========  ====
up to 10x10    0.125 (median)         11%          3.6         45%
up to 15x15    0.135                  14%          3.3         44%
up to 20x20    0.111                  13%          4.0         45%
larger         0.098                  14%          4.6         46%
=============  =====================  ===========  ==========  ====

A :class:`Band` turns these into limits: land within 40-50% of the board,
at most 15% of the clues 1s, and clue cells per cell at most the class's
median plus 20%.  A repair of a generated layout may not take a measure out
of its band, nor move one that is already outside it further away.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from .painting import Layout

CLUE_DENSITY = ((100, 0.125), (225, 0.135), (400, 0.111))
"""Median clue cells per cell of published puzzles by board cells (up to 100, 225, 400)."""
CLUE_DENSITY_LARGER = 0.098
"""The same for boards of more than 400 cells."""
MIN_SIDE = 5
"""The shortest side of a published board; smaller boards are held to no band."""
PUBLISHED_SIZES: Mapping[int, float] = {
    1: 0.06, 2: 0.22, 3: 0.24, 4: 0.18, 5: 0.11, 6: 0.07, 7: 0.04, 8: 0.03, 9: 0.02, 10: 0.015, 11: 0.01, 12: 0.01,
}
"""The island sizes published Nurikabe has, as weights to draw them with (janko.at's collection,
pooled up to 20x20: about 12% ones, a quarter each 2s and 3s, a tail past 10), with fewer 1s
(breaking pools in a drawn layout adds a few)."""


def published_density(rows: int, cols: int) -> float:
    """The median share of clue cells of published puzzles of this size class."""
    for cells_up_to, density in CLUE_DENSITY:
        if rows * cols <= cells_up_to:
            return density
    return CLUE_DENSITY_LARGER


@dataclass(frozen=True)
class Measures:
    """A layout's statistics: land cells, clue cells, clues that are 1, and its largest island."""

    cells: int
    land: int
    clues: int
    ones: int
    largest: int

    @staticmethod
    def of(layout: Layout) -> Measures:
        sizes = [island.bit_count() for island in layout.islands]
        return Measures(layout.rows * layout.cols, sum(sizes), len(sizes), sizes.count(1), max(sizes, default=0))


@dataclass(frozen=True)
class Band:
    """Limits on a layout's statistics: land share, share of 1-clues, clue cells per cell, largest island."""

    land: tuple[float, float] = (0.40, 0.50)
    ones: float = 0.15
    density_margin: float = 0.20
    """How far above the published median clue density a puzzle may go."""
    largest: tuple[tuple[int, int], ...] = ((100, 9), (225, 9), (400, 16))
    """The largest island a layout may have, by size class (most cells, island cells): the 75th percentile
    of the published puzzles' largest island (5-9 in the middle half up to 10x10 and 15x15, 8-16 up to
    20x20); larger boards have no limit (their published islands run to dozens of cells)."""

    def applies(self, rows: int, cols: int) -> bool:
        """Whether the band means anything at this shape: published boards are 5x5 and larger."""
        return min(rows, cols) >= MIN_SIDE

    def excess(self, m: Measures, rows: int, cols: int) -> tuple[int, int, int, int]:
        """How far each measure is outside its band, in cells or clues (0 inside)."""
        low, high = math.ceil(self.land[0] * m.cells), math.floor(self.land[1] * m.cells)
        land = max(0, low - m.land, m.land - high)
        ones = max(0, m.ones - math.floor(self.ones * m.clues))
        most = math.floor(published_density(rows, cols) * (1 + self.density_margin) * m.cells)
        largest = next((size for cells, size in self.largest if m.cells <= cells), None)
        return land, ones, max(0, m.clues - most), 0 if largest is None else max(0, m.largest - largest)

    def holds(self, layout: Layout) -> bool:
        """Whether every measure of ``layout`` is inside its band."""
        return not any(self.excess(Measures.of(layout), layout.rows, layout.cols))

    def admits(self, before: Layout, after: Layout) -> bool:
        """Whether the change from ``before`` to ``after`` takes no measure further outside its band."""
        rows, cols = after.rows, after.cols
        was = self.excess(Measures.of(before), rows, cols)
        now = self.excess(Measures.of(after), rows, cols)
        return all(n == 0 or n <= w for n, w in zip(now, was))


PUBLISHED = Band()
"""The band of published puzzles, which the default generator keeps to."""


__all__ = ["PUBLISHED", "Band", "Measures", "published_density"]
