"""Every reader is bounded by the size cap: a text with more rows or cells than a board can have is refused at
the first row or cell past the cap, with the reader's own error naming the cap, before a grid is built; an
answer read for a known puzzle is refused at the first row that cannot fit it; a JSON number too long to read is
a FormatError.

What is measured is the work, never the time: the rows a reader takes from an iterator, and the peak of memory
it allocates reading a text near the input limit (a few copies of the text at most, where building its rows
would take many times more).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pencilkit.cli import main
from pencilkit.errors import FormatError, PencilkitError, SizeError
from pencilkit.formats import read_answer, read_puzzle
from pencilkit.formats.bounded import CAP, lines
from pencilkit.formats.detect import MAX_INPUT
from pencilkit.formats.janko import format_janko, parse_janko
from pencilkit.formats.json_format import parse_json
from pencilkit.formats.penpa import BASE, deflate, format_penpa, parse_penpa, penpa_answer
from pencilkit.formats.puzzle_id import parse_id
from pencilkit.formats.pzprv3 import parse_pzprv3
from pencilkit.formats.text import parse_grid, parse_text
from pencilkit.formats.url import parse_url
from pencilkit.grid import MAX_SIDE
from pencilkit.io import is_json_lines, parse_record
from pencilkit.jsontext import MAX_DIGITS
from pencilkit.puzzle import Answer, Puzzle

from ..test_fuzz import NEAR_PUZZLES, only_pencilkit_errors
from .scaling import peak_memory

NEAR_LIMIT = MAX_INPUT - 1_000
"""The length of a hostile text: about the longest a reader takes."""
SLACK = 2 * 1024 * 1024
"""Memory (bytes) a reader may take besides copies of its text: what the cap allows, a block of lines split."""
COPIES = 6
"""Copies of its text a line reader may hold at once (a line cut out, its rest after the first word, ...)."""
JSON_PEAK = 50 * 1024 * 1024
"""Memory (bytes) reading a hostile JSON text near the input limit may take: Python's parser builds all of it
(a list of a few hundred thousand rows) before a reader can look at its size."""


def hostile(head: str, unit: str, tail: str = "") -> str:
    """``unit`` repeated between ``head`` and ``tail`` to about :data:`NEAR_LIMIT` characters."""
    return head + unit * units(head, unit, tail) + tail


def units(head: str, unit: str, tail: str = "") -> int:
    """How many times :func:`hostile` repeats ``unit``."""
    return (NEAR_LIMIT - len(head) - len(tail)) // len(unit)


def json_grid(rows: str) -> str:
    return hostile('{"genre": "nurikabe", "puzzle": {"grid": [', rows, '"1."]}}')


JANKO_HEAD = "begin\npuzzle nurikabe\n"
TEXT_HEAD = "genre: nurikabe\ngrid:\n"
THREE = (3, 3)
"""The shape of the puzzle an answer is read for."""

# (reader, text, error, words of the message, read as JSON)
CASES: dict[str, tuple[Callable[[str], Any], str, type[PencilkitError], str, bool]] = {
    "answer rows": (read_answer, hostile("", "#-#\n"), SizeError,
                    f"the answer: more than {MAX_SIDE} rows, over the size cap of {CAP}", False),
    "answer row": (read_answer, hostile("", "#-"), SizeError, f"more than {MAX_SIDE} cells, over the size cap of {CAP}",
                   False),
    "answer rows parted by /": (read_answer, hostile("", "#-/"), SizeError, f"over the size cap of {CAP}", False),
    "answer JSON rows": (read_answer, hostile('["#-#"', ', "#-#"', "]"), SizeError, f"over the size cap of {CAP}",
                         True),
    "answer JSON row": (read_answer, hostile('{"answer": ["', "#-", '"]}'), SizeError, f"over the size cap of {CAP}",
                        True),
    "answer Janko rows": (read_answer, hostile(JANKO_HEAD + "solution\n", "x -\n"), FormatError,
                          f"'solution' grid: more than {MAX_SIDE} rows, over the size cap of {CAP}", False),
    "answer Janko row": (read_answer, hostile(JANKO_HEAD + "solution\n", "x - "), FormatError,
                         f"more than {MAX_SIDE} cells, over the size cap of {CAP}", False),
    "answer rows for a 3x3 puzzle": (partial(read_answer, shape=THREE), hostile("", "#-#\n"), FormatError,
                                     "the answer has more than 3 rows but the puzzle is 3x3", False),
    "answer row for a 3x3 puzzle": (partial(read_answer, shape=THREE), hostile("", "#-"), FormatError,
                                    f"answer row 1 has {NEAR_LIMIT} cells but the puzzle is 3x3", False),
    "answer JSON rows for a 3x3 puzzle": (partial(read_answer, shape=THREE), hostile('["#-#"', ', "#-#"', "]"),
                                          FormatError, "more than 3 rows but the puzzle is 3x3", True),
    "text grid rows": (read_puzzle, hostile(TEXT_HEAD, "1.\n"), SizeError,
                       f"the grid: more than {MAX_SIDE} rows, over the size cap of {CAP}", False),
    "text grid row": (read_puzzle, hostile(TEXT_HEAD, "1."), SizeError,
                      f"row 1: more than {MAX_SIDE} cells, over the size cap of {CAP}", False),
    "text grid spaced row": (read_puzzle, hostile(TEXT_HEAD, "12 "), SizeError, f"over the size cap of {CAP}", False),
    "text grid rooms": (read_puzzle, hostile("genre: heyawake\ngrid:\n1\nrooms:\n", "00\n"), SizeError,
                        f"the rooms: more than {MAX_SIDE} rows", False),
    "bare grid rows": (partial(read_puzzle, genre="nurikabe"), hostile("", "1.\n"), SizeError,
                       f"over the size cap of {CAP}", False),
    "JSON grid rows": (read_puzzle, json_grid('"1.", '), SizeError,
                       f"the JSON grid: more than {MAX_SIDE} rows, over the size cap of {CAP}", True),
    "JSON grid lists": (read_puzzle, hostile('{"genre": "nurikabe", "puzzle": {"grid": [', '["1"], ', '["1"]]}}'),
                        SizeError, f"the JSON grid: more than {MAX_SIDE} rows", True),
    "JSON grid list": (read_puzzle, hostile('{"genre": "nurikabe", "puzzle": {"grid": [[', '"12", ', '"1"]]}}'),
                       SizeError, f"the JSON grid's row 1: more than {MAX_SIDE} cells", True),
    "JSON grid row": (read_puzzle, hostile('{"genre": "nurikabe", "puzzle": {"grid": ["', "1.", '"]}}'), SizeError,
                      f"row 1: more than {MAX_SIDE} cells", True),
    "puzzle ID tokens": (read_puzzle, hostile("nurikabe:3x3:.", ",12"), FormatError,
                         f"a 3x3 board has 9 cells but {units('nurikabe:3x3:.', ',12') + 1} tokens were given", False),
    "puzzle ID room labels": (read_puzzle, hostile("heyawake:1x1:.:0", ",12"), FormatError,
                              f"a 1x1 board has 1 cell but {units('heyawake:1x1:.:0', ',12') + 1} room labels",
                              False),
    "puzzle ID shape": (read_puzzle, "nurikabe:100000x3:" + ",." * 10, SizeError,
                        f"a 100000x3 board is over the size cap of {CAP}", False),
    "URL body": (read_puzzle, hostile("https://puzz.link/p?nurikabe/5/5/", "g"), FormatError,
                 "past the last of the 5x5 board's 25 cells", False),
    "URL segments": (read_puzzle, hostile("https://puzz.link/p?nurikabe/5/5/zg", "/ab"), FormatError,
                     f"the URL has {units('https://puzz.link/p?nurikabe/5/5/zg', '/ab')} extra '/' segment(s)", False),
    "pzprv3 row": (read_puzzle, hostile("pzprv3\nnurikabe\n1\n2\n", "12 "), FormatError,
                   "pzprv3 grid row 1 has more than 2 cells, the board has 2 columns", False),
    "pzprv3 size": (read_puzzle, hostile("pzprv3\nnurikabe\n100000\n2\n", "12 \n"), SizeError,
                    f"a 100000x2 board is over the size cap of {CAP}", False),
    "Janko rows": (read_puzzle, hostile(JANKO_HEAD + "problem\n", "1 -\n"), FormatError,
                   f"the Janko 'problem' grid: more than {MAX_SIDE} rows, over the size cap of {CAP}", False),
    "Janko row": (read_puzzle, hostile(JANKO_HEAD + "problem\n", "12 "), FormatError,
                  f"'problem' row 1: more than {MAX_SIDE} cells, over the size cap of {CAP}", False),
    "Janko areas": (read_puzzle, hostile("begin\npuzzle heyawake\nproblem\n-\nareas\n", "a b\n"), FormatError,
                    f"the Janko 'areas' grid: more than {MAX_SIDE} rows", False),
    "penpa size": (read_puzzle, BASE + "#m=edit&p=" + deflate("square,100000,2,38\n[0,0,0,0]\n\n{}\n"), FormatError,
                   f"the penpa-edit board: a 2x100000 board is over the size cap of {CAP}", False),
    "penpa parameters": (read_answer, hostile(BASE + "#m=edit&p=AAAA", "&ab"), FormatError,
                         "the penpa-edit p= data is cut short", False),
    "JSON-lines record": (partial(parse_record, number=7), hostile('{"puzzle": "', "x", '"}') + "x" * 2_000,
                          FormatError, f"line 7: a record of {NEAR_LIMIT + 2_000} characters is over the limit", False),
}


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_text_is_refused_at_the_cap_in_bounded_memory(case: str) -> None:
    """The reader's own error (a ``SizeError`` where the reader names a shape over the cap, the ``FormatError``
    of Janko's and penpa's readers), on one line naming the cap; a few copies of the text in memory at most."""
    read, text, error, words, is_json = CASES[case]

    def refuse() -> PencilkitError:
        with pytest.raises(PencilkitError) as caught:
            read(text)
        return caught.value

    refused, peak = peak_memory(refuse)
    assert type(refused) is error and words in str(refused) and "\n" not in str(refused), repr(refused)
    assert peak < (JSON_PEAK if is_json else COPIES * len(text) + SLACK), f"{peak / 1e6:.1f} MB"


class Counted:
    """An iterator of rows that counts how many were taken."""

    def __init__(self, rows: Iterator[str]) -> None:
        self.rows, self.taken = rows, 0

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        row = next(self.rows)
        self.taken += 1
        return row


@pytest.mark.parametrize("read", [Answer.from_rows, partial(parse_grid, "nurikabe"),
                                  partial(parse_grid, "heyawake", ["1"])],
                         ids=["answer", "grid", "rooms"])
def test_rows_are_taken_no_further_than_one_past_the_cap(read: Callable[[Counted], object]) -> None:
    rows = Counted("#-" for _ in range(10_000))
    with pytest.raises(SizeError, match=f"more than {MAX_SIDE} rows, over the size cap of {CAP}"):
        read(rows)
    assert rows.taken == MAX_SIDE + 1


def test_an_answer_over_the_cap_by_one_is_refused_and_at_the_cap_is_read() -> None:
    assert Answer.from_rows(["#" * MAX_SIDE] * MAX_SIDE).shaded.bit_count() == MAX_SIDE * MAX_SIDE
    with pytest.raises(SizeError, match=f"more than {MAX_SIDE} rows"):
        Answer.from_rows(["#"] * (MAX_SIDE + 1))
    with pytest.raises(SizeError, match=f"answer row 1: more than {MAX_SIDE} cells"):
        Answer.from_rows(["#" * (MAX_SIDE + 1)])
    with pytest.raises(FormatError, match="answer row 2 has 101 cells, row 1 has 1"):
        Answer.from_rows(["#", "#" * (MAX_SIDE + 1)])


def test_lines_are_split_as_splitlines_splits_them() -> None:
    for text in ["", "a", "a\n", "\n", "a\r\nb\rc\n\nd", "a\x85b\u2028c\x0bd\x0ce\x1cf", "x\r", "\r\n\r\n"]:
        assert list(lines(text)) == text.splitlines(), text


# -- an answer read for its puzzle --------------------------------------------------

PUZZLE = Puzzle.from_id("nurikabe:2x3:1,.,.,.,.,3")
SOLUTION = ["-##", "---"]


@pytest.mark.parametrize(("text", "message"), [
    ("-##\n---\n---", "the answer has more than 2 rows but the puzzle is 2x3"),
    ("-##-\n---", "answer row 1 has 4 cells but the puzzle is 2x3"),
    ("-##\n--", "answer row 2 has 2 cells but the puzzle is 2x3"),
    ("-##", "the answer has 1 rows but the puzzle is 2x3"),
    ('["-##", "---", "---"]', "the answer has more than 2 rows"),
    ("-##/---/---", "the answer has more than 2 rows"),
    (format_janko(Puzzle.from_id("nurikabe:1x3:1,.,."), Answer.from_rows(["--#"])),
     "the answer is 1x3 but the puzzle is 2x3"),
    (format_penpa(Puzzle.from_id("nurikabe:3x3:1,.,.,.,.,.,.,.,."), Answer.from_rows(["-##", "###", "###"])),
     "the answer is 3x3 but the puzzle is 2x3"),
])
def test_an_answer_that_cannot_fit_its_puzzle_is_refused_by_its_first_misfit(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        read_answer(text, shape=(PUZZLE.rows, PUZZLE.cols))


@pytest.mark.parametrize("text", ["-##\n---", "\n -## \n\n---\n", '["-##", "---"]', '{"answer": ["-##", "---"]}',
                                  "-##/---", format_janko(PUZZLE, Answer.from_rows(SOLUTION)),
                                  format_penpa(PUZZLE, Answer.from_rows(SOLUTION))])
def test_an_answer_that_fits_its_puzzle_reads_as_without_it(text: str) -> None:
    assert read_answer(text, shape=(2, 3)) == read_answer(text)
    assert read_answer(text).to_rows() == SOLUTION


# -- numbers too long to read -----------------------------------------------------------

LONG = "7" * (MAX_DIGITS + 1)


@pytest.mark.parametrize(("read", "text"), [
    (read_puzzle, '{"genre": "nurikabe", "puzzle": {"grid": [[%s, "."]]}}' % LONG),
    (read_puzzle, '{"genre": "nurikabe", "puzzle": "nurikabe:1x1:1", "seed": -%s}' % LONG),
    (read_answer, '{"answer": ["#-"], "moves": %s}' % LONG),
    (read_answer, "[%s]" % LONG),
    (partial(parse_record, number=4), '{"puzzle": "nurikabe:1x1:1", "n": %s}' % LONG),
    (lambda text: parse_json(text, lambda body, genre: read_puzzle(body, genre=genre)), "[%s]" % LONG),
])
def test_a_json_number_too_long_to_read_is_a_format_error(read: Callable[[str], object], text: str) -> None:
    with pytest.raises(FormatError, match=f"a JSON number of {MAX_DIGITS + 1} digits is too long to read"):
        read(text)


def test_a_json_number_at_the_digit_limit_is_read() -> None:
    with pytest.raises(FormatError, match="at row 1, column 1 is too large"):
        read_puzzle('{"genre": "nurikabe", "puzzle": {"grid": [[%s, "."]]}}' % ("1" * MAX_DIGITS))
    assert parse_record('{"puzzle": "nurikabe:1x1:1", "n": -%s}' % ("1" * MAX_DIGITS), 1)["n"] < 0


def test_a_first_line_with_a_number_too_long_is_not_taken_for_json_lines() -> None:
    assert not is_json_lines("x.json", '{"n": %s}\n{"n": 1}' % LONG)
    assert is_json_lines("x.json", '{"n": %s}\n{"n": 1}' % ("1" * MAX_DIGITS))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_solving_a_json_file_with_a_number_too_long_is_bad_input(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.json"
    path.write_text('{"genre": "nurikabe", "puzzle": {"grid": [[%s, "."], [".", "."]]}}' % LONG)
    code, out, err = run(capsys, "solve", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and "too long to read" in err


def test_a_json_lines_batch_goes_on_past_a_number_too_long(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text('{"puzzle": "nurikabe:2x2:1,.,.,."}\n{"puzzle": "nurikabe:2x2:1,.,.,.", "n": %s}\n' % LONG)
    code, out, err = run(capsys, "solve", str(path))
    verdicts = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and "Traceback" not in err
    assert verdicts[0]["status"] == "unique" and verdicts[1]["status"] == "error"
    assert f"line 2: a JSON number of {MAX_DIGITS + 1} digits is too long to read" in verdicts[1]["error"]


# -- any text -------------------------------------------------------------------------

HEADS = ["", TEXT_HEAD, JANKO_HEAD + "problem\n", JANKO_HEAD + "size 2\nproblem\n- -\n- 1\nsolution\n",
         "pzprv3\nnurikabe\n2\n2\n", "pzprv3\nheyawake\n2\n2\n1\n", "https://puzz.link/p?nurikabe/3/3/",
         "https://puzz.link/p?heyawake/2/2/", "nurikabe:3x3:", "heyawake:1x2:.,.:", '{"genre": "nurikabe", "grid": [',
         '{"answer": [', '["', "[", "{"]
"""The starts of texts in every format."""
UNITS = ["1\n", "#-\n", "12 ", "x - ", ",.", '"1.", ', '["1", "."], ', "/", "g", "#/", "\r\n", "\u2028", " ", "9" * 50,
         "-", "0", "zz", "a b\n", "}", "]"]
"""What a hostile text repeats: rows, cells, tokens, separators, digits."""
LONG_TEXTS = st.builds(lambda head, unit, count, tail: head + unit * count + tail, st.sampled_from(HEADS),
                       st.sampled_from(UNITS), st.integers(0, 3 * MAX_SIDE), st.sampled_from(["", "\nend", "]}", '"]']))
"""Texts of a format's start and a unit repeated around the cap, often past it."""
READERS: list[Callable[[str], object]] = [
    read_puzzle, read_answer, partial(read_answer, shape=(2, 2)), partial(read_answer, shape=(MAX_SIDE, 1)),
    parse_id, parse_text, parse_url, parse_pzprv3, parse_janko, parse_penpa, penpa_answer,
    lambda text: parse_json(text, lambda body, genre: read_puzzle(body, genre=genre)),
    partial(read_puzzle, genre="nurikabe"), lambda text: Answer.from_rows(lines(text)),
    lambda text: parse_grid("heyawake", lines(text), lines(text)), partial(parse_record, number=1),
]


@given(st.one_of(LONG_TEXTS, NEAR_PUZZLES))
def test_any_text_is_read_or_refused_with_a_pencilkit_error(text: str) -> None:
    """Besides :func:`tests.test_fuzz.test_reading_any_text_raises_only_pencilkit_errors`: long texts around
    the cap, answers read for a puzzle, bare grids, JSON-lines records."""
    for read in READERS:
        only_pencilkit_errors(read, text)
    assert isinstance(is_json_lines("x.json", text), bool)
