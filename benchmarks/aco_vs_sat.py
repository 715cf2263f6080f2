"""Amos, Crossley and Lloyd's experiment, scaled down: the ant colony's selection schemes, ACO against SAT, and the ladder.

Amos, Crossley and Lloyd ran every one of 908 Janko puzzles 100
times per island-selection scheme with 60 s per run, and compared the colony
with a SAT-based solver (Copris).  Here, on the Nurikabe corpus, a seeded
sample of ``--per-class`` puzzles from each size class is run ``--runs`` times
per scheme with ``--seconds`` per run (run r uses seed r), so that the whole
experiment fits a two-core machine in under half an hour.  Printed tables:

1. per scheme and size class: instances, instances solved at least once,
   share of successful runs (the paper's first table);
2. per size class, the colony (``--race-scheme``, the paper's best: random;
   solved if any run solved it, time = mean of its successful runs) against
   SAT (time to a first solution, as Copris), with the ladder (pencilkit's
   solve, uniqueness proved) as a third column.

All times are CPU seconds of this process (``time.process_time``), so a busy
machine slows the run down without changing the results much.  The colony's
limit is in CPU seconds too; SAT's and the ladder's limits are wall-clock caps.

    python benchmarks/aco_vs_sat.py                       # the scaled default (about 12 CPU minutes)
    python benchmarks/aco_vs_sat.py --per-class 3 --runs 1 --seconds 1   # a quick look

Progress goes to stderr when it is a terminal; the tables go to stdout.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pencilkit
from pencilkit.engines.sat import count_sat
from pencilkit.frame.budget import Budget
from pencilkit.frame.solve import Status
from pencilkit.genres import find_genre
from pencilkit.genres.nurikabe.aco import SELECTIONS, AcoParameters, solve_colony

CORPUS = Path("/work/shared/corpus/nurikabe.jsonl")
CLASSES = ((9, 99), (100, 199), (200, 399), (400, 2500))
"""Size classes by number of cells (the paper's classes: up to 99 and up to 199 cells)."""


def class_name(bounds: tuple[int, int]) -> str:
    return f"{bounds[0]}-{bounds[1]}"


def size_class(cells: int) -> tuple[int, int] | None:
    for bounds in CLASSES:
        if bounds[0] <= cells <= bounds[1]:
            return bounds
    return None


@dataclass
class Record:
    """One puzzle's results: colony runs per scheme, SAT and ladder."""

    name: str
    cells: int
    aco: dict[str, list[float | None]] = field(default_factory=dict)
    """Scheme -> seconds of each run (``None`` when the run failed)."""
    sat: float | None = None
    ladder: float | None = None


def sample(path: Path, per_class: int, seed: int) -> list[dict[str, Any]]:
    """``per_class`` puzzles of each size class, drawn with ``random.Random(seed)``; no ``?`` clues."""
    records = [json.loads(line) for line in path.open() if line.strip()]
    rng = random.Random(seed)
    out = []
    for bounds in CLASSES:
        members = [r for r in records if size_class(r["rows"] * r["cols"]) == bounds and "?" not in r["puzzle"]]
        out.extend(rng.sample(members, min(per_class, len(members))))
    return out


def measure(record: dict[str, Any], args: argparse.Namespace, tick: Any) -> Record:
    puzzle = pencilkit.parse(record["puzzle"])
    result = Record(record["name"], puzzle.rows * puzzle.cols)
    for scheme in args.schemes:
        times: list[float | None] = []
        for run in range(args.runs):
            outcome = solve_colony(puzzle, AcoParameters(selection=scheme), seed=run, seconds=args.seconds,
                                   clock=time.process_time)
            solved = outcome.answer is not None and outcome.answer.to_rows() == record["solution"]
            times.append(outcome.seconds if solved else None)
            tick()
        result.aco[scheme] = times
    start = time.process_time()
    sat = count_sat(find_genre(puzzle.genre), puzzle, limit=1, budget=Budget(seconds=args.sat_seconds))
    if sat.count == 1 and sat.solutions[0].to_rows() == record["solution"]:
        result.sat = time.process_time() - start
    tick()
    start = time.process_time()
    solution = pencilkit.solve(puzzle, seconds=args.ladder_seconds)
    if solution.status is Status.UNIQUE and solution.answer is not None \
            and solution.answer.to_rows() == record["solution"]:
        result.ladder = time.process_time() - start
    tick()
    return result


def by_class(results: list[Record]) -> Iterator[tuple[str, list[Record]]]:
    for bounds in CLASSES:
        members = [r for r in results if size_class(r.cells) == bounds]
        if members:
            yield class_name(bounds), members


def scheme_table(results: list[Record], schemes: list[str]) -> list[str]:
    head = "| scheme | " + " | ".join(f"{name} cells: n / solved / success" for name, _ in by_class(results)) + " |"
    lines = [head, "|" + " --- |" * (1 + len(list(by_class(results))))]
    for scheme in schemes:
        row = [f"{SELECTIONS[scheme]} {scheme}"]
        for _, members in by_class(results):
            runs = [t for r in members for t in r.aco[scheme]]
            solved = sum(any(t is not None for t in r.aco[scheme]) for r in members)
            rate = sum(t is not None for t in runs) / len(runs)
            row.append(f"{len(members)} / {solved} / {rate:.0%}")
        lines.append("| " + " | ".join(row) + " |")
    return lines


def mean_or_none(times: list[float | None]) -> float | None:
    good = [t for t in times if t is not None]
    return statistics.fmean(good) if good else None


def median_text(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}" if values else "-"


def race_table(results: list[Record], scheme: str) -> list[str]:
    lines = ["| cells | n | both | only ACO | only SAT | SAT faster | ACO median s | SAT median s "
             "| ladder solved | ladder median s | ladder fastest |",
             "|" + " --- |" * 11]
    for name, members in by_class(results):
        aco = [mean_or_none(r.aco[scheme]) for r in members]
        both = [(a, r.sat) for a, r in zip(aco, members) if a is not None and r.sat is not None]
        only_aco = sum(a is not None and r.sat is None for a, r in zip(aco, members))
        only_sat = sum(a is None and r.sat is not None for a, r in zip(aco, members))
        sat_faster = sum(s < a for a, s in both)
        ladder = [r.ladder for r in members if r.ladder is not None]
        fastest = 0
        for a, r in zip(aco, members):
            others = [t for t in (a, r.sat) if t is not None]
            if r.ladder is not None and all(r.ladder < t for t in others):
                fastest += 1
        lines.append(
            f"| {name} | {len(members)} | {len(both)} | {only_aco} | {only_sat} | {sat_faster} "
            f"| {median_text([a for a in aco if a is not None])} | {median_text([r.sat for r in members if r.sat is not None])} "
            f"| {len(ladder)} | {median_text(ladder)} | {fastest} |")
    return lines


class Progress:
    """A tqdm bar on stderr when it is a terminal; nothing otherwise."""

    def __init__(self, total: int) -> None:
        self.bar = None
        if sys.stderr.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="run", file=sys.stderr)

    def tick(self, label: str = "") -> None:
        if self.bar is not None:
            self.bar.update(1)

    def label(self, text: str) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(text)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--per-class", type=int, default=6, help="puzzles drawn per size class (default 6)")
    parser.add_argument("--runs", type=int, default=2, help="colony runs per scheme and puzzle (the paper: 100)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time limit per colony run (the paper: 60)")
    parser.add_argument("--sat-seconds", type=float, default=10.0, help="time limit for SAT (default 10)")
    parser.add_argument("--ladder-seconds", type=float, default=10.0, help="time limit for the ladder (default 10)")
    parser.add_argument("--schemes", default=",".join(SELECTIONS), help="comma-separated selection schemes")
    parser.add_argument("--race-scheme", default="random", help="the scheme raced against SAT (default random)")
    parser.add_argument("--seed", type=int, default=2019, help="seed of the sample (default 2019)")
    parser.add_argument("--jsonl", type=Path, help="also write one JSON line of results per puzzle here")
    args = parser.parse_args(argv)
    args.schemes = [s.strip() for s in args.schemes.split(",") if s.strip()]
    unknown = [s for s in args.schemes + [args.race_scheme] if s not in SELECTIONS]
    if unknown:
        parser.error(f"unknown scheme {unknown[0]!r}: choose from {', '.join(SELECTIONS)}")
    if args.race_scheme not in args.schemes:
        args.schemes.append(args.race_scheme)

    puzzles = sample(args.corpus, args.per_class, args.seed)
    progress = Progress(len(puzzles) * (len(args.schemes) * args.runs + 2))
    results = []
    out = args.jsonl.open("w") if args.jsonl else None
    started = time.perf_counter()
    for record in puzzles:
        progress.label(f"{record['name']} {record['rows']}x{record['cols']}")
        result = measure(record, args, progress.tick)
        results.append(result)
        if out:
            out.write(json.dumps(result.__dict__) + "\n")
            out.flush()
    progress.close()
    if out:
        out.close()
    elapsed = time.perf_counter() - started
    print(f"Sample: {len(puzzles)} puzzles ({args.per_class} per size class, seed {args.seed}); "
          f"{args.runs} run(s) per scheme, {args.seconds:g} s per run; SAT {args.sat_seconds:g} s, "
          f"ladder {args.ladder_seconds:g} s; {elapsed / 60:.1f} min in all.\n")
    print("Selection schemes (n instances / solved at least once / share of successful runs):\n")
    print("\n".join(scheme_table(results, args.schemes)))
    print(f"\nACO ({args.race_scheme}) against SAT (first solution), with the ladder (unique solution proved):\n")
    print("\n".join(race_table(results, args.race_scheme)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
