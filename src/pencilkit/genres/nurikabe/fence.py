"""Fences: an island that cannot reach the board's edge is ringed by sea, and a ring costs sea.

**The perimeter bound.**  Let the sea ``T`` be connected with ``S`` cells, and
let an island ``I`` with a ``W`` x ``H`` bounding box touch no edge of the
board.  Every cell next to ``I`` is sea, so ``I`` is a whole component of the
cells outside ``T`` (the board lying in an unbounded plane of cells outside
``T``), and a bounded one.  Count the sides ``T`` shares with cells outside it,
its perimeter:

* ``T`` is connected, so it has at least ``S - 1`` pairs of neighbouring
  cells, and its perimeter, ``4S`` less two per pair, is at most ``2S + 2``;
* every side of ``I`` is shared with ``T``: at least ``2(W + H)`` sides, as each
  row of ``I`` has a leftmost and a rightmost side and each column a top and a
  bottom one;
* in each row ``T`` occupies, the cell left of its leftmost cell lies in the
  unbounded component outside ``T`` (every cell farther left is outside ``T``,
  out past the board), and so does the cell right of its rightmost one, and
  the same in each column: at least ``2(rows + cols)`` sides, where ``T`` spans
  ``rows`` rows and ``cols`` columns.  They are not ``I``'s, which is bounded.
  ``T`` holds the cells above, below and beside ``I``, so ``rows >= H + 2`` and
  ``cols >= W + 2``, and more where known sea lies farther out.

So ``W + H + rows + cols <= S + 1``: walling in an island with a ``W`` x ``H``
box takes at least ``2(W + H) + 3`` sea cells, which a ring round a rectangle
less one corner meets.

**Walled off by a diagonal meeting.**  Let cell ``p`` of island ``A`` and cell
``q`` of island ``B`` meet corner to corner, with the two cells they both
touch sea.  If ``A`` reaches the edge, ``B`` cannot: else a chain of land runs
from past the board through ``A``, across the corner, through ``B`` and past
the board again, and a sea path between the two shared cells, closed through
that corner, is a closed curve the chain crosses exactly once (at the
corner), while a path that starts and ends outside a closed curve crosses it
an even number of times.  ``A`` reaches the edge when it holds an edge cell, or
when the cells it could take away from the edge leave it too little room.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...frame.board import Board
from ...grid import Grid, Mask, cells, ring_table
from .analysis import Analysis, Island, describe

Box = tuple[int, int, int, int]
"""Rows ``top``..``bottom`` and columns ``left``..``right``, inclusive."""


@dataclass(frozen=True)
class Span:
    """Where a box may lie along one axis: it covers ``core`` and stays within ``limit``."""

    core: tuple[int, int]
    limit: tuple[int, int]
    sea: tuple[int, int] | None
    """The rows (or columns) the known sea spans, if any."""

    def options(self) -> Iterator[tuple[int, int, int]]:
        """Each ``(start, end, cost)``: the box's length along the axis plus the sea's span."""
        lo, hi = self.limit
        first, last = self.core
        for start in range(lo, first + 1):
            for end in range(last, hi + 1):
                out_lo, out_hi = start - 1, end + 1
                if self.sea is not None:
                    out_lo, out_hi = min(out_lo, self.sea[0]), max(out_hi, self.sea[1])
                yield start, end, (end - start + 1) + (out_hi - out_lo + 1)


def fence_boxes(rows: Span, cols: Span, size: int, sea_size: int) -> list[Box]:
    """The boxes an island of ``size`` cells walled in by ``sea_size`` sea cells may fill:
    large enough for it, and within the perimeter bound."""
    budget = sea_size + 1
    col_options = sorted(cols.options(), key=lambda o: o[2])
    out = []
    for top, bottom, row_cost in rows.options():
        height = bottom - top + 1
        for left, right, col_cost in col_options:
            if row_cost + col_cost > budget:
                break
            if height * (right - left + 1) >= size:
                out.append((top, bottom, left, right))
    return out


def must_reach_edge(grid: Grid, island: Island, reach: Mask) -> bool:
    """Whether ``island`` (which could hold no cell outside ``reach``) holds an edge cell in every solution."""
    if island.cells & grid.edge:
        return True
    if island.number is None or not island.need:
        return False
    inside = grid.flood(island.cells, (reach | island.cells) & ~grid.edge)
    return inside.bit_count() < island.number


def walled_off(board: Board, a: Analysis, island: Island, reaches: dict[int, Mask]) -> str | None:
    """Why ``island`` (holding no edge cell) cannot reach the edge, or ``None`` when that is not shown."""
    grid = board.grid
    reach = reaches.get(island.index, island.cells)
    if not reach & grid.edge:
        return f"{describe(island, board)} cannot reach the edge"
    sea = a.sea
    ring = ring_table(grid)
    for q in cells(island.cells):
        around = ring[q]
        for d in (1, 3, 5, 7):
            p, s1, s2 = around[d], around[d - 1], around[(d + 1) % 8]
            if p < 0 or not a.land >> p & 1 or island.cells >> p & 1:
                continue
            if not (sea >> s1 & 1 and sea >> s2 & 1):
                continue
            other = next((o for o in a.islands if o.cells >> p & 1), None)
            if other is None or not must_reach_edge(grid, other, reaches.get(other.index, other.cells)):
                continue
            return (f"{describe(other, board)} must reach the edge and meets {describe(island, board)} corner to "
                    f"corner at {grid.name(p)} and {grid.name(q)} between the sea at {grid.name(s1)} and "
                    f"{grid.name(s2)}, so {describe(island, board)} cannot reach the edge (the sea would be cut)")
    return None


__all__ = ["Box", "Span", "fence_boxes", "must_reach_edge", "walled_off"]
