"""JSON: ``{"genre": "nurikabe", "puzzle": {"grid": ["1.1", "...", "1.1"]}}``.

Also read: a corpus line (``{"puzzle": "<puzzle ID>", ...}``) and a grid given
as lists of tokens.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .. import jsontext
from ..errors import FormatError
from ..genres import canonical
from ..puzzle import Puzzle
from .text import format_rows, parse_grid

ReadText = Callable[[str, "str | None"], Puzzle]
"""A reader of a puzzle in any text format, given a default genre (a JSON body may be an ID or a URL)."""


def format_json(puzzle: Puzzle) -> str:
    return json.dumps({"genre": puzzle.genre, "puzzle": {"grid": format_rows(puzzle)}}, separators=(",", ":"))


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
    if isinstance(body, dict):
        genre = data.get("genre") or body.get("genre")
        grid = body.get("grid")
    else:
        genre = data.get("genre")
        grid = data.get("grid")
    if not isinstance(genre, str):
        raise FormatError("the JSON puzzle has no 'genre'")
    if not isinstance(grid, list) or not grid:
        raise FormatError("the JSON puzzle has no 'grid' list of rows")
    if all(isinstance(row, list) for row in grid):
        width = len(grid[0])
        tokens: list[str] = []
        for r, row in enumerate(grid):
            if len(row) != width:
                raise FormatError(f"row {r + 1} has {len(row)} cells but row 1 has {width}")
            tokens.extend("." if t is None else str(t) for t in row)
        return canonical(Puzzle.from_tokens(genre, len(grid), width, tokens))
    if not all(isinstance(row, str) for row in grid):
        raise FormatError("the JSON grid must be a list of strings or a list of lists")
    return parse_grid(genre, grid)
