"""Nurikabe's techniques, cheapest first (the nurikabe-human profile).

=====================  ===========  ==============================================
technique              level        idea
=====================  ===========  ==============================================
island_complete        bookkeeping  a full island is walled off by sea
all_complete           bookkeeping  once every numbered island is full, the rest is sea
cell_count             bookkeeping  the clues fix how many cells are land and how many sea
separate_clues         easy         a cell touching two islands is sea
no_pool                easy         three sea cells of a 2x2 block make the fourth land
island_exit            easy         land with one way out extends through it
sea_exit               easy         a sea part with one way out extends through it
sea_budget             medium       joining the sea's parts needs more cells than are left
sea_reach              medium       a cell the sea cells left cannot reach from some sea part is land
unreachable            medium       a cell no island can reach within its size is sea
island_shapes          medium       every way to finish a small island agrees on a cell
forced                 medium       a value that breaks a rule at once is wrong
errand                 medium       land only one island can supply fixes its passes and its limits
short_contradiction    hard         probing: a value refuted within 6 steps
enclosed_island        expert       an island kept off the edge needs a fence of sea it can afford
contradiction          expert       probing: a value refuted within 20 steps
deep_contradiction     expert       probing with probes inside: a value refuted within 40 steps
=====================  ===========  ==============================================

Every technique returns only what holds in every solution of the board it is
given; over-approximations (reach, room) are used only to rule values out.
The core implements them (``core/src/genres/nurikabe/``); the probes are the
frame's.  Their reasons read as :mod:`.wording` says.
"""

from __future__ import annotations

from ...frame.ladder import Technique
from ...frame.levels import Level

TECHNIQUES = (
    Technique("island_complete", Level.BOOKKEEPING, None, "A numbered island of its full size is walled off by sea."),
    Technique("all_complete", Level.BOOKKEEPING, None, "Once every numbered island is complete, every open cell is sea."),
    Technique("cell_count", Level.BOOKKEEPING, None, "The clues fix the number of land cells; once it is reached the rest is sea, and the other way."),
    Technique("separate_clues", Level.EASY, None, "A cell next to two different numbered islands is sea."),
    Technique("no_pool", Level.EASY, None, "A 2x2 block with three sea cells has land in the fourth."),
    Technique("island_exit", Level.EASY, None, "An island that must still grow, or unnumbered land that must reach a number, with one way out extends through it."),
    Technique("sea_exit", Level.EASY, None, "A sea area that must join other sea, with one way out, extends through it."),
    Technique("sea_budget", Level.MEDIUM, None, "Joining the parts of the sea would take more sea cells than the clues leave."),
    Technique("sea_reach", Level.MEDIUM, None, "The sea cells still to come cannot reach a cell from some part of the sea: it is land."),
    Technique("unreachable", Level.MEDIUM, None, "A cell no numbered island can reach within its remaining size is sea."),
    Technique("island_shapes", Level.MEDIUM, None, "Every way to finish a small island includes a cell (land) or walls it (sea)."),
    Technique("forced", Level.MEDIUM, None, "A cell where one value breaks a rule at once (merging islands, cutting the sea, leaving an island too little room) takes the other value."),
    Technique("errand", Level.MEDIUM, None, "A 2x2 block without land that only one island can reach (or stray land only one reaches) must get land from it: the cells every way there passes are land, and cells it could not also reach, which no other island reaches, are sea."),
    Technique("enclosed_island", Level.EXPERT, None, "An island that cannot reach the edge is fenced by sea, and a fence round a W-by-H box takes 2(W+H)+3 sea cells: the sea's size bounds where the island lies."),
)
