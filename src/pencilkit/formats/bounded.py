"""Reading within the size cap: a reader counts rows and cells as it scans, and stops at the first past the cap.

No board has more than :data:`~pencilkit.grid.MAX_SIDE` rows or columns, so a text with more is refused
as soon as the row, or the cell, one past the cap is seen: before any grid is built, after reading at most
``MAX_SIDE + 1`` rows, each split into at most ``MAX_SIDE + 1`` words.  A hostile text (a hundred thousand
rows, a row of a million cells) then costs time linear in the part of it read, and memory bounded by the
cap (and the :data:`BLOCK` of lines split at a time) besides the text itself.

>>> list(lines("a\\r\\nb\\n\\nc"))
['a', 'b', '', 'c']
>>> rows_within(["###", "", " #-# "], "the answer")
['###', '#-#']
>>> split_words("1 2 3 4", 2)
['1', '2', '3 4']
>>> rows_within(["#"] * 101, "the answer")
Traceback (most recent call last):
    ...
pencilkit.errors.SizeError: the answer: more than 100 rows, over the size cap of 100x100
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ..errors import SizeError
from ..grid import MAX_SIDE

CAP = f"{MAX_SIDE}x{MAX_SIDE}"
"""The size cap, as messages name it."""

LINE_ENDS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
"""The characters that end a line, as ``str.splitlines`` splits lines (and ``\\r\\n`` together), in a regular
expression's character class."""
_BREAK = re.compile(rf"\r\n|[{LINE_ENDS}]")
BLOCK = 1 << 16
"""How much of a text :func:`lines` splits at once (in characters, up to the end of a line)."""


def lines(text: str) -> Iterator[str]:
    """The lines of ``text`` as ``str.splitlines`` gives them, one at a time: split a block of about
    :data:`BLOCK` characters at a time (at a line's end), so a reader that stops early splits no further."""
    start = 0
    while start < len(text):
        end = _BREAK.search(text, start + BLOCK)
        stop = len(text) if end is None else end.end()
        yield from text[start:stop].splitlines()
        start = stop


def rows_within(lines: Iterable[str], what: str) -> list[str]:
    """The non-blank lines, stripped; a ``SizeError`` at the first past the size cap, read no further."""
    rows: list[str] = []
    for line in lines:
        add_row(rows, line, what)
    return rows


def add_row(rows: list[str], line: str, what: str) -> None:
    """Add ``line``, stripped, to the ``rows`` of ``what`` unless it is blank; a ``SizeError`` when they are
    at the size cap already."""
    row = line.strip()
    if row:
        if len(rows) == MAX_SIDE:
            raise over_rows(what)
        rows.append(row)


def split_words(row: str, limit: int = MAX_SIDE) -> list[str]:
    """The space-separated words of ``row``, split no further than ``limit + 1`` words, the last holding the
    rest: more than ``limit`` says the row is too long without splitting all of it."""
    return row.split(maxsplit=limit)


def over_rows(what: str) -> SizeError:
    """The error of ``what`` (a grid, an answer) having a row past the size cap."""
    return SizeError(f"{what}: more than {MAX_SIDE} rows, over the size cap of {CAP}")


def over_cells(what: str) -> SizeError:
    """The error of ``what`` (a row) having a cell past the size cap."""
    return SizeError(f"{what}: more than {MAX_SIDE} cells, over the size cap of {CAP}")


__all__ = ["BLOCK", "CAP", "LINE_ENDS", "add_row", "lines", "over_cells", "over_rows", "rows_within",
           "split_words"]
