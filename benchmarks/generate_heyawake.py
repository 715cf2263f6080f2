"""The generator table for Heyawake, and how its puzzles compare with the published ones.

For each size and level, generate with N seeds and print: how many came
out rated exactly as asked, the median and 95th percentile times (a failure
counts as infinite), the mean number of paintings drawn, and what the puzzles
look like: cells per room, black share, share of rooms numbered, share of
numbers that are 0, and the share of rooms that are one cell.  The last rows,
``published``, are the same measures over the corpus (``--corpus``), when it is
there, by board size and in all.

    python benchmarks/generate_heyawake.py                                 # 6x6, 10x10, 15x15, 20x20
    python benchmarks/generate_heyawake.py --sizes 10x10 --levels hard,expert --seeds 10 --clock cpu
    python benchmarks/generate_heyawake.py --sizes 15x15 --first-seed 20 --seeds 10      # seeds 20-29

Progress goes to stderr when it is a terminal; the table goes to stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from pencilkit.formats.detect import read_puzzle
from pencilkit.frame.generate import generate_one
from pencilkit.frame.generator import GenerationFailed
from pencilkit.frame.levels import GENERATABLE, Level
from pencilkit.genres import find_genre
from pencilkit.puzzle import Answer, Puzzle
from timing import percentile, show_time

SIZES = ("6x6", "10x10", "15x15", "20x20")
PUBLISHED_SIZES = ((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"), (10**9, "larger"))
"""The size buckets of the published rows: the corpus's rooms grow with the board."""
CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "heyawake.jsonl"


@dataclass
class Looks:
    """What a puzzle looks like, in the measures the table compares."""

    cells_per_room: float
    black: float
    numbered: float
    zeros: float
    single_rooms: float


def looks(puzzle: Puzzle, solution: Answer) -> Looks:
    rooms = puzzle.room_count
    numbers = [n for _, n in puzzle.clues if n is not None]
    return Looks(puzzle.grid.size / rooms, solution.shaded.bit_count() / puzzle.grid.size, len(puzzle.clues) / rooms,
                 numbers.count(0) / max(1, len(numbers)),
                 sum(1 for m in puzzle.room_masks if m & (m - 1) == 0) / rooms)


def row(label: str, seen: list[Looks]) -> str:
    if not seen:
        return "| - | - | - | - | - |"
    mean = {name: statistics.mean(getattr(x, name) for x in seen) for name in Looks.__dataclass_fields__}
    return (f"| {mean['cells_per_room']:.1f} | {mean['black']:.0%} | {mean['numbered']:.0%} | {mean['zeros']:.0%} "
            f"| {mean['single_rooms']:.0%} |")

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(SIZES), help="comma-separated RxC shapes")
    parser.add_argument("--levels", default=",".join(level.label for level in GENERATABLE))
    parser.add_argument("--seeds", type=int, default=10, help="how many seeds (default 10)")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the first seed (default 0; choose parameters on other seeds than those reported)")
    parser.add_argument("--time-budget", type=float, default=60.0, help="wall seconds per puzzle (default 60)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    genre = find_genre("heyawake")
    generator = genre.generator()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    interactive = sys.stderr.isatty()
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    print(f"seeds {seeds[0]}-{seeds[-1]}, budget {args.time_budget:g} wall s per puzzle, {args.clock} seconds\n")
    print("| size | level | found | median | p95 | mean paintings | cells/room | black | numbered rooms "
          "| numbers 0 | 1-cell rooms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for shape in args.sizes.split(","):
        rows, cols = (int(x) for x in shape.lower().split("x"))
        for name in args.levels.split(","):
            level = Level.parse(name)
            times: list[float] = []
            paintings: list[int] = []
            seen: list[Looks] = []
            for seed in seeds:
                if interactive:
                    print(f"\r{shape} {level.label} seed {seed}   ", end="", file=sys.stderr, flush=True)
                start = clock()
                try:
                    made = generate_one(generator, genre, rows, cols, level, seed=seed, seconds=args.time_budget)
                except GenerationFailed:
                    times.append(math.inf)
                    continue
                paintings.append(made.attempts)
                times.append(clock() - start if made.exact else math.inf)
                if made.exact:
                    seen.append(looks(made.puzzle, made.solution))
            if interactive:
                print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)
            found = sum(t < math.inf for t in times)
            mean_paintings = f"{statistics.mean(paintings):.1f}" if paintings else "-"
            print(f"| {shape} | {level.label} | {found}/{args.seeds} | {show_time(statistics.median(times))} | "
                  f"{show_time(percentile(times, 0.95))} | {mean_paintings} " + row(level.label, seen), flush=True)
    if args.corpus.exists():
        published: dict[str, list[Looks]] = {name: [] for _, name in PUBLISHED_SIZES}
        for line in args.corpus.read_text().splitlines():
            record = json.loads(line)
            puzzle = read_puzzle(line)
            size = next(name for most, name in PUBLISHED_SIZES if puzzle.grid.size <= most)
            published[size].append(looks(puzzle, Answer.from_rows(record["solution"])))
        for _, name in PUBLISHED_SIZES:
            print(f"| published | {name} | {len(published[name])} | | | " + row("published", published[name]))
        everything = [x for seen in published.values() for x in seen]
        print(f"| published | all | {len(everything)} | | | " + row("published", everything))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
