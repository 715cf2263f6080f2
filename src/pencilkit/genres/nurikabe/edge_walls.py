"""Edge walls: land joined from edge to edge splits the sea along the edge.

Land cells that touch, diagonals included, form a *chain*; sea is joined
through sides only, so no sea path crosses a chain.  A chain from one edge
cell to another therefore splits the cells along the board's edge into two
arcs, and sea on one arc cannot reach sea on the other (the square grid's
duality of 8- and 4-connectivity: the chain, as closed squares, joins two
points of the board's boundary and cuts the board in two).

Since the sea is connected, an island may not take a cell that would close
such a chain between two arcs that both hold known sea.  If the chain of
known land through island k's clue touches the edge at ``z``, and a cell
``x`` the island could take is on the edge at ``a``, or touches known land
chained to the edge at ``a``, then the island's path from its clue to ``x``
closes a chain from ``z`` to ``a``.  With known sea on both arcs between
them, ``x`` is not the island's: in every solution.

Without them the SAT finisher learns these facts one island shape at a
time, in hundreds of calls on a big island near the edge.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import cache

from ...grid import Cell, Grid, Mask, cells, ring_table


@cache
def edge_cycle(grid: Grid) -> tuple[Cell, ...]:
    """The cells on the board's edge, each once, in order around it (clockwise from the top left)."""
    rows, cols = grid.rows, grid.cols
    order = [grid.cell(0, c) for c in range(cols)]
    order += [grid.cell(r, cols - 1) for r in range(1, rows)]
    order += [grid.cell(rows - 1, c) for c in range(cols - 2, -1, -1)]
    order += [grid.cell(r, 0) for r in range(rows - 2, 0, -1)]
    return tuple(dict.fromkeys(order))  # a board one cell wide meets its cells twice: keep the first


def edge_walls(grid: Grid, sea: Mask, land: Mask, clue_cells: Sequence[Cell], cores: Sequence[Mask],
               reaches: dict[int, Mask]) -> list[tuple[int, Cell]]:
    """The ``(k, x)`` such that island ``k`` (clue ``clue_cells[k]``, known land ``cores[k]``,
    cells it could take ``reaches[k]``) cannot take ``x`` without walling known ``sea`` apart.

    ``land`` is every cell known to be land, the clues included.
    """
    cycle = edge_cycle(grid)
    marks = sorted(i for i, c in enumerate(cycle) if sea >> c & 1)
    if len(marks) < 2:
        return []
    # The known sea on the edge cuts the cycle into arcs; two edge cells lie on opposite sides of
    # known sea both ways round exactly when they lie on different arcs.
    last = len(marks)

    def arc(position: int) -> int:
        found = bisect_right(marks, position)
        return 0 if found == last else found

    arcs_of_cell = {c: arc(i) for i, c in enumerate(cycle)}
    chain_of: dict[Cell, int] = {}
    chain_arcs: list[frozenset[int]] = []
    rest = land
    while rest:
        chain = grid.flood8(rest & -rest, land)
        rest &= ~chain
        touching = frozenset(arcs_of_cell[c] for c in cells(chain) if c in arcs_of_cell)
        for c in cells(chain):
            chain_of[c] = len(chain_arcs)
        chain_arcs.append(touching)
    out = []
    around = ring_table(grid)
    for k, clue in enumerate(clue_cells):
        home = chain_arcs[chain_of[clue]]
        if not home:
            continue
        core = cores[k]
        for x in cells(reaches.get(k, 0) & ~core):
            ends = set(home)
            if x in arcs_of_cell:
                ends.add(arcs_of_cell[x])
            for v in around[x]:
                if v >= 0 and land >> v & 1 and not core >> v & 1:
                    ends |= chain_arcs[chain_of[v]]
            if len(ends) > 1:
                out.append((k, x))
    return out
