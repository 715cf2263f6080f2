"""The minimum vertex cut against brute force on small grids."""

from __future__ import annotations

import itertools
import random

import pytest

from pencilkit.engines.separator import separator
from pencilkit.grid import Grid, Mask, cells


def separates(grid: Grid, source: Mask, sink: Mask, wall: Mask, space: Mask) -> bool:
    return not grid.flood(source, space & ~wall) & sink


def fewest(grid: Grid, source: Mask, sink: Mask, removable: Mask, space: Mask) -> int:
    """The size of the smallest separating subset of ``removable``, by trying every subset."""
    pool = list(cells(removable))
    for size in range(len(pool) + 1):
        for chosen in itertools.combinations(pool, size):
            if separates(grid, source, sink, sum(1 << c for c in chosen), space):
                return size
    raise AssertionError("not separable")


def cases(count: int) -> list[tuple[Grid, Mask, Mask, Mask, Mask]]:
    """Random groups on small boards, apart from each other, with some cells not removable and,
    in half the cases, some cells outside the space."""
    rng = random.Random(20261130)
    out: list[tuple[Grid, Mask, Mask, Mask, Mask]] = []
    while len(out) < count:
        grid = Grid.of(*rng.choice([(4, 4), (3, 5), (4, 5)]))
        labels = [rng.choice("sstfrrrrrr" + "ww" * (len(out) % 2)) for _ in range(grid.size)]
        mask = {k: sum(1 << c for c, label in enumerate(labels) if label == k) for k in "stfrw"}
        source, sink, removable, space = mask["s"], mask["t"], mask["r"], grid.full & ~mask["w"]
        if not source or not sink or removable.bit_count() > 13:
            continue
        if not separates(grid, source, sink, removable, space):  # only the removable cells may cut
            continue
        out.append((grid, source, sink, removable, space))
    return out


@pytest.mark.parametrize("grid,source,sink,removable,space", cases(300))
def test_separator_is_a_smallest_cut(grid: Grid, source: Mask, sink: Mask, removable: Mask, space: Mask) -> None:
    wall = separator(grid, source, sink, removable, space)
    assert not wall & ~removable
    assert separates(grid, source, sink, wall, space)
    assert wall.bit_count() == fewest(grid, source, sink, removable, space)


def test_cases_include_cuts_shorter_than_a_border_and_walls_that_matter() -> None:
    shorter = walled = 0
    for grid, source, sink, removable, space in cases(300):
        wall = separator(grid, source, sink, removable, space)
        shorter += wall.bit_count() < (grid.border(source) & removable).bit_count()
        walled += wall.bit_count() < separator(grid, source, sink, removable).bit_count()
    assert shorter > 30 and walled > 10
