"""What the Nurikabe techniques read off a board: islands, strays, borders.

Land (unshaded cells) connected to a clue is that clue's island; land not
connected to any clue is *stray* land (proven white, owner
not yet known).  Ownership needs no storage: a proven-white cell that touches
an island is connected to it, so it is part of it.  The analysis raises
``Contradiction`` at once for two clues in one island (R2) and an island
larger than its clue (R1).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from ...frame.board import Board, Contradiction, Derived
from ...grid import Cell, Mask

ANALYSIS: Derived[Analysis] = Derived("nurikabe analysis")
"""The islands, the strays and the open cells of a Nurikabe board (:func:`analysis`)."""


@dataclass(frozen=True)
class Island:
    """A clue's island on the current board."""

    index: int
    clue_cell: Cell
    number: int | None
    """The clue, ``None`` for a ``?`` clue."""
    cells: Mask
    border: Mask
    """Cells outside the island touching it (undecided or sea)."""
    size: int
    need: int | None
    """Cells still to add (``number - size``); ``None`` for a ``?`` clue (any number).

    A field, not a property: the techniques read it hundreds of thousands of
    times on a large solve, and islands are built a few thousand times."""

    @property
    def is_complete(self) -> bool:
        return self.number is not None and self.size == self.number


@dataclass(frozen=True)
class Analysis:
    sea: Mask
    land: Mask
    unknown: Mask
    islands: tuple[Island, ...]
    strays: tuple[Mask, ...]
    """Components of land that hold no clue."""
    stray_cells: Mask
    touched: Mask
    """Cells touching at least one island."""
    touched_twice: Mask
    """Cells touching two or more islands."""
    complete_walls: Mask
    """Cells touching a complete numbered island (sea in every solution)."""
    touched_more: tuple[Mask, Mask] = (0, 0)
    """Cells touching three or more islands, and four: with ``touched`` and ``touched_twice``
    a count per cell, so that an update can take an island's border out again."""
    growing: tuple[Island, ...] = ()
    """The islands that may still grow (numbered and short of their number, or ``?``), by index.

    rationale: late in a solve most islands are complete, and the techniques
    that look island by island skip them; keeping the rest apart spares each
    of them a loop over every island on every board probing tries."""

    def others_border(self, island: Island) -> Mask:
        """Cells next to an island other than ``island``."""
        return (self.touched & ~island.border) | self.touched_twice


def analyse(board: Board) -> Analysis:
    """Islands and strays of the board, updated from an earlier analysis when there is one.

    Only components that touch land decided since then can have changed; the
    rest (and their borders) are carried over.
    """
    grid = board.grid
    sea = board.shaded
    land = board.unshaded
    unknown = grid.full & ~sea & ~land
    earlier: Analysis | None = board.earlier(ANALYSIS)
    if earlier is None or earlier.land & ~land:
        kept_islands: list[Island] = []
        kept_strays: list[Mask] = []
        fresh = land
    else:
        fresh = land & ~earlier.land
        if not fresh:
            return Analysis(sea, land, unknown, earlier.islands, earlier.strays, earlier.stray_cells,
                            earlier.touched, earlier.touched_twice, earlier.complete_walls, earlier.touched_more,
                            earlier.growing)
        near = grid.dilate(fresh)
        # new land next to a complete island joins it (and breaks R1): then look at every island
        suspects = earlier.islands if fresh & earlier.complete_walls else earlier.growing
        dropped = [island for island in suspects if island.cells & near]
        if dropped:
            gone = {island.index for island in dropped}
            for island in dropped:
                fresh |= island.cells
            kept_islands = [island for island in earlier.islands if island.index not in gone]
        else:
            kept_islands = list(earlier.islands)
        kept_strays = []
        for stray in earlier.strays:
            if stray & near:
                fresh |= stray
            else:
                kept_strays.append(stray)
        return _assemble(board, sea, land, unknown, kept_islands, kept_strays, grid.components(fresh),
                         (earlier, dropped))
    return _assemble(board, sea, land, unknown, kept_islands, kept_strays, grid.components(fresh))


def _assemble(board: Board, sea: Mask, land: Mask, unknown: Mask, islands: list[Island],
              strays: list[Mask], comps: list[Mask],
              update: tuple[Analysis, list[Island]] | None = None) -> Analysis:
    """The analysis from the islands and strays kept, and the components of land found anew.

    With ``update`` (the earlier analysis and the islands of it not kept), the
    counts of islands touching each cell are updated from the earlier ones:
    the dropped islands' borders taken out, the new islands' borders put in.
    """
    grid = board.grid
    puzzle = board.puzzle
    clue_mask = puzzle.clue_mask
    index_of = puzzle.clue_index
    new_islands = []
    for comp in comps:
        clue_cells = comp & clue_mask
        if not clue_cells:
            strays.append(comp)
            continue
        if clue_cells & (clue_cells - 1):
            raise Contradiction(f"the island at {grid.names(clue_cells)} would hold two numbers", clue_cells)
        cell = clue_cells.bit_length() - 1
        number = puzzle.clue_map[cell]
        if number is not None and comp.bit_count() > number:
            raise Contradiction(
                f"the {number} at {grid.name(cell)} would have an island of {comp.bit_count()}", comp
            )
        size = comp.bit_count()
        new_islands.append(Island(index_of[cell], cell, number, comp, grid.border(comp), size,
                                  None if number is None else number - size))
    islands.extend(new_islands)
    islands.sort(key=attrgetter("index"))
    if update is not None and not any(i.size == i.number for i in update[1]):
        earlier, dropped = update
        one, two = earlier.touched, earlier.touched_twice
        three, four = earlier.touched_more
        complete_walls = earlier.complete_walls
        for island in dropped:
            border = island.border
            one = (one & ~border) | (two & border)
            two = (two & ~border) | (three & border)
            three = (three & ~border) | (four & border)
            four &= ~border
        added = new_islands
    else:
        one = two = three = four = complete_walls = 0
        added = islands
    for island in added:
        border = island.border
        four |= three & border
        three |= two & border
        two |= one & border
        one |= border
        if island.size == island.number:
            complete_walls |= border
    stray_cells = 0
    for stray in strays:
        stray_cells |= stray
    if update is None:
        growing = [i for i in islands if not i.is_complete]  # (an island past its number raised above)
    else:  # the kept islands that grew before still do; of the new ones, those short of their number
        gone = {i.index for i in update[1]}
        growing = [i for i in update[0].growing if i.index not in gone]
        growing += [i for i in new_islands if not i.is_complete]
        growing.sort(key=attrgetter("index"))
    return Analysis(sea, land, unknown, tuple(islands), tuple(strays), stray_cells, one, two,
                    complete_walls, (three, four), tuple(growing))


def analysis(board: Board) -> Analysis:
    """The board's analysis, computed once per board state."""
    return board.derived(ANALYSIS, analyse)


def describe(island: Island, board: Board) -> str:
    """``the 3 at r2c4`` (or ``the ? at r2c4``)."""
    mark = "?" if island.number is None else str(island.number)
    return f"the {mark} at {board.grid.name(island.clue_cell)}"


__all__ = ["Analysis", "Island", "analyse", "analysis", "describe"]
