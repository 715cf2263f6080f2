"""Heyawake's techniques, ladder and search order, seen through the ruleset.

* No technique (``ruleset.find``, probes included) or ladder run concludes
  what a solution contradicts, on every small board tried: solutions come
  from the independent oracle (tests/heyawake/oracle.py), boards are partly
  revealed from one of them, so every deduction must agree with each
  solution that agrees with the board, and a contradiction is only allowed
  where none does.  On larger boards the SAT engine lists the solutions.
* The SAT engine and the frame's solve count as the oracle does.
* The probe and search order (``ruleset.order``) is the one its definition
  gives, read off the rooms and spans.
* A board reached step by step says what a fresh board with the same cells
  says, also where a cell decided far away changes what a room may do.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from importlib import resources

import pytest

from pencilkit import Status, solve
from pencilkit.engines.sat import count_sat
from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.levels import Level
from pencilkit.genres.heyawake import HEYAWAKE
from pencilkit.genres.heyawake.analysis import spans
from pencilkit.grid import Mask
from pencilkit.puzzle import Puzzle

from .helpers import make_puzzle, to_mask
from .oracle import random_puzzle, solutions

SHAPES = [(2, 3), (3, 3), (3, 4), (4, 3), (4, 4)]
RULESET = HEYAWAKE.ruleset


def puzzles(seed: int, count: int) -> Iterator[tuple[Puzzle, list[Mask]]]:
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.choice(SHAPES)
        rooms, numbers = random_puzzle(rows, cols, rng)
        puzzle = make_puzzle(rows, cols, rooms, numbers)
        yield puzzle, [to_mask(cols, s) for s in solutions(rows, cols, rooms, numbers)]


def partial_boards(seed: int, count: int) -> Iterator[tuple[Board, list[Mask]]]:
    rng = random.Random(seed)
    for puzzle, found in puzzles(seed, count):
        if not found:
            continue
        full = puzzle.grid.full
        truth = rng.choice(found)
        for share in (0.0, 0.2, 0.45, 0.7):
            shown = sum(1 << c for c in range(puzzle.grid.size) if rng.random() < share)
            board = RULESET.board(puzzle, truth & shown, full & ~truth & shown)
            yield board, [s for s in found if not s & board.unshaded and board.shaded & ~s == 0]


@pytest.mark.parametrize("seed", range(6))
def test_every_technique_is_sound(seed: int) -> None:
    decided = 0
    for board, agree in partial_boards(seed, 50):
        before = board.key()
        for technique in RULESET.ladder:
            try:
                steps = RULESET.find(technique.name, board)
            except Contradiction as broken:
                assert not agree, f"{technique.name} refuted a board with a solution: {broken.reason}"
                steps = []
            assert board.key() == before  # find looks at the board, it does not change it
            for step in steps:
                assert step.cells and step.cells & ~board.undecided == 0, (technique.name, step.why)
                assert (step.technique, step.level) == (technique.name, technique.level)
                for s in agree:
                    assert not step.shade & ~s, f"{technique.name} shaded a cell white in a solution"
                    assert not step.unshade & s, f"{technique.name} unshaded a cell black in a solution"
                decided += step.cells.bit_count()
    assert decided > 300, decided


@pytest.mark.parametrize("seed", range(4))
def test_the_ladder_keeps_every_solution(seed: int) -> None:
    for board, agree in partial_boards(100 + seed, 40):
        try:
            RULESET.run(board, max_level=Level.EXPERT)
        except Contradiction:
            assert not agree
            continue
        for s in agree:
            assert board.shaded & ~s == 0 and board.unshaded & s == 0


@pytest.mark.parametrize("seed", range(4))
def test_sat_and_solve_count_as_the_oracle_does(seed: int) -> None:
    for puzzle, found in puzzles(200 + seed, 40):
        sat = count_sat(HEYAWAKE, puzzle, limit=3)
        assert sat.count == min(3, len(found))
        assert {a.shaded for a in sat.solutions} <= set(found)
        status = solve(puzzle).status
        expected = Status.NONE if not found else Status.UNIQUE if len(found) == 1 else Status.MULTIPLE
        assert status is expected


@pytest.mark.parametrize("seed", range(3))
def test_every_technique_agrees_with_the_sat_engine_on_larger_boards(seed: int) -> None:
    """On 6x6 to 8x8 boards, too big to enumerate, the SAT engine lists every solution (when there are
    at most 40): no deduction on a partial board may contradict one that agrees with it."""
    rng = random.Random(300 + seed)
    checked = 0
    while checked < 12:
        rows, cols = rng.choice([(6, 6), (6, 8), (8, 8)])
        rooms, numbers = random_puzzle(rows, cols, rng)
        puzzle = make_puzzle(rows, cols, rooms, numbers)
        found = count_sat(HEYAWAKE, puzzle, limit=40)
        if not found.exhaustive or not found.count or found.count >= 40:
            continue
        checked += 1
        masks = [a.shaded for a in found.solutions]
        truth = rng.choice(masks)
        shown = sum(1 << c for c in range(rows * cols) if rng.random() < 0.4)
        board = RULESET.board(puzzle, truth & shown, puzzle.grid.full & ~truth & shown)
        agree = [s for s in masks if not s & board.unshaded and board.shaded & ~s == 0]
        for technique in RULESET.ladder:
            steps = RULESET.find(technique.name, board)
            for step in steps:
                assert all(not step.shade & ~s and not step.unshade & s for s in agree), technique.name


def test_every_technique_has_work_on_these_boards() -> None:
    """The soundness tests above would pass for a technique that never finds anything: each one does."""
    used: set[str] = set()
    for board, _ in partial_boards(0, 60):
        for technique in RULESET.ladder:
            try:
                if RULESET.find(technique.name, board):
                    used.add(technique.name)
            except Contradiction:
                pass
    assert used == {t.name for t in RULESET.ladder}


def test_the_search_order_follows_its_definition() -> None:
    """``ruleset.order``, where probing and search look first, is the order its definition gives, on
    partial boards of small random puzzles and of larger ones (which have the spans and rooms of real
    sizes).  That search branches on its first cell is the core's to test (``core/src/genres/heyawake.rs``)."""
    boards = [board for board, _ in partial_boards(7, 40) if board.undecided]
    rng = random.Random(7)
    for rows, cols in [(10, 10), (14, 24)]:
        rooms, numbers = random_puzzle(rows, cols, rng)
        puzzle = make_puzzle(rows, cols, rooms, numbers)
        for share in (0.0, 0.1, 0.3, 0.6):
            shown = sum(1 << c for c in range(rows * cols) if rng.random() < share)
            black = sum(1 << c for c in range(rows * cols) if shown >> c & 1 and rng.random() < 0.3)
            boards.append(RULESET.board(puzzle, black, shown & ~black))
    for board in boards:
        if board.undecided:
            assert RULESET.order(board) == _order_by_definition(board), board
    assert len(boards) > 100


def _order_by_definition(board: Board) -> list[int]:
    """The candidate order read off its definition: each cell of a ranked group at its smallest rank, by
    rank and then cell, then the cells next to decided ones, then the rest, each in cell order.  A span
    with no black cell ranks by its open cells; a numbered room by 2 + 2 x the fewer of its black cells
    to place and its white ones."""
    puzzle = board.puzzle
    assert puzzle.rooms is not None
    groups = [(bin(span & board.undecided).count("1"), span & board.undecided)
              for span in spans(board.grid, puzzle.rooms) if not span & board.shaded]
    for cell, number in puzzle.clues:
        if number is None:
            continue
        room = puzzle.room_masks[puzzle.rooms[cell]]
        open_ = room & board.undecided
        need = number - bin(room & board.shaded).count("1")
        groups.append((2 + 2 * min(need, bin(open_).count("1") - need), open_))
    best: dict[int, int] = {}
    for rank, open_ in groups:
        for cell in range(board.grid.size):
            if open_ >> cell & 1:
                best[cell] = min(rank, best.get(cell, rank))
    order = sorted(best, key=lambda cell: (best[cell], cell))
    decided = board.shaded | board.unshaded
    rest = [c for c in range(board.grid.size) if board.undecided >> c & 1 and c not in best]
    near = [c for c in rest if board.grid.neighbours[c] & decided]
    return order + near + [c for c in rest if c not in near]


def _outcome(name: str, board: Board) -> object:
    """What a technique says of a board: its steps (cells and reasons), or the contradiction it finds."""
    try:
        steps = RULESET.find(name, board)
    except Contradiction as broken:
        return ("contradiction", broken.reason, broken.cells)
    return [(step.shade, step.unshade, step.why) for step in steps]


def _bundled() -> list[tuple[Puzzle, Mask]]:
    text = (resources.files("pencilkit") / "collections" / "heyawake.jsonl").read_text(encoding="utf-8")
    out = []
    for line in text.splitlines():
        record = json.loads(line)
        puzzle = Puzzle.from_id(record["puzzle"])
        cols = puzzle.grid.cols
        out.append((puzzle, sum(1 << (r * cols + c) for r, row in enumerate(record["solution"])
                                for c, mark in enumerate(row) if mark == "#")))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_a_board_reached_step_by_step_says_what_a_fresh_board_says(seed: int) -> None:
    """On a board run to a fixpoint up to medium (every technique there found nothing on it, and the
    board keeps what they derived) and then given a few more cells, each technique up to medium says
    exactly what it says on a fresh board with the same cells: the same steps in the same order, or the
    same contradiction."""
    rng = random.Random(seed)
    names = [t.name for t in RULESET.ladder if t.level <= Level.MEDIUM]
    samples = [(p, found[0]) for p, found in puzzles(200 + seed, 80) if found]
    samples += _bundled()
    compared = found = 0
    for puzzle, truth in samples:
        full = puzzle.grid.full
        for _ in range(6):
            shown = sum(1 << c for c in range(puzzle.grid.size) if rng.random() < rng.choice((0.0, 0.05, 0.15)))
            earlier = RULESET.board(puzzle, truth & shown, full & ~truth & shown)
            RULESET.run(earlier, max_level=Level.MEDIUM)  # to a fixpoint: every technique up to medium is quiet
            for _ in range(4 if earlier.undecided else 0):
                later = earlier.copy()
                news = [c for c in range(puzzle.grid.size) if later.undecided >> c & 1]
                rng.shuffle(news)
                for cell in news[:rng.randint(1, 4)]:
                    black = truth >> cell & 1 if rng.random() < 0.8 else rng.random() < 0.5
                    later.assign(1 << cell if black else 0, 0 if black else 1 << cell)
                fresh = RULESET.board(puzzle, later.shaded, later.unshaded)
                for name in names:
                    outcome = _outcome(name, later)
                    assert outcome == _outcome(name, fresh), name
                    compared += 1
                    found += bool(outcome)
    assert compared > 1000 and found > compared // 10


def test_a_first_white_cell_outside_a_room_makes_its_placements_look_again() -> None:
    """Room 0 (cells a1-b1, number 1) may wall its one white cell in while no white cell lies outside it;
    the first white cell elsewhere, however far, forbids that, so the room is looked at again (and what
    was worked out for it before is not taken for the answer)."""
    puzzle = Puzzle.from_id("heyawake:1x5:1,.,.,.,.:0,0,1,1,1")
    earlier = RULESET.board(puzzle, 1 << 4, 0)
    assert RULESET.find("room_patterns", earlier) == []
    later = earlier.copy()
    later.assign(0, 1 << 3)
    found = _outcome("room_patterns", later)
    assert isinstance(found, list) and [step[:2] for step in found] == [(1 << 0, 1 << 1)]
    assert _outcome("room_patterns", RULESET.board(puzzle, later.shaded, later.unshaded)) == found
    assert RULESET.find("room_patterns", earlier) == []  # and the earlier board still says nothing


def test_white_cells_appearing_elsewhere_make_the_only_group_look_again() -> None:
    """a1 is the only white cell, with one way out (b1): nothing to say while it is all the white there
    is. A white cell at e1, far from it, gives it somewhere to go, so b1 is white (and d1, likewise)."""
    puzzle = Puzzle.from_id("heyawake:1x5:.,.,.,.,.:0,0,0,0,0")
    earlier = RULESET.board(puzzle, 0, 1 << 0)
    assert RULESET.find("white_exit", earlier) == []
    later = earlier.copy()
    later.assign(0, 1 << 4)
    found = _outcome("white_exit", later)
    assert isinstance(found, list) and [step[:2] for step in found] == [(0, 1 << 1), (0, 1 << 3)]
    assert found[0][2] == ("r1c2 is white: it is the only way out for the white cell r1c1, which must reach the "
                           "other white cells")
    assert _outcome("white_exit", RULESET.board(puzzle, later.shaded, later.unshaded)) == found
