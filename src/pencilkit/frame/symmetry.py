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
        raise PencilkitError(f"unknown symmetry {text!r}: choose one of {', '.join(k.value for k in cls)}")

    def fits(self, rows: int, cols: int) -> bool:
        """Whether a board of this shape has the symmetry (quarter turns need a square)."""
        return self is not Symmetry.ROT4 or rows == cols

    def orbit(self, rows: int, cols: int, cell: Cell) -> Mask:
        """The cell and its images."""
        return _orbits(self, rows, cols)[cell]

    def holds(self, rows: int, cols: int, mask: Mask) -> bool:
        """Whether ``mask`` is a union of orbits (maps onto itself)."""
        table = _orbits(self, rows, cols)
        return all(table[c] & ~mask == 0 for c in cells(mask))

    def closure(self, rows: int, cols: int, mask: Mask) -> Mask:
        """The smallest symmetric mask holding ``mask``."""
        table = _orbits(self, rows, cols)
        out = 0
        for c in cells(mask):
            out |= table[c]
        return out

    def __str__(self) -> str:
        return self.value


@cache
def _orbits(kind: Symmetry, rows: int, cols: int) -> tuple[Mask, ...]:
    if not kind.fits(rows, cols):
        raise PencilkitError(f"a {rows}x{cols} board has no {kind.value} symmetry (quarter turns need a square)")

    def images(r: int, c: int) -> list[tuple[int, int]]:
        if kind is Symmetry.ROT2:
            return [(rows - 1 - r, cols - 1 - c)]
        if kind is Symmetry.ROT4:
            return [(c, rows - 1 - r), (rows - 1 - r, cols - 1 - c), (cols - 1 - c, r)]
        if kind is Symmetry.MIRROR:
            return [(r, cols - 1 - c)]
        return []

    out = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        mask = 1 << cell
        for rr, cc in images(r, c):
            mask |= 1 << (rr * cols + cc)
        out.append(mask)
    return tuple(out)


__all__ = ["Symmetry"]
