"""Hitori: blacken cells so that no number repeats among the white cells of a row or column.

Example (``hitori:3x3:2,2,3,3,1,3,3,3,2``)::

    numbers   solution
    223       #--
    313       --#
    332       #--

>>> import pencilkit
>>> solved = pencilkit.solve(pencilkit.parse("hitori:3x3:2,2,3,3,1,3,3,3,2"))
>>> solved.status.value, solved.rating.label
('unique', 'easy')
>>> print(solved.answer)
#--
--#
#--

Hitori plugs into the frame like any genre: black is the frame's shaded,
white its unshaded.  Every cell holds a number, and any cell may be black.
"""

from __future__ import annotations

from typing import ClassVar

from ...errors import PuzzleError
from ...frame.board import Board
from ...puzzle import Puzzle
from ..native import CoreGenre
from . import rules


class Hitori(CoreGenre):
    name: ClassVar[str] = "hitori"
    aliases: ClassVar[tuple[str, ...]] = ("singles", "hitorinishitekure")
    title: ClassVar[str] = "Hitori"
    rules: ClassVar[str] = rules.RULES
    words: ClassVar[tuple[str, str]] = ("black", "white")
    summary: ClassVar[str] = ("Blacken some cells so that no number appears twice among the white cells of a row "
                              "or column; black cells never touch side by side, and all white cells stay "
                              "connected.")
    tagline: ClassVar[str] = "Numbers · unique solution"
    url_name: ClassVar[str | None] = "hitori"
    pzpr_file: ClassVar[str | None] = "hitori"
    janko_name: ClassVar[str | None] = "hitori"
    penpa_tag: ClassVar[str | None] = "hitori"
    shaded_clues: ClassVar[bool] = True
    filled: ClassVar[bool] = True
    presets: ClassVar[tuple[tuple[str, int], ...]] = (
        ("easy", 5), ("medium", 8), ("hard", 10), ("expert", 10), ("hard", 15))

    def validate(self, puzzle: Puzzle) -> None:
        """Every number is 1 or more (a cell may hold none)."""
        for cell, number in puzzle.clues:
            if number is not None and number < 1:
                raise PuzzleError(f"the {number} at {puzzle.grid.name(cell)} is out of range: a Hitori number "
                                  "is 1 or more")

    def start(self, puzzle: Puzzle) -> Board:
        """The empty board: a number decides nothing of its own cell."""
        return self.ruleset.board(puzzle)


HITORI = Hitori()
