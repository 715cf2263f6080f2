"""Genres whose clues are numbers written in cells that stay unshaded (Nurikabe, Kurodoko).

What such genres share: a clue is a number from 1 to a bound the board's
shape sets (or ``?``, a clue cell whose number is not given), and solving
starts with the clue cells unshaded.  A stalled board is finished by the SAT
engine (:class:`~pencilkit.genres.encoded.SatFinished`).
"""

from __future__ import annotations

from abc import abstractmethod

from ..errors import PuzzleError
from ..frame.board import Board
from ..puzzle import Puzzle
from .encoded import SatFinished


class CluedGenre(SatFinished):
    """A genre of numbered clue cells that are never shaded."""

    @abstractmethod
    def max_clue(self, rows: int, cols: int) -> int:
        """The largest clue that can make sense on a board of this shape."""

    def validate(self, puzzle: Puzzle) -> None:
        top = self.max_clue(puzzle.rows, puzzle.cols)
        for cell, number in puzzle.clues:
            if number is not None and not 1 <= number <= top:
                r, c = divmod(cell, puzzle.cols)
                raise PuzzleError(
                    f"clue {number} at row {r + 1}, column {c + 1} is out of range: "
                    f"a {self.name} clue on a {puzzle.rows}x{puzzle.cols} board is 1 to {top}"
                )

    def start(self, puzzle: Puzzle) -> Board:
        """The empty board with the clue cells unshaded."""
        return self.ruleset.board(puzzle, 0, puzzle.clue_mask)
