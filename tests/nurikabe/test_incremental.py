"""A board reached step by step and a fresh board with the same cells get the same findings from every technique.

The core hands each board what an earlier state of it derived (island
analysis, sea parts, island prospects) and updates it instead of starting
over; a carried-over value that went stale would make a technique conclude
from the wrong board.  A board carries what the ladder derived on it
(``ruleset.run``), and ``ruleset.find`` looks at a copy that starts from
that.  Here boards of corpus puzzles are walked through solves one ladder
step at a time (with random guesses when stuck), through probe-like
trials (a copy with one cell decided, then a few steps), and through random
land that merges and grows islands; right after each change, every technique
of the ladder, probes included, must find on the board what it finds on a
board built afresh from the same cells.

What is compared is what does not depend on the order a technique looks in
(which follows the order the carried-over data keeps its parts in): the
cells a technique's steps shade and unshade, the rule it finds broken, and
for a probe whether it finds anything (it stops at its first finding).  On
a board without solutions two errands may claim one cell, one as land and
one as sea, and the errand listed first wins, so there only whether
``errand`` finds the board broken is compared.  Boards that agree with the
published (unique) solution have solutions; on them every step of every
technique must also agree with it, on both boards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from pencilkit import Puzzle
from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.levels import Level
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.grid import Grid, Mask, cells

from ..conftest import load_corpus

RULESET = NURIKABE.ruleset
PROBES = {spec.name for spec in RULESET.probes}
NAMES = [t.name for t in RULESET.ladder]


def union(masks: Iterable[Mask]) -> Mask:
    out = 0
    for mask in masks:
        out |= mask
    return out


def solution_of(record: dict[str, object]) -> Mask:
    """The sea of a corpus record's published solution."""
    rows = record["solution"]
    assert isinstance(rows, list)
    cols = len(rows[0])
    return sum(1 << r * cols + c for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


def findings(board: Board, sea: Mask | None, names: list[str]) -> list[object]:
    """What each technique of ``names`` finds on ``board``, as the module docstring says; on a board
    that agrees with the unique solution ``sea`` (``None``: not known), each step is checked against it."""
    live = sea is not None and not board.shaded & ~sea and not board.unshaded & sea
    out: list[object] = []
    for name in names:
        try:
            steps = RULESET.find(name, board)
        except Contradiction as broken:
            assert not live, f"{name} finds '{broken.reason}' on a board of the published solution"
            # the first broken part a probe's cell order or the carried-over order meets may differ
            out.append(("broken",) if name in PROBES else ("broken", broken.reason, broken.cells))
            continue
        if sea is not None and live:
            for step in steps:
                assert not step.shade & ~sea and not step.unshade & sea, (name, step.why)
        if name in PROBES:
            out.append(bool(steps))
        elif name == "errand" and not live:
            out.append("not broken")
        else:
            out.append((union(s.shade for s in steps), union(s.unshade for s in steps)))
    return out


def same_as_fresh(board: Board, sea: Mask, names: list[str] = NAMES) -> None:
    """Assert that the techniques ``names`` find on ``board`` what they find on a fresh board."""
    fresh = RULESET.board(board.puzzle, board.shaded, board.unshaded)
    assert findings(board, sea, names) == findings(fresh, sea, names), board.answer().to_rows()


def step(board: Board, rng: random.Random) -> bool:
    """One step of the ladder up to medium on ``board``, or a random guess when it stalls; ``False`` once
    the board is complete.  Raises ``Contradiction`` when the board is broken."""
    if board.is_complete():
        return False
    if not RULESET.run(board, max_level=Level.MEDIUM, max_steps=1).count:
        cell = rng.choice(list(cells(board.undecided)))
        board.assign(1 << cell, 0) if rng.random() < 0.5 else board.assign(0, 1 << cell)
    return True


def walk(board: Board, sea: Mask, names: list[str], rng: random.Random, steps: int) -> int:
    """Compare every board of a walk of at most ``steps`` steps, up to the first the ladder finds broken;
    the boards compared."""
    compared = 0
    for _ in range(steps):
        same_as_fresh(board, sea, names)
        compared += 1
        try:
            if not step(board, rng):
                break
        except Contradiction:
            break
    return compared


SWEPT_CELLS = 300
"""The sweeping ``contradiction`` probe tries every open cell with 20-step trials: it is compared on
boards of at most this many cells."""


@pytest.mark.parametrize("index", range(0, 800, 40))
def test_walked_boards_find_what_fresh_ones_find(index: int) -> None:
    record = load_corpus("nurikabe")[index]
    puzzle = Puzzle.from_id(record["puzzle"])
    sea = solution_of(record)
    names = [n for n in NAMES if n != "contradiction" or puzzle.grid.size <= SWEPT_CELLS]
    rng = random.Random(index)
    board = NURIKABE.start(puzzle)
    compared = walk(board, sea, names, rng, 40)
    for _ in range(3):  # trials from one base, as probing makes them
        compared += walk(board.copy(), sea, names, rng, 10)
    assert compared >= 10


@pytest.mark.parametrize("name", ["janko-nurikabe-0690", "janko-nurikabe-0680"])
def test_probe_like_boards_find_what_fresh_ones_find(name: str) -> None:
    """On a big corpus board part-way solved, copies with one open cell decided (land twice as often as
    sea, as probing makes them) and a few ladder steps after that find what fresh boards find.  The
    probes that try every open cell of these 31x45 boards with long trials (``contradiction``,
    ``deep_contradiction``) are left out; ``short_contradiction``, whose trials start from the board's
    carried-over data too, is in."""
    records = [r for r in load_corpus("nurikabe") if r["name"] == name]
    if not records:
        pytest.skip(f"{name} is not in the corpus")
    puzzle = Puzzle.from_id(records[0]["puzzle"])
    sea = solution_of(records[0])
    names = [n for n in NAMES if n not in ("contradiction", "deep_contradiction")]
    rng = random.Random(5)
    board = NURIKABE.start(puzzle)
    compared = off = 0
    for _ in range(3):
        RULESET.run(board, max_level=Level.EXPERT, max_steps=60)
        for cell in rng.sample(list(cells(board.undecided)), 12):
            attempt = board.copy()
            attempt.assign(0, 1 << cell) if rng.random() < 0.67 else attempt.assign(1 << cell, 0)
            off += bool(attempt.shaded & ~sea or attempt.unshaded & sea)
            for _ in range(4):
                same_as_fresh(attempt, sea, names)
                compared += 1
                try:
                    if not RULESET.run(attempt, max_level=Level.MEDIUM, max_steps=1).count:
                        break
                except Contradiction:
                    break
    assert compared > 80 and off > 5, (compared, off)


def crowded(grid: Grid, puzzle: Puzzle, land: Mask, undecided: Mask) -> bool:
    """Whether an open cell touches at least three numbered islands."""
    islands = [island for island in grid.components(land) if island & puzzle.clue_mask]
    return any(sum(1 for i in islands if grid.dilate(1 << cell) & i) >= 3 for cell in cells(undecided))


def test_random_land_finds_what_fresh_boards_find() -> None:
    """Cells touching three and four islands are rare on solve walks, so random land, mostly next to
    land (merging and growing islands next to such cells, until two clues join or an island outgrows
    its number), is checked against fresh boards too."""
    records = [r for r in load_corpus("nurikabe") if r["puzzle"].split(":")[1] in ("10x10", "12x12", "15x15")]
    rng = random.Random(17)
    compared = near_three = broken = 0
    for record in records[:30] * 2:
        puzzle = Puzzle.from_id(record["puzzle"])
        sea = solution_of(record)
        grid = puzzle.grid
        board = NURIKABE.start(puzzle)
        for _ in range(60):
            try:  # the analysis of the board as it is, for the next board to carry over
                RULESET.run(board, max_level=Level.BOOKKEEPING)
            except Contradiction:  # two clues joined, or an island too big
                broken += 1
                break
            open_ = list(cells(board.undecided))
            if not open_:
                break
            touched = grid.dilate(board.unshaded) & board.undecided
            near = [c for c in open_ if touched >> c & 1]
            cell = rng.choice(near if near and rng.random() < 0.7 else open_)  # mostly grow an island
            board.assign(0, 1 << cell) if rng.random() < 0.6 else board.assign(1 << cell, 0)
            same_as_fresh(board, sea)
            compared += 1
            near_three += crowded(grid, puzzle, board.unshaded, board.undecided)
    assert compared > 500 and near_three > 100 and broken > 20, (compared, near_three, broken)


def test_a_cell_between_four_islands_is_sea_as_they_grow() -> None:
    """The centre of a 5x5 board touches four islands; growing them one by one takes each away from
    the centre and back, and at every step the centre is sea by ``separate_clues``, as on a fresh board."""
    clues = {1 * 5 + 2: 3, 2 * 5 + 1: 3, 2 * 5 + 3: 3, 3 * 5 + 2: 3}
    puzzle = Puzzle.make("nurikabe", 5, 5, clues)
    grid = puzzle.grid
    board = NURIKABE.start(puzzle)
    centre = 1 << 12
    for grow in (7 - 5, 11 - 1, 13 + 1, 17 + 5):  # one cell outwards from each clue
        assert not RULESET.run(board, max_level=Level.BOOKKEEPING).count  # the analysis, for the next board
        board.assign(0, 1 << grow)
        fresh = RULESET.board(puzzle, board.shaded, board.unshaded)
        for b in (board, fresh):
            steps = RULESET.find("separate_clues", b)
            assert any(s.shade & centre for s in steps), grid.names(union(s.shade for s in steps))
        assert findings(board, None, NAMES) == findings(fresh, None, NAMES)
