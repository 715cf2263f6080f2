"""Geometry of an R x C board, with cells as the bits of a Python int.

Cell ``(r, c)`` is bit ``r * cols + c``.  A set of cells is a *mask* (an
``int``); union, intersection and difference are ``|``, ``&`` and ``& ~``.
Neighbourhoods, 2x2 windows and floods are computed with shifts, so a whole
board moves in one operation.  Tables are built once per shape and cached.

>>> g = Grid.of(2, 3)
>>> g.name(4)
'r2c2'
>>> sorted(cells(g.dilate(1)))
[0, 1, 3]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import TypeAlias

Cell: TypeAlias = int
"""Index of a cell, ``r * cols + c``."""
Mask: TypeAlias = int
"""A set of cells: bit ``i`` set means cell ``i`` is in it."""

MAX_SIDE = 100
"""Largest number of rows or columns pencilkit accepts (the size cap)."""


def cells(mask: Mask) -> Iterator[Cell]:
    """The cells of ``mask`` in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest(mask: Mask) -> Cell:
    """The smallest cell of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def _spread(dilate: Callable[[Mask], Mask], seed: Mask, within: Mask) -> Mask:
    """Grow ``seed`` inside ``within`` by ``dilate`` until it stops."""
    cur = seed & within
    while True:
        nxt = dilate(cur) & within
        if nxt == cur:
            return cur
        cur = nxt


@dataclass(frozen=True, eq=False)
class Grid:
    """Precomputed tables for one board shape; get one with :meth:`Grid.of`."""

    rows: int
    cols: int
    size: int = field(init=False)
    full: Mask = field(init=False)
    not_first_col: Mask = field(init=False)
    not_last_col: Mask = field(init=False)
    edge: Mask = field(init=False)
    """The cells on the board's edge."""
    neighbours: tuple[Mask, ...] = field(init=False, repr=False)
    neighbour_lists: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False)
    window_corners: Mask = field(init=False, repr=False)
    """Top-left cells of every 2x2 window."""
    windows: tuple[Mask, ...] = field(init=False, repr=False)
    """The four cells of every 2x2 window, in order of their top-left cell."""
    windows_of: tuple[tuple[Mask, ...], ...] = field(init=False, repr=False)
    """The 2x2 windows containing each cell."""

    @staticmethod
    @cache
    def of(rows: int, cols: int) -> Grid:
        return Grid(rows, cols)

    def __post_init__(self) -> None:
        rows, cols = self.rows, self.cols
        n = rows * cols
        full = (1 << n) - 1
        first = sum(1 << (r * cols) for r in range(rows))
        last = first << (cols - 1)
        setattr_ = object.__setattr__
        setattr_(self, "size", n)
        setattr_(self, "full", full)
        setattr_(self, "not_first_col", full & ~first)
        setattr_(self, "not_last_col", full & ~last)
        top_row = (1 << cols) - 1
        setattr_(self, "edge", first | last | top_row | (top_row << ((rows - 1) * cols)))
        lists = []
        for i in range(n):
            r, c = divmod(i, cols)
            nb = []
            if r > 0:
                nb.append(i - cols)
            if c > 0:
                nb.append(i - 1)
            if c < cols - 1:
                nb.append(i + 1)
            if r < rows - 1:
                nb.append(i + cols)
            lists.append(tuple(nb))
        setattr_(self, "neighbour_lists", tuple(lists))
        setattr_(self, "neighbours", tuple(sum(1 << j for j in nb) for nb in lists))
        corners = 0
        windows = []
        of: list[list[Mask]] = [[] for _ in range(n)]
        for r in range(rows - 1):
            for c in range(cols - 1):
                i = r * cols + c
                corners |= 1 << i
                w = (1 << i) | (1 << (i + 1)) | (1 << (i + cols)) | (1 << (i + cols + 1))
                windows.append(w)
                for j in (i, i + 1, i + cols, i + cols + 1):
                    of[j].append(w)
        setattr_(self, "window_corners", corners)
        setattr_(self, "windows", tuple(windows))
        setattr_(self, "windows_of", tuple(tuple(w) for w in of))

    # -- naming ---------------------------------------------------------------

    def name(self, cell: Cell) -> str:
        """The human name of a cell, ``r<row>c<col>`` counted from 1."""
        r, c = divmod(cell, self.cols)
        return f"r{r + 1}c{c + 1}"

    def names(self, mask: Mask, limit: int = 8) -> str:
        """Comma-separated names of the cells of ``mask`` (elided past ``limit``)."""
        out = [self.name(c) for c in cells(mask)]
        if len(out) > limit:
            return ", ".join(out[:limit]) + f" and {len(out) - limit} more"
        return ", ".join(out)

    def cell(self, row: int, col: int) -> Cell:
        return row * self.cols + col

    # -- mask operations ------------------------------------------------------

    def dilate(self, mask: Mask) -> Mask:
        """``mask`` with every orthogonal neighbour of its cells added."""
        cols = self.cols
        return (
            mask
            | ((mask << 1) & self.not_first_col)
            | ((mask >> 1) & self.not_last_col)
            | ((mask << cols) & self.full)
            | (mask >> cols)
        )

    def dilate8(self, mask: Mask) -> Mask:
        """``mask`` with every neighbour of its cells added, diagonals included."""
        cols = self.cols
        row = mask | ((mask << 1) & self.not_first_col) | ((mask >> 1) & self.not_last_col)
        return row | ((row << cols) & self.full) | (row >> cols)

    def ball(self, mask: Mask, radius: int) -> Mask:
        """The cells at most ``radius`` orthogonal steps from ``mask``: :meth:`dilate` ``radius`` times.

        >>> bin(Grid.of(1, 5).ball(0b00100, 1))
        '0b1110'
        """
        for _ in range(radius):
            mask = self.dilate(mask)
        return mask

    def touching(self, mask: Mask) -> Mask:
        """The cells with an orthogonal neighbour in ``mask``: :meth:`dilate` without ``mask`` itself
        (a cell of ``mask`` is in it only when a neighbour is too).

        >>> bin(Grid.of(1, 4).touching(0b0011))
        '0b111'
        """
        cols = self.cols
        return (
            ((mask << 1) & self.not_first_col)
            | ((mask >> 1) & self.not_last_col)
            | ((mask << cols) & self.full)
            | (mask >> cols)
        )

    def border(self, mask: Mask) -> Mask:
        """The cells outside ``mask`` that touch it."""
        return self.dilate(mask) & ~mask

    def flood(self, seed: Mask, within: Mask) -> Mask:
        """All cells of ``within`` connected to ``seed`` through ``within``: :meth:`dilate` repeated, written
        out in the loop (floods are the inner loop of the connectivity techniques)."""
        cols, not_first, not_last, full = self.cols, self.not_first_col, self.not_last_col, self.full
        cur = seed & within
        while True:
            nxt = (cur | ((cur << 1) & not_first) | ((cur >> 1) & not_last) | ((cur << cols) & full)
                   | (cur >> cols)) & within
            if nxt == cur:
                return cur
            cur = nxt

    def flood_until(self, seed: Mask, within: Mask, stop: Mask) -> tuple[Mask, bool]:
        """:meth:`flood`, given up as soon as it reaches a cell of ``stop`` (in ``within``): the cells
        reached, and whether it stopped there (then they are only part of the flood).

        >>> Grid.of(1, 5).flood_until(0b1, 0b11111, 0b1000), Grid.of(1, 5).flood_until(0b1, 0b111, 0b1000)
        ((15, True), (7, False))
        """
        cols, not_first, not_last, full = self.cols, self.not_first_col, self.not_last_col, self.full
        cur = seed & within
        while True:
            nxt = (cur | ((cur << 1) & not_first) | ((cur >> 1) & not_last) | ((cur << cols) & full)
                   | (cur >> cols)) & within
            if nxt & stop:
                return nxt, True
            if nxt == cur:
                return cur, False
            cur = nxt

    def joined(self, group: Mask, within: Mask) -> bool:
        """Whether the cells of ``group`` are connected through cells of ``within`` (which holds them).

        >>> Grid.of(1, 3).joined(0b101, 0b111), Grid.of(1, 3).joined(0b101, 0b101)
        (True, False)
        """
        if not group & (group - 1):
            return True
        return self.flood(group & -group, within) & group == group

    def flood8(self, seed: Mask, within: Mask) -> Mask:
        """All cells of ``within`` connected to ``seed`` through ``within``, diagonals included."""
        return _spread(self.dilate8, seed, within)

    def components(self, mask: Mask) -> list[Mask]:
        """The orthogonally connected components of ``mask``."""
        out = []
        while mask:
            comp = self.flood(mask & -mask, mask)
            out.append(comp)
            mask &= ~comp
        return out

    def pools(self, mask: Mask) -> Mask:
        """Top-left cells of the 2x2 windows that lie wholly inside ``mask``."""
        cols = self.cols
        return mask & (mask >> 1) & (mask >> cols) & (mask >> (cols + 1)) & self.window_corners

    def window(self, corner: Cell) -> Mask:
        """The four cells of the 2x2 window whose top-left cell is ``corner``."""
        return (0b11 | (0b11 << self.cols)) << corner

    def rect(self, top: int, bottom: int, left: int, right: int) -> Mask:
        """The cells of rows ``top``..``bottom`` and columns ``left``..``right`` (inclusive, from 0)."""
        row = ((1 << (right - left + 1)) - 1) << left
        out = 0
        for r in range(top, bottom + 1):
            out |= row << (r * self.cols)
        return out

    def is_rect(self, mask: Mask) -> bool:
        """Whether the non-empty ``mask`` is every cell of a rectangle."""
        top, bottom = self.row_span(mask)
        left, right = self.col_span(mask)
        return mask == self.rect(top, bottom, left, right)

    def row_span(self, mask: Mask) -> tuple[int, int]:
        """The first and last row holding a cell of the non-empty ``mask``."""
        return lowest(mask) // self.cols, (mask.bit_length() - 1) // self.cols

    def col_span(self, mask: Mask) -> tuple[int, int]:
        """The first and last column holding a cell of the non-empty ``mask``."""
        cols = self.cols
        row = (1 << cols) - 1
        folded = 0
        while mask:
            folded |= mask & row
            mask >>= cols
        return lowest(folded), folded.bit_length() - 1

    def distances(self, seed: Mask, within: Mask, limit: int) -> list[Mask]:
        """Rings of a breadth-first search: ring ``d`` is the cells at distance ``d``.

        Distance is counted in steps through ``within`` (the seed is ring 0), up to ``limit``.
        """
        rings = [seed]
        seen = seed
        cur = seed
        for _ in range(limit):
            cur = self.dilate(cur) & within & ~seen
            if not cur:
                break
            rings.append(cur)
            seen |= cur
        return rings


@cache
def ring_table(grid: Grid) -> tuple[tuple[Cell, ...], ...]:
    """The 8 cells around each cell in cyclic order N, NE, E, SE, S, SW, W, NW (-1 off the board)."""
    steps = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
    table = []
    for cell in range(grid.size):
        r, c = divmod(cell, grid.cols)
        ring = []
        for dr, dc in steps:
            rr, cc = r + dr, c + dc
            ring.append(rr * grid.cols + cc if 0 <= rr < grid.rows and 0 <= cc < grid.cols else -1)
        table.append(tuple(ring))
    return tuple(table)
