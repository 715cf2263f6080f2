"""Heyawake's rules, R1-R4, and the checker that names every broken one.

The rules are :data:`RULES`.  A number may sit on a black cell: it counts its
room, not itself.  A ``?`` is a room whose count is not given.
"""

from __future__ import annotations

from ...frame.genre import Violation
from ...grid import Cell, Mask, cells
from ...puzzle import Answer, Puzzle
from ..black_white import check_apart, check_connected
from .layout import layout

RULES = """Blacken some cells so that:

* R1 no touching blacks: no two black cells share a side;
* R2 connected white: all white cells form one orthogonally connected group;
* R3 room count: a room with a number holds exactly that many black cells (the
  number's own cell may be black);
* R4 two borders: no horizontal or vertical run of white cells crosses two room
  borders (it may cross one)."""
"""The rules in plain words, as a player reads them."""


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """Every violation of R1-R4 in ``answer``, with unmarked cells counted as white."""
    if (answer.rows, answer.cols) != (puzzle.rows, puzzle.cols):
        raise ValueError(
            f"the answer is {answer.rows}x{answer.cols} but the puzzle is {puzzle.rows}x{puzzle.cols}"
        )
    found = layout(puzzle)
    grid = found.grid
    black = answer.shaded
    out = check_apart(grid, black, "R1") + check_connected(grid, black, "R2")
    for room in found.numbered:
        count = (black & room.cells).bit_count()
        if count != room.number:
            assert room.clue is not None
            what = "too few" if count < (room.number or 0) else "too many"
            out.append(Violation("R3", "room count",
                                 f"the room of the {room.number} at {grid.name(room.clue)} has {count} black "
                                 f"cells, {what}", room.cells,
                                 {"clue": grid.name(room.clue), "number": room.number, "black": count}))
    for run in crossing_runs(puzzle, grid.full & ~black):
        out.append(Violation("R4", "two borders",
                             f"the white run {grid.name(_first(run))} to {grid.name(run.bit_length() - 1)} "
                             f"crosses two room borders", run, {"run": [grid.name(c) for c in cells(run)]}))
    return out


def crossing_runs(puzzle: Puzzle, white: Mask) -> list[Mask]:
    """The maximal white runs, in rows and columns, that hold a whole span (so cross two borders)."""
    found = layout(puzzle)
    grid = found.grid
    out = []
    seen: set[Mask] = set()
    for span in found.spans:
        if span & white != span:
            continue
        first, last = _first(span), span.bit_length() - 1
        step = 1 if last - first < grid.cols and first // grid.cols == last // grid.cols else grid.cols
        run = span
        cell = first - step
        while _inline(grid.cols, first, cell, step) and white >> cell & 1:
            run |= 1 << cell
            cell -= step
        cell = last + step
        while cell < grid.size and _inline(grid.cols, first, cell, step) and white >> cell & 1:
            run |= 1 << cell
            cell += step
        if run not in seen:
            seen.add(run)
            out.append(run)
    return out


def _inline(cols: int, start: Cell, cell: Cell, step: int) -> bool:
    """Whether ``cell`` is on the board and on the same row (``step`` 1) or column as ``start``."""
    if cell < 0:
        return False
    return cell // cols == start // cols if step == 1 else cell % cols == start % cols


def _first(mask: Mask) -> Cell:
    return (mask & -mask).bit_length() - 1
