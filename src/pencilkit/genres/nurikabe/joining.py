"""Islands joined as published: a big island or two, fewer clues, higher numbers.

Published Nurikabe from 20x20 up keep a few big islands among small ones
(janko.at's collection: the largest island's middle half is 8-16 cells up
to 20x20, 16-27 up to 30x30 and 19-50 above), and carry fewer and higher
clues than a cascade leaves, since a cascade grows an island only while its
way out is unique.  Joining two islands through the sea cell between them
takes a clue away, turns a sea cell to land and makes one bigger island, so
each join moves the largest island, the clue density, the mean clue and the
land share towards the published ones at once.

:func:`join_islands` draws a goal from the published middle half of the
board's class for the largest island.  While the largest is under it, the
joins weigh the size they make (squared), so big islands grow first; then
any two islands join, none past the goal, until the clues are no denser
than the class's published median.  Each join is tried on a copy and kept
where it takes no measure further outside the band and the driver still
rates it exactly as asked.  At most ``tries`` layouts are judged: a count,
not the clock, so a seed gives the same puzzle on any machine that finishes
them within the run's time (the driver stops a dressing at half the time
left).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...frame.generator import Assessment, Outcome
from ...grid import MAX_SIDE, Cell, cells
from .painting import Layout
from .style import published_density

JOIN_CELLS = 400
"""The fewest cells (20x20) of a board whose islands are joined: below it the cascades' islands and clues already
sit inside the published middle half."""
EASY_JOIN_CELLS = JOIN_CELLS + 1
"""The fewest cells of a board whose easy puzzles are joined: at 20x20 easy cascades sit inside the published
middle half, and a join there mostly makes the puzzle harder."""
LARGEST_MIDDLE = ((400, (8, 16)), (900, (16, 27)), (MAX_SIDE * MAX_SIDE, (19, 50)))
"""The published largest island's 25th and 75th percentile by size class (most cells)."""
JOIN_TRIES = 250
"""Changed layouts judged per puzzle, kept or not (a join the band turns down counts too)."""
RESCUES = 2
"""Clue moves a join that lets a second solution in gets, each onto a cell of it the latest rival shades."""


def join_islands(layout: Layout, rng: random.Random, judge: Callable[[Layout], Assessment | None], *,
                 tries: int = JOIN_TRIES) -> Layout:
    """``layout`` with islands joined towards a published largest island and clue density (see the
    module); the layout itself when no join is kept or the board is under :data:`JOIN_CELLS` cells.

    ``judge`` assesses a changed layout (``None``: it would take a measure
    further outside the band).  A join rated exactly as asked is kept.  One
    that lets a second solution in gets up to :data:`RESCUES` more chances:
    the joined island's clue moves onto a cell of it that the rival shades
    (the rival then shades a clue; the island and its number stay).  Each
    layout judged counts as a try.
    """
    size = layout.rows * layout.cols
    if size < JOIN_CELLS:
        return layout
    low, high = next(middle for most, middle in LARGEST_MIDDLE if size <= most)
    goal = rng.randint(low, high)
    most_clues = published_density(layout.rows, layout.cols) * size
    spots, weights = _joins(layout, goal, most_clues)
    while tries > 0 and spots:
        pick = rng.choices(range(len(spots)), weights)[0]  # the same draw as choosing among the spots
        cell = spots.pop(pick)
        del weights[pick]
        joined = layout.touching(cell)
        keep = max(joined, key=lambda k: (layout.islands[k].bit_count(), -layout.clue_cells[k]))
        changed = layout.with_land(cell, layout.clue_cells[keep])
        if changed is None:
            continue
        tries -= 1
        verdict = judge(changed)
        index = changed.island_of(cell)
        for _ in range(RESCUES):
            if verdict is None or verdict.outcome is not Outcome.MULTIPLE or verdict.rival is None or tries <= 0:
                break
            clue = 1 << changed.clue_cells[index]  # which no solution shades: the rival neither
            moves = list(cells(changed.islands[index] & verdict.rival.shaded & ~clue))
            if not moves:
                break
            changed = changed.with_clue(index, rng.choice(moves))
            tries -= 1
            verdict = judge(changed)
        if verdict is not None and verdict.outcome is Outcome.EXACT:
            layout = changed
            spots, weights = _joins(layout, goal, most_clues)
    return layout


def _joins(layout: Layout, goal: int, most_clues: float) -> tuple[list[Cell], list[float]]:
    """The sea cells whose land would join two islands into one of at most ``goal`` cells, in cell order,
    with their weights: while the largest island is under ``goal``, the square of the joined size (big
    islands grow first); else, while the clues are more than ``most_clues``, all alike.  None once both
    hold."""
    sizes = [island.bit_count() for island in layout.islands]
    growing = max(sizes, default=goal) < goal
    if not growing and len(sizes) <= most_clues:
        return [], []
    spots, weights = [], []
    for cell in layout.sea_touching(2):
        first, second = layout.touching(cell)
        size = sizes[first] + sizes[second] + 1
        if size <= goal:
            spots.append(cell)
            weights.append(float(size * size) if growing else 1.0)
    return spots, weights


__all__ = ["EASY_JOIN_CELLS", "JOIN_CELLS", "join_islands"]
