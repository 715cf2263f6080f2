"""Heyawake: blacken cells in a board of rooms, apart, connected, counted by room.

Example (``heyawake:4x4:.,0,.,.,.,2,.,.,.,.,.,.,.,.,.,.:0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3``:
the clues, then the room of each cell)::

    clues  rooms  solution
    .0..   0111   ----
    .2..   0233   -#--
    ....   0233   --#-
    ....   0233   -#--

>>> import pencilkit
>>> solved = pencilkit.solve(pencilkit.parse(
...     "heyawake:4x4:.,0,.,.,.,2,.,.,.,.,.,.,.,.,.,.:0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3"))
>>> solved.status.value, solved.rating.label
('unique', 'medium')
>>> print(solved.answer)
----
-#--
--#-
-#--

Heyawake plugs into the frame like any genre: black is the frame's shaded,
white its unshaded.  Its clues are numbers written in rooms, not in cells:
a number counts the black cells of its room, and its own cell may be black.
"""

from __future__ import annotations

from typing import ClassVar

from ...errors import PuzzleError
from ...frame.board import Board
from ...puzzle import Puzzle
from ..native import CoreGenre
from . import rules


class Heyawake(CoreGenre):
    name: ClassVar[str] = "heyawake"
    aliases: ClassVar[tuple[str, ...]] = ("heya", "ayeheya-free")
    title: ClassVar[str] = "Heyawake"
    rules: ClassVar[str] = rules.RULES
    words: ClassVar[tuple[str, str]] = ("black", "white")
    summary: ClassVar[str] = ("Blacken some cells. A number counts the black cells of its room; black cells never "
                              "touch side by side, all white cells stay connected, and no straight run of white "
                              "cells crosses two room borders.")
    tagline: ClassVar[str] = "Rooms · unique solution"
    url_name: ClassVar[str | None] = "heyawake"
    url_aliases: ClassVar[tuple[str, ...]] = ("heyawacky",)
    pzpr_file: ClassVar[str | None] = "rooms"
    janko_name: ClassVar[str | None] = "heyawake"
    penpa_tag: ClassVar[str | None] = "heyawake"
    has_rooms: ClassVar[bool] = True
    probe_steps: ClassVar[tuple[int, ...]] = (4, 24, 40)
    shaded_clues: ClassVar[bool] = True

    def validate(self, puzzle: Puzzle) -> None:
        """At most one number a room, each from 0 to the most black cells the room can hold apart."""
        from .analysis import most_black

        assert puzzle.rooms is not None
        grid = puzzle.grid
        seen: dict[int, int] = {}
        for cell, number in puzzle.clues:
            room = puzzle.rooms[cell]
            if room in seen:
                raise PuzzleError(f"the room of {grid.name(seen[room])} has two numbers: "
                                  f"{grid.name(seen[room])} and {grid.name(cell)}")
            seen[room] = cell
            size = puzzle.room_masks[room].bit_count()
            if number is None or 2 * number <= size + 1:
                continue  # a room's larger chessboard colour, ceil(size / 2) cells, can always be black
            top = most_black(grid, puzzle.room_masks[room])
            if number > top:
                raise PuzzleError(f"the {number} at {grid.name(cell)} is out of range: its room of "
                                  f"{size} cells holds at most {top} black cells apart")

    def start(self, puzzle: Puzzle) -> Board:
        """The empty board: a number decides nothing of its own cell."""
        return self.ruleset.board(puzzle)


HEYAWAKE = Heyawake()
