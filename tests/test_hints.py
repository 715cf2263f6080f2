"""Hints from the player's board: sound, starting from the player's marks, and enough to finish.

The solutions here come from the corpus or from the generator, the boards are
random correct partial answers, and every cell a hint names is compared with
the solution.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

import pencilkit
from pencilkit.frame.budget import Budget, Cancel, OutOfTime
from pencilkit.frame.levels import Level
from pencilkit.frame.ruleset import Ruleset
from pencilkit.genres import find_genre, start_board
from pencilkit.grid import Mask
from pencilkit.hints import hint_for, next_hint
from pencilkit.puzzle import Answer, Puzzle

from .conftest import load_corpus


def cases() -> list[tuple[Puzzle, Answer]]:
    out = []
    for seed, (size, level) in enumerate([(5, "easy"), (6, "medium"), (7, "hard"), (7, "expert")]):
        made = pencilkit.generate("nurikabe", size, size, level, seed=seed)[0]
        out.append((made.puzzle, made.solution))
    small = [r for r in load_corpus("kurodoko") if r["rows"] * r["cols"] <= 100][:4]
    for record in small:
        out.append((Puzzle.from_id(record["puzzle"]), Answer.from_rows(record["solution"])))
    return out


CASES = cases()


def partial(solution: Answer, rng: random.Random, share: float) -> Answer:
    """Some of the solution's cells, marked as they are in it."""
    keep: Mask = 0
    for cell in range(solution.grid.size):
        if rng.random() < share:
            keep |= 1 << cell
    return Answer(solution.rows, solution.cols, solution.shaded & keep, solution.unshaded & keep)


def full(solution: Answer) -> Answer:
    return Answer(solution.rows, solution.cols, solution.shaded, solution.grid.full & ~solution.shaded)


@pytest.mark.parametrize("puzzle, solution", CASES, ids=[p.id()[:40] for p, _ in CASES])
def test_hints_on_correct_partial_boards_are_true_and_new(puzzle: Puzzle, solution: Answer) -> None:
    solution = full(solution)
    rng = random.Random(puzzle.id())
    kinds = set()
    for _ in range(12):
        marks = partial(solution, rng, rng.choice([0.0, 0.2, 0.5, 0.8]))
        hint = next_hint(puzzle, marks, solution)
        kinds.add(hint.kind)
        if hint.kind == "solved":
            assert marks.shaded == solution.shaded
            continue
        assert hint.kind in ("step", "reveal"), hint
        assert hint.shade | hint.unshade, "a hint names at least one cell"
        assert hint.shade & ~solution.shaded == 0
        assert hint.unshade & solution.shaded == 0
        assert (hint.shade | hint.unshade) & (marks.shaded | marks.unshaded | puzzle.clue_mask) == 0, \
            "a hint only names cells the player has not marked"
        if hint.kind == "step":
            assert hint.technique and hint.level is not None and hint.message
    assert "step" in kinds


@pytest.mark.parametrize("puzzle, solution", CASES[:3] + CASES[-2:], ids=[p.id()[:40] for p, _ in CASES[:3] + CASES[-2:]])
def test_following_hints_finishes_the_puzzle(puzzle: Puzzle, solution: Answer) -> None:
    solution = full(solution)
    marks = Answer(puzzle.rows, puzzle.cols, 0, 0)
    for _ in range(puzzle.grid.size + 1):
        hint = next_hint(puzzle, marks, solution)
        if hint.kind == "solved":
            break
        assert hint.kind in ("step", "reveal")
        marks = Answer(puzzle.rows, puzzle.cols, marks.shaded | hint.shade,
                       (marks.unshaded | hint.unshade) & ~puzzle.clue_mask)
    else:
        raise AssertionError("the hints never finished the puzzle")
    assert marks.shaded == solution.shaded


@pytest.mark.parametrize("puzzle, solution", CASES, ids=[p.id()[:40] for p, _ in CASES])
def test_a_wrong_mark_is_named_before_anything_else(puzzle: Puzzle, solution: Answer) -> None:
    solution = full(solution)
    rng = random.Random(puzzle.id() + "wrong")
    grid = puzzle.grid
    for _ in range(6):
        marks = partial(solution, rng, 0.5)
        cell = rng.choice([c for c in range(grid.size) if not puzzle.clue_mask >> c & 1])
        bit = 1 << cell
        if solution.shaded & bit:  # mark it unshaded instead
            marks = Answer(marks.rows, marks.cols, marks.shaded & ~bit, marks.unshaded | bit)
        else:
            marks = Answer(marks.rows, marks.cols, marks.shaded | bit, marks.unshaded & ~bit)
        hint = next_hint(puzzle, marks, solution)
        assert hint.kind == "mistake"
        assert hint.shade | hint.unshade == bit
        assert grid.name(cell) in hint.message


# -- the budget ------------------------------------------------------------------


def expert_step_board() -> tuple[Puzzle, Answer, Answer]:
    """janko-nurikabe-1055 (40x57) 760 steps into its ladder, its solution, and the board: the next step
    there is an expert probe over the whole board (about half a second), as slow as hints get on the
    corpus."""
    record = next(r for r in load_corpus("nurikabe") if r["name"] == "janko-nurikabe-1055")
    puzzle = Puzzle.from_id(record["puzzle"])
    board = start_board(puzzle)
    find_genre(puzzle.genre).ruleset.run(board, max_steps=760)
    return puzzle, full(Answer.from_rows(record["solution"])), board.answer()


def call_off_later(flag: Cancel, seconds: float) -> list[float]:
    """Set ``flag`` from a timer thread ``seconds`` from now; the list gets the process's CPU time then."""
    at: list[float] = []

    def call_off() -> None:
        at.append(time.process_time())
        flag.set()

    threading.Timer(seconds, call_off).start()
    return at


def test_a_hint_called_off_before_it_starts_runs_no_ladder(monkeypatch: pytest.MonkeyPatch) -> None:
    """With its budget called off, ``next_hint`` raises ``OutOfTime`` without running the ladder;
    ``hint_for`` and ``pencilkit.hint`` answer ``unavailable``."""
    puzzle, solution = CASES[2]
    solution = full(solution)
    runs = 0
    run = Ruleset.run

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal runs
        runs += 1
        return run(*args, **kwargs)

    monkeypatch.setattr(Ruleset, "run", counted)
    flag = Cancel()
    flag.set()
    empty = Answer(puzzle.rows, puzzle.cols, 0, 0)
    with pytest.raises(OutOfTime):
        next_hint(puzzle, empty, solution, budget=Budget(cancel=flag))
    assert runs == 0
    solved = pencilkit.solve(puzzle)
    assert hint_for(puzzle, empty, solved, budget=Budget(cancel=flag)).kind == "unavailable"
    assert pencilkit.hint(puzzle, cancel=flag).kind == "unavailable"
    assert hint_for(puzzle, empty, solved, budget=Budget()).kind == "step"


def test_a_hint_called_off_while_it_probes_stops_promptly() -> None:
    """A slow hint (an expert probe on a 40x57 board) called off by a timer thread a tenth of the way in
    raises ``OutOfTime``, and the CPU time it spends after the call off is a small part of the whole
    hint left alone."""
    puzzle, solution, marks = expert_step_board()
    start = time.process_time()
    alone = next_hint(puzzle, marks, solution, budget=Budget())
    alone_cpu = time.process_time() - start
    assert alone.kind == "step" and alone.level is Level.EXPERT, alone
    flag = Cancel()
    called_off = call_off_later(flag, alone_cpu / 10)
    with pytest.raises(OutOfTime):
        next_hint(puzzle, marks, solution, budget=Budget(cancel=flag))
    after = time.process_time() - called_off[0]
    assert after < alone_cpu / 4, (after, alone_cpu)
