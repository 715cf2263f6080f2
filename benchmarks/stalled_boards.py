"""Who should count a stalled board: the SAT finisher, or depth-first search first?

For every corpus puzzle whose ladder stalls, the count to two from the stalled
board is timed four ways: by the SAT finisher (what ``solve`` does: narrow the
board in a relaxation, carry that on with the ladder, count), by the SAT count
alone (without narrowing, as before), by depth-first search alone (within
``--nodes`` and ``--search-time``, as without python-sat), and by an older
policy: search for at most 2,000 nodes or 2 s, then the SAT count when search
ran out.  Times are CPU seconds of the worker process; the ladder's own time
up to the stall is left out.

    python benchmarks/stalled_boards.py                      # both corpora
    python benchmarks/stalled_boards.py --genre nurikabe --jobs 2

Progress goes to stderr when it is a terminal; the tables go to stdout.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pencilkit import Puzzle
from pencilkit.engines import sat as sat_engine
from pencilkit.engines.sat import count_sat
from pencilkit.frame import solve as solving
from pencilkit.frame.ladder import Trace
from pencilkit.frame.search import Budget, SearchResult, count
from pencilkit.genres import find_genre, start_board

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpus"
SEARCH_FIRST_NODES = 2000
SEARCH_FIRST_SECONDS = 2.0


def timed(run: Any) -> tuple[SearchResult, float]:
    start = time.process_time()
    result = run()
    return result, time.process_time() - start


def run_one(record: dict[str, Any], seconds: float, nodes: int, search_seconds: float) -> dict[str, Any] | None:
    puzzle = Puzzle.from_id(record["puzzle"])
    ruleset = find_genre(puzzle.genre).ruleset
    board = start_board(puzzle)
    ruleset.run(board, trace=Trace(record=False))
    if not board.undecided:
        return None

    def search(node_budget: int, time_budget: float) -> SearchResult:
        return count(board, ruleset, limit=2, budget=Budget(node_budget, time_budget),
                     level=solving.SHALLOW_LEVEL, deep_level=solving.DEEP_LEVEL, shallow=solving.SHALLOW_DEPTH)

    def finisher() -> SearchResult:
        result = sat_engine.finish(find_genre(puzzle.genre), board, limit=2, budget=Budget(seconds=seconds))
        assert result is not None
        return result

    def sat() -> SearchResult:
        return count_sat(find_genre(puzzle.genre), puzzle, limit=2, budget=Budget(seconds=seconds),
                         shaded=board.shaded, unshaded=board.unshaded)

    by_finisher, finisher_seconds = timed(finisher)
    by_sat, sat_seconds = timed(sat)
    by_search, search_seconds_used = timed(lambda: search(nodes, search_seconds))
    first, first_seconds = timed(lambda: search(SEARCH_FIRST_NODES, SEARCH_FIRST_SECONDS))
    before = first_seconds
    if not first.exhaustive:
        before += sat_seconds  # the same count from the same board
    return {
        "name": record.get("name"), "cells": puzzle.rows * puzzle.cols, "open": board.undecided.bit_count(),
        "finisher": finisher_seconds, "finisher_done": by_finisher.exhaustive,
        "sat": sat_seconds, "sat_done": by_sat.exhaustive,
        "search": search_seconds_used, "search_done": by_search.exhaustive,
        "before": before, "before_done": first.exhaustive or by_sat.exhaustive,
    }


def summary(results: list[dict[str, Any]]) -> str:
    rows = [["way", "settled", "median s", "p95 s", "max s", "total s"]]
    for key, label in (("finisher", "SAT finisher (narrow, ladder, count)"), ("sat", "SAT count alone"),
                       ("search", "search alone"), ("before", "search first (2,000 nodes or 2 s), then SAT")):
        secs = sorted(r[key] for r in results)
        settled = sum(bool(r[f"{key}_done"]) for r in results)
        rows.append([label, f"{settled}/{len(results)}", f"{statistics.median(secs):.3f}",
                     f"{secs[min(len(secs) - 1, round(0.95 * (len(secs) - 1)))]:.3f}", f"{secs[-1]:.2f}",
                     f"{sum(secs):.1f}"])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--genre", choices=["nurikabe", "kurodoko", "both"], default="both")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (each timed on its own CPU)")
    parser.add_argument("--time", type=float, default=60.0, help="SAT budget per board in seconds")
    parser.add_argument("--nodes", type=int, default=200_000, help="node budget of search alone")
    parser.add_argument("--search-time", type=float, default=10.0, help="time budget of search alone")
    parser.add_argument("--skip", default="", help="comma-separated puzzles to leave out")
    args = parser.parse_args()
    genres = ["nurikabe", "kurodoko"] if args.genre == "both" else [args.genre]
    skip = set(filter(None, args.skip.split(",")))
    records = []
    for genre in genres:
        with open(CORPORA / f"{genre}.jsonl") as handle:
            records += [r for r in map(json.loads, filter(str.strip, handle)) if r.get("name") not in skip]
    progress = None
    if sys.stderr.isatty():
        from tqdm import tqdm

        progress = tqdm(total=len(records), unit="puzzle", file=sys.stderr)
    results = []
    n = len(records)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(run_one, records, [args.time] * n, [args.nodes] * n, [args.search_time] * n,
                               chunksize=4):
            if result is not None:
                results.append(result)
            if progress is not None:
                progress.update(1)
    if progress is not None:
        progress.close()
    if not results:
        print("no stalled boards")
        return
    print(f"{len(results)} stalled boards of {n} puzzles ({', '.join(genres)})\n")
    print(summary(results))
    quicker = [r for r in results if r["search_done"] and r["search"] < r["finisher"]]
    print(f"\nsearch alone settles {len(quicker)} of them faster than the SAT finisher:")
    for r in quicker:
        print(f"  {r['name']}: {r['open']} open cells, search {r['search']:.2f} s, SAT finisher {r['finisher']:.2f} s")
    print("\nover 0.5 s by the SAT finisher or the SAT count alone:")
    for r in sorted(results, key=lambda r: -max(r["finisher"], r["sat"])):
        if max(r["finisher"], r["sat"]) > 0.5:
            print(f"  {r['name']}: {r['open']} open cells, SAT finisher {r['finisher']:.2f} s, SAT count alone "
                  f"{r['sat']:.2f} s, search alone {r['search']:.2f} s{'' if r['search_done'] else ' (gave up)'}")


if __name__ == "__main__":
    main()
