"""The sea-cut structure updated as the space loses cells equals a blunt recomputation.

``CutStructure.without`` claims the cuts and the pockets of the smaller space
exactly, or declines (``None``).  Its cost rule (a fresh pass on small boards)
is switched off here, so that small random boards exercise the update.  Random boards lose random open cells one at
a time; every structure the update gives is compared, cuts and pockets, with
flood-per-cell references, and the test asserts that the updates really ran
(and really changed cuts and pockets), so it cannot pass by declining.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from pencilkit.genres.nurikabe.cuts import (
    CutStructure,
    cut_structure,
    locally_joined,
    parts_around,
)
from pencilkit.grid import Grid, Mask, cells

from .test_sea_cuts import blunt_cuts


def blunt_pocket(grid: Grid, space: Mask, targets: Mask, cell: int) -> Mask:
    """Cells of ``space`` (not targets, not ``cell``) without which ``cell`` reaches no target."""
    out = 0
    for other in cells(space & ~targets & ~(1 << cell)):
        if not grid.flood(1 << cell, space & ~(1 << other)) & targets:
            out |= 1 << other
    return out


def boards(seed: int, count: int) -> Iterator[tuple[random.Random, Grid, Mask, Mask]]:
    """Random boards up to 9x9: a space of 60-90% of the cells, 10-40% of it targets."""
    rng = random.Random(seed)
    for _ in range(count):
        grid = Grid.of(rng.randint(3, 9), rng.randint(3, 9))
        fill, share = rng.uniform(0.6, 0.9), rng.uniform(0.1, 0.4)
        space = targets = 0
        for cell in range(grid.size):
            if rng.random() < fill:
                space |= 1 << cell
                if rng.random() < share:
                    targets |= 1 << cell
        if targets:
            yield rng, grid, space, targets


def check(grid: Grid, structure: CutStructure, targets: Mask) -> None:
    """``structure`` against the references: its cuts, its pockets, and cuts with more targets."""
    space = structure.space
    expected = blunt_cuts(grid, space, targets)
    assert expected is not None
    assert structure.cuts & ~targets == expected & ~targets
    reached = grid.flood(targets & -targets, space)
    assert structure.reached == reached
    for cell in cells(reached & ~targets):
        assert structure.pocket(cell) & ~targets == blunt_pocket(grid, space, targets, cell)


def test_updates_match_a_blunt_recomputation() -> None:
    updated = unjoined = changed_cuts = fixed_pockets = detached = 0
    for rng, grid, space, targets in boards(3, 300):
        structure = cut_structure(grid, space, targets)
        if structure is None:
            continue
        open_ = list(cells(space & ~targets))
        rng.shuffle(open_)
        for cell in open_[:6]:
            smaller = structure.without(grid, 1 << cell, cost=0)
            if blunt_cuts(grid, structure.space & ~(1 << cell), targets) is None:
                assert smaller is None  # the targets came apart: only a fresh pass may say so
                break
            if smaller is None:  # declined: a fresh pass takes over
                structure = cut_structure(grid, structure.space & ~(1 << cell), targets)
                assert structure is not None
                continue
            assert smaller.space == structure.space & ~(1 << cell)
            check(grid, smaller, targets)
            updated += 1
            unjoined += not locally_joined(grid, 1 << cell, structure.space)
            detached += smaller.reached != structure.reached & ~(1 << cell)
            changed_cuts += (smaller.cuts & ~targets) != (structure.cuts & ~targets & ~(1 << cell))
            fixed_pockets += any(found for _, found in smaller.fixes[len(structure.fixes):])
            structure = smaller
    assert updated > 500 and unjoined > 100 and detached > 50 and changed_cuts > 30 and fixed_pockets > 50


def test_stacked_updates_then_more_targets_match_a_fresh_pass() -> None:
    """Several cells lost at once, then sea added: what the sea-cut step asks on a probe."""
    compared = 0
    for rng, grid, space, targets in boards(5, 300):
        structure = cut_structure(grid, space, targets)
        if structure is None:
            continue
        lost = 0
        for cell in cells(space & ~targets):
            if rng.random() < 0.06:
                lost |= 1 << cell
        smaller = structure.without(grid, lost, cost=0)
        if smaller is None:
            continue
        more = targets
        for cell in cells(smaller.space & ~targets):
            if rng.random() < 0.2:
                more |= 1 << cell
        expected = blunt_cuts(grid, smaller.space, more)
        assert smaller.cuts_with(more) == (None if expected is None else expected & ~more)
        compared += 1
    assert compared > 100


def test_locally_joined_cells_change_no_connection() -> None:
    """The lemma the update rests on: removing a locally joined cell splits no component."""
    seen = 0
    for rng, grid, space, _ in boards(9, 200):
        for cell in cells(space):
            bit = 1 << cell
            if not locally_joined(grid, bit, space):
                continue
            before = grid.components(space & ~bit & ~grid.dilate8(bit))
            rest = space & ~bit
            for part in before:
                whole = grid.flood(part, rest)
                assert whole == grid.flood(part, space) & ~bit
            seen += 1
    assert seen > 1000


def test_parts_around_are_the_components_without_the_blob() -> None:
    found_split = 0
    for rng, grid, space, _ in boards(13, 200):
        cell = rng.choice(list(cells(space)))
        blob = 1 << cell
        reached = grid.flood(1 << cell, space)
        near = [c for c in cells(grid.dilate8(blob) & reached) if c != cell]
        if near:
            blob |= 1 << rng.choice(near)
        answer = parts_around(grid, blob, space, reached, 10_000)
        assert answer is not None
        parts, _ = answer
        expected = grid.components(reached & ~blob)
        assert sorted(parts) == sorted(expected)
        found_split += len(expected) > 1
    assert found_split > 20
