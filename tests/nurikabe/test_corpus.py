"""Every published puzzle of the corpus solves to its published solution, proven unique.

``OPEN`` lists the puzzles the engine cannot yet settle within the budget;
they run with a short budget and are expected to fail, strictly, so that the
day one of them passes the list must shrink.
"""

from __future__ import annotations

from typing import Any

import pytest

from pencilkit import Puzzle, solve
from pencilkit.frame.solve import Status

from ..conftest import load_corpus

CORPUS = load_corpus("nurikabe")
OPEN = {
    "janko-nurikabe-0029": "two islands of 37 and 36 on 10x10: the ladder stalls at once, search and SAT give up",
    "janko-nurikabe-0683": "a 51-island winding through a 14x24 board: search and SAT give up",
    "janko-nurikabe-0690": "50x50: the ladder finishes it, with about 35 s of probing",
    "janko-nurikabe-1055": "40x57: the ladder stalls after about 25 s with 432 open cells; search and SAT give up",
    "janko-nurikabe-1108": "20x15: the ladder stalls with 132 open cells; search and SAT need over a minute",
}
BUDGET = 60.0
OPEN_BUDGET = 10.0


def cases() -> list[Any]:
    out = []
    for record in CORPUS:
        marks = []
        if record["name"] in OPEN:
            marks.append(pytest.mark.xfail(strict=True, reason=OPEN[record["name"]]))
        out.append(pytest.param(record, id=record["name"], marks=marks))
    return out


@pytest.mark.parametrize("record", cases())
def test_corpus_puzzle_is_unique_with_its_published_solution(record: dict[str, Any]) -> None:
    puzzle = Puzzle.from_id(record["puzzle"])
    solution = solve(puzzle, seconds=OPEN_BUDGET if record["name"] in OPEN else BUDGET)
    assert solution.status is Status.UNIQUE, solution.status
    assert solution.answer is not None and solution.answer.to_rows() == record["solution"]
