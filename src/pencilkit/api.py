"""The public functions: each finds the puzzle's genre in the registry and hands it to the frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import FormatError
from .formats import read_answer, read_puzzle
from .frame import solve as solving
from .frame.budget import Budget, Cancel, part
from .frame.genre import Genre, Violation
from .frame.inspection import INSPECT_SECONDS, Inspection
from .frame.inspection import inspect as inspecting
from .frame.levels import Level
from .frame.search import DEFAULT_NODES, SearchResult
from .genres import find_genre, genre_of
from .puzzle import Answer, Puzzle

if TYPE_CHECKING:
    from .frame.generator import Generated
    from .hints import Hint


def parse(text: str | bytes, *, genre: str | None = None) -> Puzzle:
    """A puzzle from text in any format pencilkit reads (ID, text grid, JSON, URL)."""
    return read_puzzle(text, genre=genre)


SOLVE_SECONDS = 60.0
"""The time a solve may take unless the caller says otherwise (``seconds=None``: no limit)."""


def solve(puzzle: Puzzle, *, seconds: float | None = SOLVE_SECONDS, nodes: int = DEFAULT_NODES,
          cancel: Cancel | None = None, max_level: Level = Level.EXPERT, record: bool = False, limit: int = 2,
          exact: bool = True) -> solving.Solution:
    """Solve, prove unique and rate ``puzzle`` within ``seconds`` and ``nodes`` search nodes; setting
    ``cancel`` calls it off (then it gives up).  ``record=True``, or :func:`explain`, keeps the steps; see
    :func:`pencilkit.frame.solve.solve` for the rest."""
    budget = Budget(nodes, seconds, cancel=cancel)
    return solving.solve(genre_of(puzzle), puzzle, max_level=max_level, budget=budget, record=record, limit=limit,
                         exact=exact)


def rate(puzzle: Puzzle, *, seconds: float | None = SOLVE_SECONDS, nodes: int = DEFAULT_NODES,
         cancel: Cancel | None = None, max_level: Level = Level.EXPERT) -> Level | None:
    """The level of the hardest technique the solve needs (``SEARCH`` if the ladder stalls); ``None`` when the
    puzzle has no solution, several, or the budget runs out.  The options are :func:`solve`'s."""
    return solve(puzzle, seconds=seconds, nodes=nodes, cancel=cancel, max_level=max_level).rating


def explain(puzzle: Puzzle, *, seconds: float | None = SOLVE_SECONDS, nodes: int = DEFAULT_NODES,
            cancel: Cancel | None = None, max_level: Level = Level.EXPERT) -> solving.Solution:
    """Solve with every step recorded, for a step-by-step explanation.  The options are :func:`solve`'s."""
    return solve(puzzle, seconds=seconds, nodes=nodes, cancel=cancel, max_level=max_level, record=True)


def inspect(puzzle: Puzzle, *, seconds: float | None = INSPECT_SECONDS, cancel: Cancel | None = None) -> Inspection:
    """What a puzzle under construction has, within ``seconds`` (10 by default): one solution (its rating and
    the first step of its hardest technique), none (the broken rule), several (two of them, the cells where
    they differ, and a clue that makes it unique or at least removes one of the two, from the genre's
    generator), or ``unknown`` when time runs out or ``cancel`` is set; see :mod:`pencilkit.frame.inspection`."""
    return inspecting(genre_of(puzzle), puzzle, budget=Budget(seconds=seconds, cancel=cancel))


def count_solutions(puzzle: Puzzle, *, limit: int = 2, nodes: int = DEFAULT_NODES,
                    seconds: float | None = None, level: Level = Level.MEDIUM) -> SearchResult:
    """Count solutions up to ``limit`` by search alone (with the ladder up to ``level`` at each node)."""
    return solving.count_solutions(genre_of(puzzle), puzzle, limit=limit, budget=Budget(nodes, seconds),
                                   level=level)


def hint(puzzle: Puzzle, answer: Answer | str | None = None, *, seconds: float | None = SOLVE_SECONDS,
         nodes: int = DEFAULT_NODES, cancel: Cancel | None = None, max_level: Level = Level.EXPERT) -> Hint:
    """The next step from a partly filled grid, as the player gives it: a wrong mark first, else the cheapest
    deduction from the marks (technique, cells, reason), else one cell of the solution; ``unavailable``
    unless the puzzle has one solution.  ``answer``: the marks (none: the empty grid).  ``seconds`` hold
    for the whole hint, the solve and the step after it, and setting ``cancel`` calls it off (then it is
    ``unavailable``); ``max_level`` caps the ladder of the solve."""
    if answer is None:
        answer = Answer(puzzle.rows, puzzle.cols, 0, 0)
    elif isinstance(answer, str):
        answer = read_answer(answer)
    if (answer.rows, answer.cols) != (puzzle.rows, puzzle.cols):
        raise FormatError(
            f"the answer is {answer.rows}x{answer.cols} but the puzzle is {puzzle.rows}x{puzzle.cols}")
    from .hints import hint_for

    budget = Budget(nodes, seconds, cancel=cancel)
    solved = solving.solve(genre_of(puzzle), puzzle, budget=budget, max_level=max_level)
    return hint_for(puzzle, answer, solved, budget=part(budget))


def check(puzzle: Puzzle, answer: Answer | str) -> list[Violation]:
    """Every rule the answer breaks, unmarked cells counted as unshaded; ``[]`` when it is correct."""
    if isinstance(answer, str):
        answer = read_answer(answer)
    if (answer.rows, answer.cols) != (puzzle.rows, puzzle.cols):
        raise FormatError(
            f"the answer is {answer.rows}x{answer.cols} but the puzzle is {puzzle.rows}x{puzzle.cols}")
    return [violation.on(puzzle.grid) for violation in genre_of(puzzle).check(puzzle, answer.finished())]


def generate(genre: str | Genre, rows: int, cols: int, level: Level | str, *, seed: int | None = None,
             count: int = 1, seconds: float | None = None, style: str | None = None,
             symmetry: str = "published", cancel: Cancel | None = None,
             scores: tuple[int, int] | None = None) -> list[Generated]:
    """``count`` unique puzzles of ``genre`` rated exactly ``level``; puzzle ``k`` uses seed ``seed + k``.

    ``seconds`` apply to each puzzle (by default
    :data:`pencilkit.frame.generate.DEFAULT_SECONDS`); setting ``cancel`` calls the
    work off; ``symmetry`` (``none``, ``rot2``, ``rot4`` or ``mirror``) makes the
    clue positions symmetric where the genre can, and ``published`` (the default) lets each puzzle keep one as
    often as published puzzles of its genre and size do where the genre's generator has their shares
    (Kurodoko, Nurikabe, and Heyawake, whose rooms keep a half turn; Hitori keeps none); ``scores`` (lowest, highest) asks for a difficulty score in
    that range beside the level (:mod:`pencilkit.frame.difficulty`); see
    :func:`pencilkit.frame.generate.generate`.
    """
    from .frame import generate as generation

    found = find_genre(genre) if isinstance(genre, str) else genre
    per_puzzle = generation.DEFAULT_SECONDS if seconds is None else seconds
    return generation.generate(found, rows, cols, level, seed=seed, count=count, seconds=per_puzzle, style=style,
                               symmetry=symmetry, cancel=cancel, scores=scores)
