"""The enumeration of an island's completions against a plain one.

``_completions`` carries each shape's wall along as it grows (adding the
new cell's neighbours) instead of taking the border of every shape, so it is
compared with an enumeration that does the plain thing, on islands near
every edge of the board and on a 2x2 block at the far edge of what it reads.
It also narrows an earlier answer down for a board that decides more; that
is compared along chains of boards, each deciding more than the last, with
side branches as probing makes them.
"""

from __future__ import annotations

import random

from pencilkit.frame.board import Board, Contradiction
from pencilkit.genres.nurikabe import techniques
from pencilkit.genres.nurikabe.analysis import analysis
from pencilkit.genres.nurikabe.techniques import (
    SHAPES_MAX_NEED,
    _ball,
    _completions,
    passable,
)
from pencilkit.grid import Grid, Mask
from pencilkit.puzzle import Puzzle

from ..conftest import load_corpus


def plain_completions(grid: Grid, cells_: Mask, need: int, room: Mask, land: Mask,
                      sea: Mask) -> list[tuple[Mask, Mask]]:
    """Every way to add ``need`` connected cells of ``room``, with walls that touch no land and
    close no 2x2 block of sea, enumerated on the whole board."""
    level = {0}
    for _ in range(need):
        level = {extra | 1 << c for extra in level for c in range(grid.size)
                 if (grid.border(cells_ | extra) & room) >> c & 1}
    out = []
    for extra in sorted(level):
        wall = grid.border(cells_ | extra)
        if not wall & land and not grid.pools(sea | wall):
            out.append((extra, wall))
    return out


def small_islands(board: Board) -> list[tuple[Mask, int, Mask, Mask, Mask]]:
    """The arguments of ``_completions`` for every island of ``board`` that enumerates its
    completions (``[]`` when the board breaks a rule)."""
    grid = board.grid
    try:
        a = analysis(board)
    except Contradiction:
        return []
    out = []
    for island in a.growing:
        need = island.need
        if need is not None and 0 < need <= SHAPES_MAX_NEED:
            near = _ball(grid, island.cells, need + 2)
            out.append((island.cells, need, passable(a, island) & near, a.land & near, a.sea & near))
    return out


def test_shifted_enumeration_matches_the_plain_one() -> None:
    rng = random.Random(5)
    records = [r for r in load_corpus("nurikabe") if r["puzzle"].split(":")[1] in ("10x10", "12x12", "14x24")]
    compared = near_top = near_bottom = 0
    for record in records[:40]:
        puzzle = Puzzle.from_id(record["puzzle"])
        grid = puzzle.grid
        solution = record["solution"]
        sea_cells = {r * grid.cols + c for r, row in enumerate(solution) for c, ch in enumerate(row) if ch == "#"}
        for _ in range(6):
            # a random part of the solution, so the islands have room and walls have sea nearby
            shown = [c for c in range(grid.size) if rng.random() < 0.7]
            board = Board(puzzle, sum(1 << c for c in shown if c in sea_cells),
                          puzzle.clue_mask | sum(1 << c for c in shown if c not in sea_cells))
            for args in small_islands(board):
                found = _completions(grid, *args)
                if found is None:
                    continue
                assert found == plain_completions(grid, *args), (puzzle.id(), board.answer().to_rows())
                compared += 1
                island, need = args[0], args[1]
                top = ((island & -island).bit_length() - 1) // grid.cols
                near_top += top <= need + 2
                near_bottom += island.bit_length() > grid.size - (need + 2) * grid.cols
    assert compared > 300 and near_top > 50 and near_bottom > 50


def test_a_block_closed_two_rows_above_the_island_rules_a_completion_out() -> None:
    """The 3 at r6c3 holds r6c3-r6c4 and needs one more cell.  Taking r5c3 puts its wall at r4c3,
    which closes the block r3c3-r4c4 with the sea at r3c3, r3c4 and r4c4: a block reaching
    ``need + 2`` rows above the island, the farthest the enumeration reads."""
    puzzle = Puzzle.make("nurikabe", 8, 5, {5 * 5 + 2: 3})
    grid = puzzle.grid
    sea = sum(1 << grid.cell(r, c) for r, c in ((2, 2), (2, 3), (3, 3)))
    board = Board(puzzle, sea, puzzle.clue_mask | 1 << grid.cell(5, 3))
    a = analysis(board)
    (island,) = a.growing
    near = _ball(grid, island.cells, 3)
    args = (island.cells, 1, passable(a, island) & near, a.land & near, a.sea & near)
    found = _completions(grid, *args)
    assert found == plain_completions(grid, *args)
    assert found is not None
    extras = [extra for extra, _ in found]
    assert 1 << grid.cell(4, 2) not in extras and 1 << grid.cell(4, 3) in extras and len(extras) == 5


def test_answers_narrowed_from_earlier_boards_match_the_plain_enumeration() -> None:
    """Reveal a solution a few cells at a time; at each board, and on a side branch that also
    decides one open cell the wrong way, every small island's completions (narrowed from the
    answers of the boards before) equal the plain enumeration."""
    rng = random.Random(11)
    records = [r for r in load_corpus("nurikabe") if r["puzzle"].split(":")[1] in ("10x10", "12x12")]
    _completions.cache_clear()
    techniques._known.clear()
    narrowed = 0
    calls = []
    original = techniques._narrowed

    def counting(*args: object) -> list[tuple[Mask, Mask]]:
        calls.append(1)
        return original(*args)  # type: ignore[arg-type]

    techniques._narrowed = counting  # type: ignore[assignment]
    try:
        for record in records[:12]:
            puzzle = Puzzle.from_id(record["puzzle"])
            grid = puzzle.grid
            solution = record["solution"]
            sea_cells = {r * grid.cols + c for r, row in enumerate(solution) for c, ch in enumerate(row) if ch == "#"}
            order = list(range(grid.size))
            rng.shuffle(order)
            for shown in range(20, grid.size, 4):
                revealed = order[:shown]
                sea = sum(1 << c for c in revealed if c in sea_cells)
                land = puzzle.clue_mask | sum(1 << c for c in revealed if c not in sea_cells)
                boards = [Board(puzzle, sea, land)]
                open_ = [c for c in order[shown:] if not land >> c & 1]
                if open_:
                    wrong = open_[0]
                    boards.append(Board(puzzle, sea, land | 1 << wrong) if wrong in sea_cells
                                  else Board(puzzle, sea | 1 << wrong, land))
                for board in boards:
                    for args in small_islands(board):
                        before = len(calls)
                        found = _completions(grid, *args)
                        narrowed += len(calls) > before
                        if found is not None:
                            assert found == plain_completions(grid, *args), (puzzle.id(), board.answer().to_rows())
    finally:
        techniques._narrowed = original  # type: ignore[assignment]
    assert narrowed > 200
