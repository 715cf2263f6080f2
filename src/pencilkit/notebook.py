"""Drawings in IPython and Jupyter: puzzles and answers show as SVG.

The values themselves know nothing of drawing; this registers the SVG
renderer of :mod:`pencilkit.formats.svg` with IPython's display formatter
when pencilkit is imported inside IPython (it never imports IPython itself).
"""

from __future__ import annotations

import sys
from typing import Any

from .puzzle import Answer, Puzzle


def register(shell: Any = None) -> bool:
    """Show :class:`Puzzle` and :class:`Answer` values as SVG in ``shell`` (by default the running
    IPython, if any); ``False`` when there is none."""
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
        if shell is None:
            return False
    from .formats.svg import render_answer_svg, render_svg

    svg = shell.display_formatter.formatters["image/svg+xml"]
    svg.for_type(Puzzle, render_svg)
    svg.for_type(Answer, render_answer_svg)
    return True
