"""The fewest cells that separate two groups of cells on a grid (a minimum vertex cut).

Menger's theorem: the fewest cells whose removal leaves no path from
``source`` to ``sink`` equals the most paths between them that share no
removable cell.  So the cut is found by pushing paths one at a time (each
removable cell carries at most one; every other cell any number) until no
further path exists, then taking the removable cells where the search for
one more path got in but could not get out.

The lazy connectivity cuts of the SAT encodings use it: when a model splits
the sea into parts, the fewest land cells between two parts make a shorter,
stronger clause than the whole border of a part.
"""

from __future__ import annotations

from ..grid import Grid, Mask, cells


def separator(grid: Grid, source: Mask, sink: Mask, removable: Mask, space: Mask | None = None) -> Mask:
    """The fewest cells of ``removable`` whose removal disconnects ``source`` from ``sink`` in ``space``.

    Paths run through ``space`` (the whole board by default); there, cells
    outside ``removable`` (and the two groups themselves) can always be
    passed.  The groups must not touch and must be separable, i.e. every path
    between them passes a removable cell.

    Each cell is split into an entry and an exit node (``2c`` and ``2c + 1``);
    a removable cell's entry-to-exit link carries one path, the links between
    neighbours any number.
    """
    n = grid.size
    inside = grid.full if space is None else space | source | sink
    neighbours = [[d for d in grid.neighbour_lists[c] if inside >> d & 1] if inside >> c & 1 else []
                  for c in range(n)]
    room = [n] * n  # paths a cell can carry: one for a removable cell, any number for the rest
    for c in cells(removable):
        room[c] = 1
    goal = [False] * n
    for c in cells(sink):
        goal[c] = True
    carried = [0] * n  # paths through each cell so far
    flow: dict[int, int] = {}  # paths from the exit of u to the entry of w, keyed u * n + w
    starts = [2 * c + 1 for c in cells(source)]
    while True:
        came_from = [-1] * (2 * n)
        for node in starts:
            came_from[node] = node
        queue = list(starts)
        end = -1
        for node in queue:
            v = node >> 1
            if node & 1:  # the exit of v: on to any neighbour's entry, or back through v if it carries a path
                if goal[v]:
                    end = node
                    break
                for w in neighbours[v]:
                    if came_from[2 * w] < 0:
                        came_from[2 * w] = node
                        queue.append(2 * w)
                if carried[v] and came_from[node - 1] < 0:
                    came_from[node - 1] = node
                    queue.append(node - 1)
            else:  # the entry of v: through v if it has room, or back along a path that came in
                if came_from[node + 1] < 0 and carried[v] < room[v]:
                    came_from[node + 1] = node
                    queue.append(node + 1)
                for u in neighbours[v]:
                    if came_from[2 * u + 1] < 0 and flow.get(u * n + v, 0) > 0:
                        came_from[2 * u + 1] = node
                        queue.append(2 * u + 1)
        if end < 0:
            break
        node = end
        while came_from[node] != node:  # push one more path along the search's trail
            before = came_from[node]
            a, b = before >> 1, node >> 1
            if a == b:
                carried[a] += -1 if before & 1 else 1  # exit to entry sends a path back
            elif before & 1:
                if flow.get(b * n + a, 0) > 0:
                    flow[b * n + a] -= 1
                else:
                    flow[a * n + b] = flow.get(a * n + b, 0) + 1
            else:
                flow[b * n + a] -= 1
            node = before
    out = 0
    for c in cells(removable):
        if came_from[2 * c] >= 0 and came_from[2 * c + 1] < 0:
            out |= 1 << c
    return out
