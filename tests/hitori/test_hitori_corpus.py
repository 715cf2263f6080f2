"""Every puzzle of the Hitori corpus solves to its published solution, proven unique."""

from __future__ import annotations

import pytest

import pencilkit
from pencilkit.frame.levels import Level

from ..conftest import load_corpus

RECORDS = load_corpus("hitori")


def test_the_corpus_is_all_there() -> None:
    assert len(RECORDS) == 710
    assert {(r["rows"], r["cols"]) for r in RECORDS} >= {(4, 4), (20, 20)}


@pytest.mark.parametrize("chunk", range(2))
def test_corpus_solves_unique_to_the_published_solution(chunk: int) -> None:
    failures = []
    for record in RECORDS[chunk::2]:
        solution = pencilkit.solve(pencilkit.parse(record["puzzle"]), seconds=1)
        if solution.status is not pencilkit.Status.UNIQUE or solution.answer is None:
            failures.append(f"{record['name']}: {solution.status.value}")
        elif solution.answer.to_rows() != record["solution"]:
            failures.append(f"{record['name']}: a different solution")
        elif solution.rating is None or not Level.EASY <= solution.rating <= Level.SEARCH:
            failures.append(f"{record['name']}: rating {solution.rating}")
    assert not failures, failures


def test_the_published_solutions_pass_the_checker() -> None:
    wrong = [r["name"] for r in RECORDS if pencilkit.check(pencilkit.parse(r["puzzle"]), "/".join(r["solution"]))]
    assert not wrong
