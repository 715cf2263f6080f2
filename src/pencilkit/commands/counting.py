"""``count``: count a puzzle's solutions to a limit, by search or by SAT.

``--engine ladder`` counts by branching search with the ladder at each node;
``--engine sat`` counts with the SAT engine.  Both stop at ``--limit``
solutions; two proves uniqueness.  Exit code 0 for exactly one solution.
"""

from __future__ import annotations

import argparse

from ..api import count_solutions
from ..errors import PencilkitError
from ..frame.budget import Budget
from ..frame.search import DEFAULT_NODES, SearchResult
from ..genres import genre_of
from . import MAX_NODES, Command, add_puzzle_argument, emit_json, plural, positive, whole_number
from .solving import load_puzzle

EXIT_OK, EXIT_FAIL = 0, 1
MAX_LIMIT = 100_000
"""Most solutions a count collects (each is kept and printed)."""


def configure_count(parser: argparse.ArgumentParser) -> None:
    add_puzzle_argument(parser)
    parser.add_argument("--engine", default="ladder", choices=("ladder", "sat"),
                        help="count by search with the ladder (default) or by SAT")
    parser.add_argument("--limit", type=whole_number(1, MAX_LIMIT), default=2,
                        help="stop at this many solutions (default %(default)s)")
    parser.add_argument("--nodes", type=whole_number(1, MAX_NODES), default=DEFAULT_NODES,
                        help="search node budget, ladder engine (default %(default)s)")
    parser.add_argument("--time", type=positive, default=60.0, metavar="SECONDS",
                        help="time budget (default %(default)s)")
    parser.add_argument("--json", action="store_true", help="print the count as JSON")


def run_count(args: argparse.Namespace) -> int:
    if args.time <= 0:
        raise PencilkitError(f"--time must be positive, not {args.time}")
    puzzle = load_puzzle(args)
    result: SearchResult
    if args.engine == "sat":
        from ..engines.sat import count_sat, sat_genre

        result = count_sat(sat_genre(genre_of(puzzle), puzzle.genre), puzzle, limit=args.limit,
                           budget=Budget(seconds=args.time))
    else:
        result = count_solutions(puzzle, limit=args.limit, nodes=args.nodes, seconds=args.time)
    at_least = "" if result.exhaustive else "at least "
    if args.json:
        emit_json({"puzzle": puzzle.id(), "engine": args.engine, "count": result.count,
                   "exhaustive": result.exhaustive, "limit": args.limit, "nodes": result.nodes,
                   "solutions": [a.to_rows() for a in result.solutions]})
    else:
        capped = " (the limit)" if result.count >= args.limit else ""
        print(f"{at_least}{plural(result.count, 'solution')}{capped}"
              f" · {args.engine} · {plural(result.nodes, 'node')}")
        for answer in result.solutions:
            print("\n".join(answer.to_rows()) + "\n")
    return EXIT_OK if result.count == 1 and result.exhaustive else EXIT_FAIL


COMMANDS = [
    Command("count", "Count a puzzle's solutions to a limit (two proves uniqueness).", configure_count, run_count),
]
