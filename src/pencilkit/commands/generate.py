"""``generate``: new puzzles of a genre, shape and level, reproducible from a seed.

Each puzzle is printed with its solution, its rating and its seed.  Exit code
0 when every puzzle has the level asked for; 1 when the time budget ran out
(the best proven-unique candidate is printed, marked with its true rating, or
nothing could be found); 2 for bad input (unknown level, bad shape, negative
budget, a level the shape cannot reach).
"""

from __future__ import annotations

import argparse
import random
import sys

from ..api import generate
from ..errors import PencilkitError
from ..formats import FORMATS, write_puzzle
from ..frame.generate import DEFAULT_SECONDS, check_scores
from ..frame.generator import Generated, GenerationFailed
from ..frame.levels import GENERATABLE, Level
from ..frame.symmetry import PUBLISHED, Symmetry
from ..tokens import parse_shape
from . import MAX_COUNT, Command, add_jobs, add_time, emit_json, in_order, plural, whole_number

EXIT_OK, EXIT_FAIL = 0, 1
FORMAT_CHOICES = tuple(FORMATS)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("genre", metavar="GENRE", help="the genre, such as nurikabe")
    parser.add_argument("shape", metavar="RxC", help="rows x columns, such as 10x10")
    parser.add_argument("--level", "-l", default="medium", help="easy, medium, hard or expert (default medium)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the first puzzle (default: drawn at random and printed)")
    parser.add_argument("--count", "-n", type=whole_number(1, MAX_COUNT), default=1,
                        help="how many puzzles (seeds SEED, SEED+1, ...)")
    add_time(parser, DEFAULT_SECONDS, "seconds each puzzle may take (default %(default)g)")
    parser.add_argument("--style", default=None,
                        help="what the puzzles look like; Nurikabe: published (big islands, few 1s, as "
                             "printed puzzles), dense (small islands, many 1s) or auto (the default: "
                             "published on boards of 5 or more a side up to 1,600 cells (40x40); dense elsewhere)")
    parser.add_argument("--symmetry", default=PUBLISHED, choices=[PUBLISHED, *(k.value for k in Symmetry)],
                        help="symmetry of the clue positions (Heyawake: of the rooms), as Nikoli prints them: a "
                             "half turn (rot2), quarter turns (rot4, square boards) or a mirror (mirror), Nurikabe "
                             "and Kurodoko (Heyawake rot2 only); none; or published (the default): each puzzle "
                             "keeps one as often as published puzzles of its genre and size do (Hitori none)")
    parser.add_argument("--score", default=None, metavar="LOW-HIGH",
                        help="a difficulty score range beside the level (hard scores 300-399; see "
                             "docs/difficulty.md), such as 330-360")
    parser.add_argument("--format", "-f", default="text", choices=FORMAT_CHOICES,
                        help="how to print each puzzle (default text)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    add_jobs(parser)


Task = tuple[str, int, int, Level, int, float, "str | None", str, "tuple[int, int] | None"]
"""One puzzle to make: genre, rows, cols, level, seed, time budget, style, symmetry, score range."""


def make(task: Task) -> Generated | str:
    """The puzzle of one seed, or why there is none (a worker's job)."""
    genre, rows, cols, level, seed, budget, style, symmetry, scores = task
    try:
        return generate(genre, rows, cols, level, seed=seed, seconds=budget, style=style, symmetry=symmetry,
                        scores=scores)[0]
    except GenerationFailed as failed:
        return str(failed)


def run(args: argparse.Namespace) -> int:
    rows, cols = parse_shape(args.shape)
    level = Level.parse(args.level, among=GENERATABLE)
    if args.seed is not None and args.seed < 0:
        raise PencilkitError(f"the seed must not be negative, not {args.seed}")
    scores = None if args.score is None else parse_scores(args.score)
    if scores is not None:
        check_scores(level, scores)
    seed = random.SystemRandom().randrange(2**31) if args.seed is None else args.seed
    tasks: list[Task] = [(args.genre, rows, cols, level, seed + k, args.time_budget, args.style, args.symmetry,
                          scores) for k in range(args.count)]
    worst = EXIT_OK
    for k, made in enumerate(in_order(make, tasks, args.jobs)):  # each puzzle as soon as it is made, in seed order
        if isinstance(made, str):
            print(f"pencilkit: seed {seed + k}: generation failed: {made}", file=sys.stderr)
            worst = EXIT_FAIL
            continue
        if not made.exact or outside(made, scores):
            worst = EXIT_FAIL
        if outside(made, scores):
            print(f"pencilkit: seed {made.seed}: no {made.rating.label} puzzle scored {args.score} in the time; "
                  f"this one scores {made.score}", file=sys.stderr)
        if args.json:
            emit_json(made.to_json())
        else:
            if k:
                print()
            print(describe(made, args.format), flush=True)
    return worst


def parse_scores(text: str) -> tuple[int, int]:
    """``LOW-HIGH`` (or one score) as a range of difficulty scores."""
    low, dash, high = text.strip().partition("-")
    try:
        first = int(low)
        last = int(high) if dash else first
    except ValueError:
        raise PencilkitError(f"bad score range {text!r}: write LOW-HIGH, such as 330-360") from None
    return first, last


def outside(made: Generated, scores: tuple[int, int] | None) -> bool:
    """Whether a puzzle rated as asked has a score outside the range asked for."""
    return scores is not None and made.exact and made.score is not None and not scores[0] <= made.score <= scores[1]


def describe(made: Generated, fmt: str) -> str:
    """A header line (rating, seed, timing), the puzzle in ``fmt``, and its solution."""
    rating = made.rating.label
    if not made.exact:
        rating += f" (NOT {made.requested.label}: the time budget ran out; this is the closest found)"
    shape = "" if made.symmetry is Symmetry.NONE else f" · {made.symmetry.value} symmetry"
    if made.score is not None:
        rating += f", score {made.score}"
    head = (f"# rating {rating} · seed {made.seed} · {made.style} style{shape} · {made.seconds * 1000:.0f} ms · "
            f"{plural(made.changes, 'candidate')}")
    solution = "\n".join(made.solution.to_rows())
    return f"{head}\n{write_puzzle(made.puzzle, fmt)}\n# solution\n{solution}"


COMMANDS = [
    Command("generate", "Generate unique puzzles at a shape and level, reproducible from a seed.", configure, run,
            exits="exit status: 0 every puzzle rated exactly as asked; 1 none found in the budget, or one only "
                  "near the level (marked inexact); 2 bad input (one line on stderr names it)"),
]
