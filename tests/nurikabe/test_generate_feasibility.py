"""The table of the hardest level each small shape allows matches brute force."""

from __future__ import annotations

import pytest

from pencilkit.frame.levels import Level
from pencilkit.genres.nurikabe.feasibility import (
    SMALL_CELLS,
    SMALL_SHAPES,
    hardest_level,
    max_level,
)


@pytest.mark.parametrize("rows,cols", [(r, c) for (r, c) in SMALL_SHAPES if r * c <= 8])
def test_table_matches_brute_force(rows: int, cols: int) -> None:
    assert hardest_level(rows, cols) == SMALL_SHAPES[(rows, cols)]


def test_table_covers_every_small_shape_both_ways() -> None:
    for rows in range(1, SMALL_CELLS + 1):
        for cols in range(1, SMALL_CELLS // rows + 1):
            assert max_level(rows, cols) == max_level(cols, rows)
    assert max_level(2, 2) == Level.BOOKKEEPING
    assert max_level(15, 15) == Level.EXPERT
    assert max_level(3, 5) == max_level(5, 3) == Level.EXPERT
    assert max_level(1, 30) == max_level(30, 1) == Level.HARD
    assert max_level(2, 7) == max_level(9, 2) == Level.HARD


@pytest.mark.parametrize("rows,cols", [(1, 14), (1, 16)])
def test_one_row_boards_beyond_the_table_stop_at_hard(rows: int, cols: int) -> None:
    assert hardest_level(rows, cols) == max_level(rows, cols) == Level.HARD
