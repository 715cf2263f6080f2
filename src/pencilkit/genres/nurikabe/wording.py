"""The sentences of Nurikabe's reasons, as the core gives them (key, ints, masks).

An island is named by two ints, its clue cell and its number (-1 for a
``?``): ``the 3 at r2c4``.  Each key's data is in
``core/src/genres/nurikabe/`` where the reason is made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...frame.wording import Broken, Reason, Sentences, names, verb
from ...grid import Mask
from ...puzzle import Puzzle


def island(puzzle: Puzzle, clue: int, number: int) -> str:
    """``the 3 at r2c4`` (or ``the ? at r2c4``)."""
    mark = "?" if number < 0 else str(number)
    return f"the {mark} at {puzzle.grid.name(clue)}"


def _sea_cells(count: int) -> str:
    return f"{count} sea cell{'' if count == 1 else 's'}"


def _only_way(puzzle: Puzzle, what: str, must: str, exit_: Mask) -> str:
    return f"{what} {must} and {puzzle.grid.name(exit_.bit_length() - 1)} is its only way out"


def _two_numbers(puzzle: Puzzle, reason: Reason) -> str:
    return f"the island at {puzzle.grid.names(reason.masks[0])} would hold two numbers"


def _too_big(puzzle: Puzzle, reason: Reason) -> str:
    cell, number, size = reason.ints
    return f"the {number} at {puzzle.grid.name(cell)} would have an island of {size}"


def _complete(puzzle: Puzzle, reason: Reason) -> str:
    walls, = reason.masks
    said = "is" if walls.bit_count() == 1 else "are"
    return f"{island(puzzle, *reason.ints)} is complete, so {puzzle.grid.names(walls)} {said} sea"


def _stray_land(puzzle: Puzzle, reason: Reason) -> str:
    return f"every island is complete but {puzzle.grid.names(reason.masks[0])} is land"


def _count(puzzle: Puzzle, reason: Reason) -> str:
    land_cells, sea_total, land, sea = reason.ints
    if sea_total < 0:
        return f"the clues ask for {land_cells} land cells, more than the {puzzle.grid.size} cells of the board"
    return (f"the clues add up to {land_cells} land cells and {sea_total} sea cells, "
            f"but {land} would be land and {sea} sea")


def _separate(puzzle: Puzzle, reason: Reason) -> str:
    cell, *rest = reason.ints
    return (f"{puzzle.grid.name(cell)} is sea: it touches both {island(puzzle, *rest[0:2])} and "
            f"{island(puzzle, *rest[2:4])}")


def _island_exit(puzzle: Puzzle, reason: Reason) -> str:
    return _only_way(puzzle, island(puzzle, *reason.ints), "must still grow", reason.masks[0])


def _stray_exit(puzzle: Puzzle, reason: Reason) -> str:
    stray, exit_ = reason.masks
    return _only_way(puzzle, f"the land at {puzzle.grid.names(stray, 3)}", "must reach a number", exit_)


def _sea_exit(puzzle: Puzzle, reason: Reason) -> str:
    part, exit_ = reason.masks
    return _only_way(puzzle, f"the sea at {puzzle.grid.names(part, 3)}", "must join the rest of the sea", exit_)


def _sea_reach(puzzle: Puzzle, reason: Reason) -> str:
    left, = reason.ints
    far, = reason.masks
    return (f"{puzzle.grid.names(far)} {'is' if far.bit_count() == 1 else 'are'} farther from the sea than the "
            f"{_sea_cells(left)} left can reach, so land")


def _unreachable(puzzle: Puzzle, reason: Reason) -> str:
    far, = reason.masks
    return (f"no island can reach {puzzle.grid.names(far)} within its size, so "
            f"{'it is' if far.bit_count() == 1 else 'they are'} sea")


def _shapes(puzzle: Puzzle, reason: Reason) -> str:
    clue, number, ways = reason.ints
    land, sea = reason.masks
    parts = []
    if land:
        parts.append(f"includes {puzzle.grid.names(land)}")
    if sea:
        parts.append(f"is walled by {puzzle.grid.names(sea)}")
    said = "the only way" if ways == 1 else f"each of the {ways} ways"
    return f"{said} to finish {island(puzzle, clue, number)} " + " and ".join(parts)


def _oversize(puzzle: Puzzle, reason: Reason) -> str:
    cell, clue, number, joined = reason.ints
    plural = "s" if joined > 1 else ""
    return (f"{puzzle.grid.name(cell)} is sea: as land it would join {island(puzzle, clue, number)} to {joined} "
            f"more land cell{plural}, more than {number}")


def _errand(puzzle: Puzzle, reason: Reason) -> str:
    grid = puzzle.grid
    clue, number, stray = reason.ints
    block, passes, beyond = reason.masks
    who = island(puzzle, clue, number)
    if stray:
        head = f"only {who} can reach the land at {grid.names(block)}, so it must take it"
    else:
        head = f"the 2x2 block at {grid.names(block)} needs land and only {who} can reach it"
    said = []
    if passes:
        said.append(f"every way there within its size passes {grid.names(passes)}, which {verb(passes)} land")
    if beyond:
        said.append(f"it cannot also reach {grid.names(beyond)}, which no other island reaches either, "
                    f"so {'it' if beyond.bit_count() == 1 else 'they'} {verb(beyond)} sea")
    return f"{head}: {'; and '.join(said)}"


def _walled_off(puzzle: Puzzle, why: Sequence[int]) -> str:
    """Why an island cannot reach the edge: its reach misses it, or a diagonal meeting walls it off."""
    grid = puzzle.grid
    if len(why) == 2:
        return f"{island(puzzle, *why)} cannot reach the edge"
    other, this = island(puzzle, *why[0:2]), island(puzzle, *why[2:4])
    p, q, s1, s2 = (grid.name(c) for c in why[4:8])
    return (f"{other} must reach the edge and meets {this} corner to corner at {p} and {q} between the sea at "
            f"{s1} and {s2}, so {this} cannot reach the edge (the sea would be cut)")


def _fence_head(puzzle: Puzzle, ints: Sequence[int]) -> str:
    *why, exact, sea_size = ints
    return (f"{_walled_off(puzzle, why)}; a fence of sea round a W-by-H box takes 2(W+H)+3 cells, and the sea has "
            f"{'' if exact else 'at most '}{sea_size}")


def _fence(puzzle: Puzzle, reason: Reason) -> str:
    grid = puzzle.grid
    head = _fence_head(puzzle, reason.ints[:-7])
    clue, number, boxes, top, bottom, left, right = reason.ints[-7:]
    sea, land = reason.masks
    name = island(puzzle, clue, number)
    said = []
    if land:
        where = f"rows {top + 1}-{bottom + 1}, columns {left + 1}-{right + 1}" if boxes == 1 else \
            f"one of {boxes} boxes its size, and {grid.names(land)} lie in all of them"
        said.append(f"so {name} fills {where}: land")
    if sea:
        said.append(f"{'and it' if land else 'so ' + name} keeps within {boxes} "
                    f"box{'es' if boxes > 1 else ''} that leave out {grid.names(sea)}, "
                    f"which no other island can reach: sea")
    return f"{head}; {' '.join(said)}"


def _numbers(puzzle: Puzzle, reason: Reason) -> str:
    comp, numbers = reason.masks
    count = numbers.bit_count()
    what = "no number" if count == 0 else f"{count} numbers ({puzzle.grid.names(numbers)})"
    return f"the island at {puzzle.grid.names(comp, 4)} has {what}"


def _size(puzzle: Puzzle, reason: Reason) -> str:
    cell, number, size = reason.ints
    too = "too small" if size < number else "too large"
    return f"the {number} at {puzzle.grid.name(cell)} has an island of {size}, {too}"


def _sea(puzzle: Puzzle, reason: Reason) -> str:
    return "there is no sea" if not reason.masks else f"the sea is in {len(reason.masks)} parts"


SENTENCES: Sentences = {
    "nurikabe.two_numbers": _two_numbers,
    "nurikabe.too_big": _too_big,
    "nurikabe.complete": _complete,
    "nurikabe.stray_land": _stray_land,
    "nurikabe.all_complete": lambda puzzle, reason: "every numbered island is complete, so every open cell is sea",
    "nurikabe.count": _count,
    "nurikabe.land_known": lambda puzzle, reason: (f"all {reason.ints[0]} land cells the clues ask for are known, "
                                                   "so the rest is sea"),
    "nurikabe.sea_known": lambda puzzle, reason: f"all {reason.ints[0]} sea cells are known, so the rest is land",
    "nurikabe.separate": _separate,
    "nurikabe.pool_ahead": lambda puzzle, reason: (f"the 2x2 block at {puzzle.grid.names(reason.masks[0])} would be "
                                                   "all sea"),
    "nurikabe.no_pool": lambda puzzle, reason: (f"{puzzle.grid.name(reason.ints[0])} is land: the other three cells "
                                                "of its 2x2 block are sea"),
    "nurikabe.stuck": lambda puzzle, reason: f"{island(puzzle, *reason.ints)} cannot grow to {reason.ints[1]}",
    "nurikabe.island_exit": _island_exit,
    "nurikabe.stray_stuck": lambda puzzle, reason: (f"the land at {puzzle.grid.names(reason.masks[0])} cannot reach "
                                                    "a number"),
    "nurikabe.stray_exit": _stray_exit,
    "nurikabe.sea_cut_off": lambda puzzle, reason: (f"the sea at {puzzle.grid.names(reason.masks[0], 3)} is cut off "
                                                    "from the rest of the sea"),
    "nurikabe.sea_exit": _sea_exit,
    "nurikabe.sea_far": lambda puzzle, reason: (f"the sea at {puzzle.grid.names(reason.masks[0], 3)} is too far from "
                                                f"the rest of the sea for the {_sea_cells(reason.ints[0])} left"),
    "nurikabe.sea_short": lambda puzzle, reason: (f"joining the {reason.ints[0]} parts of the sea takes more than the "
                                                  f"{_sea_cells(reason.ints[1])} left"),
    "nurikabe.sea_reach": _sea_reach,
    "nurikabe.unreached_land": lambda puzzle, reason: (f"no island can reach the land at "
                                                       f"{puzzle.grid.names(reason.masks[0])}"),
    "nurikabe.unreachable": _unreachable,
    "nurikabe.no_shape": lambda puzzle, reason: (f"{island(puzzle, *reason.ints)} has no way to reach "
                                                 f"{reason.ints[1]} cells"),
    "nurikabe.shapes": _shapes,
    "nurikabe.oversize": _oversize,
    "nurikabe.no_room": lambda puzzle, reason: (f"{island(puzzle, *reason.ints[:2])} has room for only "
                                                f"{reason.ints[2]} cells"),
    "nurikabe.cannot_lose": lambda puzzle, reason: (f"{puzzle.grid.name(reason.ints[0])} is land: as sea it would "
                                                    f"leave {island(puzzle, *reason.ints[1:])} too little room"),
    "nurikabe.sea_split": lambda puzzle, reason: "the sea can no longer be connected",
    "nurikabe.sea_cut": lambda puzzle, reason: (f"{puzzle.grid.name(reason.ints[0])} is sea: as land it would cut "
                                                "the sea in two"),
    "nurikabe.errand": _errand,
    "nurikabe.fence_none": lambda puzzle, reason: f"{_fence_head(puzzle, reason.ints)}: too few for any box that holds it",
    "nurikabe.fence_stray": lambda puzzle, reason: (f"{_fence_head(puzzle, reason.ints)}, so no island can reach the "
                                                    f"land at {puzzle.grid.names(reason.masks[0])}"),
    "nurikabe.fence": _fence,
    "nurikabe.printed": lambda puzzle, reason: f"the clue at {puzzle.grid.name(reason.ints[0])} is shaded",
    "nurikabe.numbers": _numbers,
    "nurikabe.size": _size,
    "nurikabe.sea": _sea,
    "nurikabe.pool": lambda puzzle, reason: f"the 2x2 block at {puzzle.grid.names(reason.masks[0])} is all sea",
}
"""The sentence of each key of the core's Nurikabe reasons."""


def _size_details(puzzle: Puzzle, reason: Reason) -> dict[str, object]:
    cell, number, size = reason.ints
    return {"clue": puzzle.grid.name(cell), "number": number, "minimum": size, "maximum": size}


BROKEN: Mapping[str, Broken] = {
    "nurikabe.printed": Broken("printed cells", lambda puzzle, reason: {"clue": puzzle.grid.name(reason.ints[0])}),
    "nurikabe.numbers": Broken("one number per island",
                               lambda puzzle, reason: {"components": [names(puzzle.grid, reason.masks[0])]}),
    "nurikabe.size": Broken("island size", _size_details),
    "nurikabe.sea": Broken("connected sea",
                           lambda puzzle, reason: {"components": [names(puzzle.grid, m) for m in reason.masks]}),
    "nurikabe.pool": Broken("no pools", lambda puzzle, reason: {"shaded": names(puzzle.grid, reason.masks[0])}),
}
"""How each broken rule of the core's Nurikabe check reads in a report."""
