"""The two rules Kurodoko and Heyawake share: their techniques, the sentences of their reasons, the SAT
clauses and the painting helpers the generators use.

* black cells never share a side;
* all white cells form one orthogonally connected group.

Each genre words them in its own rules and numbers them its own way.  The
techniques (in the core, ``core/src/genres/black_white.rs``) conclude only
what every solution agrees on: a neighbour of a black cell is white; a group
of white cells with one way out goes out through it; a cell whose blackening
would split the white cells is white (an articulation point of the not-black
cells); a cell walled off from the white cells is black.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..frame.ladder import Technique
from ..frame.levels import Level
from ..frame.wording import Broken, Reason, Sentences, names, verb
from ..grid import Cell, Grid, Mask, cells, lowest
from ..puzzle import Puzzle

if TYPE_CHECKING:
    from ..engines.sat import Clause, Model

BLACK_NEIGHBOURS = Technique("black_neighbours", Level.EASY, None,
                             "No two black cells touch: the neighbours of a black cell are white.")
WHITE_EXIT = Technique("white_exit", Level.EASY, None,
                       "White cells must all connect: a group of white cells with one open cell around it "
                       "goes out through that cell, so it is white.")
CONNECTIVITY = Technique("connectivity", Level.MEDIUM, None,
                         "A cell whose blackening would split the white cells is white; a cell walled off "
                         "from them is black.")


def can_blacken(grid: Grid, black: Mask, cell: Cell) -> bool:
    """Whether the white ``cell`` may turn black: it touches no black cell and the white cells stay connected."""
    if black >> cell & 1 or grid.neighbours[cell] & black:
        return False
    white = grid.full & ~black & ~(1 << cell)
    if not white:
        return False
    # rationale: the white neighbours of the cell are the only places a cut could
    # separate; if one flood from the first reaches the others through the rest of
    # the white cells, nothing else can be cut off (the white area was connected).
    near = grid.neighbours[cell] & white
    if near.bit_count() <= 1:
        return True
    reached = grid.flood(near & -near, white)
    return near & ~reached == 0


def blacken_at_random(grid: Grid, black: Mask, share: tuple[float, float], rng: random.Random,
                      within: Mask | None = None) -> Mask:
    """``black`` with cells blackened at random, each touching no black cell and keeping the white cells
    connected, until the black share drawn from ``share`` is reached or no cell qualifies; with
    ``within``, only cells there, up to that share of them.

    One pass over the cells in a shuffled order suffices: blackening a cell
    only takes options away, so a cell refused once stays refused.
    """
    if within is None:
        target = round(rng.uniform(*share) * grid.size)
        order = list(range(grid.size))
    else:
        target = black.bit_count() - (black & within).bit_count() + round(rng.uniform(*share) * within.bit_count())
        order = list(cells(within))
    rng.shuffle(order)
    for cell in order:
        if black.bit_count() >= target:
            break
        if can_blacken(grid, black, cell):
            black |= 1 << cell
    return black


def apart_clauses(grid: Grid, black: list[int]) -> list[Clause]:
    """SAT: no two side-by-side cells are both black."""
    return [[-black[c], -black[d]] for c in range(grid.size) for d in grid.neighbour_lists[c] if d > c]


def lonely_white_clauses(grid: Grid, black: list[int]) -> list[Clause]:
    """SAT: a white cell has a white neighbour (``b[c] or OR not b[n]``), the cuts of one-cell white parts
    stated up front.  It holds when the white cells are connected and at least two: with black cells
    apart, a board of n cells has at least n // 2 white ones (a path visits every cell, and no two
    black cells follow each other on it), so boards of four cells or more get these clauses.
    """
    if grid.size < 4:
        return []
    return [[black[c]] + [-black[n] for n in grid.neighbour_lists[c]] for c in range(grid.size)]


def white_cut_clauses(grid: Grid, black: list[int], model: Model, shaded: Mask) -> list[Clause]:
    """SAT, lazily: for a model whose white cells fall apart, clauses true in every solution that cut it off.

    A white part W cut off from a white cell y gets ``not b[x] and not b[y] -> OR not b[d]``
    for x in W and d around W: if both stay white, some cell around W must open.
    """
    white = grid.full & ~shaded
    parts = grid.components(white)
    if len(parts) <= 1:
        return []
    parts.sort(key=lambda m: -m.bit_count())
    anchor = lowest(parts[0])
    out = []
    for part in parts[1:]:
        out.append([black[lowest(part)], black[anchor]] + [-black[d] for d in cells(grid.border(part))])
    other = lowest(parts[1])
    out.append([black[anchor], black[other]] + [-black[d] for d in cells(grid.border(parts[0]))])
    return out


# -- the sentences of the core's reasons -------------------------------------


def _touching(puzzle: Puzzle, reason: Reason) -> str:
    return f"the black cells {puzzle.grid.names(reason.masks[0])} would touch"


def _neighbours(puzzle: Puzzle, reason: Reason) -> str:
    grid = puzzle.grid
    cell, = reason.ints
    whites, = reason.masks
    they = "it touches" if verb(whites) == "is" else "they touch"
    return f"{grid.names(whites)} {verb(whites)} white: {they} the black cell {grid.name(cell)}"


def _exit(puzzle: Puzzle, reason: Reason) -> str:
    grid = puzzle.grid
    group, exit_ = reason.masks
    return (f"{grid.names(exit_)} is white: it is the only way out for the white "
            f"cell{'s' * (group & (group - 1) != 0)} {grid.names(group, 3)}, which must reach the other white cells")


def _walled(puzzle: Puzzle, reason: Reason) -> str:
    a, b = reason.ints
    return f"black cells would wall {puzzle.grid.name(a)} off from {puzzle.grid.name(b)}"


def _cuts(puzzle: Puzzle, reason: Reason) -> str:
    grid = puzzle.grid
    root, *pairs = reason.ints
    cuts = list(zip(pairs[::2], pairs[1::2]))
    if len(cuts) == 1:
        (c, w), = cuts
        return f"{grid.name(c)} is white: blackening it would cut {grid.name(w)} off from {grid.name(root)}"
    parts = [f"{grid.name(c)} (it would cut {grid.name(w)} off from {grid.name(root)})" for c, w in cuts[:4]]
    more = f" and {len(cuts) - 4} more" if len(cuts) > 4 else ""
    return "blackening any of these would split the white cells, so they are white: " + ", ".join(parts) + more


def _lost(puzzle: Puzzle, reason: Reason) -> str:
    lost, = reason.masks
    they = "it is" if verb(lost) == "is" else "they are"
    return f"{puzzle.grid.names(lost)} {verb(lost)} walled off from the white cells by black cells, so {they} black"


def _apart(puzzle: Puzzle, reason: Reason) -> str:
    return f"the black cells {puzzle.grid.names(reason.masks[0])} share a side"


def _split(puzzle: Puzzle, reason: Reason) -> str:
    return f"the white cells are in {len(reason.masks)} parts"


SENTENCES: Sentences = {
    "black_white.touch": _touching,
    "black_white.neighbours": _neighbours,
    "black_white.exit": _exit,
    "black_white.walled": _walled,
    "black_white.cuts": _cuts,
    "black_white.lost": _lost,
    "black_white.apart": _apart,
    "black_white.split": _split,
}
"""The sentences of the shared techniques' and checks' reasons."""

BROKEN: Mapping[str, Broken] = {
    "black_white.apart": Broken("no touching blacks",
                                lambda puzzle, reason: {"shaded": names(puzzle.grid, reason.masks[0])}),
    "black_white.split": Broken("connected white",
                                lambda puzzle, reason: {"components": [names(puzzle.grid, g) for g in reason.masks]}),
}
"""How the shared rules read when broken (the rule's code is the genre's)."""
