"""The two rules Kurodoko and Heyawake share, with their checks, techniques and SAT cuts.

* black cells never share a side;
* all white cells form one orthogonally connected group.

Each genre words them in its own rules and numbers them its own way; the
checks here take the rule code to report.  The techniques conclude only what
every solution agrees on: a neighbour of a black cell is white; a cell whose
blackening would split the white cells is white (an articulation point of the
not-black cells, :mod:`.connected_white`); a cell walled off from the white
cells is black.
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING

from ..frame.board import Board, Contradiction
from ..frame.genre import Violation
from ..frame.ladder import Step, Technique
from ..frame.levels import Level
from ..grid import Cell, Grid, Mask, cells, lowest
from .connected_white import white_cuts

if TYPE_CHECKING:
    from ..engines.sat import Clause, Model


def touching_pairs(grid: Grid, black: Mask) -> list[Mask]:
    """Every pair of black cells that share a side, as two-cell masks."""
    pairs = [0b11 << cell for cell in cells(black & (black >> 1) & grid.not_last_col)]
    pairs += [(1 << cell) | (1 << (cell + grid.cols)) for cell in cells(black & (black >> grid.cols))]
    return pairs


def check_apart(grid: Grid, black: Mask, rule: str) -> list[Violation]:
    """A violation under code ``rule`` for each pair of touching black cells."""
    return [Violation(rule, "no touching blacks", f"the black cells {grid.names(pair)} share a side", pair,
                      {"shaded": [grid.name(c) for c in cells(pair)]})
            for pair in touching_pairs(grid, black)]


def check_connected(grid: Grid, black: Mask, rule: str) -> list[Violation]:
    """A violation under code ``rule`` when the white cells fall apart."""
    white = grid.full & ~black
    groups = grid.components(white)
    if len(groups) <= 1:
        return []
    return [Violation(rule, "connected white", f"the white cells are in {len(groups)} parts", white,
                      {"components": [[grid.name(c) for c in cells(g)] for g in groups]})]


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


def _verb(mask: Mask) -> str:
    return "is" if mask & (mask - 1) == 0 else "are"


def black_neighbours(board: Board) -> list[Step] | None:
    """No two black cells touch, so every undecided neighbour of a black cell is white."""
    grid = board.grid
    black = board.shaded
    if black & (((black >> 1) & grid.not_last_col) | (black >> grid.cols)):
        touching = touching_pairs(grid, black)
        raise Contradiction(f"the black cells {grid.names(touching[0])} would touch", touching[0])
    undecided = board.undecided
    near = black & grid.dilate(undecided)  # the black cells with an open neighbour
    news = board.since_quiet(black_neighbours)
    if news is not None:
        near &= news  # the others had none when this last found nothing, and have none now
    if not near:
        board.mark_quiet(black_neighbours)
        return None
    neighbours = grid.neighbours
    steps = []
    for cell in cells(near):
        whites = neighbours[cell] & undecided
        if whites:
            undecided &= ~whites
            steps.append(Step(0, whites, partial(_touch_reason, grid, cell, whites)))
    return steps


def _touch_reason(grid: Grid, cell: int, whites: Mask) -> str:
    they = "it touches" if _verb(whites) == "is" else "they touch"
    return f"{grid.names(whites)} {_verb(whites)} white: {they} the black cell {grid.name(cell)}"


def white_exit(board: Board) -> list[Step] | None:
    """A group of white cells with white cells elsewhere and one open cell around it: that cell is white.

    Only groups whose every cell has at most one open neighbour can have one
    exit, so the groups are flooded from such cells alone.  Once this has
    found nothing, a group can only come to have one exit where a cell in it
    or around it was decided since, or, if the white cells then were one
    group, by white cells appearing elsewhere: only the groups of such cells
    are flooded then, each until it reaches a cell with more open neighbours.
    """
    grid = board.grid
    white, open_ = board.unshaded, board.undecided
    if not white or not open_:
        return None
    cols = grid.cols
    up, down = (open_ << cols) & grid.full, open_ >> cols
    left, right = (open_ << 1) & grid.not_first_col, (open_ >> 1) & grid.not_last_col
    many = white & ((up & (down | left | right)) | (down & (left | right)) | (left & right))
    seeds = white & grid.dilate(open_) & ~many
    news = board.since_quiet(white_exit)
    if news is None:
        groups = _seeded_groups(grid, white, many, seeds)
    else:
        before = white & ~news
        groups = _groups_near(grid, white, many, seeds, grid.dilate(news) | (before & -before))
    steps = []
    found = 0
    for group in groups:
        if group == white:
            continue
        exits = grid.border(group) & open_
        if exits & (exits - 1) == 0 and not exits & found:
            found |= exits
            steps.append(Step(0, exits, partial(_exit_reason, grid, group, exits)))
    if not steps:
        board.mark_quiet(white_exit)
    return steps


def _seeded_groups(grid: Grid, white: Mask, many: Mask, seeds: Mask) -> list[Mask]:
    """The groups of ``white`` cells that hold a seed and no cell of ``many``, in the order of their
    lowest seeds."""
    out = []
    while seeds:
        group = grid.flood(seeds & -seeds, white)
        seeds &= ~group
        if not group & many:
            out.append(group)
    return out


def _groups_near(grid: Grid, white: Mask, many: Mask, seeds: Mask, area: Mask) -> list[Mask]:
    """Those of :func:`_seeded_groups` that meet ``area``, in the same order.  Each flood stops as soon as it
    reaches a cell of ``many`` (its group is ruled out), so the large white group costs a few rounds."""
    out = []
    starts = white & area & ~many
    while starts:
        group, ruled_out = grid.flood_until(starts & -starts, white, many)
        starts &= ~group
        if not ruled_out and group & seeds:
            out.append(group)
    out.sort(key=lambda group: group & seeds & -(group & seeds))
    return out


def _exit_reason(grid: Grid, group: Mask, exit_: Mask) -> str:
    return (f"{grid.names(exit_)} is white: it is the only way out for the white "
            f"cell{'s' * (group & (group - 1) != 0)} {grid.names(group, 3)}, which must reach the other white cells")


def connectivity(board: Board) -> list[Step] | None:
    """The white cells stay one group: cut cells of the not-black graph are white, cells cut off are black."""
    grid = board.grid
    white = board.unshaded
    if not white:
        return None
    space = grid.full & ~board.shaded
    found = white_cuts(grid, space, white)
    if found.stranded:
        a, b = lowest(white), lowest(found.stranded)
        raise Contradiction(f"black cells would wall {grid.name(a)} off from {grid.name(b)}", (1 << a) | (1 << b))
    steps = []
    root = lowest(white)
    if found.cuts:
        cut = sum(1 << c for c in found.cuts)

        def reason(cuts: dict[int, int] = found.cuts) -> str:
            if len(cuts) == 1:
                (c, w), = cuts.items()
                return (f"{grid.name(c)} is white: blackening it would cut {grid.name(w)} off from "
                        f"{grid.name(root)}")
            parts = [f"{grid.name(c)} (it would cut {grid.name(w)} off from {grid.name(root)})"
                     for c, w in list(cuts.items())[:4]]
            more = f" and {len(cuts) - 4} more" if len(cuts) > 4 else ""
            return ("blackening any of these would split the white cells, so they are white: "
                    + ", ".join(parts) + more)

        steps.append(Step(0, cut, reason))
    lost = board.undecided & ~found.reached
    if lost:
        steps.append(Step(lost, 0, partial(_lost_reason, grid, lost)))
    return steps


def _lost_reason(grid: Grid, lost: Mask) -> str:
    they = "it is" if _verb(lost) == "is" else "they are"
    return f"{grid.names(lost)} {_verb(lost)} walled off from the white cells by black cells, so {they} black"


BLACK_NEIGHBOURS = Technique("black_neighbours", Level.EASY, black_neighbours,
                             "No two black cells touch: the neighbours of a black cell are white.")
WHITE_EXIT = Technique("white_exit", Level.EASY, white_exit,
                       "White cells must all connect: a group of white cells with one open cell around it "
                       "goes out through that cell, so it is white.")
CONNECTIVITY = Technique("connectivity", Level.MEDIUM, connectivity,
                         "A cell whose blackening would split the white cells is white; a cell walled off "
                         "from them is black.")


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
