"""Heyawake's techniques, cheapest first.

=====================  ===========  ==============================================
technique              level        idea
=====================  ===========  ==============================================
black_neighbours       easy         the neighbours of a black cell are white
room_count             easy         a room that has its number of black cells is
                                    white elsewhere; one that needs all its open
                                    cells blackens them
two_borders            easy         a span (a run across two borders) with one open
                                    cell left and no black cell blackens it
white_exit             easy         a group of white cells with one open cell around
                                    it goes out through that cell
room_patterns          medium       every way to place a room's black cells, checked
                                    against its neighbours: what all agree on holds,
                                    in the room and around it
connectivity           medium       a cell whose blackening would cut the white cells
                                    apart is white; a cell cut off from them is black
short_contradiction    hard         probing: a value refuted within a few steps
contradiction          expert       probing: a value refuted within more steps
deep_contradiction     expert       probing with short probes inside: a value
                                    refuted within still more steps
=====================  ===========  ==============================================

Every technique returns only what holds in every solution of the board it is
given.  The core implements them (``core/src/genres/heyawake.rs``); the probes
are the frame's.  Numbers are written in rooms, not cells, so a probe may start
anywhere in a numbered room or a span before anything near it is decided.  Their reasons read as :mod:`.wording` says.
"""

from __future__ import annotations

from ...frame.ladder import Technique
from ...frame.levels import Level
from ..black_white import BLACK_NEIGHBOURS, CONNECTIVITY, WHITE_EXIT

TECHNIQUES = (
    BLACK_NEIGHBOURS,
    Technique("room_count", Level.EASY, None,
              "A room with all its black cells is white elsewhere; one that needs every open cell it has "
              "for its number blackens them all."),
    Technique("two_borders", Level.EASY, None,
              "A white run may not cross two room borders: when a stretch across two borders has one open "
              "cell left and no black cell, that cell is black."),
    WHITE_EXIT,
    Technique("room_patterns", Level.MEDIUM, None,
              "List every way to place a room's missing black cells that keeps them apart, walls in no white "
              "cell and leaves no white run across two borders: a cell black (or white) in all of them is, "
              "and a cell around the room next to a black cell in all of them is white."),
    CONNECTIVITY,
)
