"""Regression tests for the defects a new user met: each bad input is one line on stderr and exit 2, nothing crashes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pencilkit
from pencilkit.cli import main

PUZZLE = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
DEEP = "[" * 5000 + "]" * 5000


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", [["solve"], ["show"], ["render"], ["convert", "--to", "id"]])
def test_deeply_nested_json_is_bad_input(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    text = '{"genre":"nurikabe","puzzle":{"grid":["1.",".."]},"x":' + DEEP + "}"
    code, _, err = run(capsys, command[0], text, *command[1:])
    assert code == 2 and err == "pencilkit: error: JSON nested too deeply to read\n"


def test_a_batch_goes_on_past_a_deeply_nested_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "batch.jsonl"
    good = json.dumps({"puzzle": PUZZLE})
    path.write_text("\n".join([good, '{"puzzle":"x","x":' + DEEP + "}", good]) + "\n")
    code, out, _ = run(capsys, "solve", str(path))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and [line["status"] for line in lines] == ["unique", "error", "unique"]
    assert "nested too deeply" in lines[1]["error"]


@pytest.mark.parametrize("command", [["render", PUZZLE], ["convert", "--to", "url", PUZZLE]])
def test_output_into_a_missing_folder_is_bad_input(command: list[str], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "missing" / "out.svg"
    code, _, err = run(capsys, *command, "-o", str(target))
    assert code == 2 and err.startswith(f"pencilkit: error: cannot write {target}: ") and err.count("\n") == 1
    written = tmp_path / "fine.svg"
    assert run(capsys, *command, "-o", str(written))[0] == 0
    assert written.read_text() and list(tmp_path.iterdir()) == [written]  # no temporary file left behind


@pytest.mark.parametrize("engine", ["sat", "aco"])
def test_an_engine_says_it_solved_not_the_ladder(engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", PUZZLE, "--engine", engine, "--json")
    data = json.loads(out)
    assert code == 0 and data["engine"] == engine and data["method"] == engine and data["profile"] is None
    assert data["rating"] is None
    ladder = json.loads(run(capsys, "solve", PUZZLE, "--json")[1])
    assert ladder["engine"] == "ladder" and ladder["profile"].startswith("nurikabe-human/")


def test_several_solutions_are_not_rated_and_no_grid_is_the_solution(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert pencilkit.rate(pencilkit.parse("nurikabe:1x3:.,2,.")) is None
    code, out, _ = run(capsys, "rate", "nurikabe:1x3:.,2,.")
    assert code == 1 and out.strip() == "unrated (several)"
    path = tmp_path / "two.jsonl"
    path.write_text(json.dumps({"puzzle": "nurikabe:1x3:.,2,."}) + "\n")
    data = json.loads(run(capsys, "solve", str(path))[1])
    assert data["status"] == "multiple" and data["solution"] is None and len(data["solutions"]) == 2


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0", "soon"])
def test_a_time_must_be_a_positive_number(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["solve", PUZZLE, "--time", value], ["generate", "nurikabe", "5x5", "--time-budget", value]):
        code, _, err = run(capsys, *command)
        assert code == 2 and err.count("\n") == 1 and f"'{value}'" in err


def test_every_reading_command_takes_a_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ids = tmp_path / "ids.txt"
    ids.write_text(f"{PUZZLE}\nkurodoko:3x3:.,5,.,.,.,.,.,.,2\n")
    for command in ("solve", "rate", "explain"):
        code, out, _ = run(capsys, command, str(ids))
        lines = [json.loads(line) for line in out.splitlines()]
        assert code == 0 and [line["status"] for line in lines] == ["unique", "unique"], command
    answers = tmp_path / "answers.jsonl"
    answers.write_text("\n".join(json.dumps(r) for r in [
        {"puzzle": PUZZLE, "answer": "---/-##/-#-"},
        {"puzzle": PUZZLE, "solution": ["###", "-##", "-#-"]},
    ]) + "\n")
    code, out, _ = run(capsys, "check", str(answers))
    assert code == 1 and [json.loads(line)["correct"] for line in out.splitlines()] == [True, False]


def test_rules_survive_python_minus_oo() -> None:
    script = "import pencilkit; pencilkit.parse('nurikabe:1x1:.'); print(len(pencilkit.find_genre('kurodoko').rules))"
    done = subprocess.run([sys.executable, "-OO", "-c", script], capture_output=True, text=True, check=True)
    assert int(done.stdout) > 100


def test_the_python_api_reads_well() -> None:
    assert pencilkit.api.SOLVE_SECONDS == 60.0
    puzzle = pencilkit.parse(PUZZLE)
    assert str(pencilkit.rate(puzzle)) == "easy" and f"{pencilkit.Level.HARD}" == "hard"
    broken = pencilkit.check(puzzle, "###/-##/-#-")
    assert "cells='r2c1 r3c1'" in repr(broken[0]) and broken[0].cell_set().names() == ["r2c1", "r3c1"]


def test_what_went_wrong_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", PUZZLE, "---/-##/-#-")
    assert code == 2 and "goes after --" in err
    code, _, err = run(capsys, "check", PUZZLE)
    assert code == 2 and "check needs an ANSWER" in err
    code, _, err = run(capsys, "solve", str(tmp_path))
    assert code == 2 and err == f"pencilkit: error: {tmp_path} is a directory: give a puzzle, a file or -\n"
    code, out, _ = run(capsys, "solve", "--help")
    assert code == 0 and "exit status: 0" in out
