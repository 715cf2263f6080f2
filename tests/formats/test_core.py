"""Puzzle IDs, text grids, JSON and answers: reading then writing gives the canonical form back."""

from __future__ import annotations

import json

import pytest

from pencilkit import (
    FormatError,
    PuzzleError,
    SizeError,
    UnknownGenreError,
    parse,
    read_answer,
    write_puzzle,
)
from pencilkit.puzzle import Answer, Puzzle

from ..conftest import load_corpus

ID = "nurikabe:3x3:1,.,1,.,.,.,1,.,1"
TEXT = "genre: nurikabe\ngrid:\n1.1\n...\n1.1"
JSON = '{"genre":"nurikabe","puzzle":{"grid":["1.1","...","1.1"]}}'


@pytest.mark.parametrize("source", [ID, TEXT, JSON])
def test_every_format_reads_the_same_puzzle(source: str) -> None:
    puzzle = parse(source)
    assert puzzle.id() == ID
    assert write_puzzle(puzzle, "text") == TEXT
    assert write_puzzle(puzzle, "json") == JSON


def test_wide_clues_make_space_separated_rows() -> None:
    puzzle = parse("nurikabe:3x5:12,.,?,.,.,.,.,.,.,.,.,.,.,.,3")
    text = write_puzzle(puzzle, "text")
    assert text.splitlines()[2:] == ["12 . ? . .", ". . . . .", ". . . . 3"]
    assert parse(text) == puzzle
    assert parse(write_puzzle(puzzle, "json")) == puzzle


def test_question_clues_are_kept() -> None:
    puzzle = parse("nurikabe:2x2:?,.,.,.")
    assert puzzle.clue_map == {0: None}
    assert puzzle.id() == "nurikabe:2x2:?,.,.,."


def test_single_column_with_wide_clue_round_trips() -> None:
    puzzle = Puzzle.make("nurikabe", 12, 1, {3: 10})
    assert parse(write_puzzle(puzzle, "text")) == puzzle


def test_json_grid_of_token_lists() -> None:
    data = {"genre": "nurikabe", "puzzle": {"grid": [["1", None, "12", "."], [".", ".", "?", "."], [".", ".", ".", "."]]}}
    puzzle = parse(json.dumps(data))
    assert puzzle.id() == "nurikabe:3x4:1,.,12,.,.,.,?,.,.,.,.,."


def test_whole_corpus_round_trips_through_every_format() -> None:
    for record in load_corpus("nurikabe"):
        puzzle = Puzzle.from_id(record["puzzle"])
        assert puzzle.id() == record["puzzle"]
        for fmt in ("text", "json"):
            assert parse(write_puzzle(puzzle, fmt)) == puzzle


@pytest.mark.parametrize("text,message", [
    ("", "empty input"),
    ("   \n ", "empty input"),
    ("nurikabe:3x3:1,.,1", "9 cells but 3 tokens"),
    ("nurikabe:1x2:1", "a 1x2 board has 2 cells but 1 token was given"),
    ("nurikabe:1x1:", "a 1x1 board has 1 cell but 0 tokens were given"),
    ("nurikabe:3x3:1,.,1,.,x,.,1,.,1", "unknown token 'x' at row 2, column 2"),
    ("nurikabe:3x3:0,.,.,.,.,.,.,.,.", "clue 0 at row 1, column 1"),
    ("nurikabe:2x2:5,.,.,.", "clue 5 at row 1, column 1 is out of range"),
    ("nurikabe:0x3:", "at least one row"),
    ("nurikabe:101x2:" + ",".join("." * 202), "over the size cap"),
    ("sudoku:2x2:.,.,.,.", "unknown genre 'sudoku'"),
    ("genre: nurikabe\ngrid:\n1..\n..\n", "row 2 has 2 cells but row 1 has 3"),
    ("hello world", "not a puzzle"),
    ('{"genre": "nurikabe"', "bad JSON"),
    ('{"genre": "nurikabe", "puzzle": {"grid": []}}', "no 'grid'"),
    ("genre: nurikabe\nrows 3\ngrid:\n...", "expected 'key: value'"),
])
def test_bad_input_names_the_problem(text: str, message: str) -> None:
    with pytest.raises((FormatError, PuzzleError, SizeError, UnknownGenreError)) as caught:
        parse(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_binary_junk_is_refused() -> None:
    with pytest.raises(FormatError, match="not UTF-8"):
        parse(b"\xff\xfe\x00\x81junk")
    with pytest.raises(FormatError, match="NUL"):
        parse("nurikabe:1x1:\x00")


def test_answers_read_and_write() -> None:
    answer = read_answer("#-.\n--#")
    assert answer.to_rows() == ["#-.", "--#"]
    assert read_answer('["#-.", "--#"]') == answer
    assert read_answer("#-./--#") == answer
    assert answer.finished().to_rows() == ["#--", "--#"]
    with pytest.raises(FormatError, match="row 2 has 2 cells"):
        read_answer("#-.\n--")
    with pytest.raises(FormatError, match="unknown mark"):
        Answer.from_rows(["#?"])
