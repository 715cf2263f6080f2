"""Kurodoko reads and writes through the frame's formats: ID, text grid, JSON, answers, ``?`` clues."""

from __future__ import annotations

import json

import pytest

import pencilkit
from pencilkit.errors import FormatError, PuzzleError
from pencilkit.formats import read_puzzle, write_puzzle
from pencilkit.puzzle import Answer, Puzzle

from ..conftest import corpus_lines

SMALL = "kurodoko:3x3:.,5,.,.,.,.,.,.,2"
WIDE = "kurodoko:2x10:11,.,.,.,.,?,.,.,.,.,.,.,3,.,.,.,.,.,.,."


@pytest.mark.parametrize("text", [SMALL, WIDE])
@pytest.mark.parametrize("fmt", ["id", "text", "json"])
def test_round_trip_every_format(text: str, fmt: str) -> None:
    puzzle = Puzzle.from_id(text)
    written = write_puzzle(puzzle, fmt)
    again = read_puzzle(written)
    assert again == puzzle
    assert write_puzzle(again, fmt) == written
    assert again.id() == text


def test_text_grid_spaces_wide_clues() -> None:
    text = write_puzzle(Puzzle.from_id(WIDE), "text")
    assert text.splitlines() == ["genre: kurodoko", "grid:", "11 . . . . ? . . . .", ". . 3 . . . . . . ."]
    assert write_puzzle(Puzzle.from_id(SMALL), "text").splitlines()[2:] == [".5.", "...", "..2"]


def test_json_names_the_genre() -> None:
    data = json.loads(write_puzzle(Puzzle.from_id(SMALL), "json"))
    assert data == {"genre": "kurodoko", "puzzle": {"grid": [".5.", "...", "..2"]}}


def test_question_clues_are_white_cells_without_a_count() -> None:
    puzzle = Puzzle.from_id("kurodoko:2x2:?,.,.,.")
    assert puzzle.clue_map == {0: None}
    # the ? cell is white; any non-touching blacks that keep the whites together do
    assert pencilkit.check(puzzle, Answer.from_rows(["-#", "--"])) == []
    assert [v.rule for v in pencilkit.check(puzzle, Answer.from_rows(["#-", "--"]))] == ["R1"]


def test_aliases_read_as_kurodoko() -> None:
    assert read_puzzle("kuromasu:1x2:2,.").genre == "kurodoko"
    assert Puzzle.from_id("kuromasu:1x2:2,.").genre == "kuromasu"  # the value keeps what it was given
    assert pencilkit.solve(Puzzle.from_id("kuromasu:1x2:2,.")).status.value == "unique"
    assert read_puzzle("1.\n", genre="kurodoko").id() == "kurodoko:1x2:1,."


@pytest.mark.parametrize("rows,cols,bad", [(3, 3, 6), (1, 1, 2), (2, 5, 7), (3, 3, 0)])
def test_clue_range_is_one_to_rows_plus_cols_minus_one(rows: int, cols: int, bad: int) -> None:
    tokens = [str(bad)] + ["."] * (rows * cols - 1)
    with pytest.raises((PuzzleError, FormatError)) as info:
        read_puzzle(f"kurodoko:{rows}x{cols}:" + ",".join(tokens))
    assert "row 1, column 1" in str(info.value) or "0" in str(info.value)
    top = rows + cols - 1
    assert read_puzzle(f"kurodoko:{rows}x{cols}:" + ",".join([str(top)] + ["."] * (rows * cols - 1)))


def test_out_of_range_message_names_the_limit() -> None:
    with pytest.raises(PuzzleError, match=r"kurodoko clue on a 3x3 board is 1 to 5"):
        read_puzzle("kurodoko:3x3:.,.,.,.,6,.,.,.,.")
    unchecked = Puzzle.from_id("kurodoko:3x3:.,.,.,.,6,.,.,.,.")  # syntax only: the genre checks on solving
    with pytest.raises(PuzzleError, match=r"kurodoko clue on a 3x3 board is 1 to 5"):
        pencilkit.solve(unchecked)
    with pytest.raises(PuzzleError):
        pencilkit.check(unchecked, "---/---/---")


def test_answers_read_and_write() -> None:
    answer = Answer.from_rows(["---", "--#", "#--"])
    assert answer.to_rows() == ["---", "--#", "#--"]
    assert pencilkit.check(Puzzle.from_id(SMALL), answer) == []


def test_every_corpus_id_round_trips() -> None:
    for line in corpus_lines("kurodoko"):
        record = json.loads(line)
        puzzle = read_puzzle(record["puzzle"])
        assert puzzle.id() == record["puzzle"]
        assert read_puzzle(write_puzzle(puzzle, "text")) == puzzle
        assert read_puzzle(write_puzzle(puzzle, "json")) == puzzle
        assert read_puzzle(line) == puzzle  # a corpus line is JSON too


def test_puzz_link_urls_when_the_url_format_is_present() -> None:
    pytest.importorskip("pencilkit.formats.url")
    puzzle = read_puzzle("https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i")
    assert puzzle.genre == "kurodoko" and (puzzle.rows, puzzle.cols) == (5, 5)
    assert puzzle.clue_at(0, 3) == 7 and puzzle.clue_at(4, 1) == 4
    assert read_puzzle(write_puzzle(puzzle, "url")) == puzzle
    solution = pencilkit.solve(puzzle)
    assert solution.status is pencilkit.Status.UNIQUE
    assert solution.answer is not None and pencilkit.check(puzzle, solution.answer) == []
