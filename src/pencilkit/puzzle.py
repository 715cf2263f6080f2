"""Puzzles and answers: immutable values that know nothing of any genre's rules.

A :class:`Puzzle` is a genre name, a shape and its clues.  A clue is a number,
or ``None`` for a ``?`` clue (a clue cell whose number is not given).  A board
may also be divided into rooms (Heyawake's): then the puzzle holds the room of
every cell, the rooms numbered from 0 in the reading order of their first cells.  An
:class:`Answer` is a (possibly partial) shading: cells marked shaded (``#``),
marked unshaded (``-``) and unmarked (``.``).

A puzzle's own notation is its ID, ``genre:RxC:tokens`` (tokens comma-separated
in row-major order), with ``:rooms`` after the tokens for a board of rooms (the
room of each cell, comma-separated in row-major order).  Building a puzzle checks its syntax and shape only;
whether its clues suit its genre is the genre's to check
(:func:`pencilkit.genres.genre_of`), which the readers of
:mod:`pencilkit.formats` and every solving function do.

>>> p = Puzzle.from_id("nurikabe:3x3:1,.,1,.,.,.,1,.,1")
>>> p.clue_at(0, 0), p.clue_at(1, 1)
(1, None)
>>> p
Puzzle.from_id('nurikabe:3x3:1,.,1,.,.,.,1,.,1')
>>> rooms = Puzzle.from_id("heyawake:2x3:1,.,.,.,.,.:0,0,1,2,2,1")
>>> rooms.rooms, rooms.room_count
((0, 0, 1, 2, 2, 1), 3)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, TypeVar

from .cellset import CellSet
from .errors import FormatError, SizeError
from .grid import MAX_SIDE, Cell, Grid, Mask
from .tokens import check_shape, parse_rooms, parse_shape, parse_tokens

T = TypeVar("T")

SHADED = "#"
UNSHADED = "-"
UNMARKED = "."
QUESTION = "?"


@dataclass(frozen=True)
class Puzzle:
    """A genre, a shape, and clues by cell (``None`` is a ``?`` clue)."""

    genre: str
    rows: int
    cols: int
    clues: tuple[tuple[Cell, int | None], ...]
    """``(cell, number)`` pairs in increasing cell order; number ``None`` is a ``?`` clue."""
    rooms: tuple[int, ...] | None = None
    """The room of each cell in row-major order, rooms numbered from 0 in the reading order of
    their first cells; ``None`` for a board without rooms."""

    @classmethod
    def make(cls, genre: str, rows: int, cols: int, clues: Mapping[Cell, int | None],
             rooms: Iterable[int] | None = None) -> Puzzle:
        """A puzzle from a mapping of cells to clue numbers and, for a board of rooms, the room
        of each cell by any labels (the shape, the cells and the rooms' connectedness checked)."""
        check_shape(rows, cols)
        for cell in clues:
            if not 0 <= cell < rows * cols:
                raise FormatError(f"clue cell {cell} is off a {rows}x{cols} board")
        labels = None if rooms is None else number_rooms(Grid.of(rows, cols), tuple(rooms))
        return cls(genre.strip().lower(), rows, cols, tuple(sorted(clues.items())), labels)

    @classmethod
    def from_tokens(cls, genre: str, rows: int, cols: int, tokens: Iterable[str],
                    rooms: Iterable[int] | None = None) -> Puzzle:
        """A puzzle from row-major tokens: ``.`` no clue, ``?`` unknown clue, or a number."""
        return cls.make(genre, rows, cols, parse_tokens(list(tokens), rows, cols), rooms)

    @classmethod
    def from_id(cls, text: str) -> Puzzle:
        """Parse a puzzle ID ``genre:RxC:tokens`` or ``genre:RxC:tokens:rooms``."""
        parts = text.strip().split(":", 3)
        if len(parts) < 3:
            raise FormatError(f"bad puzzle ID {text[:40]!r}: expected genre:RxC:tokens")
        genre, shape, body = parts[:3]
        rows, cols = parse_shape(shape)
        check_shape(rows, cols)
        tokens = [t.strip() for t in _items(body, rows, cols, "token")] if body.strip() else []
        rooms = parse_rooms(_items(parts[3], rows, cols, "room label"), rows, cols) if len(parts) == 4 else None
        return cls.from_tokens(genre, rows, cols, tokens, rooms)

    def id(self) -> str:
        """The puzzle ID, ``genre:RxC:tokens`` (and ``:rooms`` for a board of rooms)."""
        text = f"{self.genre}:{self.rows}x{self.cols}:" + ",".join(self.tokens())
        if self.rooms is not None:
            text += ":" + ",".join(map(str, self.rooms))
        return text

    def __repr__(self) -> str:
        return f"Puzzle.from_id({self.id()!r})"

    def __str__(self) -> str:
        """The text grid: ``genre:`` and ``grid:`` lines, then the rows (see :meth:`token_rows`);
        for a board of rooms, a ``rooms:`` line and the rooms' rows (see :meth:`room_rows`)."""
        lines = [f"genre: {self.genre}", "grid:", *self.token_rows()]
        if self.rooms is not None:
            lines += ["rooms:", *self.room_rows()]
        return "\n".join(lines)

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    def remembered(self, key: object, make: Callable[[], T]) -> T:
        """What ``make()`` returns, made once per puzzle object and ``key``: the engine that solves the
        puzzle (its per-puzzle context) lives with it.  Not part of the value, nor pickled."""
        memory: dict[object, Any] = self.__dict__.setdefault("_remembered", {})
        if key not in memory:
            memory[key] = make()
        return memory[key]  # type: ignore[no-any-return]

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_remembered", None)
        return state

    @cached_property
    def room_count(self) -> int:
        """How many rooms the board has (0 for a board without rooms)."""
        return 0 if self.rooms is None else max(self.rooms) + 1

    @cached_property
    def room_masks(self) -> tuple[Mask, ...]:
        """The cells of each room, by room number (empty for a board without rooms)."""
        return room_masks(self.rooms or ())

    def room_rows(self) -> list[str]:
        """The room of each cell, a line a row: a character a cell, or space-separated past room 9."""
        if self.rooms is None:
            return []
        labels = [str(room) for room in self.rooms]
        sep = " " if self.room_count > 10 else ""
        return [sep.join(labels[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]

    @cached_property
    def clue_map(self) -> dict[Cell, int | None]:
        return dict(self.clues)

    @cached_property
    def clue_index(self) -> dict[Cell, int]:
        """Each clue cell's position in ``clues``."""
        return {cell: k for k, (cell, _) in enumerate(self.clues)}

    @cached_property
    def clue_total(self) -> int | None:
        """The sum of the numbers; ``None`` when some clue is a ``?``."""
        numbers = [number for _, number in self.clues]
        return None if None in numbers else sum(numbers)  # type: ignore[arg-type]

    @cached_property
    def clue_mask(self) -> Mask:
        """The clue cells, as a mask."""
        return sum(1 << c for c, _ in self.clues)

    @property
    def clue_cells(self) -> CellSet:
        """The clue cells."""
        return CellSet(self.clue_mask, self.grid)

    def clue_at(self, row: int, col: int) -> int | None:
        """The number at ``(row, col)`` (0-based); ``None`` for no clue or a ``?``."""
        return self.clue_map.get(row * self.cols + col)

    def token(self, cell: Cell) -> str:
        """The token of one cell: ``.``, ``?`` or the number."""
        if cell not in self.clue_map:
            return UNMARKED
        number = self.clue_map[cell]
        return QUESTION if number is None else str(number)

    def tokens(self) -> list[str]:
        return [self.token(i) for i in range(self.rows * self.cols)]

    def token_rows(self) -> list[str]:
        """One line of tokens a row: a character a cell, or space-separated when a clue has two digits or more."""
        tokens = self.tokens()
        sep = " " if any(len(t) > 1 for t in tokens) else ""
        return [sep.join(tokens[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]


def _items(text: str, rows: int, cols: int, noun: str) -> list[str]:
    """The comma-separated items of an ID's part, split no further than one past the board's cells: more are
    counted, not kept."""
    cells = rows * cols
    items = text.split(",", cells)
    if len(items) > cells:
        given = text.count(",") + 1
        raise FormatError(f"a {rows}x{cols} board has {cells} cell{'s' * (cells != 1)} but {given} {noun}s were given")
    return items


def number_rooms(grid: Grid, labels: Sequence[int]) -> tuple[int, ...]:
    """Rooms given by any labels, numbered from 0 in the reading order of their first cells.

    A room is one orthogonally connected group of cells: a label on two separate
    groups is an error, as is a count of labels that does not fit the board.
    The last few answers are remembered: a generator makes many puzzles on the
    same rooms.
    """
    return _numbered(grid, tuple(labels))


@lru_cache(maxsize=32)
def room_masks(rooms: tuple[int, ...]) -> tuple[Mask, ...]:
    """The cells of each room, by room number, of ``rooms`` (the room of each cell, numbered from 0 as
    :func:`number_rooms` gives them); the last few answers are remembered, as there."""
    masks = [0] * (max(rooms) + 1 if rooms else 0)
    for cell, room in enumerate(rooms):
        masks[room] |= 1 << cell
    return tuple(masks)


@lru_cache(maxsize=32)
def _numbered(grid: Grid, labels: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`number_rooms` of labels in a tuple, which can be remembered."""
    if len(labels) != grid.size:
        raise FormatError(f"a {grid.rows}x{grid.cols} board has {grid.size} cells but the rooms name {len(labels)}")
    by_label: dict[int, Mask] = {}
    for cell, label in enumerate(labels):
        by_label[label] = by_label.get(label, 0) | (1 << cell)
    for label, mask in by_label.items():
        if grid.flood(mask & -mask, mask) != mask:
            where = grid.name((mask & -mask).bit_length() - 1)
            raise FormatError(f"room {label} (from {where}) is not one connected group of cells")
    order: dict[int, int] = {}
    return tuple(order.setdefault(label, len(order)) for label in labels)


@dataclass(frozen=True)
class Answer:
    """A shading of a board: marked shaded, marked unshaded, and the rest unmarked."""

    rows: int
    cols: int
    shaded: Mask
    unshaded: Mask = 0
    grid: Grid = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "grid", Grid.of(self.rows, self.cols))
        if self.shaded & self.unshaded:
            raise ValueError("a cell cannot be both shaded and unshaded")

    @classmethod
    def from_rows(cls, lines: Iterable[str]) -> Answer:
        """Parse rows of ``#`` (shaded), ``-`` (unshaded) and ``.`` (unmarked).

        Other spellings people use are accepted: ``x``/``X``/``1``/``B`` for shaded,
        ``o``/``0``/``W``/``+`` for unshaded, ``_``/space for unmarked.  The lines are taken one at a time and
        refused at the first past the size cap, before any grid is built.
        """
        rows = _answer_rows(lines)
        if not rows:
            raise FormatError("empty answer: no rows")
        width = len(rows[0])
        shaded = unshaded = 0
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                bit = 1 << (r * width + c)
                if ch in "#xX1B":
                    shaded |= bit
                elif ch in "-oO0W+":
                    unshaded |= bit
                elif ch not in "._ ":
                    raise FormatError(f"answer row {r + 1}, column {c + 1}: unknown mark {ch!r}")
        return cls(len(rows), width, shaded, unshaded)

    def to_rows(self) -> list[str]:
        out = []
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                bit = 1 << (r * self.cols + c)
                row.append(SHADED if self.shaded & bit else UNSHADED if self.unshaded & bit else UNMARKED)
            out.append("".join(row))
        return out

    def __str__(self) -> str:
        return "\n".join(self.to_rows())

    @property
    def unmarked(self) -> Mask:
        return self.grid.full & ~self.shaded & ~self.unshaded

    def is_complete(self) -> bool:
        return not self.unmarked

    def finished(self) -> Answer:
        """The answer with every unmarked cell counted as unshaded."""
        return Answer(self.rows, self.cols, self.shaded, self.grid.full & ~self.shaded)

    @property
    def shaded_cells(self) -> CellSet:
        """The cells marked shaded."""
        return CellSet(self.shaded, self.grid)

    @property
    def unshaded_cells(self) -> CellSet:
        """The cells marked unshaded."""
        return CellSet(self.unshaded, self.grid)

    @property
    def unmarked_cells(self) -> CellSet:
        """The cells not marked either way."""
        return CellSet(self.unmarked, self.grid)


def _answer_rows(lines: Iterable[str]) -> list[str]:
    """The non-blank lines of an answer, stripped, all as wide as the first; a ``SizeError`` at the first row
    or cell past the size cap, read no further."""
    rows: list[str] = []
    for line in lines:
        row = line.strip()
        if not row:
            continue
        if len(rows) == MAX_SIDE:
            raise SizeError(f"the answer: more than {MAX_SIDE} rows, over the size cap of {MAX_SIDE}x{MAX_SIDE}")
        if rows and len(row) != len(rows[0]):
            raise FormatError(f"answer row {len(rows) + 1} has {len(row)} cells, row 1 has {len(rows[0])}")
        if len(row) > MAX_SIDE:
            raise SizeError(f"answer row 1: more than {MAX_SIDE} cells, over the size cap of {MAX_SIDE}x{MAX_SIDE}")
        rows.append(row)
    return rows
