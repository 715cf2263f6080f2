"""Kurodoko (Kuromasu): blacken cells so that every number sees exactly that many white cells.

Example (``kurodoko:3x3:.,5,.,.,.,.,.,.,2``)::

    clues   solution
    .5.     ---
    ...     --#
    ..2     #--

>>> import pencilkit
>>> solved = pencilkit.solve(pencilkit.parse("kurodoko:3x3:.,5,.,.,.,.,.,.,2"))
>>> solved.status.value, solved.rating.label
('unique', 'easy')
>>> print(solved.answer)
---
--#
#--

Kurodoko plugs into the frame like any genre: black is the frame's shaded,
white its unshaded; the rule checker, the techniques and the cell order for
probing and search live here.
"""

from __future__ import annotations

from typing import ClassVar

from ..clued import CluedGenre
from ..native import CoreGenre
from . import rules


class Kurodoko(CluedGenre, CoreGenre):
    name: ClassVar[str] = "kurodoko"
    aliases: ClassVar[tuple[str, ...]] = ("kuromasu", "kurodoko-kuromasu", "where-is-black")
    title: ClassVar[str] = "Kurodoko"
    rules: ClassVar[str] = rules.RULES
    words: ClassVar[tuple[str, str]] = ("black", "white")
    summary: ClassVar[str] = ("Blacken some cells. Each number counts the white cells it sees along its row and "
                              "column, itself included; black cells never touch side by side, and all white "
                              "cells stay connected.")
    tagline: ClassVar[str] = "Black & white · unique solution"
    url_name: ClassVar[str | None] = "kurodoko"
    pzpr_file: ClassVar[str | None] = "apart"
    janko_name: ClassVar[str | None] = "kuromasu"
    penpa_tag: ClassVar[str | None] = "kurodoko"
    circled_clues: ClassVar[bool] = True

    def max_clue(self, rows: int, cols: int) -> int:
        """A clue sees at most its row and its column: ``rows + cols - 1`` cells."""
        return rows + cols - 1


KURODOKO = Kurodoko()
