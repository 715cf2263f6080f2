"""The Python face of a board: made by a ruleset for one puzzle, copied, decided cell by cell (a cell
decided both ways is a :class:`~pencilkit.frame.board.Contradiction` in words, and leaves the board as
it was), read as an answer, a key and its undecided cells, and shown by ``repr``; boards wider than a
machine word included.  What the core keeps beside a board (quiet marks, derived data, probing memory)
is tested in Rust (``core/src/board.rs``)."""

from __future__ import annotations

import pytest

from pencilkit.frame.board import Board, Contradiction
from pencilkit.genres import find_genre
from pencilkit.puzzle import Answer, Puzzle

PUZZLE = Puzzle.from_id("nurikabe:3x3:.,.,.,.,.,.,5,.,1")
RULESET = find_genre("nurikabe").ruleset
FULL = (1 << 9) - 1


def test_a_board_holds_what_it_is_given() -> None:
    board = RULESET.board(PUZZLE, 0b110000, 0b101000000)
    assert isinstance(board, Board)
    assert (board.shaded, board.unshaded, board.undecided) == (0b110000, 0b101000000, FULL ^ 0b101110000)
    assert board.key() == (0b110000, 0b101000000)
    assert board.puzzle is PUZZLE and board.grid is PUZZLE.grid and board.ruleset is RULESET
    assert not board.is_complete()
    empty = RULESET.board(PUZZLE)
    assert empty.key() == (0, 0) and empty.undecided == FULL


def test_a_board_given_a_cell_both_ways_is_a_contradiction() -> None:
    with pytest.raises(Contradiction) as raised:
        RULESET.board(PUZZLE, 0b11, 0b10)
    assert raised.value.reason == "a cell is both shaded and unshaded" and raised.value.cells == 0b10


def test_assign_decides_cells_and_a_clash_leaves_the_board_as_it_was() -> None:
    board = RULESET.board(PUZZLE, 0, 0b101000000)
    board.assign(shade=0b110000)
    board.assign(unshade=0b1)
    board.assign(0b110000, 0b1)  # deciding a cell again the same way changes nothing
    assert board.key() == (0b110000, 0b101000001)
    for shade, unshade, clash in [(1 << 6, 0, 1 << 6), (0, 0b10000, 0b10000), (0b10, 0b10, 0b10)]:
        with pytest.raises(Contradiction) as raised:
            board.assign(shade, unshade)
        assert raised.value.reason == "a cell would be both shaded and unshaded" and raised.value.cells == clash
        assert board.key() == (0b110000, 0b101000001)


def test_masks_must_name_cells_of_the_board() -> None:
    board = RULESET.board(PUZZLE)
    with pytest.raises(ValueError, match="off the board"):
        board.assign(1 << 9)
    with pytest.raises(ValueError, match="never negative"):
        board.assign(0, -1)
    assert board.key() == (0, 0)


def test_a_copy_is_a_board_of_its_own() -> None:
    board = RULESET.board(PUZZLE, 0b110000, 0b101000000)
    twin = board.copy()
    assert twin is not board and twin.key() == board.key() and twin.puzzle is board.puzzle
    twin.assign(0b10, 0b1)
    assert twin.key() == (0b110010, 0b101000001) and board.key() == (0b110000, 0b101000000)
    board.assign(unshade=0b10)  # the original may go the other way
    assert board.unshaded == 0b101000010 and twin.shaded & 0b10


def test_a_board_reads_as_an_answer_and_shows_it() -> None:
    board = RULESET.board(PUZZLE, 0b110000, 0b101000000)
    assert board.answer() == Answer(3, 3, 0b110000, 0b101000000)
    assert board.answer().to_rows() == ["...", ".##", "-.-"]
    assert repr(board) == "Board('nurikabe:3x3:.,.,.,.,.,.,5,.,1', answer=['...', '.##', '-.-'])"
    board.assign(1 << 7, FULL ^ 0b10110000)
    assert board.is_complete() and not board.undecided
    assert board.answer().to_rows() == ["---", "-##", "-#-"]


def test_a_board_of_many_cells_takes_masks_of_any_width() -> None:
    puzzle = Puzzle.from_id("nurikabe:12x12:" + ",".join(["1"] + ["."] * 143))
    full = (1 << 144) - 1
    board = RULESET.board(puzzle, 1 << 143, 1)
    assert board.key() == (1 << 143, 1) and board.undecided == full ^ (1 << 143) ^ 1
    board.assign(1 << 70 | 1 << 100, 1 << 64)
    assert board.shaded == 1 << 143 | 1 << 100 | 1 << 70 and board.unshaded == 1 << 64 | 1
    with pytest.raises(Contradiction) as raised:
        board.copy().assign(1 << 64)
    assert raised.value.cells == 1 << 64
    with pytest.raises(ValueError, match="off the board"):
        board.assign(1 << 144)
