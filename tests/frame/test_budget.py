"""One budget per piece of work: nodes, seconds and a cancel flag, watched by the ladder, search and the
SAT engine, in Python and in the core alike."""

from __future__ import annotations

import threading
import time

import pytest

import pencilkit
from pencilkit.frame.budget import Budget, Cancel, OutOfTime, part
from pencilkit.frame.levels import Level
from pencilkit.frame.search import count
from pencilkit.genres import find_genre

LARGE = "nurikabe:4x4:?,.,.,.,.,.,.,.,.,.,.,.,.,.,.,?"  # 342 solutions: the count must search


def test_a_budget_ends_at_its_seconds_its_nodes_or_its_flag() -> None:
    Budget(seconds=60).check()
    with pytest.raises(OutOfTime):
        Budget(seconds=0).check()
    flag = Cancel()
    budget = Budget(cancel=flag)
    assert not budget.expired() and not flag
    flag.set()
    assert budget.expired() and flag.is_set()
    nodes = Budget(3)
    assert [nodes.spend() for _ in range(4)] == [True, True, True, False] and nodes.used == 4


def test_a_part_ends_with_the_whole() -> None:
    flag = Cancel()
    whole = Budget(seconds=60, cancel=flag)
    inner = part(whole, seconds=30, nodes=10)
    assert inner.nodes == 10 and 0 < inner.left() <= 30  # type: ignore[operator]
    assert 0 < part(whole).left() <= 60  # type: ignore[operator]
    flag.set()
    assert inner.expired() and part(inner).expired()
    assert Budget().left() is None and part(None).left() is None


def test_a_called_off_solve_gives_up_and_a_called_off_search_stops() -> None:
    puzzle = pencilkit.parse("nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    assert pencilkit.solve(puzzle).status is pencilkit.Status.UNIQUE
    called_off = Cancel()
    called_off.set()
    assert pencilkit.solve(puzzle, cancel=called_off).status is pencilkit.Status.GAVE_UP
    genre = find_genre("nurikabe")
    board = genre.start(pencilkit.parse(LARGE))
    spent = count(board, genre.ruleset, limit=10**6, budget=Budget(cancel=called_off), level=Level.EASY)
    assert not spent.exhaustive and spent.nodes <= 16  # each node's ladder looks at the flag; spend(), every 16
    assert count(board, genre.ruleset, limit=3, budget=Budget(), level=Level.EASY).count == 3


def test_a_flag_set_from_another_thread_stops_the_core_at_once() -> None:
    """A long search in the core (the GIL released) stops soon after another thread sets its flag."""
    genre = find_genre("nurikabe")
    board = genre.start(pencilkit.parse("nurikabe:9x9:" + ",".join(["?"] + ["."] * 79 + ["?"])))
    flag = Cancel()
    timer = threading.Timer(0.2, flag.set)
    start = time.perf_counter()
    timer.start()
    found = count(board, genre.ruleset, limit=10**9, budget=Budget(10**12, cancel=flag), level=Level.MEDIUM)
    timer.join()
    assert not found.exhaustive and time.perf_counter() - start < 2.0
