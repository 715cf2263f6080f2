"""``pencilkit inspect``: its exit codes, its JSON and its words."""

from __future__ import annotations

import json

import pytest

import pencilkit
from pencilkit.cli import main

UNIQUE = "heyawake:4x4:.,0,.,.,.,2,.,.,.,.,.,.,.,.,.,.:0,1,1,1,0,2,3,3,0,2,3,3,0,2,3,3"
SEVERAL = "kurodoko:5x5:.,.,.,.,.,3,.,7,.,.,.,.,8,.,.,.,.,.,.,6,.,.,.,.,2"
NONE = "nurikabe:1x1:1"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["inspect", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_unique_puzzle_exits_0_with_its_rating_and_hardest_step(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, UNIQUE)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("unique · rating medium, score 2")
    assert lines[1].startswith("bottlenecks: 1 phase of medium steps alone, at most 1 in a row")
    assert lines[2].startswith("hardest: step 2, medium · room_patterns:")
    assert lines[-4:] == ["----", "-#--", "--#-", "-#--"]
    code, out, _ = run(capsys, UNIQUE, "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "unique" and data["rating"] == "medium"
    assert data["hardest"]["technique"] == "room_patterns" and data["hardest"]["number"] == 2
    assert data["solutions"] == [["----", "-#--", "--#-", "-#--"]]
    assert data["difficulty"]["score"] // 100 == 2 and data["difficulty"]["bottlenecks"] == 1


def test_several_solutions_exit_1_with_the_cells_that_differ_and_a_clue(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, SEVERAL, "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == "several" and len(data["solutions"]) == 2
    first, second = ("".join(rows) for rows in data["solutions"])
    assert data["differ"] == [i for i, (a, b) in enumerate(zip(first, second)) if a != b]
    suggestion = data["suggestion"]
    assert suggestion["unique"] is True
    assert pencilkit.count_solutions(pencilkit.parse(suggestion["puzzle"]), limit=2).count == 1
    code, out, _ = run(capsys, SEVERAL)
    assert code == 1
    assert out.startswith("several solutions") and "they differ at" in out
    assert f"suggestion: {suggestion['message']}" in out and suggestion["puzzle"] in out


def test_no_solution_exits_1_and_names_the_broken_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, NONE)
    lines = out.splitlines()
    assert code == 1 and lines[0].startswith("no solution") and lines[1:] == ["there is no sea"]
    code, out, _ = run(capsys, NONE, "--json")
    assert code == 1 and json.loads(out)["contradiction"] == "there is no sea"


def test_out_of_time_exits_1_as_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, SEVERAL, "--time", "1e-9")
    assert code == 1 and out.startswith("unknown · not settled within 1e-09 s")
    code, out, _ = run(capsys, SEVERAL, "--time", "1e-9", "--json")
    assert code == 1 and json.loads(out)["status"] == "unknown"


def test_bad_input_exits_2_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["nurikabe:2x2:9,.,.,."], ["not a puzzle"], [UNIQUE, "--time", "0"]):
        code, out, err = run(capsys, *args)
        assert code == 2 and out == "" and err.startswith("pencilkit: error:") and err.count("\n") == 1
