"""Two brute-force Kurodoko counters that owe nothing to the engine or to each other.

* :func:`solutions_by_cells` walks the cells row-major, choosing black or white,
  pruning on touching blacks and on each clue's least and greatest possible view.
* :func:`solutions_by_rays` walks the numbered clues, choosing each clue's four
  run lengths from the compositions of ``k - 1`` and painting what they imply
  (the runs white, the cell past each run black), then fills the cells no clue
  looks at in every legal way.

Both return every solution as the set of black ``(row, col)`` pairs; they use
plain lists and tuples, not the engine's masks or rays.  :func:`random_puzzle`
makes small test puzzles from a planted solution.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

Clues = Mapping[tuple[int, int], "int | None"]
Solution = frozenset[tuple[int, int]]

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def _connected(rows: int, cols: int, black: set[tuple[int, int]]) -> bool:
    whites = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
    if not whites:
        return True
    seen = {whites[0]}
    todo = [whites[0]]
    while todo:
        r, c = todo.pop()
        for dr, dc in STEPS:
            n = (r + dr, c + dc)
            if 0 <= n[0] < rows and 0 <= n[1] < cols and n not in black and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(whites)


# -- by cells ----------------------------------------------------------------


def solutions_by_cells(rows: int, cols: int, clues: Clues) -> list[Solution]:
    """Every solution, by a row-major walk over the cells with pruning."""
    value: list[list[str]] = [["?"] * cols for _ in range(rows)]
    out: list[Solution] = []

    def view_bounds(r: int, c: int) -> tuple[int, int]:
        least = most = 1
        for dr, dc in STEPS:
            rr, cc = r + dr, c + dc
            sure = True
            while 0 <= rr < rows and 0 <= cc < cols and value[rr][cc] != "B":
                if value[rr][cc] == "?":
                    sure = False
                most += 1
                if sure:
                    least += 1
                rr, cc = rr + dr, cc + dc
        return least, most

    def clues_ok(r: int, c: int) -> bool:
        for (cr, cc), k in clues.items():
            if k is None or (cr != r and cc != c):
                continue
            least, most = view_bounds(cr, cc)
            if not least <= k <= most:
                return False
        return True

    def walk(i: int) -> None:
        if i == rows * cols:
            black = {(r, c) for r in range(rows) for c in range(cols) if value[r][c] == "B"}
            if _connected(rows, cols, black):
                out.append(frozenset(black))
            return
        r, c = divmod(i, cols)
        for v in "WB":
            if v == "B" and ((r, c) in clues or (r and value[r - 1][c] == "B") or (c and value[r][c - 1] == "B")):
                continue
            value[r][c] = v
            if clues_ok(r, c):
                walk(i + 1)
            value[r][c] = "?"

    walk(0)
    return out


# -- by rays -----------------------------------------------------------------


def compositions(total: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``len(caps)`` parts, part ``i`` between 0 and ``caps[i]``."""
    if not caps:
        if total == 0:
            yield ()
        return
    for first in range(min(total, caps[0]) + 1):
        for rest in compositions(total - first, caps[1:]):
            yield (first, *rest)


def solutions_by_rays(rows: int, cols: int, clues: Clues) -> list[Solution]:
    """Every solution, by choosing each clue's four run lengths and filling the rest."""
    numbered = [(cell, k) for cell, k in sorted(clues.items()) if k is not None]
    out: list[Solution] = []

    def ray_cells(cell: tuple[int, int], d: int) -> list[tuple[int, int]]:
        dr, dc = STEPS[d]
        r, c = cell[0] + dr, cell[1] + dc
        found = []
        while 0 <= r < rows and 0 <= c < cols:
            found.append((r, c))
            r, c = r + dr, c + dc
        return found

    def paint(i: int, colour: dict[tuple[int, int], str]) -> None:
        if i == len(numbered):
            fill(colour)
            return
        cell, k = numbered[i]
        rays = [ray_cells(cell, d) for d in range(4)]
        for lengths in compositions(k - 1, [len(r) for r in rays]):
            trial = dict(colour)
            ok = True
            for ray, n in zip(rays, lengths):
                wanted = [(x, "W") for x in ray[:n]] + ([(ray[n], "B")] if n < len(ray) else [])
                for x, v in wanted:
                    if trial.setdefault(x, v) != v:
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                paint(i + 1, trial)

    def fill(colour: dict[tuple[int, int], str]) -> None:
        free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in colour]

        def go(j: int, black: set[tuple[int, int]]) -> None:
            if j == len(free):
                if all(not ((r + 1, c) in black or (r, c + 1) in black) for r, c in black) and \
                        _connected(rows, cols, black):
                    out.append(frozenset(black))
                return
            go(j + 1, black)
            black.add(free[j])
            go(j + 1, black)
            black.discard(free[j])

        go(0, {x for x, v in colour.items() if v == "B"})

    start = {cell: "W" for cell in clues}
    paint(0, start)
    return out


# -- random puzzles ----------------------------------------------------------


def random_solution(rows: int, cols: int, rng: random.Random, density: float = 0.3) -> set[tuple[int, int]]:
    """A random legal black pattern: no touching blacks, white cells connected."""
    black: set[tuple[int, int]] = set()
    order = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(order)
    for cell in order[: int(len(order) * density * 2)]:
        if any((cell[0] + dr, cell[1] + dc) in black for dr, dc in STEPS):
            continue
        black.add(cell)
        if len(black) == rows * cols or not _connected(rows, cols, black):
            black.discard(cell)
    return black


def seen_count(rows: int, cols: int, black: set[tuple[int, int]], cell: tuple[int, int]) -> int:
    n = 1
    for dr, dc in STEPS:
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < rows and 0 <= c < cols and (r, c) not in black:
            n += 1
            r, c = r + dr, c + dc
    return n


def random_puzzle(rows: int, cols: int, rng: random.Random, clue_share: float = 0.3,
                  perturb: float = 0.2, question: float = 0.1) -> tuple[dict[tuple[int, int], int | None],
                                                                          set[tuple[int, int]]]:
    """Clues read off a planted solution (sometimes one is nudged by one, sometimes one is ``?``)."""
    black = random_solution(rows, cols, rng)
    whites = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
    chosen = rng.sample(whites, max(1, min(len(whites), round(len(whites) * clue_share))))
    clues: dict[tuple[int, int], int | None] = {cell: seen_count(rows, cols, black, cell) for cell in chosen}
    if rng.random() < perturb:
        cell = rng.choice(chosen)
        k = clues[cell]
        assert k is not None
        clues[cell] = max(1, min(rows + cols - 1, k + rng.choice((-1, 1))))
    if rng.random() < question:
        clues[rng.choice(chosen)] = None
    return clues, black
