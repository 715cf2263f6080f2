"""Probing, the same in every genre: assume a cell one way, run the cheaper ladder a few steps, and if
a rule breaks the cell is the other way.

A value that runs into a contradiction is refuted, so the cell takes the
other.  When neither value is refuted, every cell both trials decided the
same way is decided so in every solution.  A pass probes the undecided
cells next to a decided one or among the genre's anchors (Heyawake: its
numbered rooms and spans; not for a probe whose trials probe in turn),
nearest first to what was decided since the
last pass, and stops at its first finding so that cheaper techniques work on
it first; the last rung sweeps the whole board and hands its findings out
one at a time.  A probe whose inner ladder reaches hard runs probes inside
its trials, near what the trial decided.  The core runs the probes
(``core/src/probing.rs`` says how, and which shortcuts change no finding);
a genre declares which it uses and their step bounds as :class:`ProbeSpec` s,
and here are the sentences of their reasons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..puzzle import Puzzle
from .levels import Level
from .wording import Reason


@dataclass(frozen=True)
class ProbeSpec:
    """A probing technique: its name, its level, its step bound and the ladder its trials run."""

    name: str
    level: Level
    max_steps: int
    inner_level: Level
    summary: str = ""
    sweep: bool = False
    """Whether a pass tries every cell and hands its findings out one at a time."""

    def __post_init__(self) -> None:
        if self.inner_level >= self.level:
            raise ValueError(f"probe {self.name!r}: its trials' ladder must be below its level")


def refuted(puzzle: Puzzle, reason: Reason, words: tuple[str, str], inner: Callable[[Reason], str]) -> str:
    """``if r2c3 were sea, <the rule it broke>; so r2c3 is land``."""
    cell, shade = reason.ints
    name = puzzle.grid.name(cell)
    assumed, actual = (words[0], words[1]) if shade else (words[1], words[0])
    assert reason.inner is not None
    return f"if {name} were {assumed}, {inner(reason.inner)}; so {name} is {actual}"


def either_way(puzzle: Puzzle, reason: Reason, words: tuple[str, str]) -> str:
    """``whether r2c3 is sea or land, it leads to r2c4 sea``."""
    grid = puzzle.grid
    (cell,), (shade, unshade) = reason.ints, reason.masks
    parts = []
    if shade:
        parts.append(f"{grid.names(shade)} {words[0]}")
    if unshade:
        parts.append(f"{grid.names(unshade)} {words[1]}")
    return f"whether {grid.name(cell)} is {words[0]} or {words[1]}, it leads to " + " and ".join(parts)


__all__ = ["ProbeSpec", "either_way", "refuted"]
