"""Seed 001's generator performance table for pencilkit's Nurikabe generator.

For each size and level, generate with seeds 0-19 (by default) and print:
how many of them came out rated exactly as asked, the median and 95th
percentile CPU time of this process (``time.process_time``: the machine is
shared, and wall time depends on what else runs; a failure counts as infinite
time, as in seed 001), the mean number of candidates considered ("attempts";
one met again is not assessed again) and the mean number of layouts drawn.
The time budget is wall time.

    python benchmarks/generate_nurikabe.py                      # every size
    python benchmarks/generate_nurikabe.py --sizes 5x5,10x10 --levels hard
    python benchmarks/generate_nurikabe.py --builder growth     # the other layout builder

Progress goes to stderr when it is a terminal; the table goes to stdout.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from pencilkit.frame.generate import GenerationFailed, generate_one
from pencilkit.frame.levels import GENERATABLE, Level
from pencilkit.genres import find_genre
from pencilkit.genres.nurikabe.generate import NurikabeGenerator

SIZES = ("5x5", "7x7", "8x8", "10x10", "15x15", "20x20")


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (which may hold ``inf``)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def show_time(seconds: float) -> str:
    if math.isinf(seconds):
        return "failed"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"
    return f"{seconds:.1f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(SIZES), help="comma-separated RxC shapes")
    parser.add_argument("--levels", default=",".join(level.label for level in GENERATABLE))
    parser.add_argument("--seeds", type=int, default=20, help="seeds 0 .. N-1 (default 20)")
    parser.add_argument("--time-budget", type=float, default=60.0, help="seconds per puzzle (default 60)")
    parser.add_argument("--builder", default="auto", choices=("auto", "repair", "growth"),
                        help="layout builder (default auto: the one that wins at each level)")
    args = parser.parse_args(argv)
    genre = find_genre("nurikabe")
    generator = NurikabeGenerator(args.builder)
    interactive = sys.stderr.isatty()
    print(f"builder {args.builder}, seeds 0-{args.seeds - 1}, budget {args.time_budget:g} s per puzzle")
    print()
    print("| size | level | found | median | p95 | mean attempts | mean layouts |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    sys.stdout.flush()
    for shape in args.sizes.split(","):
        rows, cols = (int(x) for x in shape.lower().split("x"))
        for name in args.levels.split(","):
            level = Level.parse(name)
            times: list[float] = []
            candidates: list[int] = []
            layouts: list[int] = []
            found = 0
            for seed in range(args.seeds):
                if interactive:
                    print(f"\r{shape} {level.label} seed {seed}   ", end="", file=sys.stderr, flush=True)
                start = time.process_time()
                try:
                    made = generate_one(generator, genre.ruleset, rows, cols, level, seed=seed,
                                        time_budget=args.time_budget)
                except GenerationFailed:
                    times.append(math.inf)
                    continue
                elapsed = time.process_time() - start
                candidates.append(made.changes)
                layouts.append(made.attempts)
                if made.exact:
                    found += 1
                    times.append(elapsed)
                else:
                    times.append(math.inf)
            if interactive:
                print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)
            mean_c = f"{statistics.mean(candidates):.0f}" if candidates else "-"
            mean_l = f"{statistics.mean(layouts):.1f}" if layouts else "-"
            print(f"| {shape} | {level.label} | {found}/{args.seeds} | {show_time(statistics.median(times))} "
                  f"| {show_time(percentile(times, 0.95))} | {mean_c} | {mean_l} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
