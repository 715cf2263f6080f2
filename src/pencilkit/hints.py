"""Hints: the next deduction from the player's own board, or the first mark that is wrong.

A hint must start where the player is, not where the solver would be.  So it
compares the player's marks with the (unique) solution first: a mark that
disagrees is a mistake, and the hint names it instead of reasoning from a board
that has no solution.  Otherwise every mark is true, the marks form a
:class:`~pencilkit.frame.board.Board` together with what the genre's starting
board decides (its clue cells), and one run of the ladder on it (cheapest technique first) gives the
deduction a player could make next: its technique, its cells and its reason.
When no technique up to expert applies, the hint reveals one cell from the
solution, the one the genre would branch on first.

A hint keeps a :class:`~pencilkit.frame.budget.Budget` like every other piece
of work: the ladder's run looks at it between steps and probes, and the
hint looks at it before each stage; :func:`next_hint` raises ``OutOfTime``
once it runs out or is called off, :func:`hint_for` answers ``unavailable``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .frame.board import Board, Contradiction
from .frame.budget import Budget, OutOfTime
from .frame.genre import Genre
from .frame.ladder import Step, Trace
from .frame.levels import Level
from .frame.solve import Solution, Status
from .genres import find_genre
from .grid import Cell, Mask, cells
from .puzzle import Answer, Puzzle


@dataclass
class Hint:
    """What the player is told: a kind, a sentence, and the cells to draw.

    ``kind`` is ``step`` (a deduction), ``mistake`` (marks that disagree with the
    solution), ``reveal`` (no technique applies; one cell from the solution) or
    ``solved`` (nothing left to find).
    """

    kind: str
    message: str
    shade: Mask = 0
    """Cells the hint says are shaded (or, for a mistake, marked shaded wrongly)."""
    unshade: Mask = 0
    """Cells the hint says are unshaded (or, for a mistake, marked unshaded wrongly)."""
    technique: str = ""
    level: Level | None = None
    summary: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        grid = puzzle.grid
        return {
            "kind": self.kind,
            "message": self.message,
            "technique": self.technique,
            "level": self.level.label if self.level is not None else None,
            "summary": self.summary,
            "shade": list(cells(self.shade)),
            "unshade": list(cells(self.unshade)),
            "cells": [grid.name(c) for c in cells(self.shade | self.unshade)],
            **self.extra,
        }


OUT_OF_TIME = "the solver could not finish this puzzle within its time budget"


def hint_for(puzzle: Puzzle, answer: Answer, solved: Solution, *, budget: Budget | None = None) -> Hint:
    """The hint for ``answer`` given the solve of the puzzle: ``unavailable`` unless it has one solution,
    or when the ``budget`` runs out (or is called off) before the hint is found."""
    if solved.status is not Status.UNIQUE or solved.answer is None:
        why = {
            Status.MULTIPLE: "this puzzle has more than one solution",
            Status.NONE: "this puzzle has no solution",
        }.get(solved.status, OUT_OF_TIME)
        return Hint("unavailable", f"No hint: {why}.")
    try:
        return next_hint(puzzle, answer, solved.answer, budget=budget)
    except OutOfTime:
        return Hint("unavailable", f"No hint: {OUT_OF_TIME}.")


def wrong_marks(answer: Answer, solution: Answer) -> tuple[Mask, Mask]:
    """Marks that disagree with the solution: (shaded but should not be, unshaded but should be shaded)."""
    return answer.shaded & ~solution.shaded, answer.unshaded & solution.shaded


def next_hint(puzzle: Puzzle, answer: Answer, solution: Answer, *, max_level: Level = Level.EXPERT,
              budget: Budget | None = None) -> Hint:
    """The hint for ``answer`` (the player's marks) on ``puzzle`` whose unique solution is ``solution``.

    Raises ``OutOfTime`` when the ``budget`` runs out or is called off first (the ladder's run looks at
    it between steps and probes, the hint before each stage)."""
    _look(budget)
    grid = puzzle.grid
    genre = find_genre(puzzle.genre)
    shaded_word, unshaded_word = genre.words
    wrongly_shaded, wrongly_unshaded = wrong_marks(answer, solution)
    if wrongly_shaded | wrongly_unshaded:
        parts = []
        if wrongly_shaded:
            parts.append(f"{grid.names(wrongly_shaded, 4)} {_is_are(wrongly_shaded)} marked {shaded_word} "
                         f"but {_is_are(wrongly_shaded)} {unshaded_word}")
        if wrongly_unshaded:
            parts.append(f"{grid.names(wrongly_unshaded, 4)} {_is_are(wrongly_unshaded)} marked {unshaded_word} "
                         f"but {_is_are(wrongly_unshaded)} {shaded_word}")
        count = (wrongly_shaded | wrongly_unshaded).bit_count()
        head = "A mark is wrong" if count == 1 else f"{count} marks are wrong"
        return Hint("mistake", f"{head}: " + "; ".join(parts) + ".", wrongly_shaded, wrongly_unshaded)
    if answer.shaded == solution.shaded:
        return Hint("solved", f"Nothing left to find: every {shaded_word} cell is marked.")
    board = _marked(genre, puzzle, answer)
    before = board.undecided
    trace = Trace(record=True)
    ruleset = genre.ruleset
    _look(budget)
    try:
        ruleset.run(board, max_level=max_level, trace=trace, max_steps=1, budget=budget)
    except Contradiction:
        trace.steps = []
    step = _first_new(trace.steps, before)
    if step is not None:
        technique = ruleset.technique(step.technique)
        return Hint("step", step.why, step.shade & before, step.unshade & before, step.technique,
                    step.level, technique.summary)
    _look(budget)
    return _reveal(genre, puzzle, _marked(genre, puzzle, answer), solution)


def _look(budget: Budget | None) -> None:
    """``OutOfTime`` when the budget (if any) has run out or was called off."""
    if budget is not None:
        budget.check()


def _marked(genre: Genre, puzzle: Puzzle, answer: Answer) -> Board:
    """The player's marks on the genre's starting board (no mark disagrees with the solution here)."""
    start = genre.start(puzzle)
    return genre.ruleset.board(puzzle, answer.shaded | start.shaded, answer.unshaded | start.unshaded)


def _first_new(steps: list[Step], undecided: Mask) -> Step | None:
    """The first recorded step that decides a cell the player has not marked."""
    for step in steps:
        if step.cells & undecided:
            return step
    return None


def _reveal(genre: Genre, puzzle: Puzzle, board: Board, solution: Answer) -> Hint:
    """One undecided cell from the solution, the one search would branch on first.

    (The core's ordering of the cells takes no budget: it is one pass over the board, and the caller
    looks at the budget just before.)"""
    grid = puzzle.grid
    shaded_word, unshaded_word = genre.words
    undecided = board.undecided
    try:
        order = genre.ruleset.order(board)
    except Contradiction:
        order = []
    cell: Cell = next((c for c in order if undecided >> c & 1), (undecided & -undecided).bit_length() - 1)
    bit = 1 << cell
    shade = bit & solution.shaded
    word = shaded_word if shade else unshaded_word
    return Hint("reveal", f"No technique up to expert applies here; from the solution, {grid.name(cell)} is {word}.",
                shade, bit & ~shade)


def _is_are(mask: Mask) -> str:
    return "is" if mask.bit_count() == 1 else "are"
