"""Easy Nurikabe layouts built the way the easy ladder solves them.

A *cascade* builds the solution and its clues together and decides a cell
only by the facts the ladder up to easy uses (a cell touching two numbered
islands is sea, a complete island is walled by sea, a 2x2 block with three
sea cells has land in the fourth, an island or a part of the sea with one way
out takes it).  Every such fact still holds in the finished puzzle, so the
ladder up to easy finishes every puzzle a cascade makes: unique, and rated
easy at most, by construction.  Where nothing follows, the cascade weighs a
few moves (a new clue, closing a waiting island), scores each by the cells it
decides less what it costs the looks, and takes the best, backing out of dead
ends.  The cascade runs in the core (``nurikabe::cascade``, where its rules
and costs are documented); this module hands it the sizes, the symmetry and
a seed drawn from the caller's generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..._core import nurikabe_cascade
from ...frame.budget import Budget
from .painting import Layout
from .style import PUBLISHED_SIZES
from .symmetric import Maps, symmetrize


def cascade_layout(rows: int, cols: int, rng: random.Random,
                   sizes: Mapping[int, float] = PUBLISHED_SIZES, perms: Maps = (),
                   budget: Budget | None = None) -> Layout | None:
    """A layout whose puzzle the ladder up to easy finishes, island sizes drawn with the weights
    ``sizes`` (the core lifts each a little, as islands mostly stop short); ``None`` when the cascade
    is stuck.

    With the maps ``perms`` of a symmetry (identity first), every move is
    made at a cell and its images and an island and its images grow towards
    one size; a layout that is not symmetric in the end (an island and its
    image met across an axis) is given up.  One draw of ``rng`` seeds the
    cascade, so a seed gives the same layout on every machine.  The core
    looks at ``budget`` before every move and raises
    :class:`~pencilkit.frame.budget.OutOfTime` once it has run out.
    """
    pairs = nurikabe_cascade(rows, cols, seed=rng.getrandbits(64), sizes=list(sizes.items()),
                             perms=[list(perm) for perm in perms], budget=budget)
    if pairs is None:
        return None
    layout = Layout(rows, cols, tuple(island for island, _ in pairs), tuple(clue for _, clue in pairs))
    return layout if not perms or symmetrize(layout, perms) == layout else None


__all__ = ["cascade_layout"]
