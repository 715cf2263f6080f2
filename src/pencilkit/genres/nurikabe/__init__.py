"""Nurikabe: shade a connected sea, leaving islands the size of their numbers.

Example (``nurikabe:3x3:.,.,.,.,.,.,5,.,1``)::

    clues   solution
    ...     ---
    ...     -##
    5.1     -#-
"""

from __future__ import annotations

from typing import ClassVar

from ..clued import CluedGenre
from ..native import CoreGenre
from . import rules


class Nurikabe(CluedGenre, CoreGenre):
    name: ClassVar[str] = "nurikabe"
    aliases: ClassVar[tuple[str, ...]] = ("islands", "nuri")
    title: ClassVar[str] = "Nurikabe"
    rules: ClassVar[str] = rules.RULES
    words: ClassVar[tuple[str, str]] = ("sea", "land")
    summary: ClassVar[str] = ("Shade the sea. Each number is an island of exactly that many unshaded cells, and "
                              "islands never touch side by side. The sea is one connected region and never fills "
                              "a 2×2 square.")
    tagline: ClassVar[str] = "Islands & sea · unique solution"
    url_name: ClassVar[str | None] = "nurikabe"
    pzpr_file: ClassVar[str | None] = "merged"
    janko_name: ClassVar[str | None] = "nurikabe"
    penpa_tag: ClassVar[str | None] = "nurikabe"
    probe_steps: ClassVar[tuple[int, ...]] = (6, 20, 40)
    kits: ClassVar[tuple[str, ...]] = ()

    def max_clue(self, rows: int, cols: int) -> int:
        return rows * cols


NURIKABE = Nurikabe()
