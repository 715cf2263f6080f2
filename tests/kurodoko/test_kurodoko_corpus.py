"""Every puzzle of the Kurodoko corpus solves to its published solution, proven unique."""

from __future__ import annotations

import pytest

import pencilkit
from pencilkit.frame.levels import Level

from ..conftest import load_corpus

RECORDS = load_corpus("kurodoko")


def test_the_corpus_is_all_there() -> None:
    assert len(RECORDS) == 412
    assert any(r["rows"] == 31 and r["cols"] == 45 for r in RECORDS)


@pytest.mark.parametrize("chunk", range(4))
def test_corpus_solves_unique_to_the_published_solution(chunk: int) -> None:
    failures = []
    for record in RECORDS[chunk::4]:
        puzzle = pencilkit.parse(record["puzzle"])
        solution = pencilkit.solve(puzzle, seconds=30)
        if solution.status is not pencilkit.Status.UNIQUE or solution.answer is None:
            failures.append(f"{record['name']}: {solution.status.value}")
        elif solution.answer.to_rows() != record["solution"]:
            failures.append(f"{record['name']}: a different solution")
        elif solution.rating is None or not Level.EASY <= solution.rating <= Level.SEARCH:
            failures.append(f"{record['name']}: rating {solution.rating}")
    assert not failures, failures
