"""The public API a Python user meets first: typed keyword-only options, one shape grammar, one level parser."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import pencilkit
from pencilkit import Level, Puzzle
from pencilkit.errors import PencilkitError
from pencilkit.store.spec import CollectionSpec
from pencilkit.tokens import parse_shape

PUZZLE = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"


@pytest.mark.parametrize("call", ["solve", "rate", "explain", "hint"])
def test_a_misspelt_option_fails_at_once(call: str) -> None:
    """``second=5`` is a TypeError naming the word, not an option passed on to fail later."""
    with pytest.raises(TypeError, match="second"):
        getattr(pencilkit, call)(pencilkit.parse(PUZZLE), second=5)


def test_a_misspelt_option_fails_the_strict_type_check(tmp_path: Path) -> None:
    """mypy --strict rejects a misspelt option of every solving function, as a user's editor would."""
    script = tmp_path / "user.py"
    script.write_text(
        "import pencilkit\n"
        f"p = pencilkit.parse({PUZZLE!r})\n"
        "pencilkit.solve(p, second=5)\n"
        "pencilkit.rate(p, second=5)\n"
        "pencilkit.explain(p, second=5)\n"
        "pencilkit.hint(p, second=5)\n"
        "pencilkit.rate(p, seconds=5, nodes=1000)\n")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
                          capture_output=True, text=True, cwd=tmp_path)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["3", "4", "5", "6"], done.stdout
    assert all('"second"' in line for line in errors)


def test_the_options_reach_the_solve() -> None:
    """``max_level`` caps the ladder of rate and explain alike."""
    puzzle = pencilkit.parse(PUZZLE)
    assert pencilkit.rate(puzzle, max_level=Level.BOOKKEEPING) is Level.SEARCH
    assert pencilkit.explain(puzzle, seconds=5, nodes=10_000).steps


@pytest.mark.parametrize(("text", "shape"), [("10x12", (10, 12)), ("7", (7, 7)), ("5 × 6", (5, 6)),
                                             ("3X4", (3, 4))])
def test_one_shape_grammar_everywhere(text: str, shape: tuple[int, int]) -> None:
    """The ID, ``generate`` and a collection's sizes read a shape the same way."""
    rows, cols = shape
    assert parse_shape(text) == shape
    puzzle = Puzzle.from_id(f"nurikabe:{text}:" + ",".join(["."] * (rows * cols - 1) + ["1"]))
    assert (puzzle.rows, puzzle.cols) == shape
    spec = CollectionSpec.parse("nurikabe", text.replace(" ", ""), "easy")
    assert spec.sizes == (shape,)


@pytest.mark.parametrize("text", ["5by5", "x5", "5x", "", "1234567x2"])
def test_a_bad_shape_says_how_to_write_one(text: str) -> None:
    with pytest.raises(PencilkitError, match="write rows x columns"):
        parse_shape(text)


def test_one_level_parser_with_the_levels_it_allows() -> None:
    """Names in any case or numbers; a generator's request names only the levels it can make."""
    assert Level.parse(" Hard ") is Level.HARD and Level.parse("4") is Level.EXPERT
    assert Level.parse("search") is Level.SEARCH
    with pytest.raises(PencilkitError, match="choose one of easy, medium, hard, expert$"):
        Level.parse("search", among=(Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT))
