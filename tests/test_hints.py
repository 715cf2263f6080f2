"""Hints from the player's board: sound, starting from the player's marks, and enough to finish.

The solutions here come from the corpus or from the generator, the boards are
random correct partial answers, and every cell a hint names is compared with
the solution.
"""

from __future__ import annotations

import random

import pytest

import pencilkit
from pencilkit.grid import Mask
from pencilkit.hints import next_hint
from pencilkit.puzzle import Answer, Puzzle

from .conftest import load_corpus


def cases() -> list[tuple[Puzzle, Answer]]:
    out = []
    for seed, (size, level) in enumerate([(5, "easy"), (6, "medium"), (7, "hard"), (7, "expert")]):
        made = pencilkit.generate("nurikabe", size, size, level, seed=seed)[0]
        out.append((made.puzzle, made.solution))
    small = [r for r in load_corpus("kurodoko") if r["rows"] * r["cols"] <= 100][:4]
    for record in small:
        out.append((Puzzle.from_id(record["puzzle"]), Answer.from_rows(record["solution"])))
    return out


CASES = cases()


def partial(solution: Answer, rng: random.Random, share: float) -> Answer:
    """Some of the solution's cells, marked as they are in it."""
    keep: Mask = 0
    for cell in range(solution.grid.size):
        if rng.random() < share:
            keep |= 1 << cell
    return Answer(solution.rows, solution.cols, solution.shaded & keep, solution.unshaded & keep)


def full(solution: Answer) -> Answer:
    return Answer(solution.rows, solution.cols, solution.shaded, solution.grid.full & ~solution.shaded)


@pytest.mark.parametrize("puzzle, solution", CASES, ids=[p.id()[:40] for p, _ in CASES])
def test_hints_on_correct_partial_boards_are_true_and_new(puzzle: Puzzle, solution: Answer) -> None:
    solution = full(solution)
    rng = random.Random(puzzle.id())
    kinds = set()
    for _ in range(12):
        marks = partial(solution, rng, rng.choice([0.0, 0.2, 0.5, 0.8]))
        hint = next_hint(puzzle, marks, solution)
        kinds.add(hint.kind)
        if hint.kind == "solved":
            assert marks.shaded == solution.shaded
            continue
        assert hint.kind in ("step", "reveal"), hint
        assert hint.shade | hint.unshade, "a hint names at least one cell"
        assert hint.shade & ~solution.shaded == 0
        assert hint.unshade & solution.shaded == 0
        assert (hint.shade | hint.unshade) & (marks.shaded | marks.unshaded | puzzle.clue_mask) == 0, \
            "a hint only names cells the player has not marked"
        if hint.kind == "step":
            assert hint.technique and hint.level is not None and hint.message
    assert "step" in kinds


@pytest.mark.parametrize("puzzle, solution", CASES[:3] + CASES[-2:], ids=[p.id()[:40] for p, _ in CASES[:3] + CASES[-2:]])
def test_following_hints_finishes_the_puzzle(puzzle: Puzzle, solution: Answer) -> None:
    solution = full(solution)
    marks = Answer(puzzle.rows, puzzle.cols, 0, 0)
    for _ in range(puzzle.grid.size + 1):
        hint = next_hint(puzzle, marks, solution)
        if hint.kind == "solved":
            break
        assert hint.kind in ("step", "reveal")
        marks = Answer(puzzle.rows, puzzle.cols, marks.shaded | hint.shade,
                       (marks.unshaded | hint.unshade) & ~puzzle.clue_mask)
    else:
        raise AssertionError("the hints never finished the puzzle")
    assert marks.shaded == solution.shaded


@pytest.mark.parametrize("puzzle, solution", CASES, ids=[p.id()[:40] for p, _ in CASES])
def test_a_wrong_mark_is_named_before_anything_else(puzzle: Puzzle, solution: Answer) -> None:
    solution = full(solution)
    rng = random.Random(puzzle.id() + "wrong")
    grid = puzzle.grid
    for _ in range(6):
        marks = partial(solution, rng, 0.5)
        cell = rng.choice([c for c in range(grid.size) if not puzzle.clue_mask >> c & 1])
        bit = 1 << cell
        if solution.shaded & bit:  # mark it unshaded instead
            marks = Answer(marks.rows, marks.cols, marks.shaded & ~bit, marks.unshaded | bit)
        else:
            marks = Answer(marks.rows, marks.cols, marks.shaded | bit, marks.unshaded & ~bit)
        hint = next_hint(puzzle, marks, solution)
        assert hint.kind == "mistake"
        assert hint.shade | hint.unshade == bit
        assert grid.name(cell) in hint.message
