"""Puzzles and answers: immutable values that know nothing of any genre's rules.

A :class:`Puzzle` is a genre name, a shape and its clues.  A clue is a number,
or ``None`` for a ``?`` clue (a clue cell whose number is not given).  An
:class:`Answer` is a (possibly partial) shading: cells marked shaded (``#``),
marked unshaded (``-``) and unmarked (``.``).

>>> p = Puzzle.from_id("nurikabe:3x3:1,.,1,.,.,.,1,.,1")
>>> p.clue_at(0, 0), p.clue_at(1, 1)
(1, None)
>>> p
Puzzle.from_id('nurikabe:3x3:1,.,1,.,.,.,1,.,1')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from .errors import FormatError
from .grid import Cell, Grid, Mask, cells

if TYPE_CHECKING:
    from .genres import Genre

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

    @classmethod
    def make(cls, genre: str, rows: int, cols: int, clues: Mapping[Cell, int | None]) -> Puzzle:
        """A puzzle from a mapping of cells to clue numbers, checked against its genre."""
        from .genres import find_genre

        g = find_genre(genre)
        puzzle = cls(g.name, rows, cols, tuple(sorted(clues.items())))
        g.validate(puzzle)
        return puzzle

    @classmethod
    def from_tokens(cls, genre: str, rows: int, cols: int, tokens: Iterable[str]) -> Puzzle:
        """A puzzle from row-major tokens: ``.`` no clue, ``?`` unknown clue, or a number."""
        from .formats.tokens import parse_tokens

        return cls.make(genre, rows, cols, parse_tokens(list(tokens), rows, cols))

    @classmethod
    def from_id(cls, text: str) -> Puzzle:
        """Parse a puzzle ID ``genre:RxC:tokens``."""
        from .formats.puzzle_id import parse_id

        return parse_id(text)

    def id(self) -> str:
        """The canonical puzzle ID."""
        from .formats.puzzle_id import format_id

        return format_id(self)

    def __repr__(self) -> str:
        return f"Puzzle.from_id({self.id()!r})"

    def __str__(self) -> str:
        from .formats.text import format_text

        return format_text(self)

    def _repr_svg_(self) -> str:
        from .formats.svg import render_svg

        return render_svg(self)

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

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
        """The clue cells."""
        return sum(1 << c for c, _ in self.clues)

    @cached_property
    def genre_module(self) -> Genre:
        from .genres import find_genre

        return find_genre(self.genre)

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
        ``o``/``0``/``W``/``+`` for unshaded, ``_``/space for unmarked.
        """
        rows = [line.strip() for line in lines if line.strip()]
        if not rows:
            raise FormatError("empty answer: no rows")
        width = len(rows[0])
        shaded = unshaded = 0
        for r, line in enumerate(rows):
            if len(line) != width:
                raise FormatError(f"answer row {r + 1} has {len(line)} cells, row 1 has {width}")
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

    def _repr_svg_(self) -> str:
        from .formats.svg import render_answer_svg

        return render_answer_svg(self)

    @property
    def unmarked(self) -> Mask:
        return self.grid.full & ~self.shaded & ~self.unshaded

    def is_complete(self) -> bool:
        return not self.unmarked

    def finished(self) -> Answer:
        """The answer with every unmarked cell counted as unshaded."""
        return Answer(self.rows, self.cols, self.shaded, self.grid.full & ~self.shaded)

    def cells_shaded(self) -> list[Cell]:
        return list(cells(self.shaded))
