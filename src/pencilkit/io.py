"""Where input comes from (an argument, a file, or standard input, ``-``) and where output goes."""

from __future__ import annotations

import json
import os
import sys
from itertools import islice
from typing import Any

from . import jsontext
from .errors import FormatError, PencilkitError
from .formats.bounded import lines
from .formats.detect import MAX_INPUT, read_puzzle

MAX_FILE = 64 * 1024 * 1024
"""Largest input file read (bytes)."""


def read_source(arg: str) -> str:
    """The text behind a command-line argument: ``-`` is stdin, an existing path is a file, else the argument itself."""
    if arg == "-":
        data = sys.stdin.buffer.read(MAX_FILE + 1)
        return _decode(data, "standard input")
    if len(arg) < 4096 and "\n" not in arg and os.path.isdir(arg):
        raise FormatError(f"{arg} is a directory: give a puzzle, a file or -")
    if len(arg) < 4096 and "\n" not in arg and os.path.isfile(arg):
        size = os.path.getsize(arg)
        if size > MAX_FILE:
            raise FormatError(f"{arg}: file of {size} bytes is over the limit of {MAX_FILE}")
        with open(arg, "rb") as handle:
            return _decode(handle.read(), arg)
    if arg.endswith((".jsonl", ".json", ".txt", ".pzl")) and not arg.lstrip().startswith(("{", "[")):
        raise FormatError(f"{arg}: no such file")
    return arg


def write_file(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file beside it, then renamed);
    a path that cannot be written is a ``PencilkitError`` naming it."""
    target = os.fspath(path)
    temporary = f"{target}.{os.getpid()}.part"
    try:
        with open(temporary, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(temporary, target)
    except OSError as e:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise PencilkitError(f"cannot write {target}: {e.strerror or e}") from None


def _decode(data: bytes, where: str) -> str:
    if len(data) > MAX_FILE:
        raise FormatError(f"{where}: input is over the limit of {MAX_FILE} bytes")
    if b"\x00" in data:
        raise FormatError(f"{where}: input is not text (it contains NUL bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise FormatError(f"{where}: input is not UTF-8 text (bad byte at offset {e.start})") from None


def is_json_lines(arg: str, text: str) -> bool:
    """Whether an input is a JSON-lines file of puzzle records.

    It is when its name ends in ``.jsonl``, or when it has several lines and the
    first is a whole JSON object by itself (a single JSON puzzle spread over
    lines is not).  A bad line further down is then that line's error, and the
    rest of the batch still runs.
    """
    if arg.endswith(".jsonl"):
        return True
    head = list(islice((line for line in lines(text) if line.strip()), 2))
    if len(head) < 2 or not head[0].lstrip().startswith("{") or len(head[0]) > MAX_INPUT:
        return False
    try:
        return isinstance(jsontext.loads(head[0]), dict)
    except (json.JSONDecodeError, FormatError):
        return False


def parse_record(line: str, number: int) -> dict[str, Any]:
    """One line of a JSON-lines file: an object with a ``puzzle`` field, or a ``FormatError`` naming the line.

    A record that gives its puzzle as rows instead (``clues`` or ``grid``, and
    ``rooms`` for a board of rooms, as the Heyawake corpus does) gets the
    puzzle's ID as its ``puzzle`` field.
    """
    if len(line) > MAX_INPUT:
        raise FormatError(f"line {number}: a record of {len(line)} characters is over the limit of {MAX_INPUT}")
    try:
        record = jsontext.loads(line)
    except json.JSONDecodeError as e:
        raise FormatError(f"line {number}: bad JSON at column {e.colno}: {e.msg}") from None
    except FormatError as e:
        raise FormatError(f"line {number}: {e}") from None
    if isinstance(record, dict) and "puzzle" not in record and ("clues" in record or "grid" in record):
        try:
            record["puzzle"] = read_puzzle(line).id()
        except PencilkitError as e:
            raise FormatError(f"line {number}: {e}") from None
    if not isinstance(record, dict) or "puzzle" not in record:
        raise FormatError(f"line {number}: expected an object with a 'puzzle' field (or 'clues' rows)")
    return record
