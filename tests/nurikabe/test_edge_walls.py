"""Edge walls: the cells an island cannot take without joining land from edge to edge between sea.

Each fact must hold in every solution, so it is checked against brute force
on small boards (every solution agreeing with a partial board) and against
the published solutions of the corpus from partial boards revealed from
them; on janko-nurikabe-0683 they are what lets the SAT finisher settle the
stalled board in a few calls instead of about a thousand.
"""

from __future__ import annotations

import random

from pencilkit import Puzzle
from pencilkit.engines.sat import count_sat
from pencilkit.frame.ladder import Trace
from pencilkit.genres import find_genre, start_board
from pencilkit.genres.nurikabe.edge_walls import edge_cycle, edge_walls
from pencilkit.genres.nurikabe.sat import cores, reach
from pencilkit.grid import Grid, Mask

from ..conftest import load_corpus
from ..engines.boards import random_board
from .test_oracle import oracle_solutions


def walls(puzzle: Puzzle, sea: Mask, land: Mask) -> list[tuple[int, int]]:
    core = cores(puzzle, land)
    return edge_walls(puzzle.grid, sea, land | puzzle.clue_mask, [cell for cell, _ in puzzle.clues], core,
                      reach(puzzle, sea, core))


def island_of(grid: Grid, solution: Mask, cell: int) -> Mask:
    return grid.flood(1 << cell, grid.full & ~solution)


def test_the_edge_cycle_visits_every_edge_cell_once_side_by_side() -> None:
    for rows, cols in ((1, 1), (1, 5), (5, 1), (2, 2), (2, 7), (3, 4), (6, 5)):
        grid = Grid.of(rows, cols)
        cycle = edge_cycle(grid)
        edge = {grid.cell(r, c) for r in range(rows) for c in range(cols) if r in (0, rows - 1) or c in (0, cols - 1)}
        assert sorted(cycle) == sorted(edge)
        closed = rows > 1 and cols > 1
        for a, b in zip(cycle, cycle[1:] + (cycle[:1] if closed else ())):
            assert grid.neighbours[a] >> b & 1, (rows, cols, a, b)


def test_a_clue_chained_to_the_edge_may_not_reach_across_the_sea() -> None:
    """The 9 at r1c1 sits on the top edge; sea at r1c3 and r5c1 is on the edge on both sides of
    r5c5.  Reaching r5c5 (a corner) would chain land from r1c1 to r5c5 and cut r1c3 off from r5c1."""
    puzzle = Puzzle.make("nurikabe", 5, 5, {0: 9})
    grid = puzzle.grid
    sea = 1 << grid.cell(0, 2) | 1 << grid.cell(4, 0)
    found = {c for k, c in walls(puzzle, sea, 0) if k == 0}
    assert grid.cell(4, 4) in found and grid.cell(0, 4) in found
    assert grid.cell(1, 1) not in found and grid.cell(2, 2) not in found  # inner cells touch no edge


def test_the_facts_hold_in_every_solution_of_small_boards() -> None:
    rng = random.Random(12)
    checked = 0
    for _ in range(150):
        rows, cols = rng.choice([(3, 4), (4, 3), (2, 6), (3, 5), (4, 4)])
        puzzle = random_board("nurikabe", rng, rows, cols)
        if puzzle.clues and rng.random() < 0.3:  # a ? clue: its island is joined to it all the same
            clues = list(puzzle.clues)
            i = rng.randrange(len(clues))
            clues[i] = (clues[i][0], None)
            puzzle = Puzzle("nurikabe", rows, cols, tuple(clues))
        truth = oracle_solutions(puzzle)
        if not truth:
            continue
        grid = puzzle.grid
        for _ in range(8):  # partial boards, each agreeing with some solution
            solution = rng.choice(truth)
            keep = sum(1 << c for c in range(grid.size) if rng.random() < rng.uniform(0.2, 0.7))
            sea, land = solution & keep, keep & ~solution & ~puzzle.clue_mask
            agreeing = [s for s in truth if s & sea == sea and not s & land]
            for k, x in walls(puzzle, sea, land):
                clue = puzzle.clues[k][0]
                for s in agreeing:
                    assert not island_of(grid, s, clue) >> x & 1, (puzzle.id(), sea, land, k, x)
                checked += 1
    assert checked > 100


def test_the_facts_hold_in_the_published_solutions() -> None:
    rng = random.Random(3)
    checked = 0
    for record in load_corpus("nurikabe")[::3]:
        if "?" in record["puzzle"]:
            continue
        puzzle = Puzzle.from_id(record["puzzle"])
        grid = puzzle.grid
        solution = sum(1 << (r * grid.cols + c) for r, row in enumerate(record["solution"])
                       for c, ch in enumerate(row) if ch == "#")
        keep = sum(1 << c for c in range(grid.size) if rng.random() < 0.5)
        sea, land = solution & keep, keep & ~solution & ~puzzle.clue_mask
        islands = [island_of(grid, solution, cell) for cell, _ in puzzle.clues]
        for k, x in walls(puzzle, sea, land):
            assert not islands[k] >> x & 1, (record["name"], k, x)
            checked += 1
    assert checked > 500


def test_they_settle_the_stalled_board_of_0683_in_a_few_calls() -> None:
    """Without them the SAT finisher needs about a thousand calls here, learning one island shape
    at a time that the 51 may not reach the top edge."""
    record = next(r for r in load_corpus("nurikabe") if r["name"] == "janko-nurikabe-0683")
    puzzle = Puzzle.from_id(record["puzzle"])
    board = start_board(puzzle)
    find_genre(puzzle.genre).ruleset.run(board, trace=Trace(record=False))
    assert board.undecided
    result = count_sat(find_genre(puzzle.genre), puzzle, limit=2, shaded=board.shaded, unshaded=board.unshaded)
    assert result.count == 1 and result.exhaustive
    assert result.solutions[0].to_rows() == record["solution"]
    assert result.nodes < 60
