"""Heyawake rooms drawn as published puzzles draw them: rectangles of varied sizes, larger on larger boards.

Published rooms are rectangles, 2x3 the most common, then 2x2, 3x3, 2x4,
1x3, 1x2 and single cells, and they grow with the board: over the corpus a
room holds 5.4 cells on average up to 10x10, 5.9 up to 15x15, 6.7 up to
20x20 and 7.0 beyond.  :func:`draw_rooms` tiles the board in two steps:

1. at the first uncovered cell in reading order, a rectangle drawn from
   :data:`ROOM_SHAPES`, turned either way, shrunk to fit the space left (a
   single cell left over joins a neighbour where the two make a rectangle,
   which can make a 1x7);
2. the shrinking leaves small rooms (5.8 cells a room at every size), so
   while the rooms hold fewer cells on average than :func:`drawn_room_cells`
   asks for, two neighbouring rooms whose union is a rectangle of
   :data:`ROOM_SHAPES` merge, the pair drawn with the weight of the union's
   shape.  The goal is a floor: the last merge may pass it, and a tiling
   already past it is left as it is.

Rooms may keep a half turn, as a fifth of published 10x10 Heyawake do: then
each rectangle is placed together with its image (shrunk until the image
fits and does not overlap it, unless it is its own image), a single cell
joins a room only as its image cell joins the image room (the centre cell
of an odd board, its own image, joins a room and that room's image at once,
where the three make a rectangle), and two rooms merge only as their images
do.

Every random choice goes through the ``random.Random`` passed in and runs over
lists in cell order, so a seed draws the same rooms on every machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...grid import Cell, Grid, Mask, cells, lowest
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
LARGEST_GOAL = 8.0
"""The most cells a room must hold on average before the merges stop, however large the board."""


def drawn_room_cells(size: int) -> float:
    """The mean cells a room the merges of a drawing on a board of ``size`` cells go on to (unless no
    pair can merge): ``4.6 + 0.16 * sqrt(size)``, at most :data:`LARGEST_GOAL`.  The published rooms'
    mean is about ``4.1 + 0.13 * sqrt(size)`` (5.4 at 10x10, 6.7 at 20x20, 7.0 beyond); a
    construction's cuts take half a cell a room at 10x10 to a cell at 20x20 (its first numbers are high
    ones, which call for more cuts)."""
    return min(LARGEST_GOAL, 4.6 + 0.16 * math.sqrt(size))


def draw_rooms(rows: int, cols: int, rng: random.Random, *, turn: Sequence[Cell] | None = None) -> tuple[int, ...]:
    """The room of each cell: a tiling of the board by rectangles of :data:`ROOM_SHAPES` shrunk to fit,
    rooms then merged up to :func:`drawn_room_cells` (see the module docstring).

    With ``turn`` (the image of each cell under a half turn of the board),
    the rooms keep the half turn, as a fifth of published 10x10 Heyawake do:
    each rectangle is placed with its image, and each merge is made with its
    image."""
    grid = Grid.of(rows, cols)
    image = tuple(range(grid.size)) if turn is None else tuple(turn)
    room = _tiling(grid, rng, image)
    masks: dict[int, Mask] = {}
    for cell, label in enumerate(room):
        masks[label] = masks.get(label, 0) | 1 << cell
    mate = {label: room[image[lowest(mask)]] for label, mask in masks.items()}
    weights = {pair: weight for pair in _touching(grid, room) if (weight := _pair_weight(grid, masks, mate, pair))}
    goal = drawn_room_cells(grid.size)
    while weights and grid.size < goal * len(masks):
        order = sorted(weights)
        chosen = rng.choices(order, [weights[pair] for pair in order])[0]
        merges = sorted({chosen, _image_pair(mate, chosen)})
        changed: set[int] = set()
        for kept, gone in merges:
            for cell in cells(masks[gone]):
                room[cell] = kept
            masks[kept] |= masks.pop(gone)
            changed |= {kept, gone}
        for kept, gone in merges:
            mate[kept] = room[image[lowest(masks[kept])]]
            mate.pop(gone, None)
        weights = {pair: weight for pair, weight in weights.items() if not changed & set(pair)}
        for label in changed & masks.keys():
            for pair in _touching(grid, room, masks[label]):
                if weight := _pair_weight(grid, masks, mate, pair):
                    weights[pair] = weight
    return number_rooms(grid, room)


def _image_pair(mate: dict[int, int], pair: tuple[int, int]) -> tuple[int, int]:
    """The pair of rooms that are the images of ``pair`` (in increasing order)."""
    a, b = mate[pair[0]], mate[pair[1]]
    return (a, b) if a < b else (b, a)


def _pair_weight(grid: Grid, masks: dict[int, Mask], mate: dict[int, int], pair: tuple[int, int]) -> int:
    """The weight of merging ``pair`` (:func:`_shape_weight`); 0 where the merge cannot be made with its
    image: one of the rooms is its own image but the other is not."""
    image = _image_pair(mate, pair)
    if image != pair and set(image) & set(pair):
        return 0
    return _shape_weight(grid, masks, pair)


def _tiling(grid: Grid, rng: random.Random, image: Sequence[Cell]) -> list[int]:
    """A label for each cell's room: rectangles of :data:`ROOM_SHAPES` placed in reading order, each
    shrunk to fit (with its ``image``, which it may not overlap unless it is its own image), then each
    single cell the shrinking left joined to a neighbouring room where the two make a rectangle (the
    image cell to the image room)."""
    rows, cols = grid.rows, grid.cols
    room = [-1] * grid.size
    shapes = [(short, long) for short, long, _ in ROOM_SHAPES]
    weights = [weight for _, _, weight in ROOM_SHAPES]
    count = 0

    def mapped(mask: Mask) -> Mask:
        return sum(1 << image[c] for c in cells(mask))

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
        while True:  # a 1x1 always fits: its image cell is still free, or is itself
            rect = grid.rect(r, r + height - 1, c, c + width - 1)
            turned = mapped(rect)
            if all(room[t] < 0 for t in cells(turned)) and (turned == rect or not turned & rect):
                break
            if height >= width:
                height -= 1
            else:
                width -= 1
        for placed in (rect,) if turned == rect else (rect, turned):
            for t in cells(placed):
                room[t] = count
            count += 1
    masks = [0] * count
    for cell, label in enumerate(room):
        masks[label] |= 1 << cell
    for label, mask in enumerate(masks):
        if mask & (mask - 1) or not mask:
            continue  # not a single cell (a room another single joined has grown), or one gone
        cell = lowest(mask)
        twin = room[image[cell]]
        others = sorted({room[d] for d in grid.neighbour_lists[cell]})
        rng.shuffle(others)
        for other in others:
            other_twin = room[image[lowest(masks[other])]]
            if other_twin == label:
                continue  # two single cells, each the other's image
            if twin == label and other_twin != other:  # the centre, between a room and its image
                joins = [(label, other), (other_twin, other)]
                union = mask | masks[other] | masks[other_twin]
            elif (twin == label) == (other_twin == other):
                joins = sorted({(label, other), (twin, other_twin)})
                union = mask | masks[other]
            else:
                continue
            if not _small_rect(grid, union):
                continue
            for single, into in joins:
                for c in cells(masks[single]):
                    room[c] = into
                masks[into] |= masks[single]
                masks[single] = 0
            break
    return room


def _small_rect(grid: Grid, mask: Mask) -> bool:
    """Whether ``mask`` is a rectangle at most 4 cells across and 7 long."""
    if not grid.is_rect(mask):
        return False
    top, bottom = grid.row_span(mask)
    left, right = grid.col_span(mask)
    return min(bottom - top, right - left) < 4 and max(bottom - top, right - left) < 7


def _touching(grid: Grid, room: list[int], within: Mask | None = None) -> set[tuple[int, int]]:
    """The pairs of rooms (each in increasing order) with side-by-side cells, of the cells ``within``
    only when given."""
    found = set()
    for cell in range(grid.size) if within is None else cells(within):
        for other in grid.neighbour_lists[cell]:
            if room[other] != room[cell]:
                found.add((min(room[cell], room[other]), max(room[cell], room[other])))
    return found


def _shape_weight(grid: Grid, masks: dict[int, Mask], pair: tuple[int, int]) -> int:
    """The weight in :data:`ROOM_SHAPES` of the rectangle the two rooms make together, 0 if they make
    none of them."""
    union = masks[pair[0]] | masks[pair[1]]
    if not grid.is_rect(union):
        return 0
    top, bottom = grid.row_span(union)
    left, right = grid.col_span(union)
    height, width = bottom - top + 1, right - left + 1
    return _WEIGHT.get((min(height, width), max(height, width)), 0)


__all__ = ["LARGEST_GOAL", "ROOM_SHAPES", "draw_rooms", "drawn_room_cells"]
