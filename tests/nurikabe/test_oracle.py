"""Soundness against brute force: every deduction holds in every solution; counts agree.

The oracle enumerates every legal sea of the board (connected, without a
2x2 block) and keeps those the genre's rule checker accepts; it shares
nothing with the techniques.  For each puzzle we check that the solver's
count agrees (0, 1, 2+), by the SAT finisher and by search alone, and that
every technique of the ladder, probes included, asked alone
(``ruleset.find``) on partial boards (consistent with some solution, or not),
concludes only what holds in every solution of that partial board, and
reports a contradiction only when there is none.  Other tests of this folder
use the oracle too.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from pencilkit import Puzzle, solve
from pencilkit.frame import oracle
from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.solve import Status
from pencilkit.genres import find_genre, start_board
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.grid import Grid, Mask

RULESET = NURIKABE.ruleset


def plain_legal_seas(rows: int, cols: int) -> list[Mask]:
    """Shadings that pass the shape-only rules R3 and R4, by the plain definition: every mask, kept when
    a set-based flood reaches all its cells and a window scan finds no 2x2 block in it."""
    out = []
    n = rows * cols
    for mask in range(1, 1 << n):
        shaded = {i for i in range(n) if mask >> i & 1}
        if any({r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1} <= shaded
               for r in range(rows - 1) for c in range(cols - 1)):
            continue
        start = next(iter(shaded))
        seen, todo = {start}, [start]
        while todo:
            i = todo.pop()
            r, c = divmod(i, cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and j in shaded and j not in seen:
                    seen.add(j)
                    todo.append(j)
        if len(seen) == len(shaded):
            out.append(mask)
    return out


@cache
def legal_seas(rows: int, cols: int) -> tuple[Mask, ...]:
    """Shadings that pass the shape-only rules R3 and R4, in increasing order.

    Written independently of the solver, and checked against :func:`plain_legal_seas` on small
    boards.  Grown a cell at a time from single cells: a connected set without a 2x2 block loses a
    leaf of a spanning tree and stays one, so every such set is reached, and a set with a block is
    never grown further.
    """
    n = rows * cols
    around = [[rr * cols + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
               if 0 <= rr < rows and 0 <= cc < cols] for r, c in (divmod(i, cols) for i in range(n))]
    blocks: list[list[Mask]] = [[] for _ in range(n)]
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = sum(1 << (rr * cols + cc) for rr in (r, r + 1) for cc in (c, c + 1))
            for i in range(n):
                if block >> i & 1:
                    blocks[i].append(block)
    level = {1 << i for i in range(n)}
    seen = set(level)
    while level:
        grown = set()
        for mask in level:
            for i in range(n):
                if mask >> i & 1:
                    for j in around[i]:
                        bigger = mask | 1 << j
                        if bigger != mask and bigger not in seen and all(b & bigger != b for b in blocks[j]):
                            seen.add(bigger)
                            grown.add(bigger)
        level = grown
    return tuple(sorted(seen))


@cache
def _seas_by_land(rows: int, cols: int) -> dict[int, tuple[Mask, ...]]:
    by_land: dict[int, list[Mask]] = {}
    for sea in legal_seas(rows, cols):
        by_land.setdefault(rows * cols - sea.bit_count(), []).append(sea)
    return {land: tuple(seas) for land, seas in by_land.items()}


def oracle_solutions(puzzle: Puzzle) -> list[Mask]:
    """Every solution of ``puzzle``, by the genre's rule checker over the legal seas; when every clue is a
    number, only over those leaving as many land cells as the numbers add up to (which R1 and R2 force)."""
    numbers = [number for _, number in puzzle.clues]
    if None in numbers:
        seas = legal_seas(puzzle.rows, puzzle.cols)
    else:
        seas = _seas_by_land(puzzle.rows, puzzle.cols).get(sum(numbers), ())  # type: ignore[arg-type]
    return oracle.solutions(find_genre(puzzle.genre), puzzle, seas)


def expected_status(count: int) -> Status:
    return {0: Status.NONE, 1: Status.UNIQUE}.get(count, Status.MULTIPLE)


def partial_boards(puzzle: Puzzle, sols: list[Mask], rng: random.Random, count: int) -> list[Board]:
    """Partial boards: pieces of real solutions, and random markings that may have none."""
    grid = puzzle.grid
    free = [c for c in range(grid.size) if not puzzle.clue_mask >> c & 1]
    boards = [start_board(puzzle)]
    for k in range(count):
        chosen = [c for c in free if rng.random() < rng.choice((0.15, 0.3, 0.5))]
        if sols and k % 3:
            s = rng.choice(sols)
            shaded = sum(1 << c for c in chosen if s >> c & 1)
            unshaded = sum(1 << c for c in chosen if not s >> c & 1)
        else:
            shaded = sum(1 << c for c in chosen if rng.random() < 0.5)
            unshaded = sum(1 << c for c in chosen) & ~shaded
        boards.append(RULESET.board(puzzle, shaded, unshaded | puzzle.clue_mask))
    return boards


def assert_sound(puzzle: Puzzle, sols: list[Mask], boards: list[Board]) -> int:
    """Every technique on every board: deductions hold in all consistent solutions. Returns deductions seen."""
    seen = 0
    for board in boards:
        live = oracle.consistent(sols, board.shaded, board.unshaded)
        for technique in RULESET.ladder:
            try:
                steps = RULESET.find(technique.name, board)
            except Contradiction as broken:
                assert not live, (
                    f"{technique.name} reported '{broken.reason}' on {puzzle.id()} with board "
                    f"{board.answer().to_rows()} which has {len(live)} solutions")
                continue
            for step in steps:
                seen += 1
                wrong = oracle.disagreement(live, step.shade, step.unshade)
                assert not wrong, (
                    f"{technique.name} ({step.why}) is wrong at {puzzle.grid.names(wrong)} on {puzzle.id()} "
                    f"with board {board.answer().to_rows()}")
    return seen


def small_puzzles() -> list[Puzzle]:
    """Every board up to 3x3 with every placement of one clue, and of two clues with values 1-4 or ?."""
    out = []
    for rows, cols in [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3)]:
        n = rows * cols
        values: list[int | None] = [v for v in (1, 2, 3, 4, 5) if v <= n] + [None]
        out.append(Puzzle.make("nurikabe", rows, cols, {}))
        for cell in range(n):
            for v in values:
                out.append(Puzzle.make("nurikabe", rows, cols, {cell: v}))
        for a, b in itertools.combinations(range(n), 2):
            for va, vb in itertools.product(values[:4] + [None], repeat=2):
                if va is not None and va > n or vb is not None and vb > n:
                    continue
                out.append(Puzzle.make("nurikabe", rows, cols, {a: va, b: vb}))
    return out


def test_one_by_one_clue_free_board_is_sea() -> None:
    s = solve(Puzzle.from_id("nurikabe:1x1:."))
    assert s.status is Status.UNIQUE and s.answer is not None
    assert s.answer.to_rows() == ["#"]
    assert solve(Puzzle.from_id("nurikabe:1x1:1")).status is Status.NONE


def test_legal_seas_enumeration_is_right_on_small_boards() -> None:
    # all 15 non-empty shadings of 2x2 are connected except the two diagonals; the full one is a pool
    assert len(legal_seas(2, 2)) == 15 - 2 - 1
    for rows, cols in [(1, 1), (1, 4), (2, 3), (3, 3), (3, 4), (4, 3)]:
        assert list(legal_seas(rows, cols)) == plain_legal_seas(rows, cols), (rows, cols)


def counted(puzzle: Puzzle, methods: set[str]) -> Status:
    """The status of ``puzzle`` by the SAT finisher and, separately, by depth-first search (what
    counts a stalled board without python-sat): the two must agree.  Adds the methods used."""
    by_sat = solve(puzzle)
    by_search = solve(puzzle, exact=False)
    assert by_sat.status is by_search.status, (puzzle.id(), by_sat.status, by_search.status)
    methods.update((by_sat.method, by_search.method))
    return by_sat.status


@pytest.mark.parametrize("chunk", range(4))
def test_every_small_board_counts_and_deduces_soundly(chunk: int) -> None:
    puzzles = small_puzzles()[chunk::4]
    rng = random.Random(chunk)
    deductions = 0
    methods: set[str] = set()
    for puzzle in puzzles:
        sols = oracle_solutions(puzzle)
        assert counted(puzzle, methods) is expected_status(len(sols)), puzzle.id()
        deductions += assert_sound(puzzle, sols, partial_boards(puzzle, sols, rng, 3))
    assert deductions > 100  # the check saw real deductions, not an idle ladder
    assert {"ladder", "sat", "search"} <= methods  # and both counting engines at work


def random_puzzle(rows: int, cols: int, rng: random.Random) -> Puzzle:
    """Clues read off a random legal sea (so most have a solution), then sometimes disturbed."""
    seas = legal_seas(rows, cols)
    grid = Grid.of(rows, cols)
    sea = rng.choice(seas)
    clues: dict[int, int | None] = {}
    for island in grid.components(grid.full & ~sea):
        members = [c for c in range(grid.size) if island >> c & 1]
        clues[rng.choice(members)] = island.bit_count() if rng.random() > 0.05 else None
    roll = rng.random()
    if roll < 0.25 and clues:
        del clues[rng.choice(sorted(clues))]
    elif roll < 0.4:
        cell = rng.randrange(grid.size)
        clues[cell] = rng.randint(1, 4)
    return Puzzle.make("nurikabe", rows, cols, clues)


@pytest.mark.parametrize("rows,cols,seed", [(4, 4, 0), (4, 4, 1), (4, 5, 2), (5, 4, 3)])
def test_random_boards_count_and_deduce_soundly(rows: int, cols: int, seed: int) -> None:
    rng = random.Random(seed)
    statuses = set()
    deductions = 0
    methods: set[str] = set()
    for _ in range(40):
        puzzle = random_puzzle(rows, cols, rng)
        sols = oracle_solutions(puzzle)
        status = counted(puzzle, methods)
        assert status is expected_status(len(sols)), (puzzle.id(), len(sols))
        statuses.add(status)
        deductions += assert_sound(puzzle, sols, partial_boards(puzzle, sols, rng, 4))
    assert {Status.UNIQUE, Status.MULTIPLE} <= statuses
    assert deductions > 100
    assert {"sat", "search"} <= methods
