"""The ant-colony solver for Nurikabe of Amos, Crossley and Lloyd.

Each iteration, every ant takes its own copy of the grid with every cell sea
but the clues, starts at a random island, and grows the islands one cell at a
time, back to front compared with a human solve.  The cells an island may take
are its sea neighbours minus two kinds that would break a rule at once:

* cells touching another island (the islands would merge), and
* cut cells, whose loss would split the sea (articulation points of the sea).

Of the cells left, the ant takes the one with most pheromone with probability
``q0`` (the greedy choice) and otherwise draws one with probability
proportional to its pheromone; then it weakens that cell's pheromone a little
(the local update, rate ``xi``), so the other ants try elsewhere.  An island is
done at its size or when no cell is left; the ant then moves to the next island
by its selection scheme.  The ants move in turn, one cell each, until all are done.

A layout costs one per 2x2 pool plus one per missing island cell; cost 0 is a
solution.  The best layout so far earns a bonus of ``1 / cost``, which the
global update lays on its island cells (rate ``rho``), and which decays by the
best value evaporation (rate ``bve``) every iteration, so that a stagnating
best can be replaced by a worse but different one.

Parameters: the paper's values are not published with it in a usable form,
so the defaults are the Ant Colony System values of Lloyd and Amos's
Sudoku solver on which this one is built: 10 ants, ``q0`` 0.9, ``rho`` 0.9,
``xi`` 0.1 (the ACS standard), ``bve`` 0.005, initial
pheromone ``1 / cells``.

>>> from pencilkit.puzzle import Puzzle
>>> outcome = solve_colony(Puzzle.from_id("nurikabe:3x3:.,.,.,.,.,.,5,.,1"), AcoParameters(), seed=1)
>>> outcome.answer.to_rows()
['---', '-##', '-#-']
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...errors import PencilkitError
from ...grid import Cell, Grid, Mask, cells, ring_table
from ...puzzle import Answer, Puzzle
from .aco_parameters import SELECTIONS, AcoParameters


@dataclass
class ColonyOutcome:
    """The end of a colony run: the solution (or ``None``), iterations, time and best cost."""

    answer: Answer | None
    iterations: int
    seconds: float
    best_cost: int


def is_cut(grid: Grid, rings: Sequence[tuple[Cell, ...]], cell: Cell, sea: Mask) -> bool:
    """Would making ``cell`` land split the sea?  (Is it an articulation point of the sea?)

    Cheap case first: if the sea cells around ``cell`` (its 8-neighbourhood) link
    all its sea neighbours, the sea stays connected.  Otherwise flood the sea.
    """
    neighbours = grid.neighbours[cell] & sea
    if neighbours.bit_count() <= 1:
        return False
    ring = rings[cell]
    wet = [p >= 0 and bool(sea >> p & 1) for p in ring]
    if all(wet):
        return False
    start = wet.index(False)  # walk the ring from a dry cell, counting wet arcs that hold a neighbour
    arcs = 0
    in_arc = holds = False
    for i in range(1, 9):
        j = (start + i) % 8
        if wet[j]:
            if not in_arc:
                in_arc, holds = True, False
            holds = holds or j % 2 == 0
        elif in_arc:
            in_arc = False
            arcs += holds
    if arcs <= 1:
        return False
    rest = sea & ~(1 << cell)
    reached = neighbours & -neighbours
    while neighbours & ~reached:  # flood until every sea neighbour is reached, or the flood stops
        grown = grid.dilate(reached) & rest
        if grown == reached:
            return True
        reached = grown
    return False


class Ant:
    """One ant's copy of the grid and its walk over the islands."""

    def __init__(self, colony: Colony, start: int) -> None:
        self.colony = colony
        self.island = [1 << cell for cell in colony.clue_cells]
        self.land = colony.puzzle.clue_mask
        self.sea = colony.grid.full & ~self.land
        self.order = colony.plan(start)
        self.current = start
        self.done = {start}
        self.finished = False

    def advance(self) -> None:
        """Move to the next island of the selection scheme, or finish."""
        nxt = self.order(self.current, self.done)
        if nxt is None:
            self.finished = True
        else:
            self.current = nxt
            self.done.add(nxt)

    def candidates(self, k: int) -> list[Cell]:
        """The sea cells island ``k`` may take: not touching another island, not a cut cell."""
        grid = self.colony.grid
        mine = self.island[k]
        near = grid.border(mine) & self.sea & ~grid.dilate(self.land & ~mine)
        rings = self.colony.rings
        return [c for c in cells(near) if not is_cut(grid, rings, c, self.sea)]

    def step(self) -> None:
        """Take one cell for the current island (or move on when it is done or stuck)."""
        k = self.current
        colony = self.colony
        if self.island[k].bit_count() >= colony.targets[k]:
            self.advance()
            return
        options = self.candidates(k)
        if not options:
            self.advance()
            return
        cell = colony.choose(options)
        bit = 1 << cell
        self.island[k] |= bit
        self.land |= bit
        self.sea &= ~bit
        colony.local_update(cell)
        if self.island[k].bit_count() >= colony.targets[k]:
            self.advance()

    def cost(self) -> int:
        """2x2 pools plus missing island cells (plus extra sea parts, zero unless the clues split the sea)."""
        colony = self.colony
        grid = colony.grid
        pools = grid.pools(self.sea).bit_count()
        missing = colony.total - self.land.bit_count()
        parts = len(grid.components(self.sea))
        return pools + missing + max(0, parts - 1) + (1 if not self.sea else 0)


class Colony:
    """The pheromone matrix, the best layout so far, and the iterations over ants."""

    def __init__(self, puzzle: Puzzle, parameters: AcoParameters, rng: random.Random,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if puzzle.genre != "nurikabe":
            raise PencilkitError(f"the ant colony solves nurikabe, not {puzzle.genre}")
        if puzzle.clue_total is None:
            raise PencilkitError("the ant colony needs a number on every clue; this puzzle has a ? clue")
        if not puzzle.clues:
            raise PencilkitError("the ant colony needs at least one clue")
        parameters.validate()
        self.puzzle = puzzle
        self.parameters = parameters
        self.rng = rng
        self.clock = clock
        self.grid = puzzle.grid
        self.rings = ring_table(self.grid)
        self.clue_cells = [cell for cell, _ in puzzle.clues]
        self.targets = [int(number or 0) for _, number in puzzle.clues]
        self.total = sum(self.targets)
        self.tau0 = parameters.tau0 if parameters.tau0 is not None else 1.0 / self.grid.size
        self.tau = [self.tau0] * self.grid.size
        self.best_bonus = 0.0
        self.best_layout: Mask | None = None
        self.plan = self._planner()

    # -- island selection -------------------------------------------------------

    def _planner(self) -> Callable[[int], Callable[[int, set[int]], int | None]]:
        """For a start island, the function giving an ant's next island (``None`` when all are done)."""
        scheme = self.parameters.selection
        n = len(self.clue_cells)
        cols = self.grid.cols
        where = [divmod(cell, cols) for cell in self.clue_cells]

        def cyclic(order: list[int]) -> Callable[[int], Callable[[int, set[int]], int | None]]:
            def plan(start: int) -> Callable[[int, set[int]], int | None]:
                at = order.index(start)
                sequence = order[at + 1:] + order[:at]
                it = iter(sequence)
                return lambda current, done: next(it, None)
            return plan

        if scheme == "raster":
            return cyclic(list(range(n)))
        if scheme == "size-descending":
            return cyclic(sorted(range(n), key=lambda k: (-self.targets[k], k)))
        if scheme == "size-ascending":
            return cyclic(sorted(range(n), key=lambda k: (self.targets[k], k)))
        if scheme == "random":
            def shuffled(start: int) -> Callable[[int, set[int]], int | None]:
                rest = [k for k in range(n) if k != start]
                self.rng.shuffle(rest)
                it = iter(rest)
                return lambda current, done: next(it, None)
            return shuffled
        sign = -1 if scheme == "farthest" else 1

        def by_distance(start: int) -> Callable[[int, set[int]], int | None]:
            def nxt(current: int, done: set[int]) -> int | None:
                r, c = where[current]
                left = [k for k in range(n) if k not in done]
                if not left:
                    return None
                return min(left, key=lambda k: (sign * (abs(where[k][0] - r) + abs(where[k][1] - c)), k))
            return nxt
        return by_distance

    # -- pheromone --------------------------------------------------------------

    def choose(self, options: list[Cell]) -> Cell:
        """The greedy choice with probability q0, else a draw weighted by pheromone."""
        if len(options) == 1:
            return options[0]
        tau = self.tau
        if self.rng.random() < self.parameters.q0:
            return max(options, key=lambda c: tau[c])
        weights = [tau[c] for c in options]
        point = self.rng.random() * sum(weights)
        for cell, weight in zip(options, weights):
            point -= weight
            if point < 0:
                return cell
        return options[-1]

    def local_update(self, cell: Cell) -> None:
        xi = self.parameters.xi
        self.tau[cell] = (1 - xi) * self.tau[cell] + xi * self.tau0

    def global_update(self) -> None:
        if self.best_layout is None:
            return
        rho = self.parameters.rho
        bonus = self.best_bonus
        tau = self.tau
        for cell in cells(self.best_layout):
            tau[cell] = (1 - rho) * tau[cell] + rho * bonus

    def broken(self, sea: Mask) -> int:
        """How many rules the rule checker finds broken in a layout."""
        from . import NURIKABE

        puzzle = self.puzzle
        return len(NURIKABE.check(puzzle, Answer(puzzle.rows, puzzle.cols, sea, self.grid.full & ~sea)))

    # -- iterations -------------------------------------------------------------

    def iterate(self, deadline: float | None) -> tuple[int, Mask | None]:
        """One iteration: build every ant's layout, update the best, lay pheromone.

        Returns the iteration's lowest cost and, at cost 0, the solution's sea.
        """
        n = len(self.clue_cells)
        ants = [Ant(self, self.rng.randrange(n)) for _ in range(self.parameters.ants)]
        rounds = 0
        while True:
            moving = [ant for ant in ants if not ant.finished]
            if not moving:
                break
            for ant in moving:
                ant.step()
            rounds += 1
            if deadline is not None and rounds % 64 == 0 and self.clock() > deadline:
                return -1, None
        costs = [ant.cost() for ant in ants]
        best = min(range(len(ants)), key=lambda i: costs[i])
        if costs[best] == 0:
            broken = self.broken(ants[best].sea)
            if not broken:
                return 0, ants[best].sea
            costs[best] = broken  # clues that touch from the start: no layout can help
        bonus = 1.0 / costs[best]
        if bonus > self.best_bonus and ants[best].land != self.best_layout:
            self.best_bonus = bonus
            self.best_layout = ants[best].land
        self.global_update()
        self.best_bonus *= 1 - self.parameters.bve
        return costs[best], None


def solve_colony(
    puzzle: Puzzle,
    parameters: AcoParameters | None = None,
    *,
    seed: int = 0,
    seconds: float | None = 60.0,
    iterations: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> ColonyOutcome:
    """Run the colony until a layout costs 0, ``seconds`` pass or ``iterations`` are done.

    The same seed gives the same run (up to where the time limit cuts it).
    ``clock`` measures the seconds: wall time by default; ``time.process_time``
    gives a limit in CPU time, steadier on a shared machine.
    """
    if seconds is None and iterations is None:
        raise PencilkitError("the ant colony needs a time limit or an iteration limit")
    start = clock()
    deadline = None if seconds is None else start + seconds
    colony = Colony(puzzle, parameters or AcoParameters(), random.Random(seed), clock)
    done = 0
    lowest_cost = colony.total + colony.grid.size
    while iterations is None or done < iterations:
        if deadline is not None and clock() > deadline:
            break
        cost, sea = colony.iterate(deadline)
        if cost < 0:
            break
        done += 1
        lowest_cost = min(lowest_cost, cost)
        if sea is not None:
            answer = Answer(puzzle.rows, puzzle.cols, sea, puzzle.grid.full & ~sea)
            return ColonyOutcome(answer, done, clock() - start, 0)
    return ColonyOutcome(None, done, clock() - start, lowest_cost)


__all__ = ["SELECTIONS", "AcoParameters", "ColonyOutcome", "is_cut", "solve_colony"]
