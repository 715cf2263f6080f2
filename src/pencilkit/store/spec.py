"""What a collection holds: genres x sizes x levels x count slots, each with a seed of its own.

A slot is one puzzle to make: ``nurikabe 10x10 hard #3``.  Its seed is a
hash of the collection's seed and the slot's name, so the same spec makes
the same puzzles on every machine, in any order, on any number of workers.
When a slot's puzzle turns out to be another slot's under a symmetry of the
board, the slot takes its next *attempt*, with a seed of its own again.

>>> spec = CollectionSpec(("nurikabe",), ((5, 5),), ("easy",), count=2, seed=7)
>>> [slot.key for slot in spec.slots()]
['nurikabe 5x5 easy #0', 'nurikabe 5x5 easy #1']
>>> spec.slots()[0].seed(0) == spec.slots()[0].seed(0) != spec.slots()[0].seed(1)
True
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

from ..errors import PencilkitError
from ..frame.levels import GENERATABLE, Level
from ..frame.symmetry import PUBLISHED, Symmetry
from ..genres import find_genre
from ..grid import MAX_SIDE
from ..tokens import parse_shape

MAX_SLOTS = 100_000
"""Most puzzles one collection may ask for."""


@dataclass(frozen=True)
class Slot:
    """One puzzle of a collection."""

    genre: str
    rows: int
    cols: int
    level: str
    index: int
    base_seed: int

    @property
    def key(self) -> str:
        return f"{self.genre} {self.rows}x{self.cols} {self.level} #{self.index}"

    def seed(self, attempt: int) -> int:
        """The generator's seed for this slot's ``attempt`` (a stable hash, the same on every machine)."""
        text = f"{self.base_seed}|{self.key}|{attempt}".encode()
        return int.from_bytes(hashlib.sha256(text).digest()[:4], "big") & 0x7FFF_FFFF


@dataclass(frozen=True)
class CollectionSpec:
    """Genres, sizes and levels, ``count`` puzzles of each, from ``seed``; ``time_budget`` seconds a puzzle."""

    genres: tuple[str, ...]
    sizes: tuple[tuple[int, int], ...]
    levels: tuple[str, ...]
    count: int = 1
    seed: int = 0
    time_budget: float = 60.0
    style: str | None = None
    symmetry: str = PUBLISHED
    """The symmetry of every puzzle's clue positions (:mod:`pencilkit.frame.symmetry`); ``published``: each
    puzzle's own, as often as in published puzzles of its size where the genre's generator has their
    shares (:attr:`~pencilkit.frame.generator.GenreGenerator.published_symmetry`)."""
    scores: tuple[int, int] | None = None
    """The difficulty scores asked for beside the levels (:mod:`pencilkit.frame.difficulty`), if any."""

    @classmethod
    def parse(cls, genres: str, sizes: str, levels: str, *, count: int = 1, seed: int = 0,
              time_budget: float = 60.0, style: str | None = None, symmetry: str = PUBLISHED,
              scores: tuple[int, int] | None = None) -> CollectionSpec:
        """A spec from comma-separated lists (``nurikabe,kurodoko``, ``7x7,10x10``, ``easy,hard``), checked whole
        before anything is made or stored: each genre's generator must honour every size, level, the style and
        the symmetry, and the slots number at most :data:`MAX_SLOTS`."""
        names = tuple(find_genre(g).name for g in _items(genres, "genre"))
        shapes = tuple(parse_shape(s) for s in _items(sizes, "size"))
        for rows, cols in shapes:
            if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
                raise PencilkitError(f"a {rows}x{cols} board is not a size pencilkit makes")
        wanted = tuple(Level.parse(level).label for level in _items(levels, "level"))
        for level in wanted:
            if Level.parse(level) not in GENERATABLE:
                raise PencilkitError(f"no puzzle is generated at level {level}")
        if count < 1:
            raise PencilkitError(f"--count must be positive, not {count}")
        if seed < 0:
            raise PencilkitError(f"--seed must not be negative, not {seed}")
        if not (math.isfinite(time_budget) and time_budget > 0):
            raise PencilkitError(f"the time budget must be a positive number of seconds, not {time_budget}")
        total = len(names) * len(shapes) * len(wanted) * count
        if total > MAX_SLOTS:
            raise PencilkitError(f"the collection asks for {total} puzzles, over the limit of {MAX_SLOTS}")
        if scores is not None:
            from ..frame.generate import check_scores

            for level in wanted:
                check_scores(Level.parse(level), scores)
        kind = Symmetry.asked(symmetry)
        for name in names:
            _check_generator(name, shapes, wanted, style, kind, time_budget)
        return cls(names, shapes, wanted, count, seed, time_budget, style, kind.value if kind else PUBLISHED, scores)

    def slots(self) -> list[Slot]:
        """Every slot, genre by genre, size by size, level by level."""
        return [Slot(genre, rows, cols, level, k, self.seed)
                for genre in self.genres for rows, cols in self.sizes for level in self.levels
                for k in range(self.count)]


def _check_generator(genre: str, shapes: tuple[tuple[int, int], ...], levels: tuple[str, ...], style: str | None,
                     symmetry: Symmetry | None, seconds: float) -> None:
    """Refuse what ``genre``'s generator cannot make (a one-line ``PencilkitError``), as a generation does
    before it starts: an unknown style, a symmetry the genre or a size has not (``None``: as published, which
    any can keep), a level a size cannot reach."""
    from ..frame.generate import check_request, symmetric

    generator = find_genre(genre).generator()
    if style is not None:
        if style not in generator.styles:
            raise PencilkitError(f"unknown style {style!r} for {genre}: choose one of {', '.join(generator.styles)}")
        generator = generator.styled(style)
    for rows, cols in shapes:
        shaped = generator if symmetry is None else symmetric(generator, genre, symmetry, rows, cols)
        for level in levels:
            check_request(shaped, genre, rows, cols, Level.parse(level), seconds)


def _items(text: str, what: str) -> list[str]:
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise PencilkitError(f"no {what} given")
    return items


__all__ = ["MAX_SLOTS", "CollectionSpec", "Slot"]
