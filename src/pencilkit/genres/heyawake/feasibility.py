"""Which levels a Heyawake board of a given shape can reach at all.

A 2x2 board never needs more than the easy techniques, so asking for a
medium 2x2 must fail at once rather than after the whole time budget; a 1x5
board, though, does hold hard puzzles.  :data:`SMALL_SHAPES` holds the hardest
rating the ladder gives any puzzle it finishes, for every shape of at most 6
cells and for 1x7, 1x8 and 3x3, found by :func:`hardest_level`: every way to
cut the board into rectangles, and for each every numbering of its rooms (no
number, or 0 up to the room's most black cells; where a number is written in
its room changes nothing).  1x7, 1x8 and 3x3 top at hard; the smallest
other boards hold expert puzzles (1x9, 1x10, 2x4, 2x5, 3x4), and every larger
shape is taken to allow every level.  Such puzzles are rare on the thinnest
boards: the generator makes 2x5 and 3x4 expert at once but, seed 1 with 60 s,
finds none on 1x9, 1x10 or 2x4 and returns the closest it made.

``tests/heyawake/test_heyawake_generate.py`` recomputes the table and 1x9
and 2x4, and makes 2x5 and 3x4 expert.  The table follows the technique ladder; if the techniques change,
recompute it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ...frame.board import Contradiction
from ...frame.ladder import Trace
from ...frame.levels import Level
from ...grid import Grid
from ...puzzle import Puzzle, number_rooms
from .analysis import most_black

E, H = Level.EASY, Level.HARD

SMALL_SHAPES: dict[tuple[int, int], Level] = {
    (1, 1): E, (1, 2): E, (1, 3): H, (1, 4): H, (1, 5): H, (1, 6): H, (1, 7): H, (1, 8): H,
    (2, 2): E, (2, 3): H, (3, 3): H,
}
"""Hardest rating of a ladder-finished puzzle, by shape (rows <= cols)."""


def max_level(rows: int, cols: int) -> Level:
    """The hardest level a ``rows`` x ``cols`` Heyawake can be rated."""
    return SMALL_SHAPES.get((min(rows, cols), max(rows, cols)), Level.EXPERT)


def room_layouts(rows: int, cols: int) -> Iterator[tuple[int, ...]]:
    """Every way to cut the board into rectangles, as the room of each cell (rooms numbered in reading
    order of their first cells): the first cell not yet in a room starts a rectangle of every size that
    fits on cells not yet in one."""
    grid = Grid.of(rows, cols)
    room = [-1] * grid.size

    def fill(label: int) -> Iterator[tuple[int, ...]]:
        if -1 not in room:
            yield number_rooms(grid, room)
            return
        r, c = divmod(room.index(-1), cols)
        for height in range(1, rows - r + 1):
            for width in range(1, cols - c + 1):
                block = [(r + dr) * cols + c + dc for dr in range(height) for dc in range(width)]
                if any(room[cell] >= 0 for cell in block):
                    break  # wider blocks overlap too
                for cell in block:
                    room[cell] = label
                yield from fill(label + 1)
                for cell in block:
                    room[cell] = -1

    yield from fill(0)


def hardest_level(rows: int, cols: int) -> Level:
    """The hardest rating the ladder gives any puzzle it finishes on this shape (every layout, every
    numbering: small boards only)."""
    from . import HEYAWAKE

    grid = Grid.of(rows, cols)
    best = Level.BOOKKEEPING
    for rooms in room_layouts(rows, cols):
        masks = Puzzle.make("heyawake", rows, cols, {}, rooms).room_masks
        choices = [[None, *range(most_black(grid, mask) + 1)] for mask in masks]
        for numbers in itertools.product(*choices):
            clues = {(mask & -mask).bit_length() - 1: n for mask, n in zip(masks, numbers) if n is not None}
            puzzle = Puzzle.make("heyawake", rows, cols, clues, rooms)
            board = HEYAWAKE.start(puzzle)
            trace = Trace(record=False)
            try:
                HEYAWAKE.ruleset.run(board, max_level=Level.EXPERT, trace=trace)
            except Contradiction:
                continue
            if not board.undecided and not HEYAWAKE.check(puzzle, board.answer()):
                best = max(best, trace.hardest)
                if best is Level.EXPERT:
                    return best  # the ladder rates nothing it finishes harder
    return best


__all__ = ["SMALL_SHAPES", "hardest_level", "max_level", "room_layouts"]
