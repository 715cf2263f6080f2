"""Genres whose clues are numbers written in cells that stay unshaded (Nurikabe, Kurodoko).

What such genres share: a clue is a number from 1 to a bound the board's
shape sets (or ``?``, a clue cell whose number is not given); solving starts
with the clue cells unshaded; and a stalled board is finished by the SAT
engine from the genre's own encoding (:meth:`CluedGenre.sat_encoder`), when
python-sat is installed.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING

from ..errors import PuzzleError
from ..frame.board import Board
from ..frame.genre import Genre
from ..frame.levels import Level
from ..puzzle import Puzzle

if TYPE_CHECKING:
    from ..engines.sat import Encoder
    from ..frame.search import SearchResult


def clue_board(puzzle: Puzzle) -> Board:
    """The empty board with the clue cells unshaded: where solving a clued genre starts."""
    return Board(puzzle, 0, puzzle.clue_mask)


class CluedGenre(Genre):
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
        return clue_board(puzzle)

    def sat_encoder(self) -> Encoder | None:
        """The genre's SAT encoding (see :mod:`pencilkit.engines.sat`); ``None`` when it has none."""
        return None

    def finish(self, stalled: Board, *, limit: int, seconds: float, max_level: Level) -> SearchResult | None:
        """The SAT engine's count from the stalled board, when python-sat is installed and the genre encodes.

        On the stalled boards of the corpora a CDCL solver settles the count
        faster than depth-first search in all but one, and it settles the big
        ones search gives up on (benchmarks/stalled_boards.py).
        """
        try:
            import pysat  # noqa: F401
        except ImportError:
            return None
        from ..engines import sat

        if self.sat_encoder() is None:
            return None
        return sat.finish(self, stalled, limit=limit, seconds=seconds, max_level=max_level)
