"""The 2x2-window masks of a grid agree with a window-by-window reading of their definitions."""

from __future__ import annotations

import random

from pencilkit.grid import Grid, cells


def test_windows_without_a_cell_of_a_mask_by_masks_and_one_by_one() -> None:
    rng = random.Random(5)
    for _ in range(300):
        grid = Grid.of(rng.randint(1, 9), rng.randint(1, 9))
        mask = sum(1 << c for c in range(grid.size) if rng.random() < rng.choice((0.05, 0.2, 0.5)))
        meeting = grid.windows_meeting(mask)
        assert meeting == sum(1 << c for c in cells(grid.window_corners) if grid.window(c) & mask)
        bare = grid.window_cells(grid.window_corners & ~meeting)
        expected = 0
        for window in grid.windows:
            if not window & mask:
                expected |= window
        assert bare == expected
