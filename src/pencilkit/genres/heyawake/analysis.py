"""What a Heyawake board's rooms say before any cell is decided: spans, and how many cells a room can blacken.

A *span* is a piece of a row or column that runs from the last cell before
one room border to the first cell after the next: all white, it would be a
white run crossing two borders, so every span holds a black cell.  A row's
spans are found between each pair of consecutive borders in it; every run
crossing two borders contains one, so "each span holds a black cell" is the
whole of the two-borders rule.  The core works the same out for itself
(``core/src/genres/heyawake.rs``); the SAT encoding and the generator read it
here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...grid import Cell, Grid, Mask


def spans(grid: Grid, rooms: Sequence[int], rows: Iterable[int] | None = None,
          cols: Iterable[int] | None = None) -> list[Mask]:
    """The spans of a board of rooms (any labels, one per room): rows, then columns, each line in order.

    With ``rows`` and ``cols``, only the spans in those rows and columns, in
    the same order: a change of rooms within a rectangle changes no span of
    the lines that do not cross it.

    >>> g = Grid.of(1, 5)
    >>> [bin(s) for s in spans(g, (0, 1, 1, 2, 2))]
    ['0b1111']
    """
    out: list[Mask] = []
    rows = range(grid.rows) if rows is None else rows
    cols = range(grid.cols) if cols is None else cols
    lines = [[r * grid.cols + c for c in range(grid.cols)] for r in rows]
    lines += [[r * grid.cols + c for r in range(grid.rows)] for c in cols]
    for line in lines:
        borders = [k for k in range(len(line) - 1) if rooms[line[k]] != rooms[line[k + 1]]]
        for first, second in zip(borders, borders[1:]):
            out.append(sum(1 << cell for cell in line[first:second + 2]))
    return out


def most_black(grid: Grid, room: Mask) -> int:
    """The most cells of ``room`` that can be black with none touching: its size less a maximum matching
    of its cells (König's theorem, the room's cells being a bipartite graph by chessboard colour).

    >>> most_black(Grid.of(3, 3), 0b111111111), most_black(Grid.of(2, 2), 0b1111)
    (5, 2)
    """
    cells_in = [c for c in range(grid.size) if room >> c & 1]
    dark = [c for c in cells_in if sum(divmod(c, grid.cols)) % 2 == 0]
    partner: dict[Cell, Cell] = {}

    def augment(c: Cell, seen: set[Cell]) -> bool:
        for d in grid.neighbour_lists[c]:
            if room >> d & 1 and d not in seen:
                seen.add(d)
                if d not in partner or augment(partner[d], seen):
                    partner[d] = c
                    return True
        return False

    matched = sum(augment(c, set()) for c in dark)
    return len(cells_in) - matched
