"""Kurodoko as SAT: black variables, runs in unary, a count per clue, lazy white cuts.

Variables: ``b[c]`` (cell c is black) and, for each clue and each of its four
directions, run variables ``p[j]`` meaning "the first j cells that way are all
white" (``p[j] <-> p[j-1] and not b[d_j]``): the run length in unary.  A clue
sees itself plus its four runs, so the sum of its run variables is ``number - 1``
(a sequential counter from ``pysat.card``).  Each direction needs at most
``number`` run variables: a run of ``number`` already sees too much.

Other rules are clauses: a clue cell is white (R1), two side-by-side cells are
not both black (R2).  White connectivity (R3) is left to lazy cuts: a white part
W cut off from a white cell y gets ``not b[x] and not b[y] -> OR not b[d]`` for
d around W, true in every solution; the cuts of single white cells are stated
up front (a white cell has a white neighbour), which saves a fifth of the
solver's time over the corpus.
"""

from __future__ import annotations

from pysat.formula import IDPool

from ...engines.cardinality import cardinality
from ...engines.sat import Clause, Encoding, Model, look
from ...frame.budget import Budget
from ...grid import Mask
from ...puzzle import Puzzle
from ..black_white import apart_clauses, lonely_white_clauses, white_cut_clauses
from .rules import ray


def encode(puzzle: Puzzle, pool: IDPool, given: tuple[Mask, Mask] = (0, 0), relax: bool = False, *,
           budget: Budget | None = None) -> Encoding:
    """The clauses and cuts of a Kurodoko puzzle (see the module docstring).

    Cells ``given`` as ``(shaded, unshaded)`` change nothing here: the caller
    fixes them.  Nothing is relaxed: ``relax`` gives the same encoding.  The
    ``budget`` is looked at for each clue (``OutOfTime`` once it is out).
    """
    grid = puzzle.grid
    black = [pool.id(("black", c)) for c in range(grid.size)]
    clauses: list[Clause] = apart_clauses(grid, black) + lonely_white_clauses(grid, black)
    for k, (cell, number) in enumerate(puzzle.clues):
        look(budget)  # a clue's count is milliseconds of work on a big board
        clauses.append([-black[cell]])
        if number is None:
            continue
        runs: list[int] = []
        for direction in range(4):
            previous = None
            for j, d in enumerate(ray(grid, cell, direction)[:number], 1):
                p = pool.id(("run", k, direction, j))
                clauses.append([-p, -black[d]])
                if previous is None:
                    clauses.append([black[d], p])
                else:
                    clauses.append([-p, previous])
                    clauses.append([-previous, black[d], p])
                runs.append(p)
                previous = p
        clauses.extend(cardinality(runs, number - 1, pool))

    def cuts(model: Model, shaded: Mask) -> list[Clause]:
        return white_cut_clauses(grid, black, model, shaded)

    return Encoding(black, clauses, cuts)
