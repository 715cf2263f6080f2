"""island_shapes: every way to finish a small island, and what they all agree on.

The technique lists each small island's completions (the cells it adds, and
the wall of sea round the finished island, which may touch no other land nor
close a 2x2 block of sea) and decides what every completion agrees on.  A
hand-made board pins a completion ruled out by a block at the far edge of
what the enumeration reads; boards cut from published solutions, near every
edge, check every step against the solution.  The enumeration itself is
compared with one over subsets in the core (``core/src/genres/nurikabe/tests.rs``).
"""

from __future__ import annotations

import random

from pencilkit.frame.board import Contradiction
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.puzzle import Puzzle

from ..conftest import load_corpus

RULESET = NURIKABE.ruleset


def test_a_block_closed_two_rows_above_the_island_rules_a_completion_out() -> None:
    """The 3 at r6c3 holds r6c3-r6c4 and needs one more cell.  Taking r5c3 puts its wall at r4c3,
    which closes the block r3c3-r4c4 with the sea at r3c3, r3c4 and r4c4: a block reaching
    ``need + 2`` rows above the island, the farthest the enumeration reads.  So the 3 has five ways
    to finish, and r5c3 is in every wall: sea.  Without the sea at r4c4 all six ways stand and agree
    on nothing."""
    puzzle = Puzzle.make("nurikabe", 8, 5, {5 * 5 + 2: 3})
    grid = puzzle.grid
    land = puzzle.clue_mask | 1 << grid.cell(5, 3)
    sea = sum(1 << grid.cell(r, c) for r, c in ((2, 2), (2, 3), (3, 3)))
    (step,) = RULESET.find("island_shapes", RULESET.board(puzzle, sea, land))
    assert (step.shade, step.unshade) == (1 << grid.cell(4, 2), 0)
    assert step.why == "each of the 5 ways to finish the 3 at r6c3 is walled by r5c3"
    assert RULESET.find("island_shapes", RULESET.board(puzzle, sea & ~(1 << grid.cell(3, 3)), land)) == []


def test_island_shapes_agrees_with_published_solutions_near_every_edge() -> None:
    """Boards showing a random 70% of a published solution (unique, so every step on them must agree
    with it, and none may find a rule broken), each followed as the technique decides more; the steps
    come from islands near the top and the bottom of the board too, where the enumeration's reading
    window is cut by the edge."""
    rng = random.Random(5)
    records = [r for r in load_corpus("nurikabe") if r["puzzle"].split(":")[1] in ("10x10", "12x12", "14x24")]
    steps = near_top = near_bottom = 0
    for record in records[:40]:
        puzzle = Puzzle.from_id(record["puzzle"])
        grid = puzzle.grid
        solution = sum(1 << grid.cell(r, c) for r, row in enumerate(record["solution"])
                       for c, ch in enumerate(row) if ch == "#")
        for _ in range(6):
            shown = sum(1 << c for c in range(grid.size) if rng.random() < 0.7)
            board = RULESET.board(puzzle, shown & solution, puzzle.clue_mask | shown & ~solution)
            while True:  # the technique speaks for one island at a time: take its steps until it is done
                try:
                    found = RULESET.find("island_shapes", board)
                except Contradiction as broken:
                    raise AssertionError(f"{broken.reason} on {puzzle.id()} {board.answer().to_rows()}") from None
                if not found:
                    break
                for step in found:
                    assert not step.shade & ~solution and not step.unshade & solution, (puzzle.id(), step.why)
                    steps += 1
                    top, bottom = grid.row_span(step.shade | step.unshade)
                    near_top += top <= 2
                    near_bottom += bottom >= grid.rows - 3
                    board.assign(step.shade, step.unshade)
    assert steps > 1000 and near_top > 200 and near_bottom > 200, (steps, near_top, near_bottom)
