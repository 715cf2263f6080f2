"""Janko's text format: janko.at's own data blocks read, the corpus written and read back, bad text refused.

The real blocks are in ``real_data.py``; the corpus round trips skip when ``../shared/corpus`` is absent.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from pencilkit import FormatError, PuzzleError, check, solve
from pencilkit.formats import read_answer, read_puzzle, write_puzzle
from pencilkit.formats.detect import MAX_INPUT
from pencilkit.formats.janko import format_janko, looks_like_janko, parse_janko
from pencilkit.puzzle import Answer, Puzzle

from .helpers import HEYAWAKE_SMALL, L_ROOMS, load_corpus
from .real_data import JANKO_HEYAWAKE_049, JANKO_HEYAWAKE_522, JANKO_KUROMASU_001, JANKO_NURIKABE_0726
from .scaling import FACTOR, assert_linear

# -- janko.at's own blocks ---------------------------------------------------------


def test_a_real_kuromasu_block_reads_as_kurodoko_with_its_solution() -> None:
    puzzle, answer = parse_janko(JANKO_KUROMASU_001)
    assert (puzzle.genre, puzzle.rows, puzzle.cols) == ("kurodoko", 9, 9)
    assert puzzle.clue_at(0, 0) == 9 and puzzle.clue_at(6, 1) == 15 and puzzle.clue_at(8, 8) == 4
    assert len(puzzle.clues) == 20
    assert answer is not None and answer.is_complete()
    assert answer.to_rows()[0] == "--------#" and answer.to_rows()[8] == "#-#-#--#-"
    assert check(puzzle, answer) == []
    assert solve(puzzle).answer == answer


def test_a_real_heyawake_block_makes_two_rooms_of_one_label_on_two_groups() -> None:
    puzzle, answer = parse_janko(JANKO_HEYAWAKE_049)
    assert puzzle.rooms is not None
    # row 4 is "f g g g g g g f": the two f cells are no neighbours, so they are two rooms (19 labels, 20 rooms)
    assert puzzle.room_count == 20
    assert puzzle.rooms[30] != puzzle.rooms[37]
    assert puzzle.room_masks[puzzle.rooms[30]] == 1 << 30 and puzzle.room_masks[puzzle.rooms[37]] == 1 << 37
    assert puzzle.clue_map == {0: 2, 4: 1, 50: 0, 52: 4, 84: 2}
    assert answer is not None and check(puzzle, answer) == []
    assert solve(puzzle).answer == answer


def test_a_real_heyawake_block_shades_numbered_cells() -> None:
    puzzle, answer = parse_janko(JANKO_HEYAWAKE_522)
    assert answer is not None and (answer.shaded & puzzle.clue_mask).bit_count() == 4
    assert check(puzzle, answer) == []


def test_a_real_nurikabe_block_keeps_its_question_mark_clues() -> None:
    puzzle, answer = parse_janko(JANKO_NURIKABE_0726)
    assert (puzzle.rows, puzzle.cols) == (10, 10)  # from "size 10"
    assert None in puzzle.clue_map.values()
    assert answer is not None and check(puzzle, answer) == []


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko", "heyawake"])
def test_real_blocks_match_the_corpus(genre: str) -> None:
    """The corpus was gathered from janko.at too: the blocks read as its records (number in the name)."""
    block, number = {"nurikabe": (JANKO_NURIKABE_0726, "0726"), "kurodoko": (JANKO_KUROMASU_001, "001"),
                     "heyawake": (JANKO_HEYAWAKE_522, "522")}[genre]
    record = next(r for r in load_corpus(genre) if r["name"] == f"janko-{genre}-{number}")
    puzzle, answer = parse_janko(block)
    assert puzzle == read_puzzle(json.dumps(record))
    assert answer == Answer.from_rows(record["solution"])


def test_a_page_or_its_script_element_reads_as_the_block() -> None:
    element = f'<script id="data" type="application/x-janko">\n{JANKO_KUROMASU_001}</script>'
    page = ("<!DOCTYPE html>\n<html><head><title>Kuromasu 001</title>\n<script src=\"x.js\"></script></head>\n"
            f"<body><div id=\"board\"></div>\n{element}\n<p>Regeln &amp; Lösung</p></body></html>")
    expected = parse_janko(JANKO_KUROMASU_001)
    assert parse_janko(element) == expected
    assert parse_janko(page) == expected
    assert read_puzzle(page) == expected[0]
    assert read_answer(page.encode("utf-8")) == expected[1]


def test_a_page_is_cut_where_it_says_whatever_letters_come_before() -> None:
    """Tags in capitals, and a letter that lower-cases to two (İ) ahead of the element, leave the block whole."""
    page = f'<html><title>İstanbul Kuromasu</title><SCRIPT Type="application/x-janko">\n{JANKO_KUROMASU_001}</Script>'
    assert parse_janko(page) == parse_janko(JANKO_KUROMASU_001)


# -- the corpus, written and read back ----------------------------------------------


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko", "heyawake"])
def test_the_corpus_round_trips_with_its_solutions(genre: str) -> None:
    for record in load_corpus(genre):
        puzzle, answer = read_puzzle(json.dumps(record)), Answer.from_rows(record["solution"])
        text = format_janko(puzzle, answer)
        assert parse_janko(text) == (puzzle, answer), record["name"]
        assert read_puzzle(text) == puzzle and read_answer(text) == answer
        assert write_puzzle(puzzle, "janko") + "\n" == format_janko(puzzle)


# -- constructed puzzles ------------------------------------------------------------


def test_the_writer_names_kurodoko_as_janko_does_and_squares_by_size() -> None:
    text = write_puzzle(Puzzle.from_id("kurodoko:2x2:3,.,.,?"), "janko")
    assert text == "begin\npuzzle kuromasu\nsize 2\nproblem\n3 -\n- ?\nend"
    assert read_puzzle(text.replace("kuromasu", "Kurodoko")) == read_puzzle(text)


@pytest.mark.parametrize("puzzle_id", [L_ROOMS, *(pid for pid, _ in HEYAWAKE_SMALL),
                                       "heyawake:1x1:?:0", "heyawake:3x1:.,1,.:0,1,1", "nurikabe:1x7:.,.,.,.,.,.,7",
                                       "nurikabe:3x1:1,.,1",
                                       "kurodoko:2x3:4,.,.,.,.,.", Puzzle.make("nurikabe", 12, 12, {143: 144}).id()])
def test_constructed_puzzles_round_trip_with_numbers_where_they_are(puzzle_id: str) -> None:
    """Unlike a URL, the text keeps each room's number on its own cell."""
    puzzle = read_puzzle(puzzle_id)
    assert read_puzzle(format_janko(puzzle)) == puzzle


def test_a_heyawake_solution_shades_numbered_cells() -> None:
    puzzle_id, rows = HEYAWAKE_SMALL[0]
    puzzle, answer = Puzzle.from_id(puzzle_id), Answer.from_rows(rows)
    assert answer.shaded & puzzle.clue_mask  # a number's own cell is black here
    assert parse_janko(format_janko(puzzle, answer)) == (puzzle, answer)


def test_a_partial_answer_is_written_finished() -> None:
    puzzle = Puzzle.from_id("nurikabe:2x2:1,.,.,.")
    answer = Answer.from_rows(["..", "#."])
    assert parse_janko(format_janko(puzzle, answer))[1] == answer.finished()


def test_numbers_repeated_in_a_solution_mark_what_the_genre_decides() -> None:
    """A number in the solution says nothing of shading: a Nurikabe clue cell is unshaded, a Heyawake one open."""
    nurikabe = "begin\npuzzle nurikabe\nsize 2\nproblem\n1 -\n- -\nsolution\n1 x\nx x\nend"
    assert parse_janko(nurikabe)[1] == Answer.from_rows(["-#", "##"])
    heyawake = ("begin\npuzzle heyawake\nrows 1\ncols 3\nproblem\n1 - -\nareas\na a a\n"
                "solution\n1 - #\nend")
    assert parse_janko(heyawake)[1] == Answer.from_rows([".-#"])


def test_what_janko_adds_is_skipped_and_begin_and_end_may_be_missing() -> None:
    text = ("puzzle nurikabe\nauthor Otto Janko\nunit 25\nsize 3\nlabels\na b c\nd e f\ng h i\n"
            "problem\n1 - -\n- - -\n- - 2\npatternx 3\nsolution\n- x x\nx x -\nx x -\nmoves\nZ2;ab,1;\nac,0;\n")
    assert looks_like_janko(text)
    puzzle, answer = parse_janko(text)
    assert puzzle.id() == "nurikabe:3x3:1,.,.,.,.,.,.,.,2"
    assert answer == Answer.from_rows(["-##", "##-", "##-"])
    no_size = "begin\npuzzle nurikabe\nproblem\n1 - -\n- - 2\nend"
    assert parse_janko(no_size)[0].id() == "nurikabe:2x3:1,.,.,.,.,2"


def test_the_genre_comes_from_the_puzzle_line_else_from_the_caller() -> None:
    text = "begin\nsize 2\nproblem\n1 -\n- -\nend"
    assert read_puzzle(text, genre="nuri").id() == "nurikabe:2x2:1,.,.,."
    assert parse_janko("begin\npuzzle kurodoko\n" + text[6:], genre="nurikabe")[0].genre == "kurodoko"
    with pytest.raises(FormatError, match="no 'puzzle' line"):
        read_puzzle(text)


def test_read_answer_wants_a_solution() -> None:
    with pytest.raises(FormatError, match="has no solution"):
        read_answer("begin\npuzzle nurikabe\nsize 1\nproblem\n1\nend")


def test_an_answer_of_another_shape_is_refused() -> None:
    with pytest.raises(FormatError, match="the answer is 1x2 but the puzzle 2x2"):
        format_janko(Puzzle.from_id("nurikabe:2x2:1,.,.,."), Answer.from_rows(["#-"]))


# -- bad text ------------------------------------------------------------------------

HEAD = "begin\npuzzle nurikabe\nsize 3\n"


@pytest.mark.parametrize(("text", "message"), [
    (HEAD + "problem\n1 - -\n- -\n- - 2\nend", "'problem' row 2 has 2 cells, the board has 3 columns"),
    (HEAD + "problem\n1 - -\n- - 2\nend", "'problem' grid has 2 rows, a 3x3 board needs 3"),
    (HEAD + "problem\n1 - -\n- - -\n- - -\n- - 2\nend", "'problem' grid has 4 rows"),
    (HEAD + "problem\n1 - -\n- a -\n- - 2\nend", "problem row 2, column 2: 'a' is not a number, '-' or '?'"),
    (HEAD + "problem\n1 - -\n- - -\n- - 1234567\nend", "'1234567' is not a number"),
    ("begin\npuzzle sudoku\nsize 3\nproblem\n1 - -\n- - -\n- - 2\nend", "unknown Janko puzzle 'sudoku'"),
    ("begin\npuzzle nurikabe\nsize 101\nproblem\n1\nend", "over the size cap"),
    ("begin\npuzzle nurikabe\nrows 2\ncols 0\nproblem\nend", "at least one row and one column"),
    ("begin\npuzzle nurikabe\nsize x\nproblem\n1\nend", "'size' 'x' is not a whole number"),
    ("begin\npuzzle nurikabe\nsize 2\nrows 3\nproblem\n1 -\n- -\nend", "says size 2 but rows 3"),
    ("begin\npuzzle nurikabe\nsize 2\nsize 3\nproblem\n1 -\n- -\nend", "a second 'size' line"),
    (HEAD + "problem\n1 - -\n- - -\n- - 2\nproblem\n1 - -\n- - -\n- - 2\nend", "a second 'problem' grid"),
    (HEAD + "problem 1 - -\n- - -\n- - 2\nend", "'problem' is followed by its rows"),
    (HEAD + "solution\nx x x\nx - x\nx x x\nend", "no 'problem' grid"),
    ("begin\npuzzle nurikabe\nend", "no size"),
    (HEAD + "problem\n1 - -\n- - -\n- - 2\nsolution\nx x x\nx o x\nx x -\nend", "unknown mark 'o'"),
    (HEAD + "problem\n1 - -\n- - -\n- - 2\nsolution\n- x x\nx 3 x\nx x -\nend", "'3' where the problem has no"),
    (HEAD + "problem\n1 - -\n- - -\n- - 2\nsolution\n2 x x\nx x x\nx x -\nend", "'2' but the problem has '1'"),
    (HEAD + "problem\n1 - -\n- - -\n- - 2\nareas\na a a\na a a\na a a\nend", "a Nurikabe board has no rooms"),
    ("begin\npuzzle heyawake\nsize 2\nproblem\n1 -\n- -\nend", "no 'areas' grid"),
    (HEAD + "problem\n10 - -\n- - -\n- - 2\nend", "clue 10 at row 1, column 1 is out of range"),
    ('<script type="application/x-janko">begin\npuzzle nurikabe\n', "no complete <script"),
    ('<script type="application/x-janko">a</script><script type="application/x-janko">b</script>', "2 Janko"),
])
def test_bad_text_is_one_line_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises((FormatError, PuzzleError)) as caught:
        read_puzzle(text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def refuse_both(text: str) -> None:
    with pytest.raises(FormatError):
        read_puzzle(text)
    with pytest.raises(FormatError):
        read_answer(text)


@pytest.mark.parametrize(("make", "n"), [
    (lambda n: "<script>" * n + "application/x-janko", 60_000),
    (lambda n: '<script type="application/x-janko">' * n, 12_500),
    (lambda n: '<script type="application/x-janko"></script>' * n, 10_000),
    (lambda n: "begin\npuzzle nurikabe\nproblem\n" + "1\n" * n, 125_000),
], ids=["script tags", "open janko scripts", "empty janko scripts", "problem rows"])
def test_long_hostile_text_is_refused_in_linear_time(make: Callable[[int], str], n: int) -> None:
    """Four times the text takes well under sixteen times as long (the largest is near the input limit)."""
    assert len(make(FACTOR * n)) < MAX_INPUT
    assert_linear(make, refuse_both, n)


def test_other_formats_are_not_taken_for_janko() -> None:
    for text in ["nurikabe:2x2:1,.,.,.", "genre: nurikabe\ngrid:\n1.\n..", "pzprv3\nnurikabe\n1\n1\n1 \n",
                 "1 .\n. .", "#-\n--", "hello world", "size matters\nnothing else"]:
        assert not looks_like_janko(text)
