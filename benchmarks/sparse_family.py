"""A family of sparse Nurikabe puzzles (few clues, big islands): build it, and time the engine on it.

Published puzzles with few large clues are the hardest for every solver, and
the generator's own puzzles are not of that kind, so this family stands in
for them beside the published corpus.  Each member starts as a generated
hard puzzle, and :mod:`pencilkit.genres.nurikabe.sparse` merges its clues (and,
once they are few, grows them) and nudges them until the puzzle is unique
again after each step, aiming at a mean clue of 8
(every count by the SAT engine with a conflict budget, so a rebuild gives
the same file on every machine).

    python benchmarks/sparse_family.py build              # rewrite tests/nurikabe/sparse.jsonl (slow)
    python benchmarks/sparse_family.py build --sizes 8x8 --out /tmp/x.jsonl
    python benchmarks/sparse_family.py solve              # the table: each solved and proven unique

``solve`` prints, per puzzle, its shape (clues, clue cells per cell, mean
clue, land) and how the engine does from scratch on one core: status,
rating, CPU seconds, and the same count by the SAT engine alone.  Progress
goes to stderr.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path

import pencilkit
from pencilkit import Puzzle
from pencilkit.engines.sat import answer_of, count_sat
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.genres.nurikabe.sparse import Sparsifier, mean_clue

FAMILY = Path(__file__).resolve().parent.parent / "tests" / "nurikabe" / "sparse.jsonl"
PLAN = {"8x8": (3, 600, 4), "10x10": (3, 2000, 4), "12x12": (2, 3000, 2)}
"""Per size: how many members, the surveys each search may ask for, and how many searches in all a
member may get while they stall short of the target.  (A member took 3-10 s at 8x8, 4-15 minutes at
10x10 and 5-40 minutes at 12x12; a 15x15 search of 4,000 surveys took 34 minutes for 19 clues of
mean 5.6.)"""


def seed_of(size: str, index: int) -> int:
    """A member's seed, from a stable hash of its name."""
    return int.from_bytes(hashlib.sha256(f"sparse-{size}-{index}".encode()).digest()[:4], "big")


def build(args: argparse.Namespace) -> int:
    sizes = args.sizes.split(",") if args.sizes else list(PLAN)
    path = Path(args.out)
    path.write_text("", encoding="utf-8")
    written = 0
    for size in sizes:
        rows, cols = (int(part) for part in size.split("x"))
        count, budget, tries = PLAN.get(size, (1, 2000, 1))
        tries = args.tries or tries
        for index in range(count):
            seed = seed_of(size, index)
            start = time.process_time()
            made = pencilkit.generate("nurikabe", rows, cols, "hard", seed=seed, time_budget=120)[0]
            best: tuple[float, Puzzle, int, int] | None = None
            for attempt in range(tries):  # a fresh search from the start when one stalls short
                sparsifier = Sparsifier(random.Random(seed + attempt))
                puzzle, sea = sparsifier.sparsify(made.puzzle, budget=budget)
                clues = {cell: number or 0 for cell, number in puzzle.clues}
                print(f"{size} #{index} try {attempt + 1}: {len(clues)} clues, mean {mean_clue(clues):.1f}, "
                      f"{sparsifier.checks} surveys, {time.process_time() - start:.0f} s", file=sys.stderr, flush=True)
                if best is None or mean_clue(clues) > best[0]:
                    best = (mean_clue(clues), puzzle, sea, attempt + 1)
                if sparsifier.target.met(clues):
                    break
            assert best is not None
            _, puzzle, sea, used = best
            solution = answer_of(puzzle, sea)
            record = {"name": f"sparse-{size}-{index}", "genre": "nurikabe", "rows": rows, "cols": cols,
                      "puzzle": puzzle.id(), "solution": solution.to_rows(), "seed": seed,
                      "tries": used, "started_from": made.puzzle.id()}
            with path.open("a", encoding="utf-8") as handle:  # each member as soon as it is made
                handle.write(json.dumps(record) + "\n")
            written += 1
    print(f"wrote {written} puzzles to {args.out}", file=sys.stderr)
    return 0


def solve(args: argparse.Namespace) -> int:
    records = [json.loads(line) for line in Path(args.family).read_text(encoding="utf-8").splitlines() if line]
    head = ["puzzle", "clues", "clues/cell", "mean clue", "land", "status", "rating", "seconds", "SAT alone s"]
    rows = [head]
    times = []
    bad = 0
    for record in records:
        puzzle = pencilkit.Puzzle.from_id(record["puzzle"])
        numbers = [n for _, n in puzzle.clues if n is not None]
        cells = puzzle.rows * puzzle.cols
        start = time.process_time()
        solution = pencilkit.solve(puzzle, seconds=args.time)
        seconds = time.process_time() - start
        times.append(seconds)
        start = time.process_time()
        alone = count_sat(NURIKABE, puzzle, 2, args.time)
        sat_seconds = time.process_time() - start
        right = solution.answer is not None and solution.answer.to_rows() == record["solution"]
        bad += not right
        rows.append([record["name"], str(len(numbers)), f"{len(numbers) / cells:.3f}",
                     f"{sum(numbers) / len(numbers):.1f}", f"{sum(numbers) / cells:.0%}",
                     solution.status.value + ("" if right else " (WRONG)"),
                     solution.rating.label if solution.rating else "-", f"{seconds:.2f}",
                     f"{sat_seconds:.2f}" + ("" if alone.exhaustive and alone.count == 1 else f" ({alone.count})")])
        print(f"{record['name']}: {seconds:.2f} s", file=sys.stderr, flush=True)
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = ["| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    print("\n".join(lines))
    print(f"\n{len(records)} puzzles: median {statistics.median(times):.2f} s, max {max(times):.2f} s, "
          f"{len(records) - bad} solved and proven unique")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("build", help="build the family (slow: minutes per large member)")
    make.add_argument("--sizes", help="comma-separated, e.g. 8x8,10x10 (default: " + ",".join(PLAN) + ")")
    make.add_argument("--out", default=str(FAMILY))
    make.add_argument("--tries", type=int,
                      help="searches in all per member while the sparseness target is not met (default: the plan's)")
    run = sub.add_parser("solve", help="solve every member and print the table")
    run.add_argument("--family", default=str(FAMILY))
    run.add_argument("--time", type=float, default=60.0, help="seconds each solve may take")
    args = parser.parse_args(argv)
    return build(args) if args.command == "build" else solve(args)


if __name__ == "__main__":
    raise SystemExit(main())
