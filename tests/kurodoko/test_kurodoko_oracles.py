"""The two brute-force counters agree with each other and with the engine's count."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pencilkit
from pencilkit.frame.solve import Status

from .helpers import make_puzzle, to_mask
from .kurodoko_oracles import (
    compositions,
    random_puzzle,
    solutions_by_cells,
    solutions_by_rays,
)

SHAPES = [(1, 1), (1, 4), (2, 2), (2, 3), (3, 3), (3, 4), (4, 3), (4, 4), (4, 5), (5, 4), (5, 5)]


def test_compositions_respect_caps() -> None:
    found = list(compositions(3, [1, 2, 0, 3]))
    assert all(sum(p) == 3 and p[0] <= 1 and p[1] <= 2 and p[2] == 0 and p[3] <= 3 for p in found)
    assert len(found) == len(set(found)) == 6


def test_clue_free_boards() -> None:
    # 1x1: black or white; 1x2: --, #-, -#; 2x2: all white or one black (two diagonal
    # blacks would split the whites)
    assert len(solutions_by_cells(1, 1, {})) == len(solutions_by_rays(1, 1, {})) == 2
    assert len(solutions_by_cells(1, 2, {})) == len(solutions_by_rays(1, 2, {})) == 3
    assert len(solutions_by_cells(2, 2, {})) == len(solutions_by_rays(2, 2, {})) == 1 + 4
    assert len(solutions_by_rays(1, 3, {})) == 4  # ---, #--, --#, #-# (-#- splits the whites)


def test_a_known_puzzle() -> None:
    # kurodoko:3x3:.,5,.,.,.,.,.,.,2 has the single solution --- / --# / #--
    clues = {(0, 1): 5, (2, 2): 2}
    for oracle in (solutions_by_cells, solutions_by_rays):
        assert oracle(3, 3, clues) == [frozenset({(1, 2), (2, 0)})]
    # the 3 in the middle and a 3 in a corner leave two mirror-image solutions
    twins = {frozenset({(1, 0), (1, 2)}), frozenset({(0, 1), (2, 1)})}
    for oracle in (solutions_by_cells, solutions_by_rays):
        assert set(oracle(3, 3, {(1, 1): 3, (2, 0): 3})) == twins


@pytest.mark.parametrize("seed", range(6))
def test_oracles_and_engine_agree(seed: int) -> None:
    rng = random.Random(seed)
    tally: Counter[str] = Counter()
    for _ in range(40):
        rows, cols = rng.choice(SHAPES)
        clues, _ = random_puzzle(rows, cols, rng, clue_share=rng.uniform(0.15, 0.5))
        by_cells = solutions_by_cells(rows, cols, clues)
        by_rays = solutions_by_rays(rows, cols, clues)
        assert set(by_cells) == set(by_rays), clues
        assert len(by_cells) == len(set(by_cells))
        puzzle = make_puzzle(rows, cols, clues)
        expected = min(len(by_cells), 2)
        result = pencilkit.count_solutions(puzzle, limit=2)
        assert result.exhaustive
        assert result.count == expected, puzzle.id()
        solutions = {to_mask(cols, s) for s in by_cells}
        assert all(a.shaded in solutions for a in result.solutions)
        solved = pencilkit.solve(puzzle)
        assert solved.status is {0: Status.NONE, 1: Status.UNIQUE, 2: Status.MULTIPLE}[expected], puzzle.id()
        if expected == 1:
            assert solved.answer is not None and solved.answer.shaded in solutions
        tally[str(expected)] += 1
    # the sample must exercise every outcome, or the comparison proves little
    assert set(tally) == {"0", "1", "2"}, tally
