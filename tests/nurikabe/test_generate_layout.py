"""Layouts are valid by construction: both builders, every shape, and the repair moves on them."""

from __future__ import annotations

import random

import pytest

from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.genres.nurikabe.generate import harden, remove_rival, unstick
from pencilkit.genres.nurikabe.painting import (
    Layout,
    growth_layout,
    is_valid,
    repair_layout,
)
from pencilkit.grid import cells
from pencilkit.puzzle import Answer

SHAPES = [(1, 1), (1, 2), (1, 7), (2, 2), (3, 1), (4, 6), (5, 5), (7, 3), (10, 10), (12, 17)]


def _solution_is_correct(layout: Layout) -> bool:
    puzzle = layout.puzzle()
    return NURIKABE.check(puzzle, layout.solution()) == []


@pytest.mark.parametrize("build", [repair_layout, growth_layout], ids=["repair", "growth"])
@pytest.mark.parametrize("rows,cols", SHAPES)
def test_builders_make_valid_layouts(build, rows: int, cols: int) -> None:
    rng = random.Random(rows * 100 + cols)
    made = 0
    for _ in range(12):
        layout = build(rows, cols, rng)
        if layout is None:
            continue
        made += 1
        assert is_valid(layout)
        assert _solution_is_correct(layout)
        assert len(layout.islands) == len(layout.clue_cells)
    assert made > 0, "the builder cornered itself every time"


def test_easy_growth_islands_are_small_before_pools_break() -> None:
    rng = random.Random(5)
    layout = growth_layout(8, 8, rng, sizes=(1, 2, 3))
    assert layout is not None and is_valid(layout)
    # Pool breaking may enlarge an island, but most islands keep a drawn size.
    sizes = sorted(island.bit_count() for island in layout.islands)
    assert sizes[len(sizes) // 2] <= 3


def test_is_valid_rejects_broken_layouts() -> None:
    good = repair_layout(4, 4, random.Random(1))
    assert good is not None
    grid = good.grid
    pool = Layout(4, 4, (), ())  # all sea: 2x2 pools
    assert not is_valid(pool)
    touching = Layout(1, 3, (0b001, 0b010), (0, 1))  # two islands side by side
    assert not is_valid(touching)
    unclued = Layout(1, 3, (0b001,), (2,))  # clue outside its island
    assert not is_valid(unclued)
    all_land = Layout(1, 2, (0b11,), (0,))  # no sea at all
    assert not is_valid(all_land)
    assert grid.size == 16


@pytest.mark.parametrize("seed", range(6))
def test_repair_moves_keep_layouts_valid(seed: int) -> None:
    rng = random.Random(seed)
    layout = repair_layout(6, 6, rng)
    assert layout is not None
    for _ in range(30):
        changed = harden(layout, rng)
        if changed is None:
            break
        assert is_valid(changed) and _solution_is_correct(changed)
        layout = changed
    stuck = unstick(layout, layout.grid.full & ~sum(1 << c for c in layout.clue_cells), rng)
    assert stuck is None or is_valid(stuck)


def test_remove_rival_breaks_the_rival() -> None:
    rng = random.Random(3)
    for _ in range(20):
        layout = repair_layout(5, 5, rng)
        if layout is None:
            continue
        # Any valid layout other than this one serves as a rival solution.
        other = repair_layout(5, 5, rng)
        if other is None or other.sea == layout.sea:
            continue
        rival = Answer(5, 5, other.sea, other.land)
        changed = remove_rival(layout, rival, rng)
        assert changed is not None and is_valid(changed)
        assert NURIKABE.check(changed.puzzle(), rival) != []
        assert NURIKABE.check(changed.puzzle(), changed.solution()) == []
        return
    pytest.fail("no pair of layouts drawn")


def test_with_land_refuses_to_split_the_sea() -> None:
    # 3x3 with a sea column in the middle: turning r2c2 to land cuts the sea.
    layout = Layout(3, 3, (0b001001001, 0b100100100), (0, 2))
    assert is_valid(layout)
    assert layout.with_land(4) is None
    assert [c for c in cells(layout.sea)] == [1, 4, 7]
