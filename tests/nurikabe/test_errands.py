"""The errand technique: land only one island can supply, checked against the oracle, SAT and the corpus.

Soundness is checked three ways that share nothing with the technique: the
brute-force oracle on small boards, the SAT engine on larger ones (the value
opposite to each deduction must leave no solution), and the published
solutions of corpus puzzles on partial boards cut from them.  Each check also
asserts that both kinds of deduction (a pass that is land, a cell beyond
reach that is sea) happened, so an idle technique fails.
"""

from __future__ import annotations

import json
import random

import pytest

from pencilkit import Puzzle
from pencilkit.engines.sat import count_sat
from pencilkit.frame import oracle
from pencilkit.frame.board import Board, Contradiction
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.genres.nurikabe.errands import errand_costs, errands
from pencilkit.genres.nurikabe.techniques import errand
from pencilkit.grid import Grid

from .test_oracle import oracle_solutions, partial_boards, random_puzzle


def kinds(steps: list) -> tuple[int, int]:  # type: ignore[type-arg]
    """How many cells the steps make land and sea."""
    return sum(s.unshade.bit_count() for s in steps), sum(s.shade.bit_count() for s in steps)


def test_errand_agrees_with_the_oracle_on_small_boards() -> None:
    rng = random.Random(7)
    land = sea = 0
    for rows, cols in [(4, 4), (4, 5), (5, 4)] * 40:
        puzzle = random_puzzle(rows, cols, rng)
        sols = oracle_solutions(puzzle)
        for board in partial_boards(puzzle, sols, rng, 6):
            live = oracle.consistent(sols, board.shaded, board.unshaded)
            try:
                steps = errand(board.copy()) or []
            except Contradiction:
                assert not live
                continue
            for step in steps:
                wrong = oracle.disagreement(live, step.shade, step.unshade)
                assert not wrong, f"{step.why} is wrong at {puzzle.grid.names(wrong)} on {puzzle.id()}"
            got = kinds(steps)
            land, sea = land + got[0], sea + got[1]
    assert land > 20 and sea > 20, (land, sea)


def test_a_block_only_one_island_reaches() -> None:
    # . . . . .    The block r3c4-r4c5 needs land. The 4 cannot get there (r3c3 and r2c4 touch
    # . 4 . . 2    other islands), so the 2 must, and its one cell to add must be r3c5; then
    # . . . . .    r1c5 and r2c4 are beyond it, and nothing else reaches them: sea.
    # . . 1 . .
    puzzle = Puzzle.from_id("nurikabe:4x5:.,.,.,.,.,.,4,.,.,2,.,.,.,.,.,.,.,1,.,.")
    assert len(oracle_solutions(puzzle)) == 1
    steps = errand(Board(puzzle, 0, puzzle.clue_mask)) or []
    assert steps[0].why == ("the 2x2 block at r3c4, r3c5, r4c4, r4c5 needs land and only the 2 at r2c5 can reach "
                            "it: every way there within its size passes r3c5, which is land; and it cannot also "
                            "reach r1c5, r2c4, which no other island reaches either, so they are sea")
    grid = puzzle.grid
    assert (steps[0].unshade, steps[0].shade) == (1 << grid.cell(2, 4), 1 << grid.cell(0, 4) | 1 << grid.cell(1, 3))


def test_costs_of_a_corridor() -> None:
    # A one-cell-wide corridor: every cell on it is a pass, and nothing off the way is affordable.
    grid = Grid.of(1, 6)
    core = 1 << 0
    room = grid.full & ~core
    costs = errand_costs(grid, core, 1 << 4, room, 4)
    assert costs.passes == 0b11110
    assert costs.affordable & (1 << 5) == 0
    # with one cell to spare the far end is affordable, and the way is still a pass
    costs = errand_costs(grid, core, 1 << 4, room, 5)
    assert costs.affordable >> 5 & 1
    assert costs.passes == 0b11110


def test_errands_need_a_single_owner() -> None:
    grid = Grid.of(2, 2)
    full = grid.full
    assert errands(grid, 0, full, [], {0: full, 1: 1}, {0, 1}) == []
    found = errands(grid, 0, full, [], {0: full, 1: 0}, {0, 1})
    assert [(e.island, e.cells, e.stray) for e in found] == [(0, full, False)]


def test_errands_are_the_blocks_one_wanted_island_alone_reaches() -> None:
    """``errands`` picks its blocks with whole-board masks; here each block is looked at on its own, from
    the definition: no land in it, and its open cells reached by exactly one island, a wanted one."""
    rng = random.Random(3)
    seen = 0
    for _ in range(300):
        grid = Grid.of(rng.randint(2, 9), rng.randint(2, 9))
        cells_ = range(grid.size)
        land = sum(1 << c for c in cells_ if rng.random() < 0.15)
        unknown = sum(1 << c for c in cells_ if rng.random() < 0.7) & ~land
        reaches = {k: sum(1 << c for c in cells_ if rng.random() < rng.choice((0.1, 0.3))) for k in range(4)}
        wanted = {k for k in reaches if rng.random() < 0.7}
        expected = []
        for corner in range(grid.size):
            if not grid.window_corners >> corner & 1:
                continue
            block = grid.window(corner)
            open_ = block & unknown
            owners = [k for k, reach in reaches.items() if reach & open_]
            if not block & land and len(owners) == 1 and owners[0] in wanted:
                expected.append((owners[0], open_ & reaches[owners[0]]))
        kept: list[tuple[int, int]] = []
        for k, mask in sorted(expected, key=lambda e: e[1].bit_count()):
            if not any(j == k and not other & ~mask for j, other in kept):
                kept.append((k, mask))
        found = errands(grid, land, unknown, [], reaches, wanted)
        assert [(e.island, e.cells) for e in found] == kept
        seen += len(found)
    assert seen > 100


def sparse_boards(rng: random.Random, count: int) -> list[tuple[Puzzle, Board]]:
    """Partial boards of corpus puzzles with few clues, cut from their published solutions."""
    from ..conftest import corpus_lines

    out = []
    records = [json.loads(line) for line in corpus_lines("nurikabe")]
    records = [r for r in records if r["rows"] * r["cols"] <= 144 and r["puzzle"].count(",") > 0]
    for _ in range(count):
        record = rng.choice(records)
        puzzle = Puzzle.from_id(record["puzzle"])
        grid = puzzle.grid
        sea = sum(1 << grid.cell(r, c) for r, row in enumerate(record["solution"])
                  for c, ch in enumerate(row) if ch == "#")
        share = rng.uniform(0.1, 0.7)
        chosen = sum(1 << c for c in range(grid.size) if rng.random() < share)
        out.append((puzzle, Board(puzzle, chosen & sea, (chosen & ~sea) | puzzle.clue_mask)))
    return out


def test_errand_agrees_with_published_solutions_and_sat() -> None:
    pytest.importorskip("pysat")
    rng = random.Random(3)
    land = sea = checked = 0
    for puzzle, board in sparse_boards(rng, 300):
        steps = errand(board.copy()) or []
        for step in steps:
            # the opposite of every deduction leaves no solution (the SAT engine counts from the board)
            if checked < 40:
                for shade, unshade in ((step.unshade, 0), (0, step.shade)):
                    if shade or unshade:
                        lowest = (shade | unshade) & -(shade | unshade)
                        result = count_sat(NURIKABE, puzzle, 1, 30, shaded=board.shaded | (lowest if shade else 0),
                                           unshaded=board.unshaded | (lowest if unshade else 0))
                        assert result.exhaustive and result.count == 0, (puzzle.id(), step.why)
                        checked += 1
        got = kinds(steps)
        land, sea = land + got[0], sea + got[1]
    assert land > 50 and sea > 50 and checked >= 20, (land, sea, checked)
