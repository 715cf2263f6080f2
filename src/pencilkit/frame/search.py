"""Search: branch on an undecided cell (or a genre's alternatives), propagate, backtrack; count to a limit.

Counting to two proves uniqueness.  Every node propagates with the ladder up
to ``level`` (sound techniques only prune boards without solutions), so the
count is exact whenever the search is exhaustive.  A :class:`~.budget.Budget`
(nodes, a deadline, a way to call it off) bounds the work; a search that runs
out says so.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..puzzle import Answer
from .board import Board, Contradiction
from .budget import DEFAULT_NODES, Budget
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
    stack = [(board, 0)]
    while stack:
        node, depth = stack.pop()
        if not budget.spend():
            raise OutOfBudget
        try:
            ruleset.run(node, max_level=level if depth < shallow else deep)
        except Contradiction:
            continue
        if not node.undecided:
            yield node
            continue
        children = []
        for shade, unshade in ruleset.branches(node):
            child = node.copy()
            try:
                child.assign(shade, unshade)
            except Contradiction:
                continue
            children.append((child, depth + 1))
        stack.extend(reversed(children))


def count(
    board: Board,
    ruleset: Ruleset,
    *,
    limit: int = 2,
    budget: Budget | None = None,
    level: Level = Level.MEDIUM,
    deep_level: Level | None = None,
    shallow: int = 0,
) -> SearchResult:
    """Count the solutions of ``board`` up to ``limit`` (2 proves uniqueness)."""
    budget = budget or Budget()
    result = SearchResult()
    try:
        for solved in solutions(board.copy(), ruleset, budget, level=level, deep_level=deep_level,
                                shallow=shallow):
            result.solutions.append(solved.answer())
            if len(result.solutions) >= limit:
                break
    except OutOfBudget:
        result.exhaustive = False
    result.nodes = budget.used
    return result


__all__ = ["DEFAULT_NODES", "Budget", "OutOfBudget", "SearchResult", "count", "solutions"]
