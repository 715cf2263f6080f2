"""Hitori's rules, R1-R3, as a player reads them; the core checks them and names every broken one.

The rules are :data:`RULES`.  Every cell of a published Hitori holds a number;
a cell without one (or with a ``?``) repeats nothing.
"""

from __future__ import annotations

RULES = """Blacken some cells so that:

* R1 no repeats: no number appears twice among the white cells of a row or
  column;
* R2 no touching blacks: no two black cells share a side;
* R3 connected white: all white cells form one orthogonally connected group."""
"""The rules in plain words, as a player reads them."""
