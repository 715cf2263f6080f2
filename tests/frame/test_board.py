"""A board remembers, for each technique that said so, the cells decided when it last found nothing."""

from __future__ import annotations

import pytest

from pencilkit.frame.board import QUIET_LIMIT, Board, Contradiction
from pencilkit.puzzle import Puzzle

PUZZLE = Puzzle.from_id("heyawake:2x3:1,.,.,.,.,.:0,0,1,2,2,1")


def test_a_technique_never_quiet_looks_everywhere() -> None:
    assert Board(PUZZLE, 0b1, 0b10).since_quiet("t") is None


def test_the_cells_decided_since_a_technique_was_quiet() -> None:
    board = Board(PUZZLE, 0b1, 0b10)
    board.mark_quiet("t")
    assert board.since_quiet("t") == 0
    board.assign(0b100, 0b1000)
    assert board.since_quiet("t") == 0b1100
    assert board.since_quiet("u") is None


def test_many_cells_decided_since_mean_looking_everywhere() -> None:
    puzzle = Puzzle.from_id("heyawake:6x6:" + ",".join("." * 36) + ":" + ",".join("0" * 36))
    board = Board(puzzle)
    board.mark_quiet("t")
    board.assign(0, (1 << QUIET_LIMIT) - 1)
    assert board.since_quiet("t") == (1 << QUIET_LIMIT) - 1
    board.assign(0, 1 << QUIET_LIMIT)
    assert board.since_quiet("t") is None


def test_a_copy_keeps_the_marks_and_its_own_changes() -> None:
    board = Board(PUZZLE, 0b1, 0)
    board.mark_quiet("t")
    twin = board.copy()
    twin.assign(0, 0b10)
    twin.mark_quiet("u")
    assert twin.since_quiet("t") == 0b10 and twin.since_quiet("u") == 0
    assert board.since_quiet("t") == 0 and board.since_quiet("u") is None
    with pytest.raises(Contradiction):
        twin.assign(0b10, 0)
