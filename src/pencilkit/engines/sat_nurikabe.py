"""Nurikabe as SAT: shading variables, island owners, cardinality, and lazy cuts.

Variables: ``s[c]`` (cell c is sea) and ``o[k][c]`` (cell c belongs to the
island of clue k).  An owner variable exists only where island k can reach:
within distance ``number - 1`` of its clue through cells that are no other
clue and touch no other clue (a breadth-first search over the board; a ``?``
clue reaches without a distance bound).  Clauses:

* a clue cell is land and owned by its clue; a land cell has exactly one owner,
  and an owned cell is land (R5, R2);
* two neighbouring land cells have the same owner, so islands never touch and
  no island holds two numbers (R2);
* the owned cells of a numbered clue are exactly ``number`` (R1), by a
  cardinality encoding from ``pysat.card``;
* no 2x2 block is all sea, and some cell is sea (R4, R3).

Connectivity (R3 for the sea, R1/R2 for each island) is left to lazy cuts: a
part C of island k cut off from its clue gets ``o[k][x] -> OR o[k][d] for d
around C`` (a path from x to the clue must leave C), and a sea part S cut off
from another sea cell y gets ``s[x] and s[y] -> OR s[d] for d around S``.
Both hold in every solution, so adding them never loses one.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from ..grid import Cell, Mask, cells, lowest
from ..puzzle import Puzzle
from .sat import Clause, Encoding, Model

SMALL_CARDINALITY = 40_000
"""Above this many (items x bound), cardinality uses a sorting network, not a sequential counter."""


def reach(puzzle: Puzzle) -> dict[int, Mask]:
    """For each clue (by index in ``puzzle.clues``), the cells its island could cover."""
    grid = puzzle.grid
    clue_cells = puzzle.clue_mask
    out: dict[int, Mask] = {}
    for k, (cell, number) in enumerate(puzzle.clues):
        others = clue_cells & ~(1 << cell)
        within = grid.full & ~grid.dilate(others)
        limit = grid.size if number is None else number - 1
        rings = grid.distances(1 << cell, within, limit)
        mask = 0
        for ring in rings:
            mask |= ring
        out[k] = mask | (1 << cell)
    return out


def cardinality(literals: list[int], bound: int, pool: IDPool) -> list[Clause]:
    """Clauses for ``sum(literals) == bound``."""
    if bound > len(literals):
        return [[]]
    if bound == 0:
        return [[-lit] for lit in literals]
    if bound == len(literals):
        return [[lit] for lit in literals]
    kind = EncType.seqcounter if len(literals) * bound <= SMALL_CARDINALITY else EncType.sortnetwrk
    return list(CardEnc.equals(lits=literals, bound=bound, vpool=pool, encoding=kind).clauses)


def at_most_one(literals: list[int], pool: IDPool) -> list[Clause]:
    if len(literals) <= 6:
        return [[-a, -b] for i, a in enumerate(literals) for b in literals[i + 1:]]
    return list(CardEnc.atmost(lits=literals, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)


def encode(puzzle: Puzzle, pool: IDPool) -> Encoding:
    """The clauses and cuts of a Nurikabe puzzle (see the module docstring)."""
    grid = puzzle.grid
    n = grid.size
    sea = [pool.id(("sea", c)) for c in range(n)]
    reaches = reach(puzzle)
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
    for window in grid.windows:
        clauses.append([-sea[c] for c in cells(window)])
    for k, (cell, _) in enumerate(puzzle.clues):
        clauses.append([-sea[cell]])
        clauses.append([owner[k, cell]])
    for c in range(n):
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
    for k, (cell, number) in enumerate(puzzle.clues):
        if number is not None:
            clauses.extend(cardinality([owner[k, c] for c in cells(reaches[k])], number, pool))

    def cuts(model: Model, shaded: Mask) -> list[Clause]:
        out: list[Clause] = []
        for k, (cell, _) in enumerate(puzzle.clues):
            owned = sum(1 << c for c in cells(reaches[k]) if model.value(owner[k, c]))
            for part in grid.components(owned):
                if part >> cell & 1:
                    continue
                around = [owner[k, d] for d in cells(grid.border(part) & reaches[k])]
                out.append([-owner[k, lowest(part)]] + around)
        parts = grid.components(shaded)
        if len(parts) > 1:
            parts.sort(key=lambda m: -m.bit_count())
            anchor = lowest(parts[0])
            for part in parts[1:]:
                x = lowest(part)
                out.append([-sea[x], -sea[anchor]] + [sea[d] for d in cells(grid.border(part))])
            other = lowest(parts[1])
            out.append([-sea[anchor], -sea[other]] + [sea[d] for d in cells(grid.border(parts[0]))])
        return out

    return Encoding(sea, clauses, cuts)
