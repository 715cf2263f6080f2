"""Random boards for the cross-checks: from a random legal layout, sometimes spoiled.

A board made from a legal layout has at least that solution; dropping or
changing a clue (``spoil``) gives boards with several solutions or none, so
the counts compared cover 0, 1 and 2+.  Everything is seeded.
"""

from __future__ import annotations

import random

from pencilkit.grid import Grid, Mask, cells
from pencilkit.puzzle import Puzzle

MAX_ISLAND = 6


def _pick(rng: random.Random, mask: Mask) -> int:
    return rng.choice(list(cells(mask)))


def nurikabe_layout(rng: random.Random, grid: Grid) -> Mask | None:
    """A legal sea by repair: break 2x2 pools without merging islands or splitting the sea."""
    sea = grid.full
    for _ in range(grid.size * 4):
        pools = grid.pools(sea)
        if not pools:
            return sea
        window = grid.window(_pick(rng, pools))
        options = []
        for cell in cells(window):
            bit = 1 << cell
            rest = sea & ~bit
            if not rest or grid.flood(rest & -rest, rest) != rest:
                continue  # would split the sea
            land = grid.full & ~sea
            touching = [part for part in grid.components(land) if grid.neighbours[cell] & part]
            if len(touching) > 1 or sum(p.bit_count() for p in touching) + 1 > MAX_ISLAND:
                continue
            options.append(cell)
        if not options:
            return None
        sea &= ~(1 << rng.choice(options))
    return None


def nurikabe_board(rng: random.Random, rows: int, cols: int) -> Puzzle:
    """A Nurikabe board: one clue per island of a random layout, then maybe spoiled."""
    grid = Grid.of(rows, cols)
    sea = None
    while sea is None:
        sea = nurikabe_layout(rng, grid)
    clues: dict[int, int | None] = {}
    for island in grid.components(grid.full & ~sea):
        clues[_pick(rng, island)] = island.bit_count()
    spoil(rng, clues, rows * cols, 1, MAX_ISLAND + 1)
    return Puzzle("nurikabe", rows, cols, tuple(sorted(clues.items())))


def kurodoko_layout(rng: random.Random, grid: Grid) -> Mask:
    """Black cells, none side by side, leaving the white connected."""
    black = 0
    order = list(range(grid.size))
    rng.shuffle(order)
    for cell in order[: grid.size // 3]:
        bit = 1 << cell
        if grid.neighbours[cell] & black:
            continue
        white = grid.full & ~black & ~bit
        if grid.flood(white & -white, white) == white:
            black |= bit
    return black


def seen(grid: Grid, black: Mask, cell: int) -> int:
    """Cells a Kurodoko clue at ``cell`` sees, itself included."""
    r, c = divmod(cell, grid.cols)
    total = 1
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        while 0 <= rr < grid.rows and 0 <= cc < grid.cols and not black >> (rr * grid.cols + cc) & 1:
            total += 1
            rr, cc = rr + dr, cc + dc
    return total


def kurodoko_board(rng: random.Random, rows: int, cols: int) -> Puzzle:
    """A Kurodoko board: true counts on a random share of white cells, then maybe spoiled."""
    grid = Grid.of(rows, cols)
    black = kurodoko_layout(rng, grid)
    white = list(cells(grid.full & ~black))
    chosen = rng.sample(white, max(1, len(white) * rng.randint(20, 35) // 100))
    clues: dict[int, int | None] = {cell: seen(grid, black, cell) for cell in chosen}
    spoil(rng, clues, rows * cols, 2, rows + cols - 1)
    return Puzzle("kurodoko", rows, cols, tuple(sorted(clues.items())))


def spoil(rng: random.Random, clues: dict[int, int | None], size: int, low: int, high: int) -> None:
    """With some chance, drop a clue, change a number, or add a random clue."""
    move = rng.random()
    if move < 0.2 and len(clues) > 1:
        del clues[rng.choice(sorted(clues))]
    elif move < 0.35:
        cell = rng.choice(sorted(clues))
        clues[cell] = rng.randint(low, high)
    elif move < 0.45:
        free = [c for c in range(size) if c not in clues]
        if free:
            clues[rng.choice(free)] = rng.randint(low, high)


def random_board(genre: str, rng: random.Random, rows: int, cols: int) -> Puzzle:
    return (nurikabe_board if genre == "nurikabe" else kurodoko_board)(rng, rows, cols)
