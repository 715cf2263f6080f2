"""Solve every puzzle of the Nurikabe corpus and print a table by size bucket.

    python benchmarks/nurikabe_corpus.py [CORPUS.jsonl] [--jobs N] [--limit N] [--time S]

Each puzzle is solved and proven unique from scratch.  Times are CPU seconds of
the solving process (single core), which shared, noisy machines disturb less
than wall-clock time.  Columns: puzzles, solved and proven unique (with the
published solution), median / p95 / max seconds, the share finished by the
ladder without search, and how many puzzles got each rating.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pencilkit import Puzzle, solve
from pencilkit.frame.levels import Level
from pencilkit.frame.solve import Status
from size_classes import SIZE_CLASSES, size_class

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "nurikabe.jsonl"


def run_one(record: dict[str, Any], seconds: float) -> dict[str, Any]:
    puzzle = Puzzle.from_id(record["puzzle"])
    start = time.process_time()
    solution = solve(puzzle, seconds=seconds)
    cpu = time.process_time() - start
    return {
        "name": record.get("name"),
        "cells": puzzle.rows * puzzle.cols,
        "status": solution.status.value,
        "correct": solution.status is Status.UNIQUE and solution.answer is not None
        and solution.answer.to_rows() == record.get("solution"),
        "rating": solution.rating.label if solution.rating is not None else "none",
        "seconds": cpu,
        "nodes": solution.nodes,
    }


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def table(results: list[dict[str, Any]]) -> str:
    levels = [level.label for level in Level] + ["none"]
    head = ["size", "puzzles", "unique", "median s", "p95 s", "max s", "no search"] + levels
    rows = [head]
    groups = [name for _, name in SIZE_CLASSES] + ["all"]
    for name in groups:
        group = [r for r in results if name == "all" or size_class(r["cells"]) == name]
        if not group:
            continue
        secs = [r["seconds"] for r in group]
        ratings = Counter(r["rating"] for r in group)
        no_search = sum(r["rating"] not in ("search", "none") for r in group)
        rows.append([name, str(len(group)), str(sum(r["correct"] for r in group)),
                     f"{statistics.median(secs):.3f}", f"{percentile(secs, 0.95):.3f}", f"{max(secs):.3f}",
                     f"{100 * no_search / len(group):.0f}%"] + [str(ratings.get(level, 0)) for level in levels])
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = ["| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (each timed on its own CPU)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N puzzles")
    parser.add_argument("--time", type=float, default=60.0, help="search budget per puzzle in seconds")
    parser.add_argument("--slowest", type=int, default=10, help="list the N slowest puzzles")
    args = parser.parse_args()
    with open(args.corpus) as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    if args.limit:
        records = records[: args.limit]
    progress = None
    if sys.stderr.isatty():
        from tqdm import tqdm

        progress = tqdm(total=len(records), unit="puzzle", file=sys.stderr)
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(run_one, records, [args.time] * len(records), chunksize=4):
            results.append(result)
            if progress is not None:
                progress.update(1)
    if progress is not None:
        progress.close()
    print(table(results))
    print(f"\n{len(results)} puzzles in {time.perf_counter() - start:.1f} s wall with {args.jobs} job(s); "
          f"total CPU {sum(r['seconds'] for r in results):.1f} s")
    wrong = [r for r in results if not r["correct"]]
    for r in wrong:
        print(f"NOT SOLVED: {r['name']} status={r['status']} ({r['seconds']:.2f} s, {r['nodes']} nodes)")
    print("\nslowest:")
    for r in sorted(results, key=lambda r: -r["seconds"])[: args.slowest]:
        print(f"  {r['name']}: {r['seconds']:.2f} s, {r['rating']}, {r['cells']} cells, {r['nodes']} nodes")


if __name__ == "__main__":
    main()
