"""No technique concludes anything an oracle solution contradicts; Tarjan agrees with the blunt cuts."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.levels import Level
from pencilkit.genres import start_board
from pencilkit.genres.connected_white import (
    FLOOD_LIMIT,
    cut_cells_blunt,
    local_cuts,
    locally_joined,
    tarjan_cuts,
    white_cuts,
)
from pencilkit.genres.kurodoko import KURODOKO
from pencilkit.genres.kurodoko.rays import clue_views, read_clue
from pencilkit.grid import Grid, Mask
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
            board = Board(puzzle, truth & shown, (full & ~truth & shown) | puzzle.clue_mask)
            agree = [s for s in solutions if not s & board.unshaded and board.shaded & ~s == 0]
            yield board, agree
        made += 1


@pytest.mark.parametrize("seed", range(4))
def test_every_technique_is_sound(seed: int) -> None:
    decided = 0
    for board, agree in partial_boards(seed, 40):
        for technique in RULESET.ladder:
            try:
                steps = technique.find(board.copy())
            except Contradiction as broken:
                pytest.fail(f"{technique.name} found '{broken.reason}' on {board!r}, which has a solution")
            for step in steps or []:
                assert step.cells & ~board.undecided == 0, (technique.name, step.why)  # only new cells
                for s in agree:
                    assert step.shade & ~s == 0, (technique.name, step.why, board)
                    assert step.unshade & s == 0, (technique.name, step.why, board)
                decided += bool(step.cells)
                assert step.why
    assert decided > 100  # the techniques did get to decide things


@pytest.mark.parametrize("seed", range(3))
def test_propagation_keeps_every_solution(seed: int) -> None:
    for board, agree in partial_boards(100 + seed, 30):
        trial = board.copy()
        RULESET.run(trial, max_level=Level.EXPERT)
        for s in agree:
            assert trial.shaded & ~s == 0 and trial.unshaded & s == 0


def random_partial(rng: random.Random, rows: int, cols: int) -> tuple[Grid, int, int]:
    """A random partial board: scattered non-touching blacks and a few whites."""
    grid = Grid.of(rows, cols)
    black = 0
    for c in range(grid.size):
        if rng.random() < 0.3 and not grid.neighbours[c] & black:
            black |= 1 << c
    free = [c for c in range(grid.size) if not black >> c & 1]
    white = sum(1 << c for c in rng.sample(free, max(1, len(free) // 6)))
    return grid, black, white


def test_tarjan_matches_the_blunt_reference() -> None:
    rng = random.Random(7)
    forced = 0
    compared = 0
    for _ in range(120):
        rows, cols = rng.choice([(4, 4), (6, 6), (5, 8), (8, 8), (10, 10)])
        grid, black, white = random_partial(rng, rows, cols)
        space = grid.full & ~black
        fast = white_cuts(grid, space, white)
        blunt = cut_cells_blunt(grid, space, white)
        assert sum(1 << c for c in fast.cuts) == blunt
        assert fast.reached == grid.flood(white & -white, space)
        for cut, stranded in fast.cuts.items():
            # the example white cell really is cut off from the root by blackening the cut
            assert not grid.flood(white & -white, space & ~(1 << cut)) >> stranded & 1
        forced += bool(blunt)
        compared += 1
    assert compared == 120
    assert forced > 10  # some comparisons actually forced cells


def sparse_partial(rng: random.Random, rows: int, cols: int, black_share: float) -> tuple[Grid, int, int]:
    """A partial board like the generator's: few blacks (touching allowed) and a few whites."""
    grid = Grid.of(rows, cols)
    black = sum(1 << c for c in range(grid.size) if rng.random() < black_share)
    free = [c for c in range(grid.size) if not black >> c & 1]
    white = sum(1 << c for c in rng.sample(free, max(1, len(free) // 8)))
    return grid, black, white


def test_both_cut_finders_match_the_blunt_reference_on_large_boards() -> None:
    """The flood-per-candidate path and the Tarjan path of ``white_cuts`` both agree with the blunt cuts,
    and every cut is among the local cuts (the filter never drops a true cut)."""
    rng = random.Random(11)
    by_flood = by_tarjan = forced = 0
    for _ in range(150):
        rows, cols = rng.choice([(6, 6), (10, 10), (15, 15), (9, 14), (1, 8), (2, 9)])
        grid, black, white = sparse_partial(rng, rows, cols, rng.choice([0.08, 0.2, 0.35]))
        space = grid.full & ~black
        blunt = cut_cells_blunt(grid, space, white)
        reached = grid.flood(white & -white, space)
        assert blunt & ~local_cuts(grid, reached) == 0
        for found in (white_cuts(grid, space, white), tarjan_cuts(grid, space, white)):
            assert sum(1 << c for c in found.cuts) == blunt
            assert found.reached == reached and found.stranded == white & ~reached
            for cut, stranded in found.cuts.items():
                assert white >> stranded & 1
                assert not grid.flood(white & -white, space & ~(1 << cut)) >> stranded & 1
        left = _left(grid, reached, white)
        by_flood += 0 < left <= FLOOD_LIMIT
        by_tarjan += left > FLOOD_LIMIT
        forced += bool(blunt)
    assert by_flood > 10 and by_tarjan > 10 and forced > 10  # both paths ran, and cuts were found


def _left(grid: Grid, reached: Mask, white: Mask) -> int:
    """How many candidate cuts the windows leave for ``white_cuts`` to check."""
    candidates = local_cuts(grid, reached) & ~white
    return sum(1 for c in range(grid.size) if candidates >> c & 1 and not locally_joined(grid, reached, c))


def test_a_locally_joined_cell_is_no_cut_and_white_cuts_answers_as_its_tarjan_pass() -> None:
    """A cell whose neighbours meet within its window is no articulation point (asked twice, to cover the
    remembered answer), and with many candidates ``white_cuts`` finds the cuts the Tarjan pass finds,
    whether or not the windows clear every candidate."""
    rng = random.Random(5)
    joined = cleared = 0
    for _ in range(120):
        rows, cols = rng.choice([(6, 6), (10, 10), (15, 15), (9, 14), (8, 4)])
        grid, black, white = sparse_partial(rng, rows, cols, rng.choice([0.2, 0.3]))
        space = grid.full & ~black
        for cell in range(grid.size):
            if space >> cell & 1 and locally_joined(grid, space, cell) and locally_joined(grid, space, cell):
                joined += 1
                near = grid.neighbours[cell] & space
                assert near & ~grid.flood(near & -near, space & ~(1 << cell)) == 0
        reached = grid.flood(white & -white, space)
        if (local_cuts(grid, reached) & ~white).bit_count() > FLOOD_LIMIT:
            found, tarjan = white_cuts(grid, space, white), tarjan_cuts(grid, space, white)
            assert (found.reached, found.stranded) == (tarjan.reached, tarjan.stranded)
            assert sorted(found.cuts) == sorted(tarjan.cuts)
            cleared += not tarjan.cuts
    assert joined > 1000 and cleared > 10


def test_local_cuts_are_the_cells_with_two_arcs_around_them() -> None:
    # r2c2 between blacks r1c3 and r3c1: its ring splits into two arcs; the corner r1c1 has one arc
    grid = Grid.of(3, 3)
    black = (1 << grid.cell(0, 2)) | (1 << grid.cell(2, 0))
    found = local_cuts(grid, grid.full & ~black)
    assert found >> grid.cell(1, 1) & 1
    assert not found >> grid.cell(0, 0) & 1
    # on an empty board nothing is a local cut but the cells of a one-row board's middle
    assert local_cuts(Grid.of(4, 4), Grid.of(4, 4).full) == 0
    assert local_cuts(Grid.of(1, 4), 0b1111) == 0b0110


def test_run_at_most_hi_does_not_blacken_the_cell_at_hi() -> None:
    # The run trap.  A 3 in the middle of the top row of a 2x7 board sees two more cells:
    # each horizontal run is in [0, 2] and the vertical ones in [0, 1].  "The run is at most 2"
    # would blacken r1c2 and r1c6, but a run may stop short and leave them outside the view.
    puzzle = Puzzle.from_id("kurodoko:2x7:.,.,.,3,.,.,.,.,.,.,.,.,.,.")
    board = start_board(puzzle)
    view = clue_views(puzzle)[0]
    reading = read_clue(view, board.shaded, board.unshaded).bounded(view)
    assert list(zip(reading.lo, reading.hi)) == [(0, 0), (0, 2), (0, 1), (0, 2)]
    assert not RULESET.technique("rays").find(board)
    solutions = solutions_by_rays(2, 7, {(0, 3): 3})
    assert any((0, 1) not in s for s in solutions) and any((0, 5) not in s for s in solutions)
    # with r1c2 and r1c3 white the left run is exactly two (r1c1 black) and the others are
    # empty (r1c5 and r2c4 black)
    board.assign(unshade=0b0000110)
    steps = RULESET.technique("rays").find(board)
    assert steps and steps[0].shade == 1 << 0 | 1 << 4 | 1 << 10


def test_reasons_name_cells() -> None:
    puzzle = Puzzle.from_id("kurodoko:3x3:.,5,.,.,.,.,.,.,2")
    from pencilkit import explain

    solution = explain(puzzle)
    assert solution.answer is not None and solution.answer.to_rows() == ["---", "--#", "#--"]
    assert solution.steps
    for step in solution.steps:
        assert "r" in step.why and "c" in step.why
        assert step.technique and step.cells
