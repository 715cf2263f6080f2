"""The bundled Kurodoko and Heyawake collections: every size and level, and every puzzle unique, with the
stored solution and the stored rating (Nurikabe's: tests/nurikabe/test_generate_collection.py)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from pencilkit import Level, Puzzle, solve
from pencilkit.frame.solve import Status

SIDES = {"kurodoko": (5, 7, 10, 15), "heyawake": (6, 8, 10, 15)}
"""The board sides each bundled collection covers, square, at every level."""


def _records(genre: str) -> list[dict[str, Any]]:
    text = (resources.files("pencilkit") / "collections" / f"{genre}.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


RECORDS = [record for genre in SIDES for record in _records(genre)]


@pytest.mark.parametrize("genre", sorted(SIDES))
def test_it_covers_every_size_and_level(genre: str) -> None:
    assert {(r["rows"], r["cols"], r["rating"]) for r in _records(genre)} == {
        (side, side, level) for side in SIDES[genre] for level in ("easy", "medium", "hard", "expert")}


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"] for r in RECORDS])
def test_each_puzzle_solves_as_stored(record: dict[str, Any]) -> None:
    puzzle = Puzzle.from_id(record["puzzle"])
    level = Level.parse(record["rating"])
    solution = solve(puzzle)
    assert solution.status is Status.UNIQUE and solution.answer is not None
    assert solution.answer.to_rows() == record["solution"] and solution.rating == level
    assert solve(puzzle, max_level=Level(level - 1), nodes=1).stalled is not None
