"""``pencilkit convert``: every format to every other and back, single puzzles and JSON lines."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from pencilkit import parse
from pencilkit.cli import main
from pencilkit.commands.convert import convert_text
from pencilkit.formats import FORMATS, read_puzzle, write_puzzle

from .helpers import load_corpus, need_genre

FORMAT_NAMES = sorted(FORMATS)
SAMPLES = [
    "nurikabe:3x3:1,.,1,.,.,.,1,.,1",
    "nurikabe:3x6:?,.,12,.,.,?,.,.,.,.,.,.,.,.,.,.,.,.",
    "nurikabe:1x1:.",
    "nurikabe:1x25:.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,20",
]


def test_every_format_has_a_writer_and_url_is_one() -> None:
    assert set(FORMAT_NAMES) == {"id", "json", "text", "url", "pzprv3", "janko", "penpa"}


@pytest.mark.parametrize(("source", "target"), list(itertools.product(FORMAT_NAMES, repeat=2)))
def test_every_pair_of_formats_round_trips(source: str, target: str) -> None:
    for sample in SAMPLES:
        puzzle = parse(sample)
        text = write_puzzle(puzzle, source)
        converted = convert_text(text, target)
        assert converted == write_puzzle(puzzle, target)
        back = convert_text(converted, source)
        assert back == text
        assert read_puzzle(back) == puzzle


@pytest.mark.parametrize("genre", ["nurikabe", "kurodoko"])
def test_corpus_survives_a_tour_of_all_formats(genre: str) -> None:
    need_genre(genre)
    for record in load_corpus(genre)[::7]:
        text = record["puzzle"]
        for target in ["url", "text", "json", "url", "id"]:
            text = convert_text(text, target)
        assert text == record["puzzle"], record["name"]


def test_jsonl_converts_only_the_puzzle_field() -> None:
    records = load_corpus("nurikabe")[:4]
    source = "\n".join(json.dumps(r) for r in records)
    for target in FORMAT_NAMES:
        lines = convert_text(source, target, jsonl=True).splitlines()
        assert len(lines) == len(records)
        for record, line in zip(records, lines):
            out = json.loads(line)
            assert {k: v for k, v in out.items() if k != "puzzle"} == {k: v for k, v in record.items()
                                                                        if k != "puzzle"}
            assert out["puzzle"] != record["puzzle"] or target == "id"
        back = convert_text("\n".join(lines), "id", jsonl=True).splitlines()
        assert [json.loads(line) for line in back] == records


def test_one_line_puzzles_convert_line_by_line() -> None:
    text = "nurikabe:1x3:1,.,.\nhttps://puzz.link/p?nurikabe/2/1/.1"
    assert convert_text(text, "url").splitlines() == [
        "https://puzz.link/p?nurikabe/3/1/1h", "https://puzz.link/p?nurikabe/2/1/.1"]


def test_cli_convert_file_to_file(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(json.dumps(r) for r in load_corpus("nurikabe")[:3]) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["convert", str(source), "--to", "url", "-o", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(line["puzzle"].startswith("https://puzz.link/p?nurikabe/") for line in lines)


def test_cli_convert_single_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", "-t", "text"]) == 0
    assert capsys.readouterr().out == "genre: nurikabe\ngrid:\n.5...\n..2..\n.....\n..1..\n...3.\n"


@pytest.mark.parametrize(("argv", "message"), [
    (["convert", "https://puzz.link/p?nurikabe/5/5/g5k2o1k", "-t", "id"], "truncated"),
    (["convert", "https://puzz.link/p?slither/5/5/g", "-t", "id"], "unknown puzz.link genre"),
    (["convert", "nurikabe:1x3:1,.,.\nhttps://puzz.link/p?nurikabe/2/1/3", "-t", "id"], "line 2:"),
    (["convert", '{"puzzle": "nurikabe:1x1:1"}\n{"name": 1}', "-t", "url"], "line 2: expected an object"),
    (["convert", '{"puzzle": "nurikabe:1x1:1"}\n{"puzzle": "x"', "-t", "url"], "line 2: bad JSON"),
    (["convert", "missing-file.jsonl", "-t", "url"], "no such file"),
])
def test_cli_convert_bad_input_is_one_line_and_exit_2(argv: list[str], message: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_cli_convert_needs_a_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "nurikabe:1x1:1"]) == 2
    assert "--to" in capsys.readouterr().err
