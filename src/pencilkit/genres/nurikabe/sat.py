"""Nurikabe as SAT: shading variables, island owners, cardinality, and lazy cuts.

Variables: ``s[c]`` (cell c is sea) and ``o[k][c]`` (cell c belongs to the
island of clue k).  An owner variable exists only where island k can reach:
within its remaining size of its core (the known land joined to its clue,
at least the clue) through cells that are not known sea and are not in or
next to another core (a breadth-first search over the board; a ``?``
clue reaches without a distance bound).  Clauses:

* a clue cell is land and owned by its clue; a land cell has exactly one owner,
  and an owned cell is land (R5, R2);
* two neighbouring land cells have the same owner, so islands never touch and
  no island holds two numbers (R2);
* the owned cells of a numbered clue are exactly ``number`` (R1), by a
  cardinality encoding from ``pysat.card`` over the cells its island may
  still take (its core is owned already: the given land joined to the clue);
* no 2x2 block is all sea, and some cell is sea (R4, R3);
* implied, to help the solver: an owned cell other than the clue touches its
  island; when the numbers leave two or more sea cells, a sea cell touches
  the sea; and an island does not take a cell that would join land from
  edge to edge between given sea cells on both sides (:mod:`.edge_walls`).

The relaxed encoding (``relax=True``, for :func:`.sat.narrow`) asks only
"at least" of an island with :data:`RELAX_SIZE` or more cells still to take:
every other clause, and the cuts, hold in every solution as before.  Exact
sizes of long islands that share a region make a tight packing, which CDCL
finds hard to count; "at least" keeps the arguments of room (an island
needs that many cells it can reach) and drops the counting.

Island connectivity is encoded up front where it is small enough
(:func:`island_levels`).  Connectivity of the sea, and of islands too big for
that, is left to lazy cuts: a part C of island k cut off from its clue gets
``o[k][x] -> OR o[k][d] for d around C`` (a path from x to the clue must leave
C), and a sea part S cut off from another sea cell y gets ``s[x] and s[y] ->
OR s[d] for d around S``.  When the clues are all numbers they fix the sea's
size, and a part of a split sea is smaller than that, so the cut needs no
``y``: ``s[x] -> OR s[d] for d around S`` (if S's border were all land, the
sea of x would be S alone).  Between the two largest parts, the fewest land
cells that separate them (:func:`pencilkit.engines.separator.separator`) give one more cut
``s[x] and s[y] -> OR s[d]``, shorter than a border.  All of these hold in
every solution, so adding them never loses one.
"""

from __future__ import annotations

from pysat.formula import IDPool

from ...engines.cardinality import at_least, at_most_one, cardinality
from ...engines.sat import Clause, Encoding, Model, look
from ...engines.separator import separator
from ...frame.budget import Budget
from ...grid import Cell, Mask, cells, lowest
from ...puzzle import Puzzle
from .edge_walls import edge_walls

LEVEL_CAP = 40_000
"""Largest cells (outside the core) x path length for which an island's connectivity is encoded up front."""
RELAX_SIZE = 20
"""An island with this many cells or more still to take is asked "at least" its size when relaxed."""


def cores(puzzle: Puzzle, land: Mask) -> list[Mask]:
    """For each clue (by index in ``puzzle.clues``), the known ``land`` joined to it (at least the clue)."""
    grid = puzzle.grid
    clue_cells = puzzle.clue_mask
    out = []
    for cell, _ in puzzle.clues:
        joined = grid.flood(1 << cell, land | 1 << cell)
        out.append(joined if (joined & clue_cells).bit_count() == 1 else 1 << cell)
    return out


def reach(puzzle: Puzzle, sea: Mask = 0, core: list[Mask] | None = None, *,
          budget: Budget | None = None) -> dict[int, Mask]:
    """For each clue (by index in ``puzzle.clues``), the cells its island could cover.

    An island grows from its core (the known land joined to its clue, see
    :func:`cores`; by default the clue alone), within its remaining size,
    around known ``sea`` and away from the other cores.  The ``budget`` is
    looked at for each clue.
    """
    grid = puzzle.grid
    if core is None:
        core = [1 << cell for cell, _ in puzzle.clues]
    taken = puzzle.clue_mask
    for mask in core:
        taken |= mask
    out: dict[int, Mask] = {}
    for k, (cell, number) in enumerate(puzzle.clues):
        look(budget)
        within = grid.full & ~grid.dilate(taken & ~core[k]) & ~sea
        limit = grid.size if number is None else number - core[k].bit_count()
        mask = core[k]
        for ring in grid.distances(core[k], within, limit):
            mask |= ring
        out[k] = mask
    return out


def island_levels(puzzle: Puzzle, k: int, core: Mask, mask: Mask, owner: dict[tuple[int, Cell], int],
                  pool: IDPool) -> list[Clause] | None:
    """Island k's connectivity up front: every owned cell is joined to the core by a short island path.

    The core is the known land joined to the clue (at least the clue).
    ``lvl[c][j]`` means "c is joined to the core by an island path of at most
    j steps"; it needs ``lvl[c][j-1]`` or a neighbour's ``lvl[d][j-1]``, and an
    owned cell needs ``lvl[c][number - |core|]``.  True of every solution (a
    shortest island path to the core passes only cells outside it, and at
    least the breadth-first distance), and it leaves no disconnected island.
    ``None`` (left to the lazy cuts) when cells x levels exceeds
    :data:`LEVEL_CAP`; no clauses when the island cannot grow past its core.
    """
    grid = puzzle.grid
    _, number = puzzle.clues[k]
    size = mask.bit_count()
    depth = min(size if number is None else number, size) - core.bit_count()
    if depth <= 0:
        return []
    if (size - core.bit_count()) * depth > LEVEL_CAP:
        return None
    dist: dict[Cell, int] = {}
    for d, ring in enumerate(grid.distances(core, mask, depth)):
        for c in cells(ring):
            dist[c] = d

    def level(c: Cell, j: int) -> int | bool:
        """The literal of ``lvl[c][j]``, or a constant."""
        if core >> c & 1:
            return True
        if c not in dist or j < dist[c]:
            return False
        return pool.id(("level", k, c, j))  # type: ignore[no-any-return]

    out: list[Clause] = []
    for c in dist:
        if core >> c & 1:
            continue
        for j in range(dist[c], depth + 1):
            here = level(c, j)
            assert isinstance(here, int)
            out.append([-here, owner[k, c]])
            before = [level(c, j - 1)] + [level(d, j - 1) for d in grid.neighbour_lists[c]]
            if True in before:
                continue
            out.append([-here] + [lit for lit in before if lit is not False])
        top = level(c, depth)
        assert isinstance(top, int)
        out.append([-owner[k, c], top])
    return out


def encode(puzzle: Puzzle, pool: IDPool, given: tuple[Mask, Mask] = (0, 0), relax: bool = False, *,
           budget: Budget | None = None) -> Encoding:
    """The clauses and cuts of a Nurikabe puzzle (see the module docstring).

    ``given`` are cells known to be sea and land (the caller fixes them):
    islands grow from their known cores around known sea, which keeps the
    encoding of a mostly solved big board small.  With ``relax``, islands
    with :data:`RELAX_SIZE` or more cells to take are asked only "at least".
    The ``budget`` is looked at for each clue and each row of cells
    (``OutOfTime`` once it is out).
    """
    grid = puzzle.grid
    n = grid.size
    sea = [pool.id(("sea", c)) for c in range(n)]
    core = cores(puzzle, given[1])
    reaches = reach(puzzle, given[0], core, budget=budget)
    owners: list[list[int]] = [[] for _ in range(n)]  # clue indexes that can own each cell
    for k, mask in reaches.items():
        for c in cells(mask):
            owners[c].append(k)
    # A cell only one clue can own is owned exactly when it is land: reuse -sea as its owner literal.
    owner: dict[tuple[int, Cell], int] = {}
    for c in range(n):
        for k in owners[c]:
            owner[k, c] = -sea[c] if len(owners[c]) == 1 else pool.id(("own", k, c))

    clauses: list[Clause] = [[sea[c] for c in range(n)]]  # the sea is not empty
    clue_cells = [cell for cell, _ in puzzle.clues]
    clauses.extend([-owner[k, c]] for k, c in edge_walls(grid, given[0], given[1] | puzzle.clue_mask, clue_cells,
                                                         core, reaches))
    for window in grid.windows:
        clauses.append([-sea[c] for c in cells(window)])
    for k, (cell, _) in enumerate(puzzle.clues):
        clauses.append([-sea[cell]])
        clauses.append([owner[k, cell]])
    for c in range(n):
        if c % grid.cols == 0:
            look(budget)
        lits = [owner[k, c] for k in owners[c]]
        if not lits:
            clauses.append([sea[c]])
            continue
        if len(lits) > 1:
            clauses.append([sea[c]] + lits)
            clauses.extend([-lit, -sea[c]] for lit in lits)
            clauses.extend(at_most_one(lits, pool))
        for d in grid.neighbour_lists[c]:
            for k in owners[c]:
                shared = owner.get((k, d))
                clauses.append([-owner[k, c], sea[d]] + ([shared] if shared is not None else []))
    for k, (cell, _) in enumerate(puzzle.clues):  # island cells other than the clue touch their island
        look(budget)
        for c in cells(reaches[k] & ~(1 << cell)):
            clauses.append([-owner[k, c]] + [owner[k, d] for d in grid.neighbour_lists[c] if (k, d) in owner])
    lazy = []  # the islands whose connectivity is left to the cuts
    for k in range(len(puzzle.clues)):
        look(budget)
        levels = island_levels(puzzle, k, core[k], reaches[k], owner, pool)
        if levels is None:
            lazy.append(k)
        else:
            clauses.extend(levels)
    land_cells = puzzle.clue_total
    if land_cells is not None and n - land_cells >= 2:
        for c in range(n):  # a sea of two or more cells: every sea cell touches the sea
            clauses.append([-sea[c]] + [sea[d] for d in grid.neighbour_lists[c]])
    relaxed = False
    for k, (cell, number) in enumerate(puzzle.clues):  # the core is owned already: count the rest
        look(budget)
        if number is not None:
            rest = [owner[k, c] for c in cells(reaches[k] & ~core[k])]
            bound = number - core[k].bit_count()
            if relax and bound >= RELAX_SIZE:
                clauses.extend(at_least(rest, bound, pool))
                relaxed = True
            else:
                clauses.extend(cardinality(rest, bound, pool))

    fixed_sea = land_cells is not None
    may_be_sea = grid.full & ~given[1]  # cells that may be sea: a sea path never passes given land

    def cuts(model: Model, shaded: Mask) -> list[Clause]:
        out: list[Clause] = []
        for k in lazy:
            cell = puzzle.clues[k][0]
            owned = sum(1 << c for c in cells(reaches[k]) if model.value(owner[k, c]))
            for part in grid.components(owned):
                if part >> cell & 1:
                    continue
                around = [owner[k, d] for d in cells(grid.border(part) & reaches[k])]
                out.append([-owner[k, lowest(part)]] + around)
        parts = grid.components(shaded)
        if len(parts) > 1:
            parts.sort(key=lambda m: -m.bit_count())
            first, second = parts[0], parts[1]
            wall = separator(grid, second, first, may_be_sea & ~shaded, may_be_sea)  # the fewest land cells between them
            out.append([-sea[lowest(first)], -sea[lowest(second)]] + [sea[d] for d in cells(wall)])
            if fixed_sea:  # each part is smaller than the sea, so it cannot be all of it
                for part in parts:
                    out.append([-sea[lowest(part)]] + [sea[d] for d in cells(grid.border(part))])
                return out
            anchor = lowest(first)
            for part in parts[1:]:
                x = lowest(part)
                out.append([-sea[x], -sea[anchor]] + [sea[d] for d in cells(grid.border(part))])
            other = lowest(parts[1])
            out.append([-sea[anchor], -sea[other]] + [sea[d] for d in cells(grid.border(parts[0]))])
        return out

    return Encoding(sea, clauses, cuts, relaxed)
