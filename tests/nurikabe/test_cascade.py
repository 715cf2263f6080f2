"""Cascades: layouts built by the easy ladder's own facts, which the ladder up to easy then finishes."""

from __future__ import annotations

import random
import statistics
import threading

import pytest

from pencilkit.frame.budget import Budget, Cancel, OutOfTime
from pencilkit.frame.ladder import Trace
from pencilkit.frame.levels import Level
from pencilkit.frame.symmetry import Symmetry
from pencilkit.genres import find_genre, start_board
from pencilkit.genres.nurikabe.cascade import cascade_layout
from pencilkit.genres.nurikabe.painting import Layout, is_valid
from pencilkit.genres.nurikabe.style import PUBLISHED
from pencilkit.genres.nurikabe.symmetric import mapped

from .test_oracle import oracle_solutions

NURIKABE = find_genre("nurikabe")


def _made(rows: int, cols: int, seed: int, count: int) -> list[Layout]:
    rng = random.Random(seed)
    return [layout for layout in (cascade_layout(rows, cols, rng) for _ in range(count)) if layout is not None]


def _finished_at_easy(layout: Layout) -> tuple[bool, Level]:
    board = start_board(layout.puzzle())
    trace = Trace(record=False)
    NURIKABE.ruleset.run(board, max_level=Level.EASY, trace=trace)
    return not board.undecided and board.shaded == layout.solution().shaded, trace.hardest


def test_the_easy_ladder_finishes_every_cascade() -> None:
    """On shapes from 5x5 to 12x12, every layout a cascade makes is valid and the ladder up to easy
    solves its puzzle to that layout (so it is unique, and easy at most)."""
    seen = 0
    for rows, cols in ((5, 5), (6, 8), (8, 8), (10, 10), (9, 12), (12, 12)):
        for layout in _made(rows, cols, rows * cols, 12):
            assert is_valid(layout), layout
            finished, hardest = _finished_at_easy(layout)
            assert finished, layout.puzzle().id()
            assert hardest <= Level.EASY
            seen += 1
    assert seen >= 50


def test_small_cascades_have_one_solution_by_brute_force() -> None:
    """The brute-force oracle, which knows no technique, finds each small cascade's puzzle unique."""
    seen = set()
    for rows, cols in ((4, 4), (3, 5)):
        for layout in _made(rows, cols, 7, 20):
            assert oracle_solutions(layout.puzzle()) == [layout.solution().shaded]
            seen.add(layout)
    assert len(seen) >= 10


def test_a_seed_gives_one_layout() -> None:
    assert _made(10, 10, 3, 4) == _made(10, 10, 3, 4)


def test_cascades_look_published() -> None:
    """10x10 cascades: at least a third inside the band of published looks, and those have islands
    of published sizes (a mean of 3-4.5 cells, some of 7 or more)."""
    made = _made(10, 10, 11, 40)
    inside = [layout for layout in made if PUBLISHED.holds(layout)]
    assert len(inside) >= len(made) / 3
    sizes = [island.bit_count() for layout in inside for island in layout.islands]
    assert 3.0 < statistics.mean(sizes) < 4.5
    assert max(sizes) >= 7


def test_symmetric_cascades_are_symmetric_and_finished_by_the_easy_ladder() -> None:
    """With a symmetry's maps, every layout a cascade makes maps onto itself, clues onto clues, and
    the ladder up to easy still finishes it."""
    seen = 0
    for symmetry, rows, cols in ((Symmetry.ROT2, 9, 9), (Symmetry.ROT2, 8, 10), (Symmetry.ROT4, 9, 9),
                                 (Symmetry.MIRROR, 8, 9)):
        perms = symmetry.maps(rows, cols)
        rng = random.Random(rows + cols)
        for _ in range(10):
            layout = cascade_layout(rows, cols, rng, perms=perms)
            if layout is None:
                continue
            assert is_valid(layout)
            for perm in perms:
                assert {mapped(island, perm) for island in layout.islands} == set(layout.islands)
                assert {perm[cell] for cell in layout.clue_cells} == set(layout.clue_cells)
            assert _finished_at_easy(layout)[0], layout.puzzle().id()
            seen += 1
    assert seen >= 15


def test_a_cascade_stops_when_its_work_is_called_off() -> None:
    """The core looks at the budget before every move: 50x50 cascades (seconds of work each) called off
    after 50 ms from another thread stop there."""
    cancel = Cancel()
    threading.Timer(0.05, cancel.set).start()
    with pytest.raises(OutOfTime):
        for draw in range(20):  # a stuck cascade returns None, and the next one starts
            cascade_layout(50, 50, random.Random(draw), budget=Budget(cancel=cancel))
    with pytest.raises(OutOfTime):
        cascade_layout(10, 10, random.Random(1), budget=Budget(cancel=cancel))  # called off before it starts
