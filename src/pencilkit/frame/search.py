"""Search: branch on an undecided cell (or a genre's alternatives), propagate, backtrack; count to a limit.

Counting to two proves uniqueness.  Every node propagates with the ladder up
to ``level`` (sound techniques only prune boards without solutions), so the
count is exact whenever the search is exhaustive.  A :class:`~.budget.Budget`
(nodes, seconds, a cancel flag) bounds the work; a search that runs out says so.  The
search runs in the core; these are its Python faces.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .._core import CoreContradiction
from ..puzzle import Answer
from .board import Board
from .budget import DEFAULT_NODES, Budget, OutOfTime
from .levels import Level
from .ruleset import Ruleset


@dataclass
class SearchResult:
    """The outcome of counting: solutions found (up to the limit) and the effort spent."""

    solutions: list[Answer] = field(default_factory=list)
    nodes: int = 0
    exhaustive: bool = True
    """True when the count is exact: the search finished or reached its limit."""

    @property
    def count(self) -> int:
        return len(self.solutions)


class OutOfBudget(Exception):
    """A search spent its budget before it was done."""


def solutions(board: Board, ruleset: Ruleset, budget: Budget, *, level: Level = Level.MEDIUM,
              deep_level: Level | None = None, shallow: int = 0) -> Iterator[Board]:
    """Every solution below ``board``, depth first; raises ``OutOfBudget`` when spent.

    Nodes within ``shallow`` decisions of the root propagate with the ladder up
    to ``level``; deeper nodes up to ``deep_level`` (default: ``level``).
    """
    deep = level if deep_level is None else deep_level
    search = ruleset.engine(board.puzzle).solutions(board.state, int(level), int(deep), shallow, budget=budget)
    try:
        for state in search:
            yield Board(ruleset, board.puzzle, state)
    except OutOfTime:
        raise OutOfBudget from None
    except CoreContradiction as broken:
        raise ruleset.contradiction(board.puzzle, broken) from None


def count(
    board: Board,
    ruleset: Ruleset,
    *,
    limit: int = 2,
    budget: Budget | None = None,
    level: Level = Level.MEDIUM,
    deep_level: Level | None = None,
    shallow: int = 0,
    near: int | None = None,
) -> SearchResult:
    """Count the solutions of ``board`` up to ``limit`` (2 proves uniqueness); with ``near`` (the shaded
    cells of a solution) the search tries first at every branch what agrees with it, so it meets that
    solution first and then those that differ from it least deep down."""
    budget = budget or Budget()
    deep = level if deep_level is None else deep_level
    try:
        found, exhaustive = ruleset.engine(board.puzzle).count(board.state, limit, int(level), int(deep), shallow,
                                                               near=near, budget=budget)
    except CoreContradiction as broken:
        raise ruleset.contradiction(board.puzzle, broken) from None
    grid = board.grid
    answers = [Answer(grid.rows, grid.cols, shaded, unshaded) for shaded, unshaded in found]
    return SearchResult(answers, budget.used, exhaustive)


__all__ = ["DEFAULT_NODES", "Budget", "OutOfBudget", "SearchResult", "count", "solutions"]
