"""The SAT engine against brute force, and the ladder against the SAT engine.

* On boards small enough to enumerate, the SAT count equals the brute-force
  oracle's (which asks only the rule checker).
* On random 5x5 to 8x8 boards and corpus puzzles, beyond brute force, the
  ladder-and-search count equals the SAT count (0, 1, 2+), with the same
  solution when unique.
* Every deduction the ladder makes holds under SAT: from the start board and
  from random partial boards consistent with a solution, the ladder's decided
  cells are checked at once by asking SAT for a solution of the partial board
  that differs on any of them (none must exist), and a contradiction the
  ladder reports must leave SAT with no solution.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pencilkit import Puzzle, solve
from pencilkit.engines.sat import SatResult, count_sat, refute
from pencilkit.frame import oracle
from pencilkit.frame.budget import Budget, Cancel
from pencilkit.frame.board import Contradiction
from pencilkit.frame.levels import Level
from pencilkit.frame.solve import Status
from pencilkit.genres import find_genre, start_board
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.grid import Mask

from ..conftest import load_corpus
from .boards import random_board

GENRES = ("nurikabe", "kurodoko")


def capped(n: int) -> int:
    return min(n, 2)


def expected_status(count: int) -> Status:
    return (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[capped(count)]


# -- SAT against brute force ----------------------------------------------------


@pytest.mark.parametrize("genre", GENRES)
def test_sat_count_matches_brute_force_on_small_boards(genre: str) -> None:
    rng = random.Random(7)
    counts = set()
    for _ in range(40):
        rows, cols = rng.choice([(2, 3), (3, 3), (2, 5), (3, 4), (4, 3), (2, 6)])
        puzzle = random_board(genre, rng, rows, cols)
        truth = oracle.solutions(find_genre(puzzle.genre), puzzle)
        result = count_sat(find_genre(puzzle.genre), puzzle, limit=len(truth) + 1)
        assert result.exhaustive
        assert sorted(a.shaded for a in result.solutions) == sorted(truth), puzzle.id()
        counts.add(capped(len(truth)))
    assert counts == {0, 1, 2}, "the sample should cover none, one and several solutions"


@pytest.mark.parametrize("puzzle_id, count", [
    ("nurikabe:1x1:.", 1),          # the clue-free 1x1 board is all sea
    ("nurikabe:1x1:1", 0),          # the sea may not be empty
    ("nurikabe:2x2:.,.,.,.", 0),    # a pool
    ("nurikabe:2x2:?,.,.,.", 6),    # a ? island of any size: 1 cell, 2 cells (twice), 3 cells (3 ways)
    ("nurikabe:1x3:1,.,1", 1),
    ("nurikabe:1x2:1,1", 0),        # touching clues
    ("kurodoko:1x1:.", 2),          # black or white
    ("kurodoko:1x3:.,3,.", 1),
])
def test_sat_count_on_edge_cases(puzzle_id: str, count: int) -> None:
    puzzle = Puzzle.from_id(puzzle_id)
    assert count_sat(find_genre(puzzle.genre), puzzle, limit=10).count == count
    assert len(oracle.solutions(find_genre(puzzle.genre), puzzle)) == count


# -- the ladder against SAT -----------------------------------------------------


def sample_boards(genre: str, seed: int, number: int) -> list[Puzzle]:
    rng = random.Random(seed)
    return [random_board(genre, rng, rng.randint(5, 8), rng.randint(5, 8)) for _ in range(number)]


@pytest.mark.parametrize("genre", GENRES)
def test_ladder_count_agrees_with_sat_on_random_boards(genre: str) -> None:
    seen = set()
    for puzzle in sample_boards(genre, 11, 60):
        sat = count_sat(find_genre(puzzle.genre), puzzle)
        assert sat.exhaustive
        ladder = solve(puzzle, seconds=10)
        assert ladder.status is not Status.GAVE_UP, puzzle.id()
        assert ladder.status is expected_status(sat.count), puzzle.id()
        if sat.count == 1:
            assert ladder.answer is not None and ladder.answer.shaded == sat.solutions[0].shaded
        seen.add(ladder.status)
    assert seen == {Status.NONE, Status.UNIQUE, Status.MULTIPLE}


def check_deductions(puzzle: Puzzle, shaded: Mask, unshaded: Mask) -> str:
    """Run the ladder from a partial board and check what it decides under SAT.

    Returns what happened (``"contradiction"``, ``"deduced"`` or ``"nothing"``).
    """
    ruleset = find_genre(puzzle.genre).ruleset
    board = ruleset.board(puzzle, shaded, unshaded | puzzle.clue_mask)
    given = (board.shaded, board.unshaded)
    try:
        ruleset.run(board, max_level=Level.EXPERT)
    except Contradiction as broken:
        found = count_sat(find_genre(puzzle.genre), puzzle, limit=1, shaded=given[0], unshaded=given[1])
        assert found.count == 0, f"{puzzle.id()}: the ladder found '{broken.reason}' on a board with a solution"
        return "contradiction"
    claimed = (board.shaded & ~given[0], board.unshaded & ~given[1])
    if not (claimed[0] | claimed[1]):
        return "nothing"
    refuted = refute(find_genre(puzzle.genre), puzzle, given, claimed)
    assert refuted is None, (
        f"{puzzle.id()}: from {ruleset.board(puzzle, *given).answer().to_rows()} the ladder decided "
        f"{puzzle.grid.names(refuted.wrong)} wrongly; a solution: {refuted.solution.to_rows()}")
    return "deduced"


def partial(rng: random.Random, solution: Mask, size: int) -> tuple[Mask, Mask]:
    """A random part of a solution: each cell kept with a random probability under one half."""
    keep_rate = rng.uniform(0.05, 0.5)
    keep = sum(1 << c for c in range(size) if rng.random() < keep_rate)
    return solution & keep, keep & ~solution


@pytest.mark.parametrize("genre", GENRES)
def test_ladder_deductions_hold_under_sat(genre: str) -> None:
    rng = random.Random(5)
    outcomes: dict[str, int] = {}
    for puzzle in sample_boards(genre, 23, 25):
        boards = [(0, 0)]
        sat = count_sat(find_genre(puzzle.genre), puzzle, limit=2)
        for answer in sat.solutions:
            boards.extend(partial(rng, answer.shaded, puzzle.grid.size) for _ in range(3))
        for shaded, unshaded in boards:
            what = check_deductions(puzzle, shaded, unshaded)
            outcomes[what] = outcomes.get(what, 0) + 1
    assert outcomes.get("deduced", 0) >= 50, outcomes  # the check must actually test deductions


def spoiled_partial(rng: random.Random, solution: Mask, size: int) -> tuple[Mask, Mask]:
    """A part of a solution with one cell flipped: often a board with no solution."""
    shaded, unshaded = partial(rng, solution, size)
    cell = rng.randrange(size)
    bit = 1 << cell
    shaded, unshaded = shaded & ~bit, unshaded & ~bit
    return (shaded, unshaded | bit) if solution & bit else (shaded | bit, unshaded)


@pytest.mark.parametrize("genre", GENRES)
def test_ladder_contradictions_hold_under_sat(genre: str) -> None:
    rng = random.Random(9)
    outcomes: dict[str, int] = {}
    for puzzle in sample_boards(genre, 31, 20):
        for answer in count_sat(find_genre(puzzle.genre), puzzle, limit=1).solutions:
            for _ in range(3):
                shaded, unshaded = spoiled_partial(rng, answer.shaded, puzzle.grid.size)
                if shaded & puzzle.clue_mask:
                    continue  # a clue shaded: not a board the frame builds
                what = check_deductions(puzzle, shaded, unshaded)
                outcomes[what] = outcomes.get(what, 0) + 1
    assert outcomes.get("contradiction", 0) >= 5, outcomes


def ladder_steps(puzzle: Puzzle, limit: int) -> list[tuple[Mask, Mask]]:
    """The boards the ladder passes through, one technique application at a time."""
    board = start_board(puzzle)
    out = [board.key()]
    ruleset = find_genre(puzzle.genre).ruleset
    for _ in range(limit):
        before = board.key()
        try:
            ruleset.run(board, max_steps=1)
        except Contradiction:
            break
        if board.key() == before:
            break
        out.append(board.key())
    return out


# -- the corpus -----------------------------------------------------------------


def small_corpus(genre: str, cells_limit: int, every: int) -> list[dict[str, object]]:
    records = [r for r in load_corpus(genre) if int(r["rows"]) * int(r["cols"]) <= cells_limit]  # type: ignore[call-overload]
    return records[::every]


@pytest.mark.parametrize("genre", GENRES)
def test_sat_and_ladder_agree_on_corpus_sample(genre: str) -> None:
    for record in small_corpus(genre, 100, 15):
        puzzle = Puzzle.from_id(str(record["puzzle"]))
        sat = count_sat(find_genre(puzzle.genre), puzzle, budget=Budget(seconds=30))
        assert sat.count == 1 and sat.exhaustive, record["name"]
        assert sat.solutions[0].to_rows() == record["solution"]
        assert solve(puzzle).status is Status.UNIQUE


@pytest.mark.parametrize("genre", GENRES)
def test_ladder_steps_on_corpus_hold_under_sat(genre: str) -> None:
    """Boards the ladder reaches on real puzzles: each later step's cells hold from each earlier board."""
    rng = random.Random(3)
    for record in small_corpus(genre, 100, 40):
        puzzle = Puzzle.from_id(str(record["puzzle"]))
        boards = ladder_steps(puzzle, 200)
        for shaded, unshaded in rng.sample(boards, min(3, len(boards))):
            assert check_deductions(puzzle, shaded, unshaded) in ("deduced", "nothing")


@pytest.mark.slow
@pytest.mark.parametrize("genre", GENRES)
def test_sat_and_ladder_agree_on_many_random_boards(genre: str) -> None:
    for puzzle in sample_boards(genre, 101, 400):
        sat = count_sat(find_genre(puzzle.genre), puzzle)
        ladder = solve(puzzle, seconds=30)
        assert ladder.status is expected_status(sat.count), puzzle.id()


@pytest.mark.slow
@pytest.mark.parametrize("genre", GENRES)
def test_sat_solves_small_corpus_to_published_solution(genre: str) -> None:
    """Every corpus puzzle up to 100 cells: SAT proves the published solution unique (a few may run out of time)."""
    finished = timed_out = 0
    for record in small_corpus(genre, 100, 1):
        puzzle = Puzzle.from_id(str(record["puzzle"]))
        sat = count_sat(find_genre(puzzle.genre), puzzle, budget=Budget(seconds=20))
        if not sat.exhaustive:
            timed_out += 1
            continue
        finished += 1
        assert sat.count == 1, record["name"]
        assert sat.solutions[0].to_rows() == record["solution"]
    assert timed_out <= max(2, finished // 20), (finished, timed_out)


def test_refute_finds_a_wrong_claim() -> None:
    """The deduction check itself can fail: a false claim is refuted with a solution."""
    puzzle = Puzzle.from_id("nurikabe:3x3:.,.,.,.,.,.,5,.,1")  # solution ---/-##/-#-
    corner, centre = 1 << 0, 1 << 4
    refuted = refute(find_genre(puzzle.genre), puzzle, (0, puzzle.clue_mask), (corner | centre, 0))
    assert refuted is not None and refuted.wrong == corner
    assert not find_genre(puzzle.genre).check(puzzle, refuted.solution)
    assert refute(find_genre(puzzle.genre), puzzle, (0, puzzle.clue_mask), (centre, corner)) is None


def test_timeout_is_reported_not_hidden() -> None:
    record = max(load_corpus("nurikabe"), key=lambda r: int(r["rows"]) * int(r["cols"]))
    result = count_sat(NURIKABE, Puzzle.from_id(str(record["puzzle"])), budget=Budget(seconds=0.5))
    assert not result.exhaustive and result.count == 0
    assert result.seconds < 20


@pytest.mark.parametrize("solver", ["cadical195", "glucose4"])
def test_a_count_called_off_stops_between_solver_calls(solver: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Called off after its first solution, the count stops at its next solver call: one solution, not
    exhaustive (the same count left alone finds the second one); called off before it starts, it is
    not exhaustive either."""
    from pencilkit.engines.sat import SatSession

    puzzle = Puzzle.from_id("kurodoko:3x3:.,.,.,.,.,.,.,.,.")
    whole = count_sat(find_genre("kurodoko"), puzzle, solver=solver)
    assert whole.count == 2 and whole.exhaustive
    flag = Cancel()
    block = SatSession.block

    def block_then_stop(session: SatSession, *args: Any, **kwargs: Any) -> Any:
        flag.set()  # the first solution is in, and blocked
        return block(session, *args, **kwargs)

    monkeypatch.setattr(SatSession, "block", block_then_stop)
    stopped = count_sat(find_genre("kurodoko"), puzzle, solver=solver, budget=Budget(cancel=flag))
    assert stopped.count == 1 and not stopped.exhaustive
    monkeypatch.undo()
    assert not count_sat(find_genre("kurodoko"), puzzle, budget=Budget(seconds=60, cancel=flag)).exhaustive


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_solve_called_off_stops_in_the_sat_count(when: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ladder stalls, the exact stage starts; called off as it encodes the board, the encoding stops at
    its first look (no count starts); called off once it is encoded, the count stops as it loads the
    clauses.  Either way the solve ends ``gave_up``, not counted to the end."""
    from pencilkit.engines import sat

    puzzle = Puzzle.from_id("kurodoko:5x5:.,.,.,.,.,3,.,7,.,.,.,.,8,.,.,.,.,.,.,6,.,.,.,.,2")
    assert solve(puzzle).status is Status.MULTIPLE
    stop = Cancel()
    counted: list[SatResult] = []
    relaxed = sat._relaxed

    def relaxed_then_stop(*args: Any, **kwargs: Any) -> Any:
        if when == "before":
            stop.set()  # the call comes while the exact stage runs
        made = relaxed(*args, **kwargs)
        stop.set()
        return made

    def count(*args: Any, **kwargs: Any) -> Any:
        counted.append(count_sat(*args, **kwargs))
        return counted[-1]

    monkeypatch.setattr(sat, "_relaxed", relaxed_then_stop)
    monkeypatch.setattr(sat, "count_sat", count)
    found = solve(puzzle, cancel=stop)
    assert stop.is_set() and found.status is Status.GAVE_UP and found.method == "sat"
    assert [(c.count, c.exhaustive, c.clauses) for c in counted] == ([] if when == "before" else [(0, False, 0)])


def test_a_conflict_limit_gives_up_on_a_hard_puzzle_and_not_on_an_easy_one() -> None:
    from pencilkit.engines.sat import SatSession, SatTimeout

    hard = next(r for r in load_corpus("nurikabe") if r["name"] == "janko-nurikabe-0029")
    with SatSession(NURIKABE, Puzzle.from_id(hard["puzzle"]), conflicts=1000) as session:
        with pytest.raises(SatTimeout):
            session.next_solution()
    easy = load_corpus("nurikabe")[0]
    with SatSession(NURIKABE, Puzzle.from_id(easy["puzzle"]), conflicts=1000) as session:
        found = session.next_solution()
    assert found is not None and session.calls >= 1


@pytest.mark.parametrize("genre", GENRES)
def test_sat_count_from_a_partial_board_matches_brute_force(genre: str) -> None:
    """Fixed cells may narrow the encoding (islands grow from the land joined to their clue,
    around known sea); the count must still be exactly the solutions that agree with them."""
    rng = random.Random(30)
    outcomes = set()
    for _ in range(150):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (2, 5), (2, 6)])
        puzzle = random_board(genre, rng, rows, cols)
        truth = oracle.solutions(find_genre(puzzle.genre), puzzle)
        size = puzzle.grid.size
        if truth and rng.random() < 0.7:  # part of a solution, so it keeps at least that one
            shaded, unshaded = partial(rng, rng.choice(truth), size)
        else:  # any cells, mostly with no solution left
            keep = sum(1 << c for c in range(size) if rng.random() < 0.3)
            shaded = keep & sum(1 << c for c in range(size) if rng.random() < 0.5)
            unshaded = keep & ~shaded
        shaded &= ~puzzle.clue_mask
        unshaded |= puzzle.clue_mask & (0 if genre == "kurodoko" else puzzle.grid.full)
        agreeing = sorted(s for s in truth if not s & unshaded and s & shaded == shaded)
        result = count_sat(find_genre(puzzle.genre), puzzle, limit=len(agreeing) + 1, shaded=shaded, unshaded=unshaded)
        assert result.exhaustive
        assert sorted(a.shaded for a in result.solutions) == agreeing, (puzzle.id(), shaded, unshaded)
        outcomes.add(capped(len(agreeing)))
    assert outcomes == {0, 1, 2}


@pytest.mark.parametrize("shape", [(1, 3), (1, 4), (1, 6), (2, 2), (2, 3), (3, 3), (3, 4)])
def test_the_lonely_white_clauses_hold_on_every_legal_shading(shape: tuple[int, int]) -> None:
    """Every shading with black cells apart and the white cells connected satisfies every clause "a white
    cell has a white neighbour" (boards of four cells or more; smaller ones get none), and the clauses
    do cut off a shading with a white cell walled in by black ones."""
    from pencilkit.genres.black_white import lonely_white_clauses
    from pencilkit.grid import Grid

    grid = Grid.of(*shape)
    black = list(range(1, grid.size + 1))
    clauses = lonely_white_clauses(grid, black)
    if grid.size < 4:
        assert clauses == []
        return

    def satisfied(shaded: int) -> bool:
        return all(any((lit > 0) == bool(shaded >> (abs(lit) - 1) & 1) for lit in clause) for clause in clauses)

    legal = 0
    for shaded in range(1 << grid.size):
        white = grid.full & ~shaded
        apart = not any(shaded >> c & 1 and shaded >> d & 1 for c in range(grid.size) for d in grid.neighbour_lists[c])
        if apart and white and grid.flood(white & -white, white) == white:
            legal += 1
            assert satisfied(shaded)
    walled = sum(1 << d for d in grid.neighbour_lists[0])  # the corner cell white, its neighbours black
    assert legal and not satisfied(walled)
