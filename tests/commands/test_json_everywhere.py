"""Every command takes ``--json``, and what it prints then is JSON a script can read."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pencilkit.cli import build_parser, main

PUZZLE = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
SOLUTION = "---/-##/-#-"


def commands() -> list[tuple[str, argparse.ArgumentParser]]:
    """Every command and sub-command parser, by its words (``collection list``)."""
    out = []
    for action in build_parser()._subparsers._group_actions:  # type: ignore[union-attr]
        for name, parser in action.choices.items():
            subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
            if subs:
                out.extend((f"{name} {sub}", inner) for sub, inner in subs[0].choices.items())
            else:
                out.append((name, parser))
    return out


def test_the_list_of_commands_is_the_real_one() -> None:
    names = {name for name, _ in commands()}
    assert {"solve", "convert", "render", "play", "collection list", "collection export"} <= names


@pytest.mark.parametrize(("name", "parser"), commands(), ids=[name for name, _ in commands()])
def test_every_command_takes_json(name: str, parser: argparse.ArgumentParser) -> None:
    assert any("--json" in action.option_strings for action in parser._actions), name


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_convert_json_names_genre_format_and_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "convert", PUZZLE, "--to", "url", "--json")
    assert code == 0
    assert json.loads(out) == {"genre": "nurikabe", "format": "url", "puzzle": "https://puzz.link/p?nurikabe/3/3/l5g1"}


def test_convert_json_of_several_lines_gives_a_line_each(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "ids.txt"
    source.write_text(PUZZLE + "\n" + "kurodoko:3x3:.,5,.,.,.,.,.,.,2\n")
    code, out, _ = run(capsys, "convert", str(source), "--to", "json", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [line["genre"] for line in lines] == ["nurikabe", "kurodoko"]
    assert lines[0]["puzzle"] == {"genre": "nurikabe", "grid": ["...", "...", "5.1"]}


def test_render_json_carries_the_svg_without_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "render", PUZZLE, "--json")
    drawn = json.loads(out)
    assert code == 0 and drawn["format"] == "svg" and drawn["files"] == []
    assert drawn["svg"].startswith("<svg") and (drawn["rows"], drawn["cols"]) == (3, 3)


def test_render_json_names_the_file_and_the_broken_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "wrong.svg"
    code, out, _ = run(capsys, "render", PUZZLE, "--answer", "###/###/#--", "--check", "-o", str(target), "--json")
    drawn = json.loads(out)
    assert code == 1 and drawn["files"] == [str(target)] and target.exists()
    assert drawn["violations"] and all(v["cells"] for v in drawn["violations"])


def test_render_json_of_a_sheet_lists_every_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "render", "--sheet", PUZZLE, "-o", str(tmp_path / "sheet.svg"), "--json")
    drawn = json.loads(out)
    assert code == 0 and drawn["pages"] == len(drawn["files"]) == 2 and drawn["puzzles"] == 1
    assert all(Path(path).exists() for path in drawn["files"]) and err == ""


def test_collection_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "collection", "list", "--bundled", "--json")
    listed = json.loads(out)
    assert code == 0 and listed["counts"]
    assert {"genre", "rows", "cols", "level", "count"} == set(listed["counts"][0])


def test_collection_export_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "collection", "export", "--bundled", "--format", "urls", "--level", "easy", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and lines and all(line["url"].startswith("https://puzz.link/p?") for line in lines)
    assert {line["level"] for line in lines} == {"easy"}
    target = tmp_path / "ids.txt"
    code, out, _ = run(capsys, "collection", "export", "--bundled", "--format", "ids", "-o", str(target), "--json")
    summary = json.loads(out)
    assert code == 0 and summary["files"] == [str(target)]
    assert summary["puzzles"] == len(target.read_text().splitlines())


def test_play_json_announces_the_url() -> None:
    process = subprocess.Popen([sys.executable, "-m", "pencilkit", "play", "--port", "0", "--no-browser", "--json"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        announced = json.loads(process.stdout.readline())
        assert announced["url"].startswith("http://127.0.0.1:") and "localhost" in announced["hosts"]
    finally:
        process.terminate()
        process.wait(timeout=30)
