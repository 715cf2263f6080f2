"""Puzzle IDs: ``genre:RxC:tokens``, tokens comma-separated in row-major order.

The notation is the puzzle's own (:meth:`pencilkit.puzzle.Puzzle.from_id`);
reading one here also checks its clues against its genre and names the genre
by its own name.

>>> parse_id("Kuromasu:2x2:3,.,.,.").id()
'kurodoko:2x2:3,.,.,.'
"""

from __future__ import annotations

import re

from ..genres import canonical
from ..puzzle import Puzzle


def looks_like_id(text: str) -> bool:
    return bool(re.match(r"^\s*[A-Za-z][\w-]*:\s*\d+\s*[xX]\s*\d+\s*:", text))


def parse_id(text: str) -> Puzzle:
    return canonical(Puzzle.from_id(text))


def format_id(puzzle: Puzzle) -> str:
    return puzzle.id()
