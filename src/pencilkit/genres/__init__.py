"""The genre registry and the protocol a genre fills in.

A genre is one package under ``pencilkit.genres`` exporting a :class:`Genre`
instance: its name, its rules in words, clue validation, the rule checker, and
the :class:`~pencilkit.frame.ruleset.Ruleset` the frame solves with.  The frame
only ever sees this protocol; adding a genre means adding it to :data:`GENRES`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import PencilkitError, PuzzleError, UnknownGenreError
from ..frame.board import Board, Contradiction
from ..frame.levels import Level
from ..frame.ruleset import ProbeSpec, Ruleset
from ..grid import Grid, Mask, cells
from ..puzzle import Answer, Puzzle

if TYPE_CHECKING:
    from ..frame.generate import GenreGenerator


@dataclass(frozen=True)
class Violation:
    """One broken rule: its code and title, a sentence, the cells involved and details."""

    rule: str
    title: str
    message: str
    cells: Mask
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self, grid: Grid) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "title": self.title,
            "message": self.message,
            "cells": [grid.name(c) for c in cells(self.cells)],
            **self.details,
        }


class Genre(ABC):
    """A shading genre: what the frame needs to read, check and solve it."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    rules: ClassVar[str]
    """The rules in plain words."""
    words: ClassVar[tuple[str, str]] = ("shaded", "unshaded")
    """What a shaded and an unshaded cell are called (``sea``/``land``, ``black``/``white``)."""

    @abstractmethod
    def max_clue(self, rows: int, cols: int) -> int:
        """The largest clue that can make sense on a board of this shape."""

    def validate(self, puzzle: Puzzle) -> None:
        """Raise ``PuzzleError`` for a clue that cannot belong to this genre."""
        top = self.max_clue(puzzle.rows, puzzle.cols)
        for cell, number in puzzle.clues:
            if number is not None and not 1 <= number <= top:
                r, c = divmod(cell, puzzle.cols)
                raise PuzzleError(
                    f"clue {number} at row {r + 1}, column {c + 1} is out of range: "
                    f"a {self.name} clue on a {puzzle.rows}x{puzzle.cols} board is 1 to {top}"
                )

    @abstractmethod
    def check(self, puzzle: Puzzle, answer: Answer) -> list[Violation]:
        """Every rule a complete answer breaks (unmarked cells count as unshaded)."""

    @abstractmethod
    def build_ruleset(self) -> Ruleset:
        """The ruleset the frame solves this genre with."""

    def verify(self, board: Board) -> None:
        """A complete board that breaks a rule is a contradiction (the ruleset's final check)."""
        broken = self.check(board.puzzle, board.answer())
        if broken:
            raise Contradiction(broken[0].message, broken[0].cells)

    def probes(self, short_steps: int, long_steps: int) -> tuple[ProbeSpec, ProbeSpec]:
        """The two probing techniques every genre shares: hard within ``short_steps``, expert within ``long_steps``."""
        shaded, unshaded = self.words
        return (
            ProbeSpec("short_contradiction", Level.HARD, short_steps, Level.MEDIUM,
                      f"If a cell were {unshaded} (or {shaded}), easy and medium techniques would break a rule "
                      f"within {short_steps} steps, so it is the other way."),
            ProbeSpec("contradiction", Level.EXPERT, long_steps, Level.MEDIUM,
                      f"The same within {long_steps} steps.", sweep=True),
        )

    @cached_property
    def ruleset(self) -> Ruleset:
        return self.build_ruleset()

    def generator(self) -> GenreGenerator:
        """The genre's side of :mod:`pencilkit.frame.generate`: ``GENERATOR`` in its ``generate`` module.

        A genre without that module cannot be generated.
        """
        import importlib

        name = f"{__name__}.{self.name}.generate"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if not missing.name or not (name == missing.name or name.startswith(missing.name + ".")):
                raise
            raise PencilkitError(f"generation not supported for {self.name}") from None
        return module.GENERATOR  # type: ignore[no-any-return]


def _registry() -> list[Genre]:
    from .kurodoko import KURODOKO
    from .nurikabe import NURIKABE

    return [NURIKABE, KURODOKO]


GENRES: list[Genre] = []


def all_genres() -> list[Genre]:
    if not GENRES:
        GENRES.extend(_registry())
    return GENRES


def find_genre(name: str) -> Genre:
    """The genre called ``name`` or one of its aliases (case-insensitive)."""
    key = name.strip().lower()
    for genre in all_genres():
        if key == genre.name or key in genre.aliases:
            return genre
    known = ", ".join(g.name for g in all_genres())
    raise UnknownGenreError(f"unknown genre {name!r}: pencilkit knows {known}")
