"""Heyawake in puzz.link URLs and pzprv3 files: borders then room numbers, numbers on the rooms' top cells.

Hand-made boards need nothing beside the checkout; the corpus round trips skip when
``../shared/corpus/heyawake.jsonl`` is absent.  pzpr.js itself is consulted in
``test_url_pzpr.py``.
"""

from __future__ import annotations

import random

import pytest

from pencilkit import FormatError, Puzzle, check, parse
from pencilkit.errors import PuzzleError
from pencilkit.formats import read_puzzle, write_puzzle
from pencilkit.formats.pzprv3 import format_pzprv3, parse_pzprv3
from pencilkit.formats.url import (
    border_chars,
    decode_borders,
    decode_room_body,
    encode_borders,
    encode_room_body,
    format_url,
    parse_url,
    pzpr_form,
    room_top,
)
from pencilkit.genres import find_genre
from pencilkit.grid import Grid
from pencilkit.puzzle import Answer, number_rooms

from .helpers import HEYAWAKE_SMALL as SMALL
from .helpers import L_ROOMS, L_SOLUTION, L_URL, corpus_lines, random_rooms

BASE = "https://puzz.link/p?"


# -- the URL body ------------------------------------------------------------------


def test_a_known_url_reads_its_rooms_and_numbers() -> None:
    puzzle = parse_url(L_URL)
    assert puzzle.rooms == (0, 1, 1, 1, 1, 2, 2, 2, 2)
    assert puzzle.clue_map == {0: 0, 3: 1, 6: None}  # each number on its room's top cell
    assert puzzle == pzpr_form(parse(L_ROOMS))
    assert format_url(puzzle) == L_URL


def test_the_borders_are_five_a_character_vertical_then_horizontal() -> None:
    rooms = (0, 1, 1, 1, 1, 2, 2, 2, 2)
    # between side by side: 1 0 / 0 1 / 0 0 -> 10010 0(0000); one above the other: 1 0 1 / 1 1 0 -> 10111 0(0000)
    assert encode_borders(rooms, 3, 3) == "i0n0"
    assert decode_borders("i0n0", 3, 3) == rooms
    assert border_chars(3, 3) == (2, 2)
    assert border_chars(1, 7) == (2, 0) and border_chars(7, 1) == (0, 2) and border_chars(1, 1) == (0, 0)


def test_padding_bits_past_the_last_border_are_ignored() -> None:
    # "i1": the second character's last four bits are padding (pzpr ignores them too)
    assert decode_borders("i1n1", 3, 3) == decode_borders("i0n0", 3, 3)


def test_a_border_inside_a_room_parts_nothing() -> None:
    # one border r1c1|r1c2 in an otherwise open 2x2: still one room, and written back without it
    assert decode_borders("g0", 2, 2) == (0, 0, 0, 0)
    assert encode_borders((0, 0, 0, 0), 2, 2) == "00"


def test_the_top_cell_is_the_topmost_of_the_leftmost_column() -> None:
    assert room_top(3, [1, 2, 3, 4]) == 3
    assert room_top(3, [2, 5, 8]) == 2
    assert room_top(4, [1, 2, 5, 6]) == 1
    assert room_top(3, [5, 6, 7, 8]) == 6


def test_a_number_away_from_its_rooms_top_cell_comes_back_moved() -> None:
    puzzle = parse(L_ROOMS)
    again = parse_url(format_url(puzzle))
    assert again != puzzle
    assert again == pzpr_form(puzzle)
    assert again.clue_map == {0: 0, 3: 1, 6: None}
    assert pzpr_form(again) == again  # already in pzpr's form
    assert not check(again, Answer.from_rows(L_SOLUTION))  # the same puzzle for the rules


def test_question_numbers_are_dots() -> None:
    puzzle = parse("heyawake:1x3:?,.,.:0,1,1")
    assert format_url(puzzle) == BASE + "heyawake/3/1/g.g"
    assert parse_url(format_url(puzzle)) == puzzle


@pytest.mark.parametrize(("empties", "run"), [(1, "g"), (20, "z"), (21, "zg"), (45, "zzk")])
def test_runs_of_rooms_without_a_number_chain(empties: int, run: str) -> None:
    cols = empties + 1
    rooms = tuple(range(cols))  # 1 x cols, every cell its own room
    body = encode_room_body({cols - 1: 0}, rooms, 1, cols)
    assert body == encode_borders(rooms, 1, cols) + run + "0"
    assert decode_room_body(body, 1, cols) == ({cols - 1: 0}, rooms)


def test_large_numbers_use_the_long_codes() -> None:
    puzzle = Puzzle.make("heyawake", 1, 40, {39: 20}, [0] * 40)  # a room of 40 cells holds 20 black ones
    url = format_url(puzzle)
    assert url == BASE + "heyawake/40/1/00000000-14"
    assert parse_url(url) == pzpr_form(puzzle)
    assert parse_url(url).clue_map == {0: 20}


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 9), (9, 1), (2, 2), (7, 3), (10, 10)])
def test_random_rooms_and_numbers_round_trip_through_the_body(rows: int, cols: int) -> None:
    rng = random.Random(rows * 100 + cols)
    for _ in range(60):
        rooms = random_rooms(rng, rows, cols, rng.randint(1, 5))
        members: dict[int, list[int]] = {}
        for cell, room in enumerate(rooms):
            members.setdefault(room, []).append(cell)
        clues: dict[int, int | None] = {}
        for room, cells in members.items():
            if rng.random() < 0.6:
                clues[rng.choice(cells)] = rng.choice([None, 0, 1, 7, 15, 16, 255, 256, 4095])
        body = encode_room_body(clues, rooms, rows, cols)
        moved = {room_top(cols, members[rooms[cell]]): number for cell, number in clues.items()}
        assert decode_room_body(body, rows, cols) == (moved, rooms), (rows, cols, body)


def test_the_alias_heyawacky_is_read_and_heyawake_written() -> None:
    assert "heyawacky" in find_genre("heyawake").url_aliases
    puzzle = read_puzzle(BASE + "heyawacky/3/3/i0n001.")
    assert puzzle == parse_url(L_URL)
    assert write_puzzle(puzzle, "url") == L_URL
    assert parse_url("https://puzz.link/p?heyawake_edit/3/3/i0n001.") == puzzle


def test_the_other_genres_keep_their_bodies() -> None:
    assert format_url(parse("nurikabe:1x3:?,.,3")) == BASE + "nurikabe/3/1/.g3"
    assert format_url(parse("kurodoko:1x3:2,.,.")) == BASE + "kurodoko/3/1/2h"


BAD_HEYAWAKE_URLS = [
    (BASE + "heyawake/3/3/i0n", "the room borders of a 3x3 board take 4 characters, the body has 3"),
    (BASE + "heyawake/3/3/", "take 4 characters, the body has 0"),
    (BASE + "heyawake/3/3/i0nw01.", "'w' at character 4 is not a border character"),
    (BASE + "heyawake/3/3/i0n0.1", "URL body is truncated: it numbers 2 of the 3x3 board's 3 rooms"),
    (BASE + "heyawake/3/3/i0n001.1", "goes on past the last of the 3x3 board's 3 rooms at character 8"),
    (BASE + "heyawake/3/3/i0n0j", "the run 'j' at character 5 covers 4 rooms but only 3 are left"),
    (BASE + "heyawake/3/3/i0n0-1", "cut short"),
    (BASE + "heyawake/3/3/i0n0A", "unknown character 'A' at character 5"),
    (BASE + "heyawake/3/3/i0n09gg", "out of range"),
    (BASE + "heyawacky/3/3/i0n0", "truncated"),
]


@pytest.mark.parametrize(("url", "message"), BAD_HEYAWAKE_URLS)
def test_bad_heyawake_urls_name_the_problem(url: str, message: str) -> None:
    with pytest.raises((FormatError, PuzzleError)) as info:
        read_puzzle(url)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


# -- pzprv3 files ------------------------------------------------------------------


def test_a_rooms_file_is_count_rooms_clues_marks() -> None:
    puzzle = parse(L_ROOMS)
    answer = Answer.from_rows(L_SOLUTION).finished()
    text = format_pzprv3(puzzle, answer)
    assert text == ("pzprv3\nheyawake\n3\n3\n3\n"
                    "0 1 1 \n1 1 2 \n2 2 2 \n"
                    "0 . 1 \n. . . \n. . - \n"
                    "+ + + \n# + + \n+ + + \n")
    assert parse_pzprv3(text) == (puzzle, answer)  # the numbers stay where the file has them


def test_a_rooms_file_without_marks_or_with_other_labels_reads() -> None:
    puzzle = parse(L_ROOMS)
    text = "pzprv3\nheyawake\n3\n3\n9\n7 x x \nx x 2 \n2 2 2 \n0 . 1 \n. . . \n. . - \n"
    assert parse_pzprv3(text) == (puzzle, Answer(3, 3, 0, 0))
    # a label on two separate groups makes two rooms, as in pzpr
    split = parse_pzprv3("pzprv3\nheyawake\n1\n3\n1\n0 1 0 \n. . . \n")[0]
    assert split.rooms == (0, 1, 2)


def test_a_shaded_number_cell_keeps_its_mark() -> None:
    puzzle = parse("heyawake:1x3:1,.,.:0,0,0")
    answer = Answer.from_rows(["#-#"])
    assert parse_pzprv3(format_pzprv3(puzzle, answer)) == (puzzle, answer)


@pytest.mark.parametrize(("text", "message"), [
    ("pzprv3\nheyawake\n2\n2\n", "no number of rooms"),
    ("pzprv3\nheyawake\n2\n2\nx\n0 0 \n0 0 \n. . \n. . \n", "no number of rooms"),
    ("pzprv3\nheyawake\n2\n2\n1\n0 0 \n. . \n. . \n", "the pzprv3 file has 1 grid rows"),
    ("pzprv3\nheyawake\n2\n2\n1\n0 0 \n0 \n. . \n. . \n", "room row 2 has 1 cells"),
    ("pzprv3\nheyawake\n2\n2\n1\n0 0 \n0 0 \n. x \n. . \n", "unknown pzprv3 token 'x'"),
    ("pzprv3\nheyawake\n2\n2\n1\n0 0 \n0 0 \n. . \n. . \n# 1 \n", "unknown pzprv3 mark '1'"),
    ("pzprv3\nheyawake\n2\n2\n1\n0 0 \n0 0 \n1 . \n. 1 \n", "has two numbers"),
])
def test_bad_rooms_files_name_the_problem(text: str, message: str) -> None:
    with pytest.raises((FormatError, PuzzleError)) as info:
        parse_pzprv3(text)
    assert message in str(info.value)


@pytest.mark.parametrize(("pid", "solution"), SMALL)
def test_small_puzzles_round_trip_through_url_and_file(pid: str, solution: list[str]) -> None:
    puzzle = parse(pid)
    answer = Answer.from_rows(solution).finished()
    assert not check(puzzle, answer)
    assert read_puzzle(format_url(puzzle)) == pzpr_form(puzzle)
    assert parse_pzprv3(format_pzprv3(puzzle, answer)) == (puzzle, answer)
    for fmt in ("id", "text", "json", "pzprv3"):
        assert read_puzzle(write_puzzle(puzzle, fmt)) == puzzle, fmt


# -- the corpus ----------------------------------------------------------------------


def test_corpus_puzzles_round_trip_through_url_and_file() -> None:
    for line in corpus_lines("heyawake"):
        puzzle = read_puzzle(line)
        url = format_url(puzzle)
        again = read_puzzle(url)
        assert again == pzpr_form(puzzle), url
        assert format_url(again) == url
        assert parse_pzprv3(format_pzprv3(puzzle))[0] == puzzle


def test_rooms_are_numbered_in_reading_order_and_a_split_room_is_named_every_time() -> None:
    """Any labels, in a list or a tuple, give the same numbering, once remembered and again; a label on
    two separate groups is an error on each asking (answers are remembered, errors are not), and so is
    a count of labels that does not fit the board."""
    grid = Grid.of(2, 3)
    assert number_rooms(grid, [7, 7, 3, 5, 5, 3]) == number_rooms(grid, (7, 7, 3, 5, 5, 3)) == (0, 0, 1, 2, 2, 1)
    assert Puzzle.make("heyawake", 2, 3, {}, [7, 7, 3, 5, 5, 3]).room_masks == (0b011, 0b100100, 0b011000)
    for _ in range(2):
        with pytest.raises(FormatError, match="room 7 .from r1c1. is not one connected group of cells"):
            number_rooms(grid, [7, 3, 7, 3, 3, 3])
    with pytest.raises(FormatError, match="a 2x3 board has 6 cells but the rooms name 5"):
        number_rooms(grid, (0, 0, 0, 0, 0))


def test_ragged_rooms_rows_are_named() -> None:
    """Rooms rows of unequal length are a one-line error naming the row, in the text grid and in JSON,
    and a one-column board still takes wide room labels one a row."""
    from pencilkit.errors import FormatError
    from pencilkit.formats.detect import read_puzzle

    with pytest.raises(FormatError, match="row 2 has 1 cell but row 1 has 2"):
        read_puzzle("genre: heyawake\ngrid:\n1.\n..\nrooms:\n00\n0\n")
    with pytest.raises(FormatError, match="row 2 has 1 cell but row 1 has 2"):
        read_puzzle('{"genre":"heyawake","puzzle":{"grid":["1.",".."],"rooms":["00","1"]}}')
    column = read_puzzle("genre: heyawake\ngrid:\n" + ".\n" * 12 + "rooms:\n" + "".join(f"{k}\n" for k in range(12)))
    assert column.room_count == 12
