"""Every published puzzle of the corpus solves to its published solution, proven unique.

How long each puzzle takes is the benchmark's business
(``benchmarks/nurikabe_corpus.py``), not a test's: the budget here is generous
so that a loaded machine does not fail it.
"""

from __future__ import annotations

from typing import Any

import pytest

from pencilkit import Puzzle, solve
from pencilkit.frame.solve import Status

from ..conftest import load_corpus

CORPUS = load_corpus("nurikabe")
BUDGET = 60.0


@pytest.mark.parametrize("record", [pytest.param(r, id=r["name"]) for r in CORPUS])
def test_corpus_puzzle_is_unique_with_its_published_solution(record: dict[str, Any]) -> None:
    puzzle = Puzzle.from_id(record["puzzle"])
    solution = solve(puzzle, seconds=BUDGET)
    assert solution.status is Status.UNIQUE, solution.status
    assert solution.answer is not None and solution.answer.to_rows() == record["solution"]
