"""What a Heyawake board's rooms say before any cell is decided: rooms, numbers, and spans.

A *span* is a piece of a row or column that runs from the last cell before
one room border to the first cell after the next: all white, it would be a
white run crossing two borders, so every span holds a black cell.  A row's
spans are found between each pair of consecutive borders in it; every run
crossing two borders contains one, so "each span holds a black cell" is the
whole of the two-borders rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from collections.abc import Iterable, Sequence
from typing import Any

from ...grid import Cell, Grid, Mask
from ...grid import cells as _cells
from ...puzzle import Puzzle, room_masks


@dataclass(frozen=True)
class Room:
    """One room: its number, its cells, and the number (``None``: no number, or a ``?``)."""

    index: int
    cells: Mask
    number: int | None
    clue: Cell | None
    """The cell the number is written in."""


@dataclass(frozen=True)
class Layout:
    """A Heyawake puzzle's rooms and spans, worked out once per puzzle."""

    grid: Grid
    rooms: tuple[Room, ...]
    numbered: tuple[Room, ...]
    """The rooms with a number, in room order."""
    spans: tuple[Mask, ...]
    """Every span (see the module docstring), row spans first."""
    zones: tuple[Mask, ...]
    """For each room, the cells whose state a placement of its black cells depends on: the room, the
    cells around it, and the spans that meet it."""
    room_spans: tuple[tuple[Mask, ...], ...]
    """For each room, the spans that meet it, in the order of :attr:`spans`."""
    nears: tuple[Mask, ...]
    """For each room, the room and the cells next to it."""
    numbered_units: Units
    """The cells of the :attr:`numbered` rooms, to find those that hold a changed cell."""
    span_units: Units
    """The :attr:`spans`, likewise."""
    zone_units: Units
    """The zones of the :attr:`numbered` rooms, likewise."""
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Room placements already worked out, by room and the state of its zone (see the techniques)."""


def spans(grid: Grid, rooms: Sequence[int], rows: Iterable[int] | None = None,
          cols: Iterable[int] | None = None) -> list[Mask]:
    """The spans of a board of rooms (any labels, one per room): rows, then columns, each line in order.

    With ``rows`` and ``cols``, only the spans in those rows and columns, in
    the same order: a change of rooms within a rectangle changes no span of
    the lines that do not cross it.

    >>> g = Grid.of(1, 5)
    >>> [bin(s) for s in spans(g, (0, 1, 1, 2, 2))]
    ['0b1111']
    """
    out: list[Mask] = []
    rows = range(grid.rows) if rows is None else rows
    cols = range(grid.cols) if cols is None else cols
    lines = [[r * grid.cols + c for c in range(grid.cols)] for r in rows]
    lines += [[r * grid.cols + c for r in range(grid.rows)] for c in cols]
    for line in lines:
        borders = [k for k in range(len(line) - 1) if rooms[line[k]] != rooms[line[k + 1]]]
        for first, second in zip(borders, borders[1:]):
            out.append(sum(1 << cell for cell in line[first:second + 2]))
    return out


INDEX_AFTER = 64
"""Look-ups a :class:`Units` answers mask by mask before it builds its index by cell: the generator's
layouts, each solved a few times, never pay for one; a solve's probing asks thousands of times."""


class Units:
    """Masks of cells (rooms, spans, zones) of a board of ``size`` cells, in order, and which of them
    hold a cell of a few."""

    __slots__ = ("_asked", "_at", "masks", "size")

    def __init__(self, masks: Sequence[Mask], size: int) -> None:
        self.masks = tuple(masks)
        self.size = size
        self._asked = 0
        self._at: list[list[int]] | None = None

    def meeting(self, news: Mask | None) -> list[int] | None:
        """The places (in order) of the masks that hold a cell of ``news``; ``None`` when every one should
        be looked at (``news`` is ``None``, as :meth:`~pencilkit.frame.board.Board.since_quiet` says)."""
        if news is None:
            return None
        at = self._at
        if at is None:
            self._asked += 1
            if self._asked <= INDEX_AFTER:
                return [k for k, mask in enumerate(self.masks) if mask & news]
            at = self._at = self._index()
        hit: set[int] = set()
        while news:
            low = news & -news
            hit.update(at[low.bit_length() - 1])
            news ^= low
        return sorted(hit)

    def _index(self) -> list[list[int]]:
        """For each cell of the board (``size`` cells), the places of the masks that hold it."""
        at: list[list[int]] = [[] for _ in range(self.size)]
        for place, mask in enumerate(self.masks):
            for cell in _cells(mask):
                at[cell].append(place)
        return at


_MEMO: dict[int, tuple[Puzzle, Layout]] = {}
_MEMO_SIZE = 16


def layout(puzzle: Puzzle) -> Layout:
    """The layout of ``puzzle``, computed once per puzzle object."""
    hit = _MEMO.get(id(puzzle))
    if hit is not None and hit[0] is puzzle:
        return hit[1]
    found = _layout(puzzle)
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.pop(next(iter(_MEMO)))
    _MEMO[id(puzzle)] = (puzzle, found)
    return found


def _layout(puzzle: Puzzle) -> Layout:
    grid = puzzle.grid
    assert puzzle.rooms is not None, "a Heyawake puzzle has rooms"
    room_of = puzzle.rooms
    numbers: dict[int, tuple[int | None, Cell]] = {}
    for cell, number in puzzle.clues:
        numbers[room_of[cell]] = (number, cell)
    rooms = tuple(Room(k, mask, *numbers.get(k, (None, None))) for k, mask in enumerate(puzzle.room_masks))
    found, zones, meeting, nears = _walls(grid, tuple(room_of))
    numbered = tuple(r for r in rooms if r.number is not None)
    return Layout(grid, rooms, numbered, found, zones, meeting, nears,
                  Units([room.cells for room in numbered], grid.size), Units(found, grid.size),
                  Units([zones[room.index] for room in numbered], grid.size))


@lru_cache(maxsize=64)
def _walls(grid: Grid, room_of: tuple[int, ...]) -> tuple[
        tuple[Mask, ...], tuple[Mask, ...], tuple[tuple[Mask, ...], ...], tuple[Mask, ...]]:
    """What a layout takes from the rooms alone (the room of each cell, rooms numbered from 0), the
    numbers aside: the spans, each room's zone, the spans meeting each room, and each room with the
    cells next to it.  A generator asks for many puzzles on the same rooms with other numbers."""
    masks = room_masks(room_of)
    found = spans(grid, room_of)
    nears = tuple(grid.dilate(mask) for mask in masks)
    zones = list(nears)
    meeting: list[list[Mask]] = [[] for _ in masks]
    for span in found:
        for k in {room_of[c] for c in _cells(span)}:
            zones[k] |= span
            meeting[k].append(span)
    return tuple(found), tuple(zones), tuple(tuple(m) for m in meeting), nears


def most_black(grid: Grid, room: Mask) -> int:
    """The most cells of ``room`` that can be black with none touching: its size less a maximum matching
    of its cells (König's theorem, the room's cells being a bipartite graph by chessboard colour).

    >>> most_black(Grid.of(3, 3), 0b111111111), most_black(Grid.of(2, 2), 0b1111)
    (5, 2)
    """
    cells_in = [c for c in range(grid.size) if room >> c & 1]
    dark = [c for c in cells_in if sum(divmod(c, grid.cols)) % 2 == 0]
    partner: dict[Cell, Cell] = {}

    def augment(c: Cell, seen: set[Cell]) -> bool:
        for d in grid.neighbour_lists[c]:
            if room >> d & 1 and d not in seen:
                seen.add(d)
                if d not in partner or augment(partner[d], seen):
                    partner[d] = c
                    return True
        return False

    matched = sum(augment(c, set()) for c in dark)
    return len(cells_in) - matched
