"""Everything the CLI does for Nurikabe works for Kurodoko: show, check, solve (and batches), rate, explain."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import pencilkit
from pencilkit.cli import main

from ..conftest import corpus_lines

PUZZLE = "kurodoko:3x3:.,5,.,.,.,.,.,.,2"
SOLUTION = "---\n--#\n#--"
TWINS = "kurodoko:3x3:.,.,.,.,3,.,3,.,."  # two mirror-image solutions
NONE = "kurodoko:3x3:3,.,.,.,4,.,.,.,2"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_in_every_format(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", PUZZLE)
    assert code == 0 and out.splitlines() == ["genre: kurodoko", "grid:", ".5.", "...", "..2"]
    code, out, _ = run(capsys, "show", PUZZLE, "--format", "id")
    assert out.strip() == PUZZLE
    code, out, _ = run(capsys, "show", PUZZLE, "--json")
    data = json.loads(out)
    assert data["genre"] == "kurodoko" and data["clues"] == 2 and data["id"] == PUZZLE


def test_show_reads_a_bare_grid_with_genre(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", ".5.\n...\n..2", "--genre", "kuromasu", "--format", "id")
    assert code == 0 and out.strip() == PUZZLE


def test_check_a_right_and_a_wrong_answer(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # an answer starting with '-' goes after '--' on the command line, or in a file
    code, out, _ = run(capsys, "check", "--", PUZZLE, SOLUTION)
    assert code == 0 and out.strip() == "correct"
    answer = tmp_path / "answer.txt"
    answer.write_text("---\n-##\n---\n")
    code, out, _ = run(capsys, "check", PUZZLE, str(answer))
    assert code == 1
    assert "R2 no touching blacks: the black cells r2c2, r2c3 share a side" in out
    assert "R4 visible count" in out
    code, out, _ = run(capsys, "check", "--json", PUZZLE, str(answer))
    data = json.loads(out)
    assert data["correct"] is False and {v["rule"] for v in data["violations"]} >= {"R2", "R4"}


def test_solve_unique_multiple_none(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", PUZZLE)
    assert code == 0 and out.startswith("unique") and out.splitlines()[1:] == SOLUTION.splitlines()
    code, out, _ = run(capsys, "solve", PUZZLE, "--json")
    data = json.loads(out)
    assert data["status"] == "unique" and data["solution"] == SOLUTION.splitlines()
    assert data["profile"].startswith("kurodoko-human/")
    code, out, _ = run(capsys, "solve", TWINS, "--json")
    assert code == 1 and json.loads(out)["status"] == "multiple" and len(json.loads(out)["solutions"]) == 2
    code, out, _ = run(capsys, "solve", NONE, "--json")
    assert code == 1 and json.loads(out)["status"] == "none"


def test_solve_a_jsonl_batch_from_a_file_and_stdin(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    lines = corpus_lines("kurodoko")[:3]
    batch = tmp_path / "batch.jsonl"
    batch.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "solve", str(batch))
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(results) == 3
    for line, result in zip(lines, results):
        record = json.loads(line)
        assert result["name"] == record["name"] and result["status"] == "unique"
        assert result["solution"] == record["solution"] and result["matches"] is True
        assert result["rating"] and result["seconds"] >= 0
    mixed = "\n".join([json.dumps({"name": "twins", "puzzle": TWINS}), json.dumps({"puzzle": PUZZLE})])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(mixed.encode())))
    code, out, _ = run(capsys, "solve", "-")
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [r["status"] for r in results] == ["multiple", "unique"]


def test_rate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", PUZZLE)
    assert code == 0 and out.split(",")[0] in ("easy", "medium", "hard", "expert") and ", score " in out
    code, out, _ = run(capsys, "rate", PUZZLE, "--json")
    data = json.loads(out)
    rating = pencilkit.rate(pencilkit.parse(PUZZLE))
    assert data["status"] == "unique" and rating is not None and data["rating"] == rating.label
    code, out, _ = run(capsys, "rate", TWINS)
    assert code == 1 and out.strip() == "unrated (several)"  # several solutions: no rating


def test_rate_levels_limit_the_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    # the first corpus puzzle the ladder rates above medium: capped at medium it needs search
    for line in corpus_lines("kurodoko")[:60]:
        record = json.loads(line)
        rating = pencilkit.rate(pencilkit.parse(record["puzzle"]))
        if rating is not None and pencilkit.Level.MEDIUM < rating < pencilkit.Level.SEARCH:
            break
    else:
        pytest.fail("no corpus puzzle among the first 60 needs probing")
    code, out, _ = run(capsys, "rate", record["puzzle"])
    assert code == 0 and out.split(",")[0] == rating.label
    code, out, _ = run(capsys, "rate", record["puzzle"], "--level", "medium")
    assert code == 0 and out.split(",")[0] == "search"


def test_explain_names_cells_and_techniques(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", PUZZLE)
    assert code == 0 and "Solved:" in out
    assert "r1c2" in out or "r3c3" in out
    code, out, _ = run(capsys, "explain", PUZZLE, "--json")
    data = json.loads(out)
    assert data["steps"] and all({"technique", "level", "black", "white", "reason"} <= set(s) for s in data["steps"])
    decided = {c for s in data["steps"] for c in s["black"]}
    assert decided == {"r2c3", "r3c1"}


@pytest.mark.parametrize("argv,fragment", [
    (["solve", "kurodoko:3x3:.,6,.,.,.,.,.,.,."], "1 to 5"),
    (["solve", "kurodoko:2x2:1,.,."], "4 cells but 3 tokens"),
    (["show", "kurodoko:2x2:1,x,.,."], "unknown token 'x'"),
    (["check", "--", PUZZLE, "--\n--"], "answer row 1 has 2 cells but the puzzle is 3x3"),
])
def test_bad_input_is_one_line_and_exit_two(capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and fragment in err and len(err.strip().splitlines()) == 1
