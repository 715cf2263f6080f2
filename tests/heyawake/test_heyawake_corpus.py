"""The published Heyawake corpus: every solution keeps the rules; the solver proves a sample unique with
the published solution; and every technique (``ruleset.find``) agrees with the published solution on
partial boards."""

from __future__ import annotations

import json
import random

import pytest

import pencilkit
from pencilkit.formats.detect import read_puzzle
from pencilkit.frame.board import Contradiction
from pencilkit.genres.heyawake import HEYAWAKE
from pencilkit.puzzle import Answer

from ..conftest import corpus_lines

LINES = corpus_lines("heyawake")


def test_every_published_solution_keeps_the_rules() -> None:
    for line in LINES:
        record = json.loads(line)
        assert HEYAWAKE.check(read_puzzle(line), Answer.from_rows(record["solution"])) == [], record["name"]


@pytest.mark.parametrize("line", LINES[::9], ids=lambda line: json.loads(line)["name"])
def test_a_sample_solves_unique_to_the_published_solution(line: str) -> None:
    record = json.loads(line)
    solved = pencilkit.solve(read_puzzle(line))
    assert solved.status is pencilkit.Status.UNIQUE
    assert solved.answer is not None and solved.answer.to_rows() == record["solution"]


def test_techniques_agree_with_the_published_solutions() -> None:
    ruleset = HEYAWAKE.ruleset
    rng = random.Random(1)
    decided = 0
    for line in LINES[::15]:
        record = json.loads(line)
        puzzle = read_puzzle(line)
        truth = Answer.from_rows(record["solution"]).shaded
        full = puzzle.grid.full
        for share in (0.3, 0.6):
            shown = sum(1 << c for c in range(puzzle.grid.size) if rng.random() < share)
            board = ruleset.board(puzzle, truth & shown, full & ~truth & shown)
            for technique in ruleset.techniques:
                try:
                    steps = ruleset.find(technique.name, board)
                except Contradiction as broken:
                    raise AssertionError(f"{record['name']}: {technique.name} refuted it: {broken.reason}") from None
                for step in steps:
                    assert not step.shade & ~truth and not step.unshade & truth, (record["name"], technique.name)
                    decided += step.cells.bit_count()
    assert decided > 1000, decided
