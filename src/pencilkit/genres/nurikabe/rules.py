"""Nurikabe's rules, R1-R5, and the checker that names every broken one.

The rules are :data:`RULES`.  A ``?`` clue is an island of any size.  Because the sea must be non-empty, a
clue-free 1x1 board has the single solution ``#``.
"""

from __future__ import annotations

from ...frame.genre import Violation
from ...grid import cells
from ...puzzle import Answer, Puzzle

RULES = """Shade some cells (the sea) so that:

* R1 island size: the unshaded component containing each number has exactly that many cells;
* R2 one number per island: every unshaded component contains exactly one number;
* R3 connected sea: the shaded cells form one non-empty orthogonally connected component;
* R4 no pools: no 2x2 block is entirely shaded;
* R5 printed cells: numbered cells are unshaded."""
"""The rules in plain words, as a player reads them."""


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """Every violation of R1-R5 in ``answer``, with unmarked cells counted as unshaded."""
    grid = puzzle.grid
    if (answer.rows, answer.cols) != (puzzle.rows, puzzle.cols):
        raise ValueError(
            f"the answer is {answer.rows}x{answer.cols} but the puzzle is {puzzle.rows}x{puzzle.cols}"
        )
    sea = answer.shaded
    land = grid.full & ~sea
    out: list[Violation] = []
    clue_map = puzzle.clue_map
    for cell in cells(sea & puzzle.clue_mask):
        out.append(
            Violation("R5", "printed cells", f"the clue at {grid.name(cell)} is shaded", 1 << cell,
                      {"clue": grid.name(cell)})
        )
    for comp in grid.components(land):
        numbers = comp & puzzle.clue_mask
        count = numbers.bit_count()
        if count != 1:
            what = "no number" if count == 0 else f"{count} numbers ({grid.names(numbers)})"
            out.append(
                Violation("R2", "one number per island",
                          f"the island at {grid.names(comp, 4)} has {what}", comp,
                          {"components": [[grid.name(c) for c in cells(comp)]]})
            )
        if count >= 1:
            size = comp.bit_count()
            for cell in cells(numbers):
                number = clue_map[cell]
                if number is not None and number != size:
                    out.append(_size_violation(puzzle, cell, number, size, size, comp))
    for cell in cells(sea & puzzle.clue_mask):
        number = clue_map[cell]
        if number is not None:
            out.append(_size_violation(puzzle, cell, number, 0, 0, 1 << cell))
    seas = grid.components(sea)
    if len(seas) != 1:
        message = "there is no sea" if not seas else f"the sea is in {len(seas)} parts"
        out.append(
            Violation("R3", "connected sea", message, sea,
                      {"components": [[grid.name(c) for c in cells(comp)] for comp in seas]})
        )
    for corner in cells(grid.pools(sea)):
        block = grid.window(corner)
        out.append(
            Violation("R4", "no pools", f"the 2x2 block at {grid.names(block)} is all sea", block,
                      {"shaded": [grid.name(c) for c in cells(block)]})
        )
    return out


def _size_violation(puzzle: Puzzle, cell: int, number: int, minimum: int, maximum: int, comp: int) -> Violation:
    grid = puzzle.grid
    if maximum < number:
        message = f"the {number} at {grid.name(cell)} has an island of {maximum}, too small"
    else:
        message = f"the {number} at {grid.name(cell)} has an island of {minimum}, too large"
    return Violation("R1", "island size", message, comp,
                     {"clue": grid.name(cell), "number": number, "minimum": minimum, "maximum": maximum})
