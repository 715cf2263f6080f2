"""``--engine`` on ``solve`` and the ``count`` command, through the CLI's ``main``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pencilkit.cli import main

UNIQUE = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
SEVERAL = "nurikabe:2x2:?,.,.,."  # six solutions
NONE = "nurikabe:1x2:1,1"
KURODOKO = "kurodoko:1x3:.,3,."


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("puzzle, status, code", [
    (UNIQUE, "unique", 0), (SEVERAL, "multiple", 1), (NONE, "none", 1), (KURODOKO, "unique", 0),
])
def test_solve_with_sat(puzzle: str, status: str, code: int, capsys: pytest.CaptureFixture[str]) -> None:
    got, out, _ = run(["solve", puzzle, "--engine", "sat", "--json"], capsys)
    data = json.loads(out)
    assert (got, data["status"]) == (code, status)
    assert data["rating"] is None
    if status == "unique":
        ladder, ladder_out, _ = run(["solve", puzzle, "--json"], capsys)
        assert json.loads(ladder_out)["solution"] == data["solution"]


def test_solve_with_aco_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", UNIQUE, "--engine", "aco", "--seed", "3", "--selection", "farthest", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["status"] == "found" and data["solution"] == ["---", "-##", "-#-"]


@pytest.mark.parametrize("argv, words", [
    (["solve", KURODOKO, "--engine", "aco"], "nurikabe"),
    (["solve", UNIQUE, "--engine", "aco", "--ants", "0"], "--ants"),
    (["solve", UNIQUE, "--engine", "aco", "--q0", "7"], "--q0"),
    (["count", UNIQUE, "--limit", "0"], "--limit"),
])
def test_bad_engine_input_is_one_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(argv, capsys)
    assert code == 2
    assert words in err and len(err.strip().splitlines()) == 1


def test_unknown_engine_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", UNIQUE, "--engine", "quantum"]) == 2
    assert "invalid choice: 'quantum'" in capsys.readouterr().err


@pytest.mark.parametrize("engine", ["ladder", "sat"])
def test_count_to_a_limit(engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["count", SEVERAL, "--engine", engine, "--limit", "10", "--json"], capsys)
    data = json.loads(out)
    assert code == 1 and data["count"] == 6 and data["exhaustive"]
    code, out, _ = run(["count", UNIQUE, "--engine", engine], capsys)
    assert code == 0 and out.startswith("1 solution ")


def test_batch_solve_with_sat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = tmp_path / "two.jsonl"
    batch.write_text(json.dumps({"name": "a", "puzzle": UNIQUE}) + "\n" + json.dumps({"name": "b", "puzzle": NONE}) + "\n")
    code, out, _ = run(["solve", str(batch), "--engine", "sat"], capsys)
    lines = [json.loads(line) for line in out.splitlines()]
    assert [(d["name"], d["status"]) for d in lines] == [("a", "unique"), ("b", "none")]
    assert code == 1
