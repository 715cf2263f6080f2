"""JSON: ``{"genre": "nurikabe", "puzzle": {"grid": ["1.1", "...", "1.1"]}}``.

A board of rooms adds ``"rooms"`` beside ``"grid"``: the room of each cell,
rows as the grid's.  A one-column board whose rows would not say its shape
(:func:`~.text.needs_size`: a number of two digits or more, as a Hitori may
have) has its rows written as lists of one token.  Also read: a corpus line (``{"puzzle": "<puzzle ID>",
...}``, or ``{"clues": [rows], "rooms": [rows], ...}``) and grids given as
lists of tokens.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .. import jsontext
from ..errors import FormatError
from ..grid import MAX_SIDE
from ..puzzle import Puzzle
from .bounded import over_cells, over_rows
from .text import format_rows, needs_size, parse_table, split_rows

ReadText = Callable[[str, "str | None"], Puzzle]
"""A reader of a puzzle in any text format, given a default genre (a JSON body may be an ID or a URL)."""


def format_json(puzzle: Puzzle) -> str:
    return json.dumps({"genre": puzzle.genre, "puzzle": json_body(puzzle)}, separators=(",", ":"))


def json_body(puzzle: Puzzle) -> dict[str, Any]:
    """The ``puzzle`` object of the JSON of ``puzzle``: its ``grid`` and, for a board of rooms, its ``rooms``."""
    rows = format_rows(puzzle)
    body: dict[str, Any] = {"grid": [[row] for row in rows] if needs_size(puzzle) else rows}
    if puzzle.rooms is not None:
        body["rooms"] = puzzle.room_rows()
    return body


def parse_json(text: str, read_text: ReadText) -> Puzzle:
    """A JSON puzzle; a ``puzzle`` field that is a string is read by ``read_text``."""
    try:
        data = jsontext.loads(text)
    except json.JSONDecodeError as e:
        raise FormatError(f"bad JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    return puzzle_from_object(data, read_text)


def puzzle_from_object(data: Any, read_text: ReadText) -> Puzzle:
    if not isinstance(data, dict):
        raise FormatError("a JSON puzzle must be an object")
    body = data.get("puzzle")
    if isinstance(body, str):
        return read_text(body, data.get("genre"))
    fields = body if isinstance(body, dict) else data
    genre = data.get("genre") or fields.get("genre")
    grid = fields.get("grid", fields.get("clues"))
    if not isinstance(genre, str):
        raise FormatError("the JSON puzzle has no 'genre'")
    rooms = fields.get("rooms")
    table = _table(grid, "grid")
    return parse_table(genre, table, None if rooms is None else _table(rooms, "rooms", len(table[0])))


def _table(value: Any, name: str, width: int | None = None) -> list[list[str]]:
    """A JSON grid's tokens row by row: given as strings (a row of tokens each, read as
    :func:`~.text.split_rows` reads them for a board ``width`` wide) or as lists of tokens; more rows or
    cells than the size cap are refused before any is read."""
    if not isinstance(value, list) or not value:
        raise FormatError(f"the JSON puzzle has no {name!r} list of rows")
    if all(isinstance(row, str) for row in value):
        return split_rows(value, width, f"the JSON {name}")
    if not all(isinstance(row, list) for row in value):
        raise FormatError(f"the JSON {name} must be a list of strings or a list of lists")
    if len(value) > MAX_SIDE:
        raise over_rows(f"the JSON {name}")
    width = len(value[0])
    if width > MAX_SIDE:
        raise over_cells(f"the JSON {name}'s row 1")
    table = []
    for r, row in enumerate(value):
        if len(row) != width:
            raise FormatError(f"{name} row {r + 1} has {len(row)} cells but row 1 has {width}")
        table.append(["." if t is None else str(t) for t in row])
    return table
