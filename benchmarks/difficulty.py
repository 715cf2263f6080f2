"""The difficulty score on a genre's published corpus: its spread by size class and level.

Each puzzle is explained (solved with its steps recorded) and scored
(:mod:`pencilkit.frame.difficulty`); the table gives, per size class and
level, how many puzzles there are and the 10th, 50th and 90th percentile of
their scores, and the median bottlenecks and longest run of them.

    python benchmarks/difficulty.py hitori [--corpus PATH] [--every N] [--seconds S] [--emit]

``--emit`` also writes the genre's figures into src/pencilkit/collections/published.json
(by size class and level: how many published puzzles, and the 10th, 50th and 90th percentile
score), which ``pencilkit inspect`` compares a puzzle with.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path

import pencilkit
from pencilkit.formats.detect import read_puzzle
from pencilkit.frame.levels import Level
from size_classes import SIZE_CLASSES, size_class

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
PUBLISHED = ROOT / "src" / "pencilkit" / "collections" / "published.json"


def nearest(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genre")
    parser.add_argument("--corpus", type=Path, default=None)
    parser.add_argument("--every", type=int, default=1, help="take every N-th puzzle (default 1)")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds a solve may take (default 60)")
    parser.add_argument("--emit", action="store_true", help=f"write the figures into {PUBLISHED.name}")
    args = parser.parse_args(argv)
    path = args.corpus or CORPUS / f"{args.genre}.jsonl"
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()][::args.every]
    groups: dict[tuple[int, str, Level], list[tuple[int, int, int]]] = defaultdict(list)
    unrated = 0
    for line in lines:
        puzzle = read_puzzle(line)
        found = pencilkit.explain(puzzle, seconds=args.seconds).difficulty
        if found is None:
            unrated += 1
            continue
        cells = puzzle.rows * puzzle.cols
        order = next(k for k, (limit, _) in enumerate(SIZE_CLASSES) if cells <= limit)
        groups[(order, size_class(cells), found.level)].append((found.score, found.bottlenecks, found.longest))
    print(f"{len(lines)} puzzles from {path.name}; {unrated} without a score (no solution, several, out of "
          "time, or search from the first step)")
    print()
    print("| size | level | puzzles | score p10 | median | p90 | bottlenecks | longest |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for (_, size, level), rows in sorted(groups.items(), key=lambda item: (item[0][0], item[0][2])):
        scores = [score for score, _, _ in rows]
        print(f"| {size} | {level.label} | {len(rows)} | {nearest(scores, 0.1)} | {nearest(scores, 0.5)} "
              f"| {nearest(scores, 0.9)} | {statistics.median(b for _, b, _ in rows):g} "
              f"| {statistics.median(n for _, _, n in rows):g} |")
    if args.emit:
        emit(args.genre, groups)
    return 0


def emit(genre: str, groups: dict[tuple[int, str, Level], list[tuple[int, int, int]]]) -> None:
    """Write the genre's figures into :data:`PUBLISHED`, keeping the other genres'."""
    known = json.loads(PUBLISHED.read_text()) if PUBLISHED.exists() else {}
    classes: dict[str, dict[str, object]] = {}
    for (order, size, level), rows in sorted(groups.items(), key=lambda item: (item[0][0], item[0][2])):
        scores = [score for score, _, _ in rows]
        entry = classes.setdefault(size, {"most_cells": SIZE_CLASSES[order][0], "levels": {}})
        levels = entry["levels"]
        assert isinstance(levels, dict)
        levels[level.label] = {"puzzles": len(rows), "p10": nearest(scores, 0.1), "p50": nearest(scores, 0.5),
                               "p90": nearest(scores, 0.9)}
    known[genre] = classes
    PUBLISHED.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
