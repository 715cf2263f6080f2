"""Detecting the format of a text and reading puzzles and answers from it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from itertools import chain

from .. import jsontext
from ..errors import FormatError
from ..puzzle import Answer, Puzzle
from .bounded import lines
from .json_format import format_json, parse_json
from .puzzle_id import format_id, looks_like_id, parse_id
from .sniff import looks_like_janko, looks_like_penpa, looks_like_pzprv3
from .text import format_text, looks_like_text, parse_grid, parse_text

# The URL, pzprv3, Janko and penpa-edit modules load when a text in their format is read or written.


def format_url(puzzle: Puzzle) -> str:
    """The puzz.link URL (:func:`pencilkit.formats.url.format_url`)."""
    from .url import format_url as write_url

    return write_url(puzzle)


def format_pzprv3(puzzle: Puzzle) -> str:
    """The pzprv3 file, without its last newline (:func:`pencilkit.formats.pzprv3.format_pzprv3`)."""
    from .pzprv3 import format_pzprv3 as write_pzprv3

    return write_pzprv3(puzzle).rstrip("\n")


def format_janko(puzzle: Puzzle) -> str:
    """Janko's text, without its last newline (:func:`pencilkit.formats.janko.format_janko`)."""
    from .janko import format_janko as write_janko

    return write_janko(puzzle).rstrip("\n")


def format_penpa(puzzle: Puzzle) -> str:
    """The penpa-edit URL (:func:`pencilkit.formats.penpa.format_penpa`)."""
    from .penpa import format_penpa as write_penpa

    return write_penpa(puzzle)


FORMATS: dict[str, Callable[[Puzzle], str]] = {
    "id": format_id,
    "text": format_text,
    "json": format_json,
    "url": format_url,
    "pzprv3": format_pzprv3,
    "janko": format_janko,
    "penpa": format_penpa,
}
"""Writers by format name."""

MAX_INPUT = 2_000_000
"""Longest text (in characters) accepted as one puzzle or one answer."""
_SLASHED = re.compile(r"[^/]+")
"""A row of an answer written on one line, rows parted by ``/``."""


def read_puzzle(text: str | bytes, *, genre: str | None = None) -> Puzzle:
    """A puzzle from text in any format: puzzle ID, text grid, JSON, a puzz.link or penpa-edit URL, a
    pzprv3 file or Janko's text (also inside a janko.at page).

    ``genre`` is used for a bare grid of rows, a Janko text or a penpa-edit URL that names no genre.
    """
    text = decode(text)
    stripped = text.strip()
    if not stripped:
        raise FormatError("empty input: no puzzle given")
    if len(stripped) > MAX_INPUT:
        raise FormatError(f"input of {len(stripped)} characters is over the limit of {MAX_INPUT}")
    if stripped.startswith("{"):
        return parse_json(stripped, _read_body)
    if looks_like_pzprv3(stripped):
        from .pzprv3 import parse_pzprv3

        return parse_pzprv3(stripped)[0]
    if looks_like_janko(stripped):
        from .janko import parse_janko

        return parse_janko(stripped, genre=genre)[0]
    if looks_like_id(stripped):
        if "\n" in stripped:
            raise FormatError("a puzzle ID is one line; several lines were given")
        return parse_id(stripped)
    if looks_like_penpa(stripped):
        from .penpa import parse_penpa

        return parse_penpa(stripped, genre=genre)[0]
    from .url import looks_like_url, parse_url

    if looks_like_url(stripped):
        return parse_url(stripped)
    if looks_like_text(stripped):
        return parse_text(stripped, default_genre=genre)
    if genre:
        return parse_grid(genre, lines(stripped))
    first = next(lines(stripped))[:40]
    raise FormatError(f"not a puzzle: {first!r} is not a puzzle ID, text grid, JSON, URL, pzprv3 file or Janko text")


def _read_body(text: str, genre: str | None) -> Puzzle:
    """A JSON puzzle's ``puzzle`` string, in any format."""
    return read_puzzle(text, genre=genre)


def write_puzzle(puzzle: Puzzle, fmt: str = "id") -> str:
    try:
        writer = FORMATS[fmt]
    except KeyError:
        raise FormatError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}") from None
    return writer(puzzle)


def read_answer(text: str | bytes, *, shape: tuple[int, int] | None = None) -> Answer:
    """An answer from rows of ``#``/``-``/``.``, a JSON list of rows, JSON with a ``solution``/``answer``,
    the ``solution`` of a Janko text, or the solution (else the player's marks) of a penpa-edit URL.

    Rows are read one at a time and refused at the first past the size cap or, given the ``shape`` (rows,
    columns) of the puzzle the answer is for, at the first that shows it cannot fit: before a grid is built.
    """
    text = decode(text).strip()
    if not text:
        raise FormatError("empty input: no answer given")
    if len(text) > MAX_INPUT:
        raise FormatError(f"input of {len(text)} characters is over the limit of {MAX_INPUT}")
    if looks_like_janko(text):
        from .janko import parse_janko

        return _fits(_given(parse_janko(text)[1], "the Janko text has no solution"), shape)
    if looks_like_penpa(text):
        from .penpa import penpa_answer

        return _fits(_given(penpa_answer(text), "the penpa-edit URL has no solution (a=) and no marks"), shape)
    if text.startswith("[") or text.startswith("{"):
        try:
            data = jsontext.loads(text)
        except json.JSONDecodeError as e:
            raise FormatError(f"bad JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
        if isinstance(data, dict):
            data = data.get("answer", data.get("solution"))
        if not isinstance(data, list) or not all(isinstance(r, str) for r in data):
            raise FormatError("a JSON answer is a list of row strings")
        return Answer.from_rows(data if shape is None else _fitting(data, shape))
    rows = _answer_lines(text)
    return Answer.from_rows(rows if shape is None else _fitting(rows, shape))


def _answer_lines(text: str) -> Iterator[str]:
    """The rows of an answer's text, one at a time: its lines, or the ``/``-separated parts of its one line."""
    rows = lines(text)
    first = next(rows)
    if len(first) == len(text) and "/" in first:
        return (part.group() for part in _SLASHED.finditer(first))
    return chain([first], rows)


def _fitting(rows: Iterable[str], shape: tuple[int, int]) -> Iterator[str]:
    """The non-blank rows of an answer, stripped, each checked as it comes against the ``shape`` of its puzzle:
    a ``FormatError`` at the first row that shows the answer cannot fit."""
    height, width = shape
    count = 0
    for line in rows:
        row = line.strip()
        if not row:
            continue
        count += 1
        if count > height:
            raise FormatError(f"the answer has more than {height} rows but the puzzle is {height}x{width}")
        if len(row) != width:
            raise FormatError(f"answer row {count} has {len(row)} cells but the puzzle is {height}x{width}")
        yield row
    if 0 < count < height:
        raise FormatError(f"the answer has {count} rows but the puzzle is {height}x{width}")


def _fits(answer: Answer, shape: tuple[int, int] | None) -> Answer:
    """``answer``, when it has the ``shape`` of its puzzle (or no shape is given)."""
    if shape is not None and (answer.rows, answer.cols) != shape:
        raise FormatError(f"the answer is {answer.rows}x{answer.cols} but the puzzle is {shape[0]}x{shape[1]}")
    return answer


def _given(answer: Answer | None, missing: str) -> Answer:
    if answer is None:
        raise FormatError(missing)
    return answer


def decode(text: str | bytes) -> str:
    """Bytes to text, refusing what is not UTF-8 text."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise FormatError(f"input is not UTF-8 text (bad byte at offset {e.start})") from None
    if "\x00" in text:
        raise FormatError("input is not text: it contains NUL bytes")
    return text
