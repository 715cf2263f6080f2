"""What the web API accepts: board sizes, body size, time budgets, and how long a client may take.

The player is local, but its API still treats every request as untrusted:
a request over a limit gets a 4xx answer naming the limit, no request can
hold a worker longer than its budget plus a margin, and no client can hold a
connection by sending slowly.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Limits on one request; the defaults suit a local player on a small machine."""

    max_body: int = 64 * 1024
    """Bytes of request body (a 60x60 answer and its puzzle take about 11 KB)."""
    max_side: int = 60
    """Rows or columns of a board the API plays, checks, hints or solves."""
    max_generate_side: int = 25
    """Rows or columns of a board the API generates."""
    generate_seconds: float = 10.0
    """Default time budget of one generation."""
    max_generate_seconds: float = 120.0
    """Largest time budget a request may ask for (25x25 expert Kurodoko takes about a minute)."""
    solve_seconds: float = 10.0
    """Search budget of one solve (the ladder before it is bounded by the board size)."""
    max_solve_seconds: float = 30.0
    margin_seconds: float = 15.0
    """Added to a job's own budget to make the request's timeout (queueing, the ladder, a slow worker)."""
    light_timeout: float = 30.0
    """Timeout of check and parse requests (a hint has a solve's)."""
    max_pending: int = 16
    """Jobs waiting for one pool before new ones are turned away with 503."""
    stop_seconds: float = 2.0
    """How long a job called off (its client gone, or its time up) may run on before its worker process
    is ended and replaced: the core stops within milliseconds, but not every stage looks at the flag."""
    header_seconds: float = 10.0
    """Time a client has to send a request's line and headers, from connecting (or from the first byte of
    a further request on a kept-alive connection)."""
    body_seconds: float = 10.0
    """Time a client has to send a request's body once its headers are in."""

    def generate_timeout(self, budget: float) -> float:
        return budget + self.margin_seconds

    def solve_timeout(self, budget: float) -> float:
        return budget + self.margin_seconds
