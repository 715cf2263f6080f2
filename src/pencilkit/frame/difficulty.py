"""A difficulty score from the whole solving path, to order puzzles within a level.

The level says which technique a puzzle needs at its hardest; it does not say
how often, nor how thin the logic runs there.  The score reads the path the
ladder took (cheapest technique first, back to the cheapest after every
round of steps) in *phases*: maximal runs of steps of one technique.  A phase
at level ``L`` means that nothing cheaper than ``L`` applied to the board it
started from, and its steps are what that technique offered there at once.

From the phases come:

* ``steps``: how many steps each level took;
* ``bottlenecks``: the phases at the puzzle's own level that found at most
  :data:`THIN` deductions (the board offered nothing cheaper, and little of
  its level: thin logic), and ``longest``: the most of them in a row;
* ``scarcity``: the mean, over the phases at the puzzle's own level, of one
  over the number of deductions found at once (1 when each offered one);
* ``score``: ``100 * level`` (easy 1 ... expert 4, search 5) plus
  ``floor(100 * (1 - 2 ** (-effort / 8)))``, at most 99, where ``effort`` is
  ``bottlenecks + longest`` plus, over the phases at the puzzle's level, the
  sum of one over their deductions.  So the hundreds are the level, and within
  a level a puzzle scores higher the more often, the longer in a row and the
  more narrowly it needs its hardest technique; an effort of 8 is half-way to
  the next hundred.

The score measures the path, not a person: it predicts no solving time (there
is no human timing data behind it).  A puzzle the ladder does not finish
(rated ``search``) is scored on the path up to where it stalled, at the
level of the hardest technique on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .ladder import Step
from .levels import Level

HALF_EFFORT = 8.0
"""The effort at which a puzzle's score is half-way through its level's hundred."""
THIN = 2
"""The most deductions a phase may find at once and still be a bottleneck."""


@dataclass(frozen=True)
class Difficulty:
    """What the solving path says of a puzzle's difficulty (see the module docstring)."""

    level: Level
    score: int
    steps: dict[str, int]
    phases: int
    bottlenecks: int
    longest: int
    scarcity: float

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "level": self.level.label, "steps": self.steps, "phases": self.phases,
                "bottlenecks": self.bottlenecks, "longest": self.longest, "scarcity": round(self.scarcity, 3)}


def phases(steps: list[Step]) -> list[tuple[Level, int]]:
    """The path in phases: each maximal run of steps of one technique, as its level and its length."""
    out: list[tuple[str, Level, int]] = []
    for step in steps:
        if out and out[-1][0] == step.technique:
            name, level, length = out[-1]
            out[-1] = (name, level, length + 1)
        else:
            out.append((step.technique, step.level, 1))
    return [(level, length) for _, level, length in out]


def difficulty(steps: list[Step], rating: Level) -> Difficulty:
    """The difficulty of a puzzle rated ``rating`` whose solve took ``steps`` (recorded, in order)."""
    path = phases(steps)
    top = rating if rating is not Level.SEARCH else max((level for level, _ in path), default=Level.EASY)
    counted = {level.label: 0 for level in Level if Level.EASY <= level <= Level.EXPERT}
    for step in steps:
        if step.level.label in counted:
            counted[step.level.label] += 1
    bottlenecks = longest = streak = 0
    narrow = 0.0
    at_top = 0
    for level, found in path:
        thin = level >= top and found <= THIN
        if level >= top:
            at_top += 1
            narrow += 1 / found
        bottlenecks += thin
        streak = streak + 1 if thin else 0
        longest = max(longest, streak)
    effort = bottlenecks + longest + narrow
    within = math.floor(100 * (1 - 2 ** (-effort / HALF_EFFORT)))
    score = 100 * int(rating) + min(99, within)
    scarcity = narrow / at_top if at_top else 0.0
    return Difficulty(rating, score, counted, len(path), bottlenecks, longest, scarcity)


__all__ = ["HALF_EFFORT", "THIN", "Difficulty", "difficulty", "phases"]
