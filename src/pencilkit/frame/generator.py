"""A genre's side of generation, and what the driver (:mod:`.generate`) tells it and hands back.

A :class:`GenreGenerator` starts candidates valid by construction and repairs
them in the light of an :class:`Assessment`; a finished run is a
:class:`Generated` puzzle.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Protocol

from ..grid import Cell, Mask
from ..puzzle import Answer, Puzzle
from .board import Board
from .budget import Budget
from .levels import Level
from .symmetry import Shares, Symmetry


class GenerationFailed(Exception):
    """The time budget ran out before any proven-unique candidate was found."""

    def __init__(self, message: str, *, attempts: int = 0, changes: int = 0) -> None:
        super().__init__(message)
        self.attempts = attempts
        """Candidates started before it gave up."""
        self.changes = changes
        """Candidates considered before it gave up."""


class Candidate(Protocol):
    """What the driver needs of a genre's candidate: the puzzle and its intended solution."""

    @property
    def puzzle(self) -> Puzzle: ...

    @property
    def solution(self) -> Answer: ...


class Outcome(str, Enum):
    """How a candidate compares with the target level."""

    EXACT = "exact"
    EASIER = "easier"
    """Unique, and finished by the ladder below the target."""
    HARDER = "harder"
    """Unique (the search proved it), but the ladder up to the target cannot finish it."""
    UNKNOWN = "unknown"
    """The search ran out of nodes, and the ladder up to the target cannot finish it or was not run (a board
    past ``SETTLE_CELLS`` cells, or an assessment told not to settle)."""
    MULTIPLE = "multiple"
    """A second solution exists (:attr:`Assessment.rival`)."""


@dataclass
class Assessment:
    """What the driver learnt of a candidate, for the genre's repair moves."""

    outcome: Outcome
    rating: Level | None = None
    """The true rating when known: EXACT and EASIER, and HARDER at the expert target (``SEARCH``)."""
    stalled: Board | None = None
    """Where the ladder up to the target stopped (not EXACT or EASIER)."""
    rival: Answer | None = None
    """A second solution (MULTIPLE)."""

    @property
    def open_cells(self) -> int:
        return 0 if self.stalled is None else self.stalled.undecided.bit_count()

    def distance(self, target: Level) -> tuple[int, int]:
        """How far from the target: smaller is closer; ``(0, 0)`` is exact.

        A finished puzzle is closer than one the ladder leaves open, and among
        those fewer open cells is closer; proven unique beats unknown beats
        a known second solution.
        """
        if self.outcome is Outcome.EXACT:
            return (0, 0)
        if self.outcome is Outcome.EASIER:
            assert self.rating is not None
            return (1, int(target) - int(self.rating))
        rank = {Outcome.HARDER: 0, Outcome.UNKNOWN: 1, Outcome.MULTIPLE: 2}[self.outcome]
        return (2 + self.open_cells, rank)


@dataclass(frozen=True)
class ClueChange:
    """One change of a puzzle's clues: a clue written at ``cell`` (or its number changed), and, when a clue
    moves, the cell it leaves.

    It is how a generator's repair of a rival solution reads on a puzzle made by hand
    (:meth:`GenreGenerator.rival_clues`).
    """

    cell: Cell
    number: int | None
    """The clue's number (``None``: a ``?``)."""
    moved_from: Cell | None = None
    """The clue cell emptied by the change, when the clue moves from there to ``cell``."""

    def apply(self, puzzle: Puzzle) -> Puzzle:
        """``puzzle`` with the change made (its shape and rooms kept; its clues not checked against its genre)."""
        clues = dict(puzzle.clue_map)
        if self.moved_from is not None:
            clues.pop(self.moved_from, None)
        clues[self.cell] = self.number
        return replace(puzzle, clues=tuple(sorted(clues.items())))


class GenreGenerator(ABC):
    """A genre's side of generation: candidates valid by construction and moves that repair them."""

    styles: tuple[str, ...] = ("default",)
    """The styles it generates in, the default first (a style is what the puzzles look like)."""
    symmetries: tuple[Symmetry, ...] = (Symmetry.NONE,)
    """The symmetries of its layouts it can keep (:mod:`.symmetry`): of the clue positions, or of what
    stands for them in the genre (Heyawake's rooms)."""
    symmetry: Symmetry = Symmetry.NONE
    """The symmetry its layouts keep."""
    published_symmetry: Shares = ()
    """How often published puzzles keep each symmetry, by size class: ``(most cells, ((kind, share),
    ...))`` rows in growing order, the kinds strongest first (a rot4 layout also keeps rot2); the rest
    keep none.  Empty: published puzzles keep none (:func:`~.symmetry.as_published` draws from it)."""

    def with_symmetry(self, symmetry: Symmetry) -> GenreGenerator:
        """The same generator keeping ``symmetry`` (one of :attr:`symmetries`)."""
        if symmetry is not Symmetry.NONE:
            raise ValueError(symmetry)
        return self

    def symmetry_refused(self, symmetry: Symmetry, rows: int, cols: int) -> str | None:
        """Why this generator cannot keep ``symmetry`` on a board of this shape, or ``None`` when it can
        (a board that has the symmetry at all; the frame checks that)."""
        return None

    def styled(self, style: str) -> GenreGenerator:
        """The same generator in ``style`` (one of :attr:`styles`)."""
        if style != self.styles[0]:
            raise ValueError(style)
        return self

    def style_for(self, rows: int, cols: int, target: Level) -> str:
        """The style a puzzle of this shape and level is made in (a style may choose by size)."""
        return self.styles[0]

    @abstractmethod
    def max_level(self, rows: int, cols: int) -> Level:
        """The hardest level a puzzle of this shape can have (so impossible requests fail at once)."""

    @abstractmethod
    def start(self, rows: int, cols: int, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Candidate | None:
        """A fresh candidate, or ``None`` when this attempt's layout cornered itself.

        A generator whose ``start`` or ``repair`` may take long watches the
        ``budget`` (its ladder runs take it too) and raises :class:`OutOfTime`
        once it has run out.
        """

    @abstractmethod
    def repair(self, candidate: Candidate, assessment: Assessment, target: Level,
               rng: random.Random, budget: Budget | None = None) -> Candidate | None:
        """A changed candidate that may be closer to the target, or ``None`` to start over."""

    def dress(self, candidate: Candidate, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Candidate:
        """A candidate rated exactly ``target`` with what published puzzles carry beside the needed clues,
        still rated exactly ``target`` (by default itself).  Once ``budget`` runs out it returns what it
        has, which is as exact."""
        return candidate

    def patience(self, rows: int, cols: int, target: Level) -> int:
        """Changes without improvement after which an attempt starts over."""
        return 12 * (rows + cols)

    def breadth(self, rows: int, cols: int, target: Level) -> int:
        """Repairs drawn at most at each step from a stalled candidate; the driver keeps the one the
        screening ladder takes furthest, or the first that takes it far enough (1, the default,
        keeps the only one)."""
        return 1

    def rival_clues(self, puzzle: Puzzle, solution: Answer, rival: Answer, open_cells: Mask = 0) -> list[ClueChange]:
        """The changes this generator's repair of a second solution would make to ``puzzle``, best first.

        ``solution`` and ``rival`` are two solutions of ``puzzle``.  Each change
        makes ``rival`` break a rule of the changed puzzle and leaves that
        puzzle a solution: ``solution`` itself, or the one the repair makes of
        it.  ``open_cells`` are cells the ladder left undecided: changes there
        come first.  The default offers none.
        """
        return []


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with its solution, its true rating and the seed that makes it."""

    puzzle: Puzzle
    solution: Answer
    rating: Level
    requested: Level
    seed: int
    attempts: int
    """Candidates started (layouts drawn)."""
    changes: int
    """Candidates considered, over all attempts (one met again is counted again, not assessed again)."""
    seconds: float
    style: str = "default"
    """The style it was made in (the same seed makes the same puzzle in the same style)."""
    symmetry: Symmetry = Symmetry.NONE
    """The symmetry of its clue positions, or its genre's layout (Heyawake's rooms): part of what the seed
    makes, like the style."""
    score: int | None = None
    """The difficulty score of its solving path (:mod:`.difficulty`; ``None`` when not rated exactly)."""

    @property
    def exact(self) -> bool:
        """Whether the rating is the level asked for (False only when the budget ran out)."""
        return self.rating == self.requested

    def to_json(self) -> dict[str, Any]:
        return {
            "puzzle": self.puzzle.id(),
            "genre": self.puzzle.genre,
            "rows": self.puzzle.rows,
            "cols": self.puzzle.cols,
            "level": self.requested.label,
            "rating": self.rating.label,
            "exact": self.exact,
            "seed": self.seed,
            "style": self.style,
            "symmetry": self.symmetry.value,
            "score": self.score,
            "solution": self.solution.to_rows(),
            "attempts": self.attempts,
            "changes": self.changes,
            "seconds": round(self.seconds, 4),
        }
