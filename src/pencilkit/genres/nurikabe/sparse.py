"""Sparse Nurikabe: few clues and big islands, by a local search on clue sets scored by their solutions.

A sparse puzzle drawn at random almost never has one solution, and a
search that keeps an intended solution fixed rarely finds one that does: a
big island has too many shapes for its clue's position to pin it down.  So
this search never fixes a solution.  Its state is a set of clues, and its
score is what the SAT engine says about them: how many solutions they have
(counted up to :attr:`Sparsifier.cap`), then how many cells those solutions
disagree on.  From a unique puzzle it takes a *step* towards the target:
it *merges* two clues near each other into one (their sum plus one, the
size of the two islands joined through a cell), or, once the clues are few
enough for their numbers alone to reach the target's mean, it *grows* one
clue by one (where it is, or moved to a neighbouring cell).  Of a few
steps drawn, the one that leaves the fewest solutions is kept.  Then it *nudges* the clues, one at a time, until one
solution is left: a clue moves by up to two rows and columns, its number
changes by one, or one of its cells passes to another clue; most often a
clue near the cells the solutions disagree on.  A nudge is kept when the
score does not get worse; it never takes the land below the step's, nor
below what the target needs once the step has that much.  A step that
cannot be brought back to one solution within :attr:`Sparsifier.patience`
nudges is dropped, and the search goes on from the last unique puzzle,
never taking that step again.  When every step from a puzzle has been
dropped (or it has none), a single nudge that keeps it unique moves the
search to a neighbouring puzzle with new steps; the search ends when the
target is met, when no such nudge is found, or when its budget is spent.

Solutions met on the way are kept: a clue set that some of them still solve
counts those without the solver, and a nudge stops counting once it has
more solutions than the clues it would replace (or the cap).  Each SAT call has a
conflict budget, not a clock, so a seed gives the same puzzle on every
machine; a count that runs out of budget counts as no score (the nudge is
not kept).  The result is unique: its count ended after one solution with
nothing left to find.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from ...engines.sat import SatSession, SatTimeout
from ...grid import Cell, Grid, Mask, cells
from ...puzzle import Puzzle
from . import NURIKABE

Clues = dict[Cell, int]
KNOWN = 64
"""Solutions kept to count without the solver."""


@dataclass(frozen=True)
class Target:
    """When a puzzle is sparse enough, and the land share its clues must keep."""

    mean_clue: float = 8.0
    max_clues: int = 15
    min_land: float = 0.40
    max_land: float = 0.60
    aim_land: float = 0.50
    """A merge lowers its number (not below either clue's plus one) while the land is above this share."""

    def met(self, clues: Mapping[Cell, int]) -> bool:
        return len(clues) <= self.max_clues and mean_clue(clues) >= self.mean_clue

    def land_fits(self, clues: Mapping[Cell, int], size: int) -> bool:
        return self.min_land * size <= sum(clues.values()) <= self.max_land * size

    def land_needed(self, count: int) -> int:
        """The land that ``count`` clues need for the target's mean clue."""
        return math.ceil(self.mean_clue * count - 1e-9)

    def floor(self, clues: Mapping[Cell, int]) -> int:
        """The least land a nudge of ``clues`` may leave: theirs, or what the target needs if they have more."""
        return min(sum(clues.values()), self.land_needed(len(clues)))

    def growable(self, count: int, size: int) -> bool:
        """Whether ``count`` clues can meet the target by growing, inside the land band of a board of ``size`` cells."""
        return count <= self.max_clues and self.land_needed(count) <= self.max_land * size


def mean_clue(clues: Mapping[Cell, int]) -> float:
    return sum(clues.values()) / max(1, len(clues))


@dataclass(frozen=True)
class Survey:
    """What the SAT engine says about a clue set: its solutions, counted up to a cap."""

    count: int
    """Solutions found (at most the cap; exactly this many when below it)."""
    disputed: Mask
    """Cells the solutions found do not agree on."""
    shaded: Mask
    """The sea of the first solution found."""

    @property
    def score(self) -> tuple[int, int]:
        """Smaller is closer to one solution: fewer solutions, then fewer disputed cells."""
        return (self.count, self.disputed.bit_count())


@dataclass
class Sparsifier:
    """Steps and nudges the clues of unique puzzles towards a sparse target (see the module docstring)."""

    rng: random.Random
    target: Target = field(default_factory=Target)
    conflicts: int = 20_000
    """Conflicts each SAT call may take."""
    rounds: int = 100
    """SAT calls (each adding connectivity cuts) one solution may take."""
    cap: int = 6
    """Solutions a survey counts before it stops."""
    steps: int = 6
    """Steps (merges and growths) surveyed from a unique puzzle; the one with the best score is nudged."""
    patience: int = 120
    """Nudges a step may take to come back to one solution."""
    reach: int = 6
    """How far apart (rows plus columns) two clues may be to merge."""
    checks: int = 0
    """Surveys asked for so far."""
    known: deque[Mask] = field(default_factory=lambda: deque(maxlen=KNOWN))
    """Seas of solutions met so far, newest last."""
    dropped: set[frozenset[tuple[Cell, int]]] = field(default_factory=set)
    """Clue sets not taken again: steps without a solution (or whose count ran out of its SAT
    budget), steps whose nudges ran out of patience, and neighbours a drift found not unique."""
    on_step: Callable[[Mapping[Cell, int]], None] | None = field(default=None, repr=False, compare=False)
    """Called with the clues of each unique puzzle the search moves to (to show progress)."""

    def __post_init__(self) -> None:
        if self.steps < 1 or self.cap < 2:
            raise ValueError("a sparse search surveys at least one step and counts at least two solutions")

    def survey(self, puzzle: Puzzle, limit: int | None = None) -> Survey | None:
        """The puzzle's solutions up to ``limit`` (by default :attr:`cap`); ``None`` when it has none,
        or a call ran out of budget.

        Solutions met before that the puzzle's clues still allow (:func:`solves`) are counted
        without the solver, and blocked before it looks for more.
        """
        self.checks += 1
        limit = self.cap if limit is None else limit
        found = [shaded for shaded in self.known if solves(puzzle, shaded)][:limit]
        if len(found) < limit:
            with SatSession(NURIKABE, puzzle, conflicts=self.conflicts) as session:
                for old in found:
                    session.block(old)
                try:
                    while len(found) < limit:
                        new = session.next_solution(rounds=self.rounds)
                        if new is None:
                            break
                        found.append(new)
                        self.known.append(new)
                        session.block(new)
                except SatTimeout:
                    return None
        if not found:
            return None
        union = agreed = found[0]
        for shaded in found:
            union |= shaded
            agreed &= shaded
        return Survey(len(found), union & ~agreed, found[0])

    def sparsify(self, puzzle: Puzzle, *, budget: int) -> tuple[Puzzle, Mask]:
        """A unique puzzle at least as sparse as ``puzzle`` (which must be unique), with its sea:
        steps until the target is met, a drift finds no unique neighbour, or ``budget`` surveys have
        been asked for.

        Raises ``ValueError`` when ``puzzle`` is not proven unique within the SAT budgets.
        """
        grid = puzzle.grid
        clues: Clues = {cell: number for cell, number in puzzle.clues if number is not None}
        if len(clues) != len(puzzle.clues):
            raise ValueError("a puzzle with ? clues cannot be made sparser")
        survey = self.survey(puzzle)
        if survey is None or survey.count != 1:
            raise ValueError(f"{puzzle.id()} is not proven unique")
        sea = survey.shaded
        stop = self.checks + budget
        while not self.target.met(clues) and self.checks < stop:
            steps = [step for step in self._steps(grid, clues) if _key(step) not in self.dropped]
            if not steps:  # every step from here was dropped: drift to another unique puzzle
                drifted = self._drift(grid, clues, stop)
                if drifted is None:
                    break
                clues, sea = drifted
                self._moved(clues)
                continue
            best = self._best_step(grid, steps, stop)
            if best is None:
                continue
            stepped, found = best
            nudged = self._nudged(grid, stepped, found, self.target.floor(stepped), stop)
            if nudged is not None:
                clues, sea = nudged
                self._moved(clues)
            elif self.checks < stop:  # out of patience, not of budget
                self.dropped.add(_key(stepped))
        return _puzzle(grid, clues), sea

    def _moved(self, clues: Clues) -> None:
        if self.on_step is not None:
            self.on_step(clues)

    def _steps(self, grid: Grid, clues: Clues) -> list[Clues]:
        """The merges of ``clues``, and their growths when the clues are few enough, in random order."""
        steps = list(self._merges(grid, clues))
        if self.target.growable(len(clues), grid.size):
            steps += self._growths(grid, clues)
            self.rng.shuffle(steps)
        return steps

    def _best_step(self, grid: Grid, steps: list[Clues], stop: int) -> tuple[Clues, Survey] | None:
        """Of the first :attr:`steps` of ``steps`` that have a solution (looked for in at most four
        times as many surveys), the one with the best score; a step without one, or whose count ran
        out of its SAT budget, is dropped."""
        best: tuple[tuple[int, int], Clues, Survey] | None = None
        tried = 0
        last = min(stop, self.checks + 4 * self.steps)
        for stepped in steps:
            if tried >= self.steps or self.checks >= last:
                break
            found = self.survey(_puzzle(grid, stepped))
            if found is None:
                self.dropped.add(_key(stepped))
                continue
            tried += 1
            if best is None or found.score < best[0]:
                best = (found.score, stepped, found)
        return None if best is None else (best[1], best[2])

    def _growths(self, grid: Grid, clues: Clues) -> list[Clues]:
        """Clue sets with one clue's number one higher, the clue where it was or moved to a neighbour."""
        out = []
        for cell in clues:
            for spot in [cell, *grid.neighbour_lists[cell]]:
                if spot != cell and spot in clues:
                    continue
                grown = dict(clues)
                grown[spot] = grown.pop(cell) + 1
                if self._fits(grid, grown):
                    out.append(grown)
        return out

    def _merges(self, grid: Grid, clues: Clues) -> Iterator[Clues]:
        """Clue sets with two clues near each other made one, in random order."""
        placed = list(clues)
        pairs = [(a, b) for i, a in enumerate(placed) for b in placed[i + 1:] if distance(grid, a, b) <= self.reach]
        self.rng.shuffle(pairs)
        for a, b in pairs:
            merged = dict(clues)
            number = merged.pop(a) + merged.pop(b) + 1
            spot = self.rng.choice((a, b))
            lowest = max(clues[a], clues[b]) + 1
            excess = sum(merged.values()) + number - int(self.target.aim_land * grid.size)
            merged[spot] = max(lowest, number - max(0, excess))
            if self._fits(grid, merged):
                yield merged

    def _drift(self, grid: Grid, clues: Clues, stop: int) -> tuple[Clues, Mask] | None:
        """``clues`` nudged once, to another unique puzzle with at least as much of the land the target
        needs (with its sea); ``None`` when patience or budget ran out."""
        floor = self.target.floor(clues)
        for _ in range(self.patience):
            if self.checks >= stop:
                return None
            nudged = self._nudge(grid, clues, 0)
            if nudged is None or sum(nudged.values()) < floor or _key(nudged) in self.dropped:
                continue
            found = self.survey(_puzzle(grid, nudged), limit=2)
            if found is not None and found.count == 1:
                return nudged, found.shaded
            self.dropped.add(_key(nudged))
        return None

    def _nudged(self, grid: Grid, clues: Clues, survey: Survey, floor: int, stop: int) -> tuple[Clues, Mask] | None:
        """``clues`` nudged to one solution (with its sea), their land kept at ``floor`` or more;
        ``None`` when patience or budget ran out."""
        for _ in range(self.patience):
            if survey.count == 1:
                return clues, survey.shaded
            if self.checks >= stop:
                return None
            nudged = self._nudge(grid, clues, survey.disputed)
            if nudged is None or sum(nudged.values()) < floor:
                continue
            found = self.survey(_puzzle(grid, nudged), limit=min(self.cap, survey.count + 1))
            if found is not None and found.score <= survey.score:
                clues, survey = nudged, found
        return (clues, survey.shaded) if survey.count == 1 else None

    def _nudge(self, grid: Grid, clues: Clues, disputed: Mask) -> Clues | None:
        """One clue moved by up to two rows and columns, its number changed by one, or one of its
        cells passed to or taken from a clue near it; most often (four times in five) a clue near
        a disputed cell drawn at random."""
        placed = list(clues)
        spots = list(cells(disputed))
        if spots and self.rng.random() < 0.8:
            cell = self._near(grid, placed, self.rng.choice(spots))
        else:
            cell = self.rng.choice(placed)
        nudged = dict(clues)
        kind = self.rng.random()
        if kind < 0.3 and len(placed) > 1:
            other = self._near(grid, [spot for spot in placed if spot != cell], cell)
            give, take = (cell, other) if self.rng.random() < 0.5 else (other, cell)
            if nudged[give] == 1:
                return None
            nudged[give] -= 1
            nudged[take] += 1
        elif kind < 0.65:
            row, col = divmod(cell, grid.cols)
            row += self.rng.randint(-2, 2)
            col += self.rng.randint(-2, 2)
            if not (0 <= row < grid.rows and 0 <= col < grid.cols):
                return None
            spot = row * grid.cols + col
            if spot in nudged:
                return None
            nudged[spot] = nudged.pop(cell)
        else:
            number = nudged[cell] + self.rng.choice((-1, 1))
            if number < 1:
                return None
            nudged[cell] = number
        return nudged if self._fits(grid, nudged) else None

    def _near(self, grid: Grid, placed: list[Cell], aim: Cell) -> Cell:
        """A clue of ``placed`` drawn at random, weighted by the inverse square of one plus its distance to ``aim``."""
        weights = [1.0 / (1 + distance(grid, cell, aim)) ** 2 for cell in placed]
        return self.rng.choices(placed, weights)[0]

    def _fits(self, grid: Grid, clues: Clues) -> bool:
        """Land inside the target's band, and no two clues side by side (they would share an island)."""
        if not self.target.land_fits(clues, grid.size):
            return False
        mask = sum(1 << cell for cell in clues)
        return not any(grid.dilate(1 << cell) & mask & ~(1 << cell) for cell in clues)


def solves(puzzle: Puzzle, shaded: Mask) -> bool:
    """Whether ``shaded``, the sea of a solution of some puzzle of this shape, solves this one.

    Its sea is connected and free of pools already (those rules do not read
    the clues), so only the islands are left to check: one per clue, of the
    clue's size, and no land beyond them.
    """
    grid = puzzle.grid
    clue_mask = puzzle.clue_mask
    if shaded & clue_mask:
        return False
    land = grid.full & ~shaded
    if land.bit_count() != sum(number or 0 for _, number in puzzle.clues):
        return False
    for cell, number in puzzle.clues:
        island = grid.flood(1 << cell, land)
        if island.bit_count() != number or (island & clue_mask).bit_count() != 1:
            return False
    return True  # one island per clue, of its size, as many cells as all of them: no land is left over


def distance(grid: Grid, a: Cell, b: Cell) -> int:
    """Rows plus columns between two cells."""
    return abs(a // grid.cols - b // grid.cols) + abs(a % grid.cols - b % grid.cols)


def _key(clues: Clues) -> frozenset[tuple[Cell, int]]:
    return frozenset(clues.items())


def _puzzle(grid: Grid, clues: Clues) -> Puzzle:
    return Puzzle.make("nurikabe", grid.rows, grid.cols, clues)


__all__ = ["Sparsifier", "Survey", "Target", "distance", "mean_clue", "solves"]
