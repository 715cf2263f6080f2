"""A partly decided board: the shaded and unshaded cells of one puzzle.

Every genre here is a shading genre, so the frame's state is the same for all
of them: a cell is shaded, unshaded or undecided.  A board lives in pencilkit's
core (:mod:`pencilkit._core`), which also keeps beside it what the techniques
derive from it and what probing remembers of it; this is its Python face,
made by a ruleset for one puzzle (:meth:`.ruleset.Ruleset.board`).  Where a
board starts (what the clues decide) is the genre's to say
(:meth:`.genre.Genre.start`).  Copying a board copies a few machine words a
row and what was derived, never the probing memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._core import CoreContradiction, State
from ..grid import Grid, Mask
from ..puzzle import Answer, Puzzle

if TYPE_CHECKING:
    from .ruleset import Ruleset


class Contradiction(Exception):
    """The board cannot be completed to a solution.

    ``reason`` says which rule broke in plain words; ``cells`` are the cells involved.
    """

    def __init__(self, reason: str, cells: Mask = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.cells = cells


class Board:
    """Shaded and unshaded cells of one puzzle; the rest are undecided."""

    __slots__ = ("grid", "puzzle", "ruleset", "state")

    def __init__(self, ruleset: Ruleset, puzzle: Puzzle, state: State) -> None:
        self.ruleset = ruleset
        self.puzzle = puzzle
        self.grid: Grid = puzzle.grid
        self.state = state
        """The board in the core."""

    @property
    def shaded(self) -> Mask:
        return self.state.shaded

    @property
    def unshaded(self) -> Mask:
        return self.state.unshaded

    @property
    def undecided(self) -> Mask:
        return self.state.undecided

    def copy(self) -> Board:
        return Board(self.ruleset, self.puzzle, self.state.copy())

    def is_complete(self) -> bool:
        return self.state.is_complete()

    def assign(self, shade: Mask = 0, unshade: Mask = 0) -> None:
        """Decide cells; a cell decided both ways is a :class:`Contradiction`."""
        try:
            self.state.assign(shade, unshade)
        except CoreContradiction as broken:
            raise self.ruleset.contradiction(self.puzzle, broken) from None

    def answer(self) -> Answer:
        return Answer(self.grid.rows, self.grid.cols, self.shaded, self.unshaded)

    def key(self) -> tuple[Mask, Mask]:
        return (self.shaded, self.unshaded)

    def __repr__(self) -> str:
        return f"Board({self.puzzle.id()!r}, answer={self.answer().to_rows()!r})"


__all__ = ["Board", "Contradiction"]
