"""Property tests: arbitrary input never escapes as anything but a PencilkitError, valid puzzles round-trip
through every format, and the engine keeps its promises on random small boards.

Each property runs 80 examples (``HYPOTHESIS_PROFILE=nightly``: 3,000; see tests/conftest.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import pencilkit
from pencilkit import FormatError, PencilkitError, Puzzle
from pencilkit.errors import PuzzleError
from pencilkit.formats import read_answer, read_puzzle, write_puzzle
from pencilkit.formats.janko import format_janko, parse_janko
from pencilkit.formats.json_format import parse_json
from pencilkit.formats.penpa import BASE, deflate, format_penpa, parse_penpa, penpa_answer
from pencilkit.formats.puzzle_id import parse_id
from pencilkit.formats.pzprv3 import parse_pzprv3
from pencilkit.formats.text import parse_text
from pencilkit.formats.url import (
    decode_room_body,
    encode_room_body,
    format_url,
    parse_url,
    pzpr_form,
    room_top,
    rooms_from_borders,
)
from pencilkit.frame import oracle
from pencilkit.frame.board import Contradiction
from pencilkit.frame.levels import Level
from pencilkit.genres import all_genres, find_genre
from pencilkit.genres.heyawake.analysis import most_black
from pencilkit.grid import Grid
from pencilkit.puzzle import Answer
from pencilkit.web.limits import Limits
from pencilkit.web.server import create_app

TEXT = st.text(max_size=300)
JANKO_LINES = ["problem", "solution", "areas", "moves", "end", "begin", "size 2", "rows 2", "cols 3", "size 999",
               "unit 25", "puzzle kuromasu", "1 -", "- - -", "x x", "a b", "? 12", "x - #", "- 3 -", "Z2;ab,1;"]
"""Lines that are often nearly a Janko text (properties, grid rows, moves), and often not."""
PENPA_GOOD = format_penpa(Puzzle.from_id("heyawake:2x3:1,.,.,.,.,?:0,0,1,2,2,1"),
                          Answer.from_rows(["#--", "-#-"]))
PENPA_LINES = ["square,2,3,38", "square,3,2,38,0,1,1,152,114,1,1,0,0,0,0,Title: Heyawake", "square,x,1", "hex,1,1",
               "1,2", "[0,0,0,0]", "[1,1]", "{}", "[]", '{"number":{"18":[1,1,"1"]},"lineE":{"60,67":2}}',
               '{"number":{"9":["?",6,"1"]}}', '{"surface":{"16":1},"symbol":{"17":[8,"ox_B",2]}}',
               '{"surface":{"16":[1,4],"17":{},"18":true},"symbol":{"17":8},"number":[]}', "[16,1,1]",
               '["heyawake"]', '["lits"]', "[" * 5000, "zZ" * 20]
"""Lines that are often nearly a penpa-edit text (header, margins, layers, board, tags), and often not."""
NEAR_PUZZLES = st.one_of(
    TEXT,
    st.builds(lambda genre, shape, body: f"{genre}:{shape}:{body}",
              st.sampled_from(["nurikabe", "kurodoko", "kuromasu", "Nurikabe", "nuri", "x", ""]),
              st.from_regex(r"-?\d{0,3}[xX]\d{0,3}", fullmatch=True),
              st.text(alphabet="0123456789.,?- x#", max_size=60)),
    st.builds(lambda genre, body: f"https://puzz.link/p?{genre}/{body}",
              st.sampled_from(["nurikabe", "kurodoko", "nurikabe_edit", "lits"]),
              st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz/._-.", max_size=40)),
    st.builds(lambda genre, size, rows: f"pzprv3\n{genre}\n{size}\n" + "\n".join(rows),
              st.sampled_from(["nurikabe", "kurodoko", "heyawake", "lits"]),
              st.sampled_from(["2\n2", "3\n1", "x\n2", "0\n0"]),
              st.lists(st.text(alphabet="0123456789.-#+ ", max_size=8), max_size=9)),
    st.builds(lambda genre, cols, rows, body: f"https://puzz.link/p?{genre}/{cols}/{rows}/{body}",
              st.sampled_from(["heyawake", "heyawacky", "heyawake_edit"]), st.integers(0, 9), st.integers(0, 9),
              st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz.-+=%*$/A", max_size=40)),
    st.builds(lambda genre, lines, end: f"begin\npuzzle {genre}\n" + "\n".join(lines) + end,
              st.sampled_from(["nurikabe", "kuromasu", "heyawake", "sudoku", ""]),
              st.lists(st.one_of(st.sampled_from(JANKO_LINES), st.text(alphabet="0123456789x-?# ab", max_size=9)),
                       max_size=14),
              st.sampled_from(["\nend", "", "\nend\nmore"])),
    st.builds(lambda head, body: f'{head}<script id="data" type="application/x-janko">{body}</script>',
              st.sampled_from(["", "<html><body>", '<script type="application/x-janko">']),
              st.lists(st.sampled_from(JANKO_LINES), max_size=10).map("\n".join)),
    st.builds(lambda host, mode, data: f"{host}{mode}&p={data}",
              st.sampled_from([BASE, "https://opt-pan.github.io/penpa-edit/", ""]),
              st.sampled_from(["#m=edit", "?m=solve", "m=edit"]),
              st.text(alphabet="ABCDEFabcdef0123456789+/=-_%", max_size=80)),
    st.builds(lambda lines, answer: BASE + "#m=edit&p=" + deflate("\n".join(lines)) + answer,
              st.lists(st.one_of(st.sampled_from(PENPA_LINES), st.text(max_size=20)), max_size=19),
              st.sampled_from(["", "&a=" + deflate('[["16"],[],[],[],[],[]]'), "&a=" + deflate("[[[16, 4]]]"),
                               "&a=" + deflate('[[["16", [1]], [{}], 17]]'), "&a=" + deflate("{"), "&a=!"])),
    st.builds(lambda cut, tail: PENPA_GOOD[:cut] + tail, st.integers(0, len(PENPA_GOOD)),
              st.sampled_from(["", "A", "=", "&a=", "&p="])),
    st.builds(lambda rows: "genre: nurikabe\ngrid:\n" + "\n".join(rows),
              st.lists(st.text(alphabet="0123456789.? ", max_size=8), max_size=6)),
    st.builds(json.dumps, st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                                       lambda inner: st.lists(inner, max_size=4)
                                       | st.dictionaries(st.sampled_from(["genre", "puzzle", "grid", "x"]),
                                                         inner, max_size=4),
                                       max_leaves=20)),
)
"""Text that is often nearly a puzzle in some format, and often not."""


def only_pencilkit_errors(read: Callable[[Any], Any], value: Any) -> None:
    try:
        read(value)
    except PencilkitError as e:
        assert str(e) and "\n" not in str(e), repr(e)


@given(NEAR_PUZZLES)
def test_reading_any_text_raises_only_pencilkit_errors(text: str) -> None:
    only_pencilkit_errors(read_puzzle, text)
    only_pencilkit_errors(read_answer, text)
    only_pencilkit_errors(parse_id, text)
    only_pencilkit_errors(parse_text, text)
    only_pencilkit_errors(parse_url, text)
    only_pencilkit_errors(parse_pzprv3, text)
    only_pencilkit_errors(parse_janko, text)
    only_pencilkit_errors(parse_penpa, text)
    only_pencilkit_errors(penpa_answer, text)
    only_pencilkit_errors(lambda t: parse_json(t, lambda body, genre: read_puzzle(body, genre=genre)), text)


@given(st.binary(max_size=300))
def test_reading_any_bytes_raises_only_pencilkit_errors(data: bytes) -> None:
    only_pencilkit_errors(read_puzzle, data)
    only_pencilkit_errors(read_answer, data)


@st.composite
def room_divisions(draw: st.DrawFn, rows: int, cols: int) -> tuple[int, ...]:
    """The rooms of a ``rows`` x ``cols`` board: drawn labels, each connected group of one label a room."""
    labels = draw(st.lists(st.integers(0, draw(st.integers(0, 5))), min_size=rows * cols, max_size=rows * cols))
    vertical = [labels[r * cols + c] != labels[r * cols + c + 1] for r in range(rows) for c in range(cols - 1)]
    horizontal = [labels[r * cols + c] != labels[(r + 1) * cols + c] for r in range(rows - 1) for c in range(cols)]
    return rooms_from_borders(rows, cols, vertical, horizontal)


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    """A valid puzzle of a registered genre, up to 7x7, with numbers and ``?`` clues (and rooms for a genre
    with rooms, at most one number a room, anywhere in it; a number in nearly every cell for a genre whose
    numbers the board does not bound, such as Hitori)."""
    genre = draw(st.sampled_from(all_genres()))
    rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    if genre.has_rooms:
        rooms = draw(room_divisions(rows, cols))
        clues: dict[int, int | None] = {}
        for room in range(max(rooms) + 1):
            members = [cell for cell, of in enumerate(rooms) if of == room]
            if draw(st.booleans()):
                top = most_black(Grid.of(rows, cols), sum(1 << cell for cell in members))
                clues[draw(st.sampled_from(members))] = draw(st.one_of(st.none(), st.integers(0, top)))
        return Puzzle.make(genre.name, rows, cols, clues, rooms)
    if not hasattr(genre, "max_clue"):  # a number in every cell (Hitori), any size, now and then none or a '?'
        numbers = st.one_of(st.integers(1, max(rows, cols)), st.integers(1, 2000), st.none())
        blanks = draw(st.sets(st.integers(0, rows * cols - 1), max_size=2))
        return Puzzle.make(genre.name, rows, cols,
                           {cell: draw(numbers) for cell in range(rows * cols) if cell not in blanks})
    top = genre.max_clue(rows, cols)  # type: ignore[attr-defined]
    cells = draw(st.sets(st.integers(0, rows * cols - 1), max_size=rows * cols))
    clues = {cell: draw(st.one_of(st.none(), st.integers(1, top))) for cell in cells}
    return Puzzle.make(genre.name, rows, cols, clues)


@given(puzzles())
def test_every_valid_puzzle_round_trips_through_every_format(puzzle: Puzzle) -> None:
    """Every format gives the puzzle back; a URL puts a room's number on the room's top cell, as pzpr does."""
    for fmt in ("id", "text", "json", "url", "pzprv3", "janko", "penpa"):
        try:
            written = write_puzzle(puzzle, fmt)
        except PencilkitError:
            assert fmt == "url" and any(number is None or number > 255 for _, number in puzzle.clues), fmt
            continue
        expected = pzpr_form(puzzle) if fmt == "url" else puzzle
        assert read_puzzle(written) == expected, (fmt, written)


@given(puzzles(), st.data())
def test_answers_round_trip_through_janko_and_penpa(puzzle: Puzzle, data: st.DataObject) -> None:
    """A puzzle with any answer comes back with the answer finished: its unmarked cells unshaded."""
    size = puzzle.rows * puzzle.cols
    shaded = data.draw(st.integers(0, 2**size - 1))
    answer = Answer(puzzle.rows, puzzle.cols, shaded, data.draw(st.integers(0, 2**size - 1)) & ~shaded)
    assert parse_janko(format_janko(puzzle, answer)) == (puzzle, answer.finished())
    assert parse_penpa(format_penpa(puzzle, answer)) == (puzzle, answer.finished())


HEYAWAKE_BODY = st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz.-+=%*$AV_ ", max_size=60)
"""Text that is often nearly the body of a Heyawake URL: border characters, then number16 codes."""


@given(st.integers(1, 9), st.integers(1, 9), HEYAWAKE_BODY)
@settings(deadline=5000)
def test_garbage_heyawake_bodies_raise_only_format_errors(rows: int, cols: int, body: str) -> None:
    """A Heyawake URL of any body is read at once, or refused with a one-line FormatError (a PuzzleError
    when it is well formed but a number does not fit its room), never with another exception."""
    for genre in ("heyawake", "heyawacky"):
        try:
            puzzle = parse_url(f"https://puzz.link/p?{genre}/{cols}/{rows}/{body}")
        except (FormatError, PuzzleError) as e:
            assert str(e) and "\n" not in str(e), repr(e)
        else:
            assert puzzle.rooms is not None and parse_url(format_url(puzzle)) == puzzle


@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_heyawake_bodies_round_trip(rows: int, cols: int, data: st.DataObject) -> None:
    """Any rooms and numbers (unchecked against the rooms' sizes) come back from their body, each number on
    its room's top cell; a body cut short or run on is a FormatError."""
    rooms = data.draw(room_divisions(rows, cols))
    members: dict[int, list[int]] = {}
    for cell, room in enumerate(rooms):
        members.setdefault(room, []).append(cell)
    numbered = data.draw(st.sets(st.sampled_from(sorted(members))))
    clues = {data.draw(st.sampled_from(members[room])): data.draw(st.one_of(st.none(), st.integers(0, 5000)))
             for room in numbered}
    body = encode_room_body(clues, rooms, rows, cols)
    moved = {room_top(cols, members[rooms[cell]]): number for cell, number in clues.items()}
    assert decode_room_body(body, rows, cols) == (moved, rooms)
    for bad in (body[:-1], body + "0", body + "g"):
        with pytest.raises(FormatError):
            decode_room_body(bad, rows, cols)


@given(puzzles(), st.sampled_from([Level.EASY, Level.MEDIUM, Level.HARD]))
@settings(max_examples=40)
def test_ratings_are_monotone_in_the_allowed_level(puzzle: Puzzle, level: Level) -> None:
    """The ladder tries cheaper techniques first: a puzzle it finishes up to a level it finishes the same
    way up to any higher one."""
    if puzzle.rows * puzzle.cols > 25:
        return
    low = pencilkit.solve(puzzle, max_level=level, exact=False, nodes=500)
    if low.status is pencilkit.Status.UNIQUE and low.rating is not None and low.rating <= level:
        high = pencilkit.solve(puzzle, max_level=Level.EXPERT, exact=False, nodes=500)
        assert high.rating == low.rating and high.answer == low.answer


@given(puzzles())
@settings(max_examples=60)
def test_the_ladder_never_contradicts_the_oracle(puzzle: Puzzle) -> None:
    genre = find_genre(puzzle.genre)
    if genre.start(puzzle).undecided.bit_count() > 14:
        return
    truth = oracle.solutions(genre, puzzle)
    board = genre.start(puzzle)
    try:
        genre.ruleset.run(board, max_level=Level.EXPERT)
    except Contradiction:
        assert truth == [], puzzle.id()
        return
    assert oracle.disagreement(truth, board.shaded, board.unshaded) == 0, puzzle.id()
    solved = pencilkit.solve(puzzle)
    expected = {0: "none", 1: "unique"}.get(len(truth), "multiple")
    assert solved.status.value == expected, puzzle.id()


@given(st.integers(0, 2**31 - 1))
@settings(max_examples=6)
def test_a_generated_puzzle_solves_to_its_solution(seed: int) -> None:
    made = pencilkit.generate("nurikabe", 5, 5, "easy", seed=seed)[0]
    solved = pencilkit.solve(made.puzzle)
    assert solved.status is pencilkit.Status.UNIQUE and solved.answer == made.solution
    assert solved.rating == made.rating


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Limits(), heavy_workers=1, light_workers=1), base_url="http://127.0.0.1:8000",
                    raise_server_exceptions=False) as c:
        yield c


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats() | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                      max_size=4),
                           max_leaves=15)
FIELDS = st.fixed_dictionaries({}, optional={
    "text": NEAR_PUZZLES, "puzzle": NEAR_PUZZLES, "answer": st.one_of(TEXT, JSON_VALUES),
    "genre": st.sampled_from(["nurikabe", "kurodoko", "heyawake", "", "x"]), "rows": JSON_VALUES,
    "cols": JSON_VALUES, "level": st.sampled_from(["easy", "expert", "search", "", "7"]), "seed": JSON_VALUES,
    "time_budget": st.one_of(st.floats(), st.just(0.05)), "style": st.text(max_size=10),
})


@given(st.sampled_from(["parse", "check", "hint", "solve", "generate", "nothing"]),
       st.one_of(FIELDS, JSON_VALUES))
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_the_api_answers_any_body_without_a_500(client: TestClient, job: str, body: Any) -> None:
    if isinstance(body, dict) and job in ("solve", "generate"):
        body = {**body, "time_budget": 0.05}  # keep the heavy jobs short
    response = client.post(f"/api/{job}", content=json.dumps(body), headers={"content-type": "application/json"})
    assert response.status_code < 500 or response.status_code == 503, (job, body, response.text)
    data = response.json()
    assert response.status_code == 200 or isinstance(data.get("error"), str)


@given(st.binary(max_size=200))
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_api_answers_any_bytes_with_a_json_error(client: TestClient, raw: bytes) -> None:
    response = client.post("/api/check", content=raw, headers={"content-type": "application/json"})
    assert 400 <= response.status_code < 500 and "error" in response.json()
