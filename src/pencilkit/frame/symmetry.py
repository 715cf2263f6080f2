"""Symmetry of clue positions, as Nikoli prints its puzzles: the clue cells map onto clue cells.

Only the positions are symmetric; the numbers on them need not be.  Each
kind is a group of board maps, and a cell's *orbit* is the cell with all its
images: a symmetric clue set is a union of orbits.

======  ==================================================  ==============
kind    maps                                                boards
======  ==================================================  ==============
none    the identity                                        any
rot2    a half turn about the centre                        any
rot4    quarter turns about the centre                      square
mirror  a reflection in the vertical centre line            any
======  ==================================================  ==============
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Enum
from functools import cache

from ..errors import PencilkitError
from ..grid import Cell, Mask, cells


class Symmetry(str, Enum):
    NONE = "none"
    ROT2 = "rot2"
    ROT4 = "rot4"
    MIRROR = "mirror"

    @classmethod
    def parse(cls, text: str) -> Symmetry:
        """A symmetry from its name."""
        for kind in cls:
            if text.strip().lower() == kind.value:
                return kind
        raise PencilkitError(f"unknown symmetry {text!r}: choose one of {PUBLISHED}, "
                             f"{', '.join(k.value for k in cls)}")

    @classmethod
    def asked(cls, text: Symmetry | str) -> Symmetry | None:
        """The symmetry a request names: a symmetry, or ``None`` for :data:`PUBLISHED` (each puzzle draws
        its own, as often as published puzzles keep it)."""
        if isinstance(text, Symmetry):
            return text
        return None if text.strip().lower() == PUBLISHED else cls.parse(text)

    def fits(self, rows: int, cols: int) -> bool:
        """Whether a board of this shape has the symmetry (quarter turns need a square)."""
        return self is not Symmetry.ROT4 or rows == cols

    def maps(self, rows: int, cols: int) -> tuple[tuple[Cell, ...], ...]:
        """Every map of the symmetry as a permutation of the cells (``perm[cell]`` is its image), the
        identity first."""
        return _maps(self, rows, cols)

    def orbit(self, rows: int, cols: int, cell: Cell) -> Mask:
        """The cell and its images."""
        return _orbits(self, rows, cols)[cell]

    def holds(self, rows: int, cols: int, mask: Mask) -> bool:
        """Whether ``mask`` is a union of orbits (maps onto itself)."""
        table = _orbits(self, rows, cols)
        return all(table[c] & ~mask == 0 for c in cells(mask))

    def __str__(self) -> str:
        return self.value


PUBLISHED = "published"
"""The symmetry asked for by default: each puzzle draws its own, as often as published puzzles of its size keep
each (:func:`as_published`)."""

Shares = tuple[tuple[int, tuple[tuple[Symmetry, float], ...]], ...]
"""How often published puzzles keep each symmetry, by size class (``GenreGenerator.published_symmetry``)."""


def as_published(shares: Shares, rows: int, cols: int, seed: int) -> Symmetry:
    """The symmetry a puzzle of this seed keeps, drawn as often as published puzzles of its size class
    keep each (the first class whose most cells holds the board; rot4 on a board that is not square gives
    way to rot2): the same seed draws the same on every machine."""
    draw = random.Random(f"symmetry:{seed}").random()
    kinds = next((row for most, row in shares if rows * cols <= most), shares[-1][1] if shares else ())
    for kind, share in kinds:
        if draw < share:
            return kind if kind.fits(rows, cols) else Symmetry.ROT2
        draw -= share
    return Symmetry.NONE


@cache
def _maps(kind: Symmetry, rows: int, cols: int) -> tuple[tuple[Cell, ...], ...]:
    if not kind.fits(rows, cols):
        raise PencilkitError(f"a {rows}x{cols} board has no {kind.value} symmetry (quarter turns need a square)")

    def turn(r: int, c: int) -> tuple[int, int]:  # a quarter turn (square boards)
        return c, rows - 1 - r

    steps: list[Callable[[int, int], tuple[int, int]]] = [lambda r, c: (r, c)]
    if kind is Symmetry.ROT2:
        steps.append(lambda r, c: (rows - 1 - r, cols - 1 - c))
    elif kind is Symmetry.MIRROR:
        steps.append(lambda r, c: (r, cols - 1 - c))
    elif kind is Symmetry.ROT4:
        steps += [turn, lambda r, c: turn(*turn(r, c)), lambda r, c: turn(*turn(*turn(r, c)))]
    out = []
    for step in steps:
        perm = []
        for cell in range(rows * cols):
            r, c = step(*divmod(cell, cols))
            perm.append(r * cols + c)
        out.append(tuple(perm))
    return tuple(out)


@cache
def _orbits(kind: Symmetry, rows: int, cols: int) -> tuple[Mask, ...]:
    perms = _maps(kind, rows, cols)
    out = []
    for cell in range(rows * cols):
        mask = 0
        for perm in perms:
            mask |= 1 << perm[cell]
        out.append(mask)
    return tuple(out)


__all__ = ["PUBLISHED", "Shares", "Symmetry", "as_published"]
