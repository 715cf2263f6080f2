"""White connectivity: which open cells must be white so that the white cells stay one group.

The white cells of a solution are connected through white cells, so every
white cell lies in one component of the *not-black* graph (white and
undecided cells).  Blackening an undecided cell ``v`` strands a white cell
exactly when ``v`` is an articulation point of that graph separating white
cells: in a depth-first tree rooted at a white cell, some child subtree of
``v`` that cannot climb above ``v`` (``low[child] >= disc[v]``) holds a white
cell (the root, outside it, is white).  One Tarjan pass finds every such cell;
:func:`cut_cells_blunt` finds the same set with one flood fill per candidate
and is kept as the reference the tests compare against.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...grid import Cell, Grid, Mask, lowest


@dataclass
class Cuts:
    """What the not-black graph says about the white cells."""

    reached: Mask
    """The not-black cells connected to the white cells (all of them, if the whites are connected)."""
    stranded: Mask
    """White cells outside the root's component (non-zero means no solution)."""
    cuts: dict[Cell, Cell] = field(default_factory=dict)
    """Each undecided cell whose blackening strands a white cell, with one white cell it would strand."""


def _flags(mask: Mask, size: int) -> str:
    """``mask`` as a string of ``'0'``/``'1'`` indexed by cell (one C-level conversion)."""
    return format(mask, f"0{size}b")[::-1] if size else ""


def white_cuts(grid: Grid, space: Mask, white: Mask) -> Cuts:
    """Articulation points of the graph on ``space`` (not-black cells) separating ``white`` cells.

    One iterative Tarjan pass from the lowest white cell.  ``white`` must be a
    subset of ``space`` and non-empty.
    """
    n = grid.size
    root = lowest(white)
    nbs = grid.neighbour_lists
    inside = _flags(space, n)
    is_white = _flags(white, n)
    disc = [-1] * n
    low = [0] * n
    parent = [-1] * n
    example = [-1] * n  # a white cell in the subtree, or -1
    cuts: dict[Cell, Cell] = {}
    disc[root] = low[root] = 0
    example[root] = root
    counter = 1
    visited = [root]
    stack: list[tuple[Cell, int]] = [(root, 0)]
    while stack:
        v, i = stack[-1]
        around = nbs[v]
        pushed = False
        while i < len(around):
            u = around[i]
            i += 1
            if inside[u] == "0":
                continue
            d = disc[u]
            if d < 0:
                stack[-1] = (v, i)
                disc[u] = low[u] = counter
                counter += 1
                parent[u] = v
                if is_white[u] == "1":
                    example[u] = u
                visited.append(u)
                stack.append((u, 0))
                pushed = True
                break
            if u != parent[v] and d < low[v]:
                low[v] = d
        if pushed:
            continue
        stack.pop()
        p = parent[v]
        if p < 0:
            continue
        if low[v] < low[p]:
            low[p] = low[v]
        ex = example[v]
        if ex >= 0:
            if example[p] < 0:
                example[p] = ex
            if low[v] >= disc[p] and is_white[p] == "0" and p not in cuts:
                cuts[p] = ex
    reached = sum(1 << c for c in visited)
    return Cuts(reached, white & ~reached, cuts)


def cut_cells_blunt(grid: Grid, space: Mask, white: Mask) -> Mask:
    """The undecided cells whose blackening strands a white cell, one flood fill per candidate.

    Only for reference and tests: quadratic in the board size.
    """
    root = white & -white
    reached = grid.flood(root, space)
    out = 0
    undecided = reached & ~white
    while undecided:
        bit = undecided & -undecided
        undecided ^= bit
        if grid.flood(root, space & ~bit) & white != white & reached:
            out |= bit
    return out
