"""Clue tokens: ``.`` (no clue), ``?`` (a clue whose number is not given) or a number; and shapes ``RxC``."""

from __future__ import annotations

import re

from .errors import FormatError, SizeError
from .grid import MAX_SIDE, Cell

SHAPE = re.compile(r"\s*(\d{1,6})\s*(?:[xX×]\s*(\d{1,6}))?\s*")


def parse_shape(text: str) -> tuple[int, int]:
    """``RxC`` (``x``, ``X`` or ``×``), or ``N`` for a square, to ``(rows, cols)``.

    >>> parse_shape("10x12"), parse_shape("7"), parse_shape("5 × 5")
    ((10, 12), (7, 7), (5, 5))
    """
    m = SHAPE.fullmatch(text)
    if not m:
        raise FormatError(f"bad shape {shown(text)}: write rows x columns, such as 10x10 (or 10 for a square)")
    rows = int(m.group(1))
    return rows, int(m.group(2) or rows)


def check_shape(rows: int, cols: int) -> None:
    """Raise ``SizeError`` for a board with no cells or beyond the size cap."""
    if rows < 1 or cols < 1:
        raise SizeError(f"a board needs at least one row and one column, not {rows}x{cols}")
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise SizeError(f"a {rows}x{cols} board is over the size cap of {MAX_SIDE}x{MAX_SIDE}")


def parse_token(token: str, row: int, col: int) -> int | None | str:
    """One token: the number, ``None`` for ``?``, or ``"."`` for no clue."""
    if token in (".", "-", "_"):
        return "."
    if token == "?":
        return None
    if token.isdigit() and token.isascii():
        if len(token) > 6:
            raise FormatError(f"clue {shown(token)} at row {row}, column {col} is too large")
        return int(token)
    raise FormatError(f"unknown token {shown(token)} at row {row}, column {col}: expected a number, '.' or '?'")


def shown(token: str, most: int = 12) -> str:
    """A token as an error message quotes it: its first ``most`` characters, and how long it is when longer.

    >>> shown("1" * 5000)
    "'111111111111…' (5000 characters)"
    """
    if len(token) <= most:
        return repr(token)
    return f"{token[:most]!r}"[:-1] + f"…' ({len(token)} characters)"


def parse_tokens(tokens: list[str], rows: int, cols: int) -> dict[Cell, int | None]:
    """Row-major tokens to a clue map, checking the count against the shape."""
    check_shape(rows, cols)
    if len(tokens) != rows * cols:
        cells, given = rows * cols, len(tokens)
        raise FormatError(f"a {rows}x{cols} board has {cells} cell{'s' * (cells != 1)} but {given} "
                          f"token{'s' * (given != 1)} {'were' if given != 1 else 'was'} given")
    clues: dict[Cell, int | None] = {}
    for i, token in enumerate(tokens):
        value = parse_token(token.strip(), i // cols + 1, i % cols + 1)
        if value != ".":
            clues[i] = value  # type: ignore[assignment]
    return clues


def parse_rooms(labels: list[str], rows: int, cols: int) -> list[int]:
    """Row-major room labels (whole numbers) to ints, checking the count against the shape."""
    check_shape(rows, cols)
    if len(labels) != rows * cols:
        raise FormatError(f"a {rows}x{cols} board has {rows * cols} cells but {len(labels)} room labels were given")
    out = []
    for i, label in enumerate(labels):
        label = label.strip()
        if not (label.isdigit() and label.isascii()) or len(label) > 7:
            raise FormatError(f"room label {label[:10]!r} at row {i // cols + 1}, column {i % cols + 1} "
                              "is not a whole number")
        out.append(int(label))
    return out
