"""puzz.link URLs: ``https://puzz.link/p?<genre>/<cols>/<rows>/<body>``.

This is the format of the pzpr.js family of players (puzz.link, pzv.jp and
their mirrors).  Columns come before rows.  The body lists the cells row by
row, each clue written with the pzpr "number16" code:

=============  =========================================  ============
body text      meaning                                    range
=============  =========================================  ============
``0``-``f``    one hex digit                              0-15
``-`` + 2 hex  e.g. ``-10``                               16-255
``+`` + 3 hex  e.g. ``+100``                              256-4095
``=`` + 3 hex  value + 4096                               4096-8191
``%`` + 3 hex  value + 8192                               8192-12287
``*`` + 4 hex  value + 12240                              12240-77775
``$`` + 5 hex  value + 77776                              77776-
``.``          a ``?`` clue (a number not given)
``g``-``z``    1 to 20 cells without a clue (``zg`` = 21)
=============  =========================================  ============

Writers always use the shortest code (``%`` only up to 12239, as pzpr does).

>>> from pencilkit.puzzle import Puzzle
>>> p = parse_url("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
>>> p.rows, p.cols, p.clue_at(0, 1), p.clue_at(3, 2)
(5, 5, 5, 1)
>>> format_url(p)
'https://puzz.link/p?nurikabe/5/5/g5k2o1k3g'

Reading is lenient about the shapes people paste: any host (puzz.link, pzv.jp,
pzprxs.vercel.app, a local copy) or none, ``p?`` or ``p.html?``, an
``_edit``/``_play``/``_test`` suffix on the genre, ``key=value&`` options and a
``v:`` flag before it, a flag segment (such as ``v:``) between the genre and
the size, a trailing ``/``, ``%25`` for ``%``.  Anything else wrong (an unknown
genre, a bad size, a body that ends early or runs past the last cell, a
character outside the code) is a :class:`~pencilkit.errors.FormatError`
naming the problem.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..errors import FormatError, UnknownGenreError
from ..genres import all_genres, canonical, find_genre
from ..grid import Cell
from ..puzzle import Puzzle
from ..tokens import check_shape

CANONICAL_BASE = "https://puzz.link/p?"
"""What :func:`format_url` writes before ``<genre>/<cols>/<rows>/<body>``."""



def url_genres() -> dict[str, str]:
    """The name each genre has in a URL (:attr:`~pencilkit.frame.genre.Genre.url_name`) to the genre's name."""
    return {genre.url_name: genre.name for genre in all_genres() if genre.url_name is not None}

LONG_CODES: tuple[tuple[str, int, int, int], ...] = (
    # prefix, hex digits, offset, first value the writer leaves to the next prefix
    ("-", 2, 0, 256),
    ("+", 3, 0, 4096),
    ("=", 3, 4096, 8192),
    ("%", 3, 8192, 12240),
    ("*", 4, 12240, 77776),
    ("$", 5, 77776, 77776 + 16**5),
)
"""The multi-character clue codes of pzpr's number16 encoding."""

_PREFIX = {prefix: (digits, offset) for prefix, digits, offset, _ in LONG_CODES}
_HEX = frozenset("0123456789abcdef")
_RUN_FIRST, _RUN_LAST = ord("g"), ord("z")
MAX_RUN = _RUN_LAST - _RUN_FIRST + 1
"""The longest run of clue-free cells one letter covers (``z`` = 20)."""
MAX_CODED = LONG_CODES[-1][3] - 1
"""The largest clue the code can write."""

_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
_HOSTLIKE = re.compile(r"^[\w.-]+\.[a-z]{2,}(:\d+)?/", re.IGNORECASE)
_BARE = re.compile(r"^\??(v:/?)?[a-z][a-z0-9]*(_edit|_play|_test)?/([^/\s]+/)?\d+/\d+(/|$)", re.IGNORECASE)
_OPTION = re.compile(r"^(\w+)=([\w.-]*)&")
_SUFFIX = re.compile(r"(_edit|_play|_test)$", re.IGNORECASE)


def looks_like_url(text: str) -> bool:
    """Whether ``text`` is meant as a puzz.link-style URL (a host, or a bare ``genre/cols/rows/...``).

    Only the shape is looked at: a text that looks like a URL but is not a good
    one gets its error from :func:`parse_url` rather than a generic "not a puzzle".
    """
    text = text.strip()
    if not text or any(ch.isspace() for ch in text):
        return False
    if _SCHEME.match(text) or _HOSTLIKE.match(text):
        return True
    return bool(_BARE.match(text))


def parse_url(text: str) -> Puzzle:
    """The puzzle of a puzz.link URL (any mirror, any of the variants people paste)."""
    query = _query(text.strip())
    name, rest = _genre_part(query)
    genre = _genre(name)
    cols, rows, body = _size_and_body(rest, name)
    check_shape(rows, cols)
    clues = decode_body(body, rows, cols)
    return canonical(Puzzle.make(genre, rows, cols, clues))


def format_url(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of ``puzzle``."""
    name = find_genre(puzzle.genre).url_name
    if name is None:
        raise FormatError(f"puzz.link has no URL format for genre {puzzle.genre!r}")
    body = encode_body(puzzle.clue_map, puzzle.rows, puzzle.cols)
    return f"{CANONICAL_BASE}{name}/{puzzle.cols}/{puzzle.rows}/{body}"


# -- the body ----------------------------------------------------------------


def encode_clue(number: int | None) -> str:
    """One clue in pzpr's number16 code; ``None`` (a ``?`` clue) is ``.``.

    >>> [encode_clue(n) for n in (None, 7, 16, 255, 256, 4095, 4096)]
    ['.', '7', '-10', '-ff', '+100', '+fff', '=000']
    """
    if number is None:
        return "."
    if number < 0 or number > MAX_CODED:
        raise FormatError(f"clue {number} cannot be written in a puzz.link URL (0 to {MAX_CODED})")
    if number < 16:
        return format(number, "x")
    for prefix, digits, offset, limit in LONG_CODES:
        if number < limit:
            return prefix + format(number - offset, f"0{digits}x")
    raise AssertionError("unreachable: MAX_CODED bounds the table")


def encode_body(clues: Mapping[Cell, int | None], rows: int, cols: int) -> str:
    """The body of a URL: clues row by row, runs of empty cells as ``g``..``z``.

    >>> encode_body({1: 5, 24: 3}, 5, 5)
    'g5zh3'
    """
    out: list[str] = []
    gap = 0
    for cell in range(rows * cols):
        if cell not in clues:
            gap += 1
            if gap == MAX_RUN:
                out.append(chr(_RUN_LAST))
                gap = 0
            continue
        if gap:
            out.append(chr(_RUN_FIRST + gap - 1))
            gap = 0
        out.append(encode_clue(clues[cell]))
    if gap:
        out.append(chr(_RUN_FIRST + gap - 1))
    return "".join(out)


def decode_body(body: str, rows: int, cols: int) -> dict[Cell, int | None]:
    """Clues by cell from a URL body for a ``rows`` x ``cols`` board.

    The body must cover every cell exactly: one that ends early (truncated) or
    goes on past the last cell is an error naming the position.

    >>> decode_body("i7g5l2l2g4i", 5, 5)
    {3: 7, 5: 5, 12: 2, 19: 2, 21: 4}
    """
    size = rows * cols
    clues: dict[Cell, int | None] = {}
    cell = i = 0
    while i < len(body):
        if cell >= size:
            raise FormatError(
                f"URL body goes on past the last of the {rows}x{cols} board's {size} cells "
                f"at character {i + 1} ({body[i:i + 8]!r})")
        ch = body[i]
        if ch in _HEX:
            clues[cell] = int(ch, 16)
            cell, i = cell + 1, i + 1
        elif ch in _PREFIX:
            digits, offset = _PREFIX[ch]
            code = body[i + 1:i + 1 + digits]
            if len(code) < digits:
                raise FormatError(
                    f"URL body is cut short: {ch!r} at character {i + 1} needs {digits} hex digits, "
                    f"got {code!r}")
            if not all(c in _HEX for c in code.lower()):
                raise FormatError(f"URL body: {ch + code!r} at character {i + 1} is not {ch!r} and {digits} hex digits")
            clues[cell] = int(code, 16) + offset
            cell, i = cell + 1, i + 1 + digits
        elif ch == ".":
            clues[cell] = None
            cell, i = cell + 1, i + 1
        elif _RUN_FIRST <= ord(ch) <= _RUN_LAST:
            run = ord(ch) - _RUN_FIRST + 1
            if cell + run > size:
                raise FormatError(
                    f"URL body: the run {ch!r} at character {i + 1} covers {run} cell{'s' * (run != 1)} "
                    f"but only {size - cell} {'is' if size - cell == 1 else 'are'} left on the {rows}x{cols} board")
            cell, i = cell + run, i + 1
        else:
            raise FormatError(f"URL body: unknown character {ch!r} at character {i + 1}")
    if cell < size:
        raise FormatError(
            f"URL body is truncated: it covers {cell} of the {rows}x{cols} board's {size} cells")
    return clues


# -- the address around the body -----------------------------------------------


def _query(text: str) -> str:
    """The part after ``?`` (or the whole text when it is a bare ``genre/...``), options removed."""
    if not text:
        raise FormatError("empty URL")
    text = text.replace("%25", "%").replace("%2F", "/").replace("%2f", "/")
    has_host = bool(_SCHEME.match(text) or _HOSTLIKE.match(text))
    if "?" in text:
        query = text.split("?", 1)[1]
    elif has_host:
        raise FormatError(f"no puzzle in URL {text[:60]!r}: expected ...?<genre>/<cols>/<rows>/<body>")
    else:
        query = text
    while True:
        option = _OPTION.match(query)
        if option is None:
            break
        query = query[option.end():]
    if query.lower().startswith("v:"):
        query = query[2:].lstrip("/")
    if not query:
        raise FormatError(f"no puzzle in URL {text[:60]!r}: nothing after '?'")
    return query


def _genre_part(query: str) -> tuple[str, list[str]]:
    parts = query.split("/")
    name = _SUFFIX.sub("", parts[0]).lower()
    if not name:
        raise FormatError("the URL names no genre before its first '/'")
    return name, parts[1:]


def _genre(name: str) -> str:
    """The pencilkit genre a URL's genre name stands for."""
    names = url_genres()
    genre = names.get(name)
    if genre is None:
        try:
            genre = find_genre(name).name
        except UnknownGenreError:
            genre = None
        if genre is None or genre not in names.values():
            known = ", ".join(sorted(names))
            raise FormatError(f"unknown puzz.link genre {name[:30]!r}: pencilkit reads {known}") from None
    return genre


def _size_and_body(parts: list[str], name: str) -> tuple[int, int, str]:
    """``cols``, ``rows`` and body from the segments after the genre (a leading flag segment skipped)."""
    if parts and parts[0] and not parts[0].isdigit():
        parts = parts[1:]  # a pzpr flag segment such as "v:"; these genres use none
    if len(parts) < 2 or not parts[0] or not parts[1]:
        raise FormatError(f"the {name} URL has no size: expected {name}/<cols>/<rows>/<body>")
    cols_text, rows_text = parts[0], parts[1]
    for label, value in (("columns", cols_text), ("rows", rows_text)):
        if not (value.isdigit() and value.isascii()) or len(value) > 6:
            raise FormatError(f"the URL's number of {label} {value[:20]!r} is not a whole number")
    rest = parts[2:]
    while rest and not rest[-1]:
        rest.pop()  # trailing '/'
    if len(rest) > 1:
        raise FormatError(f"the URL has {len(rest) - 1} extra '/' segment(s) after the body")
    body = rest[0] if rest else ""
    return int(cols_text), int(rows_text), body
