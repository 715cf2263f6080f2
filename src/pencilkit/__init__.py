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

from . import notebook
from .api import check, count_solutions, explain, generate, parse, rate, solve
from .errors import (
    FormatError,
    PencilkitError,
    PuzzleError,
    SizeError,
    UnknownGenreError,
)
from .formats import read_answer, read_puzzle, write_puzzle
from .frame.generate import Generated, GenerationFailed
from .frame.genre import Genre, Violation
from .frame.levels import Level
from .frame.solve import PROFILE_VERSION, Solution, Status
from .genres import all_genres, find_genre, register
from .puzzle import Answer, Puzzle

__version__ = "0.1.0"

notebook.register()

__all__ = [
    "PROFILE_VERSION",
    "Answer",
    "FormatError",
    "Generated",
    "GenerationFailed",
    "Genre",
    "Level",
    "PencilkitError",
    "Puzzle",
    "PuzzleError",
    "SizeError",
    "Solution",
    "Status",
    "UnknownGenreError",
    "Violation",
    "all_genres",
    "check",
    "count_solutions",
    "explain",
    "find_genre",
    "generate",
    "parse",
    "rate",
    "read_answer",
    "read_puzzle",
    "register",
    "solve",
    "write_puzzle",
]
