"""A set of cells of one board, as the public API hands them out (python-chess's SquareSet for grids).

Inside, pencilkit keeps cells as bits of an int (cell ``r * cols + c``);
a :class:`CellSet` wraps such a mask with the board's shape.  It iterates
``(row, col)`` pairs (0-based, row-major), answers ``in`` for a pair, supports
the set operators with another set of the same board, and shows itself as
cell names (``r1c1`` is the top-left cell).

>>> from pencilkit.grid import Grid
>>> corners = CellSet(0b100000101, Grid.of(3, 3))
>>> corners
CellSet('r1c1 r1c3 r3c3', 3x3)
>>> list(corners), (0, 2) in corners, len(corners)
([(0, 0), (0, 2), (2, 2)], True, 3)
>>> print(~corners)
.#.
###
##.
>>> (corners - CellSet.of([(0, 0)], Grid.of(3, 3))).names()
['r1c3', 'r3c3']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .grid import Cell, Grid, Mask, cells


class CellSet:
    """Cells of one board: iterable as ``(row, col)``, with ``in``, ``len``, ``|``, ``&``, ``-``, ``^`` and ``~``."""

    __slots__ = ("grid", "mask")

    def __init__(self, mask: Mask, grid: Grid) -> None:
        if mask < 0 or mask & ~grid.full:
            raise ValueError(f"mask {mask:#x} has cells off a {grid.rows}x{grid.cols} board")
        self.mask = mask
        self.grid = grid

    @classmethod
    def of(cls, pairs: Iterable[tuple[int, int]], grid: Grid) -> CellSet:
        """The cells at ``(row, col)`` pairs (0-based)."""
        mask = 0
        for row, col in pairs:
            if not (0 <= row < grid.rows and 0 <= col < grid.cols):
                raise ValueError(f"({row}, {col}) is off a {grid.rows}x{grid.cols} board")
            mask |= 1 << (row * grid.cols + col)
        return cls(mask, grid)

    def indexes(self) -> Iterator[Cell]:
        """The cells as indexes ``row * cols + col``, in order."""
        return cells(self.mask)

    def names(self) -> list[str]:
        """The cells' names, ``r<row>c<col>`` counted from 1."""
        return [self.grid.name(c) for c in cells(self.mask)]

    def __iter__(self) -> Iterator[tuple[int, int]]:
        cols = self.grid.cols
        return (divmod(c, cols) for c in cells(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __contains__(self, pair: object) -> bool:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            return False
        row, col = pair
        if not (isinstance(row, int) and isinstance(col, int)):
            return False
        if not (0 <= row < self.grid.rows and 0 <= col < self.grid.cols):
            return False
        return bool(self.mask >> (row * self.grid.cols + col) & 1)

    def _other(self, other: object) -> Mask:
        if not isinstance(other, CellSet):
            raise TypeError(f"a CellSet combines with a CellSet, not {type(other).__name__}")
        if (other.grid.rows, other.grid.cols) != (self.grid.rows, self.grid.cols):
            raise ValueError("the two sets are cells of boards of different shapes")
        return other.mask

    def __or__(self, other: CellSet) -> CellSet:
        return CellSet(self.mask | self._other(other), self.grid)

    def __and__(self, other: CellSet) -> CellSet:
        return CellSet(self.mask & self._other(other), self.grid)

    def __sub__(self, other: CellSet) -> CellSet:
        return CellSet(self.mask & ~self._other(other), self.grid)

    def __xor__(self, other: CellSet) -> CellSet:
        return CellSet(self.mask ^ self._other(other), self.grid)

    def __invert__(self) -> CellSet:
        return CellSet(self.grid.full & ~self.mask, self.grid)

    def __le__(self, other: CellSet) -> bool:
        return not self.mask & ~self._other(other)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CellSet):
            return self.mask == other.mask and (self.grid.rows, self.grid.cols) == (other.grid.rows, other.grid.cols)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.mask, self.grid.rows, self.grid.cols))

    def __int__(self) -> int:
        return self.mask

    def __repr__(self) -> str:
        return f"CellSet({' '.join(self.names())!r}, {self.grid.rows}x{self.grid.cols})"

    def __str__(self) -> str:
        """The board, ``#`` for a cell in the set and ``.`` for one not."""
        grid = self.grid
        return "\n".join("".join("#" if self.mask >> (r * grid.cols + c) & 1 else "." for c in range(grid.cols))
                         for r in range(grid.rows))


__all__ = ["CellSet"]
