"""The Nurikabe generator's table: how fast, and how much like published puzzles.

For each size and level, generate with seeds 0-19 (by default) and print:
how many of them came out rated exactly as asked, the median and 95th
percentile CPU time of this process (``time.process_time``: the machine is
shared, and wall time depends on what else runs; a failure counts as infinite
time), the mean number of candidates considered ("attempts"; one met again is
not assessed again) and the mean number of layouts drawn; then what the
puzzles look like: clue cells per cell, the share of clues that are 1, the
mean clue, the share of land, and the island-size distance (the two-sample
Kolmogorov-Smirnov statistic between the island sizes of the puzzles made and
those of published puzzles of the size class, 0 for the same distribution).
With the published corpus beside the checkout (or ``--corpus FILE``), a row
``published`` per size class gives the same measures of the published
puzzles.  The time budget is wall time.

    python benchmarks/generate_nurikabe.py                      # every size
    python benchmarks/generate_nurikabe.py --sizes 5x5,10x10 --levels hard
    python benchmarks/generate_nurikabe.py --style dense --builder growth
    python benchmarks/generate_nurikabe.py --sizes 9x9 --symmetry rot2

Progress goes to stderr when it is a terminal; the table goes to stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from pencilkit.frame.generate import generate_one
from pencilkit.frame.generator import GenerationFailed
from pencilkit.frame.levels import GENERATABLE, Level
from pencilkit.frame.symmetry import Symmetry
from pencilkit.genres import find_genre
from pencilkit.genres.nurikabe.generate import STYLES, NurikabeGenerator
from pencilkit.puzzle import Puzzle
from timing import percentile, show_time

SIZES = ("7x7", "10x10", "15x15", "20x20", "25x25")
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "nurikabe.jsonl"
SIZE_CLASSES = ((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"), (10**9, "larger"))


def size_class(cells: int) -> str:
    return next(name for most, name in SIZE_CLASSES if cells <= most)


@dataclass
class Looks:
    """What a set of puzzles looks like: pooled island sizes, cells, land."""

    cells: int = 0
    land: int = 0
    sizes: list[int] = field(default_factory=list)

    def add(self, puzzle: Puzzle) -> None:
        clues = [value for _, value in puzzle.clues]
        self.cells += puzzle.rows * puzzle.cols
        self.land += sum(clues)
        self.sizes += clues

    def columns(self, published: Looks | None) -> str:
        if not self.sizes:
            return "- | - | - | - | -"
        ones = self.sizes.count(1) / len(self.sizes)
        distance = "-" if published is None else f"{ks_distance(self.sizes, published.sizes):.2f}"
        return (f"{len(self.sizes) / self.cells:.3f} | {ones:.0%} | {statistics.mean(self.sizes):.1f} "
                f"| {self.land / self.cells:.0%} | {distance}")


def ks_distance(a: list[int], b: list[int]) -> float:
    """The largest gap between the cumulative distributions of two samples of island sizes."""
    gap = 0.0
    for size in sorted(set(a) | set(b)):
        gap = max(gap, abs(sum(x <= size for x in a) / len(a) - sum(x <= size for x in b) / len(b)))
    return gap


def published_looks(path: Path) -> dict[str, Looks]:
    """The published puzzles of ``path`` (JSON lines with a ``puzzle`` ID), by size class."""
    from pencilkit import parse

    out: dict[str, Looks] = {}
    with path.open() as lines:
        for line in lines:
            record = json.loads(line)
            if record.get("genre") != "nurikabe" or "?" in record["puzzle"]:
                continue
            puzzle = parse(record["puzzle"])
            out.setdefault(size_class(puzzle.rows * puzzle.cols), Looks()).add(puzzle)
    return out
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(SIZES), help="comma-separated RxC shapes")
    parser.add_argument("--levels", default=",".join(level.label for level in GENERATABLE))
    parser.add_argument("--seeds", type=int, default=20, help="seeds 0 .. N-1 (default 20)")
    parser.add_argument("--time-budget", type=float, default=60.0, help="seconds per puzzle (default 60)")
    parser.add_argument("--style", default="published", choices=STYLES, help="generation style (default published)")
    parser.add_argument("--builder", default="auto", choices=("auto", "repair", "growth"),
                        help="layout builder of the dense style (default auto: the one that wins at each level)")
    parser.add_argument("--symmetry", default="none", choices=[k.value for k in Symmetry],
                        help="symmetric layouts (clue positions and solution; default none)")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="published puzzles to compare with")
    args = parser.parse_args(argv)
    genre = find_genre("nurikabe")
    generator = NurikabeGenerator(args.builder, args.style, symmetry=Symmetry.parse(args.symmetry))
    published = published_looks(args.corpus) if args.corpus.exists() else {}
    interactive = sys.stderr.isatty()
    builder = f", builder {args.builder}" if args.style == "dense" else ""
    shape_note = "" if args.symmetry == "none" else f", {args.symmetry} symmetry"
    print(f"style {args.style}{builder}{shape_note}, seeds 0-{args.seeds - 1}, budget {args.time_budget:g} s per puzzle")
    print()
    print("| size | level | found | median | p95 | mean attempts | mean layouts "
          "| clues per cell | 1s | mean clue | land | size distance |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    sys.stdout.flush()
    for shape in args.sizes.split(","):
        rows, cols = (int(x) for x in shape.lower().split("x"))
        reference = published.get(size_class(rows * cols))
        if reference is not None:
            print(f"| {shape} | published ({size_class(rows * cols)}) | | | | | | {reference.columns(reference)} |")
        for name in args.levels.split(","):
            level = Level.parse(name)
            times: list[float] = []
            candidates: list[int] = []
            layouts: list[int] = []
            found = 0
            looks = Looks()
            for seed in range(args.seeds):
                if interactive:
                    print(f"\r{shape} {level.label} seed {seed}   ", end="", file=sys.stderr, flush=True)
                start = time.process_time()
                try:
                    made = generate_one(generator, genre, rows, cols, level, seed=seed,
                                        seconds=args.time_budget)
                except GenerationFailed:
                    times.append(math.inf)
                    continue
                elapsed = time.process_time() - start
                candidates.append(made.changes)
                layouts.append(made.attempts)
                if made.exact:
                    found += 1
                    times.append(elapsed)
                    looks.add(made.puzzle)
                else:
                    times.append(math.inf)
            if interactive:
                print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)
            mean_c = f"{statistics.mean(candidates):.0f}" if candidates else "-"
            mean_l = f"{statistics.mean(layouts):.1f}" if layouts else "-"
            print(f"| {shape} | {level.label} | {found}/{args.seeds} | {show_time(statistics.median(times))} "
                  f"| {show_time(percentile(times, 0.95))} | {mean_c} | {mean_l} | {looks.columns(reference)} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
