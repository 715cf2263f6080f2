"""Which levels a Nurikabe board of a given shape can reach at all.

On a tiny board every puzzle is easy, or there is no puzzle that needs more
than bookkeeping (a 2x2 board), so asking for an expert 2x2 must fail at once
rather than after the whole time budget.  :data:`SMALL_SHAPES` holds the
hardest rating of any unique puzzle for every shape of at most 13 cells,
found by :func:`hardest_level`: every valid layout (every land mask whose sea
is connected, non-empty and pool-free), every way to put one clue on each
island, each rated by the ladder.  ``benchmarks/nurikabe_shapes.py`` recomputes
it, and the tests recompute the shapes of up to 8 cells.

Boards of 14 cells or more with at least three rows and three columns are
taken to allow every level: 3x5 has an expert puzzle (measured the same way),
and the generator finds expert puzzles at 4x4, 3x6, 4x5 and 3x8.  Boards of one
or two rows (or columns) and 14 cells or more are taken to stop at hard: one
row leaves at most two islands, one at each end, and brute force rates 1x14
to 1x20, 2x7 and 2x8 hard at most; the generator found no expert 2x9, 2x10 or
2x12 in three seeds of 12 s each.  Turning such a request down at once is the
safe side: the other way it would wait out the whole time budget.  The table
follows the technique ladder (this one: commit 8b9edf1, with ``sea_reach``);
if the techniques change, rerun the script.
"""

from __future__ import annotations

import itertools

from ...frame.ladder import Trace
from ...frame.levels import Level
from ...grid import Grid, Mask, cells
from ...puzzle import Puzzle

B, E, M, H, X = Level.BOOKKEEPING, Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT

SMALL_SHAPES: dict[tuple[int, int], Level] = {
    (1, 1): B, (1, 2): B, (1, 3): E, (1, 4): M, (1, 5): M, (1, 6): H, (1, 7): H, (1, 8): H,
    (1, 9): H, (1, 10): H, (1, 11): H, (1, 12): H, (1, 13): H,
    (2, 2): B, (2, 3): M, (2, 4): M, (2, 5): H, (2, 6): H,
    (3, 3): H, (3, 4): H,
}
"""Hardest rating of a unique puzzle, by shape (rows <= cols), for shapes of at most 13 cells."""

SMALL_CELLS = 13
"""Boards of more cells than this are not in the table."""
THIN_SIDE = 2
"""Boards of more than :data:`SMALL_CELLS` cells whose short side is at most this stop at hard."""


def max_level(rows: int, cols: int) -> Level:
    """The hardest level a ``rows`` x ``cols`` Nurikabe can be rated."""
    if rows * cols > SMALL_CELLS:
        return Level.HARD if min(rows, cols) <= THIN_SIDE else Level.EXPERT
    return SMALL_SHAPES[(min(rows, cols), max(rows, cols))]


def valid_layouts(rows: int, cols: int) -> list[list[Mask]]:
    """The islands of every valid solved board of this shape (brute force: small boards only)."""
    grid = Grid.of(rows, cols)
    out = []
    for land in range(1 << grid.size):
        sea = grid.full & ~land
        if not sea or grid.pools(sea) or grid.flood(sea & -sea, sea) != sea:
            continue
        out.append(grid.components(land))
    return out


def hardest_level(rows: int, cols: int) -> Level:
    """The hardest rating the ladder gives any unique puzzle of this shape (brute force)."""
    from . import NURIKABE

    ruleset = NURIKABE.ruleset
    best = Level.BOOKKEEPING
    for islands in valid_layouts(rows, cols):
        for clue_cells in itertools.product(*[list(cells(island)) for island in islands]):
            clues = tuple(sorted((cell, island.bit_count()) for cell, island in zip(clue_cells, islands)))
            board = NURIKABE.start(Puzzle("nurikabe", rows, cols, clues))
            trace = Trace(record=False)
            ruleset.run(board, max_level=Level.EXPERT, trace=trace)
            if not board.undecided and trace.hardest > best:
                best = trace.hardest
    return best
