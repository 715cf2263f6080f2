"""What each Kurodoko rule set decides, each rule as a decider and as a refuter, and Tarjan's speed.

Boards are random legal Kurodoko boards (no touching blacks, whites connected)
with clues on random white cells at the corpus's clue density, reading their
true counts: every board has a solution, but none is filtered for uniqueness
or solvability, so the numbers are not circular.

Tables:

1. cells decided (share of non-clue cells) by the cumulative rule sets
   counting, rays, connectivity, probing, and boards finished;
2. each rule as a *decider*: the propagation fixpoint without probing, with
   that rule dropped;
3. each rule as a *refuter*: singleton-consistency probing to a fixpoint whose
   inner propagation lacks that rule;
4. mean and largest number of compositions per clue (the size of a clue's domain);
5. connectivity's speed: one flood fill per candidate, one Tarjan pass and
   ``white_cuts`` (local-cut filter first) on random partial boards, scattered
   and revealed from legal paintings (``--connectivity-only`` prints just this).

    python benchmarks/kurodoko_rules.py [--boards N] [--seed S] [--sizes 6 8 10]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path

from pencilkit import count_solutions
from pencilkit.frame.board import Contradiction
from pencilkit.frame.levels import Level
from pencilkit.frame.ruleset import ProbeSpec, Ruleset
from pencilkit.genres import start_board
from pencilkit.genres.connected_white import (
    cut_cells_blunt,
    local_cuts,
    tarjan_cuts,
    white_cuts,
)
from pencilkit.genres.kurodoko import KURODOKO
from pencilkit.genres.kurodoko.branching import candidates, prefer_shaded
from pencilkit.genres.kurodoko.layout import paint
from pencilkit.genres.kurodoko.rays import clue_views
from pencilkit.genres.kurodoko.rules import visible
from pencilkit.genres.kurodoko.techniques import TECHNIQUES
from pencilkit.grid import Grid, Mask, cells
from pencilkit.puzzle import Puzzle

CORPUS = Path("/work/shared/corpus/kurodoko.jsonl")
RULES = {t.name: t for t in TECHNIQUES}
COUNTING = ("black_neighbours", "clue_count")
RULE_SETS = {
    "counting": COUNTING,
    "rays": (*COUNTING, "rays"),
    "connectivity": (*COUNTING, "rays", "connectivity"),
}
UNIQUE: dict[int, int] = {}
"""Boards of each size with exactly one solution."""
PROBE_STEPS = 1000
"""Probing in these tables runs its inner propagation to a fixpoint (singleton consistency)."""


def corpus_density(path: Path) -> float:
    shares = []
    for line in path.read_text().splitlines():
        record = json.loads(line)
        tokens = record["puzzle"].split(":", 2)[2].split(",")
        shares.append(sum(t != "." for t in tokens) / len(tokens))
    return statistics.mean(shares)


def random_board(rng: random.Random, size: int, density: float, unique: bool = False) -> Puzzle:
    """A random legal board of ``size`` x ``size`` with clues at ``density`` reading their true counts.

    With ``unique``, clues are then added on random white cells until the board
    has one solution (a clue reads the planted solution, so adding one never
    removes it: only rivals go).
    """
    grid = Grid.of(size, size)
    black = 0
    order = list(range(grid.size))
    rng.shuffle(order)
    for cell in order:
        bit = 1 << cell
        if grid.neighbours[cell] & black or rng.random() < 0.35:
            continue
        white = grid.full & ~(black | bit)
        if grid.flood(white & -white, white) == white:
            black |= bit
    whites = list(cells(grid.full & ~black))
    chosen = rng.sample(whites, min(len(whites), max(1, round(density * grid.size))))
    white = grid.full & ~black
    clues = {c: visible(grid, c, white).bit_count() for c in chosen}
    puzzle = Puzzle.make("kurodoko", size, size, clues)
    spare = [c for c in whites if c not in clues]
    rng.shuffle(spare)
    while unique and spare and count_solutions(puzzle, limit=2).count != 1:
        cell = spare.pop()
        clues[cell] = visible(grid, cell, white).bit_count()
        puzzle = Puzzle.make("kurodoko", size, size, clues)
    return puzzle


def ruleset_of(names: Sequence[str], probing: bool) -> Ruleset:
    techniques = [RULES[n] for n in RULES if n in names]
    probes = (ProbeSpec("probe", Level.EXPERT, PROBE_STEPS, Level.MEDIUM),) if probing else ()
    return Ruleset(techniques=techniques, verify=KURODOKO.verify, candidates=candidates, prefer_shaded=prefer_shaded,
                   probes=probes, words=("black", "white"))


def decided(puzzle: Puzzle, ruleset: Ruleset) -> tuple[float, bool]:
    """Share of non-clue cells the rule set decides, and whether it finishes the board."""
    board = start_board(puzzle)
    try:
        ruleset.run(board, max_level=Level.EXPERT)
    except Contradiction as broken:  # every board has a solution: this would be a soundness bug
        raise SystemExit(f"UNSOUND: {broken.reason} on {puzzle.id()}") from None
    free = puzzle.grid.size - len(puzzle.clues)
    done = (board.shaded | board.unshaded) & ~puzzle.clue_mask
    return (done.bit_count() / free if free else 1.0), not board.undecided


def progress(items: Iterable, label: str, total: int):  # type: ignore[no-untyped-def]
    if not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, desc=label, total=total, file=sys.stderr, leave=False)


def measure(boards: dict[int, list[Puzzle]], rulesets: dict[str, Ruleset], title: str) -> None:
    """Mean share of non-clue cells decided, and boards finished (only a unique board can be)."""
    sizes = list(boards)
    print(f"\n{title}\n")
    print("| rule set | " + " | ".join(f"{s}x{s} decided | {s}x{s} finished" for s in sizes) + " |")
    print("|---" * (1 + 2 * len(sizes)) + "|")
    for name, ruleset in rulesets.items():
        row = []
        for size in sizes:
            results = [decided(p, ruleset) for p in progress(boards[size], f"{name} {size}x{size}", len(boards[size]))]
            share = statistics.mean(r[0] for r in results)
            finished = sum(r[1] for r in results)
            row.append(f"{share:.0%} | {finished}/{UNIQUE[size]}")
        print(f"| {name} | " + " | ".join(row) + " |")


def compositions(total: int, caps: Sequence[int]) -> int:
    """How many ways ``total`` splits into ``len(caps)`` parts, part ``i`` at most ``caps[i]``."""
    ways = [1] + [0] * total
    for cap in caps:
        nxt = [0] * (total + 1)
        for t in range(total + 1):
            nxt[t] = sum(ways[t - j] for j in range(min(cap, t) + 1))
        ways = nxt
    return ways[total]


def domain_table(boards: dict[int, list[Puzzle]]) -> None:
    print("\nclue domains: compositions of k-1 into four runs capped by the board\n")
    print("| board | mean compositions per clue | largest | raw cell space |")
    print("|---|---|---|---|")
    for size, puzzles in boards.items():
        counts = [compositions(v.number - 1, [len(r.cells) for r in v.rays]) for p in puzzles for v in clue_views(p)]
        print(f"| {size}x{size} | {statistics.mean(counts):.1f} | {max(counts)} | 2^{size * size} |")


def run_all(find: Callable[[Grid, Mask, Mask], object], grid: Grid, cases: list[tuple[Mask, Mask]]) -> None:
    for space, white in cases:
        find(grid, space, white)


def best_time(run: Callable[[], object], repeat: int = 5) -> float:
    """The best of ``repeat`` timings of ``run``, with the garbage collector paused."""
    gc.collect()
    gc.disable()
    try:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        return min(times)
    finally:
        gc.enable()


def connectivity_cases(rng: random.Random, grid: Grid, kind: str, count: int) -> list[tuple[Mask, Mask]]:
    """``(space, white)`` pairs: *scattered* blacks (30% of cells tried, none touching) with a sixth of
    the rest white, or a legal painting with 40% or 80% of its cells *revealed* and the neighbours of its
    revealed blacks white, as a solver meets them (``black_neighbours`` runs first)."""
    cases: list[tuple[Mask, Mask]] = []
    while len(cases) < count:
        if kind == "scattered":
            black = 0
            for c in range(grid.size):
                if rng.random() < 0.3 and not grid.neighbours[c] & black:
                    black |= 1 << c
            free = list(cells(grid.full & ~black))
            white = sum(1 << c for c in rng.sample(free, max(1, len(free) // 6)))
        else:
            painting = paint(grid.rows, grid.cols, rng)
            share = int(kind.split()[1].rstrip("%")) / 100
            shown = sum(1 << c for c in range(grid.size) if rng.random() < share)
            black = painting.black & shown
            white = (painting.white & shown) | grid.border(black)  # as black_neighbours leaves it
            if not white:
                continue
        cases.append((grid.full & ~black, white))
    return cases


def tarjan_table(rng: random.Random, shapes: Sequence[int], count: int) -> None:
    print(f"\nconnectivity: one flood fill per candidate (blunt), one Tarjan pass, and `white_cuts` (local-cut "
          f"filter, then a flood per candidate or Tarjan) ({count} partial boards each, best of 5)\n")
    print("| board | blunt ms | Tarjan ms | white_cuts ms | speedup over Tarjan | boards with no local cut "
          "| boards with a forced cell | disagreements |")
    print("|---|---|---|---|---|---|---|---|")
    for size, kind in [(size, kind) for kind in ("scattered", "revealed 40%", "revealed 80%") for size in shapes]:
        grid = Grid.of(size, size)
        cases = connectivity_cases(rng, grid, kind, count)
        blunt = [cut_cells_blunt(grid, space, white) for space, white in cases]
        found = [(tarjan_cuts(grid, space, white), white_cuts(grid, space, white)) for space, white in cases]
        blunt_s = best_time(partial(run_all, cut_cells_blunt, grid, cases))
        tarjan_s = best_time(partial(run_all, tarjan_cuts, grid, cases))
        fast_s = best_time(partial(run_all, white_cuts, grid, cases))
        disagree = sum(sum(1 << c for c in t.cuts) != b or sum(1 << c for c in f.cuts) != b
                       for (t, f), b in zip(found, blunt))
        forced = sum(bool(b) for b in blunt)
        quiet = sum(not local_cuts(grid, grid.flood(white & -white, space)) & ~white for space, white in cases)
        print(f"| {size}x{size} {kind} | {blunt_s * 1000:.1f} | {tarjan_s * 1000:.1f} | {fast_s * 1000:.1f} "
              f"| {tarjan_s / fast_s:.1f}x | {quiet}/{count} | {forced}/{count} | {disagree} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=30, help="random boards per size (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 8, 10])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--connectivity-only", action="store_true", help="only section C, the connectivity timing")
    args = parser.parse_args()
    if args.connectivity_only:
        print("## C. Connectivity speed")
        tarjan_table(random.Random(args.seed), [6, 10, 15], 200)
        return 0
    density = corpus_density(args.corpus)
    rng = random.Random(args.seed)
    boards = {s: [random_board(rng, s, density) for _ in range(args.boards)] for s in args.sizes}
    print(f"## A. {args.boards} random boards per size at clue density {density:.3f} (the corpus mean), "
          f"seed {args.seed}, not filtered")
    for size, puzzles in boards.items():
        UNIQUE[size] = sum(count_solutions(p, limit=2).count == 1 for p in puzzles)
    print("\nboards with a unique solution (the most any rule set can finish): "
          + ", ".join(f"{s}x{s} {UNIQUE[s]}/{len(boards[s])}" for s in boards))

    cumulative = {name: ruleset_of(names, False) for name, names in RULE_SETS.items()}
    cumulative["probing"] = ruleset_of(RULE_SETS["connectivity"], True)
    measure(boards, cumulative, "cells decided by cumulative rule set (counting = black_neighbours + clue_count)")

    everything = list(RULES)
    deciders = {"nothing dropped": ruleset_of(everything, False)}
    deciders.update({f"without {n}": ruleset_of([m for m in everything if m != n], False) for n in everything})
    measure(boards, deciders, "each rule as a decider: the fixpoint without probing, one rule dropped")

    refuters = {"nothing dropped": ruleset_of(everything, True)}
    refuters.update({f"without {n}": ruleset_of([m for m in everything if m != n], True) for n in everything})
    measure(boards, refuters, "each rule as a refuter: probing to a fixpoint, one rule dropped from its inner ladder")

    domain_table(boards)

    grown = {s: [random_board(rng, s, density, unique=True) for _ in range(args.boards)] for s in args.sizes}
    print(f"\n## B. {args.boards} boards per size grown from that density to a unique solution")
    print("\nmean clue density after growing: "
          + ", ".join(f"{s}x{s} {statistics.mean(len(p.clues) / (s * s) for p in ps):.3f}" for s, ps in grown.items()))
    for size, puzzles in grown.items():
        UNIQUE[size] = len(puzzles)
    measure(grown, cumulative, "cells decided by cumulative rule set")
    measure(grown, deciders, "each rule as a decider")
    measure(grown, refuters, "each rule as a refuter")

    print("\n## C. Connectivity speed")
    tarjan_table(rng, [6, 10, 15], 200)
    return 0


if __name__ == "__main__":
    sys.exit(main())
