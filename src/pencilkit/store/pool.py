"""Local pools of worker processes that end with their driver: :mod:`pencilkit.workers`, where the
mechanism lives (the web player's workers use it too), under the name the collection builder knows."""

from __future__ import annotations

from ..workers import WATCH_SECONDS, end_with, local_pool

__all__ = ["WATCH_SECONDS", "end_with", "local_pool"]
