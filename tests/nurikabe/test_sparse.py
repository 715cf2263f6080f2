"""Sparse puzzles: merging islands keeps a puzzle unique, and the sparse family solves as built."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pencilkit import Answer, Puzzle, solve
from pencilkit.frame.solve import Status
from pencilkit.genres.nurikabe.layout import Layout, is_valid
from pencilkit.genres.nurikabe.sparse import Sparsifier, Target, mean_clue, solves
from pencilkit.genres.nurikabe.style import published_density
from pencilkit.grid import Grid

from .test_oracle import oracle_solutions

FAMILY = Path(__file__).with_name("sparse.jsonl")
PUBLISHED_MEAN_CLUE = 3.6
"""The mean clue of published Nurikabe up to 15x15 (janko.at's collection)."""
pytest.importorskip("pysat")


def test_solves_knows_another_solution_from_a_false_one() -> None:
    # 1 . 1 / . . . / 1 . 1 has one solution; a sea that leaves a 2-cell island is not another one
    puzzle = Puzzle.from_id("nurikabe:3x3:1,.,1,.,.,.,1,.,1")
    layout = Layout.of(puzzle, Answer.from_rows(["-#-", "###", "-#-"]))
    grid = Grid.of(3, 3)
    assert not solves(layout, layout.sea)  # the layout itself is not "another" solution
    two = grid.full & ~(1 << 0 | 1 << 1 | 1 << 2 | 1 << 6 | 1 << 8)
    assert not solves(layout, two)
    # . 2 . has two solutions: the island to the left, or to the right
    pair = Puzzle.from_id("nurikabe:1x3:.,2,.")
    left = Layout.of(pair, Answer.from_rows(["--#"]))
    assert solves(left, Answer.from_rows(["#--"]).shaded)
    assert not solves(left, Answer.from_rows(["-#-"]).shaded)  # shades the clue


def test_sparsify_keeps_small_puzzles_unique_by_the_oracle() -> None:
    rng = random.Random(4)
    merged = 0
    for text in [
        "nurikabe:4x5:1,.,.,2,.,.,.,.,.,.,.,2,.,.,1,.,.,.,.,.",
        "nurikabe:4x5:.,1,.,.,2,.,.,.,.,.,1,.,.,1,.,.,.,.,.,2",
        "nurikabe:5x4:1,.,.,1,.,.,2,.,.,.,.,.,1,.,.,.,.,.,.,3",
    ]:
        puzzle = Puzzle.from_id(text)
        sols = oracle_solutions(puzzle)
        if len(sols) != 1:
            continue
        grid = puzzle.grid
        start = Layout.of(puzzle, Answer(puzzle.rows, puzzle.cols, sols[0], grid.full & ~sols[0]))
        made = Sparsifier(rng, Target(mean_clue=99, max_clues=0, min_land=0.0, max_land=1.0)).sparsify(start, budget=60)
        assert is_valid(made)
        assert len(oracle_solutions(made.puzzle())) == 1, made.puzzle().id()
        merged += len(start.islands) - len(made.islands)
    assert merged >= 2


def family() -> list[dict[str, object]]:
    return [json.loads(line) for line in FAMILY.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_family_is_sparser_than_published_puzzles() -> None:
    records = family()
    assert len(records) >= 10
    for record in records:
        puzzle = Puzzle.from_id(str(record["puzzle"]))
        numbers = [n for _, n in puzzle.clues if n is not None]
        assert len(numbers) < published_density(puzzle.rows, puzzle.cols) * puzzle.rows * puzzle.cols, record["name"]
        assert sum(numbers) / len(numbers) > PUBLISHED_MEAN_CLUE, record["name"]


@pytest.mark.parametrize("record", [r for r in family() if int(str(r["rows"])) <= 12], ids=lambda r: str(r["name"]))
def test_family_members_solve_unique_to_their_solution(record: dict[str, object]) -> None:
    puzzle = Puzzle.from_id(str(record["puzzle"]))
    solution = solve(puzzle, seconds=60)
    assert solution.status is Status.UNIQUE
    assert solution.answer is not None and solution.answer.to_rows() == record["solution"]
    assert mean_clue(Layout.of(puzzle, Answer.from_rows(list(record["solution"])))) > PUBLISHED_MEAN_CLUE
