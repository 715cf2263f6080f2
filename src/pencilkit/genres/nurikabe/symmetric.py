"""Symmetric Nurikabe layouts: islands map onto islands, so clues can map onto clues.

Nikoli prints Nurikabe with symmetric clue positions.  A layout is built
and repaired wholly symmetric: the image of every island under each map of
the symmetry is an island (of the same size, so the numbers match too), and
the image of its clue cell is that island's clue cell.  Asking that much
while the puzzle is made costs nothing: the image of a solution of a puzzle
with symmetric clues and numbers solves the same puzzle, so when the
solution is unique it is symmetric.

An island that some map takes onto itself must have its clue on a cell that
map fixes (the centre for a half turn, the axis for a mirror), or the clue's
image would be a second clue in it: :func:`symmetrize` places clues so, and
drops a layout where it cannot.  Every change is made at a cell and at all
its images (:func:`orbit_move`), so the layout stays symmetric.

Published puzzles keep the clue positions, not the numbers: about a quarter
of their symmetric pairs of clues hold the same number.  Once the puzzle is
rated as asked, :func:`free_numbers` grows and trims single islands, the
clue cells kept, until no more of the pairs match than that or no change
keeps the rating.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence

from ...grid import Cell, Grid, Mask, cells
from .painting import Layout, is_valid
from .style import PUBLISHED_SIZES

Maps = tuple[tuple[Cell, ...], ...]
"""The maps of a symmetry as cell permutations, the identity first (:meth:`Symmetry.maps`)."""
SYMMETRIC_LAND = (0.40, 0.46)
"""Share of the board a symmetric layout plants before breaking pools."""
SYMMETRIC_THIN = 0.9
"""How strongly islands grow as lines rather than blobs (:func:`by_line`)."""
PAIRS_ALIKE = 0.27
"""The share of symmetric pairs of clues holding the same number that :func:`free_numbers` stops at: 26-27%
in the symmetric published puzzles of each size class up to 20x20 (the corpus; 8 of 110 up to 10x10
match in every pair, none larger)."""
FREE_TRIES = 250
"""Changes :func:`free_numbers` offers ``keeps`` at most: a count, not the clock, so a seed frees the same
numbers on any machine that makes them within the run's time."""


def images(cell: Cell, perms: Maps) -> list[Cell]:
    """The cell and its distinct images, the cell first."""
    out: list[Cell] = []
    for perm in perms:
        if perm[cell] not in out:
            out.append(perm[cell])
    return out


def mapped(mask: Mask, perm: Sequence[Cell]) -> Mask:
    """The image of ``mask`` under one map."""
    out = 0
    for c in cells(mask):
        out |= 1 << perm[c]
    return out


def symmetrize(layout: Layout, perms: Maps) -> Layout | None:
    """The layout with symmetric clue cells, or ``None`` when its islands are not symmetric or an
    island some map fixes has no cell every such map fixes.

    Each orbit of islands keeps the clue of its first island where it can
    (else the lowest cell allowed), and the others take its images.
    """
    index = {island: k for k, island in enumerate(layout.islands)}
    clues: dict[int, Cell] = {}
    for k, island in enumerate(layout.islands):
        if k in clues:
            continue
        images = [mapped(island, perm) for perm in perms]
        if any(image not in index for image in images):
            return None
        fixing = [perm for perm, image in zip(perms, images) if image == island]
        allowed = [c for c in cells(island) if all(perm[c] == c for perm in fixing)]
        if not allowed:
            return None
        clue = layout.clue_cells[k] if layout.clue_cells[k] in allowed else allowed[0]
        for perm, image in zip(perms, images):
            clues[index[image]] = perm[clue]
    return Layout(layout.rows, layout.cols, layout.islands, tuple(clues[k] for k in range(len(layout.islands))))


def orbit_move(layout: Layout, kind: str, cell: Cell, rng: random.Random, perms: Maps,
               apply: Callable[[Layout, str, Cell, random.Random], Layout | None]) -> Layout | None:
    """A move (``apply``'s ``kind``) at ``cell`` and at each of its images, then clues made symmetric;
    ``None`` when one of them cannot be made or the result is not symmetric."""
    for image in images(cell, perms):
        if kind == "clue" and layout.island_of(image) < 0:
            return None
        changed = apply(layout, kind, image, rng)
        if changed is None:
            return None
        layout = changed
    return symmetrize(layout, perms)


def pairs(layout: Layout, perms: Maps) -> list[tuple[Cell, Cell]]:
    """The symmetric pairs of clue cells: each clue cell with each image that is another clue cell
    (the lower cell first, each pair once)."""
    clued = set(layout.clue_cells)
    return sorted({(min(cell, perm[cell]), max(cell, perm[cell])) for cell in layout.clue_cells
                   for perm in perms if perm[cell] != cell and perm[cell] in clued})


def alike(layout: Layout, perms: Maps) -> list[tuple[Cell, Cell]]:
    """The symmetric pairs of clue cells (:func:`pairs`) whose islands have the same size."""
    size = {cell: island.bit_count() for cell, island in zip(layout.clue_cells, layout.islands)}
    return [(a, b) for a, b in pairs(layout, perms) if size[a] == size[b]]


def free_numbers(layout: Layout, perms: Maps, rng: random.Random, keeps: Callable[[Layout], bool], *,
                 goal: float = PAIRS_ALIKE, tries: int = FREE_TRIES) -> Layout:
    """The layout with single islands grown or trimmed by a cell until at most ``goal`` of the symmetric
    pairs of clues hold the same number, no change is kept, or ``tries`` changes were offered; a change is
    kept only where ``keeps`` it.

    A pair that still matches is drawn, then one of its islands, and that
    island's changes are tried in a random order (:func:`_island_changes`: it
    grows by a sea cell next to it, taking that cell's other neighbours from
    their islands, or gives up a cell).  The clue cells never move, so the
    clue positions stay symmetric.  A change is kept only where fewer pairs
    match after it, so the changes end; an island none of whose changes is
    kept is not drawn again until another change is kept.  ``keeps`` may raise
    :class:`~pencilkit.frame.budget.OutOfTime`; the caller keeps what was
    made before.
    """
    tried: set[Cell] = set()
    total = len(pairs(layout, perms))
    offered = 0
    while offered < tries:
        matching = alike(layout, perms)
        if len(matching) <= goal * total:
            return layout
        open_pairs = [pair for pair in matching if not set(pair) <= tried]
        if not open_pairs:
            return layout
        clue = rng.choice([cell for cell in rng.choice(open_pairs) if cell not in tried])
        changed = None
        for moved in _island_changes(layout, clue, rng):
            if offered >= tries:
                break
            if len(alike(moved, perms)) < len(matching):
                offered += 1
                if keeps(moved):
                    changed = moved
                    break
        if changed is None:
            tried.add(clue)
        else:
            layout = changed
            tried.clear()
    return layout


def _island_changes(layout: Layout, clue: Cell, rng: random.Random) -> Iterator[Layout]:
    """The valid layouts with the island clued at ``clue`` one cell larger or smaller, in a random order
    (drawn at the first), every clue cell kept.

    A sea cell next to the island turns to land; the cells of other islands
    next to it turn to sea (most sea cells lie between two islands), so those
    islands shrink as this one grows.  A cell of the island (not its clue)
    turns to sea.  An island that would split or lose its clue is no change.
    """
    grid = layout.grid
    index = layout.clue_cells.index(clue)
    island = layout.islands[index]
    spots = list(cells(grid.border(island) & layout.sea)) + [cell for cell in cells(island) if cell != clue]
    rng.shuffle(spots)
    for cell in spots:
        bit = 1 << cell
        if island & bit:
            shapes = {index: island & ~bit}
        else:
            near = grid.neighbours[cell]
            shapes = {k: other & ~near for k, other in enumerate(layout.islands) if k != index and other & near}
            shapes[index] = island | bit
        islands = tuple(shapes.get(k, old) for k, old in enumerate(layout.islands))
        if all(grid.flood(1 << layout.clue_cells[k], shape) == shape for k, shape in shapes.items()):
            order = sorted(range(len(islands)), key=lambda k: islands[k] & -islands[k])
            changed = Layout(layout.rows, layout.cols, tuple(islands[k] for k in order),
                             tuple(layout.clue_cells[k] for k in order))
            if is_valid(changed):
                yield changed


def symmetric_layout(rows: int, cols: int, rng: random.Random, perms: Maps, *,
                     sizes: Mapping[int, float] = PUBLISHED_SIZES,
                     land_share: tuple[float, float] = SYMMETRIC_LAND) -> Layout | None:
    """A symmetric layout shaped like published Nurikabe, or ``None`` when the builder is cornered.

    Islands are planted and grown a cell at a time (and each image with
    them) along lines (:func:`by_line`) to sizes drawn with the weights
    ``sizes``, until ``land_share`` of the board is land; then each pool left
    is broken at a cell and its images.
    """
    grid = Grid.of(rows, cols)
    layout = Layout(rows, cols, (), ())
    goal = rng.uniform(*land_share) * grid.size
    drawn, weights = list(sizes), list(sizes.values())
    while layout.land.bit_count() < goal:
        free = layout.sea & ~grid.dilate(layout.land)
        spots = list(cells(free))
        rng.shuffle(spots)
        planted = None
        for seed in spots:
            planted = _orbit_land(layout, seed, perms, touching=0)
            if planted is not None:
                break
        if planted is None:
            break
        layout, island, last = planted, seed, seed
        target = rng.choices(drawn, weights)[0]
        while layout.islands[layout.island_of(island)].bit_count() < target:
            own = layout.islands[layout.island_of(island)]
            others = grid.dilate(layout.land & ~own)
            options = by_line(grid, list(cells(grid.border(own) & layout.sea & ~others)), own, last,
                              SYMMETRIC_THIN, rng)
            grown = None
            for step in options:
                grown = _orbit_land(layout, step, perms, touching=1)
                if grown is not None:
                    last = step
                    break
            if grown is None:
                break
            layout = grown
    while True:
        pools = grid.pools(layout.sea)
        if not pools:
            break
        block = grid.window(next(cells(pools)))
        spots = list(cells(block))
        rng.shuffle(spots)
        broken = None
        for spot in spots:
            broken = _orbit_land(layout, spot, perms, touching=None)
            if broken is not None:
                break
        if broken is None:
            return None
        layout = broken
    out = symmetrize(layout, perms)
    return out if out is not None and is_valid(out) else None


def _orbit_land(layout: Layout, cell: Cell, perms: Maps, touching: int | None) -> Layout | None:
    """Land at ``cell`` and its images (each touching exactly ``touching`` islands when given), or ``None``."""
    for image in images(cell, perms):
        if not layout.sea >> image & 1:
            return None
        if touching is not None and len(layout.touching(image)) != touching:
            return None
        changed = layout.with_land(image)
        if changed is None:
            return None
        layout = changed
    return layout


def by_line(grid: Grid, options: list[Cell], island: Mask, last: Cell, thin: float,
             rng: random.Random) -> list[Cell]:
    """``options`` in a random order weighted toward growing ``island`` along a line from ``last``.

    Drawn one at a time without replacement by ``rng.choices``, whose float
    sums and products round the same on every machine.
    """
    before = list(cells(grid.neighbours[last] & island))
    weights: list[float] = []
    for cell in options:
        if (grid.neighbours[cell] & island).bit_count() > 1:
            weights.append(1.0 - thin)
        elif any(_in_line(grid, b, last, cell) for b in before):
            weights.append(2.0)
        else:
            weights.append(1.0)
    order: list[Cell] = []
    left = list(range(len(options)))
    while left:
        pick = rng.choices(left, [weights[k] for k in left])[0] if any(weights[k] for k in left) else left[0]
        order.append(options[pick])
        left.remove(pick)
    return order


def _in_line(grid: Grid, a: Cell, b: Cell, c: Cell) -> bool:
    """Whether cells ``a``, ``b``, ``c`` stand in one row or one column, in that order."""
    (ra, ca), (rb, cb), (rc, cc) = (divmod(x, grid.cols) for x in (a, b, c))
    return (ra == rb == rc and cb - ca == cc - cb) or (ca == cb == cc and rb - ra == rc - rb)


__all__ = ["Maps", "by_line", "images", "mapped", "orbit_move", "symmetric_layout", "symmetrize"]
