"""One budget per solve: nodes, a deadline and a way to call it off, watched by the ladder and by search."""

from __future__ import annotations

import time

import pytest

import pencilkit
from pencilkit.frame.budget import Budget, OutOfTime, active, check_time
from pencilkit.frame.levels import Level
from pencilkit.frame.search import count
from pencilkit.genres import find_genre

LARGE = "nurikabe:4x4:?,.,.,.,.,.,.,.,.,.,.,.,.,.,.,?"  # 342 solutions: the count must search


def test_the_ladder_watches_the_active_budget_only() -> None:
    check_time()  # no active budget: nothing to watch
    with active(Budget(seconds=60)):
        check_time()
    with active(Budget.until(time.perf_counter() - 1)), pytest.raises(OutOfTime):
        check_time()
    calls = []
    with active(Budget(cancelled=lambda: calls.append(1) or len(calls) > 2)):
        check_time()
        check_time()
        with pytest.raises(OutOfTime):
            check_time()


def test_a_called_off_solve_gives_up_and_a_called_off_search_stops() -> None:
    puzzle = pencilkit.parse("nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    assert pencilkit.solve(puzzle).status is pencilkit.Status.UNIQUE
    assert pencilkit.solve(puzzle, cancelled=lambda: True).status is pencilkit.Status.GAVE_UP
    genre = find_genre("nurikabe")
    board = genre.start(pencilkit.parse(LARGE))
    spent = count(board, genre.ruleset, limit=10**6, budget=Budget(cancelled=lambda: True), level=Level.EASY)
    assert not spent.exhaustive and spent.nodes == 16  # the clock and the flag are read every 16 nodes
    assert count(board, genre.ruleset, limit=3, budget=Budget(), level=Level.EASY).count == 3


def test_left_and_until() -> None:
    assert Budget().left() is None and Budget.until(None).left() is None
    assert 0 < Budget(seconds=5).left() <= 5  # type: ignore[operator]
    assert Budget.until(time.perf_counter() - 1).left() == 0.0
    assert Budget.until(time.perf_counter() - 1).expired() and not Budget(seconds=5).expired()
