"""A genre, as the frame and the rest of pencilkit see it: one object holding all that is known of it.

Like the ``struct game`` of Tatham's collection, a :class:`Genre` gathers
everything the program needs to know of one kind of puzzle: its names, its
rules in words, which clues make sense, where solving starts, the rule
checker, the technique ruleset, how to finish a stalled board exactly, its
generator, its puzz.link name and how it is drawn.  The frame receives a genre
and asks it; it never imports one.  Genres live in :mod:`pencilkit.genres`,
one package each, registered in one place there.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from ..cellset import CellSet
from ..errors import PencilkitError, PuzzleError
from ..grid import Grid, Mask, cells
from ..puzzle import Answer, Puzzle
from .board import Board, Contradiction
from .budget import Budget
from .levels import Level
from .probing import ProbeSpec
from .ruleset import Ruleset, reason_of

if TYPE_CHECKING:
    from .generator import GenreGenerator
    from .search import SearchResult


@dataclass(frozen=True)
class Violation:
    """One broken rule: its code and title, a sentence, the cells involved and details."""

    rule: str
    title: str
    message: str
    cells: Mask
    details: dict[str, Any] = field(default_factory=dict)
    grid: Grid | None = field(default=None, repr=False, compare=False)
    """The board's shape, when known (:meth:`on`): then the cells show by name."""

    def on(self, grid: Grid) -> Violation:
        """The same violation, knowing the shape of its board."""
        return replace(self, grid=grid)

    def __repr__(self) -> str:
        where = f"{self.cells:#x}" if self.grid is None else repr(" ".join(self.grid.name(c) for c in cells(self.cells)))
        return f"Violation({self.rule} {self.title}: {self.message!r}, cells={where})"

    def cell_set(self, grid: Grid | None = None) -> CellSet:
        """The cells involved, on the board of shape ``grid`` (by default the one it knows)."""
        shape = grid or self.grid
        if shape is None:
            raise ValueError("the violation does not know its board: give its grid")
        return CellSet(self.cells, shape)

    def to_json(self, grid: Grid) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "title": self.title,
            "message": self.message,
            "cells": [grid.name(c) for c in cells(self.cells)],
            **self.details,
        }


class Genre(ABC):
    """A shading genre: everything pencilkit needs to read, check, solve, generate and draw it."""

    name: ClassVar[str]
    """The canonical name, as in a puzzle ID (``nurikabe``)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names a user may give (case-insensitive)."""
    title: ClassVar[str]
    """The name as printed (``Nurikabe``)."""
    rules: ClassVar[str]
    """The rules in plain words, one ``*`` item a rule."""
    summary: ClassVar[str] = ""
    """The rules in one short paragraph, as a player reads them first."""
    tagline: ClassVar[str] = "Unique solution"
    """A few words under the title (``Islands & sea · unique solution``)."""
    words: ClassVar[tuple[str, str]] = ("shaded", "unshaded")
    """What a shaded and an unshaded cell are called (``sea``/``land``, ``black``/``white``)."""
    url_name: ClassVar[str | None] = None
    """The genre's name in a puzz.link URL; ``None`` when puzz.link has no format for it."""
    url_aliases: ClassVar[tuple[str, ...]] = ()
    """Other names puzz.link's pzpr.js reads for the genre in a URL or pzprv3 file (Heyawake's
    ``heyawacky``); they are read, never written."""
    pzpr_file: ClassVar[str | None] = None
    """How puzz.link's pzprv3 file lays the genre out: ``merged`` (clues and marks in one grid),
    ``apart`` (the clues' grid, then the marks') or ``rooms`` (the number of rooms and the room of
    each cell, then the clues' grid, then the marks'); ``None`` when it has no file format."""
    janko_name: ClassVar[str | None] = None
    """The genre's name on the ``puzzle`` line of Janko's text format (janko.at calls Kurodoko
    ``kuromasu``); ``None`` when pencilkit reads and writes no Janko text for it."""
    penpa_tag: ClassVar[str | None] = None
    """The genre's tag among penpa-edit's genre tags (``heyawake``); ``None`` when pencilkit reads and
    writes no penpa-edit URL for it."""
    circled_clues: ClassVar[bool] = False
    """Whether a drawing puts each clue in a circle (as Kurodoko is printed)."""
    has_rooms: ClassVar[bool] = False
    """Whether the board is divided into rooms (:attr:`Puzzle.rooms <pencilkit.puzzle.Puzzle.rooms>`),
    as Heyawake's is; a puzzle of the genre has rooms exactly when this is true."""
    shaded_clues: ClassVar[bool] = False
    """Whether a cell holding a number may be shaded like any other (a Heyawake or Hitori number's); when
    false each clue keeps its cell unshaded from the start (:meth:`start`), as Nurikabe's and Kurodoko's do."""
    presets: ClassVar[tuple[tuple[str, int], ...]] = (("easy", 7), ("medium", 8), ("hard", 9))
    """The player's New puzzle buttons: ``(level, side)`` of a square board each."""
    filled: ClassVar[bool] = False
    """Whether every cell of a puzzle holds a number, as Hitori's does (a cell may still be left without one
    while a puzzle is being made)."""

    def accepts(self, puzzle: Puzzle) -> None:
        """Raise ``PuzzleError`` unless ``puzzle`` can belong to this genre: rooms exactly when the genre
        has them (:attr:`has_rooms`), and clues that pass :meth:`validate`."""
        if self.has_rooms and puzzle.rooms is None:
            raise PuzzleError(f"a {self.title} puzzle needs its rooms: the room of every cell")
        if not self.has_rooms and puzzle.rooms is not None:
            raise PuzzleError(f"a {self.title} board has no rooms, but this puzzle gives some")
        self.validate(puzzle)

    @abstractmethod
    def validate(self, puzzle: Puzzle) -> None:
        """Raise ``PuzzleError`` for a clue that cannot belong to this genre."""

    @abstractmethod
    def start(self, puzzle: Puzzle) -> Board:
        """The board solving starts from: what the clues decide before any technique runs."""

    def check(self, puzzle: Puzzle, answer: Answer) -> list[Violation]:
        """Every rule a complete answer breaks (unmarked cells count as unshaded), in the order the genre
        checks its rules.  The core checks a genre of its own; a genre written in Python overrides this."""
        ruleset = self.ruleset
        if ruleset.native is None:
            raise NotImplementedError(f"{self.name} checks answers itself")
        if (answer.rows, answer.cols) != (puzzle.rows, puzzle.cols):
            raise ValueError(
                f"the answer is {answer.rows}x{answer.cols} but the puzzle is {puzzle.rows}x{puzzle.cols}")
        out = []
        for rule, raw, where in ruleset.engine(puzzle).check(answer.shaded):
            reason = reason_of(raw)
            broken = ruleset.broken[reason.key]
            out.append(Violation(rule, broken.title, ruleset.word(puzzle, reason), where,
                                 broken.details(puzzle, reason)))
        return out

    @abstractmethod
    def build_ruleset(self) -> Ruleset:
        """The ruleset the frame solves this genre with."""

    @cached_property
    def ruleset(self) -> Ruleset:
        return self.build_ruleset()

    def verify(self, board: Board) -> None:
        """A complete board that breaks a rule is a contradiction (the ruleset's final check)."""
        broken = self.check(board.puzzle, board.answer())
        if broken:
            raise Contradiction(broken[0].message, broken[0].cells)

    def probes(self, short_steps: int, long_steps: int, deep_steps: int | None = None) -> tuple[ProbeSpec, ...]:
        """The probing techniques every genre shares: hard within ``short_steps``, expert within
        ``long_steps``, and, when ``deep_steps`` is given, an expert probe within that many steps whose
        trials may themselves use the hard probe (a trial inside a trial)."""
        shaded, unshaded = self.words
        specs = [
            ProbeSpec("short_contradiction", Level.HARD, short_steps, Level.MEDIUM,
                      f"If a cell were {unshaded} (or {shaded}), easy and medium techniques would break a rule "
                      f"within {short_steps} steps, so it is the other way."),
            ProbeSpec("contradiction", Level.EXPERT, long_steps, Level.MEDIUM,
                      f"The same within {long_steps} steps.", sweep=True),
        ]
        if deep_steps is not None:
            specs.append(ProbeSpec("deep_contradiction", Level.EXPERT, deep_steps, Level.HARD,
                                   f"If a cell were {unshaded} (or {shaded}), the techniques up to hard would break a "
                                   f"rule within {deep_steps} steps, so it is the other way; the short "
                                   "contradictions inside look near what the assumption changed."))
        return tuple(specs)

    def finish(self, stalled: Board, *, limit: int, budget: Budget, max_level: Level) -> SearchResult | None:
        """Count the solutions of a board the ladder stalled on with an exact engine of the genre's own,
        up to ``limit`` within ``budget`` (when it runs out, not exhaustive); ``None`` when the genre has
        none (then search counts)."""
        return None

    def generator(self) -> GenreGenerator:
        """The genre's side of :mod:`pencilkit.frame.generate`."""
        raise PencilkitError(f"generation not supported for {self.name}")

    def __repr__(self) -> str:
        return f"<genre {self.name}>"


__all__ = ["Genre", "Violation"]
