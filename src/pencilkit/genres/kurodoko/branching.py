"""Where search and probing look first on a Kurodoko board."""

from __future__ import annotations

from ...frame.board import Board
from ...grid import Cell, cells
from .rays import clue_views, readings


def candidates(board: Board) -> list[Cell]:
    """Undecided cells, most constrained first.

    First the cell where each clue's known view ends (the next cell of a run),
    clues with the least slack between what they see and what they could see
    first; then undecided cells next to decided ones; then the rest.
    """
    grid = board.grid
    black, white = board.shaded, board.unshaded
    undecided = board.undecided
    ranked: list[tuple[int, int]] = []
    for view, reading in zip(clue_views(board.puzzle), readings(board)):
        slack = reading.most - reading.least
        if not slack:
            continue
        missing = view.number - reading.least
        for r, known, stop in zip(view.rays, reading.white, reading.open):
            if known < stop:
                ranked.append((min(slack - missing, missing), r.cells[known]))
    ranked.sort()
    order: list[Cell] = []
    seen_mask = 0
    for _, cell in ranked:
        if not seen_mask >> cell & 1:
            seen_mask |= 1 << cell
            order.append(cell)
    frontier = grid.dilate(black | white) & undecided & ~seen_mask
    order.extend(cells(frontier))
    order.extend(cells(undecided & ~seen_mask & ~frontier))
    return order


def prefer_shaded(board: Board, cell: Cell) -> bool:
    """Search tries black first: a black cell forces its neighbours and closes views at once."""
    return True
