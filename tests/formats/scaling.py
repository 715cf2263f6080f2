"""How work grows with the input, measured so that a busy machine cannot fail a test: the ratio of two sizes'
times on the same machine (never a time against a constant), and the peak of memory allocated (deterministic).
"""

from __future__ import annotations

import timeit
import tracemalloc
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

FACTOR = 4
"""How much larger the second input is than the first."""
MOST = 8.0
"""The most the larger input may take, in times the smaller's: linear work takes ``FACTOR`` times as long,
quadratic work ``FACTOR ** 2``."""
REPEATS = 3
"""Timings of each size, of which the least counts: the one least disturbed by whatever else runs."""
LEAST = 0.05
"""How long (seconds) a timing of the smaller input lasts at least, its runs repeated until it does, so that
the timer's grain and a stray pause are small beside it."""


def assert_linear(make: Callable[[int], T], run: Callable[[T], object], n: int) -> None:
    """``run`` on ``make(FACTOR * n)`` takes under ``MOST`` times as long as on ``make(n)``.

    Each size is run the same number of times a timing, enough for the smaller to take :data:`LEAST` seconds,
    with the garbage collector off; the least of :data:`REPEATS` timings counts.
    """
    small, large = make(n), make(FACTOR * n)
    number = _runs(lambda: run(small))
    fast = min(timeit.repeat(lambda: run(small), number=number, repeat=REPEATS))
    slow = min(timeit.repeat(lambda: run(large), number=number, repeat=REPEATS))
    assert slow < MOST * fast, f"{FACTOR}x the input took {slow / fast:.1f}x the time ({fast:.4f}s, {slow:.4f}s)"


def _runs(run: Callable[[], object]) -> int:
    """How many runs of ``run`` a timing takes: doubled from one until they take :data:`LEAST` seconds."""
    number = 1
    while timeit.timeit(run, number=number) < LEAST:
        number *= 2
    return number


def peak_memory(run: Callable[[], T]) -> tuple[T, int]:
    """What ``run()`` returns and the most memory (bytes) it had allocated at once, as ``tracemalloc`` counts."""
    tracemalloc.start()
    try:
        result = run()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


__all__ = ["FACTOR", "LEAST", "MOST", "REPEATS", "assert_linear", "peak_memory"]
