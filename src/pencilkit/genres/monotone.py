"""Monotone generation: clues that show the truth of one solved board, added until the ladder finishes, then swept.

In some genres a clue can be read off a solved board without changing it: a
Kurodoko clue sits on a white cell and shows what it sees; a Heyawake number
counts the black cells of its room.  Adding such a clue never changes the
intended solution, it only removes rivals, so generation is monotone:

1. **Paint** a legal solved board (the genre's :class:`Painted`).
2. **Add clues** (:func:`add_clues`): run the ladder up to the target level
   (:func:`settle`: first up to medium, then a short search for a rival
   solution, and only without one the harder techniques); while it stalls,
   put the true clue on a slot the rival breaks, or else on a slot the ladder
   left open, and carry on from the stalled board (every deduction on it
   still holds, since the new puzzle's solutions are among the old one's).
   In the worst case every slot carries a clue and the walk ends.
3. **Make it ratable** (:func:`ratable`, above medium only): add clues while
   a short search from the medium-stalled board cannot prove the puzzle
   unique, since the driver rates a puzzle by such a search.
4. **Sweep** (:func:`sweep`): visit the clues in a random order and drop each
   one the ladder up to the target can do without.  The test is "the ladder
   still finishes it", stronger than "it is still unique": every technique is
   sound, so a ladder that decides every cell has proved uniqueness, and the
   puzzle stays solvable by the steps the hint button shows.  :func:`can_drop`
   gathers the cheapest evidence first: a rival met earlier that breaks only
   this clue keeps it at no cost; the medium ladder finishing drops it; above
   medium a short search (:data:`SWEEP_NODES`) keeps it on a rival or when it
   runs out, and only a puzzle the search proved unique goes on to the
   probing techniques (at expert, once on what the sweep leaves, and at every
   drop only when that fails).
5. **Dress** (:meth:`MonotoneGenerator.dress`), once the driver finds the
   level exact: add true clues beyond the needed ones, up to the genre's
   :meth:`~MonotoneGenerator.clue_goal` (drawn as published puzzles of the
   size show them), each only where the level stays exact.

Removing a needed clue usually leaves a second solution that a depth-first
search finds in a few dozen nodes, where a failing probing pass tries every
open cell both ways, so the rival searches come before the probing ladder.
Every random choice goes through the ``random.Random`` passed in and runs over
lists in cell order, and the only limits inside a candidate are step and node
counts, so a seed gives the same puzzle on every machine.
"""

from __future__ import annotations

import copy
import random
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Protocol

from ..frame.board import Board, Contradiction
from ..frame.budget import Budget, OutOfTime, part
from ..frame.generate import SEARCH_NODES
from ..frame.generator import Assessment, Candidate, ClueChange, GenreGenerator
from ..frame.levels import Level
from ..frame.ruleset import Ruleset
from ..frame.search import OutOfBudget, solutions
from ..frame.symmetry import Symmetry
from ..grid import Cell, Mask, cells, lowest
from ..puzzle import Answer, Puzzle

SWEEP_NODES = SEARCH_NODES // 2
"""Search nodes the sweep's test may spend proving a puzzle unique: at most the driver's, so that the
driver's own search can rate whatever the sweep leaves; half of it is faster and rates the same."""
RIVAL_NODES = 60
"""Search nodes the add phase spends looking for a second solution before the ladder above medium runs."""
RIVALS_KEPT = 200
"""Rival solutions a candidate keeps for the sweeps after its clue moves."""
RETURNS = 2
"""How many repairs leading to a candidate may give back the clues they started from; the next that
does gives the painting up.

A repair gives back its own clues when the dropped clue is added again (the
add phase found no other free slot near where the ladder stalls, or the
driver's search needed it to rate the puzzle) and the sweep takes away
whatever else was added.  When that keeps happening the painting has few
moves left, and repairing it until the driver's patience runs out is most
of a slow run's time."""

Orbit = Callable[[Cell], Mask]
"""A cell's orbit under the clue positions' symmetry: the cells that carry a clue together."""


def single(cell: Cell) -> Mask:
    """The orbit of a cell with no symmetry: the cell alone."""
    return 1 << cell


class Painted(Protocol):
    """A genre's solved board, as monotone generation needs it.

    A *slot* is a cell that may carry a clue (a Kurodoko white cell, the
    first cell of a Heyawake room); a clue set is a mask of slots.
    """

    @property
    def black(self) -> Mask:
        """The solution's black cells."""

    @property
    def slots(self) -> Mask:
        """Every cell that may carry a clue."""

    def puzzle(self, clue_cells: Mask) -> Puzzle:
        """The puzzle with the true clue on each slot of ``clue_cells``."""

    def board(self, clue_cells: Mask, shaded: Mask = 0, unshaded: Mask = 0) -> Board:
        """The starting board of :meth:`puzzle` with ``shaded`` and ``unshaded`` decided as well."""

    def own(self, slot: Cell) -> Mask:
        """The cells a clue at ``slot`` is about first (a Kurodoko clue's own cell, a Heyawake room)."""

    def reach(self, slot: Cell) -> Mask:
        """Every cell a clue at ``slot`` speaks of."""

    def breaks(self, shaded: Mask) -> Mask:
        """The slots whose clue the solution ``shaded`` breaks (a rival breaks no clue it shares)."""

    def solution(self) -> Answer:
        """The solved board as an answer."""

    def keep_first(self, slot: Cell) -> int:
        """A clue's rank: the add phase picks among the slots of the highest rank, and the sweep tries
        clues of lower rank for dropping first, so a genre can make the clues printed puzzles seldom
        show the last to come and the first to go (0 for all: plain random choices)."""


@dataclass(frozen=True)
class MonotoneCandidate:
    """A painting with a set of clue slots; the puzzle shows each clue's true value."""

    painting: Painted
    clue_cells: Mask
    added: int = 0
    """Clues the last add phase left before its sweep (for the benchmarks' before/after columns)."""
    rivals: tuple[Answer, ...] = field(default=(), compare=False, repr=False)
    """Other solutions of this painting's earlier clue sets, met while adding clues and sweeping:
    they spare the sweeps after a clue move some tests (:func:`sweep`)."""
    returns: int = field(default=0, compare=False)
    """How many repairs in a row, leading to this candidate, gave back these clues (:data:`RETURNS`)."""

    @cached_property
    def puzzle(self) -> Puzzle:
        return self.painting.puzzle(self.clue_cells)

    @cached_property
    def solution(self) -> Answer:
        return self.painting.solution()

    @property
    def clues(self) -> int:
        return self.clue_cells.bit_count()


class MonotoneGenerator(GenreGenerator):
    """Paint, add clues, sweep, then move clues toward the level.

    To target the level: the swept puzzle is finished by the ladder up to the
    target, so it is unique and rated at most the target; the driver checks
    that the ladder below does not finish it (Tatham's rule).  When it does,
    :meth:`repair` moves one clue: it drops a random clue (the ladder then
    stalls, because the sweep kept only needed clues), adds clues at other
    slots where it stalls, and sweeps again, with the rivals met so far on the
    painting.  After :meth:`patience` moves without success the driver paints
    a new board, and so does a repair that gives back the clues it started
    from when :data:`RETURNS` repairs leading to them did so already.  So
    every candidate the driver sees is proven unique by the ladder.  The
    driver hands ``start`` and ``repair`` the run's budget; once it runs out,
    a ladder run raises :class:`~pencilkit.frame.budget.OutOfTime`, which the
    driver treats as the end of the run.
    """

    symmetries = tuple(Symmetry)

    def __init__(self, ruleset: Ruleset | None = None, symmetry: Symmetry = Symmetry.NONE) -> None:
        self._ruleset = ruleset
        self.symmetry = symmetry

    def with_symmetry(self, symmetry: Symmetry) -> MonotoneGenerator:
        """The same generator placing clues in orbits of ``symmetry`` (a slot whose orbit holds a cell
        that cannot carry a clue is not used)."""
        if symmetry is self.symmetry:
            return self
        made = copy.copy(self)
        made.symmetry = symmetry
        return made

    def orbits(self, painting: Painted) -> tuple[Orbit, Mask]:
        """The orbit of each cell on ``painting``, and the slots whose whole orbit is slots."""
        if self.symmetry is Symmetry.NONE:
            return single, painting.slots
        shape = painting.solution()
        rows, cols, kind = shape.rows, shape.cols, self.symmetry

        def orbit(cell: Cell) -> Mask:
            return kind.orbit(rows, cols, cell)

        usable = sum(1 << c for c in cells(painting.slots) if not orbit(c) & ~painting.slots)
        return orbit, usable

    @abstractmethod
    def genre_ruleset(self) -> Ruleset:
        """The genre's own ruleset (used unless another was given)."""

    @abstractmethod
    def paint(self, rows: int, cols: int, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Painted | None:
        """A random legal solved board for a puzzle of level ``target`` (``None``: this attempt cornered
        itself)."""

    @abstractmethod
    def painted(self, puzzle: Puzzle, solution: Answer) -> Painted:
        """The painting of a solution of ``puzzle`` (its rooms, if any, kept): what the clues of any puzzle
        with that solution are read off."""

    def rival_clues(self, puzzle: Puzzle, solution: Answer, rival: Answer, open_cells: Mask = 0) -> list[ClueChange]:
        """A true clue of ``solution`` on each free slot whose clue ``rival`` breaks, as the add phase puts
        one against a rival (:func:`breaking_slots`): its choices first, then the other breaking slots.

        A true clue keeps ``solution``.  A slot whose own cells hold a clue of
        ``puzzle`` already (a clued cell, a numbered room) is not free."""
        painting = self.painted(puzzle, solution)
        free = sum(1 << slot for slot in cells(painting.slots) if not painting.own(slot) & puzzle.clue_mask)
        first = breaking_slots(painting, rival, free, open_cells)
        rest = [c for c in cells(painting.breaks(rival.shaded) & free) if c not in first]
        return [ClueChange(slot, painting.puzzle(1 << slot).clue_map[slot]) for slot in first + rest]

    @property
    def ruleset(self) -> Ruleset:
        if self._ruleset is None:
            self._ruleset = self.genre_ruleset()
        return self._ruleset

    def start(self, rows: int, cols: int, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Candidate | None:
        painting = self.paint(rows, cols, target, rng, budget)
        if painting is None:
            return None
        return self.complete(painting, 0, target, rng, budget=budget)

    def repair(self, candidate: Candidate, assessment: Assessment, target: Level,
               rng: random.Random, budget: Budget | None = None) -> Candidate | None:
        """Move one clue of a puzzle the ladder below the target still finishes.

        Every candidate this generator makes is finished by the ladder up to
        the target, so the driver only ever reports it exact or easier; any
        other verdict starts over.
        """
        assert isinstance(candidate, MonotoneCandidate)
        if assessment.rating is None or assessment.rating >= target or not candidate.clue_cells:
            return None
        orbit, _ = self.orbits(candidate.painting)
        dropped = orbit(rng.choice(sorted(cells(candidate.clue_cells))))
        made = self.complete(candidate.painting, candidate.clue_cells & ~dropped, target, rng,
                             avoid=dropped, rivals=candidate.rivals, budget=budget)
        if made is None or made.clue_cells != candidate.clue_cells:
            return made
        if candidate.returns >= RETURNS:
            return None  # the painting has no move left: the driver paints another
        return replace(made, returns=candidate.returns + 1)

    def clue_goal(self, painting: Painted, rng: random.Random) -> int:
        """How many clues a puzzle of ``painting`` shows in the end, drawn as published puzzles of its size
        show them (0, the default: no more than it needs)."""
        return 0

    def extra_rank(self, painting: Painted, slot: Cell) -> float:
        """Which slots :meth:`dress` tries first, lowest first (0 for all: in random order)."""
        return 0.0

    def dress(self, candidate: Candidate, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Candidate:
        """True clues beside the needed ones, up to :meth:`clue_goal`: slots (whole orbits) by
        :meth:`extra_rank`, lowest first, each rank scaled by a random factor of 1 +- :data:`RANK_NOISE` (so
        close ranks mix), kept only where the ladder below ``target`` still stalls and the ladder up to
        ``target`` still finishes.

        A true clue keeps the solution, and the two ladder runs are the
        driver's own test of an exact rating, so the dressed puzzle is as
        unique and as exactly rated as the candidate.  The slots go in
        batches of what the goal still lacks: a batch that keeps the level
        is taken whole, one that does not is halved and each half tried on
        its own, so that a puzzle whose extras all fit costs one test.
        """
        assert isinstance(candidate, MonotoneCandidate)
        painting = candidate.painting
        goal = self.clue_goal(painting, rng)
        orbit, usable = self.orbits(painting)
        free = list(cells(usable & ~candidate.clue_cells))  # a slot is a room's or a clue's own cell
        ties = {slot: rng.random() for slot in free}
        free.sort(key=lambda slot: (self.extra_rank(painting, slot) * (1 + RANK_NOISE * (2 * ties[slot] - 1)),
                                    ties[slot]), reverse=True)  # the best last, taken with pop()
        clue_cells = candidate.clue_cells

        def keeps_level(more: Mask) -> bool:
            board = painting.board(more)
            return not finishes(self.ruleset, board, Level(target - 1), budget) and \
                finishes(self.ruleset, board, target, budget)

        def add(batch: list[Mask]) -> None:
            nonlocal clue_cells
            more = clue_cells
            for extra in batch:
                more |= extra
            if more == clue_cells:
                return
            if keeps_level(more):
                clue_cells = more
            elif len(batch) > 1:
                add(batch[:len(batch) // 2])
                add(batch[len(batch) // 2:])

        try:
            while free and clue_cells.bit_count() < goal:
                batch: list[Mask] = []
                planned = clue_cells
                while free and planned.bit_count() < goal:
                    extra = orbit(free.pop()) & ~planned
                    if extra:
                        batch.append(extra)
                        planned |= extra
                add(batch)
        except OutOfTime:
            pass
        if clue_cells == candidate.clue_cells:
            return candidate
        return replace(candidate, clue_cells=clue_cells)

    def complete(self, painting: Painted, clue_cells: Mask, target: Level, rng: random.Random,
                 avoid: Mask = 0, rivals: Sequence[Answer] = (),
                 budget: Budget | None = None) -> MonotoneCandidate | None:
        """Add clues until the ladder up to ``target`` finishes, then sweep; ``None`` if it never does.

        ``rivals`` are other solutions of the painting met before; the ones met
        now are added to them (the most recent :data:`RIVALS_KEPT`).
        """
        met = list(rivals)
        orbit, usable = self.orbits(painting)
        added = add_clues(self.ruleset, painting, clue_cells, target, rng, avoid=avoid, budget=budget,
                          rivals=met, orbit=orbit, usable=usable)
        if added is None:
            return None
        added = ratable(self.ruleset, painting, added, target, rng, budget=budget, orbit=orbit, usable=usable)
        swept = sweep(self.ruleset, painting, added, target, rng, budget=budget, rivals=met, orbit=orbit)
        return MonotoneCandidate(painting, swept, added=added.bit_count(), rivals=tuple(met[-RIVALS_KEPT:]))


RANK_NOISE = 0.4
"""How far :meth:`MonotoneGenerator.dress` scales a slot's rank at random, either way."""
Band = tuple[tuple[int, float, float], ...]
"""A published measure's middle half by size class: ``(most cells, 25th percentile, 75th percentile)`` rows
in growing order."""


def drawn_goal(band: Band, board_cells: int, whole: int, rng: random.Random) -> int:
    """A count of ``whole`` drawn evenly from the middle half of ``band``'s share for a board of
    ``board_cells`` cells (the first class that holds it; the last for larger boards)."""
    low, high = next(((lo, hi) for most, lo, hi in band if board_cells <= most), band[-1][1:])
    return round(whole * rng.uniform(low, high))


def finishes(ruleset: Ruleset, board: Board, level: Level, budget: Budget | None = None) -> bool:
    """Run the ladder up to ``level`` on ``board`` (in place); whether it decided every cell.

    Raises :class:`OutOfTime` once ``budget`` runs out and ``RuntimeError`` if the
    ladder refutes the board (it holds a painting's true clues, so that would
    mean an unsound technique).
    """
    try:
        ruleset.run(board, max_level=level, budget=budget)
    except Contradiction as broken:
        raise RuntimeError(f"the ladder refuted a painted board: {broken.reason}") from None
    return not board.undecided


def settle(ruleset: Ruleset, board: Board, painting: Painted, level: Level,
           budget: Budget | None = None) -> Answer | None:
    """Run the ladder up to ``level`` on ``board`` (in place); a rival solution if one turned up cheaply.

    The cheap ladder (up to medium) runs first.  If it stalls below a harder
    target, a depth-first search of at most :data:`RIVAL_NODES` nodes looks
    for a second solution: a board with one cannot be finished, and finding
    it is usually far cheaper than a probing pass that fails.  Otherwise the
    ladder goes on up to ``level``.  The caller reads ``board.undecided``:
    empty means the ladder finished (so the puzzle is unique).
    """
    cheap = min(level, Level.MEDIUM)
    if finishes(ruleset, board, cheap, budget) or level <= cheap:
        return None
    found = search(ruleset, board, painting, RIVAL_NODES, budget).rival
    if found is None:
        finishes(ruleset, board, level, budget)
    return found


@dataclass(frozen=True)
class Searched:
    """What a short search from a stalled board found."""

    rival: Answer | None
    """A solution other than the painting, if the search met one."""
    unique: bool
    """The search went through the whole tree and met only the painting."""


def search(ruleset: Ruleset, board: Board, painting: Painted, nodes: int,
           budget: Budget | None = None) -> Searched:
    """Depth-first search below ``board`` (medium ladder at each node) for a solution other than the painting.

    Stops at the first rival, or after ``nodes`` nodes; raises
    :class:`OutOfTime` once ``budget`` runs out.
    """
    found = None
    unique = False
    try:
        for solved in solutions(board.copy(), ruleset, part(budget, nodes=nodes), level=Level.MEDIUM):
            if solved.shaded != painting.black:
                found = solved.answer()
                break
        else:
            unique = True
    except OutOfBudget:
        pass
    if budget is not None:
        budget.check()
    return Searched(found, unique)


def rival(ruleset: Ruleset, board: Board, painting: Painted, budget: Budget | None = None) -> Answer | None:
    """A solution of ``board`` other than the painting, found within :data:`RIVAL_NODES` search nodes."""
    return search(ruleset, board, painting, RIVAL_NODES, budget).rival


def can_drop(ruleset: Ruleset, painting: Painted, clue_cells: Mask, level: Level,
             budget: Budget | None = None, rivals: list[Answer] | None = None, *, confirm: bool = True) -> bool:
    """Whether the ladder up to ``level`` finishes the puzzle of ``clue_cells`` (the sweep's test).

    Above medium, the ladder up to medium runs first; if it stalls, a search
    of :data:`SWEEP_NODES` nodes from the stalled board must prove the puzzle
    unique before the probing techniques run.  A rival means the clue is
    needed; a search that runs out keeps the clue too, since the driver makes
    the same search (with twice the nodes) and must be able to rate what the
    sweep leaves.  A rival met is appended to ``rivals``.  With ``confirm``
    false the probing techniques do not run: a puzzle the search proved
    unique counts as finished, and the caller confirms that later.

    rationale: on a 15x15 board the search either finds a rival or goes
    through the whole tree in a few hundred nodes, for a fraction of one
    probing pass; the probing ladder then only runs on puzzles known unique.
    """
    board = painting.board(clue_cells)
    cheap = min(level, Level.MEDIUM)
    if finishes(ruleset, board, cheap, budget):
        return True
    if level <= cheap:
        return False
    searched = search(ruleset, board, painting, SWEEP_NODES, budget)
    if searched.rival is not None and rivals is not None:
        rivals.append(searched.rival)
    return searched.unique and (not confirm or finishes(ruleset, board, level, budget))


def add_clues(ruleset: Ruleset, painting: Painted, clue_cells: Mask, level: Level, rng: random.Random,
              *, avoid: Mask = 0, budget: Budget | None = None, rivals: list[Answer] | None = None,
              orbit: Orbit = single, usable: Mask | None = None) -> Mask | None:
    """Clue cells (a superset of ``clue_cells``) whose puzzle the ladder up to ``level`` finishes.

    Each round puts a clue on a free slot: when :func:`settle` found a rival
    solution, on a random slot whose clue the rival breaks, one whose own
    cells the ladder left undecided if there is one; otherwise on a random
    slot whose own cells the ladder left undecided, or else on one whose
    reach meets an undecided cell.  Slots in ``avoid`` are used only when
    nothing else is left.  ``None`` when every slot carries a clue and the
    ladder still stalls.  Each rival met is appended to ``rivals``.  With a
    symmetry, a clue comes with its ``orbit``, on the ``usable`` slots only.
    """
    slots = painting.slots if usable is None else usable
    board = painting.board(clue_cells)
    while True:
        other = settle(ruleset, board, painting, level, budget)
        if other is not None and rivals is not None:
            rivals.append(other)
        if not board.undecided:
            return clue_cells
        free = slots & ~clue_cells
        spot = _next_clue(painting, board.undecided, free & ~avoid, other, rng)
        if spot is None:
            spot = _next_clue(painting, board.undecided, free, other, rng)
            if spot is None:
                return None
        clue_cells |= orbit(spot)
        board = painting.board(clue_cells, board.shaded, board.unshaded)


def ratable(ruleset: Ruleset, painting: Painted, clue_cells: Mask, level: Level, rng: random.Random,
            *, budget: Budget | None = None, orbit: Orbit = single, usable: Mask | None = None) -> Mask:
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
        board = painting.board(clue_cells)
        if finishes(ruleset, board, Level.MEDIUM, budget):
            return clue_cells
        if search(ruleset, board, painting, SWEEP_NODES, budget).unique:
            return clue_cells
        slots = painting.slots if usable is None else usable
        seeing = [c for c in cells(slots & ~clue_cells) if painting.reach(c) & board.undecided]
        if not seeing:
            return clue_cells
        clue_cells |= orbit(rng.choice(seeing))


def _next_clue(painting: Painted, undecided: Mask, free: Mask, other: Answer | None,
               rng: random.Random) -> Cell | None:
    """The next slot to clue (see :func:`add_clues`), among those of the highest
    :meth:`~Painted.keep_first` rank at each stage."""
    if other is not None:
        breaking = breaking_slots(painting, other, free, undecided)
        if breaking:
            return rng.choice(breaking)
    open_slots = [c for c in cells(free) if painting.own(c) & undecided]
    if open_slots:
        return rng.choice(_kept(painting, open_slots))
    seeing = [c for c in cells(free) if painting.reach(c) & undecided]
    return rng.choice(_kept(painting, seeing)) if seeing else None


def breaking_slots(painting: Painted, other: Answer, free: Mask, undecided: Mask) -> list[Cell]:
    """The slots of ``free`` whose true clue the solution ``other`` breaks, where the add phase puts a clue
    against a rival: those whose own cells are ``undecided`` if there are any, of the highest
    :meth:`~Painted.keep_first` rank, in cell order (``[]`` when ``other`` breaks no clue there)."""
    breaking = list(cells(painting.breaks(other.shaded) & free))
    if not breaking:
        return []
    open_ones = [c for c in breaking if painting.own(c) & undecided]
    return _kept(painting, open_ones or breaking)


def _kept(painting: Painted, slots: list[Cell]) -> list[Cell]:
    """The slots of the highest :meth:`~Painted.keep_first` rank among ``slots`` (in their order)."""
    top = max(painting.keep_first(c) for c in slots)
    return [c for c in slots if painting.keep_first(c) == top]


def sweep(ruleset: Ruleset, painting: Painted, clue_cells: Mask, level: Level, rng: random.Random,
          *, budget: Budget | None = None, rivals: list[Answer] | None = None, orbit: Orbit = single) -> Mask:
    """``clue_cells`` without every clue the ladder up to ``level`` can do without, tried in random order
    (the painting's :meth:`~Painted.keep_first` ranks go before it: rank 0 is tried first).

    ``rivals`` are other solutions of the painting met before (while adding
    clues, or in earlier sweeps); the sweep adds the ones it meets.  A rival
    that breaks only one clue left is a solution of the puzzle without that
    clue, so the clue is needed and no ladder has to run to know it.  With a
    symmetry, whole orbits go (a clue's ``orbit``), and a rival that breaks
    clues of one orbit only keeps that orbit.

    At expert, a first pass drops a clue as soon as the short search proves
    the puzzle without it unique, and the ladder up to expert runs once, on
    what the pass leaves; only if it stalls there does a second pass, in the
    same order, run the ladder at every drop (:func:`can_drop`).  Below
    expert every drop runs the ladder.

    rationale: on 20x20 Kurodoko the expert ladder finished 142 of the 143
    puzzles the search had proved unique (at 10 ms a run, a third of the
    sweep's time), so one run at the end nearly always confirms the pass; the
    hard ladder stalled on what every first pass left, so there the second
    pass would always follow.
    """
    met = [] if rivals is None else rivals
    order = [c for c in sorted(cells(clue_cells)) if lowest(orbit(c)) == c]
    rng.shuffle(order)
    order.sort(key=painting.keep_first)
    if level >= Level.EXPERT:
        swept = _sweep_pass(ruleset, painting, clue_cells, level, order, met, orbit, budget, confirm=False)
        if finishes(ruleset, painting.board(swept), level, budget):
            return swept
    return _sweep_pass(ruleset, painting, clue_cells, level, order, met, orbit, budget, confirm=True)


def _sweep_pass(ruleset: Ruleset, painting: Painted, clue_cells: Mask, level: Level, order: list[Cell],
                met: list[Answer], orbit: Orbit, budget: Budget | None, *, confirm: bool) -> Mask:
    """One pass of :func:`sweep` over the clues in ``order`` (:func:`can_drop` with ``confirm``)."""
    broken = [painting.breaks(other.shaded) for other in met]
    for cell in order:
        bits = orbit(cell)
        if any(b & clue_cells and not b & clue_cells & ~bits for b in broken):
            continue
        fewer = clue_cells & ~bits
        seen = len(met)
        if can_drop(ruleset, painting, fewer, level, budget, met, confirm=confirm):
            clue_cells = fewer
        broken.extend(painting.breaks(other.shaded) for other in met[seen:])
    return clue_cells
