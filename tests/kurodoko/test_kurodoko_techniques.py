"""Kurodoko's techniques and ladder against brute force: nothing they conclude contradicts a solution.

Boards are partly revealed from one solution of a small random puzzle; the
independent oracle (``kurodoko_oracles.solutions_by_rays``) lists every
solution, so each step a technique takes (``ruleset.find``, probes
included) and each cell the ladder decides (``ruleset.run``) must agree with
every solution that agrees with the board.  The bound the rays put on a run
and the cut cells of the white cells are checked against brute force in the
core's own tests (``core/src/genres/kurodoko/``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.levels import Level
from pencilkit.genres.kurodoko import KURODOKO
from pencilkit.grid import Mask
from pencilkit.puzzle import Puzzle

from .helpers import make_puzzle, to_mask
from .kurodoko_oracles import random_puzzle, solutions_by_rays

SHAPES = [(2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 4), (5, 5)]
RULESET = KURODOKO.ruleset


def partial_boards(seed: int, count: int) -> Iterator[tuple[Board, list[Mask]]]:
    """Random puzzles with solutions, each with a partial board revealed from one of its solutions."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        rows, cols = rng.choice(SHAPES)
        clues, _ = random_puzzle(rows, cols, rng, clue_share=rng.uniform(0.1, 0.4), perturb=0.0)
        solutions = [to_mask(cols, s) for s in solutions_by_rays(rows, cols, clues)]
        if not solutions:
            continue
        puzzle = make_puzzle(rows, cols, clues)
        full = puzzle.grid.full
        truth = rng.choice(solutions)
        for share in (0.0, 0.15, 0.35, 0.6):
            shown = sum(1 << c for c in range(rows * cols) if rng.random() < share)
            board = RULESET.board(puzzle, truth & shown, (full & ~truth & shown) | puzzle.clue_mask)
            agree = [s for s in solutions if not s & board.unshaded and board.shaded & ~s == 0]
            yield board, agree
        made += 1


@pytest.mark.parametrize("seed", range(4))
def test_every_technique_is_sound(seed: int) -> None:
    decided: dict[str, int] = dict.fromkeys((t.name for t in RULESET.ladder), 0)
    for board, agree in partial_boards(seed, 40):
        before = board.key()
        for technique in RULESET.ladder:
            try:
                steps = RULESET.find(technique.name, board)
            except Contradiction as broken:
                pytest.fail(f"{technique.name} found '{broken.reason}' on {board!r}, which has a solution")
            assert board.key() == before  # find looks at the board, it does not change it
            taken = 0
            for step in steps:
                assert step.cells & ~taken, (technique.name, step.why)  # each step decides something new
                assert step.cells & ~board.undecided == 0, (technique.name, step.why)  # only new cells
                assert (step.technique, step.level) == (technique.name, technique.level)
                for s in agree:
                    assert step.shade & ~s == 0, (technique.name, step.why, board)
                    assert step.unshade & s == 0, (technique.name, step.why, board)
                assert step.why
                taken |= step.cells
            decided[technique.name] += bool(steps)
    # every technique, probes included, did get to decide things
    assert all(n > 10 for n in decided.values()), decided
    assert sum(decided.values()) > 100, decided


@pytest.mark.parametrize("seed", range(3))
def test_propagation_keeps_every_solution(seed: int) -> None:
    for board, agree in partial_boards(100 + seed, 30):
        trial = board.copy()
        RULESET.run(trial, max_level=Level.EXPERT)
        for s in agree:
            assert trial.shaded & ~s == 0 and trial.unshaded & s == 0


def test_run_at_most_hi_does_not_blacken_the_cell_at_hi() -> None:
    # The run trap.  A 3 in the middle of the top row of a 2x7 board sees two more cells:
    # each horizontal run is in [0, 2] and the vertical ones in [0, 1].  "The run is at most 2"
    # would blacken r1c2 and r1c6, but a run may stop short and leave them outside the view.
    puzzle = Puzzle.from_id("kurodoko:2x7:.,.,.,3,.,.,.,.,.,.,.,.,.,.")
    board = KURODOKO.start(puzzle)
    assert RULESET.find("rays", board) == []
    solutions = solutions_by_rays(2, 7, {(0, 3): 3})
    assert any((0, 1) not in s for s in solutions) and any((0, 5) not in s for s in solutions)
    # with r1c2 and r1c3 white the left run is exactly two (r1c1 black) and the others are
    # empty (r1c5 and r2c4 black)
    board.assign(unshade=0b0000110)
    steps = RULESET.find("rays", board)
    assert [(s.shade, s.unshade) for s in steps] == [(1 << 0 | 1 << 4 | 1 << 10, 0)]
    assert "its runs can only be up 0, right 0, down 0, left 2" in steps[0].why
    assert "r1c1, r1c5, r2c4 are black" in steps[0].why


def test_reasons_name_cells() -> None:
    puzzle = Puzzle.from_id("kurodoko:3x3:.,5,.,.,.,.,.,.,2")
    from pencilkit import explain

    solution = explain(puzzle)
    assert solution.answer is not None and solution.answer.to_rows() == ["---", "--#", "#--"]
    assert solution.steps
    for step in solution.steps:
        assert "r" in step.why and "c" in step.why
        assert step.technique and step.cells
