"""A family of sparse Nurikabe puzzles (few clues, big islands): build it, and time the engine on it.

Published puzzles with few large clues are the hardest for every solver, and
the generator's own puzzles are not of that kind, so this family stands in
for them beside the published corpus.  Each member starts as a cascade with
big islands (:func:`sparse_start`: a unique puzzle the easy ladder solves,
made in a fraction of a second), and :mod:`pencilkit.genres.nurikabe.sparse` merges its
clues (and, once they are few, grows them) and nudges them until the puzzle
is unique again after each step, aiming at clues on at most 7% of the cells
with a mean of 8 (every count by the SAT engine with a conflict budget, so a rebuild gives
the same file on every machine).  Each record keeps the puzzle its search
started from and its seed.

    python benchmarks/sparse_family.py build              # rewrite tests/nurikabe/sparse.jsonl (slow)
    python benchmarks/sparse_family.py build --sizes 20x20 --append   # only the members not in the file
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
from collections.abc import Mapping
from pathlib import Path

import pencilkit
from pencilkit import Puzzle
from pencilkit.engines.sat import answer_of, count_sat
from pencilkit.frame.budget import Budget
from pencilkit.genres.nurikabe import NURIKABE
from pencilkit.genres.nurikabe.cascade import cascade_layout
from pencilkit.genres.nurikabe.sparse import Sparsifier, Target, mean_clue

FAMILY = Path(__file__).resolve().parent.parent / "tests" / "nurikabe" / "sparse.jsonl"
PLAN = {"8x8": (3, 600, 4), "10x10": (3, 2000, 4), "12x12": (2, 3000, 2), "15x15": (2, 1500, 1),
        "20x20": (2, 1500, 1)}
"""Per size: how many members, the surveys each search may ask for, and how many searches in all a
member may get while they stall short of the target."""
CLUE_SHARE = 0.07
"""A member has clues on at most this share of its cells (published puzzles of these sizes: 8% at the
sparsest, 12.5-13.5% at the median)."""
START_SIZES = {size: 1.0 for size in range(6, 17)}
"""The island sizes a start's cascade draws (each plus the cascade's lift): big, all alike."""
START_DRAWS = 60
"""Cascades drawn for a start."""


def family_target(rows: int, cols: int) -> Target:
    """What a member must meet: a mean clue of 8 or more, on clues covering at most :data:`CLUE_SHARE`
    of the board (and land on 40-60% of it, as every step of the search keeps)."""
    return Target(mean_clue=8.0, max_clues=int(CLUE_SHARE * rows * cols))


def sparse_start(rows: int, cols: int, seed: int, target: Target) -> Puzzle:
    """A unique puzzle with big islands to start a member's search from: of :data:`START_DRAWS`
    cascades with island sizes drawn from :data:`START_SIZES`, the one with the fewest clues (the
    first of those on a tie) that has land inside the target's band and does not meet ``target``
    already (a cascade is solved by the easy ladder, so a member is never one)."""
    best: Puzzle | None = None
    for draw in range(START_DRAWS):
        layout = cascade_layout(rows, cols, random.Random(seed + draw), sizes=START_SIZES)
        if layout is None:
            continue
        puzzle = layout.puzzle()
        clues = {cell: number or 0 for cell, number in puzzle.clues}
        if target.met(clues) or not target.land_fits(clues, rows * cols):
            continue
        if best is None or len(clues) < len(best.clues):
            best = puzzle
    if best is None:
        raise SystemExit(f"no cascade short of the target finished on {rows}x{cols} in {START_DRAWS} draws")
    return best


def seed_of(size: str, index: int) -> int:
    """A member's seed, from a stable hash of its name."""
    return int.from_bytes(hashlib.sha256(f"sparse-{size}-{index}".encode()).digest()[:4], "big")


def build(args: argparse.Namespace) -> int:
    sizes = args.sizes.split(",") if args.sizes else list(PLAN)
    path = Path(args.out)
    if not args.append:
        path.write_text("", encoding="utf-8")
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    present = {json.loads(line)["name"] for line in text.splitlines() if line.strip()}
    written = 0
    short = []
    for size in sizes:
        rows, cols = (int(part) for part in size.split("x"))
        count, budget, tries = PLAN.get(size, (1, 2000, 1))
        tries = args.tries or tries
        for index in range(count):
            if f"sparse-{size}-{index}" in present:
                continue
            seed = seed_of(size, index)
            start = time.process_time()
            target = family_target(rows, cols)
            made = sparse_start(rows, cols, seed, target)
            best: tuple[float, Puzzle, int, int] | None = None
            for attempt in range(tries):  # a fresh search from the start when one stalls short
                def shown(clues: Mapping[int, int]) -> None:
                    print(f"{size} #{index} try {attempt + 1}: now {len(clues)} clues, mean {mean_clue(clues):.1f}, "
                          f"{sparsifier.checks} surveys, {time.process_time() - start:.0f} s",
                          file=sys.stderr, flush=True)

                sparsifier = Sparsifier(random.Random(seed + attempt), target, on_step=shown)
                puzzle, sea = sparsifier.sparsify(made, budget=budget)
                clues = {cell: number or 0 for cell, number in puzzle.clues}
                print(f"{size} #{index} try {attempt + 1}: {len(clues)} clues, mean {mean_clue(clues):.1f}, "
                      f"{sparsifier.checks} surveys, {time.process_time() - start:.0f} s", file=sys.stderr, flush=True)
                if best is None or mean_clue(clues) > best[0]:
                    best = (mean_clue(clues), puzzle, sea, attempt + 1)
                if sparsifier.target.met(clues):
                    break
            assert best is not None
            _, puzzle, sea, used = best
            name = f"sparse-{size}-{index}"
            if not target.met({cell: number or 0 for cell, number in puzzle.clues}):
                short.append(name)  # not a member: the search stalled short of the target
                continue
            solution = answer_of(puzzle, sea)
            record = {"name": name, "genre": "nurikabe", "rows": rows, "cols": cols,
                      "puzzle": puzzle.id(), "solution": solution.to_rows(), "seed": seed,
                      "tries": used, "started_from": made.id()}
            with path.open("a", encoding="utf-8") as handle:  # each member as soon as it is made
                handle.write(json.dumps(record) + "\n")
            written += 1
    print(f"wrote {written} puzzles to {args.out}", file=sys.stderr)
    if short:
        print(f"short of the target, not written: {', '.join(short)}", file=sys.stderr)
    return 1 if short else 0


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
        alone = count_sat(NURIKABE, puzzle, 2, budget=Budget(seconds=args.time))
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
    make.add_argument("--append", action="store_true", help="add the members to --out instead of rewriting it")
    make.add_argument("--tries", type=int,
                      help="searches in all per member while the sparseness target is not met (default: the plan's)")
    run = sub.add_parser("solve", help="solve every member and print the table")
    run.add_argument("--family", default=str(FAMILY))
    run.add_argument("--time", type=float, default=60.0, help="seconds each solve may take")
    args = parser.parse_args(argv)
    return build(args) if args.command == "build" else solve(args)


if __name__ == "__main__":
    raise SystemExit(main())
