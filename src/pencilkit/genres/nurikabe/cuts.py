"""The cells that separate the sea: one Tarjan pass, updated exactly as the space loses cells.

The *space* is the sea and the open cells; the *targets* are the sea cells.
A cell of the space is a *cut* when, without it, the targets other than
itself fall into two or more parts: as land it would split the sea.

:func:`cut_structure` finds the cuts with one articulation pass and keeps what
more targets in the same space would add (:class:`CutStructure`).  When a
cell ``v`` becomes land the space loses it, and :meth:`CutStructure.without`
updates the structure instead of starting over:

- Removing ``v`` changes whether ``c`` is a cut, or what ``c`` cuts off, only
  if ``c`` separates two neighbours of ``v`` in the space without ``v``
  (otherwise every path through ``v`` can go round it, avoiding ``c``).
  Such a ``c`` lies on every path between those neighbours, so it lies on
  the paths that floods from ``v``'s neighbours take to meet
  (:func:`split_around`): those few cells are the only candidates.
- A candidate whose neighbours are joined through its own ring of eight
  cells separates nothing (a *locally joined* cell), and one without which
  ``v``'s neighbours are still joined near ``v`` separates none of them
  (:meth:`Grid.joined`): neither changes.  Any other one is settled by
  flooding the parts of the space around it (:func:`parts_around`).
- The floods also tell whether ``v`` cut off cells (they leave the targets'
  part) or split the targets (then a fresh pass reports it).

Floods that run long, many lost cells on a small space, and long chains of
updates fall back to a fresh pass, so the answer is always the same as a
fresh pass's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...grid import Cell, Grid, Mask, cells

FLOOD_BUDGET = 1200
"""Most flood rounds one update may spend before a fresh pass is cheaper."""
UPDATE_COST = 150
"""Roughly what updating for one lost cell costs, in cells a fresh pass visits.  rationale: on
small boards, and after steps that decide many cells, a fresh pass is the cheaper way."""
MAX_FIXES = 32
"""Most updates stacked on one Tarjan pass (each makes pocket look-ups a little slower)."""

PocketFix = tuple[Mask, tuple[tuple[Cell, Mask], ...]]
"""One update's correction of the pockets: the cells whose pocket membership it settles anew,
and for each of them the cells it now cuts off from every target."""


@dataclass(frozen=True)
class CutStructure:
    """The cuts of one space for one set of targets, and what more targets would add.

    ``pocket(c)`` are the cells that would become separating cuts were ``c``
    a target too: ``c`` lies in a part of the space that such a cell cuts off
    from every present target.  ``reached`` are the cells joined to the
    targets at all.
    """

    space: Mask
    targets: Mask
    cuts: Mask
    reached: Mask
    pockets: dict[Cell, Mask]
    """The pockets as the Tarjan pass found them (before ``fixes``)."""
    fixes: tuple[PocketFix, ...] = ()
    """Corrections of ``pockets`` by later updates, oldest first."""

    def pocket(self, cell: Cell) -> Mask:
        """The cells that separate ``cell`` (joined to the targets, not one) from every target."""
        found = self.pockets.get(cell, 0)
        for settled, fresh in self.fixes:
            found &= ~settled
            for cut, cut_off in fresh:
                if cut_off >> cell & 1:
                    found |= 1 << cut
        return found

    def cuts_with(self, targets: Mask) -> Mask | None:
        """The cells other than targets that separate ``targets`` (a superset of ``self.targets``)
        in the same space; ``None`` when the targets are in different components."""
        cuts = self.cuts
        for cell in cells(targets & ~self.targets):
            if not self.reached >> cell & 1:
                return None
            cuts |= self.pocket(cell)
        return cuts & ~targets

    def without(self, grid: Grid, lost: Mask, cost: int = UPDATE_COST) -> CutStructure | None:
        """The structure of the same targets in the space without ``lost`` (no target among them),
        or ``None`` when it takes a fresh pass: also when the targets come apart, and when
        ``cost`` per lost cell (see :data:`UPDATE_COST`) is more than the space."""
        if lost.bit_count() * cost > self.space.bit_count():
            return None
        structure: CutStructure | None = self
        for cell in cells(lost):
            if structure is None:
                return None
            structure = structure._without_cell(grid, cell)
        return structure

    def _without_cell(self, grid: Grid, v: Cell) -> CutStructure | None:
        bit = 1 << v
        space = self.space & ~bit
        if not self.reached >> v & 1:  # apart from the targets: nothing they use changes
            return replace(self, space=space)
        if len(self.fixes) >= MAX_FIXES:
            return None
        around = split_around(grid, bit, space, self.reached & ~bit, FLOOD_BUDGET)
        if around is None:
            return None
        parts, candidates, budget = around
        holding = [part for part in parts if part & self.targets]
        if len(holding) > 1:  # the targets come apart: a fresh pass says so
            return None
        reached = holding[0]
        cuts = self.cuts & ~bit
        settled = bit
        fresh = []
        beside = grid.border(bit) & space  # v's neighbours
        box = grid.dilate8(grid.dilate8(bit)) & space  # the cells within two steps of v, diagonals too
        for c in cells(candidates & reached):
            one = 1 << c
            if locally_joined(grid, one, space):
                continue  # it separates nothing now, so it separated nothing before
            if grid.joined(beside & ~one, box & ~one):
                continue  # it separates no two of v's neighbours, so what it cuts stands
            found = parts_around(grid, one, space, reached, budget)
            if found is None:
                return None
            pieces, rounds = found
            budget -= rounds
            held = 0
            cut_off = 0
            others = self.targets & ~one
            for piece in pieces:
                if piece & others:
                    held += 1
                else:
                    cut_off |= piece
            if held >= 2:
                cuts |= one
            else:
                cuts &= ~one
            settled |= one
            if cut_off:
                fresh.append((c, cut_off))
        return replace(self, space=space, cuts=cuts, reached=reached,
                       fixes=self.fixes + ((settled, tuple(fresh)),))


def locally_joined(grid: Grid, blob: Mask, space: Mask) -> bool:
    """Whether the cells of ``space`` next to ``blob`` are joined through cells of ``space`` in
    the ring around ``blob`` (then no path needs ``blob``)."""
    return grid.joined(grid.border(blob) & space, grid.dilate8(blob) & space & ~blob)


def split_around(grid: Grid, blob: Mask, space: Mask, reached: Mask,
                 budget: int) -> tuple[list[Mask], Mask, int] | None:
    """The parts into which removing ``blob`` splits the part of the space that held it (``reached``
    is that part without ``blob``), the cells that may separate two cells next to ``blob`` in the
    space left, and the rest of ``budget``; ``None`` past ``budget`` flood rounds.

    A cell that separates two of ``blob``'s neighbours lies on every path
    between them; the groups of neighbours (joined around ``blob``) and the
    paths along which their floods met make one such path for every pair, so
    they hold every such cell.
    """
    within = space & ~blob
    outer = grid.border(blob) & within
    around = grid.dilate8(blob) & within
    groups: list[_Flood] = []
    on_paths = 0
    while outer:
        group = grid.flood(outer & -outer, around)
        groups.append(_Flood(group, group, [group]))
        on_paths |= group
        outer &= ~group
    done: list[Mask] = []
    while len(groups) > 1:
        if budget <= 0:
            return None
        budget -= 1
        for flood in groups:
            flood.grow(grid, within)
        merged: list[_Flood] = []
        for flood in groups:
            while True:
                meeting = next((other for other in merged if other.seen & flood.seen), None)
                if meeting is None:
                    break
                merged.remove(meeting)
                on_paths |= flood.join(grid, meeting)
            merged.append(flood)
        groups = []
        for flood in merged:
            if flood.frontier:
                groups.append(flood)
            else:
                done.append(flood.seen)
    rest = reached
    for part in done:
        rest &= ~part
    if rest:
        done.append(rest)
    return done, on_paths, budget


@dataclass
class _Flood:
    """A breadth-first flood: the cells seen, the last layer, and every layer in order."""

    seen: Mask
    frontier: Mask
    layers: list[Mask]

    def grow(self, grid: Grid, within: Mask) -> None:
        grown = grid.dilate(self.frontier) & within & ~self.seen
        self.seen |= grown
        self.frontier = grown
        self.layers.append(grown)

    def path_from(self, grid: Grid, cell: Cell) -> Mask:
        """A path from ``cell`` (seen by this flood) back to its first layer, layer by layer."""
        depth = next(i for i, layer in enumerate(self.layers) if layer >> cell & 1)
        path = 1 << cell
        for layer in reversed(self.layers[:depth]):
            step = grid.dilate(1 << cell) & layer
            cell = (step & -step).bit_length() - 1
            path |= 1 << cell
        return path

    def join(self, grid: Grid, other: _Flood) -> Mask:
        """Take in ``other`` (overlapping this flood); return a path between their first layers."""
        meet = self.seen & other.seen
        cell = (meet & -meet).bit_length() - 1
        path = self.path_from(grid, cell) | other.path_from(grid, cell)
        self.seen |= other.seen
        self.frontier |= other.frontier
        longer, shorter = (self.layers, other.layers) if len(self.layers) >= len(other.layers) \
            else (other.layers, self.layers)
        self.layers = [layer | (shorter[i] if i < len(shorter) else 0) for i, layer in enumerate(longer)]
        return path


def parts_around(grid: Grid, blob: Mask, space: Mask, reached: Mask,
                 budget: int) -> tuple[list[Mask], int] | None:
    """The parts into which removing ``blob`` splits the part ``reached`` of ``space`` that
    holds it, and the flood rounds spent; ``None`` past ``budget`` rounds.

    The space cells next to ``blob`` are grouped by the ring around it; the
    groups flood outwards in step, merging when they meet.  A group that stops
    growing is a whole part; once one group is left growing, it is the rest.
    """
    within = space & ~blob
    outer = grid.border(blob) & within
    around = grid.dilate8(blob) & within
    groups: list[list[Mask]] = []  # [seen, frontier]
    while outer:
        seed = grid.flood(outer & -outer, around)
        groups.append([seed, seed])
        outer &= ~seed
    if len(groups) == 2:
        return _two_parts(grid, groups[0][0], groups[1][0], within, reached & ~blob, budget)
    done: list[Mask] = []
    rounds = 0
    while len(groups) > 1:
        if rounds >= budget:
            return None
        rounds += 1
        for group in groups:
            seen, frontier = group
            grown = grid.dilate(frontier) & within & ~seen
            group[0] = seen | grown
            group[1] = grown
        merged = _merge_overlapping(groups)
        groups = []
        for group in merged:
            if group[1]:
                groups.append(group)
            else:
                done.append(group[0])
    rest = reached & ~blob
    for part in done:
        rest &= ~part
    if rest:
        done.append(rest)
    return done, rounds


def _two_parts(grid: Grid, first: Mask, second: Mask, within: Mask, whole: Mask,
               budget: int) -> tuple[list[Mask], int] | None:
    """:func:`parts_around` for two groups: flood both in step until they meet or one stops."""
    dilate = grid.dilate
    seen_a = front_a = first
    seen_b = front_b = second
    rounds = 0
    while rounds < budget:
        rounds += 1
        front_a = dilate(front_a) & within & ~seen_a
        seen_a |= front_a
        front_b = dilate(front_b) & within & ~seen_b
        seen_b |= front_b
        if seen_a & seen_b:
            return [whole], rounds
        if not front_a:
            return [seen_a, whole & ~seen_a], rounds
        if not front_b:
            return [seen_b, whole & ~seen_b], rounds
    return None


def _merge_overlapping(groups: list[list[Mask]]) -> list[list[Mask]]:
    """``groups`` with every two that overlap made one, until none do.

    Two floods of one part that touch overlap a round later, and a flood that
    stopped growing holds all of its part, so overlap is enough to merge them.
    """
    merged: list[list[Mask]] = []
    for group in groups:
        group = [group[0], group[1]]
        while True:
            seen = group[0]
            touching = [other for other in merged if other[0] & seen]
            if not touching:
                break
            for other in touching:
                merged.remove(other)
                group[0] |= other[0]
                group[1] |= other[1]
        merged.append(group)
    return merged


def cut_structure(grid: Grid, space: Mask, targets: Mask) -> CutStructure | None:
    """The separating cuts of ``targets`` in ``space``, with the pockets of :class:`CutStructure`.

    One iterative Tarjan pass, rooted at a target so that only non-root cells
    can be cuts.  A cell ``v`` with a DFS child ``c`` whose subtree has no back
    edge above ``v`` (``low[c] >= disc[v]``) separates that subtree; it matters
    when the subtree holds targets and targets remain outside it.  A subtree
    with no target is a pocket of ``v``, and of every cell whose pocket holds
    ``v``.  Returns ``None`` when the targets are already in different
    components.

    rationale: this runs on every board probing tries, so membership is read
    from strings of bits (one character per cell) rather than by shifting
    board-sized integers.
    """
    n = grid.size
    inside = format(space, "b")[::-1].ljust(n, "0")
    wanted = format(targets, "b")[::-1].ljust(n, "0")
    root = (targets & -targets).bit_length() - 1
    total = targets.bit_count()
    nbs = grid.neighbour_lists
    disc = [-1] * n
    low = [0] * n
    below = [0] * n
    tree_parent = [-1] * n
    order = [root]
    disc[root] = 0
    below[root] = 1
    cuts: set[Cell] = set()
    counter = 1
    path = [root]  # the DFS path, with each cell's next neighbour to look at
    nexts = [0]
    while path:
        v = path[-1]
        around = nbs[v]
        i = nexts[-1]
        parent = tree_parent[v]
        while i < len(around):
            w = around[i]
            i += 1
            if inside[w] != "1":
                continue
            if disc[w] < 0:
                disc[w] = low[w] = counter
                below[w] = wanted[w] == "1"
                tree_parent[w] = v
                order.append(w)
                counter += 1
                nexts[-1] = i
                path.append(w)
                nexts.append(0)
                break
            if disc[w] < low[v] and w != parent:
                low[v] = disc[w]
        else:
            path.pop()
            nexts.pop()
            if parent >= 0:
                lv = low[v]
                low[parent] = min(low[parent], lv)
                held = below[v]
                below[parent] += held
                if held and lv >= disc[parent] and total - held - (wanted[parent] == "1") > 0:
                    cuts.add(parent)
    if below[root] != total:
        return None
    pockets: dict[Cell, Mask] = {}
    for c in order[1:]:
        if below[c]:
            continue
        p = tree_parent[c]
        mask = pockets.get(p, 0) if not below[p] else 0
        if low[c] >= disc[p]:
            mask |= 1 << p
        if mask:
            pockets[c] = mask
    reached = int("".join("1" if d >= 0 else "0" for d in reversed(disc)), 2)
    out = 0
    for c in cuts:
        out |= 1 << c
    return CutStructure(space, targets, out, reached, pockets)


__all__ = ["CutStructure", "cut_structure", "locally_joined", "parts_around", "split_around"]
