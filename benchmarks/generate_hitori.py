"""The generator table for pencilkit's Hitori generator, beside the published look of each size.

For each size and level, generate with seeds 0-19 (by default) and print: how
many came out rated exactly as asked, the median and 95th percentile time
(wall seconds, or with ``--clock cpu`` this process's CPU seconds; a failure
counts as infinite time; the budget is wall seconds either way), the mean
paintings drawn, and what the puzzles look like: the black share, the share of
cells whose number repeats in their row or column (counted per line), and the
largest number against the board's side.  The published medians of the same
statistics, from ../shared/corpus/hitori.jsonl by size, follow when it is there.

    python benchmarks/generate_hitori.py                                # 5x5, 10x10, 15x15, 20x20, 25x25
    python benchmarks/generate_hitori.py --sizes 10x10 --levels expert --seeds 10 --clock cpu
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from pencilkit.frame.generate import generate_one
from pencilkit.frame.generator import GenerationFailed
from pencilkit.frame.levels import GENERATABLE, Level
from pencilkit.genres import find_genre
from pencilkit.puzzle import Puzzle
from timing import percentile, show_time

SIZES = ("5x5", "10x10", "15x15", "20x20", "25x25")
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "hitori.jsonl"


def look(puzzle: Puzzle, black: int) -> tuple[float, float, int]:
    """Black share, the share of cells repeating a number of their line (rows and columns counted apart),
    and the largest number."""
    rows, cols = puzzle.rows, puzzle.cols
    number = dict(puzzle.clues)
    lines = [[r * cols + c for c in range(cols)] for r in range(rows)]
    lines += [[r * cols + c for r in range(rows)] for c in range(cols)]
    repeating = 0
    for line in lines:
        counts = Counter(number.get(cell) for cell in line)
        repeating += sum(n for value, n in counts.items() if value is not None and n > 1)
    top = max((n for n in number.values() if n is not None), default=0)
    return black.bit_count() / (rows * cols), repeating / (2 * rows * cols), top


def published() -> dict[tuple[int, int], list[tuple[float, float, int]]]:
    """The look of every published puzzle of the corpus, by shape (empty when the corpus is absent)."""
    out: dict[tuple[int, int], list[tuple[float, float, int]]] = {}
    if not CORPUS.exists():
        return out
    for line in CORPUS.read_text().splitlines():
        record = json.loads(line)
        puzzle = Puzzle.from_id(record["puzzle"])
        black = sum(1 << k for k, ch in enumerate("".join(record["solution"])) if ch == "#")
        out.setdefault((puzzle.rows, puzzle.cols), []).append(look(puzzle, black))
    return out


def medians(looks: list[tuple[float, float, int]], side: int) -> str:
    if not looks:
        return "- | - | -"
    black = statistics.median(x[0] for x in looks)
    repeat = statistics.median(x[1] for x in looks)
    top = statistics.median(x[2] - side for x in looks)
    return f"{black:.2f} | {repeat:.2f} | side{top:+g}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(SIZES), help="comma-separated RxC shapes")
    parser.add_argument("--levels", default=",".join(level.label for level in GENERATABLE))
    parser.add_argument("--seeds", type=int, default=20, help="seeds 0 .. N-1 (default 20)")
    parser.add_argument("--time-budget", type=float, default=60.0, help="seconds per puzzle (default 60)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args(argv)
    genre = find_genre("hitori")
    generator = genre.generator()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    corpus = published()
    interactive = sys.stderr.isatty()
    print(f"seeds 0-{args.seeds - 1}, budget {args.time_budget:g} wall s per puzzle, {args.clock} seconds")
    print()
    print("| size | level | found | median | p95 | mean paintings | black | repeats | top "
          "| published black | published repeats | published top |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    sys.stdout.flush()
    for shape in args.sizes.split(","):
        rows, cols = (int(x) for x in shape.lower().split("x"))
        for name in args.levels.split(","):
            level = Level.parse(name)
            times: list[float] = []
            paintings: list[int] = []
            looks: list[tuple[float, float, int]] = []
            found = 0
            for seed in range(args.seeds):
                if interactive:
                    print(f"\r{shape} {level.label} seed {seed}   ", end="", file=sys.stderr, flush=True)
                start = clock()
                try:
                    made = generate_one(generator, genre, rows, cols, level, seed=seed, seconds=args.time_budget)
                except GenerationFailed:
                    times.append(math.inf)
                    continue
                elapsed = clock() - start
                paintings.append(made.attempts)
                looks.append(look(made.puzzle, made.solution.shaded))
                if made.exact:
                    found += 1
                    times.append(elapsed)
                else:
                    times.append(math.inf)
            if interactive:
                print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)
            mean_paintings = f"{statistics.mean(paintings):.1f}" if paintings else "-"
            print(f"| {shape} | {level.label} | {found}/{args.seeds} | {show_time(statistics.median(times))} "
                  f"| {show_time(percentile(times, 0.95))} | {mean_paintings} | {medians(looks, max(rows, cols))} "
                  f"| {medians(corpus.get((rows, cols), []), max(rows, cols))} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
