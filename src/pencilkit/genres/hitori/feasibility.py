"""Which levels a Hitori board of a given shape can reach at all.

Boards below 4x4 leave the ladder little to do: the generator is offered from
4x4 up, where it finds puzzles at every level it is asked for (see
``tests/hitori/test_hitori_generate.py``); smaller boards top out at easy.
"""

from __future__ import annotations

from ...frame.levels import Level


def max_level(rows: int, cols: int) -> Level:
    """The hardest level a ``rows x cols`` Hitori is generated at."""
    return Level.EXPERT if min(rows, cols) >= 4 else Level.EASY
