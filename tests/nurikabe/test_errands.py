"""The errand technique: land only one island can supply, checked against the oracle, SAT and the corpus.

Soundness is checked three ways that share nothing with the technique: the
brute-force oracle on small boards, the SAT engine on larger ones (the value
opposite to each deduction must leave no solution), and the published
solutions of corpus puzzles on partial boards cut from them.  Each check also
asserts that both kinds of deduction (a pass that is land, a cell beyond
reach that is sea) happened, so an idle technique fails.  A hand-made board
pins one deduction and its wording.  The lemmas the technique rests on (which
blocks are errands, what fetching one costs) are tested in the core
(``core/src/genres/nurikabe/tests.rs``).
"""

from __future__ import annotations

import json
import random

import pytest

from pencilkit import Puzzle
from pencilkit.engines.sat import count_sat
from pencilkit.frame import oracle
from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.ladder import Step
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.grid import Mask

from .test_oracle import oracle_solutions, partial_boards, random_puzzle

RULESET = NURIKABE.ruleset


def errand(board: Board) -> list[Step]:
    return RULESET.find("errand", board)


def kinds(steps: list[Step]) -> tuple[int, int]:
    """How many cells the steps make land and sea."""
    return sum(s.unshade.bit_count() for s in steps), sum(s.shade.bit_count() for s in steps)


def test_errand_agrees_with_the_oracle_on_small_boards() -> None:
    rng = random.Random(7)
    land = sea = 0
    for rows, cols in [(4, 4), (4, 5), (5, 4)] * 40:
        puzzle = random_puzzle(rows, cols, rng)
        sols = oracle_solutions(puzzle)
        for board in partial_boards(puzzle, sols, rng, 6):
            live = oracle.consistent(sols, board.shaded, board.unshaded)
            try:
                steps = errand(board)
            except Contradiction:
                assert not live
                continue
            for step in steps:
                wrong = oracle.disagreement(live, step.shade, step.unshade)
                assert not wrong, f"{step.why} is wrong at {puzzle.grid.names(wrong)} on {puzzle.id()}"
            got = kinds(steps)
            land, sea = land + got[0], sea + got[1]
    assert land > 20 and sea > 20, (land, sea)


def test_a_block_only_one_island_reaches() -> None:
    # . . . . .    The block r3c4-r4c5 needs land. The 4 cannot get there (r3c3 and r2c4 touch
    # . 4 . . 2    other islands), so the 2 must, and its one cell to add must be r3c5; then
    # . . . . .    r1c5 and r2c4 are beyond it, and nothing else reaches them: sea.
    # . . 1 . .
    puzzle = Puzzle.from_id("nurikabe:4x5:.,.,.,.,.,.,4,.,.,2,.,.,.,.,.,.,.,1,.,.")
    assert len(oracle_solutions(puzzle)) == 1
    steps = errand(RULESET.board(puzzle, 0, puzzle.clue_mask))
    assert steps[0].why == ("the 2x2 block at r3c4, r3c5, r4c4, r4c5 needs land and only the 2 at r2c5 can reach "
                            "it: every way there within its size passes r3c5, which is land; and it cannot also "
                            "reach r1c5, r2c4, which no other island reaches either, so they are sea")
    grid = puzzle.grid
    assert (steps[0].unshade, steps[0].shade) == (1 << grid.cell(2, 4), 1 << grid.cell(0, 4) | 1 << grid.cell(1, 3))
    assert steps[0].technique == "errand"


def sparse_boards(rng: random.Random, count: int) -> list[tuple[Puzzle, Board, Mask]]:
    """Partial boards of corpus puzzles with few clues, cut from their published solutions (the sea of
    each given beside its board)."""
    from ..conftest import corpus_lines

    out = []
    records = [json.loads(line) for line in corpus_lines("nurikabe")]
    records = [r for r in records if r["rows"] * r["cols"] <= 144 and r["puzzle"].count(",") > 0]
    for _ in range(count):
        record = rng.choice(records)
        puzzle = Puzzle.from_id(record["puzzle"])
        grid = puzzle.grid
        sea = sum(1 << grid.cell(r, c) for r, row in enumerate(record["solution"])
                  for c, ch in enumerate(row) if ch == "#")
        share = rng.uniform(0.1, 0.7)
        chosen = sum(1 << c for c in range(grid.size) if rng.random() < share)
        out.append((puzzle, RULESET.board(puzzle, chosen & sea, (chosen & ~sea) | puzzle.clue_mask), sea))
    return out


def test_errand_agrees_with_published_solutions_and_sat() -> None:
    pytest.importorskip("pysat")
    rng = random.Random(3)
    land = sea = checked = 0
    for puzzle, board, solution in sparse_boards(rng, 300):
        steps = errand(board)
        for step in steps:
            # the published solution is unique, so it holds every deduction on a board cut from it
            assert not step.shade & ~solution and not step.unshade & solution, (puzzle.id(), step.why)
            # the opposite of every deduction leaves no solution (the SAT engine counts from the board)
            if checked < 40:
                for shade, unshade in ((step.unshade, 0), (0, step.shade)):
                    if shade or unshade:
                        lowest = (shade | unshade) & -(shade | unshade)
                        result = count_sat(NURIKABE, puzzle, 1, shaded=board.shaded | (lowest if shade else 0),
                                           unshaded=board.unshaded | (lowest if unshade else 0))
                        assert result.exhaustive and result.count == 0, (puzzle.id(), step.why)
                        checked += 1
        got = kinds(steps)
        land, sea = land + got[0], sea + got[1]
    assert land > 50 and sea > 50 and checked >= 20, (land, sea, checked)
