"""Easy Nurikabe layouts built the way the easy ladder solves them.

The ladder up to easy decides a cell by one of a few local facts: a cell
touching two numbered islands is sea; a complete island is walled by sea; a
2x2 block with three sea cells has land in the fourth; an island that must
still grow, or a part of the sea that must join the rest, with one way out
takes it.  A *cascade* builds the solution and its clues together, and
decides a cell only by these facts: it plants a clue, lets every fact follow,
and an island grows only through its one way out, stopping where its number
will say.  A cell no fact decides is left open; when every island is closed
and every 2x2 block holds land, the open cells are the rest of the sea, which
the ladder's last step (every island complete: the rest is sea) fills in.

Every fact the cascade used holds in the finished puzzle too: more clues
and more decided cells only take ways out away, and the way out the cascade
took is land (or sea) in the finished layout, so it is still the one left.
So the ladder up to easy finishes every puzzle a cascade makes: it is unique,
and rated easy at most, by construction.

Where nothing follows, the cascade weighs a few moves and takes the best:
a new clue on an open cell touching no land (in a 2x2 block that still has
none, while there is one), or closing an island that waits with two ways
out or more.  Each is tried on a copy and scored by the cells it decides
(land counted twice: the land share is what falls short most), less what it
costs the looks: a new clue, an island closed below the size drawn for it, a
1.  A move after which the facts contradict each other (a pool, sea cut off
from the rest, land that would join two islands or grow a closed one) is
never taken; when every move does, the cascade backs out to the next best
move of an earlier step, and after a few such dead ends it gives up and the
caller starts over.

A cascade may keep a symmetry: every move is then made at a cell and its
images, and an island and its images grow towards one size.  An island
whose way out touches that cell's image closes instead of growing (it and
its image would meet there).  The facts follow one cell at a time, so an
island and its image can still part ways elsewhere; a layout that is not
symmetric in the end is given up.

Every random choice goes through the ``random.Random`` passed in, over lists
in cell order, so a seed gives the same layout on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from ...grid import Cell, Grid, Mask, cells, lowest
from .layout import Layout
from .style import PUBLISHED_SIZES
from .symmetric import Maps, images, symmetrize

TARGET_LIFT = 2
"""Added to every island size drawn: an island stops growing where its way out is no longer the
only one, mostly short of the size drawn, and with this lift the sizes it ends at match published
puzzles up to 10x10 (seeds 20-49, six moves weighed: mean clue 3.6 and 44% land, against 3.0 and
42% without)."""
CELLS_PER_MOVE = 20
"""New clues tried at each step where nothing follows: one per this many cells of the board, and at
least :data:`FEWEST_MOVES` (besides closing each waiting island).  Weighing more moves makes bigger
islands and fewer 1s, so more cascades fall inside the band, but takes the island sizes further
from published ones of the size class: at 20x20, 10 moves give a size distance of 0.06, 20 give
0.10 in less than half the time per layout in the band, 40 give 0.13."""
FEWEST_MOVES = 6
"""The fewest new clues tried at each step (boards of up to 139 cells)."""
CLUE_COST = 3.0
"""What a new clue costs in the score of a move, in cells decided."""
SHORTFALL_COST = 1.0
"""What each cell an island is closed below its drawn size costs."""
ONE_COST = 6.0
"""What an island closed at one cell costs (published puzzles have few 1s)."""
BACKTRACKS = 20
"""Dead ends the cascade backs out of (taking the next best move of an earlier step) before it gives up."""


class _Stuck(Exception):
    """The facts contradict each other: no layout follows from this cascade."""


@dataclass
class _Cascade:
    """A layout under construction: land (islands, each with its clue), sea, and cells still open."""

    grid: Grid
    draw: Callable[[Cell], int]
    """The size an island with its clue on a cell will grow towards (the same for a cell's images)."""
    orbit: Callable[[Cell], list[Cell]]
    """A cell and its images under the symmetry the layout keeps (the cell alone without one)."""
    land: Mask
    sea: Mask
    islands: list[Mask]
    borders: list[Mask]
    """Each island's border, kept beside it (settling reads every border each round)."""
    clue_cells: list[Cell]
    targets: list[int]
    closed: list[bool]
    shortfall: int = 0
    ones: int = 0
    parts: tuple[Mask, tuple[tuple[Mask, Mask], ...]] = (0, ())
    """The sea when its parts were last worked out, and those parts with their borders."""

    @staticmethod
    def empty(grid: Grid, draw: Callable[[Cell], int], orbit: Callable[[Cell], list[Cell]]) -> _Cascade:
        return _Cascade(grid, draw, orbit, 0, 0, [], [], [], [], [])

    def copy(self) -> _Cascade:
        return replace(self, islands=list(self.islands), borders=list(self.borders), clue_cells=list(self.clue_cells),
                       targets=list(self.targets), closed=list(self.closed))

    @property
    def open_cells(self) -> Mask:
        return self.grid.full & ~self.land & ~self.sea

    def plant(self, cell: Cell, target: int) -> None:
        """A new island of one cell, its clue there, to grow towards ``target`` cells."""
        bit = 1 << cell
        self.land |= bit
        self.islands.append(bit)
        self.borders.append(self.grid.neighbours[cell])
        self.clue_cells.append(cell)
        self.targets.append(target)
        self.closed.append(False)

    def plant_orbit(self, cell: Cell) -> int:
        """New islands on ``cell`` and its images (open cells touching no land nor each other); how many."""
        images = self.orbit(cell)
        target = self.draw(cell)
        for image in images:
            if not self.open_cells >> image & 1 or self.grid.neighbours[image] & self.land:
                raise _Stuck
            self.plant(image, target)
        return len(images)

    def close_orbit(self, k: int) -> None:
        """Island ``k`` and the islands on the images of its clue are complete."""
        for image in self.orbit(self.clue_cells[k]):
            if image not in self.clue_cells:
                raise _Stuck
            j = self.clue_cells.index(image)
            if not self.closed[j]:
                self.close(j)

    def close(self, k: int) -> None:
        """Island ``k`` is complete at its size: its clue says so."""
        size = self.islands[k].bit_count()
        self.shortfall += max(0, self.targets[k] - size)
        self.ones += size == 1
        self.closed[k] = True

    def grow(self, k: int, cell: Cell) -> None:
        island = self.islands[k] | 1 << cell
        self.islands[k] = island
        self.borders[k] = self.grid.border(island)
        self.land |= 1 << cell

    def settle(self) -> None:
        """Let every fact follow, to a fixpoint; :class:`_Stuck` when they contradict each other."""
        grid = self.grid
        while True:
            open_ = self.open_cells
            once = twice = walls = 0
            for border, closed in zip(self.borders, self.closed):
                twice |= once & border
                once |= border
                if closed:
                    walls |= border
            sea = (twice | walls) & open_
            if sea:
                self.sea |= sea
                continue
            if grid.pools(self.sea):
                raise _Stuck
            forced = grid.pool_breakers(self.sea, open_)
            if forced:
                self._land_by_pool(lowest(forced))
                continue
            if self._sea_exits(open_) or self._island_exits():
                continue
            rest = grid.full & ~self.land
            if rest and grid.flood(rest & -rest, rest) != rest:
                raise _Stuck
            return

    def _land_by_pool(self, cell: Cell) -> None:
        """The fourth cell of a 2x2 block with three sea cells is land: it joins the open island it
        touches, or carries a new clue."""
        near = [k for k, island in enumerate(self.islands) if island & self.grid.neighbours[cell]]
        if len(near) > 1 or near and self.closed[near[0]]:
            raise _Stuck
        if near:
            self.grow(near[0], cell)
        else:
            self.plant(cell, self.draw(cell))

    def _sea_exits(self, open_: Mask) -> bool:
        """Each part of the sea with one way out takes it (while the sea is in parts)."""
        parts = self._sea_parts()
        if len(parts) < 2:
            return False
        moved = False
        for _, border in parts:
            exits = border & open_
            if not exits:
                raise _Stuck
            if not exits & (exits - 1):
                self.sea |= exits
                moved = True
        return moved

    def _sea_parts(self) -> tuple[tuple[Mask, Mask], ...]:
        """The parts of the sea with their borders, worked out again only near the sea added since
        the last time."""
        seen, parts = self.parts
        if seen != self.sea:
            parts = tuple(self.grid.regrouped(parts, seen, self.sea))
            self.parts = (self.sea, parts)
        return parts

    def _island_exits(self) -> bool:
        """Each open island with one way out grows through it while under its size, and closes when
        it has reached it or has no way out."""
        grid = self.grid
        moved = False
        for k, island in enumerate(self.islands):
            if self.closed[k]:
                continue
            exits = self.borders[k] & ~self.land & ~self.sea
            if not exits:
                self.close(k)
                moved = True
            elif not exits & (exits - 1):
                if exits & grid.dilate(self.land & ~island):
                    continue  # it touches another island now: sea, on the next round
                way = lowest(exits)
                if island.bit_count() < self.targets[k] and not self._meets_own_image(way):
                    self.grow(k, way)
                else:
                    self.close(k)
                moved = True
        return moved

    def _meets_own_image(self, cell: Cell) -> bool:
        """Whether ``cell`` touches one of its images: an island and its image growing there would
        meet, so under a symmetry such an island closes instead."""
        return any(self.grid.neighbours[cell] >> image & 1 for image in self.orbit(cell))

    def score(self, before: _Cascade, planted: int) -> float:
        """How good the move from ``before`` was: cells decided (land counted twice), less the costs
        of ``planted`` new clues, of islands closed short and of 1s."""
        decided = before.open_cells.bit_count() - self.open_cells.bit_count()
        land = self.land.bit_count() - before.land.bit_count()
        return (decided + land - CLUE_COST * planted - SHORTFALL_COST * (self.shortfall - before.shortfall)
                - ONE_COST * (self.ones - before.ones))

    def layout(self) -> Layout:
        pairs = sorted(zip(self.islands, self.clue_cells), key=lambda pair: pair[0] & -pair[0])
        return Layout(self.grid.rows, self.grid.cols, tuple(i for i, _ in pairs), tuple(c for _, c in pairs))


def cascade_layout(rows: int, cols: int, rng: random.Random,
                   sizes: Mapping[int, float] = PUBLISHED_SIZES, perms: Maps = ()) -> Layout | None:
    """A layout whose puzzle the ladder up to easy finishes, island sizes drawn with the weights
    ``sizes`` (plus :data:`TARGET_LIFT`); ``None`` when the cascade is stuck.

    With the maps ``perms`` of a symmetry (identity first), every move is
    made at a cell and its images, an island and its images grow towards one
    size, and a layout that is not symmetric in the end (an island and its
    image met across an axis) is given up.  The islands are what the
    cascade's facts and its moves made them; the caller holds the layout to
    a band of looks.
    """
    grid = Grid.of(rows, cols)
    drawn, weights = list(sizes), list(sizes.values())
    shared: dict[Cell, int] = {}

    def draw(cell: Cell) -> int:
        if not perms:
            return rng.choices(drawn, weights)[0] + TARGET_LIFT
        key = min(images(cell, perms))
        if key not in shared:
            shared[key] = rng.choices(drawn, weights)[0] + TARGET_LIFT
        return shared[key]

    def orbit(cell: Cell) -> list[Cell]:
        return images(cell, perms) if perms else [cell]

    if not grid.windows:
        return None  # no 2x2 block: nothing would call for land, and an all-sea layout has no clue
    weighed = max(FEWEST_MOVES, grid.size // CELLS_PER_MOVE)
    state = _Cascade.empty(grid, draw, orbit)
    state.settle()
    choices: list[list[_Cascade]] = []
    backtracks = 0
    while True:
        bare = grid.window_cells(grid.window_corners & ~grid.windows_meeting(state.land))
        waiting = [k for k, closed in enumerate(state.closed) if not closed]
        if not bare and not waiting:
            layout = state.layout()
            return layout if not perms or symmetrize(layout, perms) == layout else None
        spots = state.open_cells & ~grid.dilate(state.land)
        pool = list(cells(spots & bare)) or list(cells(spots))
        moves: list[tuple[Cell, int]] = [(cell, -1) for cell in rng.sample(pool, min(weighed, len(pool)))]
        seen: set[Cell] = set()
        for k in waiting:
            key = min(orbit(state.clue_cells[k]))
            if key not in seen:
                seen.add(key)
                moves.append((-1, k))
        scored: list[tuple[float, int, _Cascade]] = []
        for cell, k in moves:
            trial = state.copy()
            try:
                planted = trial.plant_orbit(cell) if k < 0 else 0
                if k >= 0:
                    trial.close_orbit(k)
                trial.settle()
            except _Stuck:
                continue
            scored.append((-trial.score(state, planted), len(scored), trial))
        scored.sort(key=lambda entry: entry[:2])
        choices.append([trial for _, _, trial in reversed(scored)])
        while not choices[-1]:
            choices.pop()
            backtracks += 1
            if not choices or backtracks > BACKTRACKS:
                return None
        state = choices[-1].pop()


__all__ = ["cascade_layout"]
