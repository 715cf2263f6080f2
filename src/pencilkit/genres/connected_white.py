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

Most boards have almost no candidates at all.  On a grid, a cell can only be
an articulation point if the not-black cells around it (its ring of eight)
fall into two or more arcs that each hold one of its four neighbours: when
they form one arc, any path through the cell can go round it instead.
:func:`local_cuts` finds every such cell of the board at once with a few
shifts and masks.

Most candidates are no cut at all: their neighbours meet again a step or two
away, round the black cell that splits their ring.  :func:`locally_joined`
proves this within the 5x5 window around a candidate, remembering the answer
by the window's contents, so one dictionary look-up a candidate usually
settles it.  :func:`white_cuts` checks each candidate left by one flood (a
flood is a few dozen whole-board mask operations, cheaper than a Python pass
over the cells), and only with more than :data:`FLOOD_LIMIT` left does it run
the Tarjan pass.  Either way finds the same cuts; the white cell named as the
one a cut would strand may differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ..grid import Cell, Grid, Mask, lowest


@dataclass
class Cuts:
    """What the not-black graph says about the white cells."""

    reached: Mask
    """The not-black cells connected to the white cells (all of them, if the whites are connected)."""
    stranded: Mask
    """White cells outside the root's component (non-zero means no solution)."""
    cuts: dict[Cell, Cell] = field(default_factory=dict)
    """Each undecided cell whose blackening strands a white cell, with one white cell it would strand."""


def _flags(mask: Mask, size: int) -> bytearray:
    """``mask`` as bytes of ``0``/``1`` (48/49) indexed by cell, in one C-level conversion."""
    return bytearray(format(mask, f"0{size}b")[::-1], "ascii")


ONE = ord("1")


FLOOD_LIMIT = 8
"""Candidate cut cells (left after :func:`locally_joined`) up to which :func:`white_cuts` checks each by a
flood rather than run Tarjan."""


def local_cuts(grid: Grid, space: Mask) -> Mask:
    """The cells of ``space`` whose neighbours in ``space`` fall into two or more arcs of their ring.

    Going round a cell clockwise (north, east, south, west), a neighbour in
    ``space`` starts an arc unless the previous neighbour and the corner
    between them are in ``space`` too.  A cell with at most one arc start is
    no articulation point of the graph on ``space``; every articulation point
    is among the cells this returns.
    """
    cols, full = grid.cols, grid.full
    left_ok, right_ok = grid.not_first_col, grid.not_last_col
    n = (space << cols) & full
    s = space >> cols
    e = (space >> 1) & right_ok
    w = (space << 1) & left_ok
    ne = (space << (cols - 1)) & right_ok & full
    nw = (space << (cols + 1)) & left_ok & full
    se = (space >> (cols + 1)) & right_ok
    sw = (space >> (cols - 1)) & left_ok
    start_n = n & ~(w & nw)
    start_e = e & ~(n & ne)
    start_s = s & ~(e & se)
    start_w = w & ~(s & sw)
    two = (start_n & (start_e | start_s | start_w)) | (start_e & (start_s | start_w)) | (start_s & start_w)
    return space & two


WINDOW = 2
"""How far (in rows and columns) :func:`locally_joined` looks from a candidate."""
JOINED_LIMIT = 200_000
"""Windows :func:`locally_joined` remembers before the memory starts over."""
_JOINED: dict[tuple[int, Mask], bool] = {}


@cache
def _windows(grid: Grid) -> tuple[Mask, ...]:
    """For each cell, the cells at most :data:`WINDOW` rows and columns away."""
    out = []
    for cell in range(grid.size):
        window = 1 << cell
        for _ in range(WINDOW):
            window = grid.dilate8(window)
        out.append(window)
    return tuple(out)


def locally_joined(grid: Grid, space: Mask, cell: Cell) -> bool:
    """Whether the neighbours of ``cell`` in ``space`` are connected through ``space`` within the
    window around ``cell`` (:data:`WINDOW`) without passing through ``cell``.

    True proves ``cell`` no articulation point of the graph on ``space``; False
    proves nothing.  The answer depends only on the window's contents relative
    to ``cell`` (for boards at least ``2 * WINDOW + 1`` columns wide, where
    those contents are told apart by their bits shifted to a fixed place), so
    it is remembered by them.
    """
    if grid.cols <= 2 * WINDOW:
        return False
    local = space & _windows(grid)[cell]
    pad = WINDOW * (grid.cols + 1)
    key = (grid.cols, (local << pad) >> cell)
    joined = _JOINED.get(key)
    if joined is None:
        joined = grid.joined(grid.neighbours[cell] & local, local & ~(1 << cell))
        if len(_JOINED) >= JOINED_LIMIT:
            _JOINED.clear()
        _JOINED[key] = joined
    return joined


def white_cuts(grid: Grid, space: Mask, white: Mask) -> Cuts:
    """Articulation points of the graph on ``space`` (not-black cells) separating ``white`` cells.

    The candidates are the undecided :func:`local_cuts` of the white cells'
    component that :func:`locally_joined` cannot clear; up to
    :data:`FLOOD_LIMIT` are checked by one flood each, more by one Tarjan
    pass (:func:`tarjan_cuts`) over the component.  ``white`` must be a
    subset of ``space`` and non-empty.
    """
    root = white & -white
    reached = grid.flood(root, space)
    candidates = local_cuts(grid, reached) & ~white
    if not candidates:
        return Cuts(reached, white & ~reached)
    left = 0
    rest = candidates
    while rest:
        bit = rest & -rest
        rest ^= bit
        if not locally_joined(grid, reached, bit.bit_length() - 1):
            left |= bit
    if not left:
        return Cuts(reached, white & ~reached)
    if left.bit_count() > FLOOD_LIMIT:
        return tarjan_cuts(grid, space, white)
    ours = white & reached
    cuts: dict[Cell, Cell] = {}
    candidates = left
    while candidates:
        bit = candidates & -candidates
        candidates ^= bit
        cut_off = ours & ~grid.flood(root, reached & ~bit)
        if cut_off:
            cuts[bit.bit_length() - 1] = lowest(cut_off)
    return Cuts(reached, white & ~reached, cuts)


def tarjan_cuts(grid: Grid, space: Mask, white: Mask) -> Cuts:
    """:func:`white_cuts` by one iterative Tarjan pass from the lowest white cell."""
    n = grid.size
    root = lowest(white)
    nbs = grid.neighbour_lists
    inside = _flags(space, n)
    is_white = _flags(white, n)
    seen = bytearray(b"0") * n
    disc = [-1] * n
    low = [0] * n
    parent = [-1] * n
    example = [-1] * n  # a white cell in the subtree, or -1
    cuts: dict[Cell, Cell] = {}
    disc[root] = low[root] = 0
    example[root] = root
    seen[root] = ONE
    counter = 1
    path = [root]
    todo = [iter(nbs[root])]
    while path:
        v = path[-1]
        for u in todo[-1]:
            if inside[u] != ONE:
                continue
            d = disc[u]
            if d < 0:
                disc[u] = low[u] = counter
                counter += 1
                parent[u] = v
                if is_white[u] == ONE:
                    example[u] = u
                seen[u] = ONE
                path.append(u)
                todo.append(iter(nbs[u]))
                break
            if d < low[v] and u != parent[v]:
                low[v] = d
        else:
            path.pop()
            todo.pop()
            p = parent[v]
            if p < 0:
                continue
            lv = low[v]
            if lv < low[p]:  # noqa: PLR1730 - a comparison is cheaper than min() in this loop
                low[p] = lv
            ex = example[v]
            if ex >= 0:
                if example[p] < 0:
                    example[p] = ex
                if lv >= disc[p] and is_white[p] != ONE and p not in cuts:
                    cuts[p] = ex
    reached = int(seen[::-1], 2)
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
