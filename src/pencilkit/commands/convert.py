"""``convert``: rewrite puzzles in another format (:data:`~pencilkit.formats.FORMATS`: puzzle ID, text
grid, JSON, puzz.link URL, pzprv3 file, Janko text, penpa-edit URL).

Input is any format pencilkit reads: one puzzle, a file of one-line puzzles
(IDs or URLs, one per line: puzz.link or penpa-edit), or a JSON-lines file whose records have a
``puzzle`` field.  In JSON lines only the ``puzzle`` field changes (to the
target format; for ``json`` an object ``{"genre": ..., "grid": [...]}``, with ``"rooms"`` for a board of rooms);
every other field is kept as it was.

>>> print(convert_text("https://puzz.link/p?nurikabe/3/1/1h", "id"))
nurikabe:1x3:1,.,.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .. import jsontext
from ..errors import FormatError, PencilkitError
from ..formats import FORMATS, read_puzzle, write_puzzle
from ..formats.puzzle_id import looks_like_id
from ..formats.json_format import json_body
from ..formats.url import looks_like_url
from ..io import parse_record, read_source, write_file
from ..puzzle import Puzzle
from . import EXITS_PLAIN, Command

EXIT_OK = 0


def configure_convert(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("puzzle", metavar="PUZZLE",
                        help="a puzzle in any format, a file of them (JSON lines, or one ID/URL a line), or -")
    parser.add_argument("--to", "-t", required=True, choices=sorted(FORMATS), help="the format to write")
    parser.add_argument("--genre", help="genre of a bare grid, Janko text or penpa-edit URL that names none")
    parser.add_argument("--output", "-o", metavar="FILE", help="write here instead of standard output")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object a puzzle: its genre, the format and the puzzle written in it")


def run_convert(args: argparse.Namespace) -> int:
    text = read_source(args.puzzle)
    out = convert_text(text, args.to, genre=args.genre, jsonl=args.puzzle.endswith(".jsonl"), as_json=args.json)
    if args.output and args.output != "-":
        write_file(args.output, out + "\n")
    else:
        sys.stdout.write(out + "\n")
    return EXIT_OK


def convert_text(text: str, to: str, *, genre: str | None = None, jsonl: bool = False,
                 as_json: bool = False) -> str:
    """``text`` (one puzzle, one-line puzzles, or JSON lines) rewritten in format ``to``.

    JSON-lines records stay records (their ``puzzle`` field rewritten); with ``as_json`` every other puzzle
    becomes one JSON line too: ``{"genre": ..., "format": to, "puzzle": ...}``.
    """
    if to not in FORMATS:
        raise PencilkitError(f"unknown format {to!r}: choose one of {', '.join(FORMATS)}")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if jsonl or (lines and all(line.startswith("{") for line in lines) and (len(lines) > 1 or _is_record(lines[0]))):
        return "\n".join(_convert_records(text, to, genre))
    if len(lines) > 1 and all(looks_like_id(line) or looks_like_url(line) for line in lines):
        puzzles = [_read_one(line, genre, where=f"line {n}") for n, line in enumerate(lines, 1)]
    else:
        puzzles = [read_puzzle(text, genre=genre)]
    if as_json:
        return "\n".join(json.dumps({"genre": puzzle.genre, "format": to, "puzzle": puzzle_field(puzzle, to)},
                                     ensure_ascii=False, separators=(",", ":")) for puzzle in puzzles)
    return "\n".join(write_puzzle(puzzle, to) for puzzle in puzzles)


def _is_record(line: str) -> bool:
    """A single JSON line is a record (not a JSON puzzle) when its ``puzzle`` field is a string."""
    try:
        data = jsontext.loads(line)
    except (json.JSONDecodeError, FormatError):
        return False
    return isinstance(data, dict) and isinstance(data.get("puzzle"), str)


def _read_one(text: str, genre: str | None, where: str) -> Puzzle:
    try:
        return read_puzzle(text, genre=genre)
    except PencilkitError as e:
        raise type(e)(f"{where}: {e}") from None


def _convert_records(text: str, to: str, genre: str | None) -> list[str]:
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        record = parse_record(line, number)
        try:
            puzzle = _record_puzzle(record, genre)
        except PencilkitError as e:
            raise type(e)(f"line {number}: {e}") from None
        record["puzzle"] = puzzle_field(puzzle, to)
        out.append(json.dumps(record, ensure_ascii=False, separators=(", ", ": ")))
    return out


def _record_puzzle(record: dict[str, Any], genre: str | None) -> Puzzle:
    value = record["puzzle"]
    if isinstance(value, str):
        return read_puzzle(value, genre=record.get("genre") or genre)
    if isinstance(value, dict):
        data = dict(value)
        data.setdefault("genre", record.get("genre") or genre)
        return read_puzzle(json.dumps({"genre": data["genre"], "puzzle": data}))
    raise FormatError("the 'puzzle' field must be a string or an object")


def puzzle_field(puzzle: Puzzle, to: str) -> str | dict[str, Any]:
    """What a JSON-lines record's ``puzzle`` field holds in format ``to``."""
    if to == "json":
        return {"genre": puzzle.genre, **json_body(puzzle)}
    return write_puzzle(puzzle, to)


COMMANDS = [
    Command("convert", f"Rewrite puzzles in another format ({', '.join(FORMATS)}), one or a JSON-lines file.",
            configure_convert, run_convert, exits=EXITS_PLAIN),
]
