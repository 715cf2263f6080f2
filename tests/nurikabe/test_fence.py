"""``enclosed_island`` against brute force and the SAT solver, and the lemma its walled-off test rests on.

The technique is checked on boards built round a fenced island (where it has
something to say): by the brute-force oracle on small boards, and by asking
the SAT solver for a counterexample on larger ones; on janko-nurikabe-0029 it
fixes the 36 to its square once the 37 walls it off, and not before; and the
ladder settles that pattern at any size.  The geometric lemma behind "walled
off by a diagonal meeting" (two islands meeting corner to corner across sea
do not both reach the edge) is checked on random connected seas that owe
nothing to the solver.  The fence helpers themselves (the perimeter bound,
whether an island must reach the edge) are tested in the core
(``core/src/genres/nurikabe/tests.rs``).
"""

from __future__ import annotations

import random

import pytest

from pencilkit import Puzzle, solve
from pencilkit.engines.sat import count_sat, refute
from pencilkit.frame import oracle
from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.ladder import Step
from pencilkit.frame.levels import Level
from pencilkit.genres import find_genre, start_board
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.grid import Grid, Mask, cells

from ..conftest import load_corpus
from .test_oracle import oracle_solutions

RULESET = NURIKABE.ruleset


def enclosed_island(board: Board) -> list[Step]:
    return RULESET.find("enclosed_island", board)


def random_sea(grid: Grid, rng: random.Random, share: float) -> Mask:
    """A connected set of cells grown at random from one cell (2x2 blocks allowed)."""
    sea = 1 << rng.randrange(grid.size)
    while sea.bit_count() < grid.size * share:
        sea |= 1 << rng.choice(list(cells(grid.border(sea))))
    return sea


def fence(grid: Grid, rng: random.Random) -> Mask:
    """A sea walling one random island off from the edge with little more sea than its border:
    the border joined up by shortest paths."""
    interior = grid.full & ~grid.edge
    blob = 1 << rng.choice(list(cells(interior)))
    size = rng.randint(1, max(1, interior.bit_count() * 2 // 3))
    while blob.bit_count() < size:
        blob |= 1 << rng.choice(list(cells(grid.border(blob) & interior)))
    blob = grid.full & ~grid.flood(grid.edge, grid.full & ~blob)  # its holes filled
    sea = grid.border(blob)
    while len(parts := grid.components(sea)) > 1:
        rings = grid.distances(parts[0], grid.full & ~blob, grid.size)
        far = next(d for d, ring in enumerate(rings) if d and ring & sea & ~parts[0])
        cur = 1 << rng.choice(list(cells(rings[far] & sea & ~parts[0])))
        for ring in reversed(rings[1:far]):
            cur = 1 << rng.choice(list(cells(grid.dilate(cur) & ring)))
            sea |= cur
    return sea


def fenced_solution(grid: Grid, rng: random.Random) -> Mask | None:
    """A Nurikabe solution made by :func:`fence`, ``None`` when that makes a 2x2 pool."""
    sea = fence(grid, rng)
    return None if grid.pools(sea) else sea


def clued(grid: Grid, sea: Mask, rng: random.Random) -> Puzzle:
    """The puzzle whose islands are the cells off ``sea``, each clued at a random cell (a ``?``
    one time in six)."""
    clues: dict[int, int | None] = {}
    for island in grid.components(grid.full & ~sea):
        clues[rng.choice(list(cells(island)))] = None if rng.random() < 1 / 6 else island.bit_count()
    return Puzzle.make("nurikabe", grid.rows, grid.cols, clues)


def test_two_islands_meeting_corner_to_corner_across_sea_do_not_both_reach_the_edge() -> None:
    """The lemma behind a diagonal meeting walling an island off, on random connected seas (pools
    allowed): of two islands meeting corner to corner where both cells they share are sea, at most one
    holds an edge cell."""
    rng = random.Random(6)
    meetings = 0
    for _ in range(3000):
        grid = Grid.of(rng.randint(3, 8), rng.randint(3, 8))
        sea = random_sea(grid, rng, rng.uniform(0.3, 0.7))
        islands = grid.components(grid.full & ~sea)
        for i, a in enumerate(islands):
            for b in islands[i + 1:]:
                for p in cells(a):
                    for q in cells(grid.dilate8(1 << p) & b):
                        corner = grid.dilate(1 << p) & grid.dilate(1 << q)
                        if corner.bit_count() == 2 and corner & sea == corner:
                            meetings += 1
                            assert not (a & grid.edge and b & grid.edge), (grid.rows, grid.cols, sea)
    assert meetings > 200


def test_the_37_walls_the_36_off_in_janko_0029_and_fixes_it_to_a_square() -> None:
    record = next(r for r in load_corpus("nurikabe") if r["name"] == "janko-nurikabe-0029")
    puzzle = Puzzle.from_id(record["puzzle"])
    grid = puzzle.grid
    board = start_board(puzzle)
    board.assign(grid.rect(1, 1, 2, 2), 0)  # one of the cells between them is sea, not yet both
    assert enclosed_island(board) == []
    board.assign(grid.rect(2, 2, 1, 1), 0)  # now both are
    (step,) = enclosed_island(board)
    assert "the 37 at r2c2 must reach the edge and meets the 36 at r3c3 corner to corner" in step.why
    assert step.shade == 0 and step.unshade == grid.rect(2, 7, 2, 7) & ~puzzle.clue_mask
    assert "fills rows 3-8, columns 3-8" in step.why


def boards_round(puzzle: Puzzle, sea: Mask, rng: random.Random, count: int) -> list[Board]:
    """Pieces of the solution ``sea``, and one with some cells flipped (mostly without solutions)."""
    grid = puzzle.grid
    out = []
    for k in range(count):
        keep = sum(1 << c for c in range(grid.size) if rng.random() < rng.choice((0.2, 0.4, 0.6)))
        keep &= ~puzzle.clue_mask
        flip = keep & sum(1 << c for c in range(grid.size) if rng.random() < 0.1) if k == count - 1 else 0
        out.append(RULESET.board(puzzle, (keep & sea) ^ flip, ((keep & ~sea) ^ flip) | puzzle.clue_mask))
    return out


@pytest.mark.parametrize("rows,cols,puzzles,least", [(4, 4, 300, 10), (4, 5, 60, 3), (5, 4, 60, 3)])
def test_enclosed_island_agrees_with_brute_force_on_small_boards(rows: int, cols: int, puzzles: int,
                                                                  least: int) -> None:
    rng = random.Random(rows * 10 + cols)
    grid = Grid.of(rows, cols)
    found = refuted = 0
    for _ in range(puzzles):
        sea = fenced_solution(grid, rng)
        if sea is None:
            continue
        puzzle = clued(grid, sea, rng)
        sols = oracle_solutions(puzzle)
        for board in boards_round(puzzle, sea, rng, 4):
            live = oracle.consistent(sols, board.shaded, board.unshaded)
            try:
                steps = enclosed_island(board)
            except Contradiction as broken:
                assert not live, (puzzle.id(), board.answer().to_rows(), broken.reason)
                refuted += 1
                continue
            for step in steps:
                found += 1
                assert not oracle.disagreement(live, step.shade, step.unshade), (puzzle.id(), step.why)
    assert found >= least and refuted >= least


def test_enclosed_island_is_never_refuted_by_sat_on_larger_boards() -> None:
    rng = random.Random(7)
    found = refuted = 0
    for _ in range(400):
        grid = Grid.of(rng.randint(5, 9), rng.randint(5, 9))
        sea = fenced_solution(grid, rng)
        if sea is None:
            continue
        puzzle = clued(grid, sea, rng)
        for board in boards_round(puzzle, sea, rng, 4):
            given = (board.shaded, board.unshaded)
            try:
                steps = enclosed_island(board)
            except Contradiction as broken:
                assert count_sat(find_genre(puzzle.genre), puzzle, 1, shaded=given[0], unshaded=given[1]).count == 0, broken.reason
                refuted += 1
                continue
            for step in steps:
                found += 1
                counter = refute(find_genre(puzzle.genre), puzzle, given, (step.shade, step.unshade))
                assert counter is None, (puzzle.id(), board.answer().to_rows(), step.why)
    assert found > 20 and refuted > 20


def test_the_fence_runs_between_the_two_probing_techniques() -> None:
    names = [t.name for t in RULESET.ladder]
    assert names.index("short_contradiction") < names.index("enclosed_island") < names.index("contradiction")
    assert names[-2:] == ["contradiction", "deep_contradiction"]


@pytest.mark.parametrize("side", [8, 12, 30, 60])
def test_the_0029_pattern_at_any_size_is_settled_by_the_ladder(side: int) -> None:
    """A ring island round the edge with one cell in, and a square island diagonally inside it:
    before the fence, the SAT finisher gave up from 8x8 on."""
    inner = (side - 4) ** 2
    puzzle = Puzzle.make("nurikabe", side, side, {side + 1: 4 * (side - 1) + 1, 2 * side + 2: inner})
    solution = solve(puzzle, seconds=20)
    assert solution.status.value == "unique" and solution.method == "ladder"
    assert solution.rating is Level.EXPERT
    assert solution.answer is not None
    grid = puzzle.grid
    far = side - 2
    corners = grid.rect(1, 1, far, far) | grid.rect(far, far, 1, 1) | grid.rect(far, far, far, far)
    assert solution.answer.shaded == grid.border(grid.rect(2, side - 3, 2, side - 3)) | corners
