"""Errands: land only one island can supply, and what fetching it costs that island.

Every 2x2 block holds a land cell (no pools), and every land cell belongs to
an island.  When an island is the only one whose reach (an
over-approximation: every cell it could hold when finished) meets the open
cells of a block that holds no land yet, that island must take one of those
cells: an *errand*.  The same holds for stray land (land joined to no clue
yet) that only one island reaches: the island must take it.

An errand constrains the island twice:

* **A pass it cannot avoid.**  If, with a cell ``x`` removed, the island can
  no longer reach the errand within the cells it still needs, ``x`` is land.
* **What it cannot also fetch.**  An island holding its present cells ``C``,
  a cell ``y`` and an errand cell ``t`` contains a tree joining them.  With
  ``C`` shrunk to one node, a tree joining three nodes costs at least
  ``min over z of d(C, z) + d(z, y) + d(z, t)`` new cells (three shortest
  paths from a meeting point ``z``), distances through the cells the island
  may take.  When that exceeds what the island still needs, ``y`` is not
  the island's; if no other island can reach ``y`` either, ``y`` is sea.

Distances here ignore that crossing stray land costs all of its cells, so
they only ever underestimate a cost: both conclusions hold in every solution.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...grid import Cell, Grid, Mask, cells, lowest


@dataclass(frozen=True)
class Errand:
    """Cells one island must take at least one of, and why."""

    island: int
    """The island's index (its clue's index in the puzzle)."""
    cells: Mask
    block: Mask
    """The 2x2 block that needs land, or the stray land itself."""
    stray: bool


def errands(grid: Grid, land: Mask, unknown: Mask, strays: Iterable[Mask],
            reaches: Mapping[int, Mask], wanted: Container[int]) -> list[Errand]:
    """The errands of the ``wanted`` islands: landless 2x2 blocks and stray land that one island alone
    can reach, without repeats, and without an errand whose cells hold another's of the same island
    (the smaller one says more)."""
    out: list[Errand] = []
    reach_all = 0
    reach_twice = 0
    reach_wanted = 0
    for k, reach in reaches.items():
        reach_twice |= reach_all & reach
        reach_all |= reach
        if k in wanted:
            reach_wanted |= reach
    single = reach_wanted & ~reach_twice
    candidates = unknown & single
    if candidates:
        owner: dict[Cell, int] = {}  # each candidate's one island
        for k, reach in reaches.items():
            if reach & candidates:
                for c in cells(reach & candidates):
                    owner[c] = k
        # the blocks worth a look: no land, an open cell reached by one island alone, none by two
        meeting = grid.windows_meeting
        corners = meeting(candidates) & ~meeting(land) & ~meeting(unknown & reach_twice)
        for corner in cells(corners):
            open_ = grid.window(corner) & unknown
            k = owner[lowest(open_ & candidates)]
            if not open_ & reach_all & ~reaches[k]:  # no other island reaches the block
                out.append(Errand(k, open_ & reaches[k], grid.window(corner), False))
    for stray in strays:
        if stray & reach_twice:
            continue
        owners = [k for k, reach in reaches.items() if reach & stray]
        if len(owners) == 1 and owners[0] in wanted:
            out.append(Errand(owners[0], stray, stray, True))
    return _minimal(out)


def _minimal(found: list[Errand]) -> list[Errand]:
    kept: list[Errand] = []
    for job in sorted(found, key=lambda e: e.cells.bit_count()):
        if not any(other.island == job.island and not other.cells & ~job.cells for other in kept):
            kept.append(job)
    return kept


def contracted_rings(grid: Grid, seed: Mask, within: Mask, core: Mask, limit: int) -> list[Mask]:
    """Rings of a breadth-first search from ``seed`` through ``within`` with ``core`` one node (reach
    one of its cells, reach them all), up to ``limit`` steps: ring ``d`` is the cells ``d`` steps away."""
    cur = seed | core if seed & core else seed
    seen = cur
    rings = [cur]
    for _ in range(limit):
        cur = grid.dilate(cur) & within & ~seen
        if cur & core:
            cur |= core & ~seen
        if not cur:
            break
        seen |= cur
        rings.append(cur)
    return rings


@dataclass(frozen=True)
class Costs:
    """What fetching one errand costs an island that still needs ``need`` cells."""

    passes: Mask
    """Cells every way from the island to the errand within ``need`` cells passes."""
    affordable: Mask
    """Cells ``y`` such that one tree of at most ``need`` new cells joins the island, ``y`` and the errand."""


COSTS_LIMIT = 20_000
"""Errand costs remembered before the memory starts over."""
_COSTS: dict[tuple[Grid, Mask, Mask, Mask, int], Costs] = {}


def errand_costs(grid: Grid, core: Mask, target: Mask, within: Mask, need: int) -> Costs:
    """The :class:`Costs` of the errand ``target`` for the island ``core`` that still needs ``need`` cells
    and may take those of ``within`` (:func:`_errand_costs`), remembered by these: probing asks again
    about the same island and errand while its trials change the board elsewhere."""
    key = (grid, core, target, within, need)
    found = _COSTS.get(key)
    if found is None:
        if len(_COSTS) >= COSTS_LIMIT:
            _COSTS.clear()
        from_core = _island_rings(grid, core, within, need)
        found = _COSTS[key] = _errand_costs(grid, from_core, core, target, within, need)
    return found


@lru_cache(maxsize=1024)
def _island_rings(grid: Grid, core: Mask, within: Mask, need: int) -> tuple[Mask, ...]:
    """The island's rings (:func:`contracted_rings`), shared by its errands."""
    return tuple(contracted_rings(grid, core, within | core, core, need))


def _errand_costs(grid: Grid, from_core: Sequence[Mask], core: Mask, target: Mask, within: Mask, need: int) -> Costs:
    """The :class:`Costs` of an errand, from the island's rings ``from_core`` (:func:`contracted_rings`).

    A way of at most ``need`` new cells from the island to the errand passes
    only cells ``z`` with ``d(island, z) + d(z, errand) <= need``, and a cell
    at every distance from the island up to the errand's: a distance that
    only one such cell has is a pass.  A tree joining the island, ``y`` and
    the errand meets at some ``z`` and costs ``d(island, z) + d(z, errand) +
    d(z, y)``: grown from every ``z`` at once, each from its own cost, the
    search reaches the affordable cells.
    """
    room = within | core
    from_target = contracted_rings(grid, target, room | target, core, need)
    by_cost = [0] * (need + 1)  # by_cost[c]: cells z with d(island, z) + d(z, errand) == c
    for i, ring in enumerate(from_core):
        for j in range(min(len(from_target), need + 1 - i)):
            meet = ring & from_target[j]
            if meet:
                by_cost[i + j] |= meet
    on_way = 0
    for mask in by_cost:
        on_way |= mask
    passes = 0
    first = next((i for i, ring in enumerate(from_core) if ring & target), None)
    if first is not None:
        for ring in from_core[1:first + 1]:
            layer = ring & on_way
            if layer and not layer & (layer - 1):
                passes |= layer
    seen = cur = 0
    for cost in range(need + 1):
        cur = (grid.dilate(cur) & room | by_cost[cost]) & ~seen
        if cur & core:
            cur |= core & ~seen
        seen |= cur
    return Costs(passes, seen)


__all__ = ["Costs", "Errand", "contracted_rings", "errand_costs", "errands"]
