"""Heyawake as SAT: a black variable per cell, a count per numbered room, a clause per span.

Other rules are clauses too: two side-by-side cells are not both black (R1),
each numbered room holds exactly its number of black cells (R3, a cardinality
constraint from ``pysat.card``), and each span (a stretch of a row or column
across two room borders) holds a black cell (R4).  White connectivity (R2) is
left to lazy cuts, as in every genre here, but for the cuts of single white
cells, stated up front (a white cell has a white neighbour): without them a
count on a board with few numbers can take thousands of rounds, each cutting
off a few white cells walled in by diagonal black ones.
"""

from __future__ import annotations

from pysat.formula import IDPool

from ...engines.cardinality import cardinality
from ...engines.sat import Clause, Encoding, Model, look
from ...frame.budget import Budget
from ...grid import Mask, cells
from ...puzzle import Puzzle
from ..black_white import apart_clauses, lonely_white_clauses, white_cut_clauses
from .analysis import spans


def encode(puzzle: Puzzle, pool: IDPool, given: tuple[Mask, Mask] = (0, 0), relax: bool = False, *,
           budget: Budget | None = None) -> Encoding:
    """The clauses and cuts of a Heyawake puzzle (see the module docstring); nothing is relaxed.  The
    ``budget`` is looked at for each room (``OutOfTime`` once it is out)."""
    grid = puzzle.grid
    assert puzzle.rooms is not None, "a Heyawake puzzle has rooms"
    black = [pool.id(("black", c)) for c in range(grid.size)]
    clauses: list[Clause] = apart_clauses(grid, black) + lonely_white_clauses(grid, black)
    numbered = sorted((puzzle.rooms[cell], number) for cell, number in puzzle.clues if number is not None)
    for room, number in numbered:
        look(budget)
        clauses.extend(cardinality([black[c] for c in cells(puzzle.room_masks[room])], number, pool))
    look(budget)
    clauses.extend([black[c] for c in cells(span)] for span in spans(grid, puzzle.rooms))

    def cuts(model: Model, shaded: Mask) -> list[Clause]:
        return white_cut_clauses(grid, black, model, shaded)

    return Encoding(black, clauses, cuts)
