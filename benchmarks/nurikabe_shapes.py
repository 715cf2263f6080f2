"""Recompute the hardest level each small Nurikabe shape allows (feasibility.SMALL_SHAPES).

Brute force: every valid layout of the shape, every clue placement, each
rated by the ladder.  Prints one line per shape and whether it matches the
table in ``pencilkit.genres.nurikabe.feasibility``; exit code 1 on a mismatch.
Takes a few minutes for all shapes of up to 13 cells.

    python benchmarks/nurikabe_shapes.py            # every shape in the table
    python benchmarks/nurikabe_shapes.py 2x7 3x5    # (or any shapes)
"""

from __future__ import annotations

import argparse
import sys
import time

from pencilkit.genres.nurikabe.feasibility import SMALL_SHAPES, hardest_level


def shape(text: str) -> tuple[int, int]:
    """``RxC`` as ``(rows, cols)``."""
    try:
        rows, cols = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a shape like 3x5: {text!r}") from None
    if rows < 1 or cols < 1:
        raise argparse.ArgumentTypeError(f"not a shape like 3x5: {text!r}")
    return rows, cols


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shapes", nargs="*", type=shape, help="shapes like 2x7 (default: every shape in the table)")
    shapes = parser.parse_args(argv).shapes or sorted(SMALL_SHAPES)
    bad = 0
    for rows, cols in shapes:
        start = time.perf_counter()
        level = hardest_level(rows, cols)
        stored = SMALL_SHAPES.get((min(rows, cols), max(rows, cols)))
        verdict = "-" if stored is None else ("ok" if stored == level else f"TABLE SAYS {stored.label}")
        bad += verdict.startswith("TABLE")
        print(f"{rows}x{cols}: {level.label}  {verdict}  ({time.perf_counter() - start:.1f} s)", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
