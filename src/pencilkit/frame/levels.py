"""Difficulty levels: one source of truth for names, order and CLI spellings.

A technique has a level; a puzzle's rating is the level of the hardest
technique its solve needs, or ``SEARCH`` when the full ladder cannot finish it.
"""

from __future__ import annotations

from enum import IntEnum

from ..errors import PencilkitError


class Level(IntEnum):
    BOOKKEEPING = 0
    EASY = 1
    MEDIUM = 2
    HARD = 3
    EXPERT = 4
    SEARCH = 5

    @property
    def label(self) -> str:
        """The lower-case name used on the command line and in JSON."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.label

    @classmethod
    def parse(cls, text: str, *, among: tuple[Level, ...] | None = None) -> Level:
        """A level from its name (case-insensitive) or number, one of ``among`` (every level by default)."""
        allowed = tuple(cls) if among is None else among
        key = text.strip().lower()
        for level in allowed:
            if key in (level.label, str(int(level))):
                return level
        choices = ", ".join(level.label for level in allowed)
        raise PencilkitError(f"unknown level {text!r}: choose one of {choices}")


GENERATABLE = (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT)
"""The levels a generator can be asked for."""
