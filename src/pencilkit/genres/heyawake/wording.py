"""The sentences of Heyawake's reasons, as the core gives them: a key and its data.

Each key's data (``ints`` and ``masks`` of the :class:`~pencilkit.frame.wording.Reason`):

=========================  ==============================  ===========================================
key                        ints                            masks
=========================  ==============================  ===========================================
``heyawake.too_many``      number, clue cell, black cells  (none; the contradiction's cells: the room)
``heyawake.too_few``       number, clue cell, most black   (none; the contradiction's cells: the room)
``heyawake.full``          number, clue cell               the cells made white
``heyawake.needs_all``     number, clue cell               the cells made black
``heyawake.white_run``     (none)                          (none; the contradiction's cells: the span)
``heyawake.span``          (none)                          the span, its one open cell
``heyawake.patterns``      number, clue cell, cells to go  the cells made black, the cells made white
``heyawake.no_placement``  number, clue cell               (none; the contradiction's cells: the room)
``heyawake.room_count``    number, clue cell, black cells  (none; R3, the violation's cells: the room)
``heyawake.two_borders``   (none)                          the white run (R4)
=========================  ==============================  ===========================================

The shared techniques' and checks' keys (``black_white.*``) are worded in
:mod:`pencilkit.genres.black_white`.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...frame.wording import Broken, Reason, Sentences, names, verb
from ...grid import lowest
from ...puzzle import Puzzle


def _room(puzzle: Puzzle, reason: Reason) -> str:
    number, clue = reason.ints[0], reason.ints[1]
    return f"the room of the {number} at {puzzle.grid.name(clue)}"


def _too_many(puzzle: Puzzle, reason: Reason) -> str:
    return f"{_room(puzzle, reason)} would have {reason.ints[2]} black cells"


def _too_few(puzzle: Puzzle, reason: Reason) -> str:
    return f"{_room(puzzle, reason)} would have at most {reason.ints[2]} black cells"


def _full(puzzle: Puzzle, reason: Reason) -> str:
    grid, number, whites = puzzle.grid, reason.ints[0], reason.masks[0]
    if number == 0:
        return f"{_room(puzzle, reason)} has no black cell, so {grid.names(whites)} {verb(whites)} white"
    return (f"{_room(puzzle, reason)} has its {number} black cell{'s' * (number != 1)}, so "
            f"{grid.names(whites)} {verb(whites)} white")


def _needs_all(puzzle: Puzzle, reason: Reason) -> str:
    grid, number, blacks = puzzle.grid, reason.ints[0], reason.masks[0]
    return (f"{_room(puzzle, reason)} needs every open cell it has for its {number} black "
            f"cell{'s' * (number != 1)}, so {grid.names(blacks)} {verb(blacks)} black")


def _white_run(puzzle: Puzzle, reason: Reason) -> str:
    return "a white run would cross two room borders"


def _span(puzzle: Puzzle, reason: Reason) -> str:
    grid = puzzle.grid
    span, cell = reason.masks
    first, last = lowest(span), span.bit_length() - 1
    return (f"{grid.name(first)} to {grid.name(last)} cross two room borders, so they hold a black cell; "
            f"{grid.names(cell)} is the only one left")


def _patterns(puzzle: Puzzle, reason: Reason) -> str:
    grid = puzzle.grid
    need = reason.ints[2]
    blacks, whites = reason.masks
    found = []
    if blacks:
        found.append(f"{grid.names(blacks)} {verb(blacks)} black")
    if whites:
        found.append(f"{grid.names(whites)} {verb(whites)} white")
    return (f"{_room(puzzle, reason)} needs {need} more black cell{'s' * (need != 1)}; in every way to place "
            f"{'them' if need != 1 else 'it'} (none touching, no white cell walled in, no white run across "
            f"two borders) {' and '.join(found)}")


def _no_placement(puzzle: Puzzle, reason: Reason) -> str:
    return f"{_room(puzzle, reason)} has no way to place its {reason.ints[0]} black cells"


def _room_count(puzzle: Puzzle, reason: Reason) -> str:
    number, count = reason.ints[0], reason.ints[2]
    what = "too few" if count < number else "too many"
    return f"{_room(puzzle, reason)} has {count} black cells, {what}"


def _two_borders(puzzle: Puzzle, reason: Reason) -> str:
    grid = puzzle.grid
    run = reason.masks[0]
    return f"the white run {grid.name(lowest(run))} to {grid.name(run.bit_length() - 1)} crosses two room borders"


SENTENCES: Sentences = {
    "heyawake.too_many": _too_many,
    "heyawake.too_few": _too_few,
    "heyawake.full": _full,
    "heyawake.needs_all": _needs_all,
    "heyawake.white_run": _white_run,
    "heyawake.span": _span,
    "heyawake.patterns": _patterns,
    "heyawake.no_placement": _no_placement,
    "heyawake.room_count": _room_count,
    "heyawake.two_borders": _two_borders,
}
"""The sentences of Heyawake's own techniques' and checks' reasons."""

BROKEN: Mapping[str, Broken] = {
    "heyawake.room_count": Broken("room count", lambda puzzle, reason: {
        "clue": puzzle.grid.name(reason.ints[1]), "number": reason.ints[0], "black": reason.ints[2]}),
    "heyawake.two_borders": Broken("two borders",
                                   lambda puzzle, reason: {"run": names(puzzle.grid, reason.masks[0])}),
}
"""How Heyawake's own rules read when broken: R3 (room count) and R4 (two borders)."""
