"""Where search and probing look first on a Heyawake board."""

from __future__ import annotations

from ...frame.board import Board
from ...grid import Cell, Mask, cells, lowest
from .layout import layout


def _by_rank(board: Board) -> dict[int, Mask]:
    """The open cells of the ranked groups, by rank, a smaller rank more constrained: each span without
    a black cell (its rank the number of its open cells: one of them must be black), then each numbered
    room with open cells (``2 + 2 x`` the fewer of its black cells still to place and of its white ones).

    Search asks at every node, so the groups are walked in one loop each and
    gathered as masks.
    """
    undecided, shaded = board.undecided, board.shaded
    found = layout(board.puzzle)
    by_rank: dict[int, Mask] = {}
    for span in found.spans:
        open_ = span & undecided
        if open_ and not span & shaded:
            rank = open_.bit_count()
            by_rank[rank] = by_rank.get(rank, 0) | open_
    for room in found.numbered:
        open_ = room.cells & undecided
        if open_:
            need = (room.number or 0) - (room.cells & shaded).bit_count()
            rank = 2 + 2 * min(need, open_.bit_count() - need)
            by_rank[rank] = by_rank.get(rank, 0) | open_
    return by_rank


def candidates(board: Board) -> list[Cell]:
    """Undecided cells, most constrained first.

    First the cells of the ranked groups (:func:`_by_rank`), by their smallest
    rank and then by cell, then cells next to decided ones, then the rest.
    """
    undecided = board.undecided
    by_rank = _by_rank(board)
    order: list[Cell] = []
    seen = 0
    for rank in sorted(by_rank):
        fresh = by_rank[rank] & ~seen
        order.extend(cells(fresh))
        seen |= fresh
    frontier = board.grid.dilate(board.shaded | board.unshaded) & undecided & ~seen
    order.extend(cells(frontier))
    order.extend(cells(undecided & ~seen & ~frontier))
    return order


def first_candidate(board: Board) -> Cell:
    """``candidates(board)[0]`` without listing every cell: the lowest cell of the groups of smallest
    rank, else the first cell next to a decided one, else the first undecided cell."""
    by_rank = _by_rank(board)
    if by_rank:
        return lowest(by_rank[min(by_rank)])
    undecided = board.undecided
    frontier = board.grid.dilate(board.shaded | board.unshaded) & undecided
    return lowest(frontier or undecided)


def prefer_shaded(board: Board, cell: Cell) -> bool:
    """Search tries black first: a black cell whitens its neighbours at once."""
    return True
