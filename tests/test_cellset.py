"""CellSet, the public face of a cell mask: it agrees with a Python set of (row, col) pairs."""

from __future__ import annotations

import random

import pytest

import pencilkit
from pencilkit import CellSet
from pencilkit.grid import Grid


def _pairs(rng: random.Random, grid: Grid) -> set[tuple[int, int]]:
    return {(rng.randrange(grid.rows), rng.randrange(grid.cols)) for _ in range(rng.randrange(grid.size + 1))}


def test_set_algebra_agrees_with_python_sets() -> None:
    rng = random.Random(3)
    for _ in range(200):
        grid = Grid.of(rng.randint(1, 6), rng.randint(1, 6))
        a, b = _pairs(rng, grid), _pairs(rng, grid)
        sa, sb = CellSet.of(a, grid), CellSet.of(b, grid)
        everything = {(r, c) for r in range(grid.rows) for c in range(grid.cols)}
        assert set(sa) == a and len(sa) == len(a) and bool(sa) == bool(a)
        assert list(sa) == sorted(a)  # row-major
        assert set(sa | sb) == a | b and set(sa & sb) == a & b
        assert set(sa - sb) == a - b and set(sa ^ sb) == a ^ b and set(~sa) == everything - a
        assert (sa <= sb) == (a <= b)
        assert all(pair in sa for pair in a) and not any(pair in sa for pair in everything - a)
        assert CellSet.of(a, Grid.of(grid.rows, grid.cols)) == sa and hash(CellSet.of(a, grid)) == hash(sa)


def test_it_refuses_cells_off_the_board_and_other_boards() -> None:
    grid = Grid.of(2, 3)
    with pytest.raises(ValueError):
        CellSet.of([(2, 0)], grid)
    with pytest.raises(ValueError):
        CellSet(1 << 6, grid)
    with pytest.raises(ValueError):
        CellSet(1, grid) | CellSet(1, Grid.of(3, 2))
    with pytest.raises(TypeError):
        CellSet(1, grid) | 1  # type: ignore[operator]
    assert (5, 5) not in CellSet(1, grid) and "r1c1" not in CellSet(1, grid)


def test_the_api_hands_out_cell_sets() -> None:
    puzzle = pencilkit.parse("nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    solved = pencilkit.solve(puzzle, record=True)
    answer = solved.answer
    assert answer is not None
    assert answer.shaded_cells.names() == ["r2c2", "r2c3", "r3c2"] and (2, 0) in answer.unshaded_cells
    assert not answer.unmarked_cells and puzzle.clue_cells.names() == ["r3c1", "r3c3"]
    shaded, unshaded = solved.steps[0].cell_sets(puzzle.grid)
    assert int(shaded) == solved.steps[0].shade and int(unshaded) == solved.steps[0].unshade
    wrong = pencilkit.check(puzzle, "###/-##/-#-")
    assert wrong and all(set(v.cell_set(puzzle.grid)) for v in wrong)
    assert repr(answer.shaded_cells) == "CellSet('r2c2 r2c3 r3c2', 3x3)"
