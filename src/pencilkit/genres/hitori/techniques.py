"""Hitori's techniques, cheapest first (the hitori-human profile).

=====================  ===========  ==============================================
technique              level        idea
=====================  ===========  ==============================================
black_neighbours       easy         the neighbours of a black cell are white
duplicates             easy         the cells of a white cell's row and column that
                                    hold its number are black
pair                   easy         two equal numbers side by side are one black and
                                    one white, so the rest of their line's cells of
                                    that number are black
sandwich               easy         a cell between two equal numbers of its line is
                                    white: one of them is black and touches it
lone_white             easy         a cell whose neighbours are black or share its
                                    number would stand alone if white: it is black
white_exit             easy         a group of white cells with one open cell around
                                    it goes out through that cell
no_split               medium       a cell whose blackening would split the cells not
                                    black is white: its neighbours would be white on
                                    both sides
short_contradiction    hard         probing: a value refuted within a few steps
contradiction          expert       probing: a value refuted within more steps
=====================  ===========  ==============================================

Every technique returns only what holds in every solution of the board it is
given.  The core implements them (``core/src/genres/hitori.rs``); the probes
are the frame's.  Their reasons read as :mod:`.wording` says.
"""

from __future__ import annotations

from ...frame.ladder import Technique
from ...frame.levels import Level
from ..black_white import BLACK_NEIGHBOURS, WHITE_EXIT

TECHNIQUES = (
    BLACK_NEIGHBOURS,
    Technique("duplicates", Level.EASY, None,
              "A number appears once among the white cells of its row and column: the other cells of a white "
              "cell's row and column that hold its number are black."),
    Technique("pair", Level.EASY, None,
              "Two equal numbers side by side cannot both be white nor both black: one of them is white, so "
              "every other cell of their line with that number is black."),
    Technique("sandwich", Level.EASY, None,
              "A cell between two equal numbers of its row or column is white: one of the two is black, and "
              "black cells never touch."),
    Technique("lone_white", Level.EASY, None,
              "A cell whose every neighbour is black or holds its number in the same line would be cut off if "
              "it were white (those neighbours would all be black): it is black."),
    WHITE_EXIT,
    Technique("no_split", Level.MEDIUM, None,
              "A cell whose blackening would split the cells that are not black is white: its neighbours "
              "would then be white on both sides, and apart."),
)
