"""A collection's spec is checked whole before the store is touched: a bad option is one line and exit 2, and
leaves no file behind, so the corrected command runs as if the bad one never had."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pencilkit.cli import main
from pencilkit.errors import PencilkitError
from pencilkit.store.database import Store
from pencilkit.store.spec import MAX_SLOTS, CollectionSpec

GOOD = ["--genre", "nurikabe", "--sizes", "5x5", "--levels", "easy", "--jobs", "1"]


def options(**changed: str) -> list[str]:
    """:data:`GOOD` with some options changed or added."""
    given = dict(zip(GOOD[::2], GOOD[1::2]))
    given.update({f"--{key.replace('_', '-')}": value for key, value in changed.items()})
    return [part for pair in given.items() for part in pair]


@pytest.mark.parametrize("changed,words", [
    ({"style": "bogus"}, "unknown style 'bogus' for nurikabe"),
    ({"genre": "nurikabe,kurodoko", "style": "dense"}, "unknown style 'dense' for kurodoko"),
    ({"symmetry": "spiral"}, "unknown symmetry"),
    ({"symmetry": "rot4", "sizes": "5x6"}, "a 5x6 board has no rot4 symmetry"),
    ({"genre": "heyawake", "symmetry": "mirror"}, "heyawake puzzles cannot be made with mirror"),
    ({"genre": "sudoku"}, "unknown genre"),
    ({"sizes": "0x5"}, "not a size pencilkit makes"),
    ({"sizes": "5by5"}, "5by5"),
    ({"levels": "legendary"}, "legendary"),
    ({"sizes": "3x3", "levels": "expert"}, "no 3x3 nurikabe puzzle is expert"),
    ({"seed": "-1"}, "--seed must not be negative"),
    ({"time_budget": "nan"}, "--time-budget"),
])
def test_a_bad_option_is_refused_before_the_store_is_made(changed: dict[str, str], words: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.sqlite"
    assert main(["collection", "build", "--db", str(db), *options(**changed)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and err.startswith("pencilkit: error: ")
    assert list(tmp_path.iterdir()) == []


def test_the_corrected_command_builds_after_a_bad_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.sqlite"
    assert main(["collection", "build", "--db", str(db), *options(style="bogus")]) == 2
    assert main(["collection", "build", "--db", str(db), *options(style="published")]) == 0
    with Store(db) as store:
        assert [record.style for record in store.records()] == ["published"]


@pytest.mark.parametrize("line,words", [
    ("time_budget = nan", "time budget must be a positive number"),
    ("time_budget = -1", "time budget must be a positive number"),
    ("count = 1_000_000_000_000_000_000", f"over the limit of {MAX_SLOTS}"),
    ("style = 'bogus'", "unknown style 'bogus'"),
])
def test_a_bad_spec_file_is_refused_before_the_store_is_made(line: str, words: str, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "book.toml"
    spec.write_text(f"genres = ['nurikabe']\nsizes = '5x5'\nlevels = ['easy']\n{line}\n")
    assert main(["collection", "build", "--spec", str(spec), "--db", str(tmp_path / "c.sqlite")]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert [path.name for path in tmp_path.iterdir()] == ["book.toml"]


def test_a_spec_counts_its_slots_before_it_lists_them() -> None:
    """A count of 10**18 is refused at once: the slots are counted, not listed, to find it over the limit."""
    with pytest.raises(PencilkitError, match="asks for 4000000000000000000 puzzles"):
        CollectionSpec.parse("nurikabe,kurodoko", "5x5,6x6", "easy", count=10**18)
    assert len(CollectionSpec.parse("nurikabe", "5x5", "easy,medium", count=MAX_SLOTS // 2).slots()) == MAX_SLOTS


def test_a_rated_batch_says_its_bad_lines_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = tmp_path / "in.jsonl"
    batch.write_text("\n".join([json.dumps({"puzzle": "nurikabe:3x3:.,.,.,.,.,.,5,.,1"}), "not a record",
                                json.dumps({"puzzle": "zzz"})]) + "\n")
    assert main(["collection", "rate", str(batch), "--db", str(tmp_path / "r.sqlite"), "--jobs", "1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert [line.split(": ")[:3] for line in err[:2]] == [["pencilkit", "error", "line 2"],
                                                          ["pencilkit", "error", "line 3"]]
    assert err[2] == "1 easy, 2 error; 3 puzzles in " + str(tmp_path / "r.sqlite")
