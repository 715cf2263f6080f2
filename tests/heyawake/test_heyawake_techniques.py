"""No Heyawake technique concludes what a solution contradicts, on every small board tried.

Solutions come from the independent oracle (tests/heyawake/oracle.py);
boards are partly revealed from one of them, so every deduction must agree
with each solution that agrees with the board, and a contradiction is only
allowed where none does.  The SAT engine and the frame's solve are checked
against the same oracle.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from importlib import resources

import pytest

from pencilkit import Status, solve
from pencilkit.engines.sat import count_sat
from pencilkit.frame.board import Board, Contradiction
from pencilkit.frame.ladder import Step
from pencilkit.frame.levels import Level
from pencilkit.genres.heyawake import HEYAWAKE
from pencilkit.genres.heyawake.branching import candidates, first_candidate
from pencilkit.genres.heyawake.techniques import room_patterns
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
            board = Board(puzzle, truth & shown, full & ~truth & shown)
            yield board, [s for s in found if not s & board.unshaded and board.shaded & ~s == 0]


@pytest.mark.parametrize("seed", range(6))
def test_every_technique_is_sound(seed: int) -> None:
    decided = 0
    for board, agree in partial_boards(seed, 50):
        for technique in RULESET.ladder:
            try:
                steps = technique.find(board.copy())
            except Contradiction as broken:
                assert not agree, f"{technique.name} refuted a board with a solution: {broken.reason}"
                continue
            for step in steps or []:
                for s in agree:
                    assert not step.shade & ~s, f"{technique.name} shaded a cell white in a solution"
                    assert not step.unshade & s, f"{technique.name} unshaded a cell black in a solution"
                decided += (step.shade | step.unshade).bit_count()
    assert decided > 0


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
        board = Board(puzzle, truth & shown, puzzle.grid.full & ~truth & shown)
        agree = [s for s in masks if not s & board.unshaded and board.shaded & ~s == 0]
        for technique in RULESET.ladder:
            steps = technique.find(board.copy()) or []
            for step in steps:
                assert all(not step.shade & ~s and not step.unshade & s for s in agree), technique.name


def test_every_technique_has_work_on_these_boards() -> None:
    """The soundness tests above would pass for a technique that never finds anything: each one does."""
    used: set[str] = set()
    for board, _ in partial_boards(0, 60):
        for technique in RULESET.ladder:
            try:
                if technique.find(board.copy()):
                    used.add(technique.name)
            except Contradiction:
                pass
    assert used == {t.name for t in RULESET.ladder}


def test_search_branches_on_the_first_candidate() -> None:
    """``first_candidate``, which search branches on, is the head of the full order, on partial boards of
    small random puzzles and of published ones (which have the spans and rooms of real sizes)."""
    boards = [board for board, _ in partial_boards(7, 40) if board.undecided]
    rng = random.Random(7)
    for rows, cols in [(10, 10), (14, 24)]:
        rooms, numbers = random_puzzle(rows, cols, rng)
        puzzle = make_puzzle(rows, cols, rooms, numbers)
        for share in (0.0, 0.1, 0.3, 0.6):
            shown = sum(1 << c for c in range(rows * cols) if rng.random() < share)
            black = sum(1 << c for c in range(rows * cols) if shown >> c & 1 and rng.random() < 0.3)
            boards.append(Board(puzzle, black, shown & ~black))
    for board in boards:
        if board.undecided:
            assert first_candidate(board) == candidates(board)[0]
            assert candidates(board) == _candidates_by_definition(board)
    assert len(boards) > 100


def _candidates_by_definition(board: Board) -> list[int]:
    """The candidate order read off its definition: each cell of a ranked group at its smallest rank, by
    rank and then cell, then the cells next to decided ones, then the rest, each in cell order.  A span
    with no black cell ranks by its open cells; a numbered room by 2 + 2 x the fewer of its black cells
    to place and its white ones."""
    from pencilkit.genres.heyawake.layout import layout

    found = layout(board.puzzle)
    groups = [(bin(span & board.undecided).count("1"), span & board.undecided)
              for span in found.spans if not span & board.shaded]
    for room in found.numbered:
        open_ = room.cells & board.undecided
        need = (room.number or 0) - bin(room.cells & board.shaded).count("1")
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


def _outcome(technique_find: Callable[[Board], list[Step] | None], board: Board) -> object:
    """What a technique says of a board: its steps (cells and reasons), or the contradiction it raises."""
    try:
        steps = technique_find(board)
    except Contradiction as broken:
        return ("contradiction", broken.reason, broken.cells)
    return [(step.shade, step.unshade, step.why) for step in steps or []]


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
def test_looking_near_what_changed_finds_what_looking_everywhere_finds(seed: int) -> None:
    """A technique that found nothing on an earlier state of the board looks again only near the cells
    decided since (``Board.since_quiet``); on the later board it must say exactly what it says on a
    fresh board with the same cells, which looks everywhere: the same steps in the same order, or the
    same contradiction."""
    rng = random.Random(seed)
    ladder = [t for t in RULESET.ladder if t.level <= Level.MEDIUM]
    samples = [(p, found[0]) for p, found in puzzles(200 + seed, 80) if found]
    samples += _bundled()
    compared = quiet = 0
    for puzzle, truth in samples:
        full = puzzle.grid.full
        for _ in range(6):
            shown = sum(1 << c for c in range(puzzle.grid.size) if rng.random() < rng.choice((0.0, 0.05, 0.15)))
            earlier = Board(puzzle, truth & shown, full & ~truth & shown)
            RULESET.run(earlier, max_level=Level.MEDIUM)  # to a fixpoint: every technique up to medium is quiet
            for _ in range(4 if earlier.undecided else 0):
                later = earlier.copy()
                news = [c for c in range(puzzle.grid.size) if later.undecided >> c & 1]
                rng.shuffle(news)
                try:
                    for cell in news[:rng.randint(1, 4)]:
                        black = truth >> cell & 1 if rng.random() < 0.8 else rng.random() < 0.5
                        later.assign(1 << cell if black else 0, 0 if black else 1 << cell)
                except Contradiction:
                    continue
                fresh = Board(puzzle, later.shaded, later.unshaded)
                for technique in ladder:
                    near = later.copy()
                    quiet += near.since_quiet(technique.find) is not None
                    assert _outcome(technique.find, near) == _outcome(technique.find, fresh.copy()), technique.name
                    compared += 1
    assert compared > 1000 and quiet > compared // 2


def test_a_first_white_cell_outside_a_room_makes_its_placements_look_again() -> None:
    """Room 0 (cells a1-b1, number 1) may wall its one white cell in while no white cell lies outside it;
    the first white cell elsewhere, however far, forbids that, so the room is looked at again."""
    puzzle = Puzzle.from_id("heyawake:1x5:1,.,.,.,.:0,0,1,1,1")
    earlier = Board(puzzle, 1 << 4, 0)
    assert not room_patterns(earlier)
    later = earlier.copy()
    later.assign(0, 1 << 3)
    assert later.since_quiet(room_patterns) == 1 << 3
    fresh = Board(puzzle, later.shaded, later.unshaded)
    found = _outcome(room_patterns, fresh)
    assert isinstance(found, list) and [step[:2] for step in found] == [(1 << 0, 1 << 1)]
    assert _outcome(room_patterns, later) == found


def test_units_meeting_a_few_cells_by_mask_and_by_index() -> None:
    """``Units.meeting`` answers mask by mask until it has been asked often, then from its index by cell:
    the same places either way, in order; ``None`` (look everywhere) when the board says so."""
    from pencilkit.genres.heyawake.layout import INDEX_AFTER, Units

    rng = random.Random(9)
    size = 60
    masks = [sum(1 << c for c in rng.sample(range(size), rng.randint(1, 8))) for _ in range(25)]
    units = Units(masks, size)
    assert units.meeting(None) is None
    for _ in range(3 * INDEX_AFTER):
        news = sum(1 << c for c in rng.sample(range(size), rng.randint(0, 5)))
        assert units.meeting(news) == [k for k, mask in enumerate(masks) if mask & news]


def test_white_cells_appearing_elsewhere_make_the_only_group_look_again() -> None:
    """a1 is the only white cell, with one way out (b1): nothing to say while it is all the white there
    is. A white cell at e1, far from it, gives it somewhere to go, so b1 is white."""
    from pencilkit.genres.black_white import white_exit

    puzzle = Puzzle.from_id("heyawake:1x5:.,.,.,.,.:0,0,0,0,0")
    earlier = Board(puzzle, 0, 1 << 0)
    assert not white_exit(earlier)
    later = earlier.copy()
    later.assign(0, 1 << 4)
    found = _outcome(white_exit, Board(puzzle, later.shaded, later.unshaded))
    assert isinstance(found, list) and [step[:2] for step in found] == [(0, 1 << 1), (0, 1 << 3)]
    assert _outcome(white_exit, later) == found
