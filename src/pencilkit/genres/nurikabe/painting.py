"""Nurikabe layouts that are valid by construction: islands in a connected, pool-free sea.

A *layout* is a solved board: its islands (masks) and the cell of each that
carries the clue; the clue's number is the island's size.  Two builders make
one, each keeping R2 (islands never touch), R3 (the sea stays connected) and
R5 as loop invariants, so nothing is ever rejected for a reason it cannot name:

* :func:`repair_layout`: start all sea; while a 2x2 all-sea block
  exists, turn one of its cells to land, choosing a cell that touches at most
  one island, keeps that island under the size cap and leaves the sea
  connected, weighted toward growing small islands.  No pool is left because
  that is the loop condition.  When every cell of every remaining block is
  illegal, the builder is cornered and gives up (the caller starts over).
* :func:`growth_layout`: plant island seeds
  (sea cells touching no land whose removal keeps the sea connected) and grow
  each to a size drawn from 1-6 (1-3 for easy) until 40-55% of the board is
  land, then break every remaining pool the way the repair builder does,
  except that a pool cell may also join two islands into one (rarely chosen;
  without it the builder cornered itself on 28 of 30 15x15 boards, with it
  and an island cap of 12 on 7 of 30).

A layout changes one cell at a time (:meth:`Layout.with_land`,
:meth:`Layout.without_land`, :meth:`Layout.with_clue`), each change keeping
it valid.

Every random choice goes through the ``random.Random`` passed in and runs over
lists in cell order, so a seed gives the same layout on every machine.

rationale: the sea-connectivity test is local first (the sea neighbours of the
cell joined through its 3x3 box), and floods the board only when that fails.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from ...grid import Cell, Grid, Mask, cells
from ...puzzle import Answer, Puzzle

MERGE_WEIGHT = 0.1
"""How much less the growth builder likes a pool-breaking cell that merges islands."""


@dataclass(frozen=True)
class Layout:
    """A solved Nurikabe board: islands, each with one clue cell, in a valid sea."""

    rows: int
    cols: int
    islands: tuple[Mask, ...]
    """The islands, in order of their lowest cell."""
    clue_cells: tuple[Cell, ...]
    """The clue cell of each island (same order as ``islands``)."""

    @classmethod
    def of(cls, puzzle: Puzzle, solution: Answer) -> Layout:
        """The layout behind a solved puzzle: each clue's island in ``solution``."""
        grid = puzzle.grid
        islands = sorted(((grid.flood(1 << cell, solution.unshaded), cell) for cell, _ in puzzle.clues),
                         key=lambda pair: pair[0] & -pair[0])
        return cls(puzzle.rows, puzzle.cols, tuple(i for i, _ in islands), tuple(c for _, c in islands))

    @property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @property
    def clue_mask(self) -> Mask:
        out = 0
        for cell in self.clue_cells:
            out |= 1 << cell
        return out

    @property
    def land(self) -> Mask:
        total = 0
        for island in self.islands:
            total |= island
        return total

    @property
    def sea(self) -> Mask:
        return self.grid.full & ~self.land

    def puzzle(self) -> Puzzle:
        """The puzzle: one clue per island, the island's size."""
        clues = {cell: island.bit_count() for cell, island in zip(self.clue_cells, self.islands)}
        return Puzzle("nurikabe", self.rows, self.cols, tuple(sorted(clues.items())))

    def solution(self) -> Answer:
        return Answer(self.rows, self.cols, self.sea, self.land)

    def island_of(self, cell: Cell) -> int:
        """The index of the island holding ``cell``, or -1 for a sea cell."""
        bit = 1 << cell
        for k, island in enumerate(self.islands):
            if island & bit:
                return k
        return -1

    def touching(self, cell: Cell) -> list[int]:
        """Indices of the islands next to ``cell``, in increasing order."""
        near = self.grid.neighbours[cell]
        return [k for k, island in enumerate(self.islands) if island & near]

    def sea_touching(self, islands: int) -> list[Cell]:
        """The sea cells next to exactly ``islands`` islands, in cell order."""
        return [cell for cell in cells(self.sea) if len(self.touching(cell)) == islands]

    def with_land(self, cell: Cell, clue: Cell | None = None) -> Layout | None:
        """Sea ``cell`` turned to land, joining the islands it touches into one.

        The joined island keeps the clue cell ``clue`` (one of the joined
        islands' clue cells; by default the first), and a cell touching no
        island becomes a new island clued on itself.  ``None`` when the sea
        would split or vanish.
        """
        grid = self.grid
        if not keeps_sea_connected(grid, self.sea, cell):
            return None
        joined = self.touching(cell)
        merged = 1 << cell
        for k in joined:
            merged |= self.islands[k]
        if clue is None:
            clue = self.clue_cells[joined[0]] if joined else cell
        islands = [m for k, m in enumerate(self.islands) if k not in joined] + [merged]
        clue_cells = [c for k, c in enumerate(self.clue_cells) if k not in joined] + [clue]
        order = sorted(range(len(islands)), key=lambda k: islands[k] & -islands[k])
        return Layout(self.rows, self.cols, tuple(islands[k] for k in order), tuple(clue_cells[k] for k in order))

    def without_land(self, cell: Cell, rng: random.Random) -> Layout | None:
        """Land ``cell`` turned to sea: its island shrinks, or splits into pieces that are clued anew.

        The piece holding the island's clue keeps it; every other piece
        becomes an island clued on a random cell of it.  ``None`` when the
        cell is sea or a clue, touches no sea (it would be a sea cell cut off
        from the rest), or would complete a 2x2 pool.
        """
        grid = self.grid
        index = self.island_of(cell)
        if index < 0 or self.clue_cells[index] == cell or not grid.neighbours[cell] & self.sea:
            return None
        if grid.pools(self.sea | 1 << cell):
            return None
        rest = self.islands[index] & ~(1 << cell)
        kept = grid.flood(1 << self.clue_cells[index], rest)
        islands = [m for k, m in enumerate(self.islands) if k != index] + [kept]
        clue_cells = [c for k, c in enumerate(self.clue_cells) if k != index] + [self.clue_cells[index]]
        rest &= ~kept
        while rest:
            piece = grid.flood(rest & -rest, rest)
            rest &= ~piece
            islands.append(piece)
            clue_cells.append(rng.choice(list(cells(piece))))
        order = sorted(range(len(islands)), key=lambda k: islands[k] & -islands[k])
        return Layout(self.rows, self.cols, tuple(islands[k] for k in order), tuple(clue_cells[k] for k in order))

    def with_clue(self, index: int, cell: Cell) -> Layout:
        """The same islands with island ``index``'s clue moved to ``cell`` (a cell of it)."""
        clue_cells = list(self.clue_cells)
        clue_cells[index] = cell
        return Layout(self.rows, self.cols, self.islands, tuple(clue_cells))


def is_valid(layout: Layout) -> bool:
    """R1-R5 hold: islands apart and clued once, sea connected, non-empty and pool-free."""
    grid = layout.grid
    land = 0
    for island, clue in zip(layout.islands, layout.clue_cells):
        if not island >> clue & 1 or grid.flood(1 << clue, island) != island:
            return False
        if grid.border(island) & land or island & land:
            return False
        land |= island
    sea = grid.full & ~land
    return bool(sea) and not grid.pools(sea) and grid.flood(sea & -sea, sea) == sea


@cache
def _boxes(rows: int, cols: int) -> tuple[Mask, ...]:
    """The 3x3 box (8-neighbourhood and the cell) around every cell."""
    grid = Grid.of(rows, cols)
    out = []
    for cell in range(grid.size):
        bit = 1 << cell
        column = bit | (bit << cols & grid.full) | (bit >> cols)
        out.append(column | (column << 1 & grid.not_first_col) | (column >> 1 & grid.not_last_col))
    return tuple(out)


def keeps_sea_connected(grid: Grid, sea: Mask, cell: Cell) -> bool:
    """Whether ``sea`` minus ``cell`` is non-empty and still one piece (``sea`` being one piece)."""
    rest = sea & ~(1 << cell)
    if not rest:
        return False
    near = grid.neighbours[cell] & rest
    if near & (near - 1) == 0:
        return True
    box = _boxes(grid.rows, grid.cols)[cell]
    if grid.flood(near & -near, box & rest) & near == near:
        return True
    return grid.flood(near & -near, rest) & near == near


class Builder:
    """A layout under construction: land grows one legal cell at a time."""

    def __init__(self, rows: int, cols: int) -> None:
        self.grid = Grid.of(rows, cols)
        self.boxes = _boxes(rows, cols)
        self.sea: Mask = self.grid.full
        self.islands: list[Mask] = []
        self.owner: list[int] = [-1] * self.grid.size

    @property
    def land(self) -> Mask:
        return self.grid.full & ~self.sea

    def touching(self, cell: Cell) -> list[int]:
        """Indices of the islands next to ``cell``, without repeats, in increasing order."""
        found = {self.owner[n] for n in self.grid.neighbour_lists[cell]} - {-1}
        return sorted(found)

    def keeps_sea_connected(self, cell: Cell) -> bool:
        """Whether the sea minus ``cell`` is non-empty and still one piece."""
        return keeps_sea_connected(self.grid, self.sea, cell)

    def island_size(self, index: int) -> int:
        return self.islands[index].bit_count()

    def take(self, cell: Cell, index: int | None = None, also: Sequence[int] = ()) -> int:
        """Turn sea ``cell`` into land, joining island ``index`` (and merging ``also`` into it) or starting one."""
        bit = 1 << cell
        self.sea &= ~bit
        if index is None:
            index = len(self.islands)
            self.islands.append(bit)
        else:
            self.islands[index] |= bit
        for other in also:
            for c in cells(self.islands[other]):
                self.owner[c] = index
            self.islands[index] |= self.islands[other]
            self.islands[other] = 0
        self.owner[cell] = index
        return index

    def legal_growth(self, cell: Cell, cap: int, merge: bool = False) -> list[int] | None:
        """The islands ``cell`` would join as land, or ``None`` if it may not become land.

        It may touch at most one island (any number with ``merge``), the island
        it makes must stay within ``cap`` cells, and the sea must stay whole.
        """
        near = self.touching(cell)
        if len(near) > 1 and not merge:
            return None
        size = 1 + sum(self.island_size(k) for k in near)
        if size > cap or not self.keeps_sea_connected(cell):
            return None
        return near

    def break_pools(self, rng: random.Random, cap: int, grow_bias: float, merge: bool = False) -> bool:
        """Whiten a cell of each 2x2 all-sea block until none is left; False when cornered.

        Blocks are broken in reading order (the first one with a legal cell).
        With ``merge`` a cell may join islands (rarely chosen when another will do).
        rationale: picking blocks at random corners the builder two times in
        three on a 20x20 board, reading order about one time in three; the
        randomness that matters is which cell of the block turns to land.
        """
        grid = self.grid
        while True:
            pools = grid.pools(self.sea)
            if not pools:
                return True
            for corner in cells(pools):
                options: list[tuple[Cell, list[int]]] = []
                weights: list[float] = []
                for cell in cells(grid.window(corner)):
                    near = self.legal_growth(cell, cap, merge)
                    if near is None:
                        continue
                    size = sum(self.island_size(k) for k in near)
                    options.append((cell, near))
                    weight = _weight(size, cap, grow_bias)
                    weights.append(weight if len(near) <= 1 else MERGE_WEIGHT * weight)
                if options:
                    cell, near = rng.choices(options, weights)[0]
                    self.take(cell, near[0] if near else None, near[1:])
                    break
            else:
                return False

    def layout(self, rng: random.Random) -> Layout:
        """The finished layout, each island clued on a random cell of it."""
        order = sorted((k for k in range(len(self.islands)) if self.islands[k]),
                       key=lambda k: self.islands[k] & -self.islands[k])
        islands = tuple(self.islands[k] for k in order)
        clue_cells = tuple(rng.choice(list(cells(island))) for island in islands)
        return Layout(self.grid.rows, self.grid.cols, islands, clue_cells)


def _weight(size: int, cap: int, grow_bias: float) -> float:
    """How much the builders prefer a cell that makes an island of ``size + 1``: small islands grow first."""
    if size == 0:
        return 1.0
    return grow_bias * (cap - size) / cap


def repair_layout(rows: int, cols: int, rng: random.Random, *, cap: int = 6, grow_bias: float = 1.5) -> Layout | None:
    """The repair builder: all sea, then whiten a legal cell of a pool until none is left.

    ``None`` when the builder is cornered (a remaining pool has no legal cell).
    """
    builder = Builder(rows, cols)
    if not builder.break_pools(rng, cap, grow_bias):
        return None
    return builder.layout(rng)


def growth_layout(
    rows: int,
    cols: int,
    rng: random.Random,
    *,
    sizes: Sequence[int] = (1, 2, 3, 4, 5, 6),
    land_share: tuple[float, float] = (0.40, 0.55),
    cap: int = 12,
    grow_bias: float = 1.5,
) -> Layout | None:
    """The growth builder: grow islands from seeds in a connected sea, then break the pools left.

    Island sizes are drawn evenly from ``sizes``.  ``None`` when the builder
    is cornered while breaking pools.
    """
    builder = Builder(rows, cols)
    _plant(builder, rng, rng.uniform(*land_share), lambda: rng.choice(list(sizes)))
    if not builder.break_pools(rng, cap, grow_bias, merge=True):
        return None
    return builder.layout(rng)


def _plant(builder: Builder, rng: random.Random, share: float, draw: Callable[[], int]) -> None:
    """Plant islands (on sea cells touching no land whose loss keeps the sea whole) and grow each
    a cell at a time to a size from ``draw``, until ``share`` of the board is land."""
    grid = builder.grid
    goal = share * grid.size
    while builder.land.bit_count() < goal:
        free = builder.sea & ~grid.dilate(builder.land)
        spots = list(cells(free))
        rng.shuffle(spots)
        seed = next((c for c in spots if builder.keeps_sea_connected(c)), None)
        if seed is None:
            break
        target = draw()
        index = builder.take(seed)
        while builder.island_size(index) < target:
            island = builder.islands[index]
            others = grid.dilate(builder.land & ~island)
            options = [c for c in cells(grid.border(island) & builder.sea & ~others)]
            rng.shuffle(options)
            step = next((c for c in options if builder.keeps_sea_connected(c)), None)
            if step is None:
                break
            builder.take(step, index)


__all__ = ["Builder", "Layout", "growth_layout", "is_valid", "repair_layout"]
