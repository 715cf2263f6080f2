"""Sparse puzzles: the clue search keeps a puzzle unique, and the sparse family solves as built."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pencilkit import Puzzle, generate, solve
from pencilkit.frame.solve import Status
from pencilkit.genres.nurikabe.sparse import Sparsifier, Target
from pencilkit.genres.nurikabe.style import published_density

from .test_oracle import oracle_solutions

FAMILY = Path(__file__).with_name("sparse.jsonl")
PUBLISHED_MEAN_CLUE = 3.6
"""The mean clue of published Nurikabe up to 15x15 (janko.at's collection)."""
FAMILY_MEAN_CLUE = 8.0
"""Every member's mean clue is at least this, more than twice the published one."""
FAMILY_CLUE_SHARE = 0.07
"""Every member has clues on at most this share of its cells (published puzzles: 8% at the sparsest)."""
pytest.importorskip("pysat")


def test_sparsify_leaves_small_puzzles_unique_by_the_oracle_and_sparser() -> None:
    fewer = 0
    for seed in range(4):
        rows, cols = (4, 5) if seed % 2 == 0 else (5, 4)
        puzzle = generate("nurikabe", rows, cols, "easy", seed=seed)[0].puzzle
        assert len(oracle_solutions(puzzle)) == 1
        shown: list[dict[int, int]] = []
        search = Sparsifier(random.Random(seed), Target(mean_clue=99, max_clues=0, min_land=0.0, max_land=1.0),
                            on_step=lambda clues: shown.append(dict(clues)))
        made, sea = search.sparsify(puzzle, budget=100)
        assert oracle_solutions(made) == [sea], made.id()
        final = {cell: n for cell, n in made.clues}
        assert (shown[-1] if shown else {cell: n for cell, n in puzzle.clues}) == final
        assert len(shown) >= len(puzzle.clues) - len(made.clues)  # a move merges at most two clues
        for clues in shown:  # each puzzle shown is one the search moved to: unique
            assert len(oracle_solutions(Puzzle.make("nurikabe", rows, cols, clues))) == 1
        assert sum(n or 0 for _, n in made.clues) == made.grid.size - sea.bit_count()
        fewer += len(puzzle.clues) - len(made.clues)
    assert fewer >= 8


def test_growing_clues_leaves_small_puzzles_unique_by_the_oracle() -> None:
    """With merges out of reach, a target two land cells above the start is met by growing clues (and nudges)."""
    met = 0
    for seed in range(6):
        rows, cols = (4, 5) if seed % 2 == 0 else (5, 4)
        puzzle = generate("nurikabe", rows, cols, "easy", seed=seed)[0].puzzle
        land = sum(n or 0 for _, n in puzzle.clues)
        target = Target(mean_clue=(land + 2) / len(puzzle.clues), max_clues=20, min_land=0.0, max_land=0.9)
        made, sea = Sparsifier(random.Random(seed), target, reach=0).sparsify(puzzle, budget=200)
        assert oracle_solutions(made) == [sea], made.id()
        assert len(made.clues) == len(puzzle.clues)  # no merge
        met += target.met({cell: n or 0 for cell, n in made.clues})
    assert met >= 4


def test_sparsify_refuses_a_puzzle_with_two_solutions() -> None:
    with pytest.raises(ValueError, match="not proven unique"):
        Sparsifier(random.Random(0)).sparsify(Puzzle.from_id("nurikabe:1x3:.,2,."), budget=10)


def family() -> list[dict[str, object]]:
    return [json.loads(line) for line in FAMILY.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_member_of_the_family_is_far_sparser_than_published_puzzles() -> None:
    records = family()
    assert len(records) >= 10
    assert len({r["name"] for r in records}) == len(records)
    assert {(r["rows"], r["cols"]) for r in records} >= {(8, 8), (10, 10), (12, 12), (15, 15), (20, 20)}
    for record in records:
        puzzle = Puzzle.from_id(str(record["puzzle"]))
        numbers = [n for _, n in puzzle.clues if n is not None]
        assert 3 <= len(numbers) <= FAMILY_CLUE_SHARE * puzzle.rows * puzzle.cols, record["name"]
        assert len(numbers) < published_density(puzzle.rows, puzzle.cols) * puzzle.rows * puzzle.cols, record["name"]
        assert sum(numbers) / len(numbers) >= FAMILY_MEAN_CLUE, record["name"]


@pytest.mark.parametrize("record", family(), ids=lambda r: str(r["name"]))
def test_family_members_solve_unique_to_their_solution(record: dict[str, object]) -> None:
    puzzle = Puzzle.from_id(str(record["puzzle"]))
    solution = solve(puzzle, seconds=60)
    assert solution.status is Status.UNIQUE
    assert solution.answer is not None and solution.answer.to_rows() == record["solution"]
