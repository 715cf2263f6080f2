"""penpa-edit URLs: real ones read, the corpus and constructed puzzles written and read back, bad data refused.

The real URLs are in ``real_data.py``; the corpus round trips skip when ``../shared/corpus`` is absent.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable

import pytest

from pencilkit import FormatError, PuzzleError, solve
from pencilkit.formats import read_answer, read_puzzle, write_puzzle
from pencilkit.formats.penpa import (
    BASE,
    MAX_TEXT,
    Frame,
    deflate,
    expand,
    format_penpa,
    inflate,
    looks_like_penpa,
    parse_penpa,
    penpa_answer,
    shorten,
)
from pencilkit.formats.url import format_url
from pencilkit.puzzle import Answer, Puzzle

from .helpers import HEYAWAKE_SMALL, L_ROOMS, load_corpus
from .real_data import PENPA_HEYAWAKE, PENPA_KURODOKO, PENPA_NURIKABE
from .scaling import assert_linear, peak_memory


def lines_of(url: str) -> list[str]:
    """The text lines of a URL's p= data."""
    return expand(inflate(url.split("p=", 1)[1].split("&", 1)[0])).split("\n")


def rewrite(url: str, change: Callable[[list[str]], None]) -> str:
    """``url`` with its p= lines changed in place by ``change``."""
    lines = lines_of(url)
    change(lines)
    head, rest = url.split("p=", 1)
    tail = rest.split("&", 1)[1] if "&" in rest else ""
    return head + "p=" + deflate(shorten("\n".join(lines))) + ("&" + tail if tail else "")


# -- real URLs -----------------------------------------------------------------------


def test_a_real_nurikabe_url_reads_its_clues_and_the_players_marks() -> None:
    with pytest.raises(FormatError, match="names no genre"):
        read_puzzle(PENPA_NURIKABE)
    puzzle, answer = parse_penpa(PENPA_NURIKABE, genre="nurikabe")
    assert (puzzle.rows, puzzle.cols) == (10, 10)
    # point 48 of the 14-wide frame is column 6, row 3: board row 1, column 4; "?" at point 150 is r9c9
    assert puzzle.clue_map == {14: 8, 26: 1, 33: 3, 38: 6, 45: 5, 52: 4, 57: 7, 64: 9, 76: 2, 88: None}
    assert answer == Answer(10, 10, 1 << 11, 1 << 0)  # surface 4 (black) at point 45, 2 (green) at point 30
    assert read_answer(PENPA_NURIKABE) == answer
    assert solve(puzzle).status.value == "unique"


def test_a_real_kurodoko_url_reads_blank_circles_as_question_marks() -> None:
    puzzle = read_puzzle(PENPA_KURODOKO, genre="kuromasu")
    assert (puzzle.genre, puzzle.rows, puzzle.cols) == ("kurodoko", 11, 11)
    assert len(puzzle.clues) == 21 and puzzle.clue_map[0] == 10
    assert [cell for cell, number in puzzle.clues if number is None] == [12, 96]
    assert solve(puzzle).status.value == "unique"


def test_a_real_heyawake_url_reads_rooms_from_its_bold_edges() -> None:
    puzzle = read_puzzle(PENPA_HEYAWAKE, genre="heyawake")
    assert (puzzle.rows, puzzle.cols) == (7, 8)
    # eight edges box in two single cells, r2c2 (numbered 1) and r3c3; the rest is one room
    assert puzzle.room_count == 3 and puzzle.clue_map == {0: 18, 9: 1}
    assert sorted(mask.bit_count() for mask in puzzle.room_masks) == [1, 1, 54]
    assert puzzle.room_masks[puzzle.rooms[9]] == 1 << 9 and puzzle.room_masks[puzzle.rooms[18]] == 1 << 18
    assert solve(puzzle).status.value == "unique"


def test_the_writer_lays_out_a_board_as_penpa_edit_did() -> None:
    """Written again, the real Heyawake has penpa's header, numbers and edges, and the same parts in each line."""
    puzzle = read_puzzle(PENPA_HEYAWAKE, genre="heyawake")
    real, ours = lines_of(PENPA_HEYAWAKE), lines_of(format_penpa(puzzle))
    assert len(ours) == len(real) == 19
    assert ours[0].split(",")[:15] == real[0].split(",")[:15]  # sizes, canvas and the centre point 461
    for line in (3, 4, 14, 15):
        assert set(json.loads(ours[line])) == set(json.loads(real[line])), line
    assert json.loads(ours[3])["number"] == json.loads(real[3])["number"]
    assert json.loads(ours[3])["lineE"] == json.loads(real[3])["lineE"]
    assert json.loads(ours[5]) == json.loads(real[5])  # the board's cells
    assert json.loads(ours[17]) == ["heyawake"]


@pytest.mark.parametrize(("rows", "cols", "centre"), [(10, 10, 286), (11, 11, 112), (12, 12, 375), (7, 8, 461)])
def test_the_centre_point_is_penpas(rows: int, cols: int, centre: int) -> None:
    """The centre points of the real URLs' headers (noqx examples of 10x10, 11x11, 12x12 and 7x8 boards)."""
    assert Frame(rows, cols, cols, rows).centre() == centre


# -- the corpus, written and read back ----------------------------------------------


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko", "heyawake"])
def test_the_corpus_round_trips_with_its_solutions(genre: str) -> None:
    """A puzzle comes back exactly (numbers where they were), its solution as penpa's answer check wants it."""
    for record in load_corpus(genre):
        puzzle, answer = read_puzzle(json.dumps(record)), Answer.from_rows(record["solution"])
        edit, solving = format_penpa(puzzle), format_penpa(puzzle, answer)
        assert "#m=edit&p=" in edit and "#m=solve&p=" in solving and "&a=" in solving
        assert parse_penpa(edit) == (puzzle, None), record["name"]
        assert parse_penpa(solving) == (puzzle, answer), record["name"]
        assert read_answer(solving) == answer


# -- constructed puzzles ------------------------------------------------------------


@pytest.mark.parametrize("puzzle_id", [
    L_ROOMS, *(pid for pid, _ in HEYAWAKE_SMALL), "heyawake:1x1:?:0", "heyawake:1x4:1,.,.,0:0,0,1,1",
    "heyawake:3x1:.,1,.:0,1,1", "nurikabe:1x1:.", "nurikabe:3x6:?,.,12,.,.,?,.,.,.,.,.,.,.,.,.,.,.,.",
    "nurikabe:4x1:1,.,.,2",
    "kurodoko:2x3:4,.,?,.,.,.", Puzzle.make("nurikabe", 100, 100, {0: 9999, 9999: None}).id(),
])
def test_constructed_puzzles_round_trip(puzzle_id: str) -> None:
    puzzle = read_puzzle(puzzle_id)
    assert read_puzzle(write_puzzle(puzzle, "penpa")) == puzzle


def test_numbers_are_circled_in_a_genre_drawn_with_circles() -> None:
    for puzzle_id, style in [("kurodoko:1x3:3,.,.", 6), ("nurikabe:1x3:3,.,.", 1)]:
        numbers = json.loads(lines_of(format_penpa(Puzzle.from_id(puzzle_id)))[3])["number"]
        assert list(numbers.values()) == [[3, style, "1"]]


def test_the_solution_is_penpas_answer_check() -> None:
    puzzle = Puzzle.from_id("nurikabe:2x2:1,.,.,.")
    url = format_penpa(puzzle, Answer.from_rows(["-#", "##"]))
    assert json.loads(inflate(url.split("&a=")[1])) == [["15", "20", "21"], [], [], [], [], []]
    assert json.loads(lines_of(url)[7]) == {"sol_surface": True}
    assert lines_of(url)[4] == ""  # a solving URL carries no marks


def test_hosts_and_spellings_people_paste() -> None:
    puzzle = Puzzle.from_id("heyawake:2x3:1,.,.,.,.,?:0,0,1,2,2,1")
    url = format_penpa(puzzle)
    data = url.split("p=", 1)[1]
    raw = base64.b64decode(data)
    spelled = [
        url,
        "https://opt-pan.github.io/penpa-edit/#m=edit&p=" + data,
        "https://swaroopg92.github.io/penpa-edit/?m=edit&p=" + data,
        "m=edit&p=" + data,
        url.replace("m=edit", "m=solve"),
        url + "&l=solvedup",
        BASE + "#m=edit&p=" + data.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
        url.rstrip("="),
        BASE + "#m=edit&p=" + base64.urlsafe_b64encode(raw).decode(),
        BASE + "#m=edit&p=" + base64.b64encode(zlib.compress(zlib.decompress(raw, -15))).decode(),
    ]
    for text in spelled:
        assert looks_like_penpa(text), text
        assert read_puzzle(text) == puzzle, text


def test_an_import_link_is_read_as_its_puzz_link_url() -> None:
    puzzle = Puzzle.from_id("nurikabe:2x2:1,.,.,.")
    assert read_puzzle(BASE + "#m=edit&p=" + format_url(puzzle)) == puzzle


def test_the_genre_comes_from_tags_then_title_then_the_caller() -> None:
    url = format_penpa(Puzzle.from_id("kurodoko:1x3:3,.,."))

    def retitle(title: str, tags: str) -> Callable[[list[str]], None]:
        def change(lines: list[str]) -> None:
            header = lines[0].split(",")
            header[15] = f"Title: {title}"
            lines[0], lines[17] = ",".join(header), tags
        return change

    assert read_puzzle(rewrite(url, retitle("", '["kuromasu"]'))).genre == "kurodoko"
    assert read_puzzle(rewrite(url, retitle("Puzzle 3%2C a Kurodoko", "[]"))).genre == "kurodoko"
    assert read_puzzle(rewrite(url, retitle("", '["lits", "nurikabe"]'))).genre == "nurikabe"
    assert read_puzzle(rewrite(url, retitle("", "[]")), genre="nurikabe").genre == "nurikabe"
    with pytest.raises(FormatError, match="genre tags 'lits' name no genre"):
        read_puzzle(rewrite(url, retitle("", '["lits"]')))
    with pytest.raises(FormatError, match="no penpa-edit URL of genre 'sudoku'"):
        read_puzzle(rewrite(url, retitle("", "")), genre="sudoku")


def test_margins_move_the_board_inside_the_frame() -> None:
    """A board drawn with margins (``[top, bottom, left, right]`` cells, inside the header's size) reads the same."""
    frame = Frame(2, 3, 3 + 0 + 2, 2 + 1 + 0, top=1, left=0)
    puzzle = Puzzle.from_id("nurikabe:2x3:1,.,.,.,.,2")

    def margins(lines: list[str]) -> None:
        header = lines[0].split(",")
        header[1], header[2] = str(frame.nx), str(frame.ny)
        lines[0] = ",".join(header)
        lines[1] = "[1,0,0,2]"
        problem = json.loads(lines[3])
        problem["number"] = {str(frame.point(cell)): [n, 1, "1"] for cell, n in puzzle.clues}
        lines[3] = json.dumps(problem)
        points = [frame.point(cell) for cell in range(6)]
        lines[5] = json.dumps([points[0], *(b - a for a, b in zip(points, points[1:]))])

    assert read_puzzle(rewrite(format_penpa(puzzle), margins)) == puzzle


def test_a_multisolution_answer_check_is_passed_over_for_the_marks() -> None:
    puzzle = Puzzle.from_id("nurikabe:2x2:1,.,.,.")
    url = format_penpa(puzzle, Answer.from_rows(["-#", "##"]))

    def multi(lines: list[str]) -> None:
        lines[0] = lines[0].rsplit(",", 1)[0] + ",true"

    with pytest.raises(FormatError, match="no solution"):
        read_answer(rewrite(url, multi))
    assert penpa_answer(url) == Answer.from_rows(["-#", "##"])


# -- bad data ------------------------------------------------------------------------

GOOD = format_penpa(Puzzle.from_id("heyawake:2x3:1,.,.,.,.,?:0,0,1,2,2,1"))


def changed(change: Callable[[list[str]], None]) -> str:
    return rewrite(GOOD, change)


def set_line(number: int, text: str) -> Callable[[list[str]], None]:
    def change(lines: list[str]) -> None:
        lines[number] = text
    return change


def set_header(field: int, text: str) -> Callable[[list[str]], None]:
    def change(lines: list[str]) -> None:
        header = lines[0].split(",")
        header[field] = text
        lines[0] = ",".join(header)
    return change


def add_number(point: int, value: object) -> Callable[[list[str]], None]:
    def change(lines: list[str]) -> None:
        problem = json.loads(lines[3])
        problem["number"][str(point)] = [value, 1, "1"]
        lines[3] = json.dumps(problem)
    return change


@pytest.mark.parametrize(("text", "message"), [
    (BASE + "#m=edit&p=", "no p= parameter"),
    (BASE + "#m=edit&p=abc!def", "not base64 (the character '!')"),
    (BASE + "#m=edit&p=abcde", "not base64 (its length)"),
    (BASE + "#m=edit&p=" + base64.b64encode(b"\xff\xfe plain bytes").decode(), "not deflate-compressed"),
    (BASE + "#m=edit&p=" + GOOD.split("p=")[1][:40], "cut short"),
    (BASE + "#m=edit&p=" + deflate("square,3"), "cut short: 1 lines"),
    (BASE + "#m=edit&p=" + base64.b64encode(zlib.compress(b"\xff\xfe")[2:-4]).decode(), "not UTF-8"),
    (changed(set_header(0, "hex")), "grid is 'hex'"),
    (changed(set_header(0, "1")), "old penpa-edit URL"),
    (changed(set_header(1, "200")), "over the size cap"),
    (changed(set_header(2, "x")), "number of rows 'x' is not a whole number"),
    (changed(set_line(1, "[0,0]")), "margins (line 2) are not four whole numbers"),
    (changed(set_line(3, "{")), "problem (line 4) is not JSON"),
    (changed(set_line(3, "[" * 100_000 + "]" * 100_000)), "nested too deeply"),
    (changed(set_line(3, "[]")), "problem is not a JSON object"),
    (changed(set_line(5, "[30,1]")), "not a whole 2x3 rectangle"),
    (changed(add_number(9, 1)), "number '1' at point 9 is not in a cell"),
    (changed(add_number(18, "A")), "number 'A' at row 1, column 3 is not a clue"),
    (changed(add_number(18, [1, 2])), "is not a clue"),
    (changed(add_number(18, True)), "is not a clue"),
    (changed(add_number(18, 9)), "PuzzleError"),
])
def test_bad_data_is_one_line_naming_the_problem(text: str, message: str) -> None:
    if message == "PuzzleError":
        with pytest.raises(PuzzleError):
            read_puzzle(text)
        return
    with pytest.raises(FormatError) as caught:
        read_puzzle(text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def refused(bomb: str, message: str) -> int:
    """The peak of memory (bytes) reading ``bomb`` took, refused with ``message``."""
    def read() -> None:
        with pytest.raises(FormatError, match=message):
            read_puzzle(bomb)

    return peak_memory(read)[1]


def test_a_compression_bomb_is_refused_at_the_bound() -> None:
    """Data that would unpack to four times the bound is unpacked no further than the bound: the memory it
    takes says so, whatever the machine's speed."""
    bomb = BASE + "#m=edit&p=" + deflate("x" * (4 * MAX_TEXT))
    assert len(bomb) < 100_000
    assert refused(bomb, f"more than {MAX_TEXT} bytes") < 3 * MAX_TEXT


def test_short_names_expanding_past_the_bound_are_refused_at_the_bound() -> None:
    """A two-character name stands for up to 16 characters: the bound holds once they are expanded too, before
    the expanded text is split and read (which would take several times the memory of expanding it)."""
    text = "\n".join(["square,2,2,38", "[0,0,0,0]", "", "[" + ",".join(["z8"] * (MAX_TEXT // 3 - 10)) + "]"])
    bomb = BASE + "#m=edit&p=" + deflate(text)
    assert len(text) <= MAX_TEXT and len(bomb) < 100_000
    assert refused(bomb, f"expands to more than {MAX_TEXT} characters") < 10 * MAX_TEXT


def tagged(n: int) -> str:
    """A URL with ``n`` genre tags before the one that names a genre."""
    url = format_penpa(Puzzle.from_id("nurikabe:2x2:1,.,.,."))
    return rewrite(url, set_line(17, json.dumps(["x"] * n + ["nurikabe"], separators=(",", ":"))))


def with_cells(n: int) -> str:
    """A URL whose board lists ``n`` cells."""
    return rewrite(format_penpa(Puzzle.from_id("nurikabe:2x2:1,.,.,.")), set_line(5, json.dumps([1] * n)))


def test_long_lists_in_the_data_take_linear_time() -> None:
    """Up to 700,000 genre tags before the one that names a genre, or a million board cells: four times the
    list takes well under sixteen times as long."""
    assert read_puzzle(tagged(700_000)) == Puzzle.from_id("nurikabe:2x2:1,.,.,.")
    with pytest.raises(FormatError, match=r"not a whole 2x2 rectangle \(1000000 cells\)"):
        read_puzzle(with_cells(1_000_000))
    assert_linear(tagged, read_puzzle, 175_000)
    assert_linear(with_cells, refuse, 250_000)


def refuse(url: str) -> None:
    with pytest.raises(FormatError):
        read_puzzle(url)


def test_read_answer_wants_a_solution_or_marks() -> None:
    with pytest.raises(FormatError, match="no solution"):
        read_answer(GOOD)


def test_an_answer_of_another_shape_is_refused() -> None:
    with pytest.raises(FormatError, match="the answer is 1x2 but the puzzle 2x3"):
        format_penpa(read_puzzle(GOOD), Answer.from_rows(["#-"]))


def test_other_urls_are_not_taken_for_penpa() -> None:
    for text in ["https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", "nurikabe:2x2:1,.,.,.", "https://example.com/?p=1",
                 "penpa m=edit&p=abc"]:
        assert not looks_like_penpa(text)


def test_marks_of_other_kinds_are_passed_over() -> None:
    """Several colours in one cell, odd values and off-board points mark nothing; they raise no other error."""
    puzzle = Puzzle.from_id("nurikabe:2x2:1,.,.,.")
    url = format_penpa(puzzle)  # the board's cells are points 14, 15, 20 and 21 of a 6-wide frame

    def marks(lines: list[str]) -> None:
        layer = json.loads(lines[4])
        layer["surface"] = {"14": [1, 4], "15": 4, "20": True, "0": 1, "21": 2}
        layer["symbol"] = {"20": [8, "ox_B", 2], "14": 8}
        lines[4] = json.dumps(layer)

    assert read_answer(rewrite(url, marks)) == Answer.from_rows([".#", "--"])
    solution = deflate(json.dumps([["15", 3, [20, 4], [21, [1]], ["14"], {}], []]))
    assert read_answer(url + "&a=" + solution) == Answer.from_rows(["-#", "#-"])
