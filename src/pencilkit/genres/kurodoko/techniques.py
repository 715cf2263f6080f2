"""Kurodoko's techniques, cheapest first (the kurodoko-human profile).

=====================  ===========  ==============================================
technique              level        idea
=====================  ===========  ==============================================
black_neighbours       easy         the neighbours of a black cell are white
clue_count             easy         a clue that sees its number already closes its
                                    view; one that can see at most its number
                                    sees everything it might
rays                   easy         a clue's four runs are bounded integers summing
                                    to its number minus one: interval propagation
connectivity           medium       a cell whose blackening would cut the white cells
                                    apart is white; a cell cut off from them is black
short_contradiction    hard         probing: a value refuted within a few steps
contradiction          expert       probing: a value refuted within more steps
=====================  ===========  ==============================================

Every technique returns only what holds in every solution of the board it is
given.  The core implements them (``core/src/genres/kurodoko/``); the probes
are the frame's.  Their reasons read as :mod:`.wording` says.
"""

from __future__ import annotations

from ...frame.ladder import Technique
from ...frame.levels import Level
from ..black_white import BLACK_NEIGHBOURS, CONNECTIVITY

TECHNIQUES = (
    BLACK_NEIGHBOURS,
    Technique("clue_count", Level.EASY, None,
              "A clue that already sees its number closes its view with black cells; one that can see at most "
              "its number sees every cell it might."),
    Technique("rays", Level.EASY, None,
              "A clue's four runs sum to its number minus one; bounding each by what the others can give "
              "makes the start of a long run white, and a run pinned to one length ends at a black cell."),
    CONNECTIVITY,
)
