"""Solving, counting, rating and explaining: the ladder first, search when it stalls.

``solve`` runs the full ladder (cheapest first, to a fixpoint).  When the
ladder finishes the board, every step was sound, so the solution is unique and
the rating is the hardest level used.  When it stalls, the puzzle is rated
``search`` and counting to two under a budget (by the genre's exact finisher,
the SAT engine, or by depth-first search) decides between ``unique``,
``multiple``, ``none`` and ``gave_up``.  Each function receives the genre it
solves: the frame imports none.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Any

from ..puzzle import Answer, Puzzle
from .board import Contradiction
from .budget import Budget, OutOfTime, part
from .difficulty import Difficulty, difficulty
from .genre import Genre
from .ladder import Step, Trace
from .levels import Level
from .search import SearchResult, count

PROFILE_VERSION = "8"
"""Version of the technique profiles; a rating is stamped with it (what each version changed:
docs/performance-log.md)."""


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

    @classmethod
    def of(cls, result: SearchResult) -> Status:
        """What a count to two says: two or more, out of budget, one, or none."""
        if result.count >= 2:
            return cls.MULTIPLE
        if not result.exhaustive:
            return cls.GAVE_UP
        return cls.UNIQUE if result.count == 1 else cls.NONE


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
    engine: str = "ladder"
    """What solved it: the ``ladder`` (then ``method`` says what finished it), or an engine of its own
    (``sat``, ``aco``), which gives no rating."""

    @property
    def answer(self) -> Answer | None:
        return self.solutions[0] if self.solutions else None

    @cached_property
    def difficulty(self) -> Difficulty | None:
        """The score and the path's bottlenecks (:mod:`.difficulty`), when the solve was recorded and rated
        (worked out once: a solution's steps do not change)."""
        if self.rating is None or not self.steps:
            return None
        return difficulty(self.steps, self.rating)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "puzzle": self.puzzle.id(),
            "status": self.status.value,
            "solution": self.answer.to_rows() if self.answer and self.status in (Status.UNIQUE, Status.FOUND) else None,
            "rating": self.rating.label if self.rating is not None else None,
            "profile": f"{self.puzzle.genre}-human/{PROFILE_VERSION}" if self.engine == "ladder" else None,
            "engine": self.engine,
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
    genre: Genre,
    puzzle: Puzzle,
    *,
    max_level: Level = Level.EXPERT,
    budget: Budget | None = None,
    record: bool = False,
    limit: int = 2,
    exact: bool = True,
) -> Solution:
    """Solve ``puzzle``: ladder up to ``max_level``, then search counting to ``limit``.

    When the ladder stalls and ``exact`` is set, the genre's finisher (the SAT
    engine, with python-sat) counts from the stalled board with what is left of
    the budget; without one, depth-first search does.  One
    :class:`~.budget.Budget` (nodes, seconds, a cancel flag) holds for the
    whole solve; when it runs out or is called off the solve gives up.
    """
    start = time.perf_counter()
    budget = budget if budget is not None else Budget()
    ruleset = genre.ruleset
    board = genre.start(puzzle)
    trace = Trace(record=record)
    try:
        ruleset.run(board, max_level=max_level, trace=trace, budget=budget)
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
    finished = None
    if exact:
        seconds = FINISH_SECONDS if budget.left() is None else None
        finished = genre.finish(board, limit=limit, budget=part(budget, seconds=seconds), max_level=max_level)
    result: SearchResult
    if finished is not None:
        result, method = finished, "sat"
    else:
        result = count(board, ruleset, limit=limit, budget=budget,
                       level=min(max_level, SHALLOW_LEVEL), deep_level=min(max_level, DEEP_LEVEL),
                       shallow=SHALLOW_DEPTH)
        method = "search"
    status = Status.of(result)
    rating = Level.SEARCH if status is Status.UNIQUE else None  # several solutions, or none known: no rating
    return Solution(puzzle, status, result.solutions, rating, result.nodes, time.perf_counter() - start,
                    trace.steps, stalled, method=method)


FINISH_SECONDS = 60.0
"""Time the genre's finisher gets when the caller set no time budget."""


def count_solutions(genre: Genre, puzzle: Puzzle, *, limit: int = 2, budget: Budget | None = None,
                    level: Level = Level.MEDIUM) -> SearchResult:
    """Count solutions up to ``limit`` by search alone (with the ladder up to ``level`` at each node)."""
    return count(genre.start(puzzle), genre.ruleset, limit=limit, budget=budget, level=level)
