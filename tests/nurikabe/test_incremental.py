"""What the Nurikabe techniques carry over from earlier boards equals what they compute afresh.

Probing and propagation hand each board what an earlier state derived (island
analysis, sea parts, island prospects, sea cuts); a carried-over value that
went stale would make a technique conclude from the wrong board.  Here boards
are walked through real solves, one step at a time and through probe-like
trials, and every derived value is compared with a fresh board's.
"""

from __future__ import annotations

import random

import pytest

from pencilkit import Puzzle
from pencilkit.frame.board import Board, Contradiction
from pencilkit.genres.nurikabe.analysis import analysis
from pencilkit.genres.nurikabe.techniques import (
    TECHNIQUES,
    _sea_cuts,
    prospects,
    sea_parts,
)

from ..conftest import load_corpus


def derived(board: Board) -> tuple[object, ...]:
    a = analysis(board)
    islands = sorted((i.index, i.cells) for i in a.islands)
    views = {k: (p.reach, p.shapes) for k, p in prospects(board).items()}
    cuts = _sea_cuts(board) if board.shaded & (board.shaded - 1) else 0
    return islands, sorted(a.strays), a.touched, a.touched_twice, a.complete_walls, sorted(sea_parts(board)), views, cuts


def walk(board: Board, rng: random.Random, steps: int, checked: list[int]) -> None:
    """Take ``steps`` technique steps (and random guesses when stuck), checking every board.

    ``checked[0]`` counts the boards compared (kept when a guess breaks the board)."""
    for _ in range(steps):
        fresh = Board(board.puzzle, board.shaded, board.unshaded)
        assert derived(board) == derived(fresh)
        checked[0] += 1
        for technique in TECHNIQUES:
            found = technique.find(board)
            if found:
                board.assign(found[0].shade, found[0].unshade)
                break
        else:
            open_ = list(range(board.grid.size))
            open_ = [c for c in open_ if board.undecided >> c & 1]
            if not open_:
                return
            cell = rng.choice(open_)
            if rng.random() < 0.5:
                board.assign(1 << cell, 0)
            else:
                board.assign(0, 1 << cell)


@pytest.mark.parametrize("index", range(0, 800, 40))
def test_carried_values_equal_fresh_ones(index: int) -> None:
    record = load_corpus("nurikabe")[index]
    puzzle = Puzzle.from_id(record["puzzle"])
    rng = random.Random(index)
    board = Board.start(puzzle)
    checked = [0]
    try:
        walk(board, rng, 40, checked)
    except Contradiction:
        pass  # a random guess broke the board: what was checked up to there stands
    for _ in range(3):  # trials from one base, as probing makes them
        try:
            walk(board.copy(), rng, 10, checked)
        except Contradiction:
            pass
    assert checked[0] >= 10
