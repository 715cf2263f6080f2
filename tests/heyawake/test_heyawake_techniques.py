"""No Heyawake technique concludes what a solution contradicts, on every small board tried.

Solutions come from the independent oracle (tests/heyawake/oracle.py);
boards are partly revealed from one of them, so every deduction must agree
with each solution that agrees with the board, and a contradiction is only
allowed where none does.  The SAT engine and the frame's solve are checked
against the same oracle.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pencilkit import Status, solve
from pencilkit.engines.sat import count_sat
from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.levels import Level
from pencilkit.genres.heyawake import HEYAWAKE
from pencilkit.genres.heyawake.branching import candidates, first_candidate
from pencilkit.grid import Mask
from pencilkit.puzzle import Puzzle

from .helpers import make_puzzle, to_mask
from .oracle import random_puzzle, solutions

SHAPES = [(2, 3), (3, 3), (3, 4), (4, 3), (4, 4)]
RULESET = HEYAWAKE.ruleset


def puzzles(seed: int, count: int) -> Iterator[tuple[Puzzle, list[Mask]]]:
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.choice(SHAPES)
        rooms, numbers = random_puzzle(rows, cols, rng)
        puzzle = make_puzzle(rows, cols, rooms, numbers)
        yield puzzle, [to_mask(cols, s) for s in solutions(rows, cols, rooms, numbers)]


def partial_boards(seed: int, count: int) -> Iterator[tuple[Board, list[Mask]]]:
    rng = random.Random(seed)
    for puzzle, found in puzzles(seed, count):
        if not found:
            continue
        full = puzzle.grid.full
        truth = rng.choice(found)
        for share in (0.0, 0.2, 0.45, 0.7):
            shown = sum(1 << c for c in range(puzzle.grid.size) if rng.random() < share)
            board = Board(puzzle, truth & shown, full & ~truth & shown)
            yield board, [s for s in found if not s & board.unshaded and board.shaded & ~s == 0]


@pytest.mark.parametrize("seed", range(6))
def test_every_technique_is_sound(seed: int) -> None:
    decided = 0
    for board, agree in partial_boards(seed, 50):
        for technique in RULESET.ladder:
            try:
                steps = technique.find(board.copy())
            except Contradiction as broken:
                assert not agree, f"{technique.name} refuted a board with a solution: {broken.reason}"
                continue
            for step in steps or []:
                for s in agree:
                    assert not step.shade & ~s, f"{technique.name} shaded a cell white in a solution"
                    assert not step.unshade & s, f"{technique.name} unshaded a cell black in a solution"
                decided += (step.shade | step.unshade).bit_count()
    assert decided > 0


@pytest.mark.parametrize("seed", range(4))
def test_the_ladder_keeps_every_solution(seed: int) -> None:
    for board, agree in partial_boards(100 + seed, 40):
        try:
            RULESET.run(board, max_level=Level.EXPERT)
        except Contradiction:
            assert not agree
            continue
        for s in agree:
            assert board.shaded & ~s == 0 and board.unshaded & s == 0


@pytest.mark.parametrize("seed", range(4))
def test_sat_and_solve_count_as_the_oracle_does(seed: int) -> None:
    for puzzle, found in puzzles(200 + seed, 40):
        sat = count_sat(HEYAWAKE, puzzle, limit=3)
        assert sat.count == min(3, len(found))
        assert {a.shaded for a in sat.solutions} <= set(found)
        status = solve(puzzle).status
        expected = Status.NONE if not found else Status.UNIQUE if len(found) == 1 else Status.MULTIPLE
        assert status is expected


@pytest.mark.parametrize("seed", range(3))
def test_every_technique_agrees_with_the_sat_engine_on_larger_boards(seed: int) -> None:
    """On 6x6 to 8x8 boards, too big to enumerate, the SAT engine lists every solution (when there are
    at most 40): no deduction on a partial board may contradict one that agrees with it."""
    rng = random.Random(300 + seed)
    checked = 0
    while checked < 12:
        rows, cols = rng.choice([(6, 6), (6, 8), (8, 8)])
        rooms, numbers = random_puzzle(rows, cols, rng)
        puzzle = make_puzzle(rows, cols, rooms, numbers)
        found = count_sat(HEYAWAKE, puzzle, limit=40)
        if not found.exhaustive or not found.count or found.count >= 40:
            continue
        checked += 1
        masks = [a.shaded for a in found.solutions]
        truth = rng.choice(masks)
        shown = sum(1 << c for c in range(rows * cols) if rng.random() < 0.4)
        board = Board(puzzle, truth & shown, puzzle.grid.full & ~truth & shown)
        agree = [s for s in masks if not s & board.unshaded and board.shaded & ~s == 0]
        for technique in RULESET.ladder:
            steps = technique.find(board.copy()) or []
            for step in steps:
                assert all(not step.shade & ~s and not step.unshade & s for s in agree), technique.name


def test_every_technique_has_work_on_these_boards() -> None:
    """The soundness tests above would pass for a technique that never finds anything: each one does."""
    used: set[str] = set()
    for board, _ in partial_boards(0, 60):
        for technique in RULESET.ladder:
            try:
                if technique.find(board.copy()):
                    used.add(technique.name)
            except Contradiction:
                pass
    assert used == {t.name for t in RULESET.ladder}


def test_search_branches_on_the_first_candidate() -> None:
    """``first_candidate``, which search branches on, is the head of the full order, on partial boards of
    small random puzzles and of published ones (which have the spans and rooms of real sizes)."""
    boards = [board for board, _ in partial_boards(7, 40) if board.undecided]
    rng = random.Random(7)
    for rows, cols in [(10, 10), (14, 24)]:
        rooms, numbers = random_puzzle(rows, cols, rng)
        puzzle = make_puzzle(rows, cols, rooms, numbers)
        for share in (0.0, 0.1, 0.3, 0.6):
            shown = sum(1 << c for c in range(rows * cols) if rng.random() < share)
            black = sum(1 << c for c in range(rows * cols) if shown >> c & 1 and rng.random() < 0.3)
            boards.append(Board(puzzle, black, shown & ~black))
    for board in boards:
        if board.undecided:
            assert first_candidate(board) == candidates(board)[0]
    assert len(boards) > 100
