"""Heyawake's rules, R1-R4, as a player reads them; the core checks them and names every broken one.

The rules are :data:`RULES`.  A number may sit on a black cell: it counts its
room, not itself.  A ``?`` is a room whose count is not given.
"""

from __future__ import annotations

RULES = """Blacken some cells so that:

* R1 no touching blacks: no two black cells share a side;
* R2 connected white: all white cells form one orthogonally connected group;
* R3 room count: a room with a number holds exactly that many black cells (the
  number's own cell may be black);
* R4 two borders: no horizontal or vertical run of white cells crosses two room
  borders (it may cross one)."""
"""The rules in plain words, as a player reads them."""
