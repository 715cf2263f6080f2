"""What the generator benchmarks share: the nearest-rank percentile and times written for a table.

Run beside them (``python benchmarks/generate_nurikabe.py`` puts this folder on the path).
"""

from __future__ import annotations

import math


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value at least ``share`` of ``values`` do not exceed."""
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def show_time(seconds: float) -> str:
    """``failed`` for an infinite time (a failure counts as one), else milliseconds below a second."""
    if math.isinf(seconds):
        return "failed"
    if seconds < 0.9995:  # what rounds to 1000 ms reads 1.0 s
        return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"
    return f"{seconds:.1f} s"
