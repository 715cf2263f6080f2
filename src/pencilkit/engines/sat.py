"""Count solutions with a SAT solver: a genre encoding, lazy cuts, blocking clauses.

Every genre here has one Boolean per cell (true = shaded) and local rules that
are plain clauses, plus a global rule, connectivity, that clauses express badly.
So the driver solves the local rules, asks the genre's ``cuts`` whether the
model breaks connectivity, and if it does adds the clauses that forbid the
broken configuration (each one true in every solution) and solves again.  A
model with no cuts is a solution; it is recorded and blocked with a clause over
the cell variables, and counting goes on to ``limit`` (two proves uniqueness).

A genre brings its own encoding (:class:`SatGenre`: ``sat_encoder()`` returns
``encode(puzzle, pool, given, relax, budget=...) -> Encoding``); the driver knows no genre.
A budget reaches every loop: the encoders look at it per clue, room or row
(:func:`look`), the driver between every :data:`LOAD_CLAUSES` clauses it
loads into the solver, and a watcher thread interrupts the solver's calls.
:func:`narrow` settles what it can of a board in a relaxation of the encoding,
which can be much easier to solve than the count, and :func:`finish` uses both
to count from a board the ladder stalled on.

>>> from pencilkit.genres import NURIKABE
>>> from pencilkit.puzzle import Puzzle
>>> result = count_sat(NURIKABE, Puzzle.from_id("nurikabe:3x3:.,.,.,.,.,.,5,.,1"))
>>> result.count, result.exhaustive, result.solutions[0].to_rows()
(1, True, ['---', '-##', '-#-'])
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..errors import PencilkitError
from ..frame.board import Board, Contradiction
from ..frame.budget import Budget, OutOfTime
from ..frame.genre import Violation
from ..frame.levels import Level
from ..frame.ruleset import Ruleset
from ..frame.search import SearchResult
from ..grid import Mask, cells
from ..puzzle import Answer, Puzzle

try:  # python-sat is a dependency; a build without it has no SAT engine
    from pysat.formula import IDPool
    from pysat.solvers import Solver
except ImportError:  # pragma: no cover - exercised only without the extra
    IDPool = None
    Solver = None

Clause = list[int]

DEFAULT_SOLVER = "cadical195"
"""The SAT solver python-sat runs: CaDiCaL 1.9.5, the fastest on the hardest stalled boards of
the corpus.  python-sat cannot interrupt CaDiCaL (nor let another thread run during its calls),
so a budget is kept by solving in slices of :data:`SLICE_CONFLICTS` conflicts and looking at the
clock between them; a session under a budget whose encoding has more than :data:`BIG_ENCODING`
clauses runs :data:`BUDGET_SOLVER` instead."""
BUDGET_SOLVER = "glucose4"
"""The SAT solver of a session under a budget with a big encoding: Glucose 4.1, whose calls a
watcher thread interrupts once the budget runs out or is called off (and python-sat lets other
threads run during such a call: the web worker's own watcher among them)."""
BIG_ENCODING = 50_000
"""Clauses above which a session under a budget runs :data:`BUDGET_SOLVER`, not CaDiCaL: a slice of
CaDiCaL is short only on a small encoding.  It took milliseconds on the stalled boards of the
corpus up to 30,000 clauses, up to 0.4 s on janko-nurikabe-0688 (67,000 clauses), and on a 60x60
Kurodoko (4.8 million) 3.9 s for one slice of 5,000 conflicts and up to 5.8 s for slices of 100
(its inprocessing), while Glucose 4 stopped there within 35 ms of the call off.  Glucose 4 is no
slower on such boards: the count of janko-nurikabe-0688 took 0.69 s against CaDiCaL's 1.12 s,
and on the 60x60 Kurodoko loading its clauses took 1.8 s against 2.9 s and its first model 3.3 s
against 3.9 s."""
SLICE_CONFLICTS = 5000
"""Conflicts per solver call when CaDiCaL runs under a budget (tens of milliseconds on the corpus's
boards, up to 0.4 s on janko-nurikabe-0688, seconds on a 60x60 board)."""
LOAD_CLAUSES = 4096
"""Clauses loaded into a solver between two looks at the budget (a few milliseconds)."""
WATCH_SECONDS = 0.02
"""How often a watcher looks at the budget of an interruptible solver's call."""
NARROW_SOLVER = "glucose4"
"""The solver :func:`narrow` runs: Glucose 4.1, which narrows the corpus's stalled boards faster than
CaDiCaL and settles the same cells on every one of them."""
NARROW_CONFLICTS = (50, 300)
"""Conflicts :func:`narrow` spends on one cell in each round: a cell the first round cannot settle
is asked again in the next, once the solver has learned from all the others (then it is mostly quick)."""
NARROW_BUDGET = 30_000
"""Conflicts :func:`narrow` may spend in all, its first model included (seconds on the largest boards)."""


class SatTimeout(Exception):
    """The solver was interrupted: its budget ran out or was called off."""


class Model:
    """A satisfying assignment, read by variable: the solver's model, a list of literals in which
    variable ``v`` is at index ``v - 1`` (a variable past its end is false)."""

    __slots__ = ("_literals",)

    def __init__(self, literals: list[int]) -> None:
        self._literals = literals

    def value(self, lit: int) -> bool:
        """The truth of a literal (negative = negated variable).

        >>> Model([1, -2]).value(1), Model([1, -2]).value(2), Model([1, -2]).value(-2), Model([1]).value(3)
        (True, False, True, False)
        """
        var = lit if lit > 0 else -lit
        true = var <= len(self._literals) and self._literals[var - 1] > 0
        return true if lit > 0 else not true

    def mask(self, variables: Sequence[int]) -> Mask:
        """The cells whose variable is true, ``variables[c]`` being cell c's (a shading mask).

        >>> bin(Model([1, -2, 3]).mask([3, 2, 1, 4])), bin(Model([1, -2]).mask([-2, -1, -5, 5]))
        ('0b101', '0b101')
        """
        literals = self._literals
        size = len(literals)
        flags = "".join("1" if (literals[var - 1] > 0 if 0 < var <= size else self.value(var)) else "0"
                        for var in reversed(variables))
        return int(flags, 2) if flags else 0


@dataclass
class Encoding:
    """A genre's clauses over one shading variable per cell, and its lazy cuts.

    ``cuts(model, shaded)`` returns clauses that hold in every solution and that
    the model breaks, or ``[]`` when the model's shading is a solution.
    """

    shade: list[int]
    """Variable of each cell, true when the cell is shaded."""
    clauses: list[Clause]
    cuts: Callable[[Model, Mask], list[Clause]]
    relaxed: bool = False
    """True when the encoding was asked to relax and left out some constraint (see :func:`narrow`)."""


class Encoder(Protocol):
    """A genre's encoding: ``encode(puzzle, pool, given, relax, budget=budget)``.  It may use the cells
    ``given`` as ``(shaded, unshaded)`` to encode less (the caller fixes them).  With ``relax``, it may
    leave out constraints that are hard for the solver; every clause it keeps still holds in every
    solution.  It looks at the ``budget`` as it goes (:func:`look`: per clue, room or row, every few
    milliseconds at most) and raises ``OutOfTime`` once it runs out or is called off."""

    def __call__(self, puzzle: Puzzle, pool: Any, given: tuple[Mask, Mask] = ..., relax: bool = ..., *,
                 budget: Budget | None = None) -> Encoding: ...


def look(budget: Budget | None) -> None:
    """Raise ``OutOfTime`` when ``budget`` (if any) has run out or was called off: what an encoder's
    loops call between two pieces of work."""
    if budget is not None:
        budget.check()


@runtime_checkable
class SatGenre(Protocol):
    """What the SAT driver needs of a genre: its encoding, its rule checker and its ladder."""

    @property
    def ruleset(self) -> Ruleset: ...

    def check(self, puzzle: Puzzle, answer: Answer) -> list[Violation]: ...

    def sat_encoder(self) -> Encoder | None: ...


@dataclass
class SatResult(SearchResult):
    """What a SAT count found: the solutions (up to the limit) and the work done.

    ``nodes`` counts solver calls; ``cuts`` the lazy clauses added.
    """

    seconds: float = 0.0
    cuts: int = 0
    variables: int = 0
    clauses: int = 0


def require_pysat() -> None:
    if Solver is None:
        raise PencilkitError("the SAT engine needs python-sat: pip install 'pencilkit[sat]'")


def sat_genre(genre: object, name: str) -> SatGenre:
    """``genre`` as a genre the SAT engine can encode (``PencilkitError`` if it cannot)."""
    if not isinstance(genre, SatGenre) or genre.sat_encoder() is None:
        raise PencilkitError(f"the SAT engine has no encoding for {name}")
    return genre


def encode(genre: SatGenre, puzzle: Puzzle, pool: IDPool, given: tuple[Mask, Mask] = (0, 0),
           relax: bool = False, *, budget: Budget | None = None) -> Encoding:
    """The encoding of ``puzzle`` by its genre (see :class:`Encoder`); ``OutOfTime`` when the
    ``budget`` runs out or is called off first."""
    encoder = genre.sat_encoder()
    if encoder is None:
        raise PencilkitError(f"the SAT engine has no encoding for {puzzle.genre}")
    return encoder(puzzle, pool, given, relax, budget=budget)


class SatSession:
    """One puzzle's encoding loaded into a solver, solved again and again under cuts.

    Use as a context manager (the solver holds native memory).  A ``budget``
    (:class:`~pencilkit.frame.budget.Budget`) stops the work once it runs out
    or is called off: encoding and loading the clauses look at it as they go
    (then the session is not made: ``OutOfTime``), and a watcher thread
    interrupts the solver's calls, or, for a solver that cannot be
    interrupted (CaDiCaL), the solve runs in slices looked at between.  The
    ``solver`` is by default :data:`DEFAULT_SOLVER`, or :data:`BUDGET_SOLVER`
    under a budget when the encoding is over :data:`BIG_ENCODING` clauses.  With
    ``conflicts``, each solver call also gives up after that many conflicts (a
    limit that does not depend on the machine); an uninterruptible solver
    then looks at the budget only between calls.  ``given`` (``(shaded,
    unshaded)``) fixes cells for good, as unit clauses: the solver simplifies
    with them, and the encoding may leave out what they rule out.
    (Assumptions, per call, fix cells for one call only.)  ``encoded`` is an
    encoding made already with :func:`encode` (and its pool) from the same
    ``given``, to use instead of a new one.
    """

    def __init__(self, genre: SatGenre, puzzle: Puzzle, *, solver: str | None = None,
                 budget: Budget | None = None, conflicts: int | None = None, given: tuple[Mask, Mask] = (0, 0),
                 encoded: tuple[IDPool, Encoding] | None = None) -> None:
        require_pysat()
        self.puzzle = puzzle
        self.budget = budget
        if encoded is None:
            self.pool = IDPool()
            self.encoding = encode(genre, puzzle, self.pool, given, budget=budget)
        else:
            self.pool, self.encoding = encoded
        self.conflicts = conflicts
        if solver is None:
            big = budget is not None and len(self.encoding.clauses) > BIG_ENCODING
            solver = BUDGET_SOLVER if big else DEFAULT_SOLVER
        self.solver_name = solver
        self.interruptible = not solver.startswith("cadical")
        self.calls = 0
        self.cuts = 0
        self.clause_count = 0
        self._watcher: threading.Thread | None = None
        self._done = threading.Event()
        self.solver = Solver(name=solver)
        try:
            self.load(self.encoding.clauses)
            self.load([[literal] for literal in self.literals(*given)])
        except BaseException:
            self.solver.delete()
            raise

    def __enter__(self) -> SatSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the watcher (if any) and free the solver."""
        self._done.set()
        if self._watcher is not None:
            self._watcher.join()
            self._watcher = None
        self.solver.delete()

    def add(self, clause: Clause) -> None:
        self.solver.add_clause(clause)
        self.clause_count += 1

    def load(self, clauses: Sequence[Clause]) -> None:
        """Add ``clauses``, looking at the budget between every :data:`LOAD_CLAUSES` of them
        (``OutOfTime`` when it has run out or was called off)."""
        add = self.solver.add_clause
        for start in range(0, len(clauses), LOAD_CLAUSES):
            look(self.budget)
            chunk = clauses[start:start + LOAD_CLAUSES]
            for clause in chunk:
                add(clause)
            self.clause_count += len(chunk)

    def expired(self) -> bool:
        """Whether the budget has run out or the work was called off."""
        return self.budget is not None and self.budget.expired()

    def _solve_once(self, assumptions: Sequence[int], conflicts: int | None = None) -> bool | None:
        """One solver call; ``None`` when the budget ran out (or was called off) or out of conflicts.

        ``conflicts`` limits this call (by default, the session's limit).
        """
        self.calls += 1
        conflicts = self.conflicts if conflicts is None else conflicts
        if self.expired():
            return None
        if self.budget is not None and self.interruptible:
            if conflicts is not None:
                self.solver.conf_budget(conflicts)
            return self._watched(assumptions)
        if conflicts is not None:
            self.solver.conf_budget(conflicts)
            limited = self.solver.solve_limited(assumptions=list(assumptions))
            return None if limited is None else bool(limited)
        if self.budget is None:
            return bool(self.solver.solve(assumptions=list(assumptions)))
        while not self.expired():  # an uninterruptible solver: slices, looked at between
            self.solver.conf_budget(SLICE_CONFLICTS)
            sliced = self.solver.solve_limited(assumptions=list(assumptions))
            if sliced is not None:
                return bool(sliced)
        return None

    def _watched(self, assumptions: Sequence[int]) -> bool | None:
        """One call of an interruptible solver, which the session's watcher thread interrupts once the
        budget expires (python-sat lets other threads run during the call).  The conflict limit set
        before the call, if any, holds too: ``None`` when either stops it."""
        budget = self.budget
        assert budget is not None
        if self._watcher is None:
            self._watcher = threading.Thread(target=self._watch, args=(budget,), daemon=True,
                                             name="pencilkit-sat-watcher")
            self._watcher.start()
        answer = self.solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
        return None if answer is None else bool(answer)

    def _watch(self, budget: Budget) -> None:
        """Interrupt the solver once the budget expires (it stays expired: every later call stops at
        once too), until the session closes."""
        while not self._done.wait(WATCH_SECONDS):
            if budget.expired():
                self.solver.interrupt()
                return

    def next_solution(self, assumptions: Sequence[int] = (), rounds: int | None = None,
                      conflicts: int | None = None) -> Mask | None:
        """The shaded mask of a solution, or ``None`` when none is left.

        Raises :class:`SatTimeout` when the budget runs out first, or when
        ``rounds`` solver calls have not found one.  ``conflicts`` limits each
        call (by default, the session's limit).

        Models that break connectivity are cut off (for good: cuts hold in every
        solution) and the solver is asked again.
        """
        shade = self.encoding.shade
        for _ in itertools.count() if rounds is None else range(rounds):
            answer = self._solve_once(assumptions, conflicts)
            if answer is None:
                raise SatTimeout
            if not answer:
                return None
            model = Model(self.solver.get_model())
            shaded = model.mask(shade)
            new_cuts = self.encoding.cuts(model, shaded)
            if not new_cuts:
                return shaded
            for clause in new_cuts:
                self.add(clause)
            self.cuts += len(new_cuts)
        raise SatTimeout

    def block(self, shaded: Mask) -> None:
        """Forbid the shading ``shaded`` from now on."""
        shade = self.encoding.shade
        self.add([-var if shaded >> c & 1 else var for c, var in enumerate(shade)])

    def literals(self, shaded: Mask, unshaded: Mask) -> list[int]:
        """Assumptions fixing the cells of a partial board."""
        shade = self.encoding.shade
        return [shade[c] for c in cells(shaded)] + [-shade[c] for c in cells(unshaded)]


def answer_of(puzzle: Puzzle, shaded: Mask) -> Answer:
    return Answer(puzzle.rows, puzzle.cols, shaded, puzzle.grid.full & ~shaded)


def _checked(genre: SatGenre, puzzle: Puzzle, shaded: Mask) -> Answer:
    """The answer of a model, after the genre's own checker agrees it is a solution."""
    answer = answer_of(puzzle, shaded)
    broken = genre.check(puzzle, answer)
    if broken:  # a bug in an encoding, never the user's fault
        raise AssertionError(f"SAT model of {puzzle.id()} breaks {broken[0].rule}: {broken[0].message}")
    return answer


def count_sat(
    genre: SatGenre,
    puzzle: Puzzle,
    limit: int = 2,
    *,
    budget: Budget | None = None,
    shaded: Mask = 0,
    unshaded: Mask = 0,
    solver: str | None = None,
    encoded: tuple[IDPool, Encoding] | None = None,
) -> SatResult:
    """Count the solutions of ``puzzle`` (consistent with a partial board) up to ``limit``.

    Each solution found is checked by the genre's rule checker and blocked.
    A count whose ``budget`` runs out (or is called off) is not ``exhaustive``, even when it
    runs out as the puzzle is encoded or loaded into the solver.
    ``encoded`` is an encoding made already from the same partial board, to use
    instead of a new one; ``solver`` is python-sat's name of the solver to run
    (by default as :class:`SatSession` chooses).
    """
    start = time.perf_counter()
    result = SatResult()
    try:
        session = SatSession(genre, puzzle, solver=solver, budget=budget, given=(shaded, unshaded),
                             encoded=encoded)
    except OutOfTime:  # out of time while encoding or loading the clauses
        result.exhaustive = False
        result.seconds = time.perf_counter() - start
        return result
    with session:
        try:
            while result.count < limit:
                found = session.next_solution()
                if found is None:
                    break
                result.solutions.append(_checked(genre, puzzle, found))
                session.block(found)
        except SatTimeout:
            result.exhaustive = False
        result.nodes = session.calls
        result.cuts = session.cuts
        result.variables = session.pool.top
        result.clauses = session.clause_count
    result.seconds = time.perf_counter() - start
    return result


def narrow(
    genre: SatGenre,
    puzzle: Puzzle,
    shaded: Mask = 0,
    unshaded: Mask = 0,
    *,
    budget: Budget | None = None,
    conflicts: Sequence[int] = NARROW_CONFLICTS,
    spend: int = NARROW_BUDGET,
    solver: str = NARROW_SOLVER,
    encoded: tuple[IDPool, Encoding] | None = None,
) -> tuple[Mask, Mask] | None:
    """The open cells of a partial board that a relaxation of the puzzle settles, as
    ``(shade, unshade)``; ``None`` when the relaxation has no solution (so the puzzle has none).

    The idea: every clause of the relaxed encoding holds in every solution, so a
    value the relaxation rules out is wrong in every solution too, and the
    relaxation can be far easier to solve than the puzzle.  One relaxed model M
    is found; then, cell by cell, the solver is asked for a relaxed model that
    differs from M there, within the round's number of ``conflicts``.  None at
    all: the cell takes M's value in every solution.  A model: every cell where
    it differs from M is settled by nothing here, and is not asked about again.
    Out of conflicts: the cell waits for the next round (with more conflicts),
    or stays open after the last; if the first round settles nothing, there is
    no next.  The model M and the questions together may ``spend`` that many
    conflicts: narrowing stops there with what it has (with nothing, if M
    itself takes that many).
    The solver's phases point away from M, so each model it finds rules out as
    many cells as it can.  Models need not have a connected sea (no cuts are
    asked for): they are models of the relaxation.

    Returns ``(0, 0)`` at once when the genre relaxes nothing here, and what it
    has settled so far when the ``budget`` runs out or is called off.  Conflict
    limits, not the clock, decide each answer, so the result is the same on
    every machine.  ``encoded`` is the relaxed encoding made already from the same board.
    """
    require_pysat()
    try:
        pool, relaxed = encoded if encoded is not None else _relaxed(genre, puzzle, shaded, unshaded, budget)
        if not relaxed.relaxed:
            return 0, 0
        session = SatSession(genre, puzzle, solver=solver, budget=budget, given=(shaded, unshaded),
                             encoded=(pool, relaxed))
    except OutOfTime:
        return 0, 0
    with session:
        spent = _conflicts(session)
        first = session._solve_once([], spend)
        if first is None:  # a relaxation this hard would not pay
            return 0, 0
        if not first:
            return None
        shade = session.encoding.shade
        model = Model(session.solver.get_model()).mask(shade)
        session.solver.set_phases([-var if model >> c & 1 else var for c, var in enumerate(shade)])
        settled = [0, 0]  # shade, unshade
        asked = puzzle.grid.full & ~(shaded | unshaded)
        for round_, limit in enumerate(conflicts):
            if round_ and not (settled[0] | settled[1]):
                break  # the first round settled nothing: the relaxation does not decide cells here
            deferred = 0
            for c in cells(asked):
                if not asked >> c & 1:
                    continue
                if _conflicts(session) - spent > spend or session.expired():
                    return settled[0], settled[1]
                other = -shade[c] if model >> c & 1 else shade[c]  # the value M does not give c
                answer = session._solve_once([other], limit)
                if answer is None:
                    deferred |= 1 << c
                elif answer:
                    freed = Model(session.solver.get_model()).mask(shade) ^ model
                    asked &= ~freed
                    deferred &= ~freed
                else:
                    session.add([-other])
                    settled[not model >> c & 1] |= 1 << c
            asked = deferred
        return settled[0], settled[1]


def _relaxed(genre: SatGenre, puzzle: Puzzle, shaded: Mask, unshaded: Mask,
             budget: Budget | None = None) -> tuple[IDPool, Encoding]:
    """A fresh pool and the relaxed encoding of the partial board (see :func:`narrow`); ``OutOfTime``
    when the ``budget`` runs out first."""
    require_pysat()
    pool = IDPool()
    return pool, encode(genre, puzzle, pool, (shaded, unshaded), relax=True, budget=budget)


def _conflicts(session: SatSession) -> int:
    """Conflicts the session's solver has met so far."""
    return int(session.solver.accum_stats().get("conflicts", 0))


@dataclass
class Refutation:
    """A solution that breaks some claimed deductions: the cells it gets wrong."""

    solution: Answer
    wrong: Mask


def refute(
    genre: SatGenre,
    puzzle: Puzzle,
    given: tuple[Mask, Mask],
    claimed: tuple[Mask, Mask],
    *,
    solver: str = DEFAULT_SOLVER,
) -> Refutation | None:
    """A solution agreeing with the partial board ``given`` but not with ``claimed``, if any.

    ``given`` and ``claimed`` are ``(shaded, unshaded)`` pairs.  ``None`` means
    every claimed cell holds in every solution of ``given`` (the negation of the
    claim is unsatisfiable); this is how tests check the ladder's deductions.
    """
    (g_shaded, g_unshaded), (c_shaded, c_unshaded) = given, claimed
    if not (c_shaded | c_unshaded):
        return None
    with SatSession(genre, puzzle, solver=solver) as session:
        shade = session.encoding.shade
        selector = session.pool.id(("refute", "selector"))
        # selector -> some claimed cell takes the other value
        session.add([-selector] + [-shade[c] for c in cells(c_shaded)] + [shade[c] for c in cells(c_unshaded)])
        found = session.next_solution(session.literals(g_shaded, g_unshaded) + [selector])
        if found is None:
            return None
        wrong = (c_shaded & ~found) | (c_unshaded & found)
        return Refutation(_checked(genre, puzzle, found), wrong)


def finish(genre: SatGenre, stalled: Board, *, limit: int = 2, budget: Budget | None = None,
           max_level: Level = Level.EXPERT) -> SearchResult:
    """Count the solutions of a stalled board: narrow it first, then count.

    :func:`narrow` settles the cells a relaxation of the puzzle decides (each
    holds in every solution); the ladder up to ``max_level``, at most hard,
    carries them on, and the count starts from where that leaves the board.
    When the ladder finishes it, every step held in every solution and the
    full board passed the rule check, so it is the one solution: nothing is
    left to count.  (The expert probes would only add time there: the puzzle
    is rated ``search`` already, and the count settles whatever is left.)
    When the ``budget`` runs out or is called off, each stage stops at its
    next look, and the count is then not ``exhaustive``.
    """
    puzzle = stalled.puzzle
    called_off = SearchResult([], 0, False)
    if budget is not None and budget.expired():
        return called_off
    given = (stalled.shaded, stalled.unshaded)
    try:
        relaxed = _relaxed(genre, puzzle, *given, budget)
    except OutOfTime:
        return called_off
    if not relaxed[1].relaxed:  # the relaxation is the puzzle itself: narrowing settles nothing, count at once
        return count_sat(genre, puzzle, limit=limit, budget=budget, shaded=given[0], unshaded=given[1],
                         encoded=relaxed)
    settled = narrow(genre, puzzle, *given, budget=budget, encoded=relaxed)
    if settled is None:
        return SearchResult([], 0, True)
    if budget is not None and budget.expired():
        return called_off
    board = stalled
    if settled != (0, 0):
        board = stalled.copy()
        board.assign(*settled)
        try:
            genre.ruleset.run(board, max_level=min(max_level, Level.HARD), budget=budget)
        except Contradiction:
            return SearchResult([], 0, True)
        except OutOfTime:
            return SearchResult([], 0, False)
        if not board.undecided:
            return SearchResult([board.answer()], 0, True)
    return count_sat(genre, puzzle, limit=limit, budget=budget, shaded=board.shaded, unshaded=board.unshaded)


__all__ = ["Encoder", "Encoding", "Model", "Refutation", "SatGenre", "SatResult", "SatSession", "SatTimeout",
           "count_sat", "finish", "look", "narrow", "refute", "sat_genre"]
