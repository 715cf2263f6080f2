"""Batches and counts on several worker processes: the same results, in input order, streamed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pencilkit.cli import main

PUZZLES = ["nurikabe:3x3:.,.,.,.,.,.,5,.,1", "nurikabe:1x3:.,2,.", "kurodoko:3x3:.,5,.,.,.,.,.,.,2",
           "nurikabe:5x5:2,.,.,.,2,.,.,.,.,.,.,.,3,.,.,.,.,.,.,.,1,.,.,.,3", "nurikabe:1x1:1"]


def lines(out: str) -> list[dict[str, object]]:
    rows = [json.loads(line) for line in out.splitlines()]
    for row in rows:
        row.pop("seconds", None)
    return rows


@pytest.mark.parametrize("command", ["solve", "rate", "explain"])
def test_a_batch_on_two_workers_is_the_batch_on_one(command: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ids.txt"
    path.write_text("\n".join(PUZZLES) + "\n")
    one = main([command, str(path)]), lines(capsys.readouterr().out)
    two = main([command, str(path), "--jobs", "2"]), lines(capsys.readouterr().out)
    assert one == two and [row["line"] for row in one[1]] == [1, 2, 3, 4, 5]
    assert [row["status"] for row in one[1]] == ["unique", "multiple", "unique", "multiple", "none"]


def test_generate_count_on_two_workers_makes_the_same_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    # 6x6 medium: 5x5 easy has so few published-style puzzles that two seeds may end at one of them
    args = ["generate", "nurikabe", "6x6", "--level", "medium", "--seed", "3", "--count", "3", "--json"]
    assert main(args) == 0
    one = [json.loads(line)["puzzle"] for line in capsys.readouterr().out.splitlines()]
    assert main([*args, "--jobs", "2"]) == 0
    two = [json.loads(line)["puzzle"] for line in capsys.readouterr().out.splitlines()]
    assert one == two and len(set(one)) == 3


def test_a_failed_seed_is_reported_and_the_others_kept(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["generate", "nurikabe", "15x15", "--level", "expert", "--seed", "1", "--count", "2",
                 "--time-budget", "0.001", "--json"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.count("generation failed") == 2 and "seed 1:" in err and "seed 2:" in err
    assert main(["solve", PUZZLES[0], "--jobs", "0"]) == 2
