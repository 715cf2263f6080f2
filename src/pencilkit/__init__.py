"""pencilkit: solve, rate, explain and generate shading pencil puzzles.

>>> import pencilkit
>>> p = pencilkit.parse("nurikabe:3x3:.,.,.,.,.,.,5,.,1")
>>> s = pencilkit.solve(p)
>>> s.status.value, s.rating.label
('unique', 'easy')
>>> print(s.answer)
---
-##
-#-
>>> pencilkit.check(p, s.answer)
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import notebook
from .api import check, count_solutions, explain, generate, hint, inspect, parse, rate, solve
from .cellset import CellSet
from .errors import (
    FormatError,
    PencilkitError,
    PuzzleError,
    SizeError,
    UnknownGenreError,
)
from .formats import read_answer, read_puzzle, write_puzzle
from .frame.genre import Genre, Violation
from .frame.inspection import Inspection, Suggestion, Verdict
from .frame.levels import Level
from .frame.solve import PROFILE_VERSION, Solution, Status
from .genres import all_genres, find_genre, register
from .puzzle import Answer, Puzzle

if TYPE_CHECKING:
    from .frame.generator import Generated, GenerationFailed

__version__ = "0.1.0"

notebook.register()


def __getattr__(name: str) -> Any:
    """The generator's result types, imported when first asked for (a solve never needs them)."""
    if name in ("GenerationFailed", "Generated"):
        from .frame import generator

        return getattr(generator, name)
    raise AttributeError(f"module 'pencilkit' has no attribute {name!r}")


__all__ = [
    "PROFILE_VERSION",
    "Answer",
    "CellSet",
    "FormatError",
    "Generated",
    "GenerationFailed",
    "Genre",
    "Inspection",
    "Level",
    "PencilkitError",
    "Puzzle",
    "PuzzleError",
    "SizeError",
    "Solution",
    "Status",
    "Suggestion",
    "UnknownGenreError",
    "Verdict",
    "Violation",
    "all_genres",
    "check",
    "count_solutions",
    "explain",
    "find_genre",
    "generate",
    "hint",
    "inspect",
    "parse",
    "rate",
    "read_answer",
    "read_puzzle",
    "register",
    "solve",
    "write_puzzle",
]
