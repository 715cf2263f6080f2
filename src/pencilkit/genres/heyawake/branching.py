"""Where search and probing look first on a Heyawake board."""

from __future__ import annotations

from ...frame.board import Board
from ...grid import Cell, cells, lowest
from .layout import layout


def candidates(board: Board) -> list[Cell]:
    """Undecided cells, most constrained first.

    First the open cells of spans with the fewest open cells (one of them must
    be black), then those of numbered rooms with the least room to choose,
    then cells next to decided ones, then the rest.
    """
    grid = board.grid
    undecided = board.undecided
    found = layout(board.puzzle)
    ranked: list[tuple[int, Cell]] = []
    for span in found.spans:
        if span & board.shaded:
            continue
        open_ = span & undecided
        ranked.extend((open_.bit_count(), cell) for cell in cells(open_))
    for room in found.numbered:
        open_ = room.cells & undecided
        if open_:
            need = (room.number or 0) - (room.cells & board.shaded).bit_count()
            slack = min(need, open_.bit_count() - need)
            ranked.extend((2 + 2 * slack, cell) for cell in cells(open_))
    ranked.sort()
    order: list[Cell] = []
    seen = 0
    for _, cell in ranked:
        if not seen >> cell & 1:
            seen |= 1 << cell
            order.append(cell)
    frontier = grid.dilate(board.shaded | board.unshaded) & undecided & ~seen
    order.extend(cells(frontier))
    order.extend(cells(undecided & ~seen & ~frontier))
    return order


def first_candidate(board: Board) -> Cell:
    """``candidates(board)[0]`` without ranking every cell: the lowest open cell of the span or
    numbered room with the smallest rank (ties to the lower cell), else the first cell next to a
    decided one, else the first undecided cell."""
    undecided = board.undecided
    found = layout(board.puzzle)
    best: tuple[int, Cell] | None = None
    for span in found.spans:
        open_ = span & undecided
        if open_ and not span & board.shaded:
            ranked = (open_.bit_count(), lowest(open_))
            if best is None or ranked < best:
                best = ranked
    for room in found.numbered:
        open_ = room.cells & undecided
        if open_:
            need = (room.number or 0) - (room.cells & board.shaded).bit_count()
            ranked = (2 + 2 * min(need, open_.bit_count() - need), lowest(open_))
            if best is None or ranked < best:
                best = ranked
    if best is not None:
        return best[1]
    frontier = board.grid.dilate(board.shaded | board.unshaded) & undecided
    return lowest(frontier or undecided)


def prefer_shaded(board: Board, cell: Cell) -> bool:
    """Search tries black first: a black cell whitens its neighbours at once."""
    return True
