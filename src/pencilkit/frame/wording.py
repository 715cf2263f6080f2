"""Reasons in words: the core names each reason by a key and gives its data; the genres word them.

A :class:`Reason` is what the core returns with a step, a contradiction or
a broken rule: the key of a sentence (``nurikabe.complete``), the numbers
and cells the sentence needs, and for a probe's refutation the reason it
rests on.  A genre package keeps the sentences of its keys (a
:data:`Sentences` table); the frame keeps those of its own (probing's).
Sentences are worded only when someone reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..grid import Grid, Mask, cells
from ..puzzle import Puzzle


@dataclass(frozen=True)
class Reason:
    """Why a deduction holds, or why a board has no solution: a sentence's key and its data."""

    key: str
    ints: tuple[int, ...] = ()
    """Numbers the sentence needs (a cell, where one cell is meant, is its number)."""
    masks: tuple[Mask, ...] = ()
    """Sets of cells the sentence names."""
    inner: Reason | None = None
    """The reason this one rests on (a probe's refutation carries the contradiction it ran into)."""
    foreign: object = None
    """A Python technique's own reason: its text, or a callable that returns it."""


Words = Callable[[Puzzle, Reason], str]
"""How one key's sentence reads, from the puzzle and the reason's data."""

Sentences = Mapping[str, Words]
"""A table of sentences by key."""


@dataclass(frozen=True)
class Broken:
    """How a broken rule of a key reads in a checker's report: its title and the details of its JSON."""

    title: str
    details: Callable[[Puzzle, Reason], dict[str, Any]]


def verb(mask: Mask) -> str:
    """``is`` for one cell, ``are`` for more."""
    return "is" if mask & (mask - 1) == 0 else "are"


def names(grid: Grid, mask: Mask) -> list[str]:
    """The names of the cells of ``mask``, in order."""
    return [grid.name(cell) for cell in cells(mask)]


__all__ = ["Broken", "Reason", "Sentences", "Words", "names", "verb"]
