"""Solving, counting, rating and explaining: the ladder first, search when it stalls.

``solve`` runs the full ladder (cheapest first, to a fixpoint).  When the
ladder finishes the board, every step was sound, so the solution is unique and
the rating is the hardest level used.  When it stalls, the puzzle is rated
``search`` and counting to two under a budget (by the SAT finisher, or by
depth-first search) decides between ``unique``, ``multiple``, ``none`` and
``gave_up``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..puzzle import Answer, Puzzle
from .board import Board, Contradiction
from .ladder import OutOfTime, Step, Trace, time_limit
from .levels import Level
from .search import DEFAULT_NODES, Budget, SearchResult, count

PROFILE_VERSION = "4"
"""Version of the technique profiles; a rating is stamped with it.

2: probing tries the cells nearest to the last change first.  3: Nurikabe's
``enclosed_island`` (expert).  4: the expert probe sweeps (hands out every
finding of a pass; no corpus rating moved)."""


SHALLOW_DEPTH = 3
"""Search nodes within this many decisions of the root probe (they decide most of the tree)."""
SHALLOW_LEVEL = Level.HARD
DEEP_LEVEL = Level.MEDIUM
"""Deeper nodes propagate without probing: there, cheap nodes beat clever ones."""


class Status(str, Enum):
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    GAVE_UP = "gave_up"
    FOUND = "found"
    """A solution found by an engine that cannot prove it unique (the ant colony)."""


@dataclass
class Solution:
    """The outcome of solving one puzzle."""

    puzzle: Puzzle
    status: Status
    solutions: list[Answer]
    rating: Level | None
    """Hardest level the solve needs; ``SEARCH`` if the ladder alone cannot finish; ``None`` with no solution."""
    nodes: int = 0
    seconds: float = 0.0
    steps: list[Step] = field(default_factory=list)
    stalled: Answer | None = None
    """Where the ladder stopped, when it could not finish."""
    contradiction: str | None = None
    method: str = "ladder"
    """What settled the count: ``ladder`` (techniques alone), ``search`` or ``sat``."""

    @property
    def answer(self) -> Answer | None:
        return self.solutions[0] if self.solutions else None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "puzzle": self.puzzle.id(),
            "status": self.status.value,
            "solution": self.answer.to_rows() if self.answer else None,
            "rating": self.rating.label if self.rating is not None else None,
            "profile": f"{self.puzzle.genre}-human/{PROFILE_VERSION}",
            "method": self.method,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }
        if self.status is Status.MULTIPLE:
            out["solutions"] = [a.to_rows() for a in self.solutions]
        if self.contradiction:
            out["contradiction"] = self.contradiction
        return out


def solve(
    puzzle: Puzzle,
    *,
    max_level: Level = Level.EXPERT,
    nodes: int = DEFAULT_NODES,
    seconds: float | None = None,
    record: bool = False,
    limit: int = 2,
    exact: bool = True,
) -> Solution:
    """Solve ``puzzle``: ladder up to ``max_level``, then search counting to ``limit``.

    When the ladder stalls and ``exact`` is set, a SAT solver (python-sat) counts
    from the stalled board with the time left; without it (or python-sat),
    depth-first search does, within ``nodes`` and the time left.
    """
    start = time.perf_counter()
    ruleset = puzzle.genre_module.ruleset
    board = Board.start(puzzle)
    trace = Trace(record=record)
    try:
        with time_limit(seconds):
            ruleset.run(board, max_level=max_level, trace=trace)
    except Contradiction as broken:
        return Solution(puzzle, Status.NONE, [], None, 0, time.perf_counter() - start, trace.steps,
                        contradiction=broken.reason)
    except OutOfTime:
        return Solution(puzzle, Status.GAVE_UP, [], None, 0, time.perf_counter() - start, trace.steps,
                        board.answer())
    if not board.undecided:
        return Solution(puzzle, Status.UNIQUE, [board.answer()], trace.hardest, 0,
                        time.perf_counter() - start, trace.steps)
    stalled = board.answer()
    left = FINISH_SECONDS if seconds is None else max(0.0, seconds - (time.perf_counter() - start))
    finished = finish_with_sat(board, limit=limit, seconds=left, max_level=max_level) if exact else None
    result: SearchResult
    if finished is not None:
        result, method = finished, "sat"
    else:
        remaining = None if seconds is None else max(0.0, seconds - (time.perf_counter() - start))
        result = count(board, ruleset, limit=limit, budget=Budget(nodes, remaining),
                       level=min(max_level, SHALLOW_LEVEL), deep_level=min(max_level, DEEP_LEVEL),
                       shallow=SHALLOW_DEPTH)
        method = "search"
    if result.count >= 2:
        status = Status.MULTIPLE
    elif not result.exhaustive:
        status = Status.GAVE_UP
    elif result.count == 1:
        status = Status.UNIQUE
    else:
        status = Status.NONE
    rating = Level.SEARCH if result.count else None
    return Solution(puzzle, status, result.solutions, rating, result.nodes, time.perf_counter() - start,
                    trace.steps, stalled, method=method)


FINISH_SECONDS = 60.0
"""Time the SAT finisher gets when the caller set no time budget."""


def _sat_finisher(puzzle: Puzzle) -> Any:
    """The SAT engine module when python-sat is installed and encodes this genre, else ``None``.

    rationale: on the 79 stalled boards of the corpora a CDCL solver settles
    the count faster than depth-first search in all but one (median 0.02 s,
    against about 0.3 s for 2,000 nodes of search first and SAT after it; see
    benchmarks/stalled_boards.py), and it settles the big ones search gives
    up on; search is the way only without python-sat.
    """
    try:
        import pysat  # noqa: F401

        from ..engines import sat
    except ImportError:
        return None
    if puzzle.genre not in sat.ENCODINGS:
        return None
    return sat


def finish_with_sat(stalled: Board, *, limit: int = 2, seconds: float = FINISH_SECONDS,
                    max_level: Level = Level.EXPERT) -> SearchResult | None:
    """Count the solutions of a stalled board with the SAT engine: narrow it first, then count.

    ``narrow`` settles the cells a relaxation of the puzzle decides (each holds
    in every solution); the ladder up to ``max_level``, at most hard, carries
    them on, and the count starts from where that leaves the board.  When the
    ladder finishes it, every step held in every solution and the full board
    passed the rule check, so it is the one solution: nothing is left to count.
    (The expert probes would only add time there: the puzzle is rated
    ``search`` already, and the count settles whatever is left.)  On
    janko-nurikabe-1055 (40x57, three 50-cell islands sharing a region) the 56
    cells settled this way let the ladder finish: the finish takes 2.5-4.5 s on
    this machine instead of 13-22 s.  ``None`` without python-sat or an
    encoding of the genre.
    """
    start = time.perf_counter()
    puzzle = stalled.puzzle
    sat = _sat_finisher(puzzle)
    if sat is None:
        return None
    ruleset = puzzle.genre_module.ruleset
    settled = sat.narrow(puzzle, stalled.shaded, stalled.unshaded, seconds=seconds)
    if settled is None:
        return SearchResult([], 0, True)
    board = stalled
    if settled != (0, 0):
        board = stalled.copy()
        board.assign(*settled)
        try:
            with time_limit(max(0.0, seconds - (time.perf_counter() - start))):
                ruleset.run(board, max_level=min(max_level, Level.HARD))
        except Contradiction:
            return SearchResult([], 0, True)
        except OutOfTime:
            return SearchResult([], 0, False)
        if not board.undecided:
            return SearchResult([board.answer()], 0, True)
    left = max(0.0, seconds - (time.perf_counter() - start))
    result: SearchResult = sat.count_sat(puzzle, limit=limit, seconds=left, shaded=board.shaded,
                                         unshaded=board.unshaded)
    return result


def rate(puzzle: Puzzle, **kwargs: Any) -> Level | None:
    """The level of the hardest technique the solve needs (``SEARCH`` if the ladder stalls)."""
    return solve(puzzle, **kwargs).rating


def explain(puzzle: Puzzle, **kwargs: Any) -> Solution:
    """Solve with every step recorded, for a step-by-step explanation."""
    return solve(puzzle, record=True, **kwargs)


def count_solutions(puzzle: Puzzle, *, limit: int = 2, nodes: int = DEFAULT_NODES,
                    seconds: float | None = None, level: Level = Level.MEDIUM) -> SearchResult:
    """Count solutions up to ``limit`` by search alone (with the ladder up to ``level`` at each node)."""
    return count(Board.start(puzzle), puzzle.genre_module.ruleset, limit=limit,
                 budget=Budget(nodes, seconds), level=level)
