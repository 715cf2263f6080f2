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
``@`` + 3 hex  as ``%`` (what pzpr.js 0.12 writes)        8192-12287
``*`` + 4 hex  value + 12240                              12240-77775
``$`` + 5 hex  value + 77776                              77776-
``.``          a ``?`` clue (a number not given)
``g``-``z``    1 to 20 cells without a clue (``zg`` = 21)
=============  =========================================  ============

Writers always use the shortest code (``%`` only up to 12239, as pzpr does),
with every hex digit of a prefix code written.  pzpr.js 0.12 (puzz.link today)
writes 8192-12239 with ``@`` and reads ``%`` too; pzpr.js 0.10 reads only
``%``, so pencilkit writes ``%`` and reads both.  Like pzpr, the writer
ends a body that ends in ``.`` with a ``/``, so that the ``.`` is not taken for
the end of a sentence.

>>> from pencilkit.puzzle import Puzzle
>>> p = parse_url("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
>>> p.rows, p.cols, p.clue_at(0, 1), p.clue_at(3, 2)
(5, 5, 5, 1)
>>> format_url(p)
'https://puzz.link/p?nurikabe/5/5/g5k2o1k3g'
>>> format_url(Puzzle.from_id("nurikabe:1x2:.,?"))
'https://puzz.link/p?nurikabe/2/1/g./'

A genre with rooms (:attr:`~pencilkit.frame.genre.Genre.has_rooms`, such as
Heyawake) has another body, pzpr's ``encodeBorder`` then ``encodeRoomNumber16``.
First the room borders, five to a base-32 character (``0``-``9``, ``a``-``v``,
the first border the highest bit, the last character padded with zeros): the
``(cols-1)*rows`` borders between side-by-side cells row by row, then, from a
new character, the ``cols*(rows-1)`` borders between cells one above the
other row by row.  Then one number a room, rooms in the reading order of their
first cells, in the code above (``g``-``z`` counting rooms without a number).
pzpr puts a room's number on the room's *top* cell, the topmost cell of its
leftmost column (:func:`room_top`), so a puzzle whose number sits elsewhere in
its room reads back with the number moved there (:func:`pzpr_form`).  A ``?``
in a room is ``.``, as pzpr.js 0.12 writes and reads it (pzpr.js 0.10 reads it
as a room without a number).

>>> h = parse_url("https://puzz.link/p?heyawake/3/2/a00g")
>>> h.rooms, h.clue_map
((0, 0, 1, 0, 0, 1), {0: 0})

A genre whose pzprv3 layout (:attr:`~pencilkit.frame.genre.Genre.pzpr_file`)
is one of :data:`BODIES` has that layout's own body.  ``hitori``, pzpr's
``encodeHitori`` for a board with a number in (nearly) every cell, writes
every cell, row by row, in one code of its own (no runs, no number16):

=============  =========================================  ============
body text      meaning                                    range
=============  =========================================  ============
``0``-``z``    one base-36 digit                          0-35
``-`` + 2      ``-`` and two base-36 digits (``-10``)     36-1295
``.``          a cell without a number
``@``          a ``?``, a number not given (``%`` too)
=============  =========================================  ============

>>> parse_url("https://puzz.link/p?hitori/3/1/1gz").clue_map
{0: 1, 1: 16, 2: 35}
>>> format_url(Puzzle.from_id("hitori:1x3:1,40,."))
'https://puzz.link/p?hitori/3/1/1-14./'

Reading is lenient about the shapes people paste: any host (puzz.link, pzv.jp,
pzprxs.vercel.app, a local copy) or none, ``p?`` or ``p.html?``, an
``_edit``/``_play``/``_test`` suffix on the genre, ``key=value&`` options and a
``v:`` flag before it, a flag segment (such as ``v:``) between the genre and
the size, a trailing ``/``, ``%25`` for ``%`` (and ``%2F`` for ``/``, ``%40`` for
``@``, when the text does not read as it stands).  Anything else wrong (an unknown
genre, a bad size, a body that ends early or runs past the last cell, a
character outside the code) is a :class:`~pencilkit.errors.FormatError`
naming the problem.  A genre's :attr:`~pencilkit.frame.genre.Genre.url_aliases`
(Heyawake's ``heyawacky``, a name puzz.link's pzpr.js also reads) are read too;
the writer always uses :attr:`~pencilkit.frame.genre.Genre.url_name`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from ..errors import FormatError, PencilkitError, UnknownGenreError
from ..genres import all_genres, canonical, find_genre
from ..grid import Cell
from ..puzzle import Puzzle
from ..tokens import check_shape

CANONICAL_BASE = "https://puzz.link/p?"
"""What :func:`format_url` writes before ``<genre>/<cols>/<rows>/<body>``."""


def url_genres() -> dict[str, str]:
    """The name each genre has in a URL (:attr:`~pencilkit.frame.genre.Genre.url_name`) to the genre's name."""
    return {genre.url_name: genre.name for genre in all_genres() if genre.url_name is not None}


def url_names() -> dict[str, str]:
    """Every name a URL or pzprv3 file may give a genre, its ``url_name`` and its
    :attr:`~pencilkit.frame.genre.Genre.url_aliases`, to the genre's name."""
    names = {alias: genre.name for genre in all_genres() if genre.url_name is not None
             for alias in genre.url_aliases}
    return {**names, **url_genres()}


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
_PREFIX["@"] = _PREFIX["%"]  # what pzpr.js 0.12 writes for 8192-12239 ("%" is a URL's escape character)
_HEX = frozenset("0123456789abcdef")
_RUN_FIRST, _RUN_LAST = ord("g"), ord("z")
MAX_RUN = _RUN_LAST - _RUN_FIRST + 1
"""The longest run of clue-free cells one letter covers (``z`` = 20)."""
MAX_CODED = LONG_CODES[-1][3] - 1
"""The largest clue the code can write."""

_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
_SPACE = re.compile(r"\s")
_HOSTLIKE = re.compile(r"^[\w.-]+\.[a-z]{2,}(:\d+)?/", re.IGNORECASE)
_BARE = re.compile(r"^\??(v:/?)?[a-z][a-z0-9]*(_edit|_play|_test)?/([^/\s]+/)?\d+/\d+(/|$)", re.IGNORECASE)
_OPTION = re.compile(r"(\w+)=([\w.-]*)&")
"""An option before the genre, such as ``a=b&`` (matched where the last one ends)."""
_SUFFIX = re.compile(r"(_edit|_play|_test)$", re.IGNORECASE)


def looks_like_url(text: str) -> bool:
    """Whether ``text`` is meant as a puzz.link-style URL (a host, or a bare ``genre/cols/rows/...``).

    Only the shape is looked at: a text that looks like a URL but is not a good
    one gets its error from :func:`parse_url` rather than a generic "not a puzzle".
    """
    text = text.strip()
    if not text or _SPACE.search(text):
        return False
    if _SCHEME.match(text) or _HOSTLIKE.match(text):
        return True
    return bool(_BARE.match(text))


def parse_url(text: str) -> Puzzle:
    """The puzzle of a puzz.link URL (any mirror, any of the variants people paste).

    A text that does not read as it stands is read again with its URL escapes
    (``%25``, ``%2F``, ``%40``) undone.  As it stands comes first, as pzpr reads
    it: ``%25`` may also be the ``%`` code of a clue from 8784 to 8799.  The two
    readings cannot both fit the board, since ``%25XYZ`` read as it stands
    covers at least two more cells (or rooms) than ``%XYZ``.
    """
    text = text.strip()
    try:
        return _parse(text)
    except PencilkitError:
        unescaped = _unescape(text)
        if unescaped == text:
            raise
    return _parse(unescaped)


def _parse(text: str) -> Puzzle:
    query = _query(text)
    name, rest = _genre_part(query)
    genre = _genre(name)
    cols, rows, body = _size_and_body(rest, name)
    check_shape(rows, cols)
    kind = find_genre(genre)
    if kind.has_rooms:
        clues, rooms = decode_room_body(body, rows, cols)
        return canonical(Puzzle.make(genre, rows, cols, clues, rooms))
    decode = BODIES[kind.pzpr_file][1] if kind.pzpr_file in BODIES else decode_body
    return canonical(Puzzle.make(genre, rows, cols, decode(body, rows, cols)))


def format_url(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of ``puzzle``."""
    genre = find_genre(puzzle.genre)
    if genre.url_name is None:
        raise FormatError(f"puzz.link has no URL format for genre {puzzle.genre!r}")
    if genre.has_rooms:
        if puzzle.rooms is None:
            raise FormatError(f"a {genre.title} URL needs the puzzle's rooms")
        body = encode_room_body(puzzle.clue_map, puzzle.rooms, puzzle.rows, puzzle.cols)
    else:
        encode = BODIES[genre.pzpr_file][0] if genre.pzpr_file in BODIES else encode_body
        body = encode(puzzle.clue_map, puzzle.rows, puzzle.cols)
    return address(genre.url_name, puzzle.rows, puzzle.cols, body)


def address(url_name: str, rows: int, cols: int, body: str) -> str:
    """The canonical URL of a body, with a ``/`` after a body that ends in neither a letter nor a
    digit (a ``.``), as pzpr.js writes it so that the ``.`` is not taken for the end of a sentence.

    >>> address("nurikabe", 1, 2, "1.")
    'https://puzz.link/p?nurikabe/2/1/1./'
    """
    end = "/" if body and not (body[-1].isascii() and body[-1].isalnum()) else ""
    return f"{CANONICAL_BASE}{url_name}/{cols}/{rows}/{body}{end}"


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
    return _decode_numbers(body, rows * cols, _CellWords(rows, cols))


class _CellWords:
    """How the errors of a number list name what it numbers: a board's cells."""

    def __init__(self, rows: int, cols: int) -> None:
        self.board = f"{rows}x{cols} board"
        self.offset = 0

    def past(self, size: int) -> str:
        return f"past the last of the {self.board}'s {size} cells"

    def run(self, run: int, left: int) -> str:
        return (f"covers {run} cell{'s' * (run != 1)} but only {left} {'is' if left == 1 else 'are'} "
                f"left on the {self.board}")

    def short(self, covered: int, size: int) -> str:
        return f"it covers {covered} of the {self.board}'s {size} cells"


class _RoomWords(_CellWords):
    """The same for the room numbers of a board of rooms, after ``offset`` characters of borders."""

    def __init__(self, rows: int, cols: int, offset: int) -> None:
        super().__init__(rows, cols)
        self.offset = offset

    def past(self, size: int) -> str:
        return f"past the last of the {self.board}'s {size} room{'s' * (size != 1)}"

    def run(self, run: int, left: int) -> str:
        return (f"covers {run} room{'s' * (run != 1)} but only {left} {'is' if left == 1 else 'are'} "
                f"left on the {self.board}")

    def short(self, covered: int, size: int) -> str:
        return f"it numbers {covered} of the {self.board}'s {size} room{'s' * (size != 1)}"


def _decode_numbers(body: str, size: int, words: _CellWords) -> dict[int, int | None]:
    """The numbers of ``size`` slots (cells, or rooms) in the number16 code of ``body``."""
    numbers: dict[int, int | None] = {}
    slot = i = 0
    while i < len(body):
        at = words.offset + i + 1
        if slot >= size:
            raise FormatError(f"URL body goes on {words.past(size)} at character {at} ({body[i:i + 8]!r})")
        ch = body[i]
        if ch in _HEX:
            numbers[slot] = int(ch, 16)
            slot, i = slot + 1, i + 1
        elif ch in _PREFIX:
            digits, offset = _PREFIX[ch]
            code = body[i + 1:i + 1 + digits]
            if len(code) < digits:
                raise FormatError(
                    f"URL body is cut short: {ch!r} at character {at} needs {digits} hex digits, "
                    f"got {code!r}")
            if not all(c in _HEX for c in code.lower()):
                raise FormatError(f"URL body: {ch + code!r} at character {at} is not {ch!r} and {digits} hex digits")
            numbers[slot] = int(code, 16) + offset
            slot, i = slot + 1, i + 1 + digits
        elif ch == ".":
            numbers[slot] = None
            slot, i = slot + 1, i + 1
        elif _RUN_FIRST <= ord(ch) <= _RUN_LAST:
            run = ord(ch) - _RUN_FIRST + 1
            if slot + run > size:
                raise FormatError(f"URL body: the run {ch!r} at character {at} {words.run(run, size - slot)}")
            slot, i = slot + run, i + 1
        else:
            raise FormatError(f"URL body: unknown character {ch!r} at character {at}")
    if slot < size:
        raise FormatError(f"URL body is truncated: {words.short(slot, size)}")
    return numbers


# -- the body of a board of rooms ----------------------------------------------------

BORDER_BITS = 5
"""Borders one base-32 character of a rooms body holds."""
_BASE32 = "0123456789abcdefghijklmnopqrstuv"
_BASE32_BITS = {ch: tuple(bool(value >> (BORDER_BITS - 1 - b) & 1) for b in range(BORDER_BITS))
                for value, ch in enumerate(_BASE32)}


def border_chars(rows: int, cols: int) -> tuple[int, int]:
    """How many characters the borders between side-by-side cells, and those between cells one
    above the other, take at the start of a rooms body."""
    return -(-(cols - 1) * rows // BORDER_BITS), -(-cols * (rows - 1) // BORDER_BITS)


def room_top(cols: int, cells: Sequence[Cell]) -> Cell:
    """The cell pzpr keeps a room's number on: the topmost cell of the room's leftmost column.

    >>> room_top(3, [1, 2, 3, 4])  # cells r1c2 r1c3 r2c1 r2c2 of a 3-column board
    3
    """
    return min(cells, key=lambda cell: (cell % cols, cell // cols))


def pzpr_form(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` as pzpr.js holds it, and so as its URL reads back: each room's number moved to
    the room's :func:`room_top` cell (a puzzle without rooms is returned unchanged)."""
    if puzzle.rooms is None:
        return puzzle
    members: dict[int, list[Cell]] = {}
    for cell, room in enumerate(puzzle.rooms):
        members.setdefault(room, []).append(cell)
    clues = {room_top(puzzle.cols, members[puzzle.rooms[cell]]): number for cell, number in puzzle.clues}
    return replace(puzzle, clues=tuple(sorted(clues.items())))


def encode_borders(rooms: Sequence[int], rows: int, cols: int) -> str:
    """The room borders of a rooms body: those between side-by-side cells, then those between cells
    one above the other, each part 5 a base-32 character.

    >>> encode_borders([0, 0, 1, 0, 0, 1], 2, 3)  # borders right of r1c2 and r2c2: 01010, then 000
    'a0'
    """
    vertical = [rooms[r * cols + c] != rooms[r * cols + c + 1] for r in range(rows) for c in range(cols - 1)]
    horizontal = [rooms[r * cols + c] != rooms[(r + 1) * cols + c] for r in range(rows - 1) for c in range(cols)]
    return _pack(vertical) + _pack(horizontal)


def _pack(bits: list[bool]) -> str:
    out = []
    for start in range(0, len(bits), BORDER_BITS):
        chunk = bits[start:start + BORDER_BITS]
        value = sum(1 << (BORDER_BITS - 1 - k) for k, bit in enumerate(chunk) if bit)
        out.append(_BASE32[value])
    return "".join(out)


def _unpack(text: str, count: int, first: int) -> list[bool]:
    """``count`` borders from ``text`` (its first character at body position ``first``); the
    bits past the last border pad the last character and are ignored, as pzpr ignores them."""
    bits: list[bool] = []
    for k, ch in enumerate(text):
        five = _BASE32_BITS.get(ch)
        if five is None:
            raise FormatError(f"URL body: {ch!r} at character {first + k} is not a border character "
                              f"(0-9, a-v)")
        bits.extend(five)
    return bits[:count]


def decode_borders(text: str, rows: int, cols: int) -> tuple[int, ...]:
    """The room of each cell from the borders of a rooms body (exactly :func:`border_chars` long);
    rooms are numbered in the reading order of their first cells.

    >>> decode_borders("a0", 2, 3)
    (0, 0, 1, 0, 0, 1)
    """
    across, down = border_chars(rows, cols)
    if len(text) != across + down:
        raise FormatError(f"URL body is cut short: the room borders of a {rows}x{cols} board take "
                          f"{across + down} characters, the body has {len(text)}")
    vertical = _unpack(text[:across], (cols - 1) * rows, 1)
    horizontal = _unpack(text[across:], cols * (rows - 1), across + 1)
    return rooms_from_borders(rows, cols, vertical, horizontal)


def rooms_from_borders(rows: int, cols: int, vertical: Sequence[bool], horizontal: Sequence[bool]) -> tuple[int, ...]:
    """The room of each cell given which neighbours a border parts: ``vertical`` the borders between
    side-by-side cells row by row (``cols-1`` a row), ``horizontal`` those between cells one above the
    other (``cols`` a row).  A room is a group of cells no border parts; rooms are numbered in the
    reading order of their first cells, and a border that parts no two rooms is lost."""
    size = rows * cols
    room = [-1] * size
    count = 0
    for first in range(size):
        if room[first] >= 0:
            continue
        room[first] = count
        stack = [first]
        while stack:
            cell = stack.pop()
            r, c = divmod(cell, cols)
            steps = []
            if c > 0 and not vertical[r * (cols - 1) + c - 1]:
                steps.append(cell - 1)
            if c < cols - 1 and not vertical[r * (cols - 1) + c]:
                steps.append(cell + 1)
            if r > 0 and not horizontal[(r - 1) * cols + c]:
                steps.append(cell - cols)
            if r < rows - 1 and not horizontal[cell]:
                steps.append(cell + cols)
            for other in steps:
                if room[other] < 0:
                    room[other] = count
                    stack.append(other)
        count += 1
    return tuple(room)


def encode_room_body(clues: Mapping[Cell, int | None], rooms: Sequence[int], rows: int, cols: int) -> str:
    """The body of a rooms URL: the borders (:func:`encode_borders`), then each room's number in room
    order, in the number16 code with runs of rooms without one (a ``?`` is ``.``).

    >>> encode_room_body({0: 0}, [0, 0, 1, 0, 0, 1], 2, 3)
    'a00g'
    """
    numbers: dict[int, int | None] = {}
    for cell, number in clues.items():
        room = rooms[cell]
        if room in numbers:
            raise FormatError(f"room {room} has two numbers: a URL holds one number a room")
        numbers[room] = number
    return encode_borders(rooms, rows, cols) + encode_body(numbers, 1, max(rooms) + 1)


def decode_room_body(body: str, rows: int, cols: int) -> tuple[dict[Cell, int | None], tuple[int, ...]]:
    """The clues (each room's number on its :func:`room_top` cell) and the room of each cell from
    the body of a rooms URL; the body must number every room exactly.

    >>> decode_room_body("a00g", 2, 3)
    ({0: 0}, (0, 0, 1, 0, 0, 1))
    """
    across, down = border_chars(rows, cols)
    rooms = decode_borders(body[:across + down], rows, cols)
    members: dict[int, list[Cell]] = {}
    for cell, room in enumerate(rooms):
        members.setdefault(room, []).append(cell)
    numbers = _decode_numbers(body[across + down:], len(members), _RoomWords(rows, cols, across + down))
    clues = {room_top(cols, members[room]): number for room, number in numbers.items()}
    return dict(sorted(clues.items())), rooms


# -- the body of a board of numbers (pzpr's Hitori) -------------------------------------

_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_BASE36_VALUE = {ch: value for value, ch in enumerate(_BASE36)}
MAX_NUMBER_GRID = 36 * 36 - 1
"""The largest number pzpr's Hitori body can write (``-zz``)."""


def encode_number_grid(clues: Mapping[Cell, int | None], rows: int, cols: int) -> str:
    """The body of a URL in pzpr's Hitori layout (its ``encodeHitori``): every cell in turn, a number
    as one base-36 digit (0-35) or ``-`` and two (36-1295), a ``?`` as ``@``, a cell without a number
    as ``.``.

    >>> encode_number_grid({0: 3, 1: 16, 2: 35, 3: 36, 4: None}, 2, 3)
    '3gz-10@.'
    """
    out: list[str] = []
    for cell in range(rows * cols):
        if cell not in clues:
            out.append(".")
            continue
        number = clues[cell]
        if number is None:
            out.append("@")
        elif 0 <= number < 36:
            out.append(_BASE36[number])
        elif 36 <= number <= MAX_NUMBER_GRID:
            out.append("-" + _BASE36[number // 36] + _BASE36[number % 36])
        else:
            r, c = divmod(cell, cols)
            raise FormatError(f"the {number} at row {r + 1}, column {c + 1} cannot be written in a puzz.link "
                              f"URL of this genre (0 to {MAX_NUMBER_GRID})")
    return "".join(out)


def decode_number_grid(body: str, rows: int, cols: int) -> dict[Cell, int | None]:
    """Numbers by cell from a body in pzpr's Hitori layout (:func:`encode_number_grid`; ``%`` is read
    as ``@``, as pzpr reads it).  The body must cover every cell exactly.

    >>> decode_number_grid("3gz-10@.", 2, 3)
    {0: 3, 1: 16, 2: 35, 3: 36, 4: None}
    """
    words = _CellWords(rows, cols)
    size = rows * cols
    numbers: dict[Cell, int | None] = {}
    cell = i = 0
    while i < len(body):
        at = i + 1
        if cell >= size:
            raise FormatError(f"URL body goes on {words.past(size)} at character {at} ({body[i:i + 8]!r})")
        ch = body[i]
        if ch in _BASE36_VALUE:
            numbers[cell] = _BASE36_VALUE[ch]
            i += 1
        elif ch == "-":
            code = body[i + 1:i + 3]
            if len(code) < 2:
                raise FormatError(f"URL body is cut short: '-' at character {at} needs two base-36 digits, "
                                  f"got {code!r}")
            if not all(c in _BASE36_VALUE for c in code):
                raise FormatError(f"URL body: {'-' + code!r} at character {at} is not '-' and two base-36 digits")
            numbers[cell] = _BASE36_VALUE[code[0]] * 36 + _BASE36_VALUE[code[1]]
            i += 3
        elif ch in "@%":
            numbers[cell] = None
            i += 1
        elif ch == ".":
            i += 1
        else:
            raise FormatError(f"URL body: unknown character {ch!r} at character {at}")
        cell += 1
    if cell < size:
        raise FormatError(f"URL body is truncated: {words.short(cell, size)}")
    return numbers


BODIES: dict[str, tuple[Callable[[Mapping[Cell, int | None], int, int], str],
                        Callable[[str, int, int], dict[Cell, int | None]]]] = {
    "hitori": (encode_number_grid, decode_number_grid),
}
"""The URL bodies of the pzprv3 layouts (:attr:`~pencilkit.frame.genre.Genre.pzpr_file`) that pzpr writes
with a codec of their own, each its writer and its reader; a genre of any other layout without rooms has
the number16 body (:func:`encode_body`)."""


# -- the address around the body -----------------------------------------------


_ESCAPE = re.compile(r"%(25|2f|40)", re.IGNORECASE)
"""The URL escapes :func:`parse_url` undoes: of ``%``, ``/`` and ``@``, characters a puzz.link URL holds."""


def _unescape(text: str) -> str:
    """``text`` with its escapes undone in one pass (``%252F`` is ``%2F``, not ``/``)."""
    return _ESCAPE.sub(lambda escape: chr(int(escape.group(1), 16)), text)


def _query(text: str) -> str:
    """The part after ``?`` (or the whole text when it is a bare ``genre/...``), options removed."""
    if not text:
        raise FormatError("empty URL")
    has_host = bool(_SCHEME.match(text) or _HOSTLIKE.match(text))
    if "?" in text:
        query = text.split("?", 1)[1]
    elif has_host:
        raise FormatError(f"no puzzle in URL {text[:60]!r}: expected ...?<genre>/<cols>/<rows>/<body>")
    else:
        query = text
    start = 0
    while (option := _OPTION.match(query, start)) is not None:
        start = option.end()
    query = query[start:]  # cut once: a cut after each option would copy the rest for each, quadratic in them
    if query[:2].lower() == "v:":
        query = query[2:].lstrip("/")
    if not query:
        raise FormatError(f"no puzzle in URL {text[:60]!r}: nothing after '?'")
    return query


def _genre_part(query: str) -> tuple[str, str]:
    """The genre's name and the rest of the query after its ``/``."""
    name, _, rest = query.partition("/")
    name = _SUFFIX.sub("", name).lower()
    if not name:
        raise FormatError("the URL names no genre before its first '/'")
    return name, rest


def _genre(name: str) -> str:
    """The pencilkit genre a URL's genre name stands for."""
    names = url_names()
    genre = names.get(name)
    if genre is None:
        try:
            genre = find_genre(name).name
        except UnknownGenreError:
            genre = None
        if genre is None or genre not in names.values():
            known = ", ".join(sorted(url_genres()))
            raise FormatError(f"unknown puzz.link genre {name[:30]!r}: pencilkit reads {known}") from None
    return genre


def _size_and_body(rest: str, name: str) -> tuple[int, int, str]:
    """``cols``, ``rows`` and body from the segments after the genre (a leading flag segment skipped), the
    text cut at its ``/`` one at a time: a long text is scanned, not split into its segments."""
    flag, _, after = rest.partition("/")
    if flag and not flag.isdigit():
        rest = after  # a pzpr flag segment such as "v:"; these genres use none
    cols_text, _, rest = rest.partition("/")
    rows_text, _, rest = rest.partition("/")
    if not cols_text or not rows_text:
        raise FormatError(f"the {name} URL has no size: expected {name}/<cols>/<rows>/<body>")
    for label, value in (("columns", cols_text), ("rows", rows_text)):
        if not (value.isdigit() and value.isascii()) or len(value) > 6:
            raise FormatError(f"the URL's number of {label} {value[:20]!r} is not a whole number")
    body, extra, segments = rest.rstrip("/").partition("/")  # trailing '/' dropped
    if extra:
        raise FormatError(f"the URL has {segments.count('/') + 1} extra '/' segment(s) after the body")
    return int(cols_text), int(rows_text), body
