"""The bundled collection: every puzzle is unique, with the stored solution and the stored rating."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from pencilkit import Level, Puzzle, solve
from pencilkit.frame.solve import Status
from pencilkit.genres.nurikabe.style import PUBLISHED, Measures


def _records() -> list[dict[str, Any]]:
    text = (resources.files("pencilkit") / "collections" / "nurikabe.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


RECORDS = _records()


def test_collection_covers_every_size_and_level() -> None:
    have = {(r["rows"], r["cols"], r["rating"]) for r in RECORDS}
    for side in (5, 7, 10, 15):
        for level in ("easy", "medium", "hard", "expert"):
            assert (side, side, level) in have


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"] for r in RECORDS])
def test_collection_puzzle_resolves_as_stored(record: dict[str, Any]) -> None:
    puzzle = Puzzle.from_id(record["puzzle"])
    level = Level.parse(record["rating"])
    solution = solve(puzzle)
    assert solution.status is Status.UNIQUE
    assert solution.answer is not None and solution.answer.to_rows() == record["solution"]
    assert solution.rating == level
    below = solve(puzzle, max_level=Level(level - 1), nodes=1)
    assert below.stalled is not None, "the ladder below the stored rating finishes it"


def test_collection_looks_published() -> None:
    """Every puzzle keeps to the band of published puzzles: land, share of 1s, clue cells, largest island."""
    for record in RECORDS:
        puzzle = Puzzle.from_id(record["puzzle"])
        clues = [value for _, value in puzzle.clues]
        cells = puzzle.rows * puzzle.cols
        measures = Measures(cells, sum(clues), len(clues), clues.count(1), max(clues))
        assert PUBLISHED.excess(measures, puzzle.rows, puzzle.cols) == (0, 0, 0, 0), record["name"]
        assert record["style"] == "published"
