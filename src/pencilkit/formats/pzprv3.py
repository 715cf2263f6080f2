"""pzprv3 files: puzz.link's own file format, the puzzle and the player's marks.

A file is ``pzprv3``, the genre's pzpr name, the rows and the columns, one
line each, then grids of space-separated tokens, each token followed by a
space.  Clues are numbers, ``-`` a ``?`` clue, ``.`` nothing; marks are ``#``
(shaded) and ``+`` (a dot: unshaded).  A genre's
:attr:`~pencilkit.frame.genre.Genre.pzpr_file` says how pzpr lays it out:
``merged`` (Nurikabe) writes clues and marks in one grid, ``apart``
(Kurodoko) writes the clues' grid and then the marks' grid, and ``rooms``
(Heyawake, pzpr's ``encodeAreaRoom``, ``encodeCellQnum``, ``encodeCellAns``)
writes the number of rooms on a line, a grid of the room of each cell (rooms
numbered from 0 in the reading order of their first cells), the clues' grid
and the marks' grid, where a clue cell has a mark too.  Reading a ``rooms``
file, a room is a group of side-by-side cells with the same label, any
labels, as pzpr reads them; the count line is not checked, as pzpr ignores
it.  pzpr moves a room's number onto the room's top cell when it opens a file
(:func:`~pencilkit.formats.url.pzpr_form`); pencilkit keeps it where the file
has it.  ``hitori`` (pzpr's Hitori, ``encodeCellQnum`` and ``encodeCellAns``,
a number in every cell) writes the numbers' grid and then the marks' grid, as
``apart`` does, but every cell may be shaded, so a numbered cell has a mark
too.  A grid of borders pzpr may save after the marks (a player's pekes) is
not read.

>>> text = format_pzprv3(Puzzle.from_id("nurikabe:2x2:2,.,.,."))
>>> text
'pzprv3\\nnurikabe\\n2\\n2\\n2 . \\n. . \\n'
>>> parse_pzprv3(text)[0].id()
'nurikabe:2x2:2,.,.,.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import islice

from ..errors import FormatError
from ..genres import canonical, find_genre
from ..puzzle import Answer, Puzzle
from ..tokens import check_shape
from .bounded import lines, split_words
from .sniff import PZPRV3_MAGIC as MAGIC
from .sniff import looks_like_pzprv3
from .url import rooms_from_borders, url_genres, url_names

MARKED_CLUES = frozenset({"rooms", "hitori"})
"""The layouts whose marks cover the numbered cells too: a number's own cell may be shaded."""


def _layout(genre_name: str) -> str:
    genre = find_genre(genre_name)
    if genre.url_name is None or genre.pzpr_file is None:
        raise FormatError(f"pzprv3 has no file format for genre {genre.name!r}")
    return genre.pzpr_file


def format_pzprv3(puzzle: Puzzle, answer: Answer | None = None) -> str:
    """The pzprv3 file of ``puzzle``, with ``answer``'s marks when given (as pzpr writes it)."""
    layout = _layout(puzzle.genre)
    name = find_genre(puzzle.genre).url_name
    marks = answer or Answer(puzzle.rows, puzzle.cols, 0, 0)

    def clue(cell: int) -> str:
        token = puzzle.token(cell)
        return "-" if token == "?" else token

    def mark(cell: int) -> str:
        return "#" if marks.shaded >> cell & 1 else "+" if marks.unshaded >> cell & 1 else "."

    def grid(token_of: Callable[[int], str]) -> list[str]:
        return ["".join(f"{token_of(r * puzzle.cols + c)} " for c in range(puzzle.cols)) for r in range(puzzle.rows)]

    if layout == "merged":
        rows = grid(lambda cell: clue(cell) if cell in puzzle.clue_map else mark(cell))
    elif layout == "rooms":
        if puzzle.rooms is None:
            raise FormatError(f"a {find_genre(puzzle.genre).title} pzprv3 file needs the puzzle's rooms")
        rooms = puzzle.rooms
        rows = [str(puzzle.room_count), *grid(lambda cell: str(rooms[cell])), *grid(clue), *grid(mark)]
    else:
        rows = grid(clue) + grid(mark)
    return "\n".join([MAGIC, str(name), str(puzzle.rows), str(puzzle.cols), *rows]) + "\n"


def parse_pzprv3(text: str) -> tuple[Puzzle, Answer]:
    """The puzzle of a pzprv3 file and the marks in it; its lines are read one at a time, the size first, and
    no further than the grids the size calls for."""
    numbered = (line.strip() for line in lines(text.strip()))
    head = list(islice(numbered, 4))
    if len(head) < 4 or not head[0].lower().startswith(MAGIC):
        raise FormatError("not a pzprv3 file: expected pzprv3, the genre, the rows and the columns")
    names = url_names()
    pid = head[1].split("/")[0].strip().lower()
    if pid not in names:
        raise FormatError(f"unknown pzprv3 genre {head[1][:30]!r}: pencilkit reads {', '.join(sorted(url_genres()))}")
    genre = names[pid]
    try:
        rows, cols = int(head[2]), int(head[3])
    except ValueError:
        raise FormatError(f"bad pzprv3 size {head[2][:10]!r} x {head[3][:10]!r}: expected two numbers") from None
    check_shape(rows, cols)
    layout = _layout(genre)
    rooms: tuple[int, ...] | None = None
    if layout == "rooms":
        count = next(numbered, "")
        if not (count.isdigit() and count.isascii()):
            raise FormatError(f"the pzprv3 file has no number of rooms after its size (got {count[:10]!r})")
        labels = _grid(numbered, rows, cols, "room")
        rooms = rooms_of_labels(labels, rows, cols)
    tokens = _grid(numbered, rows, cols, "grid")
    marks = _grid(numbered, rows, cols, "mark", optional=True) if layout != "merged" else []
    clues: dict[int, int | None] = {}
    shaded = unshaded = 0
    for r in range(rows):
        for c in range(cols):
            cell = r * cols + c
            token = tokens[r][c]
            if token == "-":
                clues[cell] = None
            elif token.isdigit() and token.isascii():
                if len(token) > 6:
                    raise FormatError(f"clue {token!r} at row {r + 1}, column {c + 1} is too large")
                clues[cell] = int(token)
            elif layout == "merged" and token in ("#", "+"):
                shaded |= (token == "#") << cell
                unshaded |= (token == "+") << cell
            elif token != ".":
                raise FormatError(f"unknown pzprv3 token {token[:10]!r} at row {r + 1}, column {c + 1}")
            if r < len(marks):
                mark = marks[r][c]
                allowed = mark in ("#", "+", ".") or (layout == "apart" and (mark.isdigit() or mark == "-"))
                if not allowed:
                    raise FormatError(f"unknown pzprv3 mark {mark[:10]!r} at row {r + 1}, column {c + 1}")
                shaded |= (mark == "#") << cell
                unshaded |= (mark == "+") << cell
    puzzle = canonical(Puzzle.make(genre, rows, cols, clues, rooms))
    if layout in MARKED_CLUES:
        return puzzle, Answer(rows, cols, shaded, unshaded)
    return puzzle, Answer(rows, cols, shaded & ~puzzle.clue_mask, unshaded & ~puzzle.clue_mask)


def _grid(lines: Iterator[str], rows: int, cols: int, what: str, *, optional: bool = False) -> list[list[str]]:
    """The next ``rows`` lines, of ``cols`` space-separated tokens each (when ``optional``, as many of them as
    the file has: pzpr leaves the cells of missing lines unmarked); a line is split no further than one token
    past ``cols``."""
    taken = list(islice(lines, rows))
    if len(taken) < rows and not optional:
        raise FormatError(f"the pzprv3 file has {len(taken)} {what} rows, a {rows}x{cols} board needs {rows}")
    out = []
    for r, line in enumerate(taken):
        row = split_words(line, cols)
        if len(row) != cols:
            given = len(row) if len(row) < cols else f"more than {cols}"
            raise FormatError(f"pzprv3 {what} row {r + 1} has {given} cells, the board has {cols} columns")
        out.append(row)
    return out


def rooms_of_labels(labels: Sequence[Sequence[str]], rows: int, cols: int) -> tuple[int, ...]:
    """The rooms of a grid of room labels (``rows`` lists of ``cols`` labels): a room is a group of
    side-by-side cells with the same label, so one label on two separate groups makes two rooms.

    >>> rooms_of_labels([["a", "a", "b"], ["c", "a", "a"]], 2, 3)
    (0, 0, 1, 2, 0, 0)
    """
    vertical = [labels[r][c] != labels[r][c + 1] for r in range(rows) for c in range(cols - 1)]
    horizontal = [labels[r][c] != labels[r + 1][c] for r in range(rows - 1) for c in range(cols)]
    return rooms_from_borders(rows, cols, vertical, horizontal)


__all__ = ["format_pzprv3", "looks_like_pzprv3", "parse_pzprv3", "rooms_of_labels"]
