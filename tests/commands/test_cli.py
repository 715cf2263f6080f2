"""The command line: every subcommand, any input format, --json, exit codes and one-line errors."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pencilkit
from pencilkit.cli import main
from pencilkit.formats.json_format import format_json
from pencilkit.io import is_json_lines

from ..conftest import load_corpus

PUZZLE = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
SOLUTION = ["---", "-##", "-#-"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_status_rating_and_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", PUZZLE)
    assert code == 0
    assert out.splitlines()[0].startswith("unique · rating easy")
    assert out.splitlines()[1:] == SOLUTION


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--json", PUZZLE)
    data = json.loads(out)
    assert code == 0 and data["status"] == "unique" and data["solution"] == SOLUTION
    assert data["rating"] == "easy" and data["profile"].startswith("nurikabe-human/")


def test_every_input_format_and_stdin(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    text = "genre: nurikabe\ngrid:\n...\n...\n5.1\n"
    path = tmp_path / "p.txt"
    path.write_text(text)
    assert run(capsys, "solve", str(path))[0] == 0
    monkeypatch.setattr(sys, "stdin", type("S", (), {"buffer": __import__("io").BytesIO(text.encode())})())
    code, out, _ = run(capsys, "show", "-", "--format", "id")
    assert code == 0 and out.strip() == PUZZLE


def test_multiple_and_none_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--json", "nurikabe:2x2:?,.,.,.")
    assert code == 1 and json.loads(out)["status"] == "multiple"
    assert len(json.loads(out)["solutions"]) == 2
    code, out, _ = run(capsys, "solve", "--json", "nurikabe:1x1:1")
    assert code == 1 and json.loads(out)["status"] == "none"


def test_check_names_broken_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", PUZZLE, "--", "/".join(SOLUTION))
    assert code == 0 and out.strip() == "correct"
    code, out, _ = run(capsys, "check", "--json", PUZZLE, "#-#/-##/-#-")
    data = json.loads(out)
    assert code == 1 and not data["correct"]
    assert {v["rule"] for v in data["violations"]} == {"R1", "R2", "R3"}


def test_rate_and_explain(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", PUZZLE)
    assert code == 0 and re.fullmatch(r"easy, score 1\d\d", out.strip())
    code, out, _ = run(capsys, "explain", PUZZLE)
    assert code == 0
    assert "[bookkeeping · island_complete] the 1 at r3c3 is complete, so r2c3, r3c2 are sea" in out
    code, out, _ = run(capsys, "explain", "--json", PUZZLE)
    steps = json.loads(out)["steps"]
    assert steps[0]["technique"] == "island_complete" and steps[0]["sea"] == ["r2c3", "r3c2"]


def test_batch_jsonl(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join([
        json.dumps({"name": "a", "puzzle": PUZZLE, "solution": SOLUTION}),
        json.dumps({"name": "b", "puzzle": "nurikabe:2x2:?,.,.,."}),
        "not json",
        json.dumps({"name": "c", "puzzle": "nurikabe:2x2:9,.,.,."}),
    ]))
    code, out, _ = run(capsys, "solve", str(path))
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line.get("name") for line in lines] == ["a", "b", None, "c"]
    assert lines[0]["status"] == "unique" and lines[0]["matches"] is True and lines[0]["solution"] == SOLUTION
    assert lines[0]["rating"] == "easy" and "seconds" in lines[0]
    assert lines[1]["status"] == "multiple"
    assert lines[2]["status"] == "error" and "line 3" in lines[2]["error"]
    assert lines[3]["status"] == "error" and "out of range" in lines[3]["error"]
    assert code == 2


def test_batch_from_stdin_goes_on_past_a_bad_line(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    batch = "\n".join([json.dumps({"name": "a", "puzzle": PUZZLE}), "not json", json.dumps({"puzzle": "nurikabe:1x1:."})])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(batch.encode())))
    code, out, _ = run(capsys, "solve", "-")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["status"] for line in lines] == ["unique", "error", "unique"]
    assert "line 2: bad JSON" in lines[1]["error"] and code == 2
    # one JSON puzzle spread over several lines is still one puzzle
    spread = json.dumps(json.loads(format_json(pencilkit.parse(PUZZLE))), indent=2)
    assert not is_json_lines("-", spread)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(spread.encode())))
    code, out, _ = run(capsys, "solve", "-")
    assert code == 0 and out.startswith("unique")


def test_search_budget_gives_up(capsys: pytest.CaptureFixture[str]) -> None:
    # 40x57: the ladder alone takes 4-6 s before the SAT finisher starts
    hard = next(r for r in load_corpus("nurikabe") if r["name"] == "janko-nurikabe-1055")
    code, out, _ = run(capsys, "solve", "--json", "--time", "1", hard["puzzle"])
    data = json.loads(out)
    assert code == 1 and data["status"] == "gave_up" and data["solution"] is None
    assert data["seconds"] < 5


@pytest.mark.parametrize("args,fragment", [
    (["solve", "nurikabe:3x3:1,2"], "9 cells but 2 tokens"),
    (["solve", "nurikabe:2x2:a,.,.,."], "unknown token 'a' at row 1, column 1"),
    (["solve", "missing-file.jsonl"], "no such file"),
    (["solve", "--level", "genius", PUZZLE], "unknown level 'genius'"),
    (["solve", "--nodes", "0", PUZZLE], "argument --nodes: expected 1 to"),
    (["check", PUZZLE, "##/##"], "answer row 1 has 2 cells but the puzzle is 3x3"),
    (["show", "kakuro:2x2:.,.,.,."], "unknown genre"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], fragment: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err


def test_real_process_with_garbage_bytes(tmp_path: Path) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4)
    done = subprocess.run([sys.executable, "-m", "pencilkit", "solve", str(junk)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "not text" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_command_table_names_what_each_module_exports() -> None:
    """The CLI loads one module for a named command; its table must list exactly what the modules define."""
    import importlib

    from pencilkit.cli import COMMAND_MODULES

    for module_name, names in COMMAND_MODULES.items():
        module = importlib.import_module(f"pencilkit.commands.{module_name}")
        assert tuple(command.name for command in module.COMMANDS) == names
