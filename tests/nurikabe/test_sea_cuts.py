"""The sea-cut structure against a blunt reference: one flood per candidate cell.

Covers the fresh Tarjan pass and the incremental path (same space, more
targets) on random partial boards, and asserts that the comparisons actually
met cuts and contradictions, so the test cannot pass vacuously.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from pencilkit.genres.nurikabe.techniques import cut_structure
from pencilkit.grid import Grid, Mask, cells


def blunt_cuts(grid: Grid, space: Mask, targets: Mask) -> Mask | None:
    """Cells of ``space`` whose removal leaves the targets in more than one piece, by flooding."""
    first = targets & -targets
    if grid.flood(first, space) & targets != targets:
        return None
    out = 0
    for cell in cells(space):
        bit = 1 << cell
        rest = targets & ~bit
        if not rest:
            continue
        low = rest & -rest
        if grid.flood(low, space & ~bit) & rest != rest:
            out |= bit
    return out


def random_cases(seed: int, count: int = 400) -> Iterator[tuple[Grid, Mask, Mask]]:
    """Random boards up to 8x8: a space of about 70% of the cells, about 30% of it targets."""
    rng = random.Random(seed)
    for _ in range(count):
        grid = Grid.of(rng.randint(2, 8), rng.randint(2, 8))
        space = targets = 0
        for cell in range(grid.size):
            if rng.random() < 0.7:
                space |= 1 << cell
                if rng.random() < 0.3:
                    targets |= 1 << cell
        if targets:
            yield grid, space, targets


def test_fresh_pass_matches_blunt_reference() -> None:
    found_cuts = found_split = 0
    for grid, space, targets in random_cases(7):
        expected = blunt_cuts(grid, space, targets)
        structure = cut_structure(grid, space, targets)
        assert (None if structure is None else structure.cuts) == expected
        found_cuts += bool(expected)
        found_split += expected is None
    assert found_cuts > 50 and found_split > 50


def test_more_targets_in_same_space_match_a_fresh_pass() -> None:
    rng = random.Random(11)
    changed = split = 0
    for grid, space, targets in random_cases(11):
        structure = cut_structure(grid, space, targets)
        if structure is None:
            continue
        more = targets
        for cell in cells(space & ~targets):
            if rng.random() < 0.2:
                more |= 1 << cell
        expected = blunt_cuts(grid, space, more)
        if expected is not None:
            expected &= ~more  # a target's own cut status is not asked for
        assert structure.cuts_with(more) == expected
        changed += expected != structure.cuts & ~more
        split += expected is None
    assert changed > 50 and split > 10
