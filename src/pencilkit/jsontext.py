"""Reading JSON that a user or a page sent: JSON Python will not read (nesting too deep for its stack, a number
too long to convert) is bad input, not a crash.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
    ...
pencilkit.errors.FormatError: JSON nested too deeply to read
>>> loads("[" + "7" * 5000 + "]")
Traceback (most recent call last):
    ...
pencilkit.errors.FormatError: a JSON number of 5000 digits is too long to read (the most is 4300)
"""

from __future__ import annotations

import json
from typing import Any

from .errors import FormatError

MAX_DIGITS = 4300
"""The most digits a JSON integer may have: Python's own default limit on converting text to ``int``, kept
whatever the interpreter's limit is set to (past it, converting takes time that grows faster than the text)."""


def loads(text: str | bytes) -> Any:
    """``json.loads``; a ``FormatError`` where Python's parser would run out of stack, or for an integer of
    more than :data:`MAX_DIGITS` digits (which Python refuses with a ``ValueError`` of its own).

    Bad JSON still raises ``json.JSONDecodeError``, for the caller to name its line and column.
    """
    try:
        return json.loads(text, parse_int=_integer)
    except RecursionError:
        raise FormatError("JSON nested too deeply to read") from None


def _integer(text: str) -> int:
    """A JSON integer's value, when it has at most :data:`MAX_DIGITS` digits."""
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise FormatError(f"a JSON number of {digits} digits is too long to read (the most is {MAX_DIGITS})")
    return int(text)


__all__ = ["MAX_DIGITS", "loads"]
