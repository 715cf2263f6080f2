"""Which format a text is in, told from its shape alone, without loading the format's reader.

Reading a puzzle tries these in :mod:`pencilkit.formats.detect`'s order and imports only the reader
that matches, so a command that reads a puzzle ID never pays for the Janko, pzprv3 or penpa readers.
"""

from __future__ import annotations

import re
from itertools import islice

from .bounded import lines

PZPRV3_MAGIC = "pzprv3"
"""The first line of a pzprv3 file."""

JANKO_ONE_LINE = frozenset({"puzzle", "author", "solver", "source", "info", "unit", "title", "variant", "options",
                            "size", "rows", "cols"})
"""The one-line properties of Janko's text that pencilkit knows (only ``puzzle`` and the size are used)."""
JANKO_GRIDS = ("problem", "areas", "solution")
"""The grid properties of Janko's text that pencilkit reads."""
JANKO_LOOKS = 10_000
"""How many lines a text without ``begin`` is looked through for a grid property, to be taken for Janko's."""

_PENPA_P = re.compile(r"(?:^|[#?&])p=", re.IGNORECASE)
_PENPA_M = re.compile(r"(?:^|[#?&])m=(?:edit|solve)(?:&|$)", re.IGNORECASE)
_SPACE = re.compile(r"\s")


def looks_like_pzprv3(text: str) -> bool:
    """Whether ``text`` starts with the pzprv3 line."""
    return text.lstrip().split("\n", 1)[0].strip().lower().startswith(PZPRV3_MAGIC)


def looks_like_janko(text: str) -> bool:
    """Whether ``text`` is meant as Janko's format: a janko.at page or ``<script>`` element, a block whose
    first line is ``begin``, or one without ``begin`` whose first line is a property and which has a grid."""
    if "application/x-janko" in text:
        return True
    heads = (line.split(None, 1)[0].lower() for line in islice(lines(text.strip()), JANKO_LOOKS) if line.strip())
    first = next(heads, None)
    return first == "begin" or (first in JANKO_ONE_LINE and any(head in JANKO_GRIDS for head in heads))


def looks_like_penpa(text: str) -> bool:
    """Whether ``text`` is meant as a penpa-edit URL: one word with a ``p=`` parameter and either
    ``m=edit``/``m=solve`` or ``penpa`` in it (a bare ``m=edit&p=...`` too)."""
    text = text.strip()
    if not text or _SPACE.search(text) or not _PENPA_P.search(text):
        return False
    return bool(_PENPA_M.search(text) or "penpa" in text.lower())


__all__ = ["JANKO_GRIDS", "JANKO_LOOKS", "JANKO_ONE_LINE", "PZPRV3_MAGIC", "looks_like_janko", "looks_like_penpa",
           "looks_like_pzprv3"]
