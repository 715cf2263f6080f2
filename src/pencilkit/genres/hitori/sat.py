"""Hitori as SAT: a black variable per cell, a clause per pair of equal numbers in a line, lazy white cuts.

Variables: ``b[c]`` (cell c is black).  Two cells of one line that hold one
number are not both white (R1): ``b[x] or b[y]``.  Two side-by-side cells are
not both black (R2).  White connectivity (R3) is left to lazy cuts, as for
the other black-and-white genres (:mod:`..black_white`), with the cuts of
single white cells stated up front.
"""

from __future__ import annotations

from itertools import combinations

from pysat.formula import IDPool

from ...engines.sat import Clause, Encoding, Model, look
from ...frame.budget import Budget
from ...grid import Cell, Mask
from ...puzzle import Puzzle
from ..black_white import apart_clauses, lonely_white_clauses, white_cut_clauses


def groups(puzzle: Puzzle) -> list[list[Cell]]:
    """The cells of each row, then each column, that hold one number, where there are two or more."""
    grid = puzzle.grid
    number = dict(puzzle.clues)
    lines = [[r * grid.cols + c for c in range(grid.cols)] for r in range(grid.rows)]
    lines += [[r * grid.cols + c for r in range(grid.rows)] for c in range(grid.cols)]
    out: list[list[Cell]] = []
    for line in lines:
        by_number: dict[int, list[Cell]] = {}
        for cell in line:
            value = number.get(cell)
            if value is not None:
                by_number.setdefault(value, []).append(cell)
        out.extend(cells for cells in by_number.values() if len(cells) > 1)
    return out


def encode(puzzle: Puzzle, pool: IDPool, given: tuple[Mask, Mask] = (0, 0), relax: bool = False, *,
           budget: Budget | None = None) -> Encoding:
    """The clauses and cuts of a Hitori puzzle (see the module docstring).

    Cells ``given`` as ``(shaded, unshaded)`` change nothing here: the caller
    fixes them.  Nothing is relaxed: ``relax`` gives the same encoding.  The
    ``budget`` is looked at for each line's group.
    """
    grid = puzzle.grid
    black = [pool.id(("black", c)) for c in range(grid.size)]
    clauses: list[Clause] = apart_clauses(grid, black) + lonely_white_clauses(grid, black)
    for cells in groups(puzzle):
        look(budget)
        clauses.extend([black[a], black[b]] for a, b in combinations(cells, 2))

    def cuts(model: Model, shaded: Mask) -> list[Clause]:
        return white_cut_clauses(grid, black, model, shaded)

    return Encoding(black, clauses, cuts)
