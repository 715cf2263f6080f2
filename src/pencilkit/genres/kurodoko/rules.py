"""Kurodoko's rules, R1-R4, as a player reads them; the core checks them and names every broken one.

The rules are :data:`RULES`.  A ``?`` clue is a white cell whose count is not given.  A board with no white
cell at all breaks no rule (there is no group to split), so a clue-free 1x1
board has two solutions.
"""

from __future__ import annotations

from ...grid import Cell, Grid, Mask, cells

RULES = """Blacken some cells so that:

* R1 printed cells: numbered cells are white;
* R2 no touching blacks: no two black cells share a side;
* R3 connected white: all white cells form one orthogonally connected group;
* R4 visible count: each number equals the number of white cells it sees, itself
  included, along the unbroken white runs in the four directions, each run
  stopping at the first black cell or the edge."""
"""The rules in plain words, as a player reads them."""

DIRECTIONS = ("up", "right", "down", "left")
"""The four directions a clue looks in, in the order rays are listed everywhere."""


def ray(grid: Grid, cell: Cell, direction: int) -> list[Cell]:
    """The cells from ``cell`` (excluded) to the edge in one of :data:`DIRECTIONS`."""
    r, c = divmod(cell, grid.cols)
    dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[direction]
    out = []
    r, c = r + dr, c + dc
    while 0 <= r < grid.rows and 0 <= c < grid.cols:
        out.append(r * grid.cols + c)
        r, c = r + dr, c + dc
    return out


def visible(grid: Grid, cell: Cell, white: Mask) -> Mask:
    """The white cells ``cell`` sees: itself and the white runs in the four directions.

    >>> g = Grid.of(1, 6)
    >>> [g.name(c) for c in cells(visible(g, 2, 0b011110))]  # r1c1 and r1c6 are black
    ['r1c2', 'r1c3', 'r1c4', 'r1c5']
    """
    seen = 1 << cell
    for direction in range(4):
        for other in ray(grid, cell, direction):
            if not white >> other & 1:
                break
            seen |= 1 << other
    return seen
