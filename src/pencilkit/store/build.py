"""Building a collection: every missing slot made on a pool of workers, each answer stored as it comes.

Workers run :func:`make_slot` (a plain function of the slot, so any executor
can run it: a local process pool, or a Dask cluster's ``Client``, which has
the same ``submit``); the driver alone writes the store.  A run goes in
rounds.  In each, every slot not yet done is made at its current attempt;
then puzzles that repeat an earlier slot's puzzle under a symmetry of the
board are dropped, in slot order, and those slots move to their next
attempt; so are puzzles whose solution is an earlier slot's under a
symmetry (two puzzles of one collection never share a solution).  A slot's
canonical form holds both, ``puzzle|solution``.  Because a slot's puzzle depends only on its seed, the rounds reach
the same collection whatever order the answers come in, and a run that was
killed and started again reaches the same collection as one that was not.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from .. import __version__
from ..api import generate
from ..frame.generator import GenerationFailed
from ..frame.solve import PROFILE_VERSION
from ..frame.symmetry import PUBLISHED
from ..puzzle import Puzzle
from .database import Store
from .pool import local_pool
from .spec import CollectionSpec, Slot

MAX_ATTEMPTS = 20
"""Attempts a slot may take to find a puzzle no earlier slot has (then it is reported as failed)."""
TRIES = 2
"""Times a failing slot is run (a budget that ran out, a worker that died) before it is reported."""


def images(rows: int, cols: int) -> list[tuple[int, int, Callable[[int, int], tuple[int, int]]]]:
    """The board's symmetries (8 for a square, else 4): each the shape it maps to and where a cell goes."""
    maps: list[tuple[int, int, Callable[[int, int], tuple[int, int]]]] = [
        (rows, cols, lambda r, c: (r, c)),
        (rows, cols, lambda r, c: (r, cols - 1 - c)),
        (rows, cols, lambda r, c: (rows - 1 - r, c)),
        (rows, cols, lambda r, c: (rows - 1 - r, cols - 1 - c)),
    ]
    if rows == cols:
        maps += [
            (cols, rows, lambda r, c: (c, r)),
            (cols, rows, lambda r, c: (c, rows - 1 - r)),
            (cols, rows, lambda r, c: (cols - 1 - c, r)),
            (cols, rows, lambda r, c: (cols - 1 - c, rows - 1 - r)),
        ]
    return maps


def canonical(puzzle: Puzzle) -> str:
    """The least puzzle ID among the puzzle's images under the board's symmetries (8 for a square, else 4)."""
    rows, cols = puzzle.rows, puzzle.cols
    clues = puzzle.clue_map
    found = []
    for new_rows, new_cols, move in images(rows, cols):
        moved = {}
        for cell, number in clues.items():
            r, c = move(*divmod(cell, cols))
            moved[r * new_cols + c] = number
        found.append(Puzzle.make(puzzle.genre, new_rows, new_cols, moved).id())
    return min(found)


def canonical_solution(solution: list[str]) -> str:
    """The least of a solution's images (its rows joined by ``/``) under the board's symmetries."""
    rows, cols = len(solution), len(solution[0]) if solution else 0
    found = []
    for new_rows, new_cols, move in images(rows, cols):
        grid = [["-"] * new_cols for _ in range(new_rows)]
        for r, line in enumerate(solution):
            for c, mark in enumerate(line):
                nr, nc = move(r, c)
                grid[nr][nc] = mark
        found.append("/".join("".join(line) for line in grid))
    return min(found)


def make_slot(slot: Slot, attempt: int, time_budget: float, style: str | None,
              symmetry: str = PUBLISHED, scores: tuple[int, int] | None = None) -> dict[str, Any]:
    """Generate one slot's puzzle at ``attempt``; a dictionary for the store, or ``{"failed": reason}``."""
    seed = slot.seed(attempt)
    start = time.process_time()
    try:
        made = generate(slot.genre, slot.rows, slot.cols, slot.level, seed=seed, seconds=time_budget,
                        style=style, symmetry=symmetry, scores=scores)[0]
    except GenerationFailed as failed:
        return {"failed": str(failed)}
    puzzle = made.puzzle
    numbers = [number for _, number in puzzle.clues if number is not None]
    stats = {"clues": len(puzzle.clues), "ones": numbers.count(1),
             "shaded": made.solution.shaded.bit_count(), "cells": puzzle.rows * puzzle.cols,
             "attempts": made.attempts, "changes": made.changes, "score": made.score}
    return {"slot": slot.key, "genre": slot.genre, "rows": slot.rows, "cols": slot.cols, "level": slot.level,
            "index": slot.index, "attempt": attempt, "seed": seed, "puzzle": puzzle.id(),
            "canonical": f"{canonical(puzzle)}|{canonical_solution(made.solution.to_rows())}",
            "solution": made.solution.to_rows(), "rating": made.rating.label,
            "exact": made.exact, "style": made.style, "stats": stats,
            "generator": f"pencilkit {__version__}, profile {PROFILE_VERSION}",
            "seconds": time.process_time() - start}


@dataclass
class Report:
    """What a run did."""

    made: int = 0
    skipped: int = 0
    repeats: int = 0
    retried: int = 0
    """Failed tries made again (a worker that died, a budget that ran out)."""
    failed: dict[str, str] = field(default_factory=dict)


Progress = Callable[[int], Any]


def build(spec: CollectionSpec, store: Store, pool: Callable[[], Executor], *, progress: Progress | None = None,
          log: Callable[[str], None] = lambda line: print(line, file=sys.stderr)) -> Report:
    """Make every slot of ``spec`` the store does not hold yet (see the module docstring).

    ``pool()`` gives the executor to run on; a new one is asked for when a worker dies and takes the pool
    down with it (every slot then in flight counts a failed try).
    """
    report = Report()
    slots = {slot.key: slot for slot in spec.slots()}
    order = list(slots)
    done = store.done()
    failures = store.failures()
    report.skipped = sum(key in done for key in order)
    attempts = {key: done[key][0] if key in done else failures.get(key, (0, "", 0))[0] for key in order}
    given_up: set[str] = set()
    for key, (attempt, reason, tries) in failures.items():
        if key in slots and key not in done and tries >= TRIES and attempts[key] == attempt:
            given_up.add(key)
            report.failed[key] = reason
    executor = pool()
    try:
        while True:
            todo = [key for key in order if key not in done and key not in given_up]
            if not todo:
                repeats = _repeats(order, done)
                if not repeats:
                    return report
                for key in repeats:
                    store.drop(key)
                    del done[key]
                    attempts[key] += 1
                    report.repeats += 1
                    if attempts[key] >= MAX_ATTEMPTS:
                        given_up.add(key)
                        report.failed[key] = f"every one of {MAX_ATTEMPTS} attempts repeated an earlier puzzle or solution"
                continue
            futures: dict[Future[dict[str, Any]], str] = {
                executor.submit(make_slot, slots[key], attempts[key], spec.time_budget, spec.style,
                                spec.symmetry, spec.scores): key
                for key in todo}
            broken = False
            for future in as_completed(futures):
                key = futures[future]
                try:
                    row = future.result()
                except BrokenProcessPool:
                    row, broken = {"failed": "a worker died"}, True
                except Exception as crash:  # an error on a cluster's worker
                    row = {"failed": f"{type(crash).__name__}: {crash}"}
                if "failed" in row:
                    tries = store.fail(key, attempts[key], row["failed"])
                    if tries >= TRIES:
                        given_up.add(key)
                        report.failed[key] = row["failed"]
                        log(f"{key}: {row['failed']} (given up after {tries} tries)")
                    else:
                        report.retried += 1
                else:
                    store.add(row)
                    done[key] = (row["attempt"], row["canonical"])
                    report.made += 1
                if progress is not None:
                    progress(1)
            if broken:
                executor.shutdown(wait=False, cancel_futures=True)
                executor = pool()
    finally:
        executor.shutdown(wait=False, cancel_futures=True)


def _repeats(order: Iterable[str], done: dict[str, tuple[int, str]]) -> list[str]:
    """The slots whose puzzle, or whose solution, is an earlier slot's under a symmetry (the earlier one
    keeps it).  A form without ``|`` (a store made before solutions were compared) has its puzzle alone."""
    puzzles: set[str] = set()
    solutions: set[str] = set()
    out = []
    for key in order:
        if key not in done:
            continue
        puzzle, _, solution = done[key][1].partition("|")
        if puzzle in puzzles or (solution and solution in solutions):
            out.append(key)
        puzzles.add(puzzle)
        if solution:
            solutions.add(solution)
    return out


__all__ = ["MAX_ATTEMPTS", "TRIES", "Report", "build", "canonical", "canonical_solution", "local_pool", "make_slot"]
