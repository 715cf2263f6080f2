"""Reading JSON that a user or a page sent: nesting too deep to read is bad input, not a crash.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
    ...
pencilkit.errors.FormatError: JSON nested too deeply to read
"""

from __future__ import annotations

import json
from typing import Any

from .errors import FormatError


def loads(text: str | bytes) -> Any:
    """``json.loads``; a ``FormatError`` where Python's parser would run out of stack.

    Bad JSON still raises ``json.JSONDecodeError``, for the caller to name its line and column.
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise FormatError("JSON nested too deeply to read") from None


__all__ = ["loads"]
