"""Kurodoko's side of generation: paint, add clues until the ladder finishes, sweep, target.

A monotone generator, as a plug-in to the frame's driver
(:mod:`pencilkit.frame.generate`).  In Kurodoko a clue cell is a white cell
that shows its count, and it is white in the solution already, so adding a
clue never changes the answer: it only removes rivals.  That makes the
pipeline monotone:

1. **Paint** a legal board (:func:`~pencilkit.genres.kurodoko.layout.paint`:
   no two black cells touch, the white cells are connected, 16-26% black like
   the corpus).
2. **Add clues** (:func:`add_clues`): run the ladder up to the target level
   (:func:`settle`: first up to medium, then a short search for a rival
   solution, and only without one the harder techniques); while it stalls,
   put the true count on a white cell the rival breaks, or else on a white
   cell the ladder left undecided (or, when every open cell is black, on a
   white cell that sees one), and carry on from the stalled board (every
   deduction on it still holds, since the new puzzle's solutions are among
   the old one's).  In the worst case every white cell carries a clue and the
   board is pinned, so the walk ends.  Every rival met is kept.
3. **Make it ratable** (:func:`ratable`, above medium only): add clues while
   a short search from the medium-stalled board cannot prove the puzzle
   unique, since the driver rates a puzzle by such a search.
4. **Sweep** (:func:`sweep`): visit the clues in a random order and drop each
   one the ladder up to the target can do without.  The test is "the ladder
   still finishes it", which is stronger than "it is still unique": every
   technique is sound, so a ladder that decides every cell has proved
   uniqueness, and the puzzle stays solvable by the steps the hint button
   shows.  :func:`can_drop` gathers the cheapest evidence first: a rival met
   earlier that breaks only this clue keeps it at no cost; the medium ladder
   finishing drops it; above medium a short search (:data:`SWEEP_NODES`)
   keeps it on a rival or when it runs out, and only a puzzle the search
   proved unique goes on to the probing techniques.
5. **Target the level**: the swept puzzle is finished by the ladder up to the
   target, so it is unique and rated at most the target.  The driver checks
   that the ladder below does not finish it (Tatham's rule).  When it does,
   :meth:`KurodokoGenerator.repair` moves one clue: it drops a random clue
   (the ladder then stalls, because the sweep kept only needed clues), adds
   clues at other cells where it stalls, and sweeps again, with the rivals
   met so far on the painting.  After
   :meth:`~KurodokoGenerator.patience` moves without success the driver paints
   a new board.

So every candidate the driver sees is proven unique by the ladder.
rationale: the rival searches are an addition to the plain monotone generator.  Removing a needed
clue usually leaves a second solution that a depth-first search finds in a
few dozen nodes, where a failing probing pass tries every open cell both
ways; at 15x15 most needed clues are refuted so, and a puzzle the search
proves unique is the only one worth the probing ladder (docs/kurodoko.md,
Generation, has the measurements).  Every random choice goes
through the driver's ``random.Random(seed)`` and runs over lists in cell
order, and the only limits inside a candidate are step and node counts, so a seed gives
the same puzzle on every machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from ...frame.board import Board, Contradiction
from ...frame.budget import Budget, OutOfTime, active
from ...frame.generate import (
    SEARCH_NODES,
    Assessment,
    Candidate,
    GenreGenerator,
)
from ...frame.levels import Level
from ...frame.ruleset import Ruleset
from ...frame.search import OutOfBudget, solutions
from ...grid import Cell, Mask, cells
from ...puzzle import Answer, Puzzle
from ..clued import clue_board
from .layout import Painting, paint

PATIENCE = 2
"""Clue moves per ``rows + cols`` after which the driver paints a new board."""
SWEEP_NODES = SEARCH_NODES // 2
"""Search nodes the sweep's test may spend proving a puzzle unique: at most the driver's, so that the
driver's own search can rate whatever the sweep leaves; half of it is faster and rates the same."""
RIVALS_KEPT = 200
"""Rival solutions a candidate keeps for the sweeps after its clue moves."""
RIVAL_NODES = 60
"""Search nodes the add phase spends looking for a second solution before the ladder above medium runs."""


@dataclass(frozen=True)
class KurodokoCandidate:
    """A painting with a set of clue cells; the puzzle shows each clue's true count."""

    painting: Painting
    clue_cells: Mask
    added: int = 0
    """Clues the last add phase left before its sweep (for the benchmark's before/after columns)."""
    rivals: tuple[Answer, ...] = field(default=(), compare=False, repr=False)
    """Other solutions of this painting's earlier clue sets, met while adding clues and sweeping:
    they spare the sweeps after a clue move some tests (:func:`sweep`)."""

    @cached_property
    def puzzle(self) -> Puzzle:
        return self.painting.puzzle(self.clue_cells)

    @cached_property
    def solution(self) -> Answer:
        return self.painting.solution()

    @property
    def clues(self) -> int:
        return self.clue_cells.bit_count()


class KurodokoGenerator(GenreGenerator):
    """The monotone generator: paint, add clues, sweep, then move clues toward the level.

    The driver hands ``start`` and ``repair`` the run's deadline; past it, a
    ladder run raises :class:`~pencilkit.frame.ladder.OutOfTime`, which the
    driver treats as the end of its budget.
    """

    def __init__(self, ruleset: Ruleset | None = None) -> None:
        self._ruleset = ruleset

    @property
    def ruleset(self) -> Ruleset:
        if self._ruleset is None:
            from . import KURODOKO

            self._ruleset = KURODOKO.ruleset
        return self._ruleset

    def max_level(self, rows: int, cols: int) -> Level:
        from .feasibility import max_level

        return max_level(rows, cols)

    def patience(self, rows: int, cols: int, target: Level) -> int:
        """Clue moves without reaching the level before a new painting: ``PATIENCE * (rows + cols)``."""
        return PATIENCE * (rows + cols)

    def start(self, rows: int, cols: int, target: Level, rng: random.Random,
              deadline: float | None = None) -> Candidate | None:
        painting = paint(rows, cols, rng)
        return self.complete(painting, 0, target, rng, deadline=deadline)

    def repair(self, candidate: Candidate, assessment: Assessment, target: Level,
               rng: random.Random, deadline: float | None = None) -> Candidate | None:
        """Move one clue of a puzzle the ladder below the target still finishes.

        Every candidate this generator makes is finished by the ladder up to
        the target, so the driver only ever reports it exact or easier; any
        other verdict starts over.
        """
        assert isinstance(candidate, KurodokoCandidate)
        if assessment.rating is None or assessment.rating >= target or not candidate.clue_cells:
            return None
        dropped = rng.choice(sorted(cells(candidate.clue_cells)))
        return self.complete(candidate.painting, candidate.clue_cells & ~(1 << dropped), target, rng,
                             avoid=1 << dropped, rivals=candidate.rivals, deadline=deadline)

    def complete(self, painting: Painting, clue_cells: Mask, target: Level, rng: random.Random,
                 avoid: Mask = 0, rivals: Sequence[Answer] = (),
                 deadline: float | None = None) -> KurodokoCandidate | None:
        """Add clues until the ladder up to ``target`` finishes, then sweep; ``None`` if it never does.

        ``rivals`` are other solutions of the painting met before; the ones met
        now are added to them (the most recent :data:`RIVALS_KEPT`).
        """
        met = list(rivals)
        added = add_clues(self.ruleset, painting, clue_cells, target, rng, avoid=avoid, deadline=deadline,
                          rivals=met)
        if added is None:
            return None
        added = ratable(self.ruleset, painting, added, target, rng, deadline=deadline)
        swept = sweep(self.ruleset, painting, added, target, rng, deadline=deadline, rivals=met)
        return KurodokoCandidate(painting, swept, added=added.bit_count(), rivals=tuple(met[-RIVALS_KEPT:]))


def finishes(ruleset: Ruleset, board: Board, level: Level, deadline: float | None = None) -> bool:
    """Run the ladder up to ``level`` on ``board`` (in place); whether it decided every cell.

    Raises :class:`OutOfTime` past ``deadline`` and ``RuntimeError`` if the
    ladder refutes the board (it holds a painting's true clues, so that would
    mean an unsound technique).
    """
    try:
        with active(Budget.until(deadline)):
            ruleset.run(board, max_level=level)
    except Contradiction as broken:
        raise RuntimeError(f"the ladder refuted a painted board: {broken.reason}") from None
    return not board.undecided


def settle(ruleset: Ruleset, board: Board, painting: Painting, level: Level,
           deadline: float | None = None) -> Answer | None:
    """Run the ladder up to ``level`` on ``board`` (in place); a rival solution if one turned up cheaply.

    The cheap ladder (up to medium) runs first.  If it stalls below a harder
    target, a depth-first search of at most :data:`RIVAL_NODES` nodes looks
    for a second solution: a board with one cannot be finished, and finding
    it is usually far cheaper than a probing pass that fails.  Otherwise the
    ladder goes on up to ``level``.  The caller reads ``board.undecided``:
    empty means the ladder finished (so the puzzle is unique).
    """
    cheap = min(level, Level.MEDIUM)
    if finishes(ruleset, board, cheap, deadline) or level <= cheap:
        return None
    found = search(ruleset, board, painting, RIVAL_NODES, deadline).rival
    if found is None:
        finishes(ruleset, board, level, deadline)
    return found


@dataclass(frozen=True)
class Searched:
    """What a short search from a stalled board found."""

    rival: Answer | None
    """A solution other than the painting, if the search met one."""
    unique: bool
    """The search went through the whole tree and met only the painting."""


def search(ruleset: Ruleset, board: Board, painting: Painting, nodes: int,
           deadline: float | None = None) -> Searched:
    """Depth-first search below ``board`` (medium ladder at each node) for a solution other than the painting.

    Stops at the first rival, or after ``nodes`` nodes; raises
    :class:`OutOfTime` past ``deadline``.
    """
    seconds = None if deadline is None else max(0.0, deadline - time.perf_counter())
    budget = Budget(nodes, seconds)
    found = None
    unique = False
    try:
        for solved in solutions(board.copy(), ruleset, budget, level=Level.MEDIUM):
            if solved.shaded != painting.black:
                found = solved.answer()
                break
        else:
            unique = True
    except OutOfBudget:
        pass
    if deadline is not None and time.perf_counter() > deadline:
        raise OutOfTime
    return Searched(found, unique)


def rival(ruleset: Ruleset, board: Board, painting: Painting, deadline: float | None = None) -> Answer | None:
    """A solution of ``board`` other than the painting, found within :data:`RIVAL_NODES` search nodes."""
    return search(ruleset, board, painting, RIVAL_NODES, deadline).rival


def can_drop(ruleset: Ruleset, painting: Painting, clue_cells: Mask, level: Level,
             deadline: float | None = None, rivals: list[Answer] | None = None) -> bool:
    """Whether the ladder up to ``level`` finishes the puzzle of ``clue_cells`` (the sweep's test).

    Above medium, the ladder up to medium runs first; if it stalls, a search
    of :data:`SWEEP_NODES` nodes from the stalled board must prove the puzzle
    unique before the probing techniques run.  A rival means the clue is
    needed; a search that runs out keeps the clue too, since the driver makes
    the same search (with twice the nodes) and must be able to rate what the
    sweep leaves.  A rival met is appended to ``rivals``.

    rationale: on a 15x15 board the search either finds a rival or goes
    through the whole tree in a few hundred nodes, for a fraction of one
    probing pass; the probing ladder then only runs on puzzles known unique.
    """
    board = clue_board(painting.puzzle(clue_cells))
    cheap = min(level, Level.MEDIUM)
    if finishes(ruleset, board, cheap, deadline):
        return True
    if level <= cheap:
        return False
    searched = search(ruleset, board, painting, SWEEP_NODES, deadline)
    if searched.rival is not None and rivals is not None:
        rivals.append(searched.rival)
    return searched.unique and finishes(ruleset, board, level, deadline)


def add_clues(ruleset: Ruleset, painting: Painting, clue_cells: Mask, level: Level, rng: random.Random,
              *, avoid: Mask = 0, deadline: float | None = None, rivals: list[Answer] | None = None) -> Mask | None:
    """Clue cells (a superset of ``clue_cells``) whose puzzle the ladder up to ``level`` finishes.

    Each round puts a clue on a white cell: when :func:`settle` found a rival
    solution, on a random cell whose clue the rival breaks (black there, or
    seeing another count), one the ladder left undecided if there is one;
    otherwise on a random white cell the ladder left undecided, or, when every
    undecided cell is black, on a random white cell whose sight (its runs and
    the black cells ending them) reaches one.  Cells in ``avoid`` are used only
    when nothing else is left.  ``None`` when every white cell carries a clue
    and the ladder still stalls.  Each rival met is appended to ``rivals``.
    """
    white = painting.white
    board = clue_board(painting.puzzle(clue_cells))
    while True:
        other = settle(ruleset, board, painting, level, deadline)
        if other is not None and rivals is not None:
            rivals.append(other)
        if not board.undecided:
            return clue_cells
        free = white & ~clue_cells
        spot = _next_clue(painting, board.undecided, free & ~avoid, other, rng)
        if spot is None:
            spot = _next_clue(painting, board.undecided, free, other, rng)
            if spot is None:
                return None
        clue_cells |= 1 << spot
        board = Board(painting.puzzle(clue_cells), board.shaded, board.unshaded | 1 << spot)


def ratable(ruleset: Ruleset, painting: Painting, clue_cells: Mask, level: Level, rng: random.Random,
            *, deadline: float | None = None) -> Mask:
    """Clue cells (a superset of ``clue_cells``) whose puzzle the driver's search can rate.

    Above medium the driver proves a puzzle unique by a short search from the
    board the ladder up to medium leaves.  While a search of
    :data:`SWEEP_NODES` nodes does not prove it unique there (it runs out, or
    meets a rival when ``clue_cells`` alone leave several solutions), a clue
    goes on a random white cell whose sight reaches an open cell of that
    board.  At or below medium the ladder alone rates the puzzle, and
    ``clue_cells`` comes back as it is.

    rationale: the sweep keeps the puzzle ratable clue by clue, but it starts
    from what the add phase left; on a few 15x15 expert paintings no search
    could rate that, so no clue could go and the driver started over after
    a whole add-and-sweep.
    """
    if level <= Level.MEDIUM:
        return clue_cells
    while True:
        board = clue_board(painting.puzzle(clue_cells))
        if finishes(ruleset, board, Level.MEDIUM, deadline):
            return clue_cells
        if search(ruleset, board, painting, SWEEP_NODES, deadline).unique:
            return clue_cells
        seeing = [c for c in cells(painting.white & ~clue_cells) if painting.sight(c) & board.undecided]
        if not seeing:
            return clue_cells
        clue_cells |= 1 << rng.choice(seeing)


def _next_clue(painting: Painting, undecided: Mask, free: Mask, other: Answer | None,
               rng: random.Random) -> Cell | None:
    if other is not None:
        breaking = list(cells(breaks(painting, other) & free))
        if breaking:
            open_ones = [c for c in breaking if undecided >> c & 1]
            return rng.choice(open_ones or breaking)
    open_white = sorted(cells(undecided & free))
    if open_white:
        return rng.choice(open_white)
    seeing = [c for c in cells(free) if painting.sight(c) & undecided]
    return rng.choice(seeing) if seeing else None


def breaks(painting: Painting, other: Answer) -> Mask:
    """The white cells of ``painting`` whose clue ``other`` breaks: black there, or seeing another count."""
    return _breaks(painting, other.shaded)


@lru_cache(maxsize=1024)
def _breaks(painting: Painting, shaded: Mask) -> Mask:
    """:func:`breaks`, cached: the sweeps after each clue move ask again about the same rivals."""
    theirs = Painting(painting.rows, painting.cols, shaded)
    return sum(1 << c for c in cells(painting.white) if shaded >> c & 1 or theirs.sees(c) != painting.sees(c))


def sweep(ruleset: Ruleset, painting: Painting, clue_cells: Mask, level: Level, rng: random.Random,
          *, deadline: float | None = None, rivals: list[Answer] | None = None) -> Mask:
    """``clue_cells`` without every clue the ladder up to ``level`` can do without, tried in random order.

    ``rivals`` are other solutions of the painting met before (while adding
    clues, or in earlier sweeps); the sweep adds the ones it meets.  A rival
    that breaks only one clue left is a solution of the puzzle without that
    clue, so the clue is needed and no ladder has to run to know it.
    """
    met = [] if rivals is None else rivals
    broken = [breaks(painting, other) for other in met]
    order = sorted(cells(clue_cells))
    rng.shuffle(order)
    for cell in order:
        bit = 1 << cell
        if any(b & clue_cells == bit for b in broken):
            continue
        fewer = clue_cells & ~bit
        seen = len(met)
        if can_drop(ruleset, painting, fewer, level, deadline, met):
            clue_cells = fewer
        broken.extend(breaks(painting, other) for other in met[seen:])
    return clue_cells


GENERATOR = KurodokoGenerator()
"""The generator the frame uses for Kurodoko (found by :meth:`Genre.generator`)."""
