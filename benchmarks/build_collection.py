"""Rebuild the bundled Nurikabe collection, src/pencilkit/collections/nurikabe.jsonl.

One puzzle per size and level (easy to expert at 5x5, 7x7, 10x10 and 15x15),
in the published style (big islands, few 1s; ``--style`` for another), each
generated from a fixed seed so the file can be rebuilt byte for byte, and
stored with its solution, its rating and its seed.  A puzzle is written only if
it came out rated exactly as asked; if the budget runs out the next seed is
tried (up to ``--tries`` seeds), and the seed that worked is the one stored.

    python benchmarks/build_collection.py                 # rebuild the whole file
    python benchmarks/build_collection.py --out /tmp/x.jsonl --sizes 5x5

The tests (tests/nurikabe/test_generate_collection.py) re-solve every puzzle and check
that it is unique, has the stored solution and has the stored rating.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pencilkit.frame.generate import GenerationFailed, generate_one
from pencilkit.frame.levels import GENERATABLE
from pencilkit.genres import find_genre

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "src" / "pencilkit" / "collections" / "nurikabe.jsonl"
SIZES = ("5x5", "7x7", "10x10", "15x15")
BASE_SEED = 2026


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--time-budget", type=float, default=120.0, help="seconds per seed (default 120)")
    parser.add_argument("--tries", type=int, default=5, help="seeds to try per puzzle (default 5)")
    parser.add_argument("--style", default="published", help="generation style (default published)")
    args = parser.parse_args(argv)
    genre = find_genre("nurikabe")
    generator = genre.generator().styled(args.style)
    lines = []
    for shape in args.sizes.split(","):
        rows, cols = (int(x) for x in shape.lower().split("x"))
        for level in GENERATABLE:
            made = None
            for k in range(args.tries):
                seed = BASE_SEED + 100 * k
                try:
                    made = generate_one(generator, genre, rows, cols, level, seed=seed,
                                        time_budget=args.time_budget)
                except GenerationFailed:
                    continue
                if made.exact:
                    break
                made = None
            if made is None:
                print(f"{shape} {level.label}: no exact puzzle in {args.tries} seeds", file=sys.stderr)
                return 1
            record = {
                "name": f"pencilkit-nurikabe-{shape}-{level.label}",
                "genre": "nurikabe",
                "rows": rows,
                "cols": cols,
                "puzzle": made.puzzle.id(),
                "solution": made.solution.to_rows(),
                "rating": made.rating.label,
                "seed": made.seed,
                "style": made.style,
            }
            lines.append(json.dumps(record, separators=(",", ":")))
            print(f"{shape} {level.label}: seed {made.seed}, {made.seconds:.1f} s", file=sys.stderr, flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} puzzles to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
