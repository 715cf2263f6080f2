"""Hitori's side of generation: a painting valid by construction, then black cells' numbers moved.

A candidate is a :class:`~pencilkit.genres.hitori.painting.Painting`: its
intended solution is a solution by construction, so the driver's question is
only whether it is the only one and what the ladder needs.  Every repair
changes which white number one black cell copies:

* a second solution (``MULTIPLE``) is cut off where it differs: a cell black
  here and white in the rival copies a number that stays white in both, so the
  rival repeats it;
* a puzzle the search could not settle (``UNKNOWN``) gets a black cell among
  the cells left open a copy that sits next to it or one cell away in its
  line (a pair or a sandwich a solver sees at once);
* a unique puzzle the ladder cannot finish at the target (``HARDER``) gets the
  same, except at the expert target, where the new copy is farther away: a
  pair or a sandwich there mostly makes it easy at once, overshooting;
* a puzzle finished too easily (``EASIER``) gets a black cell's copy moved
  away from it, where only longer reasoning reaches.  From the hard target up
  the cell is one where a solver starts, whose number repeats next to it or
  one cell away (a pair or a sandwich), when there is one: moving any black
  cell's copy (most are far already) leaves nearly every easy puzzle easy.

Expert puzzles come from a random walk among unique puzzles rated easy to
hard, which seldom steps onto an expert one; on big boards the walk is given
more changes before a new painting (:data:`EXPERT_PATIENCE`), and it mostly
ends on its first painting.

Numbers stay those of the Latin square, so they run from 1 to the board's
longer side, as published.
"""

from __future__ import annotations

import random

from ...frame.budget import Budget
from ...frame.generator import Assessment, Candidate, GenreGenerator, Outcome
from ...frame.levels import Level
from ...grid import Cell, cells
from .painting import Painting, paint

PATIENCE = 8
"""Number moves per ``rows + cols`` after which the driver paints a new board."""
EXPERT_PATIENCE = 64
"""The same at the expert target on boards of :data:`BIG` cells or more: the walk to an expert puzzle is
long there, and :data:`PATIENCE` restarts walks that were on their way (on smaller boards a restart helps)."""
BIG = 200
"""Cells from which an expert target gets :data:`EXPERT_PATIENCE`."""


class HitoriGenerator(GenreGenerator):
    """Paintings (:func:`~pencilkit.genres.hitori.painting.paint`) repaired by moving black cells' copies."""

    def max_level(self, rows: int, cols: int) -> Level:
        from .feasibility import max_level

        return max_level(rows, cols)

    def start(self, rows: int, cols: int, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Candidate | None:
        return paint(rows, cols, rng)

    def repair(self, candidate: Candidate, assessment: Assessment, target: Level,
               rng: random.Random, budget: Budget | None = None) -> Candidate | None:
        assert isinstance(candidate, Painting)
        if assessment.outcome is Outcome.MULTIPLE and assessment.rival is not None:
            mended = _cut_off(candidate, assessment.rival.shaded, rng)
            if mended is not None:
                return mended
        if assessment.outcome is Outcome.EASIER:
            starts = _seen_at_once(candidate) if target >= Level.HARD else []
            return _recopy(candidate, starts or list(cells(candidate.black)), rng, near=False)
        open_cells = 0 if assessment.stalled is None else assessment.stalled.undecided
        near_open = candidate.grid.dilate(open_cells) & candidate.black
        near = assessment.outcome is not Outcome.HARDER or target < Level.EXPERT
        return _recopy(candidate, list(cells(near_open or candidate.black)), rng, near=near)

    def patience(self, rows: int, cols: int, target: Level) -> int:
        """Moves without reaching the level before a new painting: ``PATIENCE * (rows + cols)``
        (:data:`EXPERT_PATIENCE` for an expert puzzle of :data:`BIG` cells or more)."""
        big_expert = target >= Level.EXPERT and rows * cols >= BIG
        return (EXPERT_PATIENCE if big_expert else PATIENCE) * (rows + cols)

    def breadth(self, rows: int, cols: int, target: Level) -> int:
        return 3


def _cut_off(painting: Painting, rival_black: int, rng: random.Random) -> Painting | None:
    """The painting with a black cell, white in the rival, copying a number white in both: the rival then
    repeats that number in a line; ``None`` when no such cell and number exist."""
    choices: list[tuple[Cell, Cell]] = []
    for cell in cells(painting.black & ~rival_black):
        sources = [s for s in painting.copies(cell) if not rival_black >> s & 1]
        choices.extend((cell, source) for source in sources if painting.numbers[source] != painting.numbers[cell])
    if not choices:
        return None
    cell, source = rng.choice(choices)
    return painting.copying(cell, source)


def _recopy(painting: Painting, among: list[Cell], rng: random.Random, *, near: bool) -> Painting | None:
    """One black cell of ``among`` copying another white number of its lines: one next to it or one cell
    away in line when ``near``, else one farther away (when there is any)."""
    order = list(among)
    rng.shuffle(order)
    for cell in order:
        sources = [s for s in painting.copies(cell) if painting.numbers[s] != painting.numbers[cell]]
        close = [s for s in sources if _gap(painting, cell, s) <= 2]
        far = [s for s in sources if _gap(painting, cell, s) > 2]
        wanted = close if near else far
        if wanted or sources:
            return painting.copying(cell, rng.choice(wanted or sources))
    return None


def _seen_at_once(painting: Painting) -> list[Cell]:
    """The black cells whose number repeats next to them or one cell away in their line, white."""
    return [cell for cell in cells(painting.black)
            if any(_gap(painting, cell, s) <= 2 and painting.numbers[s] == painting.numbers[cell]
                   for s in painting.copies(cell))]


def _gap(painting: Painting, a: Cell, b: Cell) -> int:
    """How far apart two cells of one line are."""
    (ra, ca), (rb, cb) = divmod(a, painting.cols), divmod(b, painting.cols)
    return abs(ra - rb) + abs(ca - cb)


GENERATOR = HitoriGenerator()
"""The generator the frame uses for Hitori (found by :meth:`Genre.generator`)."""
