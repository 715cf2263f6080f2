"""The sentences of Kurodoko's reasons, as the core gives them (key, ints, masks).

Each key's data (see ``core/src/genres/kurodoko/mod.rs``):

* ``kurodoko.at_most`` (step): ints ``(clue cell, number)``, masks ``(whites,)``;
* ``kurodoko.closed`` (step): ints ``(clue cell, number)``, masks ``(blacks,)``;
* ``kurodoko.rays`` (step): ints ``(clue cell, number, lo up, lo right, lo down, lo left, hi up, hi right,
  hi down, hi left)``, masks ``(whites, blacks)``;
* ``kurodoko.sees_at_least``, ``kurodoko.sees_at_most`` (contradictions): ints ``(clue cell, number, cells)``;
* ``kurodoko.no_fit`` (contradiction): ints ``(clue cell, number, direction)``, direction 0 up, 1 right,
  2 down, 3 left;
* ``kurodoko.disagree`` (contradiction): masks ``(cells,)``;
* ``kurodoko.printed`` (rule R1 broken): ints ``(clue cell,)``;
* ``kurodoko.count`` (rule R4 broken): ints ``(clue cell, number, count)``, masks ``(seen cells,)``.

The shared techniques' and rules' keys (``black_white.*``) are worded in :mod:`..black_white`.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...frame.wording import Broken, Reason, Sentences, verb
from ...puzzle import Puzzle

DIRECTIONS = ("up", "right", "down", "left")
"""The four directions a clue looks in, in the order the core lists its runs."""


def _clue(puzzle: Puzzle, cell: int, number: int) -> str:
    return f"the {number} at {puzzle.grid.name(cell)}"


def _at_most(puzzle: Puzzle, reason: Reason) -> str:
    cell, number = reason.ints
    whites, = reason.masks
    return (f"{_clue(puzzle, cell, number)} can see at most {number} cells, so every cell it might see is white: "
            f"{puzzle.grid.names(whites)}")


def _closed(puzzle: Puzzle, reason: Reason) -> str:
    cell, number = reason.ints
    blacks, = reason.masks
    return (f"{_clue(puzzle, cell, number)} already sees {number} cells, so {puzzle.grid.names(blacks)} "
            f"{verb(blacks)} black to close its view")


def describe_runs(lo: tuple[int, ...], hi: tuple[int, ...]) -> str:
    """``up 0-2, right 3, ...``: the intervals of the four runs."""
    parts = []
    for name, a, z in zip(DIRECTIONS, lo, hi):
        parts.append(f"{name} {a}" if a == z else f"{name} {a}-{z}")
    return ", ".join(parts)


def _rays(puzzle: Puzzle, reason: Reason) -> str:
    grid = puzzle.grid
    cell, number = reason.ints[:2]
    lo, hi = reason.ints[2:6], reason.ints[6:10]
    whites, blacks = reason.masks
    found = []
    if whites:
        found.append(f"{grid.names(whites)} {verb(whites)} white")
    if blacks:
        found.append(f"{grid.names(blacks)} {verb(blacks)} black")
    more = number - 1
    return (f"{_clue(puzzle, cell, number)} must see {more} more cell{'s' if more != 1 else ''}, and its runs can "
            f"only be {describe_runs(lo, hi)} (a run ends at a black cell or the edge, never on a white cell), "
            f"so {' and '.join(found)}")


def _sees_at_least(puzzle: Puzzle, reason: Reason) -> str:
    cell, number, count = reason.ints
    return f"{_clue(puzzle, cell, number)} would see at least {count} cells"


def _sees_at_most(puzzle: Puzzle, reason: Reason) -> str:
    cell, number, count = reason.ints
    return f"{_clue(puzzle, cell, number)} would see at most {count} cells"


def _no_fit(puzzle: Puzzle, reason: Reason) -> str:
    cell, number, direction = reason.ints
    return (f"{_clue(puzzle, cell, number)} cannot see {number} cells: its {DIRECTIONS[direction]} run has no "
            f"length that fits")


def _disagree(puzzle: Puzzle, reason: Reason) -> str:
    both, = reason.masks
    return f"two clues disagree about {puzzle.grid.names(both)}"


def _printed(puzzle: Puzzle, reason: Reason) -> str:
    cell, = reason.ints
    return f"the clue at {puzzle.grid.name(cell)} is black"


def _count(puzzle: Puzzle, reason: Reason) -> str:
    cell, number, count = reason.ints
    what = "too few" if count < number else "too many"
    return f"the {number} at {puzzle.grid.name(cell)} sees {count} white cells, {what}"


SENTENCES: Sentences = {
    "kurodoko.at_most": _at_most,
    "kurodoko.closed": _closed,
    "kurodoko.rays": _rays,
    "kurodoko.sees_at_least": _sees_at_least,
    "kurodoko.sees_at_most": _sees_at_most,
    "kurodoko.no_fit": _no_fit,
    "kurodoko.disagree": _disagree,
    "kurodoko.printed": _printed,
    "kurodoko.count": _count,
}
"""The sentences of Kurodoko's own reasons."""

BROKEN: Mapping[str, Broken] = {
    "kurodoko.printed": Broken("printed cells", lambda puzzle, reason: {"clue": puzzle.grid.name(reason.ints[0])}),
    "kurodoko.count": Broken("visible count", lambda puzzle, reason: {
        "clue": puzzle.grid.name(reason.ints[0]), "number": reason.ints[1], "seen": reason.ints[2]}),
}
"""How Kurodoko's own rules (R1, R4) read when broken; R2 and R3 are the shared ``black_white`` keys."""
