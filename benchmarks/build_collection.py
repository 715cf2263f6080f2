"""Rebuild a bundled collection, src/pencilkit/collections/<genre>.jsonl.

One puzzle per size and level (Nurikabe: easy to expert at 5x5, 7x7, 10x10,
15x15 and 20x20, in the published style, big islands and few 1s; Kurodoko: 5x5
to 15x15, each level the size allows; Heyawake: 6x6 to 15x15; Hitori: 5x5 to
15x15; ``--style`` for another), each
generated from a fixed seed of its own (2026 plus its place in the file, plus
100 for each seed tried before) so the file can be rebuilt byte for byte, and
stored with its solution, its rating, its seed and the symmetry its clue
positions keep (drawn as often as in published puzzles of the size, as
``generate`` does by default).  A puzzle is written only if
it came out rated exactly as asked; if the budget runs out the next seed is
tried (up to ``--tries`` seeds), and the seed that worked is the one stored.

    python benchmarks/build_collection.py                 # rebuild the Nurikabe file
    python benchmarks/build_collection.py --genre kurodoko
    python benchmarks/build_collection.py --out /tmp/x.jsonl --sizes 5x5

The tests (tests/nurikabe/test_generate_collection.py) re-solve every puzzle and check
that it is unique, has the stored solution and has the stored rating.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pencilkit.frame.generate import generate
from pencilkit.frame.generator import GenerationFailed
from pencilkit.frame.levels import GENERATABLE
from pencilkit.genres import find_genre

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "src" / "pencilkit" / "collections"
SIZES = {"nurikabe": ("5x5", "7x7", "10x10", "15x15", "20x20"), "kurodoko": ("5x5", "7x7", "10x10", "15x15"),
         "heyawake": ("6x6", "8x8", "10x10", "15x15"), "hitori": ("5x5", "8x8", "10x10", "12x12", "15x15")}
STYLES = {"nurikabe": "published"}
BASE_SEED = 2026


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--genre", default="nurikabe", choices=sorted(SIZES))
    parser.add_argument("--out", type=Path, default=None, help="default: the bundled file of the genre")
    parser.add_argument("--sizes", default=None, help="default: the genre's sizes")
    parser.add_argument("--time-budget", type=float, default=120.0, help="seconds per seed (default 120)")
    parser.add_argument("--tries", type=int, default=5, help="seeds to try per puzzle (default 5)")
    parser.add_argument("--style", default=None, help="generation style (default: published for Nurikabe)")
    args = parser.parse_args(argv)
    genre = find_genre(args.genre)
    out = args.out or FOLDER / f"{genre.name}.jsonl"
    generator = genre.generator()
    style = args.style or STYLES.get(genre.name)
    if style is not None:
        generator = generator.styled(style)
    lines: list[str] = []
    for shape in (args.sizes or ",".join(SIZES[genre.name])).split(","):
        rows, cols = (int(x) for x in shape.lower().split("x"))
        for level in GENERATABLE:
            if level > generator.max_level(rows, cols):
                continue
            made = None
            for k in range(args.tries):
                seed = BASE_SEED + 100 * k + len(lines)  # each puzzle its own seed: its own symmetry draw
                try:
                    made = generate(genre, rows, cols, level, seed=seed, seconds=args.time_budget, style=style)[0]
                except GenerationFailed:
                    continue
                if made.exact:
                    break
                made = None
            if made is None:
                print(f"{shape} {level.label}: no exact puzzle in {args.tries} seeds", file=sys.stderr)
                return 1
            record = {
                "name": f"pencilkit-{genre.name}-{shape}-{level.label}",
                "genre": genre.name,
                "rows": rows,
                "cols": cols,
                "puzzle": made.puzzle.id(),
                "solution": made.solution.to_rows(),
                "rating": made.rating.label,
                "seed": made.seed,
                "style": made.style,
                "symmetry": made.symmetry.value,
            }
            lines.append(json.dumps(record, separators=(",", ":")))
            print(f"{shape} {level.label}: seed {made.seed}, {made.seconds:.1f} s", file=sys.stderr, flush=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} puzzles to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
