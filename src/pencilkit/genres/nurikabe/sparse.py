"""Sparse Nurikabe: few clues and big islands, made by merging islands while the puzzle stays unique.

A sparse layout drawn at random almost never has one solution, and repairs
that keep it sparse rarely make it so: a big island has too many shapes for
one clue's position to pin down.  So this works the other way round.  It
starts from a unique puzzle and *merges* two islands through a sea cell
between them (the merged island's clue is their sizes plus one, at any of
its cells), keeping a merge only when the SAT engine proves the new puzzle
unique.  Every state on the way is a unique puzzle, so the result is unique
by construction, and checked.  When no merge keeps the puzzle unique, a
neutral move (an island grows by a cell, gives one back, or its clue moves)
that keeps it unique opens new merges.

Each proof is a SAT call with a conflict budget, not a clock, so a seed gives
the same puzzle on every machine; a proof that runs out counts as "not
unique".  Second solutions found on the way are kept: a candidate one of
them still solves is dropped without asking the solver.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field

from ...engines.sat import SatSession, SatTimeout
from ...grid import Mask, cells
from .layout import Layout

PLACES = 2
"""Cells besides the joined islands' own clue cells a merged island's clue is tried at."""
FIXES = 3
"""Tries a merge that leaves a second solution gets at breaking it (:meth:`Sparsifier.fixes`)."""
RIVALS_KEPT = 64
"""Second solutions kept to reject candidates without the solver."""


@dataclass(frozen=True)
class Target:
    """When a layout is sparse enough, and the land share it must keep."""

    mean_clue: float = 8.0
    max_clues: int = 15
    min_land: float = 0.40
    max_land: float = 0.55

    def met(self, layout: Layout) -> bool:
        count = len(layout.islands)
        return count <= self.max_clues and mean_clue(layout) >= self.mean_clue


def mean_clue(layout: Layout) -> float:
    return sum(island.bit_count() for island in layout.islands) / max(1, len(layout.islands))


@dataclass
class Sparsifier:
    """Merges islands of unique layouts while they stay unique (see the module docstring)."""

    rng: random.Random
    target: Target = field(default_factory=Target)
    conflicts: int = 5_000
    """Conflicts each SAT call may take."""
    rounds: int = 30
    """SAT calls (each adding connectivity cuts) one proof may take."""
    checks: int = 0
    """SAT proofs asked for so far."""
    rivals: deque[int] = field(default_factory=lambda: deque(maxlen=RIVALS_KEPT))
    """Shaded masks of second solutions met so far, newest last."""
    last_rival: int | None = None
    """The sea of the second solution that made the last :meth:`is_unique` say no, if one did."""

    def is_unique(self, layout: Layout) -> bool:
        """Whether the layout's puzzle has its layout as its only solution (``False`` when unproven)."""
        from . import NURIKABE

        self.last_rival = next((shaded for shaded in reversed(self.rivals) if solves(layout, shaded)), None)
        if self.last_rival is not None:
            return False
        self.checks += 1
        with SatSession(NURIKABE, layout.puzzle(), conflicts=self.conflicts) as session:
            session.block(layout.sea)
            try:
                rival = session.next_solution(rounds=self.rounds)
            except SatTimeout:
                return False
        if rival is not None:
            self.rivals.append(rival)
            self.last_rival = rival
            return False
        return True

    def fixes(self, layout: Layout, rival: int) -> list[Layout]:
        """Layouts as sparse as ``layout`` that the second solution ``rival`` no longer solves, changed
        at one cell where the two differ: a clue moves onto land the rival makes sea (which the
        rival then shades), that land turns to sea, or sea the rival makes land turns to land."""
        out: list[Layout] = []
        grid_cells = layout.rows * layout.cols
        lost = layout.land & rival
        for cell in cells(lost):
            index = layout.island_of(cell)
            out.append(layout.with_clue(index, cell))
            if cell not in layout.clue_cells and layout.land.bit_count() > self.target.min_land * grid_cells:
                shrunk = layout.without_land(cell, self.rng)
                if shrunk is not None and len(shrunk.islands) == len(layout.islands):
                    out.append(shrunk)
        if layout.land.bit_count() < self.target.max_land * grid_cells:
            for cell in cells(layout.sea & ~rival):
                if len(layout.touching(cell)) == 1:
                    grown = layout.with_land(cell)
                    if grown is not None:
                        out.append(grown)
        self.rng.shuffle(out)
        return out

    def merges(self, layout: Layout) -> Iterator[Layout]:
        """Layouts with two islands joined through one sea cell, in random order, each with the clue
        where one of the joined islands had it, or at one of :data:`PLACES` other cells."""
        grid_cells = layout.rows * layout.cols
        spots = [c for c in cells(layout.sea) if len(layout.touching(c)) >= 2]
        self.rng.shuffle(spots)
        for cell in spots:
            joined = layout.with_land(cell)
            if joined is None or joined.land.bit_count() > self.target.max_land * grid_cells:
                continue
            index = joined.island_of(cell)
            kept = [layout.clue_cells[k] for k in layout.touching(cell)]
            others = [c for c in cells(joined.islands[index]) if c not in kept]
            self.rng.shuffle(kept)
            self.rng.shuffle(others)
            for place in kept + others[:PLACES]:
                yield joined.with_clue(index, place)

    def neutral(self, layout: Layout) -> Iterator[Layout]:
        """Layouts as sparse as this one: an island one cell larger (these first: they raise the mean
        clue), or smaller, or a clue moved."""
        grid_cells = layout.rows * layout.cols
        land = layout.land.bit_count()
        grown: list[Layout] = []
        if land + 1 <= self.target.max_land * grid_cells:
            for c in cells(layout.sea):
                if len(layout.touching(c)) == 1:
                    bigger = layout.with_land(c)
                    if bigger is not None:
                        grown.append(bigger)
        self.rng.shuffle(grown)
        yield from grown
        moves: list[Layout] = []
        if land - 1 >= self.target.min_land * grid_cells:
            for c in cells(layout.land):
                if c in layout.clue_cells:
                    continue
                shrunk = layout.without_land(c, self.rng)
                if shrunk is not None and len(shrunk.islands) == len(layout.islands):
                    moves.append(shrunk)
        for k, island in enumerate(layout.islands):
            moves.extend(layout.with_clue(k, c) for c in cells(island) if c != layout.clue_cells[k])
        self.rng.shuffle(moves)
        yield from moves

    def sparsify(self, layout: Layout, *, budget: int) -> Layout:
        """Merge (or when stuck, move) while the puzzle stays unique, until the target is met or
        ``budget`` SAT proofs have been asked for; ``layout`` must be unique.

        A merge that leaves a second solution gets :data:`FIXES` tries to break it
        (:meth:`fixes`) before the next merge is tried.
        """
        stop = self.checks + budget
        while not self.target.met(layout) and self.checks < stop:
            step = self._first_unique(self.merges(layout), stop, FIXES)
            if step is None:
                step = self._first_unique(self.neutral(layout), stop)
            if step is None:
                break
            layout = step
        return layout

    def _first_unique(self, candidates: Iterator[Layout], stop: int, fixes: int = 0) -> Layout | None:
        for candidate in candidates:
            if self.checks >= stop:
                return None
            if self.is_unique(candidate):
                return candidate
            if fixes and self.last_rival is not None:
                for fixed in self.fixes(candidate, self.last_rival)[:fixes]:
                    if self.checks >= stop:
                        return None
                    if self.is_unique(fixed):
                        return fixed
        return None


def solves(layout: Layout, shaded: Mask) -> bool:
    """Whether ``shaded``, the sea of some solution of an earlier puzzle, is another solution of this one.

    Its sea is connected and pool-free already, so only the islands are left
    to check: one per clue, of the clue's size, and no land beside them.
    """
    clue_mask = layout.clue_mask
    if shaded == layout.sea or shaded & clue_mask:
        return False
    grid = layout.grid
    land = grid.full & ~shaded
    if land.bit_count() != layout.land.bit_count():
        return False
    for cell, island in zip(layout.clue_cells, layout.islands):
        found = grid.flood(1 << cell, land)
        if found.bit_count() != island.bit_count() or (found & clue_mask).bit_count() != 1:
            return False
    return True  # one island per clue, of its size, as many cells as all of them: no land is left over


__all__ = ["Sparsifier", "Target", "mean_clue", "solves"]
