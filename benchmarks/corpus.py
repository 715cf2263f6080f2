"""Solve a genre's published corpus and print a table by size bucket.

Every puzzle is solved from scratch on one core and must come out unique and
equal to its published solution.  Columns: puzzles, solved (unique and
matching), median / p95 / max seconds, share finished by the techniques
without search, and the rating counts.

    python benchmarks/corpus.py kurodoko [--corpus PATH] [--every N] [--slowest K] [--clock wall|cpu]
    python benchmarks/corpus.py heyawake

Seconds are wall-clock by default; ``--clock cpu`` counts this process's CPU
time instead, which is steadier on a machine shared with other work.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import pencilkit
from pencilkit.formats.detect import read_puzzle
from pencilkit.frame.levels import Level
from size_classes import SIZE_CLASSES, size_class

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
LEVELS = [level.label for level in Level]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def progress(items: list, label: str):  # type: ignore[no-untyped-def]
    if not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, desc=label, unit="puzzle", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("genre", help="kurodoko or heyawake (Nurikabe has benchmarks/nurikabe_corpus.py)")
    parser.add_argument("--corpus", type=Path, default=None, help="default: ../shared/corpus/<genre>.jsonl")
    parser.add_argument("--every", type=int, default=1, help="take every N-th puzzle (default all)")
    parser.add_argument("--slowest", type=int, default=5, help="list the K slowest puzzles")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="what a second is (default wall)")
    args = parser.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    path = args.corpus or CORPUS / f"{args.genre}.jsonl"
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    lines = lines[:: args.every]
    rows: dict[str, list[tuple[float, bool, str]]] = {name: [] for _, name in SIZE_CLASSES}
    timings = []
    failures = []
    for line in progress(lines, args.genre):
        record = json.loads(line)
        puzzle = read_puzzle(line)
        start = clock()
        solution = pencilkit.solve(puzzle)
        seconds = clock() - start
        ok = solution.status is pencilkit.Status.UNIQUE and solution.answer is not None \
            and solution.answer.to_rows() == record["solution"]
        rating = solution.rating.label if solution.rating is not None else "-"
        rows[size_class(puzzle.rows * puzzle.cols)].append((seconds, ok, rating))
        timings.append((seconds, record["name"], f"{puzzle.rows}x{puzzle.cols}", rating))
        if not ok:
            failures.append(f"{record['name']}: {solution.status.value}")
    print(f"{len(lines)} puzzles from {path.name}, {args.clock} seconds\n")
    print("| size | puzzles | solved unique | median s | p95 s | max s | no search | "
          + " | ".join(LEVELS) + " |")
    print("|---" * (7 + len(LEVELS)) + "|")
    everything = [r for name in rows for r in rows[name]]
    for name, found in [*rows.items(), ("all", everything)]:
        if not found:
            continue
        secs = [s for s, _, _ in found]
        ratings = Counter(r for _, _, r in found)
        no_search = sum(r not in ("search", "-") for _, _, r in found) / len(found)
        print(f"| {name} | {len(found)} | {sum(ok for _, ok, _ in found)} | {statistics.median(secs):.4f} | "
              f"{percentile(secs, 0.95):.4f} | {max(secs):.4f} | {no_search:.0%} | "
              + " | ".join(str(ratings.get(level, 0)) for level in LEVELS) + " |")
    print(f"\ntotal {sum(s for s, *_ in timings):.1f} s over {len(timings)} puzzles")
    if args.slowest:
        print()
        print("slowest:", ", ".join(f"{n} {shape} {r} {s:.3f}s" for s, n, shape, r in sorted(timings)[::-1][: args.slowest]))
    for failure in failures:
        print("FAILED", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
