"""What mends a board without solution, as the editor tells its maker: clues that clash, or too few.

The inspection of a board that breaks a rule names the dead end the solver ran
into, which is true of the solver's path but seldom of the board as a whole.
Trial boards say something of the whole board: one clue taken away, or one
``?`` clue added, within what is left of the inspection's time.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from ..api import solve
from ..errors import PencilkitError
from ..frame.budget import Cancel
from ..frame.solve import Status
from ..genres import find_genre
from ..puzzle import Puzzle

MEND_SECONDS = 0.5
"""The longest one trial board may take while a board without solution is looked into."""
MEND_CLUES = 24
"""A board with more clues than this is not taken apart clue by clue."""
MEND_CELLS = 16
"""The most empty cells tried for one more clue."""


def mending(puzzle: Puzzle, seconds: float, cancel: Cancel | None = None) -> dict[str, Any]:
    """What is true of a whole board without solution, found by trial boards within ``seconds``:
    ``clashing``, the clues each of which, taken away alone, leaves a board with a solution (they
    cannot all hold together); else ``wanting``, an empty cell where one more clue (a ``?``) gives the
    board a solution (the clues are too few).  Each is a list of ``{"cell", "name", "token"}``; both
    are empty when no such trial mends the board in the time."""
    deadline = time.perf_counter() + max(0.0, seconds)
    grid = puzzle.grid
    clues = dict(puzzle.clue_map)
    out: dict[str, Any] = {"clashing": [], "wanting": []}
    if len(clues) <= MEND_CLUES:
        for cell in clues:
            fewer = {c: n for c, n in clues.items() if c != cell}
            if _solvable(puzzle, fewer, deadline, cancel):
                out["clashing"].append({"cell": cell, "name": grid.name(cell), "token": puzzle.token(cell)})
    if out["clashing"]:
        return out
    for cell in _far_from(puzzle, clues)[:MEND_CELLS]:
        if _solvable(puzzle, {**clues, cell: None}, deadline, cancel):
            out["wanting"].append({"cell": cell, "name": grid.name(cell), "token": "?"})
            break
    return out


def _solvable(puzzle: Puzzle, clues: dict[int, int | None], deadline: float, cancel: Cancel | None) -> bool:
    """Whether ``puzzle`` with these clues instead is a puzzle of its genre with a solution (not known
    in the time left: ``False``)."""
    left = min(MEND_SECONDS, deadline - time.perf_counter())
    if left <= 0 or (cancel is not None and cancel.is_set()):
        return False
    trial = replace(puzzle, clues=tuple(sorted(clues.items())))
    try:
        find_genre(puzzle.genre).accepts(trial)
    except PencilkitError:
        return False
    return solve(trial, seconds=left, cancel=cancel).status in (Status.UNIQUE, Status.MULTIPLE, Status.FOUND)


def _far_from(puzzle: Puzzle, clues: dict[int, int | None]) -> list[int]:
    """The empty cells, farthest from every clue first (where one more clue adds most)."""
    cols = puzzle.cols

    def distance(cell: int) -> int:
        r, c = divmod(cell, cols)
        return min((abs(r - k // cols) + abs(c - k % cols) for k in clues), default=0)

    empty = [cell for cell in range(puzzle.rows * cols) if cell not in clues]
    return sorted(empty, key=lambda cell: (-distance(cell), cell))
