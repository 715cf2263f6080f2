"""The bundled Kurodoko collection: every puzzle is unique, with the stored solution and the stored rating."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from pencilkit import Level, Puzzle, solve
from pencilkit.frame.solve import Status


def _records() -> list[dict[str, Any]]:
    text = (resources.files("pencilkit") / "collections" / "kurodoko.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


RECORDS = _records()


def test_it_covers_every_size_and_level() -> None:
    assert {(r["rows"], r["rating"]) for r in RECORDS} == {
        (side, level) for side in (5, 7, 10, 15) for level in ("easy", "medium", "hard", "expert")}


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"] for r in RECORDS])
def test_each_puzzle_solves_as_stored(record: dict[str, Any]) -> None:
    puzzle = Puzzle.from_id(record["puzzle"])
    level = Level.parse(record["rating"])
    solution = solve(puzzle)
    assert solution.status is Status.UNIQUE and solution.answer is not None
    assert solution.answer.to_rows() == record["solution"] and solution.rating == level
    assert solve(puzzle, max_level=Level(level - 1), nodes=1).stalled is not None
