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

from .errors import FormatError, PencilkitError, PuzzleError, SizeError, UnknownGenreError
from .formats import read_answer, read_puzzle, write_puzzle
from .frame.levels import Level
from .frame.generate import GenerationFailed, Generated, generate
from .frame.solve import PROFILE_VERSION, Solution, Status, count_solutions, explain, rate, solve
from .genres import Genre, Violation, all_genres, find_genre
from .puzzle import Answer, Puzzle

__version__ = "0.1.0"


def parse(text: str | bytes, *, genre: str | None = None) -> Puzzle:
    """A puzzle from text in any format pencilkit reads (ID, text grid, JSON, URL)."""
    return read_puzzle(text, genre=genre)


def check(puzzle: Puzzle, answer: Answer | str) -> list[Violation]:
    """Every rule the answer breaks, unmarked cells counted as unshaded; ``[]`` when it is correct."""
    if isinstance(answer, str):
        answer = read_answer(answer)
    if (answer.rows, answer.cols) != (puzzle.rows, puzzle.cols):
        raise FormatError(
            f"the answer is {answer.rows}x{answer.cols} but the puzzle is {puzzle.rows}x{puzzle.cols}")
    return puzzle.genre_module.check(puzzle, answer.finished())


__all__ = [
    "Answer", "FormatError", "GenerationFailed", "Generated", "Genre", "Level", "PROFILE_VERSION", "PencilkitError", "Puzzle", "PuzzleError",
    "SizeError", "Solution", "Status", "UnknownGenreError", "Violation", "all_genres", "check",
    "count_solutions", "explain", "find_genre", "generate", "parse", "rate", "read_answer", "read_puzzle", "solve",
    "write_puzzle",
]
