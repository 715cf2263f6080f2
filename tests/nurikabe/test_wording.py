"""Nurikabe's reasons read as a person would say them."""

from __future__ import annotations

import pencilkit


def test_clues_asking_for_more_land_than_the_board_say_so_without_negative_sea() -> None:
    explained = pencilkit.explain(pencilkit.parse("nurikabe:2x2:4,.,.,4"))
    assert explained.contradiction == "the clues ask for 8 land cells, more than the 4 cells of the board"
