"""Kurodoko's techniques, cheapest first (the kurodoko-human profile).

=====================  ===========  ==============================================
technique              level        idea
=====================  ===========  ==============================================
black_neighbours       easy         the neighbours of a black cell are white
clue_count             easy         a clue that sees its number already closes its
                                    view; one that can see at most its number
                                    sees everything it might
rays                   medium       a clue's four runs are bounded integers summing
                                    to its number minus one: interval propagation
connectivity           medium       a cell whose blackening would cut the white cells
                                    apart is white; a cell cut off from them is black
short_contradiction    hard         probing: a value refuted within a few steps
contradiction          expert       probing: a value refuted within more steps
=====================  ===========  ==============================================

Every technique returns only what holds in every solution of the board it is
given.  The probing techniques come from the frame (:class:`ProbeSpec`).
"""

from __future__ import annotations

from functools import partial

from ...frame.board import Board, Contradiction
from ...frame.ladder import Step, Technique
from ...frame.levels import Level
from ...grid import Grid, Mask, cells, lowest
from .connectivity import white_cuts
from .rays import Bounded, ClueView, clue_views, describe_runs, readings


def _verb(mask: Mask) -> str:
    return "is" if mask & (mask - 1) == 0 else "are"


def _clue(view: ClueView, grid: Grid) -> str:
    return f"the {view.number} at {grid.name(view.cell)}"


# -- easy --------------------------------------------------------------------


def black_neighbours(board: Board) -> list[Step] | None:
    """No two black cells touch, so every undecided neighbour of a black cell is white."""
    grid = board.grid
    black = board.shaded
    touching = (black & (black >> 1) & grid.not_last_col) | (black & (black >> grid.cols))
    if touching:
        cell = lowest(touching)
        other = cell + 1 if black >> (cell + 1) & 1 and grid.not_last_col >> cell & 1 else cell + grid.cols
        pair = (1 << cell) | (1 << other)
        raise Contradiction(f"the black cells {grid.names(pair)} would touch", pair)
    undecided = board.undecided
    if not grid.dilate(black) & undecided:
        return None
    steps = []
    for cell in cells(black):
        whites = grid.neighbours[cell] & undecided
        if whites:
            undecided &= ~whites
            steps.append(Step(0, whites, partial(_touch_reason, grid, cell, whites)))
    return steps


def _touch_reason(grid: Grid, cell: int, whites: Mask) -> str:
    they = "it touches" if _verb(whites) == "is" else "they touch"
    return f"{grid.names(whites)} {_verb(whites)} white: {they} the black cell {grid.name(cell)}"


def clue_count(board: Board) -> list[Step] | None:
    """Each clue on its own: what it already sees and what it could see at most."""
    grid = board.grid
    steps = []
    for view, reading in zip(clue_views(board.puzzle), readings(board)):
        if reading.least > view.number:
            raise Contradiction(f"{_clue(view, grid)} would see at least {reading.least} cells", 1 << view.cell)
        if reading.most < view.number:
            raise Contradiction(f"{_clue(view, grid)} would see at most {reading.most} cells", 1 << view.cell)
        if reading.count_white:
            steps.append(Step(0, reading.count_white, partial(_at_most_reason, grid, view, reading.count_white)))
        elif reading.count_black:
            steps.append(Step(reading.count_black, 0, partial(_closed_reason, grid, view, reading.count_black)))
    return _merge(steps, grid)


def _at_most_reason(grid: Grid, view: ClueView, whites: Mask) -> str:
    return (f"{_clue(view, grid)} can see at most {view.number} cells, so every cell it might see is white: "
            f"{grid.names(whites)}")


def _closed_reason(grid: Grid, view: ClueView, blacks: Mask) -> str:
    return (f"{_clue(view, grid)} already sees {view.number} cells, so {grid.names(blacks)} {_verb(blacks)} "
            f"black to close its view")


# -- medium ------------------------------------------------------------------


def rays(board: Board) -> list[Step] | None:
    """Each clue's four runs, bounded against their sum: the first ``lo`` cells of a run are white,
    and a run pinned to exactly one length ends at a black cell."""
    grid = board.grid
    steps = []
    for view, found in zip(clue_views(board.puzzle), readings(board)):
        reading = found.bounded(view)
        if reading.broken:
            raise Contradiction(f"{_clue(view, grid)} {reading.broken}", 1 << view.cell)
        if reading.white or reading.black:
            steps.append(Step(reading.black, reading.white, partial(_rays_reason, view, reading, grid)))
    return _merge(steps, grid)


def _rays_reason(view: ClueView, reading: Bounded, grid: Grid) -> str:
    whites, blacks = reading.white, reading.black
    found = []
    if whites:
        found.append(f"{grid.names(whites)} {_verb(whites)} white")
    if blacks:
        found.append(f"{grid.names(blacks)} {_verb(blacks)} black")
    more = view.number - 1
    return (f"{_clue(view, grid)} must see {more} more cell{'s' if more != 1 else ''}, and its runs can only be "
            f"{describe_runs(reading)} (a run ends at a black cell or the edge, never on a white cell), "
            f"so {' and '.join(found)}")


def connectivity(board: Board) -> list[Step] | None:
    """The white cells stay one group: cut cells of the not-black graph are white, cells cut off are black."""
    grid = board.grid
    white = board.unshaded
    if not white:
        return None
    space = grid.full & ~board.shaded
    found = white_cuts(grid, space, white)
    if found.stranded:
        a, b = lowest(white), lowest(found.stranded)
        raise Contradiction(f"black cells would wall {grid.name(a)} off from {grid.name(b)}", (1 << a) | (1 << b))
    steps = []
    root = lowest(white)
    if found.cuts:
        cut = sum(1 << c for c in found.cuts)

        def reason(cuts: dict[int, int] = found.cuts) -> str:
            if len(cuts) == 1:
                (c, w), = cuts.items()
                return (f"{grid.name(c)} is white: blackening it would cut {grid.name(w)} off from "
                        f"{grid.name(root)}")
            parts = [f"{grid.name(c)} (it would cut {grid.name(w)} off from {grid.name(root)})"
                     for c, w in list(cuts.items())[:4]]
            more = f" and {len(cuts) - 4} more" if len(cuts) > 4 else ""
            return ("blackening any of these would split the white cells, so they are white: "
                    + ", ".join(parts) + more)

        steps.append(Step(0, cut, reason))
    lost = board.undecided & ~found.reached
    if lost:
        steps.append(Step(lost, 0, partial(_lost_reason, grid, lost)))
    return steps


def _lost_reason(grid: Grid, lost: Mask) -> str:
    they = "it is" if _verb(lost) == "is" else "they are"
    return f"{grid.names(lost)} {_verb(lost)} walled off from the white cells by black cells, so {they} black"


# -- helpers -----------------------------------------------------------------


def _merge(steps: list[Step], grid: Grid) -> list[Step]:
    """Drop steps that add nothing after earlier ones (two clues often see the same cell)."""
    out = []
    shade = unshade = 0
    for step in steps:
        if step.shade & ~shade or step.unshade & ~unshade:
            out.append(step)
            shade |= step.shade
            unshade |= step.unshade
    if shade & unshade:
        both = shade & unshade
        raise Contradiction(f"two clues disagree about {grid.names(both)}", both)
    return out


TECHNIQUES = (
    Technique("black_neighbours", Level.EASY, black_neighbours,
              "No two black cells touch: the neighbours of a black cell are white."),
    Technique("clue_count", Level.EASY, clue_count,
              "A clue that already sees its number closes its view with black cells; one that can see at most "
              "its number sees every cell it might."),
    Technique("rays", Level.MEDIUM, rays,
              "A clue's four runs sum to its number minus one; bounding each by what the others can give "
              "makes the start of a long run white, and a run pinned to one length ends at a black cell."),
    Technique("connectivity", Level.MEDIUM, connectivity,
              "A cell whose blackening would split the white cells is white; a cell walled off from them is black."),
)
