"""A genre is one object and one registry line: a toy genre from the test suite alone runs everywhere.

Tally (:mod:`.toy_tally`) is registered here, not in pencilkit; solve, count,
rate, explain, check, render and convert then work on it through the public
API and the command line, and its ladder (the frame's probes included) is
sound against the brute-force oracle.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

import pencilkit
from pencilkit import genres
from pencilkit.cli import main
from pencilkit.frame import oracle
from pencilkit.frame.board import Contradiction
from pencilkit.frame.levels import Level
from pencilkit.puzzle import Puzzle
from pencilkit.web.jobs import genres_json
from pencilkit.web.limits import Limits

from .toy_tally import TALLY

UNIQUE = "tally:3x4:.,.,1,.,3,.,.,.,.,.,2,1"
TWO_WAYS = "tally:3x3:1,.,1,.,2,.,1,.,1"  # top and bottom edges, or left and right


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    genres.register(TALLY)
    yield
    genres.unregister(TALLY)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_registered_by_name_and_alias() -> None:
    assert pencilkit.find_genre("Toy-Tally") is TALLY
    assert pencilkit.parse("toy-tally:1x2:1,.").id() == "tally:1x2:1,."
    with pytest.raises(ValueError, match="already names tally"):
        genres.register(TALLY)
    with pytest.raises(pencilkit.PuzzleError, match="tally clue on a 1x2 board is 1 to 4"):
        pencilkit.parse("tally:1x2:5,.")


def test_solve_count_rate_and_explain() -> None:
    puzzle = pencilkit.parse(UNIQUE)
    truth = oracle.solutions(TALLY, puzzle)
    solved = pencilkit.solve(puzzle)
    assert solved.status is pencilkit.Status.UNIQUE and [solved.answer.shaded] == truth  # type: ignore[union-attr]
    assert pencilkit.rate(puzzle) is Level.EASY
    assert pencilkit.count_solutions(puzzle).count == 1
    steps = pencilkit.explain(puzzle).steps
    assert steps and {step.technique for step in steps} == {"tally"}
    two = pencilkit.parse(TWO_WAYS)
    result = pencilkit.solve(two)  # the ladder stalls; search (no SAT encoding) counts both
    assert result.status is pencilkit.Status.MULTIPLE and result.method == "search"
    assert sorted(a.shaded for a in result.solutions) == sorted(oracle.solutions(TALLY, two))


def test_check_names_the_broken_rule() -> None:
    puzzle = pencilkit.parse(UNIQUE)
    answer = pencilkit.solve(puzzle).answer
    assert answer is not None and pencilkit.check(puzzle, answer) == []
    wrong = pencilkit.Answer(puzzle.rows, puzzle.cols, answer.shaded ^ 1)
    assert {v.rule for v in pencilkit.check(puzzle, wrong)} == {"T1"}


def test_command_line_solve_render_convert(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", UNIQUE)
    assert code == 0 and out.startswith("unique · rating easy")
    code, out, _ = run(capsys, "explain", UNIQUE)
    assert code == 0 and "[easy · tally]" in out
    code, out, _ = run(capsys, "render", UNIQUE, "--solution")
    assert code == 0 and out.lstrip().startswith("<svg") and ">3<" in out
    code, out, _ = run(capsys, "convert", "--to", "json", UNIQUE)
    assert code == 0 and pencilkit.parse(out).id() == UNIQUE
    code, out, _ = run(capsys, "convert", "--to", "text", UNIQUE)
    assert code == 0 and out.startswith("genre: tally")
    code, _, err = run(capsys, "convert", "--to", "url", UNIQUE)
    assert code == 2 and "puzz.link has no URL format for genre 'tally'" in err
    code, _, err = run(capsys, "solve", "--engine", "sat", UNIQUE)
    assert code == 2 and "no encoding for tally" in err
    code, _, err = run(capsys, "generate", "tally", "3x3")
    assert code == 2 and "generation not supported for tally" in err


def test_the_player_is_told_of_it() -> None:
    listed = {g["name"]: g for g in genres_json(Limits())["genres"]}
    assert listed["tally"]["summary"] == TALLY.summary and listed["tally"]["generate"] is False
    assert json.dumps(listed["tally"])


def test_the_ladder_is_sound_on_every_small_board() -> None:
    """Every cell the full ladder (with the frame's probes) decides holds in every solution."""
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4)])
        clues = {cell: rng.randint(1, 4) for cell in rng.sample(range(rows * cols), rng.randint(1, 5))}
        puzzle = Puzzle.make("tally", rows, cols, clues)
        truth = oracle.solutions(TALLY, puzzle)
        board = TALLY.start(puzzle)
        try:
            TALLY.ruleset.run(board, max_level=Level.EXPERT)
        except Contradiction:
            assert truth == []
            continue
        assert oracle.disagreement(truth, board.shaded, board.unshaded) == 0
        checked += bool(truth)
    assert checked > 50
