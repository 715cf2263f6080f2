"""Nurikabe's rules, R1-R5, as a player reads them; the core checks them and names every broken one.

The rules are :data:`RULES`.  A ``?`` clue is an island of any size.  Because the sea must be non-empty, a
clue-free 1x1 board has the single solution ``#``.
"""

from __future__ import annotations

RULES = """Shade some cells (the sea) so that:

* R1 island size: the unshaded component containing each number has exactly that many cells;
* R2 one number per island: every unshaded component contains exactly one number;
* R3 connected sea: the shaded cells form one non-empty orthogonally connected component;
* R4 no pools: no 2x2 block is entirely shaded;
* R5 printed cells: numbered cells are unshaded."""
"""The rules in plain words, as a player reads them."""
