"""The text grid: ``genre:`` and ``grid:`` lines, then one row per line.

Rows have one character per cell; when any clue has two or more digits,
every row is space-separated tokens.  A board of rooms goes on with a
``rooms:`` line and the room of each cell, in rows the same way.

A one-column board whose numbers have two or more digits (a Hitori may have
one) has a row of one token that reads as well as a row of digits, one a
cell: its text says its shape in a ``size:`` line (``RxC``) before the grid,
and then each row is one token.  A ``size:`` line is read on any text, and the
grid must have that shape.

>>> print(format_text(Puzzle.from_id("hitori:2x1:10,12")))
genre: hitori
size: 2x1
grid:
10
12

>>> from pencilkit.puzzle import Puzzle
>>> print(format_text(Puzzle.from_id("nurikabe:2x3:1,.,.,.,.,12")))
genre: nurikabe
grid:
1 . .
. . 12
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import chain

from ..errors import FormatError
from ..genres import canonical
from ..grid import MAX_SIDE
from ..puzzle import Puzzle
from ..tokens import parse_rooms, parse_shape
from .bounded import LINE_ENDS, add_row, lines, over_cells, rows_within, split_words

_GRID_LINE = re.compile(rf"(?:^|(?<=[{LINE_ENDS}]))[^\S{LINE_ENDS}]*grid:", re.IGNORECASE | re.MULTILINE)
"""A line that starts (after blanks) with ``grid:``; the blanks stop at a line's end, so a search is linear."""


def looks_like_text(text: str) -> bool:
    """Whether a line of ``text`` starts with ``grid:``."""
    return _GRID_LINE.search(text) is not None


def format_rows(puzzle: Puzzle) -> list[str]:
    return puzzle.token_rows()


def format_text(puzzle: Puzzle) -> str:
    """The text grid of ``puzzle`` (its ``str``), with a ``size:`` line when its rows need one (:func:`needs_size`)."""
    text = str(puzzle)
    if not needs_size(puzzle):
        return text
    head, rest = text.split("\n", 1)
    return f"{head}\nsize: {puzzle.rows}x{puzzle.cols}\n{rest}"


def needs_size(puzzle: Puzzle) -> bool:
    """Whether the rows of ``puzzle`` (:func:`format_rows`) do not say its shape: one column, and a token of
    two or more characters (its row would read as one cell a character)."""
    return puzzle.cols == 1 and any(len(token) > 1 for token in puzzle.tokens())


def split_rows(lines: Iterable[str], width: int | None = None, what: str = "the grid") -> list[list[str]]:
    """Grid rows to tokens: space-separated if any row has spaces, else one per character (or, when rows
    of whole tokens differ in length and ``width`` does not say otherwise, one token a row: a
    one-column board with wide clues).

    Rows past the size cap, and cells past it in a row, are refused before the row is split further.
    """
    rows = rows_within(lines, what)
    if not rows:
        raise FormatError(f"{what} has no rows")
    words = [split_words(row) for row in rows]
    if any(len(cells) > 1 for cells in words):
        table = words
    elif (width == 1 or (width is None and len({len(row) for row in rows}) > 1)) and all(map(_is_token, rows)):
        table = [[row] for row in rows]  # a one-column board with wide clues
    else:
        table = [list(row[:MAX_SIDE + 1]) for row in rows]
    cols = len(table[0])
    for r, cells in enumerate(table):
        if len(cells) > MAX_SIDE:
            raise over_cells(f"row {r + 1}")
        if len(cells) != cols:
            raise FormatError(f"row {r + 1} has {len(cells)} cell{'s' * (len(cells) != 1)} but row 1 has {cols}")
    return table


def _is_token(text: str) -> bool:
    return text in (".", "?") or text.isdigit()


def parse_grid(genre: str, lines: Iterable[str], room_lines: Iterable[str] | None = None,
               shape: tuple[int, int] | None = None) -> Puzzle:
    """A puzzle from its rows of tokens and, for a board of rooms, its rows of room labels; given its
    ``shape`` (rows, columns), the grid must have it."""
    table = split_rows(lines, None if shape is None else shape[1])
    if shape is not None and (len(table), len(table[0])) != shape:
        raise FormatError(f"the text says size {shape[0]}x{shape[1]} but its grid is {len(table)}x{len(table[0])}")
    rooms = None if room_lines is None else split_rows(room_lines, len(table[0]), "the rooms")
    return parse_table(genre, table, rooms)


def parse_table(genre: str, table: list[list[str]], rooms: list[list[str]] | None = None) -> Puzzle:
    """A puzzle from its tokens row by row and, for a board of rooms, its room labels row by row."""
    rows, cols = len(table), len(table[0])
    labels = None
    if rooms is not None:
        if (len(rooms), len(rooms[0])) != (rows, cols):
            raise FormatError(f"the rooms are {len(rooms)}x{len(rooms[0])} but the grid is {rows}x{cols}")
        labels = parse_rooms([t for row in rooms for t in row], rows, cols)
    return canonical(Puzzle.from_tokens(genre, rows, cols, [t for row in table for t in row], labels))


def parse_text(text: str, default_genre: str | None = None) -> Puzzle:
    """The puzzle of a text grid, its lines read one at a time: the rows stop at the size cap."""
    genre = default_genre
    shape: tuple[int, int] | None = None
    numbered = enumerate(lines(text), 1)
    for i, line in numbered:
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep:
            if line.strip():
                raise FormatError(f"line {i}: expected 'key: value' before 'grid:', got {line.strip()[:30]!r}")
            continue
        if key == "genre":
            genre = value.strip()
        elif key == "size":
            shape = parse_shape(value.strip())
        elif key == "grid":
            if not genre:
                raise FormatError("the text grid has no 'genre:' line")
            return parse_grid(genre, *_grid_and_rooms(chain([value], (rest for _, rest in numbered))), shape)
    raise FormatError("the text has no 'grid:' line")


def _grid_and_rooms(lines: Iterator[str]) -> tuple[list[str], list[str] | None]:
    """The grid's rows and, after a ``rooms:`` line, the rooms' rows (blank lines left out), each up to the
    size cap."""
    grid: list[str] = []
    for line in lines:
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() == "rooms":
            return grid, rows_within(chain([value], lines), "the rooms")
        add_row(grid, line, "the grid")
    return grid, None
