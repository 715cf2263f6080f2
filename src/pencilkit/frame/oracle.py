"""Brute force: every shading of a small board, kept when the rule checker accepts it.

The oracle owes nothing to the solver: it enumerates masks and asks the
genre's rule checker, nothing else.  It exists for tests and checks on small
boards (it is exponential in the number of cells).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..grid import Mask, cells
from ..puzzle import Answer, Puzzle
from .genre import Genre

MAX_FREE_CELLS = 22
"""Largest number of free (non-clue) cells the oracle will enumerate."""


def shadings(genre: Genre, puzzle: Puzzle) -> Iterator[Mask]:
    """Every shading of the cells the genre's starting board leaves open (the rest as it decides them)."""
    start = genre.start(puzzle)
    free = list(cells(start.undecided))
    if len(free) > MAX_FREE_CELLS:
        raise ValueError(f"{len(free)} free cells is too many to enumerate")
    for bits in range(1 << len(free)):
        mask = start.shaded
        for i, cell in enumerate(free):
            if bits >> i & 1:
                mask |= 1 << cell
        yield mask


def solutions(genre: Genre, puzzle: Puzzle, candidates: Iterable[Mask] | None = None) -> list[Mask]:
    """The shaded masks of every solution, by brute force over ``candidates`` (default: all shadings)."""
    full = puzzle.grid.full
    start = genre.start(puzzle)
    out = []
    for shaded in shadings(genre, puzzle) if candidates is None else candidates:
        if shaded & start.unshaded or start.shaded & ~shaded:
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


__all__ = ["cells", "consistent", "disagreement", "shadings", "solutions"]
