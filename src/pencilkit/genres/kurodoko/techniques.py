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
from ...grid import Grid, Mask
from ..black_white import BLACK_NEIGHBOURS, CONNECTIVITY
from .rays import Bounded, ClueView, clue_views, describe_runs, readings


def _verb(mask: Mask) -> str:
    return "is" if mask & (mask - 1) == 0 else "are"


def _clue(view: ClueView, grid: Grid) -> str:
    return f"the {view.number} at {grid.name(view.cell)}"


# -- easy --------------------------------------------------------------------


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
    BLACK_NEIGHBOURS,
    Technique("clue_count", Level.EASY, clue_count,
              "A clue that already sees its number closes its view with black cells; one that can see at most "
              "its number sees every cell it might."),
    Technique("rays", Level.MEDIUM, rays,
              "A clue's four runs sum to its number minus one; bounding each by what the others can give "
              "makes the start of a long run white, and a run pinned to one length ends at a black cell."),
    CONNECTIVITY,
)
