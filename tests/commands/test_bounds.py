"""Every resource an option sizes is bounded: a value past the bound is bad input (one line, exit 2) before
any work, never a traceback or a hang; and a batch line that is bad input says so on stderr too."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from pencilkit.cli import main
from pencilkit.commands import MAX_COUNT, max_jobs, worker_count
from pencilkit.commands.render import MAX_PNG_SIDE, check_png_size
from pencilkit.errors import PencilkitError
from pencilkit.store.spec import MAX_SLOTS

PUZZLE = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
HUGE = "1" + "0" * 30


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", [
    ["solve", "{batch}", "--jobs", HUGE],
    ["rate", "{batch}", "--jobs", HUGE],
    ["generate", "nurikabe", "5x5", "--jobs", HUGE],
    ["collection", "build", "--db", "{db}", "--jobs", HUGE],
    ["collection", "rate", "{batch}", "--db", "{db}", "--jobs", HUGE],
    ["play", "--workers", HUGE, "--no-browser"],
    ["render", PUZZLE, "-o", "{png}", "--scale", "100000"],
    ["render", PUZZLE, "-o", "{png}", "--cell", "1000000"],
    ["render", PUZZLE, "-o", "{pdf}", "--cell", "0.000001"],
    ["solve", PUZZLE, "--nodes", HUGE],
    ["explain", PUZZLE, "--nodes", HUGE],
    ["count", PUZZLE, "--nodes", HUGE],
    ["count", PUZZLE, "--limit", HUGE],
    ["solve", PUZZLE, "--engine", "aco", "--ants", HUGE],
    ["generate", "nurikabe", "5x5", "--count", HUGE],
    ["collection", "build", "--db", "{db}", "--count", HUGE],
])
def test_a_huge_number_is_bad_input_before_any_work(command: list[str], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    paths = {"batch": tmp_path / "batch.jsonl", "db": tmp_path / "c.sqlite", "png": tmp_path / "s.png",
             "pdf": tmp_path / "s.pdf"}
    code, out, err = run(capsys, *(part.format(**paths) for part in command))
    assert code == 2 and out == "" and err.startswith("pencilkit: error: argument ") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # no store made, nothing drawn


def test_jobs_go_up_to_a_few_a_core() -> None:
    assert worker_count("1") == 1 and worker_count(str(max_jobs())) == max_jobs()
    for text in ("0", str(max_jobs() + 1), "-3", "two"):
        with pytest.raises(argparse.ArgumentTypeError):
            worker_count(text)


def test_a_count_asks_for_no_more_than_a_collection_holds() -> None:
    assert MAX_COUNT == MAX_SLOTS


@pytest.mark.parametrize("command", [
    ["render", PUZZLE, "-o", "{png}", "--scale", "100"],  # 12600 pixels a side
    ["render", PUZZLE, "-o", "{png}", "--scale", "0.001"],  # no pixel at all
    ["render", PUZZLE, "--sheet", "-o", "{png}", "--scale", "20"],  # an A4 page of 16838 pixels
])
def test_a_png_past_the_pixel_limit_is_bad_input(command: list[str], tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *(part.format(png=tmp_path / "s.png") for part in command))
    assert code == 2 and err.startswith("pencilkit: error: a PNG of ") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_the_pixel_limit_is_a_side_of_max_png_side_pixels() -> None:
    check_png_size(MAX_PNG_SIDE, 1, 1.0)
    check_png_size(MAX_PNG_SIDE / 4, MAX_PNG_SIDE / 4, 4.0)
    for width, height in ((MAX_PNG_SIDE + 1, 1), (1, MAX_PNG_SIDE + 1), (0.5, 10)):
        with pytest.raises(PencilkitError):
            check_png_size(width, height, 1.0)


def test_a_png_within_the_limit_is_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("cairosvg", reason="PNG output needs cairosvg")
    out = tmp_path / "s.png"
    assert run(capsys, "render", PUZZLE, "-o", str(out), "--scale", "8", "--cell", "100")[0] == 0  # 2800 pixels
    assert out.read_bytes().startswith(b"\x89PNG")


BATCH = [json.dumps({"puzzle": PUZZLE}), "not a record", json.dumps({"puzzle": "zzz"})]


@pytest.mark.parametrize("command", [["solve"], ["rate"], ["explain"]])
def test_a_bad_batch_line_is_said_on_stderr_too(command: list[str], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(BATCH) + "\n")
    code, out, err = run(capsys, *command, str(path))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and [r["status"] for r in records] == ["unique", "error", "error"]
    assert err.splitlines() == [f"pencilkit: error: {records[1]['error']}",
                                f"pencilkit: error: line 3: {records[2]['error']}"]


def test_a_checked_batch_says_its_bad_lines_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_text("\n".join([json.dumps({"puzzle": PUZZLE, "answer": ["---", "-##", "-#-"]}), "{",
                               json.dumps({"puzzle": PUZZLE})]) + "\n")
    code, out, err = run(capsys, "check", str(path))
    assert code == 2 and json.loads(out.splitlines()[0])["correct"] is True
    assert [line.split(": ")[1:3] for line in err.splitlines()] == [["error", "line 2"], ["error", "line 3"]]
    assert err.splitlines()[1] == "pencilkit: error: line 3: the record has no 'answer'"


def test_a_batch_with_no_bad_line_is_quiet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text(BATCH[0] + "\n" + json.dumps({"puzzle": "nurikabe:1x3:.,2,."}) + "\n")
    code, _, err = run(capsys, "solve", str(path))
    assert code == 1 and err == ""
