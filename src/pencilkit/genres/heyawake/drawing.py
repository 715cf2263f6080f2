"""Heyawake rooms drawn as published puzzles draw them: rectangles of varied sizes, larger on larger boards.

Published rooms are rectangles, 2x3 the most common, then 2x2, 3x3, 2x4,
1x3, 1x2 and single cells, and they grow with the board: over the corpus a
room holds 5.4 cells on average up to 10x10, 5.9 up to 15x15, 6.7 up to
20x20 and 7.0 beyond.  :func:`draw_rooms` tiles the board in two steps:

1. at the first uncovered cell in reading order, a rectangle drawn from
   :data:`ROOM_SHAPES`, turned either way, shrunk to fit the space left (a
   single cell left over joins a neighbour where the two make a rectangle);
2. the shrinking leaves small rooms, so while the rooms hold fewer cells on
   average than :func:`drawn_room_cells` asks for, two neighbouring rooms
   whose union is a rectangle of :data:`ROOM_SHAPES` merge, the pair drawn
   with the weight of the union's shape.

Every random choice goes through the ``random.Random`` passed in and runs over
lists in cell order, so a seed draws the same rooms on every machine.
"""

from __future__ import annotations

import math
import random

from ...grid import Grid, Mask
from ...puzzle import number_rooms

ROOM_SHAPES: tuple[tuple[int, int, int], ...] = (
    # short side, long side, weight
    (2, 3, 180), (2, 2, 60), (3, 3, 90), (2, 4, 80), (1, 3, 30), (3, 4, 60), (2, 5, 30), (1, 4, 15),
    (1, 5, 15), (3, 5, 20), (2, 6, 10), (4, 4, 15), (1, 6, 5),
)
"""The room rectangles :func:`draw_rooms` draws from, and how often: the published rooms' shapes
(2x3 the most common, then 2x2, 3x3, 2x4, 1x3, 1x2, 1x1), with the smallest and thinnest left to the
cuts that make a puzzle unique and let the ladder read it."""
_WEIGHT = {(short, long): weight for short, long, weight in ROOM_SHAPES}
LARGEST_MEAN = 7.5
"""The most cells a room holds on average in a drawing, however large the board."""


def drawn_room_cells(cells: int) -> float:
    """The mean cells a room of a drawing on a board of ``cells`` cells: ``4.4 + 0.14 * sqrt(cells)``, at
    most :data:`LARGEST_MEAN`.  The published rooms' mean, about ``4.1 + 0.13 * sqrt(cells)`` (5.4 at
    10x10, 6.7 at 20x20, 7.0 beyond), and the third to half a cell that the cuts of a construction take."""
    return min(LARGEST_MEAN, 4.4 + 0.14 * math.sqrt(cells))


def draw_rooms(rows: int, cols: int, rng: random.Random) -> tuple[int, ...]:
    """The room of each cell: a tiling of the board by rectangles of :data:`ROOM_SHAPES`, rooms then
    merged up to :func:`drawn_room_cells` (see the module docstring)."""
    grid = Grid.of(rows, cols)
    masks = _tiling(grid, rng)
    goal = drawn_room_cells(grid.size)
    while grid.size < goal * len(masks):
        pairs = _mergeable(grid, masks)
        if not pairs:
            break
        first, second = rng.choices([pair for pair, _ in pairs], [weight for _, weight in pairs])[0]
        masks[first] |= masks[second]
        del masks[second]
    labels = [0] * grid.size
    for label, mask in enumerate(masks):
        for cell in range(grid.size):
            if mask >> cell & 1:
                labels[cell] = label
    return number_rooms(grid, labels)


def _tiling(grid: Grid, rng: random.Random) -> list[Mask]:
    """Rectangles of :data:`ROOM_SHAPES` placed in reading order, each shrunk to fit, then each single
    cell the shrinking left joined to a neighbouring room where the two make a rectangle."""
    rows, cols = grid.rows, grid.cols
    room = [-1] * grid.size
    shapes = [(short, long) for short, long, _ in ROOM_SHAPES]
    weights = [weight for _, _, weight in ROOM_SHAPES]
    count = 0
    for cell in range(grid.size):
        if room[cell] >= 0:
            continue
        r, c = divmod(cell, cols)
        short, long = rng.choices(shapes, weights)[0]
        height, width = (short, long) if rng.random() < 0.5 else (long, short)
        free = 0
        while c + free < cols and room[r * cols + c + free] < 0:
            free += 1
        width, height = min(width, free), min(height, rows - r)
        for dr in range(height):
            for dc in range(width):
                room[(r + dr) * cols + c + dc] = count
        count += 1
    masks = [0] * count
    for cell, label in enumerate(room):
        masks[label] |= 1 << cell
    for label, mask in enumerate(masks):
        if mask & (mask - 1):
            continue
        cell = mask.bit_length() - 1
        others = sorted({room[d] for d in grid.neighbour_lists[cell]})
        rng.shuffle(others)
        for other in others:
            if _is_rectangle(grid, masks[other] | mask):
                room[cell] = other
                masks[other] |= mask
                masks[label] = 0
                break
    return [mask for mask in masks if mask]


def _mergeable(grid: Grid, masks: list[Mask]) -> list[tuple[tuple[int, int], int]]:
    """The pairs of neighbouring rooms (by index, in order) whose union is a rectangle of
    :data:`ROOM_SHAPES`, each with that shape's weight."""
    room = [0] * grid.size
    for index, mask in enumerate(masks):
        for cell in range(grid.size):
            if mask >> cell & 1:
                room[cell] = index
    touching: set[tuple[int, int]] = set()
    for cell in range(grid.size):
        for other in grid.neighbour_lists[cell]:
            if room[other] > room[cell]:
                touching.add((room[cell], room[other]))
    pairs = []
    for first, second in sorted(touching):
        weight = _shape_weight(grid, masks[first] | masks[second])
        if weight:
            pairs.append(((first, second), weight))
    return pairs


def _bounds(grid: Grid, mask: Mask) -> tuple[int, int, int, int]:
    top, bottom = grid.row_span(mask)
    left, right = grid.col_span(mask)
    return top, bottom, left, right


def _is_rectangle(grid: Grid, mask: Mask) -> bool:
    return mask == grid.rect(*_bounds(grid, mask))


def _shape_weight(grid: Grid, mask: Mask) -> int:
    """The weight in :data:`ROOM_SHAPES` of the rectangle ``mask`` is, 0 if it is none of them."""
    if not _is_rectangle(grid, mask):
        return 0
    top, bottom, left, right = _bounds(grid, mask)
    height, width = bottom - top + 1, right - left + 1
    return _WEIGHT.get((min(height, width), max(height, width)), 0)


__all__ = ["LARGEST_MEAN", "ROOM_SHAPES", "draw_rooms", "drawn_room_cells"]
