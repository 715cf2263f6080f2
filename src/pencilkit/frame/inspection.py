"""Inspecting a puzzle while it is made: one solution, none or several; how hard; which clue makes it unique.

A constructor placing clues wants to know after each one what the puzzle has
become, and :func:`inspect` says it in one call.  It solves the puzzle (the
ladder with every step recorded, then an exact count to two, as
:func:`~.solve.solve` does) and reads the outcome:

* **unique**: the rating, and the first step of the hardest technique the
  solve needs, with the cells decided before it: where the puzzle gets hard.
  A puzzle the ladder cannot finish is rated ``search``; the cells the ladder
  left open are where.
* **several**: two solutions, the cells where they differ, and a suggested
  clue.  The suggestion is the genre generator's own repair of a second
  solution (:meth:`~.generator.GenreGenerator.rival_clues`): a true clue of
  one solution that the other breaks (or, where the genre's repair does so,
  a clue moved or a number grown).  Either solution may be the one the
  constructor means, so the changes against each are taken in turn, in the
  generator's order, and counted to two; the first that makes the puzzle
  unique is suggested, else the first of them, which still removes one of
  the two solutions shown.
  Every solution met on the way is kept, and a change that two known
  solutions satisfy is passed over without a count (the generator's sweep
  uses the rivals it met the same way).
* **none**: the rule the ladder found broken.
* **unknown**: the time ran out, or the caller called the work off.

Everything runs within one budget, and its cancel flag stops it at the next
look (a newer edit of the puzzle makes an older inspection moot).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from itertools import islice
from typing import TYPE_CHECKING, Any

from ..errors import PencilkitError
from ..grid import Cell, Mask, cells
from ..puzzle import Answer, Puzzle
from .budget import Budget, part
from .difficulty import Difficulty
from .genre import Genre
from .ladder import Step
from .levels import Level
from .published import unusual
from .solve import Solution, Status, solve

if TYPE_CHECKING:
    from .generator import ClueChange

INSPECT_SECONDS = 10.0
"""The time an inspection may take unless the caller says otherwise."""
THIN_RUN = 3
"""Bottlenecks in a row from which an inspection calls a puzzle's logic thin."""
COUNTS_TRIED = 40
"""Suggested changes counted to two at most, before the first one (proven or not) is suggested."""


class Verdict(str, Enum):
    """What a puzzle under construction has: one solution, none, several, or not known in the time given."""

    UNIQUE = "unique"
    NONE = "none"
    SEVERAL = "several"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Suggestion:
    """A clue to write (or move, or change) that removes one of the two solutions shown, and what it achieves."""

    change: ClueChange
    puzzle: Puzzle
    """The puzzle with the change made."""
    unique: bool
    """Whether the changed puzzle is proven unique (else it is only known to lose one solution shown)."""
    removes: int = 1
    """Which of the two solutions shown the change removes: 0 the first, 1 the second."""

    @property
    def cell(self) -> Cell:
        """The cell whose clue is written or changed."""
        return self.change.cell

    @property
    def number(self) -> int | None:
        """The clue written (``None``: a ``?``)."""
        return self.change.number

    @property
    def moved_from(self) -> Cell | None:
        """The cell the clue leaves, when it moves."""
        return self.change.moved_from

    def describe(self, before: Puzzle) -> str:
        """The change in words, as a constructor would make it on ``before`` (the puzzle without it)."""
        grid = before.grid
        token = "?" if self.number is None else str(self.number)
        where = grid.name(self.cell)
        if self.moved_from is not None:
            what = f"move the {token} from {grid.name(self.moved_from)} to {where}"
        elif self.cell in before.clue_map:
            what = f"make the {before.token(self.cell)} at {where} a {token}"
        else:
            what = f"write {token} in {where}"
        outcome = "the puzzle is then unique" if self.unique else "this removes one of the two solutions shown"
        return f"{what}: {outcome}"

    def to_json(self, before: Puzzle) -> dict[str, Any]:
        """The suggestion as JSON, with its words as :meth:`describe` says them on ``before``."""
        grid = before.grid
        return {
            "cell": self.cell,
            "name": grid.name(self.cell),
            "number": self.number,
            "token": "?" if self.number is None else str(self.number),
            "moved_from": self.moved_from,
            "puzzle": self.puzzle.id(),
            "unique": self.unique,
            "removes": self.removes,
            "message": self.describe(before),
        }


@dataclass
class Inspection:
    """What :func:`inspect` found out about one puzzle."""

    puzzle: Puzzle
    verdict: Verdict
    solutions: list[Answer] = field(default_factory=list)
    """The solution (unique), or two of them (several); none otherwise."""
    rating: Level | None = None
    """The hardest level the solve needs (unique only; ``SEARCH`` when the ladder alone cannot finish)."""
    hardest: Step | None = None
    """The first step of the hardest technique (unique, rated below ``SEARCH``)."""
    step_number: int | None = None
    """That step's place in the solve, from 1."""
    before: Answer | None = None
    """The cells decided just before that step."""
    stuck: Mask = 0
    """The cells the ladder left open (unique, rated ``SEARCH``)."""
    suggestion: Suggestion | None = None
    """A change that removes one of the two solutions shown (several; ``None`` when the genre's generator
    has none to offer)."""
    contradiction: str | None = None
    """The rule found broken (none)."""
    seconds: float = 0.0
    solved: Solution | None = field(default=None, repr=False)
    """The solve behind the verdict."""

    @property
    def difficulty(self) -> Difficulty | None:
        """The score of the solving path (unique only; :mod:`.difficulty`)."""
        if self.verdict is not Verdict.UNIQUE or self.solved is None:
            return None
        return self.solved.difficulty

    @property
    def checks(self) -> list[dict[str, str]]:
        """What a constructor should know of a unique puzzle: ``search`` (the techniques cannot finish it:
        trial and error beyond them), ``thin`` (above easy, at least :data:`THIN_RUN` bottlenecks in a row:
        long stretches where the board offers one or two deductions of its hardest level and nothing easier)
        and ``unusual`` (a level or score unusual beside published puzzles of its size: :mod:`.published`)."""
        out = []
        if self.rating is Level.SEARCH:
            out.append({"kind": "search", "message": "needs trial and error beyond the techniques"})
        scored = self.difficulty
        if scored is not None and scored.level > Level.EASY and scored.longest >= THIN_RUN:
            out.append({"kind": "thin", "message": f"thin logic: {scored.longest} times in a row the board offers "
                                                   f"only one or two {scored.level.label} deductions and nothing "
                                                   "easier"})
        if scored is not None:
            cells = self.puzzle.rows * self.puzzle.cols
            out += [{"kind": "unusual", "message": said} for said in unusual(self.puzzle.genre, cells, scored)]
        return out

    @property
    def differ(self) -> Mask:
        """The cells where the two solutions differ (several; 0 otherwise)."""
        if len(self.solutions) < 2:
            return 0
        return self.solutions[0].shaded ^ self.solutions[1].shaded

    def to_json(self) -> dict[str, Any]:
        """The inspection as JSON; cells are indices (``row * cols + col``), with names where they are read."""
        grid = self.puzzle.grid
        out: dict[str, Any] = {
            "puzzle": self.puzzle.id(),
            "status": self.verdict.value,
            "rating": None if self.rating is None else self.rating.label,
            "solutions": [answer.to_rows() for answer in self.solutions],
            "differ": list(cells(self.differ)),
            "differ_cells": [grid.name(c) for c in cells(self.differ)],
            "hardest": None,
            "stuck": list(cells(self.stuck)),
            "suggestion": None if self.suggestion is None else self.suggestion.to_json(self.puzzle),
            "contradiction": self.contradiction,
            "difficulty": None,
            "checks": self.checks,
            "seconds": round(self.seconds, 4),
        }
        scored = self.difficulty
        if scored is not None:
            out["difficulty"] = scored.to_json()
        step = self.hardest
        if step is not None:
            out["hardest"] = {
                "technique": step.technique,
                "level": step.level.label,
                "why": step.why,
                "number": self.step_number,
                "shade": list(cells(step.shade)),
                "unshade": list(cells(step.unshade)),
                "cells": [grid.name(c) for c in cells(step.cells)],
                "before": None if self.before is None else self.before.to_rows(),
            }
        return out


def inspect(genre: Genre, puzzle: Puzzle, *, budget: Budget | None = None) -> Inspection:
    """Solve ``puzzle`` and say what it has (see the module docstring), within ``budget`` in all
    (:data:`INSPECT_SECONDS` by default).

    When the budget runs out or is called off, the work ends at its next look;
    what is known by then is returned (``unknown`` if the solve had not finished).
    """
    start = time.perf_counter()
    budget = budget if budget is not None else Budget(seconds=INSPECT_SECONDS)
    solved = solve(genre, puzzle, budget=budget, record=True)
    found = Inspection(puzzle, Verdict.UNKNOWN, solved=solved)
    if solved.status is Status.UNIQUE:
        found.verdict = Verdict.UNIQUE
        found.solutions = list(solved.solutions[:1])
        found.rating = solved.rating
        if solved.rating is Level.SEARCH and solved.stalled is not None:
            found.stuck = solved.stalled.unmarked
        else:
            _hardest_step(genre, found, solved)
    elif solved.status is Status.NONE:
        found.verdict = Verdict.NONE
        found.contradiction = solved.contradiction
    elif solved.status is Status.MULTIPLE and len(solved.solutions) >= 2:
        found.verdict = Verdict.SEVERAL
        found.solutions = list(solved.solutions[:2])
        open_cells = 0 if solved.stalled is None else solved.stalled.unmarked
        found.suggestion = suggest(genre, puzzle, found.solutions[0], found.solutions[1], open_cells=open_cells,
                                   budget=budget)
    found.seconds = time.perf_counter() - start
    return found


def _hardest_step(genre: Genre, found: Inspection, solved: Solution) -> None:
    """Fill in the first step of the solve's hardest level, and the cells decided before it."""
    board = genre.start(found.puzzle)
    shaded, unshaded = board.shaded, board.unshaded
    for number, step in enumerate(solved.steps, 1):
        if step.level == solved.rating:
            found.hardest, found.step_number = step, number
            found.before = Answer(found.puzzle.rows, found.puzzle.cols, shaded, unshaded)
            return
        shaded |= step.shade
        unshaded |= step.unshade


def suggest(genre: Genre, puzzle: Puzzle, first: Answer, second: Answer, *, open_cells: Mask = 0,
            budget: Budget | None = None) -> Suggestion | None:
    """A change of ``puzzle``'s clues that makes it unique, else one that removes ``first`` or ``second``
    (see the module docstring); ``None`` when the genre's generator offers none.

    ``first`` and ``second`` are two solutions of ``puzzle``.  Each change
    the generator offers is checked to suit the genre (:meth:`~.genre.Genre.accepts`)
    and to break the solution it is meant to remove before it is counted;
    from the first that passes on, the work stops when the ``budget`` runs out
    or is called off, or after :data:`COUNTS_TRIED` counts.
    """
    try:
        generator = genre.generator()
    except PencilkitError:
        return None
    shown = (first, second)
    known = [first, second]
    fallback: Suggestion | None = None
    counted = 0
    for change, removes in _in_turn(generator.rival_clues(puzzle, first, second, open_cells),
                                    generator.rival_clues(puzzle, second, first, open_cells)):
        changed = change.apply(puzzle)
        try:
            genre.accepts(changed)
        except PencilkitError:
            continue
        if not genre.check(changed, shown[removes]):
            continue
        if fallback is None:
            fallback = Suggestion(change, changed, unique=False, removes=removes)
        if counted >= COUNTS_TRIED or (budget is not None and budget.expired()):
            break
        kept = (other for other in known if not genre.check(changed, other))
        if len(list(islice(kept, 2))) == 2:
            continue  # two known solutions of the changed puzzle: no count can make it unique
        counted += 1
        count = solve(genre, changed, max_level=Level.MEDIUM, budget=part(budget))
        if count.status is Status.UNIQUE:
            return Suggestion(change, changed, unique=True, removes=removes)
        known.extend([other for other in count.solutions if other not in known])
    return fallback


def _in_turn(against_second: list[ClueChange], against_first: list[ClueChange]) -> Iterator[tuple[ClueChange, int]]:
    """The changes that keep the first solution and those that keep the second, taken in turn, each with the
    solution it removes (1 or 0): the first solution found is no likelier than the second to be the one
    the constructor means."""
    for k in range(max(len(against_second), len(against_first))):
        if k < len(against_second):
            yield against_second[k], 1
        if k < len(against_first):
            yield against_first[k], 0


__all__ = ["COUNTS_TRIED", "INSPECT_SECONDS", "Inspection", "Suggestion", "Verdict", "inspect", "suggest"]
