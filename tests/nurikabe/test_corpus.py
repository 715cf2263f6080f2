"""Every published puzzle of the corpus solves to its published solution, proven unique.

``SLOW`` lists those it settles beyond issue 2's 10 s target; how long each
puzzle takes is the benchmark's business (``benchmarks/nurikabe_corpus.py``),
not a test's.
"""

from __future__ import annotations

from typing import Any

import pytest

from pencilkit import Puzzle, solve
from pencilkit.frame.solve import Status

from ..conftest import load_corpus

CORPUS = load_corpus("nurikabe")
SLOW = {
    "janko-nurikabe-1055": "40x57: the ladder stalls after about 4.5 s with hundreds of open cells; SAT takes 15-25 s more",
}
"""Proven unique, but over issue 2's 10 s target (the benchmark measures that): a longer budget
keeps them from failing on a loaded machine."""
BUDGET = 60.0
SLOW_BUDGET = 150.0


@pytest.mark.parametrize("record", [pytest.param(r, id=r["name"]) for r in CORPUS])
def test_corpus_puzzle_is_unique_with_its_published_solution(record: dict[str, Any]) -> None:
    puzzle = Puzzle.from_id(record["puzzle"])
    name = record["name"]
    solution = solve(puzzle, seconds=SLOW_BUDGET if name in SLOW else BUDGET)
    assert solution.status is Status.UNIQUE, solution.status
    assert solution.answer is not None and solution.answer.to_rows() == record["solution"]
