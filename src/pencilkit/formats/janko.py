"""Janko's text format: the ``begin`` ... ``end`` block behind every puzzle page of janko.at.

Each line starts with the name of a property.  A one-line property has its
value on the same line: ``puzzle`` (the genre), ``size N`` (a square board)
or ``rows R`` and ``cols C``, and ``author``, ``solver``, ``source``,
``info``, ``unit``, ``title``, ``variant``, ``options``.  A grid property is
followed by one line a row, of tokens separated by spaces:

============  ==================================================================
``problem``   a number; ``-`` no number; ``?`` a number that is not given
``areas``     the room of each cell, by any labels (Heyawake); a room is a
              group of side-by-side cells with one label
``solution``  ``x`` shaded (also ``X``, ``#``); ``-`` unshaded; or the number
              of the problem's cell repeated
============  ==================================================================

A number repeated in the solution says nothing of its cell's shading, so a
reader marks such a cell only where the genre decides it from the clues alone
(:meth:`~pencilkit.frame.genre.Genre.start`): unshaded in Nurikabe and
Kurodoko, unmarked in Heyawake.  The ``puzzle`` line names the genre by its
:attr:`~pencilkit.frame.genre.Genre.janko_name` (janko.at calls Kurodoko
``kuromasu``) or any name pencilkit knows; without one, the reader's
``genre`` is used.  ``moves`` (janko.at's replay of a solve, lines ending in
``;``) and every property pencilkit does not know are skipped, with the lines
under them.  A missing ``begin`` or ``end`` is tolerated: the grids and the
size must agree all the same.  The block may come inside a whole janko.at page
or its ``<script type="application/x-janko">`` element.

>>> text = format_janko(Puzzle.from_id("kurodoko:2x3:3,.,.,.,.,2"), Answer.from_rows(["-#-", "---"]))
>>> print(text, end="")
begin
puzzle kuromasu
rows 2
cols 3
problem
3 - -
- - 2
solution
- x -
- - -
end
>>> puzzle, answer = parse_janko(text)
>>> puzzle.id(), answer.to_rows()
('kurodoko:2x3:3,.,.,.,.,2', ['-#-', '---'])
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..errors import FormatError, SizeError, UnknownGenreError
from ..genres import Genre, all_genres, canonical, find_genre, start_board
from ..grid import MAX_SIDE, Cell
from ..puzzle import Answer, Puzzle
from ..tokens import check_shape
from .bounded import CAP, lines, split_words
from .pzprv3 import rooms_of_labels
from .sniff import JANKO_GRIDS as GRIDS
from .sniff import JANKO_ONE_LINE as ONE_LINE
from .sniff import looks_like_janko

SHADED_TOKENS = frozenset("xX#")
"""Solution tokens of a shaded cell; ``-`` is an unshaded one."""
MAX_NUMBER_DIGITS = 6
"""The longest number (a clue or a size) read, in digits."""

_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_PROPERTY = re.compile(r"[A-Za-z][A-Za-z0-9_]+$")
"""The first word of a line that starts a property: a name of two or more letters and digits.  Grid rows
never start with one (their tokens are numbers, one-character labels, ``x`` and ``-``)."""
_SPACES = re.compile(r"\s+")


# -- reading -----------------------------------------------------------------------


@dataclass
class _Block:
    """The properties of a Janko block: one-line values and grid rows, each with its line number."""

    values: dict[str, tuple[int, str]] = field(default_factory=dict)
    grids: dict[str, tuple[int, list[tuple[int, list[str]]]]] = field(default_factory=dict)


def parse_janko(text: str, *, genre: str | None = None) -> tuple[Puzzle, Answer | None]:
    """The puzzle of a Janko text (or of a janko.at page holding one) and its solution, if it has one.

    ``genre`` is used when the text has no ``puzzle`` line.
    """
    block = _read_block(_extract(text))
    named = block.values.get("puzzle")
    if named is None and genre is None:
        raise FormatError("the Janko text has no 'puzzle' line naming its genre, and no genre was given")
    kind = _janko_genre(named[1] if named else str(genre))
    rows, cols = _shape(block)
    problem = _table(block, "problem", rows, cols)
    areas = _table(block, "areas", rows, cols)
    clues = {} if problem is None else _clues(problem, cols)
    if kind.has_rooms and areas is None:
        raise FormatError(f"the Janko text has no 'areas' grid: a {kind.title} puzzle needs its rooms")
    if not kind.has_rooms and areas is not None:
        raise FormatError(f"the Janko text has an 'areas' grid, but a {kind.title} board has no rooms")
    if problem is None and areas is None:
        raise FormatError("the Janko text has no 'problem' grid")
    rooms = None if areas is None else rooms_of_labels(areas, rows, cols)
    puzzle = canonical(Puzzle.make(kind.name, rows, cols, clues, rooms))
    solution = _table(block, "solution", rows, cols)
    return puzzle, None if solution is None else _answer(solution, puzzle)


def _extract(text: str) -> str:
    """The Janko block of a text: the contents of a page's ``application/x-janko`` script, or the text.

    The page is scanned once from tag to tag (no pattern that could backtrack over a long page), in a copy
    lower-cased letter for letter so that its positions are the page's (``str.lower`` can lengthen a text).
    """
    if "application/x-janko" not in text:
        return text
    lower, blocks = text.translate(_ASCII_LOWER), []
    start = lower.find("<script")
    while start >= 0:
        close = lower.find(">", start)
        if close < 0:
            break
        if "application/x-janko" in lower[start:close]:
            end = lower.find("</script", close)
            if end < 0:
                break
            blocks.append(text[close + 1:end])
            close = end
        start = lower.find("<script", close)
    if not blocks:
        raise FormatError('the page has no complete <script type="application/x-janko"> element')
    if len(blocks) > 1:
        raise FormatError(f"the page holds {len(blocks)} Janko puzzles: give one")
    return blocks[0]


def _read_block(text: str) -> _Block:
    """The properties of a block, up to its ``end`` line; unknown properties and ``moves`` skipped, line by
    line.  A grid's rows are kept up to the size cap, each split into words up to it: a grid past it is
    refused at its first row or cell past it, read no further."""
    block = _Block()
    rows: list[tuple[int, list[str]]] | None = None  # the rows of the grid being read; None while skipping
    name = ""
    for number, line in enumerate(lines(text), 1):
        head = line.split(None, 1)
        if not head:
            continue
        if not name and head[0].lower() == "begin":
            name = "begin"
        elif not name or _PROPERTY.match(head[0]):
            name = head[0].lower()
            if name == "end":
                break
            rows = _start_property(block, name, number, head[1] if len(head) > 1 else "")
        elif rows is not None:
            rows.append((number, _grid_row(rows, name, number, line)))
    return block


def _start_property(block: _Block, name: str, number: int, rest: str) -> list[tuple[int, list[str]]] | None:
    """Note the property ``name`` of line ``number`` (followed by ``rest``); the list for its rows when it is a
    grid, else ``None`` (the lines under it are skipped)."""
    value = _SPACES.sub(" ", rest.strip())
    if name in GRIDS:
        if value:
            raise FormatError(f"line {number}: '{name}' is followed by its rows, not by {value[:20]!r}")
        if name in block.grids:
            raise FormatError(f"line {number}: the Janko text has a second '{name}' grid")
        rows: list[tuple[int, list[str]]] = []
        block.grids[name] = (number, rows)
        return rows
    if name in ONE_LINE:
        if name in ("size", "rows", "cols") and name in block.values and block.values[name][1] != value:
            raise FormatError(f"line {number}: a second '{name}' line says {value[:20]!r}")
        block.values.setdefault(name, (number, value))
    return None


def _grid_row(rows: list[tuple[int, list[str]]], name: str, number: int, line: str) -> list[str]:
    """The tokens of a row of the grid ``name`` on line ``number``, after its ``rows`` so far; a
    ``FormatError`` for a row or a cell past the size cap."""
    if len(rows) == MAX_SIDE:
        raise FormatError(f"line {number}: the Janko '{name}' grid: more than {MAX_SIDE} rows, over the size cap "
                          f"of {CAP}")
    tokens = split_words(line)
    if len(tokens) > MAX_SIDE:
        raise FormatError(f"line {number}: '{name}' row {len(rows) + 1}: more than {MAX_SIDE} cells, over the size "
                          f"cap of {CAP}")
    return tokens


def _janko_genre(name: str) -> Genre:
    """The genre a ``puzzle`` line names: a genre's Janko name, or its own name or an alias."""
    key = name.strip().lower()
    for genre in all_genres():
        if genre.janko_name is not None and key == genre.janko_name:
            return genre
    try:
        known: Genre | None = find_genre(key)
    except UnknownGenreError:
        known = None
    if known is None or known.janko_name is None:
        names = ", ".join(sorted(g.janko_name for g in all_genres() if g.janko_name is not None))
        raise FormatError(f"unknown Janko puzzle {name.strip()[:30]!r}: pencilkit reads {names}")
    return known


def _number(block: _Block, name: str) -> int | None:
    if name not in block.values:
        return None
    number, value = block.values[name]
    if not (value.isdigit() and value.isascii()) or len(value) > MAX_NUMBER_DIGITS:
        raise FormatError(f"line {number}: '{name}' {value[:20]!r} is not a whole number")
    return int(value)


def _shape(block: _Block) -> tuple[int, int]:
    """Rows and columns: from ``size`` or ``rows`` and ``cols``, else from the first grid's rows."""
    size, rows, cols = _number(block, "size"), _number(block, "rows"), _number(block, "cols")
    if size is not None:
        if (size if rows is None else rows, size if cols is None else cols) != (size, size):
            raise FormatError(f"the Janko text says size {size} but rows {rows} and cols {cols}")
        rows = cols = size
    if rows is None or cols is None:
        first = next((block.grids[name][1] for name in GRIDS if name in block.grids), None)
        if not first:
            raise FormatError("the Janko text gives no size ('size', or 'rows' and 'cols') and no grid")
        rows = len(first) if rows is None else rows
        cols = len(first[0][1]) if cols is None else cols
    try:
        check_shape(rows, cols)
    except SizeError as e:
        raise FormatError(f"the Janko board: {e}") from None
    return rows, cols


def _table(block: _Block, name: str, rows: int, cols: int) -> list[list[str]] | None:
    """A grid's tokens row by row, checked against the board; ``None`` when the text has no such grid."""
    if name not in block.grids:
        return None
    number, lines = block.grids[name]
    if len(lines) != rows:
        raise FormatError(f"line {number}: the Janko '{name}' grid has {len(lines)} row{'s' * (len(lines) != 1)}, "
                          f"a {rows}x{cols} board needs {rows}")
    for r, (line, tokens) in enumerate(lines, 1):
        if len(tokens) != cols:
            raise FormatError(f"line {line}: '{name}' row {r} has {len(tokens)} cell{'s' * (len(tokens) != 1)}, "
                              f"the board has {cols} columns")
    return [tokens for _, tokens in lines]


def _is_number(token: str) -> bool:
    """Whether a grid token is a number (``?`` included: a number that is not given)."""
    return token == "?" or (token.isdigit() and token.isascii() and len(token) <= MAX_NUMBER_DIGITS)


def _value(token: str) -> int | None:
    """The clue of a number token (``None`` for ``?``)."""
    return None if token == "?" else int(token)


def _clues(problem: list[list[str]], cols: int) -> dict[Cell, int | None]:
    clues: dict[Cell, int | None] = {}
    for r, row in enumerate(problem):
        for c, token in enumerate(row):
            if _is_number(token):
                clues[r * cols + c] = _value(token)
            elif token not in ("-", "."):
                raise FormatError(f"Janko problem row {r + 1}, column {c + 1}: {token[:10]!r} is not a number, "
                                  "'-' or '?'")
    return clues


def _answer(solution: list[list[str]], puzzle: Puzzle) -> Answer:
    """The solution grid as an answer; a repeated number marks its cell as the genre's start board does."""
    shaded = unshaded = numbered = 0
    for r, row in enumerate(solution):
        for c, token in enumerate(row):
            cell = r * puzzle.cols + c
            where = f"Janko solution row {r + 1}, column {c + 1}"
            if token in SHADED_TOKENS:
                shaded |= 1 << cell
            elif token == "-":
                unshaded |= 1 << cell
            elif not _is_number(token):
                raise FormatError(f"{where}: unknown mark {token[:10]!r} (x shaded, - unshaded)")
            elif cell not in puzzle.clue_map:
                raise FormatError(f"{where}: {token!r} where the problem has no number")
            elif _value(token) != puzzle.clue_map[cell]:
                raise FormatError(f"{where}: {token!r} but the problem has {puzzle.token(cell)!r}")
            else:
                numbered |= 1 << cell
    if numbered:
        unshaded |= numbered & start_board(puzzle).unshaded
    return Answer(puzzle.rows, puzzle.cols, shaded, unshaded)


# -- writing -----------------------------------------------------------------------


def format_janko(puzzle: Puzzle, answer: Answer | None = None) -> str:
    """The Janko text of ``puzzle``, with ``answer`` as its ``solution`` when given (every cell not
    shaded is written ``-``, as a finished answer counts it)."""
    genre = find_genre(puzzle.genre)
    if genre.janko_name is None:
        raise FormatError(f"Janko's format has no name for genre {puzzle.genre!r}")
    rows, cols = puzzle.rows, puzzle.cols
    lines = ["begin", f"puzzle {genre.janko_name}"]
    lines += [f"size {rows}"] if rows == cols else [f"rows {rows}", f"cols {cols}"]
    lines += ["problem", *_rows(rows, cols, lambda cell: "-" if cell not in puzzle.clue_map else puzzle.token(cell))]
    if puzzle.rooms is not None:
        rooms: Sequence[int] = puzzle.rooms
        lines += ["areas", *_rows(rows, cols, lambda cell: str(rooms[cell]))]
    if answer is not None:
        if (answer.rows, answer.cols) != (rows, cols):
            raise FormatError(f"the answer is {answer.rows}x{answer.cols} but the puzzle {rows}x{cols}")
        shaded = answer.shaded
        lines += ["solution", *_rows(rows, cols, lambda cell: "x" if shaded >> cell & 1 else "-")]
    return "\n".join([*lines, "end"]) + "\n"


def _rows(rows: int, cols: int, token: Callable[[Cell], str]) -> list[str]:
    return [" ".join(token(r * cols + c) for c in range(cols)) for r in range(rows)]


__all__ = ["format_janko", "looks_like_janko", "parse_janko"]
