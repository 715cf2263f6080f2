"""Hitori's generator: unique puzzles at the level asked, the same from the same seed, published-looking."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pencilkit
from pencilkit.engines import sat
from pencilkit.frame.budget import Budget
from pencilkit.genres.hitori import HITORI
from pencilkit.genres.hitori.painting import latin_square, paint

LEVELS = ["easy", "medium", "hard", "expert"]


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_comes_out_unique_and_exact(level: str) -> None:
    made = pencilkit.generate("hitori", 8, 8, level, seed=3, seconds=60)[0]
    assert made.exact and made.rating.label == level
    puzzle = made.puzzle
    assert len(puzzle.clues) == 64 and {n for _, n in puzzle.clues} <= set(range(1, 9))
    counted = sat.count_sat(HITORI, puzzle, limit=2, budget=Budget(seconds=30))
    assert counted.exhaustive and [s.shaded for s in counted.solutions] == [made.solution.shaded]
    assert pencilkit.check(puzzle, made.solution) == []


def test_a_seed_makes_the_same_puzzle() -> None:
    first = pencilkit.generate("hitori", 7, 9, "hard", seed=11)[0]
    again = pencilkit.generate("hitori", 7, 9, "hard", seed=11)[0]
    assert first.puzzle == again.puzzle and first.solution == again.solution
    other = pencilkit.generate("hitori", 7, 9, "hard", seed=12)[0]
    assert other.puzzle != first.puzzle


def test_latin_squares_are_latin() -> None:
    for side in (1, 2, 5, 12, 25):
        square = latin_square(side, random.Random(side))
        assert all(sorted(row) == list(range(1, side + 1)) for row in square)
        assert all(sorted(column) == list(range(1, side + 1)) for column in zip(*square))


def test_paintings_look_published() -> None:
    """About 29% black, numbers 1 to the side, white cells never repeating, every black cell repeating a
    white number of its row or column (so that it must be black)."""
    shares = []
    for seed in range(20):
        painting = paint(12, 12, random.Random(seed))
        grid, numbers, black = painting.grid, painting.numbers, painting.black
        shares.append(black.bit_count() / grid.size)
        assert set(numbers) <= set(range(1, 13))
        assert pencilkit.check(painting.puzzle, painting.solution) == []
        for cell in range(grid.size):
            if black >> cell & 1:
                assert any(numbers[o] == numbers[cell] for o in painting.copies(cell))
    assert 0.26 <= sorted(shares)[10] <= 0.32


def test_repeats_are_spread_as_published() -> None:
    """The share of cells whose number repeats in their line sits near the published 0.44-0.45."""
    counts = Counter[str]()
    for seed in range(10):
        painting = paint(10, 10, random.Random(seed))
        rows = [painting.numbers[r * 10:(r + 1) * 10] for r in range(10)]
        for line in rows + [list(col) for col in zip(*rows)]:
            tally = Counter(line)
            counts["repeating"] += sum(n for n in tally.values() if n > 1)
            counts["cells"] += len(line)
    assert 0.38 <= counts["repeating"] / counts["cells"] <= 0.52


@pytest.mark.parametrize(("rows", "cols"), [(1, 5), (2, 3), (3, 3), (2, 6), (3, 4), (4, 4)])
def test_each_small_shape_reaches_its_ceiling(rows: int, cols: int) -> None:
    """The hardest level the feasibility table allows a shape is made, rated exactly (on a seed of 0-2)."""
    from pencilkit.genres.hitori.feasibility import max_level

    top = max_level(rows, cols)
    made = [pencilkit.generate("hitori", rows, cols, top.label, seed=seed, seconds=5)[0] for seed in range(3)]
    assert any(m.exact and m.rating is top for m in made), (rows, cols, top)


def test_a_level_past_the_ceiling_is_refused_at_once() -> None:
    with pytest.raises(pencilkit.PencilkitError, match="the hardest this shape allows is hard"):
        pencilkit.generate("hitori", 3, 3, "expert", seed=1)
