"""The sentences of Hitori's reasons, as the core gives them (key, ints, masks).

Each key's data (see ``core/src/genres/hitori.rs``):

* ``hitori.duplicate`` (step): ints ``(white cell, number)``, masks ``(blacks,)``;
* ``hitori.pair`` (step): ints ``(number, first, second)``, masks ``(blacks,)``;
* ``hitori.sandwich`` (step): ints ``(cell, number, first, second)``;
* ``hitori.lone`` (step): ints ``(cell, number)``, masks ``(neighbours,)``;
* ``hitori.split`` (step): ints ``(cell,)``, masks ``(the cells it would cut off,)``;
* ``hitori.repeat`` (contradiction, rule R1 broken): ints ``(number,)``, masks ``(white cells,)``.

The shared techniques' and rules' keys (``black_white.*``) are worded in :mod:`..black_white`.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...frame.wording import Broken, Reason, Sentences, verb
from ...puzzle import Puzzle


def _others(number: int, cells: int) -> str:
    """``the other 3`` for one cell, ``the other 3s`` for more."""
    return f"the other {number}" + ("s" if cells & (cells - 1) else "")


def _duplicate(puzzle: Puzzle, reason: Reason) -> str:
    cell, number = reason.ints
    blacks, = reason.masks
    grid = puzzle.grid
    return (f"the {number} at {grid.name(cell)} is white, so {_others(number, blacks)} of its row and column, "
            f"{grid.names(blacks)}, {verb(blacks)} black")


def _pair(puzzle: Puzzle, reason: Reason) -> str:
    number, first, second = reason.ints
    blacks, = reason.masks
    grid = puzzle.grid
    return (f"the {number}s at {grid.name(first)} and {grid.name(second)} touch, so one of them is white; "
            f"{_others(number, blacks)} of their line, {grid.names(blacks)}, {verb(blacks)} black")


def _sandwich(puzzle: Puzzle, reason: Reason) -> str:
    cell, number, first, second = reason.ints
    grid = puzzle.grid
    return (f"{grid.name(cell)} lies between the {number}s at {grid.name(first)} and {grid.name(second)}; one "
            f"of them is black, so {grid.name(cell)} is white")


def _lone(puzzle: Puzzle, reason: Reason) -> str:
    cell, number = reason.ints
    grid = puzzle.grid
    return (f"if the {number} at {grid.name(cell)} were white, every neighbour of it would be black (black "
            f"already, or a {number} of its line), cutting it off: it is black")


def _split(puzzle: Puzzle, reason: Reason) -> str:
    cell, = reason.ints
    cut_off, = reason.masks
    grid = puzzle.grid
    return (f"blackening {grid.name(cell)} would cut {grid.names(cut_off)} off from the other cells that are "
            f"not black, with a white neighbour of {grid.name(cell)} on each side: it is white")


def _repeat(puzzle: Puzzle, reason: Reason) -> str:
    number, = reason.ints
    whites, = reason.masks
    return f"the {number} appears more than once among the white cells {puzzle.grid.names(whites)}"


SENTENCES: Sentences = {
    "hitori.duplicate": _duplicate,
    "hitori.pair": _pair,
    "hitori.sandwich": _sandwich,
    "hitori.lone": _lone,
    "hitori.split": _split,
    "hitori.repeat": _repeat,
}
"""The sentences of Hitori's own reasons."""

BROKEN: Mapping[str, Broken] = {
    "hitori.repeat": Broken("no repeats", lambda puzzle, reason: {"number": reason.ints[0]}),
}
"""How Hitori's own rule (R1) reads when broken; R2 and R3 are the shared ``black_white`` keys."""
