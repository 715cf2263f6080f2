"""The size classes the corpus benchmarks group puzzles in, by cell count: published puzzles of one class
are what a generated or solved board of that class is compared with.  (The generator tables of
``generate_nurikabe.py`` and ``generate_heyawake.py`` pool everything past 20x20 instead.)"""

from __future__ import annotations

SIZE_CLASSES = ((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"), (900, "up to 30x30"),
                (10**9, "larger"))
"""(most cells, name), smallest first."""


def size_class(cells: int) -> str:
    """The name of the class of a board of ``cells`` cells."""
    return next(name for most, name in SIZE_CLASSES if cells <= most)
