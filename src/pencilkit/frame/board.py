"""A partly decided board: the shaded and unshaded cells, as two masks.

Every genre here is a shading genre, so the frame's state is the same for all
of them: a cell is shaded, unshaded or undecided.  Where a board starts (what
the clues decide) is the genre's to say (:meth:`.genre.Genre.start`).  What a genre derives from
those masks (islands, sea components, rays) it computes in its techniques and
keeps in :meth:`Board.derived`, a cache that lives until the board changes.
A technique that found nothing may say so (:meth:`Board.mark_quiet`); until it
runs again it need only look where cells were decided since
(:meth:`Board.since_quiet`).  Copying a board for a branch or a probe copies
two ints and those marks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from ..grid import Grid, Mask
from ..puzzle import Answer, Puzzle

T = TypeVar("T")

QUIET_LIMIT = 24
"""Above this many cells decided since a technique last found nothing, :meth:`Board.since_quiet` says
to look everywhere: a look near so many cells costs about as much."""


class Contradiction(Exception):
    """The board cannot be completed to a solution.

    ``reason`` says which rule broke in plain words; ``cells`` are the cells involved.
    """

    def __init__(self, reason: str, cells: Mask = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.cells = cells


class Derived(Generic[T]):
    """One kind of data a genre derives from a board, named and typed: the key of :meth:`Board.derived`.

    A genre declares each kind once, as a module constant with its type:
    ``SEA_PARTS: Derived[list[Mask]] = Derived("sea parts")``.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Derived({self.name!r})"


class Board:
    """Shaded and unshaded cells of one puzzle; the rest are undecided."""

    __slots__ = ("__weakref__", "_derived", "_earlier", "_quiet", "grid", "puzzle", "shaded", "unshaded")

    def __init__(self, puzzle: Puzzle, shaded: Mask = 0, unshaded: Mask = 0) -> None:
        self.puzzle = puzzle
        self.grid: Grid = puzzle.grid
        self.shaded = shaded
        self.unshaded = unshaded
        self._derived: dict[Derived[Any], Any] = {}
        self._earlier: dict[Derived[Any], Any] = {}
        self._quiet: dict[object, Mask] = {}
        if shaded & unshaded:
            raise Contradiction("a cell is both shaded and unshaded", shaded & unshaded)

    def copy(self) -> Board:
        twin = Board(self.puzzle, self.shaded, self.unshaded)
        twin._earlier = {**self._earlier, **self._derived} if self._earlier else self._derived
        if self._quiet:
            twin._quiet = self._quiet.copy()
        return twin

    @property
    def undecided(self) -> Mask:
        return self.grid.full & ~self.shaded & ~self.unshaded

    def is_complete(self) -> bool:
        return not self.undecided

    def assign(self, shade: Mask = 0, unshade: Mask = 0) -> None:
        """Decide cells; a cell decided both ways is a :class:`Contradiction`."""
        clash = (shade & (self.unshaded | unshade)) | (unshade & self.shaded)
        if clash:
            raise Contradiction("a cell would be both shaded and unshaded", clash)
        if shade & ~self.shaded or unshade & ~self.unshaded:
            self.shaded |= shade
            self.unshaded |= unshade
            if self._derived:
                self._earlier = {**self._earlier, **self._derived} if self._earlier else self._derived
                self._derived = {}

    def derived(self, key: Derived[T], compute: Callable[[Board], T]) -> T:
        """``compute(self)``, cached until the board changes."""
        try:
            return self._derived[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._derived[key] = compute(self)
            return value

    def keep(self, key: Derived[T], value: T) -> None:
        """Keep ``value`` as what ``derived(key, ...)`` gives until the board changes (a value kept
        already stays): for a technique that works out its data while it searches."""
        self._derived.setdefault(key, value)

    def earlier(self, key: Derived[T]) -> T | None:
        """What ``derived(key, ...)`` gave on an earlier state of this board (or of the board it
        was copied from), or ``None``.  Cells only ever get decided, never undecided, so a
        genre can update that value for the cells decided since, instead of starting over."""
        return self._earlier.get(key)

    def mark_quiet(self, key: object) -> None:
        """Note that the technique ``key`` finds nothing on the board as it is now."""
        self._quiet[key] = self.shaded | self.unshaded

    def since_quiet(self, key: object) -> Mask | None:
        """The cells decided since the technique ``key`` last found nothing on this board (or on the
        board it was copied from); ``None`` (look everywhere) if it never did, or if more than
        :data:`QUIET_LIMIT` cells were decided since.

        Cells only ever get decided, so a technique whose findings each rest
        on a few cells (a room, a line, a cell's neighbours) can find nothing
        where none of those cells changed: it need only look near these.
        """
        quiet = self._quiet.get(key)
        if quiet is None:
            return None
        news = (self.shaded | self.unshaded) & ~quiet
        return None if news.bit_count() > QUIET_LIMIT else news

    def answer(self) -> Answer:
        return Answer(self.grid.rows, self.grid.cols, self.shaded, self.unshaded)

    def key(self) -> tuple[Mask, Mask]:
        return (self.shaded, self.unshaded)

    def __repr__(self) -> str:
        return f"Board({self.puzzle.id()!r}, answer={self.answer().to_rows()!r})"
