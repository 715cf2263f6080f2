"""Which levels a Hitori board of a given shape can reach at all.

Measured by generation (seeds 0-2, two seconds each, every level from medium
up) on the small shapes; the hardest level found is the shape's ceiling.  A
single row keeps every white cell in one line, so only its ends can be black
and it stays easy up to 1x4 and medium beyond; 2x2 stays easy; 2x3 to 2x5 and
3x3 reach hard (every 3x3 of the numbers 1 to 3, solved one by one, tops out
at hard among the levels a generator is asked for); 2x6, 3x4 and every
larger shape reach expert.
"""

from __future__ import annotations

from ...frame.levels import Level


def max_level(rows: int, cols: int) -> Level:
    """The hardest level a ``rows x cols`` Hitori is generated at."""
    short, long = min(rows, cols), max(rows, cols)
    if short == 1:
        return Level.MEDIUM if long >= 5 else Level.EASY
    if short == 2:
        return Level.EASY if long == 2 else Level.HARD if long <= 5 else Level.EXPERT
    if (short, long) == (3, 3):
        return Level.HARD
    return Level.EXPERT
