"""penpa-edit URLs: ``https://swaroopg92.github.io/penpa-edit/#m=edit&p=<data>``.

``<data>`` is base64 of raw deflate (penpa-edit compresses with zlib.js's
``RawDeflate``; a zlib wrapper is read too) of a text of lines.  Before
compressing, penpa-edit shortens its JSON names (``"number"`` to ``zN``,
``"lineE"`` to ``zE``, ...; a ``z`` of its own becomes ``zZ``): :data:`NAMES`,
undone in reverse order on reading.  The lines that matter here:

====  ===================================================================
0     the header, comma-separated: grid type (``square``), columns, rows,
      display size, ..., ``Title: <title>`` (field 15), ``Author: ...``,
      source, rules, ...
1     the margins ``[top, bottom, left, right]`` (JSON), inside the columns
      and rows of the header
3     the problem (``pu_q``, JSON): ``number`` (clues), ``lineE`` (edges)...
4     the player's marks (``pu_a``; empty in a ``m=solve`` URL)
5     the board's cells (delta-coded JSON list of point indices)
17    the genre tags (JSON list, such as ``["heyawake"]``)
====  ===================================================================

Every drawable point has an index.  On a board of ``nx`` x ``ny`` cells
(margins included) penpa numbers a frame two cells wider on every side,
``nx0 = nx + 4`` columns: the cell in penpa column ``x``, row ``y`` is
``x + y * nx0`` (the board's top-left cell is ``x = y = 2`` plus the
margins), and the corner to the lower right of that cell is
``nx0 * ny0 + x + y * nx0``.  A clue is ``number[<cell>] = [value, style,
submode]``: a number, or ``"?"`` or a blank for a clue whose number is not
given.  A room border (Heyawake) is ``lineE["<corner>,<corner>"]``, an edge
between two corners one apart, with a style (2 is penpa's bold black).  A
shaded cell of the player's is ``surface[<cell>]`` with a dark shade (1, 3,
4 or 8: penpa's answer check counts these); a cell marked unshaded is the
light green ``surface`` 2 or the dot of penpa's shading mode (``symbol``
``[8, "ox_B", ...]``).  The author's solution for penpa's answer check
rides in ``&a=``, compressed the same way: the JSON list penpa compares
with, whose first list holds the shaded cells.

The genre is the first genre tag (:attr:`~pencilkit.frame.genre.Genre.penpa_tag`,
or any name pencilkit knows) or else a word of the title that names one;
without either, the reader's ``genre`` is used.  A ``p=`` that is itself a
puzz.link URL (penpa-edit's import link) is read as that URL.

>>> from pencilkit.puzzle import Puzzle
>>> url = format_penpa(Puzzle.from_id("heyawake:2x2:1,.,.,.:0,0,1,1"))
>>> url.startswith(BASE + "#m=edit&p=")
True
>>> parse_penpa(url)[0].id()
'heyawake:2x2:1,.,.,.:0,0,1,1'
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any
from urllib.parse import unquote

from .. import jsontext
from ..errors import FormatError, SizeError
from ..genres import Genre, all_genres, canonical, find_genre
from ..grid import MAX_SIDE, Cell
from ..puzzle import Answer, Puzzle
from ..tokens import check_shape
from .sniff import looks_like_penpa
from .url import rooms_from_borders

BASE = "https://swaroopg92.github.io/penpa-edit/"
"""Where :func:`format_penpa` points (penpa-edit's own canonical address); any host is read."""
MAX_TEXT = 4_000_000
"""The most a ``p=`` or ``a=`` may unpack to, in bytes decompressed and again in characters once penpa's short
names are expanded (a two-character name stands for up to 16): a bound on what a short URL can make us read."""
NAMES: tuple[tuple[str, str], ...] = (
    ("z", "zZ"), ('"qa"', "z9"), ('"pu_q"', "zQ"), ('"pu_a"', "zA"), ('"grid"', "zG"), ('"edit_mode"', "zM"),
    ('"surface"', "zS"), ('"line"', "zL"), ('"lineE"', "zE"), ('"wall"', "zW"), ('"cage"', "zC"),
    ('"number"', "zN"), ('"symbol"', "zY"), ('"special"', "zP"), ('"board"', "zB"), ('"command_redo"', "zR"),
    ('"command_undo"', "zU"), ('"command_replay"', "z8"), ('"numberS"', "z1"), ('"freeline"', "zF"),
    ('"freelineE"', "z2"), ('"thermo"', "zT"), ('"arrows"', "z3"), ('"direction"', "zD"), ('"squareframe"', "z0"),
    ('"polygon"', "z5"), ('"deletelineE"', "z4"), ('"killercages"', "z6"), ('"nobulbthermo"', "z7"),
    ('"__a"', "z_"), ("null", "zO"),
)
"""penpa-edit's ``COMPRESS_SUB``: each text and its short form, applied in this order before compressing."""
DARK_SHADES = frozenset({1, 3, 4, 8})
"""The ``surface`` shades penpa's answer check counts as shaded (dark grey, light grey, black, grey)."""
UNSHADED_SHADE = 2
"""The light green ``surface`` players use to mark a cell unshaded."""
DOT = "ox_B"
"""The ``symbol`` of the dot penpa's shading mode puts on a cell marked unshaded (with style 8)."""
SQUARE_GRIDS = frozenset({"square", "sudoku", "kakuro"})
"""penpa grid types laid out as a plain square grid."""
VERSION = [3, 1, 4]
"""The penpa-edit version whose layout :func:`format_penpa` writes."""
SIZE = 38
"""The display size of a cell, in penpa's pixels."""

NEWLINE = "\n"
"""What separates the lines of penpa-edit's text."""

_BASE64 = re.compile(r"[A-Za-z0-9+/]*")
_PARAMETER = re.compile(r"(?:^|(?<=&))\s*([pa])\s*=([^&]*)", re.IGNORECASE)
"""A parameter of a penpa-edit URL that is read: ``p``, the puzzle's data, or ``a``, the author's solution."""


# -- the board frame -----------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """Where penpa-edit keeps a ``rows`` x ``cols`` board: ``top`` rows and ``left`` columns of margin
    before it in a frame ``nx`` x ``ny`` cells wide (margins included), two more on every side."""

    rows: int
    cols: int
    nx: int
    ny: int
    top: int = 0
    left: int = 0

    @property
    def nx0(self) -> int:
        return self.nx + 4

    @property
    def points(self) -> int:
        """Points of one kind (cell centres, corners, ...): penpa's offset from one kind to the next."""
        return self.nx0 * (self.ny + 4)

    def point(self, cell: Cell) -> int:
        """The index of a board cell's centre."""
        r, c = divmod(cell, self.cols)
        return c + 2 + self.left + (r + 2 + self.top) * self.nx0

    def corner(self, x: int, y: int) -> int:
        """The index of the lower-right corner of the cell in penpa column ``x``, row ``y``."""
        return self.points + x + y * self.nx0

    def cell(self, index: int) -> Cell | None:
        """The board cell whose centre has penpa index ``index``; ``None`` for any other point."""
        if not 0 <= index < self.points:
            return None
        y, x = divmod(index, self.nx0)
        r, c = y - 2 - self.top, x - 2 - self.left
        return r * self.cols + c if 0 <= r < self.rows and 0 <= c < self.cols else None

    def border(self, key: str) -> tuple[Cell, Cell] | None:
        """The two board cells an edge ``"<corner>,<corner>"`` parts, if it parts two."""
        ends = key.split(",")
        if len(ends) != 2 or not all(end.isdigit() and end.isascii() and len(end) <= 9 for end in ends):
            return None
        low, high = sorted(int(end) - self.points for end in ends)
        if low < 0 or high >= self.points:
            return None
        (y0, x0), (y1, x1) = divmod(low, self.nx0), divmod(high, self.nx0)
        if x0 == x1 and y1 == y0 + 1:  # a vertical edge: right of the cell at (x1, y1)
            pair = (self.cell(x1 + y1 * self.nx0), self.cell(x1 + 1 + y1 * self.nx0))
        elif y0 == y1 and x1 == x0 + 1:  # a horizontal edge: below the cell at (x1, y1)
            pair = (self.cell(x1 + y1 * self.nx0), self.cell(x1 + (y1 + 1) * self.nx0))
        else:
            return None
        return None if pair[0] is None or pair[1] is None else (pair[0], pair[1])

    def border_key(self, cell: Cell, other: Cell) -> str:
        """The ``lineE`` key of the edge between a cell and its neighbour to the right or below."""
        r, c = divmod(cell, self.cols)
        x, y = c + 2 + self.left, r + 2 + self.top
        if other // self.cols == r:  # side by side
            return f"{self.corner(x, y - 1)},{self.corner(x, y)}"
        return f"{self.corner(x - 1, y)},{self.corner(x, y)}"

    def centre(self) -> int:
        """The point at the middle of the board, which penpa centres its canvas on (its ``center_n``):
        a cell's centre, a corner, or the middle of a cell's lower or right side."""
        x, y = 2 + self.left + self.cols // 2, 2 + self.top + self.rows // 2
        if self.cols % 2 and self.rows % 2:
            return x + y * self.nx0
        if self.cols % 2:
            return 2 * self.points + x + (y - 1) * self.nx0  # the middle of a lower side
        if self.rows % 2:
            return 3 * self.points + x - 1 + y * self.nx0  # the middle of a right side
        return self.corner(x - 1, y - 1)


# -- reading -----------------------------------------------------------------------


def parse_penpa(text: str, *, genre: str | None = None) -> tuple[Puzzle, Answer | None]:
    """The puzzle of a penpa-edit URL and the answer in it (:func:`penpa_answer`; ``None`` when it has
    none).  ``genre`` is used when the URL names none."""
    params = _params(text)
    data = _data(params)
    if data.lower().startswith("http"):
        from .url import parse_url

        return parse_url(data), None
    saved = _Saved.of(data)
    kind = _genre(saved.header, saved.json(17, "genre tags", None), genre)
    problem = _layer(saved.json(3, "problem", None), "problem")
    _check_board(saved.frame, saved.json(5, "board", []))
    clues = _clues(saved.frame, problem)
    rooms = _rooms(saved.frame, problem) if kind.has_rooms else None
    puzzle = canonical(Puzzle.make(kind.name, saved.frame.rows, saved.frame.cols, clues, rooms))
    return puzzle, _answer(saved, params)


def penpa_answer(text: str) -> Answer | None:
    """The answer in a penpa-edit URL: the author's solution for penpa's answer check (``&a=``) if it has
    one, else the player's marks, else ``None``.  It needs no genre."""
    params = _params(text)
    data = _data(params)
    return None if data.lower().startswith("http") else _answer(_Saved.of(data), params)


@dataclass(frozen=True)
class _Saved:
    """The lines of a penpa-edit ``p=``, its header split, and the board's frame."""

    lines: list[str]
    header: list[str]
    frame: Frame

    @classmethod
    def of(cls, data: str) -> _Saved:
        text = expand(inflate(data, "p"))
        if len(text) > MAX_TEXT:
            raise FormatError(f"the penpa-edit p= data expands to more than {MAX_TEXT} characters")
        lines = text.split(NEWLINE)
        header = lines[0].split(",")
        if header[0][:1].isdigit():
            raise FormatError("an old penpa-edit URL (version 1 layout), which pencilkit does not read")
        if header[0] not in SQUARE_GRIDS:
            raise FormatError(f"the penpa-edit grid is {header[0][:20]!r}: pencilkit reads square grids")
        if len(lines) < 4 or len(header) < 3:
            raise FormatError(f"the penpa-edit data is cut short: {len(lines)} lines")
        return cls(lines, header, _frame(header, _json_line(lines, 1, "margins", [0, 0, 0, 0])))

    def json(self, number: int, what: str, missing: Any) -> Any:
        return _json_line(self.lines, number, what, missing)


def _json_line(lines: list[str], number: int, what: str, missing: Any) -> Any:
    """Line ``number`` (from 0) read as JSON; ``missing`` when the data has no such line or it is empty."""
    if number >= len(lines) or not lines[number]:
        return missing
    return _loads(lines[number], f"{what} (line {number + 1})")


def _data(params: dict[str, str]) -> str:
    data = params.get("p")
    if not data:
        raise FormatError("the penpa-edit URL has no puzzle: no p= parameter")
    return data


def _answer(saved: _Saved, params: dict[str, str]) -> Answer | None:
    """The author's solution (``a=``) unless the header's field 21 says the answer check takes several, else the
    player's marks; ``None`` when there are neither."""
    multisolution = len(saved.header) > 20 and saved.header[20] == "true"
    if "a" in params and not multisolution:
        return _solution(saved.frame, _loads(inflate(params["a"], "a"), "solution (a=)"))
    return _marks(saved.frame, _layer(saved.json(4, "marks", {}), "marks"))


def _params(text: str) -> dict[str, str]:
    """The URL's ``p`` and ``a`` parameters (the first of each), after its ``#`` (or its ``?``, or the whole
    text): the only ones read, so the others are not kept (a URL of a million of them takes no more memory)."""
    text = text.strip()
    query = text.split("#", 1)[1] if "#" in text else text.split("?", 1)[1] if "?" in text else text
    params: dict[str, str] = {}
    for parameter in _PARAMETER.finditer(query):
        params.setdefault(parameter.group(1).lower(), unquote(parameter.group(2)))
    return params


def inflate(data: str, name: str = "p") -> str:
    """The text of a penpa ``p=`` or ``a=`` value: base64 (standard or URL-safe, padding optional) of raw
    deflate or of zlib, at most :data:`MAX_TEXT` bytes of UTF-8."""
    packed = data.replace("-", "+").replace("_", "/").rstrip("=")
    if not _BASE64.fullmatch(packed) or len(packed) % 4 == 1:
        bad = next((ch for ch in packed if not (ch.isascii() and (ch.isalnum() or ch in "+/"))), None)
        reason = f"the character {bad!r}" if bad else "its length"
        raise FormatError(f"the penpa-edit {name}= data is not base64 ({reason})")
    try:
        raw = base64.b64decode(packed + "=" * (-len(packed) % 4), validate=True)
    except binascii.Error:
        raise FormatError(f"the penpa-edit {name}= data is not base64") from None
    zlib_wrapped = len(raw) > 2 and raw[0] & 0x0F == 8 and (raw[0] << 8 | raw[1]) % 31 == 0
    failure = "is not deflate-compressed"
    for wbits in ((15, -15) if zlib_wrapped else (-15,)):  # a zlib header, else (or failing that) raw
        unpack = zlib.decompressobj(wbits)
        try:
            out = unpack.decompress(raw, MAX_TEXT + 1)
        except zlib.error:
            continue
        if len(out) > MAX_TEXT:
            raise FormatError(f"the penpa-edit {name}= data unpacks to more than {MAX_TEXT} bytes")
        if not unpack.eof:
            failure = "is cut short"
            continue
        try:
            return out.decode("utf-8")
        except UnicodeDecodeError:
            raise FormatError(f"the penpa-edit {name}= data is not UTF-8 text") from None
    raise FormatError(f"the penpa-edit {name}= data {failure}")


def expand(text: str) -> str:
    """Undo penpa-edit's short names (:data:`NAMES`, in reverse order, as penpa-edit does)."""
    for long, short in reversed(NAMES):
        text = text.replace(short, long)
    return text


def shorten(text: str) -> str:
    """Apply penpa-edit's short names (:data:`NAMES`, in order)."""
    for long, short in NAMES:
        text = text.replace(long, short)
    return text


def _loads(text: str, what: str) -> Any:
    try:
        return jsontext.loads(text)
    except json.JSONDecodeError as e:
        raise FormatError(f"the penpa-edit {what} is not JSON ({e.msg} at column {e.colno})") from None


def _layer(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FormatError(f"the penpa-edit {what} is not a JSON object")
    return value


def _whole(text: str, what: str) -> int:
    text = text.strip()
    if not (text.isdigit() and text.isascii()) or len(text) > 6:
        raise FormatError(f"the penpa-edit {what} {text[:20]!r} is not a whole number")
    return int(text)


def _frame(header: list[str], margins: Any) -> Frame:
    """The board's frame from the header's columns and rows and the margins ``[top, bottom, left, right]``."""
    nx, ny = _whole(header[1], "number of columns"), _whole(header[2], "number of rows")
    if not (isinstance(margins, list) and len(margins) == 4
            and all(isinstance(m, int) and not isinstance(m, bool) and 0 <= m <= MAX_SIDE for m in margins)):
        raise FormatError("the penpa-edit margins (line 2) are not four whole numbers")
    top, bottom, left, right = margins
    try:
        check_shape(ny - top - bottom, nx - left - right)
    except SizeError as e:
        raise FormatError(f"the penpa-edit board: {e}") from None
    return Frame(ny - top - bottom, nx - left - right, nx, ny, top, left)


def _check_board(frame: Frame, centres: Any) -> None:
    """The board's cells (a delta-coded list) must be the whole rectangle, when they are given."""
    if centres in ([], [None]):
        return
    if not isinstance(centres, list) or not all(isinstance(k, int) and not isinstance(k, bool) for k in centres):
        raise FormatError("the penpa-edit board's cells (line 6) are not a list of whole numbers")
    size = frame.rows * frame.cols
    points = set(accumulate(centres)) if len(centres) == size else set()
    if points != {frame.point(cell) for cell in range(size)}:
        raise FormatError(f"the penpa-edit board is not a whole {frame.rows}x{frame.cols} rectangle "
                          f"({len(centres)} cells)")


def _genre(header: list[str], tags: Any, default: str | None) -> Genre:
    """The genre: the first genre tag that names one, else a word of the title, else ``default``."""
    named = [tag for tag in tags if isinstance(tag, str)] if isinstance(tags, list) else []
    any_name, own_name = _penpa_genres(aliases=True), _penpa_genres(aliases=False)
    for key in (tag.strip().lower() for tag in named):
        if key in any_name:
            return any_name[key]
    title = header[15].replace("%2C", ",").removeprefix("Title:") if len(header) > 15 else ""
    for key in (word.lower() for word in re.findall(r"[A-Za-z]+", title)):
        if key in own_name:
            return own_name[key]
    if default is not None:
        found = any_name.get(default.strip().lower())
        if found is None:
            raise FormatError(f"pencilkit reads no penpa-edit URL of genre {default[:30]!r}")
        return found
    if named:
        raise FormatError(f"the penpa-edit genre tags {', '.join(named[:10])[:60]!r} name no genre pencilkit reads")
    raise FormatError("the penpa-edit URL names no genre (no genre tag, none in its title): give one")


def _penpa_genres(*, aliases: bool) -> dict[str, Genre]:
    """The genres pencilkit reads penpa-edit URLs of, by each name that calls one up (lower case): its penpa
    tag, its name and its title, and with ``aliases`` every alias :func:`~pencilkit.genres.find_genre` knows."""
    genres = [genre for genre in all_genres() if genre.penpa_tag is not None]
    names: dict[str, Genre] = {}
    for genre in genres:
        for name in (genre.penpa_tag, genre.name, genre.title):
            names.setdefault(str(name).lower(), genre)
    if aliases:
        for genre in genres:
            for name in genre.aliases:
                names.setdefault(name.lower(), genre)
    return names


def _clues(frame: Frame, problem: dict[str, Any]) -> dict[Cell, int | None]:
    """The clues: the problem's numbers, each at the centre of a board cell."""
    numbers = problem.get("number") or {}
    if not isinstance(numbers, dict):
        raise FormatError("the penpa-edit numbers are not a JSON object")
    clues: dict[Cell, int | None] = {}
    for key, entry in numbers.items():
        cell = frame.cell(int(key)) if key.isdigit() and key.isascii() and len(key) <= 9 else None
        value = entry[0] if isinstance(entry, list) and entry else entry
        if cell is None:
            raise FormatError(f"the penpa-edit number {str(value)[:10]!r} at point {key[:12]} is not in a cell "
                              "of the board")
        clues[cell] = _clue(value, cell, frame.cols)
    return clues


def _clue(value: Any, cell: Cell, cols: int) -> int | None:
    where = f"row {cell // cols + 1}, column {cell % cols + 1}"
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**6:
        return value
    if isinstance(value, str):
        text = value.strip()
        if text in ("", "?"):
            return None
        if text.isdigit() and text.isascii() and len(text) <= 6:
            return int(text)
    raise FormatError(f"the penpa-edit number {str(value)[:10]!r} at {where} is not a clue")


def _rooms(frame: Frame, problem: dict[str, Any]) -> tuple[int, ...]:
    """The rooms the problem's edges (``lineE``, any style) mark out; one room when it has none."""
    vertical = [False] * ((frame.cols - 1) * frame.rows)
    horizontal = [False] * (frame.cols * (frame.rows - 1))
    edges = problem.get("lineE") or {}
    if not isinstance(edges, dict):
        raise FormatError("the penpa-edit lineE edges are not a JSON object")
    for key in edges:
        pair = frame.border(key)
        if pair is None:
            continue
        cell, other = sorted(pair)
        r, c = divmod(cell, frame.cols)
        if other // frame.cols == r:  # side by side
            vertical[r * (frame.cols - 1) + c] = True
        else:
            horizontal[cell] = True
    return rooms_from_borders(frame.rows, frame.cols, vertical, horizontal)


def _points(frame: Frame, keys: Iterable[Any]) -> Iterator[Cell]:
    """The board cells among penpa point indices (ints or digit strings); other points are passed over."""
    for key in keys:
        text = str(key)
        if text.isdigit() and text.isascii() and len(text) <= 9:
            cell = frame.cell(int(text))
            if cell is not None:
                yield cell


def _solution(frame: Frame, solution: Any) -> Answer:
    """The author's solution: its first list holds the shaded cells (``[cell, shade]`` pairs when it
    checks shades exactly); every other cell is unshaded."""
    if not (isinstance(solution, list) and solution and isinstance(solution[0], list)):
        raise FormatError("the penpa-edit solution (a=) is not penpa's list of answer lists")
    keys = [entry for entry in solution[0] if not isinstance(entry, list)]
    keys += [entry[0] for entry in solution[0] if isinstance(entry, list) and len(entry) > 1 and _dark(entry[1])]
    shaded = sum(1 << cell for cell in set(_points(frame, keys)))
    full = (1 << frame.rows * frame.cols) - 1
    return Answer(frame.rows, frame.cols, shaded, full & ~shaded)


def _dark(shade: Any) -> bool:
    """Whether a ``surface`` value is a shade penpa's answer check counts (a list is several colours: no)."""
    return isinstance(shade, int) and not isinstance(shade, bool) and shade in DARK_SHADES


def _marks(frame: Frame, marks: dict[str, Any]) -> Answer | None:
    """The player's marks: dark shades shaded, light green and dots unshaded; ``None`` when there are none."""
    surface = marks.get("surface") or {}
    symbols = marks.get("symbol") or {}
    if not isinstance(surface, dict) or not isinstance(symbols, dict):
        raise FormatError("the penpa-edit marks (line 5) are not JSON objects")
    shaded = sum(1 << cell for cell in set(_points(frame, (k for k, v in surface.items() if _dark(v)))))
    dots = (k for k, v in symbols.items() if isinstance(v, list) and len(v) > 1 and v[1] == DOT)
    green = (k for k, v in surface.items() if v == UNSHADED_SHADE)
    unshaded = sum(1 << cell for cell in set(_points(frame, [*dots, *green]))) & ~shaded
    if not shaded and not unshaded:
        return None
    return Answer(frame.rows, frame.cols, shaded, unshaded)


# -- writing -----------------------------------------------------------------------


def format_penpa(puzzle: Puzzle, answer: Answer | None = None) -> str:
    """A penpa-edit URL of ``puzzle``: its numbers in its cells (circled for a genre drawn with circled
    clues), its room borders as bold edges, its genre as a genre tag and the title.  With ``answer``, a
    solving URL (``m=solve``) whose answer check wants the answer's shaded cells."""
    genre = find_genre(puzzle.genre)
    if genre.penpa_tag is None:
        raise FormatError(f"pencilkit writes no penpa-edit URL for genre {puzzle.genre!r}")
    if answer is not None and (answer.rows, answer.cols) != (puzzle.rows, puzzle.cols):
        raise FormatError(f"the answer is {answer.rows}x{answer.cols} but the puzzle {puzzle.rows}x{puzzle.cols}")
    frame = Frame(puzzle.rows, puzzle.cols, puzzle.cols, puzzle.rows)
    style = 6 if genre.circled_clues else 1  # 6: a number in a white circle, 1: a black number
    problem = _empty_layer()
    problem["number"] = {str(frame.point(cell)): ["?" if number is None else number, style, "1"]
                         for cell, number in puzzle.clues}
    problem["lineE"] = {frame.border_key(cell, other): 2 for cell, other in _room_borders(puzzle)}
    mode = _mode()
    solving = answer is not None
    lines = [
        _header(puzzle, genre, frame),
        "[0,0,0,0]",
        f'{_json(mode["grid"])}~"combi"~{_json(mode["pu_a"]["combi"])}' if solving else _json(mode),
        _json(problem),
        "" if solving else _json(_empty_layer()),
        _json(_deltas([frame.point(cell) for cell in range(puzzle.rows * puzzle.cols)])),
        _json(["Surface", "Composite"]),
        _json({"sol_surface": True} if solving else {}),
        '"x"', '"x"', _json(VERSION), _json(mode), '"x"', "0",
        _json(_empty_layer()),
        "x" if solving else _json(_empty_layer()),
        "{}",
        _json([genre.penpa_tag]),
        "",
    ]
    url = f"{BASE}#m={'solve' if solving else 'edit'}&p={deflate(shorten(NEWLINE.join(lines)))}"
    if answer is not None:
        cells = range(puzzle.rows * puzzle.cols)
        shaded = sorted(str(frame.point(cell)) for cell in cells if answer.shaded >> cell & 1)  # as JS sorts
        url += "&a=" + deflate(_json([shaded, [], [], [], [], []]))
    return url


def deflate(text: str) -> str:
    """Base64 of the raw deflate of ``text``, as penpa-edit packs its data."""
    pack = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(pack.compress(text.encode("utf-8")) + pack.flush()).decode("ascii")


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _escape(text: str) -> str:
    """A header field as penpa-edit escapes it (commas split the header)."""
    return text.replace("\n", "%2D").replace(",", "%2C").replace("&", "%2E").replace("=", "%2F")


def _header(puzzle: Puzzle, genre: Genre, frame: Frame) -> str:
    centre = frame.centre()
    fields = ["square", puzzle.cols, puzzle.rows, SIZE, 0, 1, 1, (puzzle.cols + 1) * SIZE, (puzzle.rows + 1) * SIZE,
              centre, centre, 0, 0, 0, 0, f"Title: {_escape(genre.title)}", "Author: ", "", _escape(genre.summary),
              "OFF", "false"]
    return ",".join(map(str, fields))


def _empty_layer() -> dict[str, Any]:
    """A problem or marks layer with nothing in it, every part penpa-edit expects present."""
    layer: dict[str, Any] = {name: {"__a": []} for name in ("command_redo", "command_undo", "command_replay")}
    for name in ("surface", "number", "numberS", "symbol", "freeline", "freelineE"):
        layer[name] = {}
    for name in ("thermo", "arrows", "direction", "squareframe", "polygon"):
        layer[name] = []
    for name in ("line", "lineE", "wall", "cage", "deletelineE"):
        layer[name] = {}
    layer["killercages"], layer["nobulbthermo"] = [], []
    return layer


def _mode() -> dict[str, Any]:
    """penpa-edit's tool settings: the solver starts in the shading mode (black cells and dots)."""
    def side(edit_mode: str, colour: int, combi: str, number: int, sudoku: int) -> dict[str, Any]:
        return {"edit_mode": edit_mode, "surface": ["", 1], "multicolor": ["", 1], "line": ["1", colour],
                "lineE": ["1", colour], "wall": ["", colour], "cage": ["1", 10], "number": ["1", number],
                "symbol": ["circle_L", 1], "special": ["thermo", ""], "board": ["", ""], "move": ["1", ""],
                "combi": [combi, ""], "sudoku": ["1", sudoku]}

    return {"qa": "pu_a", "grid": ["1", "2", "1"], "pu_q": side("number", 2, "battleship", 1, 1),
            "pu_a": side("combi", 3, "blpo", 2, 9)}


def _deltas(points: Sequence[int]) -> list[int]:
    """A list of point indices as penpa-edit saves it: the first, then each one's step from the last."""
    return [points[0], *(b - a for a, b in zip(points, points[1:]))]


def _room_borders(puzzle: Puzzle) -> Iterator[tuple[Cell, Cell]]:
    """Each pair of side-by-side cells (left or upper first) in different rooms."""
    if puzzle.rooms is None:
        return
    rooms, cols = puzzle.rooms, puzzle.cols
    for cell in range(puzzle.rows * cols):
        if cell % cols < cols - 1 and rooms[cell] != rooms[cell + 1]:
            yield cell, cell + 1
        if cell + cols < len(rooms) and rooms[cell] != rooms[cell + cols]:
            yield cell, cell + cols


__all__ = ["BASE", "Frame", "deflate", "expand", "format_penpa", "inflate", "looks_like_penpa", "parse_penpa",
           "penpa_answer", "shorten"]
