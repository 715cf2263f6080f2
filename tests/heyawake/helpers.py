"""Puzzles and masks from the oracle's plain form."""

from __future__ import annotations

from pencilkit.grid import Mask
from pencilkit.puzzle import Puzzle

from .oracle import Cell


def make_puzzle(rows: int, cols: int, rooms: list[list[int]], numbers: dict[int, int]) -> Puzzle:
    """The puzzle, each number written in the first cell (reading order) of its room."""
    first: dict[int, int] = {}
    for r in range(rows):
        for c in range(cols):
            first.setdefault(rooms[r][c], r * cols + c)
    return Puzzle.make("heyawake", rows, cols, {first[room]: n for room, n in numbers.items()},
                       [x for row in rooms for x in row])


def to_mask(cols: int, black: set[Cell]) -> Mask:
    return sum(1 << (r * cols + c) for r, c in black)
