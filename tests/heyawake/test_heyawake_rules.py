"""Heyawake's checker and clue validation against the rules written again (tests/heyawake/oracle.py)."""

from __future__ import annotations

import itertools
import random

import pytest

from pencilkit import PuzzleError, parse
from pencilkit.genres import genre_of
from pencilkit.genres.heyawake import HEYAWAKE
from pencilkit.genres.heyawake.analysis import most_black, spans
from pencilkit.grid import Grid
from pencilkit.puzzle import Answer, Puzzle

from .helpers import make_puzzle, to_mask
from .oracle import legal, random_puzzle

SHAPES = [(2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5), (6, 6)]


@pytest.mark.parametrize("seed", range(6))
def test_the_checker_agrees_with_the_rules_on_random_shadings(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        rows, cols = rng.choice(SHAPES)
        rooms, numbers = random_puzzle(rows, cols, rng)
        puzzle = make_puzzle(rows, cols, rooms, numbers)
        for _ in range(8):
            black = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < rng.uniform(0.1, 0.4)}
            mask = to_mask(cols, black)
            broken = HEYAWAKE.check(puzzle, Answer(rows, cols, mask, puzzle.grid.full & ~mask))
            assert (not broken) == legal(rows, cols, rooms, numbers, black)


def test_each_broken_rule_is_named_with_its_cells() -> None:
    # rooms: the top row is room 0 (number 1), the rest room 1
    puzzle = Puzzle.from_id("heyawake:3x4:1,.,.,.,.,.,.,.,.,.,.,.:0,0,0,0,1,1,1,1,1,1,1,1")
    grid = puzzle.grid
    touching = Answer.from_rows(["##--", "----", "----"])
    rules = {v.rule for v in HEYAWAKE.check(puzzle, touching)}
    assert "R1" in rules and "R3" in rules  # two blacks touch, and room 0 has 2, not 1
    walled = Answer.from_rows(["-#--", "#---", "----"])
    found = {v.rule: v for v in HEYAWAKE.check(puzzle, walled)}
    assert "R2" in found
    runs = Puzzle.from_id("heyawake:1x5:.,.,.,.,.:0,1,1,2,2")
    broken = HEYAWAKE.check(runs, Answer.from_rows(["-----"]))
    assert [v.rule for v in broken] == ["R4"]
    assert broken[0].cells == runs.grid.full  # the whole white run, which crosses both borders
    assert grid.names(found["R2"].cells).startswith("r1c1")


def test_numbers_are_validated_against_their_rooms() -> None:
    with pytest.raises(PuzzleError, match="two numbers"):
        parse("heyawake:1x3:1,1,.:0,0,1")
    with pytest.raises(PuzzleError, match="at most 2 black cells"):
        parse("heyawake:1x3:3,.,.:0,0,0")
    with pytest.raises(PuzzleError, match="needs its rooms"):
        genre_of(Puzzle.from_id("heyawake:1x3:1,.,."))
    with pytest.raises(PuzzleError, match="has no rooms"):
        genre_of(Puzzle.from_id("nurikabe:1x3:1,.,.:0,0,1"))
    assert parse("heyawake:1x3:2,.,.:0,0,0").clue_at(0, 0) == 2


def test_most_black_is_the_largest_set_of_cells_apart() -> None:
    rng = random.Random(3)
    for _ in range(200):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        grid = Grid.of(rows, cols)
        room = grid.flood(1, sum(1 << c for c in range(grid.size) if c == 0 or rng.random() < 0.75))
        members = [c for c in range(grid.size) if room >> c & 1]
        best = 0
        for k in range(len(members), 0, -1):
            if any(all(not grid.neighbours[a] >> b & 1 for a, b in itertools.combinations(chosen, 2))
                   for chosen in itertools.combinations(members, k)):
                best = k
                break
        assert most_black(grid, room) == best


def test_a_span_runs_from_before_one_border_to_past_the_next() -> None:
    grid = Grid.of(1, 6)
    assert spans(grid, (0, 0, 1, 2, 2, 2)) == [0b1110]
    assert spans(grid, (0, 0, 1, 2, 3, 3)) == [0b1110, 0b11100]
    column = Grid.of(4, 1)
    assert spans(column, (0, 1, 1, 2)) == [0b1111]
