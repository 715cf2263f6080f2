"""Hitori in every format pencilkit reads and writes, checked against real references.

* The puzzle ID, the text grid and JSON: round trips, numbers of two digits and more (boards past 9x9,
  a one-column board whose rows would not say its shape), cells without a number and ``?``.
* puzz.link URLs: pzpr.js writes Hitori with a body of its own (``encodeHitori``: a base-36 digit a cell,
  ``-`` and two for 36-1295, ``.`` a cell without a number, ``@`` a ``?``), not number16.  pencilkit's
  URL of every corpus Hitori is the one pzpr.js 0.12 writes, pzpr reads it to the same numbers, and its
  rule checker accepts every published solution and finds the rules pencilkit finds broken in mutated
  ones (the pzpr.js referee of ``tests/interop``, run in node; skipped without node).
* pzprv3 files: the very file pzpr writes, marks on numbered cells included, read back by both.
* Janko's text: janko.at's own Hitori blocks, as gathered in the public repository
  tkoz0/janko.at-puzzle-scraping (commit 89fe96f, ``data/Hitori.jsonl.bz2``, written back line for line
  in janko.at's layout as ``tests/formats/real_data.py`` does), read to the corpus's puzzles and solutions.
* penpa-edit: the example Hitori of the public repository T0nyX1ang/noqx (commit 2d038be,
  ``solver/hitori.py``, with its puzz.link example), and the corpus written and read back.
* Detection, ``pencilkit convert`` to every format, SVG drawings and print sheets.

Tests of the corpus (``../shared/corpus/hitori.jsonl``) skip when it is absent.
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

import pencilkit
from pencilkit import FormatError, check, parse, solve
from pencilkit.cli import main
from pencilkit.formats import FORMATS, read_answer, read_puzzle, write_puzzle
from pencilkit.formats.janko import format_janko, parse_janko
from pencilkit.formats.json_format import format_json
from pencilkit.formats.penpa import expand, format_penpa, inflate, parse_penpa
from pencilkit.formats.pzprv3 import format_pzprv3, parse_pzprv3
from pencilkit.formats.sheet import SheetEntry, layout_sheet
from pencilkit.formats.svg import SHADE, WRONG_LAND, WRONG_SHADE, render_svg
from pencilkit.formats.text import format_text
from pencilkit.formats.url import (
    MAX_NUMBER_GRID,
    decode_number_grid,
    encode_body,
    encode_number_grid,
    format_url,
    parse_url,
)
from pencilkit.puzzle import Answer, Puzzle

from ..conftest import corpus_lines
from ..formats.test_url_pzpr import bare_body, body_of, node, pzpr_clues, run_node

__all__ = ["node"]  # the pzpr.js fixture, used by the interop tests here

SMALL = "hitori:3x3:2,2,3,3,1,3,3,3,2"
SMALL_SOLUTION = ["#--", "--#", "#--"]
WIDE = "hitori:2x12:1,2,3,4,5,6,7,8,9,10,11,12,12,11,10,9,8,7,6,5,4,3,2,1"
ODD = "hitori:2x3:1,.,?,40,1295,2"
"""A cell without a number, a ``?`` and numbers past pzpr's one-digit code and at the top of its two-digit one."""
COLUMN = "hitori:3x1:10,12,35"
"""One column of numbers of two digits: rows that alone would read as two cells each."""
HAND_MADE = [SMALL, WIDE, ODD, COLUMN, "hitori:1x1:10", "hitori:1x1:7", "hitori:4x1:1,22,333,4444",
             "hitori:2x2:16,17,1,."]
FORMAT_NAMES = list(FORMATS)

JANKO_HITORI_001 = """\
begin
puzzle hitori
author Otto Janko
solver Otto Janko
source https://www.janko.at/Raetsel/
info 2057-36-129190816-0-784
rows 4
cols 4
unit 30
problem
3 3 1 4
4 3 2 2
1 3 4 2
3 4 3 2
solution
- x - -
- - - x
- x - -
x - - x
moves
Z2;ba,0;bc,0;bb,1;cc,1;ac,1;bd,1;ca,1;aa,1;ad,0;cd,1;ab,1;cb,1;db,0;da,1;dc,1;
dd,0;
end
"""
"""janko.at Hitori/001 (record ``/Hitori/001.a.x-janko``)."""

JANKO_HITORI_244 = """\
begin
puzzle hitori
author Otto Janko
solver Rainer
source https://www.janko.at/Raetsel/
info 5482-72-9546324327388-3-633
unit 30
size 10
problem
7 2 7 3 9 8 1 4 10 7
10 6 10 8 7 3 7 2 2 1
6 9 4 9 2 1 3 6 9 5
6 3 7 5 7 2 2 7 8 9
4 7 9 2 7 6 8 7 1 10
9 10 1 6 1 7 9 3 7 4
3 7 2 4 1 10 5 9 9 6
2 6 6 7 4 7 5 10 3 9
3 8 3 7 10 4 10 1 3 2
5 1 8 1 3 2 6 10 4 9
solution
x - - - - - - - - x
- - x - x - - x - -
x - - x - - - - x -
- - x - - x - x - x
- x - - x - - - - -
x - x - - x - - - -
- - - - x - x - x -
- x - x - - - x - -
x - - - - - x - x -
- - - x - - - - - x
moves
Z2;ba,1;fb,1;bb,1;bh,0;bg,1;be,0;ah,1;ch,1;bi,1;bf,1;ae,1;bd,1;ce,1;dd,1;df,1;
eh,1;eb,0;ea,1;db,1;ec,1;fi,1;cj,1;hi,1;bj,1;dj,0;di,1;dh,0;ej,1;ai,0;aj,1;ci,1;
ii,0;ag,1;ih,1;ji,1;ij,1;dg,1;cc,1;ja,0;ia,1;jb,1;ha,1;jh,1;jj,0;jd,0;hj,1;hh,0;
gh,1;gg,0;hg,1;ig,0;if,1;ff,0;jg,1;hf,1;gf,1;fg,1;ef,1;eg,0;fh,1;ei,1;gi,0;fj,1;
fd,0;gj,1;fe,1;ed,1;ee,0;cd,0;hd,0;he,1;gd,1;id,1;je,1;jc,1;hc,1;ac,0;ad,1;bc,1;
dc,0;ic,0;ge,1;de,1;ie,1;ib,1;hb,0;gc,1;gb,1;jf,1;cg,1;fc,1;ab,1;cb,0;ca,1;aa,0;
da,1;cf,0;ga,1;af,0;
end
"""
"""janko.at Hitori/244 (record ``/Hitori/244.a.x-janko``)."""

PENPA_HITORI = (
    "m=edit&p=7VbLbttKDN37K4xZz2Ko52Pnpkk3qdPWuQgCQTBkV0GE2lAqW0Uhw/8eklJKz7iL3kWTTSGIIDmjw6PDMeXd965sK53g5Sf"
    "aaMDLDzy+PZPybcbrtt5vqmyqZ93+sWnR0frm6ko/lJtdNcnHXcXk0KdZP9P9hyxXoLTy8AZV6P5zdug/Zv1c9wtcUjrA3PWwyUP3Utw"
    "7XifvYkiCQX8++ujeo7uu2/WmWl4PmU9Z3t9qRXXe8dPkqm3zo1IjD4rXzXZVU2JV7vFldo/107iy674237pxLxRH3c8GuosXukRnpOs"
    "LXXIHuuT9hi499pfppsXxiLJ/QcLLLCfu/4mbiLvIDmjn2UF5ET5KvebOKC8mpClSe0kkbiJ1Er7BRCQhuOseJnwJfXedKggDn/C9X2F"
    "A6KfbA8IXuIDQQwkJPZAwcJ8OLfSQ0KV26HIPCT2W0OUeuvgh4VsJ0vcEwdU3ogpWwn6DiCokEtr8Ixs9InRpReT2LiJtZXvsso8JXYr"
    "F9tmICV1qx3bfYvdcJKStgCWutgmhS+cSV5mE8KXRiYuf2ucutc9F6uqakq5SLnW1SQlfdAfjHjww7huAsQ8fGLt3YEhg4QTGPR0AZ1X"
    "grApQFRESgKqcoILbRgCqI9IAkNT2DlttHAbAI+Ge7RVbj+0tTgzd+2zfszVsQ7bXvOeS7R3bC7YB24j3xDRz/nAq8TwKhjnkDSPqFbj"
    "lHol1elFTXzEuJrladO1Dua5wrM+77apqp/Om3ZYbhd/R40T9VHxz34N/n9Y3+rRSC8z/+sC+/S8rR3XxfPc3Wj11y3K5bjYK/51pzsd"
    "n+Vdnjz8/9Vjvm7ZWxeQZ"
)
"""An 8x8 Hitori made in penpa-edit, tagged ``hitori``, some cells holding a blank number, r1c1 shaded and
r1c2 marked green by the player (noqx ``solver/hitori.py``)."""

PUZZLINK_HITORI = ("https://puzz.link/p?hitori/10/10/1174453399113445756a2345678aa82513328aa85417a698323227a9411"
                   "566517a43236688115329986a115274aa99886611")
"""A 10x10 Hitori on puzz.link, its 10s written ``a`` (noqx ``solver/hitori.py``)."""

NS = "{http://www.w3.org/2000/svg}"
WHITE = "#ffffff"
RULE_OF_CODE = {"nmDupRow": "R1", "csAdjacent": "R2", "cuDivideRB": "R3"}
"""pencilkit's Hitori rule for each of pzpr's fail codes (pzpr's ``brNoShade``, no shaded cell at all, has
none: pencilkit takes a board without black cells when no number repeats)."""


# -- the corpus --------------------------------------------------------------------


def corpus() -> list[tuple[str, Puzzle, Answer]]:
    """Name, puzzle and published solution of every corpus Hitori (skips when the corpus is absent)."""
    return list(_corpus(tuple(corpus_lines("hitori"))))


@functools.cache
def _corpus(lines: tuple[str, ...]) -> tuple[tuple[str, Puzzle, Answer], ...]:
    records = [json.loads(line) for line in lines]
    return tuple((r["name"], read_puzzle(r["puzzle"]), Answer.from_rows(r["solution"])) for r in records)


def corpus_record(name: str) -> dict[str, Any]:
    return next(json.loads(line) for line in corpus_lines("hitori") if json.loads(line)["name"] == name)


# -- the ID, the text grid and JSON ----------------------------------------------------


@pytest.mark.parametrize("fmt", FORMAT_NAMES)
@pytest.mark.parametrize("pid", HAND_MADE)
def test_hand_made_puzzles_round_trip_through_every_format(pid: str, fmt: str) -> None:
    puzzle = parse(pid)
    if fmt == "url" and any(number is not None and number > MAX_NUMBER_GRID for _, number in puzzle.clues):
        with pytest.raises(FormatError, match=f"0 to {MAX_NUMBER_GRID}"):
            write_puzzle(puzzle, fmt)
        return
    written = write_puzzle(puzzle, fmt)
    again = read_puzzle(written)
    assert again == puzzle and again.genre == "hitori"
    assert write_puzzle(again, fmt) == written
    assert read_puzzle(written.encode("utf-8")) == puzzle


def test_two_digit_numbers_space_the_text_grid_and_the_json_rows() -> None:
    assert format_text(parse(WIDE)).splitlines() == [
        "genre: hitori", "grid:", "1 2 3 4 5 6 7 8 9 10 11 12", "12 11 10 9 8 7 6 5 4 3 2 1"]
    assert json.loads(format_json(parse(WIDE))) == {
        "genre": "hitori", "puzzle": {"grid": ["1 2 3 4 5 6 7 8 9 10 11 12", "12 11 10 9 8 7 6 5 4 3 2 1"]}}
    assert format_text(parse(SMALL)).splitlines()[2:] == ["223", "313", "332"]
    assert format_text(parse(ODD)).splitlines()[2:] == ["1 . ?", "40 1295 2"]


def test_a_column_of_two_digit_numbers_says_its_shape() -> None:
    """Rows ``10``, ``12``, ``35`` alone read as a 3x2 board of digits: the text says its size, JSON gives
    lists of one token."""
    assert format_text(parse(COLUMN)).splitlines() == ["genre: hitori", "size: 3x1", "grid:", "10", "12", "35"]
    assert json.loads(format_json(parse(COLUMN)))["puzzle"] == {"grid": [["10"], ["12"], ["35"]]}
    assert read_puzzle("genre: hitori\ngrid:\n11\n12").cols == 2  # no size line: a character a cell
    assert read_puzzle("genre: hitori\nsize: 2x1\ngrid:\n11\n12").id() == "hitori:2x1:11,12"
    assert read_puzzle("genre: hitori\ngrid:\n11\n2").id() == "hitori:2x1:11,2"  # rows of unequal width
    with pytest.raises(FormatError, match="says size 3x1 but its grid is 2x1"):
        read_puzzle("genre: hitori\nsize: 3x1\ngrid:\n10\n12")
    assert format_text(parse("hitori:3x1:1,2,3")).splitlines()[1] == "grid:"  # one digit: no size line needed


def test_every_corpus_puzzle_round_trips_through_every_format() -> None:
    lines = corpus_lines("hitori")
    wide = 0
    for line, (name, puzzle, _) in zip(lines, corpus()):
        assert puzzle.id() == json.loads(line)["puzzle"], name
        assert read_puzzle(line) == puzzle, name  # a corpus line is JSON too
        for fmt in FORMAT_NAMES:
            written = write_puzzle(puzzle, fmt)
            assert read_puzzle(written) == puzzle, (name, fmt)
        wide += any(number is not None and number >= 10 for _, number in puzzle.clues)
    assert wide > 100  # two-digit numbers, on the boards past 9x9


def test_every_corpus_solution_rides_along_in_janko_penpa_and_pzprv3() -> None:
    for name, puzzle, solution in corpus():
        assert solution.is_complete() and check(puzzle, solution) == [], name
        assert parse_janko(format_janko(puzzle, solution)) == (puzzle, solution), name
        assert parse_penpa(format_penpa(puzzle, solution)) == (puzzle, solution), name
        assert parse_pzprv3(format_pzprv3(puzzle, solution)) == (puzzle, solution), name
        assert read_answer(format_janko(puzzle, solution)) == solution, name


# -- puzz.link URLs --------------------------------------------------------------------


BODIES = [  # (rows, cols, numbers, pzpr's Hitori body)
    (1, 3, {0: 1, 1: 16, 2: 35}, "1gz"),
    (1, 2, {0: 36, 1: MAX_NUMBER_GRID}, "-10-zz"),
    (1, 3, {0: None, 2: 7}, "@.7"),
    (2, 2, {0: 10, 1: 11, 2: 12, 3: 13}, "abcd"),
    (1, 1, {}, "."),
]


@pytest.mark.parametrize(("rows", "cols", "numbers", "body"), BODIES)
def test_the_url_body_is_pzprs_hitori_code(rows: int, cols: int, numbers: dict[int, int | None], body: str) -> None:
    assert encode_number_grid(numbers, rows, cols) == body
    assert decode_number_grid(body, rows, cols) == numbers


def test_the_hitori_code_is_not_number16() -> None:
    """number16 writes 16 as ``-10`` and a letter from ``g`` for a run of cells without a number; pzpr's
    Hitori writes ``g`` for 16, ``-10`` for 36 and ``.`` a cell."""
    assert encode_body({0: 16}, 1, 1) == "-10" != encode_number_grid({0: 16}, 1, 1) == "g"
    assert parse_url("https://puzz.link/p?hitori/2/1/-10g").clue_map == {0: 36, 1: 16}
    assert format_url(parse("hitori:1x3:1,.,.")) == "https://puzz.link/p?hitori/3/1/1../"  # pzpr's '/'
    assert format_url(parse(ODD)) == "https://puzz.link/p?hitori/3/2/1.@-14-zz2"


def test_what_pzpr_reads_besides_what_it_writes_is_read() -> None:
    assert decode_number_grid("%.7", 1, 3) == {0: None, 2: 7}  # '%', pzpr's other '?'
    assert decode_number_grid("-0a", 1, 1) == {0: 10}  # a two-digit code of a small number
    assert read_puzzle("https://puzz.link/p?hitori_edit/3/1/123").id() == "hitori:1x3:1,2,3"


def test_a_number_past_the_code_cannot_be_written() -> None:
    top = MAX_NUMBER_GRID
    with pytest.raises(FormatError, match=rf"the {top + 1} at row 1, column 2 cannot be written .*\(0 to {top}\)"):
        format_url(parse(f"hitori:1x2:1,{top + 1}"))


@pytest.mark.parametrize(("body", "message"), [
    ("12", "truncated: it covers 2 of the 1x3 board's 3 cells"),
    ("1234", "goes on past the last of the 1x3 board's 3 cells at character 4"),
    ("12A", "unknown character 'A' at character 3"),
    ("12-z", "cut short: '-' at character 3 needs two base-36 digits"),
    ("1-!a", r"'-!a' at character 2 is not '-' and two base-36 digits"),
])
def test_a_bad_body_is_a_one_line_format_error(body: str, message: str) -> None:
    with pytest.raises(FormatError) as info:
        parse_url(f"https://puzz.link/p?hitori/3/1/{body}")
    assert message in str(info.value) and "\n" not in str(info.value)


def test_a_real_puzz_link_hitori_reads_and_is_written_back_as_it_was() -> None:
    puzzle = read_puzzle(PUZZLINK_HITORI)
    assert (puzzle.genre, puzzle.rows, puzzle.cols, len(puzzle.clues)) == ("hitori", 10, 10, 100)
    assert puzzle.clue_at(0, 0) == 1 and puzzle.clue_at(0, 8) == 9 and puzzle.clue_at(1, 9) == 10
    assert format_url(puzzle) == PUZZLINK_HITORI
    solved = solve(puzzle)
    assert solved.status is pencilkit.Status.UNIQUE and solved.answer is not None
    assert check(puzzle, solved.answer) == []


# -- pzpr.js, the engine of puzz.link, as referee ------------------------------------------


def test_pzpr_reads_every_corpus_url_to_the_same_numbers_and_writes_the_same_url(node: str) -> None:
    cases = corpus()
    urls = [format_url(puzzle) for _, puzzle, _ in cases]
    past_hex = 0
    for (name, puzzle, _), url, result in zip(cases, urls, run_node(node, "pzpr_decode.js", urls)):
        assert result["ok"], (name, result)
        assert (result["genre"], result["rows"], result["cols"]) == ("hitori", puzzle.rows, puzzle.cols), name
        assert pzpr_clues(result) == puzzle.clue_map, name
        assert body_of(result["url"]) == body_of(url), name  # the very URL pzpr writes
        assert read_puzzle(result["url"]) == puzzle, name
        past_hex += any(number is not None and number >= 16 for _, number in puzzle.clues)
    assert past_hex > 50  # numbers whose codes differ from number16's


def test_pzpr_agrees_on_hand_made_bodies(node: str) -> None:
    """Blank cells, ``?``, every length of code and a one-column board: pzpr reads pencilkit's URL to the
    same numbers and writes it back as it was."""
    puzzles = [parse(pid) for pid in HAND_MADE if pid != "hitori:4x1:1,22,333,4444"]
    puzzles.append(Puzzle.make("hitori", 6, 6, {cell: cell * 37 % 1296 for cell in range(36)}))
    urls = [format_url(puzzle) for puzzle in puzzles]
    for puzzle, url, result in zip(puzzles, urls, run_node(node, "pzpr_decode.js", urls)):
        assert result["ok"], (url, result)
        assert (result["rows"], result["cols"]) == (puzzle.rows, puzzle.cols), url
        assert pzpr_clues(result) == puzzle.clue_map, url
        assert bare_body(result["url"]) == bare_body(url), url
        assert decode_number_grid(bare_body(result["url"]), puzzle.rows, puzzle.cols) == puzzle.clue_map


def test_pzpr_and_pencilkit_read_the_variants_alike(node: str) -> None:
    urls = ["https://puzz.link/p?hitori/3/1/%1.", "https://puzz.link/p?hitori/3/1/1-0a2",
            "https://puzz.link/p?hitori_play/3/1/12z", "http://pzv.jp/p.html?hitori/3/1/a.b/"]
    for url, result in zip(urls, run_node(node, "pzpr_decode.js", urls)):
        assert result["ok"], (url, result)
        assert pzpr_clues(result) == read_puzzle(url).clue_map, url


def test_pzpr_accepts_every_corpus_solution(node: str) -> None:
    cases = corpus()
    requests = [json.dumps({"url": format_url(puzzle), "answer": solution.to_rows()}) for _, puzzle, solution in cases]
    for (name, _, _), verdict in zip(cases, run_node(node, "pzpr_check.js", requests)):
        assert verdict["ok"], (name, verdict)
        assert verdict["complete"], (name, verdict["text"])


def mutate(rows: list[str], rng: random.Random, flips: int) -> list[str]:
    """The answer with ``flips`` cells toggled between black and white (a number's cell may be black)."""
    cells = [list(row) for row in rows]
    cols = len(rows[0])
    for cell in rng.sample(range(len(rows) * cols), flips):
        r, c = divmod(cell, cols)
        cells[r][c] = "-" if cells[r][c] == "#" else "#"
    return ["".join(row) for row in cells]


def test_pzpr_and_pencilkit_find_the_same_rules_broken_in_mutated_solutions(node: str) -> None:
    rng = random.Random(2026)
    cases = []
    for name, puzzle, solution in rng.sample(corpus(), 60):
        for flips in (1, 1, 2, 3):
            cases.append((name, puzzle, mutate(solution.to_rows(), rng, flips)))
    requests = [json.dumps({"url": format_url(puzzle), "answer": answer}) for _, puzzle, answer in cases]
    wrong = set()
    for (name, puzzle, answer), verdict in zip(cases, run_node(node, "pzpr_check.js", requests)):
        assert verdict["ok"], (name, verdict)
        ours = {violation.rule for violation in check(puzzle, Answer.from_rows(answer))}
        theirs = {RULE_OF_CODE.get(code, code) for code in verdict["codes"]}
        assert theirs == ours, (name, answer, verdict["codes"])
        assert verdict["complete"] == (not ours)
        wrong |= ours
    assert wrong == {"R1", "R2", "R3"}  # every rule seen broken


def test_what_pzpr_reports_for_hand_made_answers(node: str) -> None:
    cases = [  # (puzzle, answer, pzpr's fail codes)
        (SMALL, SMALL_SOLUTION, []),
        (SMALL, ["#--", "---", "---"], ["nmDupRow"]),
        (SMALL, ["##-", "---", "---"], ["csAdjacent", "nmDupRow"]),
        ("hitori:3x3:1,2,3,4,5,6,7,8,9", ["-#-", "#--", "---"], ["cuDivideRB"]),
    ]
    requests = [json.dumps({"url": format_url(parse(pid)), "answer": answer}) for pid, answer, _ in cases]
    for (pid, answer, codes), verdict in zip(cases, run_node(node, "pzpr_check.js", requests)):
        assert verdict["ok"] and verdict["codes"] == codes, (pid, answer, verdict)
        assert {v.rule for v in check(parse(pid), Answer.from_rows(answer))} == {RULE_OF_CODE[c] for c in codes}


def files_agree(node: str, cases: list[tuple[str, Puzzle, Answer]]) -> None:
    """pencilkit writes the very file pzpr writes for each puzzle's URL and reads it back; pzpr reads
    pencilkit's file with the answer as marks (on numbered cells too) to the same marks, calls it complete
    with no cell undecided, and writes pencilkit's file back."""
    written = run_node(node, "pzpr_file.js", [json.dumps({"url": format_url(p)}) for _, p, _ in cases])
    read = run_node(node, "pzpr_file.js", [json.dumps({"file": format_pzprv3(p, a)}) for _, p, a in cases])
    for (name, puzzle, answer), theirs, back in zip(cases, written, read):
        assert theirs["ok"] and back["ok"], (name, theirs, back)
        assert format_pzprv3(puzzle) == theirs["file"], name
        assert parse_pzprv3(theirs["file"]) == (puzzle, Answer(puzzle.rows, puzzle.cols, 0, 0)), name
        expected = "".join("#" if answer.shaded >> c & 1 else "+" if answer.unshaded >> c & 1 else "."
                           for c in range(puzzle.grid.size))
        assert back["marks"] == expected and back["complete"] and not back["undecided"], name
        assert back["file"] == format_pzprv3(puzzle, answer), name
        assert parse_pzprv3(back["file"]) == (puzzle, answer), name


def test_pzprv3_files_agree_with_pzpr_on_the_corpus(node: str) -> None:
    files_agree(node, corpus()[:150])


def test_pzprv3_files_agree_with_pzpr_on_hand_made_puzzles(node: str) -> None:
    files_agree(node, [(SMALL, parse(SMALL), Answer.from_rows(SMALL_SOLUTION))])
    puzzles = [parse(pid) for pid in HAND_MADE]  # blank cells, '?', and numbers past any URL code
    for puzzle, theirs in zip(puzzles, run_node(node, "pzpr_file.js", [
            json.dumps({"file": format_pzprv3(puzzle)}) for puzzle in puzzles])):
        assert theirs["ok"] and theirs["file"] == format_pzprv3(puzzle), theirs
        assert parse_pzprv3(theirs["file"])[0] == puzzle


def test_the_pekes_pzpr_saves_after_the_marks_are_passed_over(node: str) -> None:
    """pzpr's Hitori has borders, where a player may put pekes: its file then has a grid of borders after the
    marks, which pencilkit reads to the same puzzle and marks."""
    puzzle, answer = parse(SMALL), Answer.from_rows(SMALL_SOLUTION)
    ours = format_pzprv3(puzzle, answer)
    theirs = run_node(node, "pzpr_file.js", [json.dumps({"file": ours, "peke": True})])[0]
    assert theirs["ok"] and theirs["file"].startswith(ours) and "-1 " in theirs["file"].removeprefix(ours)
    assert parse_pzprv3(theirs["file"]) == parse_pzprv3(ours) == (puzzle, answer)


def test_a_pzprv3_file_keeps_the_marks_on_numbered_cells() -> None:
    text = format_pzprv3(parse(SMALL), Answer.from_rows(SMALL_SOLUTION))
    assert text == "pzprv3\nhitori\n3\n3\n2 2 3 \n3 1 3 \n3 3 2 \n# + + \n+ + # \n# + + \n"
    assert parse_pzprv3(text)[1].to_rows() == SMALL_SOLUTION
    assert parse_pzprv3(format_pzprv3(parse(ODD)))[0] == parse(ODD)  # '.' no number, '-' a '?'


# -- Janko's text ----------------------------------------------------------------------


@pytest.mark.parametrize("block", [JANKO_HITORI_001, JANKO_HITORI_244])
def test_a_real_janko_block_reads_with_its_solution(block: str) -> None:
    puzzle, answer = parse_janko(block)
    assert puzzle.genre == "hitori" and len(puzzle.clues) == puzzle.rows * puzzle.cols
    assert answer is not None and answer.is_complete() and check(puzzle, answer) == []
    assert solve(puzzle).answer == answer
    assert read_puzzle(block) == puzzle and read_answer(block) == answer


@pytest.mark.parametrize(("block", "number"), [(JANKO_HITORI_001, "001"), (JANKO_HITORI_244, "244")])
def test_real_janko_blocks_match_the_corpus(block: str, number: str) -> None:
    """The corpus was gathered from janko.at: the blocks read as its records (number in the name)."""
    record = corpus_record(f"janko-hitori-{number}")
    assert parse_janko(block) == (read_puzzle(record["puzzle"]), Answer.from_rows(record["solution"]))


def test_the_janko_writer_lays_hitori_out_as_janko_does() -> None:
    puzzle, answer = parse_janko(JANKO_HITORI_244)
    ours, real = format_janko(puzzle, answer).splitlines(), JANKO_HITORI_244.splitlines()
    assert ours[:3] == ["begin", "puzzle hitori", "size 10"]
    assert ours[ours.index("problem"):ours.index("end")] == real[real.index("problem"):real.index("moves")]
    assert format_janko(parse(SMALL)).splitlines() == ["begin", "puzzle hitori", "size 3", "problem",
                                                       "2 2 3", "3 1 3", "3 3 2", "end"]
    wide = format_janko(parse(WIDE)).splitlines()
    assert wide[2:4] == ["rows 2", "cols 12"] and wide[5] == "1 2 3 4 5 6 7 8 9 10 11 12"


# -- penpa-edit ---------------------------------------------------------------------------


def test_a_real_penpa_hitori_reads_its_numbers_and_marks() -> None:
    """The genre comes from the tag; a blank number reads as a number not given (which, as a cell without
    a number, repeats nothing); the player's shaded and green cells are the marks."""
    puzzle, answer = parse_penpa(PENPA_HITORI)
    assert (puzzle.genre, puzzle.rows, puzzle.cols) == ("hitori", 8, 8)
    assert [puzzle.clue_at(0, c) for c in range(8)] == [1, None, None, None, 6, None, 3, None]
    assert len(puzzle.clues) == 64
    assert answer is not None and answer.to_rows()[0] == "#-......"
    assert read_puzzle(PENPA_HITORI) == puzzle
    assert solve(puzzle).status is pencilkit.Status.UNIQUE


def test_the_penpa_writer_tags_the_genre_and_writes_black_numbers() -> None:
    url = format_penpa(parse(WIDE))
    lines = expand(inflate(url.split("p=", 1)[1])).split("\n")
    assert json.loads(lines[17]) == ["hitori"]
    numbers = json.loads(lines[3])["number"]
    assert sorted(value for value, _, _ in numbers.values()) == sorted(n for _, n in parse(WIDE).clues)
    assert {style for _, style, _ in numbers.values()} == {1}  # black numbers, no circles


# -- detection and convert --------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMAT_NAMES)
def test_convert_writes_every_format_and_reads_it_back(fmt: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    for pid in (WIDE, COLUMN):
        target = tmp_path / f"puzzle.{fmt}"
        assert main(["convert", pid, "--to", fmt, "-o", str(target)]) == 0
        assert read_puzzle(target.read_text(encoding="utf-8")) == parse(pid)
        assert main(["convert", str(target), "--to", "id"]) == 0
        assert capsys.readouterr().out.strip() == pid


def test_convert_json_lines_of_the_corpus_to_every_format_and_back(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    lines = corpus_lines("hitori")[::40]
    source = tmp_path / "hitori.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for fmt in FORMAT_NAMES:
        target = tmp_path / f"out.{fmt}.jsonl"
        assert main(["convert", str(source), "--to", fmt, "-o", str(target)]) == 0
        assert main(["convert", str(target), "--to", "id"]) == 0
        back = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert back == [json.loads(line) for line in lines], fmt


def test_convert_json_gives_a_column_its_lists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", COLUMN, "--to", "json", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["puzzle"] == {"genre": "hitori", "grid": [["10"], ["12"], ["35"]]}
    assert read_puzzle(json.dumps(record["puzzle"] | {"genre": "hitori"})) == parse(COLUMN)


# -- drawings ------------------------------------------------------------------------------


def svg_of(text: str) -> ElementTree.Element:
    return ElementTree.fromstring(text)


def numerals(root: ElementTree.Element) -> list[tuple[str | None, str | None]]:
    """The text and ink of every numeral, in reading order."""
    return [(t.text, t.get("fill")) for g in root.iter(NS + "g") if g.get("class") == "clues"
            for t in g.iter(NS + "text")]


def fills(root: ElementTree.Element, colour: str) -> int:
    return sum(1 for rect in root.iter(NS + "rect") if rect.get("fill") == colour)


def test_every_cell_is_drawn_with_its_number_white_on_the_black_cells() -> None:
    puzzle = parse(SMALL)
    plain = svg_of(render_svg(puzzle))
    assert [text for text, _ in numerals(plain)] == list("223313332")
    assert {ink for _, ink in numerals(plain)} == {"#000000"}
    solved = svg_of(render_svg(puzzle, Answer.from_rows(SMALL_SOLUTION)))
    assert fills(solved, SHADE) == 3
    assert [text for text, ink in numerals(solved) if ink == WHITE] == ["2", "3", "3"]
    assert len(numerals(svg_of(render_svg(parse(WIDE))))) == 24


def test_render_solution_writes_the_drawing(tmp_path: Path) -> None:
    target = tmp_path / "h.svg"
    assert main(["render", SMALL, "--solution", "-o", str(target)]) == 0
    root = svg_of(target.read_text(encoding="utf-8"))
    assert fills(root, SHADE) == 3 and len(numerals(root)) == 9
    assert sum(ink == WHITE for _, ink in numerals(root)) == 3


def test_a_repeated_number_marks_each_of_its_cells() -> None:
    """The two white 1s of ``1 2 1`` are apart, and both are marked (the pieces-cut-off drawing is for a
    region that falls apart); a white cell cut off is the one marked of R3."""
    puzzle = parse("hitori:1x3:1,2,1")
    answer = Answer.from_rows(["---"])
    violations = check(puzzle, answer)
    assert [v.rule for v in violations] == ["R1"]
    root = svg_of(render_svg(puzzle, answer, violations=violations))
    assert fills(root, WRONG_LAND) == 2
    puzzle = parse("hitori:3x3:1,2,3,4,5,6,7,8,9")
    answer = Answer.from_rows(["-#-", "#--", "---"])
    violations = check(puzzle, answer)
    assert [v.rule for v in violations] == ["R3"]
    root = svg_of(render_svg(puzzle, answer, violations=violations))
    assert fills(root, WRONG_LAND) == 1 and fills(root, WRONG_SHADE) == 0


def test_a_print_sheet_draws_the_numbers_and_the_solutions() -> None:
    entries = [SheetEntry(parse(SMALL), "Small", "easy", Answer.from_rows(SMALL_SOLUTION)),
               SheetEntry(parse(WIDE), "Wide", None, None)]
    pages = [svg_of(page) for page in layout_sheet(entries, title="Hitori")]
    drawn = [text for page in pages for text, _ in numerals(page)]
    assert drawn.count("12") == 2  # WIDE's two 12s, on the puzzle pages (it has no solution page)
    solutions = pages[-1]
    assert fills(solutions, SHADE) == 3
    assert [text for text, ink in numerals(solutions) if ink == WHITE] == ["2", "3", "3"]
