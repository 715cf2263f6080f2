"""Judge generated puzzles against published ones of the same size class, statistic by statistic.

For each size and level, generate N puzzles as ``pencilkit.generate`` makes them by default and
measure each one as a puzzle editor would look at it: clue density, whether
the clue positions are symmetric, the black share of the solution, and the
genre's own measures (Nurikabe's clue values and islands, Kurodoko's clue
values, Heyawake's rooms and numbers, Hitori's repeats and largest number).
The published puzzles of ../shared/corpus/GENRE.jsonl are measured the same
way and grouped in size classes by cell count (up to 10x10, 15x15, 20x20,
30x30, larger); a generated size is compared with its class.  The table gives,
per size and level, each statistic's generated median beside the published
median and the published p25-p75 and p10-p90 ranges, marked ``ok`` when the
generated median lies inside p25-p75 (else ``low`` or ``high``); a yes/no
statistic gives the generated share beside the published share, ``ok`` when
within 15 points (Hitori's clue density and clue symmetry are 1 and yes by
the genre's rules: every cell holds a number).  Only puzzles rated exactly as
asked are measured; a failure counts as infinite time in the median seconds.
A second table gives the published medians of every size class.

    python benchmarks/published_look.py nurikabe                        # 10x10 and 15x15, every level
    python benchmarks/published_look.py kurodoko --sizes 10x10 --levels easy,hard --seeds 2 --clock cpu
    python benchmarks/published_look.py heyawake --sizes 10x10,20x20 --seeds 5 --first-seed 20 --seconds 30

The time budget (``--seconds``) is wall seconds per puzzle; ``--clock`` picks
what the median seconds count.  Progress goes to stderr when it is a terminal;
the tables go to stdout.  Exits 2 when the corpus is absent.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pencilkit.formats.detect import read_puzzle
from pencilkit.frame.generate import generate
from pencilkit.frame.generator import GenerationFailed
from pencilkit.frame.levels import GENERATABLE, Level
from pencilkit.genres import find_genre
from pencilkit.grid import Cell
from pencilkit.puzzle import Answer, Puzzle
from size_classes import SIZE_CLASSES, size_class
from timing import percentile, show_time

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
FLAG_TOLERANCE = 0.15
"""How far (in share points) a generated yes/no share may lie from the published one and still be ``ok``."""

Value = float | None
"""A statistic of one puzzle; ``None`` when it is not defined there (a share of no numbers)."""


# -- symmetry ------------------------------------------------------------------


@cache
def board_maps(rows: int, cols: int) -> tuple[tuple[Cell, ...], ...]:
    """The board's symmetries other than the identity, each as the image of every cell: the half turn,
    the left-right and up-down mirrors, and on a square board the two diagonal mirrors."""
    steps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (rows - 1 - r, cols - 1 - c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
    ]
    if rows == cols:
        steps += [lambda r, c: (c, r), lambda r, c: (cols - 1 - c, rows - 1 - r)]
    out = []
    for step in steps:
        images = (step(*divmod(cell, cols)) for cell in range(rows * cols))
        out.append(tuple(r * cols + c for r, c in images))
    return tuple(out)


def numbers(puzzle: Puzzle) -> list[int]:
    """The clue numbers of ``puzzle``, ``?`` clues left out."""
    return [number for _, number in puzzle.clues if number is not None]


def share(part: int, whole: int) -> Value:
    """``part / whole``, or ``None`` when there is no whole."""
    return part / whole if whole else None


# -- every genre -----------------------------------------------------------------


def clue_density(puzzle: Puzzle, solution: Answer) -> Value:
    """Clue cells per cell of the board."""
    return len(puzzle.clues) / puzzle.grid.size


def clue_symmetry(puzzle: Puzzle, solution: Answer) -> Value:
    """Whether the clue positions map onto themselves under a half turn, a mirror, or (square boards) a
    diagonal mirror; the numbers on them are not compared."""
    clued = [cell for cell, _ in puzzle.clues]
    return any(all(image[cell] in puzzle.clue_map for cell in clued)
               for image in board_maps(puzzle.rows, puzzle.cols))


def pairs_alike(puzzle: Puzzle, solution: Answer) -> Value:
    """On symmetric clue positions (the first map of :func:`board_maps` they keep), the share of the pairs
    of a clue and its image that hold the same number; undefined on positions that keep none."""
    number = puzzle.clue_map
    for image in board_maps(puzzle.rows, puzzle.cols):
        if all(image[cell] in number for cell in number):
            pairs = [(cell, image[cell]) for cell in number if image[cell] > cell]
            return share(sum(number[a] == number[b] for a, b in pairs), len(pairs))
    return None


def black_share(puzzle: Puzzle, solution: Answer) -> Value:
    """The shaded share of the solution's cells."""
    return solution.shaded.bit_count() / puzzle.grid.size


# -- Nurikabe ------------------------------------------------------------------------


def islands(puzzle: Puzzle, solution: Answer) -> list[int]:
    """The sizes of the solution's islands (its orthogonally connected groups of unshaded cells)."""
    grid = puzzle.grid
    return [land.bit_count() for land in grid.components(grid.full & ~solution.shaded)]


def ones_share(puzzle: Puzzle, solution: Answer) -> Value:
    """The share of the numbered clues that are 1."""
    given = numbers(puzzle)
    return share(given.count(1), len(given))


def mean_clue(puzzle: Puzzle, solution: Answer) -> Value:
    """The mean clue number (``?`` clues left out)."""
    given = numbers(puzzle)
    return statistics.mean(given) if given else None


def largest_island(puzzle: Puzzle, solution: Answer) -> Value:
    """The size of the solution's largest island."""
    return max(islands(puzzle, solution), default=0)


def island_p90(puzzle: Puzzle, solution: Answer) -> Value:
    """The 90th percentile (nearest rank) of the sizes of the solution's islands."""
    sizes = islands(puzzle, solution)
    return percentile([float(size) for size in sizes], 0.9) if sizes else None


# -- Kurodoko --------------------------------------------------------------------------


def big_clue_share(puzzle: Puzzle, solution: Answer) -> Value:
    """The share of the numbered clues that are 10 or more."""
    given = numbers(puzzle)
    return share(sum(number >= 10 for number in given), len(given))


def clue_reach(puzzle: Puzzle, solution: Answer) -> Value:
    """The mean clue as a share of the most a cell can see (``rows + cols - 1``, itself included)."""
    given = numbers(puzzle)
    return statistics.mean(given) / (puzzle.rows + puzzle.cols - 1) if given else None


# -- Heyawake ------------------------------------------------------------------------------


def cells_per_room(puzzle: Puzzle, solution: Answer) -> Value:
    """The board's cells per room."""
    return share(puzzle.grid.size, puzzle.room_count)


def numbered_rooms(puzzle: Puzzle, solution: Answer) -> Value:
    """The share of rooms that hold a number."""
    return share(len(puzzle.clues), puzzle.room_count)


def zero_share(puzzle: Puzzle, solution: Answer) -> Value:
    """The share of the numbers that are 0."""
    given = numbers(puzzle)
    return share(given.count(0), len(given))


def non_rectangular_rooms(puzzle: Puzzle, solution: Answer) -> Value:
    """The share of rooms that are not rectangles."""
    return share(sum(not puzzle.grid.is_rect(room) for room in puzzle.room_masks), puzzle.room_count)


def single_cell_rooms(puzzle: Puzzle, solution: Answer) -> Value:
    """The share of rooms of one cell."""
    return share(sum(room.bit_count() == 1 for room in puzzle.room_masks), puzzle.room_count)


def room_symmetry(puzzle: Puzzle, solution: Answer) -> Value:
    """Whether the room boundaries map onto themselves under a half turn, a mirror, or (square boards) a
    diagonal mirror: every room's image is a whole room."""
    rooms = puzzle.rooms or ()

    def keeps(image: tuple[Cell, ...]) -> bool:
        onto: dict[int, int] = {}
        for cell, room in enumerate(rooms):
            if onto.setdefault(room, rooms[image[cell]]) != rooms[image[cell]]:
                return False
        return len(set(onto.values())) == len(onto)

    return any(keeps(image) for image in board_maps(puzzle.rows, puzzle.cols))


# -- Hitori ------------------------------------------------------------------------------------


def repeat_share(puzzle: Puzzle, solution: Answer) -> Value:
    """The share of cells whose number appears again in their row or column."""
    rows, cols = puzzle.rows, puzzle.cols
    number = puzzle.clue_map
    lines = [[r * cols + c for c in range(cols)] for r in range(rows)]
    lines += [[r * cols + c for r in range(rows)] for c in range(cols)]
    repeating: set[Cell] = set()
    for line in lines:
        counts = Counter(number.get(cell) for cell in line)
        repeating.update(cell for cell in line if number.get(cell) is not None and counts[number[cell]] > 1)
    return len(repeating) / puzzle.grid.size


def top_over_side(puzzle: Puzzle, solution: Answer) -> Value:
    """The largest number over the board's longer side (1.0: the largest is the side)."""
    given = numbers(puzzle)
    return max(given) / max(puzzle.rows, puzzle.cols) if given else None


# -- the statistics of each genre -----------------------------------------------------------------


@dataclass(frozen=True)
class Statistic:
    """One row of the table: its label, its measure of one puzzle and how a value is written."""

    label: str
    measure: Callable[[Puzzle, Answer], Value]
    spec: str = ".2f"
    """The format spec of a value (a flag's share is written as a percentage)."""
    flag: bool = False
    """A yes/no statistic: compared as the share of puzzles where it holds."""
    tail: bool = False
    """Also compare the generated p90 with the published p25-p75."""


COMMON = (
    Statistic("clues per cell", clue_density, ".3f"),
    Statistic("clue layout symmetric", clue_symmetry, flag=True),
    Statistic("black share", black_share, ".0%"),
)
STATISTICS: dict[str, tuple[Statistic, ...]] = {
    "nurikabe": COMMON + (
        Statistic("symmetric pairs alike", pairs_alike, ".0%"),
        Statistic("clues that are 1", ones_share, ".0%"),
        Statistic("mean clue", mean_clue),
        Statistic("largest island", largest_island, ".3g", tail=True),
        Statistic("island p90", island_p90, ".3g"),
    ),
    "kurodoko": COMMON + (
        Statistic("symmetric pairs alike", pairs_alike, ".0%"),
        Statistic("mean clue", mean_clue),
        Statistic("clues >= 10", big_clue_share, ".0%"),
        Statistic("mean clue / (rows+cols-1)", clue_reach, ".0%"),
    ),
    "heyawake": COMMON + (
        Statistic("cells per room", cells_per_room, ".1f"),
        Statistic("rooms numbered", numbered_rooms, ".0%"),
        Statistic("numbers that are 0", zero_share, ".0%"),
        Statistic("mean number", mean_clue),
        Statistic("rooms not rectangles", non_rectangular_rooms, ".0%"),
        Statistic("1-cell rooms", single_cell_rooms, ".0%"),
        Statistic("room layout symmetric", room_symmetry, flag=True),
    ),
    "hitori": COMMON + (
        Statistic("cells repeating in row or column", repeat_share, ".0%"),
        Statistic("largest number / side", top_over_side),
    ),
}

Sample = dict[str, list[float]]
"""The values of each statistic (by label) over a set of puzzles, undefined ones left out."""


def measure(stats: Iterable[Statistic], pairs: Iterable[tuple[Puzzle, Answer]]) -> Sample:
    """The values of ``stats`` over the puzzles and solutions of ``pairs``."""
    stats = tuple(stats)
    out: Sample = {stat.label: [] for stat in stats}
    for puzzle, solution in pairs:
        for stat in stats:
            value = stat.measure(puzzle, solution)
            if value is not None:
                out[stat.label].append(float(value))
    return out


def published(path: Path) -> Iterator[tuple[Puzzle, Answer]]:
    """The puzzles of a corpus file (JSON lines) with their published solutions."""
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield read_puzzle(line), Answer.from_rows(json.loads(line)["solution"])


# -- the tables ------------------------------------------------------------------------------------------


def write(stat: Statistic, value: float) -> str:
    return f"{value:{'.0%' if stat.flag else stat.spec}}"


def mark(value: float, low: float, high: float) -> str:
    """``ok`` when ``value`` lies in ``low``..``high``, else ``low`` or ``high``."""
    return "low" if value < low else "high" if value > high else "ok"


def comparison(stat: Statistic, made: list[float], reference: list[float]) -> list[list[str]]:
    """The table's cells for one statistic: label, generated, published median, p25-p75, p10-p90, mark
    (a second row for a statistic with a tail: the generated p90)."""
    label = stat.label + (" (share yes)" if stat.flag else "")
    if stat.flag:
        ours = statistics.mean(made) if made else None
        theirs = statistics.mean(reference) if reference else None
        verdict = "-" if ours is None or theirs is None else mark(ours, theirs - FLAG_TOLERANCE,
                                                                    theirs + FLAG_TOLERANCE)
        return [[label, "-" if ours is None else write(stat, ours), "-" if theirs is None else write(stat, theirs),
                 "-", "-", verdict]]
    if not reference:
        return [[label, write(stat, statistics.median(made)) if made else "-", "-", "-", "-", "-"]]
    p10, p25, p75, p90 = (percentile(reference, q) for q in (0.1, 0.25, 0.75, 0.9))
    ranges = [write(stat, statistics.median(reference)), f"{write(stat, p25)}-{write(stat, p75)}",
              f"{write(stat, p10)}-{write(stat, p90)}"]
    middle = statistics.median(made) if made else None
    rows = [[label, "-" if middle is None else write(stat, middle), *ranges,
             "-" if middle is None else mark(middle, p25, p75)]]
    if stat.tail:
        top = percentile(made, 0.9) if made else None
        rows.append([f"{stat.label}, generated p90", "-" if top is None else write(stat, top), *ranges,
                     "-" if top is None else mark(top, p25, p75)])
    return rows


@dataclass
class Made:
    """What one size and level gave: the seconds of every seed (``inf`` a failure) and the look of the
    puzzles rated exactly as asked."""

    shape: str
    level: Level
    seconds: list[float]
    sample: Sample

    @property
    def found(self) -> int:
        return sum(not math.isinf(s) for s in self.seconds)


def comparison_table(stats: tuple[Statistic, ...], runs: list[Made], classes: dict[str, Sample],
                     counts: Counter[str]) -> list[str]:
    """The markdown lines of the main table: per size, a row giving its published class and count, then
    per level a row per statistic (found and median seconds on the first)."""
    lines = ["| size | level | found | median s | statistic | generated median | published median "
             "| published p25-p75 | published p10-p90 | mark |", "|---" * 10 + "|"]
    shown: set[str] = set()
    for run in runs:
        rows, cols = (int(x) for x in run.shape.split("x"))
        name = size_class(rows * cols)
        if run.shape not in shown:
            shown.add(run.shape)
            lines.append(f"| {run.shape} | published ({name}) | {counts[name]} | | | | | | | |")
        reference = classes.get(name, {})
        first = [f"{run.found}/{len(run.seconds)}", show_time(statistics.median(run.seconds))]
        for stat in stats:
            for cells in comparison(stat, run.sample[stat.label], reference.get(stat.label, [])):
                lines.append(f"| {run.shape} | {run.level.label} | " + " | ".join(first + cells) + " |")
                first = ["", ""]
    return lines


def class_table(stats: tuple[Statistic, ...], classes: dict[str, Sample], counts: Counter[str]) -> list[str]:
    """The markdown lines of the published medians (a flag's share) of every size class."""
    names = [name for _, name in SIZE_CLASSES if counts[name]]
    lines = ["| statistic | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|",
             "| published puzzles | " + " | ".join(str(counts[name]) for name in names) + " |"]
    for stat in stats:
        cells = []
        for name in names:
            values = classes[name][stat.label]
            if not values:
                cells.append("-")
                continue
            cells.append(write(stat, statistics.mean(values) if stat.flag else statistics.median(values)))
        lines.append(f"| {stat.label}{' (share yes)' if stat.flag else ''} | " + " | ".join(cells) + " |")
    return lines


# -- the run ---------------------------------------------------------------------------------------------------


class Progress:
    """A tqdm bar on stderr when it is a terminal; nothing otherwise."""

    def __init__(self, total: int) -> None:
        self.bar = None
        if sys.stderr.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="puzzle", file=sys.stderr)

    def label(self, text: str) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(text)

    def tick(self) -> None:
        if self.bar is not None:
            self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genre", choices=sorted(STATISTICS))
    parser.add_argument("--sizes", default="10x10,15x15", help="comma-separated RxC shapes (default 10x10,15x15)")
    parser.add_argument("--levels", default=",".join(level.label for level in GENERATABLE))
    parser.add_argument("--seeds", type=int, default=10, help="how many seeds (default 10)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--seconds", type=float, default=60.0, help="wall seconds per puzzle (default 60)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="what the median seconds count (the budget is wall seconds either way)")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    path = CORPUS / f"{args.genre}.jsonl"
    if not path.exists():
        print(f"no published corpus at {path}", file=sys.stderr)
        return 2
    shapes = [shape.strip().lower() for shape in args.sizes.split(",")]
    levels = [Level.parse(name, among=GENERATABLE) for name in args.levels.split(",")]
    stats = STATISTICS[args.genre]
    by_class: dict[str, list[tuple[Puzzle, Answer]]] = {}
    for puzzle, solution in published(path):
        by_class.setdefault(size_class(puzzle.grid.size), []).append((puzzle, solution))
    classes = {name: measure(stats, pairs) for name, pairs in by_class.items()}
    counts = Counter({name: len(pairs) for name, pairs in by_class.items()})
    genre = find_genre(args.genre)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    progress = Progress(len(shapes) * len(levels) * len(seeds))
    runs: list[Made] = []
    for shape in shapes:
        rows, cols = (int(x) for x in shape.split("x"))
        for level in levels:
            seconds: list[float] = []
            exact: list[tuple[Puzzle, Answer]] = []
            for seed in seeds:
                progress.label(f"{shape} {level.label} seed {seed}")
                start = clock()
                try:
                    made = generate(genre, rows, cols, level, seed=seed, seconds=args.seconds)[0]
                except GenerationFailed:
                    made = None
                progress.tick()
                if made is None or not made.exact:
                    seconds.append(math.inf)
                    continue
                seconds.append(clock() - start)
                exact.append((made.puzzle, made.solution))
            runs.append(Made(shape, level, seconds, measure(stats, exact)))
    progress.close()
    print(f"{args.genre}: seeds {seeds[0]}-{seeds[-1]}, budget {args.seconds:g} wall s per puzzle, {args.clock} "
          f"seconds; {sum(counts.values())} published puzzles from {path.name}\n")
    print("\n".join(comparison_table(stats, runs, classes, counts)))
    print("\nPublished medians by size class (a yes/no statistic: the share of yes):\n")
    print("\n".join(class_table(stats, classes, counts)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
