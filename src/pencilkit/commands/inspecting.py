"""``inspect``: what a puzzle under construction has, and the clue that would make it unique."""

from __future__ import annotations

import argparse

from ..api import inspect
from ..formats import read_puzzle
from ..frame.inspection import INSPECT_SECONDS, Inspection, Verdict
from ..genres import find_genre
from ..io import read_source
from . import Command, add_puzzle_argument, emit_json, plural, positive

EXIT_OK, EXIT_FAIL = 0, 1

EXITS = ("exit status: 0 the puzzle has one solution; 1 none, several, or not settled in time; "
         "2 bad input (one line on stderr names it)")


def configure_inspect(parser: argparse.ArgumentParser) -> None:
    add_puzzle_argument(parser)
    parser.add_argument("--time", type=positive, default=INSPECT_SECONDS, metavar="SECONDS",
                        help="time budget of the whole inspection (default %(default)s)")
    parser.add_argument("--json", action="store_true", help="print the inspection as JSON")


def run_inspect(args: argparse.Namespace) -> int:
    puzzle = read_puzzle(read_source(args.puzzle), genre=args.genre)
    found = inspect(puzzle, seconds=args.time)
    if args.json:
        emit_json(found.to_json())
    else:
        print(inspection_text(found, args.time))
    return EXIT_OK if found.verdict is Verdict.UNIQUE else EXIT_FAIL


def inspection_text(found: Inspection, seconds: float) -> str:
    """The inspection as a person reads it: the verdict, then what goes with it."""
    puzzle = found.puzzle
    grid = puzzle.grid
    took = f"{found.seconds * 1000:.1f} ms"
    if found.verdict is Verdict.UNIQUE:
        assert found.rating is not None
        scored = found.difficulty
        score = "" if scored is None else f", score {scored.score}"
        lines = [f"unique · rating {found.rating.label}{score} · {took}"]
        if scored is not None and scored.bottlenecks:
            lines.append(f"bottlenecks: {plural(scored.bottlenecks, 'phase')} of {found.rating.label} steps alone, "
                         f"at most {scored.longest} in a row")
        lines += [f"check: {check['message']}" for check in found.checks]
        step = found.hardest
        if step is not None:
            lines.append(f"hardest: step {found.step_number}, {step.level.label} · {step.technique}: {step.why}")
            lines.append(f"  decides {grid.names(step.cells, 99)}")
        elif found.stuck:
            lines.append(f"the techniques stop with {plural(found.stuck.bit_count(), 'cell')} open "
                         f"({grid.names(found.stuck, 12)}); search finishes it")
        lines += found.solutions[0].to_rows()
        return "\n".join(lines)
    if found.verdict is Verdict.NONE:
        return f"no solution · {took}\n{found.contradiction or 'no shading keeps every rule'}"
    if found.verdict is Verdict.UNKNOWN:
        return f"unknown · not settled within {seconds:g} s"
    lines = [f"several solutions · {took}",
             f"they differ at {plural(found.differ.bit_count(), 'cell')}: {grid.names(found.differ, 12)}"]
    first, second = (answer.to_rows() for answer in found.solutions)
    width = max(puzzle.cols, len("solution 1"))
    lines.append(f"{'solution 1':<{width}}   solution 2")
    lines += [f"{a:<{width}}   {b}" for a, b in zip(first, second)]
    suggestion = found.suggestion
    if suggestion is None:
        lines.append(f"no suggestion: the {find_genre(puzzle.genre).title} generator has none")
    else:
        lines.append(f"suggestion: {suggestion.describe(puzzle)}")
        lines.append(f"  {suggestion.puzzle.id()}")
    return "\n".join(lines)


COMMANDS = [
    Command("inspect", "Say whether a puzzle being made has one solution, none or several; rate it, show where "
            "two solutions differ, and suggest a clue that makes it unique.",
            configure_inspect, run_inspect, exits=EXITS),
]
