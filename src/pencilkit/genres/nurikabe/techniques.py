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
errand                 medium       land only one island can supply fixes its passes and its limits
short_contradiction    hard         probing: a value refuted within 6 steps
enclosed_island        expert       an island kept off the edge needs a fence of sea it can afford
contradiction          expert       probing: a value refuted within 20 steps
deep_contradiction     expert       probing with probes inside: a value refuted within 40 steps
=====================  ===========  ==============================================

Every technique returns only what holds in every solution of the board it is
given; over-approximations (reach, room) are used only to rule values out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache, partial

from ...frame.board import Board, Contradiction, Derived
from ...frame.ladder import Step, Technique
from ...frame.levels import Level
from ...grid import Cell, Grid, Mask, cells
from .analysis import Analysis, Island, analysis, describe
from .cuts import CutStructure, cut_structure
from .errands import Errand, errand_costs, errands
from .fence import Span, fence_boxes, walled_off

SEA_PARTS: Derived[tuple[Mask, list[Mask], list[Mask]]] = Derived("sea parts")
"""The sea, its connected parts and their borders."""
PROSPECTS: Derived[tuple[tuple[Mask, ...], dict[int, Prospect]]] = Derived("prospects")
"""What each growing island may still become (see :class:`Prospect`), with the masks it was read from."""
REACHES: Derived[dict[int, Mask]] = Derived("reaches")
"""For each island that may still grow, the cells it could hold when finished."""
REACH: Derived[Mask] = Derived("reach")
"""Every cell some island could still take."""
SEA_GAPS: Derived[tuple[Mask, Mask, dict[Mask, tuple[int, Mask, int]]]] = Derived("sea gaps")
"""The sea and open cells a ``sea_budget`` search read, and each sea part's search for its nearest other part."""
SEA_CUTS: Derived[Mask | None] = Derived("sea cuts")
"""The open cells whose being land would split the sea (``None``: it is split already)."""
SEA_CUT_STRUCTURE: Derived[CutStructure | None] = Derived("sea cut structure")
"""The articulation structure the sea cuts are read from."""

SHAPES_LIMIT = 256
"""Most completions ``island_shapes`` enumerates for one island before giving up on it."""
SHAPES_MAX_NEED = 4
"""Largest number of missing cells for which ``island_shapes`` enumerates completions."""
NEAR_RADIUS = 8
"""``prospects`` grows the changed cells by up to this many steps, once per board, to tell which
islands a change is near; islands that need more look their own neighbourhood up (cached)."""
ERRAND_MAX_NEED = 40
"""``errand`` looks only at islands that still need at most this many cells."""
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
    if not a.unknown or a.growing:
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
    land = grid.pool_breakers(s, u)
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
    free = a.unknown & ~a.touched_twice  # on an island's border, the cells touching no other island
    for island in a.growing:
        if island.number is None:
            continue
        exits = island.border & free
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
    return board.derived(SEA_PARTS, _sea_parts)[1]


def sea_part_borders(board: Board) -> list[Mask]:
    """The border of each part of :func:`sea_parts`, in the same order."""
    return board.derived(SEA_PARTS, _sea_parts)[2]


def _sea_parts(board: Board) -> tuple[Mask, list[Mask], list[Mask]]:
    """The sea, its parts and their borders; parts away from the new sea cells are kept, with
    their borders (probing asks for them on boards that differ in a few cells)."""
    grid = board.grid
    sea = board.shaded
    earlier: tuple[Mask, list[Mask], list[Mask]] | None = board.earlier(SEA_PARTS)
    if earlier is None or earlier[0] & ~sea:
        parts = grid.components(sea)
        return sea, parts, [grid.border(part) for part in parts]
    if sea == earlier[0]:
        return earlier
    regrouped = grid.regrouped(list(zip(earlier[1], earlier[2])), earlier[0], sea)
    return sea, [part for part, _ in regrouped], [border for _, border in regrouped]


def sea_exit(board: Board) -> list[Step] | None:
    grid = board.grid
    parts = sea_parts(board)
    if len(parts) < 2:
        return None
    u = board.undecided
    steps = []
    taken = 0
    for part, border in zip(parts, sea_part_borders(board)):
        exits = border & u
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
    agreed: tuple[Mask, Mask] = (0, 0)
    """For enumerated completions: the cells every one takes and the cells every wall takes."""
    plain: list[Mask] = field(default_factory=list, compare=False)
    """For enumerated completions, once asked: the plain reach (see :meth:`region`)."""
    quiet: set[str] = field(default_factory=set, compare=False)
    """The techniques that found nothing in this island while the prospect held.

    rationale: a prospect is carried over only while nothing within ``need + 2``
    steps of the island changes, and ``forced``'s room check and
    ``island_shapes`` read nothing farther, so what they found nothing in
    stays so; on boards probing tries, most islands are such."""

    def region(self, grid: Grid, a: Analysis, island: Island) -> Mask:
        """The cells within ``need`` steps of the island through cells it may take: its reach,
        or for enumerated completions (whose union is tighter) the plain reach, kept once found.

        rationale: the prospect is carried over only while nothing within
        ``need + 2`` steps changes, so the plain reach it keeps stays right.
        """
        if self.shapes is None:
            return self.reach
        if not self.plain:
            need = island.need
            assert need is not None  # only numbered islands have enumerated completions
            self.plain.append(bounded_reach(grid, self.cells, need, passable(a, island)))
        return self.plain[0]


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
        earlier: tuple[tuple[Mask, ...], dict[int, Prospect]] | None = b.earlier(PROSPECTS)
        if earlier is None:
            changed, before_all = grid.full, {}
        else:
            changed = 0
            for now, then in zip(stamp, earlier[0]):
                changed |= now ^ then
            before_all = earlier[1]
        out = {}
        near = [changed]  # near[r]: the cells within r steps of a changed cell
        for island in a.growing:
            need = island.need
            before = before_all.get(island.index)
            if before is not None and before.cells == island.cells and need is not None:
                radius = need + 2
                if radius <= NEAR_RADIUS:
                    while len(near) <= radius:
                        near.append(grid.dilate(near[-1]))
                    touched = island.cells & near[radius]
                else:
                    touched = _ball(grid, island.cells, radius) & changed
                if not touched:
                    out[island.index] = before
                    continue
            if need is not None and need <= SHAPES_MAX_NEED:
                shapes = completions(grid, a, island, need)
                if shapes is not None:
                    taken = island.cells
                    land = sea = grid.full
                    for extra, wall in shapes:
                        taken |= extra
                        land &= extra
                        sea &= wall
                    out[island.index] = Prospect(island.cells, shapes, taken, agreed=(land, sea))
                    continue
            room = passable(a, island)
            if before is not None and before.room and before.cells == island.cells \
                    and not room & ~before.room and not before.room & ~room & before.reach:
                reach_ = before.reach  # the room lost only cells the island could not reach anyway
            else:
                reach_ = bounded_reach(grid, island.cells, need, room)
            out[island.index] = Prospect(island.cells, None, reach_, room)
        return stamp, out
    return board.derived(PROSPECTS, compute)[1]


def reaches(board: Board) -> dict[int, Mask]:
    """For each island that may still grow (by index), the cells it could hold when finished."""
    return board.derived(REACHES, lambda b: {k: p.reach for k, p in prospects(b).items()})


def reach(board: Board) -> Mask:
    """Every cell some island could still take (an over-approximation)."""
    def compute(b: Board) -> Mask:
        total = 0
        for cells_ in reaches(b).values():
            total |= cells_
        return total
    return board.derived(REACH, compute)


def sea_budget(board: Board) -> list[Step] | None:
    """The sea cells still to come cannot join the sea's parts: a contradiction.

    With every clue a number, the sea has a known size.  Joining its parts
    takes new sea cells: part ``i`` is ``g_i`` open cells from the nearest
    other part, so any joining tree uses at least ``g_i // 2`` cells within
    ``g_i // 2`` steps of part ``i``, and those neighbourhoods do not overlap.

    rationale: each part's search for the nearest other part is kept with
    the cells it read, and reused on later boards (probing's) while none of
    those cells changed.
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
    borders = sea_part_borders(board)
    one = shared = 0  # the open cells next to one part, and next to two or more
    for border in borders:
        shared |= one & border
        one |= border
    shared &= open_
    earlier: tuple[Mask, Mask, dict[Mask, tuple[int, Mask, int]]] | None = board.earlier(SEA_GAPS)
    if earlier is None:
        changed, before = grid.full, {}
    else:
        changed, before = (sea ^ earlier[0]) | (open_ ^ earlier[1]), earlier[2]
    gaps: dict[Mask, tuple[int, Mask, int]] = {}
    needed = 0
    for part, border in zip(parts, borders):
        if border & shared and budget:  # one open cell joins it to another part: a gap of 1 costs nothing
            continue
        known = before.get(part)
        outgrown = known is not None and known[0] > known[2] < budget  # stopped by a smaller budget
        if known is None or known[1] & changed or outgrown:
            known = _gap(grid, part, border & open_, sea & ~part, open_, budget)
        gaps[part] = known
        gap = known[0]
        if not gap or gap > budget:
            raise Contradiction(f"the sea at {grid.names(part, 3)} is too far from the rest of the sea "
                                f"for the {_sea_cells(budget)} left", part)
        needed += gap // 2
        if needed > budget:
            raise Contradiction(f"joining the {len(parts)} parts of the sea takes more than the "
                                f"{_sea_cells(budget)} left", sea)
    board.keep(SEA_GAPS, (sea, open_, gaps))
    return None


def _sea_cells(count: int) -> str:
    return f"{count} sea cell{'' if count == 1 else 's'}"


def _gap(grid: Grid, part: Mask, cur: Mask, others: Mask, open_: Mask, budget: int) -> tuple[int, Mask, int]:
    """How many steps through open cells (starting from ``cur``, the part's open border) reach
    ``others``: ``0`` when none do, ``budget + 1`` when ``budget`` steps reach none.  With it, the
    cells the search read (the answer holds while none of them changes) and ``budget``."""
    seen = part
    gap = 0
    while True:
        gap += 1
        if not cur:
            return 0, grid.dilate(seen), budget
        if gap > budget:
            return gap, grid.dilate(seen | cur), budget
        grown = grid.dilate(cur)
        if grown & others:
            return gap, grid.dilate(seen | cur), budget
        seen |= cur
        cur = grown & open_ & ~seen


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
                                 f"sea than the {_sea_cells(left)} left can reach, so land")]


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


def errand(board: Board) -> list[Step] | None:
    """Land only one island can supply (a landless 2x2 block's, or stray land) fixes that island's way.

    See :mod:`.errands`: a cell every way to the errand passes is land, and a
    cell the island cannot take as well, which no other island can reach, is
    sea.  Islands that still need more than :data:`ERRAND_MAX_NEED` cells are
    left alone: they can afford almost any errand.
    """
    a = analysis(board)
    growing = {island.index: island for island in a.growing
               if island.need is not None and island.need <= ERRAND_MAX_NEED}
    if not growing:
        return None
    reach = reaches(board)
    found = errands(board.grid, a.land, a.unknown, a.strays, reach, growing)
    if not found:
        return None
    grid = board.grid
    rooms: dict[int, tuple[Mask, Mask]] = {}
    done = 0
    steps: list[Step] = []
    for job in found:
        island = growing[job.island]
        need = island.need
        assert need is not None
        if job.island not in rooms:
            others = 0
            for k, cells_ in reach.items():
                if k != job.island:
                    others |= cells_
            rooms[job.island] = passable(a, island), others
        room, others = rooms[job.island]
        costs = errand_costs(grid, island.cells, job.cells, room, need)
        mine = reach[job.island] & a.unknown & ~done
        passes = costs.passes & mine
        beyond = mine & ~others & ~costs.affordable & ~passes
        if passes or beyond:
            done |= passes | beyond
            steps.append(Step(beyond, passes, partial(_errand_reason, board, island, job, passes, beyond)))
    return steps or None


def _errand_reason(board: Board, island: Island, job: Errand, passes: Mask, beyond: Mask) -> str:
    grid = board.grid
    who = describe(island, board)
    if job.stray:
        head = f"only {who} can reach the land at {grid.names(job.block)}, so it must take it"
    else:
        head = f"the 2x2 block at {grid.names(job.block)} needs land and only {who} can reach it"
    said = []
    if passes:
        verb = "is" if passes.bit_count() == 1 else "are"
        said.append(f"every way there within its size passes {grid.names(passes)}, which {verb} land")
    if beyond:
        verb = "is" if beyond.bit_count() == 1 else "are"
        said.append(f"it cannot also reach {grid.names(beyond)}, which no other island reaches either, "
                    f"so {'it' if beyond.bit_count() == 1 else 'they'} {verb} sea")
    return f"{head}: {'; and '.join(said)}"


def _oversize(board: Board, a: Analysis) -> list[Step]:
    """Land at a cell that would join an island to stray land beyond the island's size is sea."""
    grid = board.grid
    steps: list[Step] = []
    if not a.strays:
        return steps
    near_stray = grid.dilate(a.stray_cells) & a.unknown
    for island in a.growing:  # a complete island is walled already (island_complete comes first)
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
    cuts = board.derived(SEA_CUTS, _sea_cuts)
    if cuts is None:
        raise Contradiction("the sea can no longer be connected", sea)
    grid = board.grid
    return [Step(1 << c, 0, partial(_cell_reason, grid, c, "is sea: as land it would cut the sea in two"))
            for c in cells(cuts & a.unknown)]


def _sea_cuts(board: Board) -> Mask | None:
    """The open cells that separate the sea on ``board`` (``None``: it is split already), from an
    earlier board's structure when it allows.

    The earlier structure is first brought to the present space when cells
    have become land since (:meth:`CutStructure.without`); in the same space
    only the targets grew, so the new cuts are read off the pockets of the new
    sea cells.  When no update applies, one Tarjan pass builds it afresh.
    """
    space = board.shaded | board.undecided
    structure: CutStructure | None = board.earlier(SEA_CUT_STRUCTURE)
    if structure is not None and structure.space != space:
        structure = structure.without(board.grid, structure.space & ~space)
    if structure is None:
        structure = cut_structure(board.grid, space, board.shaded)
        board.keep(SEA_CUT_STRUCTURE, structure)
        return None if structure is None else structure.cuts & ~board.shaded
    board.keep(SEA_CUT_STRUCTURE, structure)
    return structure.cuts_with(board.shaded)


def _room(board: Board, a: Analysis) -> list[Step]:
    """An island with too little room is a contradiction; a cell it cannot lose is land."""
    grid = board.grid
    steps = []
    open_ = prospects(board)
    for island in a.growing:
        number = island.number
        if number is None:
            continue
        prospect = open_[island.index]
        if "room" in prospect.quiet:
            continue
        room = prospect.reach
        size = room.bit_count()
        if size < number:
            raise Contradiction(f"{describe(island, board)} has room for only {size} cells", room)
        if size - number > ROOM_SLACK:
            prospect.quiet.add("room")
            continue
        need = number - island.size
        region = prospect.region(grid, a, island)  # not the union of the completions: the plain reach
        for cell in cells(_cannot_lose(grid, island.cells, need, region, room & a.unknown)):
            steps.append(Step(0, 1 << cell, partial(
                _cell_reason, grid, cell, f"is land: as sea it would leave {describe(island, board)} too little room")))
        if steps:
            return steps
        prospect.quiet.add("room")
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
    for island in a.growing:
        need = island.need
        if not need or need > SHAPES_MAX_NEED:
            continue
        prospect = open_[island.index]
        shapes = prospect.shapes
        if shapes is None or "shapes" in prospect.quiet:
            continue
        if not shapes:
            raise Contradiction(f"{describe(island, board)} has no way to reach {island.number} cells", island.cells)
        land, sea = prospect.agreed
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
        prospect.quiet.add("shapes")
    return None


def completions(grid: Grid, a: Analysis, island: Island, need: int) -> list[tuple[Mask, Mask]] | None:
    """The valid ``(extra cells, wall)`` completions of an island, or ``None`` if too many.

    The cells it may take and their wall lie within ``need + 1`` steps of the
    island, and the enumeration reads the board within ``need + 2`` steps, so
    it is cached on the island and that neighbourhood: probing and search
    revisit the same islands on boards that differ far away.  (A 2x2 block a
    wall closes can have its far corner ``need + 3`` steps away; such a block
    is not seen, which can only keep a completion that could have been ruled
    out: sound, and a little weaker.)
    """
    near = _ball(grid, island.cells, need + 2)
    return _completions(grid, island.cells, need, passable(a, island) & near, a.land & near, a.sea & near)


@lru_cache(maxsize=1 << 14)
def _ball(grid: Grid, cells_: Mask, radius: int) -> Mask:
    """The cells within ``radius`` steps of ``cells_`` (:meth:`Grid.ball`, remembered)."""
    return grid.ball(cells_, radius)


ENUMERATED_KEEP = 8
"""Lists of completions ``_completions`` keeps per island, for later boards to narrow down."""
KNOWN_ISLANDS = 4096
"""Islands (cells and need) ``_completions`` keeps lists for before it starts over (janko-nurikabe-0690,
50x50, needs about 460; a generator run meets many boards)."""
_known: dict[tuple[Grid, Mask, int], list[tuple[Mask, Mask, Mask, list[tuple[Mask, Mask]]]]] = {}
"""``(grid, island cells, need)`` -> recent answers, the latest used first, as
``(room, land, sea, completions)``."""


@lru_cache(maxsize=1 << 16)
def _completions(grid: Grid, cells_: Mask, need: int, room: Mask, land: Mask, sea: Mask) -> list[tuple[Mask, Mask]] | None:
    """The completions of ``cells_`` by ``need`` cells of ``room`` whose walls touch no ``land`` and
    close no 2x2 block of ``sea``.

    A board decides more cells than the board it came from, so the same
    island usually has less room, more land and more sea around it than at
    an earlier answer: its completions are then exactly the earlier ones
    that avoid the lost room, touch no new land and close no block with the
    new sea (a block they close must hold a new sea cell), and are read off
    that list instead of enumerated again.

    rationale: probing asks about the same islands on boards one trial
    apart.  Of the answers kept that such a board can narrow, the one with
    the fewest shapes is used (the nearest earlier board), and each answer
    used moves to the front, so the board probing started from stays kept
    while its trials narrow it.
    """
    key = (grid, cells_, need)
    recent = _known.get(key)
    if recent is None:
        if len(_known) >= KNOWN_ISLANDS:
            _known.clear()
        recent = _known[key] = []
    best = -1
    found: list[tuple[Mask, Mask]] | None
    for i, (room0, land0, sea0, shapes) in enumerate(recent):
        if not room & ~room0 and not land0 & ~land and not sea0 & ~sea \
                and (best < 0 or len(shapes) < len(recent[best][3])):
            best = i
    if best >= 0:
        room0, land0, sea0, shapes = recent.pop(best)
        found = _narrowed(grid, shapes, room0 & ~room, land & ~land0, sea, sea & ~sea0)
        recent.insert(0, (room0, land0, sea0, shapes))
    else:
        found = _enumerate(grid, cells_, need, room, land, sea)
        if found is None:
            return None
    recent.insert(0, (room, land, sea, found))
    del recent[ENUMERATED_KEEP:]
    return found


def _narrowed(grid: Grid, shapes: list[tuple[Mask, Mask]], lost: Mask, fresh_land: Mask, sea: Mask,
              fresh_sea: Mask) -> list[tuple[Mask, Mask]]:
    """The ``shapes`` that take no ``lost`` cell, wall no ``fresh_land`` and close no 2x2 block of
    ``sea`` holding a cell of ``fresh_sea``."""
    taken = walls = 0
    for extra, wall in shapes:
        taken |= extra
        walls |= wall
    lost &= taken
    fresh_land &= walls
    cols = grid.cols
    corners = (fresh_sea | fresh_sea >> 1 | fresh_sea >> cols | fresh_sea >> (cols + 1)) & grid.window_corners
    missing = []  # what a wall must add to close a block, for the blocks some wall can close
    for corner in cells(corners):
        gap = grid.window(corner) & ~sea
        if not gap:
            return []
        if not gap & ~walls:
            missing.append(gap)
    if not (lost or fresh_land or missing):
        return shapes
    out = []
    for extra, wall in shapes:
        if extra & lost or wall & fresh_land:
            continue
        for gap in missing:
            if not gap & ~wall:
                break
        else:
            out.append((extra, wall))
    return out


def _enumerate(grid: Grid, cells_: Mask, need: int, room: Mask, land: Mask, sea: Mask) -> list[tuple[Mask, Mask]] | None:
    neighbours = grid.neighbours
    level = {0: grid.border(cells_)}  # extra cells -> the wall of the island with them
    for _ in range(need):
        nxt: dict[Mask, Mask] = {}
        for extra, wall in level.items():
            grow = wall & room
            while grow:
                low = grow & -grow
                grow ^= low
                bigger = extra | low
                if bigger not in nxt:
                    nxt[bigger] = (wall | neighbours[low.bit_length() - 1]) & ~(cells_ | bigger)
            if len(nxt) > SHAPES_LIMIT:
                return None
        level = nxt
    out = []
    for extra in sorted(level):
        wall = level[extra]
        if wall & land or grid.pools(sea | wall):
            continue
        out.append((extra, wall))
    return out


# -- expert ------------------------------------------------------------------


def enclosed_island(board: Board) -> list[Step] | None:
    """An island that cannot reach the edge lies in a box the sea can fence (see :mod:`.fence`).

    The clues bound the sea's size ``S`` (they fix it when all are numbers; a
    ``?`` island has at least the cells it has), and walling in an island
    with a ``W`` x ``H`` box takes ``W + H`` plus the rows and columns the sea
    spans (at least ``H + 2`` and ``W + 2``) to be at most ``S + 1``.
    The island fills one of the boxes that meet this bound and hold room for
    it: a cell of none of them is not its (sea, when no other island can
    reach it), and when every such box is exactly its number, the island is
    the box, and the cells all of them share are land.

    rationale: tried only when the largest box the island could span breaks
    the bound; with a sea of usual size it never does, and the technique costs
    a test per open island.
    """
    a = analysis(board)
    grid = board.grid
    sea_size = grid.size - sum(i.size if i.number is None else i.number for i in a.islands)
    exact = board.puzzle.clue_total is not None
    reach_of = reaches(board)
    sea_rows = grid.row_span(a.sea) if a.sea else None
    sea_cols = grid.col_span(a.sea) if a.sea else None
    for island in a.growing:
        if island.cells & grid.edge:
            continue
        number = island.size if island.number is None else island.number  # a ? island: at least its size
        reach_ = reach_of.get(island.index, island.cells)
        room = grid.flood(island.cells, (reach_ | island.cells) & ~grid.edge)
        rows = Span(grid.row_span(island.cells), grid.row_span(room), sea_rows)
        cols = Span(grid.col_span(island.cells), grid.col_span(room), sea_cols)
        if fence_boxes(Span(rows.limit, rows.limit, sea_rows), Span(cols.limit, cols.limit, sea_cols), 1, sea_size):
            continue  # the largest box meets the bound, so every box does
        why = walled_off(board, a, island, reach_of)
        if why is None:
            continue
        boxes = []
        for box in fence_boxes(rows, cols, number, sea_size):
            rect = grid.rect(*box)
            if grid.flood(island.cells, rect & room).bit_count() >= number:
                boxes.append((box, rect))
        head = (f"{why}; a fence of sea round a W-by-H box takes 2(W+H)+3 cells, and the sea has "
                f"{'' if exact else 'at most '}{sea_size}")
        if not boxes:
            raise Contradiction(f"{head}: too few for any box that holds it", island.cells)
        inside = 0
        for _, rect in boxes:
            inside |= rect
        others = 0
        for other in a.growing:
            if other.index != island.index:
                others |= reach_of.get(other.index, 0)
        outside = reach_ & ~inside & ~others
        if outside & a.stray_cells:
            raise Contradiction(f"{head}, so no island can reach the land at {grid.names(outside & a.stray_cells)}",
                                outside & a.stray_cells)
        sea = outside & a.unknown
        land = 0
        if island.number is not None and all(rect.bit_count() == number for _, rect in boxes):
            land = grid.full
            for _, rect in boxes:
                land &= rect
            land &= a.unknown
        if sea or land:
            fits = [box for box, _ in boxes]
            return [Step(sea, land, partial(_fence_reason, grid, head, describe(island, board), fits, sea, land))]
    return None


def _fence_reason(grid: Grid, head: str, name: str, boxes: list[tuple[int, int, int, int]], sea: Mask,
                  land: Mask) -> str:
    said = []
    if land:
        top, bottom, left, right = boxes[0]
        where = f"rows {top + 1}-{bottom + 1}, columns {left + 1}-{right + 1}" if len(boxes) == 1 else \
            f"one of {len(boxes)} boxes its size, and {grid.names(land)} lie in all of them"
        said.append(f"so {name} fills {where}: land")
    if sea:
        said.append(f"{'and it' if land else 'so ' + name} keeps within {len(boxes)} "
                    f"box{'es' if len(boxes) > 1 else ''} that leave out {grid.names(sea)}, "
                    f"which no other island can reach: sea")
    return f"{head}; {' '.join(said)}"


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
    Technique("errand", Level.MEDIUM, errand, "A 2x2 block without land that only one island can reach (or stray land only one reaches) must get land from it: the cells every way there passes are land, and cells it could not also reach, which no other island reaches, are sea."),
    Technique("enclosed_island", Level.EXPERT, enclosed_island, "An island that cannot reach the edge is fenced by sea, and a fence round a W-by-H box takes 2(W+H)+3 sea cells: the sea's size bounds where the island lies."),
)
