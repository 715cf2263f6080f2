"""The text grid: ``genre:`` and ``grid:`` lines, then one row per line.

Rows have one character per cell; when any clue has two or more digits,
every row is space-separated tokens.  A board of rooms goes on with a
``rooms:`` line and the room of each cell, in rows the same way.

>>> from pencilkit.puzzle import Puzzle
>>> print(format_text(Puzzle.from_id("nurikabe:2x3:1,.,.,.,.,12")))
genre: nurikabe
grid:
1 . .
. . 12
"""

from __future__ import annotations

from ..errors import FormatError
from ..genres import canonical
from ..puzzle import Puzzle
from ..tokens import parse_rooms


def looks_like_text(text: str) -> bool:
    return any(line.strip().lower().startswith("grid:") for line in text.splitlines())


def format_rows(puzzle: Puzzle) -> list[str]:
    return puzzle.token_rows()


def format_text(puzzle: Puzzle) -> str:
    return str(puzzle)


def split_rows(lines: list[str], width: int | None = None) -> list[list[str]]:
    """Grid rows to tokens: space-separated if any row has spaces, else one per character (or, when rows
    of whole tokens differ in length and ``width`` does not say otherwise, one token a row: a
    one-column board with wide clues)."""
    rows = [line.strip() for line in lines if line.strip()]
    if not rows:
        raise FormatError("the grid has no rows")
    spaced = any(len(row.split()) > 1 for row in rows)
    table = [row.split() if spaced else list(row) for row in rows]
    one_column = width in (None, 1) and len({len(row) for row in table}) > 1
    if not spaced and one_column and all(_is_token(row) for row in rows):
        table = [[row] for row in rows]  # a one-column board with wide clues
    cols = len(table[0])
    for r, row in enumerate(table):
        if len(row) != cols:
            raise FormatError(f"row {r + 1} has {len(row)} cell{'s' * (len(row) != 1)} but row 1 has {cols}")
    return table


def _is_token(text: str) -> bool:
    return text in (".", "?") or text.isdigit()


def parse_grid(genre: str, lines: list[str], room_lines: list[str] | None = None) -> Puzzle:
    """A puzzle from its rows of tokens and, for a board of rooms, its rows of room labels."""
    table = split_rows(lines)
    return parse_table(genre, table, None if room_lines is None else split_rows(room_lines, len(table[0])))


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
    genre = default_genre
    lines = text.splitlines()
    for i, line in enumerate(lines):
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep:
            if line.strip():
                raise FormatError(f"line {i + 1}: expected 'key: value' before 'grid:', got {line.strip()[:30]!r}")
            continue
        if key == "genre":
            genre = value.strip()
        elif key == "grid":
            if not genre:
                raise FormatError("the text grid has no 'genre:' line")
            rest = lines[i + 1:]
            if value.strip():
                rest.insert(0, value)
            return parse_grid(genre, *_grid_and_rooms(rest))
    raise FormatError("the text has no 'grid:' line")


def _grid_and_rooms(lines: list[str]) -> tuple[list[str], list[str] | None]:
    """The grid's lines and, after a ``rooms:`` line, the rooms' lines."""
    for i, line in enumerate(lines):
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() == "rooms":
            rooms = lines[i + 1:]
            if value.strip():
                rooms.insert(0, value)
            return lines[:i], rooms
    return lines, None
