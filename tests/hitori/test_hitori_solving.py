"""Hitori solves as its rules say: a brute-force oracle written from the rules, the SAT engine and the
core's search agree; the checker names every broken rule; the published corpus comes out as published."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

import pencilkit
from pencilkit.engines import sat
from pencilkit.frame.budget import Budget
from pencilkit.frame.levels import Level
from pencilkit.frame.solve import Status
from pencilkit.genres.hitori import HITORI
from pencilkit.genres.hitori.painting import paint
from pencilkit.puzzle import Answer, Puzzle

SHAPES = [(1, 3), (2, 2), (2, 3), (3, 3), (3, 4), (4, 3), (2, 6)]


def rule_breaks(rows: int, cols: int, numbers: list[int], black: set[tuple[int, int]]) -> list[str]:
    """The rules a shading breaks, read straight off the rules (no pencilkit code)."""
    broken = []
    lines = [[(r, c) for c in range(cols)] for r in range(rows)] + [[(r, c) for r in range(rows)] for c in range(cols)]
    for line in lines:
        seen = Counter(numbers[r * cols + c] for r, c in line if (r, c) not in black and numbers[r * cols + c])
        if any(n > 1 for n in seen.values()):
            broken.append("R1")
            break
    if any((r + 1, c) in black or (r, c + 1) in black for r, c in black):
        broken.append("R2")
    white = {(r, c) for r in range(rows) for c in range(cols)} - black
    if white:
        start = next(iter(white))
        reached, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in white and near not in reached:
                    reached.add(near)
                    todo.append(near)
        if reached != white:
            broken.append("R3")
    return broken


def oracle(rows: int, cols: int, numbers: list[int]) -> list[frozenset[tuple[int, int]]]:
    """Every solution, by trying every shading."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out = []
    for bits in product((False, True), repeat=len(cells)):
        black = {cell for cell, on in zip(cells, bits) if on}
        if not rule_breaks(rows, cols, numbers, black):
            out.append(frozenset(black))
    return out


def puzzle_of(rows: int, cols: int, numbers: list[int]) -> Puzzle:
    return Puzzle.make("hitori", rows, cols, {k: n for k, n in enumerate(numbers) if n})


def random_numbers(rows: int, cols: int, rng: random.Random) -> list[int]:
    top = max(2, min(rows, cols))
    return [0 if rng.random() < 0.05 else rng.randint(1, top) for _ in range(rows * cols)]


@pytest.mark.parametrize("seed", range(4))
def test_the_oracle_sat_and_the_core_agree(seed: int) -> None:
    rng = random.Random(seed)
    tally: Counter[str] = Counter()
    for _ in range(60):
        rows, cols = rng.choice(SHAPES)
        numbers = random_numbers(rows, cols, rng)
        puzzle = puzzle_of(rows, cols, numbers)
        expected = oracle(rows, cols, numbers)
        solved = pencilkit.solve(puzzle, seconds=10)
        want = {0: Status.NONE, 1: Status.UNIQUE}.get(len(expected), Status.MULTIPLE)
        assert solved.status is want, puzzle.id()
        if want is Status.UNIQUE:
            assert solved.answer is not None
            assert {divmod(k, cols) for k in range(rows * cols) if solved.answer.shaded >> k & 1} == set(expected[0])
        counted = sat.count_sat(HITORI, puzzle, limit=2, budget=Budget(seconds=10))
        assert counted.exhaustive and len(counted.solutions) == min(len(expected), 2), puzzle.id()
        tally[want.value] += 1
    assert tally["unique"] >= 5 and tally["multiple"] >= 5 and tally["none"] >= 5, tally


def test_the_checker_names_every_broken_rule_with_its_cells() -> None:
    puzzle = pencilkit.parse("hitori:3x3:2,2,3,3,1,3,3,3,2")
    assert pencilkit.check(puzzle, "#--/--#/#--") == []
    found = pencilkit.check(puzzle, "##-/---/---")
    rules = {v.rule: v for v in found}
    assert set(rules) == {"R1", "R2"}
    assert puzzle.grid.names(rules["R2"].cells) == "r1c1, r1c2"
    assert "3" in rules["R1"].message
    split = pencilkit.check(puzzle, "-#-/#--/---")
    assert "R3" in {v.rule for v in split}


def test_every_reason_is_worded() -> None:
    """Each of Hitori's sentences turns up on the steps of some puzzle, and reads with its cells named."""
    rng = random.Random(5)
    keys: set[str] = set()
    for _ in range(200):
        size = rng.choice([4, 6, 8, 10])
        puzzle = paint(size, size, rng).puzzle
        solved = pencilkit.explain(puzzle, seconds=5)
        for step in solved.steps:
            assert step.why and "{" not in step.why
            keys.add(step.technique)
    assert {"duplicates", "pair", "sandwich", "lone_white", "white_exit", "no_split", "black_neighbours"} <= keys


def test_the_ladder_grades_from_easy_to_expert() -> None:
    assert [t.level for t in HITORI.ruleset.ladder][0] is Level.EASY
    assert HITORI.ruleset.ladder[-1].level is Level.EXPERT


def test_a_black_cell_needs_no_repeat_to_be_black() -> None:
    """The rules ask for no reason behind a black cell: a board without repeats has several solutions."""
    puzzle = pencilkit.parse("hitori:2x2:1,2,2,1")
    assert pencilkit.check(puzzle, Answer.from_rows(["--", "--"])) == []
    assert pencilkit.check(puzzle, Answer.from_rows(["#-", "--"])) == []
    assert pencilkit.solve(puzzle).status is Status.MULTIPLE
