"""Nurikabe's techniques, cheapest first (the nurikabe-human profile).

=====================  ===========  ==============================================
technique              level        idea
=====================  ===========  ==============================================
island_complete        bookkeeping  a full island is walled off by sea
all_complete           bookkeeping  once every numbered island is full, the rest is sea
cell_count             bookkeeping  the clues fix how many cells are land and how many sea
separate_clues         easy         a cell touching two islands is sea
no_pool                easy         three sea cells of a 2x2 block make the fourth land
island_exit            easy         land with one way out extends through it
sea_exit               easy         a sea part with one way out extends through it
sea_budget             medium       joining the sea's parts needs more cells than are left
sea_reach              medium       a cell the sea cells left cannot reach from some sea part is land
unreachable            medium       a cell no island can reach within its size is sea
island_shapes          medium       every way to finish a small island agrees on a cell
forced                 medium       a value that breaks a rule at once is wrong
short_contradiction    hard         probing: a value refuted within 6 steps
contradiction          expert       probing: a value refuted within 20 steps
=====================  ===========  ==============================================

Every technique returns only what holds in every solution of the board it is
given; over-approximations (reach, room) are used only to rule values out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial

from ...frame.board import Board, Contradiction
from ...frame.ladder import Step, Technique
from ...frame.levels import Level
from ...grid import Cell, Grid, Mask, cells
from .analysis import Analysis, Island, analysis, describe

SHAPES_LIMIT = 256
"""Most completions ``island_shapes`` enumerates for one island before giving up on it."""
SHAPES_MAX_NEED = 4
"""Largest number of missing cells for which ``island_shapes`` enumerates completions."""
ROOM_SLACK = 12
"""``forced`` looks for the cell an island cannot lose only when its room is this close to its need."""


# -- reasons, rendered only when an explanation reads them ----------------


def _cell_reason(grid: Grid, cell: Cell, rest: str) -> str:
    return f"{grid.name(cell)} {rest}"


def _complete_reason(board: Board, island: Island, walls: Mask) -> str:
    verb = "is" if walls.bit_count() == 1 else "are"
    return f"{describe(island, board)} is complete, so {board.grid.names(walls)} {verb} sea"


def _exit_reason(board: Board, what: str, must: str, exit_: Mask) -> str:
    return f"{what} {must} and {board.grid.name(exit_.bit_length() - 1)} is its only way out"


def _oversize_reason(board: Board, island: Island, cell: Cell, joined: int) -> str:
    plural = "s" if joined > 1 else ""
    return (f"{board.grid.name(cell)} is sea: as land it would join {describe(island, board)} to {joined} more "
            f"land cell{plural}, more than {island.number}")


# -- bookkeeping -------------------------------------------------------------


def island_complete(board: Board) -> list[Step] | None:
    a = analysis(board)
    open_walls = a.complete_walls & a.unknown
    if not open_walls:
        return None
    steps = []
    for island in a.islands:
        if island.border & open_walls and island.is_complete:
            walls = island.border & a.unknown
            steps.append(Step(walls, 0, partial(_complete_reason, board, island, walls)))
    return steps


def all_complete(board: Board) -> list[Step] | None:
    a = analysis(board)
    if not a.unknown or any(i.number is None or not i.is_complete for i in a.islands):
        return None
    if a.strays:
        raise Contradiction(f"every island is complete but {board.grid.names(a.stray_cells)} is land", a.stray_cells)
    return [Step(a.unknown, 0, "every numbered island is complete, so every open cell is sea")]


def cell_count(board: Board) -> list[Step] | None:
    """The clues fix how many cells are land: past that count the rest is sea, and the other way."""
    land_cells = board.puzzle.clue_total
    if land_cells is None:
        return None
    sea_total = board.grid.size - land_cells
    land, sea, open_ = board.unshaded.bit_count(), board.shaded.bit_count(), board.undecided
    if land > land_cells or sea > sea_total:
        raise Contradiction(
            f"the clues add up to {land_cells} land cells and {sea_total} sea cells, "
            f"but {land} would be land and {sea} sea")
    if land == land_cells and open_:
        return [Step(open_, 0, f"all {land_cells} land cells the clues ask for are known, so the rest is sea")]
    if sea == sea_total and open_:
        return [Step(0, open_, f"all {sea_total} sea cells are known, so the rest is land")]
    return None


# -- easy --------------------------------------------------------------------


def separate_clues(board: Board) -> list[Step] | None:
    a = analysis(board)
    between = a.touched_twice & a.unknown
    steps = []
    for cell in cells(between):
        def reason(cell: Cell = cell) -> str:
            near = [describe(i, board) for i in a.islands if i.border >> cell & 1]
            return f"{board.grid.name(cell)} is sea: it touches both {near[0]} and {near[1]}"
        steps.append(Step(1 << cell, 0, reason))
    return steps


def no_pool(board: Board) -> list[Step] | None:
    grid = board.grid
    s = board.shaded
    u = board.undecided
    if grid.pools(s):
        corner = cells(grid.pools(s)).__next__()
        raise Contradiction(f"the 2x2 block at {grid.names(grid.window(corner))} would be all sea", grid.window(corner))
    cols = grid.cols
    w = grid.window_corners
    s1, sc, sc1 = s >> 1, s >> cols, s >> (cols + 1)
    land = (
        (u & s1 & sc & sc1 & w)
        | ((s & (u >> 1) & sc & sc1 & w) << 1)
        | ((s & s1 & (u >> cols) & sc1 & w) << cols)
        | ((s & s1 & sc & (u >> (cols + 1)) & w) << (cols + 1))
    )
    steps = []
    for cell in cells(land):
        steps.append(Step(0, 1 << cell, partial(_cell_reason, grid, cell,
                                                "is land: the other three cells of its 2x2 block are sea")))
    return steps


def island_exit(board: Board) -> list[Step] | None:
    a = analysis(board)
    grid = board.grid
    steps = []
    taken = 0
    for island in a.islands:
        if island.number is None or island.is_complete:
            continue
        exits = island.border & a.unknown & ~a.others_border(island)
        if not exits:
            raise Contradiction(f"{describe(island, board)} cannot grow to {island.number}", island.cells)
        if not exits & (exits - 1) and not exits & taken:
            taken |= exits
            steps.append(Step(0, exits, partial(_exit_reason, board, describe(island, board),
                                                "must still grow", exits)))
    for stray in a.strays:
        exits = grid.border(stray) & a.unknown
        if not exits:
            raise Contradiction(f"the land at {grid.names(stray)} cannot reach a number", stray)
        if not exits & (exits - 1) and not exits & taken:
            taken |= exits
            steps.append(Step(0, exits, partial(_exit_reason, board, f"the land at {grid.names(stray, 3)}",
                                                "must reach a number", exits)))
    return steps


def sea_parts(board: Board) -> list[Mask]:
    """The connected parts of the sea, updated from an earlier board's parts when there are some."""
    def compute(b: Board) -> tuple[Mask, list[Mask]]:
        grid = b.grid
        sea = b.shaded
        earlier: tuple[Mask, list[Mask]] | None = b.earlier("sea_parts")
        if earlier is None or earlier[0] & ~sea:
            return sea, grid.components(sea)
        fresh = sea & ~earlier[0]
        near = grid.dilate(fresh)
        kept = []
        for part in earlier[1]:
            if part & near:
                fresh |= part
            else:
                kept.append(part)
        return sea, kept + grid.components(fresh)
    return board.derived("sea_parts", compute)[1]


def sea_exit(board: Board) -> list[Step] | None:
    grid = board.grid
    parts = sea_parts(board)
    if len(parts) < 2:
        return None
    u = board.undecided
    steps = []
    taken = 0
    for part in parts:
        exits = grid.border(part) & u
        if not exits:
            raise Contradiction(f"the sea at {grid.names(part, 3)} is cut off from the rest of the sea", part)
        if not exits & (exits - 1) and not exits & taken:
            taken |= exits
            steps.append(Step(exits, 0, partial(_exit_reason, board, f"the sea at {grid.names(part, 3)}",
                                                "must join the rest of the sea", exits)))
    return steps


# -- medium ------------------------------------------------------------------


def passable(a: Analysis, island: Island) -> Mask:
    """Cells ``island`` could still take: open or stray, and touching no other island."""
    return (a.unknown | a.stray_cells) & ~a.others_border(island)


def bounded_reach(grid: Grid, cells_: Mask, need: int | None, room: Mask) -> Mask:
    """The island's cells and every cell of ``room`` within ``need`` steps of it (any distance for ``None``)."""
    if need is None:
        return grid.flood(cells_ | (grid.dilate(cells_) & room), room | cells_)
    seen = cur = cells_
    for _ in range(need):
        cur = grid.dilate(cur) & room & ~seen
        if not cur:
            break
        seen |= cur
    return seen


@dataclass(frozen=True)
class Prospect:
    """What an open island could still become: every way to finish it (small islands) and its reach."""

    cells: Mask
    shapes: list[tuple[Mask, Mask]] | None
    """The valid ``(extra cells, wall)`` completions, or ``None`` when not enumerated."""
    reach: Mask
    """The cells it could hold when finished (an over-approximation)."""
    room: Mask = 0
    """For a reach found by flooding: the cells the flood could pass."""


def prospects(board: Board) -> dict[int, Prospect]:
    """For each island that may still grow (by index), its :class:`Prospect`.

    Every cell of a finished island lies within ``need`` steps of the island's
    present cells through cells it may take, so the reach over-approximates.
    For a small island the union of its valid completions is tighter and still
    holds.

    rationale: probing asks this of boards that differ from the last one in a
    few cells, so an island is carried over when nothing its answer reads has
    changed: not its cells, and no cell within ``need + 2`` steps (land, sea,
    ownership and the borders of other islands).
    """
    def compute(b: Board) -> tuple[tuple[Mask, ...], dict[int, Prospect]]:
        a = analysis(b)
        grid = b.grid
        stamp = (a.sea, a.land, a.stray_cells, a.touched, a.touched_twice)
        earlier: tuple[tuple[Mask, ...], dict[int, Prospect]] | None = b.earlier("prospects")
        if earlier is None:
            changed, before_all = grid.full, {}
        else:
            changed = 0
            for now, then in zip(stamp, earlier[0]):
                changed |= now ^ then
            before_all = earlier[1]
        out = {}
        for island in a.islands:
            need = island.need
            if need == 0:
                continue
            before = before_all.get(island.index)
            if before is not None and before.cells == island.cells and need is not None \
                    and not _ball(grid, island.cells, need + 2) & changed:
                out[island.index] = before
                continue
            if need is not None and need <= SHAPES_MAX_NEED:
                shapes = completions(grid, a, island, need)
                if shapes is not None:
                    taken = island.cells
                    for extra, _ in shapes:
                        taken |= extra
                    out[island.index] = Prospect(island.cells, shapes, taken)
                    continue
            room = passable(a, island)
            if before is not None and before.room and before.cells == island.cells \
                    and not room & ~before.room and not before.room & ~room & before.reach:
                reach_ = before.reach  # the room lost only cells the island could not reach anyway
            else:
                reach_ = bounded_reach(grid, island.cells, need, room)
            out[island.index] = Prospect(island.cells, None, reach_, room)
        return stamp, out
    return board.derived("prospects", compute)[1]


def reaches(board: Board) -> dict[int, Mask]:
    """For each island that may still grow (by index), the cells it could hold when finished."""
    return board.derived("reaches", lambda b: {k: p.reach for k, p in prospects(b).items()})


def reach(board: Board) -> Mask:
    """Every cell some island could still take (an over-approximation)."""
    def compute(b: Board) -> Mask:
        total = 0
        for cells_ in reaches(b).values():
            total |= cells_
        return total
    return board.derived("reach", compute)


def sea_budget(board: Board) -> list[Step] | None:
    """The sea cells still to come cannot join the sea's parts: a contradiction.

    With every clue a number, the sea has a known size.  Joining its parts
    takes new sea cells: part ``i`` is ``g_i`` open cells from the nearest
    other part, so any joining tree uses at least ``g_i // 2`` cells within
    ``g_i // 2`` steps of part ``i``, and those neighbourhoods do not overlap.
    """
    land_cells = board.puzzle.clue_total
    if land_cells is None:
        return None
    grid = board.grid
    parts = sea_parts(board)
    if len(parts) < 2:
        return None
    budget = grid.size - land_cells - board.shaded.bit_count()
    open_ = board.undecided
    sea = board.shaded
    needed = 0
    for part in parts:
        others = sea & ~part
        seen = cur = part
        gap = 0
        while True:
            cur = grid.dilate(cur) & open_ & ~seen
            gap += 1
            if not cur or gap > budget:
                break
            if grid.dilate(cur) & others:
                needed += gap // 2
                break
            seen |= cur
        if not cur or gap > budget:
            raise Contradiction(f"the sea at {grid.names(part, 3)} is too far from the rest of the sea "
                                f"for the {budget} sea cells left", part)
        if needed > budget:
            raise Contradiction(f"joining the {len(parts)} parts of the sea takes more than the "
                                f"{budget} sea cells left", sea)
    return None


def sea_reach(board: Board) -> list[Step] | None:
    """An open cell the sea cells still to come cannot join to a sea part is land.

    With every clue a number, the sea has a known size, and it is connected:
    a sea cell to come is joined to each present sea part by a path whose
    new cells (itself included) are at most the sea cells left; known sea on
    the way costs nothing.  A cell farther than that from some part is land.
    Looked for only while fewer sea cells are left than the board's rows and
    columns together: with more, a sea cell to come can reach almost anywhere,
    and the search would cost every board probing tries.
    """
    land_cells = board.puzzle.clue_total
    if land_cells is None or not board.shaded:
        return None
    grid = board.grid
    sea = board.shaded
    left = grid.size - land_cells - sea.bit_count()
    open_ = board.undecided
    if left >= grid.rows + grid.cols or left >= open_.bit_count():
        return None
    allowed = open_
    parts = sea_parts(board)
    for part in parts:
        seen = part
        for _ in range(left):
            grown = grid.dilate(seen) & open_ & ~seen
            if not grown:
                break
            seen |= grown
            touched = grid.dilate(grown) & sea & ~seen
            if touched:  # sea reached on the way is crossed for free
                for other in parts:
                    if other & touched:
                        seen |= other
            if not allowed & ~seen:
                break
        allowed &= seen
    far = open_ & ~allowed
    if not far:
        return None
    return [Step(0, far, lambda: f"{grid.names(far)} {'is' if far.bit_count() == 1 else 'are'} farther from the "
                                 f"sea than the {left} sea cells left can reach, so land")]


def unreachable(board: Board) -> list[Step] | None:
    a = analysis(board)
    grid = board.grid
    reached = reach(board)
    lost = a.stray_cells & ~reached
    if lost:
        raise Contradiction(f"no island can reach the land at {grid.names(lost)}", lost)
    far = a.unknown & ~reached
    if not far:
        return None
    return [Step(far, 0, lambda: f"no island can reach {grid.names(far)} within its size, so "
                                 f"{'it is' if far.bit_count() == 1 else 'they are'} sea")]


def forced(board: Board) -> list[Step] | None:
    """Cells where one value breaks a rule at once, so they take the other."""
    a = analysis(board)
    steps = _oversize(board, a) or _room(board, a)
    if steps:
        return steps
    return _sea_cut(board, a)


def _oversize(board: Board, a: Analysis) -> list[Step]:
    """Land at a cell that would join an island to stray land beyond the island's size is sea."""
    grid = board.grid
    steps: list[Step] = []
    if not a.strays:
        return steps
    near_stray = grid.dilate(a.stray_cells) & a.unknown
    for island in a.islands:
        if island.number is None:
            continue
        for cell in cells(island.border & near_stray):
            near = grid.neighbours[cell]
            joined = sum(s.bit_count() for s in a.strays if s & near)
            if joined and island.size + 1 + joined > island.number:
                steps.append(Step(1 << cell, 0, partial(_oversize_reason, board, island, cell, joined)))
    return steps


def _sea_cut(board: Board, a: Analysis) -> list[Step]:
    """An open cell whose being land would split the sea is sea (one articulation pass)."""
    sea = a.sea
    if sea & (sea - 1) == 0:
        return []
    cuts = board.derived("sea_cuts", _sea_cuts)
    if cuts is None:
        raise Contradiction("the sea can no longer be connected", sea)
    grid = board.grid
    return [Step(1 << c, 0, partial(_cell_reason, grid, c, "is sea: as land it would cut the sea in two"))
            for c in cells(cuts & a.unknown)]


def _sea_cuts(board: Board) -> Mask | None:
    """The open cells that separate the sea on ``board`` (``None``: it is split already), from an
    earlier board's structure when it allows.

    When no cell has become land since the structure was built, the space
    (sea and open cells) is the same graph and only the targets grew, so the
    new cuts are read off the pockets of the new sea cells (see
    :class:`CutStructure`); otherwise one Tarjan pass builds it afresh.
    """
    space = board.shaded | board.undecided
    structure: CutStructure | None = board.earlier("sea_cut_structure")
    if structure is None or structure.space != space:
        structure = cut_structure(board.grid, space, board.shaded)
        board.derived("sea_cut_structure", lambda _: structure)
        return None if structure is None else structure.cuts & ~board.shaded
    board.derived("sea_cut_structure", lambda _: structure)
    return structure.cuts_with(board.shaded)


@dataclass(frozen=True)
class CutStructure:
    """The cuts of one space for one set of targets, and what more targets would add.

    ``pockets[c]`` are the cells that would become separating cuts were ``c``
    a target too: ``c`` lies in a part of the space that such a cell cuts off
    from every present target.  ``reached`` marks (by ``"1"`` at a cell's
    index) the cells joined to the targets at all.
    """

    space: Mask
    targets: Mask
    cuts: Mask
    reached: str
    pockets: dict[Cell, Mask]

    def cuts_with(self, targets: Mask) -> Mask | None:
        """The cells other than targets that separate ``targets`` (a superset of ``self.targets``)
        in the same space; ``None`` when the targets are in different components."""
        cuts = self.cuts
        for cell in cells(targets & ~self.targets):
            if self.reached[cell] != "1":
                return None
            cuts |= self.pockets.get(cell, 0)
        return cuts & ~targets


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
                if lv < low[parent]:
                    low[parent] = lv
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
    reached = "".join("1" if d >= 0 else "0" for d in disc)
    out = 0
    for c in cuts:
        out |= 1 << c
    return CutStructure(space, targets, out, reached, pockets)


def _room(board: Board, a: Analysis) -> list[Step]:
    """An island with too little room is a contradiction; a cell it cannot lose is land."""
    grid = board.grid
    steps = []
    room_of = reaches(board)
    for island in a.islands:
        number = island.number
        if number is None or island.need == 0:
            continue
        room = room_of[island.index]
        size = room.bit_count()
        if size < number:
            raise Contradiction(f"{describe(island, board)} has room for only {size} cells", room)
        if size - number > ROOM_SLACK:
            continue
        need = number - island.size
        region = room
        if need <= SHAPES_MAX_NEED:  # the room may be the union of the completions: take the plain reach
            region = bounded_reach(grid, island.cells, need, passable(a, island))
        for cell in cells(_cannot_lose(grid, island.cells, need, region, room & a.unknown)):
            steps.append(Step(0, 1 << cell, partial(
                _cell_reason, grid, cell, f"is land: as sea it would leave {describe(island, board)} too little room")))
        if steps:
            return steps
    return steps


@lru_cache(maxsize=1 << 14)
def _cannot_lose(grid: Grid, cells_: Mask, need: int, region: Mask, candidates: Mask) -> Mask:
    """The candidates without which an island can no longer reach ``need`` more cells.

    ``region`` is everything the island reaches within ``need`` steps, so a
    reach that avoids a cell stays inside it; the answer depends on nothing
    else, and is cached: probing asks again for islands far from its change.
    """
    out = 0
    number = cells_.bit_count() + need
    for cell in cells(candidates):
        if bounded_reach(grid, cells_, need, region & ~(1 << cell)).bit_count() < number:
            out |= 1 << cell
    return out


def island_shapes(board: Board) -> list[Step] | None:
    """Enumerate every way to finish each small island; what all of them agree on holds.

    A finished island is walled by sea, so a completion is ruled out when its
    wall would touch other land or close a 2x2 block of sea.  The cells every
    remaining completion takes are land, the cells every wall takes are sea,
    and an island with no completion is a contradiction.
    """
    a = analysis(board)
    grid = board.grid
    open_ = prospects(board)
    for island in a.islands:
        need = island.need
        if not need or need > SHAPES_MAX_NEED:
            continue
        shapes = open_[island.index].shapes
        if shapes is None:
            continue
        if not shapes:
            raise Contradiction(f"{describe(island, board)} has no way to reach {island.number} cells", island.cells)
        land = sea = grid.full
        for extra, wall in shapes:
            land &= extra
            sea &= wall
        land &= a.unknown
        sea &= a.unknown
        if land or sea:
            def reason(i: Island = island, land: Mask = land, sea: Mask = sea, n: int = len(shapes)) -> str:
                parts = []
                if land:
                    parts.append(f"includes {grid.names(land)}")
                if sea:
                    parts.append(f"is walled by {grid.names(sea)}")
                ways = "the only way" if n == 1 else f"each of the {n} ways"
                return f"{ways} to finish {describe(i, board)} " + " and ".join(parts)
            return [Step(sea, land, reason)]
    return None


def completions(grid: Grid, a: Analysis, island: Island, need: int) -> list[tuple[Mask, Mask]] | None:
    """The valid ``(extra cells, wall)`` completions of an island, or ``None`` if too many.

    Only cells within ``need + 2`` steps of the island matter (the cells it may
    take, their wall, and the 2x2 blocks the wall closes), so the enumeration
    is cached on the island and that neighbourhood: probing and search revisit
    the same islands on boards that differ far away.
    """
    near = _ball(grid, island.cells, need + 2)
    return _completions(grid, island.cells, need, passable(a, island) & near, a.land & near, a.sea & near)


@lru_cache(maxsize=1 << 14)
def _ball(grid: Grid, cells_: Mask, radius: int) -> Mask:
    """The cells within ``radius`` steps of ``cells_``."""
    for _ in range(radius):
        cells_ = grid.dilate(cells_)
    return cells_


@lru_cache(maxsize=1 << 16)
def _completions(grid: Grid, cells_: Mask, need: int, room: Mask, land: Mask, sea: Mask) -> list[tuple[Mask, Mask]] | None:
    level = {0}
    for _ in range(need):
        nxt = set()
        for extra in level:
            grow = grid.border(cells_ | extra) & room
            while grow:
                low = grow & -grow
                nxt.add(extra | low)
                grow ^= low
            if len(nxt) > SHAPES_LIMIT:
                return None
        level = nxt
    out = []
    for extra in sorted(level):
        wall = grid.border(cells_ | extra)
        if wall & land or grid.pools(sea | wall):
            continue
        out.append((extra, wall))
    return out


# -- the table ---------------------------------------------------------------

TECHNIQUES = (
    Technique("island_complete", Level.BOOKKEEPING, island_complete, "A numbered island of its full size is walled off by sea."),
    Technique("all_complete", Level.BOOKKEEPING, all_complete, "Once every numbered island is complete, every open cell is sea."),
    Technique("cell_count", Level.BOOKKEEPING, cell_count, "The clues fix the number of land cells; once it is reached the rest is sea, and the other way."),
    Technique("separate_clues", Level.EASY, separate_clues, "A cell next to two different numbered islands is sea."),
    Technique("no_pool", Level.EASY, no_pool, "A 2x2 block with three sea cells has land in the fourth."),
    Technique("island_exit", Level.EASY, island_exit, "An island that must still grow, or unnumbered land that must reach a number, with one way out extends through it."),
    Technique("sea_exit", Level.EASY, sea_exit, "A sea area that must join other sea, with one way out, extends through it."),
    Technique("sea_budget", Level.MEDIUM, sea_budget, "Joining the parts of the sea would take more sea cells than the clues leave."),
    Technique("sea_reach", Level.MEDIUM, sea_reach, "The sea cells still to come cannot reach a cell from some part of the sea: it is land."),
    Technique("unreachable", Level.MEDIUM, unreachable, "A cell no numbered island can reach within its remaining size is sea."),
    Technique("island_shapes", Level.MEDIUM, island_shapes, "Every way to finish a small island includes a cell (land) or walls it (sea)."),
    Technique("forced", Level.MEDIUM, forced, "A cell where one value breaks a rule at once (merging islands, cutting the sea, leaving an island too little room) takes the other value."),
)
