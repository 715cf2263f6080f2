"""Symmetric Nurikabe layouts: maps, clue placement, and the builder."""

from __future__ import annotations

import random

import pytest

import pencilkit

from pencilkit.frame.symmetry import Symmetry
from pencilkit.genres.nurikabe.painting import Layout, is_valid
from pencilkit.genres.nurikabe.symmetric import mapped, symmetric_layout, symmetrize
from pencilkit.grid import Grid


@pytest.mark.parametrize("kind,rows,cols", [(Symmetry.ROT2, 4, 6), (Symmetry.ROT4, 5, 5), (Symmetry.MIRROR, 3, 5)])
def test_maps_are_a_group_of_permutations(kind: Symmetry, rows: int, cols: int) -> None:
    perms = kind.maps(rows, cols)
    assert perms[0] == tuple(range(rows * cols))
    for perm in perms:
        assert sorted(perm) == list(range(rows * cols))
        for other in perms:
            assert tuple(other[perm[c]] for c in range(rows * cols)) in perms
    for cell in range(rows * cols):
        orbit = 0
        for perm in perms:
            orbit |= 1 << perm[cell]
        assert orbit == kind.orbit(rows, cols, cell)


def test_symmetrize_puts_a_self_symmetric_islands_clue_on_the_centre() -> None:
    grid = Grid.of(3, 3)
    middle_row = sum(1 << grid.cell(1, c) for c in range(3))
    layout = Layout(3, 3, (middle_row,), (grid.cell(1, 0),))
    made = symmetrize(layout, Symmetry.ROT2.maps(3, 3))
    assert made is not None and made.clue_cells == (grid.cell(1, 1),)
    # a self-symmetric island with no fixed cell cannot be clued: the middle two of a 1x4 row
    row = Grid.of(1, 4)
    two = 1 << row.cell(0, 1) | 1 << row.cell(0, 2)
    assert symmetrize(Layout(1, 4, (two,), (row.cell(0, 1),)), Symmetry.MIRROR.maps(1, 4)) is None


def test_symmetrize_maps_clues_onto_image_islands_and_refuses_lopsided_layouts() -> None:
    grid = Grid.of(3, 3)
    top_left, bottom_right = 1 << grid.cell(0, 0), 1 << grid.cell(2, 2)
    layout = Layout(3, 3, (top_left, bottom_right), (grid.cell(0, 0), grid.cell(2, 2)))
    perms = Symmetry.ROT2.maps(3, 3)
    assert symmetrize(layout, perms) == layout
    lopsided = Layout(3, 3, (top_left,), (grid.cell(0, 0),))
    assert symmetrize(lopsided, perms) is None
    assert mapped(top_left, perms[1]) == bottom_right


@pytest.mark.parametrize("kind,side", [(Symmetry.ROT2, 8), (Symmetry.ROT2, 11), (Symmetry.ROT4, 9), (Symmetry.MIRROR, 9)])
def test_the_builder_makes_valid_symmetric_layouts(kind: Symmetry, side: int) -> None:
    made = 0
    for seed in range(12):
        layout = symmetric_layout(side, side, random.Random(seed), kind.maps(side, side))
        if layout is None:
            continue
        made += 1
        assert is_valid(layout)
        assert kind.holds(side, side, layout.land)
        assert kind.holds(side, side, sum(1 << c for c in layout.clue_cells))
    assert made >= 3


def test_symmetric_boards_without_a_2x2_block_are_drawn_not_cascaded() -> None:
    """A 1xN board has no 2x2 block, so a cascade would stop at once with no clue; such boards are
    drawn freely, and come out exact."""
    for level in ("easy", "medium"):
        made = pencilkit.generate("nurikabe", 1, 9, level, seed=1, symmetry="rot2", seconds=20)[0]
        assert made.exact and made.puzzle.clues
