"""Tally, a toy genre defined by the test suite alone: each number counts its shaded neighbours.

Rules: shade some cells so that each number equals how many of its (up to
four) side neighbours are shaded; numbered cells are unshaded.  It plugs into
pencilkit with one object and one :func:`pencilkit.genres.register` call.
"""

from __future__ import annotations

from typing import ClassVar

from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.genre import Violation
from pencilkit.frame.ladder import Step, Technique
from pencilkit.frame.levels import Level
from pencilkit.frame.ruleset import Ruleset
from pencilkit.genres.clued import CluedGenre
from pencilkit.grid import cells
from pencilkit.puzzle import Answer, Puzzle


def tally(board: Board) -> list[Step] | None:
    """A number whose count is reached has its other neighbours unshaded; one that needs all its open
    neighbours has them shaded."""
    grid = board.grid
    for cell, number in board.puzzle.clues:
        if number is None:
            continue
        around = grid.neighbours[cell]
        shaded = (around & board.shaded).bit_count()
        open_ = around & board.undecided
        if shaded > number or shaded + open_.bit_count() < number:
            raise Contradiction(f"{grid.name(cell)} cannot see {number} shaded neighbours", 1 << cell)
        if open_ and shaded == number:
            return [Step(0, open_, f"{grid.name(cell)} has its {number} already")]
        if open_ and shaded + open_.bit_count() == number:
            return [Step(open_, 0, f"{grid.name(cell)} needs every open neighbour")]
    return None


class Tally(CluedGenre):
    name: ClassVar[str] = "tally"
    aliases: ClassVar[tuple[str, ...]] = ("toy-tally",)
    title: ClassVar[str] = "Tally"
    rules: ClassVar[str] = ("Shade some cells so that:\n\n"
                            "* T1 count: each number is how many of its side neighbours are shaded;\n"
                            "* T2 printed cells: numbered cells are unshaded.")
    summary: ClassVar[str] = "Shade cells; each number counts its shaded neighbours."

    def max_clue(self, rows: int, cols: int) -> int:
        return 4

    def check(self, puzzle: Puzzle, answer: Answer) -> list[Violation]:
        grid = puzzle.grid
        out = []
        for cell, number in puzzle.clues:
            if answer.shaded >> cell & 1:
                out.append(Violation("T2", "printed cells", f"{grid.name(cell)} is a number but shaded", 1 << cell))
            seen = (grid.neighbours[cell] & answer.shaded).bit_count()
            if number is not None and seen != number:
                out.append(Violation("T1", "count", f"{grid.name(cell)} sees {seen} shaded, not {number}",
                                     1 << cell | grid.neighbours[cell]))
        return out

    def build_ruleset(self) -> Ruleset:
        return Ruleset(
            techniques=[Technique("tally", Level.EASY, tally, "A number's count is reached, or needs every open cell.")],
            verify=self.verify,
            candidates=lambda board: list(cells(board.undecided)),
            probes=self.probes(3, 12),
            words=self.words,
        )



TALLY = Tally()
