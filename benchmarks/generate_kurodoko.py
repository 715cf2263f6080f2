"""The generator table for pencilkit's Kurodoko generator (paint, add clues, sweep).

For each size and level, generate with seeds 0-19 (by default) and print: how
many came out rated exactly as asked, the median and 95th percentile time
(wall seconds, or with ``--clock cpu`` this process's CPU seconds, steadier on
a shared machine; a failure counts as infinite time;
the budget is wall seconds either way), the mean number
of candidates assessed ("attempts": a painting's first sweep plus each clue
move), the mean number of paintings drawn, and the mean number of clues of the
delivered puzzles before and after their last sweep and as delivered, with
the extra clues of the dressing.

    python benchmarks/generate_kurodoko.py                          # 6x6, 8x8, 10x10, 15x15
    python benchmarks/generate_kurodoko.py --sizes 6x6,8x8 --levels hard,expert
    python benchmarks/generate_kurodoko.py --sizes 15x15 --time-budget 45 --clock cpu
    python benchmarks/generate_kurodoko.py --symmetry rot2        # clue positions as Nikoli prints them

Progress goes to stderr when it is a terminal; the table goes to stdout.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence

from pencilkit.frame.budget import Budget
from pencilkit.frame.generate import generate_one
from pencilkit.frame.generator import Candidate, GenerationFailed
from pencilkit.frame.levels import GENERATABLE, Level
from pencilkit.frame.symmetry import Symmetry
from pencilkit.genres import find_genre
from pencilkit.genres.kurodoko.generate import KurodokoCandidate, KurodokoGenerator
from pencilkit.genres.kurodoko.painting import Painting
from pencilkit.grid import Mask
from pencilkit.puzzle import Answer
from timing import percentile, show_time

SIZES = ("6x6", "8x8", "10x10", "15x15")


class RecordingGenerator(KurodokoGenerator):
    """The generator, remembering how many clues each candidate had before and after its sweep."""

    def __init__(self) -> None:
        super().__init__()
        self.before: dict[tuple[Mask, Mask], int] = {}
        self.swept: dict[tuple[Mask, Mask], tuple[int, int]] = {}

    def complete(self, painting: Painting, clue_cells: Mask, target: Level, rng: random.Random,
                 avoid: Mask = 0, rivals: Sequence[Answer] = (),
                 budget: Budget | None = None) -> KurodokoCandidate | None:
        made = super().complete(painting, clue_cells, target, rng, avoid, rivals, budget)
        if made is not None:
            self.before[(painting.black, made.clue_cells)] = made.added
        return made

    def dress(self, candidate: Candidate, target: Level, rng: random.Random,
              budget: Budget | None = None) -> Candidate:
        dressed = super().dress(candidate, target, rng, budget)
        assert isinstance(candidate, KurodokoCandidate) and isinstance(dressed, KurodokoCandidate)
        black = candidate.painting.black
        self.swept[(black, dressed.clue_cells)] = (self.before[(black, candidate.clue_cells)], candidate.clues)
        return dressed


def mean(values: Sequence[float], digits: int = 1) -> str:
    return f"{statistics.mean(values):.{digits}f}" if values else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(SIZES), help="comma-separated RxC shapes")
    parser.add_argument("--levels", default=",".join(level.label for level in GENERATABLE))
    parser.add_argument("--seeds", type=int, default=20, help="seeds 0 .. N-1 (default 20)")
    parser.add_argument("--time-budget", type=float, default=60.0, help="seconds per puzzle (default 60)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time the table shows: wall seconds or this process's CPU seconds (the budget "
                             "is always wall seconds)")
    parser.add_argument("--symmetry", default="none", choices=[k.value for k in Symmetry],
                        help="symmetry of the clue positions (default none)")
    parser.add_argument("--per-seed", action="store_true",
                        help="also print each seed's time, paintings and clues to stderr")
    args = parser.parse_args(argv)
    genre = find_genre("kurodoko")
    recording = RecordingGenerator()
    generator = recording.with_symmetry(Symmetry.parse(args.symmetry))
    interactive = sys.stderr.isatty()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"seeds 0-{args.seeds - 1}, budget {args.time_budget:g} wall s per puzzle, {args.clock} seconds, "
          f"{args.symmetry} symmetry")
    print()
    print("| size | level | found | median | p95 | mean attempts | mean paintings "
          "| clues before sweep | clues after sweep | clues delivered |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    sys.stdout.flush()
    for shape in args.sizes.split(","):
        rows, cols = (int(x) for x in shape.lower().split("x"))
        for name in args.levels.split(","):
            level = Level.parse(name)
            times: list[float] = []
            attempts: list[int] = []
            paintings: list[int] = []
            before: list[int] = []
            after: list[int] = []
            delivered: list[int] = []
            found = 0
            for seed in range(args.seeds):
                if interactive:
                    print(f"\r{shape} {level.label} seed {seed}   ", end="", file=sys.stderr, flush=True)
                start = clock()
                try:
                    made = generate_one(generator, genre, rows, cols, level, seed=seed,
                                        seconds=args.time_budget)
                except GenerationFailed:
                    times.append(math.inf)
                    if args.per_seed:
                        print(f"{shape} {level.label} seed {seed}: failed", file=sys.stderr, flush=True)
                    continue
                elapsed = clock() - start
                if args.per_seed:
                    print(f"{shape} {level.label} seed {seed}: {elapsed:.2f} s, rated {made.rating.label}, "
                          f"{made.attempts} painting(s), {made.changes} candidate(s), "
                          f"{made.puzzle.clue_mask.bit_count()} clues", file=sys.stderr, flush=True)
                attempts.append(made.changes)
                paintings.append(made.attempts)
                if not made.exact:
                    times.append(math.inf)
                    continue
                found += 1
                times.append(elapsed)
                clue_cells = made.puzzle.clue_mask
                added, swept = recording.swept[(made.solution.shaded, clue_cells)]
                before.append(added)
                after.append(swept)
                delivered.append(clue_cells.bit_count())
            if interactive:
                print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)
            print(f"| {shape} | {level.label} | {found}/{args.seeds} | {show_time(statistics.median(times))} "
                  f"| {show_time(percentile(times, 0.95))} | {mean(attempts)} | {mean(paintings)} "
                  f"| {mean(before)} | {mean(after)} | {mean(delivered)} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
