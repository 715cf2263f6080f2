"""Small helpers for the Kurodoko tests: puzzles and masks from the oracles' (row, col) form."""

from __future__ import annotations

from pencilkit.grid import Mask
from pencilkit.puzzle import Puzzle

from .kurodoko_oracles import Clues, Solution


def make_puzzle(rows: int, cols: int, clues: Clues) -> Puzzle:
    return Puzzle.make("kurodoko", rows, cols, {r * cols + c: k for (r, c), k in clues.items()})


def to_mask(cols: int, black: Solution | set[tuple[int, int]]) -> Mask:
    return sum(1 << (r * cols + c) for r, c in black)
