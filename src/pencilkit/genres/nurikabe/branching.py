"""Where search and probing look first on a Nurikabe board, and what search branches on."""

from __future__ import annotations

from ...frame.board import Board
from ...grid import Cell, cells
from .analysis import analysis
from .techniques import completions, passable


def candidates(board: Board) -> list[Cell]:
    """Undecided cells, most constrained first: exits of the tightest islands, then the frontier."""
    a = analysis(board)
    grid = board.grid
    order: list[Cell] = []
    seen = 0
    ranked = []
    for island in a.growing:
        if island.number is None:
            continue
        exits = island.border & a.unknown & passable(a, island)
        if exits:
            ranked.append((exits.bit_count(), island.need, exits))
    for stray in a.strays:
        exits = grid.border(stray) & a.unknown
        if exits:
            ranked.append((exits.bit_count(), 0, exits))
    ranked.sort(key=lambda t: (t[0], t[1]))
    for _, _, exits in ranked:
        for c in cells(exits & ~seen):
            order.append(c)
        seen |= exits
    decided = a.sea | a.land
    frontier = grid.dilate(decided) & a.unknown & ~seen
    nbs = grid.neighbours
    order.extend(sorted(cells(frontier), key=lambda c: -(nbs[c] & decided).bit_count()))
    seen |= frontier
    order.extend(cells(a.unknown & ~seen))
    return order


BRANCH_MAX_NEED = 6
"""Largest number of missing cells of an island whose completions search may branch on."""
BRANCH_MAX_WAYS = 12
"""Most completions of an island for search to branch on its shapes rather than on one cell."""


def island_alternatives(board: Board) -> list[tuple[int, int]] | None:
    """Search branches on every way to finish the island with the fewest ways, when that is few.

    The completions of an island are exclusive and, since every solution
    finishes every island, exhaustive; each branch decides the island and its
    wall at once.
    """
    a = analysis(board)
    best: list[tuple[int, int]] | None = None
    for island in a.growing:
        need = island.need
        if need is None or need > BRANCH_MAX_NEED:
            continue
        shapes = completions(board.grid, a, island, need)
        if shapes is None:
            continue
        if best is None or len(shapes) < len(best):
            best = [(wall & a.unknown, extra & a.unknown) for extra, wall in shapes]
            if len(best) <= 1:
                break
    if best is not None and len(best) <= BRANCH_MAX_WAYS:
        return best
    return pool_split(board)


def pool_split(board: Board) -> list[tuple[int, int]] | None:
    """Split on a 2x2 block with two sea cells and two open ones: one of the open ones is land."""
    grid = board.grid
    sea = board.shaded
    open_ = board.undecided
    cols = grid.cols
    corners = grid.window_corners & ~board.unshaded & ~(board.unshaded >> 1) \
        & ~(board.unshaded >> cols) & ~(board.unshaded >> (cols + 1))
    for corner in cells(corners):
        window = grid.window(corner)
        if (window & sea).bit_count() == 2:
            pair = window & open_
            a = pair & -pair
            b = pair ^ a
            return [(0, a), (a, b)]
    return None


def prefer_shaded(board: Board, cell: Cell) -> bool:
    """Search tries land first next to a growing island, sea elsewhere."""
    a = analysis(board)
    return not a.touched >> cell & 1
