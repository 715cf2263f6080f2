"""Brute force: every shading of a small board, kept when the rule checker accepts it.

The oracle owes nothing to the solver: it enumerates masks and asks the
genre's rule checker, nothing else.  It exists for tests and checks on small
boards (it is exponential in the number of cells).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..grid import Mask, cells
from ..puzzle import Answer, Puzzle

MAX_FREE_CELLS = 22
"""Largest number of free (non-clue) cells the oracle will enumerate."""


def shadings(puzzle: Puzzle) -> Iterator[Mask]:
    """Every shading with the clue cells unshaded (clue cells are unshaded in every genre here)."""
    free = [c for c in range(puzzle.grid.size) if not puzzle.clue_mask >> c & 1]
    if len(free) > MAX_FREE_CELLS:
        raise ValueError(f"{len(free)} free cells is too many to enumerate")
    for bits in range(1 << len(free)):
        mask = 0
        for i, cell in enumerate(free):
            if bits >> i & 1:
                mask |= 1 << cell
        yield mask


def solutions(puzzle: Puzzle, candidates: Iterable[Mask] | None = None) -> list[Mask]:
    """The shaded masks of every solution, by brute force over ``candidates`` (default: all shadings)."""
    genre = puzzle.genre_module
    full = puzzle.grid.full
    out = []
    for shaded in shadings(puzzle) if candidates is None else candidates:
        if shaded & puzzle.clue_mask:
            continue
        if not genre.check(puzzle, Answer(puzzle.rows, puzzle.cols, shaded, full & ~shaded)):
            out.append(shaded)
    return out


def consistent(solutions: Iterable[Mask], shaded: Mask, unshaded: Mask) -> list[Mask]:
    """The solutions that agree with a partial board."""
    return [s for s in solutions if s & shaded == shaded and not s & unshaded]


def disagreement(solutions: Iterable[Mask], shade: Mask, unshade: Mask) -> Mask:
    """Cells a deduction gets wrong in at least one of ``solutions`` (0 when it holds in all)."""
    wrong = 0
    for s in solutions:
        wrong |= (shade & ~s) | (unshade & s)
    return wrong


__all__ = ["shadings", "solutions", "consistent", "disagreement", "cells"]
