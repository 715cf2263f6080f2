"""The minimum vertex cut against brute force on small grids."""

from __future__ import annotations

import itertools
import random

import pytest

from pencilkit.engines.separator import separator
from pencilkit.grid import Grid, Mask, cells


def separates(grid: Grid, source: Mask, sink: Mask, wall: Mask) -> bool:
    return not grid.flood(source, grid.full & ~wall) & sink


def fewest(grid: Grid, source: Mask, sink: Mask, removable: Mask) -> int:
    """The size of the smallest separating subset of ``removable``, by trying every subset."""
    pool = list(cells(removable))
    for size in range(len(pool) + 1):
        for chosen in itertools.combinations(pool, size):
            if separates(grid, source, sink, sum(1 << c for c in chosen)):
                return size
    raise AssertionError("not separable")


def cases(count: int) -> list[tuple[Grid, Mask, Mask, Mask]]:
    """Random groups on 4x4 and 3x5 boards, apart from each other, with some cells not removable."""
    rng = random.Random(20261130)
    out: list[tuple[Grid, Mask, Mask, Mask]] = []
    while len(out) < count:
        grid = Grid.of(*rng.choice([(4, 4), (3, 5), (4, 5)]))
        labels = [rng.choice("sstfrrrrrr") for _ in range(grid.size)]
        mask = {k: sum(1 << c for c, label in enumerate(labels) if label == k) for k in "stfr"}
        source, sink, free, removable = mask["s"], mask["t"], mask["f"], mask["r"]
        if not source or not sink or removable.bit_count() > 13:
            continue
        if not separates(grid, source, sink, removable):  # only the removable cells may cut
            continue
        out.append((grid, source, sink, removable))
    return out


@pytest.mark.parametrize("grid,source,sink,removable", cases(300))
def test_separator_is_a_smallest_cut(grid: Grid, source: Mask, sink: Mask, removable: Mask) -> None:
    wall = separator(grid, source, sink, removable)
    assert not wall & ~removable
    assert separates(grid, source, sink, wall)
    assert wall.bit_count() == fewest(grid, source, sink, removable)


def test_cases_include_cuts_shorter_than_a_border() -> None:
    shorter = sum(separator(g, s, t, r).bit_count() < (g.border(s) & r).bit_count() for g, s, t, r in cases(300))
    assert shorter > 30
