"""The SAT engine keeps its budget in every loop: encoding, loading the clauses, and each solver call.

No test compares a wall time with a constant: work is counted (clues
encoded, clauses loaded), and the CPU time spent after a call off is
compared with the same work left alone, measured in the same test.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from pencilkit import Puzzle, parse, solve
from pencilkit.engines import sat
from pencilkit.engines.sat import SatSession, count_sat, encode
from pencilkit.frame.budget import Budget, Cancel, OutOfTime
from pencilkit.frame.solve import Status
from pencilkit.genres import find_genre
from pencilkit.genres.nurikabe import NURIKABE

from ..conftest import corpus_lines, load_corpus

HARD_BOARD = (Path(__file__).parents[1] / "web" / "hard_kurodoko_60x60.txt").read_text().strip()
"""A 60x60 Kurodoko with 1,221 clues: the ladder stalls at once, and its SAT encoding is 4.8 million
clauses (seconds to make, seconds to load into a solver)."""
GENRES = ("nurikabe", "kurodoko", "heyawake")


def call_off_later(flag: Cancel, seconds: float) -> list[float]:
    """Set ``flag`` from a timer thread ``seconds`` from now; the list gets the process's CPU time then."""
    at: list[float] = []

    def call_off() -> None:
        at.append(time.process_time())
        flag.set()

    timer = threading.Timer(seconds, call_off)
    timer.daemon = True
    timer.start()
    return at


def biggest(genre: str) -> Puzzle:
    """The corpus puzzle of ``genre`` with the most cells."""
    return max((parse(line) for line in corpus_lines(genre)), key=lambda p: p.rows * p.cols)


@pytest.mark.parametrize("genre", GENRES)
def test_an_encoder_stops_at_its_next_look(genre: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Called off while it counts a clue's (or room's) cells, an encoder makes no other count (it makes one
    for each numbered clue or room when left alone): it looks at the budget before each one.  Called
    off before it starts, it makes none."""
    module: Any = __import__(f"pencilkit.genres.{genre}.sat", fromlist=["cardinality"])
    puzzle = biggest(genre)
    numbered = sum(1 for _, number in puzzle.clues if number is not None)
    flag = Cancel()
    counts = 0
    cardinality = module.cardinality

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal counts
        counts += 1
        if counts == 2:
            flag.set()
        return cardinality(*args, **kwargs)

    monkeypatch.setattr(module, "cardinality", counted)
    encode(find_genre(genre), puzzle, sat.IDPool())  # no budget: the flag changes nothing
    assert counts == numbered > 2
    counts = 0
    flag = Cancel()
    with pytest.raises(OutOfTime):
        encode(find_genre(genre), puzzle, sat.IDPool(), budget=Budget(cancel=flag))
    assert counts == 2
    counts = 0
    with pytest.raises(OutOfTime):
        encode(find_genre(genre), puzzle, sat.IDPool(), budget=Budget(cancel=flag))
    assert counts == 0


def test_loading_the_clauses_looks_at_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A session called off as it loads its clauses stops within :data:`~pencilkit.engines.sat.LOAD_CLAUSES`
    of them, and frees its solver; a count called off there is not exhaustive and says so."""
    puzzle = biggest("nurikabe")
    pool = sat.IDPool()
    encoding = encode(NURIKABE, puzzle, pool)
    monkeypatch.setattr(sat, "LOAD_CLAUSES", 100)
    assert len(encoding.clauses) > 1000
    flag = Cancel()
    loaded = 0
    deleted: list[int] = []
    add_clause = sat.Solver.add_clause
    delete = sat.Solver.delete

    def counted(solver: Any, clause: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal loaded
        loaded += 1
        if loaded == 250:
            flag.set()
        return add_clause(solver, clause, *args, **kwargs)

    def deleting(solver: Any) -> Any:
        if solver.solver is not None:  # (not one deleted already)
            deleted.append(id(solver))
        return delete(solver)

    monkeypatch.setattr(sat.Solver, "add_clause", counted)
    monkeypatch.setattr(sat.Solver, "delete", deleting)
    with pytest.raises(OutOfTime):
        SatSession(NURIKABE, puzzle, budget=Budget(cancel=flag), encoded=(pool, encoding))
    assert loaded == 300 and len(deleted) == 1
    result = count_sat(NURIKABE, puzzle, budget=Budget(cancel=flag), encoded=(pool, encoding))
    assert (result.count, result.exhaustive, result.clauses) == (0, False, 0)


def test_a_big_solve_called_off_while_it_encodes_stops_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the 60x60 Kurodoko a solve called off (from a timer thread, 0.3 s into its SAT encoding) gives
    up: the encoder stops at its next clue, no clause reaches a solver, and the CPU time spent after
    the call off is a small part of the whole solve left alone (it was nearly all of it when the
    encoding and the loading of its 4.8 million clauses did not look at the cancel flag)."""
    from pencilkit.genres.kurodoko import sat as kurodoko_sat

    puzzle = parse(HARD_BOARD)
    start = time.process_time()
    alone = solve(puzzle)
    alone_cpu = time.process_time() - start
    assert alone.method == "sat"  # the ladder stalls: the exact stage does the work

    flag = Cancel()
    called_off: list[list[float]] = []
    encoded = 0
    sessions = 0
    cardinality, encoder, session = kurodoko_sat.cardinality, kurodoko_sat.encode, SatSession.__init__

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal encoded
        encoded += 1
        return cardinality(*args, **kwargs)

    def call_off_while_encoding(*args: Any, **kwargs: Any) -> Any:
        called_off.append(call_off_later(flag, 0.3))
        return encoder(*args, **kwargs)

    def counted_session(*args: Any, **kwargs: Any) -> None:
        nonlocal sessions
        sessions += 1
        session(*args, **kwargs)

    monkeypatch.setattr(kurodoko_sat, "cardinality", counted)
    monkeypatch.setattr(kurodoko_sat, "encode", call_off_while_encoding)
    monkeypatch.setattr(SatSession, "__init__", counted_session)
    stopped = solve(puzzle, cancel=flag)
    after = time.process_time() - called_off[0][0]
    numbered = sum(1 for _, number in puzzle.clues if number is not None)
    assert stopped.status is Status.GAVE_UP and stopped.method == "sat"
    assert 0 < encoded < numbered and sessions == 0, (encoded, numbered, sessions)
    assert after < alone_cpu / 10, (after, alone_cpu)


@pytest.mark.parametrize("solver", ["glucose4", "cadical195"])
def test_a_count_called_off_in_a_solver_call_is_interrupted(solver: str) -> None:
    """The solver's calls stop too: on janko-nurikabe-0029 (10x10, clues 37 and 36) the SAT count alone is
    still running after 2 s; called off at 0.3 s (by a timer thread), it stops within a small part of
    that.  Glucose 4 is interrupted in its call (and lets the timer thread run meanwhile); CaDiCaL,
    which cannot be, stops after its slice of conflicts, short on a board this small."""
    record = next(r for r in load_corpus("nurikabe") if r["name"] == "janko-nurikabe-0029")
    puzzle = Puzzle.from_id(str(record["puzzle"]))
    start = time.process_time()
    alone = count_sat(NURIKABE, puzzle, budget=Budget(seconds=2), solver=solver)
    alone_cpu = time.process_time() - start
    assert not alone.exhaustive  # a hard count: it ran all its 2 s
    flag = Cancel()
    called_off = call_off_later(flag, 0.3)
    stopped = count_sat(NURIKABE, puzzle, budget=Budget(seconds=60, cancel=flag), solver=solver)
    after = time.process_time() - called_off[0]
    assert not stopped.exhaustive and stopped.count == 0
    assert after < alone_cpu / 4, (after, alone_cpu)


def test_a_big_encoding_under_a_budget_gets_an_interruptible_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """CaDiCaL's slices are short only on small encodings: under a budget, an encoding over
    :data:`~pencilkit.engines.sat.BIG_ENCODING` clauses runs Glucose 4; without a budget, or below it,
    CaDiCaL; a solver asked for by name is run."""
    puzzle = Puzzle.from_id("nurikabe:3x3:.,.,.,.,.,.,5,.,1")
    with SatSession(NURIKABE, puzzle, budget=Budget()) as session:
        assert session.solver_name == sat.DEFAULT_SOLVER == "cadical195" and not session.interruptible
        size = session.clause_count
    monkeypatch.setattr(sat, "BIG_ENCODING", size - 1)
    with SatSession(NURIKABE, puzzle, budget=Budget()) as session:
        assert session.solver_name == sat.BUDGET_SOLVER == "glucose4" and session.interruptible
    with SatSession(NURIKABE, puzzle) as session:
        assert session.solver_name == "cadical195"
    with SatSession(NURIKABE, puzzle, budget=Budget(), solver="cadical195") as session:
        assert session.solver_name == "cadical195"
