"""``pencilkit generate``: output formats, seeds, exit codes and one-line errors."""

from __future__ import annotations

import json

import pytest

from pencilkit import Puzzle, parse, solve
from pencilkit.cli import main


def test_json_output_has_solution_rating_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "nurikabe", "5x5", "--level", "hard", "--seed", "9", "--count", "2", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    records = [json.loads(line) for line in lines]
    assert [r["seed"] for r in records] == [9, 10]
    for record in records:
        assert record["rating"] == "hard" and record["level"] == "hard" and record["exact"] is True
        puzzle = Puzzle.from_id(record["puzzle"])
        assert solve(puzzle).answer.to_rows() == record["solution"]


@pytest.mark.parametrize("fmt", ["id", "text", "json"])
def test_formats(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "nurikabe", "4x6", "--level", "easy", "--seed", "3", "--format", fmt]) == 0
    out = capsys.readouterr().out
    head, rest = out.split("\n", 1)
    assert head.startswith("# rating easy, score 1") and " · seed 3 · " in head
    body, solution = rest.split("# solution\n")
    puzzle = parse(body)
    assert (puzzle.rows, puzzle.cols) == (4, 6)
    assert solve(puzzle).answer.to_rows() == solution.split()


def test_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    main(["generate", "nurikabe", "6x6", "--level", "medium", "--seed", "5", "--format", "id"])
    first = capsys.readouterr().out.splitlines()[1]
    main(["generate", "nurikabe", "6x6", "--level", "medium", "--seed", "5", "--format", "id"])
    assert capsys.readouterr().out.splitlines()[1] == first


@pytest.mark.parametrize("argv,words", [
    (["nurikabe", "5x5", "--level", "legendary"], "unknown level 'legendary'"),
    (["nurikabe", "5by5"], "bad shape '5by5'"),
    (["nurikabe", "0x5"], "bad shape 0x5"),
    (["nurikabe", "5x5", "--time-budget", "-2"], "--time-budget: expected a positive number, not '-2'"),
    (["nurikabe", "5x5", "--time-budget", "nan"], "--time-budget: expected a positive number, not 'nan'"),
    (["nurikabe", "2x2", "--level", "expert"], "no 2x2 nurikabe puzzle is expert"),
    (["nurikabe", "5x5", "--count", "0"], "argument --count/-n: expected 1 to"),
    (["sudoku", "5x5"], "unknown genre 'sudoku'"),
    (["nurikabe", "7x7", "--style", "fancy"], "unknown style 'fancy' for nurikabe: choose one of auto, published, dense"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_budget_out_exits_1_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["generate", "nurikabe", "25x25", "--level", "expert", "--seed", "1", "--time-budget", "0.05"])
    captured = capsys.readouterr()
    assert code == 1
    assert "generation failed" in captured.err or "NOT expert" in captured.out


def test_style_picks_what_the_puzzles_look_like(capsys: pytest.CaptureFixture[str]) -> None:
    """The dense style makes islands of 1 all over; the published one keeps 1s to at most 15% of the clues."""
    clues = {}
    for style in ("dense", "published"):
        assert main(["generate", "nurikabe", "8x8", "--level", "medium", "--seed", "2", "--style", style,
                     "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        clues[style] = [value for _, value in Puzzle.from_id(record["puzzle"]).clues]
    assert clues["dense"].count(1) / len(clues["dense"]) > 0.3
    assert clues["published"].count(1) <= 0.15 * len(clues["published"])
    assert sum(clues["published"]) / len(clues["published"]) > sum(clues["dense"]) / len(clues["dense"]) + 1
