"""Puzzle IDs: ``genre:RxC:tokens``, tokens comma-separated in row-major order.

>>> from pencilkit.puzzle import Puzzle
>>> Puzzle.from_id("nurikabe:2x2:1,.,.,.").id()
'nurikabe:2x2:1,.,.,.'
"""

from __future__ import annotations

import re

from ..errors import FormatError
from ..puzzle import Puzzle

SHAPE = re.compile(r"^\s*(\d{1,6})\s*[xX]\s*(\d{1,6})\s*$")


def parse_shape(text: str) -> tuple[int, int]:
    """``RxC`` to ``(rows, cols)``."""
    m = SHAPE.match(text)
    if not m:
        raise FormatError(f"bad shape {text!r}: expected <rows>x<columns> such as 10x10")
    return int(m.group(1)), int(m.group(2))


def looks_like_id(text: str) -> bool:
    return bool(re.match(r"^\s*[A-Za-z][\w-]*:\s*\d+\s*[xX]\s*\d+\s*:", text))


def parse_id(text: str) -> Puzzle:
    parts = text.strip().split(":", 2)
    if len(parts) != 3:
        raise FormatError(f"bad puzzle ID {text[:40]!r}: expected genre:RxC:tokens")
    genre, shape, body = parts
    rows, cols = parse_shape(shape)
    tokens = [t.strip() for t in body.split(",")] if body.strip() else []
    return Puzzle.from_tokens(genre.strip(), rows, cols, tokens)


def format_id(puzzle: Puzzle) -> str:
    return f"{puzzle.genre}:{puzzle.rows}x{puzzle.cols}:" + ",".join(puzzle.tokens())
