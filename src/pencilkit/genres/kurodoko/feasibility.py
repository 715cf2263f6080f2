"""Which levels a Kurodoko board of a given shape can reach at all.

A 1x1 board is finished by its clue alone, and a 2x2 board never needs more
than the easy techniques, so asking for an expert 2x2 must fail at once rather
than after the whole time budget.  :data:`SMALL_SHAPES` holds the hardest
rating the ladder gives any puzzle it finishes, for every shape of at most 10
cells and for one-row boards up to 1x12, found by :func:`hardest_level`: every
legal painting, and for each every clue set the full ladder finishes, walked
down from "every white cell is a clue" (a set the ladder cannot finish is not
walked further: fewer clues give the ladder less to work with).

Beyond the table:

* a one-row board stays hard at most (its white cells must be connected, so
  only the end cells can be black; every length from 4 to 12 tops out at hard);
* every other shape is taken to allow every level: 2x5 already reaches expert
  in the exhaustive walk, and the generator finds expert 3x4, 2x6 and 4x4
  puzzles in seconds.

The walk assumes that a clue set the ladder cannot finish has no subset it can
finish (fewer clues never help the ladder); ``tests/kurodoko/test_generate.py``
recomputes the entries of up to 6 cells.

The table follows the technique ladder; if the techniques change, recompute it.
"""

from __future__ import annotations

from ...frame.ladder import Trace
from ...frame.levels import Level
from ...grid import Grid, Mask, cells

B, E, M, H, X = Level.BOOKKEEPING, Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT

SMALL_SHAPES: dict[tuple[int, int], Level] = {
    (1, 1): B, (1, 2): E, (1, 3): E, (1, 4): H, (1, 5): H, (1, 6): H, (1, 7): H, (1, 8): H,
    (1, 9): H, (1, 10): H, (1, 12): H,
    (2, 2): E, (2, 3): H, (2, 4): H, (2, 5): X,
    (3, 3): H,
}
"""Hardest rating of a ladder-finished puzzle, by shape (rows <= cols)."""


def max_level(rows: int, cols: int) -> Level:
    """The hardest level a ``rows`` x ``cols`` Kurodoko can be rated."""
    short, long = min(rows, cols), max(rows, cols)
    if (short, long) in SMALL_SHAPES:
        return SMALL_SHAPES[(short, long)]
    if short == 1:
        return Level.HARD
    return Level.EXPERT


def legal_paintings(rows: int, cols: int) -> list[Mask]:
    """Every black mask with no two blacks touching and the white cells connected (small boards only)."""
    grid = Grid.of(rows, cols)
    out = []
    for black in range(1 << grid.size):
        if black & (black >> 1) & grid.not_last_col or black & (black >> cols):
            continue
        white = grid.full & ~black
        if white and grid.flood(white & -white, white) == white:
            out.append(black)
    return out


def hardest_level(rows: int, cols: int) -> Level:
    """The hardest rating the ladder gives any puzzle it finishes on this shape (brute force)."""
    from . import KURODOKO
    from .painting import Painting

    ruleset = KURODOKO.ruleset
    best = Level.BOOKKEEPING
    for black in legal_paintings(rows, cols):
        painting = Painting(rows, cols, black)
        verdicts: dict[Mask, Level | None] = {}
        stack = [painting.white]
        while stack:
            clue_cells = stack.pop()
            if clue_cells in verdicts:
                continue
            board = KURODOKO.start(painting.puzzle(clue_cells))
            trace = Trace(record=False)
            ruleset.run(board, max_level=Level.EXPERT, trace=trace)
            verdicts[clue_cells] = None if board.undecided else trace.hardest
            if board.undecided:
                continue
            best = max(best, trace.hardest)
            stack.extend(clue_cells & ~(1 << c) for c in cells(clue_cells))
    return best
