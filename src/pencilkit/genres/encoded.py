"""Genres with a SAT encoding: a board the ladder stalls on is finished by the SAT engine.

A genre that encodes its rules as clauses (:mod:`pencilkit.engines.sat`)
returns its encoder from :meth:`SatFinished.sat_encoder`; its
:meth:`~pencilkit.frame.genre.Genre.finish` then counts a stalled board's
solutions exactly, when python-sat is installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..frame.board import Board
from ..frame.budget import Budget
from ..frame.genre import Genre
from ..frame.levels import Level

if TYPE_CHECKING:
    from ..engines.sat import Encoder
    from ..frame.search import SearchResult


class SatFinished(Genre):
    """A genre whose stalled boards the SAT engine finishes, from the genre's own encoding."""

    def sat_encoder(self) -> Encoder | None:
        """The genre's SAT encoding (see :mod:`pencilkit.engines.sat`); ``None`` when it has none."""
        return None

    def finish(self, stalled: Board, *, limit: int, budget: Budget, max_level: Level) -> SearchResult | None:
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
        return sat.finish(self, stalled, limit=limit, budget=budget, max_level=max_level)
