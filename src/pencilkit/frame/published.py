"""How published puzzles of a genre and size class are rated and scored, to compare a new one with.

The figures (``pencilkit/collections/published.json``) come from the
published corpus, made by ``benchmarks/difficulty.py GENRE --emit``: for each
genre, size class (by its most cells) and level, how many published puzzles
there are and the 10th, 50th and 90th percentile of their difficulty scores.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

from .difficulty import Difficulty

RARE_SHARE = 0.05
"""A level this rare among the published puzzles of a size class is called unusual for it."""
FEWEST = 10
"""Published puzzles of a level and size class needed before a score is compared with theirs."""


@cache
def figures() -> dict[str, Any]:
    """Every genre's figures, as the file holds them (empty when it is missing)."""
    path = files("pencilkit") / "collections" / "published.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


def size_class(genre: str, cells: int) -> tuple[str, dict[str, Any]] | None:
    """The published size class of a board of ``cells`` cells, its name and figures (``None``: no figures)."""
    classes = figures().get(genre, {})
    fitting = sorted((entry["most_cells"], name) for name, entry in classes.items() if entry["most_cells"] >= cells)
    if not fitting:
        return None
    name = fitting[0][1]
    return name, classes[name]


def unusual(genre: str, cells: int, found: Difficulty) -> list[str]:
    """What is unusual about a puzzle of ``cells`` cells and this difficulty beside published ones of its
    size class: a level few of them have, or a score outside their 10th-90th percentile."""
    known = size_class(genre, cells)
    if known is None:
        return []
    name, entry = known
    levels: dict[str, dict[str, int]] = entry["levels"]
    total = sum(level["puzzles"] for level in levels.values())
    mine = levels.get(found.level.label)
    out = []
    count = 0 if mine is None else mine["puzzles"]
    if total and count / total < RARE_SHARE:
        out.append(f"few published {genre} puzzles {name} are {found.level.label} ({count} of {total})")
    if mine is not None and count >= FEWEST and not mine["p10"] <= found.score <= mine["p90"]:
        side = "low" if found.score < mine["p10"] else "high"
        out.append(f"a score of {found.score} is {side} for a published {found.level.label} puzzle {name} "
                   f"(10th-90th percentile {mine['p10']}-{mine['p90']})")
    return out
