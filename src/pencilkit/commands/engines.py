"""``--engine``: which solver answers ``solve`` and ``count``.

Every engine returns a :class:`~pencilkit.frame.solve.Solution`, so the CLI
prints and exits the same way whatever solved the puzzle:

* ``ladder`` (default): the technique ladder, then search; rates the puzzle.
* ``sat``: count to two with the SAT engine; proves uniqueness, gives no rating.
* ``aco``: the ant colony (Nurikabe only); finds a solution (status ``found``)
  but cannot prove it unique, and reports ``gave_up`` when time runs out.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from ..api import solve
from ..errors import PencilkitError
from ..frame.budget import Budget
from ..frame.solve import Solution, Status
from ..genres import genre_of
from ..puzzle import Puzzle
from . import whole_number

ENGINES = ("ladder", "sat", "aco")
MAX_ANTS = 1000
"""Most ants an iteration of the colony may send (the paper's colonies have 10): an iteration makes all its
ants, each with a layout of the board, before it looks at the clock."""

SolveFunction = Callable[..., Solution]


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    """``--engine`` and the ant colony's parameters."""
    from ..genres.nurikabe.aco_parameters import AcoParameters

    parser.add_argument("--engine", default="ladder", choices=ENGINES,
                        help="solver: the technique ladder (default), SAT, or the ant colony")
    group = parser.add_argument_group("ant colony (--engine aco)")
    defaults = AcoParameters()
    group.add_argument("--ants", type=whole_number(1, MAX_ANTS), default=defaults.ants,
                       help="ants per iteration (default %(default)s)")
    group.add_argument("--q0", type=float, default=defaults.q0,
                       help="greediness: chance of the greedy choice (default %(default)s)")
    group.add_argument("--rho", type=float, default=defaults.rho,
                       help="global pheromone update rate (default %(default)s)")
    group.add_argument("--xi", type=float, default=defaults.xi,
                       help="local pheromone update rate (default %(default)s)")
    group.add_argument("--bve", type=float, default=defaults.bve,
                       help="best value evaporation rate (default %(default)s)")
    group.add_argument("--selection", default=defaults.selection, choices=selection_names(),
                       help="island selection scheme (default %(default)s)")
    group.add_argument("--seed", type=int, default=0, help="random seed of the colony (default %(default)s)")


def selection_names() -> list[str]:
    from ..genres.nurikabe.aco_parameters import SELECTIONS

    return list(SELECTIONS)


def engine_solver(args: argparse.Namespace) -> SolveFunction:
    """The solve function ``--engine`` names (with its options bound)."""
    engine = getattr(args, "engine", "ladder")
    if engine == "ladder":
        return solve
    if engine == "sat":
        return solve_sat
    if engine == "aco":
        from ..genres.nurikabe.aco_parameters import AcoParameters

        parameters = AcoParameters(ants=args.ants, q0=args.q0, rho=args.rho, xi=args.xi, bve=args.bve,
                                   selection=args.selection)
        parameters.validate()
        return partial(solve_aco, parameters=parameters, seed=args.seed)  # picklable, for batch workers
    raise PencilkitError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")


def solve_sat(puzzle: Puzzle, *, seconds: float | None = None, limit: int = 2, **_: Any) -> Solution:
    """Solve by SAT: count to ``limit`` (two proves uniqueness); no rating."""
    from ..engines.sat import count_sat, sat_genre

    result = count_sat(sat_genre(genre_of(puzzle), puzzle.genre), puzzle, limit=limit,
                       budget=Budget(seconds=seconds))
    return Solution(puzzle, Status.of(result), result.solutions, None, result.nodes, result.seconds, method="sat",
                    engine="sat")


def solve_aco(puzzle: Puzzle, *, seconds: float | None = None, parameters: Any = None, seed: int = 0,
              **_: Any) -> Solution:
    """Solve by the ant colony: ``found`` with the solution, or ``gave_up`` at the time limit."""
    from ..genres.nurikabe.aco import AcoParameters, solve_colony

    start = time.perf_counter()
    outcome = solve_colony(puzzle, parameters or AcoParameters(), seed=seed,
                           seconds=60.0 if seconds is None else seconds)
    if outcome.answer is None:
        return Solution(puzzle, Status.GAVE_UP, [], None, outcome.iterations, time.perf_counter() - start,
                        method="aco", engine="aco")
    return Solution(puzzle, Status.FOUND, [outcome.answer], None, outcome.iterations, time.perf_counter() - start,
                    method="aco", engine="aco")
